//! The example programs of the NESL 3.1 distribution, unmodified, through
//! the parser and the checker with the real prelude (issue 12).
//!
//! The corpus lives outside the repository, at `shared/nesl-corpus/nesl-3.1`
//! beside the checkout (`../shared/nesl-corpus` from the repository root in
//! CI); the test looks for it in every folder above this crate and says so
//! if it is absent. Every file must check, except:
//! - the three files that are not valid NESL 3.1, which must fail with a
//!   diagnostic naming their error;
//! - the files of [`GAPS`], each a gap in nessie, which must still fail
//!   with the reason recorded there. A gap that closes fails the test too,
//!   so that the table is kept exact: remove the file from it.

use std::path::PathBuf;

use nesl_frontend::source::SourceMap;
use nesl_frontend::syntax;

/// Files that are not NESL 3.1, and words of the diagnostic each must get.
const INVALID: &[(&str, &str)] = &[
    // NESL 2 syntax: `function insertion-sort(...)`, a name with a `-`.
    ("sorts.nesl", "expected `(` to begin the parameters of `insertion`"),
    // A `let` binding without its `;`.
    ("osorts.nesl", "expected `in` after the bindings of `let`"),
    ("play.nesl", "unterminated comment"),
];

/// Valid NESL 3.1 that nessie does not accept yet, and words of the first
/// diagnostic, which names the missing piece.
const GAPS: &[(&str, &str)] = &[
    // A line of `*` between two definitions: NESL 3.1's parser rejects it
    // too (`*` is missing its left argument) and skips to the next `$`.
    // An unfinished `let d = sqrt(` before `in` (dtest.nesl): NESL 3.1
    // rejects it too.
    //
    // Decision (issue 12, item 5): nessie keeps these as errors (exit 1),
    // rather than warning and going on with the next form as NESL 3.1's
    // `load` does. Evidence: NESL's `nesl-loop` (read-eval-print.lisp)
    // wraps the reading and evaluation of each top-level form in
    // `(catch 'nesl-error ...)`; `nesl-error` prints "Error at top level."
    // and throws, so a `load` reports the form's error and reads the next
    // one: right for an interactive top level, where the user sees the
    // message and the definitions already made stay. nessie is a batch
    // compiler whose contract (CONTRACT.md, exit status 1) is that a
    // program with a syntax error does not compile; dropping a form
    // silently changes what the program means (later forms would then
    // fail on a name it defined, far from the cause). The parser already
    // goes on after the error to report every later one.
    ("bridge.nesl", "expected a definition or an expression, found `*`"),
    ("dtest.nesl", "expected an expression, found the keyword `in`"),
    // An older copy of the hash table of other-ops.nesl whose pieces do
    // not fit: insert_table passes (hash, key, value) triples to the
    // file's insert_internal, which takes hash values (`!len-put` and
    // fast_insert_internal, which it also uses, are supported). NESL 3.1
    // rejects insert_table too (a type error when it is defined).
    ("table.nesl", "argument 1 of `insert_internal` has type `[(int, a, b)]`"),
    // The low-level plotting layer of NESL's plot.nesl (`xps_*`, which
    // talks to the xneslplot process), which nessie does not declare.
    ("nseparator.nesl", "unbound function `xps_color_gc`"),
    ("window.nesl", "unbound function `xps_shade_rectangle`"),
    // `defaultw` is defined nowhere in NESL 3.1 (and its plot.nesl's
    // `make_window` takes four arguments, not two): NESL 3.1 rejects the
    // file too.
    ("testquickhull.nesl", "unbound function `defaultw`"),
];

/// The corpus folder, if this checkout has one above it.
fn corpus() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().map(|dir| dir.join("shared/nesl-corpus/nesl-3.1")).find(|dir| dir.is_dir())
}

/// The rendered diagnostics of checking the file at `path` (and the files
/// it loads), or `None` if it checks.
fn check(path: &std::path::Path, text: &str) -> Option<Vec<String>> {
    let mut sources = SourceMap::new();
    let prelude_file = sources.add("<prelude>", nesl_frontend::PRELUDE_SOURCE, true);
    let user_file = sources.add(path.to_string_lossy().to_string(), text, false);
    let result = (|| {
        let prelude = syntax::parse_file(&sources, prelude_file)?;
        let user = syntax::parse_program(&mut sources, user_file)?;
        nesl_frontend::check::check_program(&sources, &prelude, &user)
    })();
    result.err().map(|diagnostics| diagnostics.iter().map(|d| d.render(&sources, false)).collect())
}

#[test]
fn every_valid_file_of_the_nesl_3_1_corpus_checks() {
    let Some(dir) = corpus() else {
        println!(
            "note: no shared/nesl-corpus above {}: the NESL 3.1 corpus was not checked",
            env!("CARGO_MANIFEST_DIR")
        );
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "nesl"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 47, "the corpus has 47 .nesl files");
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let errors = check(path, &text);
        let expected = INVALID.iter().chain(GAPS).find(|(file, _)| *file == name).map(|(_, words)| *words);
        match (errors, expected) {
            (None, None) => checked += 1,
            (Some(errors), None) => failures.push(format!("{name} should check:\n{}", errors.join("\n"))),
            (None, Some(_)) => failures.push(format!("{name} checks now: remove it from the table")),
            (Some(errors), Some(words)) => {
                if !errors[0].contains(words) {
                    failures.push(format!("{name}: the first error should say {words:?}:\n{}", errors[0]));
                }
            }
        }
    }
    println!("{checked} of {} valid files of the NESL 3.1 corpus check", files.len() - INVALID.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
