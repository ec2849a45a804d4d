//! Slide: one piece any number of empty sites along a direction, as a rook, bishop or queen.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::{CaptureTo, Dirs, Gen, MoveExpr, Site, Sites, NO_SITE};
use crate::compile::Compiler;
use crate::engine::Game;
use crate::engine::{Board, Ctx, Effects, Move};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Moves one piece of the mover any number of sites along one of the directions, over empty
    /// sites only (no piece is passed over), stopping on any of them; with `capture:true` it may
    /// also end on the first opposing piece in its way, capturing it by replacement. The piece
    /// keeps its kind and state. Written `a1-a5`, or `a1xa5` for a capture.
    name: "slide",
    kind: Moves,
    positional: [
        /// the directions a piece may slide in: a direction, a group such as Orthogonal or All,
        /// or a list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// only pieces of this kind slide
        opt("kind", O(Str)),
        /// the most sites a slide may cover, 1 or more; unbounded if absent
        opt("max", O(Int)),
        /// whether a slide may also end on the first opposing piece in its way, capturing it
        opt("capture", O(Switch)),
        /// where captured pieces go: the mover's store (Store, the default), their owner's hand
        /// (Hand) or off the game (Removed)
        opt("captured", O(CaptureTo)),
        THEN,
    ],
    example: "(slide Orthogonal max:2 capture:true)",
    lower: Lower::Moves(slide),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

/// The longest slide a bound may ask for: a board has fewer sites in a line.
const MAX_DISTANCE: i64 = 448;

fn slide(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let kind = c.kind(node.named("kind"));
    let max = match node.named("max") {
        None => None,
        Some(n) => match n.as_int() {
            Some(m) if (1..=MAX_DISTANCE).contains(&m) => Some(m as u16),
            _ => {
                c.error(
                    n,
                    "a slide's bound is a number of sites written out, 1 or more",
                    "write `max:1` or more, such as `max:2`",
                );
                None
            }
        },
    };
    let captures = matches!(
        node.named("capture").map(|n| &n.kind),
        Some(NodeKind::Bool(true))
    );
    let captured = c.capture_to(node.named("captured"));
    c.gen(
        Gen::Slide(Slide {
            dirs,
            kind,
            max,
            captures,
            captured,
        }),
        node,
    )
}

/// One piece any number of empty sites along a direction.
#[derive(Debug, Clone, PartialEq)]
pub struct Slide {
    /// The directions, as each player reads them.
    pub dirs: Dirs,
    /// The kind of the pieces that slide, if only one kind does.
    pub kind: Option<u8>,
    /// The most sites a slide covers, if bounded.
    pub max: Option<u16>,
    /// Whether a slide may end on the first opposing piece in its way.
    pub captures: bool,
    /// Where the captured pieces go.
    pub captured: CaptureTo,
}

impl MoveFamily for Slide {
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        let theirs = board.filled.and_not(&mine);
        let limit = self.max.unwrap_or(u16::MAX);
        for s in mine.iter_in(game.topology.words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                continue;
            }
            for &d in self.dirs.of(mover) {
                let (mut t, mut gone) = (game.topology.neighbour(s, d), 0);
                while t != NO_SITE && gone < limit && !board.filled.contains(t) {
                    out.push(Move::new(g, s, t));
                    t = game.topology.neighbour(t, d);
                    gone += 1;
                }
                if self.captures && t != NO_SITE && gone < limit && theirs.contains(t) {
                    out.push(Move::new(g, s, t));
                }
            }
        }
    }

    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let mut captured = 0;
        // A slide lands on a piece only to capture it.
        if self.captures && board.cells[m.to as usize].count > 0 {
            let taken = board.cells[m.to as usize];
            captured = u32::from(taken.count);
            board.bank(self.captured, on.mover, taken);
            board.clear(m.to as usize);
        }
        board.move_one(m.from as usize, m.to as usize);
        Effects {
            captured,
            ..Effects::default()
        }
    }

    fn notation(&self, from: &str, to: &str, enemy: bool) -> String {
        if enemy {
            format!("{from}x{to}")
        } else {
            format!("{from}-{to}")
        }
    }
}

/// The empty sites a slide from `from` reaches along one of `dirs`, over empty sites only: the
/// sites a piece on `from` could slide to, or shoot at.
pub(crate) fn reach(game: &Game, filled: &Sites, from: Site, dirs: &[u8]) -> Sites {
    let mut out = Sites::default();
    if from == NO_SITE {
        return out;
    }
    for &d in dirs {
        let mut t = game.topology.neighbour(from, d);
        while t != NO_SITE && !filled.contains(t) {
            out.insert(t);
            t = game.topology.neighbour(t, d);
        }
    }
    out
}
