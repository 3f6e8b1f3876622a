//! Every program of `tests/programs` through the whole pipeline (ILP
//! fusion) and on PoCL, against the flat-IR evaluator: prints which agree,
//! which the backend does not support yet (and why), and which do not get
//! to code generation; fails on any wrong answer or backend failure.

use crate::support;

use std::path::{Path, PathBuf};

use crate::support::{Outcome, outcome_in};

fn nesl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            nesl_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "nesl") {
            out.push(path);
        }
    }
}

// The sweep is two tests, each over every other program, so that the
// test threads share it: as one test it ran alone on one of two cores,
// the last of this binary's tests.
//
// It runs on demand (`cargo test --release -p opencl-backend --test
// integration -- --ignored programs_sweep`), not in the default run:
// every program it sweeps has an `opencl` trial in `tests/programs.rs`,
// which checks the printed result against the program's expected output
// (and so against the evaluator, which prints the same), on PoCL, built
// alike, and runs them all in long-lived sessions as this sweep does (its
// trial servers, note [trial servers] there). It took 24 s of CPU with
// PoCL's cache warm from those trials (as in CI, where they run first) and
// 121 s with a cold one, for no check of its own.
#[test]
#[ignore = "on demand: tests/programs.rs's opencl trials run these programs (see the comment above)"]
fn every_program_agrees_or_is_unsupported_even() {
    support::own_process!();
    sweep(0);
}

#[test]
#[ignore = "on demand: tests/programs.rs's opencl trials run these programs (see the comment above)"]
fn every_program_agrees_or_is_unsupported_odd() {
    support::own_process!();
    sweep(1);
}

/// The programs at the even (`half` 0) or odd (1) places of the sorted
/// list of `tests/programs`.
fn sweep(half: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    let mut files = Vec::new();
    nesl_files(&root, &mut files);
    // The corpus drivers `load` NESL 3.1's programs by paths relative to
    // their own folder, which this sweep (sources named `test.nesl`) does
    // not resolve, and `tests/programs.rs` runs them on OpenCL in a
    // bounded, seeded batch (`NESSIE_CORPUS_OPENCL`): so they are left to
    // it, and said so, rather than listed here as failing to load.
    let corpus = root.join("corpus");
    let skipped = files.iter().filter(|f| f.starts_with(&corpus)).count();
    files.retain(|f| !f.starts_with(&corpus));
    println!("left to tests/programs.rs: the {skipped} corpus drivers under {}", corpus.display());
    assert!(!files.is_empty(), "no programs under {}", root.display());
    let files: Vec<PathBuf> = files.into_iter().skip(half).step_by(2).collect();
    let (mut agree, mut unsupported, mut not_compiled, mut wrong) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Built as tests/programs.rs's opencl trials build the same programs
    // (unoptimised, one OpenCL program each; `examples/` with the
    // driver's defaults, as users build them), so that PoCL's cache of
    // those trials serves these builds: optimised, and so compiled anew,
    // this sweep took 622 s of CI's two cores, and its examples alone,
    // unoptimised where their trials are not, 11 s of its CPU.
    let mut session = support::session();
    let cfg = opencl_backend::config_from_env();
    for file in &files {
        let name = file.strip_prefix(&root).unwrap_or(file).display().to_string();
        let source = std::fs::read_to_string(file).unwrap_or_default();
        let example = file.starts_with(root.join("examples"));
        session.set_extra_build_options(if example { "" } else { "-cl-opt-disable" });
        match outcome_in(&mut session, &source, fusion::ScheduleKind::ilp(), &cfg) {
            Outcome::Agree(_) => agree.push(name),
            Outcome::Unsupported(why) => unsupported.push(format!("{name}: {why}")),
            Outcome::NotCompiled(why) => not_compiled.push(format!("{name}: {}", why.lines().next().unwrap_or(""))),
            Outcome::Wrong(what) => wrong.push(format!("{name}: {what}")),
        }
    }
    println!("agree ({}):\n  {}", agree.len(), agree.join("\n  "));
    println!("unsupported by the backend ({}):\n  {}", unsupported.len(), unsupported.join("\n  "));
    println!("not compiled before the backend ({}):\n  {}", not_compiled.len(), not_compiled.join("\n  "));
    assert!(wrong.is_empty(), "{} wrong:\n{}", wrong.len(), wrong.join("\n\n"));
}
