//! Perft of sowing games on the sowing loop's counts (`Pits`): once the board holds only
//! counters and the loop can play the node's plans (the folded ones, or the opening's when the
//! loop plays the opening too), every edge below a node is played as the loop plays it (a copy
//! of the counts, the sowing by tables or the transfer, the turn control, the repetition key, the
//! end rules' program) and the last level is the number of filled holes of the plan's set (each
//! tried against its filter when there is one), with the opening's transfers. The counts are
//! those of the general walk.

use super::opening::{play, reached, Transfers};
use super::{sow, walk, Op, Pits, SowingKernel, LANE};
use crate::compile::ir::*;
use crate::compile::Needs;
use crate::engine::ctx::Effects;
use crate::engine::moves::Move;
use crate::engine::rules::PlayError;
use crate::engine::state::{repetition_key_of, Board, Clock, History, NodeType, State};
use crate::engine::turn::{advance, settle};
use crate::engine::Game;
use std::sync::atomic::{AtomicBool, Ordering};

use super::program::{env_of, last_bits, Env, Program};

/// The repetition keys seen on the way to a node: those of `keys` from `start` on, and a Bloom
/// filter of them (the one `History` keeps).
#[derive(Clone, Copy)]
struct Seen {
    start: usize,
    bloom: [u64; 4],
}

/// What the walk reads and where it counts; `LAST`: whether a condition of the game reads the
/// last move.
struct Walk<'a, 'k, const LAST: bool> {
    game: &'a Game,
    k: &'a SowingKernel,
    branches: &'a Branches,
    repetition: bool,
    placing: bool,
    players: u8,
    depth: usize,
    counts: &'a mut [u64],
    keys: &'k mut Vec<u64>,
    stop: &'a AtomicBool,
}

/// Counts, on the loop's counts, the nodes below the children of `state` (a decision at depth
/// `d - 1` whose legal moves `moves` are already counted at depth `d`), down to `depth`; `false`,
/// counting nothing, when the loop cannot play them (in the opening, when the loop does not play
/// it; a piece on the board; a move of another kind). `keys` is a buffer for the repetition keys.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(in crate::engine) fn below(
    game: &Game,
    k: &SowingKernel,
    state: &State,
    moves: &[Move],
    (d, depth): (usize, usize),
    counts: &mut [u64],
    keys: &mut Vec<u64>,
    stop: &AtomicBool,
) -> bool {
    let Some(Phase::Decision { next: branches, .. }) = game.phases.first() else {
        return false;
    };
    if state.node != NodeType::Decision || state.phase != 0 || d >= depth {
        return false;
    }
    let ready = k.ready(state);
    let playable = if ready {
        sowings(k, moves)
    } else {
        k.opening.is_some() && moves.iter().all(|&m| k.opens(m))
    };
    if !playable {
        return false;
    }
    let Some(pits) = Pits::of(&state.board) else {
        return false;
    };
    let at = (pits, ready, d);
    if game.needs.contains(Needs::LAST) {
        let (walk, seen) = Walk::of(game, k, branches, state, depth, counts, keys, stop);
        children::<true>(walk, seen, state, moves, at);
    } else {
        let (walk, seen) = Walk::of(game, k, branches, state, depth, counts, keys, stop);
        children::<false>(walk, seen, state, moves, at);
    }
    true
}

/// Counts the nodes below the children of `state` (at depth `d - 1`, the counts `pits`) that
/// `moves` lead to, as [`below`] does.
#[inline(always)]
fn children<const LAST: bool>(
    mut walk: Walk<'_, '_, LAST>,
    seen: Seen,
    state: &State,
    moves: &[Move],
    (pits, ready, d): (Pits, bool, usize),
) {
    let (game, k) = (walk.game, walk.k);
    let (clock, mover) = (state.clock, state.mover);
    for &m in moves {
        let mut child = pits;
        if ready {
            let fx = sow(game, k, mover, &mut child, m);
            walk.child::<false>(child, fx, m, clock, mover, d, seen);
        } else {
            let fx = play(game, k, mover, &mut child, m);
            walk.child::<true>(child, fx, m, clock, mover, d, seen);
        }
    }
}

/// The counts of a board of neutral counters, as `Pits::of` takes them, read from the board's
/// sets and key (kept in step with its cells; the key when the game tests repetition, and read
/// only then): once a node, so the fewer steps.
#[inline(always)]
fn counts_of(board: &Board) -> Option<Pits> {
    // Sites beyond the lane's, or a player's piece.
    if board.cells.len() > LANE || board.owned.iter().any(|o| o.0[0] != 0) {
        return None;
    }
    let mut p = Pits {
        store: board.store,
        hand: board.hand,
        key: board.key,
        filled: board.filled.0[0],
        ..Pits::default()
    };
    for (n, c) in p.n.iter_mut().zip(&board.cells) {
        *n = c.count;
    }
    Some(p)
}

/// Whether every move of `moves` is a sowing of the kernel's plans.
fn sowings(k: &SowingKernel, moves: &[Move]) -> bool {
    let Some(&first) = moves.first() else {
        return true;
    };
    // A node's moves are mostly of one generator: the plans searched once.
    (moves.iter().all(|m| m.gen == first.gen) && k.plays(first))
        || moves.iter().all(|&m| k.plays(m))
}

/// What `after` did with a move.
pub(in crate::engine) enum After {
    /// Counted the nodes below the node it leads to, on the counts.
    Counted,
    /// Played it and settled the node it leads to in the general way, its moves listed.
    Settled,
}

/// Plays the move `m` from `s` (a copy of the node at depth `d - 1`; the move is counted at depth
/// `d`, above the last level) and counts the nodes below the node it leads to, down to `depth`, on
/// the counts when the loop can play from there (the general move, then the loop's end rules and
/// walk: the general settling, which lists the node's moves, is skipped); else settles that node
/// in the general way, its moves left in `moves`. (At the last level the general count is the
/// cheaper: the counts would be taken for one count.)
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(in crate::engine) fn after(
    game: &Game,
    k: &SowingKernel,
    s: &mut State,
    m: Move,
    (d, depth): (usize, usize),
    counts: &mut [u64],
    keys: &mut Vec<u64>,
    moves: &mut Vec<Move>,
    stop: &AtomicBool,
) -> Result<After, PlayError> {
    let (actor, repeated) = advance(game, s, m, None)?;
    if let (0, Some(Phase::Decision { next: branches, .. })) = (s.phase, game.phases.first()) {
        if k.ready(s) {
            if let Some(pits) = counts_of(&s.board) {
                if game.needs.contains(Needs::LAST) {
                    let (mut walk, seen) =
                        Walk::<true>::of(game, k, branches, s, depth, counts, keys, stop);
                    walk.settled::<false>(&pits, &s.clock, actor, s.mover, repeated, d, seen);
                } else {
                    let (mut walk, seen) =
                        Walk::<false>::of(game, k, branches, s, depth, counts, keys, stop);
                    walk.settled::<false>(&pits, &s.clock, actor, s.mover, repeated, d, seen);
                }
                return Ok(After::Counted);
            }
        }
    }
    settle(game, s, actor, repeated, moves);
    Ok(After::Settled)
}

impl<'a, 'k, const LAST: bool> Walk<'a, 'k, LAST> {
    /// The walk from `state`, and the keys seen on the way to it (its history).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn of(
        game: &'a Game,
        k: &'a SowingKernel,
        branches: &'a Branches,
        state: &State,
        depth: usize,
        counts: &'a mut [u64],
        keys: &'k mut Vec<u64>,
        stop: &'a AtomicBool,
    ) -> (Walk<'a, 'k, LAST>, Seen) {
        keys.clear();
        keys.extend_from_slice(state.history.keys());
        let mut bloom = [0u64; 4];
        for &key in keys.iter() {
            let (w, b) = History::bit(key);
            bloom[w] |= b;
        }
        let walk = Walk {
            game,
            k,
            branches,
            repetition: game.needs.contains(Needs::REPETITION),
            placing: game.needs.contains(Needs::PLACING),
            players: state.players,
            depth,
            counts,
            keys,
            stop,
        };
        (walk, Seen { start: 0, bloom })
    }
}

impl<'a, const LAST: bool> Walk<'a, '_, LAST> {
    /// What the programs' masks read of the last move on `clock` ([`last_bits`]), none when no
    /// condition of the game reads it.
    #[inline(always)]
    fn last(&self, clock: &Clock) -> u64 {
        if LAST {
            last_bits(clock.last)
        } else {
            0
        }
    }

    /// The node that `actor`'s move `m` (its effects `fx`, the counts after it `pits`) leads to
    /// from a node with clock `clock`: settled as the loop settles it, then its children counted
    /// (it sits at depth `d`, already counted). `OPENING`: the node may be in the opening.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn child<const OPENING: bool>(
        &mut self,
        pits: Pits,
        fx: Effects,
        m: Move,
        mut clock: Clock,
        actor: u8,
        d: usize,
        mut seen: Seen,
    ) {
        let game = self.game;
        clock.last = fx.last(m);
        clock.moves_played += 1;
        clock.moves_made[actor as usize & (MAX_PLAYERS - 1)] += 1;
        clock.edges_played += 1;
        let action = match self.branches.fixed() {
            Some(a) => a,
            None => {
                let env = Env {
                    game,
                    pits: &pits,
                    clock: &clock,
                    mover: actor,
                    stuck: None,
                    repeated: false,
                    last: self.last(&clock),
                };
                env.run(&self.k.next)
                    .and_then(|i| self.branches.list.get(i))
                    .map_or(&Action::EndTurn, |(_, a)| a)
            }
        };
        let mut mover = actor;
        if let Action::EndTurn = action {
            mover = game.next[actor as usize & (MAX_PLAYERS - 1)];
            clock.turn_moves = 0;
        }
        let mut repeated = false;
        let kept = self.keys.len();
        if self.repetition {
            let key = repetition_key_of(pits.key, mover, 0);
            let (w, b) = History::bit(key);
            if fx.captured > 0 && !self.placing {
                // As the loop's history: no earlier position can recur.
                seen = Seen {
                    start: kept,
                    bloom: [0; 4],
                };
            } else {
                repeated = seen.bloom[w] & b != 0 && self.keys[seen.start..].contains(&key);
            }
            seen.bloom[w] |= b;
            self.keys.push(key);
        }
        self.settled::<OPENING>(&pits, &clock, actor, mover, repeated, d, seen);
        self.keys.truncate(kept);
    }

    /// The node at depth `d` after `actor`'s move, `mover` to move: its end rules read, then
    /// its children counted, and the nodes below them. `OPENING`: the node may be in the opening
    /// (a node past it is never in it again: the clock's counts only grow).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn settled<const OPENING: bool>(
        &mut self,
        pits: &Pits,
        clock: &Clock,
        actor: u8,
        mover: u8,
        repeated: bool,
        d: usize,
        seen: Seen,
    ) {
        // The end rules read with no one stuck: a node whose mover is stuck ends the game too, and
        // has no child either way.
        let env = Env {
            game: self.game,
            pits,
            clock,
            mover: actor,
            stuck: None,
            repeated,
            last: self.last(clock),
        };
        let played = clock.edges_played.max(clock.moves_played);
        // Most nodes do not repeat: their end rules read in the quiet form, as the loop's.
        let k = self.k;
        let end = match (played < k.until, repeated) {
            (true, false) => &k.early_quiet,
            (true, true) => &k.early,
            (false, false) => &k.end_quiet,
            (false, true) => &k.end,
        };
        if (!end.never() && env.run(end).is_some()) || clock.edges_played >= self.game.max_edges {
            return;
        }
        let opening = OPENING && !k.ready_at(clock, self.players);
        if d + 1 == self.depth {
            let n = if opening {
                self.opening_count(pits, clock, mover)
            } else {
                self.count(pits, clock, mover)
            };
            self.counts[d + 1] += n as u64;
        } else if opening {
            self.opening_node(pits, clock, mover, d + 1, seen);
        } else {
            self.node(pits, clock, mover, d + 1, seen);
        }
    }

    /// The sowing step and the transfer step that `mover`'s opening plan reaches on `pits`.
    #[inline(always)]
    fn opening_steps(
        &self,
        pits: &Pits,
        clock: &Clock,
        mover: u8,
    ) -> (Option<&'a Op>, Option<&'a Op>) {
        let Some(plans) = &self.k.opening else {
            return (None, None);
        };
        let plan = &plans[mover as usize & (MAX_PLAYERS - 1)];
        reached(
            plan,
            env_of(self.game, pits, clock, mover, self.last(clock)),
        )
    }

    /// The number of `mover`'s legal moves on `pits` in the opening: sowings and transfers.
    #[inline(never)]
    fn opening_count(&self, pits: &Pits, clock: &Clock, mover: u8) -> u32 {
        let (sowing, listed) = self.opening_steps(pits, clock, mover);
        let mut n = sowing
            .and_then(family_of)
            .map_or(0, |family| self.count_of(pits, clock, mover, family));
        if let Some(Op::Transfer { filter: None, .. }) = listed {
            return n + Transfers::of(self.game, listed, pits, mover).n as u32;
        }
        transfers(
            (self.game, self.k),
            pits,
            clock,
            mover,
            listed,
            |_, _, _| n += 1,
        );
        n
    }

    /// Counts the children of a node at depth `d - 1` in the opening (the counts `pits`,
    /// `mover` to move), sowings and transfers, and the nodes below them.
    #[inline(never)]
    fn opening_node(&mut self, pits: &Pits, clock: &Clock, mover: u8, d: usize, seen: Seen) {
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        let (sowing, listed) = self.opening_steps(pits, clock, mover);
        let rules = (self.game, self.k);
        if let Some(family) = sowing.and_then(family_of) {
            legal(rules, pits, clock, mover, family, |m, work, fx| {
                self.counts[d] += 1;
                self.child::<true>(work, fx, m, *clock, mover, d, seen);
            });
        }
        transfers(rules, pits, clock, mover, listed, |m, work, fx| {
            self.counts[d] += 1;
            self.child::<true>(work, fx, m, *clock, mover, d, seen);
        });
    }

    /// The step of `mover`'s folded plan that the counts `pits` reach: the generator, its filter
    /// and its set of origins, if any.
    #[inline(always)]
    fn family(
        &self,
        pits: &Pits,
        clock: &Clock,
        mover: u8,
    ) -> Option<(u16, &'a Option<Program>, u64)> {
        let plan = &self.k.plans[mover as usize & (MAX_PLAYERS - 1)];
        let env = env_of(self.game, pits, clock, mover, self.last(clock));
        walk(plan, env).and_then(family_of)
    }

    /// The number of `mover`'s legal moves on `pits`.
    #[inline(always)]
    fn count(&self, pits: &Pits, clock: &Clock, mover: u8) -> u32 {
        match self.family(pits, clock, mover) {
            Some(family) => self.count_of(pits, clock, mover, family),
            None => 0,
        }
    }

    /// The number of `mover`'s legal sowings of the plan's `family` on `pits`.
    #[inline(always)]
    fn count_of(
        &self,
        pits: &Pits,
        clock: &Clock,
        mover: u8,
        family: (u16, &Option<Program>, u64),
    ) -> u32 {
        if family.1.is_none() {
            return (family.2 & pits.filled).count_ones();
        }
        let mut n = 0;
        legal(
            (self.game, self.k),
            pits,
            clock,
            mover,
            family,
            |_, _, _| n += 1,
        );
        n
    }

    /// Counts the children of a node at depth `d - 1` (the counts `pits`, `mover` to move), and
    /// the nodes below them.
    fn node(&mut self, pits: &Pits, clock: &Clock, mover: u8, d: usize, seen: Seen) {
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        let Some(family) = self.family(pits, clock, mover) else {
            return;
        };
        let rules = (self.game, self.k);
        legal(rules, pits, clock, mover, family, |m, work, fx| {
            self.counts[d] += 1;
            self.child::<false>(work, fx, m, *clock, mover, d, seen);
        });
    }
}

/// The generator, filter and set of origins of a sowing step.
#[inline(always)]
fn family_of(op: &Op) -> Option<(u16, &Option<Program>, u64)> {
    match op {
        Op::Sow {
            gen, filter, from, ..
        } => Some((*gen, filter, *from)),
        _ => None,
    }
}

/// Calls `f` with each of `mover`'s legal transfers of the opening's step `listed` (if it is
/// one) on `pits` (each passing its filter), the counts after it and its effects.
#[inline(always)]
fn transfers(
    (game, k): (&Game, &SowingKernel),
    pits: &Pits,
    clock: &Clock,
    mover: u8,
    listed: Option<&Op>,
    mut f: impl FnMut(Move, Pits, Effects),
) {
    let Some(&Op::Transfer {
        gen, ref filter, ..
    }) = listed
    else {
        return;
    };
    Transfers::of(game, listed, pits, mover).each(|from, to| {
        let m = Move::new(gen, from, to);
        let mut work = *pits;
        let fx = play(game, k, mover, &mut work, m);
        let holds = filter
            .as_ref()
            .is_none_or(|cond| cond.passes(game, &work, clock, mover, m, fx));
        if holds {
            f(m, work, fx);
        }
    });
}

/// Calls `f` with each of `mover`'s legal moves of the plan's `family` on `pits` (a filled hole
/// of its set whose sowing passes its filter), the counts after it and its effects.
#[inline(always)]
fn legal(
    (game, k): (&Game, &SowingKernel),
    pits: &Pits,
    clock: &Clock,
    mover: u8,
    (gen, filter, from): (u16, &Option<Program>, u64),
    mut f: impl FnMut(Move, Pits, Effects),
) {
    let mut set = from & pits.filled;
    while set != 0 {
        let site = set.trailing_zeros() as Site;
        set &= set - 1;
        let m = Move::new(gen, site, site);
        let mut work = *pits;
        let fx = sow(game, k, mover, &mut work, m);
        let holds = filter
            .as_ref()
            .is_none_or(|cond| cond.passes(game, &work, clock, mover, m, fx));
        if holds {
            f(m, work, fx);
        }
    }
}
