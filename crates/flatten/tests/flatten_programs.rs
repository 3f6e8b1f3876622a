//! End to end: every test program under `tests/programs/` that flattening
//! supports is flattened, verified, run by the flat-IR evaluator, and must
//! print exactly what the reference interpreter prints: the same lines, and
//! the same runtime fault (message, position, label, note). A program that
//! uses a construct flattening does not support yet must fail with "not
//! supported yet"; those are listed in `UNSUPPORTED` with the construct, so
//! that a newly supported one (or a newly unsupported one) shows up.

use std::path::{Path, PathBuf};

use nesl_frontend::eval::Output;
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;
use nesl_frontend::{Diagnostic, SourceMap};

/// What a run printed, line by line, and how it ended.
#[derive(Debug, PartialEq)]
struct Transcript {
    lines: Vec<String>,
    fault: Option<String>,
}

struct Recorder<'a> {
    program: &'a Program,
    text: String,
}

impl Output for Recorder<'_> {
    fn print(&mut self, text: &[u8]) {
        self.text.push_str(&String::from_utf8_lossy(text));
    }

    fn item(&mut self, item: usize, value: &Value) {
        let line = self.program.format_item(&self.program.items[item], value);
        self.text.push_str(&line);
        self.text.push('\n');
    }
}

// SAFETY of Send: the recorder only holds a shared reference to the program,
// which the test keeps alive while the interpreter thread runs.
unsafe impl Send for Recorder<'_> {}

fn describe(d: &Diagnostic, sources: &SourceMap) -> String {
    let labels: Vec<String> =
        d.labels.iter().map(|l| format!("{} [{}]", sources.location(l.span), l.message)).collect();
    format!("{} @ {} notes {:?}", d.message, labels.join(", "), d.notes)
}

fn transcript(text: String, fault: Option<String>) -> Transcript {
    Transcript { lines: text.lines().map(str::to_string).collect(), fault }
}

/// Compiles `path`; `None` if the front end rejects it (an error test).
fn compile(path: &Path) -> Option<(SourceMap, Program)> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut sources = SourceMap::new();
    let file = sources.add(path.display().to_string(), text, false);
    let compiled = nesl_frontend::compile(&mut sources, file).ok()?;
    Some((sources, compiled.program))
}

enum Outcome {
    Agree,
    Unsupported(String),
    Disagree(String),
    Skipped,
}

fn check(path: &Path) -> Outcome {
    let Some((sources, program)) = compile(path) else { return Outcome::Skipped };
    let mut interp = Recorder { program: &program, text: String::new() };
    let expected = match nesl_frontend::eval::run(&program, &sources, &mut interp) {
        Ok(()) => transcript(interp.text, None),
        Err(d) => transcript(interp.text, Some(describe(&d, &sources))),
    };
    let flat = match flatten::flatten_program(&program, &sources) {
        Ok(f) => f,
        Err(flatten::FlattenError::NotSupported { construct, location }) => {
            return Outcome::Unsupported(format!("{construct} at {location}"));
        }
        Err(e) => return Outcome::Disagree(format!("flattening failed: {e}")),
    };
    if let Err(e) = flatten::ir::verify::verify(&flat) {
        return Outcome::Disagree(format!("verify: {}", e.message));
    }
    let mut out = Recorder { program: &program, text: String::new() };
    let actual = match flatten::eval::run(&flat, &mut out) {
        Ok(()) => transcript(out.text, None),
        Err(flatten::eval::EvalError::Fault(d)) => transcript(out.text, Some(describe(&d, &sources))),
        Err(flatten::eval::EvalError::Internal(e)) => {
            return Outcome::Disagree(format!(
                "evaluator internal error: {e}\n{}",
                flatten::ir::print::print_program(&flat)
            ));
        }
    };
    if actual == expected {
        Outcome::Agree
    } else {
        Outcome::Disagree(format!("expected {expected:#?}\nactual {actual:#?}"))
    }
}

/// The test programs that use a construct flattening does not support yet,
/// with the construct.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("builtins/any_type.nesl", "`hash` of a sequence"),
    ("builtins/grouping.nesl", "`hash` of a sequence"),
    ("builtins/lifted_misc.nesl", "`parse_float`"),
    ("builtins/rand_time.nesl", "`rand`"),
    ("builtins/searching.nesl", "`hash` of a sequence"),
    ("strings/eql_and_pad.nesl", "`@`"),
    ("strings/exp_string.nesl", "`exp_string`"),
    ("strings/parse_numbers.nesl", "`parse_int`"),
    ("strings/printing.nesl", "printing inside an apply-to-each"),
    ("strings/to_string.nesl", "`@`"),
    ("syntax/sequence_operators.nesl", "`@`"),
];

fn programs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            programs(&path, out);
        } else if path.extension().is_some_and(|e| e == "nesl") {
            out.push(path);
        }
    }
}

#[test]
fn test_programs_agree_with_the_interpreter() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    let mut paths = Vec::new();
    programs(&root, &mut paths);
    paths.sort();
    let mut report = String::new();
    let mut failures = 0;
    for path in &paths {
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        let expected_unsupported = UNSUPPORTED.iter().find(|(program, _)| *program == name).map(|(_, what)| *what);
        match (check(path), expected_unsupported) {
            (Outcome::Agree, None) => report.push_str(&format!("ok          {name}\n")),
            (Outcome::Agree, Some(_)) => {
                failures += 1;
                report.push_str(&format!("FAILED      {name}: now supported, take it off UNSUPPORTED\n"));
            }
            (Outcome::Skipped, _) => report.push_str(&format!("skipped     {name}\n")),
            (Outcome::Unsupported(what), Some(construct)) if what.starts_with(construct) => {
                report.push_str(&format!("unsupported {name}: {what}\n"))
            }
            (Outcome::Unsupported(what), _) => {
                failures += 1;
                report.push_str(&format!("FAILED      {name}: unexpectedly not supported: {what}\n"));
            }
            (Outcome::Disagree(why), _) => {
                failures += 1;
                report.push_str(&format!("FAILED      {name}: {why}\n"));
            }
        }
    }
    println!("{report}");
    assert_eq!(failures, 0, "{report}");
}
