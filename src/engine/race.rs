//! Playouts of dice games (`Game::race_plan`: races along tracks such as Sig, Ur and Ludo): the loop
//! of [`super::playout::playout`] with the throw and the branch it takes (folded per outcome,
//! their tests and the end rules' read in a small form, `seated.rs`), a plain advance's draw (the
//! legal origins as one word's bits, the targets from a table made at load time, the pieces'
//! places and states from a mirror of the board), its move and the turn control fused, with no
//! dispatch on the plan's shape or the generator's family per edge. A decision of listed
//! generators alone draws from their list without the general draw's groups; any other decision
//! and any move but a plain advance is played by the general code. It draws and applies the same
//! moves in the same order, so a seed plays the same game.

use super::ctx::{Ctx, Effects};
use super::moves::Move;
use super::playout::Playout;
use super::sample::{below_u64, index_below, pick_in, pick_lists, Scratch};
use super::seated::{who, Clocked, Go, SeatedChoice, Turn};
use super::state::{Board, Cell, Clock, Last, NodeType, State};
use super::turn::{self, keep_after_move, KEPT_AFTER_A_MOVE};
use crate::compile::ir::{
    Branches, CaptureTo, Effect, Gen, GenDef, IntExpr, Phase, Site, Track, MAX_PLAYERS,
};
use crate::compile::{Needs, MAX_VARS};
use crate::engine::draw::DrawOp;
use crate::engine::Game;
use crate::ludemes::{track_target, Advance};
use rand::Rng;

mod plan;

/// How the dice kernel plays each phase of a game, found at load time.
#[derive(Debug, Clone, PartialEq)]
pub struct RacePlan {
    /// One stage per phase, in the phases' order, then the general draw's for every number a
    /// phase may hold (which the loop then reads with no check of its bounds).
    stages: Box<[Stage; PHASES]>,
    /// The end rules' conditions (`Game::end_choice`): in full, and their early form while
    /// the moves and edges played are below `until`.
    end_full: SeatedChoice,
    end_early: SeatedChoice,
    until: u64,
    /// Whether the end rules' answer of none holds until the clock reaches their calm
    /// ([`SeatedChoice::guarded`]), so that edges before it that capture nothing skip them.
    guarded: bool,
    /// The clock tests of the end rules' two forms, each once.
    clocks: Vec<Clocked>,
    /// Whether a stage reads the kernel's [`Mirror`] of the board.
    mirrored: bool,
}

/// The phases a turn may have (a phase's number is a `u8`).
const PHASES: usize = 256;

/// How one phase is played. A throw's and a plain advance's data are held in place, not boxed, so
/// that an edge reads its stage's fields one read after its phase (Sig 1 to 2% faster; the
/// stages of the phases no game has are never read, so their size costs no cache).
#[derive(Debug, Clone, PartialEq)]
#[repr(u8)]
enum Stage {
    /// A chance phase: its dice's draw and, per outcome, its pips and branches.
    Throw(Throw),
    /// A decision whose every move is one plain advance, drawn from the legal origins' bits.
    Advance(Step),
    /// A decision drawn from listed generators alone, in order (a race's entries and
    /// advances): its moves listed and one drawn, without the general draw's groups; whether it
    /// passes when there is none. Boxed, so that the stage stays the size of the others.
    Listed(Box<(Vec<u16>, bool)>),
    /// Any other decision: the general draw and move.
    Other,
}

/// A chance phase in the kernel's form: the dice's draw table (as [`super::outcome_drawn`]
/// reads it) with each outcome's value and folded branches in place, with no look-up of the dice.
#[derive(Debug, Clone, PartialEq)]
struct Throw {
    /// The sum of the outcomes' weights: a draw is below it.
    total: u64,
    /// The outcome of each draw, when the total is small; else empty. Its value and branches
    /// are copied in, so that the turn's branch after a draw waits on one read.
    faces: Vec<Outcome>,
    /// The cumulative weights, for a draw the table does not hold.
    cumulative: Vec<u64>,
    /// Per outcome: its value and where the turn goes after it.
    outcomes: Vec<Outcome>,
}

/// An outcome of the dice: its value and where the turn goes after it.
type Outcome = (i64, Turn);

impl Throw {
    /// The outcome drawn (perhaps none when the table is wrong): the same number drawn as by
    /// [`super::outcome_drawn`].
    #[inline(always)]
    fn drawn(&self, rng: &mut impl Rng) -> Option<&Outcome> {
        // No outcome (a total of 0) draws 0, which neither the faces nor the outcomes hold.
        let r = below_u64(rng, self.total);
        match self.faces.get(r as usize) {
            Some(face) => Some(face),
            None => drawn_late(&self.cumulative, &self.outcomes, r),
        }
    }
}

/// The outcome of draw `r` by the cumulative weights.
#[inline(never)]
fn drawn_late<'a>(cumulative: &[u64], outcomes: &'a [Outcome], r: u64) -> Option<&'a Outcome> {
    outcomes.get(cumulative.partition_point(|&c| c <= r))
}

/// A decision phase of one plain advance (no safe sites, stacks, blocks or bearing off; no
/// filter or removal).
#[derive(Debug, Clone, PartialEq)]
struct Step {
    /// The generator.
    gen: u16,
    /// The advance.
    advance: Advance,
    /// Its steps.
    steps: Steps,
    /// Its effects after the move (`then:`).
    then: Then,
    /// Whether the phase passes when there is no move.
    pass: bool,
    /// Where the turn goes after the move.
    next: Turn,
    /// Its targets for the short throws, read from a table.
    targets: Box<Targets>,
}

/// The steps below which a plain advance's targets are read from [`Targets`].
const SHORT: usize = 16;

/// A plain advance's targets, found at load time as [`reach`] finds them, per player, steps
/// below [`SHORT`] and place on the track (every `u8`, so that a place indexes with no check):
/// the site reached in the low byte (`NOWHERE` when none is), the new place in the high byte.
#[derive(Debug, Clone, PartialEq)]
struct Targets([[[u16; 256]; SHORT]; MAX_PLAYERS]);

/// A target past a track's end (the kernel's plain advances are on boards of fewer than 64
/// sites): 63 in its low six bits, a bit the listing sets in its word of taken sites.
const NOWHERE: u16 = 0xFF;

/// The most piece states of a game whose plain advances the kernel draws from its [`Mirror`].
const STATES: usize = 8;

/// What a plain advance's draw reads of a board of one word, in words and arrays a site or a
/// state indexes with no check: each piece's place on its track by site, and the sites of the
/// pieces in each state. The kernel's move keeps it in step; after the general code's it is
/// made again.
#[derive(Debug, Clone)]
struct Mirror {
    pos: [u8; 64],
    in_state: [u64; STATES],
}

impl Mirror {
    /// A mirror of no piece.
    fn empty() -> Mirror {
        Mirror {
            pos: [0; 64],
            in_state: [0; STATES],
        }
    }

    /// The mirror of `b` (its pieces are the sites of its `filled` set's first word).
    fn of(b: &Board) -> Mirror {
        let mut m = Mirror::empty();
        let mut w = b.filled.0[0];
        while w != 0 {
            let site = w.trailing_zeros() as usize;
            w &= w - 1;
            if let Some(c) = b.cells.get(site) {
                m.pos[site] = c.pos;
                m.in_state[c.state as usize & (STATES - 1)] |= 1 << site;
            }
        }
        m
    }
}

impl Targets {
    /// The table of `track` (its sites on a board of one word).
    fn of(track: &Track) -> Box<Targets> {
        let mut t = Box::new(Targets([[[NOWHERE; 256]; SHORT]; MAX_PLAYERS]));
        for (me, rows) in t.0.iter_mut().enumerate() {
            for (k, row) in rows.iter_mut().enumerate() {
                for (pos, e) in row.iter_mut().enumerate() {
                    if let Some((site, np)) = reach(track, me as u8, pos as u8, k as i64) {
                        *e = (site & NOWHERE) | (np as u16) << 8;
                    }
                }
            }
        }
        t
    }

    /// The row of `me` for `k` steps, when `k` is short.
    #[inline(always)]
    fn row(&self, me: u8, k: i64) -> Option<&[u16; 256]> {
        let rows = &self.0[me as usize & (MAX_PLAYERS - 1)];
        rows.get(usize::try_from(k).ok()?)
    }
}

/// The steps of a plain advance.
#[derive(Debug, Clone, PartialEq)]
enum Steps {
    /// The throw's pips masked, plus a constant: `(pips & mask) + add`, the throw (mask all
    /// ones, nothing added) or a constant (mask zero) read the same way, so that phases
    /// alternating between the two take no branch.
    Clock { mask: i64, add: i64 },
    /// Another expression, read by the general code.
    Expr,
}

impl Steps {
    /// The steps after an edge by `mover` (or before a move of `mover`).
    #[inline(always)]
    fn of(&self, game: &Game, s: &State, a: &Advance, mover: u8) -> i64 {
        match self {
            Steps::Clock { mask, add } => (s.clock.pips & mask) + add,
            Steps::Expr => Ctx::after(game, &s.clock, &s.board, mover).int(&a.steps),
        }
    }
}

/// The effects after a plain advance.
#[derive(Debug, Clone, PartialEq)]
enum Then {
    /// None.
    Nothing,
    /// Player variables set to constants (a player has opened, say), in order.
    /// Resolved per player who moves (`Mover`, `Next`, `Prev` as seats): (seat, variable, value).
    SetVars(Box<[Vec<(u8, u8, i64)>; MAX_PLAYERS]>),
    /// Others, run by the general code.
    General,
}

impl RacePlan {
    /// The edges played before which the end rules, which held for none at `clock`, hold for
    /// none after an edge that captured nothing: the first count at which a clock test, the
    /// switch to their full form, or the edge limit can change the answer.
    fn calm(&self, game: &Game, clock: &Clock) -> u64 {
        let played = clock.edges_played.max(clock.moves_played);
        let full = match played < self.until {
            true => clock.edges_played.saturating_add(self.until - played),
            false => u64::MAX,
        };
        let clocked = self.clocks.iter().map(|c| c.calm(clock)).min();
        clocked.unwrap_or(u64::MAX).min(full).min(game.max_edges)
    }
}

/// Plays random moves and throws from `state` to the end, as [`super::playout::playout`] does.
/// Out of line: the general loop keeps its code.
#[inline(never)]
pub(super) fn playout(
    game: &Game,
    plan: &RacePlan,
    state: &mut State,
    rng: &mut impl Rng,
    scratch: &mut Scratch,
) -> Playout {
    scratch.forget_trial();
    // Loops with and without a mirror and a guard of the end rules, so that a plan without
    // plain advances (Ur's, Ludo's) keeps no mirror, and one whose end rules are read after
    // every edge keeps no count.
    match (plan.mirrored, plan.guarded) {
        (true, true) => play::<true, true>(game, plan, state, rng, scratch),
        (true, false) => play::<true, false>(game, plan, state, rng, scratch),
        (false, true) => play::<false, true>(game, plan, state, rng, scratch),
        (false, false) => play::<false, false>(game, plan, state, rng, scratch),
    }
    Playout::of(state)
}

/// The loop; `MIRRORED` when a stage reads the [`Mirror`], `GUARDED` when the end rules are
/// read only from their calm count or after a capture ([`RacePlan::guarded`]).
fn play<const MIRRORED: bool, const GUARDED: bool>(
    game: &Game,
    plan: &RacePlan,
    s: &mut State,
    rng: &mut impl Rng,
    sc: &mut Scratch,
) {
    let throw = matches!(plan.stages[s.phase as usize], Stage::Throw(..));
    let mut mirror = match MIRRORED {
        true => Mirror::of(&s.board),
        false => Mirror::empty(),
    };
    // The node's type follows from its stage from here on (each stage sets it as it settles),
    // so the loop reads the stage alone; a node that does not fit its stage is left as it is.
    match s.node {
        NodeType::Decision if !throw => {}
        NodeType::Chance if throw => {}
        _ => return,
    }
    // The end rules are read again from this count of edges played, or after a capture.
    let mut calm = 0;
    // Whether the state is settled (its node set, its end rules read after the last edge): so
    // at first; after an edge, each stage settles the state (the general loop's settling) in the
    // same arm as it plays its edge, so that the stage is looked up once an edge.
    let mut settled = true;
    // The player who made the last edge.
    let mut actor = s.mover;
    let mut at = PhaseAndMover::of(s);
    // A plain advance's legal moves, written by each draw (kept here, so not cleared).
    let mut legal = [0u32; 64];
    loop {
        match &plan.stages[at.phase as usize] {
            Stage::Throw(throw) => {
                if !settled {
                    s.node = NodeType::Chance;
                    if conclude::<GUARDED>(game, plan, s, actor, None, &mut calm) {
                        break;
                    }
                }
                actor = at.mover;
                let Some((pips, turn)) = throw.drawn(rng) else {
                    break;
                };
                s.clock.pips = *pips;
                s.clock.edges_played += 1;
                at = at.follow(game, s, turn.pick(game, s, actor));
            }
            Stage::Advance(step) => {
                s.node = NodeType::Decision;
                let m = draw_advance(game, step, s, at.mover, &mirror, &mut legal, rng);
                let stuck = stuck(&m, at.mover);
                if !settled && conclude::<GUARDED>(game, plan, s, actor, stuck, &mut calm) {
                    break;
                }
                let Some(m) = m else {
                    break;
                };
                actor = at.mover;
                if advance(game, step, s, &mut mirror, &mut at, m) {
                    calm = 0;
                }
            }
            // Another shape of decision: the general draw (from the listed generators alone when
            // it is one of them), move and turn control.
            stage => {
                s.node = NodeType::Decision;
                let m = match stage {
                    Stage::Listed(list) => {
                        let (gens, pass) = &**list;
                        pick_lists(&Ctx::of(game, s), gens, *pass, sc, rng)
                    }
                    _ => pick_in(game, s, sc, rng),
                };
                if !settled
                    && conclude::<GUARDED>(game, plan, s, actor, stuck(&m, at.mover), &mut calm)
                {
                    break;
                }
                let Some(m) = m else {
                    break;
                };
                actor = s.mover;
                if turn::advance(game, s, m, None).is_err() {
                    break;
                }
                at = PhaseAndMover::of(s);
                calm = 0;
                if MIRRORED {
                    mirror = Mirror::of(&s.board);
                }
            }
        }
        settled = false;
    }
}

/// Where the turn is, kept in the loop as well as in the state, so that the next edge's stage
/// and draw do not wait on the state's memory written just before.
#[derive(Debug, Clone, Copy)]
struct PhaseAndMover {
    /// The phase.
    phase: u8,
    /// The player to move.
    mover: u8,
}

impl PhaseAndMover {
    /// Where the turn of `s` is.
    fn of(s: &State) -> PhaseAndMover {
        PhaseAndMover {
            phase: s.phase,
            mover: s.mover,
        }
    }

    /// Takes the action `go` after an edge by the mover, as `turn::follow` does in a game
    /// without repetition (the kernel's games keep none); where the turn is then.
    #[inline(always)]
    fn follow(self, game: &Game, s: &mut State, go: &Go) -> PhaseAndMover {
        if let Some(p) = &go.pips {
            s.clock.pips = Ctx::after(game, &s.clock, &s.board, self.mover).int(p);
        }
        let mut mover = self.mover;
        if go.ends {
            // Zero already unless the game counts the moves of a turn.
            s.clock.turn_moves = 0;
            mover = game.next[mover as usize & (MAX_PLAYERS - 1)];
            s.mover = mover;
        }
        s.phase = go.phase;
        PhaseAndMover {
            phase: go.phase,
            mover,
        }
    }
}

/// The player to move (`mover`) when they are stuck: a decision with no move drawn.
#[inline(always)]
fn stuck<M>(m: &Option<M>, mover: u8) -> Option<u8> {
    m.is_none().then_some(mover)
}

/// Plays a move of a plain advance's phase (or its pass) by `actor` and the turn control after
/// it, as the general edge does; whether pieces may have left the board (a capture, or effects
/// of the general code).
#[inline(always)]
fn advance(
    game: &Game,
    step: &Step,
    s: &mut State,
    mirror: &mut Mirror,
    at: &mut PhaseAndMover,
    d: Drawn,
) -> bool {
    let actor = at.mover;
    let mut removed = false;
    let (last, progress) = match d {
        Drawn::Pass => (Last::default(), 0),
        Drawn::Step { from, to, place } => {
            let a = &step.advance;
            let (from, to) = (from as usize, to as usize);
            let moving = s.board.cells[from];
            let piece = Cell {
                count: 1,
                pos: place,
                state: a.set_state.unwrap_or(moving.state),
                ..moving
            };
            let captured = step_in_word(&mut s.board, mirror, actor, from, to, piece, a.captured);
            removed = captured > 0;
            // A capture makes progress of itself, as in the general loop.
            let mut progress = u8::from(captured > 0);
            match &step.then {
                Then::Nothing => {}
                Then::SetVars(sets) => {
                    for &(p, v, x) in &sets[actor as usize & (MAX_PLAYERS - 1)] {
                        s.board.vars[p as usize & (MAX_PLAYERS - 1)][v as usize & (MAX_VARS - 1)] =
                            x;
                    }
                }
                Then::General => {
                    // The move and its effects made only for the general code's effects.
                    let m = Move::new(step.gen, from as Site, to as Site);
                    let fx = Effects {
                        captured,
                        ..Effects::default()
                    };
                    progress |= then(game, step, s, actor, m, &fx);
                    *mirror = Mirror::of(&s.board);
                    removed = true;
                }
            }
            // As `Effects::last` reads a move that landed on its target.
            let last = Last {
                from: from as Site,
                to: to as Site,
            };
            (last, progress)
        }
    };
    s.clock.last = last;
    if game.needs.intersects(KEPT_AFTER_A_MOVE) {
        keep_after_move(game, s, progress);
    }
    let clock = &mut s.clock;
    clock.moves_played += 1;
    clock.moves_made[actor as usize & (MAX_PLAYERS - 1)] += 1;
    clock.edges_played += 1;
    *at = at.follow(game, s, step.next.pick(game, s, actor));
    removed
}

/// Moves the mover's piece on `from` to `to` as `piece` on a board of one word (no repetition
/// key: the kernel's games keep none), as `Board::clear` and `land` without stacks do, with the
/// site sets' one word changed in place; the counters captured. The draw took `from` from the
/// mover's word and `to` off it (but on a full loop, `to == from`, which is emptied first), so
/// whatever stands on `to` is captured.
#[inline(always)]
fn step_in_word(
    b: &mut Board,
    mirror: &mut Mirror,
    mover: u8,
    from: usize,
    to: usize,
    piece: Cell,
    into: CaptureTo,
) -> u32 {
    let (off, on) = (1u64 << (from & 63), 1u64 << (to & 63));
    let was = std::mem::take(&mut b.cells[from]);
    let states = &mut mirror.in_state;
    states[was.state as usize & (STATES - 1)] &= !off;
    let target = b.cells[to];
    let mut captured = 0;
    if target.count > 0 {
        b.bank(into, mover, target, &[]);
        captured = target.count as u32;
        if target.owner != 0 {
            let owner = (target.owner as usize - 1) & (MAX_PLAYERS - 1);
            b.owned[owner].0[0] &= !on;
        }
        states[target.state as usize & (STATES - 1)] &= !on;
    }
    states[piece.state as usize & (STATES - 1)] |= on;
    mirror.pos[to & 63] = piece.pos;
    b.cells[to] = piece;
    b.filled.0[0] = b.filled.0[0] & !off | on;
    let mine = &mut b.owned[mover as usize & (MAX_PLAYERS - 1)].0[0];
    *mine = *mine & !off | on;
    captured
}

/// The effects after an advance; whether they made progress.
#[inline(never)]
fn then(game: &Game, step: &Step, s: &mut State, actor: u8, m: Move, fx: &Effects) -> u8 {
    let list = &game.gens[step.gen as usize].then;
    let progress = crate::ludemes::run_effects(list, game, &s.clock, &mut s.board, actor, (m, fx));
    u8::from(progress)
}

/// Checks the end rules after an edge by `actor`, as the general loop's `conclude` does;
/// returns whether the game is over. Before `calm` edges, with a move to make, the rules are
/// known to hold for none; after reading them, `calm` is their next such count.
#[inline(always)]
fn conclude<const GUARDED: bool>(
    game: &Game,
    plan: &RacePlan,
    s: &mut State,
    actor: u8,
    stuck: Option<u8>,
    calm: &mut u64,
) -> bool {
    if GUARDED && stuck.is_none() && s.clock.edges_played < *calm {
        return false;
    }
    let played = s.clock.edges_played.max(s.clock.moves_played);
    let end = if played < plan.until {
        &plan.end_early
    } else {
        &plan.end_full
    };
    // The index past the rules when none holds, which `settle_rule` reads as none.
    let rule = end.run(game, s, actor, stuck);
    let over = turn::settle_rule(game, s, actor, stuck, Some(rule));
    if GUARDED {
        *calm = plan.calm(game, &s.clock);
    }
    over
}

/// Where a piece of `me` at `pos` on `track` ends after `k` steps, with its new place, as
/// `track_target` finds it: the usual throw, shorter than the track, read from the track directly.
#[inline(always)]
fn reach(track: &Track, me: u8, pos: u8, k: i64) -> Option<(Site, u8)> {
    let sites = &track.sites[me as usize];
    let len = sites.len() as i64;
    if k >= len {
        return track_target(track, me, pos, k);
    }
    let np = pos as i64 + k;
    let np = match (np < len, track.looped) {
        (true, _) => np,
        (false, true) => np - len,
        (false, false) => return None,
    };
    sites.get(np as usize).map(|&t| (t, np as u8))
}

/// The move of a plain advance drawn as the general draw draws it from the listed moves (one
/// per origin, in ascending order): the `r`-th origin whose piece may move.
#[inline(always)]
fn draw_advance(
    game: &Game,
    step: &Step,
    s: &State,
    me: u8,
    mirror: &Mirror,
    legal: &mut [u32; 64],
    rng: &mut impl Rng,
) -> Option<Drawn> {
    let a = &step.advance;
    let k = step.steps.of(game, s, a, me);
    let mine = s.board.owned[me as usize & (MAX_PLAYERS - 1)].0[0];
    // The pieces that may move by their state, the others not examined.
    let mut w = match a.state {
        Some(st) => mine & mirror.in_state[st as usize & (STATES - 1)],
        None => mine,
    };
    let pos = &mirror.pos;
    // The moves by origin, in ascending order, written without a branch: each candidate is
    // written, and counted when its target is free (the origin itself, on a full loop, or a site
    // without a piece of the mover's; `NOWHERE` reads as site 63, always taken). A move is its
    // origin, target and new place, a byte each ([`Drawn::of`]), so that the one drawn is read
    // whole, not looked up again.
    let mut n = 0;
    let taken = mine | 1 << 63;
    if k > 0 {
        match step.targets.row(me, k) {
            Some(row) => {
                while w != 0 {
                    let site = w.trailing_zeros();
                    w &= w - 1;
                    let e = row[pos[site as usize & 63] as usize] as u32;
                    let free = !((taken ^ 1 << site) >> (e & 63)) & 1;
                    legal[n & 63] = site | e << 8;
                    n += free as usize;
                }
            }
            None => {
                let track = &game.tracks[a.track as usize];
                while w != 0 {
                    let site = w.trailing_zeros();
                    w &= w - 1;
                    if let Some((t, np)) = reach(track, me, pos[site as usize & 63], k) {
                        if t as u32 == site || mine & (1 << (t & 63)) == 0 {
                            legal[n & 63] = site | (t as u32 & 0xFF) << 8 | (np as u32) << 16;
                            n += 1;
                        }
                    }
                }
            }
        }
    }
    if n == 0 {
        return step.pass.then_some(Drawn::Pass);
    }
    Some(Drawn::of(legal[index_below(rng, n) & 63]))
}

/// A plain advance's move as its draw found it: the pass, or the piece's origin, target and new
/// place on its track (sites below 64).
#[derive(Debug, Clone, Copy)]
enum Drawn {
    Pass,
    Step { from: u8, to: u8, place: u8 },
}

impl Drawn {
    /// The move listed as `l`: its origin, target and new place in its low three bytes.
    #[inline(always)]
    fn of(l: u32) -> Drawn {
        Drawn::Step {
            from: l as u8,
            to: (l >> 8) as u8,
            place: (l >> 16) as u8,
        }
    }
}
