//! Perft and random playouts, allocation-free once their buffers are warm.

use super::moves::Move;
use super::sample::{self, Scratch};
use super::sowing;
use super::state::{NodeType, State, Status};
use super::turn;
use crate::engine::Game;
use rand::Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Counts of paths of exactly `d` edges from `state`, for d = 0..=depth (RULES.md's perft; the
/// count at depth 0 is 1, the empty path).
pub fn perft(game: &Game, state: &State, depth: usize) -> Vec<u64> {
    perft_until(game, state, depth, &AtomicBool::new(false)).unwrap_or_else(|partial| partial)
}

/// [`perft`] that gives up once `stop` is raised (Ctrl-C), with the counts so far as the error:
/// lower bounds, not counts.
pub fn perft_until(
    game: &Game,
    state: &State,
    depth: usize,
    stop: &AtomicBool,
) -> Result<Vec<u64>, Vec<u64>> {
    let mut counts = vec![0u64; depth + 1];
    // The empty path: perft(0) = 1.
    counts[0] = 1;
    if depth == 0 {
        return Ok(counts);
    }
    let children = edges(game, state);
    counts[1] = children.len() as u64;
    let sub: Vec<Vec<u64>> = children
        .par_iter()
        .map(|&m| {
            let mut child = state.clone();
            let mut moves = Vec::new();
            let mut counts = vec![0u64; depth + 1];
            if depth > 1 && game.apply_and_generate(&mut child, m, &mut moves).is_ok() {
                let mut states: Vec<State> = (0..depth).map(|_| child.clone()).collect();
                let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::new()).collect();
                walk(
                    game,
                    &child,
                    &moves,
                    2,
                    depth,
                    &mut counts,
                    &mut states,
                    &mut bufs,
                    &mut Scratch::default(),
                    &mut Vec::new(),
                    stop,
                );
            }
            counts
        })
        .collect();
    for c in sub {
        for d in 2..=depth {
            counts[d] += c[d];
        }
    }
    if stop.load(Ordering::Relaxed) {
        return Err(counts);
    }
    Ok(counts)
}

/// Perft at `depth` (1 or more) below each edge of the root: (notation, count), for finding a
/// divergence; `None` once `stop` is raised.
pub fn perft_divide(
    game: &Game,
    state: &State,
    depth: usize,
    stop: &AtomicBool,
) -> Option<Vec<(String, u64)>> {
    edges(game, state)
        .into_iter()
        .map(|m| {
            let mut child = state.clone();
            let name = game.notation(state, m);
            if depth <= 1 {
                return Some((name, 1));
            }
            let _ = game.apply(&mut child, m);
            let counts = perft_until(game, &child, depth - 1, stop).ok()?;
            Some((name, counts[depth - 1]))
        })
        .collect()
}

fn edges(game: &Game, state: &State) -> Vec<Move> {
    match state.node {
        NodeType::Chance => game
            .chance_outcomes(state)
            .into_iter()
            .map(|o| o.0)
            .collect(),
        NodeType::Decision => game.moves(state),
        NodeType::Terminal => Vec::new(),
    }
}

/// Visits the children of `state`, which sits at depth `d - 1`, counting nodes at depth `d` and
/// below. `states` and `bufs` hold one reusable state and move buffer per remaining depth, `keys`
/// the repetition keys of a sowing game's walk on its counts.
#[allow(clippy::too_many_arguments)]
fn walk(
    game: &Game,
    state: &State,
    moves: &[Move],
    d: usize,
    depth: usize,
    counts: &mut [u64],
    states: &mut [State],
    bufs: &mut [Vec<Move>],
    scratch: &mut Scratch,
    keys: &mut Vec<u64>,
    stop: &AtomicBool,
) {
    let throws = super::turn::throws(game, state);
    let n = match state.node {
        NodeType::Terminal => return,
        NodeType::Decision => moves.len(),
        NodeType::Chance => throws.len(),
    };
    counts[d] += n as u64;
    if d == depth {
        return;
    }
    // Checked two levels above the leaves and higher: a relaxed load per b-squared leaves or so,
    // out of the bulk-counted last levels.
    if d + 1 < depth && stop.load(Ordering::Relaxed) {
        return;
    }
    // Sowing games go on, below the node where their loop can play, on its counts.
    if let Some(k) = &game.plans.sowing {
        if sowing::perft_below(game, k, state, moves, (d, depth), counts, keys, stop) {
            return;
        }
    }
    let (Some((child, states)), Some((buf, bufs))) =
        (states.split_first_mut(), bufs.split_first_mut())
    else {
        return;
    };
    for i in 0..n {
        let m = match state.node {
            NodeType::Chance => Move::throw(throws[i].0),
            _ => moves[i],
        };
        child.clone_from(state);
        let listed = if let (Some(k), true) = (&game.plans.sowing, d + 1 < depth) {
            // Settled on the sowing loop's counts once the loop can play from the child.
            let at = (d, depth);
            matches!(
                sowing::perft_after(game, k, child, m, at, counts, keys, buf, stop),
                Ok(sowing::After::Settled)
            )
        } else if d + 1 == depth {
            // The last level is counted, not listed, where the draw can count it.
            if let Ok(k) = turn::apply_and_count(game, child, m, scratch) {
                counts[depth] += k as u64;
            }
            false
        } else {
            game.apply_and_generate(child, m, buf).is_ok()
        };
        if listed {
            walk(
                game,
                child,
                buf,
                d + 1,
                depth,
                counts,
                states,
                bufs,
                scratch,
                keys,
                stop,
            );
        }
    }
}

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
        | game.plans.shift_plan.is_some()
        | game.plans.race.is_some()
        | game.plans.sowing.is_some()
    {
        return kernel(game, state, rng, scratch);
    }
    let mut next = sample::pick_in(game, state, scratch, rng);
    loop {
        let m = match state.node {
            NodeType::Terminal => break,
            // The throw's outcome is carried by its index, not made a move and searched again.
            NodeType::Chance => match turn::throw_sampled(game, state, scratch, rng) {
                Some(n) => {
                    next = n;
                    continue;
                }
                None => break,
            },
            NodeType::Decision => match next {
                Some(m) => m,
                None => break,
            },
        };
        match turn::apply_sampled(game, state, m, scratch, rng) {
            Ok(n) => next = n,
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
