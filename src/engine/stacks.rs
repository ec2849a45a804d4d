//! Stacks of mixed owners: a site's cell is its top piece (its `count` the stack's height, its
//! owner the player who controls it) and the layers beneath the top keep their owners only.
//!
//! A piece beneath another is always a plain piece, of the game's first kind in its first
//! state: the ludemes that stack keep it so (they cover only plain pieces, or flatten the piece
//! they cover), which is why one owner a layer is the whole position. Games whose stacks keep
//! one owner (a count on a cell) keep no layers and pay nothing for them.

use super::state::{site_key, Board, Cell};
use crate::board::layer_width;
use crate::compile::ir::MAX_PLAYERS;

/// The owners of the pieces beneath each site's top, for games whose stacks mix owners; empty
/// for the others.
#[derive(Debug, Default, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Layers {
    /// Per site, the owners beneath its top, `width` bits each (the player, 0-based), the
    /// bottom piece in the lowest bits.
    under: Vec<u128>,
    /// Bits a layer: 1 for two players, 2 for three or four.
    width: u8,
}

/// Pieces lifted off the top of a stack, carried to be dropped elsewhere.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Carried {
    /// Their owners, the bottom piece first, in the layers' width each.
    owners: u128,
    /// How many are still carried.
    pub(crate) count: u16,
    /// The piece that was on top: it keeps its kind and state, and lands last.
    top: Cell,
}

impl Layers {
    /// Layers for `sites` sites of a game of `players` players.
    pub(crate) fn new(sites: usize, players: u8) -> Layers {
        Layers {
            under: vec![0; sites],
            width: layer_width(players) as u8,
        }
    }

    /// The layers a board of `game` keeps: one a site where its stacks mix owners, else none.
    pub(crate) fn of(game: &super::Game) -> Layers {
        match game.needs.contains(crate::compile::Needs::LAYERS) {
            true => Layers::new(game.sites(), game.players),
            false => Layers::default(),
        }
    }

    /// Whether the board keeps layers.
    #[inline(always)]
    pub(crate) fn kept(&self) -> bool {
        !self.under.is_empty()
    }

    /// The bits of one layer's owner.
    #[inline(always)]
    fn mask(&self) -> u128 {
        (1 << self.width) - 1
    }

    /// The owner (0-based) of layer `i` of the bits `under`, the bottom being 0.
    #[inline(always)]
    fn owner(&self, under: u128, i: u16) -> u8 {
        ((under >> (i as u32 * self.width as u32)) & self.mask()) as u8
    }

    /// Copies `other`'s layers into these, reusing the buffer.
    #[inline(always)]
    pub(crate) fn copy_from(&mut self, other: &Layers) {
        if self.kept() || other.kept() {
            self.under.clone_from(&other.under);
            self.width = other.width;
        }
    }

    /// The bytes its buffer holds.
    pub(crate) fn footprint(&self) -> usize {
        std::mem::size_of_val(self.under.as_slice())
    }
}

/// The lowest `bits` bits set (all of them from 128).
#[inline(always)]
fn low_bits(bits: u32) -> u128 {
    1u128.checked_shl(bits).map_or(u128::MAX, |b| b - 1)
}

/// A site's term of the board key for the layers `under`: a multiplier of its own per site,
/// apart from the cells' (a cell's word never reaches bit 63).
#[inline(always)]
fn layer_term(s: usize, under: u128) -> u64 {
    let folded = (under as u64) ^ ((under >> 64) as u64).rotate_left(29);
    folded.wrapping_mul(site_key(s).rotate_left(17) | 1)
}

impl Board {
    /// The owners (0-based) of the pieces on site `s`, the bottom first, the top last; empty
    /// for an empty site. A site without layers holds one owner's pieces.
    pub fn stack(&self, s: usize) -> Vec<u8> {
        let c = self.cells[s];
        let Some(top) = c.owner.checked_sub(1) else {
            return Vec::new();
        };
        if !self.layers.kept() {
            return vec![top; c.count as usize];
        }
        let under = self.layers.under[s];
        let mut owners: Vec<u8> = (0..c.count.saturating_sub(1))
            .map(|i| self.layers.owner(under, i))
            .collect();
        owners.push(top);
        owners
    }

    /// Whether the board's stacks mix owners: it keeps the owner of each piece beneath a top.
    pub fn mixes_owners(&self) -> bool {
        self.layers.kept()
    }

    /// Sets site `s` to a stack: `beneath` the owners (0-based) of the plain pieces under the
    /// top, the bottom first, and `top` the piece on top (its count is set to the height); an
    /// empty site for a `top` of no count. For positions set up by hand on a game that keeps
    /// layers; call [`Board::refresh`] after the last edit.
    pub fn set_stack(&mut self, s: usize, beneath: &[u8], top: Cell) {
        if top.count == 0 || !self.layers.kept() {
            self.cells[s] = top;
            return;
        }
        let width = self.layers.width as u32;
        let under = beneath
            .iter()
            .take((128 / width) as usize)
            .enumerate()
            .fold(0u128, |u, (i, &p)| {
                u | ((p as u128 & self.layers.mask()) << (i as u32 * width))
            });
        self.layers.under[s] = under;
        self.cells[s] = Cell {
            count: beneath.len().min((128 / width) as usize) as u16 + 1,
            ..top
        };
    }

    /// Sets the layers of site `s`, keeping the key.
    #[inline]
    fn set_under(&mut self, s: usize, under: u128) {
        let was = std::mem::replace(&mut self.layers.under[s], under);
        if self.keyed {
            self.key = self
                .key
                .wrapping_add(layer_term(s, under).wrapping_sub(layer_term(s, was)));
        }
    }

    /// The layers' part of the board key, for [`Board::refresh`].
    pub(crate) fn layers_key(&self) -> u64 {
        self.layers
            .under
            .iter()
            .enumerate()
            .fold(0u64, |k, (s, &u)| k.wrapping_add(layer_term(s, u)))
    }

    /// Whether site `s` holds a piece of `player` (0-based), on top or beneath.
    #[inline]
    pub(crate) fn holds(&self, s: usize, player: u8) -> bool {
        let c = self.cells[s];
        if c.owner == player + 1 {
            return true;
        }
        if c.count < 2 || !self.layers.kept() {
            return false;
        }
        let under = self.layers.under[s];
        (0..c.count - 1).any(|i| self.layers.owner(under, i) == player)
    }

    /// Puts `piece` (one piece) on top of site `s`; the piece it covers becomes a layer: a plain
    /// piece of its owner. A stack already at its capacity takes no more.
    #[inline]
    pub(crate) fn push(&mut self, s: usize, piece: Cell) -> bool {
        let c = self.cells[s];
        if c.count == 0 || !self.layers.kept() {
            self.put(
                s,
                Cell {
                    count: c.count + 1,
                    ..piece
                },
            );
            return true;
        }
        let width = self.layers.width as u32;
        let i = c.count as u32 - 1;
        if (i + 1) * width > 128 {
            return false;
        }
        let owner = (c.owner.saturating_sub(1) as u128) & self.layers.mask();
        let under = self.layers.under[s] | owner << (i * width);
        self.set_under(s, under);
        self.put(
            s,
            Cell {
                count: c.count + 1,
                ..piece
            },
        );
        true
    }

    /// Takes the topmost piece of `player` (0-based) off site `s`, wherever it is in the stack;
    /// the pieces above it come down one place. Returns the piece taken, if there was one.
    pub(crate) fn take_of(&mut self, s: usize, player: u8) -> Option<Cell> {
        let c = self.cells[s];
        if c.owner == player + 1 {
            return Some(self.lift(s, 1).top);
        }
        if c.count < 2 || !self.layers.kept() {
            return None;
        }
        let under = self.layers.under[s];
        let i = (0..c.count - 1)
            .rev()
            .find(|&i| self.layers.owner(under, i) == player)?;
        let at = i as u32 * self.layers.width as u32;
        let below = under & low_bits(at);
        let above = under
            .checked_shr(at + self.layers.width as u32)
            .unwrap_or(0);
        self.set_under(s, below | above << at);
        self.put(
            s,
            Cell {
                count: c.count - 1,
                ..c
            },
        );
        Some(Cell {
            count: 1,
            owner: player + 1,
            kind: 0,
            state: 0,
            ..c
        })
    }

    /// Lifts the top `n` pieces of site `s` (at most its height): the piece beneath them, if
    /// any, is the site's top now, a plain piece of its owner.
    pub(crate) fn lift(&mut self, s: usize, n: u16) -> Carried {
        let c = self.cells[s];
        let n = n.min(c.count);
        let top = Cell { count: 1, ..c };
        let left = c.count - n;
        if !self.layers.kept() {
            self.put(s, Cell { count: left, ..c });
            return Carried {
                owners: 0,
                count: n,
                top,
            };
        }
        let width = self.layers.width as u32;
        let under = self.layers.under[s];
        // The carried pieces beneath the top are the layers from `left` up; the top's owner last.
        let cut = left as u32 * width;
        let owners = under.checked_shr(cut).unwrap_or(0)
            | ((c.owner.saturating_sub(1) as u128) << ((n.max(1) as u32 - 1) * width));
        let kept = under & low_bits(cut);
        if left == 0 {
            self.set_under(s, 0);
            self.put(s, Cell::default());
        } else {
            let new_top = self.layers.owner(kept, left - 1);
            self.set_under(s, kept & low_bits((left as u32 - 1) * width));
            let uncovered = Cell {
                count: left,
                owner: new_top + 1,
                kind: 0,
                state: 0,
                ..c
            };
            self.put(s, uncovered);
        }
        Carried {
            owners,
            count: n,
            top,
        }
    }

    /// Drops the bottom `k` pieces carried onto site `s`: plain pieces of their owners, and the
    /// piece that was on top, as it was, if it is among them (the last drop). The piece they
    /// cover becomes plain.
    pub(crate) fn drop_onto(&mut self, s: usize, carried: &mut Carried, k: u16) {
        let k = k.min(carried.count);
        let width = self.layers.width as u32;
        for _ in 0..k {
            let piece = if carried.count == 1 {
                carried.top
            } else {
                Cell {
                    count: 1,
                    owner: (carried.owners & self.layers.mask()) as u8 + 1,
                    kind: 0,
                    state: 0,
                    ..carried.top
                }
            };
            self.push(s, piece);
            carried.owners >>= width;
            carried.count -= 1;
        }
    }
}

/// The most players a layer's width holds, checked where layers are made.
const _: () = assert!(MAX_PLAYERS <= 4);

#[cfg(test)]
mod tests {
    use super::*;

    fn board(players: u8) -> Board {
        let mut b = Board {
            cells: vec![Cell::default(); 4],
            ..Board::default()
        };
        b.layers = Layers::new(4, players);
        b
    }

    fn piece(owner: u8, kind: u8) -> Cell {
        Cell {
            count: 1,
            owner: owner + 1,
            kind,
            ..Cell::default()
        }
    }

    #[test]
    fn a_pushed_piece_covers_the_top_which_keeps_its_owner_only() {
        let mut b = board(2);
        b.push(0, piece(0, 1));
        b.push(0, piece(1, 2));
        b.push(0, piece(0, 0));
        assert_eq!(b.stack(0), vec![0, 1, 0]);
        assert_eq!(b.cells[0].count, 3);
        assert!(b.holds(0, 1) && b.holds(0, 0));
        let mut carried = b.lift(0, 2);
        assert_eq!(b.stack(0), vec![0]);
        assert_eq!(b.cells[0].kind, 0, "the piece uncovered is plain");
        b.drop_onto(1, &mut carried, 1);
        b.drop_onto(2, &mut carried, 1);
        assert_eq!((b.stack(1), b.stack(2)), (vec![1], vec![0]));
        assert_eq!(
            b.cells[1].kind, 0,
            "a carried piece beneath the top lands plain"
        );
    }

    #[test]
    fn the_top_carried_lands_last_with_its_kind() {
        let mut b = board(2);
        for (p, k) in [(0, 0), (1, 0), (1, 0), (0, 2)] {
            b.push(3, piece(p, k));
        }
        let mut carried = b.lift(3, 3);
        assert_eq!(b.stack(3), vec![0]);
        b.drop_onto(2, &mut carried, 2);
        b.drop_onto(1, &mut carried, 1);
        assert_eq!(b.stack(2), vec![1, 1]);
        assert_eq!(b.stack(1), vec![0]);
        assert_eq!(b.cells[1].kind, 2);
        assert_eq!(b.filled.iter_in(1).count(), 3);
    }

    #[test]
    fn a_piece_beneath_others_is_taken_from_its_place() {
        let mut b = board(4);
        for p in [2, 0, 3, 1] {
            b.push(0, piece(p, 0));
        }
        assert_eq!(b.take_of(0, 0).map(|c| c.owner), Some(1));
        assert_eq!(b.stack(0), vec![2, 3, 1]);
        assert_eq!(b.take_of(0, 1).map(|c| c.owner), Some(2));
        assert_eq!(b.stack(0), vec![2, 3]);
        assert_eq!(b.take_of(0, 1), None);
        assert!(b.owned[3].contains(0) && !b.owned[2].contains(0));
    }

    #[test]
    fn the_key_follows_the_layers() {
        let mut b = board(2);
        b.keyed = true;
        b.push(0, piece(0, 0));
        b.push(0, piece(1, 0));
        b.push(1, piece(1, 0));
        b.push(1, piece(0, 0));
        let key = b.key;
        b.refresh();
        assert_eq!(b.key, key, "kept in step");
        let mut other = board(2);
        other.keyed = true;
        other.push(0, piece(1, 0));
        other.push(0, piece(1, 0));
        other.push(1, piece(1, 0));
        other.push(1, piece(0, 0));
        assert_ne!(other.key, key, "a layer's owner changes the key");
    }
}
