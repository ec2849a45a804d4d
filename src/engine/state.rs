//! States and moves: plain data, `Clone + Eq + Hash`.

mod board;
mod history;
mod kinds;
use board::cell_word;
pub(crate) use board::{key_term, site_key};
pub use board::{Board, Cell};
pub(crate) use history::History;
pub(crate) use kinds::KindSets;

use crate::compile::ir::{Site, MAX_PLAYERS, NO_SITE};

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
            + self.board.kinds.footprint()
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
