//! The interpreter of the compiled moves: the move expression walked, filters tried, and a
//! generator's move applied with its effects (each family's own code is in its ludeme module).
//! Everything here runs on the hot path: no names, no maps, no allocation once warm.

use super::ctx::{Ctx, Effects};
use super::filter::{passes_counted, Counts};
use super::moves::Move;
use super::state::{Board, Clock, State};
use crate::compile::ir::*;
use crate::compile::Needs;
use crate::engine::draw::NO_FILTER;
use crate::engine::Game;
use crate::ludemes::MoverTurn;
use std::cell::RefCell;

thread_local! {
    /// The board that filters try moves on.
    static SCRATCH: RefCell<Board> = RefCell::new(Board::default());
    /// The counts that filters whose tests read only counts try sowings on.
    static COUNTS: RefCell<Counts> = RefCell::new(Counts::default());
    /// The move buffer of `apply` for callers that do not pass their own.
    static MOVES: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
}

/// Why a move could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A throw was given where a move is due, or the other way round.
    #[error("{0}")]
    WrongNode(&'static str),
    /// The move is not legal here.
    #[error("the move is not legal in this position")]
    Illegal,
}

/// The generators' moves of the current decision phase, in a deterministic order.
pub(crate) fn generate(game: &Game, state: &State, out: &mut Vec<Move>) {
    out.clear();
    if let Some(Phase::Decision { moves, pass, .. }) = game.phases.get(state.phase as usize) {
        expr_moves(&Ctx::of(game, state), moves, out, &mut None, NO_FILTER);
        if out.is_empty() && *pass {
            out.push(Move::pass());
        }
    }
}

pub(super) fn expr_moves(
    ctx: &Ctx,
    e: &MoveExpr,
    out: &mut Vec<Move>,
    lazy: &mut Option<&mut Vec<u16>>,
    tag: u16,
) {
    match e {
        MoveExpr::Gen(g) => {
            gen_moves(ctx, *g, out);
            if let Some(needs) = lazy {
                needs.resize(out.len(), tag);
            }
        }
        MoveExpr::Or(list) => list.iter().for_each(|m| expr_moves(ctx, m, out, lazy, tag)),
        MoveExpr::If(c, a, b) => {
            if ctx.holds(c) {
                expr_moves(ctx, a, out, lazy, tag)
            } else if let Some(b) = b {
                expr_moves(ctx, b, out, lazy, tag)
            }
        }
        MoveExpr::Priority(sets) => {
            for set in sets {
                let start = out.len();
                // A set counts only with legal moves: filters inside it are applied at once.
                expr_moves(ctx, set, out, &mut None, NO_FILTER);
                if let Some(needs) = lazy {
                    needs.resize(out.len(), tag);
                }
                if out.len() > start {
                    break;
                }
            }
        }
        MoveExpr::Filter(id, inner) if lazy.is_some() && tag == NO_FILTER => {
            expr_moves(ctx, inner, out, lazy, *id)
        }
        MoveExpr::Remove(g) => {
            let start = out.len();
            gen_moves(ctx, *g, out);
            if let Some(r) = ctx
                .game
                .gens
                .get(*g as usize)
                .and_then(|d| d.remove.as_ref())
            {
                r.expand(ctx, *g, start, out);
            }
            if let Some(needs) = lazy {
                needs.resize(out.len(), tag);
            }
        }
        MoveExpr::Filter(id, inner) => filter_moves(ctx, *id, inner, out, lazy, tag),
        MoveExpr::EachDie(inner, most) => {
            super::dice::each_die_moves(ctx, inner, *most, out);
            if let Some(needs) = lazy {
                needs.resize(out.len(), tag);
            }
        }
        MoveExpr::Most(value, inner) => {
            let start = out.len();
            // The values are compared at once: filters inside are applied at once too.
            expr_moves(ctx, inner, out, &mut None, NO_FILTER);
            most_moves(ctx, value, start, out);
            if let Some(needs) = lazy {
                needs.resize(out.len(), tag);
            }
        }
    }
}

/// Keeps, of the moves from `start` on, those after which `value` is largest: one pass, the
/// kept moves packed down as a larger value restarts them. Out of line, as `filter_moves` is.
#[inline(never)]
fn most_moves(ctx: &Ctx, value: &IntExpr, start: usize, out: &mut Vec<Move>) {
    if out.len() - start < 2 {
        return;
    }
    SCRATCH.with(|scratch| {
        // Inside a filter's trial the scratch board is held: try on a board of one's own.
        let mut own = None;
        let mut held = scratch.try_borrow_mut().ok();
        let board = match held.as_deref_mut() {
            Some(b) => b,
            None => own.insert(Board::default()),
        };
        let mut best = i64::MIN;
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            board.clone_from(ctx.board);
            let effects = apply_gen(ctx.game, ctx.clock, board, ctx.mover, m);
            let mut tried = None;
            let clock = effects.clock_after(ctx.game, ctx.clock, m, &mut tried);
            let v = Ctx::after(ctx.game, clock, board, ctx.mover).int(value);
            if v > best {
                best = v;
                keep = start;
            }
            if v == best {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    });
}

/// The moves of `inner` that pass filter `id`. Out of line: the trials' buffers kept out of
/// `expr_moves`, which every listing runs.
#[inline(never)]
fn filter_moves(
    ctx: &Ctx,
    id: u16,
    inner: &MoveExpr,
    out: &mut Vec<Move>,
    lazy: &mut Option<&mut Vec<u16>>,
    tag: u16,
) {
    let start = out.len();
    expr_moves(ctx, inner, out, lazy, tag);
    let mut keep = start;
    // Nested in another filter's trial the counts are held, and not read: see `passes`.
    COUNTS.with(|c| c.try_borrow_mut().map(|mut c| c.forget()).ok());
    for i in start..out.len() {
        if passes(ctx, id, out[i]) {
            out[keep] = out[i];
            if let Some(needs) = lazy {
                needs[keep] = needs[i];
            }
            keep += 1;
        }
    }
    out.truncate(keep);
    if let Some(needs) = lazy {
        needs.truncate(keep);
    }
}

/// Whether a move passes a filter: it is tried on a scratch board, or on the counts.
fn passes(ctx: &Ctx, filter: u16, m: Move) -> bool {
    SCRATCH.with(|scratch| {
        let board = &mut scratch.borrow_mut();
        // A filter tried inside another's trial (a condition that lists moves) finds the counts
        // held, and tries on the board alone.
        COUNTS.with(|counts| match counts.try_borrow_mut() {
            Ok(mut counts) => passes_counted(ctx, filter, m, &mut counts, board),
            Err(_) => try_on(ctx, filter, m, board).is_some(),
        })
    })
}

/// Plays the mover's move on `board` (a copy of the context's) and checks a filter after it: the
/// move's effects if it passes.
pub(super) fn try_on(ctx: &Ctx, filter: u16, m: Move, board: &mut Board) -> Option<Effects> {
    board.clone_from(ctx.board);
    let effects = apply_gen(ctx.game, ctx.clock, board, ctx.mover, m);
    // The clock's last move is the one before: a filter that reads the last move reads this one.
    let mut tried = None;
    let clock = effects.clock_after(ctx.game, ctx.clock, m, &mut tried);
    Ctx::after(ctx.game, clock, board, ctx.mover)
        .holds(&ctx.game.filters[filter as usize])
        .then_some(effects)
}

/// The moves of generator `g` in the context's position, into `out`.
pub(super) fn gen_moves(ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
    ctx.game.gens[g as usize].gen.generate(ctx, g, out);
}

/// Applies a generator's move to a board, with its `then` effects.
pub(crate) fn apply_gen(
    game: &Game,
    clock: &Clock,
    board: &mut Board,
    mover: u8,
    m: Move,
) -> Effects {
    let Some(def) = game.gens.get(m.gen as usize) else {
        return Effects::default();
    };
    if m.from as usize >= board.cells.len() || m.to as usize >= board.cells.len() {
        return Effects::default();
    }
    if game.needs.contains(Needs::SOWN) {
        board.sown = Default::default();
    }
    let on = MoverTurn { game, clock, mover };
    // The effects are kept as three values and put together at the end. Built field by field in
    // memory (the `then` effects read them by reference), the returned word was read whole just
    // after its fields were stored, and waited for every store before them to reach the cache:
    // in a batch of 1024 games, where the move's stores miss, the largest wait of Hex's and
    // Morris's steps.
    let Effects {
        mut captured,
        landed,
        ..
    } = def.gen.apply(on, board, m);
    if game.needs.contains(Needs::UNMOVED) {
        board.forget_unmoved(m.from);
        board.forget_unmoved(m.to);
        board.forget_unmoved(m.removal);
    }
    if let Some(r) = &def.remove {
        captured += r.apply(game, board, mover, m);
    }
    // A capture makes progress of itself.
    let mut progress = u8::from(captured > 0);
    if !def.then.is_empty() {
        let fx = Effects {
            captured,
            landed,
            progress,
        };
        progress |= u8::from(crate::ludemes::run_effects(
            &def.then,
            game,
            clock,
            board,
            mover,
            (m, &fx),
        ));
    }
    Effects {
        captured,
        landed,
        progress,
    }
}

/// Runs `f` with the thread's spare move buffer.
pub(crate) fn with_buffer<R>(f: impl FnOnce(&mut Vec<Move>) -> R) -> R {
    MOVES.with(|b| match b.try_borrow_mut() {
        Ok(mut buf) => f(&mut buf),
        Err(_) => f(&mut Vec::new()),
    })
}
