//! Properties of the interpreter's sequence primitives on random inputs,
//! checked against plain Rust models of note [primitive semantics]: NESL
//! source is generated, compiled with the real prelude and run.

use nesl_frontend::eval::{self, Output};
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;
use nesl_frontend::{SourceMap, compile};
use proptest::prelude::*;

struct Lines<'p> {
    program: &'p Program,
    lines: Vec<String>,
}

impl Output for Lines<'_> {
    fn print(&mut self, _: &[u8]) {}

    fn item(&mut self, item: usize, value: &Value) {
        self.lines.push(self.program.format_item(&self.program.items[item], value));
    }
}

/// The printed values (`[1, 2] : [int]`) of a program's items.
fn values(source: &str) -> Vec<String> {
    let mut sources = SourceMap::new();
    let file = sources.add("property.nesl", source, false);
    let compiled = compile(&mut sources, file).unwrap_or_else(|d| panic!("{source}\n{}", d[0].render(&sources, false)));
    let mut out = Lines { program: &compiled.program, lines: Vec::new() };
    eval::run(&compiled.program, &sources, &mut out).unwrap_or_else(|d| panic!("{}", d.render(&sources, false)));
    out.lines.into_iter().map(|line| line.split_once(" = ").unwrap().1.to_string()).collect()
}

/// An int sequence as NESL source (`[1, 2]`, or `[] int` when empty).
fn ints(xs: &[i64]) -> String {
    if xs.is_empty() { "[] int".to_string() } else { format!("[{}]", joined(xs)) }
}

fn joined(xs: &[i64]) -> String {
    xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

/// An int sequence as the interpreter prints it.
fn printed(xs: &[i64]) -> String {
    format!("[{}] : [int]", joined(xs))
}

/// The positions of `xs` in stably sorted order.
fn stable_order(xs: &[i64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by_key(|&i| xs[i]);
    order
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn sorting_scanning_and_reducing_agree_with_models(xs in prop::collection::vec(-50i64..50, 0..40)) {
        let source = format!(
            "s = {};\nsort(s);\nrank(s);\npermute(s, rank(s));\nplus_scan(s);\nmax_scan(s);\nsum(s);\n{{x in s | x > 0}};\n",
            ints(&xs)
        );
        let got = values(&source);
        let mut sorted = xs.clone();
        sorted.sort();
        let mut ranks = vec![0; xs.len()];
        for (position, &i) in stable_order(&xs).iter().enumerate() {
            ranks[i] = position as i64;
        }
        let plus: Vec<i64> = xs.iter().scan(0, |total, &x| { let before = *total; *total += x; Some(before) }).collect();
        let max: Vec<i64> =
            xs.iter().scan(i64::MIN, |best, &x| { let before = *best; *best = (*best).max(x); Some(before) }).collect();
        let positive: Vec<i64> = xs.iter().copied().filter(|&x| x > 0).collect();
        prop_assert_eq!(&got[1], &printed(&sorted));
        prop_assert_eq!(&got[2], &printed(&ranks));
        prop_assert_eq!(&got[3], &printed(&sorted));
        prop_assert_eq!(&got[4], &printed(&plus));
        prop_assert_eq!(&got[5], &printed(&max));
        prop_assert_eq!(&got[6], &format!("{} : int", xs.iter().sum::<i64>()));
        prop_assert_eq!(&got[7], &printed(&positive));
    }

    #[test]
    fn reordering_and_nesting_agree_with_models(
        xs in prop::collection::vec(-50i64..50, 1..40),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..20),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let n = xs.len();
        let indices: Vec<i64> = picks.iter().map(|p| p.index(n) as i64).collect();
        let values_written: Vec<i64> = (0..indices.len() as i64).map(|k| 100 + k).collect();
        // Segment lengths that add up to n.
        let mut bounds: Vec<usize> = cuts.iter().map(|c| c.index(n + 1)).collect();
        bounds.extend([0, n]);
        bounds.sort();
        let lengths: Vec<i64> = bounds.windows(2).map(|w| (w[1] - w[0]) as i64).collect();
        let source = format!(
            "s = {};\ns -> {};\ns <- zip({}, {});\nflatten(partition(s, {}));\n{{#p : p in partition(s, {})}};\n",
            ints(&xs), ints(&indices), ints(&indices), ints(&values_written), ints(&lengths), ints(&lengths)
        );
        let got = values(&source);
        let gathered: Vec<i64> = indices.iter().map(|&i| xs[i as usize]).collect();
        let mut written = xs.clone();
        for (&i, &v) in indices.iter().zip(&values_written) {
            written[i as usize] = v;
        }
        prop_assert_eq!(&got[1], &printed(&gathered));
        prop_assert_eq!(&got[2], &printed(&written));
        prop_assert_eq!(&got[3], &printed(&xs));
        prop_assert_eq!(&got[4], &printed(&lengths));
    }
}
