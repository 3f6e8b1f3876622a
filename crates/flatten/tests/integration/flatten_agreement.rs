//! Small programs whose flattening is easy to get subtly wrong, each run by
//! the reference interpreter and by the flat-IR evaluator after
//! flattening: both must print the same lines and fail with the same fault
//! (message, position, label and note).

use nesl_frontend::eval::Output;
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;
use nesl_frontend::{Diagnostic, SourceMap};

struct Recorder<'a> {
    program: &'a Program,
    text: String,
}

impl Output for Recorder<'_> {
    fn print(&mut self, text: &[u8]) {
        self.text.push_str(&String::from_utf8_lossy(text));
    }

    fn item(&mut self, item: usize, value: &Value) {
        self.text.push_str(&self.program.format_item(&self.program.items[item], value));
        self.text.push('\n');
    }
}

// SAFETY of Send: the recorder holds a shared reference to the program,
// which outlives the interpreter's thread.
unsafe impl Send for Recorder<'_> {}

fn describe(d: &Diagnostic, sources: &SourceMap) -> String {
    let labels: Vec<String> =
        d.labels.iter().map(|l| format!("{} [{}]", sources.location(l.span), l.message)).collect();
    format!("{} @ {} {:?}", d.message, labels.join(", "), d.notes)
}

/// Runs `source` both ways; returns the interpreter's transcript.
fn agree(source: &str) -> String {
    let mut sources = SourceMap::new();
    let file = sources.add("test.nesl", source, false);
    let program = nesl_frontend::compile(&mut sources, file)
        .unwrap_or_else(|d| panic!("{}", d[0].render(&sources, false)))
        .program;
    let mut interp = Recorder { program: &program, text: String::new() };
    if let Err(d) = nesl_frontend::eval::run(&program, &sources, &mut interp) {
        interp.text.push_str(&format!("fault: {}\n", describe(&d, &sources)));
    }
    let flat = flatten::flatten_program(&program, &sources).unwrap_or_else(|e| panic!("{e}"));
    let mut out = Recorder { program: &program, text: String::new() };
    match flatten::eval::run(&flat, &mut out) {
        Ok(()) => {}
        Err(flatten::eval::EvalError::Fault(d)) => out.text.push_str(&format!("fault: {}\n", describe(&d, &sources))),
        Err(e) => panic!("{e}\n{}", flatten::ir::print::print_program(&flat)),
    }
    assert_eq!(out.text, interp.text, "\n{}", flatten::ir::print::print_program(&flat));
    interp.text
}

#[test]
fn the_untaken_branch_does_not_fault() {
    let out = agree("{if x == 0 then 0 else 10 / x : x in [0, 2, 5]};");
    assert_eq!(out, "it = [0, 5, 2] : [int]\n");
}

#[test]
fn faults_of_lifted_code_name_the_operation() {
    let out = agree("{10 / x : x in [1, 0]};");
    assert!(out.contains("division by zero in `/`"), "{out}");
    agree("{s[i] : s in [[1, 2], [3]]; i in [1, 1]};");
    agree("{code_char(x) : x in [65, 300]};");
    agree("{floor(x) : x in [1.5, 1e300]};");
}

#[test]
fn library_faults_inside_apply_to_each_point_at_the_user_call() {
    let out = agree("{take(s, 2) : s in [[1, 2, 3], [4]]};");
    assert!(out.contains("in this call of `take`"), "{out}");
}

#[test]
fn filters_only_evaluate_the_body_where_they_hold() {
    agree("{100 / x : x in [0, 4, 0, 5] | x /= 0};");
    agree("{{100 / y : y in row | y > 0} : row in [[0, 1], [] int, [2, -3]]};");
}

#[test]
fn empty_instance_spaces() {
    agree("{sum(s) : s in [] [int]};");
    agree("{{x : x in s} : s in [[] int, [] int]};");
    agree("{s[0] : s in [] [int]};");
    agree("{if #s > 0 then s[0] else -1 : s in [[] int, [7]]};");
}

#[test]
fn uniform_computations_in_an_empty_context_do_not_fault() {
    agree("let v = [1, 2, 3] in {v[5] + x : x in [] int};");
    agree("let v = [1, 2, 3] in {sum(take(v, 5)) + x : x in [] int};");
}

#[test]
fn nested_sequences_through_conditionals_and_recursion() {
    agree(
        "function qs(s) = if #s < 2 then s else
           let p = s[0]; l = {x in s | x < p}; e = {x in s | x == p}; g = {x in s | x > p};
               r = {qs(v) : v in [l, g]}
           in r[0] ++ e ++ r[1];
         {qs(s) : s in [[3, 1, 2], [] int, [5, 5, 1, 9, 0]]};",
    );
    agree("{if #s > 1 then [s, s] else [s] : s in [[1, 2], [3]]};");
}

#[test]
fn sizes_over_the_limit_fault_like_the_interpreter() {
    let out = agree("#dist(1, 3000000000);");
    assert!(out.contains("sequence too large in `dist`"), "{out}");
    agree("#iseq(0, 1, 3000000000);");
}

#[test]
fn sorting_and_structural_primitives() {
    agree("sort([3.5, -0.0, 0.0, -2.0, 1e10]);");
    agree("rank([5, 1, 5, 0, -7]);");
    agree("{sort(s) : s in [[3, 1, 2], [] int, [9, -1]]};");
    agree("{rank(s) : s in [\"banana\", \"b\"]};");
    agree("eql([[1, 2], [3]], [[1, 2], [3]]);");
    agree("eql([[1, 2], [3]], [[1], [2, 3]]);");
    agree("{eql(a, b) : a in [[1, 2], [3]]; b in [[1, 2], [4]]};");
    agree("{hash(x, 1000) : x in [1, -5, 123456789]};");
    agree("hash((2.5, `c, t), 17);");
}

#[test]
fn power_and_conversions_match_the_interpreter_exactly() {
    agree("{x ^ 3 : x in [1.1, -2.0, 0.5]};");
    agree("{x ^ n : x in [1.1, 2.0]; n in [7, -3]};");
    agree("{x ^ n : x in [3, 2]; n in [5, -1]};");
    agree("{round(x) : x in [2.5, -2.5, 0.49999999999999994]};");
}

#[test]
fn outer_sequences_used_whole_in_inner_contexts() {
    agree("{{sum(row) + x : x in row} : row in [[1, 2], [] int, [3, 4, 5]]};");
    agree("{{#{y : y in row | y > x} : x in row} : row in [[3, 1, 2], [5]]};");
    agree("{{{y + z : z in zs} : y in ys} : (ys, zs) in [([1, 2], [10]), ([] int, [20, 30]), ([3], [] int)]};");
    agree("let v = [100, 200] in {{v[i] + x : i in [0, 1, 0]} : x in [1, 2]};");
}

#[test]
fn tuples_and_datatypes_holding_sequences() {
    agree("{(s, #s) : s in [[1, 2], [] int]};");
    agree("{(a, b) : (a, b) in zip([[1], [2, 3]], [`x, `y])};");
    agree(
        "datatype seg(int, [float]);
         function total(seg(k, xs)) = float(k) + sum(xs);
         {total(s) : s in [seg(1, [0.5, 0.25]), seg(2, [] float)]};",
    );
    agree("{if #s > 1 then (s, 1) else ([0], 2) : s in [[1, 2], [3]]};");
}

#[test]
fn reorderings_of_nested_elements() {
    agree("[[1], [2, 3], [] int] -> [2, 0, 0];");
    agree("permute([[1], [2, 3], [] int], [2, 0, 1]);");
    agree("[[1], [2, 3], [] int] <- [(0, [9, 9]), (2, [7])];");
    agree("{s <- [(0, [5])] : s in [[[1], [2]], [[3]]]};");
    agree("{permute(s, [1, 0]) : s in [[\"ab\", \"c\"], [\"\", \"d\"]]};");
    agree("{s -> [1, 1] : s in [[[1], [2, 3]], [[4], [5]]]};");
}

#[test]
fn nesting_primitives_in_lifted_contexts() {
    agree("{partition(s, l) : s in [[1, 2, 3], [] int]; l in [[2, 1], [0, 0]]};");
    agree("{flatten(m) : m in [[[1], [] int, [2, 3]], [] [int]]};");
    agree("{partition(s, l) : s in [[1, 2, 3]]; l in [[2, 2]]};");
    agree("{s ++ r : s in [[1], [] int]; r in [[2, 3], [4]]};");
    agree("let u = [7, 8] in {s ++ u : s in [[1], [] int]};");
    agree("{subseq(s, 1, 3) : s in [\"hello\", \"abc\"]};");
    agree("{subseq(s, 1, 5) : s in [\"hello\", \"abc\"]};");
    agree("{dist(x, n) : x in [1, 2]; n in [3, 0]};");
    agree("{dist([x], n) : x in [1, 2]; n in [2, 1]};");
    agree("{iseq(a, d, b) : a in [0, 10]; d in [3, -4]; b in [10, 0]};");
}

#[test]
fn recursion_with_uniform_and_lifted_arguments() {
    agree(
        "function count_down(k, step) = if k <= 0 then [] int else [k] ++ count_down(k - step, step);
         {count_down(k, 2) : k in [5, 0, 3]};",
    );
    agree(
        "function depth(s, d) = if #s == 0 then d else max_val({depth(rest_of(s, i), d + 1) : i in [0]});
         function rest_of(s, i) = drop(s, 1);
         {depth(s, 0) : s in [[1, 2, 3], [] int, [4]]};",
    );
}
