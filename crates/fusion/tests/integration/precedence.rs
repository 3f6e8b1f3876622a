//! The sparse precedence graph of a block (`BlockFacts::successors`, note
//! [precedence graph] in `statements.rs`) answers what fusion asks of
//! `must_precede` as `must_precede` itself does: which statement comes
//! before which, transitively, and which statements one reaches through
//! host statements only. Checked on every block of every example and test
//! program that flattens, two large random programs included; and the ILP
//! of such a program solves only parts of bounded size.

use std::path::{Path, PathBuf};

use flatten::ir::{Block, FlatProgram, HostExpr, Stmt};
use fusion::statements::BlockFacts;
use nesl_frontend::SourceMap;

/// The flat program of a NESL file, or `None` where the front end or
/// flattening refuses it (error tests, unsupported forms).
fn flat_program(path: &Path) -> Option<FlatProgram> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut sources = SourceMap::new();
    let prelude_file = sources.add(nesl_frontend::PRELUDE_NAME, nesl_frontend::PRELUDE_SOURCE, true);
    let file = sources.add(path.display().to_string(), text, false);
    let prelude = nesl_frontend::syntax::parse_file(&sources, prelude_file).ok()?;
    let ast = nesl_frontend::syntax::parse_file(&sources, file).ok()?;
    let program = nesl_frontend::check::check_program(&sources, &prelude, &ast).ok()?;
    flatten::flatten_program(&program, &sources).ok()
}

fn nesl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            nesl_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "nesl") {
            out.push(path);
        }
    }
}

/// Every block of a program: function bodies and the blocks nested in them.
fn blocks(program: &FlatProgram) -> Vec<&Block> {
    fn walk<'a>(block: &'a Block, out: &mut Vec<&'a Block>) {
        out.push(block);
        for stmt in &block.stmts {
            if let Stmt::Let { expr, .. } = stmt {
                match expr {
                    HostExpr::If { then_block, else_block, .. } => {
                        walk(then_block, out);
                        walk(else_block, out);
                    }
                    HostExpr::Time { block } => walk(block, out),
                    _ => {}
                }
            }
        }
    }
    let mut out = Vec::new();
    for function in program.functions.iter().chain(std::iter::once(&program.main)) {
        walk(&function.body, &mut out);
    }
    out
}

/// `(closure, through_host)`: `closure[a][b]` when a path of `edge` leads
/// from `a` to `b`; `through_host[a][b]` when one does whose inner
/// statements are all host statements (not runs).
fn relations(facts: &BlockFacts, edge: &dyn Fn(usize, usize) -> bool) -> (Vec<Vec<bool>>, Vec<Vec<bool>>) {
    let n = facts.stmts.len();
    let mut closure = vec![vec![false; n]; n];
    let mut through_host = vec![vec![false; n]; n];
    for a in (0..n).rev() {
        for b in a + 1..n {
            if !edge(a, b) {
                continue;
            }
            closure[a][b] = true;
            through_host[a][b] = true;
            for c in b + 1..n {
                if closure[b][c] {
                    closure[a][c] = true;
                }
                if !facts.stmts[b].kind.is_run() && through_host[b][c] {
                    through_host[a][c] = true;
                }
            }
        }
    }
    (closure, through_host)
}

fn check_block(program: &FlatProgram, block: &Block, place: &str) -> usize {
    let facts = BlockFacts::of_block(program, block);
    let n = facts.stmts.len();
    for a in 0..n {
        for &b in facts.successors(a) {
            assert!(b > a && facts.must_precede(a, b).is_some(), "{place}: {a} -> {b} is not a pair of must_precede");
        }
    }
    let full = relations(&facts, &|a, b| facts.must_precede(a, b).is_some());
    let sparse = relations(&facts, &|a, b| facts.successors(a).contains(&b));
    assert!(full.0 == sparse.0, "{place}: the transitive closures differ");
    assert!(full.1 == sparse.1, "{place}: the paths through host statements differ");
    n
}

#[test]
fn precedence_graph_answers_as_must_precede() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    nesl_files(&root.join("examples"), &mut files);
    nesl_files(&root.join("tests/programs"), &mut files);
    nesl_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/large"), &mut files);
    let (mut programs, mut statements) = (0, 0);
    for path in &files {
        let Some(program) = flat_program(path) else { continue };
        programs += 1;
        for block in blocks(&program) {
            statements += check_block(&program, block, &path.display().to_string());
        }
    }
    // The examples and most test programs flatten: the check saw them.
    assert!(programs >= 100 && statements >= 5_000, "only {programs} programs, {statements} statements");
}

/// A `main` of over 300 runs: its ILP is solved part by part, and the parts
/// too large for the solver keep the greedy schedule's clusters (a count of
/// candidates decides, never the time), so the models solved stay small.
#[test]
fn a_huge_main_solves_only_small_parts() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/large/random_5000228.nesl");
    let program = flat_program(&path).expect("the random program flattens");
    let fused = fusion::fuse(&program, fusion::ScheduleKind::ilp()).expect("it fuses");
    let main = fused.report.regions.iter().find(|r| r.function == "main" && r.region == "body").expect("main's body");
    assert!(main.pdg.nodes.len() > 300, "{} runs", main.pdg.nodes.len());
    // Either the parts' clusters fit together (the ILP's report, not proven
    // optimal), or they do not and, some parts being too large, the whole
    // region's model is not built either: the greedy schedule, with the
    // same warning (which of the two depends on how the host statements
    // order the runs, e.g. fusion's `length-from-size-argument`).
    if let Some(ilp) = main.ilp.as_ref() {
        assert!(!ilp.is_optimal);
        assert!(ilp.size.constraints < 5_000, "{}", ilp.size);
    }
    assert!(
        main.warnings.iter().any(|w| w.contains(&format!("more than {}", fusion::ilp::MAX_PART_CANDIDATES))),
        "{:?}",
        main.warnings
    );
}
