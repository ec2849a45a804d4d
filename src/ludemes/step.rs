//! Step: one piece to an adjacent empty site.

use crate::check::registry::{Kind::*, Ludeme, opt, req, THEN, Shape::{One as O, OneOrList as OL}};
use crate::ludemes::{Arg, Lower, Ref};
use crate::compile::ir::{Dirs, Family, Game, Gen, MoveExpr, RegionRef, NO_SITE};
use crate::compile::draw::{rays, region_mask};
use crate::engine::{region_has, Board, Cell, Ctx, Effects, Move};
use crate::ludemes::removal::REMOVE;
use crate::ludemes::{MoveFamily, On};
use crate::compile::Compiler;
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "step", kind: Moves, positional: &[req("directions", OL(Dir), "the directions a piece may step in: a direction, a group such as Orthogonal or Forwards, or a list of them")], named: &[opt("to", O(Region), "where a piece may go; any empty site if absent"), opt("kind", O(Str), "only pieces of this kind step"), REMOVE, THEN], doc: "Moves one piece of a stack of the mover to an adjacent empty site; it keeps its kind and state.", example: "(step Orthogonal)", lower: Lower::Moves(step), refs: &[Ref::Kind(Arg::Key("kind"))] },
];

fn step(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let to = node.named("to").map(|r| c.region(r));
    let kind = c.kind(node.named("kind"));
    c.gen(Gen::Step(Step { dirs, to, kind }), node)
}

/// One piece to an adjacent empty site.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The directions, as each player reads them.
    pub dirs: Dirs,
    /// Allowed targets.
    pub to: Option<RegionRef>,
    /// The kind of the pieces that step, if only one kind does.
    pub kind: Option<u8>,
}

impl MoveFamily for Step {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        for s in mine.iter_in(game.topology.words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                continue;
            }
            let nb = game.topology.neighbours(s);
            for &d in self.dirs.of(mover) {
                let t = nb.get(d as usize).copied().unwrap_or(NO_SITE);
                if t != NO_SITE && !board.filled.contains(t) && region_has(game, self.to, mover, t)
                {
                    out.push(Move::new(g, s, t));
                }
            }
        }
    }

    #[inline(always)]
    fn apply(&self, _on: On<'_>, board: &mut Board, m: Move) -> Effects {
        let moving = board.cells[m.from as usize];
        board.take_one(m.from as usize);
        board.put(m.to as usize, Cell { count: 1, ..moving });
        Effects::default()
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        format!("{from}-{to}")
    }

    fn draw(&self, game: &Game, mover: usize) -> Option<Family> {
        // The draw's rays know no kinds: a kind filter is drawn from the listed moves.
        if self.kind.is_some() {
            return None;
        }
        Some(Family::Step {
            rays: rays(game, self.dirs.of(mover as u8))?,
            to: region_mask(game, &self.to, mover),
        })
    }
}
