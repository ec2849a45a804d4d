//! The repetition keys of the positions a game went through.

/// The repetition keys of earlier positions, with a 256-bit Bloom filter in front: most keys
/// are new, and the filter says so without a scan of the list.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct History {
    keys: Vec<u64>,
    bloom: [u64; 4],
}

impl History {
    /// No positions.
    pub(crate) const EMPTY: History = History {
        keys: Vec::new(),
        bloom: [0; 4],
    };

    /// The word and bit of the filter that stand for a key.
    #[inline(always)]
    pub(crate) fn bit(key: u64) -> (usize, u64) {
        ((key >> 62) as usize, 1 << ((key >> 56) & 63))
    }

    /// Remembers a key.
    #[inline]
    pub fn push(&mut self, key: u64) {
        let (w, b) = History::bit(key);
        self.bloom[w] |= b;
        self.keys.push(key);
    }

    /// Whether the key was seen often enough that it now occurs for the `times`-th time: once
    /// before for `times` 2 (or less), twice for 3.
    #[inline]
    pub fn seen(&self, key: u64, times: u16) -> bool {
        let (w, b) = History::bit(key);
        if self.bloom[w] & b == 0 {
            return false;
        }
        let before = self.keys.iter().filter(|&&k| k == key).count();
        before + 1 >= times.max(2) as usize
    }

    /// The keys remembered, oldest first.
    pub(crate) fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Forgets every key.
    #[inline]
    pub fn clear(&mut self) {
        self.keys.clear();
        self.bloom = [0; 4];
    }
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            keys: self.keys.clone(),
            bloom: self.bloom,
        }
    }

    // Reuses the key buffer: cloning into a warm history allocates nothing.
    fn clone_from(&mut self, other: &History) {
        self.keys.clone_from(&other.keys);
        self.bloom = other.bloom;
    }
}
