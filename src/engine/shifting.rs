//! Playouts of games whose every move is drawn from families of site sets on a board of one
//! 64-bit word (placements, steps and hops: `Game::shift_plan`): the loop of
//! [`super::search::playout`] with the draw's groups computed by shifts of one word, without the
//! draw plan's dispatch, and the turn control's general cases (chance nodes, phases, passes,
//! filters, repetition, effects after a move) left out. It draws the same random numbers in the
//! same order and plays the same moves, so a seed plays the same game.

use super::moves::Move;
use super::sample::{index_below, Scratch};
use super::search::Playout;
use super::state::{Board, NodeType, State};
use super::turn::{conclude, keep_after_move, KEPT_AFTER_A_MOVE};
use crate::compile::draw::{DrawOp, Family, NO_FILTER};
use crate::compile::ir::{Action, Game, Gen, Phase, Site, Sites, MAX_PLAYERS};
use crate::compile::Needs;
use crate::ludemes::{MoveFamily, On};
use rand::Rng;

/// The most groups (a family's rays) a player's plan may have.
const MAX_GROUPS: usize = 16;

/// What a group's candidates are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Placements: the move lands on its origin.
    Place,
    /// Steps: the move lands on the origin's neighbour along the ray.
    Step,
    /// Hops: the candidate is a move only if the hop can land.
    Hop,
}

/// One group of the draw plan (a placement family, or one ray of a step or hop family) as
/// arithmetic on one word: its candidates are
/// `(mine | any) & rotl((empty & to_empty) | (theirs & to_theirs), rot) & from`, when the hand
/// holds `count` pieces.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Group {
    kind: Kind,
    /// The generator.
    gen: u16,
    /// The direction (steps and hops).
    dir: u8,
    /// The rotation that brings a target's bit to its origin's: minus the ray's offset.
    rot: u32,
    /// The ray's site offset.
    delta: i32,
    /// Origins beside the mover's pieces: every site for a placement, none otherwise.
    any: u64,
    /// Origins with a neighbour along the ray (every site for a placement).
    from: u64,
    /// Targets among the empty sites.
    to_empty: u64,
    /// Targets among the opposing pieces (a capture's, or a hop's run).
    to_theirs: u64,
    /// Pieces the hand must hold (0: none).
    count: u16,
    /// Whether a hop's run reaching the edge lands on its last site.
    edge_last: bool,
}

/// Each player's draw plan as groups of one word, in the plan's order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ShiftPlan {
    groups: [Vec<Group>; MAX_PLAYERS],
}

impl ShiftPlan {
    /// The plan of a game of this shape: one decision phase with no pass whose turn always
    /// passes on, on a board of one word, each player's draw plan only families of placements
    /// (no flank), steps and hops counted without a filter, no effect after a move, no
    /// repetition or sown sites to keep. `None` for any other game.
    pub(crate) fn of(game: &Game) -> Option<Box<ShiftPlan>> {
        let [Phase::Decision {
            next, draw, pass, ..
        }] = game.phases.as_slice()
        else {
            return None;
        };
        if *pass
            || game.topology.words != 1
            || game.sites() > 64
            || game.needs.intersects(Needs::REPETITION.with(Needs::SOWN))
            || !matches!(next.fixed(), Some(Action::EndTurn))
        {
            return None;
        }
        let mut plan = ShiftPlan::default();
        for (mover, ops) in draw.ops.iter().enumerate().take(game.players as usize) {
            for op in ops {
                groups_of(game, op, &mut plan.groups[mover])?;
            }
            if plan.groups[mover].is_empty() || plan.groups[mover].len() > MAX_GROUPS {
                return None;
            }
        }
        Some(Box::new(plan))
    }
}

/// Adds the groups of one step of a draw plan; `None` if the step is not of the shape.
fn groups_of(game: &Game, op: &DrawOp, out: &mut Vec<Group>) -> Option<()> {
    let DrawOp::Count {
        gen,
        tag: NO_FILTER,
        family,
    } = op
    else {
        return None;
    };
    let def = game.gens.get(*gen as usize)?;
    if def.remove.is_some() || !def.then.is_empty() {
        return None;
    }
    let word = |s: &Sites| s.0[0];
    let all = !0u64;
    match (family, &def.gen) {
        (Family::Place { count, to }, Gen::Place(p)) if p.flank.is_none() => out.push(Group {
            kind: Kind::Place,
            gen: *gen,
            dir: 0,
            rot: 0,
            delta: 0,
            any: all,
            from: all,
            to_empty: word(to),
            to_theirs: 0,
            count: *count,
            edge_last: false,
        }),
        (Family::Step { rays, quiet, to }, Gen::Step(_)) => {
            for (k, ray) in rays.iter().enumerate() {
                let quiet = k < *quiet;
                out.push(Group {
                    kind: Kind::Step,
                    gen: *gen,
                    dir: ray.dir,
                    rot: ray.delta.wrapping_neg().rem_euclid(64) as u32,
                    delta: ray.delta,
                    any: 0,
                    from: word(&ray.from),
                    to_empty: if quiet { word(to) } else { 0 },
                    to_theirs: if quiet { 0 } else { word(to) },
                    count: 0,
                    edge_last: false,
                });
            }
        }
        (
            Family::Hop {
                rays,
                run_in,
                edge_last,
                ..
            },
            Gen::Hop(_),
        ) => {
            for ray in rays {
                out.push(Group {
                    kind: Kind::Hop,
                    gen: *gen,
                    dir: ray.dir,
                    rot: ray.delta.wrapping_neg().rem_euclid(64) as u32,
                    delta: ray.delta,
                    any: 0,
                    from: word(&ray.from),
                    to_empty: 0,
                    to_theirs: word(run_in),
                    count: 0,
                    edge_last: *edge_last,
                });
            }
        }
        _ => return None,
    }
    Some(())
}

/// Plays random moves from `state` to the end, as [`super::search::playout`] does. Out of line,
/// so that the general loop's code does not change with it.
#[inline(never)]
pub(super) fn playout(
    game: &Game,
    plan: &ShiftPlan,
    state: &mut State,
    rng: &mut impl Rng,
    scratch: &mut Scratch,
) -> Playout {
    scratch.forget_trial();
    play(game, plan, state, rng);
    Playout {
        status: state.status,
        edges: state.clock.edges_played,
        moves: state.clock.moves_played,
    }
}

/// The loop.
fn play(game: &Game, plan: &ShiftPlan, state: &mut State, rng: &mut impl Rng) {
    let groups = |mover: u8| plan.groups[mover as usize & (MAX_PLAYERS - 1)].as_slice();
    let mut next = match state.node {
        NodeType::Decision => draw(groups(state.mover), &state.board, state.mover, rng),
        _ => None,
    };
    while state.node == NodeType::Decision {
        let Some((m, kind)) = next else {
            break;
        };
        let actor = state.mover;
        let fx = apply(game, state, actor, m, kind);
        state.clock.last = fx.last(m);
        // The groups of a connection test, and the counts since progress, as a move keeps them.
        if game.needs.intersects(KEPT_AFTER_A_MOVE) {
            keep_after_move(game, state, fx.progress);
        }
        let clock = &mut state.clock;
        clock.moves_played += 1;
        clock.moves_made[actor as usize & (MAX_PLAYERS - 1)] += 1;
        clock.edges_played += 1;
        // The turn ends: a turn of one move leaves no moves of the turn counted.
        clock.turn_moves = 0;
        state.mover = game.next[actor as usize & (MAX_PLAYERS - 1)];
        state.phase = 0;
        let chosen = draw(groups(state.mover), &state.board, state.mover, rng);
        let stuck = chosen.is_none().then_some(state.mover);
        next = if conclude(game, state, actor, false, stuck) {
            None
        } else {
            chosen
        };
    }
}

/// Plays a drawn move with its generator's own `apply`.
#[inline(always)]
fn apply(game: &Game, state: &mut State, actor: u8, m: Move, kind: Kind) -> super::Effects {
    let on = On {
        game,
        clock: &state.clock,
        mover: actor,
    };
    let board = &mut state.board;
    match (kind, game.gens.get(m.gen as usize).map(|d| &d.gen)) {
        (Kind::Place, Some(Gen::Place(p))) => p.apply(on, board, m),
        (Kind::Step, Some(Gen::Step(s))) => s.apply(on, board, m),
        (Kind::Hop, Some(Gen::Hop(h))) => h.apply(on, board, m),
        _ => super::Effects::default(),
    }
}

/// The move the general draw picks for `mover` from a plan of these groups: the candidates of
/// each group counted, one drawn uniformly, and a hop that cannot land dropped and the draw
/// made again, the same numbers in the same order.
#[inline(always)]
fn draw(groups: &[Group], board: &Board, mover: u8, rng: &mut impl Rng) -> Option<(Move, Kind)> {
    let p = mover as usize & (MAX_PLAYERS - 1);
    let filled = board.filled.0[0];
    let mine = board.owned[p].0[0];
    let theirs = filled & !mine;
    let hand = board.hand[p];
    let mut sets = [0u64; MAX_GROUPS];
    let mut counts = [0u32; MAX_GROUPS];
    let mut total = 0;
    for ((g, set), count) in groups.iter().zip(&mut sets).zip(&mut counts) {
        let targets = (!filled & g.to_empty) | (theirs & g.to_theirs);
        let gate = 0u64.wrapping_sub(u64::from(hand >= g.count));
        *set = (mine | g.any) & targets.rotate_left(g.rot) & g.from & gate;
        *count = set.count_ones();
        total += *count;
    }
    loop {
        if total == 0 {
            return None;
        }
        let mut r = index_below(rng, total as usize) as u32;
        let mut i = 0;
        while r >= counts[i & (MAX_GROUPS - 1)] {
            r -= counts[i & (MAX_GROUPS - 1)];
            i += 1;
        }
        let i = i & (MAX_GROUPS - 1);
        let g = groups.get(i)?;
        let from = Sites::<1>([sets[i]]).nth(r)?;
        let to = match g.kind {
            Kind::Place => from,
            Kind::Step => (from as i32 + g.delta) as Site,
            Kind::Hop => match landing(g, from, theirs & g.to_theirs, filled) {
                Some(to) => {
                    return Some((Move::new(g.gen, from, to).with_dir(g.dir), Kind::Hop));
                }
                None => {
                    // Not a move: it leaves its group, and the draw is made again.
                    sets[i] &= !(1u64 << (from & 63));
                    counts[i] -= 1;
                    total -= 1;
                    continue;
                }
            },
        };
        return Some((Move::new(g.gen, from, to), g.kind));
    }
}

/// Where a hop of group `g` from `from` lands over a run of `prey`, if it can (`hop::landing`
/// read in bits: the first site of the run is prey, as the candidate's set says).
#[inline(always)]
fn landing(g: &Group, from: Site, prey: u64, filled: u64) -> Option<Site> {
    let bit = |s: i32| 1u64 << (s & 63);
    let mut last = from as i32 + g.delta;
    loop {
        if g.from & bit(last) == 0 {
            // The run reaches the edge.
            return g.edge_last.then_some(last as Site);
        }
        let t = last + g.delta;
        if prey & bit(t) == 0 {
            return (filled & bit(t) == 0).then_some(t as Site);
        }
        last = t;
    }
}
