//! Site sets: bitsets of a board's sites in 64-bit words, narrowed to the words a board needs,
//! and the choice of that width once per call.

use super::Site;

/// The 64-bit words of a full site set: room for every site a board may have. A power of two, so
/// that a site's word is found by a mask, not a bounds check.
pub const SITE_WORDS: usize = 8;

/// Runs `$body` with `$w` a const: the fewest words of a [`Sites`] among 1, 2, 4 and
/// [`SITE_WORDS`] that hold a board of `$words` 64-bit words. Code generic over the width is
/// picked once per call, so a board of one word runs on one word.
macro_rules! by_width {
    ($words:expr, |$w:ident| $body:expr) => {
        match $words {
            0..=1 => {
                const $w: usize = 1;
                $body
            }
            2 => {
                const $w: usize = 2;
                $body
            }
            3..=4 => {
                const $w: usize = 4;
                $body
            }
            _ => {
                const $w: usize = $crate::board::SITE_WORDS;
                $body
            }
        }
    };
}
pub(crate) use by_width;

/// A set of sites as a bitset of `W` 64-bit words ([`SITE_WORDS`] by default: every board of up
/// to 448 sites). The engine's hot paths narrow sets to the words a board needs, one for 64 sites.
/// Sets of a power-of-two width find a site's word by a mask: a site beyond the set (only
/// [`NO_SITE`](super::NO_SITE) is, and the checker keeps its bit, the last, off every board) wraps around.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sites<const W: usize = SITE_WORDS>(pub [u64; W]);

impl<const W: usize> Default for Sites<W> {
    fn default() -> Self {
        Sites([0; W])
    }
}

impl<const W: usize> Sites<W> {
    /// The set of the given sites.
    pub fn of(sites: &[Site]) -> Self {
        let mut s = Self::default();
        for &x in sites {
            s.insert(x);
        }
        s
    }

    /// The same set in `V` words: the first `V` words, or zeros added (sites from `64 * V` drop out).
    #[inline(always)]
    pub fn narrow<const V: usize>(&self) -> Sites<V> {
        let mut out = [0; V];
        let n = V.min(W);
        out[..n].copy_from_slice(&self.0[..n]);
        Sites(out)
    }

    /// The word of a site: masked where the width is a power of two (no bounds check).
    #[inline(always)]
    fn word(site: Site) -> usize {
        let w = (site >> 6) as usize;
        if W.is_power_of_two() {
            w & (W - 1)
        } else {
            w
        }
    }

    /// Adds a site.
    #[inline]
    pub fn insert(&mut self, site: Site) {
        self.0[Self::word(site)] |= 1 << (site & 63);
    }

    /// Whether the site is in the set.
    #[inline]
    pub fn contains(&self, site: Site) -> bool {
        self.0
            .get(Self::word(site))
            .is_some_and(|w| w & (1 << (site & 63)) != 0)
    }

    /// Removes a site.
    #[inline]
    pub fn remove(&mut self, site: Site) {
        self.0[Self::word(site)] &= !(1 << (site & 63));
    }

    /// Whether the two sets share a site.
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Number of sites.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The sites in both sets.
    // A plain loop, not `array::from_fn`: its helper is left out of line in some builds.
    #[inline]
    pub fn and(&self, other: &Self) -> Self {
        let mut out = *self;
        out.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= *b);
        out
    }

    /// The sites in either set.
    #[inline]
    pub fn or(&self, other: &Self) -> Self {
        let mut out = *self;
        out.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= *b);
        out
    }

    /// The sites of `self` not in `other`.
    #[inline]
    pub fn and_not(&self, other: &Self) -> Self {
        let mut out = *self;
        out.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= !*b);
        out
    }

    /// Each site's neighbour `delta` sites away in this set, read onto the site, for the sites
    /// that have one; the caller keeps only those. On one word a rotation, with no test of the
    /// shift's sign: the bits it wraps fall on sites with no neighbour that way.
    #[inline(always)]
    pub fn beyond(&self, delta: i32) -> Self {
        if W > 1 {
            return self.shifted(-delta);
        }
        let mut out = *self;
        out.0[0] = self.0[0].rotate_left(neighbour_rotation(delta));
        out
    }

    /// The set moved by `delta` sites (site s becomes s + delta); sites leaving 0..64W drop out.
    #[inline]
    pub fn shifted(&self, delta: i32) -> Self {
        let w = &self.0;
        // Steps on a grid move by less than a word: the common case, without branches per word.
        if (1..64).contains(&delta) {
            let b = delta as u32;
            return Sites(std::array::from_fn(|i| {
                (w[i] << b) | if i > 0 { w[i - 1] >> (64 - b) } else { 0 }
            }));
        }
        if (-63..0).contains(&delta) {
            let b = delta.unsigned_abs();
            return Sites(std::array::from_fn(|i| {
                (w[i] >> b) | if i + 1 < W { w[i + 1] << (64 - b) } else { 0 }
            }));
        }
        let (words, bits) = (
            (delta.unsigned_abs() / 64) as usize,
            delta.unsigned_abs() % 64,
        );
        Sites(std::array::from_fn(|i| {
            let (hi, lo) = if delta >= 0 {
                (
                    i.checked_sub(words).map(|j| w[j]),
                    i.checked_sub(words + 1).map(|j| w[j]),
                )
            } else {
                (
                    (i + words < W).then(|| w[i + words]),
                    (i + words + 1 < W).then(|| w[i + words + 1]),
                )
            };
            let (hi, lo) = (hi.unwrap_or(0), lo.unwrap_or(0));
            match (delta >= 0, bits) {
                (_, 0) => hi,
                (true, b) => (hi << b) | (lo >> (64 - b)),
                (false, b) => (hi >> b) | (lo << (64 - b)),
            }
        }))
    }

    /// The k-th site in ascending order.
    #[inline]
    pub fn nth(&self, k: u32) -> Option<Site> {
        // The word holding it found by counting every word: the words after the first whose
        // sites before them are at most k (no branch and no select, which the compiler may turn
        // into the branch it avoids). A loop that stops at the word would be mispredicted on
        // most draws: in a random draw that word is random.
        let (mut word, mut before) = (0, 0u32);
        let mut skipped = [0u32; W];
        for (i, &w) in self.0.iter().enumerate() {
            skipped[i] = before;
            word += usize::from(i > 0 && before <= k);
            before += w.count_ones();
        }
        let skipped = skipped.get(word).copied().unwrap_or(0);
        (k < before).then(|| (word * 64) as Site + select(self.0[word], k - skipped) as Site)
    }

    /// The sites in ascending order.
    #[inline]
    pub fn iter(&self) -> SitesIter<W> {
        self.iter_in(W)
    }

    /// The sites in ascending order within the first `words` words (a board's own words: the
    /// walk does not visit the empty words past its last site).
    #[inline]
    pub fn iter_in(&self, words: usize) -> SitesIter<W> {
        SitesIter {
            words: self.0,
            word: 0,
            end: words.min(W),
        }
    }
}

impl Sites {
    /// Calls `visit` on each site in ascending order, the set walked in the `words` words a
    /// board's sites need: one word up to 64 sites, its width a constant of the walk.
    #[inline(always)]
    pub fn each_within(&self, words: usize, mut visit: impl FnMut(Site)) {
        by_width!(words, |W| {
            for s in self.narrow::<W>().iter() {
                visit(s);
            }
        })
    }
}

/// The left rotation of a one-word site set that brings the bit of each site's neighbour
/// `delta` sites away onto the site's own bit: a shift by `-delta`, wrapped, so the loops on a
/// board of one word keep only the sites that have that neighbour.
#[inline]
pub(crate) fn neighbour_rotation(delta: i32) -> u32 {
    delta.wrapping_neg().rem_euclid(64) as u32
}

/// The place of the k-th set bit of `w` (k < `w.count_ones()`), without a loop over the bits
/// and without a branch: three halvings, each keeping the half that holds the k-th bit as the
/// lower half's count (one `popcnt`) says, then a table within the byte. In a random draw `k` is
/// random: a branch or a loop over the bits would be mispredicted on most draws.
#[inline]
pub(crate) fn select(w: u64, k: u32) -> u8 {
    let (mut w, mut k, mut place) = (w, k, 0u32);
    for half in [32u32, 16, 8] {
        let low = (w & ((1u64 << half) - 1)).count_ones();
        // All ones where the bit is in the upper half.
        let up = 0u32.wrapping_sub(u32::from(k >= low));
        k -= low & up;
        w >>= half & up;
        place += half & up;
    }
    place as u8 + SELECT_IN_BYTE[(w & 0xff) as usize][(k & 7) as usize]
}

/// The place of the k-th set bit of `w`, a set of sites below 16 (k < its count): the byte
/// holding it chosen by arithmetic, then the table within the byte. No branch and no loop over
/// the bits: in a random draw `k` is random, and either would be mispredicted on most draws.
#[inline(always)]
pub(crate) fn select16(w: u64, k: u32) -> u8 {
    debug_assert!(w < 1 << 16 && k < w.count_ones());
    let below = (w & 0xff).count_ones();
    let up = u32::from(k >= below);
    let place = 8 * up;
    SELECT_IN_BYTE[((w >> place) & 0xff) as usize][(k.wrapping_sub(below * up) & 7) as usize]
        + place as u8
}

/// The place of the k-th set bit of each byte value (0 where there is none).
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if b & (1 << bit) != 0 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// The sites of a [`Sites`] in ascending order.
pub struct SitesIter<const W: usize = SITE_WORDS> {
    words: [u64; W],
    word: usize,
    end: usize,
}

impl<const W: usize> Iterator for SitesIter<W> {
    type Item = Site;

    #[inline]
    fn next(&mut self) -> Option<Site> {
        while self.word < self.end {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word * 64) as Site + w.trailing_zeros() as Site);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{Sites, SITE_WORDS};
    use crate::board::{Site, NO_SITE};

    #[test]
    fn shifting_and_nth_agree_with_site_arithmetic() {
        let all = [0, 5, 63, 64, 130, 255, 256, 399, 447];
        let set: Sites = Sites::of(&all);
        let end = 64 * SITE_WORDS as i32;
        for delta in [-400, -200, -64, -63, -7, -1, 0, 1, 7, 63, 64, 65, 200, 400] {
            let moved: Vec<Site> = set.shifted(delta).iter().collect();
            let expected: Vec<Site> = set
                .iter()
                .map(|s| s as i32 + delta)
                .filter(|s| (0..end).contains(s))
                .map(|s| s as Site)
                .collect();
            assert_eq!(moved, expected, "delta {delta}");
        }
        assert_eq!(
            (0..all.len() as u32)
                .map(|k| set.nth(k))
                .collect::<Vec<_>>(),
            all.map(Some).to_vec()
        );
        assert_eq!(set.nth(all.len() as u32), None);
    }

    /// Site 255 is a site like any other: the marker for no site lies beyond every board.
    #[test]
    fn the_last_byte_site_is_not_the_marker_of_no_site() {
        let set: Sites = Sites::of(&[255, 399]);
        assert!(set.contains(255) && set.contains(399));
        assert!(!set.contains(NO_SITE));
        // The marker wraps to the set's last bit, which no board reaches.
        assert_eq!(NO_SITE as usize % (64 * SITE_WORDS), 64 * SITE_WORDS - 1);
        const { assert!(crate::board::MAX_SITES < 64 * SITE_WORDS) };
    }

    /// Compiled conditions hold leaves inline: a large leaf makes every test larger and every
    /// condition slower (a per-player direction list inline cost Sig 2% per edge). Box the rest.
    #[test]
    fn select_finds_every_set_bit() {
        let words = [
            1u64,
            u64::MAX,
            0x8000_0000_0000_0000,
            0x0123_4567_89ab_cdef,
            0xff00_0000_0000_00ff,
            0x0000_0100_0000_0000,
        ];
        for w in words {
            let places: Vec<u8> = (0..64).filter(|b| w & (1 << b) != 0).collect();
            for (k, &p) in places.iter().enumerate() {
                assert_eq!(super::select(w, k as u32), p, "word {w:#x}, k {k}");
            }
        }
    }

    #[test]
    fn select16_finds_every_set_bit_of_every_16_bit_set() {
        for w in 1u64..1 << 16 {
            let places: Vec<u8> = (0..16).filter(|b| w & (1 << b) != 0).collect();
            for (k, &p) in places.iter().enumerate() {
                assert_eq!(super::select16(w, k as u32), p, "set {w:#x}, k {k}");
            }
        }
    }

    #[test]
    fn narrow_sets_agree_with_wide_ones_within_their_width() {
        let wide: Sites = Sites::of(&[0, 5, 40, 63, 64, 100, 127, 130]);
        let one: Sites<1> = wide.narrow();
        let two: Sites<2> = wide.narrow();
        assert_eq!(one.iter().collect::<Vec<_>>(), [0, 5, 40, 63]);
        assert_eq!(two.len(), 7);
        for delta in [-70, -63, -6, -1, 1, 6, 63, 70] {
            let within = |limit: i32| -> Vec<Site> {
                wide.shifted(delta)
                    .iter()
                    .filter(|&s| (s as i32) < limit && ((s as i32) - delta) < limit)
                    .collect()
            };
            assert_eq!(one.shifted(delta).iter().collect::<Vec<_>>(), within(64));
            assert_eq!(two.shifted(delta).iter().collect::<Vec<_>>(), within(128));
        }
        let back: Sites = one.narrow();
        assert_eq!(back.iter().collect::<Vec<_>>(), [0, 5, 40, 63]);
    }
}
