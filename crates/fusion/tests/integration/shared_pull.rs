//! `filter-predicate-shares-pull` on quicksort (note [predicates share
//! the pull]): the level's three filters search for each element's
//! segment once, in the pull, and the report logs each filter.

use crate::common::flatten_nesl_file;
use fusion::ScheduleKind;
use fusion::shared_pull::FILTER_PREDICATE_SHARES_PULL;

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
