//! The draw of a plan whose moves come in a priority of two sets: first moves that must be taken
//! when there are any (listed: draughts' capturing chains), then steps counted from site sets.
//! The draw [`super::pick`] makes for that plan, without its groups and its walk of the steps:
//! the listed moves first, then, only if there are none, the steps' rays counted in the plan's
//! order and the drawn one found by counting again. The same draws, in the same order.

use super::{free, index_below, movers, prey, reaching, Scratch, View};
use crate::compile::ir::{Gen, Phase, Sites, MAX_PLAYERS};
use crate::engine::draw::{DrawOp, Family, Ray, NO_FILTER};
use crate::engine::moves::Move;
use crate::engine::rules::gen_moves;
use crate::engine::state::State;
use crate::engine::{Ctx, Game};
use rand::Rng;

/// The most rays of steps a plan may count: the draw keeps each ray's origins on the stack.
const MAX_RAYS: usize = 16;

/// The plan of a game of one decision phase whose every mover's draw plan is a priority of
/// listed generators, then counted steps, with no filter.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Compulsory {
    /// Per mover, the moves that come first.
    firsts: [Vec<u16>; MAX_PLAYERS],
    /// Per mover, the steps' rays in the plan's order (each family's rays in turn).
    steps: [Vec<StepRay>; MAX_PLAYERS],
}

/// One ray of a family of steps, as the draw counts it.
#[derive(Debug, Clone, PartialEq)]
struct StepRay {
    /// The steps' generator.
    gen: u16,
    /// The ray.
    ray: Ray,
    /// Whether the ray's steps capture (onto an opposing piece) rather than go to an empty site.
    captures: bool,
    /// Allowed targets.
    to: Sites,
    /// The kind of the pieces that step, if only one kind does.
    kind: Option<u8>,
}

impl Compulsory {
    /// The plan, if the game has its shape: one decision phase, and for each player a draw plan
    /// that is a priority's first set of listed generators, then a last set of counted steps,
    /// none under a filter, at most [`MAX_RAYS`] rays.
    pub(crate) fn of(game: &Game) -> Option<Box<Compulsory>> {
        let [Phase::Decision { .. }] = game.phases.as_slice() else {
            return None;
        };
        let mut plan = Compulsory {
            firsts: Default::default(),
            steps: Default::default(),
        };
        let players = (game.players as usize).min(MAX_PLAYERS);
        for mover in 0..players {
            let ops = &game.draw_plan(0).ops[mover];
            let [DrawOp::SetStart, rest @ ..] = ops.as_slice() else {
                return None;
            };
            let split = rest.iter().position(|op| matches!(op, DrawOp::IfAny(_)))?;
            let (firsts, [DrawOp::IfAny(at), steps @ ..]) = rest.split_at(split) else {
                return None;
            };
            // The first set, when it gives a move, skips the rest of the plan.
            if *at as usize != ops.len() || firsts.is_empty() || steps.is_empty() {
                return None;
            }
            for op in firsts {
                let DrawOp::List {
                    gen,
                    tag: NO_FILTER,
                } = op
                else {
                    return None;
                };
                plan.firsts[mover].push(*gen);
            }
            for op in steps {
                let DrawOp::Count {
                    gen,
                    tag: NO_FILTER,
                    family:
                        Family::Step {
                            rays,
                            quiet,
                            to,
                            kind,
                        },
                } = op
                else {
                    return None;
                };
                for (k, ray) in rays.iter().enumerate() {
                    plan.steps[mover].push(StepRay {
                        gen: *gen,
                        ray: *ray,
                        captures: k >= *quiet,
                        to: *to,
                        kind: *kind,
                    });
                }
            }
            if plan.steps[mover].len() > MAX_RAYS {
                return None;
            }
        }
        Some(Box::new(plan))
    }
}

/// The move [`super::pick`] draws for the plan `plan` at the settled decision node `s`, read in
/// `W` words: a listed first move if there is one, else a step, else a pass where `pass`
/// allows one.
#[inline(always)]
pub(super) fn pick<const W: usize>(
    (game, s, plan, pass): (&Game, &State, &Compulsory, bool),
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Move> {
    let mover = s.mover as usize & (MAX_PLAYERS - 1);
    sc.moves.clear();
    let ctx = Ctx::of(game, s);
    for &gen in &plan.firsts[mover] {
        match game.gens.get(gen as usize).map(|d| &d.gen) {
            // Draughts' captures: no dispatch on the family.
            Some(Gen::Jump(jump)) => jump.generate_in::<W>(&ctx, gen, &mut sc.moves),
            _ => gen_moves(&ctx, gen, &mut sc.moves),
        }
    }
    if !sc.moves.is_empty() {
        return Some(sc.moves[index_below(rng, sc.moves.len())]);
    }
    let view = View::<W>::of(&s.board, mover);
    let steps = &plan.steps[mover];
    // Each ray's origins kept for the drawn one's site: found again, they cost draughts 2%.
    let mut sets = [Sites::<W>::default(); MAX_RAYS];
    let mut total = 0;
    for (k, step) in steps.iter().enumerate() {
        let set = origins::<W>(step, &view);
        sets[k & (MAX_RAYS - 1)] = set;
        total += set.len();
    }
    if total == 0 {
        return pass.then(Move::pass);
    }
    let mut r = index_below(rng, total as usize) as u32;
    for (k, step) in steps.iter().enumerate() {
        let set = &sets[k & (MAX_RAYS - 1)];
        let n = set.len();
        if r < n {
            let from = set.nth(r)?;
            let to = game.topology.neighbour(from, step.ray.dir);
            return Some(Move::new(step.gen, from, to));
        }
        r -= n;
    }
    None
}

/// The pieces that step along `step`'s ray: those of its kind whose neighbour that way is a
/// target (empty, or an opposing piece for a capturing ray).
#[inline(always)]
fn origins<const W: usize>(step: &StepRay, view: &View<W>) -> Sites<W> {
    let pieces = movers(view, step.kind);
    // No piece of the kind (no king yet, most of a game): no ray to follow.
    if pieces.is_empty() {
        return pieces;
    }
    let targets = match step.captures {
        true => prey(view, &step.to),
        false => free(view, &step.to),
    };
    reaching(&pieces, &step.ray, &targets)
}
