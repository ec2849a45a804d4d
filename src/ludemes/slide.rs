//! Slide: one piece any number of empty sites along a direction, as a rook, bishop or queen.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::{
    CaptureTo, Dirs, Gen, IntExpr, MoveExpr, RegionRef, Site, Sites, MAX_PLAYERS, NO_SITE,
};
use crate::compile::Compiler;
use crate::engine::draw::region_mask;
use crate::engine::region_has;
use crate::engine::Game;
use crate::engine::{Board, Ctx, Effects, Move};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// Moves one piece of the mover any number of sites along one of the directions, over
        /// empty sites only (unless `over:` says more), stopping on any of them; with
        /// `capture:true` it may also end on the first opposing piece in its way, capturing it by
        /// replacement. With `distance:` it covers exactly that many sites. The piece keeps its
        /// kind and state. Written `a1-a5`, or `a1xa5` for a capture.
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
            /// (Hand), off the game (Removed), or the mover's hand as its own (Captor)
            opt("captured", O(CaptureTo)),
            /// the exact number of sites a slide covers, read for each piece and direction: a
            /// number written out, or `(pieces-on-line)`; any number up to `max:` if absent
            opt("distance", O(Int)),
            /// what a slide may pass over: Empty sites only (the default), Friend (empty sites and
            /// the mover's pieces) or Filled (any site)
            opt("over", O(Occupant)),
            /// only pieces standing in this region slide (a pawn's double step from its start
            /// rank); any site if absent
            opt("from", O(Region)),
            THEN,
        ],
        example: "(slide All distance:(pieces-on-line) over:Friend capture:true)",
        lower: Lower::Moves(slide),
        refs: [Ref::Kind(Arg::Key("kind"))],
    },
    ludeme! {
        /// The pieces, of every player, on the whole line of a slide: the line through the moving
        /// piece along its direction and the opposite one, the piece itself included. Read only as
        /// a slide's `distance:`.
        name: "pieces-on-line",
        kind: Int,
        positional: [],
        named: [],
        example: "(pieces-on-line)",
        lower: Lower::Int(pieces_on_line),
        refs: [],
    },
];

/// `(pieces-on-line)` read anywhere but a slide's distance: there is no line to count.
fn pieces_on_line(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    c.error(
        node,
        "`(pieces-on-line)` counts the line of a slide, and is read only as its `distance:`",
        "write it as `(slide All distance:(pieces-on-line))`",
    );
    IntExpr::Lit(0)
}

/// A slide's distance, exact when given.
fn distance(c: &mut Compiler<'_>, node: Option<&Node>) -> Option<Distance> {
    let n = node?;
    if n.head() == Some("pieces-on-line") {
        // The opposite of each direction the slide takes, found on the board.
        let t = &c.topology;
        let back = (0..t.directions.len() as u8)
            .map(|d| t.opposite(d).unwrap_or(u8::MAX))
            .collect();
        return Some(Distance::PiecesOnLine(back));
    }
    match n.as_int() {
        Some(m) if (1..=MAX_DISTANCE).contains(&m) => Some(Distance::Exact(m as u16)),
        _ => {
            c.error(
                n,
                "a slide's distance is a number written out, 1 or more, or its line's pieces",
                "write `distance:2` or `distance:(pieces-on-line)`",
            );
            None
        }
    }
}

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
    let distance = distance(c, node.named("distance"));
    let over = match node.named("over").and_then(|n| n.as_name()) {
        None | Some("Empty") => Over::Empty,
        Some("Friend") => Over::Friend,
        Some("Filled") => Over::Filled,
        Some(_) => {
            if let Some(n) = node.named("over") {
                c.error(
                    n,
                    "a slide passes over Empty sites, Friend pieces or any Filled site",
                    "write `over:Empty`, `over:Friend` or `over:Filled`",
                );
            }
            Over::Empty
        }
    };
    let from = node.named("from").map(|r| c.region(r));
    c.gen(
        Gen::Slide(Slide {
            from,
            dirs,
            kind,
            max,
            captures,
            captured,
            distance,
            over,
        }),
        node,
    )
}

/// One piece any number of empty sites along a direction.
#[derive(Debug, Clone, PartialEq)]
pub struct Slide {
    /// Where the pieces that slide stand, if only there.
    pub from: Option<RegionRef>,
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
    /// The exact number of sites covered, if given.
    pub distance: Option<Distance>,
    /// What the slide may pass over.
    pub over: Over,
}

/// The exact number of sites a slide covers.
#[derive(Debug, Clone, PartialEq)]
pub enum Distance {
    /// A number written out.
    Exact(u16),
    /// The pieces on the whole line of the move; the opposite of each direction, by direction
    /// (`u8::MAX` where there is none).
    PiecesOnLine(Vec<u8>),
}

/// What a slide may pass over on its way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// Empty sites only.
    Empty,
    /// Empty sites and the mover's pieces.
    Friend,
    /// Any site.
    Filled,
}

impl MoveFamily for Slide {
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        if self.distance.is_some() || self.over != Over::Empty {
            return self.generate_measured(ctx, g, out);
        }
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        let theirs = board.filled.and_not(&mine);
        let limit = self.max.unwrap_or(u16::MAX);
        for s in mine.iter_in(game.topology.words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k)
                || !region_has(game, self.from, mover, s)
            {
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
        crate::ludemes::step::move_capturing(self.captures, self.captured, on, board, m)
    }

    fn notation(&self, from: &str, to: &str, enemy: bool) -> String {
        crate::ludemes::step::written(from, to, enemy)
    }
}

impl Slide {
    /// The number of moves of the pieces on `pieces` (the mover's, of the slide's kind), by site
    /// sets: a fill along each direction, whose sites each one piece reaches (the nearest
    /// behind). `None` where the slide is measured or passes over pieces, or the board has no
    /// shift for a direction.
    pub(crate) fn count_from<const W: usize>(&self, ctx: &Ctx, pieces: Sites<W>) -> Option<u32> {
        if self.over != Over::Empty {
            return None;
        }
        if pieces.is_empty() {
            return Some(0);
        }
        if let Some(distance) = &self.distance {
            return self.count_exact(ctx, pieces, distance);
        }
        let (game, mover) = (ctx.game, ctx.mover);
        let (filled, theirs, origins) = self.counted_sets(ctx, pieces);
        let limit = self.max.unwrap_or(u16::MAX);
        let mut n = 0;
        for &d in self.dirs.of(mover) {
            let (delta, edge) = game.topology.ray(d)?;
            let edge: Sites<W> = edge.narrow();
            let (mut reach, mut gone) = (origins, 0u16);
            while !reach.is_empty() && gone < limit {
                reach = reach.and(&edge).shifted(delta);
                if self.captures {
                    n += reach.and(&theirs).len();
                }
                reach = reach.and_not(&filled);
                n += reach.len();
                gone += 1;
            }
        }
        Some(n)
    }

    /// What a count of the slide reads, in `W` words: the filled sites, the opponents' and the
    /// pieces of `pieces` that may slide from where they stand.
    #[inline(always)]
    fn counted_sets<const W: usize>(
        &self,
        ctx: &Ctx,
        pieces: Sites<W>,
    ) -> (Sites<W>, Sites<W>, Sites<W>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover as usize);
        let theirs = board
            .filled
            .and_not(&board.owned[mover & (MAX_PLAYERS - 1)]);
        let origins = pieces.and(&region_mask(game, &self.from, mover).narrow());
        (board.filled.narrow(), theirs.narrow(), origins)
    }

    /// [`Slide::count_from`] for a slide of a distance written out, as
    /// [`Slide::generate_measured`] lists it: the sites before the last empty, the last empty
    /// or, with `capture:true`, opposing.
    #[inline(never)]
    fn count_exact<const W: usize>(
        &self,
        ctx: &Ctx,
        pieces: Sites<W>,
        distance: &Distance,
    ) -> Option<u32> {
        let Distance::Exact(exact) = *distance else {
            return None;
        };
        let (game, mover) = (ctx.game, ctx.mover);
        let sites = u16::try_from(game.topology.sites()).unwrap_or(u16::MAX - 1);
        if exact > self.max.unwrap_or(u16::MAX).min(sites) {
            return Some(0);
        }
        let (filled, theirs, origins) = self.counted_sets(ctx, pieces);
        let mut n = 0;
        for &d in self.dirs.of(mover) {
            let (delta, edge) = game.topology.ray(d)?;
            let edge: Sites<W> = edge.narrow();
            let mut reach = origins;
            for _ in 1..exact {
                reach = reach.and(&edge).shifted(delta).and_not(&filled);
            }
            reach = reach.and(&edge).shifted(delta);
            n += reach.and_not(&filled).len();
            if self.captures {
                n += reach.and(&theirs).len();
            }
        }
        Some(n)
    }

    /// Slides of an exact distance, or over pieces: kept apart so that plain slides pay nothing.
    #[inline(never)]
    fn generate_measured(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let topology = &game.topology;
        let mine = board.owned[mover as usize];
        let theirs = board.filled.and_not(&mine);
        // A walk that may pass over pieces stops after as many steps as the board has sites,
        // in case a direction of a graph comes back round.
        let sites = u16::try_from(topology.sites()).unwrap_or(u16::MAX - 1);
        let limit = self.max.unwrap_or(u16::MAX).min(sites);
        let passable = |t: Site| match self.over {
            Over::Empty => !board.filled.contains(t),
            Over::Friend => !theirs.contains(t),
            Over::Filled => true,
        };
        for s in mine.iter_in(topology.words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k)
                || !region_has(game, self.from, mover, s)
            {
                continue;
            }
            for &d in self.dirs.of(mover) {
                let exact = match &self.distance {
                    None => None,
                    Some(Distance::Exact(n)) => Some(*n),
                    Some(Distance::PiecesOnLine(back)) => {
                        let on = |dir: u8| {
                            let (mut t, mut n) = (topology.neighbour(s, dir), 0u16);
                            while t != NO_SITE {
                                n += u16::from(board.filled.contains(t));
                                t = topology.neighbour(t, dir);
                            }
                            n
                        };
                        let b = back.get(d as usize).copied().unwrap_or(u8::MAX);
                        Some(1 + on(d) + if b == u8::MAX { 0 } else { on(b) })
                    }
                };
                let (mut t, mut gone) = (topology.neighbour(s, d), 1u16);
                while t != NO_SITE && gone <= limit {
                    let here = exact.is_none_or(|n| n == gone);
                    let lands = !board.filled.contains(t) || (self.captures && theirs.contains(t));
                    if here && lands {
                        out.push(Move::new(g, s, t));
                    }
                    if exact.is_some_and(|n| gone >= n) || !passable(t) {
                        break;
                    }
                    t = topology.neighbour(t, d);
                    gone += 1;
                }
            }
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
