//! Dice used one at a time (`each-die`): the moves of each die of the throw not yet used, looked
//! ahead over the rest of the throw where it must be used as fully as it can be; a throw's dice
//! put in the clock, and a move's die spent. Only games that use dice so pay for any of it.

use super::ctx::Ctx;
use super::moves::Move;
use super::rules::{apply_gen, expr_moves};
use super::state::{Board, Clock, State};
use crate::compile::ir::{Dice, MoveExpr};
use crate::engine::draw::NO_FILTER;
use crate::engine::Game;
use crate::ludemes::{dice_count, dice_total, distinct_dice, without_die};
use std::cell::RefCell;

/// The most dice a throw gives to use (four bits each in the clock's 16).
const MOST_DICE: usize = 4;

/// One level of a look-ahead: the moves of a die and the board one of them is tried on.
#[derive(Default)]
struct Level {
    moves: Vec<Move>,
    board: Board,
    /// The value of each candidate (at the first level only).
    values: Vec<u16>,
}

thread_local! {
    /// The levels of the look-ahead, kept warm: no allocation per move once grown.
    static LEVELS: RefCell<Vec<Level>> = RefCell::new(levels());
}

fn levels() -> Vec<Level> {
    (0..=MOST_DICE).map(|_| Level::default()).collect()
}

/// The value of using a set of dice: how many, then their total (the larger wins).
#[inline]
fn value_of(set: u16) -> u16 {
    dice_count(set) << 8 | dice_total(set)
}

/// The context of `ctx` with another clock (the same position, `(pips)` read as one die).
#[inline]
fn with<'c>(ctx: &Ctx<'c>, clock: &'c Clock, board: &'c Board) -> Ctx<'c> {
    Ctx {
        game: ctx.game,
        clock,
        board,
        mover: ctx.mover,
        stuck: ctx.stuck,
        repeated: ctx.repeated,
        history: ctx.history,
    }
}

/// The moves of `inner` for each die left in the clock, each recording its die; with `most`,
/// only those that begin a sequence using the most dice, then the largest total.
#[inline(never)]
pub(super) fn each_die_moves(ctx: &Ctx, inner: &MoveExpr, most: bool, out: &mut Vec<Move>) {
    let set = ctx.clock.dice;
    let start = out.len();
    for die in distinct_dice(set) {
        let clock = Clock {
            pips: die as i64,
            ..*ctx.clock
        };
        let at = out.len();
        expr_moves(
            &with(ctx, &clock, ctx.board),
            inner,
            out,
            &mut None,
            NO_FILTER,
        );
        for m in &mut out[at..] {
            *m = m.with_die(die, false);
        }
    }
    if most && out.len() > start {
        LEVELS.with(|levels| {
            // A look-ahead inside another's (a rule that reads moves) takes levels of its own.
            let mut own = None;
            let mut held = levels.try_borrow_mut().ok();
            let levels = match held.as_deref_mut() {
                Some(l) => l,
                None => own.insert(self::levels()),
            };
            keep_fullest(ctx, inner, set, start, out, levels);
        });
    }
}

/// Keeps, of the moves from `start` on, those whose best sequence over the rest of the throw is
/// worth the most; marks them as using the last die that can be used when nothing follows.
fn keep_fullest(
    ctx: &Ctx,
    inner: &MoveExpr,
    set: u16,
    start: usize,
    out: &mut Vec<Move>,
    levels: &mut [Level],
) {
    let Some((first, rest)) = levels.split_first_mut() else {
        return;
    };
    first.values.clear();
    let mut best = 0;
    for &m in &out[start..] {
        let die = m.die().unwrap_or(0);
        let left = without_die(set, die);
        let mut v = 1 << 8 | die;
        if left != 0 {
            let clock = Clock {
                pips: die as i64,
                ..*ctx.clock
            };
            first.board.clone_from(ctx.board);
            apply_gen(ctx.game, &clock, &mut first.board, ctx.mover, m);
            v += fullest(ctx, inner, &first.board, left, rest);
        }
        first.values.push(v);
        best = best.max(v);
    }
    // Nothing follows the best moves: they use up the throw.
    let last = best >> 8 == 1;
    let mut keep = start;
    for i in start..out.len() {
        if first.values[i - start] == best {
            let m = out[i];
            out[keep] = m.with_die(m.die().unwrap_or(0), last);
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// The value of the best sequence of moves using the dice of `set` from `board`: stops as soon as
/// one uses them all.
fn fullest(ctx: &Ctx, inner: &MoveExpr, board: &Board, set: u16, levels: &mut [Level]) -> u16 {
    let Some((level, rest)) = levels.split_first_mut() else {
        return 0;
    };
    let goal = value_of(set);
    let mut best = 0;
    for die in distinct_dice(set) {
        let clock = Clock {
            pips: die as i64,
            ..*ctx.clock
        };
        level.moves.clear();
        expr_moves(
            &with(ctx, &clock, board),
            inner,
            &mut level.moves,
            &mut None,
            NO_FILTER,
        );
        if level.moves.is_empty() {
            continue;
        }
        let left = without_die(set, die);
        if left == 0 {
            best = best.max(1 << 8 | die);
        } else {
            for k in 0..level.moves.len() {
                let m = level.moves[k];
                level.board.clone_from(board);
                apply_gen(ctx.game, &clock, &mut level.board, ctx.mover, m);
                let v = (1 << 8 | die) + fullest(ctx, inner, &level.board, left, rest);
                best = best.max(v);
                if best == goal {
                    return best;
                }
            }
        }
        if best == goal {
            return best;
        }
    }
    best
}

/// Puts the dice of outcome `i` in the clock: a throw of dice used one at a time reads as their
/// total in `(pips)`; a die thrown alone is one die to use.
#[inline(never)]
pub(super) fn thrown(dice: &Dice, i: usize, clock: &mut Clock) {
    match dice.sets.get(i) {
        Some(&set) => {
            clock.dice = set;
            clock.pips = dice_total(set) as i64;
        }
        None => {
            clock.dice = u16::try_from(clock.pips)
                .ok()
                .filter(|&v| v < 16)
                .unwrap_or(0)
        }
    }
}

/// Plays a move that uses a die on the state's board, `(pips)` read as its die.
#[inline(never)]
pub(super) fn apply_with_die(
    game: &Game,
    s: &mut State,
    actor: u8,
    m: Move,
    die: u16,
) -> super::ctx::Effects {
    let clock = Clock {
        pips: die as i64,
        ..s.clock
    };
    apply_gen(game, &clock, &mut s.board, actor, m)
}

/// Spends what edge `m` used of the throw: its die, every die left after the last that can be
/// be used, or every die left on a pass.
#[inline(never)]
pub(super) fn spend(clock: &mut Clock, m: Move) {
    if m.is_pass() || m.last_die() {
        clock.dice = 0;
    } else if let Some(d) = m.die() {
        clock.dice = without_die(clock.dice, d);
    }
}
