//! Place: pieces from the hand onto an empty site.

use crate::check::registry::{Kind::*, Ludeme, opt, req, THEN, Shape::{One as O}};
use crate::ludemes::{Lower, Ref};
use crate::compile::ir::{Family, Game, Gen, MoveExpr, RegionRef};
use crate::compile::draw::region_mask;
use crate::engine::{Board, Cell, Ctx, Effects, Move};
use crate::ludemes::{MoveFamily, On};
use crate::compile::{Compiler, Needs, MAX_COUNTERS};
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "place", kind: Moves, positional: &[req("count", O(Int), "pieces taken from the hand")], named: &[opt("to", O(Region), "where they may go; any empty site if absent"), THEN], doc: "Puts pieces from the mover's hand on one empty site.", example: "(place 2 to:(region \"Board\"))", lower: Lower::Moves(place), refs: &[Ref::Hand] },
];

fn place(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let count = node.pos(0).and_then(|n| n.as_int()).unwrap_or(1);
    if !(1..=MAX_COUNTERS).contains(&count) {
        c.error(
            node,
            format!("placing {count} pieces at once is out of range"),
            "place 1 or more pieces",
        );
    }
    let to = node.named("to").map(|r| c.region(r));
    c.needs.insert(Needs::PLACING);
    c.gen(
        Gen::Place(Place {
            count: count.clamp(1, MAX_COUNTERS) as u16,
            to,
        }),
        node,
    )
}

/// Pieces from hand onto an empty site.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// Pieces per placement.
    pub count: u16,
    /// Allowed sites.
    pub to: Option<RegionRef>,
}

impl MoveFamily for Place {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        if board.hand[mover as usize] < self.count {
            return;
        }
        let free = match self.to {
            Some(r) => game.regions[r.0 as usize].mask[mover as usize].and_not(&board.filled),
            None => game.topology.board_sites.and_not(&board.filled),
        };
        out.extend(
            free.iter_in(game.topology.words)
                .map(|s| Move::new(g, s, s)),
        );
    }

    #[inline(always)]
    fn apply(&self, on: On<'_>, board: &mut Board, m: Move) -> Effects {
        let hand = &mut board.hand[on.mover as usize];
        *hand -= self.count.min(*hand);
        board.put(m.to as usize, Cell::piece(on.mover, self.count));
        Effects::default()
    }

    fn notation(&self, _from: &str, to: &str, _enemy: bool) -> String {
        format!("place {to}")
    }

    fn draw(&self, game: &Game, mover: usize) -> Option<Family> {
        Some(Family::Place {
            count: self.count,
            to: region_mask(game, &self.to, mover),
        })
    }
}
