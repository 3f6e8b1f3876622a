//! Every program of the shared corpus (`tests/programs`) through the
//! checker, with the real prelude: programs that should compile check
//! without errors (and verify), and programs that expect a name, type,
//! class, arity or unsupported error get it at the expected `line:col`,
//! with the expected words in the rendered message.

use std::path::{Path, PathBuf};

use crate::check_support::check_real;

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

/// The header's `exit:` code, `error: :L:C:` position and `error:` words.
struct Expectation {
    exit: i32,
    positions: Vec<String>,
    words: Vec<String>,
}

fn expectation(text: &str) -> Expectation {
    let header = text.strip_prefix('%').and_then(|t| t.split('%').next()).unwrap_or("");
    let mut expected = Expectation { exit: 0, positions: Vec::new(), words: Vec::new() };
    for line in header.lines() {
        let line = line.trim();
        if let Some(code) = line.strip_prefix("exit:") {
            expected.exit = code.trim().parse().unwrap_or(0);
        } else if let Some(error) = line.strip_prefix("error:") {
            let error = error.trim();
            if let Some(position) = error.strip_prefix(':') {
                expected.positions.push(position.trim_end_matches(':').to_string());
            } else {
                expected.words.push(error.to_string());
            }
        }
    }
    expected
}

#[test]
fn the_corpus_checks_as_its_headers_say() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    let mut files = Vec::new();
    programs(&root, &mut files);
    files.sort();
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let expected = expectation(&text);
        let name = path.strip_prefix(&root).unwrap_or(path).display().to_string();
        if name.contains("syntax_") {
            continue; // the parser's business
        }
        if text.lines().any(|line| line.trim_start().starts_with("load ")) {
            // `load` resolves beside the loading file, which `check_real`
            // does not have; tests/programs.rs runs these through the CLI
            // (the corpus drivers among them).
            continue;
        }
        let result = check_real(&text);
        checked += 1;
        match (&result.result, expected.exit) {
            (Ok(_), 1) => failures.push(format!("{name}: expected a compile error, but it checked")),
            (Ok(_), _) => {}
            (Err(_), 1) => {
                // Every form with an error is reported (note [erroneous
                // forms]); the driver adds the count of errors after them.
                let positions = result.positions();
                let mut rendered = result.render();
                if positions.len() > 1 {
                    rendered.push_str(&format!("\n{} errors", positions.len()));
                }
                for position in &expected.positions {
                    if !positions.iter().any(|p| p.starts_with(&format!("{position}:"))) {
                        failures.push(format!("{name}: expected an error at {position}, got:\n{rendered}"));
                    }
                }
                for word in &expected.words {
                    if !rendered.contains(word.as_str()) {
                        failures.push(format!("{name}: the error does not mention `{word}`:\n{rendered}"));
                    }
                }
            }
            (Err(_), _) => failures.push(format!("{name}: unexpected errors:\n{}", result.render())),
        }
    }
    assert!(checked > 50, "only {checked} programs found under {}", root.display());
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n\n"));
}
