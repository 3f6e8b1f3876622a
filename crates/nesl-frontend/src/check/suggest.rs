//! "Did you mean `x`?": the closest name in scope to a misspelt one.

/// The candidate closest to `name` by edit distance (insertions, deletions,
/// substitutions and swaps of neighbours each count 1), if one is close
/// enough to be a likely typo: distance 1 for names of up to 4 characters,
/// 2 up to 8, 3 beyond. Ties go to the alphabetically first candidate, so
/// the answer does not depend on the order of `candidates`.
pub(crate) fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = match name.chars().count() {
        0 | 1 => 0,
        2..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        if candidate == name {
            continue;
        }
        // Lengths that differ by more than the limit cannot be close.
        if candidate.len().abs_diff(name.len()) > limit {
            continue;
        }
        let distance = edit_distance(name, candidate);
        if distance > limit {
            continue;
        }
        let better = match best {
            None => true,
            Some((d, b)) => distance < d || (distance == d && candidate < b),
        };
        if better {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// The optimal-string-alignment distance between two strings, by
/// characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the dynamic programme: i - 2, i - 1, i.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (previous[j] + 1).min(current[j - 1] + 1).min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            current[j] = d;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_swaps_as_one() {
        assert_eq!(edit_distance("lenght", "length"), 1);
        assert_eq!(edit_distance("sum", "sum"), 0);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn suggests_the_closest_likely_typo() {
        let names = ["plus_scan", "length", "sum", "xs", "max_scan"];
        assert_eq!(did_you_mean("lenght", names), Some("length"));
        assert_eq!(did_you_mean("plus_scna", names), Some("plus_scan"));
        assert_eq!(did_you_mean("summ", names), Some("sum"));
        assert_eq!(did_you_mean("x", names), None);
        assert_eq!(did_you_mean("completely_different", names), None);
    }
}
