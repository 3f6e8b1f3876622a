//! Apply-to-each: generators, filters, patterns, nesting.

use super::{fault_of, sparse_matrix_vector_product, value_of};
use crate::builtins::Prim;
use crate::types::Type;

#[test]
fn the_body_is_evaluated_for_each_element() {
    // {x * x : x in [1, 2, 3]}
    let squares = value_of(|b| {
        let x = b.local("x", Type::Int);
        let xs = b.ints(&[1, 2, 3]);
        let (v1, v2) = (b.var(x), b.var(x));
        let body = b.prim(Prim::Mul, &[v1, v2]);
        let pattern = b.bind(x);
        b.each(body, vec![(pattern, xs)], None)
    });
    assert_eq!(squares, "[1, 4, 9] : [int]");
}

#[test]
fn an_empty_generator_gives_an_empty_sequence_of_the_body_type() {
    let empty = value_of(|b| {
        let x = b.local("x", Type::Int);
        let xs = b.seq(&[], Type::Int);
        let v = b.var(x);
        let body = b.prim(Prim::Dist, &[v, v]);
        let pattern = b.bind(x);
        b.each(body, vec![(pattern, xs)], None)
    });
    assert_eq!(empty, "[] : [[int]]");
}

#[test]
fn several_generators_are_zipped_and_the_filter_selects() {
    // {x + y : x in [1, 2, 3, 4]; y in [10, 20, 30, 40] | evenp(x)}
    let sums = value_of(|b| {
        let (x, y) = (b.local("x", Type::Int), b.local("y", Type::Int));
        let (xs, ys) = (b.ints(&[1, 2, 3, 4]), b.ints(&[10, 20, 30, 40]));
        let (vx, vy) = (b.var(x), b.var(y));
        let body = b.prim(Prim::Add, &[vx, vy]);
        let (vx, two, zero) = (b.var(x), b.int(2), b.int(0));
        let remainder = b.prim(Prim::Rem, &[vx, two]);
        let is_even = b.prim(Prim::Eq, &[remainder, zero]);
        let (px, py) = (b.bind(x), b.bind(y));
        b.each(body, vec![(px, xs), (py, ys)], Some(is_even))
    });
    assert_eq!(sums, "[22, 44] : [int]");
}

#[test]
fn generators_of_different_lengths_fault() {
    let message = fault_of(|b| {
        let (x, y) = (b.local("x", Type::Int), b.local("y", Type::Int));
        let (xs, ys) = (b.ints(&[1, 2, 3, 4, 5]), b.ints(&[1, 2, 3]));
        let body = b.var(x);
        let (px, py) = (b.bind(x), b.bind(y));
        b.each(body, vec![(px, xs), (py, ys)], None)
    });
    assert_eq!(message, "generators of different lengths: 5 and 3");
}

#[test]
fn tuple_patterns_take_pair_elements_apart() {
    // {(y, x) : (x, y) in zip([1, 2], "ab")}
    let swapped = value_of(|b| {
        let (x, y) = (b.local("x", Type::Int), b.local("y", Type::Char));
        let (xs, ys) = (b.ints(&[1, 2]), b.string("ab"));
        let zipped = b.prim(Prim::Zip, &[xs, ys]);
        let (vx, vy) = (b.var(x), b.var(y));
        let body = b.pair(vy, vx);
        let (px, py) = (b.bind(x), b.bind(y));
        let pattern = b.pair_pattern(px, py);
        b.each(body, vec![(pattern, zipped)], None)
    });
    assert_eq!(swapped, "[(`a, 1), (`b, 2)] : [(char, int)]");
}

#[test]
fn nested_apply_to_each_builds_nested_results() {
    // {{x * y : y in row} : (x, row) in zip([1, 2, 3], [[1, 2], [], [3]])}
    let products = value_of(|b| {
        let x = b.local("x", Type::Int);
        let row = b.local("row", Type::seq(Type::Int));
        let y = b.local("y", Type::Int);
        let (vx, vy) = (b.var(x), b.var(y));
        let inner_body = b.prim(Prim::Mul, &[vx, vy]);
        let rows = b.var(row);
        let py = b.bind(y);
        let inner = b.each(inner_body, vec![(py, rows)], None);
        let (xs, rows) = (b.ints(&[1, 2, 3]), b.nested_ints(&[&[1, 2], &[], &[3]]));
        let zipped = b.prim(Prim::Zip, &[xs, rows]);
        let (px, prow) = (b.bind(x), b.bind(row));
        let pattern = b.pair_pattern(px, prow);
        b.each(inner, vec![(pattern, zipped)], None)
    });
    assert_eq!(products, "[[1, 2], [], [9]] : [[int]]");
}

#[test]
fn sparse_matrix_times_vector() {
    let product = value_of(|b| {
        // m = [[(0, 1.0), (2, 2.0)], [], [(1, 3.0)]]
        let (columns, values) = (b.ints(&[0, 2, 1]), b.floats(&[1.0, 2.0, 3.0]));
        let entries = b.prim(Prim::Zip, &[columns, values]);
        let lengths = b.ints(&[2, 0, 1]);
        let m = b.prim(Prim::Partition, &[entries, lengths]);
        let vector = b.floats(&[10.0, 20.0, 30.0]);
        sparse_matrix_vector_product(b, m, vector)
    });
    assert_eq!(product, "[70.0, 0.0, 60.0] : [float]");
}
