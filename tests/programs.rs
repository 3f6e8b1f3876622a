//! The test-program runner: every `tests/programs/**/*.nesl` through every
//! backend that applies, plus the golden files of each stage's printed IR.
//!
//! # Test programs describe themselves
//! A program's first comment is its header:
//!
//! ```text
//! %
//! description: what this tests
//! exit: 0                      (default 0; 1 compile error, 3 runtime fault)
//! error: :3:5:                 (repeatable: substrings stderr must contain)
//! backends: interp             (optional: restrict to these backends)
//! unsupported: flat | `@`      (optional: these backends must refuse the
//!                               program with "not supported yet", naming why)
//! output:
//! it = 6 : int                 (expected stdout, verbatim, to the closing %)
//! %
//! ```
//!
//! Each program runs through `nessie run FILE --backend B` for every backend
//! B in [`BACKENDS`] that the header allows; stdout must equal the expected
//! output exactly, the exit status must match, every `error:` substring must
//! appear in stderr, and a successful run must print nothing to stderr.
//! A backend named by `unsupported:` must instead exit 1 with "not
//! supported yet" and the reason in stderr — so a construct that becomes
//! supported, or one that stops being supported, shows up as a failure.
//!
//! # Golden files
//! For the programs listed in `tests/golden/programs.txt`, the printed IR of
//! each stage in [`GOLDEN_STAGES`] must equal
//! `tests/golden/STAGE/NAME.STAGE`. `NESSIE_BLESS=1 cargo test --test
//! programs` rewrites them.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use libtest_mimic::{Arguments, Failed, Trial};

/// The backends of `nessie run --backend`, in the order they are tried.
const BACKENDS: &[&str] = &["interp", "flat"];

/// The stages whose printed IR has golden files.
const GOLDEN_STAGES: &[&str] = &["typed"];

/// A run that takes longer than this has hung.
const RUN_TIMEOUT: Duration = Duration::from_secs(120);

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut trials = Vec::new();
    let mut programs = Vec::new();
    collect_programs(&root.join("tests/programs"), &mut programs);
    programs.sort();
    for path in programs {
        let rel = path.strip_prefix(&root).unwrap().to_path_buf();
        let name = rel.strip_prefix("tests/programs").unwrap().display().to_string();
        let header = match std::fs::read_to_string(&path).map_err(|e| e.to_string()).and_then(|t| parse_header(&t)) {
            Ok(h) => h,
            Err(e) => {
                trials.push(Trial::test(format!("header::{name}"), move || Err(format!("bad header: {e}").into())));
                continue;
            }
        };
        for &backend in BACKENDS {
            if header.backends.as_ref().is_some_and(|b| !b.iter().any(|x| x == backend)) {
                continue;
            }
            let (root, rel, header) = (root.clone(), rel.clone(), header.clone());
            trials.push(Trial::test(format!("{backend}::{name}"), move || run_program(&root, &rel, backend, &header)));
        }
    }
    for (stage, rel) in golden_set(&root) {
        let root = root.clone();
        let name = format!("golden::{stage}::{}", rel.display());
        trials.push(Trial::test(name, move || check_golden(&root, &rel, stage)));
    }
    libtest_mimic::run(&args, trials).exit();
}

fn collect_programs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_programs(&path, out);
        } else if path.extension().is_some_and(|e| e == "nesl") {
            out.push(path);
        }
    }
}

#[derive(Clone, Debug, Default)]
struct Header {
    exit: i32,
    errors: Vec<String>,
    backends: Option<Vec<String>>,
    /// Backends that must refuse the program, and the reason they give.
    unsupported: Vec<String>,
    unsupported_reason: String,
    output: String,
}

/// Reads the header comment at the start of a test program.
fn parse_header(text: &str) -> Result<Header, String> {
    let body = text.trim_start();
    let body = body.strip_prefix('%').ok_or("the file must start with a `%` header comment")?;
    let end = body.find('%').ok_or("the header comment is not closed")?;
    let mut header = Header::default();
    let mut has_description = false;
    let mut lines = body[..end].lines();
    // The text after the opening '%' on its line is ignored.
    lines.next();
    let mut output_lines: Option<Vec<&str>> = None;
    for line in lines {
        if let Some(out) = output_lines.as_mut() {
            out.push(line);
            continue;
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (key, value) = line.split_once(':').ok_or_else(|| format!("expected `key: value`, found `{line}`"))?;
        let value = value.trim();
        match key.trim() {
            "description" => has_description = true,
            "exit" => header.exit = value.parse().map_err(|_| format!("bad exit code `{value}`"))?,
            "error" => header.errors.push(value.to_string()),
            "backends" => header.backends = Some(value.split_whitespace().map(str::to_string).collect()),
            "unsupported" => {
                let (backends, reason) = value.split_once('|').ok_or("`unsupported:` needs `BACKENDS | reason`")?;
                header.unsupported = backends.split_whitespace().map(str::to_string).collect();
                header.unsupported_reason = reason.trim().to_string();
            }
            "output" => output_lines = Some(Vec::new()),
            other => return Err(format!("unknown header key `{other}`")),
        }
    }
    if !has_description {
        return Err("the header has no `description:`".into());
    }
    if let Some(mut lines) = output_lines {
        // The closing '%' sits on its own line: drop the empty tail it leaves.
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        header.output = lines.iter().map(|l| format!("{l}\n")).collect();
    }
    Ok(header)
}

struct RunResult {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the nessie binary with a time limit, from the workspace root.
fn run_nessie(root: &Path, args: &[&str]) -> Result<RunResult, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nessie"))
        .args(args)
        .current_dir(root)
        .env_remove("NESSIE_DEVICE")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start nessie: {e}"))?;
    let mut stdout_pipe = child.stdout.take().unwrap();
    let mut stderr_pipe = child.stderr.take().unwrap();
    let stdout_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout_pipe.read_to_end(&mut s);
        s
    });
    let stderr_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr_pipe.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > RUN_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("nessie {} did not finish within {RUN_TIMEOUT:?}", args.join(" ")));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&stdout_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&stderr_reader.join().unwrap()).into_owned();
    Ok(RunResult { status: status.code(), stdout, stderr })
}

fn run_program(root: &Path, rel: &Path, backend: &str, header: &Header) -> Result<(), Failed> {
    let file = rel.to_str().unwrap();
    let result = run_nessie(root, &["run", file, "--backend", backend])?;
    if header.unsupported.iter().any(|b| b == backend) {
        return expect_not_supported(&result, &header.unsupported_reason);
    }
    let mut problems = Vec::new();
    if result.status != Some(header.exit) {
        problems.push(format!("exit status {:?}, expected {}", result.status, header.exit));
    }
    if result.stdout != header.output {
        problems.push(format!("stdout differs\n--- expected\n{}--- actual\n{}---", header.output, result.stdout));
    }
    for needle in &header.errors {
        if !result.stderr.contains(needle.as_str()) {
            problems.push(format!("stderr does not contain `{needle}`"));
        }
    }
    if header.exit == 0 && !result.stderr.is_empty() {
        problems.push("a successful run printed to stderr".to_string());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n--- stderr\n{}", problems.join("\n"), result.stderr).into())
    }
}

/// A backend that does not support the program must say so, cleanly.
fn expect_not_supported(result: &RunResult, reason: &str) -> Result<(), Failed> {
    let refused = result.status == Some(1) && result.stderr.contains("not supported yet");
    if !refused {
        return Err(format!(
            "expected the backend to refuse the program with \"not supported yet\" ({reason}); \
             if it is supported now, remove the `unsupported:` line\nexit {:?}\n--- stdout\n{}--- stderr\n{}",
            result.status, result.stdout, result.stderr
        )
        .into());
    }
    if !result.stderr.contains(reason) {
        return Err(format!("refused, but not for the reason `{reason}`\n--- stderr\n{}", result.stderr).into());
    }
    Ok(())
}

/// (stage, program path relative to the workspace root) for every golden file.
fn golden_set(root: &Path) -> Vec<(&'static str, PathBuf)> {
    let list = std::fs::read_to_string(root.join("tests/golden/programs.txt")).unwrap_or_default();
    let programs: Vec<PathBuf> = list
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(PathBuf::from)
        .collect();
    GOLDEN_STAGES.iter().flat_map(|&stage| programs.iter().map(move |p| (stage, p.clone()))).collect()
}

/// The golden file of a program: `examples/dotp.nesl` → `tests/golden/typed/examples__dotp.typed`.
fn golden_path(root: &Path, rel: &Path, stage: &str) -> PathBuf {
    let flat = rel.with_extension("").display().to_string().replace(['/', '\\'], "__");
    root.join("tests/golden").join(stage).join(format!("{flat}.{stage}"))
}

fn check_golden(root: &Path, rel: &Path, stage: &str) -> Result<(), Failed> {
    let out_dir = std::env::temp_dir()
        .join(format!("nessie-golden-{}-{}", std::process::id(), rel.display()).replace(['/', '\\'], "_"));
    let _ = std::fs::remove_dir_all(&out_dir);
    let result =
        run_nessie(root, &["compile", rel.to_str().unwrap(), "-o", out_dir.to_str().unwrap(), "--emit", stage])?;
    let stem = rel.file_stem().unwrap().to_str().unwrap();
    let emitted = std::fs::read_to_string(out_dir.join(format!("{stem}.{stage}")))
        .map_err(|e| format!("`--emit {stage}` wrote nothing ({e})\n--- stderr\n{}", result.stderr))?;
    let _ = std::fs::remove_dir_all(&out_dir);
    let golden = golden_path(root, rel, stage);
    if std::env::var_os("NESSIE_BLESS").is_some() {
        std::fs::create_dir_all(golden.parent().unwrap()).map_err(|e| e.to_string())?;
        std::fs::write(&golden, &emitted).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(&golden)
        .map_err(|e| format!("no golden file {} ({e}); run with NESSIE_BLESS=1 to create it", golden.display()))?;
    if expected != emitted {
        return Err(format!(
            "{} differs from the golden file {} (NESSIE_BLESS=1 rewrites it)\n{}",
            stage,
            golden.display(),
            first_difference(&expected, &emitted)
        )
        .into());
    }
    Ok(())
}

fn first_difference(expected: &str, actual: &str) -> String {
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            return format!("line {}:\n- {e}\n+ {a}", i + 1);
        }
    }
    format!("lengths differ: {} vs {} lines", expected.lines().count(), actual.lines().count())
}
