//! Differential testing of the whole pipeline: random, well-typed NESL
//! programs, each run on `interp` (the oracle), `flat` (flattened and
//! ILP-fused, on the flat-IR evaluator) and `opencl` (the default OpenCL
//! device, PoCL in CI); all must print the same and exit the same way.
//!
//! # The programs
//! [`ProgramGen`] builds a program from a seed: a few user functions (a
//! recursion on an int that decreases to 0, a divide-and-conquer recursion
//! on a sequence that halves, a plain function of two arguments), then
//! top-level items of random types. Types are ints, floats, bools, pairs
//! and sequences nested to depth 4. Expressions are apply-to-each (one or
//! two generators, tuple patterns, filters) nested in each other, `let`,
//! `if`, literals, arithmetic, comparisons, calls of the user functions and
//! of the builtins `#`, `sum`, `count`, `plus_scan`, `max_val`, `index`,
//! `dist`, `flatten`, `zip`, `unzip`, `++`, `reverse`, `take`, `drop`,
//! `sort`, `rank`, `max_scan`, `min_scan`, `or_scan`, `and_scan`,
//! `max_index`, `min_index`, `odd_elts`, `even_elts`, `rotate`, `->`,
//! `pack`, `iseq`, `transpose`,
//! `any`, `all`, `rem`, `max`, `min`, `float` and indexing.
//!
//! Every program is meant to run without a fault, so that each item is
//! compared: indexing is guarded by the length (and an index is
//! `abs(rem(k, 64))`, never `abs(min_int)`), `take`/`drop` counts are
//! clamped, `max_val` is applied to non-empty sequences only. Floats are
//! sums and products of quarters, exact in binary, so every backend and
//! every reduction order prints the same digits.
//!
//! The trials are those of `tests/programs.rs`: `interp`, `flat` (as
//! flattened), `fused` (ILP), `greedy`, `opencl`.
//!
//! # Running it
//! `cargo test --release --test random_programs` runs a bounded batch with
//! a fixed seed (CI). `NESSIE_RANDOM_PROGRAMS=N NESSIE_RANDOM_SEED=S` runs
//! `N` programs from seed `S`; `NESSIE_RANDOM_BACKENDS=interp,flat,fused,greedy` skips
//! OpenCL for large batches. The `opencl` trial runs when `nessie devices`
//! finds a device, or always when `NESSIE_REQUIRE_OPENCL` is set. A
//! disagreement keeps the program in `target/tmp/random-programs/` and
//! fails the test with the outputs of each backend (`NESSIE_RANDOM_KEEP=1`
//! keeps every program).
//!
//! Large batches run in parallel with `NESSIE_RANDOM_JOBS=J` (default 1: CI's
//! two cores already run the other tests beside this one).
//! `NESSIE_RANDOM_DEVICE=nvidia` passes `--device nvidia` to the `opencl`
//! trial, and `NESSIE_BIN` names the `nessie` binary to run (by default
//! the one Cargo built), so that the test binary can be carried to a GPU
//! machine and run there. `NESSIE_RANDOM_SECONDS=T` stops starting new
//! programs after `T` seconds; the report says how many ran.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

/// SplitMix64: a small seeded generator, enough to pick productions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Ty {
    Int,
    Float,
    Bool,
    Pair(Box<Ty>, Box<Ty>),
    Seq(Box<Ty>),
}

impl Ty {
    fn seq(t: Ty) -> Ty {
        Ty::Seq(Box::new(t))
    }

    fn pair(a: Ty, b: Ty) -> Ty {
        Ty::Pair(Box::new(a), Box::new(b))
    }

    /// How many sequence levels the type nests.
    fn depth(&self) -> usize {
        match self {
            Ty::Seq(t) => 1 + t.depth(),
            Ty::Pair(a, b) => a.depth().max(b.depth()),
            _ => 0,
        }
    }

    /// The type as NESL writes it (for `[] T`).
    fn nesl(&self) -> String {
        match self {
            Ty::Int => "int".into(),
            Ty::Float => "float".into(),
            Ty::Bool => "bool".into(),
            Ty::Pair(a, b) => format!("({}, {})", a.nesl(), b.nesl()),
            Ty::Seq(t) => format!("[{}]", t.nesl()),
        }
    }
}

/// The most sequence levels a generated type nests.
const MAX_SEQ_DEPTH: usize = 4;

/// Builds one random program.
struct ProgramGen {
    rng: Rng,
    /// Variables in scope, innermost last.
    scope: Vec<(String, Ty)>,
    fresh: usize,
    /// The user functions defined so far (a body calls only earlier ones,
    /// and its own recursion is written out by its template).
    defined: usize,
}

impl ProgramGen {
    fn new(seed: u64) -> ProgramGen {
        ProgramGen { rng: Rng(seed), scope: Vec::new(), fresh: 0, defined: 0 }
    }

    fn name(&mut self, stem: &str) -> String {
        self.fresh += 1;
        format!("{stem}{}", self.fresh)
    }

    /// A random type whose sequences nest at most `depth` levels.
    fn ty(&mut self, depth: usize) -> Ty {
        let scalar = |g: &mut ProgramGen| match g.rng.below(5) {
            0 | 1 => Ty::Int,
            2 | 3 => Ty::Float,
            _ => Ty::Bool,
        };
        match self.rng.below(10) {
            0..=2 => scalar(self),
            3 => Ty::pair(scalar(self), scalar(self)),
            _ if depth == 0 => scalar(self),
            4 => Ty::seq(Ty::pair(scalar(self), scalar(self))),
            _ => Ty::seq(self.ty(depth - 1)),
        }
    }

    /// A program: its functions, then `items` top-level items.
    fn program(&mut self, items: usize) -> String {
        let mut out = String::new();
        // An int recursion whose first argument decreases to 0.
        self.scope = vec![("n".into(), Ty::Int), ("acc".into(), Ty::Int)];
        let step = self.expr(&Ty::Int, 2);
        let _ = writeln!(out, "function rec_int(n, acc) = if n <= 0 then acc else rec_int(n - 1, {step});");
        self.defined = 1;
        // A divide-and-conquer recursion on a sequence that halves.
        self.scope = vec![("s".into(), Ty::seq(Ty::Int))];
        let base = self.expr(&Ty::seq(Ty::Int), 2);
        let _ = writeln!(
            out,
            "function rec_seq(s) = if #s < 2 then {base} else let h = #s / 2 in rec_seq(take(s, h)) ++ rec_seq(drop(s, h));"
        );
        self.defined = 2;
        // A plain function.
        self.scope = vec![("x".into(), Ty::Int), ("y".into(), Ty::Float)];
        let body = self.expr(&Ty::Float, 3);
        let _ = writeln!(out, "function plain(x, y) = {body};");
        self.defined = 3;
        self.scope.clear();
        for _ in 0..items {
            let ty = self.ty(MAX_SEQ_DEPTH - 1);
            let e = self.expr(&ty, 4);
            let _ = writeln!(out, "{e};");
        }
        out
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
            Ty::Pair(a, b) => format!("({}, {})", self.leaf(a), self.leaf(b)),
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
    fn expr(&mut self, ty: &Ty, depth: usize) -> String {
        if depth == 0 || self.rng.chance(15) {
            return self.leaf(ty);
        }
        let d = depth - 1;
        // Forms of any type.
        match self.rng.below(12) {
            0 => {
                let t = self.ty(MAX_SEQ_DEPTH.saturating_sub(ty.depth() + 1).min(2));
                let v = self.name("v");
                let bound = self.expr(&t, d);
                self.scope.push((v.clone(), t));
                let body = self.expr(ty, d);
                self.scope.pop();
                return format!("(let {v} = {bound} in {body})");
            }
            1 => {
                let c = self.expr(&Ty::Bool, d);
                return format!("(if {c} then {} else {})", self.expr(ty, d), self.expr(ty, d));
            }
            2 => return self.indexed(ty, d),
            3 => {
                // Taking a pair apart with a pattern.
                let other = self.ty(0);
                let (a, b) = (self.name("p"), self.name("q"));
                let first = self.rng.chance(50);
                let (ta, tb) = if first { (ty.clone(), other) } else { (other, ty.clone()) };
                let p = self.expr(&Ty::pair(ta.clone(), tb.clone()), d);
                self.scope.push((a.clone(), ta));
                self.scope.push((b.clone(), tb));
                let body = if self.rng.chance(50) { self.expr(ty, d) } else { (if first { &a } else { &b }).clone() };
                self.scope.truncate(self.scope.len() - 2);
                return format!("(let ({a}, {b}) = {p} in {body})");
            }
            _ => {}
        }
        match ty {
            Ty::Int => self.int_expr(d),
            Ty::Float => self.float_expr(d),
            Ty::Bool => self.bool_expr(d),
            Ty::Pair(a, b) => match (&**a, &**b) {
                (Ty::Seq(x), Ty::Seq(y)) if self.rng.chance(50) => {
                    format!("unzip({})", self.expr(&Ty::seq(Ty::pair((**x).clone(), (**y).clone())), d))
                }
                _ => format!("({}, {})", self.expr(a, d), self.expr(b, d)),
            },
            Ty::Seq(t) => self.seq_expr(t, d),
        }
    }

    /// `s[k]` of a non-empty `s`, else a default.
    fn indexed(&mut self, ty: &Ty, d: usize) -> String {
        let s = self.name("s");
        let seq = self.expr(&Ty::seq(ty.clone()), d);
        let k = self.expr(&Ty::Int, d.min(2));
        let default = self.leaf(ty);
        format!("(let {s} = {seq} in if #{s} == 0 then {default} else {s}[rem(abs(rem({k}, 64)), #{s})])")
    }

    fn int_expr(&mut self, d: usize) -> String {
        match self.rng.below(13) {
            0 | 1 => {
                let op = ["+", "-", "*"][self.rng.below(3)];
                format!("({} {op} {})", self.expr(&Ty::Int, d), self.expr(&Ty::Int, d))
            }
            2 => {
                let t = self.ty(2);
                format!("#{}", self.expr(&Ty::seq(t), d))
            }
            3 => format!("sum({})", self.expr(&Ty::seq(Ty::Int), d)),
            4 => format!("count({})", self.expr(&Ty::seq(Ty::Bool), d)),
            5 => format!("rem({}, {})", self.expr(&Ty::Int, d), self.rng.range(1, 7)),
            6 => {
                let f = ["max", "min"][self.rng.below(2)];
                format!("{f}({}, {})", self.expr(&Ty::Int, d), self.expr(&Ty::Int, d))
            }
            7 => {
                let s = self.name("s");
                let seq = self.expr(&Ty::seq(Ty::Int), d);
                let f = ["max_val", "min_val"][self.rng.below(2)];
                format!("(let {s} = {seq} in if #{s} == 0 then 0 else {f}({s}))")
            }
            8 if self.defined >= 1 => format!("rec_int({}, {})", self.small(d), self.expr(&Ty::Int, d)),
            9 => format!("round({})", self.expr(&Ty::Float, d)),
            10 => {
                let s = self.name("s");
                let t = if self.rng.chance(50) { Ty::Int } else { Ty::Float };
                let seq = self.expr(&Ty::seq(t), d);
                let f = ["max_index", "min_index"][self.rng.below(2)];
                format!("(let {s} = {seq} in if #{s} == 0 then -1 else {f}({s}))")
            }
            _ => self.leaf(&Ty::Int),
        }
    }

    fn float_expr(&mut self, d: usize) -> String {
        match self.rng.below(9) {
            0 | 1 => {
                let op = ["+", "-", "*"][self.rng.below(3)];
                format!("({} {op} {})", self.expr(&Ty::Float, d), self.expr(&Ty::Float, d))
            }
            2 => format!("float({})", self.expr(&Ty::Int, d)),
            3 => format!("sum({})", self.expr(&Ty::seq(Ty::Float), d)),
            4 if self.defined >= 3 => format!("plain({}, {})", self.expr(&Ty::Int, d), self.expr(&Ty::Float, d)),
            5 => format!("({} / 4.0)", self.expr(&Ty::Float, d)),
            _ => self.leaf(&Ty::Float),
        }
    }

    fn bool_expr(&mut self, d: usize) -> String {
        match self.rng.below(8) {
            0 | 1 => {
                let t = if self.rng.chance(50) { Ty::Int } else { Ty::Float };
                let op = ["==", "/=", "<", "<=", ">", ">="][self.rng.below(6)];
                format!("({} {op} {})", self.expr(&t, d), self.expr(&t, d))
            }
            2 => {
                let op = ["and", "or", "xor"][self.rng.below(3)];
                format!("({} {op} {})", self.expr(&Ty::Bool, d), self.expr(&Ty::Bool, d))
            }
            3 => format!("not({})", self.expr(&Ty::Bool, d)),
            4 => {
                let f = ["any", "all"][self.rng.below(2)];
                format!("{f}({})", self.expr(&Ty::seq(Ty::Bool), d))
            }
            5 => format!("evenp({})", self.expr(&Ty::Int, d)),
            _ => self.leaf(&Ty::Bool),
        }
    }

    /// An expression of type `[t]`.
    fn seq_expr(&mut self, t: &Ty, d: usize) -> String {
        let st = Ty::seq(t.clone());
        let numeric = matches!(t, Ty::Int | Ty::Float);
        match self.rng.below(18) {
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
                let f = ["take", "drop"][self.rng.below(2)];
                format!("(let {s} = {seq} in {f}({s}, min({n}, #{s})))")
            }
            11 if numeric => format!("plus_scan({})", self.expr(&st, d)),
            12 if numeric => format!("sort({})", self.expr(&st, d)),
            13 if *t == Ty::Int => {
                if self.defined < 2 || self.rng.chance(50) {
                    format!("index({})", self.small(d))
                } else {
                    format!("rec_seq({})", self.expr(&st, d))
                }
            }
            15 => self.seq_library(t, d),
            14 => match t {
                Ty::Pair(a, b) => {
                    let s = self.name("s");
                    let x = self.name("x");
                    let left = self.expr(&Ty::seq((**a).clone()), d);
                    self.scope.push((x.clone(), (**a).clone()));
                    let right = self.expr(b, d);
                    self.scope.pop();
                    format!("(let {s} = {left} in zip({s}, {{{right} : {x} in {s}}}))")
                }
                _ => self.apply_to_each(t, d),
            },
            _ => self.apply_to_each(t, d),
        }
    }

    /// The rest of the sequence library, where it applies to `[t]`.
    fn seq_library(&mut self, t: &Ty, d: usize) -> String {
        let st = Ty::seq(t.clone());
        let s = self.name("s");
        match (self.rng.below(7), t) {
            (0, Ty::Int) => {
                let f = ["max_scan", "min_scan", "rank"][self.rng.below(3)];
                format!("{f}({})", self.expr(&st, d))
            }
            (0, Ty::Bool) => {
                let f = ["or_scan", "and_scan"][self.rng.below(2)];
                format!("{f}({})", self.expr(&st, d))
            }
            (1, _) => {
                let f = ["odd_elts", "even_elts"][self.rng.below(2)];
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
                format!(
                    "(let {s} = {seq} in if #{s} == 0 then [] {empty} else {s} -> {{rem(abs(rem({i}, 64)), #{s}) : {i} in {idx}}})"
                )
            }
            (4, _) => {
                let seq = self.expr(&st, d);
                let flags = self.name("x");
                let keep = self.expr(&Ty::Bool, d.min(2));
                self.scope.push((flags.clone(), t.clone()));
                let pred = self.expr(&Ty::Bool, d.min(2));
                self.scope.pop();
                format!("(let {s} = {seq} in pack(zip({s}, {{{pred} or {keep} : {flags} in {s}}})))")
            }
            (5, _) => {
                let lo = self.rng.range(-3, 3);
                let stride = self.rng.range(1, 3);
                let n = self.small(d);
                match t {
                    Ty::Int => format!("iseq({lo}, {stride}, {lo} + {n})"),
                    _ => format!("{{{} : {} in iseq({lo}, {stride}, {lo} + {n})}}", self.expr(t, d), self.name("j")),
                }
            }
            (6, Ty::Seq(inner)) if t.depth() < MAX_SEQ_DEPTH => {
                // A rectangular matrix, transposed.
                let rows = self.small(d);
                let cols = self.small(d);
                let (r, c) = (self.name("r"), self.name("c"));
                self.scope.push((r.clone(), Ty::Int));
                self.scope.push((c.clone(), Ty::Int));
                let e = self.expr(inner, d.min(2));
                self.scope.truncate(self.scope.len() - 2);
                format!("transpose({{{{{e} : {c} in index({cols})}} : {r} in index({rows})}})")
            }
            _ => self.apply_to_each(t, d),
        }
    }

    /// `{body : pattern in source; ... | filter}` with a body of type `t`.
    fn apply_to_each(&mut self, t: &Ty, d: usize) -> String {
        let elem = self.ty(MAX_SEQ_DEPTH.saturating_sub(t.depth() + 2).min(2));
        let source = self.expr(&Ty::seq(elem.clone()), d);
        let mark = self.scope.len();
        let pattern = self.pattern(&elem);
        let mut generators = format!("{pattern} in {source}");
        let mut outer = None;
        if self.rng.chance(25) {
            // A second generator over a sequence of the same length.
            let s = self.name("s");
            let other = self.ty(1);
            let x = self.name("x");
            self.scope.truncate(mark);
            self.scope.push((x.clone(), elem.clone()));
            let mapped = self.expr(&other, d.min(2));
            self.scope.truncate(mark);
            let first = self.pattern(&elem);
            let second = self.pattern(&other);
            generators = format!("{first} in {s}; {second} in {{{mapped} : {x} in {s}}}");
            outer = Some((s, source));
        }
        let body = self.expr(t, d);
        let filter = if self.rng.chance(35) { format!(" | {}", self.expr(&Ty::Bool, d.min(2))) } else { String::new() };
        self.scope.truncate(mark);
        let ate = format!("{{{body} : {generators}{filter}}}");
        match outer {
            Some((s, source)) => format!("(let {s} = {source} in {ate})"),
            None => ate,
        }
    }

    /// A pattern binding a value of type `ty`: a name, or a tuple pattern
    /// for a pair (sometimes).
    fn pattern(&mut self, ty: &Ty) -> String {
        match ty {
            Ty::Pair(a, b) if self.rng.chance(70) => {
                let pa = self.pattern(a);
                let pb = self.pattern(b);
                format!("({pa}, {pb})")
            }
            _ => {
                let x = self.name("x");
                self.scope.push((x.clone(), ty.clone()));
                x
            }
        }
    }
}

/// `k / 4` as a NESL float literal.
fn float_literal(k: i64) -> String {
    let x = k as f64 / 4.0;
    let text = format!("{x:?}");
    if text.contains('.') { text } else { format!("{text}.0") }
}

/// What one backend did with a program.
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
        let text = ProgramGen::new(program_seed).program(ITEMS);
        let file = dir.join(format!("seed-{program_seed}.nesl"));
        std::fs::write(&file, &text).unwrap_or_else(|e| panic!("cannot write {}: {e}", file.display()));
        let (oracle, oracle_err) = run(&file, &backends[0].1);
        if oracle.code != Some(0) {
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
            if outcome != oracle {
                agreed = false;
                self.failures.push(format!(
                    "{}: {name} differs from interp\n--- interp\n{}--- {name} (exit {:?})\n{}{}",
                    file.display(),
                    oracle.stdout,
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
    let jobs = env_number("NESSIE_RANDOM_JOBS", 1).max(1);
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
    let a = ProgramGen::new(7).program(ITEMS);
    assert_eq!(a, ProgramGen::new(7).program(ITEMS));
    assert_ne!(a, ProgramGen::new(8).program(ITEMS));
    // Well typed and fault-free: the interpreter runs a batch of them.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("random-programs-typed");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    for seed in 0..40 {
        let text = ProgramGen::new(seed).program(ITEMS);
        let file = dir.join(format!("seed-{seed}.nesl"));
        std::fs::write(&file, &text).unwrap_or_else(|e| panic!("{e}"));
        let (outcome, err) = run(&file, &["--backend", "interp"]);
        assert_eq!(outcome.code, Some(0), "{text}\n{err}");
        assert_eq!(outcome.stdout.lines().count(), ITEMS, "{text}\n{}", outcome.stdout);
    }
}
