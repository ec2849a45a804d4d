//! Step: one piece to an adjacent empty site.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::Rules;
use crate::compile::ir::{CaptureTo, Dirs, Gen, MoveExpr, RegionRef, NO_SITE};
use crate::compile::Compiler;
use crate::engine::draw::Family;
use crate::engine::draw::{rays, region_mask};
use crate::engine::{region_has, Board, Ctx, Effects, Move};
use crate::ludemes::removal::REMOVE;
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Moves one piece of a stack of the mover to an adjacent empty site, or onto an opposing
    /// piece in a `capture:` direction, capturing it; the piece keeps its kind and state.
    name: "step",
    kind: Moves,
    positional: [
        /// the directions a piece may step in: a direction, a group such as Orthogonal or
        /// Forwards, or a list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// where a piece may go; any empty site if absent
        opt("to", O(Region)),
        /// only pieces of this kind step
        opt("kind", O(Str)),
        /// directions in which a piece may also step onto an opposing piece, capturing it by
        /// replacement; they need not be among the step's own (a pawn steps forward and
        /// captures on the forward diagonals)
        opt("capture", OL(Dir)),
        /// where captured pieces go: the mover's store (Store, the default), their owner's hand
        /// (Hand), off the game (Removed), or the mover's hand as its own, keeping their kind
        /// (Captor)
        opt("captured", O(CaptureTo)),
        REMOVE,
        THEN,
    ],
    example: "(step Orthogonal)",
    lower: Lower::Moves(step),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

fn step(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let to = node.named("to").map(|r| c.region(r));
    let kind = c.kind(node.named("kind"));
    let capture = c.dirs(node.named("capture"));
    let captured = c.capture_to(node.named("captured"));
    c.gen(
        Gen::Step(Step {
            dirs,
            to,
            kind,
            captures: capture.0.iter().any(|d| !d.is_empty()),
            capture,
            captured,
        }),
        node,
    )
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
    /// The directions in which a step may land on an opposing piece and capture it.
    pub capture: Dirs,
    /// Whether there are any: a step that cannot capture never reads its target.
    pub captures: bool,
    /// Where the captured pieces go.
    pub captured: CaptureTo,
}

impl MoveFamily for Step {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        let theirs = board.filled.and_not(&mine);
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
            for &d in self.capture.of(mover) {
                let t = nb.get(d as usize).copied().unwrap_or(NO_SITE);
                if t != NO_SITE && theirs.contains(t) && region_has(game, self.to, mover, t) {
                    out.push(Move::new(g, s, t));
                }
            }
        }
    }

    #[inline(always)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        move_capturing(self.captures, self.captured, on, board, m)
    }

    fn notation(&self, from: &str, to: &str, enemy: bool) -> String {
        if enemy {
            format!("{from}x{to}")
        } else {
            format!("{from}-{to}")
        }
    }

    fn draw(&self, game: &Rules, mover: usize) -> Option<Family> {
        // Every field named, so that a new one fails to compile until the draw decides it.
        let Step {
            dirs,
            to,
            kind,
            capture,
            // Read by `apply`, which plays the drawn move.
            captures: _,
            captured: _,
        } = self;
        // The draw's rays know no kinds: a kind filter is drawn from the listed moves.
        if kind.is_some() {
            return None;
        }
        // The quiet rays first, then those that capture.
        let quiet = dirs.of(mover as u8);
        let capture = capture.of(mover as u8);
        let all: Vec<u8> = quiet.iter().chain(capture).copied().collect();
        Some(Family::Step {
            rays: rays(game, &all)?,
            quiet: quiet.len(),
            to: region_mask(game, to, mover),
        })
    }
}

/// Moves one piece from `m.from` to `m.to`; a piece on the landing site, which a move that
/// `captures` reaches only to take it, goes where `captured` says. The `apply` of the families
/// whose moves capture by replacement: a step, a slide.
#[inline(always)]
pub(crate) fn move_capturing(
    captures: bool,
    captured: CaptureTo,
    on: MoverTurn<'_>,
    board: &mut Board,
    m: Move,
) -> Effects {
    let mut taken_count = 0;
    if captures && board.cells[m.to as usize].count > 0 {
        let taken = board.cells[m.to as usize];
        taken_count = u32::from(taken.count);
        board.bank(captured, on.mover, taken, &on.game.demote);
        board.clear(m.to as usize);
    }
    board.move_one(m.from as usize, m.to as usize);
    Effects {
        captured: taken_count,
        ..Effects::default()
    }
}
