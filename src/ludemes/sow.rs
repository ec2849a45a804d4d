//! Sow (with capture): counters sown one by one along a track, and what the last one captures.

use crate::board::seat_of;
use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{List as L, One as O},
    THEN,
};
use crate::compile::ir::Rules;
use crate::compile::ir::MAX_PLAYERS;
use crate::compile::ir::{CaptureTo, Gen, MoveExpr, RegionRef, Site, Sites, NO_SITE};
use crate::compile::Compiler;
use crate::compile::Needs;
use crate::diagnostic::Diagnostic;
use crate::engine::draw::region_mask;
use crate::engine::draw::Family;
use crate::engine::Game;
use crate::engine::{Board, Cell, Ctx, Effects, Move};
use crate::ludemes::regions::{Board as Declared, MoverSites, Scope};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// Takes every counter of a hole and sows them one by one along the track.
        name: "sow",
        kind: Moves,
        positional: [
            /// the sowing order, a looping track
            req("track", O(Str)),
        ],
        named: [
            /// the holes a player may sow from
            opt("from", O(Region)),
            /// whether laps skip the emptied hole
            opt("skip-origin", O(Switch)),
            /// whether a last counter in a hole that held counters lifts them all and sows on
            /// (relay sowing), until one falls in an empty hole or a store
            opt("relay", O(Switch)),
            /// what the last counter captures
            opt("capture", O(Capture)),
            THEN,
        ],
        example: "(sow \"Sow\" from:(region \"Home\" Mover) skip-origin:true)",
        lower: Lower::Moves(sow),
        refs: [Ref::Track(Arg::Pos(0))],
    },
    ludeme! {
        /// A player's store as a place of a track: a counter sown there goes to the store that
        /// `(score P)` reads.
        name: "store",
        kind: Segment,
        positional: [
            /// P1 to P4
            req("player", O(Role)),
        ],
        named: [],
        example: "(store P1)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A player's store, the place a track passes through with `(store P1)`.
        name: "store",
        kind: Region,
        positional: [
            /// P1 to P4, or in the rules Mover, Next or Prev
            req("player", O(Role)),
        ],
        named: [],
        example: "(store Mover)",
        lower: Lower::Region(store),
        refs: [],
    },
    ludeme! {
        /// Captures the hole the last counter falls in, when it ends with one of the counts (a hole
        /// that ends with 1 was empty just before the last counter fell, the emptied origin
        /// included).
        name: "capture",
        kind: Capture,
        positional: [],
        named: [
            /// where captures may happen
            req("in", O(Region)),
            /// the counts that are captured
            req("counts", L(Int)),
            /// whether the holes before the last are captured too, while they qualify
            opt("backwards", O(Switch)),
            /// a capture that would take every counter of the region: Allowed or NoCapture
            opt("grand-slam", O(GrandSlam)),
            /// where the captured counters go: the mover's store (Store, the default), the mover's
            /// hand (Hand) or off the game (Removed)
            opt("captured", O(CaptureTo)),
            /// whether the opposite hole (the same column, the other row) is taken with the last,
            /// and only when it holds a counter
            opt("opposite", O(Switch)),
        ],
        example: "(capture in:(region \"Home\" Next) counts:{2 3} backwards:true)",
        lower: Lower::Part,
        refs: [],
    },
];

/// What a capture that takes a whole region does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrandSlam {
    /// It captures as usual.
    Allowed,
    /// It captures nothing.
    NoCapture,
}

/// The capture rule of a sowing.
#[derive(Debug, Clone, PartialEq)]
pub struct Capture {
    /// Where captures happen.
    pub region: RegionRef,
    /// Counts that are captured, as a bitmask over 0..64.
    pub counts: u64,
    /// Whether earlier holes are captured too.
    pub backwards: bool,
    /// The grand-slam rule.
    pub grand_slam: GrandSlam,
    /// Where the captured counters go.
    pub captured: CaptureTo,
    /// Each site's opposite (the same column, the other row), when the opposite is taken too.
    pub opposite: Option<Box<[Site]>>,
}

/// The store region: each mover's list is the store of the player the role names.
fn store(b: &mut dyn Declared, node: &Node, scope: Scope) -> Option<MoverSites> {
    let role = node.pos(0)?;
    let name = role.as_name().unwrap_or_default();
    let sym = b.symbols();
    let players = sym.players as usize;
    let (next, prev) = crate::compile::ir::Rules::turn_order(sym.players);
    let whose = |m: usize| match name {
        "Mover" => Some(m as u8),
        "Next" => Some(next[m]),
        "Prev" => Some(prev[m]),
        other => seat_of(other),
    };
    let relative = matches!(name, "Mover" | "Next" | "Prev");
    let problem = if !sym.stores {
        Some(("no track passes through the players' stores", "declare a track with `(store P1)` first, e.g. `(track \"Sow\" P1 {(row 0 E) (store P1) (row 1 W)} loop:true)`"))
    } else if whose(0).is_none_or(|p| p as usize >= players)
        || (relative && scope == Scope::Declaration)
    {
        Some((
            "no such player's store",
            "write P1 to P4 (in the rules, Mover, Next or Prev too)",
        ))
    } else {
        None
    };
    if let Some((message, help)) = problem {
        b.report(
            Diagnostic::new("check::out-of-range", role.span, message)
                .label("whose store?")
                .help(help)
                .via(role.via),
        );
        return None;
    }
    let sym = b.symbols();
    Some(std::array::from_fn(|m| {
        match whose(m.min(players.max(1) - 1)) {
            Some(p) if m < players || !relative => vec![sym.store_site(p)],
            _ => Vec::new(),
        }
    }))
}

/// Each site's opposite on a grid: the same column, the mirrored row (the site itself where
/// there is none, so that a lone row captures nothing more).
fn opposites(c: &Compiler<'_>) -> Box<[Site]> {
    let t = &c.topology;
    let rows = c.sym.rows;
    (0..t.sites())
        .map(|s| {
            t.coords
                .get(s)
                .copied()
                .flatten()
                .and_then(|xy| c.sym.site_at(rows - 1 - xy.y as usize, xy.x as usize))
                .unwrap_or(s as Site)
        })
        .collect()
}

fn sow(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let flag = |n: Option<&Node>| matches!(n.map(|n| &n.kind), Some(NodeKind::Bool(true)));
    let track = c.track(node.pos(0));
    let from = node.named("from").map(|r| c.region(r));
    let capture = node.named("capture").map(|cap| {
        let region = cap.named("in").map(|r| c.region(r)).unwrap_or(RegionRef(0));
        let mut counts = 0u64;
        for v in cap.named("counts").and_then(|l| l.as_list()).unwrap_or(&[]) {
            match v.as_int() {
                Some(k @ 0..=63) => counts |= 1 << k,
                _ => c.error(
                    v,
                    format!("{} cannot be a capture count", v.describe()),
                    "capture counts run from 0 to 63",
                ),
            }
        }
        Capture {
            region,
            counts,
            backwards: flag(cap.named("backwards")),
            grand_slam: match cap.named("grand-slam").and_then(|n| n.as_name()) {
                Some("NoCapture") => GrandSlam::NoCapture,
                _ => GrandSlam::Allowed,
            },
            captured: captured_counters(c, cap.named("captured")),
            opposite: flag(cap.named("opposite")).then(|| opposites(c)),
        }
    });
    let sow = Sow {
        track,
        from,
        skip_origin: flag(node.named("skip-origin")),
        relay: flag(node.named("relay")),
        capture,
        first_store: c.sym.store_site(0),
    };
    // A track through a store gets its own generator: the others never test for stores.
    let stores = (c.sym.tracks.iter())
        .filter(|t| t.name == node.pos(0).and_then(|n| n.as_str()).unwrap_or_default())
        .any(|t| t.sites.iter().any(|&s| s >= sow.first_store));
    c.gen(
        if stores {
            Gen::SowStores(SowStores(sow))
        } else {
            Gen::Sow(sow)
        },
        node,
    )
}

/// The most lifts of one relay sowing: a bound that a relay on a track through a store never
/// reaches (each lap drops a counter in the store), so that one without a store cannot loop.
pub const RELAY_LIFTS: u32 = 10_000;

/// Sowing along a track.
#[derive(Debug, Clone, PartialEq)]
pub struct Sow {
    /// Track index.
    pub track: u16,
    /// Holes to sow from.
    pub from: Option<RegionRef>,
    /// Laps skip the origin (in a relay, the hole last lifted).
    pub skip_origin: bool,
    /// Relay sowing: a last counter in a hole that held counters lifts them and sows on.
    pub relay: bool,
    /// The capture rule.
    pub capture: Option<Capture>,
    /// P1's store, the first place after the board.
    pub first_store: Site,
}

/// Sowing along a track that passes through the players' stores.
#[derive(Debug, Clone, PartialEq)]
pub struct SowStores(pub Sow);

/// What a sowing plays on: the board, or for a filter's trial that reads only counts, the bare
/// counts of the sites (no occupancy, key, stores or sown sites kept).
pub(crate) trait Holes {
    /// The counters on site `s`.
    fn count(&self, s: usize) -> u16;
    /// Empties site `s`.
    fn clear(&mut self, s: usize);
    /// Adds `n` counters to site `s`.
    fn add(&mut self, s: usize, n: u16);
    /// Adds one counter to site `s` (sowing's inner step), marking it sown when `sown`.
    fn add_one(&mut self, s: Site, sown: bool);
    /// Adds one counter to player `p`'s store.
    fn store_one(&mut self, p: usize);
    /// Sends captured counters where the rule says, for `capturer`.
    fn bank(&mut self, to: CaptureTo, capturer: u8, n: u32);
}

impl Holes for Board {
    #[inline(always)]
    fn count(&self, s: usize) -> u16 {
        self.cells[s].count
    }

    #[inline(always)]
    fn clear(&mut self, s: usize) {
        Board::clear(self, s)
    }

    #[inline(always)]
    fn add(&mut self, s: usize, n: u16) {
        Board::add(self, s, n)
    }

    #[inline(always)]
    fn add_one(&mut self, s: Site, sown: bool) {
        // No test of the old count: it would be a branch mispredicted at random.
        Board::add_one(self, s);
        if sown {
            self.sown.0.insert(s);
        }
    }

    #[inline(always)]
    fn store_one(&mut self, p: usize) {
        self.store[p & (MAX_PLAYERS - 1)] += 1;
    }

    #[inline(always)]
    fn bank(&mut self, to: CaptureTo, capturer: u8, n: u32) {
        // Sown counters are neutral: they are banked together, as no one's.
        let taken = Cell {
            count: n.min(u16::MAX as u32) as u16,
            ..Cell::default()
        };
        Board::bank(self, to, capturer, taken, &[])
    }
}

impl Holes for [u16] {
    #[inline(always)]
    fn count(&self, s: usize) -> u16 {
        self[s]
    }

    #[inline(always)]
    fn clear(&mut self, s: usize) {
        self[s] = 0;
    }

    #[inline(always)]
    fn add(&mut self, s: usize, n: u16) {
        self[s] = self[s].saturating_add(n);
    }

    #[inline(always)]
    fn add_one(&mut self, s: Site, _: bool) {
        self[s as usize] += 1;
    }

    #[inline(always)]
    fn store_one(&mut self, _: usize) {}

    #[inline(always)]
    fn bank(&mut self, _: CaptureTo, _: u8, _: u32) {}
}

impl Sow {
    /// Plays a sowing on the board ([`Sow::sow`], then [`Board::sown`]).
    #[inline(always)]
    fn apply_on<const STORES: bool>(
        &self,
        on: MoverTurn<'_>,
        board: &mut Board,
        m: Move,
    ) -> Effects {
        let fx = self.sow::<STORES, Board>(on.game, on.mover, board, m);
        board.sown();
        fx
    }

    /// Plays a sowing; with `STORES`, seeds falling on a store's place go to that store.
    #[inline(always)]
    pub(crate) fn sow<const STORES: bool, H: Holes + ?Sized>(
        &self,
        game: &Game,
        mover: u8,
        board: &mut H,
        m: Move,
    ) -> Effects {
        let mut fx = Effects::default();
        let from = m.from as usize;
        let tr = &game.tracks[self.track as usize];
        let sites = &tr.sites[mover as usize];
        let mut i = tr.first_index[mover as usize][from] as usize;
        let left = board.count(from);
        board.clear(from);
        i = self.sow_along::<STORES, H>(game, board, sites, i, from, left);
        if self.relay {
            i = self.relay::<STORES, H>(game, board, sites, i);
        }
        fx.landed = sites[i];
        if let Some(cap) = &self.capture {
            fx.captured = capture(game, cap, board, mover, sites, i);
        }
        fx
    }

    /// Plays move `m` of player `mover` on the bare counts of the sites, for a filter's trial
    /// that reads only counts: the stores and the sown sites are not kept.
    /// With `STORES`, the track passes through the stores (a [`SowStores`]).
    #[inline(never)]
    pub(crate) fn sow_counts<const STORES: bool>(
        &self,
        game: &Game,
        mover: u8,
        counts: &mut [u16],
        m: Move,
    ) {
        self.sow::<STORES, [u16]>(game, mover, counts, m);
    }

    /// Relay sowing from the last counter's place `i` of `sites`: while it falls in a hole that
    /// held counters (not a store), that hole's counters are lifted and sown on. Returns the
    /// place where the last counter stays. A relay that never ends (possible only on a track
    /// without a store, which takes a counter a lap) is cut after [`RELAY_LIFTS`] lifts.
    #[inline(never)]
    fn relay<const STORES: bool, H: Holes + ?Sized>(
        &self,
        game: &Game,
        board: &mut H,
        sites: &[Site],
        mut i: usize,
    ) -> usize {
        for _ in 0..RELAY_LIFTS {
            let s = sites[i];
            let held = board.count(s as usize);
            if (STORES && s >= self.first_store) || held <= 1 {
                break;
            }
            board.clear(s as usize);
            i = self.sow_along::<STORES, H>(game, board, sites, i, s as usize, held);
        }
        i
    }

    /// Sows `left` counters taken from `from` along `sites` after place `i`; returns the place
    /// of the last. With `STORES`, a counter falling on a store's place goes to that store.
    #[inline(always)]
    fn sow_along<const STORES: bool, H: Holes + ?Sized>(
        &self,
        game: &Game,
        board: &mut H,
        sites: &[Site],
        mut i: usize,
        from: usize,
        mut left: u16,
    ) -> usize {
        let len = sites.len();
        let mut skipped = 0;
        while left > 0 {
            i += 1;
            if i == len {
                i = 0;
            }
            let s = sites[i];
            if self.skip_origin && s as usize == from {
                // A track made only of the origin cannot be sown: give the counters back.
                skipped += 1;
                if skipped > len {
                    board.add(from, left);
                    break;
                }
                continue;
            }
            if STORES && s >= self.first_store {
                board.store_one((s - self.first_store) as usize);
            } else {
                board.add_one(s, game.needs.contains(Needs::SOWN));
            }
            left -= 1;
            skipped = 0;
        }
        i
    }
}

impl MoveFamily for Sow {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let cells = &board.cells;
        let index = &game.tracks[self.track as usize].first_index[mover as usize];
        let mut push = |s: Site| {
            if cells[s as usize].count > 0 && index[s as usize] != NO_SITE {
                out.push(Move::new(g, s, s));
            }
        };
        match self.from {
            Some(r) => ctx.sites(r).iter().for_each(|&s| push(s)),
            None => board.filled.iter_in(game.topology.words).for_each(push),
        }
    }

    #[inline(always)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        self.apply_on::<false>(on, board, m)
    }

    fn notation(&self, from: &str, _to: &str, _enemy: bool) -> String {
        format!("sow {from}")
    }

    fn draw(&self, game: &Rules, mover: usize) -> Option<Family> {
        // Every field named, so that a new one fails to compile until the draw decides it.
        let Sow {
            track,
            from,
            // Read by `apply`, which plays the drawn move: a sowing's origin is its only choice.
            skip_origin: _,
            relay: _,
            capture: _,
            first_store: _,
        } = self;
        let on = game
            .tracks
            .get(*track as usize)
            .map_or(Sites::default(), |t| t.on[mover]);
        Some(Family::Sow {
            from: region_mask(game, from, mover).and(&on),
        })
    }
}

impl MoveFamily for SowStores {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        self.0.generate(ctx, g, out)
    }

    #[inline(always)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        self.0.apply_on::<true>(on, board, m)
    }

    fn notation(&self, from: &str, to: &str, enemy: bool) -> String {
        self.0.notation(from, to, enemy)
    }

    fn draw(&self, game: &Rules, mover: usize) -> Option<Family> {
        self.0.draw(game, mover)
    }
}

/// The capture after a sowing whose last counter fell at place `i` of the track's `sites`:
/// the counters captured.
#[inline(always)]
pub(crate) fn capture<H: Holes + ?Sized>(
    game: &Game,
    cap: &Capture,
    board: &mut H,
    mover: u8,
    sites: &[Site],
    i: usize,
) -> u32 {
    let len = sites.len();
    let region = &game.regions[cap.region.0 as usize];
    let mask = &region.mask[mover as usize];
    let qualifies = |c: u16| c < 64 && cap.counts & (1 << c) != 0;
    // Walk back from the last hole while holes qualify (at most one lap).
    let mut n = 0;
    let mut sum = 0u32;
    let mut j = i;
    while n < len {
        let c = board.count(sites[j] as usize);
        if !mask.contains(sites[j]) || !qualifies(c) {
            break;
        }
        sum += c as u32;
        n += 1;
        if !cap.backwards {
            break;
        }
        j = if j == 0 { len - 1 } else { j - 1 };
    }
    let wipes_out = cap.grand_slam == GrandSlam::NoCapture && {
        let total: u32 = region.sites[mover as usize]
            .iter()
            .map(|&s| board.count(s as usize) as u32)
            .sum();
        total == sum
    };
    if n == 0 || wipes_out {
        return 0;
    }
    if let Some(opposite) = &cap.opposite {
        return capture_opposite(cap, board, mover, sites[i], opposite);
    }
    let mut j = i;
    for _ in 0..n {
        board.clear(sites[j] as usize);
        j = if j == 0 { len - 1 } else { j - 1 };
    }
    board.bank(cap.captured, mover, sum);
    sum
}

/// The capture of the last hole `last` with its opposite, when the opposite holds a counter.
#[inline(always)]
fn capture_opposite<H: Holes + ?Sized>(
    cap: &Capture,
    board: &mut H,
    mover: u8,
    last: Site,
    opposite: &[Site],
) -> u32 {
    let facing = opposite.get(last as usize).copied().unwrap_or(last);
    let held = board.count(facing as usize);
    if held == 0 || facing == last {
        return 0;
    }
    let sum = board.count(last as usize) as u32 + held as u32;
    board.clear(last as usize);
    board.clear(facing as usize);
    board.bank(cap.captured, mover, sum);
    sum
}

/// Where sown captures go: counters are no one's and of no kind, so the captor's hand that
/// keeps kinds is refused.
fn captured_counters(c: &mut Compiler<'_>, node: Option<&Node>) -> CaptureTo {
    match c.capture_to(node) {
        CaptureTo::Captor => {
            if let Some(n) = node {
                c.error(
                    n,
                    "sown counters keep no kind: they cannot pass to the captor's hand as pieces",
                    "write captured:Hand, Store or Removed",
                );
            }
            CaptureTo::Store
        }
        to => to,
    }
}
