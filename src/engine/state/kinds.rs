//! The sites of each piece kind, kept by the boards of games whose draw counts the steps of one
//! kind's pieces (`step ... kind:`), so that the draw reads a kind's pieces as a set instead of
//! finding them in the cells.

use super::board::Cell;
use crate::compile::ir::{Site, Sites};

/// The most kinds whose sites a board keeps; a later kind is found in the cells.
pub(crate) const MAX_KIND_SETS: usize = 8;

/// Per kind, the sites holding a piece of it, whatever its owner: `words` words a kind, the
/// first kind's first. Empty where the game keeps none.
#[derive(Debug, Default, Clone, PartialEq, Eq, Hash)]
pub(crate) struct KindSets {
    sites: Vec<u64>,
    /// Words a kind: those the board's sites reach.
    words: u8,
}

impl KindSets {
    /// Sets, all empty, for the first `kinds` kinds (at most [`MAX_KIND_SETS`]) on a board of
    /// `words` words.
    pub(crate) fn new(kinds: usize, words: usize) -> KindSets {
        let words = words.clamp(1, crate::compile::ir::SITE_WORDS);
        KindSets {
            sites: vec![0; kinds.min(MAX_KIND_SETS) * words],
            words: words as u8,
        }
    }

    /// The sets a board of `game` keeps: one for each of its first kinds where its draw counts
    /// one kind's steps ([`Needs::KIND_SETS`](crate::compile::Needs::KIND_SETS)), else none.
    pub(crate) fn of(game: &crate::engine::Game) -> KindSets {
        match game.needs.contains(crate::compile::Needs::KIND_SETS) {
            true => KindSets::new(game.kinds.len().max(1), game.topology.words),
            false => KindSets::default(),
        }
    }

    /// Whether the board keeps them.
    #[inline(always)]
    pub(crate) fn kept(&self) -> bool {
        !self.sites.is_empty()
    }

    /// The sites of the pieces of `kind`, in `W` words; `None` if the board keeps no set for it.
    #[inline(always)]
    pub(crate) fn sites<const W: usize>(&self, kind: u8) -> Option<Sites<W>> {
        let mut out = Sites::<W>::default();
        // A board of one word, the commonest, reads one word.
        if W == 1 {
            out.0[0] = *self.sites.get(kind as usize * self.words as usize)?;
            return Some(out);
        }
        let words = self.words as usize;
        let at = kind as usize * words;
        let set = self.sites.get(at..at + words)?;
        for (o, w) in out.0.iter_mut().zip(set) {
            *o = *w;
        }
        Some(out)
    }

    /// The word of `site` in `kind`'s set, if the board keeps one for it.
    #[inline(always)]
    fn word(&mut self, kind: u8, site: Site) -> Option<&mut u64> {
        let at = kind as usize * self.words as usize + (site as usize >> 6);
        self.sites.get_mut(at)
    }

    /// Follows a site's cell from `was` to `now`.
    #[inline(always)]
    pub(crate) fn change(&mut self, site: Site, was: &Cell, now: &Cell) {
        let bit = 1u64 << (site & 63);
        if was.count > 0 {
            if let Some(w) = self.word(was.kind, site) {
                *w &= !bit;
            }
        }
        if now.count > 0 {
            if let Some(w) = self.word(now.kind, site) {
                *w |= bit;
            }
        }
    }

    /// Follows a piece of `kind` from `from` to the empty site `to`.
    #[inline(always)]
    pub(crate) fn shift(&mut self, kind: u8, from: Site, to: Site) {
        if let Some(w) = self.word(kind, from) {
            *w &= !(1u64 << (from & 63));
        }
        if let Some(w) = self.word(kind, to) {
            *w |= 1u64 << (to & 63);
        }
    }

    /// Recomputes the sets from the cells.
    pub(crate) fn refresh(&mut self, cells: &[Cell]) {
        if !self.kept() {
            return;
        }
        self.sites.iter_mut().for_each(|w| *w = 0);
        for (s, c) in cells.iter().enumerate() {
            self.change(s as Site, &Cell::default(), c);
        }
    }

    /// Becomes `other`, reusing the buffer; nothing to copy when neither keeps sets.
    #[inline(always)]
    pub(crate) fn copy_from(&mut self, other: &KindSets) {
        if self.kept() || other.kept() {
            self.sites.clone_from(&other.sites);
            self.words = other.words;
        }
    }

    /// Gives `to` the cache lines of the sets (none where the board keeps none).
    #[inline(always)]
    pub(crate) fn prefetch(&self, to: &mut impl crate::board::Prefetch) {
        to.lines(&self.sites);
    }

    /// The bytes its buffer holds.
    pub(crate) fn footprint(&self) -> usize {
        std::mem::size_of_val(self.sites.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(kind: u8) -> Cell {
        Cell {
            kind,
            ..Cell::piece(0, 1)
        }
    }

    /// A piece is in its kind's set while it stands on the site; a kind past the kept ones is in
    /// none, and a board of two words keeps each kind's sites in both.
    #[test]
    fn a_kind_set_follows_its_pieces() {
        let mut k = KindSets::new(2, 2);
        k.change(70, &Cell::default(), &piece(1));
        assert_eq!(k.sites::<2>(1), Some(Sites::of(&[70])));
        k.shift(1, 70, 3);
        assert_eq!(k.sites::<2>(1), Some(Sites::of(&[3])));
        k.change(3, &piece(1), &piece(0));
        assert_eq!(k.sites::<2>(0), Some(Sites::of(&[3])));
        assert_eq!(k.sites::<2>(1), Some(Sites::default()));
        k.change(5, &Cell::default(), &piece(2));
        assert_eq!(k.sites::<2>(2), None);
        k.change(3, &piece(0), &Cell::default());
        assert_eq!(k.sites::<2>(0), Some(Sites::default()));
        assert!(!KindSets::default().kept() && k.kept());
    }

    /// English draughts counts the steps of men and of kings apart: its boards keep both kinds'
    /// sites, which start as every piece a man. Breakthrough's steps are of any piece: none kept.
    #[test]
    fn a_game_whose_draw_counts_one_kinds_steps_keeps_the_kinds_sites() {
        let load = |name: &str| {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("games")
                .join(name);
            crate::load_file(&path, &[]).expect("shipped file loads")
        };
        let board = load("draughts.game").new_initial_state().board;
        assert_eq!(board.kinds.sites::<1>(0), Some(board.filled.narrow()));
        assert_eq!(board.kinds.sites::<1>(1), Some(Sites::default()));
        assert_eq!(board.filled.len(), 24);
        let board = load("breakthrough.game").new_initial_state().board;
        assert!(!board.kinds.kept());
    }
}
