//! Swap: the pie rule's move, the mover taking over the pieces on the board as their own.

use crate::check::registry::{Kind::*, Ludeme, THEN};
use crate::compile::ir::{Gen, MoveExpr, Sites};
use crate::compile::Compiler;
use crate::engine::{Board, Cell, Ctx, Effects, Move};
use crate::ludemes::{Lower, MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// The mover takes over every piece of the other players on the board, as their own: the
    /// pie rule's swap, offered by a condition, as in
    /// `(or {(place 1) (if (= (moves-played) 1) (swap))})`. Written `swap`; legal when another
    /// player has a piece on the board.
    name: "swap",
    kind: Moves,
    positional: [],
    named: [THEN],
    example: "(swap)",
    lower: Lower::Moves(swap),
    refs: [],
}];

fn swap(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    c.gen(Gen::Swap(Swap), node)
}

/// The mover takes over the other players' pieces.
#[derive(Debug, Clone, PartialEq)]
pub struct Swap;

/// The sites of the other players' pieces (neutral counters are no one's to take).
fn theirs(board: &Board, mover: u8) -> Sites {
    let mut out = Sites::default();
    for (p, owned) in board.owned.iter().enumerate() {
        if p != mover as usize {
            out = out.or(owned);
        }
    }
    out
}

impl MoveFamily for Swap {
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let theirs = theirs(ctx.board, ctx.mover);
        // One move, at the first piece taken over (the last move's site reads it).
        if let Some(s) = theirs.iter_in(ctx.game.topology.words).next() {
            out.push(Move::new(g, s, s));
        }
    }

    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, _m: Move) -> Effects {
        for s in theirs(board, on.mover).iter_in(on.game.topology.words) {
            let cell = board.cells[s as usize];
            let mine = Cell {
                owner: on.mover + 1,
                ..cell
            };
            board.put(s as usize, mine);
        }
        Effects::default()
    }

    fn notation(&self, _from: &str, _to: &str, _enemy: bool) -> String {
        "swap".into()
    }
}
