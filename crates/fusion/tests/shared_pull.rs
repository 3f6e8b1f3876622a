//! `filter-predicate-shares-pull` on quicksort (note [predicates share
//! the pull]): the level's three filters search for each element's
//! segment once, in the pull, and the report logs each filter.

use fusion::ScheduleKind;
use fusion::shared_pull::FILTER_PREDICATE_SHARES_PULL;

fn flatten_nesl_file(path: &str) -> flatten::ir::FlatProgram {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    let mut sources = nesl_frontend::SourceMap::new();
    let prelude_file = sources.add(nesl_frontend::PRELUDE_NAME, nesl_frontend::PRELUDE_SOURCE, true);
    let file = sources.add(path.to_string(), text, false);
    let prelude = nesl_frontend::syntax::parse_file(&sources, prelude_file).expect("the prelude parses");
    let ast = nesl_frontend::syntax::parse_file(&sources, file).unwrap_or_else(|_| panic!("{path} parses"));
    let program =
        nesl_frontend::check::check_program(&sources, &prelude, &ast).unwrap_or_else(|_| panic!("{path} type-checks"));
    flatten::flatten_program(&program, &sources).unwrap_or_else(|e| panic!("{path} flattens: {e}"))
}

#[test]
fn quicksorts_level_filters_search_once() {
    let fused = fusion::fuse(&flatten_nesl_file("examples/quicksort.nesl"), ScheduleKind::ilp()).expect("fuses");
    let log = fused.report.log().join("\n");
    assert_eq!(log.matches(&format!("final kernels: rule {FILTER_PREDICATE_SHARES_PULL} in")).count(), 3, "{log}");
    let mut checked = 0;
    for kernel in &fused.program.kernels {
        let filters: Vec<_> = kernel
            .body
            .iter()
            .filter_map(|b| match &b.soac {
                flatten::ir::Soac::Filter { pull, pred, .. } => Some((pull, pred)),
                _ => None,
            })
            .collect();
        if filters.len() != 3 {
            continue;
        }
        checked += 1;
        for (pull, pred) in filters {
            let mut searches = 0;
            let mut count = |e: &flatten::ir::GExpr| {
                fn walk(e: &flatten::ir::GExpr, n: &mut usize) {
                    *n += usize::from(matches!(e, flatten::ir::GExpr::SegmentOf { .. }));
                    e.for_each_child(|c| walk(c, n));
                }
                walk(e, &mut searches);
            };
            count(&pull.body);
            count(&pred.body);
            assert!(searches <= 1, "{}", flatten::ir::print::print_kernel(kernel));
        }
    }
    assert!(checked > 0, "no kernel of three filters");
}
