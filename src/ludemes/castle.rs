//! Castle: a piece that has not moved moves towards a partner that has not moved either, which
//! then lands on the site it passed (chess's castling).

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
};
use crate::compile::ir::{Dirs, Gen, MoveExpr, NO_SITE};
use crate::compile::{Compiler, Needs};
use crate::engine::{Board, Ctx, Effects, Move};
use crate::ludemes::attack::site_attacked;
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// A piece of the mover of kind `kind` that has never moved goes `distance:` sites along one
    /// of the directions towards the first piece that way, which must be the mover's, of kind
    /// `with:`, never moved, and farther than the landing; every site between them is empty.
    /// That partner then lands on the site next to the piece's start, the one it passed over.
    /// Neither the piece's site, nor a site it passes, nor its landing may be attacked (as
    /// `attacked` reads it). A piece has moved once it left its start site. Written as the
    /// piece's move, `e1-g1`.
    name: "castle",
    kind: Moves,
    positional: [
        /// the directions: a direction, a group such as Sideways, or a list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// the kind of the piece that castles
        req("kind", O(Str)),
        /// the kind of its partner
        req("with", O(Str)),
        /// the sites the piece goes, 1 to 16; 2 if absent
        opt("distance", O(Int)),
    ],
    example: "(castle {E W} kind:\"King\" with:\"Rook\")",
    lower: Lower::Moves(castle),
    refs: [Ref::Kind(Arg::Key("kind")), Ref::Kind(Arg::Key("with"))],
}];

fn castle(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let kind = c.kind(node.named("kind")).unwrap_or(0);
    let with = c.kind(node.named("with")).unwrap_or(0);
    let distance = match node.named("distance") {
        None => 2,
        Some(n) => match n.as_int() {
            Some(d) if (1..=16).contains(&d) => d as u16,
            _ => {
                c.error(
                    n,
                    "a castling piece goes a number of sites written out, 1 to 16",
                    "write `distance:2`",
                );
                2
            }
        },
    };
    c.needs.insert(Needs::UNMOVED);
    c.gen(
        Gen::Castle(Castle {
            dirs,
            kind,
            with,
            distance,
        }),
        node,
    )
}

/// A piece and its partner, both unmoved, moving past each other.
#[derive(Debug, Clone, PartialEq)]
pub struct Castle {
    /// The directions, as each player reads them.
    pub dirs: Dirs,
    /// The kind of the piece that castles.
    pub kind: u8,
    /// The kind of its partner.
    pub with: u8,
    /// The sites the piece goes.
    pub distance: u16,
}

impl MoveFamily for Castle {
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let topology = &game.topology;
        let mine = board.owned[mover as usize];
        let ready = mine.and(&board.unmoved);
        for s in ready.iter_in(topology.words) {
            if board.cells[s as usize].kind != self.kind {
                continue;
            }
            // Attacked where it stands: tested once, and only when a castling is in view.
            let mut safe_here = None;
            for &d in self.dirs.of(mover) {
                let (mut t, mut gone) = (topology.neighbour(s, d), 1u16);
                while t != NO_SITE && !board.filled.contains(t) {
                    t = topology.neighbour(t, d);
                    gone += 1;
                }
                let partner = t != NO_SITE
                    && ready.contains(t)
                    && board.cells[t as usize].kind == self.with
                    && gone > self.distance;
                if !partner || !*safe_here.get_or_insert_with(|| !site_attacked(ctx, s, mover)) {
                    continue;
                }
                let (mut at, mut clear) = (s, true);
                for _ in 0..self.distance {
                    at = topology.neighbour(at, d);
                    if site_attacked(ctx, at, mover) {
                        clear = false;
                        break;
                    }
                }
                if clear {
                    out.push(Move::new(g, s, at).with_dir(d));
                }
            }
        }
    }

    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let topology = &on.game.topology;
        let d = m.dir;
        let mut partner = topology.neighbour(m.to, d);
        while partner != NO_SITE && board.cells[partner as usize].count == 0 {
            partner = topology.neighbour(partner, d);
        }
        board.move_one(m.from as usize, m.to as usize);
        let passed = topology.neighbour(m.from, d);
        if partner != NO_SITE && passed != NO_SITE {
            board.move_one(partner as usize, passed as usize);
            board.forget_unmoved(partner);
        }
        Effects::default()
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        format!("{from}-{to}")
    }
}
