//! Playouts of sowing games (`Game::sowing_kernel`): one decision phase whose every reachable draw is
//! one family of sowings (perhaps behind conditions on counts, perhaps with a filter that reads
//! counts), no chance, the turn passing on or played again, and end rules that read counts,
//! scores, the clock, repetition and whether the player to move is stuck. The loop keeps the
//! board as bare counts in a small array with its occupancy and key (a filter's trial is a copy
//! of it), evaluates the compiled conditions on it, and writes the board back at the end. It
//! draws and plays the same moves in the same order as the general loop, so a seed plays the
//! same game.

use super::ctx::Effects;
use super::filter::sowing;
use super::moves::Move;
use super::playout::Playout;
use super::sample::{index_below, pick_in, Scratch};
use super::state::{repetition_key_of, Clock, NodeType, State};
use super::turn::{apply_sampled, conclude, KEPT_AFTER_A_MOVE};
use crate::board::sites::select16;
use crate::compile::ir::*;
use crate::compile::Needs;
use crate::engine::Game;
use rand::Rng;

mod fold;
mod opening;
mod perft;
mod pits;
mod program;

use fold::{fold, one_sowing_a_path, pick, readable};
use opening::{one_of_each_a_path, opening_draw, play};
pub(super) use perft::{after as perft_after, below as perft_below, After};
use pits::{Count, Pits, Table, LANE};
use program::{env_of, last_bits, Env, Program};

/// What the sowing loop needs of a game, found at load time: each player's draw plan with the
/// conditions on the clock that can no longer hold folded away, and when they stop holding.
#[derive(Debug, Clone)]
pub struct SowingKernel {
    /// Per mover, the draw plan's steps, indexed as the plan's, and the program its walk is.
    plans: [Plan; MAX_PLAYERS],
    /// Per mover, the plan with its folded conditions kept, for the edges before they stop
    /// holding (transfers in one's first moves), when the loop plays every step it reaches.
    opening: Option<[Vec<Op>; MAX_PLAYERS]>,
    /// Counts of the clock and the bound each must pass before the folded plans are the plans.
    guards: Vec<(Guard, i64)>,
    /// The end rules, and their early form while the moves and edges played are below `until`.
    end: Program,
    early: Program,
    until: u64,
    /// The two forms of the end rules as they answer when no one is stuck and the position
    /// does not repeat, as on most edges.
    end_quiet: Program,
    early_quiet: Program,
    /// Where the turn goes after a move.
    next: Program,
    /// Per generator, per mover, the sowing's tables, when its track allows them.
    tables: Vec<Option<Box<[Table; MAX_PLAYERS]>>>,
}

/// A count of the clock that a folded condition of the plan tests.
#[derive(Debug, Clone, Copy)]
enum Guard {
    /// Every player's moves made.
    MovesMade,
    /// The moves played.
    MovesPlayed,
    /// The edges played.
    EdgesPlayed,
}

/// A filter whose answer the counts before the sowing give: it asks whether a region holds
/// counters, and a site of the region holding at least `least` stays filled through any sowing
/// not from it; the filter then answers `passes`.
#[derive(Debug, Clone)]
struct Known {
    /// Per mover, the region's sites as a word and as lanes (one a site of it), of 16 bits and
    /// of bytes.
    masks: [u64; MAX_PLAYERS],
    lanes: [[u16; LANE]; MAX_PLAYERS],
    lanes8: [[u8; LANE]; MAX_PLAYERS],
    least: u16,
    /// `least` less one in every lane, of 16 bits and of bytes (`least` is at most 64: the
    /// capture's counts are bits of a word).
    below: [u16; LANE],
    below8: [u8; LANE],
    passes: bool,
}

/// A folded draw plan: its steps, and its conditions and jumps as one program whose answer is
/// the sowing step they lead to, read without a dispatch on the steps.
#[derive(Debug, Clone, Default)]
struct Plan {
    ops: Vec<Op>,
    pick: Program,
}

impl std::ops::Deref for Plan {
    type Target = [Op];
    fn deref(&self) -> &[Op] {
        &self.ops
    }
}

impl<'a> IntoIterator for &'a Plan {
    type Item = &'a Op;
    type IntoIter = std::slice::Iter<'a, Op>;
    fn into_iter(self) -> Self::IntoIter {
        self.ops.iter()
    }
}

/// A step of a folded draw plan (its tag a byte of its own: the draw reads it as one compare).
// A plan is a few steps read in place: its sowing's `Known` kept inline spares a load a draw.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
#[repr(u8)]
enum Op {
    /// The sowings of generator `gen` from the filled holes of `from`, each passing `filter`.
    Sow {
        gen: u16,
        filter: Option<Program>,
        from: u64,
        known: Option<Known>,
    },
    /// Go on at a step unless the condition holds.
    Unless(Program, u16),
    /// Go on at a step.
    Jump(u16),
    /// The transfers of generator `gen` (listed as the general draw lists them), each passing
    /// `filter`: every counter of a hole of `from` holding `count` (any, if none) into
    /// another hole of `to`.
    Transfer {
        gen: u16,
        filter: Option<Program>,
        from: RegionRef,
        to: RegionRef,
        count: Option<i64>,
    },
    /// A step the loop does not play: out of reach of the folded plan.
    Other,
}

impl SowingKernel {
    /// The loop's plan for `game`, if the game has the loop's shape.
    pub fn of(game: &Game) -> Option<SowingKernel> {
        let [Phase::Decision {
            next, pass: false, ..
        }] = game.phases.as_slice()
        else {
            return None;
        };
        let draw = game.draw_plan(0);
        let players = game.players as usize;
        let fits = |sites: &[Site]| sites.iter().all(|&s| (s as usize) < LANE);
        // The loop keeps no count of what a move captured for `captured` to read.
        let shaped = !game
            .needs
            .intersects(KEPT_AFTER_A_MOVE.with(Needs::CAPTURED))
            && game.sites() <= LANE
            && game.regions.iter().all(|r| r.sites.iter().all(|s| fits(s)))
            && game.tracks.iter().all(|t| t.sites.iter().all(|s| fits(s)))
            && next
                .list
                .iter()
                .all(|(_, a)| matches!(a, Action::EndTurn | Action::Again))
            && readable(&next.choice, false)
            && readable(&game.end_choice.full, false)
            && readable(&game.end_choice.early, false);
        if !shaped || players > MAX_PLAYERS {
            return None;
        }
        let mut guards = Vec::new();
        let mut plans: [Plan; MAX_PLAYERS] = Default::default();
        for (mover, plan) in plans.iter_mut().enumerate().take(players) {
            let ops = fold(game, &draw.ops[mover], Some(&mut guards))?;
            if !one_sowing_a_path(&ops) {
                return None;
            }
            let pick = Program::of(game, &pick(&draw.ops[mover], &ops));
            *plan = Plan { ops, pick };
        }
        let mut opening: Option<[Vec<Op>; MAX_PLAYERS]> = Some(Default::default());
        for mover in 0..players {
            let plan = fold(game, &draw.ops[mover], None).filter(|p| one_of_each_a_path(p));
            match (plan, opening.as_mut()) {
                (Some(plan), Some(plans)) => plans[mover] = plan,
                _ => opening = None,
            }
        }
        let (end, early) = (
            Program::of(game, &game.end_choice.full),
            Program::of(game, &game.end_choice.early),
        );
        Some(SowingKernel {
            plans,
            opening: opening.filter(|_| !guards.is_empty()),
            guards,
            end_quiet: end.settled(),
            early_quiet: early.settled(),
            end,
            early,
            until: game.end_choice.until,
            next: Program::of(game, &next.choice),
            tables: (game.gens.iter())
                .map(|def| {
                    let (sow, stores) = sowing(&def.gen)?;
                    let tables: Option<Vec<Table>> = (0..MAX_PLAYERS)
                        .map(|mover| Table::of(game, sow, stores, mover))
                        .collect();
                    tables?.try_into().ok().map(Box::new)
                })
                .collect(),
        })
    }

    /// Whether the folded plans are the plans from `s` on: every folded condition's count has
    /// passed its bound (counts only grow).
    fn ready(&self, s: &State) -> bool {
        self.ready_at(&s.clock, s.players)
    }

    /// [`SowingKernel::ready`] read on a clock of a game of `players`.
    #[inline(always)]
    fn ready_at(&self, c: &Clock, players: u8) -> bool {
        self.guards.iter().all(|&(guard, bound)| {
            let past = |n: u64| n as i128 > bound as i128;
            match guard {
                Guard::MovesMade => c.moves_made[..players as usize].iter().all(|&n| past(n)),
                Guard::MovesPlayed => past(c.moves_played),
                Guard::EdgesPlayed => past(c.edges_played),
            }
        })
    }

    /// Whether the loop plays the opening too: the edges while a folded condition may hold.
    pub fn plays_opening(&self) -> bool {
        self.opening.is_some()
    }

    /// Whether `m` is a move of one of the plans' sowings.
    fn plays(&self, m: Move) -> bool {
        self.plans
            .iter()
            .flatten()
            .any(|op| matches!(op, Op::Sow { gen, .. } if *gen == m.gen))
    }

    /// Whether `m` is a move of one of the opening plans' sowings or transfers.
    fn opens(&self, m: Move) -> bool {
        self.opening
            .iter()
            .flatten()
            .flatten()
            .any(|op| matches!(op, Op::Sow { gen, .. } | Op::Transfer { gen, .. } if *gen == m.gen))
    }
}

/// The site of the `k`-th set bit of `set` (which has more; the loop's sites are below
/// [`LANE`], 16).
#[inline(always)]
fn nth_bit(set: u64, k: usize) -> Site {
    Site::from(select16(set, k as u32))
}

/// Plays random moves from `state` to the end, as [`super::playout::playout`] does: the general
/// loop until the kernel's plans are the game's and the board holds only counters, then the
/// sowing loop. Out of line, so that the general loop's code stays as it is.
#[inline(never)]
pub(super) fn playout(
    game: &Game,
    k: &SowingKernel,
    state: &mut State,
    rng: &mut impl Rng,
    scratch: &mut Scratch,
) -> Playout {
    if let Some(plans) = &k.opening {
        // In the opening, the loop draws the first move too.
        if state.node == NodeType::Decision && state.phase == 0 && !k.ready(state) {
            if let Some(pits) = Pits::of(&state.board) {
                scratch.forget_trial();
                let mut work = pits;
                let plan = &plans[state.mover as usize & (MAX_PLAYERS - 1)];
                let clock = &state.clock;
                if let Some(m) =
                    opening_draw(game, k, plan, &pits, &mut work, clock, state.mover, rng)
                {
                    finish(game, k, state, (pits, work, m), false, rng);
                }
                return Playout::of(state);
            }
        }
    }
    let mut next = pick_in(game, state, scratch, rng);
    while state.node == NodeType::Decision {
        let Some(m) = next else {
            break;
        };
        let ready = k.ready(state);
        let enters = if ready { k.plays(m) } else { k.opens(m) };
        if enters && state.phase == 0 {
            if let Some(pits) = Pits::of(&state.board) {
                scratch.forget_trial();
                finish(game, k, state, (pits, pits, (m, None)), ready, rng);
                break;
            }
        }
        match apply_sampled(game, state, m, scratch, rng) {
            Ok(n) => next = n,
            Err(_) => break,
        }
    }
    Playout::of(state)
}

/// Plays the game to its end in the loop from `at`, on counts in bytes when the board's
/// counters fit them.
fn finish(
    game: &Game,
    k: &SowingKernel,
    state: &mut State,
    at: At,
    ready: bool,
    rng: &mut impl Rng,
) {
    match (at.0.narrow(), at.1.narrow()) {
        (Some(pits), Some(work)) => finish_in(game, k, state, (pits, work, at.2), ready, rng),
        _ => finish_in(game, k, state, at, ready, rng),
    }
}

/// Plays the game to its end in the loop from `at`, in a loop that reads the last move only for
/// games whose conditions read it.
fn finish_in<C: Count>(
    game: &Game,
    k: &SowingKernel,
    state: &mut State,
    at: At<C>,
    ready: bool,
    rng: &mut impl Rng,
) {
    if game.needs.contains(Needs::LAST) {
        finish_reading::<C, true>(game, k, state, at, ready, rng);
    } else {
        finish_reading::<C, false>(game, k, state, at, ready, rng);
    }
}

/// Plays the game to its end in the loop from `at`: the opening in a loop of its own unless the
/// folded plans are already the plans (`ready`), then the loop of the folded plans.
fn finish_reading<C: Count, const LAST: bool>(
    game: &Game,
    k: &SowingKernel,
    state: &mut State,
    mut at: At<C>,
    ready: bool,
    rng: &mut impl Rng,
) {
    if !ready {
        match run::<C, false, true, LAST>(game, k, state, at, rng) {
            Some(later) => at = later,
            None => return,
        }
    }
    // Plans that all start with their sowing get a loop that never walks them.
    if k.plans
        .iter()
        .all(|p| p.is_empty() || matches!(p[0], Op::Sow { .. }))
    {
        run::<C, true, false, LAST>(game, k, state, at, rng);
    } else {
        run::<C, false, false, LAST>(game, k, state, at, rng);
    }
}

/// Plays a sowing of generator `gen`'s move `m` by `mover` on `pits`: by its tables when it has
/// them, else counter by counter.
#[inline(always)]
fn sow<C: Count>(game: &Game, k: &SowingKernel, mover: u8, pits: &mut Pits<C>, m: Move) -> Effects {
    if let Some(Some(tables)) = k.tables.get(m.gen as usize) {
        return tables[mover as usize & (MAX_PLAYERS - 1)].sow(game, mover, pits, m.from);
    }
    pits.sown = 0;
    match game.gens.get(m.gen as usize).and_then(|d| sowing(&d.gen)) {
        Some((sow, false)) => sow.sow::<false, Pits<C>>(game, mover, pits, m),
        Some((sow, true)) => sow.sow::<true, Pits<C>>(game, mover, pits, m),
        None => Effects::default(),
    }
}

/// The board's counts, the board after the drawn move when its filter's trial played it, and
/// the drawn move with the trial's effects.
type At<C = u16> = (Pits<C>, Pits<C>, (Move, Option<Effects>));

/// The loop from a decision node, the board's counts in `pits`, with its drawn move; in the
/// `OPENING` (the plans' folded conditions may hold), until the folded plans are the plans,
/// returning where it stopped. `LAST`: whether a condition of the game reads the last move.
fn run<C: Count, const DIRECT: bool, const OPENING: bool, const LAST: bool>(
    game: &Game,
    k: &SowingKernel,
    state: &mut State,
    (mut pits, mut work, first): At<C>,
    rng: &mut impl Rng,
) -> Option<At<C>> {
    let Some(Phase::Decision { next: branches, .. }) = game.phases.first() else {
        return None;
    };
    let repetition = game.needs.contains(Needs::REPETITION);
    let placing = game.needs.contains(Needs::PLACING);
    let fixed = branches.fixed();
    // A plan that starts with its sowing is drawn without walking it.
    let direct: [Option<&Op>; MAX_PLAYERS] =
        std::array::from_fn(|p| (k.plans[p].first()).filter(|op| matches!(op, Op::Sow { .. })));
    // The moves and the edges played both grow by one an edge here: the end rules' early form
    // holds until the edge count `full`, and the loop looks at the counts again only at `watch`
    // (that edge, or the game's limit of edges).
    let c = &state.clock;
    let full =
        (c.edges_played).saturating_add(k.until.saturating_sub(c.edges_played.max(c.moves_played)));
    let forms = |edges: u64| {
        if edges < full {
            (&k.early_quiet, &k.early, full.min(game.max_edges))
        } else {
            (&k.end_quiet, &k.end, game.max_edges)
        }
    };
    let (mut quiet, mut loud, mut watch) = forms(c.edges_played);
    let mut next = Some(first);
    while let Some((m, tried)) = next {
        let actor = state.mover;
        let fx = match tried {
            Some(fx) => {
                pits = work;
                fx
            }
            None if OPENING => play(game, k, actor, &mut pits, m),
            None => sow(game, k, actor, &mut pits, m),
        };
        let clock = &mut state.clock;
        let last = count_edge::<LAST>(clock, actor, m, fx);
        let mut limit = false;
        if clock.edges_played >= watch {
            (quiet, loud, watch) = forms(clock.edges_played);
            limit = clock.edges_played >= game.max_edges;
        }
        let action = branch_taken(k, branches, fixed, env_of(game, &pits, clock, actor, last));
        if let Action::EndTurn = action {
            state.mover = game.next[state.mover as usize & (MAX_PLAYERS - 1)];
            clock.turn_moves = 0;
        }
        state.phase = 0;
        let repeated = repetition && remember(state, &pits, fx, (placing, game.repetitions));
        let mover = state.mover;
        let chosen = draw_next::<C, DIRECT, OPENING>(
            game,
            k,
            &direct,
            &pits,
            &mut work,
            &state.clock,
            mover,
            last,
            rng,
        );
        let stuck = chosen.is_none().then_some(mover);
        let env = Env {
            game,
            pits: &pits,
            clock: &state.clock,
            mover: actor,
            stuck,
            repeated,
            last,
        };
        let end = if stuck.is_none() && !repeated {
            quiet
        } else {
            loud
        };
        let over = (!end.never() && env.run(end).is_some()) || stuck.is_some() || limit;
        if over {
            // The general turn control ends the game, on the board written back.
            pits.write(&mut state.board);
            conclude(game, state, actor, repeated, stuck);
            return None;
        }
        if OPENING && k.ready(state) {
            return chosen.map(|c| (pits, work, c));
        }
        next = chosen;
    }
    pits.write(&mut state.board);
    None
}

/// Counts `actor`'s edge, move `m` with effects `fx`, on the clock; what the programs' masks
/// read of the last move (`LAST`: whether a condition of the game reads it).
#[inline(always)]
fn count_edge<const LAST: bool>(clock: &mut Clock, actor: u8, m: Move, fx: Effects) -> u64 {
    clock.last = fx.last(m);
    let last = if LAST { last_bits(clock.last) } else { 0 };
    clock.moves_played += 1;
    clock.moves_made[actor as usize & (MAX_PLAYERS - 1)] += 1;
    clock.edges_played += 1;
    last
}

/// The action of the turn's branches after an edge, read in `env`: the fixed one, else the
/// first whose condition holds, else the turn's end.
#[inline(always)]
fn branch_taken<'a, C: Count>(
    k: &SowingKernel,
    branches: &'a Branches,
    fixed: Option<&'a Action>,
    env: Env<C>,
) -> &'a Action {
    match fixed {
        Some(a) => a,
        None => env
            .run(&k.next)
            .and_then(|i| branches.list.get(i))
            .map_or(&Action::EndTurn, |(_, a)| a),
    }
}

/// Pushes the position after an edge (effects `fx`) on the state's history: whether it was
/// there before.
#[inline(always)]
fn remember<C: Count>(
    state: &mut State,
    pits: &Pits<C>,
    fx: Effects,
    (placing, times): (bool, u16),
) -> bool {
    let key = repetition_key_of(pits.key, state.mover, state.phase);
    let mut repeated = false;
    if fx.captured > 0 && !placing {
        // The board lost counters it can never get back: no earlier position can recur.
        state.history.clear();
    } else {
        repeated = state.history.seen(key, times);
    }
    state.history.push(key);
    repeated
}

/// The next move of `mover` (with what the masks read of the last move, `last`), drawn on
/// `pits`: in the `OPENING` by the plan with its folded conditions, else by the plan's sowing
/// step (`DIRECT`: the step every plan starts with).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn draw_next<C: Count, const DIRECT: bool, const OPENING: bool>(
    game: &Game,
    k: &SowingKernel,
    direct: &[Option<&Op>; MAX_PLAYERS],
    pits: &Pits<C>,
    work: &mut Pits<C>,
    clock: &Clock,
    mover: u8,
    last: u64,
    rng: &mut impl Rng,
) -> Option<(Move, Option<Effects>)> {
    match (OPENING, &k.opening) {
        (true, Some(plans)) => opening_draw(
            game,
            k,
            &plans[mover as usize & (MAX_PLAYERS - 1)],
            pits,
            work,
            clock,
            mover,
            rng,
        ),
        _ => {
            let step = if DIRECT {
                direct[mover as usize & (MAX_PLAYERS - 1)]
            } else {
                let plan = &k.plans[mover as usize & (MAX_PLAYERS - 1)];
                walk(plan, env_of(game, pits, clock, mover, last))
            };
            draw(game, k, step, pits, work, clock, mover, rng)
        }
    }
}

/// The sowing step a plan's conditions lead to, if any.
#[inline(always)]
fn walk<'a, C: Count>(plan: &'a Plan, env: Env<C>) -> Option<&'a Op> {
    plan.ops.get(env.pick(&plan.pick)?)
}

/// The random legal move of `mover`'s plan on `pits`, its sowing `step` (if any) found, drawn
/// as the general draw draws a path of one family: a filled hole of the family's set at
/// random, tried against its filter on `work` (the effects kept when it passes), the draw made
/// again without it when it fails.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn draw<C: Count>(
    game: &Game,
    k: &SowingKernel,
    step: Option<&Op>,
    pits: &Pits<C>,
    work: &mut Pits<C>,
    clock: &Clock,
    mover: u8,
    rng: &mut impl Rng,
) -> Option<(Move, Option<Effects>)> {
    let Some(Op::Sow {
        gen,
        filter,
        from,
        known,
    }) = step
    else {
        return None;
    };
    let (gen, from) = (*gen, *from);
    let mut set = from & pits.filled;
    let Some(cond) = filter else {
        // One draw, with nothing of the filter's prepared.
        let total = set.count_ones();
        if total == 0 {
            return None;
        }
        let site = nth_bit(set, index_below(rng, total as usize));
        return Some((Move::new(gen, site, site), None));
    };
    // How many sites answer the filter before any sowing not from them.
    let sure: u16 = match known {
        Some(kn) => {
            let p = mover as usize & (MAX_PLAYERS - 1);
            let (below, lanes) = (
                C::lanes(&kn.below, &kn.below8),
                C::lanes(&kn.lanes[p], &kn.lanes8[p]),
            );
            pits.holding(below, lanes).into()
        }
        None => 0,
    };
    loop {
        let total = set.count_ones();
        if total == 0 {
            return None;
        }
        let site = nth_bit(set, index_below(rng, total as usize));
        let m = Move::new(gen, site, site);
        if let Some(kn) = known.as_ref().filter(|_| sure > 0) {
            let here = kn.masks[mover as usize & (MAX_PLAYERS - 1)] >> site & 1 != 0
                && pits.at(site as usize) >= kn.least;
            if sure > u16::from(here) {
                if kn.passes {
                    return Some((m, None));
                }
                set &= !(1 << site);
                continue;
            }
        }
        *work = *pits;
        let fx = sow(game, k, mover, work, m);
        if cond.passes(game, work, clock, mover, m, fx) {
            return Some((m, Some(fx)));
        }
        set &= !(1 << site);
    }
}
