//! What the horizontal rules share: finding two independent SOACs of one
//! kind over the same space in a kernel, and merging them into one SOAC
//! whose thunks yield the components of both (λcu §4.2: "kernels that have
//! the same iteration structure, but no data dependencies").
//!
//! The merged SOAC takes the place of the first of the two when the second
//! reads nothing bound between them, else the place of the second when
//! nothing between them reads the first.

use flatten::ir::{KVar, Kernel, Scalar, Soac, SoacBinding, Thunk};

use crate::error::FusionError;
use crate::gexpr::{concat_values, rename, soac_mentions};
use crate::rules::RewriteContext;
use crate::rules::vertical::names;

/// The kinds of SOAC that merge horizontally.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HorizontalKind {
    Map,
    Reduce,
    Scan,
    SegReduce,
    SegScan,
    Once,
}

impl HorizontalKind {
    fn accepts(self, soac: &Soac) -> bool {
        matches!(
            (self, soac),
            (HorizontalKind::Map, Soac::Map { .. })
                | (HorizontalKind::Reduce, Soac::Reduce { .. })
                | (HorizontalKind::Scan, Soac::Scan { .. })
                | (HorizontalKind::SegReduce, Soac::SegReduce { .. })
                | (HorizontalKind::SegScan, Soac::SegScan { .. })
                | (HorizontalKind::Once, Soac::Once { .. })
        )
    }
}

/// Whether two SOACs of `kind` iterate over the same space.
fn same_space(kernel: &Kernel, cx: &RewriteContext<'_>, a: &Soac, b: &Soac) -> bool {
    match (a, b) {
        (Soac::Map { size: x, .. }, Soac::Map { size: y, .. })
        | (Soac::Reduce { size: x, .. }, Soac::Reduce { size: y, .. })
        | (Soac::Scan { size: x, .. }, Soac::Scan { size: y, .. }) => cx.same_size(kernel, x, y),
        (Soac::SegReduce { segments: x, .. }, Soac::SegReduce { segments: y, .. }) => x == y,
        (Soac::SegScan { segments: x, elements: m, .. }, Soac::SegScan { segments: y, elements: n, .. }) => {
            x == y && cx.same_size(kernel, m, n)
        }
        (Soac::Once { .. }, Soac::Once { .. }) => true,
        _ => false,
    }
}

/// Merges the first pair of independent SOACs of `kind` over the same
/// space, if any, and describes the merge.
pub fn apply_horizontal(
    kernel: &mut Kernel,
    cx: &RewriteContext<'_>,
    kind: HorizontalKind,
) -> Result<Option<String>, FusionError> {
    let Some((first, second, at_first)) = find_pair(kernel, cx, kind) else { return Ok(None) };
    let detail = format!(
        "{} and {} in one {}",
        names(kernel, &kernel.body[first].results),
        names(kernel, &kernel.body[second].results),
        kernel.body[first].soac.name()
    );
    let a = kernel.body[first].clone();
    let b = kernel.body[second].clone();
    let soac = merge(kernel, &a, &b)?;
    let mut results = a.results.clone();
    results.extend(b.results.iter().copied());
    let merged = SoacBinding { results, soac };
    if at_first {
        kernel.body[first] = merged;
        kernel.body.remove(second);
    } else {
        kernel.body[second] = merged;
        kernel.body.remove(first);
    }
    Ok(Some(detail))
}

/// The first pair `(first, second, merge at first?)`.
fn find_pair(kernel: &Kernel, cx: &RewriteContext<'_>, kind: HorizontalKind) -> Option<(usize, usize, bool)> {
    let body = &kernel.body;
    let reads_any = |reader: &Soac, writers: &[SoacBinding]| {
        writers.iter().any(|w| w.results.iter().any(|&r| soac_mentions(reader, r)))
    };
    for a in 0..body.len() {
        if !kind.accepts(&body[a].soac) {
            continue;
        }
        for b in a + 1..body.len() {
            if !kind.accepts(&body[b].soac) || !same_space(kernel, cx, &body[a].soac, &body[b].soac) {
                continue;
            }
            if reads_any(&body[b].soac, std::slice::from_ref(&body[a])) {
                continue;
            }
            let between = &body[a + 1..b];
            if !reads_any(&body[b].soac, between) {
                return Some((a, b, true));
            }
            if !between.iter().any(|m| reads_any(&m.soac, std::slice::from_ref(&body[a]))) {
                return Some((a, b, false));
            }
        }
    }
    None
}

fn element_types(kernel: &Kernel, results: &[KVar]) -> Vec<Scalar> {
    results.iter().map(|&r| kernel.var(r).ty.scalar()).collect()
}

/// One thunk over the index space yielding `a`'s components then `b`'s
/// (`b`'s parameter renamed to `a`'s).
fn merge_pulls(kernel: &mut Kernel, a: &Thunk, a_types: &[Scalar], b: &Thunk, b_types: &[Scalar]) -> Thunk {
    let (pa, pb) = (a.params[0], b.params[0]);
    let b_body = rename(&b.body, &mut |v| if v == pb { pa } else { v });
    Thunk { params: vec![pa], body: concat_values(kernel, a.body.clone(), a_types, b_body, b_types) }
}

/// One operator over `(left_a.., left_b.., right_a.., right_b..)`.
fn merge_operators(kernel: &mut Kernel, a: &Thunk, a_types: &[Scalar], b: &Thunk, b_types: &[Scalar]) -> Thunk {
    let (ka, kb) = (a_types.len(), b_types.len());
    let mut params = Vec::with_capacity(2 * (ka + kb));
    params.extend_from_slice(&a.params[..ka]);
    params.extend_from_slice(&b.params[..kb]);
    params.extend_from_slice(&a.params[ka..]);
    params.extend_from_slice(&b.params[kb..]);
    Thunk { params, body: concat_values(kernel, a.body.clone(), a_types, b.body.clone(), b_types) }
}

fn merge(kernel: &mut Kernel, a: &SoacBinding, b: &SoacBinding) -> Result<Soac, FusionError> {
    let (ta, tb) = (element_types(kernel, &a.results), element_types(kernel, &b.results));
    let neutrals = |x: &[flatten::ir::Const], y: &[flatten::ir::Const]| {
        let mut n = x.to_vec();
        n.extend_from_slice(y);
        n
    };
    Ok(match (&a.soac, &b.soac) {
        (Soac::Map { size, pull: pa }, Soac::Map { pull: pb, .. }) => {
            Soac::Map { size: size.clone(), pull: merge_pulls(kernel, pa, &ta, pb, &tb) }
        }
        (Soac::Reduce { size, pull: pa, neutral: na, op: oa }, Soac::Reduce { pull: pb, neutral: nb, op: ob, .. }) => {
            Soac::Reduce {
                size: size.clone(),
                pull: merge_pulls(kernel, pa, &ta, pb, &tb),
                neutral: neutrals(na, nb),
                op: merge_operators(kernel, oa, &ta, ob, &tb),
            }
        }
        (Soac::Scan { size, pull: pa, neutral: na, op: oa }, Soac::Scan { pull: pb, neutral: nb, op: ob, .. }) => {
            Soac::Scan {
                size: size.clone(),
                pull: merge_pulls(kernel, pa, &ta, pb, &tb),
                neutral: neutrals(na, nb),
                op: merge_operators(kernel, oa, &ta, ob, &tb),
            }
        }
        (
            Soac::SegReduce { segments, pull: pa, neutral: na, op: oa },
            Soac::SegReduce { pull: pb, neutral: nb, op: ob, .. },
        ) => Soac::SegReduce {
            segments: *segments,
            pull: merge_pulls(kernel, pa, &ta, pb, &tb),
            neutral: neutrals(na, nb),
            op: merge_operators(kernel, oa, &ta, ob, &tb),
        },
        (
            Soac::SegScan { segments, elements, pull: pa, neutral: na, op: oa },
            Soac::SegScan { pull: pb, neutral: nb, op: ob, .. },
        ) => Soac::SegScan {
            segments: *segments,
            elements: elements.clone(),
            pull: merge_pulls(kernel, pa, &ta, pb, &tb),
            neutral: neutrals(na, nb),
            op: merge_operators(kernel, oa, &ta, ob, &tb),
        },
        (Soac::Once { body: ba }, Soac::Once { body: bb }) => {
            Soac::Once { body: concat_values(kernel, ba.clone(), &ta, bb.clone(), &tb) }
        }
        _ => {
            return Err(FusionError::bug(
                format!("kernel `{}`", kernel.name),
                format!("a horizontal merge of a {} and a {}", a.soac.name(), b.soac.name()),
            ));
        }
    })
}
