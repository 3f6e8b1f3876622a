//! NESL 3.1's own regression test, `testexamps.nesl` of the corpus (see
//! `crates/nesl-frontend/tests/integration/nesl31_corpus.rs` for where the
//! corpus lives), run unmodified: it `load`s six examples and prints
//! "passed" or "FAILED" for each. It must pass all six on the interpreter
//! and, compiled to OpenCL, on the default device (PoCL in CI; the trial is
//! skipped without a device unless `NESSIE_REQUIRE_OPENCL` is set). Its
//! STRING RANK test draws `rand` inside an apply-to-each and formats the
//! draws with `@`.
//!
//! The kernels build as the `opencl` trials of `tests/programs.rs` build
//! theirs: with `-cl-opt-disable`, or `NESSIE_TEST_CL_OPTIONS` (empty: the
//! driver's defaults). PoCL builds unoptimised kernels about three times
//! faster: the binary took 20.3 s of CPU with the driver's defaults, 8.2 s
//! so, from an empty PoCL cache (the interpreter's run is 0.1 s of it; note
//! [test builds] in `tests/programs.rs`).

use std::path::PathBuf;
use std::process::Command;

/// The six examples, in the order the test prints them.
const TESTS: [&str; 6] = ["PRIMES", "QUICKSORT", "MEDIAN", "STRING SEARCH", "STRING RANK", "PARENTHESES MATCH"];

fn testexamps() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let found =
        manifest.ancestors().map(|dir| dir.join("shared/nesl-corpus/nesl-3.1/testexamps.nesl")).find(|f| f.is_file());
    if found.is_none() {
        eprintln!("note: no shared/nesl-corpus above {}: testexamps.nesl was not run", manifest.display());
    }
    found
}

/// Runs the test on `backend` and checks its report.
fn passes_on(backend: &str) {
    let Some(file) = testexamps() else { return };
    let options = std::env::var("NESSIE_TEST_CL_OPTIONS").unwrap_or_else(|_| "-cl-opt-disable".to_string());
    let output = Command::new(env!("CARGO_BIN_EXE_nessie"))
        .args(["run", "--backend", backend])
        .arg(&file)
        .env("NESSIE_CL_OPTIONS", options)
        .output()
        .expect("nessie runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "exit {:?} on {backend}\nstdout:\n{stdout}\nstderr:\n{stderr}", output.status);
    let reports: Vec<&str> = stdout.lines().filter(|l| TESTS.iter().any(|t| l.starts_with(t))).collect();
    let expected: Vec<String> = TESTS.iter().map(|t| format!("{t} passed")).collect();
    assert_eq!(reports, expected, "on {backend}; stdout:\n{stdout}");
    assert!(stdout.ends_with("it = 0 : int\n"), "on {backend}; stdout:\n{stdout}");
}

#[test]
fn testexamps_passes_its_six_tests_on_the_interpreter() {
    passes_on("interp");
}

#[test]
fn testexamps_passes_its_six_tests_on_opencl() {
    let required = std::env::var_os("NESSIE_REQUIRE_OPENCL").is_some();
    if runtime::device::list_devices().is_err() && !required {
        eprintln!("note: no OpenCL device: testexamps.nesl was not run on opencl");
        return;
    }
    passes_on("opencl");
}
