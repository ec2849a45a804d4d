//! Hop: one piece over a run of enemy sites, capturing them.

use crate::board::MAX_SITES;
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
        /// the longest run hopped over, 1 or more: a longer run is no hop (1: a single piece,
        /// as a hunt game's jump); any length if absent
        opt("max", O(Int)),
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
    let max = node.named("max").map(|n| {
        let v = n.as_int().unwrap_or(1);
        if !(1..=MAX_SITES as i64).contains(&v) {
            c.error(
                n,
                format!("a run of at most {v} sites is out of range"),
                "give `max:` 1 or more",
            );
        }
        v.clamp(1, MAX_SITES as i64) as u16
    });
    c.gen(
        Gen::Hop(Hop {
            dirs,
            run_in,
            edge_last,
            kind,
            captured,
            max,
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
    /// The longest run hopped over, if bounded.
    pub max: Option<u16>,
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
                let landing = match self.max {
                    None => landing(game, &board.cells, mover, s, d, self.run_in, self.edge_last),
                    Some(max) => self.landing_within(game, &board.cells, mover, s, d, max),
                };
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
            max,
        } = self;
        // The draw's rays know no kinds nor bounds: those are drawn from the listed moves.
        if kind.is_some() || max.is_some() {
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

impl Hop {
    /// Where a hop from `from` in direction `d` over a run of at most `max` sites lands, if it
    /// can: a longer run is no hop. Apart from `landing` so that an unbounded hop pays nothing.
    #[inline(never)]
    fn landing_within(
        &self,
        game: &Game,
        cells: &[Cell],
        mover: u8,
        from: Site,
        d: u8,
        max: u16,
    ) -> Option<Site> {
        let to = landing(game, cells, mover, from, d, self.run_in, self.edge_last)?;
        // The run is the sites from the first one up to the landing, or through it on the edge.
        let mut run = 0u16;
        let mut t = game.topology.neighbour(from, d);
        while t != to && t != NO_SITE {
            run = run.saturating_add(1);
            t = game.topology.neighbour(t, d);
        }
        let on_edge = cells[to as usize].count > 0;
        (run + u16::from(on_edge) <= max).then_some(to)
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
