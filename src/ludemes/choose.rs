//! Choosing moves: alternatives, moves chosen by a condition, and moves kept by a filter or by
//! the largest value they leave.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{Many as M, One as O},
};
use crate::compile::ir::{Choice, Cond, IntExpr, MoveExpr};
use crate::compile::Compiler;
use crate::ludemes::Lower;
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// All the moves of each alternative.
        name: "or",
        kind: Moves,
        positional: [
            /// the alternatives
            req("moves", M(Moves)),
        ],
        named: [],
        example: "(or {(place 2) (step Orthogonal)})",
        lower: Lower::Moves(or),
        refs: [],
    },
    ludeme! {
        /// Chooses moves by a condition on the position.
        name: "if",
        kind: Moves,
        positional: [
            /// tested before the moves are made
            req("condition", O(Cond)),
            /// the moves when it holds
            req("then", O(Moves)),
            /// the moves otherwise
            opt("else", O(Moves)),
        ],
        named: [],
        example: "(if (< (moves-made Mover) 2) (transfer from:(region \"Home\" Mover) to:(region \
                  \"Home\" Mover)) (sow \"Sow\"))",
        lower: Lower::Moves(when),
        refs: [],
    },
    ludeme! {
        /// The moves of the first set that has any: a later set's moves are legal only when no
        /// earlier set has a legal move (captures before other moves, say).
        name: "priority",
        kind: Moves,
        positional: [
            /// the move sets, first first
            req("moves", M(Moves)),
        ],
        named: [],
        example: "(priority {(hop Orthogonal) (step Orthogonal)})",
        lower: Lower::Moves(priority),
        refs: [],
    },
    ludeme! {
        /// Keeps only the moves after which the condition holds.
        name: "filter",
        kind: Moves,
        positional: [
            /// tested after each move, with Mover still the player who moved
            req("condition", O(Cond)),
            /// the moves
            req("moves", O(Moves)),
        ],
        named: [],
        example: "(filter (> (count-in (region \"Home\" Next)) 0) (sow \"Sow\" from:(region \
                  \"Home\" Mover)))",
        lower: Lower::Moves(filter),
        refs: [],
    },
    ludeme! {
        /// Keeps only the moves after which the integer is largest, read after each move with
        /// Mover still the player who moved: the majority rule of draughts, `(most (score Mover)
        /// ...)` when captures go to the mover's store, is "take the most pieces".
        name: "most",
        kind: Moves,
        positional: [
            /// read after each move
            req("value", O(Int)),
            /// the moves
            req("moves", O(Moves)),
        ],
        named: [],
        example: "(most (score Mover) (jump Diagonal))",
        lower: Lower::Moves(most),
        refs: [],
    },
];

/// The move sets given as arguments or as one list, lowered.
fn sets(c: &mut Compiler<'_>, node: &Node) -> Vec<MoveExpr> {
    Compiler::list_or_many(node)
        .into_iter()
        .map(|n| c.moves(n))
        .collect()
}

fn or(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    MoveExpr::Or(sets(c, node))
}

fn priority(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    MoveExpr::Priority(sets(c, node))
}

fn when(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let cond = node.pos(0).map(|n| c.cond(n)).unwrap_or(Cond::Const(false));
    let t = node
        .pos(1)
        .map(|n| c.moves(n))
        .unwrap_or(MoveExpr::Or(Vec::new()));
    let e = node.pos(2).map(|n| Box::new(c.moves(n)));
    MoveExpr::If(Choice::of(&cond), Box::new(t), e)
}

fn filter(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let cond = node.pos(0).map(|n| c.cond(n)).unwrap_or(Cond::Const(false));
    let m = node
        .pos(1)
        .map(|n| c.moves(n))
        .unwrap_or(MoveExpr::Or(Vec::new()));
    c.filters.push(cond);
    // Past 16 bits the game is refused (`MAX_PARTS`); the number only has to be some number.
    let f = u16::try_from(c.filters.len() - 1).unwrap_or(u16::MAX);
    MoveExpr::Filter(f, Box::new(m))
}

fn most(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let value = node.pos(0).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
    let m = node
        .pos(1)
        .map(|n| c.moves(n))
        .unwrap_or(MoveExpr::Or(Vec::new()));
    MoveExpr::Most(value, Box::new(m))
}
