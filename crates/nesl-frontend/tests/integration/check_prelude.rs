//! The real prelude type-checks, and every public function of it can be
//! instantiated (at two types where it is polymorphic) into a program that
//! verifies.

use crate::check_support::check_real;
use nesl_frontend::tast::verify;

#[test]
fn the_prelude_alone_checks() {
    let checked = check_real("");
    assert!(checked.program().functions.is_empty(), "nothing is reachable from an empty program");
}

#[test]
fn every_public_prelude_function_instantiates_and_verifies() {
    let uses = "
        plusp(1); plusp(1.5); minusp(2); zerop(0.0); oddp(3); evenp(4); diff(1, 3); diff(1.5, 0.5);
        log(8.0, 2.0); select(t, 1, 2); select(f, \"a\", \"b\"); identity(1); identity([t]);
        index(3); count([t, f]); rep([1, 2], 5, 0); rep(\"ab\", `c, 1); zip3([1], [2.0], \"c\");
        unzip([(1, `a)]); rotate([1, 2, 3], 1); reverse(\"abc\"); take([1, 2], 1); drop([1.5], 1);
        odd_elts([1, 2, 3]); even_elts(\"abc\"); interleave([1, 3], [2]); length_from_flags([t, f, t]);
        cons(1, [2]); snoc(\"a\", `b); split([1, 2], [t, f]); bottop([1, 2, 3]); head_rest([1, 2]);
        rest_tail(\"ab\"); transpose([[1, 2], [3, 4]]); nest([1, 2, 3], [make_segdes(2), make_segdes(1)]);
        name([1, 2, 1]); name([\"a\", \"b\"]); mark_duplicates([1.0, 1.0]); remove_duplicates(\"aab\");
        union([1], [2]); intersection(\"ab\", \"bc\"); set_difference([1, 2], [2]); find(2, [1, 2]);
        find(`a, \"ba\"); search_for_subseqs(\"ab\", \"abab\"); collect([(1, 2.0)]);
        collect([(\"k\", t)]); int_collect([(1, `a)]); group_by([1, 2], [t, f]); histogram([1, 2], 3);
        kth_smallest([3, 1], 0); kth_smallest(\"ba\", 1); median([1.0, 2.0]); lowercase(\"AB\");
        uppercase(\"ab\"); string_eql(\"a\", \"a\"); linify(\"a b\"); wordify(\"a b\"); \"ab\" || 4;
    ";
    let checked = check_real(uses);
    let program = checked.program();
    verify(program).unwrap();
    let names = checked.instances();
    for expected in ["diff<float>", "diff<int>", "name<[char]>", "name<int>", "kth_smallest<char>", "__pad"] {
        assert!(names.iter().any(|n| n == expected), "no instance {expected} in {names:?}");
    }
    assert!(program.functions.iter().all(|(_, f)| f.is_library));
}
