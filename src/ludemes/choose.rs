//! Choosing moves: alternatives, moves chosen by a condition, and moves kept by a filter.

use crate::check::registry::{Kind::*, Ludeme, opt, req, Shape::{Many as M, One as O}};
use crate::ludemes::{Lower};
use crate::compile::ir::{Choice, Cond, MoveExpr};
use crate::compile::Compiler;
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "or", kind: Moves, positional: &[req("moves", M(Moves), "the alternatives")], named: &[], doc: "All the moves of each alternative.", example: "(or {(place 2) (step Orthogonal)})", lower: Lower::Moves(or), refs: &[] },
    Ludeme { name: "if", kind: Moves, positional: &[req("condition", O(Cond), "tested before the moves are made"), req("then", O(Moves), "the moves when it holds"), opt("else", O(Moves), "the moves otherwise")], named: &[], doc: "Chooses moves by a condition on the position.", example: "(if (< (moves-made Mover) 2) (transfer from:(region \"Home\" Mover) to:(region \"Home\" Mover)) (sow \"Sow\"))", lower: Lower::Moves(when), refs: &[] },
    Ludeme { name: "priority", kind: Moves, positional: &[req("moves", M(Moves), "the move sets, first first")], named: &[], doc: "The moves of the first set that has any: a later set's moves are legal only when no earlier set has a legal move (captures before other moves, say).", example: "(priority {(hop Orthogonal) (step Orthogonal)})", lower: Lower::Moves(priority), refs: &[] },
    Ludeme { name: "filter", kind: Moves, positional: &[req("condition", O(Cond), "tested after each move, with Mover still the player who moved"), req("moves", O(Moves), "the moves")], named: &[], doc: "Keeps only the moves after which the condition holds.", example: "(filter (> (count-in (region \"Home\" Next)) 0) (sow \"Sow\" from:(region \"Home\" Mover)))", lower: Lower::Moves(filter), refs: &[] },
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
