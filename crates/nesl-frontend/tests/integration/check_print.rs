//! The `--emit typed` print: an example program in full, and determinism.

use crate::check_support::{check, check_real};

const EXAMPLE: &str = "
datatype point(float, float);
datatype pair_of(a, a) :: (a in number);
function norm(point(x, y)) = sqrt(x * x + y * y);
function sum_sq(xs) = sum({x * x : x in xs});
function swap(pair_of(a, b)) = pair_of(b, a);
function count_up(n) = if n <= 0 then [] int else count_up(n - 1) ++ [n];
origin = point(0.0, 0.0);
(lo, hi) = (1, 10);
sum_sq([1.0, 2.0]);
sum_sq([lo:hi]);
{norm(p) : p in [origin, point(3.0, 4.0)] | norm(p) > 1.0};
let s = count_up(3); n = #s in (swap(pair_of(n, 2)), @n || 3, time(s[0]));
";

const EXPECTED: &str = "\
datatype point(float, float);
datatype pair_of(int, int);

function sum_sq<float>(xs : [float]) : float =
  sum({(x * x) : x : float in xs});

function sum_sq<int>(xs : [int]) : int =
  sum({(x * x) : x : int in xs});

function norm(point(x : float, y : float)) : float =
  sqrt(((x * x) + (y * y)));

% recursive %
function count_up(n : int) : [int] =
  if (n <= 0) then [] int else (count_up((n - 1)) ++ [n]);

function swap<int>(pair_of(a : int, b : int)) : pair_of =
  pair_of(b, a);

% library %
function __pad(str : [char], n : int) : [char] =
  str;

origin : point = point(0.0, 0.0);
(lo : int, hi : int) = (1, 10);
it : float = sum_sq<float>([1.0, 2.0]);
it : int = sum_sq<int>(iseq(lo, 1, hi));
it : [float] = {norm(p) : p : point in [origin, point(3.0, 4.0)] | (norm(p) > 1.0)};
it : (pair_of, [char], int, float) = let s : [int] = count_up(3);
                                         n : int = #s
                                     in (swap<int>(pair_of(n, 2)), __pad(@n, 3), time(elt(s, 0)));
";

#[test]
fn an_example_program_prints_as_expected() {
    let printed = check(EXAMPLE).print();
    if printed != EXPECTED {
        panic!("the print differs; it is:\n{printed}");
    }
}

#[test]
fn printing_is_deterministic() {
    let source = "function f1(x) = x * x; function g(x, y) = (f1(x), f1(y), x); g(1, 2.5); g(2.0, 3); g(1, 2.5);";
    let first = check(source).print();
    for _ in 0..5 {
        assert_eq!(check(source).print(), first);
    }
    let real = "collect([(1, \"a\"), (2, \"b\")]); kth_smallest([3.0, 1.0], 0); wordify(\"a b\");";
    let first = check_real(real).print();
    assert_eq!(check_real(real).print(), first);
}

#[test]
fn long_bodies_break_across_lines() {
    let printed = check(
        "function long_one(alpha, beta, gamma) =
           if alpha > beta then {alpha * beta + gamma * gamma - alpha : alpha in [alpha, beta, gamma, alpha]}
           else {beta : beta in [beta, beta, beta, beta, beta, beta, beta, beta]};
         long_one(1, 2, 3);",
    )
    .print();
    for line in printed.lines() {
        assert!(line.len() <= 110, "line too long: {line}");
    }
    assert!(printed.contains("\n  then ") && printed.contains("\n  else "), "{printed}");
}

#[test]
fn shared_names_are_disambiguated() {
    let printed = check("datatype box(a); x = box(1); x = box(t); x;").print();
    assert!(printed.contains("datatype box#0(int);"), "{printed}");
    assert!(printed.contains("datatype box#1(bool);"), "{printed}");
    assert!(printed.contains("x'1 : box#1 = box#1(t);"), "{printed}");
    assert!(printed.contains("it : box#1 = x'1;"), "{printed}");
}
