//! Differential testing of the whole pipeline: random, well-typed NESL
//! programs, each run on `interp` (the oracle), `flat` (flattened and
//! ILP-fused, on the flat-IR evaluator) and `opencl` (the default OpenCL
//! device, PoCL in CI); all must print the same and exit the same way.
//!
//! # The programs
//! [`ProgramGen`] builds a program from a seed: one or two `datatype`
//! declarations (two to four fields: scalars, pairs, sequences, strings),
//! then user functions (a recursion on an int that decreases to 0, a
//! divide-and-conquer recursion on a sequence that halves, a plain function
//! of two arguments, an int operator, two higher-order functions — a zip
//! with a function argument and a reduction by halving that takes one —
//! and, per datatype, a function whose parameter is a constructor pattern),
//! then top-level items: expressions and bindings of random types (a
//! binding's variable is used by later items), `print_string` of a string,
//! at top level and in an apply-to-each (once or twice per element, in
//! both branches of a conditional, in filters, and in a nested
//! apply-to-each after a print of the outer element),
//! `rand_seed` (at the top of a form, in a branch of a conditional,
//! inside `time`, or inside an apply-to-each: in each element, some of
//! them, a filter, a nested apply-to-each, a function called in parallel,
//! recursive or not, followed by an item that draws), and sometimes (one
//! program in twelve) a last item that faults on purpose.
//!
//! Types are ints, floats, bools, chars, strings (`[char]`), pairs, the
//! datatypes and sequences of all of these nested to depth 4. Expressions:
//! - apply-to-each in every binding form NESL 3.1's parser reads: one or
//!   two bindings (a second over a mapped copy of the first's sequence, or
//!   a bare variable `s` meaning `s in s`), tuple and datatype patterns,
//!   parenthesised or not (`a, b in zip(s, t)`), `:`-less bodies
//!   (`{x in s | c}`, `{i in [0:#fl]; fl | fl}`), filters, `{* }`, ranges
//!   `[a:b]` and `[a:b:k]` as sources, nested in each other;
//! - `let` (also with unparenthesised pair patterns and constructor
//!   patterns), `if`, `select`, `first`/`rest`, constructors (also applied
//!   to one tuple), literals (chars, strings, `[] T`), calls of the user
//!   functions, and functions passed as arguments (`max`, `min`, `diff`,
//!   the user operator, anonymous `(a, b) => e`);
//! - the builtins: arithmetic `+ - * / ^`, `rem`, `mod`, `diff`,
//!   `negate`, `abs`, `max`, `min`, `lshift`, `rshift`, `and`/`or`/`xor`/
//!   `not`/`nand`/`nor` on ints and bools, `isqrt`, `sqrt` (of squares),
//!   `btoi`, `char_code`, `code_char`, `float`, `round`, `trunc`,
//!   `floor`, `ceil`, `max_int`, `min_int`, `plusp`, `minusp`, `zerop`,
//!   `oddp`, `evenp`, comparisons of ints, floats and chars, `rand` (ints,
//!   and floats truncated to quarters), the value of `time` (`first(time(e))`,
//!   anywhere, apply-to-each included), `hash` and `eql` (of any value, also
//!   of nested sequences inside apply-to-each),
//!   `string_eql`, `#`, `length`, `elt`, indexing, `dist`, `zip`, `zip3`,
//!   `unzip`, `sum`, `product`, `count`, `parity`, `any`, `all`,
//!   `max_val`, `min_val`, `max_index`, `min_index`, `plus_scan`,
//!   `mult_scan`, `max_scan`, `min_scan`, `or_scan`, `and_scan`, `iseq`,
//!   `index`, `->`, `get`, `<-`, `put`, `rep`, `permute` (of a rank, a
//!   permutation), `rotate`, `reverse`, `pack`, `++`, `subseq`, `take`,
//!   `drop`, `odd_elts`, `even_elts`, `interleave`, `cons`, `snoc`,
//!   `length_from_flags`, `enumerate`, `partition`, `flatten`, `split`,
//!   `bottop`, `head_rest`, `rest_tail`, `transpose`, `sort`, `rank`,
//!   `collect`, `kth_smallest`, `median`, `find`, `search_for_subseqs`,
//!   `remove_duplicates`, `mark_duplicates`, `union`, `intersection`,
//!   `set_difference`, `name`, and on strings `@` (of every type),
//!   `exp_string`, `||`, `lowercase`, `uppercase`, `linify`, `wordify`,
//!   `parse_int` (of `@` of an int).
//!
//! Every program but the faulting ones is meant to run without a fault, so
//! that each item is compared: indexing is guarded by the length (and an
//! index is `abs(rem(k, 64))`, never `abs(min_int)`), counts are clamped,
//! `max_val` and the like are applied to non-empty sequences only, `<-`
//! writes at distinct positions (a prefix of a rank), divisors are nonzero
//! literals. Floats are sums and products of quarters, exact in binary, so
//! every backend and every reduction order prints the same digits; `rand`
//! of a float is truncated to quarters and `product`/`mult_scan` of floats
//! take at most three elements for the same reason.
//!
//! Not generated, and why: the transcendental functions (`sin`, `exp`,
//! `ln`, `expt`, `log`, ...: a device's libm may differ from the host's in
//! the last place, which the contract allows), the seconds of `time`
//! (they differ from run to run), `parse_float`, file I/O and plotting
//! (tested by `tests/programs`: concurrent trials would share the files),
//! printing inside functions and `rand_seed` in functions called at
//! the top (`tests/programs` has them). The library's less common helpers (`int_collect`,
//! `group_by`, `histogram`, `identity`, `nest`, `make_segdes`,
//! `const_put`, `print_char`, ...) are left to `tests/programs`; NESL 3.1
//! binds no `plus_reduce`-style names (its reductions are `sum`, `product`,
//! `max_val`, ...), so neither does nessie.
//!
//! The trials are those of `tests/programs.rs`: `interp`, `flat` (as
//! flattened), `fused` (ILP), `greedy`, `opencl`. A faulting program must
//! exit 3 on every backend with the same output before the fault and the
//! same first line of the message.
//!
//! # Running it
//! `cargo test --release --test random_programs` runs a bounded batch with
//! a fixed seed (CI). `NESSIE_RANDOM_PROGRAMS=N NESSIE_RANDOM_SEED=S` runs
//! `N` programs from seed `S`; `NESSIE_RANDOM_BACKENDS=interp,flat,fused,greedy` skips
//! OpenCL for large batches. `NESSIE_RANDOM_FOCUS=rand_seed` makes one item
//! in three a `rand_seed` inside an apply-to-each. The `opencl` trial runs when `nessie devices`
//! finds a device, or always when `NESSIE_REQUIRE_OPENCL` is set. A
//! disagreement keeps the program in `target/tmp/random-programs/` and
//! fails the test with the outputs of each backend (`NESSIE_RANDOM_KEEP=1`
//! keeps every program).
//!
//! The programs run in parallel, `NESSIE_RANDOM_JOBS=J` at a time (default:
//! one per core). Cargo runs the test binaries one after another, so
//! nothing else of the suite runs beside this test (the generator's check
//! beside it is short): with one job, one of CI's two cores sat idle for
//! the whole batch.
//! `NESSIE_RANDOM_DEVICE=nvidia` passes `--device nvidia` to the `opencl`
//! trial, and `NESSIE_BIN` names the `nessie` binary to run (by default
//! the one Cargo built), so that the test binary can be carried to a GPU
//! machine and run there (building kernels with the driver's default
//! options; on the default device they build with `-cl-opt-disable`, and
//! `NESSIE_TEST_CL_OPTIONS` overrides both). `NESSIE_RANDOM_SECONDS=T` stops starting new
//! programs after `T` seconds; the report says how many ran.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

#[path = "support/splitmix.rs"]
mod splitmix;
use splitmix::Rng;

/// The generator's picks of productions, beside `splitmix`'s own.
impl Rng {
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, options: &[&'a str]) -> &'a str {
        options[self.below(options.len())]
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Ty {
    Int,
    Float,
    Bool,
    Char,
    Pair(Box<Ty>, Box<Ty>),
    Seq(Box<Ty>),
    /// A datatype: its name and its fields' types.
    Data(String, Vec<Ty>),
}

impl Ty {
    fn seq(t: Ty) -> Ty {
        Ty::Seq(Box::new(t))
    }

    fn pair(a: Ty, b: Ty) -> Ty {
        Ty::Pair(Box::new(a), Box::new(b))
    }

    fn string() -> Ty {
        Ty::seq(Ty::Char)
    }

    /// How many sequence levels the type nests.
    fn depth(&self) -> usize {
        match self {
            Ty::Seq(t) => 1 + t.depth(),
            Ty::Pair(a, b) => a.depth().max(b.depth()),
            Ty::Data(_, fields) => fields.iter().map(Ty::depth).max().unwrap_or(0),
            _ => 0,
        }
    }

    fn is_scalar(&self) -> bool {
        matches!(self, Ty::Int | Ty::Float | Ty::Bool | Ty::Char)
    }

    fn is_ordinal(&self) -> bool {
        matches!(self, Ty::Int | Ty::Float | Ty::Char)
    }

    /// The type as NESL writes it (for `[] T`).
    fn nesl(&self) -> String {
        match self {
            Ty::Int => "int".into(),
            Ty::Float => "float".into(),
            Ty::Bool => "bool".into(),
            Ty::Char => "char".into(),
            Ty::Pair(a, b) => format!("({}, {})", a.nesl(), b.nesl()),
            Ty::Seq(t) => format!("[{}]", t.nesl()),
            Ty::Data(name, _) => name.clone(),
        }
    }
}

/// The most sequence levels a generated type nests.
const MAX_SEQ_DEPTH: usize = 4;

/// The user functions, in the order they are defined (a body calls only
/// earlier ones, and its own recursion is written out by its template).
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Defined {
    Nothing,
    RecInt,
    RecSeq,
    Plain,
    Op2,
    Higher,
    All,
}

/// Builds one random program.
struct ProgramGen {
    rng: Rng,
    /// Variables in scope, innermost last.
    scope: Vec<(String, Ty)>,
    /// Top-level bindings so far (visible to later items only).
    globals: Vec<(String, Ty)>,
    fresh: usize,
    defined: Defined,
    /// The datatypes: each name and its fields.
    datatypes: Vec<(String, Vec<Ty>)>,
    /// How many apply-to-each bodies or function bodies enclose the
    /// expression being built (0: top level, run once).
    parallel: usize,
    /// `NESSIE_RANDOM_FOCUS=rand_seed`: one item in three seeds inside an
    /// apply-to-each.
    focus_seeds: bool,
    /// The next item draws, to show the seed the last one left.
    draw_next: bool,
}

/// A generated program, and whether its last item faults on purpose.
struct Program {
    text: String,
    faults: bool,
}

/// Letters for string literals (no quote, backquote or escape).
const LETTERS: &[u8] = b"abcxyzABZ019 -";

/// Char literals.
const CHARS: &[u8] = b"abcxyzABZ019";

impl ProgramGen {
    fn new(seed: u64) -> ProgramGen {
        ProgramGen {
            rng: Rng(seed),
            scope: Vec::new(),
            globals: Vec::new(),
            fresh: 0,
            defined: Defined::Nothing,
            datatypes: Vec::new(),
            parallel: 0,
            focus_seeds: std::env::var("NESSIE_RANDOM_FOCUS").is_ok_and(|f| f.trim() == "rand_seed"),
            draw_next: false,
        }
    }

    fn name(&mut self, stem: &str) -> String {
        self.fresh += 1;
        format!("{stem}{}", self.fresh)
    }

    fn scalar(&mut self) -> Ty {
        match self.rng.below(12) {
            0..=3 => Ty::Int,
            4..=6 => Ty::Float,
            7 | 8 => Ty::Bool,
            9 => Ty::Char,
            _ => Ty::Int,
        }
    }

    /// A random type whose sequences nest at most `depth` levels.
    fn ty(&mut self, depth: usize) -> Ty {
        match self.rng.below(13) {
            0..=2 => self.scalar(),
            3 => Ty::pair(self.scalar(), self.scalar()),
            4 if !self.datatypes.is_empty() => {
                let (name, fields) = self.datatypes[self.rng.below(self.datatypes.len())].clone();
                let t = Ty::Data(name, fields);
                if t.depth() <= depth { t } else { self.scalar() }
            }
            _ if depth == 0 => self.scalar(),
            5 => Ty::seq(Ty::pair(self.scalar(), self.scalar())),
            6 => Ty::string(),
            _ => Ty::seq(self.ty(depth - 1)),
        }
    }

    /// A program: its datatypes and functions, then `items` top-level items.
    fn program(&mut self, items: usize) -> Program {
        let mut out = String::new();
        // Datatypes, whose fields are scalars, pairs and sequences.
        for _ in 0..self.rng.range(1, 2) {
            let name = self.name("dt");
            let fields: Vec<Ty> = (0..self.rng.range(2, 4)).map(|_| self.ty(1)).collect();
            let list: Vec<String> = fields.iter().map(Ty::nesl).collect();
            let _ = writeln!(out, "datatype {name}({});", list.join(", "));
            self.datatypes.push((name, fields));
        }
        // An int recursion whose first argument decreases to 0.
        self.parallel = 1;
        self.scope = vec![("n".into(), Ty::Int), ("acc".into(), Ty::Int)];
        let step = self.expr(&Ty::Int, 2);
        let _ = writeln!(out, "function rec_int(n, acc) = if n <= 0 then acc else rec_int(n - 1, {step});");
        self.defined = Defined::RecInt;
        // A divide-and-conquer recursion on a sequence that halves.
        self.scope = vec![("s".into(), Ty::seq(Ty::Int))];
        let base = self.expr(&Ty::seq(Ty::Int), 2);
        let _ = writeln!(
            out,
            "function rec_seq(s) = if #s < 2 then {base} else let h = #s / 2 in rec_seq(take(s, h)) ++ rec_seq(drop(s, h));"
        );
        self.defined = Defined::RecSeq;
        // A plain function.
        self.scope = vec![("x".into(), Ty::Int), ("y".into(), Ty::Float)];
        let body = self.expr(&Ty::Float, 3);
        let _ = writeln!(out, "function plain(x, y) = {body};");
        self.defined = Defined::Plain;
        // An int operator, to pass to the higher-order functions.
        self.scope = vec![("a".into(), Ty::Int), ("b".into(), Ty::Int)];
        let body = self.expr(&Ty::Int, 2);
        let _ = writeln!(out, "function op2(a, b) = {body};");
        self.defined = Defined::Op2;
        // Higher-order functions: a zip with a function, and a reduction
        // by halving (a fixed tree, so any function gives one answer).
        let _ = writeln!(out, "function hof_zip(g, xs, ys) = {{g(x, y) : x in xs; y in ys}};");
        let _ = writeln!(
            out,
            "function hof_reduce(g, xs, z) = if #xs == 0 then z else if #xs == 1 then g(z, xs[0]) \
             else let h = #xs / 2 in g(hof_reduce(g, take(xs, h), z), hof_reduce(g, drop(xs, h), z));"
        );
        // Functions that seed, called inside apply-to-each: in one branch,
        // and at every depth of a recursion.
        let _ = writeln!(out, "function reseed_when(b, s) = if b then rand_seed(s) else f;");
        let _ = writeln!(
            out,
            "function reseed_down(n, s) = let ok = rand_seed(s) in if n <= 0 then ok else reseed_down(n - 1, s * 3 + n);"
        );
        self.defined = Defined::Higher;
        // Per datatype, a function taking one apart in its parameter.
        for (name, fields) in self.datatypes.clone() {
            self.scope.clear();
            let pattern = self.constructor_pattern(&name, &fields);
            self.scope.push(("k".into(), Ty::Int));
            let body = self.expr(&Ty::Int, 2);
            let _ = writeln!(out, "function of_{name}({pattern}, k) = {body};");
        }
        self.defined = Defined::All;
        self.parallel = 0;
        self.scope.clear();
        for _ in 0..items {
            let item = self.item();
            let _ = writeln!(out, "{item};");
        }
        let faults = self.rng.chance(8);
        if faults {
            let item = self.fault();
            let _ = writeln!(out, "{item};");
        }
        Program { text: out, faults }
    }

    /// One top-level item (without its `;`).
    fn item(&mut self) -> String {
        self.scope = self.globals.clone();
        if std::mem::take(&mut self.draw_next) {
            // Draws on the host and in parallel under the seed the item
            // before left.
            return "(rand(1000000), {rand(1000) : i in [0:3]})".to_string();
        }
        if self.focus_seeds && self.rng.chance(33) {
            return self.seeds_in_parallel();
        }
        match self.rng.below(20) {
            0 => {
                let s = self.string_expr(3);
                format!("print_string({s})")
            }
            1 => {
                // Printing in an apply-to-each: once or twice per element.
                let elem = self.ty(1);
                let source = self.expr(&Ty::seq(elem.clone()), 3);
                let mark = self.scope.len();
                let pattern = self.pattern(&elem, true);
                self.parallel += 1;
                let text = self.string_expr(2);
                let body = match self.rng.below(6) {
                    0 | 1 => format!("print_string({text})"),
                    2 => {
                        let second = self.string_expr(2);
                        format!("(print_string({text}), print_string({second}))")
                    }
                    3 => {
                        // Prints in both branches of a conditional.
                        let cond = self.expr(&Ty::Bool, 2);
                        let (second, third) = (self.string_expr(1), self.string_expr(1));
                        format!(
                            "if {cond} then print_string({text}) else print_string({second}) and print_string({third})"
                        )
                    }
                    _ => {
                        // A nested apply-to-each printing once or twice per
                        // element, after a print of the outer element.
                        let inner_elem = self.ty(1);
                        let inner_source = self.expr(&Ty::seq(inner_elem.clone()), 2);
                        let inner_mark = self.scope.len();
                        let inner_pattern = self.pattern(&inner_elem, true);
                        self.parallel += 1;
                        let inner_text = self.string_expr(1);
                        let inner_filter = if self.rng.chance(30) {
                            format!(" | print_string({}) and {}", self.string_expr(1), self.expr(&Ty::Bool, 1))
                        } else {
                            String::new()
                        };
                        self.parallel -= 1;
                        self.scope.truncate(inner_mark);
                        format!(
                            "print_string({text}) and all({{print_string({inner_text}) : {inner_pattern} in {inner_source}{inner_filter}}})"
                        )
                    }
                };
                let filter = match self.rng.below(10) {
                    0..=1 => format!(" | {}", self.expr(&Ty::Bool, 2)),
                    2..=3 => format!(" | print_string({}) and {}", self.string_expr(1), self.expr(&Ty::Bool, 2)),
                    _ => String::new(),
                };
                self.parallel -= 1;
                self.scope.truncate(mark);
                format!("{{{body} : {pattern} in {source}{filter}}}")
            }
            2 => {
                // `rand_seed` at the top of a form, in a branch of a
                // conditional, inside `time`, or inside an apply-to-each:
                // it sets the seed of the later forms on every backend.
                let seed = format!("rand_seed({})", self.rng.range(0, 1000));
                match self.rng.below(7) {
                    0 | 1 => seed,
                    2 => {
                        let cond = self.expr(&Ty::Bool, 2);
                        if self.rng.chance(50) {
                            format!("if {cond} then {seed} else f")
                        } else {
                            format!("if {cond} then f else {seed}")
                        }
                    }
                    3 => format!("first(time({seed}))"),
                    _ => self.seeds_in_parallel(),
                }
            }
            3..=5 => {
                let ty = self.ty(MAX_SEQ_DEPTH - 1);
                let e = self.expr(&ty, 4);
                let g = self.name("g");
                self.globals.push((g.clone(), ty));
                format!("{g} = {e}")
            }
            _ => {
                let ty = self.ty(MAX_SEQ_DEPTH - 1);
                self.expr(&ty, 4)
            }
        }
    }

    /// An apply-to-each whose elements call `rand_seed` with a seed of the
    /// element: each, some of them (a branch, a filter, `reseed_when`),
    /// at every depth of a recursion (`reseed_down`), or in a nested
    /// apply-to-each; the next item draws under the seed the last one set.
    fn seeds_in_parallel(&mut self) -> String {
        self.draw_next = true;
        let elem = self.ty(1);
        let source = self.expr(&Ty::seq(elem.clone()), 3);
        let mark = self.scope.len();
        let pattern = self.pattern(&elem, true);
        self.parallel += 1;
        let seed = self.expr(&Ty::Int, 2);
        let body = match self.rng.below(6) {
            0 => format!("rand_seed({seed})"),
            1 => {
                let cond = self.expr(&Ty::Bool, 2);
                format!("if {cond} then rand_seed({seed}) else f")
            }
            2 => format!("reseed_when({}, {seed})", self.expr(&Ty::Bool, 2)),
            3 => format!("reseed_down(rem({}, 4), {seed})", self.expr(&Ty::Int, 1)),
            _ => {
                let inner_elem = self.ty(1);
                let inner_source = self.expr(&Ty::seq(inner_elem.clone()), 2);
                let inner_mark = self.scope.len();
                let inner_pattern = self.pattern(&inner_elem, true);
                self.parallel += 1;
                let inner_seed = self.expr(&Ty::Int, 2);
                let inner_filter =
                    if self.rng.chance(30) { format!(" | {}", self.expr(&Ty::Bool, 1)) } else { String::new() };
                self.parallel -= 1;
                self.scope.truncate(inner_mark);
                format!("all({{rand_seed({inner_seed}) : {inner_pattern} in {inner_source}{inner_filter}}})")
            }
        };
        let filter = match self.rng.below(10) {
            0..=1 => format!(" | {}", self.expr(&Ty::Bool, 2)),
            2..=3 => format!(" | rand_seed({}) or {}", self.expr(&Ty::Int, 1), self.expr(&Ty::Bool, 2)),
            _ => String::new(),
        };
        self.parallel -= 1;
        self.scope.truncate(mark);
        format!("{{{body} : {pattern} in {source}{filter}}}")
    }

    /// An item that faults: exactly one faulting operation, with a
    /// deterministic message.
    fn fault(&mut self) -> String {
        self.scope.clear();
        let s = self.name("s");
        let n = self.rng.range(2, 5);
        let seq = format!("index({n})");
        match self.rng.below(8) {
            0 => format!("(let {s} = {seq} in {s}[#{s} + {}])", self.rng.range(0, 3)),
            1 => format!("{{x / (x - {}) : x in {seq}}}", self.rng.range(0, n - 1)),
            2 => format!("zip({seq}, index({}))", n + self.rng.range(1, 3)),
            3 => format!("{{head_rest(take({seq}, x)) : x in [{}, 0]}}", self.rng.range(1, 3)),
            4 => format!("permute({seq}, dist({}, {n}))", self.rng.range(0, n - 1)),
            5 => format!("{{isqrt(x - 1) : x in {seq}}}"),
            6 => format!("(let {s} = {seq} in {{{s}[x + 1] : x in {s} | x == {}}})", n - 1),
            _ => format!("{{code_char(x * 300) : x in {seq} | x == {}}}", n - 1),
        }
    }

    fn var_of(&mut self, ty: &Ty) -> Option<String> {
        let found: Vec<&String> = self.scope.iter().filter(|(_, t)| t == ty).map(|(n, _)| n).collect();
        if found.is_empty() { None } else { Some(found[self.rng.below(found.len())].clone()) }
    }

    /// A small non-negative int (for counts and lengths).
    fn small(&mut self, depth: usize) -> String {
        let e = self.expr(&Ty::Int, depth.min(2));
        format!("rem(abs(rem({e}, 64)), {})", self.rng.range(2, 6))
    }

    fn letter(&mut self) -> char {
        LETTERS[self.rng.below(LETTERS.len())] as char
    }

    fn leaf(&mut self, ty: &Ty) -> String {
        if self.rng.chance(80)
            && let Some(v) = self.var_of(ty)
        {
            return v;
        }
        match ty {
            Ty::Int => self.rng.range(-4, 12).to_string(),
            Ty::Float => float_literal(self.rng.range(-12, 12)),
            Ty::Bool => if self.rng.chance(50) { "t" } else { "f" }.into(),
            Ty::Char => format!("`{}", CHARS[self.rng.below(CHARS.len())] as char),
            Ty::Pair(a, b) => format!("({}, {})", self.leaf(a), self.leaf(b)),
            Ty::Data(name, fields) => {
                let items: Vec<String> = fields.iter().map(|f| self.leaf(f)).collect();
                format!("{name}({})", items.join(", "))
            }
            Ty::Seq(t) if **t == Ty::Char && self.rng.chance(70) => {
                let text: String = (0..self.rng.range(0, 6)).map(|_| self.letter()).collect();
                format!("\"{text}\"")
            }
            Ty::Seq(t) => {
                if self.rng.chance(15) {
                    return format!("[] {}", t.nesl());
                }
                let n = self.rng.range(1, 4);
                let items: Vec<String> = (0..n).map(|_| self.leaf(t)).collect();
                format!("[{}]", items.join(", "))
            }
        }
    }

    /// An expression of type `ty` at most about `depth` constructs deep.
    /// An expression of type `ty` evaluated once per element: `bound` in
    /// scope (an apply-to-each's bindings) and one level deeper in parallel.
    fn element_expr(&mut self, bound: &[(&str, Ty)], ty: &Ty, depth: usize) -> String {
        let mark = self.scope.len();
        self.scope.extend(bound.iter().map(|(name, t)| (name.to_string(), t.clone())));
        self.parallel += 1;
        let e = self.expr(ty, depth);
        self.parallel -= 1;
        self.scope.truncate(mark);
        e
    }

    fn expr(&mut self, ty: &Ty, depth: usize) -> String {
        if depth == 0 || self.rng.chance(15) {
            return self.leaf(ty);
        }
        let d = depth - 1;
        // Forms of any type.
        match self.rng.below(18) {
            0 => {
                let t = self.ty(MAX_SEQ_DEPTH.saturating_sub(ty.depth() + 1).min(2));
                let bound = self.expr(&t, d);
                let mark = self.scope.len();
                let pattern = self.pattern(&t, true);
                let body = self.expr(ty, d);
                self.scope.truncate(mark);
                return format!("(let {pattern} = {bound} in {body})");
            }
            1 => {
                let c = self.expr(&Ty::Bool, d);
                return format!("(if {c} then {} else {})", self.expr(ty, d), self.expr(ty, d));
            }
            2 => return self.indexed(ty, d),
            3 => {
                // Taking a pair apart with a pattern, or `first`/`rest`.
                let other = self.ty(0);
                let first = self.rng.chance(50);
                let (ta, tb) = if first { (ty.clone(), other) } else { (other, ty.clone()) };
                let p = self.expr(&Ty::pair(ta.clone(), tb.clone()), d);
                if self.rng.chance(30) {
                    return format!("{}({p})", if first { "first" } else { "rest" });
                }
                let (a, b) = (self.name("p"), self.name("q"));
                self.scope.push((a.clone(), ta));
                self.scope.push((b.clone(), tb));
                let body = if self.rng.chance(50) { self.expr(ty, d) } else { (if first { &a } else { &b }).clone() };
                self.scope.truncate(self.scope.len() - 2);
                let pattern = if self.rng.chance(50) { format!("({a}, {b})") } else { format!("{a}, {b}") };
                return format!("(let {pattern} = {p} in {body})");
            }
            4 => {
                let c = self.expr(&Ty::Bool, d.min(2));
                return format!("select({c}, {}, {})", self.expr(ty, d), self.expr(ty, d));
            }
            5 if !self.datatypes.is_empty() => {
                // A datatype taken apart by a constructor pattern.
                let (name, fields) = self.datatypes[self.rng.below(self.datatypes.len())].clone();
                let value = self.expr(&Ty::Data(name.clone(), fields.clone()), d);
                let mark = self.scope.len();
                let pattern = self.constructor_pattern(&name, &fields);
                let body = self.expr(ty, d);
                self.scope.truncate(mark);
                return format!("(let {pattern} = {value} in {body})");
            }
            _ => {}
        }
        match ty {
            Ty::Int => self.int_expr(d),
            Ty::Float => self.float_expr(d),
            Ty::Bool => self.bool_expr(d),
            Ty::Char => self.char_expr(d),
            Ty::Pair(a, b) => self.pair_expr(a, b, d),
            Ty::Data(name, fields) => {
                let items: Vec<String> = fields.iter().map(|f| self.expr(f, d)).collect();
                if fields.len() > 1 && self.rng.chance(25) {
                    // A constructor applied to one tuple.
                    let p = self.name("p");
                    format!("(let {p} = ({}) in {name}({p}))", items.join(", "))
                } else {
                    format!("{name}({})", items.join(", "))
                }
            }
            Ty::Seq(t) if **t == Ty::Char && self.rng.chance(40) => self.string_expr(d),
            Ty::Seq(t) => self.seq_expr(t, d),
        }
    }

    fn pair_expr(&mut self, a: &Ty, b: &Ty, d: usize) -> String {
        let s = self.name("s");
        match (a, b) {
            (Ty::Seq(x), Ty::Seq(y)) if self.rng.chance(40) => {
                format!("unzip({})", self.expr(&Ty::seq(Ty::pair((**x).clone(), (**y).clone())), d))
            }
            (x, Ty::Seq(y)) if x == &**y && self.rng.chance(40) => {
                let seq = self.expr(b, d);
                let default = self.leaf(a);
                format!("(let {s} = {seq} in if #{s} == 0 then ({default}, {s}) else head_rest({s}))")
            }
            (Ty::Seq(x), y) if y == &**x && self.rng.chance(40) => {
                let seq = self.expr(a, d);
                let default = self.leaf(b);
                format!("(let {s} = {seq} in if #{s} == 0 then ({s}, {default}) else rest_tail({s}))")
            }
            (Ty::Int, Ty::Bool) if self.rng.chance(30) => {
                let e = self.expr(&Ty::Int, d);
                format!("parse_int(@{e})")
            }
            _ => format!("({}, {})", self.expr(a, d), self.expr(b, d)),
        }
    }

    /// `s[k]` (or `elt(s, k)`) of a non-empty `s`, else a default.
    fn indexed(&mut self, ty: &Ty, d: usize) -> String {
        let s = self.name("s");
        let seq = self.expr(&Ty::seq(ty.clone()), d);
        let k = self.expr(&Ty::Int, d.min(2));
        let default = self.leaf(ty);
        let i = format!("rem(abs(rem({k}, 64)), #{s})");
        let read = if self.rng.chance(20) { format!("elt({s}, {i})") } else { format!("{s}[{i}]") };
        format!("(let {s} = {seq} in if #{s} == 0 then {default} else {read})")
    }

    /// A function of two ints to pass as an argument.
    fn int_function(&mut self) -> String {
        match self.rng.below(5) {
            0 => "max".into(),
            1 => "min".into(),
            2 => "diff".into(),
            3 => "op2".into(),
            _ => {
                // An anonymous function uses only its own parameters.
                let saved = std::mem::replace(&mut self.scope, vec![("a".into(), Ty::Int), ("b".into(), Ty::Int)]);
                self.parallel += 1;
                let body = self.expr(&Ty::Int, 1);
                self.parallel -= 1;
                self.scope = saved;
                format!("(a, b) => {body}")
            }
        }
    }

    fn int_expr(&mut self, d: usize) -> String {
        match self.rng.below(32) {
            0 | 1 => {
                let op = self.rng.pick(&["+", "-", "*"]);
                format!("({} {op} {})", self.expr(&Ty::Int, d), self.expr(&Ty::Int, d))
            }
            2 => {
                let t = self.ty(2);
                let f = self.rng.pick(&["#", "length"]);
                if f == "#" {
                    format!("#{}", self.expr(&Ty::seq(t), d))
                } else {
                    format!("length({})", self.expr(&Ty::seq(t), d))
                }
            }
            3 => {
                let f = self.rng.pick(&["sum", "product"]);
                format!("{f}({})", self.expr(&Ty::seq(Ty::Int), d))
            }
            4 => format!("count({})", self.expr(&Ty::seq(Ty::Bool), d)),
            5 => {
                let f = self.rng.pick(&["rem", "mod", "/"]);
                let mut k = self.rng.range(1, 7);
                if self.rng.chance(30) {
                    k = -k;
                }
                let e = self.expr(&Ty::Int, d);
                if f == "/" { format!("({e} / {k})") } else { format!("{f}({e}, {k})") }
            }
            6 => {
                let f = self.rng.pick(&["max", "min", "diff"]);
                format!("{f}({}, {})", self.expr(&Ty::Int, d), self.expr(&Ty::Int, d))
            }
            7 => {
                let s = self.name("s");
                let t = self.rng.pick(&["int", "int", "float", "char"]);
                let ty = match t {
                    "float" => Ty::Float,
                    "char" => Ty::Char,
                    _ => Ty::Int,
                };
                let seq = self.expr(&Ty::seq(ty.clone()), d);
                match self.rng.below(4) {
                    0 => {
                        let k = self.expr(&Ty::Int, d.min(1));
                        format!(
                            "(let {s} = {seq} in if #{s} == 0 then 0 else {}(kth_smallest({s}, rem(abs(rem({k}, 64)), #{s}))))",
                            to_int(&ty)
                        )
                    }
                    1 => format!("(let {s} = {seq} in if #{s} == 0 then 0 else {}(median({s})))", to_int(&ty)),
                    _ => {
                        let f = self.rng.pick(&["max_val", "min_val"]);
                        format!("(let {s} = {seq} in if #{s} == 0 then 0 else {}({f}({s})))", to_int(&ty))
                    }
                }
            }
            8 if self.defined >= Defined::RecInt => format!("rec_int({}, {})", self.small(d), self.expr(&Ty::Int, d)),
            9 => {
                let f = self.rng.pick(&["round", "trunc", "floor", "ceil"]);
                format!("{f}({})", self.expr(&Ty::Float, d))
            }
            10 => {
                let s = self.name("s");
                let t = self.rng.pick(&["int", "float", "char"]);
                let ty = match t {
                    "float" => Ty::Float,
                    "char" => Ty::Char,
                    _ => Ty::Int,
                };
                let seq = self.expr(&Ty::seq(ty), d);
                let f = self.rng.pick(&["max_index", "min_index"]);
                format!("(let {s} = {seq} in if #{s} == 0 then -1 else {f}({s}))")
            }
            11 => {
                let f = self.rng.pick(&["lshift", "rshift"]);
                format!("{f}({}, {})", self.expr(&Ty::Int, d), self.rng.range(0, 7))
            }
            12 => {
                let op = self.rng.pick(&["and", "or", "xor", "nand", "nor"]);
                format!("({} {op} {})", self.expr(&Ty::Int, d), self.expr(&Ty::Int, d))
            }
            13 => {
                let f = self.rng.pick(&["not", "negate", "abs"]);
                format!("{f}({})", self.expr(&Ty::Int, d))
            }
            14 => format!("isqrt(abs(rem({}, 100000)))", self.expr(&Ty::Int, d)),
            15 => format!("btoi({})", self.expr(&Ty::Bool, d)),
            16 => format!("char_code({})", self.expr(&Ty::Char, d)),
            17 => {
                let draw = format!(
                    "rand({})",
                    if self.rng.chance(50) {
                        format!("1 + {}", self.small(d))
                    } else {
                        self.rng.range(1, 1000).to_string()
                    }
                );
                // The value of a `time` (its seconds differ from run to
                // run), also inside an apply-to-each.
                if self.rng.chance(25) { format!("first(time({draw} + {}))", self.expr(&Ty::Int, d)) } else { draw }
            }
            18 => {
                let t = self.ty(2);
                format!("hash({}, {})", self.expr(&t, d), self.rng.range(1, 1000))
            }
            19 => {
                let t = self.ty(1);
                let x = self.expr(&t, d);
                format!("find({x}, {})", self.expr(&Ty::seq(t), d))
            }
            20 => {
                let f = self.rng.pick(&["max", "min"]);
                let c = self.rng.pick(&["max_int", "min_int"]);
                format!("{f}({}, {c})", self.expr(&Ty::Int, d))
            }
            21 if self.defined >= Defined::Higher => {
                let f = self.int_function();
                let z = self.expr(&Ty::Int, d.min(1));
                format!("hof_reduce({f}, {}, {z})", self.expr(&Ty::seq(Ty::Int), d))
            }
            22 if self.defined >= Defined::All && !self.datatypes.is_empty() => {
                let (name, fields) = self.datatypes[self.rng.below(self.datatypes.len())].clone();
                let value = self.expr(&Ty::Data(name.clone(), fields), d);
                format!("of_{name}({value}, {})", self.expr(&Ty::Int, d))
            }
            23 if self.defined >= Defined::Op2 => {
                format!("op2({}, {})", self.expr(&Ty::Int, d), self.expr(&Ty::Int, d))
            }
            24 => {
                // `^` of a small exponent.
                format!("(rem({}, 100) ^ {})", self.expr(&Ty::Int, d), self.rng.range(0, 3))
            }
            _ => self.leaf(&Ty::Int),
        }
    }

    fn float_expr(&mut self, d: usize) -> String {
        match self.rng.below(18) {
            0 | 1 => {
                let op = self.rng.pick(&["+", "-", "*"]);
                format!("({} {op} {})", self.expr(&Ty::Float, d), self.expr(&Ty::Float, d))
            }
            // Below 2^20 in magnitude, so that `round` of it, or of a
            // product of a few such floats, fits an int (`float(max_int)` is
            // 2^63, which does not: `round` faults).
            2 => format!("float(rem({}, 1048576))", self.expr(&Ty::Int, d)),
            3 => format!("sum({})", self.expr(&Ty::seq(Ty::Float), d)),
            4 if self.defined >= Defined::Plain => {
                format!("plain({}, {})", self.expr(&Ty::Int, d), self.expr(&Ty::Float, d))
            }
            5 => format!("({} / 4.0)", self.expr(&Ty::Float, d)),
            6 => {
                let f = self.rng.pick(&["max", "min", "diff"]);
                format!("{f}({}, {})", self.expr(&Ty::Float, d), self.expr(&Ty::Float, d))
            }
            7 => {
                let f = self.rng.pick(&["negate", "abs"]);
                format!("{f}({})", self.expr(&Ty::Float, d))
            }
            8 => {
                let x = self.name("x");
                format!("(let {x} = {} in sqrt({x} * {x}))", self.expr(&Ty::Float, d))
            }
            9 => format!("(float(trunc(rand({}) * 4.0)) / 4.0)", float_literal(self.rng.range(1, 40))),
            10 => {
                let s = self.name("s");
                format!("(let {s} = {} in product(take({s}, min(#{s}, 3))))", self.expr(&Ty::seq(Ty::Float), d))
            }
            11 => format!("({} ^ {})", self.expr(&Ty::Float, d), self.rng.range(0, 2)),
            _ => self.leaf(&Ty::Float),
        }
    }

    fn bool_expr(&mut self, d: usize) -> String {
        match self.rng.below(16) {
            0 | 1 => {
                let t = [Ty::Int, Ty::Float, Ty::Char][self.rng.below(3)].clone();
                let op = self.rng.pick(&["==", "/=", "<", "<=", ">", ">="]);
                format!("({} {op} {})", self.expr(&t, d), self.expr(&t, d))
            }
            2 => {
                let op = self.rng.pick(&["and", "or", "xor"]);
                format!("({} {op} {})", self.expr(&Ty::Bool, d), self.expr(&Ty::Bool, d))
            }
            3 => {
                if self.rng.chance(50) {
                    format!("not({})", self.expr(&Ty::Bool, d))
                } else {
                    let op = self.rng.pick(&["nand", "nor"]);
                    format!("({} {op} {})", self.expr(&Ty::Bool, d), self.expr(&Ty::Bool, d))
                }
            }
            4 => {
                let f = self.rng.pick(&["any", "all", "parity"]);
                format!("{f}({})", self.expr(&Ty::seq(Ty::Bool), d))
            }
            5 => {
                let f = self.rng.pick(&["evenp", "oddp", "plusp", "minusp", "zerop"]);
                format!("{f}({})", self.expr(&Ty::Int, d))
            }
            6 => {
                let f = self.rng.pick(&["plusp", "minusp", "zerop"]);
                format!("{f}({})", self.expr(&Ty::Float, d))
            }
            7 | 8 => {
                // Deep equality, of nested sequences too.
                let t = self.ty(2);
                format!("eql({}, {})", self.expr(&t, d), self.expr(&t, d))
            }
            9 => format!("string_eql({}, {})", self.expr(&Ty::string(), d), self.expr(&Ty::string(), d)),
            _ => self.leaf(&Ty::Bool),
        }
    }

    fn char_expr(&mut self, d: usize) -> String {
        match self.rng.below(5) {
            0 => format!("code_char(97 + rem(abs(rem({}, 64)), 26))", self.expr(&Ty::Int, d)),
            1 => {
                let f = self.rng.pick(&["max", "min"]);
                format!("{f}({}, {})", self.expr(&Ty::Char, d), self.expr(&Ty::Char, d))
            }
            _ => self.leaf(&Ty::Char),
        }
    }

    /// A string: a literal, `@` of any value, `exp_string`, padding,
    /// case changes, appends.
    fn string_expr(&mut self, d: usize) -> String {
        if d == 0 {
            return self.leaf(&Ty::string());
        }
        let d = d - 1;
        match self.rng.below(8) {
            0 | 1 => {
                let t = self.ty(2);
                format!("@{}", paren(self.expr(&t, d)))
            }
            2 => format!("({} ++ {})", self.string_expr(d), self.string_expr(d)),
            3 => format!("exp_string({}, {})", self.expr(&Ty::Float, d), self.rng.range(1, 6)),
            4 => format!("({} || {})", self.string_expr(d), self.rng.range(-8, 8)),
            5 => {
                let f = self.rng.pick(&["lowercase", "uppercase"]);
                format!("{f}({})", self.string_expr(d))
            }
            _ => self.leaf(&Ty::string()),
        }
    }

    /// An expression of type `[t]`.
    fn seq_expr(&mut self, t: &Ty, d: usize) -> String {
        let st = Ty::seq(t.clone());
        let numeric = matches!(t, Ty::Int | Ty::Float);
        match self.rng.below(20) {
            0..=4 => self.apply_to_each(t, d),
            5 => {
                let items: Vec<String> = (0..self.rng.range(1, 3)).map(|_| self.expr(t, d)).collect();
                format!("[{}]", items.join(", "))
            }
            6 => format!("dist({}, {})", self.expr(t, d), self.small(d)),
            7 if t.depth() + 1 < MAX_SEQ_DEPTH => format!("flatten({})", self.expr(&Ty::seq(st.clone()), d)),
            8 => format!("({} ++ {})", self.expr(&st, d), self.expr(&st, d)),
            9 => format!("reverse({})", self.expr(&st, d)),
            10 => {
                let s = self.name("s");
                let seq = self.expr(&st, d);
                let n = self.small(d);
                let f = self.rng.pick(&["take", "drop"]);
                format!("(let {s} = {seq} in {f}({s}, min({n}, #{s})))")
            }
            11 if numeric => {
                if *t == Ty::Int || self.rng.chance(50) {
                    let f = self.rng.pick(&["plus_scan", "plus_scan", "mult_scan"]);
                    let e = self.expr(&st, d);
                    if f == "mult_scan" && *t == Ty::Float {
                        let s = self.name("s");
                        format!("(let {s} = {e} in mult_scan(take({s}, min(#{s}, 3))))")
                    } else {
                        format!("{f}({e})")
                    }
                } else {
                    format!("plus_scan({})", self.expr(&st, d))
                }
            }
            12 if t.is_ordinal() => format!("sort({})", self.expr(&st, d)),
            13 if *t == Ty::Int => {
                if self.defined < Defined::RecSeq || self.rng.chance(50) {
                    match self.rng.below(3) {
                        0 => format!("index({})", self.small(d)),
                        1 => format!("[{}:{}]", self.rng.range(-3, 3), self.rng.range(-3, 8)),
                        _ => format!("[{}:{}:{}]", self.rng.range(-3, 3), self.rng.range(-3, 12), self.rng.range(1, 3)),
                    }
                } else {
                    format!("rec_seq({})", self.expr(&st, d))
                }
            }
            14 => match t {
                Ty::Pair(a, b) => {
                    let s = self.name("s");
                    let x = self.name("x");
                    let left = self.expr(&Ty::seq((**a).clone()), d);
                    let right = self.element_expr(&[(&x, (**a).clone())], b, d);
                    match &**b {
                        Ty::Pair(..) if self.rng.chance(50) => {
                            // zip3 of three sequences of one length.
                            let (u, v) = (self.name("u"), self.name("v"));
                            format!(
                                "(let {s} = {left}; ({u}, {v}) = unzip({{{right} : {x} in {s}}}) in zip3({s}, {u}, {v}))"
                            )
                        }
                        _ => format!("(let {s} = {left} in zip({s}, {{{right} : {x} in {s}}}))"),
                    }
                }
                _ => self.apply_to_each(t, d),
            },
            15 | 16 => self.seq_library(t, d),
            17 => self.seq_more(t, d),
            _ => self.apply_to_each(t, d),
        }
    }

    /// The rest of the sequence library, where it applies to `[t]`.
    fn seq_library(&mut self, t: &Ty, d: usize) -> String {
        let st = Ty::seq(t.clone());
        let s = self.name("s");
        match (self.rng.below(12), t) {
            (0, Ty::Int) => {
                let f = self.rng.pick(&["max_scan", "min_scan", "rank", "enumerate", "length_from_flags", "name"]);
                match f {
                    "enumerate" | "length_from_flags" => format!("{f}({})", self.expr(&Ty::seq(Ty::Bool), d)),
                    "name" => {
                        let u = self.hashable_ty();
                        format!("name({})", self.expr(&Ty::seq(u), d))
                    }
                    _ => format!("{f}({})", self.expr(&st, d)),
                }
            }
            (0, Ty::Bool) => {
                let f = self.rng.pick(&["or_scan", "and_scan", "mark_duplicates"]);
                if f == "mark_duplicates" {
                    let u = self.hashable_ty();
                    format!("mark_duplicates({})", self.expr(&Ty::seq(u), d))
                } else {
                    format!("{f}({})", self.expr(&st, d))
                }
            }
            (1, _) => {
                let f = self.rng.pick(&["odd_elts", "even_elts"]);
                format!("{f}({})", self.expr(&st, d))
            }
            (2, _) => {
                let seq = self.expr(&st, d);
                let k = self.expr(&Ty::Int, d.min(2));
                format!("(let {s} = {seq} in rotate({s}, rem(abs(rem({k}, 64)), #{s} + 1)))")
            }
            (3, _) => {
                // Reading at indices that are in range.
                let seq = self.expr(&st, d);
                let i = self.name("i");
                let idx = self.expr(&Ty::seq(Ty::Int), d);
                let empty = t.nesl();
                let f = self.rng.pick(&["->", "->", "get"]);
                let positions = format!("{{rem(abs(rem({i}, 64)), #{s}) : {i} in {idx}}}");
                let read = if f == "get" { format!("get({s}, {positions})") } else { format!("{s} -> {positions}") };
                format!("(let {s} = {seq} in if #{s} == 0 then [] {empty} else {read})")
            }
            (4, _) => {
                let seq = self.expr(&st, d);
                let flags = self.name("x");
                let keep = self.expr(&Ty::Bool, d.min(2));
                let pred = self.element_expr(&[(&flags, t.clone())], &Ty::Bool, d.min(2));
                format!("(let {s} = {seq} in pack(zip({s}, {{{pred} or {keep} : {flags} in {s}}})))")
            }
            (5, _) => {
                let lo = self.rng.range(-3, 3);
                let stride = self.rng.range(1, 3);
                let n = self.small(d);
                match t {
                    Ty::Int => format!("iseq({lo}, {stride}, {lo} + {n})"),
                    _ => {
                        let j = self.name("j");
                        let e = self.element_expr(&[(&j, Ty::Int)], t, d);
                        format!("{{{e} : {j} in iseq({lo}, {stride}, {lo} + {n})}}")
                    }
                }
            }
            (6, Ty::Seq(inner)) if t.depth() < MAX_SEQ_DEPTH => {
                // A rectangular matrix, transposed. The row length is bound
                // once: evaluated per row, a `rand` inside it (through a
                // user function) would make the rows differ.
                let rows = self.small(d);
                let cols = self.small(d);
                let (r, c, k) = (self.name("r"), self.name("c"), self.name("k"));
                let e = self.element_expr(&[(&r, Ty::Int), (&c, Ty::Int)], inner, d.min(2));
                format!("(let {k} = {cols} in transpose({{{{{e} : {c} in index({k})}} : {r} in index({rows})}}))")
            }
            (7, _) => {
                // `permute` by a rank, which is a permutation.
                let seq = self.expr(&st, d);
                let x = self.name("x");
                let key = self.element_expr(&[(&x, t.clone())], &Ty::Int, d.min(2));
                format!("(let {s} = {seq} in permute({s}, rank({{{key} : {x} in {s}}})))")
            }
            (8, _) => {
                // `<-`, `put` and `rep` at distinct positions.
                let seq = self.expr(&st, d);
                let x = self.name("x");
                let key = self.element_expr(&[(&x, t.clone())], &Ty::Int, d.min(2));
                let m = self.small(d);
                let i = self.name("i");
                let v = self.element_expr(&[(&i, Ty::Int)], t, d.min(2));
                let positions = format!("take(rank({{{key} : {x} in {s}}}), min({m}, #{s}))");
                match self.rng.below(3) {
                    0 => format!("(let {s} = {seq} in {s} <- {{({i}, {v}) : {i} in {positions}}})"),
                    1 => format!("(let {s} = {seq}; {i}s = {positions} in put({{{v} : {i} in {i}s}}, {i}s, {s}))"),
                    _ => {
                        let k = self.expr(&Ty::Int, d.min(1));
                        let v = self.expr(t, d.min(2));
                        format!(
                            "(let {s} = {seq} in if #{s} == 0 then {s} else rep({s}, {v}, rem(abs(rem({k}, 64)), #{s})))"
                        )
                    }
                }
            }
            (9, _) => {
                let seq = self.expr(&st, d);
                let (a, b) = (self.name("a"), self.name("b"));
                let k1 = self.small(d);
                let k2 = self.small(d);
                match self.rng.below(3) {
                    0 => format!(
                        "(let {s} = {seq}; {a} = min({k1}, #{s}) in subseq({s}, {a}, {a} + min({k2}, #{s} - {a})))"
                    ),
                    1 => {
                        let other = self.expr(&st, d);
                        format!(
                            "(let {a} = {seq}; {b} = {other}; {s} = min(#{a}, #{b}) in interleave(take({a}, {s} + min(#{a} - {s}, 1)), take({b}, {s})))"
                        )
                    }
                    _ => {
                        let x = self.expr(t, d);
                        let f = self.rng.pick(&["cons", "snoc"]);
                        if f == "cons" { format!("cons({x}, {seq})") } else { format!("snoc({seq}, {x})") }
                    }
                }
            }
            (10, _) if t.depth() <= 1 => {
                let f = self.rng.pick(&["remove_duplicates", "union", "intersection", "set_difference"]);
                if f == "remove_duplicates" {
                    format!("{f}({})", self.expr(&st, d))
                } else {
                    format!("{f}({}, {})", self.expr(&st, d), self.expr(&st, d))
                }
            }
            (11, Ty::Int) => {
                let u = self.hashable_ty();
                let p = self.expr(&Ty::seq(u.clone()), d.min(2));
                format!("search_for_subseqs({p}, {})", self.expr(&Ty::seq(u), d))
            }
            _ => self.apply_to_each(t, d),
        }
    }

    /// Sequences of sequences and grouping: `partition`, `split`,
    /// `bottop`, `collect`, `linify`, `wordify`.
    fn seq_more(&mut self, t: &Ty, d: usize) -> String {
        let s = self.name("s");
        match t {
            Ty::Seq(inner) if t.depth() < MAX_SEQ_DEPTH => {
                let seq = self.expr(t, d);
                match self.rng.below(5) {
                    0 => {
                        let k = self.small(d);
                        let m = self.name("m");
                        format!("(let {s} = {seq}; {m} = min({k}, #{s}) in partition({s}, [{m}, #{s} - {m}]))")
                    }
                    1 => {
                        let x = self.name("x");
                        let flag = self.element_expr(&[(&x, (**inner).clone())], &Ty::Bool, d.min(2));
                        format!("(let {s} = {seq} in split({s}, {{{flag} : {x} in {s}}}))")
                    }
                    2 if **inner == Ty::Char => {
                        let f = self.rng.pick(&["wordify", "linify"]);
                        format!("{f}({seq})")
                    }
                    3 => {
                        // Segments from flags that start with a true one.
                        let x = self.name("x");
                        let flag = self.element_expr(&[(&x, (**inner).clone())], &Ty::Bool, d.min(2));
                        let i = self.name("i");
                        format!(
                            "(let {s} = {seq} in partition({s}, length_from_flags({{{flag} or {i} == 0 : {x} in {s}; {i} in index(#{s})}})))"
                        )
                    }
                    _ => format!("bottop({seq})"),
                }
            }
            Ty::Pair(key, group) => match &**group {
                Ty::Seq(value) if key.is_scalar() && t.depth() < MAX_SEQ_DEPTH => {
                    let k = self.expr(&Ty::seq((**key).clone()), d);
                    let x = self.name("x");
                    let v = self.element_expr(&[(&x, (**key).clone())], value, d.min(2));
                    format!("collect({{({x}, {v}) : {x} in {k}}})")
                }
                _ => self.apply_to_each(t, d),
            },
            Ty::Int if self.defined >= Defined::Higher => {
                let f = self.int_function();
                let seq = self.expr(&Ty::seq(Ty::Int), d);
                let x = self.name("x");
                let other = self.element_expr(&[(&x, Ty::Int)], &Ty::Int, d.min(2));
                format!("(let {s} = {seq} in hof_zip({f}, {s}, {{{other} : {x} in {s}}}))")
            }
            _ => self.apply_to_each(t, d),
        }
    }

    /// An element type for the primitives that hash their elements
    /// (`name`, `remove_duplicates`, ...): a scalar, a pair, a string, a
    /// sequence of strings or a pair holding one.
    fn hashable_ty(&mut self) -> Ty {
        match self.rng.below(6) {
            0 => Ty::pair(self.scalar(), self.scalar()),
            1 => Ty::string(),
            2 => Ty::seq(Ty::string()),
            3 => Ty::pair(Ty::string(), self.scalar()),
            _ => self.scalar(),
        }
    }

    /// An apply-to-each with a body of type `t`, in one of the binding
    /// forms of NESL 3.1.
    fn apply_to_each(&mut self, t: &Ty, d: usize) -> String {
        let elem = self.ty(MAX_SEQ_DEPTH.saturating_sub(t.depth() + 2).min(2));
        let serial = if self.rng.chance(10) { "* " } else { "" };
        if *t == Ty::Int && self.rng.chance(8) {
            // `{i in [0:#fl]; fl | fl}`: the positions of the true flags.
            let fl = self.name("fl");
            let flags = self.expr(&Ty::seq(Ty::Bool), d);
            let i = self.name("i");
            return format!("(let {fl} = {flags} in {{{serial}{i} in [0:#{fl}]; {fl} | {fl}}})");
        }
        let source = if elem == Ty::Int && self.rng.chance(15) {
            format!("[{}:{}]", self.rng.range(-2, 2), self.rng.range(0, 9))
        } else {
            self.expr(&Ty::seq(elem.clone()), d)
        };
        let mark = self.scope.len();
        self.parallel += 1;
        let mut outer = None;
        let (first, second) = if self.rng.chance(30) {
            // A second binding over a sequence of the same length.
            let s = self.name("s");
            let first = self.pattern(&elem, true);
            let second = if self.rng.chance(40) {
                // A bare variable: `s` means `s in s`.
                self.scope.retain(|(n, _)| *n != s);
                self.scope.push((s.clone(), elem.clone()));
                s.clone()
            } else {
                // The mapped sequence sees the enclosing scope, not the
                // first binding's variables.
                let other = self.ty(1);
                let x = self.name("x");
                let bound = self.scope.split_off(mark);
                self.scope.push((x.clone(), elem.clone()));
                let mapped = self.expr(&other, d.min(2));
                self.scope.truncate(mark);
                self.scope.extend(bound);
                let pattern = self.pattern(&other, true);
                format!("{pattern} in {{{mapped} : {x} in {s}}}")
            };
            outer = Some((s.clone(), source));
            (format!("{first} in {s}"), Some(second))
        } else {
            let first = self.pattern(&elem, true);
            (format!("{first} in {source}"), None)
        };
        let bindings = match second {
            Some(second) => format!("{first}; {second}"),
            None => first.clone(),
        };
        // Without `:` the body is the first binding's pattern.
        let bare = elem == *t && self.rng.chance(20);
        let body = if bare { String::new() } else { format!("{} : ", self.expr(t, d)) };
        let filter = if self.rng.chance(35) { format!(" | {}", self.expr(&Ty::Bool, d.min(2))) } else { String::new() };
        self.parallel -= 1;
        self.scope.truncate(mark);
        let ate = format!("{{{serial}{body}{bindings}{filter}}}");
        match outer {
            Some((s, source)) => format!("(let {s} = {source} in {ate})"),
            None => ate,
        }
    }

    /// A pattern binding a value of type `ty`: a name, or a tuple or
    /// constructor pattern (sometimes); a pair at the top needs no
    /// parentheses (`top`).
    fn pattern(&mut self, ty: &Ty, top: bool) -> String {
        match ty {
            Ty::Pair(a, b) if self.rng.chance(70) => {
                let pa = self.pattern(a, false);
                let pb = self.pattern(b, false);
                if top && self.rng.chance(50) { format!("{pa}, {pb}") } else { format!("({pa}, {pb})") }
            }
            Ty::Data(name, fields) if self.rng.chance(60) => self.constructor_pattern(name, fields),
            _ => {
                let x = self.name("x");
                self.scope.push((x.clone(), ty.clone()));
                x
            }
        }
    }

    /// `name(p1, ..., pn)`, binding each field.
    fn constructor_pattern(&mut self, name: &str, fields: &[Ty]) -> String {
        let parts: Vec<String> = fields.iter().map(|f| self.pattern(f, false)).collect();
        format!("{name}({})", parts.join(", "))
    }
}

/// The conversion of an ordinal to an int.
fn to_int(ty: &Ty) -> &'static str {
    match ty {
        Ty::Float => "round",
        Ty::Char => "char_code",
        _ => "",
    }
}

/// `e` in parentheses unless it is a name or literal.
fn paren(e: String) -> String {
    if e.chars().all(|c| c.is_alphanumeric() || c == '_') { e } else { format!("({e})") }
}

/// `k / 4` as a NESL float literal.
fn float_literal(k: i64) -> String {
    let x = k as f64 / 4.0;
    let text = format!("{x:?}");
    if text.contains('.') { text } else { format!("{text}.0") }
}

#[derive(Debug, PartialEq)]
struct Outcome {
    code: Option<i32>,
    stdout: String,
}

/// A trial that runs longer than this has hung: it is killed and reported.
const TRIAL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

fn run(file: &PathBuf, backend: &[&str]) -> (Outcome, String) {
    let started = std::time::Instant::now();
    let mut child = Command::new(nessie_bin())
        .arg("run")
        .arg(file)
        .args(backend)
        .env("NESSIE_CL_OPTIONS", cl_options())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run nessie: {e}"));
    // Drain both pipes on threads, so that a large output cannot block the child.
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stderr, &mut text);
        text
    });
    let code = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status.code(),
            Ok(None) if started.elapsed() < TRIAL_TIMEOUT => std::thread::sleep(std::time::Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let stdout = String::from_utf8_lossy(&out.join().unwrap_or_default()).into_owned();
    let mut stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
    if code.is_none() && started.elapsed() >= TRIAL_TIMEOUT {
        stderr.push_str(&format!("\n(killed after {} s)", TRIAL_TIMEOUT.as_secs()));
    }
    if std::env::var_os("NESSIE_RANDOM_VERBOSE").is_some() {
        eprintln!("{} {backend:?}: {:.2} s", file.display(), started.elapsed().as_secs_f64());
    }
    (Outcome { code, stdout }, stderr)
}

/// The OpenCL build options of the `opencl` trial: `NESSIE_TEST_CL_OPTIONS`
/// if set, else `-cl-opt-disable` on the default device (PoCL in CI, which
/// builds unoptimised kernels about three times faster; the batch's
/// programs each have dozens of kernels) and the driver's defaults with
/// `NESSIE_RANDOM_DEVICE`, so batches on a GPU build as users do.
fn cl_options() -> String {
    match std::env::var("NESSIE_TEST_CL_OPTIONS") {
        Ok(options) => options,
        Err(_) if std::env::var_os("NESSIE_RANDOM_DEVICE").is_some() => String::new(),
        Err(_) => "-cl-opt-disable".to_string(),
    }
}

fn opencl_available() -> bool {
    if std::env::var_os("NESSIE_REQUIRE_OPENCL").is_some() {
        return true;
    }
    Command::new(nessie_bin())
        .arg("devices")
        .output()
        .map(|o| o.status.success() && !String::from_utf8_lossy(&o.stdout).trim().is_empty())
        .unwrap_or(false)
}

/// The `nessie` binary under test: `NESSIE_BIN`, or the one Cargo built.
fn nessie_bin() -> std::ffi::OsString {
    std::env::var_os("NESSIE_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_nessie").into())
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text.trim().parse().unwrap_or_else(|_| panic!("{name} must be a number, not `{text}`")),
        Err(_) => default,
    }
}

/// The ILP's time limit: some random programs make the solver run to its
/// limit, and a schedule found sooner is as good a test.
const ILP_LIMIT: &str = "2";

/// Items per program: several, so that one compilation covers many
/// expressions.
const ITEMS: usize = 6;

/// What one worker of the batch found.
#[derive(Default)]
struct Trials {
    ran: u64,
    failures: Vec<String>,
    refused: usize,
}

impl Trials {
    /// Generates the program of `program_seed`, runs it on every backend and
    /// records each disagreement with the interpreter.
    fn program(&mut self, program_seed: u64, dir: &std::path::Path, backends: &[(&str, Vec<&str>)]) {
        self.ran += 1;
        let program = ProgramGen::new(program_seed).program(ITEMS);
        let file = dir.join(format!("seed-{program_seed}.nesl"));
        std::fs::write(&file, &program.text).unwrap_or_else(|e| panic!("cannot write {}: {e}", file.display()));
        let (oracle, oracle_err) = run(&file, &backends[0].1);
        let expected = if program.faults { Some(3) } else { Some(0) };
        if oracle.code != expected {
            self.failures.push(format!("{}: the interpreter exits {:?}: {oracle_err}", file.display(), oracle.code));
            return;
        }
        let mut agreed = true;
        for (name, options) in &backends[1..] {
            let (outcome, err) = run(&file, options);
            if outcome.code == Some(1) && err.contains("not supported yet") {
                self.refused += 1;
                eprintln!("{}: {name} refuses: {}", file.display(), err.trim());
                continue;
            }
            // A fault must also say the same thing (its first line names
            // the operation, the position and the values).
            let same_fault = !program.faults || first_line(&err) == first_line(&oracle_err);
            if outcome != oracle || !same_fault {
                agreed = false;
                self.failures.push(format!(
                    "{}: {name} differs from interp\n--- interp\n{}{}--- {name} (exit {:?})\n{}{}",
                    file.display(),
                    oracle.stdout,
                    if program.faults { format!("{}\n", first_line(&oracle_err)) } else { String::new() },
                    outcome.code,
                    outcome.stdout,
                    err
                ));
            }
        }
        if agreed && std::env::var_os("NESSIE_RANDOM_KEEP").is_none() {
            let _ = std::fs::remove_file(&file);
        }
    }
}

/// The first line of a message that starts with `error:`.
fn first_line(stderr: &str) -> &str {
    stderr.lines().find(|l| l.starts_with("error:")).unwrap_or("")
}

#[test]
fn random_programs_print_the_same_on_every_backend() {
    let count = env_number("NESSIE_RANDOM_PROGRAMS", 4);
    let seed = env_number("NESSIE_RANDOM_SEED", 2026);
    let mut backends: Vec<(&str, Vec<&str>)> = vec![
        ("interp", vec!["--backend", "interp"]),
        ("flat", vec!["--backend", "flat", "--schedule", "none"]),
        ("fused", vec!["--backend", "flat", "--schedule", "ilp", "--ilp-time-limit", ILP_LIMIT]),
        ("greedy", vec!["--backend", "flat", "--schedule", "greedy"]),
    ];
    let device = std::env::var("NESSIE_RANDOM_DEVICE").ok();
    let wanted = std::env::var("NESSIE_RANDOM_BACKENDS").unwrap_or_else(|_| "interp,flat,fused,greedy,opencl".into());
    if wanted.split(',').any(|b| b.trim() == "opencl") {
        if opencl_available() {
            let mut options = vec!["--backend", "opencl", "--ilp-time-limit", ILP_LIMIT];
            if let Some(device) = device.as_deref() {
                options.extend(["--device", device]);
            }
            backends.push(("opencl", options));
        } else {
            eprintln!("random programs: no OpenCL device, the opencl trial is skipped");
        }
    }
    backends.retain(|(name, _)| wanted.split(',').any(|b| b.trim() == *name));
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("random-programs");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let jobs = env_number("NESSIE_RANDOM_JOBS", cores).max(1);
    let next = std::sync::atomic::AtomicU64::new(0);
    let finished = std::sync::atomic::AtomicU64::new(0);
    let deadline = std::env::var_os("NESSIE_RANDOM_SECONDS")
        .map(|_| std::time::Instant::now() + std::time::Duration::from_secs(env_number("NESSIE_RANDOM_SECONDS", 0)));
    let reports: Vec<Trials> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut trials = Trials::default();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if k >= count || deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                            return trials;
                        }
                        trials.program(seed.wrapping_mul(1_000_003).wrapping_add(k), &dir, &backends);
                        let done = finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if done.is_multiple_of(250) {
                            eprintln!("random programs: {done} run");
                        }
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("a random-program worker panicked")).collect()
    });
    let failures: Vec<String> = reports.iter().flat_map(|r| r.failures.iter().cloned()).collect();
    let refused: usize = reports.iter().map(|r| r.refused).sum();
    let ran: u64 = reports.iter().map(|r| r.ran).sum();
    eprintln!(
        "random programs: {ran} of {count} from seed {seed} ({} items each, {jobs} jobs) on {}; {} disagreements, \
         {refused} refusals",
        ITEMS,
        backends.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_generator_is_deterministic_and_well_typed() {
    let a = ProgramGen::new(7).program(ITEMS).text;
    assert_eq!(a, ProgramGen::new(7).program(ITEMS).text);
    assert_ne!(a, ProgramGen::new(8).program(ITEMS).text);
    // Well typed and fault-free but where meant to fault: the interpreter
    // runs a batch of them.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("random-programs-typed");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let mut faulted = 0;
    for seed in 0..40 {
        let program = ProgramGen::new(seed).program(ITEMS);
        let file = dir.join(format!("seed-{seed}.nesl"));
        std::fs::write(&file, &program.text).unwrap_or_else(|e| panic!("{e}"));
        let (outcome, err) = run(&file, &["--backend", "interp"]);
        let text = &program.text;
        if program.faults {
            faulted += 1;
            assert_eq!(outcome.code, Some(3), "{text}\n{err}");
            assert!(err.starts_with("error:"), "{text}\n{err}");
        } else {
            assert_eq!(outcome.code, Some(0), "{text}\n{err}");
        }
        // One line per item (printed strings hold no newline).
        assert_eq!(outcome.stdout.lines().count(), ITEMS, "{text}\n{}", outcome.stdout);
    }
    assert!(faulted > 0, "no program of the batch faults on purpose");
}

/// Writes the program of one program seed (as a disagreement names it,
/// `seed-S.nesl`) to stdout, to reproduce a finding from elsewhere:
/// `NESSIE_RANDOM_SHOW=S cargo test --release --test random_programs show_one_program -- --ignored --nocapture`.
#[test]
#[ignore = "a tool: prints the program of NESSIE_RANDOM_SHOW"]
fn show_one_program() {
    let seed = env_number("NESSIE_RANDOM_SHOW", 0);
    let program = ProgramGen::new(seed).program(ITEMS);
    println!("{}", program.text);
}
