//! The reference interpreter on NESL source, through the whole front end
//! (`compile` with the real prelude, then `eval::run`): fault positions and
//! library attribution, recursion limits, printing and the random stream.
//! Every program of `tests/programs/` also runs through the interpreter in
//! the workspace's program runner (`cargo test --test programs`).

use nesl_frontend::diagnostic::Diagnostic;
use nesl_frontend::eval::{self, Output};
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;
use nesl_frontend::{SourceMap, compile};

/// What a run printed, as `nessie run` prints it, and its fault if any
/// (rendered without colour, first line `error: FILE:LINE:COL: MESSAGE`).
struct Run {
    stdout: String,
    fault: Option<(Diagnostic, String)>,
}

struct Transcript<'p> {
    program: &'p Program,
    text: String,
}

impl Output for Transcript<'_> {
    fn print(&mut self, text: &[u8]) {
        self.text.push_str(&String::from_utf8_lossy(text));
    }

    fn item(&mut self, item: usize, value: &Value) {
        self.text.push_str(&self.program.format_item(&self.program.items[item], value));
        self.text.push('\n');
    }
}

fn run(source: &str) -> Run {
    let mut sources = SourceMap::new();
    let file = sources.add("test.nesl", source, false);
    let compiled = compile(&mut sources, file).unwrap_or_else(|diagnostics| {
        panic!("does not compile: {}", diagnostics.iter().map(|d| d.render(&sources, false)).collect::<String>())
    });
    let mut transcript = Transcript { program: &compiled.program, text: String::new() };
    let result = eval::run(&compiled.program, &sources, &mut transcript);
    let fault = result.err().map(|d| {
        let rendered = d.render(&sources, false);
        (d, rendered)
    });
    Run { stdout: transcript.text, fault }
}

fn output_of(source: &str) -> String {
    let run = run(source);
    if let Some((_, rendered)) = run.fault {
        panic!("unexpected fault:\n{rendered}");
    }
    run.stdout
}

/// The fault's diagnostic and its rendering.
fn fault_of(source: &str) -> (Diagnostic, String) {
    run(source).fault.expect("the program should fault")
}

#[test]
fn a_fault_points_at_the_faulting_expression_after_earlier_output() {
    let run = run("s = [1, 2, 3];\nprint_string(\"before\\n\");\nx = s[1] + s[5];\ny = 1;\n");
    assert_eq!(run.stdout, "s = [1, 2, 3] : [int]\nbefore\nit = T : bool\n");
    let (diagnostic, rendered) = run.fault.unwrap();
    assert_eq!(diagnostic.exit_code(), 3);
    assert!(
        rendered.starts_with("error: test.nesl:3:12: index out of range in `elt`: index 5, length 3\n"),
        "{rendered}"
    );
}

#[test]
fn a_fault_in_the_prelude_is_reported_at_the_users_call() {
    let (diagnostic, rendered) = fault_of("function first3(s) = take(s, 3);\n{first3(s) : s in [[1, 2, 3], [4]]};\n");
    assert!(rendered.starts_with("error: test.nesl:1:22: take: the count is out of range\n"), "{rendered}");
    assert_eq!(diagnostic.labels[0].message, "in this call of `take`");
    assert_eq!(diagnostic.notes, ["the fault happened inside `take`, a function of nessie's NESL library"]);
}

#[test]
fn a_primitive_fault_inside_the_prelude_names_the_library_function() {
    // `rep(s, v, i)` is `s <- [(i, v)]` in the prelude.
    let (diagnostic, rendered) = fault_of("x = 1;\n[0] ++ rep([1, 2], 9, 5);\n");
    assert!(
        rendered.starts_with("error: test.nesl:2:8: index out of range in `<-`: index 5, length 2\n"),
        "{rendered}"
    );
    assert_eq!(diagnostic.labels[0].message, "in this call of `rep`");
    assert!(rendered.contains("note: the fault happened inside `rep`"), "{rendered}");
}

#[test]
fn generators_of_different_lengths_fault_at_the_apply_to_each() {
    let (_, rendered) = fault_of("x = 1;\n{a + b : a in [1, 2, 3, 4, 5]; b in [1, 2, 3]};\n");
    assert!(rendered.starts_with("error: test.nesl:2:1: generators of different lengths: 5 and 3\n"), "{rendered}");
}

#[test]
fn absurd_sizes_fault_cleanly() {
    let (_, rendered) = fault_of("dist(0, 1000000000000000);\n");
    assert!(rendered.contains("sequence too large in `dist`: 1000000000000000 elements (the limit is 2^31)"));
    let (_, rendered) = fault_of("#index(max_int);\n");
    assert!(rendered.contains("sequence too large in `iseq`"), "{rendered}");
}

#[test]
fn recursion_a_hundred_thousand_deep_works_and_unbounded_recursion_faults() {
    let source = "function count(n) = if n == 0 then 0 else 1 + count(n - 1);\ncount(100000);\n";
    assert_eq!(output_of(source), "it = 100000 : int\n");
    let (diagnostic, rendered) = fault_of("function forever(n) = forever(n + 1) + 1;\nforever(0);\n");
    assert_eq!(diagnostic.message, "recursion too deep: 262145 nested calls, the last of `forever`");
    assert!(rendered.starts_with("error: test.nesl:1:23:"), "{rendered}");
}

#[test]
fn rand_draws_by_context_and_rand_seed_sets_the_following_forms() {
    let draws = |line: &str| -> Vec<i64> {
        let text = line.rsplit_once(" : ").unwrap().0.split_once(" = ").unwrap().1;
        text.trim_matches(['[', ']']).split(", ").map(|x| x.parse().unwrap()).collect()
    };
    let define = "function g(n) = {rand(1000000) : i in index(n)};\n";
    // The same program draws the same numbers in every run; the elements
    // of an apply-to-each, and two calls of one function, draw apart.
    let source = format!("{define}a = g(5);\nb = g(5);\n");
    let first = output_of(&source);
    assert_eq!(first, output_of(&source));
    let lines: Vec<&str> = first.lines().collect();
    let (a, b) = (draws(lines[0]), draws(lines[1]));
    assert!(a.iter().chain(&b).all(|x| (0..1_000_000).contains(x)));
    assert_ne!(a, b);
    assert!(a.windows(2).all(|w| w[0] != w[1]), "{a:?}");
    // `rand_seed` changes the forms after it, and seed 0 is the start.
    let seeded = |form: &str| output_of(&format!("{define}x = {form};\na = g(5);\n"));
    assert_eq!(seeded("rand_seed(0)"), seeded("           t"));
    assert_ne!(seeded("rand_seed(0)"), seeded("rand_seed(7)"));
    // ... and not the form that calls it.
    let same_form = |seed: i64| output_of(&format!("{define}(rand_seed({seed}), g(3));\n"));
    assert_eq!(same_form(1), same_form(2));
}

#[test]
fn apply_to_each_over_nested_and_tuple_sequences() {
    let source = "m = [[(0, 1.0), (2, 2.0)], [] (int, float), [(1, 3.0)]];\nv = [10.0, 20.0, 30.0];\n\
                  {sum({x * v[i] : (i, x) in row}) : row in m};\n\
                  {{(y, x) : y in row | y > x} : x in [1, 2]; row in [[0, 2, 3], [5, 1]]};\n";
    let output = output_of(source);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines[2], "it = [70.0, 0.0, 60.0] : [float]");
    assert_eq!(lines[3], "it = [[(2, 1), (3, 1)], [(5, 2)]] : [[(int, int)]]");
}

/// A fresh folder for one test's files.
fn scratch_folder(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nessie-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn files_are_read_and_written_as_nesl_3_1_does() {
    let dir = scratch_folder("file-io");
    let ints = dir.join("a.edges");
    let floats = dir.join("a.nodes");
    std::fs::write(&ints, "( 22 33 11\n10   14\n12 11 )\n").unwrap();
    std::fs::write(&floats, "(1.5 -2\t3e1)").unwrap();
    let text = dir.join("out.txt");
    let source = format!(
        "read_int_seq_from_file(\"{ints}\");\n\
         read_float_seq_from_file(\"{floats}\");\n\
         write_string_to_file(\"ab\", \"{text}\");\n\
         append_string_to_file(\"cd\", \"{text}\");\n\
         read_string_from_file(\"{text}\");",
        ints = ints.display(),
        floats = floats.display(),
        text = text.display()
    );
    assert_eq!(
        output_of(&source),
        "it = [22, 33, 11, 10, 14, 12, 11] : [int]\nit = [1.5, -2.0, 30.0] : [float]\nit = T : bool\nit = T : bool\nit = \"abcd\" : [char]\n"
    );
    assert_eq!(std::fs::read_to_string(&text).unwrap(), "abcd");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_or_malformed_file_is_a_runtime_fault_at_the_call() {
    let dir = scratch_folder("file-io-faults");
    let missing = dir.join("missing.seq");
    let (diag, rendered) = fault_of(&format!("x = 1;\nread_int_seq_from_file(\"{}\");", missing.display()));
    assert_eq!(diag.exit_code(), 3, "{rendered}");
    assert!(rendered.starts_with("error: test.nesl:2:1: cannot read the file"), "{rendered}");
    let bad = dir.join("bad.seq");
    std::fs::write(&bad, "( 1 two 3 )").unwrap();
    let (_, rendered) = fault_of(&format!("read_int_seq_from_file(\"{}\");", bad.display()));
    assert!(rendered.contains("holds something other than integers"), "{rendered}");
    std::fs::remove_dir_all(&dir).unwrap();
}
