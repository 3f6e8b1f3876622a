//! Sequence primitives: normal cases, edge cases, nested and tuple
//! elements, and their faults.

use super::{Builder, apply, apply_fault, value_of};
use crate::builtins::Prim;
use crate::tast::ExprId;
use crate::types::Type;

/// `[(1, 1.5), (2, 2.5), (3, 3.5)]`, built with `zip`.
fn pairs(b: &mut Builder) -> ExprId {
    let (xs, ys) = (b.ints(&[1, 2, 3]), b.floats(&[1.5, 2.5, 3.5]));
    b.prim(Prim::Zip, &[xs, ys])
}

/// `[[1, 2], [], [3, 4, 5]]`
fn nested(b: &mut Builder) -> ExprId {
    b.nested_ints(&[&[1, 2], &[], &[3, 4, 5]])
}

#[test]
fn length_dist_and_elt() {
    assert_eq!(apply(Prim::Length, |b| vec![b.ints(&[4, 5, 6])]), "3 : int");
    assert_eq!(apply(Prim::Length, |b| vec![b.seq(&[], Type::Int)]), "0 : int");
    assert_eq!(apply(Prim::Dist, |b| vec![b.int(7), b.int(3)]), "[7, 7, 7] : [int]");
    assert_eq!(apply(Prim::Dist, |b| vec![b.float(1.0), b.int(0)]), "[] : [float]");
    assert_eq!(apply(Prim::Dist, |b| vec![b.ints(&[1, 2]), b.int(2)]), "[[1, 2], [1, 2]] : [[int]]");
    assert_eq!(
        apply(Prim::Dist, |b| {
            let (x, s) = (b.int(1), b.string("ab"));
            vec![b.pair(x, s), b.int(2)]
        }),
        r#"[(1, "ab"), (1, "ab")] : [(int, [char])]"#
    );
    assert_eq!(apply(Prim::Elt, |b| vec![b.ints(&[4, 5, 6]), b.int(2)]), "6 : int");
    assert_eq!(apply(Prim::Elt, |b| vec![nested(b), b.int(2)]), "[3, 4, 5] : [int]");
    assert_eq!(apply(Prim::Elt, |b| vec![pairs(b), b.int(1)]), "(2, 2.5) : (int, float)");
}

#[test]
fn dist_and_elt_faults() {
    assert_eq!(apply_fault(Prim::Dist, |b| vec![b.int(0), b.int(-2)]), "`dist`: negative count -2");
    assert_eq!(
        apply_fault(Prim::Dist, |b| vec![b.int(0), b.int(1 << 50)]),
        "sequence too large in `dist`: 1125899906842624 elements (the limit is 2^31)"
    );
    // The limit applies to the inner columns too.
    assert_eq!(
        apply_fault(Prim::Dist, |b| vec![b.ints(&[1, 2, 3, 4]), b.int(1 << 30)]),
        "sequence too large in `dist`: 4294967296 elements (the limit is 2^31)"
    );
    assert_eq!(
        apply_fault(Prim::Elt, |b| vec![b.ints(&[1, 2, 3, 4, 5]), b.int(7)]),
        "index out of range in `elt`: index 7, length 5"
    );
    assert_eq!(
        apply_fault(Prim::Elt, |b| vec![b.ints(&[1, 2, 3, 4, 5]), b.int(-1)]),
        "index out of range in `elt`: index -1, length 5"
    );
}

#[test]
fn zip_shares_and_checks_lengths() {
    assert_eq!(value_of(pairs), "[(1, 1.5), (2, 2.5), (3, 3.5)] : [(int, float)]");
    assert_eq!(
        apply_fault(Prim::Zip, |b| vec![b.ints(&[1, 2, 3, 4, 5]), b.ints(&[1, 2, 3])]),
        "`zip` of sequences of different lengths: 5 and 3"
    );
}

#[test]
fn iseq_counts_up_or_down_and_stops_before_the_end() {
    let iseq = |s, d, e| apply(Prim::Iseq, |b| vec![b.int(s), b.int(d), b.int(e)]);
    assert_eq!(iseq(0, 1, 5), "[0, 1, 2, 3, 4] : [int]");
    assert_eq!(iseq(1, 3, 10), "[1, 4, 7] : [int]");
    assert_eq!(iseq(1, 3, 11), "[1, 4, 7, 10] : [int]");
    assert_eq!(iseq(5, -2, 0), "[5, 3, 1] : [int]");
    assert_eq!(iseq(5, 1, 5), "[] : [int]");
    assert_eq!(iseq(5, 1, 0), "[] : [int]");
    assert_eq!(iseq(i64::MAX - 1, 1, i64::MAX), format!("[{}] : [int]", i64::MAX - 1));
    assert_eq!(apply_fault(Prim::Iseq, |b| vec![b.int(0), b.int(0), b.int(5)]), "`iseq`: the stride is zero");
    assert_eq!(
        apply_fault(Prim::Iseq, |b| vec![b.int(i64::MIN), b.int(1), b.int(i64::MAX)]),
        "sequence too large in `iseq`: 18446744073709551615 elements (the limit is 2^31)"
    );
}

#[test]
fn scans_are_exclusive_and_start_with_the_identity() {
    let on_ints = |prim| apply(prim, |b| vec![b.ints(&[3, -1, 4, 1, -5])]);
    assert_eq!(on_ints(Prim::PlusScan), "[0, 3, 2, 6, 7] : [int]");
    assert_eq!(on_ints(Prim::MultScan), "[1, 3, -3, -12, -12] : [int]");
    assert_eq!(on_ints(Prim::MaxScan), format!("[{}, 3, 3, 4, 4] : [int]", i64::MIN));
    assert_eq!(on_ints(Prim::MinScan), format!("[{}, 3, -1, -1, -1] : [int]", i64::MAX));
    assert_eq!(on_ints(Prim::OrScan), "[0, 3, -1, -1, -1] : [int]");
    assert_eq!(on_ints(Prim::AndScan), "[-1, 3, 3, 0, 0] : [int]");
    let on_floats = |prim| apply(prim, |b| vec![b.floats(&[1.5, f64::NAN, -2.0])]);
    assert_eq!(on_floats(Prim::PlusScan), "[0.0, 1.5, NaN] : [float]");
    assert_eq!(on_floats(Prim::MultScan), "[1.0, 1.5, NaN] : [float]");
    assert_eq!(on_floats(Prim::MaxScan), "[-inf, 1.5, NaN] : [float]");
    assert_eq!(on_floats(Prim::MinScan), "[inf, 1.5, 1.5] : [float]");
    let on_chars = |prim| apply(prim, |b| vec![b.string("bca")]);
    assert_eq!(on_chars(Prim::MaxScan), r#""\x00bc" : [char]"#);
    assert_eq!(on_chars(Prim::MinScan), r#""\xffbb" : [char]"#);
    let on_bools = |prim| apply(prim, |b| vec![b.bools(&[false, true, false])]);
    assert_eq!(on_bools(Prim::OrScan), "[F, F, T] : [bool]");
    assert_eq!(on_bools(Prim::AndScan), "[T, F, F] : [bool]");
    assert_eq!(apply(Prim::PlusScan, |b| vec![b.seq(&[], Type::Int)]), "[] : [int]");
}

#[test]
fn reductions_return_the_identity_on_empty_sequences() {
    let on_ints = |prim| apply(prim, |b| vec![b.ints(&[3, -1, 4])]);
    assert_eq!(on_ints(Prim::Sum), "6 : int");
    assert_eq!(on_ints(Prim::Product), "-12 : int");
    assert_eq!(on_ints(Prim::MaxVal), "4 : int");
    assert_eq!(on_ints(Prim::MinVal), "-1 : int");
    assert_eq!(on_ints(Prim::Any), "-1 : int");
    assert_eq!(on_ints(Prim::All), "0 : int");
    let on_empty = |prim, elem| apply(prim, |b| vec![b.seq(&[], elem)]);
    assert_eq!(on_empty(Prim::Sum, Type::Int), "0 : int");
    assert_eq!(on_empty(Prim::Product, Type::Float), "1.0 : float");
    assert_eq!(on_empty(Prim::MaxVal, Type::Int), format!("{} : int", i64::MIN));
    assert_eq!(on_empty(Prim::MinVal, Type::Float), "inf : float");
    assert_eq!(on_empty(Prim::MaxVal, Type::Char), r"`\x00 : char");
    assert_eq!(on_empty(Prim::All, Type::Bool), "T : bool");
    assert_eq!(on_empty(Prim::Any, Type::Bool), "F : bool");
    assert_eq!(on_empty(Prim::Parity, Type::Bool), "F : bool");
    assert_eq!(apply(Prim::Parity, |b| vec![b.bools(&[true, true, true])]), "T : bool");
    assert_eq!(apply(Prim::Sum, |b| vec![b.floats(&[0.5, 0.25])]), "0.75 : float");
    assert_eq!(apply(Prim::MaxVal, |b| vec![b.floats(&[1.0, f64::NAN])]), "NaN : float");
    assert_eq!(apply(Prim::MinVal, |b| vec![b.string("hello")]), "`e : char");
    assert_eq!(apply(Prim::Sum, |b| vec![b.ints(&[i64::MAX, 1])]), format!("{} : int", i64::MIN));
}

#[test]
fn max_and_min_index_find_the_first_extreme() {
    assert_eq!(apply(Prim::MaxIndex, |b| vec![b.ints(&[1, 5, 2, 5])]), "1 : int");
    assert_eq!(apply(Prim::MinIndex, |b| vec![b.ints(&[3, 1, 2, 1])]), "1 : int");
    assert_eq!(apply(Prim::MaxIndex, |b| vec![b.floats(&[1.0, f64::NAN, f64::NAN])]), "1 : int");
    assert_eq!(apply(Prim::MinIndex, |b| vec![b.string("zay")]), "1 : int");
    assert_eq!(apply_fault(Prim::MaxIndex, |b| vec![b.seq(&[], Type::Int)]), "`max_index` of an empty sequence");
}

#[test]
fn read_gathers_any_element_type() {
    assert_eq!(apply(Prim::Read, |b| vec![b.ints(&[10, 20, 30]), b.ints(&[2, 0, 2])]), "[30, 10, 30] : [int]");
    assert_eq!(
        apply(Prim::Read, |b| vec![nested(b), b.ints(&[2, 1, 0, 2])]),
        "[[3, 4, 5], [], [1, 2], [3, 4, 5]] : [[int]]"
    );
    assert_eq!(apply(Prim::Read, |b| vec![pairs(b), b.ints(&[1])]), "[(2, 2.5)] : [(int, float)]");
    assert_eq!(
        apply_fault(Prim::Read, |b| vec![b.ints(&[10, 20, 30]), b.ints(&[0, 3])]),
        "index out of range in `->`: index 3, length 3"
    );
}

#[test]
fn permute_moves_element_i_to_position_indices_i() {
    assert_eq!(apply(Prim::Permute, |b| vec![b.string("abc"), b.ints(&[2, 0, 1])]), r#""bca" : [char]"#);
    assert_eq!(apply(Prim::Permute, |b| vec![nested(b), b.ints(&[1, 2, 0])]), "[[3, 4, 5], [1, 2], []] : [[int]]");
    assert_eq!(
        apply_fault(Prim::Permute, |b| vec![b.ints(&[1, 2, 3, 4]), b.ints(&[0, 3, 3, 1])]),
        "`permute`: index 3 appears twice"
    );
    assert_eq!(
        apply_fault(Prim::Permute, |b| vec![b.ints(&[1, 2, 3, 4, 5]), b.ints(&[0, 1, 2, 3])]),
        "`permute`: 4 indices for a sequence of 5 elements"
    );
    assert_eq!(
        apply_fault(Prim::Permute, |b| vec![b.ints(&[1, 2]), b.ints(&[0, 2])]),
        "index out of range in `permute`: index 2, length 2"
    );
}

#[test]
fn write_scatters_and_the_last_write_wins() {
    let write = |b: &mut Builder, positions: &[i64], values: &[i64]| {
        let (target, p, v) = (b.ints(&[0, 0, 0, 0]), b.ints(positions), b.ints(values));
        let updates = b.prim(Prim::Zip, &[p, v]);
        vec![target, updates]
    };
    assert_eq!(apply(Prim::Write, |b| write(b, &[1, 3, 1], &[5, 6, 7])), "[0, 7, 0, 6] : [int]");
    assert_eq!(apply(Prim::Write, |b| write(b, &[], &[])), "[0, 0, 0, 0] : [int]");
    assert_eq!(apply_fault(Prim::Write, |b| write(b, &[4], &[1])), "index out of range in `<-`: index 4, length 4");
    assert_eq!(
        apply(Prim::Write, |b| {
            let target = nested(b);
            let (p, v) = (b.ints(&[1]), b.nested_ints(&[&[9, 9]]));
            let updates = b.prim(Prim::Zip, &[p, v]);
            vec![target, updates]
        }),
        "[[1, 2], [9, 9], [3, 4, 5]] : [[int]]"
    );
}

#[test]
fn pack_keeps_the_flagged_elements_in_order() {
    assert_eq!(
        apply(Prim::Pack, |b| {
            let (values, flags) = (nested(b), b.bools(&[true, false, true]));
            vec![b.prim(Prim::Zip, &[values, flags])]
        }),
        "[[1, 2], [3, 4, 5]] : [[int]]"
    );
}

#[test]
fn append_subseq_partition_and_flatten() {
    assert_eq!(apply(Prim::Append, |b| vec![b.ints(&[1, 2]), b.ints(&[3])]), "[1, 2, 3] : [int]");
    assert_eq!(apply(Prim::Append, |b| vec![b.seq(&[], Type::Int), b.ints(&[3])]), "[3] : [int]");
    assert_eq!(
        apply(Prim::Append, |b| vec![nested(b), b.nested_ints(&[&[6]])]),
        "[[1, 2], [], [3, 4, 5], [6]] : [[int]]"
    );
    assert_eq!(apply(Prim::Subseq, |b| vec![b.string("hello"), b.int(1), b.int(3)]), r#""el" : [char]"#);
    assert_eq!(apply(Prim::Subseq, |b| vec![b.string("hello"), b.int(5), b.int(5)]), r#""" : [char]"#);
    assert_eq!(
        apply_fault(Prim::Subseq, |b| vec![b.string("hello"), b.int(2), b.int(9)]),
        "`subseq`: [2, 9) is not a range of positions of a sequence of length 5"
    );
    assert_eq!(
        apply(Prim::Partition, |b| vec![b.ints(&[1, 2, 3, 4, 5]), b.ints(&[2, 0, 3])]),
        "[[1, 2], [], [3, 4, 5]] : [[int]]"
    );
    assert_eq!(
        apply_fault(Prim::Partition, |b| vec![b.ints(&[1, 2, 3, 4, 5]), b.ints(&[2, 5])]),
        "`partition`: segment lengths add up to 7, but the sequence has 5 elements"
    );
    assert_eq!(
        apply_fault(Prim::Partition, |b| vec![b.ints(&[1, 2, 3]), b.ints(&[4, -1])]),
        "`partition`: negative segment length -1"
    );
    assert_eq!(apply(Prim::Flatten, |b| vec![nested(b)]), "[1, 2, 3, 4, 5] : [int]");
    // Flattening a slice of a nested sequence gives only the slice's elements.
    assert_eq!(
        value_of(|b| {
            let (s, one, three) = (nested(b), b.int(1), b.int(3));
            let tail = b.prim(Prim::Subseq, &[s, one, three]);
            b.prim(Prim::Flatten, &[tail])
        }),
        "[3, 4, 5] : [int]"
    );
}

#[test]
fn sort_is_ascending_and_stable_with_nan_last() {
    assert_eq!(apply(Prim::Sort, |b| vec![b.ints(&[3, -1, 2, -1])]), "[-1, -1, 2, 3] : [int]");
    assert_eq!(apply(Prim::Sort, |b| vec![b.string("nessie")]), r#""eeinss" : [char]"#);
    assert_eq!(
        apply(Prim::Sort, |b| vec![b.floats(&[f64::NAN, 0.0, -0.0, -1.5, f64::INFINITY])]),
        "[-1.5, 0.0, -0.0, inf, NaN] : [float]"
    );
    assert_eq!(apply(Prim::Rank, |b| vec![b.ints(&[30, 10, 20, 10])]), "[3, 0, 2, 1] : [int]");
    assert_eq!(apply(Prim::Rank, |b| vec![b.floats(&[f64::NAN, 1.0, 0.5])]), "[2, 1, 0] : [int]");
    assert_eq!(apply(Prim::Rank, |b| vec![b.seq(&[], Type::Char)]), "[] : [int]");
}

#[test]
fn eql_is_deep_and_hash_is_deterministic_and_in_range() {
    assert_eq!(apply(Prim::Eql, |b| vec![nested(b), nested(b)]), "T : bool");
    assert_eq!(apply(Prim::Eql, |b| vec![nested(b), b.nested_ints(&[&[1, 2], &[3], &[4, 5]])]), "F : bool");
    assert_eq!(apply(Prim::Eql, |b| vec![b.float(0.0), b.float(-0.0)]), "T : bool");
    let hash = |build: fn(&mut Builder) -> ExprId, range| apply(Prim::Hash, |b| vec![build(b), b.int(range)]);
    assert_eq!(hash(nested, 1000), hash(nested, 1000));
    assert_ne!(hash(nested, 1 << 40), hash(|b| b.nested_ints(&[&[1, 2], &[3], &[4, 5]]), 1 << 40));
    assert_eq!(hash(|b| b.float(0.0), 1 << 40), hash(|b| b.float(-0.0), 1 << 40));
    let h: i64 = hash(pairs, 7).trim_end_matches(" : int").parse().unwrap();
    assert!((0..7).contains(&h));
    assert_eq!(
        apply_fault(Prim::Hash, |b| vec![b.int(1), b.int(0)]),
        "`hash`: the range must be positive, but it is 0"
    );
}
