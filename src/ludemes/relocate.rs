//! Relocate: one piece of the mover to any empty site, wherever it stands (flying).

use crate::check::registry::{opt, Kind::*, Ludeme, Shape::One as O, THEN};
use crate::compile::ir::{by_width, Gen, MoveExpr, RegionRef, Sites};
use crate::compile::Compiler;
use crate::engine::draw::region_mask;
use crate::engine::{Board, Ctx, Effects, Move};
use crate::ludemes::removal::REMOVE;
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Moves one piece of a stack of the mover to any empty site of the board, adjacent or not
    /// (a piece that flies); it keeps its kind and state. Written `a1-g7`.
    name: "relocate",
    kind: Moves,
    positional: [],
    named: [
        /// where a piece may go; any empty site if absent
        opt("to", O(Region)),
        /// only pieces of this kind move
        opt("kind", O(Str)),
        REMOVE,
        THEN,
    ],
    example: "(relocate)",
    lower: Lower::Moves(relocate),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

fn relocate(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let to = node.named("to").map(|r| c.region(r));
    let kind = c.kind(node.named("kind"));
    c.gen(Gen::Relocate(Relocate { to, kind }), node)
}

/// One piece to any empty site.
#[derive(Debug, Clone, PartialEq)]
pub struct Relocate {
    /// Allowed targets.
    pub to: Option<RegionRef>,
    /// The kind of the pieces that move, if only one kind does.
    pub kind: Option<u8>,
}

impl Relocate {
    /// The moves, each piece's to every free site in order, on site sets of `W` words.
    fn generate_in<const W: usize>(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let free: Sites<W> = region_mask(game, &self.to, mover as usize)
            .and(&game.topology.board_sites)
            .and_not(&board.filled)
            .narrow();
        let mine: Sites<W> = board.owned[mover as usize].narrow();
        for s in mine.iter() {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                continue;
            }
            out.extend(free.iter().map(|t| Move::new(g, s, t)));
        }
    }
}

impl MoveFamily for Relocate {
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        by_width!(ctx.game.topology.words, |W| self
            .generate_in::<W>(ctx, g, out))
    }

    fn apply(&self, _on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        board.move_one(m.from as usize, m.to as usize);
        Effects::default()
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        format!("{from}-{to}")
    }
}
