//! Place: pieces from the hand onto an empty site.

pub mod beside;

use crate::board::MAX_HELD_KINDS;
use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::Rules;
use crate::compile::ir::{
    Choice, Cond, Dirs, Gen, Leaf, MoveExpr, RegionRef, Site, Sites, Who, MAX_PLAYERS, NO_SITE,
};
use crate::compile::{Compiler, Needs, MAX_COUNTERS};
use crate::engine::draw::region_mask;
use crate::engine::draw::Family;
use crate::engine::Last;
use crate::engine::{Board, Cell, Ctx, Effects, Game, Move};
use crate::ludemes::flank::{self, Flank};
use crate::ludemes::removal::REMOVE;
use crate::ludemes::slide::reach;
use crate::ludemes::surround::{self, Surround};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;
use beside::BesideSets;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// Puts pieces from the mover's hand on one empty site.
        name: "place",
        kind: Moves,
        positional: [
            /// pieces taken from the hand
            req("count", O(Int)),
        ],
        named: [
            /// where they may go; any empty site if absent
            opt("to", O(Region)),
            /// the runs of opposing pieces the placed piece flanks, and whether it must flank one
            opt("flank", O(Flank)),
            /// the opposing groups the placed piece leaves with no liberty, captured, and the
            /// placements refused as suicide or repetition
            opt("surround", O(Surround)),
            /// a condition each empty site must meet, read before the placement with the site as
            /// the last move's (`beside`, `landed-in`)
            opt("if", O(Cond)),
            /// the kind of the placed pieces; the first declared kind if absent. Where hands keep
            /// kinds (`captured:Captor`), a drop of a piece held: one move for each kind held (only
            /// this one if given), written `Kind@b2`
            opt("kind", O(Str)),
            /// the kind the piece is placed as, where it is not the kind taken from the hand
            /// (a stone from the hand stood up as a wall); written with this kind
            opt("as", O(Str)),
            /// whose piece is placed, from whose hand: Mover if absent (Next: the mover places
            /// one of the next player's pieces)
            opt("of", O(Role)),
            /// only the empty sites that a slide from the last move's landing reaches along one of
            /// these directions, over empty sites (a shot from where a piece just landed); none
            /// before the first move
            opt("from-last", OL(Dir)),
            REMOVE,
            THEN,
        ],
        example: "(place 2 to:(region \"Board\"))",
        lower: Lower::Moves(place),
        refs: [
            Ref::Hand,
            Ref::Kind(Arg::Key("kind")),
            Ref::Kind(Arg::Key("as")),
        ],
    },
    ludeme! {
        /// The pass: the mover does nothing. Offered as a last resort inside `priority`.
        name: "pass",
        kind: Moves,
        positional: [],
        named: [],
        example: "(pass)",
        lower: Lower::Moves(pass),
        refs: [],
    },
    ludeme! {
        /// The site next to the last move's site in one of the directions holds that occupant. In
        /// `place`'s `if:`, the last move's site is the site placed on.
        name: "beside",
        kind: Cond,
        positional: [
            /// the directions looked in from the site: a direction, a group such as Orthogonal, or
            /// a list of them
            req("directions", OL(Dir)),
            /// Empty, Filled, Friend (the mover's), Enemy (another player's), or Off (no site that
            /// way)
            req("occupant", O(Occupant)),
        ],
        named: [],
        example: "(beside S Filled)",
        lower: Lower::Cond(beside),
        refs: [],
    },
    ludeme! {
        /// The last move was a pass.
        name: "passed",
        kind: Cond,
        positional: [],
        named: [],
        example: "(passed)",
        lower: Lower::Cond(passed),
        refs: [],
    },
];

fn pass(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    c.gen(Gen::Pass(Pass), node)
}

fn beside(c: &mut Compiler<'_>, node: &Node) -> Cond {
    let dirs = c.dirs(node.pos(0));
    let what = match node.pos(1).and_then(|n| n.as_name()) {
        Some("Empty") => Occupant::Empty,
        Some("Filled") => Occupant::Filled,
        Some("Friend") => Occupant::Friend,
        Some("Enemy") => Occupant::Enemy,
        _ => Occupant::Off,
    };
    // It reads the last move's site: a filter's trial or a move's effects must make it the move.
    c.needs.insert(Needs::LAST);
    Cond::Leaf(Leaf::Beside(Box::new(Beside { dirs, what })))
}

fn passed(c: &mut Compiler<'_>, _: &Node) -> Cond {
    c.needs.insert(Needs::LAST);
    Cond::Leaf(Leaf::Passed)
}

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
    let flank = node.named("flank").map(|f| flank::lower(c, f));
    let surround = node.named("surround").map(|f| surround::lower(c, f));
    let cond = node.named("if").map(|n| c.cond(n));
    let site_sets = cond
        .as_ref()
        .and_then(|cond| BesideSets::each_player(cond, &c.topology))
        .map(Box::new);
    let site_test = cond.as_ref().map(Choice::of);
    let kind = c.kind(node.named("kind"));
    let placed_as = c.kind(node.named("as"));
    let of = node.named("of").map(|w| c.who(Some(w)));
    let from_last = node.named("from-last").map(|d| c.dirs(Some(d)));
    if from_last.is_some() {
        // It reads the last move's landing.
        c.needs.insert(Needs::LAST);
    }
    c.needs.insert(Needs::PLACING);
    c.gen(
        Gen::Place(Place {
            count: count.clamp(1, MAX_COUNTERS) as u16,
            to,
            flank,
            surround,
            site_test,
            site_sets,
            kind,
            placed_as,
            of,
            from_last,
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
    /// The runs the placed piece flanks.
    pub flank: Option<Flank>,
    /// The groups the placed piece surrounds, and the placements refused as suicide or repetition.
    pub surround: Option<Surround>,
    /// The condition each site must meet, read with the site as the last move's.
    pub site_test: Option<Choice>,
    /// The same condition as site-set arithmetic for each player, where it is built only of
    /// neighbours' occupancy: the sites that meet it are found all at once.
    pub site_sets: Option<Box<[BesideSets; MAX_PLAYERS]>>,
    /// The kind of the placed pieces, if not the first.
    pub kind: Option<u8>,
    /// The kind they are placed as, if not the kind taken from the hand.
    pub placed_as: Option<u8>,
    /// Whose pieces, from whose hand, if not the mover's.
    pub of: Option<Who>,
    /// The directions of the slide from the last move's landing that the placement must reach.
    pub from_last: Option<Dirs>,
}

impl Place {
    /// The free sites where a placement is legal, when the rule tests each: one that must
    /// flank a run, or meet a condition.
    #[inline(never)]
    fn generate_tested(&self, ctx: &Ctx, g: u16, free: Sites, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        // The site tested stands as the last move's: one copy of the clock, its landing moved.
        let mut clock = *ctx.clock;
        for s in free.iter_in(game.topology.words) {
            let flanks = match &self.flank {
                Some(f) if f.required && f.rays.is_none() => f.flanks(game, board, mover, s),
                _ => true,
            };
            clock.last = Last { from: s, to: s };
            let meets = |test: &Choice| {
                Ctx {
                    clock: &clock,
                    ..*ctx
                }
                .holds(test)
            };
            if flanks && self.site_test.as_ref().is_none_or(meets) {
                out.push(Move::new(g, s, s));
            }
        }
    }

    /// Where hands keep kinds: the placements listed from `start` on, one for each kind held
    /// (only `kind` if given), kind by kind, each recording its kind.
    #[inline(never)]
    fn drops(&self, ctx: &Ctx, start: usize, out: &mut Vec<Move>) {
        let (board, mover, end) = (ctx.board, self.owner(ctx), out.len());
        let kinds = ctx.game.kinds.len().clamp(1, MAX_HELD_KINDS) as u8;
        for k in 0..kinds {
            if self.kind.is_some_and(|only| only != k)
                || u16::from(board.held(mover, k)) < self.count
            {
                continue;
            }
            for i in start..end {
                out.push(out[i].with_promotion(k));
            }
        }
        out.drain(start..end);
    }

    /// The player whose piece is placed.
    #[inline(always)]
    fn owner(&self, ctx: &Ctx) -> u8 {
        self.of.map_or(ctx.mover, |w| ctx.who(w))
    }

    /// Whether each free site is tested before it is offered, one by one.
    #[inline(always)]
    fn tested(&self) -> bool {
        self.flank
            .as_ref()
            .is_some_and(|f| f.required && f.rays.is_none())
            || (self.site_test.is_some() && self.site_sets.is_none())
    }
}

/// The placements on the free sites that meet a condition read as site sets.
#[inline(never)]
fn generate_meeting(
    sets: &[BesideSets; MAX_PLAYERS],
    ctx: &Ctx,
    g: u16,
    free: Sites,
    out: &mut Vec<Move>,
) {
    let (board, mover) = (ctx.board, ctx.mover as usize & (MAX_PLAYERS - 1));
    let meeting = sets[mover].sites(&free, &board.filled, &board.owned[mover]);
    out.extend(
        meeting
            .iter_in(ctx.game.topology.words)
            .map(|s| Move::new(g, s, s)),
    );
}

impl MoveFamily for Place {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        if board.hand[self.owner(ctx) as usize] < self.count {
            return;
        }
        let free = match self.to {
            Some(r) => game.regions[r.0 as usize].mask[mover as usize].and_not(&board.filled),
            None => game.topology.board_sites.and_not(&board.filled),
        };
        // Only the sites a slide from the last landing reaches.
        let free = match &self.from_last {
            Some(dirs) => free.and(&reach(
                game,
                &board.filled,
                ctx.clock.last.to,
                dirs.of(mover),
            )),
            None => free,
        };
        // Only the sites that flank a run, where shifts of site sets find them.
        let free = match &self.flank {
            Some(f) if f.required => f.flanking(game, board, mover, &free).unwrap_or(free),
            _ => free,
        };
        let start = out.len();
        if let Some(surround) = &self.surround {
            let piece = Cell {
                kind: self.kind.unwrap_or(0),
                ..Cell::piece(mover, self.count)
            };
            surround.generate(ctx, g, free, piece, out);
        } else if self.tested() {
            self.generate_tested(ctx, g, free, out);
        } else if let Some(sets) = &self.site_sets {
            generate_meeting(sets, ctx, g, free, out);
        } else {
            free.each_within(game.topology.words, |s| out.push(Move::new(g, s, s)));
        }
        if board.kinded {
            self.drops(ctx, start, out);
        }
    }

    #[inline(always)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let kind = m.promotion().or(self.kind).unwrap_or(0);
        let owner = match self.of {
            Some(w) => Ctx::after(on.game, on.clock, board, on.mover).who(w),
            None => on.mover,
        };
        if board.kinded {
            board.hold(owner, kind, -i32::from(self.count));
        } else {
            let hand = &mut board.hand[owner as usize];
            *hand -= self.count.min(*hand);
        }
        board.put(
            m.to as usize,
            Cell {
                kind: self.placed_as.unwrap_or(kind),
                ..Cell::piece(owner, self.count)
            },
        );
        let mut captured = 0;
        if let Some(f) = &self.flank {
            captured += f.apply(on.game, board, on.mover, m.to);
        }
        if let Some(s) = &self.surround {
            captured += s.apply(on.game, board, on.mover, m.to);
        }
        Effects {
            captured,
            ..Effects::default()
        }
    }

    fn notation(&self, _from: &str, to: &str, _enemy: bool) -> String {
        format!("place {to}")
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
        // A drop from a hand that keeps kinds names the kind placed, in one word.
        match self
            .placed_as
            .or(m.promotion())
            .and_then(|k| game.kinds.get(k as usize))
        {
            Some(kind) => format!("{}@{to}", kind.replace(char::is_whitespace, "")),
            None => self.notation(from, to, enemy),
        }
    }

    fn draw(&self, game: &Rules, mover: usize) -> Option<Family> {
        // Every field named, so that a new one fails to compile until the draw decides it.
        let Place {
            count,
            to,
            // A flank that must be made is a test of the site; any flank is played by `apply`
            // after the draw.
            flank,
            // Placements that may surround are listed: each is tested for its liberties.
            surround,
            site_test: _,
            site_sets,
            // Played by `apply` after the draw.
            kind: _,
            placed_as: _,
            of,
            from_last,
        } = self;
        // The draw's families know no last landing, nor kinds in hand: those placements are
        // listed.
        if self.tested()
            || surround.is_some()
            || from_last.is_some()
            || of.is_some()
            || game.needs.contains(Needs::KINDS_HELD)
        {
            return None;
        }
        let (count, to) = (*count, region_mask(game, to, mover));
        let beside = site_sets.as_ref().and_then(|sets| sets.get(mover)).cloned();
        // A flank that must be made, as site sets (`tested` is false: the board has its shifts).
        let flanks = match flank {
            Some(f) if f.required => Some(BesideSets::Flanks {
                rays: f.rays.as_ref()?.get(mover)?.clone(),
                bounds: (f.min, f.max),
            }),
            _ => None,
        };
        let test = match (beside, flanks) {
            (Some(b), Some(f)) => Some(BesideSets::All(vec![f, b])),
            (b, f) => b.or(f),
        };
        Some(match test {
            Some(test) => Family::PlaceWhere {
                count,
                to,
                test: Box::new(test),
            },
            None => Family::Place { count, to },
        })
    }
}

/// The pass as a move of its own, for `priority`: the same edge as a decision's pass.
#[derive(Debug, Clone, PartialEq)]
pub struct Pass;

impl MoveFamily for Pass {
    fn generate(&self, _ctx: &Ctx, _g: u16, out: &mut Vec<Move>) {
        out.push(Move::pass());
    }

    fn apply(&self, _on: MoverTurn<'_>, _board: &mut Board, _m: Move) -> Effects {
        Effects::default()
    }

    fn notation(&self, _from: &str, _to: &str, _enemy: bool) -> String {
        "pass".into()
    }
}

/// What a site holds, as `beside` tests it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occupant {
    /// Nothing.
    Empty,
    /// Anything.
    Filled,
    /// The mover's pieces.
    Friend,
    /// Another player's pieces.
    Enemy,
    /// No site: the edge of the board that way.
    Off,
}

/// `(beside ...)`: a neighbour of the last move's site holds an occupant.
#[derive(Debug, Clone, PartialEq)]
pub struct Beside {
    /// The directions, as each player reads them.
    pub dirs: Dirs,
    /// What the neighbour holds.
    pub what: Occupant,
}

impl Beside {
    /// Whether it holds in the context (never before the first move).
    #[inline(never)]
    pub(crate) fn holds(&self, ctx: &Ctx) -> bool {
        let site: Site = ctx.clock.last.to;
        if site == NO_SITE {
            return false;
        }
        let (board, mine) = (ctx.board, &ctx.board.owned[ctx.mover as usize & 3]);
        self.dirs.of(ctx.mover).iter().any(|&d| {
            let n = ctx.game.topology.neighbour(site, d);
            match self.what {
                Occupant::Off => n == NO_SITE,
                _ if n == NO_SITE => false,
                Occupant::Empty => !board.filled.contains(n),
                Occupant::Filled => board.filled.contains(n),
                Occupant::Friend => mine.contains(n),
                Occupant::Enemy => board.filled.contains(n) && !mine.contains(n),
            }
        })
    }
}
