//! Perft: the paths of each length from a position counted, in parallel over the first level,
//! allocation-free once their buffers are warm.

use super::moves::Move;
use super::sample::Scratch;
use super::sowing;
use super::state::{NodeType, State};
use super::turn;
use crate::engine::Game;
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
