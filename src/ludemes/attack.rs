//! Attacks: whether a piece could be captured by another player's moves where it stands, read
//! backwards from its site along the ways the game's generators capture (check, in chess).

use crate::check::registry::{req, Kind::*, Ludeme, Shape::One as O};
use crate::compile::ir::{Cond, GenDef, Leaf, Site, Sites, Topology, Who, MAX_PLAYERS, NO_SITE};
use crate::compile::Compiler;
use crate::engine::{Board, Ctx, Move};
use crate::ludemes::slide::Over;
use crate::ludemes::{Arg, Gen, Lower, Ref};
use crate::syntax::Node;
use std::cell::RefCell;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// A piece of this kind of the player stands where another player could capture it with
    /// one of their moves in the position: a step onto it along a `capture:` direction, a slide
    /// with `capture:true` ending on it, or a leap with `capture:true` landing on it (whatever
    /// that move would leave behind: a pinned piece still attacks). Read in a `filter` after each
    /// move (no move leaves one's king attacked), in end rules (checkmate) and in any condition.
    name: "attacked",
    kind: Cond,
    positional: [
        /// the piece kind
        req("kind", O(Str)),
    ],
    named: [
        /// whose piece: Mover, Next, Prev, or P1 to P4
        req("of", O(Role)),
    ],
    example: "(attacked \"King\" of:Mover)",
    lower: Lower::Cond(attacked),
    refs: [Ref::Kind(Arg::Pos(0))],
}];

fn attacked(c: &mut Compiler<'_>, node: &Node) -> Cond {
    let kind = c.kind(node.pos(0)).unwrap_or(0);
    let of = c.who(node.named("of"));
    Cond::Leaf(Leaf::Attacked(Attacked { kind, of }))
}

/// `(attacked ...)`: a piece of a kind of a player could be captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attacked {
    /// The kind of the piece.
    pub kind: u8,
    /// Whose piece.
    pub of: Who,
}

impl Attacked {
    /// Whether some piece of the kind of the player stands attacked.
    pub(crate) fn holds(&self, ctx: &Ctx) -> bool {
        let p = ctx.who(self.of);
        let board = ctx.board;
        board.owned[p as usize]
            .iter_in(ctx.game.topology.words)
            .any(|s| board.cells[s as usize].kind == self.kind && site_attacked(ctx, s, p))
    }
}

/// A set of piece kinds (any of the 256 a game may declare).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Kinds([u64; 4]);

impl Kinds {
    /// Every kind.
    const ALL: Kinds = Kinds([u64::MAX; 4]);

    /// The kind alone, or every kind for none.
    fn of(kind: Option<u8>) -> Kinds {
        match kind {
            None => Kinds::ALL,
            Some(k) => {
                let mut set = Kinds::default();
                set.0[k as usize >> 6] |= 1 << (k & 63);
                set
            }
        }
    }

    /// Whether the set holds a kind.
    #[inline(always)]
    fn contains(&self, k: u8) -> bool {
        self.0[k as usize >> 6] & (1 << (k & 63)) != 0
    }

    /// Adds the kinds of another set.
    fn add(&mut self, other: Kinds) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

/// The ways a game's moves capture by replacement, read backwards from the captured site: what
/// [`site_attacked`] walks. Built once from the generators.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Attacks {
    /// For each attacking player: a direction to look back in from the site, and the kinds that
    /// capture by a step the other way.
    steps: [Vec<(u8, Kinds)>; MAX_PLAYERS],
    /// For each attacking player: a direction to look back along over empty sites, the kinds
    /// that capture by sliding the other way, and the longest such slide.
    slides: [Vec<(u8, Kinds, u16)>; MAX_PLAYERS],
    /// The leaps that capture: their generators, and the kinds that make them.
    leaps: Vec<(u16, Kinds)>,
    /// The generators whose captures are found by listing the attacker's moves (slides of an
    /// exact distance or over pieces).
    listed: Vec<u16>,
    /// For a board of one word whose directions shift site sets, and a game with slides that
    /// capture: the sites beyond each site along each direction (site times directions plus
    /// direction), so the first pieces on a line are found by a bit scan instead of a walk.
    lines: Vec<u64>,
    /// The site offset of a step along each direction, where `lines` has its lines (0: none).
    deltas: [i32; 8],
    /// For a board of one word, for each attacking player: the sites from which its steps and
    /// leaps capture on each site, by the kinds that make them (empty: looked up one by one).
    near: [Vec<(Kinds, Vec<u64>)>; MAX_PLAYERS],
}

impl Attacks {
    /// The capturing ways of the generators on a board.
    pub(crate) fn of(gens: &[GenDef], topology: &Topology) -> Attacks {
        let mut a = Attacks::default();
        for (g, def) in gens.iter().enumerate() {
            let g = g as u16;
            match &def.gen {
                Gen::Step(s) if s.captures => {
                    for (p, steps) in a.steps.iter_mut().enumerate() {
                        for &d in s.capture.of(p as u8) {
                            let Some(back) = topology.opposite(d) else {
                                a.listed.push(g);
                                continue;
                            };
                            merge(steps, back, Kinds::of(s.kind));
                        }
                    }
                }
                Gen::Slide(s) if s.captures => {
                    if s.distance.is_some() || s.over != Over::Empty {
                        a.listed.push(g);
                        continue;
                    }
                    let max = s.max.unwrap_or(u16::MAX);
                    for (p, slides) in a.slides.iter_mut().enumerate() {
                        for &d in s.dirs.of(p as u8) {
                            match topology.opposite(d) {
                                Some(back) => {
                                    let kinds = Kinds::of(s.kind);
                                    match slides.iter_mut().find(|x| x.0 == back && x.2 == max) {
                                        Some(x) => x.1.add(kinds),
                                        None => slides.push((back, kinds, max)),
                                    }
                                }
                                None => a.listed.push(g),
                            }
                        }
                    }
                }
                Gen::Leap(l) if l.captures => a.leaps.push((g, Kinds::of(l.kind))),
                _ => {}
            }
        }
        a.listed.dedup();
        a.lines(topology);
        a.near(gens, topology);
        a
    }

    /// Fills the tables of steps and leaps, for a board of one word.
    fn near(&mut self, gens: &[GenDef], topology: &Topology) {
        let sites = topology.sites();
        if topology.words != 1 || sites > 64 {
            return;
        }
        for (q, near) in self.near.iter_mut().enumerate() {
            let mut add = |kinds: Kinds, s: usize, t: Site| {
                if t == NO_SITE || t >= 64 {
                    return;
                }
                let at = match near.iter().position(|x| x.0 == kinds) {
                    Some(i) => i,
                    None => {
                        near.push((kinds, vec![0; sites]));
                        near.len() - 1
                    }
                };
                near[at].1[s] |= 1 << t;
            };
            for (back, kinds) in &self.steps[q] {
                for s in 0..sites {
                    add(*kinds, s, topology.neighbour(s as Site, *back));
                }
            }
            for (g, kinds) in &self.leaps {
                if let Some(Gen::Leap(l)) = gens.get(*g as usize).map(|d| &d.gen) {
                    for s in 0..sites {
                        for &t in l.sources[q].of_site(s as Site) {
                            add(*kinds, s, t);
                        }
                    }
                }
            }
        }
    }

    /// Fills the line tables, for a board of one word whose directions shift and slides that
    /// capture.
    fn lines(&mut self, topology: &Topology) {
        let (Some(steps), false) = (&topology.steps, self.slides.iter().all(Vec::is_empty)) else {
            return;
        };
        let dirs = topology.directions.len();
        if dirs > steps.len() || topology.words != 1 || topology.sites() > 64 {
            return;
        }
        for s in 0..topology.sites() as Site {
            for d in 0..dirs as u8 {
                let mut line = 0u64;
                let mut t = topology.neighbour(s, d);
                while t != NO_SITE && t < 64 && line & (1 << t) == 0 {
                    line |= 1 << t;
                    t = topology.neighbour(t, d);
                }
                self.lines.push(line);
            }
        }
        for (d, (delta, _)) in steps.iter().enumerate().take(dirs) {
            // Distances are read off site numbers: only where each step adds the offset.
            let shifts = (0..topology.sites() as Site).all(|s| {
                let t = topology.neighbour(s, d as u8);
                t == NO_SITE || i32::from(t) == i32::from(s) + delta
            });
            self.deltas[d] = if shifts { *delta } else { 0 };
        }
    }

    /// The first and second filled sites (of `filled`) from `s` along direction `d`, each
    /// within `max` sites ([`NO_SITE`] for none): by the line tables, or a walk.
    #[inline(always)]
    fn blockers(
        &self,
        topology: &Topology,
        s: Site,
        d: u8,
        filled: &Sites,
        max: u16,
    ) -> (Site, Site) {
        let delta = self.deltas.get(d as usize).copied().unwrap_or(0);
        let line = self
            .lines
            .get(s as usize * topology.directions.len() + d as usize);
        if let (Some(line), false) = (line, delta == 0) {
            let mut on = line & filled.0[0];
            let mut next = || {
                if on == 0 {
                    return NO_SITE;
                }
                let t = if delta > 0 {
                    on.trailing_zeros()
                } else {
                    63 - on.leading_zeros()
                };
                on &= !(1 << t);
                let t = t as Site;
                let within =
                    max == u16::MAX || (i32::from(t) - i32::from(s)) / delta <= i32::from(max);
                if within {
                    t
                } else {
                    NO_SITE
                }
            };
            let first = next();
            return (first, if first == NO_SITE { NO_SITE } else { next() });
        }
        let mut found = [NO_SITE; 2];
        let mut k = 0;
        let (mut t, mut gone) = (topology.neighbour(s, d), 1u16);
        while t != NO_SITE && gone <= max && k < 2 {
            if filled.contains(t) {
                found[k] = t;
                k += 1;
            }
            t = topology.neighbour(t, d);
            gone += 1;
        }
        (found[0], found[1])
    }
}

/// Adds kinds to the entry of a direction, or a new entry.
fn merge(list: &mut Vec<(u8, Kinds)>, dir: u8, kinds: Kinds) {
    match list.iter_mut().find(|x| x.0 == dir) {
        Some(x) => x.1.add(kinds),
        None => list.push((dir, kinds)),
    }
}

thread_local! {
    /// The moves listed by the attacks that are found by listing.
    static LISTED: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
}

/// Whether another player than `victim` could capture a piece on site `s` by replacement.
pub(crate) fn site_attacked(ctx: &Ctx, s: Site, victim: u8) -> bool {
    attacked_on(ctx, s, victim, &ctx.board.filled, NO_SITE)
}

/// [`site_attacked`] on the board with the sites `filled` filled instead (the pieces where
/// they stand otherwise) and the piece on `taken` ([`NO_SITE`]: none) taken off.
#[inline]
fn attacked_on(ctx: &Ctx, s: Site, victim: u8, filled: &Sites, taken: Site) -> bool {
    let game = ctx.game;
    let a = &game.attacks;
    let board = ctx.board;
    let topology = &game.topology;
    for q in 0..game.players {
        if q == victim {
            continue;
        }
        let by = attacker(board, q, taken);
        for (back, kinds, max) in &a.slides[q as usize] {
            if by(a.blockers(topology, s, *back, filled, *max).0, kinds) {
                return true;
            }
        }
        if near(ctx, s, q, taken) {
            return true;
        }
        if !a.listed.is_empty() && listed_attack(ctx, s, q) {
            return true;
        }
    }
    false
}

/// Whether a piece of player `q` of one of `kinds` stands on a site (not `taken`, which is taken
/// off): whether it attacks from there.
fn attacker(board: &Board, q: u8, taken: Site) -> impl Fn(Site, &Kinds) -> bool + '_ {
    let theirs = &board.owned[q as usize & (MAX_PLAYERS - 1)];
    move |t: Site, kinds: &Kinds| {
        t != NO_SITE
            && t != taken
            && theirs.contains(t)
            && kinds.contains(board.cells[t as usize].kind)
    }
}

/// Whether player `q` could capture a piece on `s` by a step or a leap, the piece on `taken`
/// ([`NO_SITE`]: none) taken off: [`site_attacked`] without the slides.
#[inline]
fn near(ctx: &Ctx, s: Site, q: u8, taken: Site) -> bool {
    let (game, board) = (ctx.game, ctx.board);
    let near = &game.attacks.near[q as usize & (MAX_PLAYERS - 1)];
    if !near.is_empty() {
        let gone = if taken < 64 { 1u64 << taken } else { 0 };
        let theirs = board.owned[q as usize & (MAX_PLAYERS - 1)].0[0] & !gone;
        for (kinds, from) in near {
            let mut by = from.get(s as usize).copied().unwrap_or(0) & theirs;
            while by != 0 {
                let t = by.trailing_zeros() as usize;
                if kinds.contains(board.cells[t].kind) {
                    return true;
                }
                by &= by - 1;
            }
        }
        return false;
    }
    let by = attacker(board, q, taken);
    for (back, kinds) in &game.attacks.steps[q as usize] {
        if by(game.topology.neighbour(s, *back), kinds) {
            return true;
        }
    }
    for (g, kinds) in &game.attacks.leaps {
        if let Some(Gen::Leap(l)) = game.gens.get(*g as usize).map(|d| &d.gen) {
            let sources = &l.sources[q as usize & (MAX_PLAYERS - 1)];
            if sources.of_site(s).iter().any(|&t| by(t, kinds)) {
                return true;
            }
        }
    }
    false
}

/// Whether one of player `q`'s moves of the listed generators lands on `s`.
#[inline(never)]
fn listed_attack(ctx: &Ctx, s: Site, q: u8) -> bool {
    let as_q = Ctx::after(ctx.game, ctx.clock, ctx.board, q);
    let run = |out: &mut Vec<Move>| {
        ctx.game.attacks.listed.iter().any(|&g| {
            out.clear();
            ctx.game.gens[g as usize].gen.generate(&as_q, g, out);
            out.iter().any(|m| m.to == s)
        })
    };
    LISTED.with(|b| match b.try_borrow_mut() {
        Ok(mut out) => run(&mut out),
        Err(_) => run(&mut Vec::new()),
    })
}

/// What a node tells of a filter that keeps the mover's one piece of a kind unattacked (`(filter
/// (not (attacked K of:Mover)) ...)`, chess's legality): where that piece stands, not attacked,
/// and the mover's pieces that stand between it and an opposing slider along the slider's line
/// (pinned). A move by replacement (step, slide or leap) of any other piece, not pinned, keeps it
/// unattacked: it empties its origin and fills its target, so only a line through its origin
/// can open, and then its origin was pinned. Such a move passes the filter without a trial.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Guard {
    /// The guarded piece's site.
    pub(crate) piece: Site,
    /// The guarded kind.
    pub(crate) kind: u8,
    /// The mover's pieces pinned to it.
    pub(crate) pinned: Sites,
}

impl Guard {
    /// The guard of the node `ctx` for kind `kind`: `None` where every move must be tried (the
    /// mover has not exactly one piece of the kind, it is attacked, or some attacks are found
    /// by listing moves).
    pub(crate) fn at(ctx: &Ctx, kind: u8) -> Option<Guard> {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        if !game.attacks.listed.is_empty() {
            return None;
        }
        let words = game.topology.words;
        let mut of_kind = board.owned[mover as usize]
            .iter_in(words)
            .filter(|&s| board.cells[s as usize].kind == kind);
        let (Some(piece), None) = (of_kind.next(), of_kind.next()) else {
            return None;
        };
        Guard::of_piece(ctx, kind, piece)
    }

    /// [`Guard::at`] where the mover's one piece of kind `kind` is known to stand on `piece`.
    pub(crate) fn of_piece(ctx: &Ctx, kind: u8, piece: Site) -> Option<Guard> {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        if !game.attacks.listed.is_empty() {
            return None;
        }
        let topology = &game.topology;
        let mine = &board.owned[mover as usize];
        let mut pinned = Sites::default();
        for q in (0..game.players).filter(|&q| q != mover) {
            let theirs = &board.owned[q as usize];
            let by = |t: Site, kinds: &Kinds| {
                theirs.contains(t) && kinds.contains(board.cells[t as usize].kind)
            };
            // The slides: the first piece along each line, then the next beyond it, within the
            // slide. An opposing slider first attacks the piece; one beyond a piece of the
            // mover's pins that piece.
            for (back, kinds, max) in &game.attacks.slides[q as usize] {
                let (first, second) =
                    game.attacks
                        .blockers(topology, piece, *back, &board.filled, *max);
                if first == NO_SITE {
                    continue;
                }
                if !mine.contains(first) {
                    if by(first, kinds) {
                        return None;
                    }
                } else if second != NO_SITE && by(second, kinds) {
                    pinned.insert(first);
                }
            }
            if near(ctx, piece, q, NO_SITE) {
                return None;
            }
        }
        Some(Guard {
            piece,
            kind,
            pinned,
        })
    }

    /// Whether move `m`, of the guarded piece itself by replacement, leaves it unattacked:
    /// looked at from its target on the board after the move, without playing it. `None` for
    /// any other move.
    #[inline]
    pub(crate) fn moved_safe(&self, ctx: &Ctx, m: Move) -> Option<bool> {
        if m.from != self.piece || m.promotion().is_some() {
            return None;
        }
        let def = ctx.game.gens.get(m.gen as usize)?;
        if !replaces_only(def) {
            return None;
        }
        let mut filled = ctx.board.filled;
        filled.remove(m.from);
        filled.insert(m.to);
        match &def.gen {
            Gen::Step(_) if m.dir().is_none() => {}
            Gen::Slide(_) | Gen::Leap(_) => {}
            Gen::Castle(_) => {
                // The partner, the first piece beyond the target, goes to the site the piece
                // passed (as `Castle::apply` plays it): both the mover's, so only the board's
                // filled sites change for the look from the target.
                let topology = &ctx.game.topology;
                let d = m.dir()?;
                let mut partner = topology.neighbour(m.to, d);
                while partner != NO_SITE && !ctx.board.filled.contains(partner) {
                    partner = topology.neighbour(partner, d);
                }
                let passed = topology.neighbour(m.from, d);
                if partner == NO_SITE || passed == NO_SITE || passed == m.to {
                    return None;
                }
                filled.remove(partner);
                filled.insert(passed);
                return Some(!attacked_on(ctx, m.to, ctx.mover, &filled, NO_SITE));
            }
            _ => return None,
        }
        Some(!attacked_on(ctx, m.to, ctx.mover, &filled, m.to))
    }

    /// Whether move `m` keeps the guarded piece unattacked without a trial; `false` when it
    /// must be tried.
    #[inline]
    pub(crate) fn clears(&self, ctx: &Ctx, m: Move) -> bool {
        let Some(def) = ctx.game.gens.get(m.gen as usize) else {
            return false;
        };
        let by_replacement = match &def.gen {
            // A step that takes in passing is marked by its direction: it empties a third site.
            Gen::Step(_) => m.dir().is_none(),
            Gen::Slide(_) | Gen::Leap(_) => true,
            _ => false,
        };
        by_replacement
            && replaces_only(def)
            && m.promotion() != Some(self.kind)
            && m.from != self.piece
            && !self.pinned.contains(m.from)
    }
}

/// The kind a filter's condition keeps unattacked, when it is exactly `(not (attacked K
/// of:Mover))`.
pub(crate) fn guarded(cond: &Cond) -> Option<u8> {
    match cond {
        Cond::Not(inner) => match inner.as_ref() {
            Cond::Leaf(Leaf::Attacked(Attacked {
                kind,
                of: Who::Mover,
            })) => Some(*kind),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a generator's moves do nothing but their own (no `remove:`, no effect after them
/// that may change a piece's kind): what a guard asks of a move it passes without a trial.
pub(crate) fn replaces_only(def: &GenDef) -> bool {
    def.remove.is_none() && !promotes(&def.then)
}

/// Whether effects may change a piece's kind (and so make another piece of a guarded kind).
fn promotes(effects: &[crate::compile::ir::Effect]) -> bool {
    use crate::compile::ir::Effect;
    effects.iter().any(|e| match e {
        // A conversion makes an opposing piece the mover's, of whatever kind.
        Effect::Promote(_) | Effect::Convert(_) => true,
        Effect::If(_, a, b) | Effect::IfLanded(_, a, b) => promotes(a) || promotes(b),
        _ => false,
    })
}
