//! Contexts: the host context and the lifted contexts of apply-to-each, and
//! the scope of source variables being flattened.
//!
//! # Levels
//! Flattening a function body keeps a stack of [`Level`]s. Level 0 is the
//! host context: one instance, every value uniform. Each apply-to-each, each
//! filter and each branch of a conditional that must be split pushes a
//! lifted level whose instances are a host-known number `n` ([`Size`]).
//! Every lifted level but the first one under the host knows how each of
//! its instances maps to an instance of the level below it ([`Step`]):
//!
//! - an apply-to-each over a lifted sequence: its instances are the
//!   concatenated elements, and instance `j` belongs to segment
//!   `segment_of(offsets, j)` ([`Step::SegmentOf`]);
//! - a filter or a branch of a split conditional: its instances are the
//!   selected instances `indices[j]` ([`Step::Gather`]).
//!
//! A value lifted at level `l` is read at a deeper level `L` by composing
//! the steps of levels `L, L-1, ..., l+1` into an index expression: lifted
//! free variables are distributed to inner instances by this gather, inside
//! the thunk that reads them, never materialised when they are scalars.
//!
//! # Known non-empty levels
//! Uniform computations inside a lifted context run on the host, once. When
//! a level may have no instances (an apply-to-each over an empty sequence,
//! the untaken branch of a conditional), a uniform computation that could
//! fault must not run: the interpreter would never evaluate it. Such
//! computations are guarded by `n > 0`, unless the level is known to be
//! non-empty (the body of a lifted recursive function, which returns early
//! on `n = 0`).

use std::collections::HashMap;

use nesl_frontend::tast::GlobalId;

use crate::faults::Attribution;
use crate::host_code::BlockId;
use crate::ir::{Atom, Const, HostVar, Repr, SeqRepr};
use crate::representation::Val;

/// Index of a level in the stack; 0 is the host.
pub(crate) type LevelId = usize;

/// The number of instances of a level, known on the host.
#[derive(Clone, Debug)]
pub(crate) enum Size {
    /// The length of an array (printed `#xs`).
    LengthOf(HostVar),
    /// A host int.
    Count(Atom),
}

/// How an index of one level maps to an index of another array or level.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    /// `j ↦ segment_of(offsets, j)`: the segment a flat position lies in.
    SegmentOf(HostVar),
    /// `j ↦ indices[j]`.
    Gather(HostVar),
    /// `j ↦ j - offsets[segment_of(offsets, j)]`: the position inside its
    /// segment (the elements of a uniform generator, for every instance).
    WithinSegment(HostVar),
}

#[derive(Clone, Debug)]
pub(crate) struct Level {
    pub size: Size,
    /// How an instance of this level maps to one of the level below; `None`
    /// for the first lifted level (the host has one instance) and the host.
    pub parent: Option<Step>,
    pub known_nonempty: bool,
    /// Values of outer levels already made dense for this level (see
    /// `gather.rs`), with the host block their variables are bound in.
    pub dense: Vec<(DenseKey, SeqRepr, BlockId)>,
}

impl Level {
    pub fn new(size: Size, parent: Option<Step>, known_nonempty: bool) -> Level {
        Level { size, parent, known_nonempty, dense: Vec::new() }
    }
}

/// Identifies a lifted value of an outer level: the array (of a scalar)
/// or the lengths (of a sequence) that hold it, its level, and the path
/// of a scalar.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DenseKey {
    pub holder: HostVar,
    pub level: LevelId,
    pub path: Vec<Step>,
}

/// The stack of levels of one function body being flattened.
#[derive(Clone, Debug)]
pub(crate) struct Levels(Vec<Level>);

impl Levels {
    /// Only the host level.
    pub fn host() -> Levels {
        Levels(vec![Level::new(Size::Count(Atom::Const(Const::Int(1))), None, true)])
    }

    /// A lifted function body: the host level and one lifted level of `n`
    /// instances.
    pub fn lifted(n: HostVar, known_nonempty: bool) -> Levels {
        let mut levels = Levels::host();
        levels.push(Level::new(Size::Count(Atom::Var(n)), None, known_nonempty));
        levels
    }

    pub fn current(&self) -> LevelId {
        self.0.len() - 1
    }

    pub fn get(&self, level: LevelId) -> &Level {
        &self.0[level]
    }

    pub fn get_mut(&mut self, level: LevelId) -> &mut Level {
        &mut self.0[level]
    }

    pub fn push(&mut self, level: Level) -> LevelId {
        self.0.push(level);
        self.current()
    }

    pub fn pop(&mut self) {
        debug_assert!(self.0.len() > 1, "popped the host level");
        self.0.pop();
    }

    /// The steps that map an instance of `from` to its instance of `to`
    /// (`to <= from`, `to >= 1`), innermost first.
    pub fn path(&self, from: LevelId, to: LevelId) -> Vec<Step> {
        debug_assert!(to <= from && to >= 1);
        (to + 1..=from).rev().filter_map(|l| self.0[l].parent.clone()).collect()
    }
}

/// The source-level scope of one function body (or top-level item) being
/// flattened: its variables' values and what it is called.
#[derive(Clone, Debug)]
pub(crate) struct SourceScope {
    /// The source function's name, for kernel names (`dotp`), or `main`.
    pub name: String,
    /// Where a fault inside this body is reported when the body belongs to
    /// the library (see `faults.rs`).
    pub attribution: Option<Attribution>,
    /// For a library body: the user call that first needed it, where a
    /// construct flattening does not support is reported.
    pub called_from: Option<Attribution>,
    /// Indexed by `LocalId`.
    pub locals: Vec<Option<Val>>,
    /// The source names of the locals, indexed by `LocalId`.
    pub local_names: Vec<String>,
    /// The globals this body may read, held in this host function.
    pub globals: HashMap<GlobalId, Repr>,
}
