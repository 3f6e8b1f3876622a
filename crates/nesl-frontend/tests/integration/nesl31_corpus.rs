//! The example programs of the NESL 3.1 distribution, unmodified, through
//! the parser and the checker with the real prelude (issue 12).
//!
//! The corpus lives outside the repository, at `shared/nesl-corpus/nesl-3.1`
//! beside the checkout (`../shared/nesl-corpus` from the repository root in
//! CI); the test looks for it in every folder above this crate and says so
//! if it is absent. Every file must check, except:
//! - the three files that are not valid NESL 3.1, which must fail with a
//!   diagnostic naming their error;
//! - the files of [`ERRONEOUS`], whose forms NESL 3.1 reads one by one,
//!   rejecting a few as nessie does: each must get exactly the diagnostics
//!   listed there, every other form checking;
//! - the files of [`GAPS`], each a gap in nessie, which must still fail
//!   with the reason recorded there. A gap that closes fails the test too,
//!   so that the table is kept exact: remove the file from it.

use std::path::PathBuf;

use nesl_frontend::source::SourceMap;
use nesl_frontend::syntax;

/// Files that are not NESL 3.1, and words of a diagnostic each must get.
const INVALID: &[(&str, &str)] = &[
    // NESL 2 syntax: `function insertion-sort(...)`, a name with a `-`.
    ("sorts.nesl", "expected `(` to begin the parameters of `insertion`"),
    // A `let` binding without its `;`.
    ("osorts.nesl", "expected `in` after the bindings of `let`"),
    ("play.nesl", "unterminated comment"),
];

/// Valid NESL 3.1 files with forms that NESL 3.1 itself rejects. NESL's
/// `load` reports such a form and goes on with the next one (tokens.lisp's
/// `cgolerr` skips to the next `;` or `$`; read-eval-print.lisp's
/// `nesl-loop` catches the error of each form and reads the next), and so
/// does nessie (note [erroneous forms] in `lib.rs`): each file must get
/// exactly these diagnostics, in order, so every other form of it checks
/// (NESL stops at the first error of a form; nessie reports each mistake
/// of a form that parses).
const ERRONEOUS: &[(&str, &[&str])] = &[
    // Line 68, a row of `*` between two definitions: `*` lacks its left
    // argument.
    ("bridge.nesl", &["expected a definition or an expression, found `*`"]),
    // `let d = sqrt(` unfinished before `in` (distancex, line 90), and
    // `rank()` without its argument (stupid_closest_pairs, line 95), which
    // the syntax error used to hide.
    ("dtest.nesl", &["expected an expression, found the keyword `in`", "`rank` expects 1 argument"]),
    // An older copy of the hash table of other-ops.nesl whose pieces do
    // not fit: insert_table passes (hash, key, value) triples to the
    // file's insert_internal, which takes hash values; NESL 3.1 rejects
    // the definition of insert_table too.
    ("table.nesl", &["argument 1 of `insert_internal` has type `[(int, a, b)]`"]),
    // Written for an older plotting library: `defaultw` is defined nowhere
    // in NESL 3.1 (plot.nesl has `default_window`, and its `make_window`
    // takes four arguments, `draw_lines` three), and `convex_hull` is not
    // defined in the file. NESL 3.1 rejects the definition of `test`;
    // `randp` checks.
    (
        "testquickhull.nesl",
        &[
            "unbound function `defaultw`",
            "the pattern has type `(a, b, c)`, but the value bound to it has type `bound_box`",
            "unbound function `convex_hull`",
        ],
    ),
    // Written for an older plotting library: init_plot calls
    // `xps_nmake_window(frame, title, display)`, but plot.nesl's takes a
    // fourth argument, the error stream (window.nesl makes the same call,
    // but with a parameter `display` whose type is free, so it checks).
    // NESL 3.1 rejects the definition of init_plot.
    ("nseparator.nesl", &["the pattern has type `(a, b)`, but the value bound to it has type `[char]`"]),
];

/// Valid NESL 3.1 that nessie does not accept yet, and words of the first
/// diagnostic, which names the missing piece. None left: keep the table
/// for the next gap.
const GAPS: &[(&str, &str)] = &[];

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
        let (user, syntax_errors) = syntax::parse_program_recovering(&mut sources, user_file);
        nesl_frontend::check_parsed(&sources, &prelude, &user, syntax_errors)
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
    let mut checked_but_erroneous = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let errors = check(path, &text);
        if let Some((_, expected)) = ERRONEOUS.iter().find(|(file, _)| *file == name) {
            let errors = errors.unwrap_or_default();
            let matches = errors.len() == expected.len()
                && errors.iter().zip(expected.iter()).all(|(error, words)| error.contains(words));
            if matches {
                checked_but_erroneous += 1;
            } else {
                failures.push(format!(
                    "{name} should have exactly the errors {expected:?}, one per erroneous form:\n{}",
                    errors.join("\n")
                ));
            }
            continue;
        }
        let expected = INVALID.iter().chain(GAPS).find(|(file, _)| *file == name).map(|(_, words)| *words);
        match (errors, expected) {
            (None, None) => checked += 1,
            (Some(errors), None) => failures.push(format!("{name} should check:\n{}", errors.join("\n"))),
            (None, Some(_)) => failures.push(format!("{name} checks now: remove it from the table")),
            (Some(errors), Some(words)) => {
                if !errors.iter().any(|error| error.contains(words)) {
                    failures.push(format!("{name}: an error should say {words:?}:\n{}", errors.join("\n")));
                }
            }
        }
    }
    println!(
        "{checked} of {} valid files of the NESL 3.1 corpus check; {checked_but_erroneous} more check but for \
         the forms NESL 3.1 rejects too",
        files.len() - INVALID.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
