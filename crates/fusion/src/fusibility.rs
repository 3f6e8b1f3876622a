//! Which producer–consumer pairs of SOACs can live in one kernel, by λcu's
//! rules (§4.2), and why the others cannot.
//!
//! One judgement serves two places: the program-dependence graph marks an
//! edge between two `run`s fusible or fusion-preventing with it
//! ([`crate::pdg`]), and the vertical rewrite rules check it again before
//! they fire on a merged kernel ([`crate::rules`]). So a schedule never
//! fuses what the rules cannot rewrite.
//!
//! The legal pairs:
//!
//! - **MAP into any SOAC** (`map-map`, `map-reduce`, `map-scan`,
//!   `map-filter`, `map-permute`, `map-scatter`, `map-once`,
//!   `map-seg-reduce`, `map-seg-scan`): the consumer computes the
//!   producer's element where it reads it. Reading at its own index (`A[i]`
//!   in a thunk over `i`) costs nothing extra. Reading elsewhere (a gather,
//!   `A[j]`) recomputes the element at `j`, which is allowed only for a
//!   cheap producer thunk ([`GATHER_COST_LIMIT`]), or for a gather that
//!   takes each element once (`each-once-gather`, on by default, note [each-once
//!   gathers]), and only for one that cannot fault: a
//!   fault the `MAP` would have raised at an element nobody reads must not
//!   be lost. For the same reason a producer that can fault is fused into
//!   an own-index consumer only when both cover the same index space.
//!   The array must not be needed whole: not as a segment descriptor nor as
//!   the base of a `SCATTER`.
//! - **FILTER into REDUCE** (`filter-reduce`) and **FILTER into FILTER**
//!   (`filter-filter`): the consumer iterates over exactly the filter's
//!   elements (its size is `#A` of a result `A` of the filter) and reads
//!   them at its own index only, and uses its index for nothing else (after
//!   fusion it iterates over the filter's input, where the index means
//!   something else).
//! - **PERMUTE into PERMUTE** (`permute-permute`): an unchecked producer (a
//!   permutation the flattener knows), a consumer over the same size
//!   reading it at its own index.
//! - **REDUCE into ONCE** (`reduce-once`): the one thread runs after the
//!   reduction's final combine.
//!
//! Everything else needs the producer's result complete in global memory
//! before the consumer starts (a global barrier): a `SCAN`'s, a segmented
//! SOAC's or a `SCATTER`'s result, a `REDUCE`'s scalar used by a parallel
//! SOAC, a `FILTER`'s result read at other positions, and so on.

use flatten::ir::{GExpr, KVar, Kernel, Soac};

use crate::gexpr::{Role, can_fault, cost, for_each_expr, soac_can_fault, structural_uses};
use crate::sizes::SymSize;

/// The most expensive producer thunk ([`cost`]) that a gather may
/// recompute instead of reading.
pub const GATHER_COST_LIMIT: usize = 40;

/// One side of a producer–consumer pair: a SOAC, the kernel whose variables
/// it uses, and its iteration size when known.
#[derive(Copy, Clone)]
pub struct SoacView<'a> {
    pub kernel: &'a Kernel,
    pub soac: &'a Soac,
    pub size: Option<&'a SymSize>,
}

/// Whether the pair can be fused, by which rule, or why not.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Fusible(&'static str),
    Preventing(String),
}

/// How a consumer SOAC uses the variables that hold a producer's results.
#[derive(Default, Debug)]
struct Uses {
    /// `A[i]` in a thunk over `i`.
    own_index_reads: usize,
    /// Reads at any other index, or in operators and predicates.
    other_reads: usize,
    /// `A[i]` reads in roles other than the pull thunk (for the filter rules).
    own_index_reads_outside_pull: usize,
    /// `#A` as the SOAC's size.
    length_as_size: usize,
    /// `#A` anywhere else.
    other_lengths: usize,
    /// As a segment descriptor or a `SCATTER` base.
    structural: bool,
    /// As a scalar (the result of a `REDUCE` or `ONCE`).
    scalar: usize,
}

fn collect_uses(consumer: &Soac, held: &[KVar]) -> Uses {
    let mut uses = Uses { structural: structural_uses(consumer).iter().any(|v| held.contains(v)), ..Uses::default() };
    let is_pull = |soac: &Soac, index: KVar| match soac {
        Soac::Map { pull, .. }
        | Soac::Reduce { pull, .. }
        | Soac::Scan { pull, .. }
        | Soac::Filter { pull, .. }
        | Soac::SegReduce { pull, .. }
        | Soac::SegScan { pull, .. } => pull.params.first() == Some(&index),
        _ => false,
    };
    for_each_expr(consumer, |role, expr| {
        if role == Role::Size
            && let GExpr::Length(v) = expr
            && held.contains(v)
        {
            uses.length_as_size += 1;
            return;
        }
        let index = match role {
            Role::IndexThunk { index } => Some(index),
            _ => None,
        };
        count_uses(expr, held, index, &mut uses);
        if let Some(index) = index
            && !is_pull(consumer, index)
        {
            let mut outside = Uses::default();
            count_uses(expr, held, Some(index), &mut outside);
            uses.own_index_reads_outside_pull += outside.own_index_reads;
        }
    });
    uses
}

fn count_uses(expr: &GExpr, held: &[KVar], index: Option<KVar>, uses: &mut Uses) {
    match expr {
        GExpr::Read { array, index: at } if held.contains(array) => {
            let is_own = matches!((&**at, index), (GExpr::Var(v), Some(i)) if *v == i);
            if is_own {
                uses.own_index_reads += 1;
            } else {
                uses.other_reads += 1;
            }
        }
        GExpr::Length(v) if held.contains(v) => uses.other_lengths += 1,
        GExpr::Var(v) if held.contains(v) => uses.scalar += 1,
        GExpr::SegmentOf { offsets, .. } if held.contains(offsets) => uses.structural = true,
        GExpr::ParseNumber { chars, .. } if held.contains(chars) => uses.structural = true,
        _ => {}
    }
    expr.for_each_child(|c| count_uses(c, held, index, uses));
}

/// The pull thunk of a SOAC that has one.
pub fn pull_thunk(soac: &Soac) -> Option<&flatten::ir::Thunk> {
    match soac {
        Soac::Map { pull, .. }
        | Soac::Reduce { pull, .. }
        | Soac::Scan { pull, .. }
        | Soac::Filter { pull, .. }
        | Soac::SegReduce { pull, .. }
        | Soac::SegScan { pull, .. } => Some(pull),
        _ => None,
    }
}

/// Whether `expr` mentions `index` anywhere except as the index of a read
/// of one of `held` at exactly `index`.
fn uses_index_otherwise(expr: &GExpr, index: KVar, held: &[KVar]) -> bool {
    match expr {
        GExpr::Read { array, index: at } if held.contains(array) && matches!(&**at, GExpr::Var(v) if *v == index) => {
            false
        }
        GExpr::Var(v) => *v == index,
        _ => {
            let mut found = false;
            expr.for_each_child(|c| found |= uses_index_otherwise(c, index, held));
            found
        }
    }
}

/// The rule name for a `MAP` producer fused into `consumer`.
pub fn map_rule_name(consumer: &Soac) -> &'static str {
    match consumer {
        Soac::Map { .. } => "map-map",
        Soac::Permute { .. } => "map-permute",
        Soac::Scatter { .. } => "map-scatter",
        Soac::Reduce { .. } => "map-reduce",
        Soac::Scan { .. } => "map-scan",
        Soac::Filter { .. } => "map-filter",
        Soac::Once { .. } => "map-once",
        Soac::SegReduce { .. } => "map-seg-reduce",
        Soac::SegScan { .. } => "map-seg-scan",
        Soac::RadixPass { .. } => "map-radix-pass",
        Soac::SegmentIds { .. } => "map-segment-ids",
    }
}

// Note [each-once gathers]
// ~~~~~~~~~~~~~~~~~~~~~~~~
// A gather recomputing a MAP's element where it reads it costs the MAP's
// thunk once per read instead of once per element, which is why an
// expensive producer (above `GATHER_COST_LIMIT`) stays materialised. But
// a gather that reads each element of its source at most once recomputes
// nothing: the thunk runs once per element either way, and fusing saves
// the write and the read of the whole array and a launch. The flattener's
// structural gathers that take every element of every source exactly once
// (a lifted `++`, a literal `[a, b]` of sequences, the merge of a split
// conditional's branches: flatten's note [host-known totals],
// `each-once-total`) are sized by the sum of their sources' element
// counts, which is how this rule (`each-once-gather`) recognises them: a
// `MAP` consumer that reads the producer's result at one site, outside any
// loop, and whose size is the producer's size plus at least one more
// summand (the other sources). Quicksort's way up is the case: the `++`
// of a level (`sorted[0] ++ equal ++ sorted[1]`, a `segment_of` over the
// instances and three source choices, cost well above the limit) feeds
// only the merge of the level's two branches, and becomes part of it (a
// launch per level fewer, and an element array neither written nor read).
//
// The test is on sizes and read sites, not a proof of injectivity: a MAP
// of the same shape that read one element many times would recompute it
// as many times (a slower kernel, never a wrong one: the producer cannot
// fault, which the rule above checks first).
//
// On by default (`NESSIE_EACH_ONCE_GATHER=0` turns it off). The fused
// gather searches twice per element as fused, the merge's search over the
// instances and the `++`'s over its segments at the merge's source
// position; `segment-of-known-start` (note [known segment starts]) then
// checks the segment that position was computed from, so the second
// search is never run. Without that rule the rule did not pay (call 9 of
// stop 26, H100: quicksort 10^8 220.4 against 195.4 ms of kernels, the
// fused gather streaming at a third of the pair's rate). With it (H100,
// one device call, main 1d0e087 against this binary and this binary with
// the rule off, alternating, ten runs each): quicksort 10^7 `time`
// medians 32.6 / 29.3 / 33.1 ms, kernels 25.2 / 23.3 / 24.8 ms, 763 / 703
// / 763 launches; the fused gather 4.35 ms where the pair took 5.90;
// quicksort 10^8 211.0 against 192.4 ms (two runs each).

/// Whether `each-once-gather` applies: on by default,
/// `NESSIE_EACH_ONCE_GATHER=0` turns it off (note [each-once gathers]).
pub fn each_once_gathers_enabled() -> bool {
    !std::env::var("NESSIE_EACH_ONCE_GATHER").is_ok_and(|v| v.trim() == "0")
}

/// Whether `consumer` is a gather that reads each element of `producer`'s
/// result at most once, by note [each-once gathers].
fn is_each_once_gather(producer: &SoacView<'_>, consumer: &SoacView<'_>, held: &[KVar], uses: &Uses) -> bool {
    let Soac::Map { pull, .. } = consumer.soac else {
        return false;
    };
    if !each_once_gathers_enabled() {
        return false;
    }
    let sizes_fit = matches!((producer.size, consumer.size),
        (Some(part), Some(whole)) if whole.strictly_contains_sum(part));
    sizes_fit && uses.other_reads == 1 && uses.own_index_reads == 0 && !reads_inside_loop(&pull.body, held, false)
}

/// Whether `expr` reads one of `held` inside a loop (`inside`: it is in
/// one already).
fn reads_inside_loop(expr: &GExpr, held: &[KVar], inside: bool) -> bool {
    let inside = inside || matches!(expr, GExpr::Loop { .. });
    if inside && matches!(expr, GExpr::Read { array, .. } if held.contains(array)) {
        return true;
    }
    let mut found = false;
    expr.for_each_child(|c| found |= reads_inside_loop(c, held, inside));
    found
}

/// Whether the consumer's index space is exactly the producer's.
fn same_space(producer: &SoacView<'_>, consumer: &SoacView<'_>) -> bool {
    // A segmented SOAC's pull reads the element data its segment descriptor
    // describes (note [segment descriptors]: the lengths add up to the
    // length of the data), so its own-index reads cover every element.
    if matches!(consumer.soac, Soac::SegReduce { .. }) {
        return true;
    }
    matches!((producer.size, consumer.size), (Some(a), Some(b)) if a == b)
}

/// Judges fusing `producer` into `consumer`, where `held` are the
/// consumer's variables that hold (some of) the producer's results.
pub fn vertical_verdict(producer: SoacView<'_>, consumer: SoacView<'_>, held: &[KVar]) -> Verdict {
    let uses = collect_uses(consumer.soac, held);
    let producer_name = producer.soac.name();
    let consumer_name = consumer.soac.name();
    match producer.soac {
        Soac::Map { .. } if matches!(consumer.soac, Soac::RadixPass { .. }) => Verdict::Preventing(
            "a RADIX_PASS reads each element in each of its launches (the digit counts and the scatter); it absorbs \
             no MAP"
                .to_string(),
        ),
        Soac::Map { pull, .. } => {
            if uses.structural {
                return Verdict::Preventing(format!(
                    "{consumer_name} needs the MAP's result whole in memory (as a segment descriptor or a SCATTER base)"
                ));
            }
            let producer_faults = can_fault(&pull.body);
            if uses.other_reads > 0 {
                if producer_faults {
                    return Verdict::Preventing(format!(
                        "{consumer_name} reads the MAP's result at other positions, and the MAP can fault at \
                         elements nobody reads"
                    ));
                }
                if cost(&pull.body) > GATHER_COST_LIMIT && !is_each_once_gather(&producer, &consumer, held, &uses) {
                    return Verdict::Preventing(format!(
                        "{consumer_name} reads the MAP's result at other positions, and recomputing its elements \
                         there would cost more than reading them"
                    ));
                }
            }
            if uses.own_index_reads > 0 && producer_faults && !same_space(&producer, &consumer) {
                return Verdict::Preventing(format!(
                    "the MAP can fault, and {consumer_name} does not cover the same index space"
                ));
            }
            Verdict::Fusible(map_rule_name(consumer.soac))
        }
        Soac::Filter { .. }
            if matches!(producer.soac, Soac::Filter { before: Some(_), .. })
                || matches!(consumer.soac, Soac::Filter { before: Some(_), .. }) =>
        {
            Verdict::Preventing(
                "a FILTER counting what it keeps before offsets counts over its own positions: it absorbs no \
                 FILTER and none absorbs it"
                    .into(),
            )
        }
        Soac::Filter { .. } => {
            let rule = match consumer.soac {
                Soac::Reduce { .. } => "filter-reduce",
                Soac::Filter { .. } => "filter-filter",
                _ => {
                    return Verdict::Preventing(format!(
                        "a FILTER's result is complete only after the filter ran; only a REDUCE or a FILTER over \
                         its elements can absorb it, not a {consumer_name}"
                    ));
                }
            };
            let size_is_filter_length = matches!(consumer.soac,
                Soac::Reduce { size: GExpr::Length(v), .. } | Soac::Filter { size: GExpr::Length(v), .. }
                    if held.contains(v));
            if !size_is_filter_length {
                return Verdict::Preventing(format!(
                    "the {consumer_name} does not iterate over exactly the FILTER's elements"
                ));
            }
            if uses.other_reads > 0
                || uses.other_lengths > 0
                || uses.structural
                || uses.scalar > 0
                || uses.own_index_reads_outside_pull > 0
            {
                return Verdict::Preventing(format!(
                    "the {consumer_name} reads the FILTER's result other than element by element in its pull thunk"
                ));
            }
            let Some(pull) = pull_thunk(consumer.soac) else {
                return Verdict::Preventing(format!("the {consumer_name} has no pull thunk"));
            };
            let index = pull.params[0];
            if uses_index_otherwise(&pull.body, index, held) {
                return Verdict::Preventing(format!(
                    "the {consumer_name} uses its index for more than reading the FILTER's elements (after fusion \
                     the index would count the FILTER's input instead)"
                ));
            }
            Verdict::Fusible(rule)
        }
        Soac::Permute { check, .. } => {
            if !matches!(consumer.soac, Soac::Permute { .. }) {
                return Verdict::Preventing(format!(
                    "a PERMUTE's result is complete only after every element is written; only a PERMUTE can absorb \
                     it, not a {consumer_name}"
                ));
            }
            if check.is_some() {
                return Verdict::Preventing(
                    "the producer PERMUTE checks that its indices are a permutation, which composing them would hide"
                        .to_string(),
                );
            }
            if uses.other_reads > 0 || uses.other_lengths > 0 || uses.structural || uses.scalar > 0 {
                return Verdict::Preventing(
                    "the consumer PERMUTE reads the producer's result other than at its own index".to_string(),
                );
            }
            if !same_space(&producer, &consumer) {
                return Verdict::Preventing("the two PERMUTEs do not have the same size".to_string());
            }
            Verdict::Fusible("permute-permute")
        }
        Soac::Reduce { .. } => {
            if matches!(consumer.soac, Soac::Once { .. }) {
                Verdict::Fusible("reduce-once")
            } else {
                Verdict::Preventing(format!(
                    "a REDUCE's result is known only after every work-group has finished (a global barrier); only a \
                     ONCE can use it in the same kernel, not a {consumer_name}"
                ))
            }
        }
        Soac::Scan { .. }
        | Soac::SegReduce { .. }
        | Soac::SegScan { .. }
        | Soac::Scatter { .. }
        | Soac::RadixPass { .. }
        | Soac::SegmentIds { .. }
        | Soac::Once { .. } => Verdict::Preventing(format!(
            "a {producer_name}'s result is complete only after a global barrier; λcu fuses no {producer_name} \
                 into a later SOAC"
        )),
    }
}

/// Whether a whole kernel may fault when run.
pub fn kernel_can_fault(kernel: &Kernel) -> bool {
    kernel.body.iter().any(|b| soac_can_fault(&b.soac))
}
