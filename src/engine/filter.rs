//! A filter's trial on a node's bare counts: where only whether a move passes is wanted (perft's
//! count, the move listing), a sowing whose filter reads only regions' counts is played on one
//! `u16` a site instead of a copy of the board, or not played at all where the node's counts
//! already give the answer.

use super::ctx::Ctx;
use super::moves::Move;
use super::rules::try_on;
use super::state::Board;
use crate::compile::choice::within_range;
use crate::compile::ir::*;
use crate::engine::Game;
use crate::ludemes::Guard;
use crate::ludemes::Sow;

/// The most sites (stores included) a board may have for its sowings to be tried on the counts.
const LANE: usize = 64;

/// The counts of a board's sites, one `u16` each.
#[derive(Debug, Clone, Copy)]
struct Lane([u16; LANE]);

impl Default for Lane {
    fn default() -> Lane {
        Lane([0; LANE])
    }
}

/// A node's counts, taken once for the trials of its moves, and a copy each trial sows on.
#[derive(Debug, Clone)]
pub(crate) struct Counts {
    node: Lane,
    work: Lane,
    taken: bool,
    /// The filter and generator last asked about at this node, and whether their trial reads
    /// only counts.
    asked: (u16, u16, bool),
    /// The answer the node's counts give for the filter and generator last asked about, for
    /// every move but those from one site ([`NO_SITE`]: for every move).
    known: Option<(bool, Site)>,
    /// The filter a guard was last read for at this node, and the guard (`None`: every move is
    /// tried).
    guard: Option<(u16, Option<Guard>)>,
}

impl Default for Counts {
    fn default() -> Counts {
        Counts {
            node: Lane::default(),
            work: Lane::default(),
            taken: false,
            asked: (u16::MAX, u16::MAX, false),
            known: None,
            guard: None,
        }
    }
}

impl Counts {
    /// Takes the node's counts from its board, once a node.
    #[inline]
    fn take(&mut self, board: &Board) {
        if !self.taken {
            self.node = Lane::default();
            for (n, c) in self.node.0.iter_mut().zip(&board.cells) {
                *n = c.count;
            }
            self.taken = true;
        }
    }

    /// Reads the guard of filter `filter` (kind `kind`) at this node, once a node.
    #[inline]
    fn read_guard(&mut self, ctx: &Ctx, filter: u16, kind: u8) {
        if self.guard.as_ref().map(|(f, _)| *f) != Some(filter) {
            self.guard = Some((filter, Guard::at(ctx, kind)));
        }
    }

    /// Sets the guard of filter `filter` at this node, found by the caller.
    pub(crate) fn set_guard(&mut self, filter: u16, guard: Option<Guard>) {
        self.guard = Some((filter, guard));
    }

    /// Forgets the node's counts: the next trial is at another node, perhaps of another game.
    #[inline]
    pub(crate) fn forget(&mut self) {
        self.taken = false;
        self.asked = (u16::MAX, u16::MAX, false);
        self.known = None;
        self.guard = None;
    }
}

/// Whether move `m` passes filter `filter`, where only the answer is wanted (perft's count, the
/// move listing): a sowing whose filter reads only regions' counts is played on the node's bare
/// counts (`counts`), with no board copied and no occupancy or key kept; any other move is tried
/// on `board` as [`try_on`] tries it.
pub(crate) fn passes_counted(
    ctx: &Ctx,
    filter: u16,
    m: Move,
    counts: &mut Counts,
    board: &mut Board,
) -> bool {
    let game = ctx.game;
    // A filter that keeps one piece unattacked passes most moves without a trial.
    if let Some(Some(kind)) = game.guards.get(filter as usize) {
        // Read in place: a guard holds a site set, too big to copy for every move.
        counts.read_guard(ctx, filter, *kind);
        if let Some((_, Some(g))) = &counts.guard {
            if g.clears(ctx, m) {
                return true;
            }
        }
    }
    if (counts.asked.0, counts.asked.1) != (filter, m.gen) {
        let suffice = counts_suffice(game, filter, m.gen, ctx.board);
        counts.asked = (filter, m.gen, suffice);
        counts.known = None;
        if suffice {
            counts.take(ctx.board);
            counts.known = known_answer(ctx, filter, m.gen, &counts.node.0);
        }
    }
    let sowing = match game
        .gens
        .get(m.gen as usize)
        .and_then(|def| sowing(&def.gen))
    {
        Some(sowing) if counts.asked.2 => sowing,
        _ => return try_on(ctx, filter, m, board).is_some(),
    };
    if m.from as usize >= ctx.board.cells.len() {
        return try_on(ctx, filter, m, board).is_some();
    }
    match counts.known {
        Some((answer, except)) if m.from != except => return answer,
        _ => {}
    }
    counts.take(ctx.board);
    counts.work = counts.node;
    let work = &mut counts.work.0[..];
    match sowing {
        (sow, false) => sow.sow_counts::<false>(game, ctx.mover, work, m),
        (sow, true) => sow.sow_counts::<true>(game, ctx.mover, work, m),
    }
    let sites = |r: RegionRef| {
        ctx.sites(r)
            .iter()
            .map(|&s| work.get(s as usize).copied().unwrap_or(0))
    };
    let holds = game.filters[filter as usize].run(|test| match test {
        Test::Leaf(Leaf::Filled(r)) => sites(*r).any(|c| c > 0),
        Test::Leaf(Leaf::Empty(r)) => sites(*r).all(|c| c == 0),
        Test::Within(IntExpr::CountIn(r), lo, hi) => {
            within_range(sites(*r).map(i64::from).sum(), *lo, *hi)
        }
        _ => false,
    });
    holds.is_some()
}

/// Whether generator `gen`'s moves can be tried against filter `filter` on the counts alone: a
/// plain sowing (no `then`, no `remove:`) on a board that fits a lane, and a filter whose every
/// test reads only regions' counts.
fn counts_suffice(game: &Game, filter: u16, gen: u16, board: &Board) -> bool {
    let (Some(def), Some(cond)) = (
        game.gens.get(gen as usize),
        game.filters.get(filter as usize),
    ) else {
        return false;
    };
    let Some((sow, _)) = sowing(&def.gen) else {
        return false;
    };
    def.then.is_empty()
        && def.remove.is_none()
        && board.cells.len() <= LANE
        && sow.first_store as usize + MAX_PLAYERS <= LANE
        && cond.steps.iter().all(|step| reads_counts(&step.test))
}

/// Whether a filter's test reads only the counts of regions' sites.
fn reads_counts(test: &Test) -> bool {
    matches!(
        test,
        Test::Leaf(Leaf::Filled(_) | Leaf::Empty(_)) | Test::Within(IntExpr::CountIn(_), ..)
    )
}

/// The answer of filter `filter` after any move of generator `gen` (a sowing) that the node's
/// counts give, with the one origin it may not hold for ([`NO_SITE`]: none): when the filter's
/// one test asks whether a region holds counters, and a site of the region holds more counters
/// than any count its capture takes, that site is still filled after the sowing, unless the
/// sowing starts from it. A sowing only adds counters elsewhere, and the capture (not the
/// opposite one, which takes a hole whatever it holds) cannot take it.
fn known_answer(ctx: &Ctx, filter: u16, gen: u16, node: &[u16]) -> Option<(bool, Site)> {
    let game = ctx.game;
    let cond = game.filters.get(filter as usize)?;
    let (sow, _) = sowing(&game.gens.get(gen as usize)?.gen)?;
    let [step] = &cond.steps[..] else {
        return None;
    };
    let (Test::Leaf(Leaf::Filled(region)) | Test::Leaf(Leaf::Empty(region))) = &step.test else {
        return None;
    };
    let least = surely_kept(sow)?;
    let mut kept = ctx
        .sites(*region)
        .iter()
        .filter(|&&s| node.get(s as usize).is_some_and(|&c| c >= least));
    let first = *kept.next()?;
    let except = if kept.next().is_some() {
        NO_SITE
    } else {
        first
    };
    let filled = matches!(step.test, Test::Leaf(Leaf::Filled(_)));
    Some((cond.run(|_| filled).is_some(), except))
}

/// The least count a hole must hold to be filled still after any sowing of `sow` that does not
/// start from it: more than any count its capture takes (`None` for the opposite capture, which
/// takes a hole whatever it holds).
#[inline]
pub(super) fn surely_kept(sow: &Sow) -> Option<u16> {
    match &sow.capture {
        // A relay lifts holes on its way, whatever they hold.
        _ if sow.relay => None,
        None => Some(1),
        Some(cap) if cap.opposite.is_some() => None,
        Some(cap) => Some((64 - cap.counts.leading_zeros()).max(1) as u16),
    }
}

/// A generator's sowing, and whether its track passes through the stores; `None` for any other
/// family.
#[inline(always)]
pub(super) fn sowing(gen: &Gen) -> Option<(&Sow, bool)> {
    match gen {
        Gen::Sow(sow) => Some((sow, false)),
        Gen::SowStores(sow) => Some((&sow.0, true)),
        _ => None,
    }
}
