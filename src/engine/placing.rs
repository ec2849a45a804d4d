//! Playouts of games where every edge is one placement drawn from a site set and the turn then
//! passes on (`Game::place_only`): the loop of [`super::search::playout`] with the turn
//! control's general cases (chance nodes, phases, trials of filters, repetition) left out. It
//! draws and applies the same moves in the same order, so a seed plays the same game.

use super::rules::apply_gen;
use super::sample::{pick_in, Scratch};
use super::search::Playout;
use super::state::{NodeType, State};
use super::turn::conclude;
use crate::compile::ir::{Game, MAX_PLAYERS};
use crate::compile::Needs;
use rand::Rng;

/// Plays random placements from `state` to the end, as [`super::search::playout`] does.
pub(super) fn playout(
    game: &Game,
    state: &mut State,
    rng: &mut impl Rng,
    scratch: &mut Scratch,
) -> Playout {
    let mut next = pick_in(game, state, scratch, rng);
    while state.node == NodeType::Decision {
        let Some(m) = next else {
            break;
        };
        let actor = state.mover;
        let fx = apply_gen(game, &state.clock, &mut state.board, actor, m);
        let clock = &mut state.clock;
        clock.last = fx.last(m);
        if game.needs.contains(Needs::PROGRESS) {
            clock.since_progress = if fx.progress != 0 {
                0
            } else {
                clock.since_progress.saturating_add(1)
            };
        }
        clock.moves_played += 1;
        clock.moves_made[actor as usize & (MAX_PLAYERS - 1)] += 1;
        clock.edges_played += 1;
        // The turn ends: a turn of one move leaves no moves of the turn counted.
        clock.turn_moves = 0;
        state.mover = game.next[actor as usize & (MAX_PLAYERS - 1)];
        state.phase = 0;
        let chosen = pick_in(game, state, scratch, rng);
        let stuck = chosen.is_none().then_some(state.mover);
        next = if conclude(game, state, actor, false, stuck) {
            None
        } else {
            chosen
        };
    }
    Playout {
        status: state.status,
        edges: state.clock.edges_played,
        moves: state.clock.moves_played,
    }
}
