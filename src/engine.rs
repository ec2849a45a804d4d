//! Stage 5: states and moves, and the game API on top of the compiled rules (OpenSpiel style).
//!
//! Contract, for every game:
//! - `Game` is immutable and shared; `State` is plain data, `Clone + Eq + Hash`.
//! - A state is a decision node (the player to move picks a move), a chance node (dice are
//!   thrown; outcomes with probabilities summing to 1) or terminal.
//! - Legal moves come in a deterministic order: by generator as written in the rules, then by
//!   origin site, then by direction (N, NE, E, SE, S, SW, W, NW) or target site. A non-terminal decision node always has at least one move
//!   (a pass where the rules say so); a decision with no move that no rule covers ends in a draw.
//! - Every move has a text notation that parses back to the same move in the same position.

mod ctx;
mod dice;
pub mod draw;
mod filter;
mod game;
mod moves;
mod notation;
mod perft;
mod placing;
mod playout;
mod prefetch;
mod race;
mod render;
mod rules;
mod sample;
mod seated;
mod shifting;
mod sowing;
mod stacks;
mod state;
mod turn;

pub(crate) use ctx::{region_has, Ctx, Effects};
pub use game::Game;
pub(crate) use moves::chain_turn;
pub use moves::Move;
pub(crate) use notation::site_name;
pub use perft::{perft, perft_divide, perft_until};
pub use placing::WordPlacing;
pub use playout::{playout, random_walk, Playout};
pub use race::RacePlan;
pub use rules::PlayError;
pub use sample::Scratch;
pub use shifting::ShiftPlan;
pub use sowing::SowingKernel;
pub(crate) use state::Clock;
pub(crate) use state::{key_term, repetition_key_of, History};
pub use state::{Board, Cell, Last, NodeType, PerPlayer, State, Status};

use crate::compile::ir::{Dice, Phase, MAX_PLAYERS};
use rand::Rng;

/// A move or throw that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a legal {what} here; legal: {legal}")]
pub struct MoveError {
    /// The text given.
    pub text: String,
    /// "move" or "throw".
    pub what: &'static str,
    /// The legal moves or throws, in notation, space-separated.
    pub legal: String,
}

/// A position spelled out, to set up states for tests and analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// Sites, hands, stores and variables.
    pub board: Board,
    /// The player to move, 0-based.
    pub mover: u8,
    /// The phase of the turn (index into the play's phases).
    pub phase: u8,
    /// The current throw.
    pub pips: i64,
    /// Moves played so far.
    pub moves_played: u64,
    /// Moves and throws played so far.
    pub edges_played: u64,
    /// Moves each player has made.
    pub moves_made: [u64; MAX_PLAYERS],
    /// The last move's origin and landing site.
    pub last: Last,
    /// Moves played since the last that made progress (`moves-without-progress`).
    pub moves_without_progress: u32,
    /// Moves the player to move has made in this turn (`moves-this-turn`).
    pub moves_this_turn: u16,
    /// The dice of the throw not yet used (`each-die`), four bits each, the largest first in the
    /// low bits: 0x56 for a 6 and a 5.
    pub dice: u16,
}

impl Game {
    /// The position of a state, to edit and turn back into a state with [`Game::state_at`].
    pub fn position(&self, state: &State) -> Position {
        Position {
            board: state.board.clone(),
            mover: state.mover,
            phase: state.phase,
            pips: state.clock.pips,
            moves_played: state.clock.moves_played,
            edges_played: state.clock.edges_played,
            moves_made: state.clock.moves_made,
            last: state.clock.last,
            moves_without_progress: state.clock.since_progress,
            moves_this_turn: state.clock.turn_moves,
            dice: state.clock.dice,
        }
    }

    /// A state at a set-up position, with its node type, moves and end rules settled as if the
    /// other player had just moved. Its repetition history starts here.
    pub fn state_at(&self, p: Position) -> State {
        let mut board = p.board;
        board.cells.resize(self.sites(), Cell::default());
        board.keyed = self.needs.contains(crate::compile::Needs::REPETITION);
        board.varied = !self.vars.is_empty();
        if !board.varied {
            // A board without variables holds zeros (copies skip them).
            board.vars = Default::default();
        }
        if self.needs.contains(crate::compile::Needs::LAYERS) != board.layers.kept() {
            board.layers = stacks::Layers::of(self);
        }
        board.kinds = state::KindSets::of(self);
        board.kinded = self.needs.contains(crate::compile::Needs::KINDS_HELD);
        if !board.kinded {
            board.held = Default::default();
        }
        board.refresh();
        let mut state = State {
            board,
            mover: if p.mover < self.players { p.mover } else { 0 },
            players: self.players,
            phase: if (p.phase as usize) < self.phases.len() {
                p.phase
            } else {
                0
            },
            clock: Clock {
                pips: p.pips,
                moves_played: p.moves_played,
                edges_played: p.edges_played,
                moves_made: p.moves_made,
                last: p.last,
                since_progress: p.moves_without_progress,
                turn_moves: p.moves_this_turn,
                // Read only right after a move, whose end rules the position comes after.
                captured: 0,
                dice: p.dice,
            },
            node: NodeType::Decision,
            status: Status::Ongoing,
            history: state::History::default(),
        };
        if self.needs.contains(crate::compile::Needs::REPETITION) {
            state.history.push(state.repetition_key());
        }
        let actor = self.prev[state.mover as usize];
        rules::with_buffer(|buf| turn::settle(self, &mut state, actor, false, buf));
        state
    }

    /// The index of a phase by name.
    pub fn phase_index(&self, name: &str) -> Option<u8> {
        self.phase_names
            .iter()
            .position(|p| p == name)
            .map(|i| i as u8)
    }

    /// The start position.
    pub fn new_initial_state(&self) -> State {
        rules::with_buffer(|buf| turn::initial(self, buf))
    }

    /// The legal moves of a decision node, in order (empty at chance and terminal nodes).
    pub fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if state.node == NodeType::Decision {
            rules::generate(self, state, out);
        }
    }

    /// The legal moves as a new vector.
    pub fn moves(&self, state: &State) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves(state, &mut v);
        v
    }

    /// The outcomes of a chance node with their probabilities (empty elsewhere).
    pub fn chance_outcomes(&self, state: &State) -> Vec<(Move, f64)> {
        match (state.node, self.phases.get(state.phase as usize)) {
            (NodeType::Chance, Some(Phase::Chance { dice, .. })) => self.dice[*dice as usize]
                .outcomes
                .iter()
                .map(|&(v, p)| (Move::throw(v), p))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The move a playout draws at a decision node: uniform over the legal moves, found without
    /// listing them all; a pass where the rules allow one and nothing else is legal; `None` if
    /// the player has no move (or the node is not a decision).
    pub fn random_move(
        &self,
        state: &State,
        scratch: &mut Scratch,
        rng: &mut impl Rng,
    ) -> Option<Move> {
        sample::pick_in(self, state, scratch, rng)
    }

    /// The number of legal moves at a decision node, as [`Game::moves`] lists them, counted as
    /// the playout draw counts them (site sets' sizes where it can): what perft's last level
    /// reads. Zero at other nodes.
    pub fn count_moves(&self, state: &State, scratch: &mut Scratch) -> usize {
        match state.node {
            NodeType::Decision => sample::count_legal(self, state, scratch),
            _ => 0,
        }
    }

    /// Draws a chance outcome with its true probability.
    // Always inline, in the playout loop: left to the compiler it went out of line when
    // unrelated code grew (Sig +1.8% instructions per edge).
    #[inline(always)]
    pub fn sample_chance(&self, state: &State, rng: &mut impl Rng) -> Option<Move> {
        let Some(Phase::Chance { dice, .. }) = self.phases.get(state.phase as usize) else {
            return None;
        };
        let d = &self.dice[*dice as usize];
        let i = outcome_drawn(d, rng)?;
        d.outcomes.get(i).map(|o| Move::throw(o.0))
    }

    /// Applies a legal move or chance outcome. The move is trusted to be legal: use
    /// [`Game::parse_move`] or [`Game::apply_checked`] for moves from outside.
    pub fn apply(&self, state: &mut State, m: Move) -> Result<(), PlayError> {
        rules::with_buffer(|buf| turn::apply_edge(self, state, m, buf))
    }

    /// Applies a move and leaves the next decision's legal moves in `moves` (the playout fast path).
    pub fn apply_and_generate(
        &self,
        state: &mut State,
        m: Move,
        moves: &mut Vec<Move>,
    ) -> Result<(), PlayError> {
        turn::apply_edge(self, state, m, moves)
    }

    /// Applies a move as [`Game::apply`] does, the next decision's moves counted as
    /// [`Game::count_moves`] counts them (a family of placements by its set's size) instead of
    /// listed: for callers that draw the next move with [`Game::random_move`] and need no list.
    pub fn apply_unlisted(
        &self,
        state: &mut State,
        m: Move,
        scratch: &mut Scratch,
    ) -> Result<(), PlayError> {
        turn::apply_counted(self, state, m, scratch).map(drop)
    }

    /// Applies a move after checking that it is legal.
    pub fn apply_checked(&self, state: &mut State, m: Move) -> Result<(), PlayError> {
        let legal = match state.node {
            NodeType::Terminal => return Err(PlayError::GameOver),
            NodeType::Chance => self.chance_outcomes(state).iter().any(|o| o.0 == m),
            NodeType::Decision => self.moves(state).contains(&m),
        };
        if !legal {
            return Err(PlayError::Illegal);
        }
        self.apply(state, m)
    }

    /// The notation of a move in a position, such as `place c3`, `c3-c4`, `c3xe3`, `sow d1`, `throw 5`.
    pub fn notation(&self, state: &State, m: Move) -> String {
        notation::write(self, state, m)
    }

    /// The name of a site: `a1` = site 0, columns from the left, rows from the bottom.
    pub fn site_name(&self, site: crate::compile::ir::Site) -> String {
        notation::site_name(self, site)
    }

    /// Reads one move or throw in notation; an error lists the legal ones.
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, state, text)
    }

    /// Splits a line of moves (`"sow d1 c3-c4 throw 5"`) into single moves' notations.
    pub fn split_moves(text: &str) -> Vec<String> {
        notation::split(text)
    }

    /// The position as ASCII: the board, hands, stores and who is to move.
    pub fn render(&self, state: &State) -> String {
        render::board(self, state)
    }

    /// The name of the phase the state is in.
    pub fn phase_name(&self, state: &State) -> &str {
        self.phase_names
            .get(state.phase as usize)
            .map_or("", String::as_str)
    }
}

/// The index of a dice outcome drawn with its true probability: one number drawn, the same for
/// [`Game::sample_chance`] and the playout's throw.
#[inline(always)]
pub(crate) fn outcome_drawn(d: &Dice, rng: &mut impl Rng) -> Option<usize> {
    let total = *d.cumulative.last()?;
    let r = sample::below_u64(rng, total);
    let i = match d.by_draw.get(r as usize) {
        Some(&i) => i as usize,
        None => d.cumulative.partition_point(|&c| c <= r),
    };
    (i < d.outcomes.len()).then_some(i)
}

/// Plays random games of `game` (seeds 0 to `games` - 1) and calls `at` at each position before
/// its move; returns how many positions it saw. For the tests that compare two ways of finding
/// the same thing over positions met in play.
#[cfg(test)]
pub(crate) fn each_random_position(game: &Game, games: u64, mut at: impl FnMut(&State)) -> usize {
    use rand::{Rng, SeedableRng};
    let mut seen = 0;
    for seed in 0..games {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut s = game.new_initial_state();
        while !s.is_terminal() {
            at(&s);
            seen += 1;
            let legal = game.moves(&s);
            let m = legal[rng.random_range(0..legal.len())];
            game.apply(&mut s, m).expect("a legal move");
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_small_copy_values() {
        assert_eq!(std::mem::size_of::<Move>(), 16);
        assert_eq!(std::mem::size_of::<Option<Move>>(), 16);
        assert_eq!(Move::throw(13).throw_value(), Some(13));
        assert_eq!(Move::throw(0).throw_value(), Some(0));
        assert!(Move::pass().is_pass());
    }
}
