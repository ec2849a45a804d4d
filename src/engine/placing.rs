//! Playouts of games where every edge is one placement drawn from a site set and the turn then
//! passes on (`Game::place_only`): the loop of [`super::playout::playout`] with the turn
//! control's general cases (chance nodes, phases, passes, trials of filters, repetition, effects
//! after a move) left out, one loop per board width. It draws and applies the same moves in the
//! same order, so a seed plays the same game.

mod word;

pub use word::WordPlacing;

use super::playout::{play_general, Handover, Playout};
use super::sample::{pick_in, pick_placement, Scratch};
use super::state::{NodeType, State};
use super::turn::KEPT_AFTER_A_MOVE;
use super::turn::{conclude, end_turn_after_move, keep_after_move, settle_sampled};
use crate::compile::ir::{by_width, Gen, Phase, MAX_PLAYERS};
use crate::engine::draw::DrawOp;
use crate::engine::Game;
use crate::ludemes::{MoveFamily, MoverTurn};
use rand::Rng;

/// Plays random placements from `state` to the end, as [`super::playout::playout`] does, or hands
/// a game of the shift loop's shape to it. Out of line: inlined, its loops changed the general
/// loop's code (the seed games +0.5%).
#[inline(never)]
pub(super) fn playout(
    game: &Game,
    state: &mut State,
    rng: &mut impl Rng,
    scratch: &mut Scratch,
) -> Playout {
    if let Some(plan) = &game.plans.shift_plan {
        return super::shifting::playout(game, plan, state, rng, scratch);
    }
    scratch.forget_trial();
    if let Some(plan) = &game.plans.word_placing {
        let next = match word::play(game, plan, state, rng) {
            None => return Playout::of(state),
            Some(Handover::Start) => pick_in(game, state, scratch, rng),
            Some(Handover::After(actor)) => settle_sampled(game, state, actor, false, scratch, rng),
        };
        return play_general(game, state, rng, scratch, next);
    }
    by_width!(game.topology.words, |W| play::<W>(game, state, rng));
    Playout::of(state)
}

/// The loop, site sets read in `W` words.
fn play<const W: usize>(game: &Game, state: &mut State, rng: &mut impl Rng) {
    let Some(Phase::Decision { .. }) = game.phases.first() else {
        return;
    };
    let draw = game.draw_plan(0);
    // Each player's one step: the generator, its family of placements and its placement
    // (`Game::place_only` makes every step one).
    let step = |mover: u8| match draw.ops[mover as usize & (MAX_PLAYERS - 1)].as_slice() {
        [DrawOp::Count { gen, family, .. }] => match game.gens.get(*gen as usize)?.gen {
            Gen::Place(ref place) => Some((*gen, family, place)),
            _ => None,
        },
        _ => None,
    };
    let pick = |state: &State, rng: &mut _| {
        let (gen, family, place) = step(state.mover)?;
        let m = pick_placement::<W>((gen, family), &state.board, state.mover, rng)?;
        Some((m, place))
    };
    let mut next = match state.node {
        NodeType::Decision => pick(state, rng),
        _ => None,
    };
    while state.node == NodeType::Decision {
        let Some((m, place)) = next else {
            break;
        };
        let actor = state.mover;
        let on = MoverTurn {
            game,
            clock: &state.clock,
            mover: actor,
        };
        let fx = place.apply(on, &mut state.board, m);
        state.clock.last = fx.last(m);
        // The groups of a connection test, and the counts since progress, as a move keeps them.
        if game.needs.intersects(KEPT_AFTER_A_MOVE) {
            keep_after_move(game, state, fx.progress | u8::from(fx.captured > 0));
        }
        end_turn_after_move(game, state, actor);
        let chosen = pick(state, rng);
        let stuck = chosen.is_none().then_some(state.mover);
        next = if conclude(game, state, actor, false, stuck) {
            None
        } else {
            chosen
        };
    }
}
