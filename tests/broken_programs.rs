//! Damaged programs never make the compiler panic. Seeded mutations of
//! the test programs and examples (text deleted, tokens inserted, pieces
//! of the program copied elsewhere, the text cut short) go through the
//! front end, flattening, fusion and codegen; each either compiles or
//! fails with a [`Failure`] that is not a bug of nessie's
//! ([`Failure::Internal`]) and whose report is a non-empty text naming
//! an error. Nothing runs: a damaged program may loop.
//!
//! `NESSIE_BROKEN_PROGRAMS` cases (default 300) from seed
//! `NESSIE_BROKEN_SEED` (default 1); a failing case is written to
//! `target/broken-programs/` with its seed and number.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use fusion::ScheduleKind;
use nessie::Failure;
use nessie::pipeline::{self, no_emit};
use nessie::session::Session;

#[path = "support/splitmix.rs"]
mod splitmix;
use splitmix::Rng;

/// Tokens and pieces that damage NESL in telling ways.
const PIECES: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ":",
    ",",
    "|",
    "let",
    "in",
    "if",
    "then",
    "else",
    "function",
    "=",
    "->",
    "0",
    "-1",
    "\"",
    "'",
    "`",
    "datatype",
    "$",
    "%",
    "99999999999999999999999",
    "1e400",
    ".",
    "#",
    "<-",
    "@",
    "\\",
    "float",
    "int",
    "v.",
    "a",
    "b",
    "[] int",
    "{}",
    "x : x in",
    "with",
    "load",
    "1.5e-",
];

fn programs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack = vec![root.join("tests/programs"), root.join("examples")];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "nesl") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Cuts on a character boundary at or before `i`.
fn floor_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One to four damages of `text`.
fn damage(rng: &mut Rng, mut text: String) -> String {
    for _ in 0..1 + rng.below(4) {
        let at = floor_boundary(&text, rng.below(text.len() + 1));
        match rng.below(10) {
            0..=2 => {
                let end = floor_boundary(&text, at + 1 + rng.below(20));
                text.replace_range(at..end.max(at), "");
            }
            3..=5 => text.insert_str(at, PIECES[rng.below(PIECES.len())]),
            6..=7 => {
                let from = floor_boundary(&text, rng.below(text.len() + 1));
                let to = floor_boundary(&text, from + 1 + rng.below(30));
                let piece = text[from..to.max(from)].to_string();
                text.insert_str(at, &piece);
            }
            _ => text.truncate(at),
        }
    }
    text
}

/// Compiles `text` as far as it goes: `None` where it compiled, else the
/// failure and its report.
fn compile(name: &str, text: String) -> Option<(Failure, String)> {
    let mut session = Session::from_text(name.to_string(), text);
    let failure = match pipeline::front_end(&mut session, &mut no_emit) {
        Err(f) => f,
        Ok(front) => {
            match pipeline::compile(&session, &front.program, ScheduleKind::Greedy, &mut no_emit, &mut |_| {}) {
                Ok(_) => return None,
                Err(f) => f,
            }
        }
    };
    let mut report = Vec::new();
    failure.report(&session.sources, false, &mut report);
    Some((failure, String::from_utf8_lossy(&report).into_owned()))
}

#[test]
fn damaged_programs_compile_or_fail_with_a_reported_error() {
    let cases: usize = std::env::var("NESSIE_BROKEN_PROGRAMS").ok().and_then(|n| n.parse().ok()).unwrap_or(300);
    let seed: u64 = std::env::var("NESSIE_BROKEN_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let programs = programs();
    assert!(programs.len() > 100, "the test programs are found: {}", programs.len());
    let mut rng = Rng(seed);
    let mut bad = Vec::new();
    let (mut compiled, mut failed) = (0, 0);
    for case in 0..cases {
        let path = &programs[rng.below(programs.len())];
        let text = damage(&mut rng, std::fs::read_to_string(path).unwrap_or_default());
        let name = format!("broken_{seed}_{case}.nesl");
        let outcome = catch_unwind(AssertUnwindSafe(|| compile(&name, text.clone())));
        let problem = match outcome {
            Err(_) => Some("panicked".to_string()),
            Ok(None) => {
                compiled += 1;
                None
            }
            Ok(Some((Failure::Internal(what), _))) => Some(format!("an internal error: {what}")),
            Ok(Some((failure, report))) => {
                failed += 1;
                let code = failure.exit_code();
                (!(1..=4).contains(&code) || !report.contains("error"))
                    .then(|| format!("exit {code}, report {report:?}"))
            }
        };
        if let Some(problem) = problem {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/broken-programs");
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(dir.join(&name), &text);
            bad.push(format!("{name} (from {}): {problem}", path.display()));
        }
    }
    eprintln!("damaged programs: {cases} from seed {seed}: {compiled} compiled, {failed} failed with a report");
    assert!(bad.is_empty(), "{} of {cases} damaged programs:\n{}", bad.len(), bad.join("\n"));
}
