//! Transfer: every counter of one hole into another.

use crate::check::registry::{opt, req, Kind::*, Ludeme, Shape::One as O, THEN};
use crate::compile::ir::{Gen, IntExpr, MoveExpr, RegionRef};
use crate::compile::Compiler;
use crate::engine::{Board, Ctx, Effects, Move};
use crate::ludemes::Lower;
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Moves every counter of one hole into another hole, all together.
    name: "transfer",
    kind: Moves,
    positional: [],
    named: [
        /// holes that may be emptied
        req("from", O(Region)),
        /// holes that may receive
        req("to", O(Region)),
        /// only holes holding exactly this many
        opt("count", O(Int)),
        THEN,
    ],
    example: "(transfer from:(region \"Home\" Mover) to:(region \"Home\" Mover) count:4)",
    lower: Lower::Moves(transfer),
    refs: [],
}];

fn transfer(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let from = node
        .named("from")
        .map(|r| c.region(r))
        .unwrap_or(RegionRef(0));
    let to = node
        .named("to")
        .map(|r| c.region(r))
        .unwrap_or(RegionRef(0));
    let count = node.named("count").map(|n| c.int(n));
    c.gen(Gen::Transfer(Transfer { from, to, count }), node)
}

/// All counters of a hole into another.
#[derive(Debug, Clone, PartialEq)]
pub struct Transfer {
    /// Holes to empty.
    pub from: RegionRef,
    /// Holes to fill.
    pub to: RegionRef,
    /// Required count in the origin.
    pub count: Option<IntExpr>,
}

impl MoveFamily for Transfer {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let cells = &ctx.board.cells;
        let want = self.count.as_ref().map(|c| ctx.int(c));
        for &f in ctx.sites(self.from) {
            let c = cells[f as usize].count;
            if c == 0 || want.is_some_and(|w| w != c as i64) {
                continue;
            }
            for &t in ctx.sites(self.to) {
                if t != f {
                    out.push(Move::new(g, f, t));
                }
            }
        }
    }

    #[inline(always)]
    fn apply(&self, _on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let c = board.cells[m.from as usize].count;
        board.clear(m.from as usize);
        board.add(m.to as usize, c);
        Effects::default()
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        format!("{from}>{to}")
    }
}
