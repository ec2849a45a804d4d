//! States and moves: plain data, `Clone + Eq + Hash`.

mod history;
pub(crate) use history::History;

use crate::board::{MAX_HELD_KINDS, MAX_VARS};
use crate::compile::ir::{CaptureTo, Site, Sites, MAX_PLAYERS, NO_SITE};

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
    pub(crate) layers: super::stacks::Layers,
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
    }

    /// Becomes `other`, leaving it with this board's cells (a swap of buffers, not a copy).
    #[inline]
    pub(crate) fn take_from(&mut self, other: &mut Board) {
        std::mem::swap(&mut self.cells, &mut other.cells);
        std::mem::swap(&mut self.layers, &mut other.layers);
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
        if self.keyed {
            self.key = self
                .key
                .wrapping_add(site_term(s, (self.cells[s].count - was) as u64));
        }
        if self.cells[s].count > 0 {
            self.filled.insert(s as Site);
        }
    }

    /// Adds one counter to a site without testing its old count (sowing's inner step).
    #[inline(always)]
    pub(crate) fn add_one(&mut self, s: Site) {
        self.cells[s as usize].count += 1;
        self.filled.insert(s);
        if self.keyed {
            self.key = self.key.wrapping_add(site_term(s as usize, 1));
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
    #[inline]
    pub(crate) fn move_one(&mut self, from: usize, to: usize) {
        let moving = self.cells[from];
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
    }
}

/// The numbers of a position that rules read besides the board: the throw and the counts of
/// moves. Kept apart from the board so a move can change the board while the rules read these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Clock {
    pub pips: i64,
    pub moves_played: u64,
    pub edges_played: u64,
    pub moves_made: [u64; MAX_PLAYERS],
    /// The last move made (not a throw), which conditions read as `(last-to)` and the like.
    pub last: Last,
    /// Moves since the last that made progress, kept when the game reads it.
    pub since_progress: u32,
    /// Moves made in the current turn, kept when the game reads it.
    pub turn_moves: u16,
    /// The pieces the last move captured, kept when the game reads it (`captured`).
    pub captured: u32,
    /// The dice of the throw not yet used, four bits each, kept when the game uses dice one at
    /// a time (`each-die`).
    pub dice: u16,
}

/// The origin and landing site of the last move; [`NO_SITE`] before the first move and for a
/// pass. A sowing lands where its last counter falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Last {
    /// Where the move started.
    pub from: Site,
    /// Where it ended.
    pub to: Site,
}

impl Default for Last {
    fn default() -> Last {
        Last {
            from: NO_SITE,
            to: NO_SITE,
        }
    }
}

/// One value per player of a game, stored inline: reads as a slice of the game's players (P1
/// first), and compares with an array of that length.
#[derive(Clone, Copy)]
pub struct PerPlayer<T> {
    values: [T; MAX_PLAYERS],
    players: u8,
}

impl<T> PerPlayer<T> {
    /// The values of the first `players` seats of `values`.
    pub fn new(values: [T; MAX_PLAYERS], players: u8) -> PerPlayer<T> {
        PerPlayer {
            values,
            players: players.min(MAX_PLAYERS as u8),
        }
    }
}

impl<T> std::ops::Deref for PerPlayer<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.values[..self.players as usize]
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for PerPlayer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl<T: PartialEq> PartialEq for PerPlayer<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for PerPlayer<T> {
    fn eq(&self, other: &[T; N]) -> bool {
        **self == other[..]
    }
}

/// What kind of node a state is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeType {
    /// The player to move picks a move.
    Decision,
    /// Dice are thrown.
    Chance,
    /// The game is over.
    Terminal,
}

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Still being played.
    Ongoing,
    /// Won by a player (0-based); the others share the places after.
    Won(u8),
    /// Ended in a ranking (three or four players): each player's place, 1 for first, players
    /// who tie sharing the better place; 0 past the game's players.
    Ranked([u8; MAX_PLAYERS]),
    /// Drawn.
    Drawn,
    /// Stopped unfinished at the edge limit ([`crate::Game::max_edges`]): scored as a draw.
    Stopped,
}

/// A position with everything needed to go on from it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) board: Board,
    pub(crate) mover: u8,
    /// The number of players (the game's, kept here so results can be read without it).
    pub(crate) players: u8,
    pub(crate) phase: u8,
    pub(crate) clock: Clock,
    pub(crate) node: NodeType,
    pub(crate) status: Status,
    /// Repetition keys of earlier positions (only for games that use `(repeated)`).
    pub(crate) history: History,
}

impl Clone for State {
    fn clone(&self) -> State {
        let mut s = State {
            board: Board::default(),
            history: History::default(),
            ..*self
        };
        s.clone_from(self);
        s
    }

    fn clone_from(&mut self, o: &State) {
        self.board.clone_from(&o.board);
        self.history.clone_from(&o.history);
        self.mover = o.mover;
        self.players = o.players;
        self.phase = o.phase;
        self.node = o.node;
        self.status = o.status;
        self.clock = o.clock;
    }
}

impl State {
    /// The bytes a copy of this state holds: itself and its buffers (for memory budgets).
    pub fn footprint(&self) -> usize {
        std::mem::size_of::<State>()
            + self.board.cells.len() * std::mem::size_of::<Cell>()
            + std::mem::size_of_val(self.history.keys())
            + self.board.groups.0.footprint()
            + self.board.chains.0.footprint()
            + self.board.layers.footprint()
    }

    /// Reads a word of each cache line of the state that playing a move reads (its fixed
    /// part's sets and counts, its cells, its groups, its repetition keys), so that a batch
    /// of states can bring the next state into the cache while it plays one. The value means
    /// nothing; give it to `std::hint::black_box`.
    pub fn warm(&self) -> u64 {
        let b = &self.board;
        let players = (self.players as usize).min(MAX_PLAYERS);
        let mut x = b.key ^ u64::from(b.hand[0]) ^ u64::from(b.store[0]) ^ u64::from(b.kinded);
        x ^= b.filled.0[0] ^ b.unmoved.0[0];
        x = b.owned[..players].iter().fold(x, |x, o| x ^ o.0[0]);
        for c in b.cells.iter().step_by(64 / std::mem::size_of::<Cell>()) {
            x ^= u64::from(c.count);
        }
        x ^= b.groups.0.warm(b.cells.len());
        x ^= self.clock.moves_made[0] ^ self.clock.moves_played ^ self.node as u64;
        let keys = self
            .history
            .keys()
            .iter()
            .step_by(64 / std::mem::size_of::<u64>());
        keys.fold(x, |x, k| x ^ k)
    }

    /// The player to move (or whose turn it is at a chance node), 0-based.
    pub fn mover(&self) -> u8 {
        self.mover
    }

    /// The number of players.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Decision, chance or terminal.
    pub fn node(&self) -> NodeType {
        self.node
    }

    /// Whether the game is over.
    pub fn is_terminal(&self) -> bool {
        self.node == NodeType::Terminal
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The returns per player (one per player), from
    /// each player's place: first +1, last -1, evenly between, players who tie sharing the mean
    /// of their places; 0 for all in a draw or a game not over. The returns sum to 0; with two
    /// players they are +1 for the winner and -1 for the loser.
    pub fn returns(&self) -> PerPlayer<f64> {
        let n = (self.players as usize).clamp(2, MAX_PLAYERS);
        let mut r = [0.0; MAX_PLAYERS];
        match self.status {
            Status::Won(w) => {
                for (p, v) in r.iter_mut().enumerate().take(n) {
                    *v = if p == w as usize {
                        1.0
                    } else {
                        -1.0 / (n - 1) as f64
                    };
                }
            }
            Status::Ranked(places) => {
                for p in 0..n {
                    let ahead = (0..n).filter(|&q| places[q] < places[p]).count();
                    let tied = (0..n).filter(|&q| q != p && places[q] == places[p]).count();
                    let place = ahead as f64 + tied as f64 / 2.0;
                    r[p] = 1.0 - 2.0 * place / (n - 1) as f64;
                }
            }
            _ => {}
        }
        PerPlayer::new(r, n as u8)
    }

    /// The counters in each player's store.
    pub fn scores(&self) -> PerPlayer<u32> {
        PerPlayer::new(self.board.store, self.players)
    }

    /// The contents of every site.
    pub fn cells(&self) -> &[Cell] {
        &self.board.cells
    }

    /// Pieces in each player's hand.
    pub fn hands(&self) -> PerPlayer<u16> {
        PerPlayer::new(self.board.hand, self.players)
    }

    /// Pieces of `kind` in `player`'s hand, where hands keep kinds (`captured:Captor`); 0
    /// elsewhere.
    pub fn held(&self, player: u8, kind: u8) -> u8 {
        self.board.held(player, kind)
    }

    /// Whether the game's hands keep the kinds of the pieces they hold.
    pub fn hands_keep_kinds(&self) -> bool {
        self.board.kinded
    }

    /// A player variable.
    pub fn var(&self, player: u8, var: usize) -> i64 {
        self.board.vars[player as usize & (MAX_PLAYERS - 1)]
            .get(var)
            .copied()
            .unwrap_or(0)
    }

    /// The current throw (or the value a phase set).
    pub fn pips(&self) -> i64 {
        self.clock.pips
    }

    /// The current phase of the turn.
    pub fn phase(&self) -> u8 {
        self.phase
    }

    /// Moves (passes included) played so far.
    pub fn moves_played(&self) -> u64 {
        self.clock.moves_played
    }

    /// Moves and throws played so far.
    pub fn edges_played(&self) -> u64 {
        self.clock.edges_played
    }

    /// A 64-bit hash of the whole position, for transposition tables.
    pub fn hash64(&self) -> u64 {
        let mut h = Mixer::new();
        for c in &self.board.cells {
            h.add(cell_word(c));
        }
        h.add(self.board.hand[0] as u64 | (self.board.hand[1] as u64) << 16);
        h.add(self.board.store[0] as u64 | (self.board.store[1] as u64) << 32);
        for p in 0..2 {
            for v in self.board.vars[p] {
                h.add(v as u64);
            }
        }
        // Players past two add their words after: two-player hashes stay as they were.
        for p in 2..(self.players as usize).min(MAX_PLAYERS) {
            h.add(self.board.hand[p] as u64 | (self.board.store[p] as u64) << 32);
            for v in self.board.vars[p] {
                h.add(v as u64);
            }
        }
        // Hands by kind only where they are kept: other games' hashes stay as they were.
        if self.board.kinded {
            for kinds in &self.board.held {
                for pair in kinds.chunks(8) {
                    h.add(pair.iter().fold(0, |w, &n| w << 8 | n as u64));
                }
            }
        }
        // Only games whose stacks mix owners add their layers: other hashes stay as they were.
        if self.board.layers.kept() {
            h.add(self.board.layers_key());
        }
        // Only games that use dice one at a time add them: other hashes stay as they were.
        if self.clock.dice != 0 {
            h.add(self.clock.dice as u64);
        }
        h.add(
            self.mover as u64
                | (self.phase as u64) << 8
                | (self.clock.pips as u64) << 16
                | (self.node as u64) << 48,
        );
        h.finish()
    }

    /// The key of the position for repetition: every site, the hands by kind where they are
    /// kept, and the player to move.
    pub(crate) fn repetition_key(&self) -> u64 {
        repetition_key_of(self.board.key, self.mover, self.phase)
    }
}

/// The repetition key of a board whose key is `key`, with `mover` to move in `phase`: the board
/// key, a sum of random odd terms, plus one more for the turn's place. No mixing: the key's top
/// bits, which the history's filter reads, are already as random as its terms, and two positions
/// collide only as often as two board keys do. One multiply where a mixer took three in a chain,
/// on every edge of a game that tests repetition.
#[inline(always)]
pub(crate) fn repetition_key_of(key: u64, mover: u8, phase: u8) -> u64 {
    let place = 1 + (mover as u64 | (phase as u64) << 8);
    key.wrapping_add(place.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// The word a site's term of the key adds while its piece has never moved: beyond every cell's
/// word (a cell's word fills 48 bits).
const UNMOVED_WORD: u64 = 1 << 56;

#[inline]
fn cell_word(c: &Cell) -> u64 {
    c.count as u64
        | (c.owner as u64) << 16
        | (c.pos as u64) << 24
        | (c.state as u64) << 32
        | (c.kind as u64) << 40
}

/// A fast, well-mixing 64-bit hash accumulator.
struct Mixer(u64);

impl Mixer {
    fn new() -> Mixer {
        Mixer(0x9e37_79b9_7f4a_7c15)
    }

    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }

    fn finish(self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
