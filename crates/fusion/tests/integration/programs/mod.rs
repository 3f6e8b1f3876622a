//! Hand-built flat programs shaped like what flattening produces.

#![allow(dead_code)]

use flatten::ir::{Atom, BinaryOp, Const, FlatProgram, GExpr, HostExpr, Soac, UnaryOp};
use nesl_frontend::Type;

use crate::common::*;

/// λcu §5's `norm2`, as flattening produces it: five runs of three
/// kernels, called from `main` on a small vector.
pub fn norm2() -> FlatProgram {
    let mut p = ProgramBuilder::new();
    let k1 = p.kernel("norm2_reduce_sum", |k| {
        let xs = k.param("xs", array(FLOAT));
        let pull = k.thunk(|i| GExpr::read(xs, i));
        let op = k.operator(BinaryOp::Add, FLOAT);
        let size = GExpr::Length(xs);
        k.returns("sum1", scalar(FLOAT), Soac::Reduce { size, pull, neutral: vec![Const::Float(0.0)], op });
    });
    let k2 = p.kernel("norm2_filter", |k| {
        let xs = k.param("xs", array(FLOAT));
        let pull = k.thunk(|i| GExpr::read(xs, i));
        let pred = k.predicate(FLOAT, |x| bin(BinaryOp::Gt, FLOAT, x, float(0.0)));
        k.returns("gts", array(FLOAT), Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None });
    });
    let k3 = p.kernel("norm2_map", |k| {
        let xs = k.param("xs", array(FLOAT));
        let s = k.param("sum1", scalar(FLOAT));
        let pull = k.thunk(|i| bin(BinaryOp::Div, FLOAT, GExpr::read(xs, i), var(s)));
        k.returns("mapped", array(FLOAT), Soac::Map { size: GExpr::Length(xs), pull });
    });
    let norm2 = p.function("norm2", &[("xs", array(FLOAT))], |f, params| {
        let xs = params[0];
        let sum1 = f.run("sum1", scalar(FLOAT), k1, &[xs]);
        let gts = f.run("gts", array(FLOAT), k2, &[xs]);
        let sum2 = f.run("sum2", scalar(FLOAT), k1, &[gts]);
        let r1 = f.run("mapped", array(FLOAT), k3, &[xs, sum1]);
        let r2 = f.run("mapped", array(FLOAT), k3, &[xs, sum2]);
        vec![Atom::Var(r1), Atom::Var(r2)]
    });
    p.main(|f| {
        let xs = f.floats("xs", &[1.0, -2.0, 3.0, 4.0, -2.0, 8.0, -4.0]);
        let rs = f.call(&[("r1", array(FLOAT)), ("r2", array(FLOAT))], norm2, &[xs]);
        f.emit(0, rs[0], Type::seq(Type::Float));
        f.emit(1, rs[1], Type::seq(Type::Float));
    });
    p.finish()
}

/// The dot product behind a length check, as flattening writes a zip.
pub fn dotp() -> FlatProgram {
    let mut p = ProgramBuilder::new();
    let map = p.kernel("dotp_map", |k| {
        let (u, v) = (k.param("u", array(FLOAT)), k.param("v", array(FLOAT)));
        let pull = k.thunk(|i| bin(BinaryOp::Mul, FLOAT, GExpr::read(u, i.clone()), GExpr::read(v, i)));
        k.returns("mapped", array(FLOAT), Soac::Map { size: GExpr::Length(u), pull });
    });
    let reduce = p.kernel("dotp_reduce_sum", |k| {
        let m = k.param("mapped", array(FLOAT));
        let pull = k.thunk(|i| GExpr::read(m, i));
        let op = k.operator(BinaryOp::Add, FLOAT);
        k.returns(
            "sum",
            scalar(FLOAT),
            Soac::Reduce { size: GExpr::Length(m), pull, neutral: vec![Const::Float(0.0)], op },
        );
    });
    let dotp = p.function("dotp", &[("u", array(FLOAT)), ("v", array(FLOAT))], |f, params| {
        let (u, v) = (params[0], params[1]);
        let nu = f.length("n_u", u);
        let nv = f.length("n_v", v);
        let same = f.binary("t", BinaryOp::Eq, INT, nu, nv);
        f.assert(same, 1, &[nu, nv]);
        let mapped = f.run("mapped", array(FLOAT), map, &[u, v]);
        let sum = f.run("sum", scalar(FLOAT), reduce, &[mapped]);
        vec![Atom::Var(sum)]
    });
    p.main(|f| {
        let u = f.floats("u", &[1.0, 2.0, 3.0, 4.0]);
        let v = f.floats("v", &[0.5, 0.25, 2.0, -1.0]);
        let d = f.call(&[("d", scalar(FLOAT))], dotp, &[u, v]);
        f.emit(0, d[0], Type::Float);
        let w = f.floats("w", &[1.0, 2.0]);
        let e = f.call(&[("e", scalar(FLOAT))], dotp, &[u, w]);
        f.emit(1, e[0], Type::Float);
    });
    p.finish()
}

/// Runs inside an `if` and a `time`: each block is a region of its own.
pub fn nested_regions() -> FlatProgram {
    let mut p = ProgramBuilder::new();
    let square = p.kernel("square", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| bin(BinaryOp::Mul, INT, GExpr::read(xs, i.clone()), GExpr::read(xs, i)));
        k.returns("squares", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    });
    let sum = p.kernel("sum", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| GExpr::read(xs, i));
        let op = k.operator(BinaryOp::Add, INT);
        k.returns(
            "total",
            scalar(INT),
            Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op },
        );
    });
    let max = p.kernel("max", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| GExpr::read(xs, i));
        let op = k.operator(BinaryOp::Max, INT);
        k.returns(
            "top",
            scalar(INT),
            Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(i64::MIN)], op },
        );
    });
    p.main(|f| {
        let xs = f.ints("xs", &[3, -1, 4, -1, 5, -9, 2, 6]);
        let n = f.length("n", xs);
        let four = f.let_("four", scalar(INT), HostExpr::Atom(Atom::Const(Const::Int(4))));
        let big = f.binary("big", BinaryOp::Gt, INT, n, four);
        let r = f.if_(
            &[("r", scalar(INT))],
            big,
            |f| {
                let sq = f.run("squares", array(INT), square, &[xs]);
                let s = f.run("total", scalar(INT), sum, &[sq]);
                let m = f.run("top", scalar(INT), max, &[sq]);
                let r = f.binary("r", BinaryOp::Add, INT, s, m);
                vec![Atom::Var(r)]
            },
            |f| {
                let s = f.run("total", scalar(INT), sum, &[xs]);
                vec![Atom::Var(s)]
            },
        );
        f.emit(0, r[0], Type::Int);
        let timed = f.time(&[("t", scalar(INT)), ("u", scalar(INT))], |f| {
            let s = f.run("total", scalar(INT), sum, &[xs]);
            let m = f.run("top", scalar(INT), max, &[xs]);
            vec![Atom::Var(s), Atom::Var(m)]
        });
        let both = f.binary("both", BinaryOp::Sub, INT, timed[0], timed[1]);
        f.emit(1, both, Type::Int);
    });
    p.finish()
}

/// A MAP, a `print`, and a REDUCE of the MAP: neither can fault, so the
/// runs fuse across the `print`. With `checked`, both check their reads
/// (they can fault), so the MAP must stay before the `print` and the
/// REDUCE after it.
pub fn print_between(checked: bool) -> FlatProgram {
    let mut p = ProgramBuilder::new();
    let map = p.kernel("halves", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| {
            let body = bin(BinaryOp::Div, INT, GExpr::read(xs, i.clone()), int(2));
            if checked {
                GExpr::Assert {
                    cond: Box::new(bin(BinaryOp::Lt, INT, i.clone(), GExpr::Length(xs))),
                    site: flatten::ir::FaultId(0),
                    payload: vec![i, GExpr::Length(xs)],
                    body: Box::new(body),
                }
            } else {
                body
            }
        });
        k.returns("halves", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    });
    let sum = p.kernel("sum", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| {
            let body = GExpr::read(xs, i.clone());
            if checked {
                GExpr::Assert {
                    cond: Box::new(bin(BinaryOp::Lt, INT, i.clone(), GExpr::Length(xs))),
                    site: flatten::ir::FaultId(0),
                    payload: vec![i, GExpr::Length(xs)],
                    body: Box::new(body),
                }
            } else {
                body
            }
        });
        let op = k.operator(BinaryOp::Add, INT);
        let size = GExpr::Length(xs);
        k.returns("total", scalar(INT), Soac::Reduce { size, pull, neutral: vec![Const::Int(0)], op });
    });
    p.main(|f| {
        let xs = f.ints("xs", &[10, 20, 31, 40]);
        let halves = f.run("halves", array(INT), map, &[xs]);
        let text = f.let_(
            "text",
            array(flatten::ir::Scalar::Char),
            HostExpr::Array {
                elem: flatten::ir::Scalar::Char,
                items: vec![Atom::Const(Const::Char(b'h')), Atom::Const(Const::Char(b'i'))],
            },
        );
        f.print(text);
        let total = f.run("total", scalar(INT), sum, &[halves]);
        f.emit(0, total, Type::Int);
    });
    p.finish()
}

/// A REDUCE whose result a ONCE reads.
pub fn reduce_then_once() -> FlatProgram {
    let mut p = ProgramBuilder::new();
    let sum = p.kernel("sum", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| GExpr::read(xs, i));
        let op = k.operator(BinaryOp::Add, INT);
        k.returns(
            "total",
            scalar(INT),
            Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op },
        );
    });
    let once = p.kernel("mean", |k| {
        let s = k.param("total", scalar(INT));
        let xs = k.param("xs", array(INT));
        let body = bin(BinaryOp::Div, INT, var(s), GExpr::Length(xs));
        k.returns("mean", scalar(INT), Soac::Once { body });
    });
    p.main(|f| {
        let xs = f.ints("xs", &[3, 5, 7, 9, 11]);
        let s = f.run("total", scalar(INT), sum, &[xs]);
        let m = f.run("mean", scalar(INT), once, &[s, xs]);
        f.emit(0, m, Type::Int);
    });
    p.finish()
}

/// A MAP read backwards by another MAP (a gather), then summed.
pub fn gather() -> FlatProgram {
    let mut p = ProgramBuilder::new();
    let shift = p.kernel("shift", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| bin(BinaryOp::Add, INT, GExpr::read(xs, i), int(100)));
        k.returns("shifted", array(INT), Soac::Map { size: GExpr::Length(xs), pull });
    });
    let reverse = p.kernel("reverse", |k| {
        let ys = k.param("ys", array(INT));
        let pull = k.thunk(|i| {
            let last = bin(BinaryOp::Sub, INT, GExpr::Length(ys), int(1));
            let j = bin(BinaryOp::Sub, INT, last, i.clone());
            bin(BinaryOp::Mul, INT, GExpr::read(ys, j), bin(BinaryOp::Add, INT, i, int(1)))
        });
        k.returns("reversed", array(INT), Soac::Map { size: GExpr::Length(ys), pull });
    });
    p.main(|f| {
        let xs = f.ints("xs", &[1, 2, 3, 4, 5]);
        let s = f.run("shifted", array(INT), shift, &[xs]);
        let r = f.run("reversed", array(INT), reverse, &[s]);
        f.emit(0, r, Type::seq(Type::Int));
    });
    p.finish()
}

/// Two FILTERs in series and a REDUCE of what passes both.
pub fn filter_chain() -> FlatProgram {
    let mut p = ProgramBuilder::new();
    let positive = p.kernel("positive", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| GExpr::read(xs, i));
        let pred = k.predicate(INT, |x| bin(BinaryOp::Gt, INT, x, int(0)));
        k.returns("pos", array(INT), Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None });
    });
    let small = p.kernel("small", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| bin(BinaryOp::Mul, INT, GExpr::read(xs, i), int(3)));
        let pred = k.predicate(INT, |x| bin(BinaryOp::Lt, INT, x, int(20)));
        k.returns("small", array(INT), Soac::Filter { size: GExpr::Length(xs), pull, pred, before: None });
    });
    let sum = p.kernel("sum", |k| {
        let xs = k.param("xs", array(INT));
        let pull = k.thunk(|i| GExpr::read(xs, i));
        let op = k.operator(BinaryOp::Add, INT);
        k.returns(
            "total",
            scalar(INT),
            Soac::Reduce { size: GExpr::Length(xs), pull, neutral: vec![Const::Int(0)], op },
        );
    });
    p.main(|f| {
        let xs = f.ints("xs", &[3, -1, 4, -1, 5, -9, 2, 6, 8]);
        let pos = f.run("pos", array(INT), positive, &[xs]);
        let small_ones = f.run("small", array(INT), small, &[pos]);
        let total = f.run("total", scalar(INT), sum, &[small_ones]);
        f.emit(0, total, Type::Int);
    });
    p.finish()
}

/// A tiny deterministic random generator (xorshift).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// A random straight-line program over float arrays of one length: maps
/// (of one or two arrays, with reduction results as scalars, or reading
/// backwards), reductions, scans, filters and reductions of what they
/// keep, with every value emitted. Sums are of multiples of 1/4, so every
/// order of addition gives the same floats.
pub fn random_program(seed: u64) -> FlatProgram {
    let mut rng = Rng::new(seed);
    let mut p = ProgramBuilder::new();
    let n = 7;
    let quarter = |rng: &mut Rng| (rng.below(33) as f64 - 16.0) / 4.0;
    let xs_values: Vec<f64> = (0..n).map(|_| quarter(&mut rng)).collect();
    let ys_values: Vec<f64> = (0..n).map(|_| quarter(&mut rng)).collect();
    let steps = 4 + rng.below(8);
    // Decide the program first, then build kernels and main.
    enum Step {
        Scale(usize, f64),
        Add(usize, usize),
        Sum(usize),
        Center(usize, usize),
        FilterSum(usize, f64),
        Scan(usize),
        Reverse(usize),
        FilterFilterCount(usize),
    }
    let mut arrays = 2usize;
    let mut scalars = 0usize;
    let mut plan = Vec::new();
    for _ in 0..steps {
        let pick = |rng: &mut Rng, k: usize| rng.below(k as u64) as usize;
        let step = match rng.below(8) {
            0 => Step::Scale(pick(&mut rng, arrays), quarter(&mut rng)),
            1 => Step::Add(pick(&mut rng, arrays), pick(&mut rng, arrays)),
            2 => Step::Sum(pick(&mut rng, arrays)),
            3 if scalars > 0 => Step::Center(pick(&mut rng, arrays), pick(&mut rng, scalars)),
            4 => Step::FilterSum(pick(&mut rng, arrays), quarter(&mut rng)),
            5 => Step::Scan(pick(&mut rng, arrays)),
            6 => Step::Reverse(pick(&mut rng, arrays)),
            _ => Step::FilterFilterCount(pick(&mut rng, arrays)),
        };
        match step {
            Step::Sum(_) | Step::FilterSum(..) => scalars += 1,
            Step::FilterFilterCount(_) => {}
            _ => arrays += 1,
        }
        plan.push(step);
    }
    // One kernel per step.
    let map2 = |p: &mut ProgramBuilder, name: &str, f: fn(GExpr, GExpr) -> GExpr| {
        p.kernel(name, |k| {
            let a = k.param("a", array(FLOAT));
            let b = k.param("b", array(FLOAT));
            let pull = k.thunk(|i| f(GExpr::read(a, i.clone()), GExpr::read(b, i)));
            k.returns("r", array(FLOAT), Soac::Map { size: GExpr::Length(a), pull });
        })
    };
    let sum_kernel = p.kernel("sum", |k| {
        let a = k.param("a", array(FLOAT));
        let pull = k.thunk(|i| GExpr::read(a, i));
        let op = k.operator(BinaryOp::Add, FLOAT);
        k.returns(
            "s",
            scalar(FLOAT),
            Soac::Reduce { size: GExpr::Length(a), pull, neutral: vec![Const::Float(0.0)], op },
        );
    });
    let add_kernel = map2(&mut p, "add", |a, b| bin(BinaryOp::Add, FLOAT, a, b));
    let center_kernel = p.kernel("center", |k| {
        let a = k.param("a", array(FLOAT));
        let s = k.param("s", scalar(FLOAT));
        let pull = k.thunk(|i| bin(BinaryOp::Sub, FLOAT, GExpr::read(a, i), var(s)));
        k.returns("r", array(FLOAT), Soac::Map { size: GExpr::Length(a), pull });
    });
    let scan_kernel = p.kernel("prefix", |k| {
        let a = k.param("a", array(FLOAT));
        let pull = k.thunk(|i| GExpr::read(a, i));
        let op = k.operator(BinaryOp::Add, FLOAT);
        k.returns("r", array(FLOAT), Soac::Scan { size: GExpr::Length(a), pull, neutral: vec![Const::Float(0.0)], op });
    });
    let reverse_kernel = p.kernel("reverse", |k| {
        let a = k.param("a", array(FLOAT));
        let pull = k.thunk(|i| {
            let j = bin(BinaryOp::Sub, INT, bin(BinaryOp::Sub, INT, GExpr::Length(a), int(1)), i);
            GExpr::read(a, j)
        });
        k.returns("r", array(FLOAT), Soac::Map { size: GExpr::Length(a), pull });
    });
    let negatives = p.kernel("negatives", |k| {
        let a = k.param("a", array(FLOAT));
        let pull = k.thunk(|i| GExpr::unary(UnaryOp::Neg, FLOAT, GExpr::read(a, i)));
        let pred = k.predicate(FLOAT, |x| bin(BinaryOp::Gt, FLOAT, x, float(0.0)));
        k.returns("r", array(FLOAT), Soac::Filter { size: GExpr::Length(a), pull, pred, before: None });
    });
    let below_two = p.kernel("below_two", |k| {
        let a = k.param("a", array(FLOAT));
        let pull = k.thunk(|i| GExpr::read(a, i));
        let pred = k.predicate(FLOAT, |x| bin(BinaryOp::Lt, FLOAT, x, float(2.0)));
        k.returns("r", array(FLOAT), Soac::Filter { size: GExpr::Length(a), pull, pred, before: None });
    });
    let count = p.kernel("count", |k| {
        let a = k.param("a", array(FLOAT));
        let pull = k.thunk(|_| int(1));
        let op = k.operator(BinaryOp::Add, INT);
        k.returns("c", scalar(INT), Soac::Reduce { size: GExpr::Length(a), pull, neutral: vec![Const::Int(0)], op });
    });
    let mut scale_kernels = Vec::new();
    let mut filter_kernels = Vec::new();
    for step in &plan {
        match step {
            Step::Scale(_, c) => {
                let c = *c;
                scale_kernels.push(p.kernel(&format!("scale_{}", scale_kernels.len()), |k| {
                    let a = k.param("a", array(FLOAT));
                    let pull = k.thunk(|i| {
                        bin(BinaryOp::Add, FLOAT, bin(BinaryOp::Mul, FLOAT, GExpr::read(a, i), float(c)), float(0.25))
                    });
                    k.returns("r", array(FLOAT), Soac::Map { size: GExpr::Length(a), pull });
                }))
            }
            Step::FilterSum(_, c) => {
                let c = *c;
                filter_kernels.push(p.kernel(&format!("above_{}", filter_kernels.len()), |k| {
                    let a = k.param("a", array(FLOAT));
                    let pull = k.thunk(|i| GExpr::read(a, i));
                    let pred = k.predicate(FLOAT, |x| bin(BinaryOp::Gt, FLOAT, x, float(c)));
                    k.returns("r", array(FLOAT), Soac::Filter { size: GExpr::Length(a), pull, pred, before: None });
                }))
            }
            _ => {}
        }
    }
    p.main(|f| {
        let mut arrays = vec![f.floats("xs", &xs_values), f.floats("ys", &ys_values)];
        let mut scalars = Vec::new();
        let mut item = 0;
        let (mut scale_k, mut filter_k) = (scale_kernels.into_iter(), filter_kernels.into_iter());
        for step in plan {
            match step {
                Step::Scale(a, _) => {
                    let k = scale_k.next().expect("a kernel per step");
                    arrays.push(f.run("scaled", array(FLOAT), k, &[arrays[a]]));
                }
                Step::Add(a, b) => arrays.push(f.run("sums", array(FLOAT), add_kernel, &[arrays[a], arrays[b]])),
                Step::Sum(a) => scalars.push(f.run("total", scalar(FLOAT), sum_kernel, &[arrays[a]])),
                Step::Center(a, s) => {
                    arrays.push(f.run("centered", array(FLOAT), center_kernel, &[arrays[a], scalars[s]]))
                }
                Step::FilterSum(a, _) => {
                    let k = filter_k.next().expect("a kernel per step");
                    let kept = f.run("kept", array(FLOAT), k, &[arrays[a]]);
                    scalars.push(f.run("kept_total", scalar(FLOAT), sum_kernel, &[kept]));
                }
                Step::Scan(a) => arrays.push(f.run("prefix", array(FLOAT), scan_kernel, &[arrays[a]])),
                Step::Reverse(a) => arrays.push(f.run("reversed", array(FLOAT), reverse_kernel, &[arrays[a]])),
                Step::FilterFilterCount(a) => {
                    let neg = f.run("negatives", array(FLOAT), negatives, &[arrays[a]]);
                    let small = f.run("small", array(FLOAT), below_two, &[neg]);
                    let c = f.run("count", scalar(INT), count, &[small]);
                    f.emit(item, c, Type::Int);
                    item += 1;
                }
            }
        }
        for &s in &scalars {
            f.emit(item, s, Type::Float);
            item += 1;
        }
        if let Some(&last) = arrays.last() {
            f.emit(item, last, Type::seq(Type::Float));
        }
    });
    p.finish()
}
