//! Timings of the interpreter on large inputs. Ignored by default; run with
//! `cargo test --release -p nesl-frontend --lib performance -- --ignored
//! --nocapture`.

use std::time::Instant;

use super::{Builder, sparse_matrix_vector_product};
use crate::builtins::Prim;
use crate::tast::ExprId;
use crate::types::Type;

/// Runs the program of one item built by `build`, prints how long it took,
/// and returns the printed item.
fn timed(what: &str, build: impl FnOnce(&mut Builder) -> ExprId) -> String {
    let mut b = Builder::new();
    let e = build(&mut b);
    b.item(e);
    let start = Instant::now();
    let (text, result) = b.run();
    let seconds = start.elapsed().as_secs_f64();
    result.unwrap_or_else(|d| panic!("{what}: {}", d.message));
    eprintln!("{what}: {seconds:.3} s");
    text
}

/// `index(n)`, as `iseq(0, 1, n)`.
fn index(b: &mut Builder, n: i64) -> ExprId {
    let (zero, one, n) = (b.int(0), b.int(1), b.int(n));
    b.prim(Prim::Iseq, &[zero, one, n])
}

#[test]
#[ignore]
fn sum_of_squares_of_ten_million() {
    // sum({x * x : x in index(10000000)})
    let text = timed("sum({x * x : x in index(10^7)})", |b| {
        let x = b.local("x", Type::Int);
        let (v1, v2) = (b.var(x), b.var(x));
        let square = b.prim(Prim::Mul, &[v1, v2]);
        let xs = index(b, 10_000_000);
        let px = b.bind(x);
        let squares = b.each(square, vec![(px, xs)], None);
        b.prim(Prim::Sum, &[squares])
    });
    // The exact sum, wrapped to 64 bits as the interpreter's ints wrap.
    let n: i128 = 10_000_000;
    let expected = ((n - 1) * n * (2 * n - 1) / 6) as i64;
    assert_eq!(text, format!("it = {expected} : int\n"));
}

#[test]
#[ignore]
fn sparse_matrix_vector_product_with_a_million_nonzeros() {
    // m: 100000 rows of 10 entries (i, x) with i = (7 * k) mod n; v = dist(1.0, n).
    // {sum({x * v[i] : (i, x) in row}) : row in m}
    let n = 100_000;
    let text = timed("sparse matrix-vector product, 10^6 nonzeros", |b| {
        let k = b.local("k", Type::Int);
        let (vk, seven, modulus) = (b.var(k), b.int(7), b.int(n));
        let times_seven = b.prim(Prim::Mul, &[vk, seven]);
        let column = b.prim(Prim::Rem, &[times_seven, modulus]);
        let pk = b.bind(k);
        let all = index(b, 10 * n);
        let columns = b.each(column, vec![(pk, all)], None);
        let (one, count) = (b.float(0.5), b.int(10 * n));
        let values = b.prim(Prim::Dist, &[one, count]);
        let entries = b.prim(Prim::Zip, &[columns, values]);
        let (ten, rows) = (b.int(10), b.int(n));
        let lengths = b.prim(Prim::Dist, &[ten, rows]);
        let m = b.prim(Prim::Partition, &[entries, lengths]);
        let (two, size) = (b.float(2.0), b.int(n));
        let vector = b.prim(Prim::Dist, &[two, size]);
        let product = sparse_matrix_vector_product(b, m, vector);
        b.prim(Prim::Sum, &[product])
    });
    assert_eq!(text, "it = 1000000.0 : float\n");
}

#[test]
#[ignore]
fn sort_of_a_million_ints() {
    let n = 1_000_000;
    let text = timed("sort of 10^6 ints (with building them)", |b| {
        // {(k * 7919) rem n : k in index(n)}, a permutation of index(n)
        let k = b.local("k", Type::Int);
        let (vk, prime, modulus) = (b.var(k), b.int(7919), b.int(n));
        let product = b.prim(Prim::Mul, &[vk, prime]);
        let shuffled = b.prim(Prim::Rem, &[product, modulus]);
        let pk = b.bind(k);
        let ks = index(b, n);
        let xs = b.each(shuffled, vec![(pk, ks)], None);
        let sorted = b.prim(Prim::Sort, &[xs]);
        let last = b.int(n - 1);
        b.prim(Prim::Elt, &[sorted, last])
    });
    assert_eq!(text, format!("it = {} : int\n", n - 1));
}
