//! Memory allocation (the CGO'17 paper, 5.2): memory only for the nodes
//! that write data, in the address space [`crate::address_space`] gave
//! them, of the size their type says.
//!
//! **In:** a low-level [`Stage`], its [`Nodes`] and [`AddressSpaces`].
//! **Out:** a side table ([`Memory`]) of [`Allocation`]s, each naming the
//! node that owns it: the stage's result (global, node 0), the buffer of
//! a `to*` wrapper that is not inside another write, the private
//! accumulator of a `reduceSeq`, `scanSeq`, `segReduceTeams` or
//! `segReduceMerge`, the local array in which `segReduceTeams` combines
//! its lanes, `segReduceMerge`'s local chunk, the second buffer
//! `iterate` swaps with its input, and the result of a map, `scanSeq` or user
//! function that nothing around it gives memory (a temporary).
//!
//! Views allocate nothing, and neither does a writer inside another
//! write: as in Lift's output views, `join`, `split`, `scatter` and
//! `joinSegments` pass the memory their result goes to down to their
//! argument, a map passes it to its function element by element, a
//! `toGlobal` inside the stage's write writes into the stage's result,
//! and a reduction's operator writes into the accumulator. Sizes are
//! element counts, the product of the array lengths of the written type
//! (simplified `ArithExpr`s over the kernel's size variables).

use std::fmt;

use flatten::ir::Scalar;

use crate::address_space::{AddressSpace, AddressSpaces, NodeId, Nodes};
use crate::arith::ArithExpr;
use crate::ir::{Expr, Fun, LiftKernel, Stage, Type};
use crate::typecheck::TypeChecker;

/// Why a node owns memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AllocKind {
    /// The stage's result buffers (node 0, the body).
    StageResult,
    /// The buffer a `toGlobal`, `toLocal` or `toPrivate` writes.
    To,
    /// A `reduceSeq`'s or `scanSeq`'s accumulator.
    Accumulator,
    /// The buffer `iterate` swaps with its input.
    IterateBuffer,
    /// The local array in which `segReduceTeams` combines its lanes'
    /// values: one element per work-item of the group.
    TeamTree,
    /// The local list of the teams whose segment `segReduceTeams` leaves
    /// to the whole group (one per work-item at most), then three counts:
    /// 32-bit ints.
    LongSegments,
    /// The local values of `segReduceMerge`'s work-group: a tile's
    /// elements (`L·V`; after the merge, the runs of the earlier tile's
    /// look-back), then the `L` work-items' carries, then the part `p` of
    /// the earlier tile's carried-in segment that the earlier tile folded
    /// (`L·V + L + 1`; notes [merge carries] and [lagged look-back] in
    /// `crate::seg_reduce`).
    MergeValues,
    /// The local ints of `segReduceMerge`: a tile's segment ends (`L·V`),
    /// then whether each work-item ended a segment (`L·V + L`); the
    /// ticket in the first of those between tiles.
    MergeEnds,
    /// The local tile of `scanLookback` or `filterLookback` (`L·T`
    /// elements).
    LookbackTile,
    /// The local values of a look-back scan's work-group: the `L`
    /// work-items' totals, the `Q` rows' of `scan-workgroup-two-level`,
    /// the look-back window's `W` values, the tile's prefix and aggregate.
    LookbackValues,
    /// The local ints of a look-back: the window's `W` flags, the tile's
    /// number, whether to look further back, and where.
    LookbackFlags,
    /// The local head flags of a segmented look-back scan's tile, a bit
    /// per element in 32-bit words (`lookback::head_words`).
    LookbackHeads,
    /// The result of a writer nothing around it gives memory.
    Temporary,
}

impl fmt::Display for AllocKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AllocKind::StageResult => "stage result",
            AllocKind::To => "to",
            AllocKind::Accumulator => "accumulator",
            AllocKind::IterateBuffer => "iterate buffer",
            AllocKind::TeamTree => "team tree",
            AllocKind::LongSegments => "long segments",
            AllocKind::MergeValues => "merge values",
            AllocKind::MergeEnds => "merge ends",
            AllocKind::LookbackTile => "lookback tile",
            AllocKind::LookbackValues => "lookback values",
            AllocKind::LookbackFlags => "lookback flags",
            AllocKind::LookbackHeads => "lookback heads",
            AllocKind::Temporary => "temporary",
        })
    }
}

/// One allocation: `size` elements of `components` (one buffer per
/// component) in `space`.
#[derive(Clone, Debug, PartialEq)]
pub struct Allocation {
    pub node: NodeId,
    pub kind: AllocKind,
    pub space: AddressSpace,
    pub components: Vec<Scalar>,
    pub size: ArithExpr,
}

/// The allocations of one stage, in the pre-order of their nodes.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub allocations: Vec<Allocation>,
}

impl Memory {
    /// The allocation of `kind` owned by `node`, if any.
    pub fn find(&self, node: NodeId, kind: AllocKind) -> Option<&Allocation> {
        self.allocations.iter().find(|a| a.node == node && a.kind == kind)
    }

    pub fn in_space(&self, space: AddressSpace) -> impl Iterator<Item = &Allocation> {
        self.allocations.iter().filter(move |a| a.space == space)
    }
}

#[derive(Debug, thiserror::Error)]
#[error("memory of stage `{stage}`: {message}")]
pub struct MemoryError {
    pub stage: String,
    pub message: String,
}

/// The allocations of `stage`, whose body `nodes` numbers and `spaces`
/// places.
pub fn allocate(
    kernel: &LiftKernel,
    stage: &Stage,
    nodes: &Nodes<'_>,
    spaces: &AddressSpaces,
) -> Result<Memory, MemoryError> {
    let mut alloc = Allocator { stage, nodes, spaces, checker: TypeChecker::new(kernel), memory: Memory::default() };
    // Type the whole body first: this binds every lambda's parameters.
    let ty = alloc.checker.expr(&stage.body).map_err(|e| alloc.err(e.to_string()))?;
    let root = alloc.new_allocation(NodeId(0), AllocKind::StageResult, &ty)?;
    if alloc.memory.allocations[root].space != AddressSpace::Global {
        return Err(alloc.err("the stage's result is not in global memory".into()));
    }
    alloc.expr(&stage.body, Some(root))?;
    // In pre-order (a node's accumulator before its temporary).
    let mut memory = alloc.memory;
    memory.allocations.sort_by_key(|a| (a.node, a.kind != AllocKind::Accumulator));
    Ok(memory)
}

/// The element count and scalar components of a written type.
pub fn flat_size(ty: &Type) -> Option<(ArithExpr, Vec<Scalar>)> {
    match ty {
        Type::Array(elem, len) => {
            let (size, comps) = flat_size(elem)?;
            Some((len * &size, comps))
        }
        Type::Segmented(..) => None,
        _ => Some((ArithExpr::one(), ty.components()?)),
    }
}

struct Allocator<'k, 'n, 't> {
    stage: &'k Stage,
    nodes: &'n Nodes<'t>,
    spaces: &'n AddressSpaces,
    checker: TypeChecker<'k>,
    memory: Memory,
}

impl Allocator<'_, '_, '_> {
    fn err(&self, message: String) -> MemoryError {
        MemoryError { stage: self.stage.name.clone(), message }
    }

    /// The one address space the table gives `node`.
    fn space(&self, node: NodeId) -> Result<AddressSpace, MemoryError> {
        match self.spaces.of(node) {
            Some(p) => match p.single() {
                Some(s) => Ok(s),
                None => Err(self.err(format!("memory for node {} placed in several spaces ({p})", node.0))),
            },
            None => Err(self.err(format!("no placement for node {}", node.0))),
        }
    }

    /// Memory owned by `node`, in the space the table gives `space_of`.
    fn new_allocation(&mut self, node: NodeId, kind: AllocKind, ty: &Type) -> Result<usize, MemoryError> {
        self.new_allocation_as(node, node, kind, ty)
    }

    fn new_allocation_as(
        &mut self,
        node: NodeId,
        space_of: NodeId,
        kind: AllocKind,
        ty: &Type,
    ) -> Result<usize, MemoryError> {
        let space = self.space(space_of)?;
        let Some((size, components)) = flat_size(ty) else {
            return Err(self.err(format!("memory for a value of type {}", crate::print::print_type(ty))));
        };
        self.memory.allocations.push(Allocation { node, kind, space, components, size });
        Ok(self.memory.allocations.len() - 1)
    }

    fn fun_id(&self, f: &Fun) -> Result<NodeId, MemoryError> {
        self.nodes.fun_id(f).ok_or_else(|| self.err(format!("a `{}` outside the numbered tree", f.name())))
    }

    fn type_of(&mut self, e: &Expr) -> Result<Type, MemoryError> {
        self.checker.expr(e).map_err(|e| MemoryError { stage: self.stage.name.clone(), message: e.to_string() })
    }

    fn apply_type(&mut self, f: &Fun, args: Vec<Type>) -> Result<Type, MemoryError> {
        self.checker.apply(f, args).map_err(|e| MemoryError { stage: self.stage.name.clone(), message: e.to_string() })
    }

    fn elem(&self, f: &Fun, t: &Type) -> Result<Type, MemoryError> {
        match t {
            Type::Array(e, _) => Ok((**e).clone()),
            Type::Segmented(e, _) => Ok(Type::array(
                (**e).clone(),
                ArithExpr::var(&crate::arith::Var::new("len_j", crate::arith::Range::at_least(0))),
            )),
            _ => Err(self.err(format!("`{}` of a non-array", f.name()))),
        }
    }

    /// The local memory of a look-back (see [`crate::lookback`]): `tiles`
    /// tile arrays of `L·T` elements of `elems`, the values of `scanned`
    /// (`L + Q + W + 2`), and the flags (`W + 3` ints).
    fn lookback_allocations(
        &mut self,
        node: NodeId,
        chain: &crate::ir::Lookback,
        elems: Vec<Scalar>,
        scanned: Vec<Scalar>,
        tiles: i64,
    ) {
        let (l, t) = (chain.group_size, chain.items);
        let local = |kind, components, size| Allocation {
            node,
            kind,
            space: AddressSpace::Local,
            components,
            size: ArithExpr::cst(size),
        };
        self.memory.allocations.push(local(AllocKind::LookbackTile, elems, tiles * l * t));
        let values = crate::lookback::values_len(l);
        self.memory.allocations.push(local(AllocKind::LookbackValues, scanned, values));
        let flags = crate::lookback::flags_len(l);
        self.memory.allocations.push(local(AllocKind::LookbackFlags, vec![Scalar::Int], flags));
    }

    /// Walks `e`, whose value goes to allocation `dest` (if any).
    fn expr(&mut self, e: &Expr, dest: Option<usize>) -> Result<(), MemoryError> {
        if let Expr::Apply(f, args) = e {
            let pass = if matches!(f, Fun::Join | Fun::Split(_) | Fun::Scatter(..) | Fun::JoinSegments(..)) {
                dest
            } else {
                None
            };
            let mut types = Vec::new();
            for a in args {
                self.expr(a, pass)?;
                types.push(self.type_of(a)?);
            }
            self.fun(f, types, dest)?;
        }
        Ok(())
    }

    /// Walks `f` applied to arguments of `args` types, writing to `dest`.
    fn fun(&mut self, f: &Fun, args: Vec<Type>, dest: Option<usize>) -> Result<(), MemoryError> {
        let node = self.fun_id(f)?;
        match f {
            Fun::Lambda(_, body) => {
                // Binds the parameters to these arguments' types.
                self.apply_type(f, args)?;
                self.expr(body, dest)
            }
            Fun::User(_) | Fun::Id => {
                if dest.is_none() {
                    let ty = self.apply_type(f, args)?;
                    self.new_allocation(node, AllocKind::Temporary, &ty)?;
                }
                Ok(())
            }
            Fun::ToGlobal(g) | Fun::ToLocal(g) | Fun::ToPrivate(g) => {
                let space = match f {
                    Fun::ToGlobal(_) => AddressSpace::Global,
                    Fun::ToLocal(_) => AddressSpace::Local,
                    _ => AddressSpace::Private,
                };
                let dest = match dest {
                    Some(d) => {
                        let outer = self.memory.allocations[d].space;
                        if outer != space {
                            return Err(self.err(format!("`{}` inside a write to {outer} memory", f.name())));
                        }
                        d
                    }
                    None => {
                        let ty = self.apply_type(f, args.clone())?;
                        let a = self.new_allocation(node, AllocKind::To, &ty)?;
                        if self.memory.allocations[a].space != space {
                            return Err(self.err(format!(
                                "`{}` of a function that writes nothing (its value is in {} memory)",
                                f.name(),
                                self.memory.allocations[a].space
                            )));
                        }
                        a
                    }
                };
                self.fun(g, args, Some(dest))
            }
            Fun::AtomicMax(g) => self.fun(g, args, dest),
            Fun::MapGlb(_, g) | Fun::MapWrg(_, g) | Fun::MapLcl { f: g, .. } | Fun::MapSeq(g) => {
                let [x] = &args[..] else { return Err(self.err(format!("`{}` arity", f.name()))) };
                let elem = self.elem(f, x)?;
                let dest = match dest {
                    Some(d) => d,
                    None => {
                        let ty = self.apply_type(f, args.clone())?;
                        self.new_allocation(node, AllocKind::Temporary, &ty)?
                    }
                };
                self.fun(g, vec![elem], Some(dest))
            }
            Fun::ReduceSeq(g) | Fun::ScanSeq(g) => {
                let [z, xs] = &args[..] else { return Err(self.err(format!("`{}` arity", f.name()))) };
                let elem = self.elem(f, xs)?;
                // The accumulator is where the operator writes (the scan's
                // result may be elsewhere).
                let op = self.fun_id(g)?;
                let acc = self.new_allocation_as(node, op, AllocKind::Accumulator, z)?;
                if !self.memory.allocations[acc].size.is_cst(1) {
                    return Err(self.err(format!("the accumulator of `{}` is not a scalar", f.name())));
                }
                if matches!(f, Fun::ScanSeq(_)) && dest.is_none() {
                    let ty = self.apply_type(f, args.clone())?;
                    self.new_allocation(node, AllocKind::Temporary, &ty)?;
                }
                self.fun(g, vec![z.clone(), elem], Some(acc))
            }
            Fun::SegReduceTeams(g, _) | Fun::SegReduceMerge(g, _) | Fun::SegReduceChunks(g, _) => {
                let [z, segs] = &args[..] else { return Err(self.err(format!("`{}` arity", f.name()))) };
                let seg = self.elem(f, segs)?;
                let elem = self.elem(f, &seg)?;
                let op = self.fun_id(g)?;
                let acc = self.new_allocation_as(node, op, AllocKind::Accumulator, z)?;
                if !self.memory.allocations[acc].size.is_cst(1) {
                    return Err(self.err(format!("the accumulator of `{}` is not a scalar", f.name())));
                }
                let components = self.memory.allocations[acc].components.clone();
                let locals = match f {
                    Fun::SegReduceTeams(_, teams) => vec![
                        // Two halves, a step's in turn (a narrow team's
                        // lane 0 reads its lanes' values after one barrier).
                        (AllocKind::TeamTree, components, 2 * teams.group_size),
                        (AllocKind::LongSegments, vec![Scalar::Int], teams.group_size + 3),
                    ],
                    Fun::SegReduceMerge(_, tiles) => vec![
                        (AllocKind::MergeValues, components, tiles.tile_len() + tiles.group_size + 1),
                        (AllocKind::MergeEnds, vec![Scalar::Int], tiles.tile_len() + tiles.group_size),
                    ],
                    Fun::SegReduceChunks(_, chunks) => vec![(AllocKind::TeamTree, components, chunks.group_size)],
                    _ => return Err(self.err(format!("`{}` has no local arrays", f.name()))),
                };
                for (kind, components, size) in locals {
                    self.memory.allocations.push(Allocation {
                        node,
                        kind,
                        space: AddressSpace::Local,
                        components,
                        size: ArithExpr::cst(size),
                    });
                }
                if dest.is_none() {
                    let ty = self.apply_type(f, args.clone())?;
                    self.new_allocation(node, AllocKind::Temporary, &ty)?;
                }
                self.fun(g, vec![z.clone(), elem], Some(acc))
            }
            // Their local arrays are fixed by the tile (the backend
            // declares them); the result is the stage's.
            Fun::RadixCounts(_) | Fun::RadixScatter(..) | Fun::SegmentIds(_) | Fun::MapTileSegmentIds(..) => {
                if dest.is_none() {
                    return Err(self.err(format!("a `{}` whose result has no memory", f.name())));
                }
                Ok(())
            }
            Fun::ScanLookback(g, chain) => {
                let [z, xs] = &args[..] else { return Err(self.err("`scanLookback` arity".into())) };
                let elem = self.elem(f, xs)?;
                let op = self.fun_id(g)?;
                let acc = self.new_allocation_as(node, op, AllocKind::Accumulator, z)?;
                let components = self.memory.allocations[acc].components.clone();
                if chain.heads.is_some() {
                    // The tile holds the values; the look-back scans
                    // (head flag, value) pairs.
                    let scanned = std::iter::once(Scalar::Int).chain(components.iter().copied()).collect();
                    self.lookback_allocations(node, chain, components, scanned, 1);
                    let words = crate::lookback::head_words(chain.group_size, chain.items);
                    self.memory.allocations.push(Allocation {
                        node,
                        kind: AllocKind::LookbackHeads,
                        space: AddressSpace::Local,
                        components: vec![Scalar::Char],
                        size: ArithExpr::cst(words),
                    });
                } else {
                    self.lookback_allocations(node, chain, components.clone(), components, 1);
                }
                if dest.is_none() {
                    let ty = self.apply_type(f, args.clone())?;
                    self.new_allocation(node, AllocKind::Temporary, &ty)?;
                }
                self.fun(g, vec![z.clone(), elem], Some(acc))
            }
            Fun::FilterLookback(_, chain) => {
                let [xs] = &args[..] else { return Err(self.err("`filterLookback` arity".into())) };
                let elem = self.elem(f, xs)?;
                let Some(components) = elem.components() else {
                    return Err(self.err("`filterLookback` of an array of arrays".into()));
                };
                self.lookback_allocations(node, chain, components, vec![Scalar::Int], 1);
                if dest.is_none() {
                    let ty = self.apply_type(f, args.clone())?;
                    self.new_allocation(node, AllocKind::Temporary, &ty)?;
                }
                Ok(())
            }
            Fun::FiltersLookback(keeps, chain) => {
                let [xs] = &args[..] else { return Err(self.err("`filtersLookback` arity".into())) };
                let elem = self.elem(f, xs)?;
                let Some(components) = elem.components() else {
                    return Err(self.err("`filtersLookback` of an array of arrays".into()));
                };
                self.lookback_allocations(node, chain, components, vec![Scalar::Int; keeps.len()], 1);
                if dest.is_none() {
                    let ty = self.apply_type(f, args.clone())?;
                    self.new_allocation(node, AllocKind::Temporary, &ty)?;
                }
                Ok(())
            }
            Fun::HorizontalLookback(parts, chain) => {
                let mut elems = Vec::new();
                for xs in &args {
                    let Some(comps) = self.elem(f, xs)?.components() else {
                        return Err(self.err("`horizontalLookback` of an array of arrays".into()));
                    };
                    elems.push(comps);
                }
                let tile = crate::lookback::horizontal_tile(parts, &elems).1;
                let carried = parts.iter().flat_map(|p| p.carried()).collect();
                self.lookback_allocations(node, chain, tile, carried, 1);
                if dest.is_none() {
                    let ty = self.apply_type(f, args.clone())?;
                    self.new_allocation(node, AllocKind::Temporary, &ty)?;
                }
                Ok(())
            }
            Fun::Iterate(_, g) => {
                let [x] = &args[..] else { return Err(self.err("`iterate` arity".into())) };
                let buffer = self.new_allocation(node, AllocKind::IterateBuffer, x)?;
                self.fun(g, args, Some(buffer))
            }
            Fun::Split(_)
            | Fun::Join
            | Fun::GatherStride(_)
            | Fun::Pad(..)
            | Fun::Scatter(..)
            | Fun::JoinSegments(..)
            | Fun::Zip
            | Fun::Get(_)
            | Fun::Generate(..)
            | Fun::Segments(_) => Ok(()),
            Fun::Map(_)
            | Fun::Reduce(_)
            | Fun::PartRed(..)
            | Fun::Scan(_)
            | Fun::Filter(_)
            | Fun::Filters(_)
            | Fun::Horizontal(_) => Err(self.err(format!("high-level pattern `{}` in a low-level stage", f.name()))),
        }
    }
}

/// The table as text, one allocation a line:
/// `#node  kind  space  components × size`.
pub fn print_memory(memory: &Memory) -> String {
    let mut out = String::new();
    for a in &memory.allocations {
        let comps: Vec<String> = a.components.iter().map(|s| s.to_string()).collect();
        out.push_str(&format!(
            "#{:<3} {:<15} {:<8} ({}) x {}\n",
            a.node.0,
            a.kind.to_string(),
            a.space.to_string(),
            comps.join(", "),
            a.size
        ));
    }
    out
}
