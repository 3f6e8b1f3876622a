//! Where faults point: user code, library attribution, recursion depth.

use super::Builder;
use crate::builtins::Prim;
use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::tast::FuncId;
use crate::types::Type;

fn run_fault(b: &Builder) -> Diagnostic {
    let (_, result) = b.run();
    let diagnostic = result.expect_err("the program should fault");
    assert_eq!(diagnostic.class, ErrorClass::Runtime);
    assert_eq!(diagnostic.exit_code(), 3);
    diagnostic
}

/// A library function `take(s, n) = subseq(s, 0, n)`.
fn library_take(b: &mut Builder) -> FuncId {
    let take = b.declare("take", Type::seq(Type::Int), true);
    let (s, n) = (b.local("s", Type::seq(Type::Int)), b.local("n", Type::Int));
    let (vs, zero, vn) = (b.var(s), b.int(0), b.var(n));
    let body = b.prim(Prim::Subseq, &[vs, zero, vn]);
    let (ps, pn) = (b.bind(s), b.bind(n));
    b.define(take, vec![ps, pn], body);
    take
}

#[test]
fn a_fault_in_user_code_points_at_the_faulting_expression() {
    let mut b = Builder::new();
    let (xs, i) = (b.ints(&[1, 2]), b.int(5));
    let element = b.prim(Prim::Elt, &[xs, i]);
    let (one, sum) = (b.int(1), b.prim(Prim::Add, &[element, element]));
    let _ = one;
    b.item(sum);
    let diagnostic = run_fault(&b);
    assert_eq!(diagnostic.message, "index out of range in `elt`: index 5, length 2");
    assert_eq!(diagnostic.primary_span(), Some(b.span_of(element)));
}

#[test]
fn a_fault_in_the_library_points_at_the_users_call() {
    let mut b = Builder::new();
    let take = library_take(&mut b);
    // A user function that calls the library function.
    let user = b.declare("first_ten", Type::seq(Type::Int), false);
    let s = b.local("s", Type::seq(Type::Int));
    let (vs, ten) = (b.var(s), b.int(10));
    let call_of_take = b.call(take, &[vs, ten]);
    let ps = b.bind(s);
    b.define(user, vec![ps], call_of_take);
    let xs = b.ints(&[1, 2, 3]);
    let call = b.call(user, &[xs]);
    b.item(call);
    let diagnostic = run_fault(&b);
    assert_eq!(diagnostic.message, "`subseq`: [0, 10) is not a range of positions of a sequence of length 3");
    assert_eq!(diagnostic.primary_span(), Some(b.span_of(call_of_take)));
    assert_eq!(diagnostic.labels[0].message, "in this call of `take`");
    assert_eq!(diagnostic.notes, ["the fault happened inside `take`, a function of nessie's NESL library"]);
}

#[test]
fn a_fault_deep_in_the_library_names_both_library_functions() {
    let mut b = Builder::new();
    let take = library_take(&mut b);
    // A library function `__error_unless_short(s) = take(s, 10)`.
    let outer = b.declare("take_ten", Type::seq(Type::Int), true);
    let s = b.local("s", Type::seq(Type::Int));
    let (vs, ten) = (b.var(s), b.int(10));
    let inner_call = b.call(take, &[vs, ten]);
    let ps = b.bind(s);
    b.define(outer, vec![ps], inner_call);
    let xs = b.ints(&[1, 2, 3]);
    let call = b.call(outer, &[xs]);
    b.item(call);
    let diagnostic = run_fault(&b);
    assert_eq!(diagnostic.primary_span(), Some(b.span_of(call)));
    assert_eq!(diagnostic.labels[0].message, "in this call of `take_ten`");
    assert_eq!(
        diagnostic.notes,
        ["the fault happened inside `take`, called by `take_ten` (functions of nessie's NESL library)"]
    );
}

#[test]
fn error_faults_with_its_message_at_the_users_call() {
    let mut b = Builder::new();
    let check = b.declare("check", Type::Int, true);
    let n = b.local("n", Type::Int);
    let message = b.string("bad argument to `check`");
    let body = b.prim_typed(Prim::Error, &[message], Type::Int);
    let pn = b.bind(n);
    b.define(check, vec![pn], body);
    let zero = b.int(0);
    let call = b.call(check, &[zero]);
    b.item(call);
    let diagnostic = run_fault(&b);
    assert_eq!(diagnostic.message, "bad argument to `check`");
    assert_eq!(diagnostic.primary_span(), Some(b.span_of(call)));
}

#[test]
fn unbounded_recursion_faults_instead_of_overflowing_the_stack() {
    // function forever(n) = forever(n + 1)
    let mut b = Builder::new();
    let forever = b.declare("forever", Type::Int, false);
    let n = b.local("n", Type::Int);
    let (vn, one) = (b.var(n), b.int(1));
    let next = b.prim(Prim::Add, &[vn, one]);
    let recursive_call = b.call(forever, &[next]);
    let pn = b.bind(n);
    b.define(forever, vec![pn], recursive_call);
    let zero = b.int(0);
    let call = b.call(forever, &[zero]);
    b.item(call);
    let diagnostic = run_fault(&b);
    assert_eq!(diagnostic.message, "recursion too deep: 262145 nested calls, the last of `forever`");
    assert_eq!(diagnostic.primary_span(), Some(b.span_of(recursive_call)));
}
