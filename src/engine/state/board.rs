//! The board: the sites' cells, their site sets, hands, stores and variables, and the key that
//! follows every change.

use crate::board::{MAX_HELD_KINDS, MAX_VARS};
use crate::compile::ir::{CaptureTo, Site, Sites, MAX_PLAYERS};

/// The contents of one site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cell {
    /// Counters or pieces on the site.
    pub count: u16,
    /// 0 for neutral counters or an empty site, player + 1 for a player's pieces (1 for P1's).
    pub owner: u8,
    /// For a piece on a track: its place on its owner's track.
    pub pos: u8,
    /// For a piece: its state (index into the game's piece states).
    pub state: u8,
    /// For a piece: its kind (index into the game's piece kinds).
    pub kind: u8,
}

impl Cell {
    /// `count` pieces of player `mover`, fresh: at the start of their track, in the first state.
    #[inline]
    pub(crate) fn piece(mover: u8, count: u16) -> Cell {
        Cell {
            count,
            owner: mover + 1,
            pos: 0,
            state: 0,
            kind: 0,
        }
    }
}

/// Everything a move can change: sites, hands, stores, player variables.
#[derive(Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// One cell per site.
    pub cells: Vec<Cell>,
    /// Pieces in hand, per player.
    pub hand: [u16; MAX_PLAYERS],
    /// Pieces in hand by kind, per player, kept only by games whose hands keep kinds
    /// (`captured:Captor`); zero for the others, whose copies skip them. `hand` stays their sum.
    pub(crate) held: [[u8; MAX_HELD_KINDS]; MAX_PLAYERS],
    /// Captured counters, per player.
    pub store: [u32; MAX_PLAYERS],
    /// Player variables.
    pub vars: [[i64; MAX_VARS]; MAX_PLAYERS],
    /// Sites holding anything (kept in step with `cells`; see [`Board::refresh`]).
    pub(crate) filled: Sites,
    /// Sites holding each player's pieces.
    pub(crate) owned: [Sites; MAX_PLAYERS],
    /// The sites whose pieces, of a kind that castles, stand where the game started them and
    /// never moved, kept only for games that castle: a site leaves it once a move starts, lands
    /// or takes there, and never comes back.
    pub(crate) unmoved: Sites,
    /// The sum of every cell's word times its site's key, kept in step with `cells`: the board's
    /// part of the repetition key, updated by one multiply-add where a cell changes.
    pub(crate) key: u64,
    /// Whether `key` is kept: only games that test repetition pay for it.
    pub(crate) keyed: bool,
    /// Whether the game has player variables; if not, `vars` stays zero and copies skip it
    /// (the 128 bytes of 64-bit variables are most of a board's fixed part).
    pub(crate) varied: bool,
    /// Whether hands keep kinds (`held` is kept); if not, `held` stays zero and copies skip it.
    pub(crate) kinded: bool,
    /// The words of the site sets the board's sites reach (the rest stay zero): a copy between
    /// two boards of one word copies one word of each set, not the whole sets.
    pub(crate) words: u8,
    /// The sites the move just applied sowed into, kept only for games whose filters read them.
    pub(crate) sown: Sown,
    /// The groups of each player's pieces, kept only for games whose connection tests read
    /// them, and no part of the position.
    pub(crate) groups: Aside<crate::ludemes::Groups>,
    /// The chains of each player's pieces with their liberties, kept only for games whose
    /// surround rule reads them, and no part of the position.
    pub(crate) chains: Aside<crate::ludemes::Chains>,
    /// The owners beneath each site's top, kept only by games whose stacks mix owners.
    pub(crate) layers: crate::engine::stacks::Layers,
    /// The sites of each piece kind, kept only by games whose draw counts one kind's steps.
    pub(crate) kinds: super::kinds::KindSets,
}

/// What a board holds beside its position: boards equal or hash alike whatever it holds.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Aside<T>(pub T);

impl<T> PartialEq for Aside<T> {
    fn eq(&self, _: &Aside<T>) -> bool {
        true
    }
}

impl<T> Eq for Aside<T> {}

impl<T> std::hash::Hash for Aside<T> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// The sites a move sowed into: a scratch of the board's, read by filters right after the move.
pub(crate) type Sown = Aside<Sites>;

/// Entries of [`SITE_KEYS`]: a power of two at least the most sites a board may have, so that
/// a mask keeps every index in the table.
const SITE_KEY_COUNT: usize = (64 * crate::compile::ir::SITE_WORDS).next_power_of_two();

/// Per-site multipliers of [`Board::key`] (odd and well mixed: splitmix64 of the site).
static SITE_KEYS: [u64; SITE_KEY_COUNT] = {
    let mut keys = [0u64; SITE_KEY_COUNT];
    let mut i = 0;
    while i < SITE_KEY_COUNT {
        keys[i] = key_number(i as u64);
        i += 1;
    }
    keys
};

/// The `i`-th multiplier of the board key: splitmix64 of `i + 1`, made odd.
const fn key_number(i: u64) -> u64 {
    let mut z = (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) | 1
}

/// The multiplier of [`Board::key`] for one piece of a kind in a player's hand: a splitmix64 of
/// a number past every site's, so that a hand never reads as a site.
#[inline(always)]
fn held_key(player: usize, kind: usize) -> u64 {
    key_number((SITE_KEY_COUNT + player * MAX_HELD_KINDS + kind) as u64)
}

/// A site's term of the board key for a cell word.
#[inline(always)]
fn site_term(s: usize, word: u64) -> u64 {
    word.wrapping_mul(site_key(s))
}

/// A site's term of the board key when it holds `c`: what [`Board::put`] adds for it.
#[inline(always)]
pub(crate) fn key_term(s: usize, c: &Cell) -> u64 {
    site_term(s, cell_word(c))
}

/// A site's multiplier of the board key: a neutral cell of `n` counters adds `n` times it.
#[inline(always)]
pub(crate) fn site_key(s: usize) -> u64 {
    SITE_KEYS[s & (SITE_KEY_COUNT - 1)]
}

impl Board {
    /// Recomputes the site sets after `cells` were edited directly.
    pub fn refresh(&mut self) {
        self.filled = Sites::default();
        self.owned = [Sites::default(); MAX_PLAYERS];
        self.key = 0;
        if self.keyed {
            self.key = self.layers_key();
        }
        if self.keyed && self.kinded {
            for (p, kinds) in self.held.iter().enumerate() {
                for (k, &n) in kinds.iter().enumerate() {
                    self.key = self
                        .key
                        .wrapping_add((n as u64).wrapping_mul(held_key(p, k)));
                }
            }
        }
        for (s, c) in self.cells.iter().enumerate() {
            if self.keyed {
                self.key = self.key.wrapping_add(site_term(s, cell_word(c)));
            }
            if self.keyed && self.unmoved.contains(s as Site) {
                self.key = self.key.wrapping_add(site_term(s, UNMOVED_WORD));
            }
            if c.count > 0 {
                self.filled.insert(s as Site);
                if let Some(set) = self.owned.get_mut((c.owner as usize).wrapping_sub(1)) {
                    set.insert(s as Site);
                }
            }
        }
        self.kinds.refresh(&self.cells);
    }

    /// Becomes `other`, leaving it with this board's cells (a swap of buffers, not a copy).
    #[inline]
    pub(crate) fn take_from(&mut self, other: &mut Board) {
        std::mem::swap(&mut self.cells, &mut other.cells);
        std::mem::swap(&mut self.layers, &mut other.layers);
        std::mem::swap(&mut self.kinds, &mut other.kinds);
        self.hand = other.hand;
        self.store = other.store;
        self.copy_vars(other);
        self.copy_held(other);
        self.copy_sets(other);
        self.key = other.key;
        self.keyed = other.keyed;
    }

    /// Takes the site sets of `other`: only their first word when both boards have one (the
    /// other words are zero in both), else whole.
    #[inline(always)]
    fn copy_sets(&mut self, other: &Board) {
        if self.words == 1 && other.words == 1 {
            self.filled.0[0] = other.filled.0[0];
            self.unmoved.0[0] = other.unmoved.0[0];
            for (mine, theirs) in self.owned.iter_mut().zip(&other.owned) {
                mine.0[0] = theirs.0[0];
            }
        } else {
            self.filled = other.filled;
            self.owned = other.owned;
            self.unmoved = other.unmoved;
            self.words = other.words;
        }
    }

    /// Takes the variables of `other`; nothing to copy when neither board has any (a board
    /// without variables holds only zeros).
    #[inline(always)]
    fn copy_vars(&mut self, other: &Board) {
        if self.varied | other.varied {
            self.vars = other.vars;
        }
        self.varied = other.varied;
    }

    /// Takes the hands by kind of `other`; nothing to copy when neither board keeps them.
    #[inline(always)]
    fn copy_held(&mut self, other: &Board) {
        if self.kinded | other.kinded {
            self.held = other.held;
        }
        self.kinded = other.kinded;
    }

    /// Pieces of `kind` in `player`'s hand (0 where hands keep no kinds).
    #[inline(always)]
    pub fn held(&self, player: u8, kind: u8) -> u8 {
        self.held[player as usize & (MAX_PLAYERS - 1)][(kind as usize).min(MAX_HELD_KINDS - 1)]
    }

    /// Puts `n` pieces of `kind` into `player`'s hand, or takes them out for a negative `n`,
    /// keeping the hand's total and the key. Only for boards whose hands keep kinds.
    #[inline]
    pub(crate) fn hold(&mut self, player: u8, kind: u8, n: i32) {
        let (p, k) = (
            player as usize & (MAX_PLAYERS - 1),
            (kind as usize).min(MAX_HELD_KINDS - 1),
        );
        let was = self.held[p][k];
        let now = (was as i32 + n).clamp(0, u8::MAX as i32) as u8;
        self.held[p][k] = now;
        let total = self.hand[p] as i32 + (now as i32 - was as i32);
        self.hand[p] = total.clamp(0, u16::MAX as i32) as u16;
        if self.keyed {
            let delta = (now as u64).wrapping_sub(was as u64);
            self.key = self.key.wrapping_add(delta.wrapping_mul(held_key(p, k)));
        }
    }

    /// Sets how many pieces of `kind` `player` holds, for a position set up by hand: the board
    /// then keeps kinds in its hands. Call [`Board::refresh`] after the last edit.
    pub fn set_held(&mut self, player: u8, kind: u8, n: u8) {
        self.kinded = true;
        let (p, k) = (
            player as usize & (MAX_PLAYERS - 1),
            (kind as usize).min(MAX_HELD_KINDS - 1),
        );
        self.held[p][k] = n;
        self.hand[p] = self.held[p].iter().map(|&c| c as u16).sum();
    }

    /// Sets a site's contents.
    #[inline(always)]
    pub(crate) fn put(&mut self, s: usize, c: Cell) {
        let site = s as Site;
        let c = if c.count == 0 { Cell::default() } else { c };
        let was = std::mem::replace(&mut self.cells[s], c);
        if self.kinds.kept() {
            self.kinds.change(site, &was, &c);
        }
        if self.keyed {
            self.key = self
                .key
                .wrapping_add(site_term(s, cell_word(&c).wrapping_sub(cell_word(&was))));
        }
        if was.owner != 0 {
            self.owned[(was.owner as usize - 1) & (MAX_PLAYERS - 1)].remove(site);
        }
        if c.count == 0 {
            self.filled.remove(site);
            return;
        }
        self.filled.insert(site);
        if c.owner != 0 {
            self.owned[(c.owner as usize - 1) & (MAX_PLAYERS - 1)].insert(site);
        }
    }

    /// Empties a site.
    #[inline]
    pub(crate) fn clear(&mut self, s: usize) {
        self.put(s, Cell::default());
    }

    /// Adds counters to a site, keeping its owner.
    #[inline]
    pub(crate) fn add(&mut self, s: usize, n: u16) {
        let was = self.cells[s].count;
        self.cells[s].count = was.saturating_add(n);
        if self.kinds.kept() && was == 0 {
            let c = self.cells[s];
            self.kinds.change(s as Site, &Cell::default(), &c);
        }
        if self.keyed {
            self.key = self
                .key
                .wrapping_add(site_term(s, (self.cells[s].count - was) as u64));
        }
        if self.cells[s].count > 0 {
            self.filled.insert(s as Site);
        }
    }

    /// Adds one counter to a site without testing its old count (sowing's inner step). It keeps
    /// no kinds' sets: a sowing on the board ends in [`Board::sown`], which reads them again.
    #[inline(always)]
    pub(crate) fn add_one(&mut self, s: Site) {
        self.cells[s as usize].count += 1;
        self.filled.insert(s);
        if self.keyed {
            self.key = self.key.wrapping_add(site_term(s as usize, 1));
        }
    }

    /// After a sowing on the board: the kinds' sets, if kept, read again from the cells, which
    /// [`Board::add_one`] left behind.
    #[inline(always)]
    pub(crate) fn sown(&mut self) {
        if self.kinds.kept() {
            self.kinds.refresh(&self.cells);
        }
    }

    /// Sends a captured site's contents where the rule says, for `capturer`; into the captor's
    /// hand, a piece of a kind that `demote` lists goes back to the kind it names.
    #[inline(always)]
    pub(crate) fn bank(&mut self, to: CaptureTo, capturer: u8, taken: Cell, demote: &[u8]) {
        let n = taken.count as u32;
        match to {
            CaptureTo::Captor => {
                let kind = demote
                    .get(taken.kind as usize)
                    .copied()
                    .unwrap_or(taken.kind);
                self.hold(capturer, kind, n.min(u8::MAX as u32) as i32);
            }
            CaptureTo::Store => self.store[capturer as usize & (MAX_PLAYERS - 1)] += n,
            CaptureTo::Hand => {
                let p = (taken.owner as usize)
                    .checked_sub(1)
                    .unwrap_or(capturer as usize);
                let hand = &mut self.hand[p & (MAX_PLAYERS - 1)];
                *hand = hand.saturating_add(n.min(u16::MAX as u32) as u16);
            }
            CaptureTo::Removed => {}
        }
    }

    /// Forgets that the piece on `s` never moved: it moved, or was taken. Changes the key,
    /// so that a position where a piece may still castle never repeats one where it may not.
    #[inline]
    pub(crate) fn forget_unmoved(&mut self, s: Site) {
        if self.unmoved.contains(s) {
            self.unmoved.remove(s);
            if self.keyed {
                self.key = self.key.wrapping_sub(site_term(s as usize, UNMOVED_WORD));
            }
        }
    }

    /// Takes one piece off a site.
    #[inline]
    pub(crate) fn take_one(&mut self, s: usize) {
        let mut c = self.cells[s];
        c.count = c.count.saturating_sub(1);
        self.put(s, c);
    }

    /// Moves one piece of the stack on `from` to `to`, which it then holds alone; the piece
    /// keeps its kind and state.
    #[inline(always)]
    pub(crate) fn move_one(&mut self, from: usize, to: usize) {
        let moving = self.cells[from];
        // The commonest move, a player's lone piece to an empty site, as four bits, two cells
        // and the key's two terms: through `put` twice it cost draughts 6% of its instructions.
        if moving.count == 1 && moving.owner != 0 && self.cells[to] == Cell::default() {
            let (f, t) = (from as Site, to as Site);
            if self.keyed {
                // What `put` adds for each site: the word there less the word that was.
                let w = cell_word(&moving);
                self.key = self
                    .key
                    .wrapping_add(site_term(to, w))
                    .wrapping_sub(site_term(from, w));
            }
            self.cells[from] = Cell::default();
            self.cells[to] = moving;
            self.filled.remove(f);
            self.filled.insert(t);
            let owned = &mut self.owned[(moving.owner as usize - 1) & (MAX_PLAYERS - 1)];
            owned.remove(f);
            owned.insert(t);
            if self.kinds.kept() {
                self.kinds.shift(moving.kind, f, t);
            }
            return;
        }
        self.move_one_by_put(from, to, moving);
    }

    /// [`Board::move_one`] in general: out of line, so that the common case inlined saves no
    /// registers for it.
    #[inline(never)]
    fn move_one_by_put(&mut self, from: usize, to: usize, moving: Cell) {
        self.take_one(from);
        self.put(to, Cell { count: 1, ..moving });
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            cells: self.cells.clone(),
            hand: self.hand,
            held: self.held,
            kinded: self.kinded,
            store: self.store,
            vars: self.vars,
            filled: self.filled,
            owned: self.owned,
            unmoved: self.unmoved,
            key: self.key,
            keyed: self.keyed,
            varied: self.varied,
            words: self.words,
            sown: Sown::default(),
            groups: self.groups.clone(),
            chains: self.chains.clone(),
            layers: self.layers.clone(),
            kinds: self.kinds.clone(),
        }
    }

    // Reuses the cell buffer: cloning into a warm board allocates nothing. Inline: filters
    // copy a board for every move they try.
    #[inline]
    fn clone_from(&mut self, other: &Board) {
        self.cells.clone_from(&other.cells);
        self.hand = other.hand;
        self.store = other.store;
        self.copy_vars(other);
        self.copy_held(other);
        self.copy_sets(other);
        self.key = other.key;
        self.keyed = other.keyed;
        self.chains.0.copy_from(&other.chains.0);
        self.layers.copy_from(&other.layers);
        self.kinds.copy_from(&other.kinds);
    }
}

/// The word a site's term of the key adds while its piece has never moved: beyond every cell's
/// word (a cell's word fills 48 bits).
const UNMOVED_WORD: u64 = 1 << 56;

#[inline]
pub(super) fn cell_word(c: &Cell) -> u64 {
    c.count as u64
        | (c.owner as u64) << 16
        | (c.pos as u64) << 24
        | (c.state as u64) << 32
        | (c.kind as u64) << 40
}
