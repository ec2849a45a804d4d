//! Lift: one of the mover's own pieces taken off the board (an opening that makes room).

use crate::check::registry::{opt, Kind::*, Ludeme, Shape::One as O, THEN};
use crate::compile::ir::{Choice, Gen, MoveExpr, RegionRef};
use crate::compile::{Compiler, Needs};
use crate::engine::draw::region_mask;
use crate::engine::{Board, Ctx, Effects, Last, Move};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// The mover lifts one of its own pieces off the board, out of the game (the top one of a
    /// stack): one move per site it may lift from, written `lift d4`.
    name: "lift",
    kind: Moves,
    positional: [],
    named: [
        /// where the piece may stand; any of the mover's sites if absent
        opt("from", O(Region)),
        /// a condition each site must meet, read before the lift with the site as the last
        /// move's (`beside`, `landed-in`)
        opt("if", O(Cond)),
        /// only pieces of this kind are lifted
        opt("kind", O(Str)),
        THEN,
    ],
    example: "(lift from:(union (centre) (corners)) if:(beside Orthogonal Empty))",
    lower: Lower::Moves(lift),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

fn lift(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let from = node.named("from").map(|r| c.region(r));
    let site_test = node.named("if").map(|n| Choice::of(&c.cond(n)));
    if site_test.is_some() {
        // The test reads each site as the last move's.
        c.needs.insert(Needs::LAST);
    }
    let kind = c.kind(node.named("kind"));
    c.gen(
        Gen::Lift(Lift {
            from,
            site_test,
            kind,
        }),
        node,
    )
}

/// One of the mover's pieces off the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Lift {
    /// Where the piece may stand.
    pub from: Option<RegionRef>,
    /// The condition each site must meet, read with the site as the last move's.
    pub site_test: Option<Choice>,
    /// The kind of the pieces lifted, if only one kind is.
    pub kind: Option<u8>,
}

impl MoveFamily for Lift {
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize].and(&region_mask(game, &self.from, mover as usize));
        // The site tested stands as the last move's: one copy of the clock, its site moved.
        let mut clock = *ctx.clock;
        for s in mine.iter_in(game.topology.words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                continue;
            }
            let meets = |test: &Choice| {
                clock.last = Last { from: s, to: s };
                Ctx {
                    clock: &clock,
                    ..*ctx
                }
                .holds(test)
            };
            if self.site_test.as_ref().is_none_or(meets) {
                out.push(Move::new(g, s, s));
            }
        }
    }

    fn apply(&self, _on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        board.take_one(m.from as usize);
        Effects::default()
    }

    fn notation(&self, _from: &str, to: &str, _enemy: bool) -> String {
        format!("lift {to}")
    }
}
