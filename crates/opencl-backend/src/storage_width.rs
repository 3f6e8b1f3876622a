//! `storage-width`: which int arrays of a flat program are stored in 32
//! bits on the device, decided by an interval analysis of the whole
//! program (a side table, [`StorageWidths`]; the flat program is not
//! changed).
//!
//! NESL's `int` is 64-bit, and so is every value the kernels compute; but
//! an array whose elements provably fit in `[-2^31, 2^31)` moves half the
//! bytes when its buffer holds `int`s: a kernel declares it `__global
//! int*`, reads it as a `long` (C's sign extension) and writes it with C's
//! conversion, exact for values in range. SpMV's column indices are such an
//! array: each nonzero moves 12 bytes instead of 16.
//!
//! The flat evaluator and the interpreter stay 64-bit: they are the oracles,
//! and a narrowed program prints exactly what they print.

// Note [storage width soundness]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Buffers flow through the host program without copies: a `let x = y`, a
// call, an `if`'s or a `time`'s results, a `run`'s arguments and results
// share one buffer. So a width is decided per *class*: the int-array
// variables (host variables of every function, kernel parameters and
// results) joined by those flows, a union-find built once from the
// program's structure. All members of a class have one width, so a kernel
// parameter always gets a buffer of the width it was compiled for.
//
// A class is 32-bit when
//   1. nothing defines its arrays but kernels' MAP, PERMUTE, FILTER and
//      SCATTER results (not an `array [..]` literal, whose upload is 64-bit,
//      nor a host operation, nor a scan, a segmented reduction, a radix pass
//      or segment ids, whose lowerings use their buffers in ways of their
//      own; segment ids are 32-bit anyway, by flattening's own flag,
//      `KVarInfo::is_narrow`, which `kernel_plan` joins to this table's
//      arrays in one list of 32-bit arrays);
//   2. no kernel uses one of its arrays but by reading elements (`xs[i]`)
//      or its length (`#xs`): not as a segment descriptor, a SCATTER base, a
//      FILTER's `before` or offsets to search, which the generated code
//      passes to helpers typed `long*`; and no kernel keeps one internally
//      (an array neither parameter nor result);
//   3. the join of the intervals of every value a definition writes lies in
//      `[-2^31, 2^31)`.
// The intervals are an abstract interpretation of the whole program, from
// below (every entry starts empty) to a fixpoint: host scalars (function
// parameters join their call sites' arguments, results their returns),
// kernel scalar parameters (joined over every `run`), and one element
// interval per class (the join of its definitions). A kernel's thunks are
// evaluated with its parameters' intervals; reading an array gives its
// class's interval. Every operation is evaluated soundly for the device's
// wrapping 64-bit arithmetic: one that may overflow gives the full range
// (so `rem(x * a + b, p)` is still within `(-|p|, |p|)`, whatever `x`); an
// operation not understood gives the full range. An entry that keeps
// growing is widened, first to the 32-bit bounds and then to the full range,
// so the iteration ends.
//
// Soundness, by induction over the run: if every array of a class held only
// values of its interval before a statement, each definition writes values
// of the intervals computed from them, which the class's interval contains;
// so a 32-bit buffer never receives a value out of range, and each read
// gives back the 64-bit value written.

use std::collections::{HashMap, HashSet};

use flatten::ir::{
    Atom, BinaryOp, Block, Const, FlatProgram, GExpr, HostExpr, HostFunction, HostVar, KVar, Kernel, KernelId, Scalar,
    Soac, Stmt, Thunk, UnaryOp, VarType,
};

/// A closed interval of ints, `lo <= hi`. Bools are `[0, 1]`, chars `[0,
/// 255]`; a float is [`Interval::FULL`] (never stored as an int).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Interval {
    pub lo: i64,
    pub hi: i64,
}

/// An abstract value: `None` where no value was seen yet (the bottom).
pub type Range = Option<Interval>;

const I32_MIN: i64 = i32::MIN as i64;
const I32_MAX: i64 = i32::MAX as i64;

impl Interval {
    pub const FULL: Interval = Interval { lo: i64::MIN, hi: i64::MAX };
    pub const BOOL: Interval = Interval { lo: 0, hi: 1 };
    pub const CHAR: Interval = Interval { lo: 0, hi: 255 };
    pub const NON_NEGATIVE: Interval = Interval { lo: 0, hi: i64::MAX };

    pub fn new(lo: i64, hi: i64) -> Interval {
        Interval { lo: lo.min(hi), hi: hi.max(lo) }
    }

    pub fn point(x: i64) -> Interval {
        Interval { lo: x, hi: x }
    }

    /// Whether every value fits a 32-bit `int`.
    pub fn fits_i32(self) -> bool {
        self.lo >= I32_MIN && self.hi <= I32_MAX
    }

    pub fn join(self, other: Interval) -> Interval {
        Interval { lo: self.lo.min(other.lo), hi: self.hi.max(other.hi) }
    }

    pub fn contains(self, other: Interval) -> bool {
        self.lo <= other.lo && other.hi <= self.hi
    }

    /// The value of a constant.
    pub fn of_const(c: Const) -> Interval {
        match c {
            Const::Int(x) => Interval::point(x),
            Const::Bool(b) => Interval::point(i64::from(b)),
            Const::Char(c) => Interval::point(i64::from(c)),
            Const::Float(_) => Interval::FULL,
        }
    }

    /// The elements of an array of `elem`, where nothing else is known.
    pub fn of_scalar(elem: Scalar) -> Interval {
        match elem {
            Scalar::Bool => Interval::BOOL,
            Scalar::Char => Interval::CHAR,
            Scalar::Int | Scalar::Float => Interval::FULL,
        }
    }

    /// The largest magnitude, saturated (`|i64::MIN|` is `i64::MAX + 1`).
    fn magnitude(self) -> i64 {
        self.lo.saturating_abs().max(self.hi.saturating_abs())
    }

    /// The interval of `op` on ints of these intervals. Overflow anywhere
    /// in the interval gives [`Interval::FULL`] (the device wraps).
    pub fn binary_int(op: BinaryOp, a: Interval, b: Interval) -> Interval {
        use BinaryOp::*;
        let corners = |f: fn(i64, i64) -> Option<i64>, pairs: [(i64, i64); 4]| -> Interval {
            let mut values = Vec::with_capacity(4);
            for (x, y) in pairs {
                match f(x, y) {
                    Some(v) => values.push(v),
                    None => return Interval::FULL,
                }
            }
            Interval { lo: *values.iter().min().unwrap_or(&i64::MIN), hi: *values.iter().max().unwrap_or(&i64::MAX) }
        };
        let all = [(a.lo, b.lo), (a.lo, b.hi), (a.hi, b.lo), (a.hi, b.hi)];
        match op {
            Add => match (a.lo.checked_add(b.lo), a.hi.checked_add(b.hi)) {
                (Some(lo), Some(hi)) => Interval { lo, hi },
                _ => Interval::FULL,
            },
            Sub => match (a.lo.checked_sub(b.hi), a.hi.checked_sub(b.lo)) {
                (Some(lo), Some(hi)) => Interval { lo, hi },
                _ => Interval::FULL,
            },
            Mul => corners(i64::checked_mul, all),
            // Truncating division is monotone in each operand on each side
            // of zero: where the divisor keeps one sign, the corners bound
            // it. Else `|q| <= |a|` (a zero divisor faults; `MIN / -1`
            // overflows).
            Div if b.lo > 0 || b.hi < 0 => corners(i64::checked_div, all),
            Div if a.lo > i64::MIN => Interval::new(-a.magnitude(), a.magnitude()),
            Div => Interval::FULL,
            // The sign of the dividend, `|r| < |b|` and `|r| <= |a|`.
            Rem => {
                // `|i64::MIN| - 1` is `i64::MAX`.
                let bound = if b.lo == i64::MIN { i64::MAX } else { (b.magnitude() - 1).max(0) };
                let lo = if a.lo >= 0 { 0 } else { a.lo.max(-bound) };
                let hi = if a.hi <= 0 { 0 } else { a.hi.min(bound) };
                Interval::new(lo, hi)
            }
            Min => Interval { lo: a.lo.min(b.lo), hi: a.hi.min(b.hi) },
            Max => Interval { lo: a.lo.max(b.lo), hi: a.hi.max(b.hi) },
            Eq if a.lo == a.hi && a == b => Interval::point(1),
            Eq if a.hi < b.lo || b.hi < a.lo => Interval::point(0),
            Ne if a.lo == a.hi && a == b => Interval::point(0),
            Ne if a.hi < b.lo || b.hi < a.lo => Interval::point(1),
            Lt | Gt | Le | Ge => {
                let (x, y) = if matches!(op, Lt | Le) { (a, b) } else { (b, a) };
                let strict = matches!(op, Lt | Gt);
                let (always, never) = if strict { (x.hi < y.lo, x.lo >= y.hi) } else { (x.hi <= y.lo, x.lo > y.hi) };
                if always {
                    Interval::point(1)
                } else if never {
                    Interval::point(0)
                } else {
                    Interval::BOOL
                }
            }
            Eq | Ne => Interval::BOOL,
            // `x & y` lies in `[0, y]` for `y >= 0`.
            And if a.lo >= 0 && b.lo >= 0 => Interval { lo: 0, hi: a.hi.min(b.hi) },
            And if a.lo >= 0 => Interval { lo: 0, hi: a.hi },
            And if b.lo >= 0 => Interval { lo: 0, hi: b.hi },
            Or | Xor if a.lo >= 0 && b.lo >= 0 => {
                let top = a.hi.max(b.hi);
                let bits = 64 - top.leading_zeros();
                Interval { lo: 0, hi: if bits >= 63 { i64::MAX } else { (1i64 << bits) - 1 } }
            }
            // An arithmetic shift right by any amount keeps the sign and
            // does not grow the magnitude.
            Shr => Interval { lo: a.lo.min(0), hi: a.hi.max(0) },
            Shl if b.lo == b.hi && (0..63).contains(&b.lo) => {
                let factor = 1i64 << b.lo;
                corners(i64::checked_mul, [(a.lo, factor), (a.hi, factor), (a.lo, factor), (a.hi, factor)])
            }
            _ => Interval::FULL,
        }
    }

    /// The interval of `op` on bools (`and`, `or`, `xor`, comparisons).
    pub fn binary_bool(op: BinaryOp, a: Interval, b: Interval) -> Interval {
        match op {
            BinaryOp::And => Interval { lo: a.lo & b.lo, hi: a.hi & b.hi },
            BinaryOp::Or => Interval { lo: a.lo | b.lo, hi: a.hi | b.hi },
            _ => Interval::binary_int(op, a, b).meet_bool(),
        }
    }

    /// A comparison's or a bool's result is within `[0, 1]`.
    fn meet_bool(self) -> Interval {
        if Interval::BOOL.contains(self) { self } else { Interval::BOOL }
    }

    /// The interval of `op` on an operand of type `ty`.
    pub fn unary(op: UnaryOp, ty: Scalar, a: Interval) -> Interval {
        use UnaryOp::*;
        match (op, ty) {
            (Neg, Scalar::Int) => match (a.hi.checked_neg(), a.lo.checked_neg()) {
                (Some(lo), Some(hi)) => Interval { lo, hi },
                _ => Interval::FULL,
            },
            (Not, Scalar::Int) => Interval { lo: !a.hi, hi: !a.lo },
            (Not, Scalar::Bool) => Interval::new(1 - a.hi, 1 - a.lo).meet_bool(),
            (Abs, Scalar::Int) if a.lo > i64::MIN => {
                if a.lo >= 0 {
                    a
                } else if a.hi <= 0 {
                    Interval { lo: -a.hi, hi: -a.lo }
                } else {
                    Interval { lo: 0, hi: a.magnitude() }
                }
            }
            (Isqrt, _) => Interval { lo: 0, hi: 3_037_000_500 },
            (BoolToInt, _) => Interval::BOOL,
            (CharToInt | IntToChar, _) => Interval::CHAR,
            _ => Interval::FULL,
        }
    }
}

/// Joins two abstract values.
fn join(a: Range, b: Range) -> Range {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.join(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// The result of [`storage_widths`]: for each kernel (indexed by
/// [`KernelId`]), its int-array parameters and results stored as 32-bit
/// `int`s.
#[derive(Clone, Debug, Default)]
pub struct StorageWidths {
    narrow: Vec<HashSet<KVar>>,
}

impl StorageWidths {
    /// Every int array 64-bit (`NESSIE_NARROW_INTS=0`).
    pub fn all_wide(program: &FlatProgram) -> StorageWidths {
        StorageWidths { narrow: vec![HashSet::new(); program.kernels.len()] }
    }

    /// Whether array `var` of kernel `kernel` is stored as 32-bit ints.
    pub fn is_narrow(&self, kernel: KernelId, var: KVar) -> bool {
        self.narrow.get(kernel.0 as usize).is_some_and(|set| set.contains(&var))
    }

    /// The narrow arrays of kernel `kernel`.
    pub fn narrow_of(&self, kernel: KernelId) -> Vec<KVar> {
        let mut vars: Vec<KVar> =
            self.narrow.get(kernel.0 as usize).map(|set| set.iter().copied().collect()).unwrap_or_default();
        vars.sort();
        vars
    }
}

/// Whether int arrays may be narrowed: not when `NESSIE_NARROW_INTS` is `0`
/// (or `off`, `false`, `no`), for A/B measurements.
pub fn narrow_ints_from_env() -> bool {
    !matches!(
        std::env::var("NESSIE_NARROW_INTS").map(|v| v.trim().to_ascii_lowercase()).as_deref(),
        Ok("0" | "off" | "false" | "no")
    )
}

/// Decides the storage width of every int array of `program` (see note
/// [storage width soundness]).
pub fn storage_widths(program: &FlatProgram) -> StorageWidths {
    let mut analysis = Analysis::new(program);
    analysis.build_classes();
    analysis.solve();
    analysis.widths()
}

/// A function of the program: `functions[i]`, or `main` at
/// `functions.len()`.
type FuncIndex = usize;

/// An int-array variable of the program.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Slot {
    Host(FuncIndex, HostVar),
    Kernel(KernelId, KVar),
}

/// An entry of the fixpoint's tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    /// A host function's parameter (joined over its calls).
    Param(FuncIndex, HostVar),
    /// A host function's scalar result.
    Result(FuncIndex, usize),
    /// A kernel's scalar parameter (joined over its runs) or scalar result.
    KernelScalar(KernelId, KVar),
    /// The elements of a class of int arrays (by its root).
    Class(usize),
}

/// How many times an entry may grow before it is widened.
const GROWTHS_BEFORE_WIDENING: u32 = 3;

struct Analysis<'p> {
    program: &'p FlatProgram,
    slots: HashMap<Slot, usize>,
    parent: Vec<usize>,
    /// Classes (by root, once built) that must stay 64-bit.
    wide: HashSet<usize>,
    /// Classes (by root, once built) with arrays the host makes (literals,
    /// host operations): their elements may be anything.
    opaque: HashSet<usize>,
    table: HashMap<Key, (Interval, u32)>,
    changed: bool,
}

impl<'p> Analysis<'p> {
    fn new(program: &'p FlatProgram) -> Analysis<'p> {
        Analysis {
            program,
            slots: HashMap::new(),
            parent: Vec::new(),
            wide: HashSet::new(),
            opaque: HashSet::new(),
            table: HashMap::new(),
            changed: false,
        }
    }

    fn function(&self, f: FuncIndex) -> &'p HostFunction {
        let program = self.program;
        program.functions.get(f).unwrap_or(&program.main)
    }

    fn slot(&mut self, slot: Slot) -> usize {
        if let Some(&id) = self.slots.get(&slot) {
            return id;
        }
        let id = self.parent.len();
        self.parent.push(id);
        self.slots.insert(slot, id);
        id
    }

    fn find(&mut self, mut id: usize) -> usize {
        while self.parent[id] != id {
            self.parent[id] = self.parent[self.parent[id]];
            id = self.parent[id];
        }
        id
    }

    fn union(&mut self, a: Slot, b: Slot) {
        let (a, b) = (self.slot(a), self.slot(b));
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a] = b;
        }
    }

    fn mark_wide(&mut self, slot: Slot) {
        let id = self.slot(slot);
        self.wide.insert(id);
    }

    fn is_int_array(ty: VarType) -> bool {
        ty == VarType::Array(Scalar::Int)
    }

    fn host_slot(&self, f: FuncIndex, atom: &Atom) -> Option<Slot> {
        match atom {
            Atom::Var(v) if Self::is_int_array(self.function(f).var(*v).ty) => Some(Slot::Host(f, *v)),
            _ => None,
        }
    }

    // ----- The classes (structure only) -----

    fn build_classes(&mut self) {
        let program = self.program;
        for f in 0..=program.functions.len() {
            self.classes_of_block(f, &self.function(f).body);
        }
        for (k, kernel) in program.kernels.iter().enumerate() {
            self.classes_of_kernel(KernelId(k as u32), kernel);
        }
        // Wideness is a property of the class.
        let wide: Vec<usize> = self.wide.iter().copied().collect();
        self.wide = wide.into_iter().map(|id| self.find(id)).collect();
        let opaque: Vec<usize> = self.opaque.iter().copied().collect();
        self.opaque = opaque.into_iter().map(|id| self.find(id)).collect();
    }

    /// Unites each variable with the atom flowing into it.
    fn flow(&mut self, into: Option<Slot>, from: Option<Slot>) {
        if let (Some(a), Some(b)) = (into, from) {
            self.union(a, b);
        }
    }

    fn classes_of_block(&mut self, f: FuncIndex, block: &'p Block) {
        for stmt in &block.stmts {
            let Stmt::Let { vars, expr } = stmt else { continue };
            let bound: Vec<Option<Slot>> = vars.iter().map(|v| self.host_slot(f, &Atom::Var(*v))).collect();
            match expr {
                HostExpr::Atom(a) => self.flow(bound[0], self.host_slot(f, a)),
                HostExpr::Run { kernel, args } => {
                    let k = self.program.kernel(*kernel);
                    for (arg, param) in args.iter().zip(&k.params) {
                        self.flow(
                            self.host_slot(f, arg),
                            Some(Slot::Kernel(*kernel, *param)).filter(|_| Self::is_int_array(k.var(*param).ty)),
                        );
                    }
                    for (var, result) in bound.iter().zip(&k.results) {
                        self.flow(*var, Some(Slot::Kernel(*kernel, *result)));
                    }
                }
                HostExpr::Call { func, args } => {
                    let g = func.0 as usize;
                    let callee = self.function(g);
                    for (arg, param) in args.iter().zip(&callee.params) {
                        self.flow(self.host_slot(g, &Atom::Var(*param)), self.host_slot(f, arg));
                    }
                    for (var, result) in bound.iter().zip(&callee.body.results) {
                        self.flow(*var, self.host_slot(g, result));
                    }
                }
                HostExpr::If { then_block, else_block, .. } => {
                    self.classes_of_block(f, then_block);
                    self.classes_of_block(f, else_block);
                    for (var, (a, b)) in bound.iter().zip(then_block.results.iter().zip(&else_block.results)) {
                        self.flow(*var, self.host_slot(f, a));
                        self.flow(*var, self.host_slot(f, b));
                    }
                }
                HostExpr::Time { block } => {
                    self.classes_of_block(f, block);
                    for (var, a) in bound.iter().zip(&block.results) {
                        self.flow(*var, self.host_slot(f, a));
                    }
                }
                // Uploaded or made by the host: 64-bit.
                HostExpr::Array { .. } | HostExpr::HostOp { .. } => {
                    for slot in bound.into_iter().flatten() {
                        self.mark_wide(slot);
                        let id = self.slot(slot);
                        self.opaque.insert(id);
                    }
                }
                HostExpr::Unary { .. } | HostExpr::Binary { .. } | HostExpr::Bound(_) | HostExpr::Length(_) => {}
            }
        }
    }

    fn classes_of_kernel(&mut self, id: KernelId, kernel: &'p Kernel) {
        let int_arrays = |vars: &[KVar]| -> Vec<KVar> {
            vars.iter().copied().filter(|v| Self::is_int_array(kernel.var(*v).ty)).collect()
        };
        for v in int_arrays(&kernel.params).into_iter().chain(int_arrays(&kernel.results)) {
            self.slot(Slot::Kernel(id, v));
        }
        let mut misused = Vec::new();
        for binding in &kernel.body {
            // Results of SOACs whose lowerings keep their own use of the
            // buffer, and arrays that are not read element by element.
            let is_plain = matches!(binding.soac, Soac::Map { .. } | Soac::Permute { .. } | Soac::Scatter { .. })
                || matches!(binding.soac, Soac::Filter { before: None, .. });
            let plain_results = match binding.soac {
                Soac::Filter { before: Some(_), .. } => binding.results.len().saturating_sub(1),
                _ if is_plain => binding.results.len(),
                _ => 0,
            };
            for (position, r) in binding.results.iter().enumerate() {
                let is_result = kernel.results.contains(r);
                if position >= plain_results || !is_result {
                    misused.push(*r);
                }
            }
            match &binding.soac {
                Soac::SegReduce { segments, .. } | Soac::SegScan { segments, .. } => {
                    misused.extend([segments.lengths, segments.offsets]);
                }
                Soac::Scatter { base, .. } => misused.extend(base.iter().copied()),
                Soac::Filter { before: Some(b), .. } => misused.push(*b),
                Soac::SegmentIds { offsets, .. } => misused.push(*offsets),
                _ => {}
            }
            for e in soac_exprs(&binding.soac) {
                searched_offsets(e, &mut misused);
            }
        }
        for v in misused {
            if Self::is_int_array(kernel.var(v).ty) {
                self.mark_wide(Slot::Kernel(id, v));
            }
        }
    }

    // ----- The intervals (a fixpoint) -----

    fn get(&self, key: Key) -> Range {
        self.table.get(&key).map(|(i, _)| *i)
    }

    /// Joins `value` into the entry `key`, widening an entry that keeps
    /// growing: first to the 32-bit bounds, then to the full range.
    fn update(&mut self, key: Key, value: Range) {
        let Some(value) = value else { return };
        match self.table.get_mut(&key) {
            None => {
                self.table.insert(key, (value, 0));
                self.changed = true;
            }
            Some((old, growths)) => {
                if old.contains(value) {
                    return;
                }
                let mut joined = old.join(value);
                *growths += 1;
                if *growths > GROWTHS_BEFORE_WIDENING {
                    if joined.lo < old.lo {
                        joined.lo = if joined.lo >= I32_MIN { I32_MIN } else { i64::MIN };
                    }
                    if joined.hi > old.hi {
                        joined.hi = if joined.hi <= I32_MAX { I32_MAX } else { i64::MAX };
                    }
                }
                *old = joined;
                self.changed = true;
            }
        }
    }

    fn class_key(&mut self, slot: Slot) -> Option<Key> {
        let id = *self.slots.get(&slot)?;
        Some(Key::Class(self.find(id)))
    }

    fn solve(&mut self) {
        let program = self.program;
        let opaque: Vec<usize> = self.opaque.iter().copied().collect();
        for class in opaque {
            self.update(Key::Class(class), Some(Interval::FULL));
        }
        // Each round only grows entries, and widening bounds how often.
        loop {
            self.changed = false;
            for f in 0..=program.functions.len() {
                let function = self.function(f);
                let mut env: HashMap<HostVar, Range> = HashMap::new();
                for p in &function.params {
                    let value = self.get(Key::Param(f, *p));
                    env.insert(*p, value);
                }
                let results = self.eval_block(f, &function.body, &mut env);
                for (i, r) in results.into_iter().enumerate() {
                    self.update(Key::Result(f, i), r);
                }
            }
            for (k, kernel) in program.kernels.iter().enumerate() {
                self.eval_kernel(KernelId(k as u32), kernel);
            }
            if !self.changed {
                break;
            }
        }
    }

    fn atom(&self, f: FuncIndex, atom: &Atom, env: &HashMap<HostVar, Range>) -> Range {
        match atom {
            Atom::Const(c) => Some(Interval::of_const(*c)),
            Atom::Var(v) => match self.function(f).var(*v).ty {
                VarType::Scalar(Scalar::Float) | VarType::Array(_) => Some(Interval::FULL),
                VarType::Scalar(_) => env.get(v).copied().unwrap_or(Some(Interval::FULL)),
            },
        }
    }

    fn eval_block(&mut self, f: FuncIndex, block: &'p Block, env: &mut HashMap<HostVar, Range>) -> Vec<Range> {
        for stmt in &block.stmts {
            let Stmt::Let { vars, expr } = stmt else { continue };
            let values: Vec<Range> = match expr {
                HostExpr::Atom(a) => vec![self.atom(f, a, env)],
                HostExpr::Unary { op, ty, arg } => vec![self.atom(f, arg, env).map(|a| Interval::unary(*op, *ty, a))],
                HostExpr::Binary { op, ty, lhs, rhs } => {
                    let (a, b) = (self.atom(f, lhs, env), self.atom(f, rhs, env));
                    vec![a.zip(b).map(|(a, b)| binary(*op, *ty, a, b))]
                }
                HostExpr::Length(_) => vec![Some(Interval::NON_NEGATIVE)],
                // At least the value, perhaps more.
                HostExpr::Bound(a) => vec![self.atom(f, a, env).map(|a| Interval { lo: a.lo, hi: i64::MAX })],
                HostExpr::Array { .. } | HostExpr::HostOp { .. } => vec![Some(Interval::FULL); vars.len()],
                HostExpr::Run { kernel, args } => {
                    let k = self.program.kernel(*kernel);
                    for (arg, param) in args.iter().zip(&k.params) {
                        if !k.var(*param).ty.is_array() {
                            let value = self.atom(f, arg, env);
                            self.update(Key::KernelScalar(*kernel, *param), value);
                        }
                    }
                    k.results.iter().map(|r| self.get(Key::KernelScalar(*kernel, *r))).collect()
                }
                HostExpr::Call { func, args } => {
                    let g = func.0 as usize;
                    let callee = self.function(g);
                    for (arg, param) in args.iter().zip(&callee.params) {
                        let value = self.atom(f, arg, env);
                        self.update(Key::Param(g, *param), value);
                    }
                    (0..vars.len()).map(|i| self.get(Key::Result(g, i))).collect()
                }
                HostExpr::If { cond, then_block, else_block } => {
                    let cond = self.atom(f, cond, env);
                    let then_values = match cond {
                        Some(c) if c.hi >= 1 => self.eval_block(f, then_block, env),
                        _ => vec![None; vars.len()],
                    };
                    let else_values = match cond {
                        Some(c) if c.lo <= 0 => self.eval_block(f, else_block, env),
                        _ => vec![None; vars.len()],
                    };
                    then_values.into_iter().zip(else_values).map(|(a, b)| join(a, b)).collect()
                }
                HostExpr::Time { block } => {
                    let mut values = self.eval_block(f, block, env);
                    values.push(Some(Interval::FULL));
                    values
                }
            };
            for (v, value) in vars.iter().zip(values) {
                env.insert(*v, value);
            }
        }
        block.results.iter().map(|a| self.atom(f, a, env)).collect()
    }

    fn eval_kernel(&mut self, id: KernelId, kernel: &'p Kernel) {
        let mut env: HashMap<KVar, Range> = HashMap::new();
        for p in &kernel.params {
            let value = match kernel.var(*p).ty {
                VarType::Scalar(Scalar::Float) => Some(Interval::FULL),
                VarType::Scalar(_) => self.get(Key::KernelScalar(id, *p)),
                VarType::Array(_) => continue,
            };
            env.insert(*p, value);
        }
        for binding in &kernel.body {
            let values: Vec<Range> = match &binding.soac {
                Soac::Map { size, pull } => {
                    let i = self.index_range(id, kernel, size, &mut env);
                    self.eval_thunk(id, kernel, pull, &[i], &mut env)
                }
                Soac::Permute { size, values, .. } => {
                    let i = self.index_range(id, kernel, size, &mut env);
                    self.eval_thunk(id, kernel, values, &[i], &mut env)
                }
                Soac::Filter { size, pull, before, .. } => {
                    let i = self.index_range(id, kernel, size, &mut env);
                    let mut values = self.eval_thunk(id, kernel, pull, &[i], &mut env);
                    if before.is_some() {
                        values.push(Some(Interval::NON_NEGATIVE));
                    }
                    values
                }
                Soac::Scatter { size, base, values, .. } => {
                    let i = self.index_range(id, kernel, size, &mut env);
                    let written = self.eval_thunk(id, kernel, values, &[i], &mut env);
                    base.iter().zip(written).map(|(b, w)| join(self.read_range(id, kernel, *b), w)).collect()
                }
                Soac::Once { body } => {
                    let mut values = self.eval(id, kernel, body, &mut env);
                    values.resize(binding.results.len(), Some(Interval::FULL));
                    values
                }
                Soac::Reduce { .. }
                | Soac::Scan { .. }
                | Soac::SegReduce { .. }
                | Soac::SegScan { .. }
                | Soac::RadixPass { .. }
                | Soac::SegmentIds { .. } => vec![Some(Interval::FULL); binding.results.len()],
            };
            for (r, value) in binding.results.iter().zip(values) {
                match kernel.var(*r).ty {
                    VarType::Array(Scalar::Int) => {
                        if let Some(key) = self.class_key(Slot::Kernel(id, *r)) {
                            self.update(key, value);
                        }
                    }
                    VarType::Array(_) => {}
                    VarType::Scalar(_) => {
                        env.insert(*r, value);
                        if kernel.results.contains(r) {
                            self.update(Key::KernelScalar(id, *r), value);
                        }
                    }
                }
            }
        }
    }

    /// The positions `[0, n)` of a SOAC over `size` elements.
    fn index_range(
        &mut self,
        id: KernelId,
        kernel: &'p Kernel,
        size: &'p GExpr,
        env: &mut HashMap<KVar, Range>,
    ) -> Range {
        let n = self.eval(id, kernel, size, env).first().copied().flatten()?;
        Some(Interval { lo: 0, hi: n.hi.saturating_sub(1).max(0) })
    }

    fn eval_thunk(
        &mut self,
        id: KernelId,
        kernel: &'p Kernel,
        thunk: &'p Thunk,
        args: &[Range],
        env: &mut HashMap<KVar, Range>,
    ) -> Vec<Range> {
        for (p, a) in thunk.params.iter().zip(args) {
            env.insert(*p, *a);
        }
        self.eval(id, kernel, &thunk.body, env)
    }

    /// The elements of array `array` of the kernel.
    fn read_range(&mut self, id: KernelId, kernel: &'p Kernel, array: KVar) -> Range {
        match kernel.var(array).ty {
            VarType::Array(Scalar::Int) => match self.class_key(Slot::Kernel(id, array)) {
                Some(key) => self.get(key),
                // An array internal to the kernel: not tracked.
                None => Some(Interval::FULL),
            },
            ty => Some(Interval::of_scalar(ty.scalar())),
        }
    }

    /// The components of `e`'s value (one for a scalar).
    fn eval(&mut self, id: KernelId, kernel: &'p Kernel, e: &'p GExpr, env: &mut HashMap<KVar, Range>) -> Vec<Range> {
        let one = |r: Range| vec![r];
        match e {
            GExpr::Var(v) => one(match kernel.var(*v).ty {
                VarType::Scalar(Scalar::Float) => Some(Interval::FULL),
                _ => env.get(v).copied().unwrap_or(Some(Interval::FULL)),
            }),
            GExpr::Const(c) => one(Some(Interval::of_const(*c))),
            GExpr::Read { array, index } => {
                self.eval(id, kernel, index, env);
                one(self.read_range(id, kernel, *array))
            }
            GExpr::Length(_) => one(Some(Interval::NON_NEGATIVE)),
            GExpr::SegmentOf { index, .. } => {
                self.eval(id, kernel, index, env);
                one(Some(Interval::NON_NEGATIVE))
            }
            GExpr::ParseNumber { flag, .. } => one(Some(if *flag { Interval::BOOL } else { Interval::FULL })),
            GExpr::Unary { op, ty, arg } => {
                let a = self.scalar(id, kernel, arg, env);
                one(a.map(|a| Interval::unary(*op, *ty, a)))
            }
            GExpr::Binary { op, ty, lhs, rhs } => {
                let a = self.scalar(id, kernel, lhs, env);
                let b = self.scalar(id, kernel, rhs, env);
                one(a.zip(b).map(|(a, b)| binary(*op, *ty, a, b)))
            }
            GExpr::If { cond, then_branch, else_branch } => {
                let c = self.scalar(id, kernel, cond, env);
                let then_values = match c {
                    Some(c) if c.hi >= 1 => Some(self.eval(id, kernel, then_branch, env)),
                    _ => None,
                };
                let else_values = match c {
                    Some(c) if c.lo <= 0 => Some(self.eval(id, kernel, else_branch, env)),
                    _ => None,
                };
                match (then_values, else_values) {
                    (Some(a), Some(b)) => a.into_iter().zip(b).map(|(x, y)| join(x, y)).collect(),
                    (Some(a), None) => a,
                    (None, Some(b)) => b,
                    // Neither branch runs (the condition has no value yet).
                    (None, None) => vec![None; arity(then_branch)],
                }
            }
            GExpr::Let { vars, value, body } => {
                let values = self.eval(id, kernel, value, env);
                for (v, x) in vars.iter().zip(values) {
                    env.insert(*v, x);
                }
                self.eval(id, kernel, body, env)
            }
            GExpr::Tuple(items) => items.iter().map(|item| self.scalar(id, kernel, item, env)).collect(),
            GExpr::Assert { cond, payload, body, .. } => {
                self.eval(id, kernel, cond, env);
                for p in payload {
                    self.eval(id, kernel, p, env);
                }
                self.eval(id, kernel, body, env)
            }
            // The loop's variables may take any value.
            GExpr::Loop { vars, init, cond, step, result } => {
                for i in init {
                    self.eval(id, kernel, i, env);
                }
                for v in vars {
                    env.insert(*v, Some(Interval::FULL));
                }
                self.eval(id, kernel, cond, env);
                self.eval(id, kernel, step, env);
                self.eval(id, kernel, result, env)
            }
        }
    }

    fn scalar(&mut self, id: KernelId, kernel: &'p Kernel, e: &'p GExpr, env: &mut HashMap<KVar, Range>) -> Range {
        self.eval(id, kernel, e, env).first().copied().unwrap_or(Some(Interval::FULL))
    }

    fn widths(mut self) -> StorageWidths {
        let program = self.program;
        let mut narrow = vec![HashSet::new(); program.kernels.len()];
        let kernel_slots: Vec<(KernelId, KVar, usize)> = self
            .slots
            .iter()
            .filter_map(|(slot, id)| match slot {
                Slot::Kernel(k, v) => Some((*k, *v, *id)),
                Slot::Host(..) => None,
            })
            .collect();
        for (k, v, id) in kernel_slots {
            let root = self.find(id);
            if self.wide.contains(&root) {
                continue;
            }
            if self.get(Key::Class(root)).is_none_or(Interval::fits_i32) {
                narrow[k.0 as usize].insert(v);
            }
        }
        StorageWidths { narrow }
    }
}

/// `op` on operands of type `ty`.
fn binary(op: BinaryOp, ty: Scalar, a: Interval, b: Interval) -> Interval {
    match ty {
        Scalar::Int => Interval::binary_int(op, a, b),
        Scalar::Bool => Interval::binary_bool(op, a, b),
        Scalar::Char => match op {
            BinaryOp::Min | BinaryOp::Max | BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le => {
                Interval::binary_int(op, a, b)
            }
            BinaryOp::Gt | BinaryOp::Ge => Interval::binary_int(op, a, b),
            _ => Interval::FULL,
        },
        Scalar::Float => match op {
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => Interval::BOOL,
            _ => Interval::FULL,
        },
    }
}

/// The number of components of `e`'s value.
fn arity(e: &GExpr) -> usize {
    match e {
        GExpr::Tuple(items) => items.len(),
        GExpr::Let { body, .. } | GExpr::Assert { body, .. } => arity(body),
        GExpr::If { then_branch, .. } => arity(then_branch),
        GExpr::Loop { result, .. } => arity(result),
        _ => 1,
    }
}

/// Every expression of the SOAC: sizes and thunk bodies.
fn soac_exprs(soac: &Soac) -> Vec<&GExpr> {
    match soac {
        Soac::Map { size, pull } => vec![size, &pull.body],
        Soac::Permute { size, values, index, .. } | Soac::Scatter { size, values, index, .. } => {
            vec![size, &values.body, &index.body]
        }
        Soac::Reduce { size, pull, op, .. } | Soac::Scan { size, pull, op, .. } => vec![size, &pull.body, &op.body],
        Soac::Filter { size, pull, pred, .. } => vec![size, &pull.body, &pred.body],
        Soac::Once { body } => vec![body],
        Soac::SegReduce { pull, op, .. } => vec![&pull.body, &op.body],
        Soac::SegScan { elements, pull, op, .. } => vec![elements, &pull.body, &op.body],
        Soac::RadixPass { size, values, digit, .. } => vec![size, &values.body, &digit.body],
        Soac::SegmentIds { size, .. } => vec![size],
    }
}

/// The offsets `e` searches (`segment_of`): passed whole to a helper.
fn searched_offsets(e: &GExpr, out: &mut Vec<KVar>) {
    match e {
        GExpr::SegmentOf { offsets, index } => {
            out.push(*offsets);
            searched_offsets(index, out);
        }
        GExpr::Var(_) | GExpr::Const(_) | GExpr::Length(_) => {}
        GExpr::Read { index, .. } => searched_offsets(index, out),
        GExpr::ParseNumber { start, length, .. } => {
            searched_offsets(start, out);
            searched_offsets(length, out);
        }
        GExpr::Unary { arg, .. } => searched_offsets(arg, out),
        GExpr::Binary { lhs, rhs, .. } => {
            searched_offsets(lhs, out);
            searched_offsets(rhs, out);
        }
        GExpr::If { cond, then_branch, else_branch } => {
            searched_offsets(cond, out);
            searched_offsets(then_branch, out);
            searched_offsets(else_branch, out);
        }
        GExpr::Let { value, body, .. } => {
            searched_offsets(value, out);
            searched_offsets(body, out);
        }
        GExpr::Tuple(items) => items.iter().for_each(|item| searched_offsets(item, out)),
        GExpr::Assert { cond, payload, body, .. } => {
            searched_offsets(cond, out);
            payload.iter().for_each(|p| searched_offsets(p, out));
            searched_offsets(body, out);
        }
        GExpr::Loop { init, cond, step, result, .. } => {
            init.iter().for_each(|i| searched_offsets(i, out));
            searched_offsets(cond, out);
            searched_offsets(step, out);
            searched_offsets(result, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(lo: i64, hi: i64) -> Interval {
        Interval::new(lo, hi)
    }

    /// Every value of `op` over the corners and a grid of `a` x `b`, with
    /// the device's wrapping semantics, lies in the computed interval.
    fn check_sound(op: BinaryOp, a: Interval, b: Interval) {
        let got = Interval::binary_int(op, a, b);
        let samples = |x: Interval| {
            let mut v = vec![x.lo, x.hi];
            let step = ((x.hi as i128 - x.lo as i128) / 7).max(1);
            let mut s = x.lo as i128;
            while s <= x.hi as i128 && v.len() < 20 {
                v.push(s as i64);
                s += step;
            }
            v
        };
        for x in samples(a) {
            for y in samples(b) {
                let value = match op {
                    BinaryOp::Add => x.wrapping_add(y),
                    BinaryOp::Sub => x.wrapping_sub(y),
                    BinaryOp::Mul => x.wrapping_mul(y),
                    BinaryOp::Div if y != 0 => x.wrapping_div(y),
                    BinaryOp::Rem if y != 0 => x.wrapping_rem(y),
                    BinaryOp::Min => x.min(y),
                    BinaryOp::Max => x.max(y),
                    BinaryOp::And => x & y,
                    BinaryOp::Or => x | y,
                    BinaryOp::Xor => x ^ y,
                    BinaryOp::Shr => x >> (y & 63),
                    BinaryOp::Lt => i64::from(x < y),
                    _ => continue,
                };
                assert!(
                    got.lo <= value && value <= got.hi,
                    "{op:?} of {x} and {y} is {value}, outside {got:?} (from {a:?}, {b:?})"
                );
            }
        }
    }

    #[test]
    fn arithmetic_is_exact_without_overflow() {
        assert_eq!(Interval::binary_int(BinaryOp::Add, i(1, 2), i(10, 20)), i(11, 22));
        assert_eq!(Interval::binary_int(BinaryOp::Sub, i(1, 2), i(10, 20)), i(-19, -8));
        assert_eq!(Interval::binary_int(BinaryOp::Mul, i(-3, 2), i(10, 20)), i(-60, 40));
        assert_eq!(Interval::binary_int(BinaryOp::Div, i(-7, 9), i(2, 5)), i(-3, 4));
        assert_eq!(Interval::binary_int(BinaryOp::Max, i(-7, 9), i(2, 5)), i(2, 9));
    }

    #[test]
    fn overflow_gives_the_full_range() {
        let big = i(0, i64::MAX / 2);
        assert_eq!(Interval::binary_int(BinaryOp::Mul, big, i(3, 3)), Interval::FULL);
        assert_eq!(Interval::binary_int(BinaryOp::Add, i(i64::MAX - 1, i64::MAX), i(0, 2)), Interval::FULL);
        assert_eq!(Interval::binary_int(BinaryOp::Sub, i(i64::MIN, 0), i(1, 1)), Interval::FULL);
        assert_eq!(Interval::unary(UnaryOp::Neg, Scalar::Int, i(i64::MIN, 0)), Interval::FULL);
        assert_eq!(Interval::binary_int(BinaryOp::Div, i(i64::MIN, 0), i(-1, 1)), Interval::FULL);
        // A product that wraps past 2^63 is not narrow even if its
        // operands are small enough to fit 32 bits each... twice.
        let x = Interval::binary_int(BinaryOp::Mul, i(0, 1 << 31), i(0, 1 << 31));
        assert!(!x.fits_i32());
    }

    #[test]
    fn rem_is_bounded_by_the_divisor_and_the_dividend() {
        // `rnd(i, a) = rem(i * a + 12345, 1000003)`, whatever `i`.
        let product = Interval::binary_int(BinaryOp::Mul, Interval::NON_NEGATIVE, i(7919, 7919));
        let sum = Interval::binary_int(BinaryOp::Add, product, i(12345, 12345));
        assert_eq!(Interval::binary_int(BinaryOp::Rem, sum, i(1000003, 1000003)), i(-1000002, 1000002));
        // The sign of the dividend, never larger than it.
        assert_eq!(Interval::binary_int(BinaryOp::Rem, i(0, 10), i(7, 7)), i(0, 6));
        assert_eq!(Interval::binary_int(BinaryOp::Rem, i(-10, -1), i(7, 7)), i(-6, 0));
        assert_eq!(Interval::binary_int(BinaryOp::Rem, i(-3, 2), i(-100, 100)), i(-3, 2));
        assert_eq!(Interval::binary_int(BinaryOp::Rem, Interval::FULL, i(-5, 3)), i(-4, 4));
        assert!(Interval::binary_int(BinaryOp::Rem, Interval::FULL, i(1 << 31, 1 << 31)).fits_i32());
        assert!(!Interval::binary_int(BinaryOp::Rem, Interval::FULL, i(1 << 32, 1 << 32)).fits_i32());
    }

    #[test]
    fn bitwise_and_shifts_and_comparisons() {
        assert_eq!(Interval::binary_int(BinaryOp::And, Interval::FULL, i(255, 255)), i(0, 255));
        assert_eq!(Interval::binary_int(BinaryOp::And, Interval::FULL, i(-1, 5)), Interval::FULL);
        assert_eq!(Interval::binary_int(BinaryOp::Or, i(0, 5), i(0, 9)), i(0, 15));
        assert_eq!(Interval::binary_int(BinaryOp::Shr, i(-9, 100), Interval::FULL), i(-9, 100));
        assert_eq!(Interval::binary_int(BinaryOp::Lt, i(0, 3), i(4, 9)), i(1, 1));
        assert_eq!(Interval::binary_int(BinaryOp::Ge, i(0, 3), i(4, 9)), i(0, 0));
        assert_eq!(Interval::binary_int(BinaryOp::Eq, i(0, 3), i(0, 3)), Interval::BOOL);
        assert_eq!(Interval::binary_int(BinaryOp::Eq, i(2, 2), i(2, 2)), i(1, 1));
        assert_eq!(Interval::unary(UnaryOp::Not, Scalar::Int, i(0, 5)), i(-6, -1));
        assert_eq!(Interval::unary(UnaryOp::Abs, Scalar::Int, i(-7, 5)), i(0, 7));
        assert_eq!(Interval::unary(UnaryOp::ToFloat, Scalar::Int, i(0, 5)), Interval::FULL);
    }

    #[test]
    fn every_operation_is_sound_on_samples() {
        use BinaryOp::*;
        let intervals = [
            i(0, 0),
            i(-1, 1),
            i(3, 17),
            i(-17, -3),
            i(-1000, 999),
            i(i64::MIN, i64::MIN + 5),
            i(i64::MAX - 5, i64::MAX),
            i(-(1 << 40), 1 << 40),
            i(1 << 31, 1 << 33),
            Interval::FULL,
        ];
        for op in [Add, Sub, Mul, Div, Rem, Min, Max, And, Or, Xor, Shr, Lt] {
            for a in intervals {
                for b in intervals {
                    check_sound(op, a, b);
                }
            }
        }
    }

    #[test]
    fn widening_reaches_the_32_bit_bounds_then_the_full_range() {
        let program = FlatProgram {
            kernels: vec![],
            functions: vec![],
            main: HostFunction { name: "main".into(), params: vec![], body: Block::default(), vars: vec![] },
            fault_sites: vec![],
            datatypes: vec![],
        };
        let mut analysis = Analysis::new(&program);
        let key = Key::Class(0);
        for hi in 1..=GROWTHS_BEFORE_WIDENING as i64 + 2 {
            analysis.update(key, Some(i(0, hi)));
        }
        assert_eq!(analysis.get(key), Some(i(0, I32_MAX)));
        analysis.update(key, Some(i(0, I32_MAX + 1)));
        assert_eq!(analysis.get(key), Some(i(0, i64::MAX)));
    }
}
