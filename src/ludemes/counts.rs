//! Counts: conditions and numbers read from the position and the game so far.

use crate::check::registry::{opt, req, Kind::*, Ludeme, Shape::One as O};
use crate::compile::ir::{Cond, IntExpr, Leaf, RegionRef};
use crate::compile::{Compiler, Needs};
use crate::ludemes::{Arg, Lower, Ref};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// The player is to move and has no legal move. Only in end rules: being stuck is known
        /// once the moves after an edge are generated. The player to move is Next after a turn
        /// ends, but the Mover again after `(again)`: read both with
        /// `(or (no-moves Mover) (no-moves Next))`. A player to move with no move that no end rule
        /// reads ends the game in a draw; `ludus validate` warns of a game where that can happen.
        name: "no-moves",
        kind: Cond,
        positional: [
            /// Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
        ],
        named: [],
        example: "(no-moves Next)",
        lower: Lower::Cond(no_moves),
        refs: [],
    },
    ludeme! {
        /// Every site of the region holds something: no empty site is left there.
        name: "full",
        kind: Cond,
        positional: [
            /// the sites looked at
            req("region", O(Region)),
        ],
        named: [],
        example: "(full (all-sites))",
        lower: Lower::Cond(full),
        refs: [],
    },
    ludeme! {
        /// The player has no piece on the board and none in hand.
        name: "no-pieces",
        kind: Cond,
        positional: [
            /// Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
        ],
        named: [],
        example: "(no-pieces Next)",
        lower: Lower::Cond(no_pieces),
        refs: [],
    },
    ludeme! {
        /// The position (every site's contents, the pieces that may still castle, and the player
        /// to move) occurred before in this game, or, with `times:`, occurs for that many times.
        /// Only in end rules; a game counts one number of times.
        name: "repeated",
        kind: Cond,
        positional: [],
        named: [
            /// how many times the position occurs, this one included, 2 to 100; 2 if absent
            opt("times", O(Int)),
        ],
        example: "(repeated)",
        lower: Lower::Cond(repeated),
        refs: [],
    },
    ludeme! {
        /// In a filter's condition only: the move sowed at least one counter into the region.
        name: "sown-into",
        kind: Cond,
        positional: [
            /// the sites counted or sown into
            req("region", O(Region)),
        ],
        named: [],
        example: "(sown-into (region \"Home\" Next))",
        lower: Lower::Cond(sown_into),
        refs: [],
    },
    ludeme! {
        /// The value of the current throw (or the value a `goto` set); of dice thrown together,
        /// the total of the dice to use, and inside `each-die` the die in use.
        name: "pips",
        kind: Int,
        positional: [],
        named: [],
        example: "(pips)",
        lower: Lower::Int(pips),
        refs: [],
    },
    ludeme! {
        /// The counters or pieces on the region's sites.
        name: "count-in",
        kind: Int,
        positional: [
            /// the sites counted or sown into
            req("region", O(Region)),
        ],
        named: [
            /// only this player's pieces: Mover, Next, Prev, or P1 to P4; every counter and piece
            /// if absent
            opt("of", O(Role)),
            /// only pieces of this kind
            opt("kind", O(Str)),
        ],
        example: "(count-in (all-sites) of:Next kind:\"King\")",
        lower: Lower::Int(count_in),
        refs: [Ref::Kind(Arg::Key("kind"))],
    },
    ludeme! {
        /// The player's pieces on the board.
        name: "pieces-on-board",
        kind: Int,
        positional: [
            /// Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
        ],
        named: [],
        example: "(pieces-on-board Mover)",
        lower: Lower::Int(pieces_on_board),
        refs: [],
    },
    ludeme! {
        /// The pieces in the player's hand.
        name: "in-hand",
        kind: Int,
        positional: [
            /// Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
        ],
        named: [],
        example: "(in-hand Next)",
        lower: Lower::Int(in_hand),
        refs: [Ref::Hand],
    },
    ludeme! {
        /// The counters in the player's store.
        name: "score",
        kind: Int,
        positional: [
            /// Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
        ],
        named: [],
        example: "(score Mover)",
        lower: Lower::Int(score),
        refs: [],
    },
    ludeme! {
        /// A player variable.
        name: "var",
        kind: Int,
        positional: [
            /// Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
            /// a declared variable
            req("name", O(Str)),
        ],
        named: [],
        example: "(var Mover \"Opened\")",
        lower: Lower::Int(var),
        refs: [Ref::Var(Arg::Pos(1))],
    },
    ludeme! {
        /// Moves (passes included) played in the game by both players.
        name: "moves-played",
        kind: Int,
        positional: [],
        named: [],
        example: "(moves-played)",
        lower: Lower::Int(moves_played),
        refs: [],
    },
    ludeme! {
        /// Moves, passes and throws played in the game.
        name: "edges-played",
        kind: Int,
        positional: [],
        named: [],
        example: "(edges-played)",
        lower: Lower::Int(edges_played),
        refs: [],
    },
    ludeme! {
        /// Moves the player has made (passes included).
        name: "moves-made",
        kind: Int,
        positional: [
            /// Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
        ],
        named: [],
        example: "(moves-made Mover)",
        lower: Lower::Int(moves_made),
        refs: [],
    },
];

fn no_moves(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Leaf(Leaf::NoMoves(c.who(node.pos(0))))
}

fn full(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Leaf(Leaf::Full(
        node.pos(0).map_or(RegionRef(0), |r| c.region(r)),
    ))
}

fn no_pieces(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Leaf(Leaf::NoPieces(c.who(node.pos(0))))
}

fn repeated(c: &mut Compiler<'_>, node: &Node) -> Cond {
    c.needs.insert(Needs::REPETITION);
    let times = match node.named("times") {
        None => 2,
        Some(n) => match n.as_int() {
            Some(t) if (2..=100).contains(&t) => t as u16,
            _ => {
                c.error(
                    n,
                    "a repetition counts 2 to 100 times, written out",
                    "write `(repeated times:3)` for a threefold repetition",
                );
                2
            }
        },
    };
    match c.repetitions {
        Some(t) if t != times => c.error(
            node,
            "a game counts repetitions one way: this `repeated` counts another number of times",
            "give every `repeated` of the game the same `times:`",
        ),
        _ => c.repetitions = Some(times),
    }
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
    if let Some(kind) = node.named("kind") {
        let who = node.named("of").map(|w| c.who(Some(w)));
        return IntExpr::CountKind(who, region, c.kind(Some(kind)).unwrap_or(0));
    }
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
