//! From a fused flat kernel to high-level Lift: one stage per SOAC, with
//! the algorithmic patterns only.
//!
//! | SOAC | high-level Lift |
//! |------|-----------------|
//! | `MAP pull n` | `map(id) $ generate(n, pull)` |
//! | `REDUCE pull z op n` | `reduce(op)(z, generate(n, pull))` |
//! | `SCAN pull z op n` | `scan(op)(z, generate(n, pull))` |
//! | `FILTER pull pred n` | `filter(keep)(generate(n, pull))`, `keep` the predicate as 0 or 1 (the rules: `filter-lookback` or `filter-flags-fused`); with `BEFORE offsets`, the filter also writes the number kept before each offset (`Filter::before`: each look-back tile the offsets in its range, or a map of the flags' scan) |
//! | `PERMUTE values index n` (unchecked) | `scatter(index, n) o map(id) $ generate(n, values)` |
//! | `SEG_SCAN pull z op <lengths, offsets>` | `joinSegments(n, offsets) o map(λ seg. scan(op)(z, seg)) $ segments(pull)(offsets, lengths)` (`segScan-segments`; the rules make it one look-back scan whose tiles find their segment heads, `segScan-lookback`, or a scan of (head flag, value) pairs, `segScan-flag-pairs`, in [`crate::seg_scan`]) |
//! | `PERMUTE` (checked) | the scatter, first-writer claims, the first repeat claimed, a check |
//! | `SCATTER` | a copy of the base, last-writer claims (`atomicMax`), a guarded `scatter`; of a value the same at every index, one unguarded `scatter` (`scatter-uniform`) |
//! | `ONCE e` | `map(id) $ generate(1, once)` |
//! | `RADIX_PASS values digit bits n` | `radixCounts` of the digits per tile, the `scan` of the counts, `radixScatter` (`radix-tiles`, [`crate::radix`]) |
//! | `SEGMENT_IDS offsets n` | `segmentIds(tiles)()`, one launch over tiles of positions (`segment-ids-tiles`, [`crate::segment_ids`]) |
//! | `SEG_REDUCE pull z op <lengths, offsets>` | `join o map(λ seg. reduce(op)(z, seg)) $ segments(pull)(offsets, lengths)` (`segReduce-segments`; the rules split it over work-groups, `segReduce-merge` or `segReduce-teams`) |
//! | FILTERs of one size, alpha-equivalent pulls (`horizontal-filters`, `fusion::shared_traversals`) | `filters(keep_1, .., keep_K)(generate(n, pull))`, one stage (the rules: `filters-lookback`, each element pulled once and a count per filter in one look-back; else each filter alone) |
//! | exact SCANs and REDUCEs, FILTERs and MAPs of one size, at least two carrying a value between tiles (`traversal-horizontal`, `fusion::shared_traversals::lookback_groups`) | `horizontal(parts)(generate(n, pull_1), ..)`, one stage (the rules: `lookback-horizontal`, one look-back of the tuple of the parts' carries, note [horizontal look-back] in [`crate::lookback`]; else each part alone) |
//! | a MAP and a SCAN of one size (`map-scan-horizontal`) | `zip(scan(op)(z, generate(n, pull)), generate(n, map_pull))`, one stage (the rules: `scan-lookback` writing the map where it loads its tile, `map-along-scan-lookback`; else the two alone) |
//!
//! A pull thunk is the flat IR's array-from-index function, so its Lift
//! form is `generate`; its reads of the kernel's arrays stay inside the
//! user function. The size of a SOAC becomes an [`ArithExpr`] over the
//! kernel's size variables (`#xs`, an int parameter, the scalar result of
//! an earlier SOAC, read back when the kernel runs).

use flatten::ir::{BinaryOp, GExpr, KVar, Kernel, Scalar, Soac, Thunk, VarType};

use crate::arith::{ArithExpr, Range};
use crate::ir::{Expr, Fun, LiftKernel, SizeDef, Stage, UserFun, UserFunDef, UserFunId};

/// Why a kernel cannot be lowered (yet): names the construct.
#[derive(Debug, thiserror::Error)]
#[error("{what}")]
pub struct Unsupported {
    pub what: String,
}

fn unsupported<T>(what: impl Into<String>) -> Result<T, Unsupported> {
    Err(Unsupported { what: what.into() })
}

/// The high-level Lift of a flat kernel.
pub fn lower_kernel(kernel: &Kernel) -> Result<LiftKernel, Unsupported> {
    let mut lift = LiftKernel {
        name: kernel.name.clone(),
        params: Vec::new(),
        user_funs: Vec::new(),
        sizes: Vec::new(),
        lengths: Vec::new(),
        capacities: Vec::new(),
        counters: Vec::new(),
        flat: kernel.clone(),
        stages: Vec::new(),
        rules_applied: Vec::new(),
    };
    for param in &kernel.params {
        if kernel.var(*param).ty.is_array() {
            let name = format!("n_{}", kernel.var(*param).name);
            lift.size_var(&name, SizeDef::LengthOf(*param), Range::at_least(0));
        }
    }
    let horizontal = fusion::shared_traversals::lookback_groups(kernel);
    let in_horizontal = |i: usize| horizontal.iter().any(|g| g.contains(&i));
    let mut filter_groups = fusion::shared_traversals::filter_groups(kernel);
    filter_groups.retain(|g| !g.iter().any(|i| in_horizontal(*i)));
    let mut map_along = fusion::shared_traversals::map_along_scan(kernel);
    map_along.retain(|(m, s)| !in_horizontal(*m) && !in_horizontal(*s));
    for (index, binding) in kernel.body.iter().enumerate() {
        // A traversal is lowered at its first member's place.
        if let Some(group) = horizontal.iter().find(|g| g[0] == index) {
            let stage_name = format!("{}_{}", kernel.name, lift.flat.var(binding.results[0]).name);
            lower_horizontal(&mut lift, &stage_name, group)?;
            continue;
        }
        // A filter of a group is lowered with the group's first; a map
        // along a scan with the scan.
        if in_horizontal(index)
            || filter_groups.iter().any(|g| g[1..].contains(&index))
            || map_along.iter().any(|(m, _)| *m == index)
        {
            continue;
        }
        let results = binding.results.clone();
        let result_scalars: Vec<_> = results.iter().map(|v| kernel.var(*v).ty.scalar()).collect();
        let base = results.first().map(|v| kernel.var(*v).name.clone()).unwrap_or_else(|| format!("soac{index}"));
        let stage_name = format!("{}_{}", kernel.name, base);
        let (body, scalar_result) = match &binding.soac {
            Soac::Map { size, pull } => {
                let n = size_expr(&mut lift, size)?;
                let pull = add_user_fun(&mut lift, &format!("pull_{base}"), pull, result_scalars.clone())?;
                for v in &results {
                    lift.lengths.push((*v, n.clone()));
                }
                (Expr::apply1(Fun::map(Fun::Id), Expr::apply(Fun::Generate(n, pull), vec![])), false)
            }
            Soac::Reduce { size, pull, neutral, op } => {
                let n = size_expr(&mut lift, size)?;
                let pull = add_user_fun(&mut lift, &format!("pull_{base}"), pull, result_scalars.clone())?;
                let op = add_user_fun(&mut lift, &format!("op_{base}"), op, result_scalars.clone())?;
                let xs = Expr::apply(Fun::Generate(n, pull), vec![]);
                (Expr::apply(Fun::Reduce(Box::new(Fun::User(op))), vec![Expr::Value(neutral.clone()), xs]), true)
            }
            Soac::Scan { size, pull, neutral, op } if map_along.iter().any(|(_, s)| *s == index) => {
                let Some(&(m, _)) = map_along.iter().find(|(_, s)| *s == index) else {
                    return unsupported("a map along a scan");
                };
                lower_map_along_scan(&mut lift, &stage_name, (m, index), (size, pull, neutral, op))?;
                continue;
            }
            Soac::Scan { size, pull, neutral, op } => {
                let n = size_expr(&mut lift, size)?;
                let pull = add_user_fun(&mut lift, &format!("pull_{base}"), pull, result_scalars.clone())?;
                let op = add_user_fun(&mut lift, &format!("op_{base}"), op, result_scalars.clone())?;
                for v in &results {
                    lift.lengths.push((*v, n.clone()));
                }
                let xs = Expr::apply(Fun::Generate(n, pull), vec![]);
                (Expr::apply(Fun::Scan(Box::new(Fun::User(op))), vec![Expr::Value(neutral.clone()), xs]), false)
            }
            Soac::SegScan { segments, elements, pull, neutral, op } => {
                let n = size_expr(&mut lift, elements)?;
                lower_seg_scan(&mut lift, &stage_name, &results, &result_scalars, segments, n, pull, neutral, op)?;
                continue;
            }
            Soac::Permute { size, values, index, check: None } => {
                let n = size_expr(&mut lift, size)?;
                let values = add_user_fun(&mut lift, &format!("values_{base}"), values, result_scalars.clone())?;
                let index = add_user_fun(&mut lift, &format!("index_{base}"), index, vec![Scalar::Int])?;
                for v in &results {
                    lift.lengths.push((*v, n.clone()));
                }
                let mapped = Expr::apply1(Fun::map(Fun::Id), Expr::apply(Fun::Generate(n.clone(), values), vec![]));
                (Expr::apply1(Fun::Scatter(index, n, None), mapped), false)
            }
            Soac::Permute { size, values, index, check: Some(site) } => {
                lower_checked_permute(&mut lift, &stage_name, &results, &result_scalars, size, values, index, *site)?;
                continue;
            }
            Soac::Scatter { size, base, values, index, site } => {
                lower_scatter(&mut lift, &stage_name, &results, &result_scalars, size, base, values, index, *site)?;
                continue;
            }
            Soac::Filter { size, pull, pred, before } => {
                match filter_groups.iter().find(|g| g[0] == index) {
                    Some(group) => lower_filters(&mut lift, &stage_name, group)?,
                    None => {
                        let (results, before) = split_before(&mut lift, &results, *before)?;
                        let columns = &result_scalars[..results.len()];
                        let written = written_columns(kernel, index, &results);
                        let filter = (size, pull, pred, before, written);
                        lower_filter(&mut lift, &stage_name, &results, columns, filter)?
                    }
                }
                continue;
            }
            Soac::Once { body } => {
                let id = add_once_fun(&mut lift, &format!("once_{base}"), body.clone(), result_scalars.clone());
                (once_body(id), true)
            }
            Soac::RadixPass { size, values, digit, bits } => {
                let n = size_expr(&mut lift, size)?;
                let values = add_user_fun(&mut lift, &format!("values_{base}"), values, result_scalars.clone())?;
                let digit = add_user_fun(&mut lift, &format!("digit_{base}"), digit, vec![Scalar::Int])?;
                crate::radix::lower_radix_pass(&mut lift, &stage_name, &results, n, values, digit, *bits)?;
                continue;
            }
            Soac::SegmentIds { size, offsets } => {
                let n = size_expr(&mut lift, size)?;
                crate::segment_ids::lower_segment_ids(&mut lift, &stage_name, &results, n, *offsets)?;
                continue;
            }
            Soac::SegReduce { segments, pull, neutral, op } => {
                lower_seg_reduce(&mut lift, &stage_name, &results, &result_scalars, segments, pull, neutral, op)?;
                continue;
            }
        };
        lift.stages.push(Stage { name: stage_name, body, result: results, scalar_result, when: None, guard: None });
    }
    Ok(lift)
}

/// `FILTER pull pred n` as one high-level stage,
/// `filter(keep)(generate(n, pull))` with `keep(x..) = if pred(x..) then
/// 1 else 0`; the number kept is a new scalar `{result}_kept` of the
/// kernel, read back by the host to size the result. The rules make it
/// one launch (`filter-lookback`) or a scan of the flags, the count and a
/// scatter (`filter-flags-fused`), see [`crate::lookback`]. `before`: what
/// it counts before offsets ([`split_before`]).
/// `columns`: the results it writes (note [unwritten filter columns]).
fn lower_filter(
    lift: &mut LiftKernel,
    stage_name: &str,
    results: &[KVar],
    result_scalars: &[Scalar],
    (size, pull, pred, before, columns): FilterParts<'_>,
) -> Result<(), Unsupported> {
    let n = size_expr(lift, size)?;
    let base = lift.flat.var(results.first().copied().unwrap_or(pull.params[0])).name.clone();
    let int = Scalar::Int;
    let count = lift.flat.new_var(format!("{base}_kept"), VarType::Scalar(int));
    let kept = ArithExpr::var(&lift.size_var(&format!("{base}_kept"), SizeDef::ValueOf(count), Range::at_least(0)));
    let keep = Thunk { params: pred.params.clone(), body: GExpr::if_(pred.body.clone(), GExpr::int(1), GExpr::int(0)) };
    let keep = add_user_fun(lift, &format!("keep_{base}"), &keep, vec![int])?;
    let pull_fn = add_user_fun(lift, &format!("pull_{base}"), pull, result_scalars.to_vec())?;
    let filter = crate::ir::Filter { keep, count, kept: kept.clone(), before, columns };
    let results = filter.project(results);
    for v in &results {
        lift.lengths.push((*v, kept.clone()));
    }
    lift.stages.push(Stage {
        name: stage_name.to_string(),
        body: Expr::apply1(Fun::Filter(filter), Expr::apply(Fun::Generate(n, pull_fn), vec![])),
        result: results,
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(())
}

/// A lone FILTER's size, pull, predicate, counts before offsets and
/// written columns.
type FilterParts<'a> = (&'a GExpr, &'a Thunk, &'a Thunk, Option<crate::ir::Before>, Option<Vec<usize>>);

// Note [unwritten filter columns]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A FILTER's predicate sees every value its pull yields, but a column
// that no later SOAC of the kernel reads and that is not a result of the
// kernel need not be written: a lifted filter pulls (position, element),
// its predicate needs the position (the element's segment), and once
// `fusion::length_only_results` has taken the kept positions out of the
// kernel's results (the host and the next kernels only used their
// length, the count) writing them would be 8 bytes an element for
// nothing. `Filter::columns` lists the components the pattern writes;
// the stage's results are those columns only, and the unwritten column
// stays a variable of the flat kernel that nothing reads. At least one
// column is always written (a filter's result buffers carry its length).

/// The columns of the filter at `index` (its results `columns`, `BEFORE`
/// counts set apart) that the pattern must write: those the kernel returns
/// or a later SOAC reads; `None` when that is all of them, or none (see
/// note [unwritten filter columns]).
fn written_columns(kernel: &Kernel, index: usize, columns: &[KVar]) -> Option<Vec<usize>> {
    let is_live = |v: KVar| {
        kernel.results.contains(&v)
            || kernel.body.iter().enumerate().any(|(j, b)| j != index && fusion::gexpr::soac_mentions(&b.soac, v))
    };
    let live: Vec<usize> = (0..columns.len()).filter(|&c| is_live(columns[c])).collect();
    (!live.is_empty() && live.len() < columns.len()).then_some(live)
}

/// A FILTER's results as its columns and, with `BEFORE offsets`, what it
/// counts before the offsets: the last result, an int array of one count
/// per offset, written by the pattern besides its result.
fn split_before(
    lift: &mut LiftKernel,
    results: &[KVar],
    before: Option<KVar>,
) -> Result<(Vec<KVar>, Option<crate::ir::Before>), Unsupported> {
    let Some(offsets) = before else { return Ok((results.to_vec(), None)) };
    let Some((&counts, columns)) = results.split_last() else {
        return unsupported("a FILTER counting before offsets without results");
    };
    let segments = size_expr(lift, &GExpr::Length(offsets))?;
    lift.lengths.push((counts, segments.clone()));
    Ok((columns.to_vec(), Some(crate::ir::Before { offsets, counts, segments })))
}

// Note [horizontal filters]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// The groups of SOACs that share one traversal are the fusion stage's
// (`fusion::shared_traversals`): FILTERs of one size with alpha-equivalent
// pulls (`horizontal-filters`), a MAP and a SCAN of one size
// (`map-scan-horizontal`). A filter group is one stage,
// `filters(keep_1, .., keep_K)(generate(n, pull))`: each element pulled
// once, every filter's flag computed from it, the K counts scanned
// together, each filter writing its own result. The stage's element is
// the pulled components once per filter; filter `i`'s result buffers hold
// its kept elements from 0 (its length is its count) and have the
// capacity `n`. A map along a scan is `zip(scan(op)(z, xs), generate(n,
// map_pull))`, the map's values written where the scan loads its tile.

/// `map-scan-horizontal`: the SCAN `scan` and the MAP `map` (body indices)
/// of one size as one stage, `zip(scan(op)(z, generate(n, pull)),
/// generate(n, map_pull))`: the rules run the map where the scan loads
/// its tile (`scan-lookback` with `along`), or as its own stage.
fn lower_map_along_scan(
    lift: &mut LiftKernel,
    stage_name: &str,
    (map, scan): (usize, usize),
    (size, pull, neutral, op): (&GExpr, &Thunk, &[flatten::ir::Const], &Thunk),
) -> Result<(), Unsupported> {
    let Soac::Map { pull: map_pull, .. } = lift.flat.body[map].soac.clone() else {
        return unsupported("a map along a scan that is not a MAP");
    };
    let scan_results = lift.flat.body[scan].results.clone();
    let map_results = lift.flat.body[map].results.clone();
    let scalars =
        |lift: &LiftKernel, vs: &[KVar]| -> Vec<Scalar> { vs.iter().map(|v| lift.flat.var(*v).ty.scalar()).collect() };
    let (scan_scalars, map_scalars) = (scalars(lift, &scan_results), scalars(lift, &map_results));
    let n = size_expr(lift, size)?;
    let base = lift.flat.var(scan_results[0]).name.clone();
    let map_base = lift.flat.var(map_results[0]).name.clone();
    let pull = add_user_fun(lift, &format!("pull_{base}"), pull, scan_scalars.clone())?;
    let op = add_user_fun(lift, &format!("op_{base}"), op, scan_scalars)?;
    let map_pull = add_user_fun(lift, &format!("pull_{map_base}"), &map_pull, map_scalars)?;
    let mut results = scan_results;
    results.extend(map_results);
    for v in &results {
        lift.lengths.push((*v, n.clone()));
    }
    lift.rules_applied.push("map-scan-horizontal".into());
    let scan = Expr::apply(
        Fun::Scan(Box::new(Fun::User(op))),
        vec![Expr::Value(neutral.to_vec()), Expr::apply(Fun::Generate(n.clone(), pull), vec![])],
    );
    lift.stages.push(Stage {
        name: stage_name.to_string(),
        body: Expr::apply(Fun::Zip, vec![scan, Expr::apply(Fun::Generate(n, map_pull), vec![])]),
        result: results,
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(())
}

/// `horizontal-filters` (note [horizontal filters]): the FILTERs `group`
/// (body indices) of the kernel as one stage `filters(keep_1, ..)(generate(n,
/// pull))`, the pull the first's; each filter's count is a new scalar
/// `{result}_kept` of the kernel, its results' length.
fn lower_filters(lift: &mut LiftKernel, stage_name: &str, group: &[usize]) -> Result<(), Unsupported> {
    let first = &lift.flat.body[group[0]];
    let Soac::Filter { size, pull, .. } = &first.soac else {
        return unsupported("a horizontal filter group that is not of FILTERs");
    };
    let (size, pull) = (size.clone(), pull.clone());
    let first_results = first.results.clone();
    let columns = first_results.len() - usize::from(matches!(first.soac, Soac::Filter { before: Some(_), .. }));
    let result_scalars: Vec<Scalar> = first_results[..columns].iter().map(|v| lift.flat.var(*v).ty.scalar()).collect();
    let n = size_expr(lift, &size)?;
    let base = lift.flat.var(first_results[0]).name.clone();
    let pull_fn = add_user_fun(lift, &format!("pull_{base}"), &pull, result_scalars)?;
    let int = Scalar::Int;
    let (mut keeps, mut results) = (Vec::new(), Vec::new());
    for &index in group {
        let binding = lift.flat.body[index].clone();
        let Soac::Filter { pred, before, .. } = &binding.soac else {
            return unsupported("a horizontal filter group that is not of FILTERs");
        };
        let (columns, before) = split_before(lift, &binding.results, *before)?;
        let written = written_columns(&lift.flat, index, &columns);
        let base = lift.flat.var(binding.results[0]).name.clone();
        let count = lift.flat.new_var(format!("{base}_kept"), VarType::Scalar(int));
        let kept = ArithExpr::var(&lift.size_var(&format!("{base}_kept"), SizeDef::ValueOf(count), Range::at_least(0)));
        let keep =
            Thunk { params: pred.params.clone(), body: GExpr::if_(pred.body.clone(), GExpr::int(1), GExpr::int(0)) };
        let keep = add_user_fun(lift, &format!("keep_{base}"), &keep, vec![int])?;
        let filter = crate::ir::Filter { keep, count, kept: kept.clone(), before, columns: written };
        for v in filter.project(&columns) {
            lift.lengths.push((v, kept.clone()));
            lift.capacities.push((v, n.clone()));
            results.push(v);
        }
        keeps.push(filter);
    }
    lift.rules_applied.push("horizontal-filters".into());
    lift.stages.push(Stage {
        name: stage_name.to_string(),
        body: Expr::apply1(Fun::Filters(keeps), Expr::apply(Fun::Generate(n, pull_fn), vec![])),
        result: results,
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(())
}

/// `lookback-horizontal` (note [horizontal filters]): the SOACs `group`
/// (body indices, see `fusion::shared_traversals::lookback_groups`) as
/// one stage `horizontal(parts)(generate(n, pull_1), ..)`: a part per
/// SCAN, REDUCE and MAP, and one per set of FILTERs of alpha-equivalent
/// pulls (each filter's count a new scalar `{result}_kept`, as
/// `horizontal-filters` makes them). The stage's results are the parts'
/// in order; a reduction's are its own scalars, written besides.
fn lower_horizontal(lift: &mut LiftKernel, stage_name: &str, group: &[usize]) -> Result<(), Unsupported> {
    use crate::ir::Part;
    let int = Scalar::Int;
    let scalars =
        |lift: &LiftKernel, vs: &[KVar]| -> Vec<Scalar> { vs.iter().map(|v| lift.flat.var(*v).ty.scalar()).collect() };
    let mut n = None;
    let (mut parts, mut pulls, mut results): (Vec<Part>, Vec<_>, Vec<Vec<KVar>>) = (Vec::new(), Vec::new(), Vec::new());
    // The filters' sets so far: (part index, the set's first filter).
    let mut filter_sets: Vec<(usize, usize)> = Vec::new();
    for &index in group {
        let binding = lift.flat.body[index].clone();
        let base = lift.flat.var(binding.results[0]).name.clone();
        let size = match &binding.soac {
            Soac::Scan { size, .. }
            | Soac::Reduce { size, .. }
            | Soac::Filter { size, .. }
            | Soac::Map { size, .. } => size,
            _ => return unsupported("a traversal member that is not a SCAN, REDUCE, FILTER or MAP"),
        };
        let size = size_expr(lift, size)?;
        let n = n.get_or_insert(size).clone();
        match &binding.soac {
            Soac::Scan { pull, neutral, op, .. } | Soac::Reduce { pull, neutral, op, .. } => {
                let comps = scalars(lift, &binding.results);
                let pull = add_user_fun(lift, &format!("pull_{base}"), pull, comps.clone())?;
                let op = Fun::User(add_user_fun(lift, &format!("op_{base}"), op, comps)?);
                pulls.push(pull);
                if matches!(binding.soac, Soac::Scan { .. }) {
                    for v in &binding.results {
                        lift.lengths.push((*v, n.clone()));
                    }
                    parts.push(Part::Scan { op, neutral: neutral.clone() });
                    results.push(binding.results.clone());
                } else {
                    parts.push(Part::Reduce { op, neutral: neutral.clone(), results: binding.results.clone() });
                    results.push(Vec::new());
                }
            }
            Soac::Map { pull, .. } => {
                let comps = scalars(lift, &binding.results);
                pulls.push(add_user_fun(lift, &format!("pull_{base}"), pull, comps)?);
                for v in &binding.results {
                    lift.lengths.push((*v, n.clone()));
                }
                parts.push(Part::Map);
                results.push(binding.results.clone());
            }
            Soac::Filter { pull, pred, before, .. } => {
                let (columns, before) = split_before(lift, &binding.results, *before)?;
                let written = written_columns(&lift.flat, index, &columns);
                let count = lift.flat.new_var(format!("{base}_kept"), VarType::Scalar(int));
                let kept = ArithExpr::var(&lift.size_var(
                    &format!("{base}_kept"),
                    SizeDef::ValueOf(count),
                    Range::at_least(0),
                ));
                let keep = Thunk {
                    params: pred.params.clone(),
                    body: GExpr::if_(pred.body.clone(), GExpr::int(1), GExpr::int(0)),
                };
                let keep = add_user_fun(lift, &format!("keep_{base}"), &keep, vec![int])?;
                let filter = crate::ir::Filter { keep, count, kept: kept.clone(), before, columns: written };
                let projected = filter.project(&columns);
                // A set of filters of one pull, as `filter_groups` makes
                // them (one size, `BEFORE` or not, as many results).
                let same_set =
                    filter_sets.iter().find(|(_, first)| match (&lift.flat.body[*first].soac, &binding.soac) {
                        (Soac::Filter { pull: p0, before: b0, .. }, Soac::Filter { before: b1, .. }) => {
                            b0.is_some() == b1.is_some()
                                && lift.flat.body[*first].results.len() == binding.results.len()
                                && fusion::shared_traversals::alpha_equivalent(p0, pull)
                        }
                        _ => false,
                    });
                let at = match same_set {
                    Some((at, _)) => *at,
                    None => {
                        let comps = scalars(lift, &columns);
                        pulls.push(add_user_fun(lift, &format!("pull_{base}"), pull, comps)?);
                        parts.push(Part::Filters { keeps: Vec::new(), from_index: Vec::new() });
                        results.push(Vec::new());
                        filter_sets.push((parts.len() - 1, index));
                        parts.len() - 1
                    }
                };
                let Part::Filters { keeps, .. } = &mut parts[at] else {
                    return unsupported("a filters' part that is not one");
                };
                keeps.push(filter);
                for v in projected {
                    lift.lengths.push((v, kept.clone()));
                    lift.capacities.push((v, n.clone()));
                    results[at].push(v);
                }
            }
            _ => return unsupported("a traversal member that is not a SCAN, REDUCE, FILTER or MAP"),
        }
    }
    let Some(n) = n else { return unsupported("an empty traversal") };
    lift.rules_applied.push("traversal-horizontal".into());
    let args = pulls.into_iter().map(|p| Expr::apply(Fun::Generate(n.clone(), p), vec![])).collect();
    lift.stages.push(Stage {
        name: stage_name.to_string(),
        body: Expr::apply(Fun::Horizontal(parts), args),
        result: results.concat(),
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(())
}

/// `segScan-segments`: `SEG_SCAN pull z op <lengths, offsets>` over `n`
/// elements as `joinSegments(n, offsets) o map(λ seg. scan(op)(z, seg)) $
/// segments(pull)(offsets, lengths)`, the exclusive scan of each segment
/// in place; the rules make it flat and load-balanced whatever the
/// segment lengths (`segScan-lookback` or `segScan-flag-pairs`, in
/// [`crate::seg_scan`]).
#[allow(clippy::too_many_arguments)]
fn lower_seg_scan(
    lift: &mut LiftKernel,
    stage_name: &str,
    results: &[KVar],
    result_scalars: &[Scalar],
    segments: &flatten::ir::SegDesc,
    n: ArithExpr,
    pull: &Thunk,
    neutral: &[flatten::ir::Const],
    op: &Thunk,
) -> Result<(), Unsupported> {
    let k = result_scalars.len();
    if pull.params.len() != 1 || op.params.len() != 2 * k || neutral.len() != k {
        return unsupported("a segmented scan whose thunks do not match its results");
    }
    if crate::typecheck::input_length(lift, segments.lengths).is_none() {
        return unsupported("a segment descriptor whose length is not known");
    }
    let base = lift.flat.var(results.first().copied().unwrap_or(segments.offsets)).name.clone();
    lift.rules_applied.push("segScan-segments".into());
    let pull = add_user_fun(lift, &format!("pull_{base}"), pull, result_scalars.to_vec())?;
    let op = add_user_fun(lift, &format!("op_{base}"), op, result_scalars.to_vec())?;
    for v in results {
        lift.lengths.push((*v, n.clone()));
    }
    let seg = lift.new_param("seg");
    let scan = Expr::apply(Fun::Scan(Box::new(Fun::User(op))), vec![Expr::Value(neutral.to_vec()), Expr::Param(seg)]);
    let segs = Expr::apply(Fun::Segments(pull), vec![Expr::Input(segments.offsets), Expr::Input(segments.lengths)]);
    let mapped = Expr::apply1(Fun::map(Fun::Lambda(vec![seg], Box::new(scan))), segs);
    lift.stages.push(Stage {
        name: stage_name.to_string(),
        body: Expr::apply1(Fun::JoinSegments(n, segments.offsets), mapped),
        result: results.to_vec(),
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(())
}

/// `segReduce-segments`: `SEG_REDUCE pull z op <lengths, offsets>` as
/// `join o map(λ seg. reduce(op)(z, seg)) $ segments(pull)(offsets,
/// lengths)`, one reduction per segment (an empty one gives `z`); the
/// rules choose how segments share the device (`segReduce-merge`,
/// `segReduce-teams` in [`crate::seg_reduce`]).
#[allow(clippy::too_many_arguments)]
fn lower_seg_reduce(
    lift: &mut LiftKernel,
    stage_name: &str,
    results: &[KVar],
    result_scalars: &[Scalar],
    segments: &flatten::ir::SegDesc,
    pull: &Thunk,
    neutral: &[flatten::ir::Const],
    op: &Thunk,
) -> Result<(), Unsupported> {
    let Some(count) = crate::typecheck::input_length(lift, segments.lengths) else {
        return unsupported("a segment descriptor whose length is not known");
    };
    let k = result_scalars.len();
    if pull.params.len() != 1 || op.params.len() != 2 * k || neutral.len() != k {
        return unsupported("a SEG_REDUCE whose thunks do not match its results");
    }
    let base = lift.flat.var(results.first().copied().unwrap_or(segments.lengths)).name.clone();
    lift.rules_applied.push("segReduce-segments".into());
    let pull = add_user_fun(lift, &format!("pull_{base}"), pull, result_scalars.to_vec())?;
    let op = add_user_fun(lift, &format!("op_{base}"), op, result_scalars.to_vec())?;
    for v in results {
        lift.lengths.push((*v, count.clone()));
    }
    let seg = lift.new_param("seg");
    let reduce =
        Expr::apply(Fun::Reduce(Box::new(Fun::User(op))), vec![Expr::Value(neutral.to_vec()), Expr::Param(seg)]);
    let segs = Expr::apply(Fun::Segments(pull), vec![Expr::Input(segments.offsets), Expr::Input(segments.lengths)]);
    let mapped = Expr::apply1(Fun::map(Fun::Lambda(vec![seg], Box::new(reduce))), segs);
    lift.stages.push(Stage {
        name: stage_name.to_string(),
        body: Expr::apply1(Fun::Join, mapped),
        result: results.to_vec(),
        scalar_result: false,
        when: None,
        guard: None,
    });
    Ok(())
}

/// A thunk `{ i => body(i) }` over a fresh index variable.
fn index_thunk(lift: &mut LiftKernel, body: impl FnOnce(GExpr) -> GExpr) -> Thunk {
    let i = lift.flat.new_var("i", VarType::Scalar(Scalar::Int));
    Thunk { params: vec![i], body: body(GExpr::var(i)) }
}

/// `scatter(target, m, guard) o map(id) $ generate(n, values)`, or under
/// `atomicMax`.
#[allow(clippy::too_many_arguments)]
fn scatter_stage(
    name: String,
    result: Vec<KVar>,
    n: &ArithExpr,
    values: UserFunId,
    target: UserFunId,
    m: ArithExpr,
    guard: Option<crate::ir::Guard>,
    atomic: bool,
) -> Stage {
    let scatter = Fun::Scatter(target, m, guard);
    let fun = if atomic { Fun::AtomicMax(Box::new(scatter)) } else { scatter };
    let mapped = Expr::apply1(Fun::map(Fun::Id), Expr::apply(Fun::Generate(n.clone(), values), vec![]));
    Stage { name, body: Expr::apply1(fun, mapped), result, scalar_result: false, when: None, guard: None }
}

/// `SCATTER` in three stages: the results start as copies of the base
/// (`map(id)`); each position `t` is claimed by the largest `i` writing it
/// (`atomicMax` of `i + 1` into 32-bit counters, the index range checked
/// there, faulting at the SOAC's site); each `i` writes its value where its
/// claim won (a guarded `scatter`): NESL's "the last write wins".
#[allow(clippy::too_many_arguments)]
fn lower_scatter(
    lift: &mut LiftKernel,
    stage_name: &str,
    results: &[KVar],
    result_scalars: &[Scalar],
    size: &GExpr,
    base: &[KVar],
    values: &Thunk,
    index: &Thunk,
    site: flatten::ir::FaultId,
) -> Result<(), Unsupported> {
    let int = Scalar::Int;
    let n = size_expr(lift, size)?;
    let Some(&first) = base.first() else { return unsupported("a SCATTER without a base") };
    let Some(m) = crate::typecheck::input_length(lift, first) else {
        return unsupported("a SCATTER whose base has no known length");
    };
    let name = lift.flat.var(results.first().copied().unwrap_or(first)).name.clone();
    for v in results {
        lift.lengths.push((*v, m.clone()));
    }
    // Several columns are read at each position rather than zipped: they
    // are one sequence's columns, of one length, but a column that is a
    // kernel parameter has its own length variable, so `zip` could not
    // tell that they agree.
    let copy_source = match base {
        [b] => Expr::Input(*b),
        _ => {
            let columns = base.to_vec();
            let copy =
                index_thunk(lift, |i| GExpr::Tuple(columns.iter().map(|b| GExpr::read(*b, i.clone())).collect()));
            let copy = add_user_fun(lift, &format!("copy_{name}"), &copy, result_scalars.to_vec())?;
            Expr::apply(Fun::Generate(m.clone(), copy), vec![])
        }
    };
    lift.stages.push(Stage {
        name: format!("{stage_name}_copy"),
        body: Expr::apply1(Fun::map(Fun::Id), copy_source),
        result: results.to_vec(),
        scalar_result: false,
        when: None,
        guard: None,
    });
    // { i => let t = index(i) in assert 0 <= t < #base else site(t, #base); t }
    let t = lift.flat.new_var("t", VarType::Scalar(int));
    let in_range = GExpr::binary(
        BinaryOp::And,
        Scalar::Bool,
        GExpr::binary(BinaryOp::Ge, int, GExpr::var(t), GExpr::int(0)),
        GExpr::binary(BinaryOp::Lt, int, GExpr::var(t), GExpr::Length(first)),
    );
    let checked = Thunk {
        params: index.params.clone(),
        body: GExpr::let_(
            vec![t],
            index.body.clone(),
            GExpr::Assert {
                cond: Box::new(in_range),
                site,
                payload: vec![GExpr::var(t), GExpr::Length(first)],
                body: Box::new(GExpr::var(t)),
            },
        ),
    };
    let target = add_user_fun(lift, &format!("target_{name}"), &checked, vec![int])?;
    if is_uniform(values) {
        // `scatter-uniform`: every writer of a position writes the same
        // value, so whichever write lands last is the one the last writer
        // would have made: no claims, one unguarded scatter.
        let values = add_user_fun(lift, &format!("values_{name}"), values, result_scalars.to_vec())?;
        lift.stages.push(scatter_stage(stage_name.to_string(), results.to_vec(), &n, values, target, m, None, false));
        lift.rules_applied.push("scatter-uniform".into());
        return Ok(());
    }
    let claims = lift.flat.new_var(format!("{name}_claims"), VarType::Array(int));
    lift.lengths.push((claims, m.clone()));
    lift.counters.push(claims);
    let key = index_thunk(lift, |i| GExpr::binary(BinaryOp::Add, int, i, GExpr::int(1)));
    let key = add_user_fun(lift, &format!("claim_{name}"), &key, vec![int])?;
    lift.stages.push(scatter_stage(
        format!("{stage_name}_claim"),
        vec![claims],
        &n,
        key,
        target,
        m.clone(),
        None,
        true,
    ));
    let values = add_user_fun(lift, &format!("values_{name}"), values, result_scalars.to_vec())?;
    let guard = crate::ir::Guard { counter: claims, at: target, key, equal: true };
    lift.stages.push(scatter_stage(
        stage_name.to_string(),
        results.to_vec(),
        &n,
        values,
        target,
        m,
        Some(guard),
        false,
    ));
    Ok(())
}

/// Whether a thunk gives the same value at every index: its body does not
/// mention its parameters (thunks are pure, so equal free variables give
/// equal values). A `SCATTER` of such values needs no claims.
fn is_uniform(values: &Thunk) -> bool {
    let mut mentions = false;
    values.body.for_each_var(&mut |v| mentions |= values.params.contains(&v));
    !mentions
}

/// A `PERMUTE` that checks its index: each target is claimed by its first writer
/// (`atomicMax` of `n - i`); every later writer of a target is a repeat,
/// and the first repeat (the largest `n - i`) is claimed into one counter;
/// one work-item faults with the repeated target if there is one, as the
/// flat evaluator does (it stops at the first repeat in index order);
/// then the values are scattered as by an unchecked one.
#[allow(clippy::too_many_arguments)]
fn lower_checked_permute(
    lift: &mut LiftKernel,
    stage_name: &str,
    results: &[KVar],
    result_scalars: &[Scalar],
    size: &GExpr,
    values: &Thunk,
    index: &Thunk,
    site: flatten::ir::FaultId,
) -> Result<(), Unsupported> {
    let int = Scalar::Int;
    let n = size_expr(lift, size)?;
    let name = lift.flat.var(results.first().copied().unwrap_or(index.params[0])).name.clone();
    for v in results {
        lift.lengths.push((*v, n.clone()));
    }
    let values = add_user_fun(lift, &format!("values_{name}"), values, result_scalars.to_vec())?;
    let index_fn = add_user_fun(lift, &format!("index_{name}"), index, vec![int])?;
    let first = lift.flat.new_var(format!("{name}_first"), VarType::Array(int));
    lift.lengths.push((first, n.clone()));
    lift.counters.push(first);
    let key = index_thunk(lift, |i| GExpr::binary(BinaryOp::Sub, int, size.clone(), i));
    let key = add_user_fun(lift, &format!("first_{name}"), &key, vec![int])?;
    lift.stages.push(scatter_stage(
        format!("{stage_name}_first"),
        vec![first],
        &n,
        key,
        index_fn,
        n.clone(),
        None,
        true,
    ));
    let repeat = lift.flat.new_var(format!("{name}_repeat"), VarType::Array(int));
    lift.lengths.push((repeat, ArithExpr::one()));
    lift.counters.push(repeat);
    let zero = index_thunk(lift, |_| GExpr::int(0));
    let zero = add_user_fun(lift, &format!("zero_{name}"), &zero, vec![int])?;
    let guard = crate::ir::Guard { counter: first, at: index_fn, key, equal: false };
    let repeat_stage =
        scatter_stage(format!("{stage_name}_repeat"), vec![repeat], &n, key, zero, ArithExpr::one(), Some(guard), true);
    lift.stages.push(repeat_stage);
    // The counter as an int array that the check can read.
    let repeat_int = lift.flat.new_var(format!("{name}_first_repeat"), VarType::Array(int));
    lift.lengths.push((repeat_int, ArithExpr::one()));
    lift.stages.push(Stage {
        name: format!("{stage_name}_repeat_int"),
        body: Expr::apply1(Fun::map(Fun::Id), Expr::Input(repeat)),
        result: vec![repeat_int],
        scalar_result: false,
        when: None,
        guard: None,
    });
    // let d = repeat[0] in assert d == 0 else site(index(n - d)); 0
    let d = lift.flat.new_var("d", VarType::Scalar(int));
    let repeated_target = GExpr::let_(
        index.params.clone(),
        GExpr::binary(BinaryOp::Sub, int, size.clone(), GExpr::var(d)),
        index.body.clone(),
    );
    let check = GExpr::let_(
        vec![d],
        GExpr::read(repeat_int, GExpr::int(0)),
        GExpr::Assert {
            cond: Box::new(GExpr::binary(BinaryOp::Eq, int, GExpr::var(d), GExpr::int(0))),
            site,
            payload: vec![repeated_target],
            body: Box::new(GExpr::int(0)),
        },
    );
    let check_fn = add_once_fun(lift, &format!("check_{name}"), check, vec![int]);
    let checked = lift.flat.new_var(format!("{name}_checked"), VarType::Scalar(int));
    lift.stages.push(Stage {
        name: format!("{stage_name}_check"),
        body: once_body(check_fn),
        result: vec![checked],
        scalar_result: true,
        when: None,
        guard: None,
    });
    // The values last: after a failed check, nothing is written.
    lift.stages.push(scatter_stage(
        stage_name.to_string(),
        results.to_vec(),
        &n,
        values,
        index_fn,
        n.clone(),
        None,
        false,
    ));
    Ok(())
}

pub(crate) fn add_user_fun(
    lift: &mut LiftKernel,
    name: &str,
    thunk: &Thunk,
    results: Vec<flatten::ir::Scalar>,
) -> Result<UserFunId, Unsupported> {
    let mut params = Vec::new();
    for p in &thunk.params {
        match lift.flat.var(*p).ty {
            VarType::Scalar(s) => params.push(s),
            VarType::Array(_) => return unsupported("a thunk with an array parameter"),
        }
    }
    let unique = unique_fun_name(lift, name);
    lift.user_funs.push(UserFun { name: unique, params, results, def: UserFunDef::Thunk(thunk.clone()) });
    Ok(UserFunId(lift.user_funs.len() as u32 - 1))
}

/// A user function without parameters: `ONCE`'s body, or a scalar the
/// lowering computes on the device (a count, a check).
pub(crate) fn add_once_fun(lift: &mut LiftKernel, name: &str, body: GExpr, results: Vec<Scalar>) -> UserFunId {
    let unique = unique_fun_name(lift, name);
    lift.user_funs.push(UserFun { name: unique, params: vec![], results, def: UserFunDef::Once(body) });
    UserFunId(lift.user_funs.len() as u32 - 1)
}

/// `map(id) $ generate(1, f)()`: the stage body that runs a parameterless
/// user function once.
pub(crate) fn once_body(f: UserFunId) -> Expr {
    Expr::apply1(Fun::map(Fun::Id), Expr::apply(Fun::Generate(ArithExpr::one(), f), vec![]))
}

/// Where the last of the runs `starts[k] .. starts[k] + lengths[k]` ends,
/// 0 when there are none: `if #lengths > 0 then starts[#lengths - 1] +
/// lengths[#lengths - 1] else 0` (a filter's count from its positions and
/// flags, a segment descriptor's element count).
pub(crate) fn end_of_last(starts: KVar, lengths: KVar) -> GExpr {
    let int = Scalar::Int;
    let last = || GExpr::binary(BinaryOp::Sub, int, GExpr::Length(lengths), GExpr::int(1));
    GExpr::if_(
        GExpr::binary(BinaryOp::Gt, int, GExpr::Length(lengths), GExpr::int(0)),
        GExpr::binary(BinaryOp::Add, int, GExpr::read(starts, last()), GExpr::read(lengths, last())),
        GExpr::int(0),
    )
}

fn unique_fun_name(lift: &LiftKernel, name: &str) -> String {
    let mut unique = name.to_string();
    let mut k = 1;
    while lift.user_funs.iter().any(|u| u.name == unique) {
        unique = format!("{name}_{k}");
        k += 1;
    }
    unique
}

/// The size of a SOAC as an expression of the size variables.
pub fn size_expr(lift: &mut LiftKernel, size: &GExpr) -> Result<ArithExpr, Unsupported> {
    match size {
        GExpr::Const(flatten::ir::Const::Int(c)) => Ok(ArithExpr::cst(*c)),
        GExpr::Length(v) => match crate::typecheck::input_length(lift, *v) {
            Some(len) => Ok(len),
            None => unsupported(format!("the length of `{}`", lift.flat.var(*v).name)),
        },
        GExpr::Var(v)
            if lift.flat.var(*v).ty == VarType::Scalar(flatten::ir::Scalar::Int) && is_kernel_level(lift, *v) =>
        {
            let name = lift.flat.var(*v).name.clone();
            Ok(ArithExpr::var(&lift.size_var(&name, SizeDef::ValueOf(*v), Range::at_least(0))))
        }
        GExpr::Binary { op, ty: flatten::ir::Scalar::Int, lhs, rhs } => {
            let (a, b) = (size_expr(lift, lhs)?, size_expr(lift, rhs)?);
            match op {
                BinaryOp::Add => Ok(a + b),
                BinaryOp::Mul => Ok(a * b),
                _ => unsupported(format!("a SOAC size computed with `{}`", op.symbol())),
            }
        }
        _ => unsupported("a SOAC size that is not a length, an int parameter or a scalar result"),
    }
}

/// Whether `v` is a parameter or a SOAC result of the kernel (not a
/// variable bound inside a thunk).
fn is_kernel_level(lift: &LiftKernel, v: KVar) -> bool {
    lift.flat.params.contains(&v) || lift.flat.body.iter().any(|b| b.results.contains(&v))
}
