//! Step: one piece to an adjacent empty site.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::Rules;
use crate::compile::ir::{
    by_width, CaptureTo, Dirs, Gen, MoveExpr, RegionRef, Site, Sites, MAX_PLAYERS, NO_SITE,
};
use crate::compile::Compiler;
use crate::engine::draw::Family;
use crate::engine::draw::{rays, region_mask};
use crate::engine::Game;
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
        /// a piece kind: a `capture:` direction may also step onto an empty site that the last
        /// move's piece, an opposing piece of this kind, passed over, taking that piece where it
        /// stands (en passant, written as a capture: `e5xd6`)
        opt("in-passing", O(Str)),
        /// the kinds a piece landing in `promote-in:` becomes, one move for each: the mover
        /// chooses (a pawn reaching the far rank, `e7-e8=Queen`); it must become one of them
        opt("promote", OL(Str)),
        /// where a piece is promoted
        opt("promote-in", O(Region)),
        REMOVE,
        THEN,
    ],
    example: "(step Orthogonal)",
    lower: Lower::Moves(step),
    refs: [
        Ref::Kind(Arg::Key("kind")),
        Ref::Kind(Arg::Key("in-passing")),
        Ref::Kind(Arg::Key("promote")),
    ],
}];

fn step(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let to = node.named("to").map(|r| c.region(r));
    let kind = c.kind(node.named("kind"));
    let capture = c.dirs(node.named("capture"));
    let captured = c.capture_to(node.named("captured"));
    let in_passing = c.kind(node.named("in-passing"));
    let promotion = Promotion::lower(c, node);
    c.gen(
        Gen::Step(Step {
            dirs,
            to,
            kind,
            captures: capture.0.iter().any(|d| !d.is_empty()),
            capture,
            captured,
            in_passing,
            promotion,
        }),
        node,
    )
}

/// A promotion the mover chooses: the kinds a piece may become, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Promotion {
    /// The kinds, in the order written.
    pub kinds: Vec<u8>,
    /// Where a piece landing is promoted.
    pub region: RegionRef,
}

impl Promotion {
    /// The promotion of a move ludeme's `promote:` and `promote-in:`, if it has one.
    pub(crate) fn lower(c: &mut Compiler<'_>, node: &Node) -> Option<Promotion> {
        match (node.named("promote"), node.named("promote-in")) {
            (None, None) => None,
            (Some(kinds), Some(region)) => {
                let names: Vec<&Node> = match kinds.as_list() {
                    Some(list) => list.iter().collect(),
                    None => vec![kinds],
                };
                let kinds = names.into_iter().filter_map(|n| c.kind(Some(n))).collect();
                let region = c.region(region);
                Some(Promotion { kinds, region })
            }
            (Some(n), None) | (None, Some(n)) => {
                c.error(
                    n,
                    "a promotion names both the kinds and where",
                    "write `promote:{\"Queen\" \"Knight\"} promote-in:(region \"Far\" Mover)`",
                );
                None
            }
        }
    }

    /// Pushes move `m` landing on `t`: once per kind where the mover promotes there.
    #[inline(always)]
    pub(crate) fn push(
        this: &Option<Promotion>,
        game: &Game,
        mover: u8,
        m: Move,
        out: &mut Vec<Move>,
    ) {
        match this {
            Some(p) if region_has(game, Some(p.region), mover, m.to) => {
                out.extend(p.kinds.iter().map(|&k| m.with_promotion(k)))
            }
            _ => out.push(m),
        }
    }

    /// Makes the piece that landed the kind the move chose, if it chose one.
    #[inline(always)]
    pub(crate) fn apply(board: &mut Board, m: Move) {
        if let Some(k) = m.promotion() {
            let mut c = board.cells[m.to as usize];
            c.kind = k;
            board.put(m.to as usize, c);
        }
    }

    /// The suffix of a promoting move's notation: `=Queen`.
    pub(crate) fn written(game: &Game, m: Move) -> String {
        m.promotion()
            .and_then(|k| game.kinds.get(k as usize))
            .map_or(String::new(), |k| format!("={k}"))
    }
}

/// The sites the last move's piece passed over, when it is an opposing piece of kind `kind`
/// that moved in a straight line: where a step may take it in passing.
fn passed_over(ctx: &Ctx, kind: u8) -> Sites {
    let out = Sites::default();
    let (board, last) = (ctx.board, ctx.clock.last);
    let Some(cell) = board.cells.get(last.to as usize) else {
        return out;
    };
    if cell.owner == 0 || cell.owner == ctx.mover + 1 || cell.kind != kind {
        return out;
    }
    let topology = &ctx.game.topology;
    for d in 0..topology.directions.len() as u8 {
        let mut between = Sites::default();
        let mut t = topology.neighbour(last.from, d);
        while t != NO_SITE && t != last.to && !board.filled.contains(t) {
            between.insert(t);
            t = topology.neighbour(t, d);
        }
        if t == last.to && t != NO_SITE {
            return between;
        }
    }
    out
}

/// The most rays of a step of one kind that the draw counts (a man's forward diagonals, a
/// king's four); past them it lists (a lion's eight, quiet and capturing, are sixteen rays).
const KIND_RAYS: usize = 4;

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
    /// The kind of the opposing piece a capture direction may take in passing.
    pub in_passing: Option<u8>,
    /// The kinds a piece may become, and where.
    pub promotion: Option<Promotion>,
}

impl MoveFamily for Step {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        if self.in_passing.is_some() || self.promotion.is_some() {
            return self.generate_chosen(ctx, g, out);
        }
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        let theirs = board.filled.and_not(&mine);
        // The pieces walked in the words the board needs, in a loop of its own: through
        // `Sites::each_within`'s closure, Morris and Bagh-Chal took 6% more instructions an edge.
        by_width!(game.topology.words, |W| {
            let walked: Sites<W> = mine.narrow();
            for s in walked.iter() {
                if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                    continue;
                }
                self.push_from(ctx, g, s, &theirs, out);
            }
        })
    }

    #[inline(always)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        if self.in_passing.is_some() || self.promotion.is_some() {
            return self.apply_chosen(on, board, m);
        }
        move_capturing(self.captures, self.captured, on, board, m)
    }

    fn notation(&self, from: &str, to: &str, enemy: bool) -> String {
        written(from, to, enemy)
    }

    fn notation_of(
        &self,
        game: &Game,
        _board: &Board,
        m: Move,
        from: &str,
        to: &str,
        enemy: bool,
    ) -> String {
        // A step that takes in passing lands on an empty site, and captures all the same.
        let passing = self.in_passing.is_some() && m.dir().is_some();
        self.notation(from, to, enemy || passing) + &Promotion::written(game, m)
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
            in_passing,
            promotion,
        } = self;
        // The draw counts moves of the board alone: a step that reads the last move or
        // splits a move by kind is listed.
        if in_passing.is_some() || promotion.is_some() {
            return None;
        }
        // The quiet rays first, then those that capture.
        let quiet = dirs.of(mover as u8);
        let capture = capture.of(mover as u8);
        let all: Vec<u8> = quiet.iter().chain(capture).copied().collect();
        // A count pays a group for each ray, a listing a test for each piece and direction. A
        // kind has few pieces (a lion, a king): only its steps along few rays are counted.
        if kind.is_some() && all.len() > KIND_RAYS {
            return None;
        }
        Some(Family::Step {
            rays: rays(game, &all)?,
            quiet: quiet.len(),
            to: region_mask(game, to, mover),
            kind: *kind,
        })
    }
}

impl Step {
    /// The moves of [`MoveFamily::generate`] from the pieces on `pieces` alone (the mover's, of
    /// the step's kind), for a step that neither takes in passing nor promotes; `false`, with
    /// nothing listed, for one that does.
    pub(crate) fn generate_from<const W: usize>(
        &self,
        ctx: &Ctx,
        g: u16,
        pieces: Sites<W>,
        out: &mut Vec<Move>,
    ) -> bool {
        if self.in_passing.is_some() || self.promotion.is_some() {
            return false;
        }
        let (board, mover) = (ctx.board, ctx.mover);
        let theirs = board
            .filled
            .and_not(&board.owned[mover as usize & (MAX_PLAYERS - 1)]);
        for s in pieces.iter() {
            self.push_from(ctx, g, s, &theirs, out);
        }
        true
    }

    /// The plain moves of the piece on `s`: to an empty neighbour in a step's direction, or onto
    /// one of `theirs` in a capture's.
    #[inline(always)]
    fn push_from(&self, ctx: &Ctx, g: u16, s: Site, theirs: &Sites, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let nb = game.topology.neighbours(s);
        for &d in self.dirs.of(mover) {
            let t = nb.get(d as usize).copied().unwrap_or(NO_SITE);
            if t != NO_SITE && !board.filled.contains(t) && region_has(game, self.to, mover, t) {
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

    /// The number of moves of the pieces on `pieces` (the mover's, of the step's kind) that do
    /// not take in passing, by site sets (a promotion counts once per kind), and whether one of
    /// them may take in passing; `None` where a piece may become of kind `guarded` or the board
    /// has no shift for a direction.
    pub(crate) fn count_from<const W: usize>(
        &self,
        ctx: &Ctx,
        pieces: Sites<W>,
        guarded: u8,
    ) -> Option<(u32, bool)> {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let m = mover as usize;
        let (promote, kinds) = match &self.promotion {
            Some(p) if p.kinds.contains(&guarded) => return None,
            _ if pieces.is_empty() => return Some((0, false)),
            Some(p) => (
                region_mask(game, &Some(p.region), m).narrow(),
                p.kinds.len(),
            ),
            None => (Sites::default(), 1),
        };
        let to: Sites<W> = region_mask(game, &self.to, m).narrow();
        let filled: Sites<W> = board.filled.narrow();
        let theirs: Sites<W> = board
            .filled
            .and_not(&board.owned[m & (MAX_PLAYERS - 1)])
            .narrow();
        let weigh = |t: Sites<W>| t.and_not(&promote).len() + t.and(&promote).len() * kinds as u32;
        let step = |d: u8| -> Option<Sites<W>> {
            let (delta, edge) = game.topology.ray(d)?;
            Some(pieces.and(&edge.narrow()).shifted(delta).and(&to))
        };
        let mut n = 0;
        for &d in self.dirs.of(mover) {
            n += weigh(step(d)?.and_not(&filled));
        }
        let passing: Sites<W> = match self.in_passing {
            Some(k) => passed_over(ctx, k).narrow().and_not(&theirs),
            _ => Sites::default(),
        };
        let mut in_passing = false;
        for &d in self.capture.of(mover) {
            let t = step(d)?;
            n += weigh(t.and(&theirs));
            in_passing |= t.intersects(&passing);
        }
        Some((n, in_passing))
    }

    /// The moves of a step that takes in passing or promotes: kept apart so that plain steps
    /// pay nothing.
    #[inline(never)]
    fn generate_chosen(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        let theirs = board.filled.and_not(&mine);
        let passing = self.in_passing.map(|k| passed_over(ctx, k));
        let promotion = &self.promotion;
        for s in mine.iter_in(game.topology.words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                continue;
            }
            let nb = game.topology.neighbours(s);
            let to = |d: &u8| nb.get(*d as usize).copied().unwrap_or(NO_SITE);
            for t in self.dirs.of(mover).iter().map(to) {
                if t != NO_SITE && !board.filled.contains(t) && region_has(game, self.to, mover, t)
                {
                    Promotion::push(promotion, game, mover, Move::new(g, s, t), out);
                }
            }
            for &d in self.capture.of(mover) {
                let t = to(&d);
                if t == NO_SITE || !region_has(game, self.to, mover, t) {
                    continue;
                }
                if theirs.contains(t) {
                    Promotion::push(promotion, game, mover, Move::new(g, s, t), out);
                } else if passing.is_some_and(|p| p.contains(t)) {
                    // Marked by its direction: the piece it takes is the last move's.
                    let m = Move::new(g, s, t).with_dir(d);
                    Promotion::push(promotion, game, mover, m, out);
                }
            }
        }
    }

    /// Plays a move of [`Step::generate_chosen`]: the piece taken in passing, the step, the
    /// promotion.
    #[inline(never)]
    fn apply_chosen(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let mut passing = 0;
        let r = on.clock.last.to;
        if self.in_passing.is_some() && m.dir().is_some() && (r as usize) < board.cells.len() {
            let taken = board.cells[r as usize];
            passing = u32::from(taken.count);
            board.bank(self.captured, on.mover, taken, &on.game.demote);
            board.clear(r as usize);
        }
        let mut fx = move_capturing(self.captures, self.captured, on, board, m);
        Promotion::apply(board, m);
        fx.captured += passing;
        fx
    }
}

/// How a move of one piece that captures by replacement is written: `a1-a2`, or `a1xa2` when
/// it lands on an opposing piece (a step, a slide, a leap).
pub(crate) fn written(from: &str, to: &str, enemy: bool) -> String {
    let sep = if enemy { 'x' } else { '-' };
    format!("{from}{sep}{to}")
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
