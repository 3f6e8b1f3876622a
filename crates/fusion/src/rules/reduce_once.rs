//! `reduce-once`: a REDUCE whose scalar result a ONCE reads may share its
//! kernel with the ONCE (λcu §4.2): the one thread runs after the
//! reduction's final combine, which the backend does in the last
//! work-group to finish. No SOAC changes; the pair is recorded when a
//! merged kernel holds it ([`crate::rules::check_launchable`]).

use flatten::ir::Soac;

/// The rule's name, as recorded when it fires.
pub const REDUCE_ONCE_NAME: &str = "reduce-once";

/// What the rule does, in one line.
pub const REDUCE_ONCE_SUMMARY: &str =
    "A REDUCE whose result a ONCE reads: both in one kernel, the ONCE after the reduction's final combine.";

/// Whether `consumer` may read `producer`'s results in the same kernel by
/// this rule.
pub fn is_reduce_once(producer: &Soac, consumer: &Soac) -> bool {
    matches!((producer, consumer), (Soac::Reduce { .. }, Soac::Once { .. }))
}

#[cfg(test)]
mod tests {
    use crate::rules::check_launchable;
    use crate::rules::test_support::*;

    #[test]
    fn a_once_after_a_reduce_is_launchable_and_recorded() {
        let (kernel, _) = reduce_then_once();
        let firings = check_launchable(&kernel).unwrap();
        assert_eq!(firings.len(), 1);
        assert_eq!(firings[0].rule, super::REDUCE_ONCE_NAME);
    }
}
