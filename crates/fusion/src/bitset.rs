//! A fixed-size set of small integers as a row of bits: the rows of the
//! PDG's reachability and separation relations, and the runs a statement
//! reaches, are unions of other rows, which a word at a time makes
//! `n/64` operations instead of `n`.

/// A set of integers below the size it was made with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// The empty set of integers below `size`.
    pub fn new(size: usize) -> BitSet {
        BitSet { words: vec![0; size.div_ceil(64)] }
    }

    pub fn contains(&self, i: usize) -> bool {
        self.words.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Adds `i`; whether it was new.
    pub fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (&mut self.words[i / 64], 1u64 << (i % 64));
        let is_new = *word & bit == 0;
        *word |= bit;
        is_new
    }

    /// Adds every member of `other` (of the same size); whether one was new.
    pub fn union_with(&mut self, other: &BitSet) -> bool {
        let mut grew = false;
        for (word, &more) in self.words.iter_mut().zip(&other.words) {
            grew |= more & !*word != 0;
            *word |= more;
        }
        grew
    }

    /// The members, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + bit
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::BitSet;

    #[test]
    fn members_across_words_in_order() {
        let mut set = BitSet::new(130);
        assert!(set.insert(129));
        assert!(set.insert(0));
        assert!(set.insert(64));
        assert!(!set.insert(64));
        assert!(set.contains(129) && set.contains(0) && !set.contains(1) && !set.contains(500));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 64, 129]);
        let mut other = BitSet::new(130);
        other.insert(63);
        other.insert(64);
        assert!(set.union_with(&other));
        assert!(!set.union_with(&other));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 63, 64, 129]);
        assert_eq!(BitSet::new(0).iter().count(), 0);
    }
}
