//! Hop: one piece over a run of enemy sites, capturing them.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::Rules;
use crate::compile::ir::{CaptureTo, Dirs, Gen, MoveExpr, RegionRef, Site, NO_SITE};
use crate::compile::Compiler;
use crate::engine::draw::Family;
use crate::engine::draw::{rays, region_mask};
use crate::engine::Game;
use crate::engine::{region_has, Board, Cell, Ctx, Effects, Move};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// One piece hops over an unbroken run of enemy sites, capturing every piece on them, to
    /// the empty site beyond; it keeps its kind and state.
    name: "hop",
    kind: Moves,
    positional: [
        /// the directions of the hop: a direction, a group such as Orthogonal or Forward, or a
        /// list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// where the hopped-over enemy sites must lie
        opt("run-in", O(Region)),
        /// a run reaching the board's edge: land on its last site (LastSite) or no hop (None)
        opt("edge", O(EdgeRule)),
        /// only pieces of this kind hop
        opt("kind", O(Str)),
        /// where the captured pieces go: the mover's store (Store, the default), their owner's
        /// hand (Hand), off the game (Removed), or the mover's hand as its own (Captor)
        opt("captured", O(CaptureTo)),
        THEN,
    ],
    example: "(hop Orthogonal edge:LastSite)",
    lower: Lower::Moves(hop),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

fn hop(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let run_in = node.named("run-in").map(|r| c.region(r));
    let edge_last = node.named("edge").and_then(|n| n.as_name()) == Some("LastSite");
    let kind = c.kind(node.named("kind"));
    let captured = c.capture_to(node.named("captured"));
    c.gen(
        Gen::Hop(Hop {
            dirs,
            run_in,
            edge_last,
            kind,
            captured,
        }),
        node,
    )
}

/// One piece over a run of enemy sites.
#[derive(Debug, Clone, PartialEq)]
pub struct Hop {
    /// The directions, as each player reads them.
    pub dirs: Dirs,
    /// Where the run's sites must lie.
    pub run_in: Option<RegionRef>,
    /// Whether a run reaching the edge lands on its last site.
    pub edge_last: bool,
    /// The kind of the pieces that hop, if only one kind does.
    pub kind: Option<u8>,
    /// Where the captured pieces go.
    pub captured: CaptureTo,
}

impl MoveFamily for Hop {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        let theirs = &board.filled.and_not(&mine);
        for s in mine.iter_in(game.topology.words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                continue;
            }
            let nb = game.topology.neighbours(s);
            for &d in self.dirs.of(mover) {
                let t = nb.get(d as usize).copied().unwrap_or(NO_SITE);
                // Most directions are ruled out by the first site.
                if t == NO_SITE || !theirs.contains(t) {
                    continue;
                }
                let landing = landing(game, &board.cells, mover, s, d, self.run_in, self.edge_last);
                if let Some(t) = landing {
                    out.push(Move::new(g, s, t).with_dir(d));
                }
            }
        }
    }

    #[inline(always)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let (game, mover) = (on.game, on.mover);
        let me = mover + 1;
        let mut captured = 0;
        // The move records its direction: clear the run that way.
        let d = m.dir;
        let mut t = game.topology.neighbour(m.from, d);
        while t != NO_SITE
            && board.cells[t as usize].count > 0
            && board.cells[t as usize].owner != me
            && region_has(game, self.run_in, mover, t)
        {
            let taken = board.cells[t as usize];
            captured += taken.count as u32;
            board.bank(self.captured, mover, taken, &game.demote);
            board.clear(t as usize);
            t = game.topology.neighbour(t, d);
        }
        let moving = board.cells[m.from as usize];
        board.take_one(m.from as usize);
        land(board, me, m.to, moving);
        Effects {
            captured,
            ..Effects::default()
        }
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        format!("{from}x{to}")
    }

    fn draw(&self, game: &Rules, mover: usize) -> Option<Family> {
        // Every field named, so that a new one fails to compile until the draw decides it.
        let Hop {
            dirs,
            run_in,
            edge_last,
            kind,
            // Read by `apply`, which plays the drawn move.
            captured: _,
        } = self;
        // The draw's rays know no kinds: a kind filter is drawn from the listed moves.
        if kind.is_some() {
            return None;
        }
        Some(Family::Hop {
            rays: rays(game, dirs.of(mover as u8))?,
            run_in: region_mask(game, run_in, mover),
            edge_last: *edge_last,
            region: *run_in,
        })
    }
}

/// Puts one piece like `moving` on `to`, on top of a stack of the same owner `me` there.
#[inline(always)]
pub(crate) fn land(board: &mut Board, me: u8, to: Site, moving: Cell) {
    let on_landing = board.cells[to as usize];
    let count = if on_landing.owner == me {
        on_landing.count + 1
    } else {
        1
    };
    board.put(to as usize, Cell { count, ..moving });
}

/// Where a hop from `from` in direction `d` lands, if it can.
#[inline]
pub(crate) fn landing(
    game: &Game,
    cells: &[Cell],
    mover: u8,
    from: Site,
    d: u8,
    run_in: Option<RegionRef>,
    edge_last: bool,
) -> Option<Site> {
    let me = mover + 1;
    let board = &game.topology;
    let mut last = NO_SITE;
    let mut t = board.neighbour(from, d);
    // Enemies: occupied and not mine.
    while t != NO_SITE
        && cells[t as usize].count > 0
        && cells[t as usize].owner != me
        && region_has(game, run_in, mover, t)
    {
        last = t;
        t = board.neighbour(t, d);
    }
    if last == NO_SITE {
        return None;
    }
    if t == NO_SITE {
        return edge_last.then_some(last);
    }
    (cells[t as usize].count == 0).then_some(t)
}
