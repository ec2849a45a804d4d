//! Counts: conditions and numbers read from the position and the game so far.

use crate::check::registry::{Kind::*, Ludeme, opt, req, Shape::{One as O}};
use crate::ludemes::{Lower, Ref, Arg};
use crate::compile::ir::{Cond, IntExpr, Leaf, RegionRef};
use crate::compile::{Compiler, Needs};
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "no-moves", kind: Cond, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The player is to move and has no legal move. Only in end rules: being stuck is known once the moves after an edge are generated. The player to move is Next after a turn ends, but the Mover again after `(again)`: read both with `(or (no-moves Mover) (no-moves Next))`. A player to move with no move that no end rule reads ends the game in a draw; `ludus validate` warns of a game where that can happen.", example: "(no-moves Next)", lower: Lower::Cond(no_moves), refs: &[] },
    Ludeme { name: "no-pieces", kind: Cond, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The player has no piece on the board and none in hand.", example: "(no-pieces Next)", lower: Lower::Cond(no_pieces), refs: &[] },
    Ludeme { name: "repeated", kind: Cond, positional: &[], named: &[], doc: "The position (every site's contents and the player to move) occurred before in this game. Only in end rules.", example: "(repeated)", lower: Lower::Cond(repeated), refs: &[] },
    Ludeme { name: "sown-into", kind: Cond, positional: &[req("region", O(Region), "the sites counted or sown into")], named: &[], doc: "In a filter's condition only: the move sowed at least one counter into the region.", example: "(sown-into (region \"Home\" Next))", lower: Lower::Cond(sown_into), refs: &[] },
    Ludeme { name: "pips", kind: Int, positional: &[], named: &[], doc: "The value of the current throw (or the value a `goto` set).", example: "(pips)", lower: Lower::Int(pips), refs: &[] },
    Ludeme { name: "count-in", kind: Int, positional: &[req("region", O(Region), "the sites counted or sown into")], named: &[opt("of", O(Role), "only this player's pieces: Mover, Next, Prev, or P1 to P4; every counter and piece if absent")], doc: "The counters or pieces on the region's sites.", example: "(count-in (region \"Home\" Next))", lower: Lower::Int(count_in), refs: &[] },
    Ludeme { name: "pieces-on-board", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The player's pieces on the board.", example: "(pieces-on-board Mover)", lower: Lower::Int(pieces_on_board), refs: &[] },
    Ludeme { name: "in-hand", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The pieces in the player's hand.", example: "(in-hand Next)", lower: Lower::Int(in_hand), refs: &[Ref::Hand] },
    Ludeme { name: "score", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The counters in the player's store.", example: "(score Mover)", lower: Lower::Int(score), refs: &[] },
    Ludeme { name: "var", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4"), req("name", O(Str), "a declared variable")], named: &[], doc: "A player variable.", example: "(var Mover \"Opened\")", lower: Lower::Int(var), refs: &[Ref::Var(Arg::Pos(1))] },
    Ludeme { name: "moves-played", kind: Int, positional: &[], named: &[], doc: "Moves (passes included) played in the game by both players.", example: "(moves-played)", lower: Lower::Int(moves_played), refs: &[] },
    Ludeme { name: "edges-played", kind: Int, positional: &[], named: &[], doc: "Moves, passes and throws played in the game.", example: "(edges-played)", lower: Lower::Int(edges_played), refs: &[] },
    Ludeme { name: "moves-made", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "Moves the player has made (passes included).", example: "(moves-made Mover)", lower: Lower::Int(moves_made), refs: &[] },
];

fn no_moves(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Leaf(Leaf::NoMoves(c.who(node.pos(0))))
}

fn no_pieces(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Leaf(Leaf::NoPieces(c.who(node.pos(0))))
}

fn repeated(c: &mut Compiler<'_>, _: &Node) -> Cond {
    c.needs.insert(Needs::REPETITION);
    Cond::Leaf(Leaf::Repeated)
}

fn sown_into(c: &mut Compiler<'_>, node: &Node) -> Cond {
    c.needs.insert(Needs::SOWN);
    Cond::Leaf(Leaf::SownInto(
        node.pos(0).map(|r| c.region(r)).unwrap_or(RegionRef(0)),
    ))
}

fn pips(_: &mut Compiler<'_>, _: &Node) -> IntExpr {
    IntExpr::Pips
}

fn count_in(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    let region = node.pos(0).map(|r| c.region(r)).unwrap_or(RegionRef(0));
    match node.named("of") {
        Some(who) => IntExpr::CountOf(c.who(Some(who)), region),
        None => IntExpr::CountIn(region),
    }
}

fn pieces_on_board(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    IntExpr::PiecesOnBoard(c.who(node.pos(0)))
}

fn in_hand(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    IntExpr::InHand(c.who(node.pos(0)))
}

fn score(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    IntExpr::Score(c.who(node.pos(0)))
}

fn var(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    let who = c.who(node.pos(0));
    IntExpr::Var(who, c.var(node.pos(1)))
}

fn moves_played(_: &mut Compiler<'_>, _: &Node) -> IntExpr {
    IntExpr::MovesPlayed
}

fn edges_played(_: &mut Compiler<'_>, _: &Node) -> IntExpr {
    IntExpr::EdgesPlayed
}

fn moves_made(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    IntExpr::MovesMade(c.who(node.pos(0)))
}
