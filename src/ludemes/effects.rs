//! Effects: what a move does after it is made, in the order written; each reads the board as
//! the move and the effects before it left it, and the move as the last move.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
};
use crate::compile::ir::{Choice, Cond, Effect, IntExpr, Leaf, MAX_PLAYERS, NO_SITE};
use crate::compile::Compiler;
use crate::engine::Game;
use crate::engine::{region_has, Board, Clock, Ctx, Effects, Move};
use crate::ludemes::{Arg, Lower, Ref};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// Sets a player variable.
        name: "set-var",
        kind: Effect,
        positional: [
            /// whose variable
            req("owner", O(Role)),
            /// the variable
            req("name", O(Str)),
            /// its new value
            req("value", O(Int)),
        ],
        named: [],
        example: "(set-var Mover \"Opened\" 1)",
        lower: Lower::Part,
        refs: [Ref::Var(Arg::Pos(1))],
    },
    ludeme! {
        /// Adds to a player's store, which `score` reads and `by-score` ranks.
        name: "add-score",
        kind: Effect,
        positional: [
            /// whose store
            req("owner", O(Role)),
            /// the amount; a negative one takes away, down to zero
            req("value", O(Int)),
        ],
        named: [],
        example: "(add-score Mover 1)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The piece where the move landed becomes another kind (a man crowned king).
        name: "promote",
        kind: Effect,
        positional: [
            /// the piece kind it becomes
            req("kind", O(Str)),
        ],
        named: [],
        example: "(promote \"King\")",
        lower: Lower::Part,
        refs: [Ref::Kind(Arg::Pos(0))],
    },
    ludeme! {
        /// Effects by a condition read after the move.
        name: "if",
        kind: Effect,
        positional: [
            /// when the first effects apply; it reads the move as the last move (`landed-in`)
            req("condition", O(Cond)),
            /// the effects if it holds
            req("then", OL(Effect)),
            /// the effects if not
            opt("else", OL(Effect)),
        ],
        named: [],
        example: "(if (landed-in (region \"Home\" Next)) (add-score Mover 1))",
        lower: Lower::Part,
        refs: [],
    },
];

/// The effects of a generator's `then:`, one or a list.
pub(crate) fn lower(c: &mut Compiler<'_>, node: Option<&Node>) -> Vec<Effect> {
    let Some(node) = node else { return Vec::new() };
    let items: Vec<&Node> = match node.as_list() {
        Some(l) => l.iter().collect(),
        None => vec![node],
    };
    items.into_iter().map(|e| effect(c, e)).collect()
}

/// One effect.
fn effect(c: &mut Compiler<'_>, e: &Node) -> Effect {
    let int =
        |c: &mut Compiler<'_>, n: Option<&Node>| n.map(|v| c.int(v)).unwrap_or(IntExpr::Lit(0));
    match e.head() {
        Some("add-score") => Effect::AddScore(c.who(e.pos(0)), int(c, e.pos(1))),
        Some("promote") => Effect::Promote(c.kind(e.pos(0)).unwrap_or(0)),
        Some("if") => {
            let test = e.pos(0).map(|t| c.cond(t)).unwrap_or(Cond::Const(false));
            let (then, otherwise) = (lower(c, e.pos(1)), lower(c, e.pos(2)));
            match test {
                Cond::Leaf(Leaf::LandedIn(r)) => Effect::IfLanded(r, then, otherwise),
                test => Effect::If(Choice::of(&test), then, otherwise),
            }
        }
        Some("progress") => Effect::Progress,
        Some("convert") => Effect::Convert(c.dirs(e.pos(0))),
        _ => Effect::SetVar(c.who(e.pos(0)), c.var(e.pos(1)), int(c, e.pos(2))),
    }
}

/// A variable set or a store added to, by an integer read from the position. Out of line, as
/// [`holds_after`] is: the evaluator inlined made every call of [`run`] pay for its frame.
#[inline(never)]
fn count(
    effect: &Effect,
    game: &Game,
    (clock, board): (&Clock, &mut Board),
    (m, fx, mover): After,
) {
    let mut with_last = None;
    let clock = fx.clock_after(game, clock, m, &mut with_last);
    let ctx = Ctx::after(game, clock, board, mover);
    match effect {
        Effect::SetVar(who, var, value) => {
            let (p, v) = (ctx.who(*who) as usize, ctx.int(value));
            board.vars[p & (MAX_PLAYERS - 1)][*var as usize] = v;
        }
        Effect::AddScore(who, value) => {
            let (p, v) = (ctx.who(*who) as usize & (MAX_PLAYERS - 1), ctx.int(value));
            let store = &mut board.store[p];
            *store = (*store as i64).saturating_add(v).clamp(0, u32::MAX as i64) as u32;
        }
        _ => {}
    }
}

/// Whether a condition holds after the move, out of line (see [`count`]).
#[inline(never)]
fn holds_after(
    test: &Choice,
    game: &Game,
    (clock, board): (&Clock, &Board),
    (m, fx, mover): After,
) -> bool {
    let mut with_last = None;
    let clock = fx.clock_after(game, clock, m, &mut with_last);
    Ctx::after(game, clock, board, mover).holds(test)
}

/// The move whose effects run, what it did, and who made it.
type After<'a> = (Move, &'a Effects, u8);

/// Runs effects on the board after mover's move `m`, which had the effects `fx`; returns whether
/// one of them said the move makes progress. The conditions and integers read the clock with
/// this move as the last, made where one is read: made for every list, that copy of the clock
/// cost each move with effects about 2% (draughts).
pub(crate) fn run(
    list: &[Effect],
    game: &Game,
    clock: &Clock,
    board: &mut Board,
    mover: u8,
    (m, fx): (Move, &Effects),
) -> bool {
    let mut progress = false;
    for effect in list {
        match effect {
            Effect::SetVar(..) | Effect::AddScore(..) => {
                count(effect, game, (clock, board), (m, fx, mover))
            }
            Effect::Promote(kind) => {
                let t = fx.last(m).to;
                if t != NO_SITE && board.cells[t as usize].count > 0 {
                    let mut c = board.cells[t as usize];
                    c.kind = *kind;
                    board.put(t as usize, c);
                }
            }
            Effect::If(test, then, otherwise) => {
                let holds = holds_after(test, game, (clock, board), (m, fx, mover));
                let branch = if holds { then } else { otherwise };
                if !branch.is_empty() {
                    progress |= run(branch, game, clock, board, mover, (m, fx));
                }
            }
            Effect::IfLanded(r, then, otherwise) => {
                // What `Ctx::holds` gives for the one test, without the context or the program.
                let to = fx.last(m).to;
                let holds = to != NO_SITE && region_has(game, Some(*r), mover, to);
                let branch = if holds { then } else { otherwise };
                // No call for an empty branch, the commonest (a man that does not reach the far
                // row): 1% of draughts' instructions.
                if !branch.is_empty() {
                    progress |= run(branch, game, clock, board, mover, (m, fx));
                }
            }
            Effect::Progress => progress = true,
            Effect::Convert(dirs) => {
                crate::ludemes::conversion::convert(game, board, mover, fx.last(m).to, dirs);
            }
        }
    }
    progress
}
