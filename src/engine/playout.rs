//! Random playouts: the general loop, or the loop chosen at load time for the game's shape; and
//! the walk that shows every edge. Allocation-free once their buffers are warm.

use super::moves::Move;
use super::sample::{self, Scratch};
use super::state::{NodeType, State, Status};
use super::turn;
use crate::board::select::{dispatch, WithSelect};
use crate::engine::Game;
use rand::Rng;

/// The result of one random playout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playout {
    /// How the game ended.
    pub status: Status,
    /// Edges played (moves, passes and throws).
    pub edges: u64,
    /// Moves played.
    pub moves: u64,
}

impl Playout {
    /// The result of a playout that left `state` where it ended.
    #[inline(always)]
    pub(super) fn of(state: &State) -> Playout {
        Playout {
            status: state.status,
            edges: state.clock.edges_played,
            moves: state.clock.moves_played,
        }
    }
}

/// Plays uniformly random moves (chance drawn with its true probabilities) from `state` to the end.
/// `state` is left at the final position; `scratch` holds reusable buffers.
pub fn playout(
    game: &Game,
    state: &mut State,
    rng: &mut impl Rng,
    scratch: &mut Scratch,
) -> Playout {
    // The loops of shapes of game chosen at load time, behind one test here: a second test in
    // this function changed the general loop's code (Woli +2% to +3%).
    if game.plans.place_only
        | game.plans.word_placing.is_some()
        | game.plans.shift_plan.is_some()
        | game.plans.race.is_some()
        | game.plans.sowing.is_some()
    {
        return kernel(game, state, rng, scratch);
    }
    let next = sample::pick_in(game, state, scratch, rng);
    play_general(game, state, rng, scratch, next)
}

/// The general loop from `state`, whose next move, drawn, is `next`.
#[inline(always)]
pub(super) fn play_general(
    game: &Game,
    state: &mut State,
    rng: &mut impl Rng,
    scratch: &mut Scratch,
    next: Option<Move>,
) -> Playout {
    // The next move is carried as its two words: a draw stores a move's fields one by one, and
    // the loop's copy of the whole move read them as one wide word, which waited for those
    // stores (English draughts took about 5% more time).
    let mut next = next.map(|m| m.words());
    loop {
        let m = match state.node {
            NodeType::Terminal => break,
            // The throw's outcome is carried by its index, not made a move and searched again.
            NodeType::Chance => match turn::throw_sampled(game, state, scratch, rng) {
                Some(n) => {
                    next = n.map(|m| m.words());
                    continue;
                }
                None => break,
            },
            NodeType::Decision => match next {
                Some(m) => Move::from_words(m),
                None => break,
            },
        };
        match turn::apply_sampled(game, state, m, scratch, rng) {
            Ok(n) => next = n.map(|m| m.words()),
            Err(_) => break,
        }
    }
    Playout::of(state)
}

/// A playout by the loop chosen at load time for the game's shape: throws and advances,
/// sowings, or placements, steps and hops. Out of line, and one test in [`playout`]: a second
/// test there moved the general loop's code (Woli +1.9% instructions).
#[inline(never)]
fn kernel(game: &Game, state: &mut State, rng: &mut impl Rng, scratch: &mut Scratch) -> Playout {
    if let Some(plan) = &game.plans.race {
        return super::race::playout(game, plan, state, rng, scratch);
    }
    match &game.plans.sowing {
        Some(kernel) => super::sowing::playout(game, kernel, state, rng, scratch),
        None => super::placing::playout(game, state, rng, scratch),
    }
}

/// Plays uniformly random moves drawn from the full legal list (chance with its true
/// probabilities) to the end, calling `visit(before, legal, edge, after)` for every edge; `legal`
/// is empty at chance nodes. Slower than [`playout`], for callers that watch each move.
pub fn random_walk(
    game: &Game,
    state: &mut State,
    rng: &mut impl Rng,
    mut visit: impl FnMut(&State, &[Move], Move, &State),
) {
    let mut moves = Vec::new();
    let mut before = state.clone();
    game.legal_moves(state, &mut moves);
    loop {
        let m = match state.node {
            NodeType::Terminal => break,
            NodeType::Chance => match game.sample_chance(state, rng) {
                Some(m) => m,
                None => break,
            },
            NodeType::Decision => {
                if moves.is_empty() {
                    break;
                }
                moves[rng.random_range(0..moves.len())]
            }
        };
        before.clone_from(state);
        let legal = if before.node == NodeType::Decision {
            std::mem::take(&mut moves)
        } else {
            Vec::new()
        };
        if game.apply_and_generate(state, m, &mut moves).is_err() {
            break;
        }
        visit(&before, &legal, m, state);
    }
}

/// Where a loop of one shape left the game to the general loop, at a turn whose draw it does
/// not make (a priority's later set: a pass).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Handover {
    /// Before any move: the general loop draws the first.
    Start,
    /// After this player's move, whose turn control the loop played: the general loop settles
    /// the next node (its draw and the end rules).
    After(u8),
}

/// A loop for a shape whose draws end in the k-th set bit of a word: played by
/// [`play_selecting`], compiled with the CPU's fast select where there is one.
pub(super) trait SelectingLoop {
    /// Plays from `state` to the end, or to where the general loop goes on; each draw's last
    /// step is `select(word, k)`.
    fn play(
        &self,
        game: &Game,
        state: &mut State,
        rng: &mut impl Rng,
        select: impl Fn(u64, u32) -> u8 + Copy,
    ) -> Option<Handover>;
}

/// Plays `plan`'s loop from `state` with the select this CPU runs fastest.
#[inline(always)]
pub(super) fn play_selecting(
    game: &Game,
    plan: &impl SelectingLoop,
    state: &mut State,
    rng: &mut impl Rng,
) -> Option<Handover> {
    dispatch(Selecting {
        game,
        plan,
        state,
        rng,
    })
}

/// A loop and what it plays, as a job for [`dispatch`].
struct Selecting<'a, P, R> {
    game: &'a Game,
    plan: &'a P,
    state: &'a mut State,
    rng: &'a mut R,
}

impl<P: SelectingLoop, R: Rng> WithSelect for Selecting<'_, P, R> {
    type Output = Option<Handover>;

    #[inline(always)]
    fn run(self, select: impl Fn(u64, u32) -> u8 + Copy) -> Option<Handover> {
        self.plan.play(self.game, self.state, self.rng, select)
    }
}
