//! The opening of a sowing game in the loop: the edges while a plan's conditions on the clock
//! may still hold, whose draws may offer transfers (every counter of one hole into another) as
//! well as sowings. They are drawn as the general draw draws a plan of a counted family and a
//! listed one, so a seed plays the same game.

use super::pits::{Count, Pits, LANE};
use super::program::{env_of, last_word, Env, Program};
use super::{draw, nth_bit, sow, Op, SowingKernel};
use crate::compile::ir::*;
use crate::engine::ctx::Effects;
use crate::engine::moves::Move;
use crate::engine::sample::index_below;
use crate::engine::state::Clock;
use crate::engine::Game;
use crate::ludemes::Holes;
use crate::ludemes::Transfer;
use rand::Rng;

/// The step of generator `gen`'s moves, listed, with filter `tag`: a transfer the loop plays
/// (nothing after it, a count of the origin that is a number, if any), else [`Op::Other`].
pub(super) fn transfer(game: &Game, gen: u16, tag: u16) -> Op {
    // Every field named, so that a new one fails to compile until the loop decides it.
    let Some(GenDef {
        gen: generator,
        then,
        remove,
    }) = game.gens.get(gen as usize)
    else {
        return Op::Other;
    };
    let Gen::Transfer(Transfer { from, to, count }) = generator else {
        return Op::Other;
    };
    let count = match count {
        None => None,
        Some(IntExpr::Lit(n)) => Some(*n),
        Some(_) => return Op::Other,
    };
    // Regions that hold each site once, so that their sets count their transfers.
    let once = |r: RegionRef| {
        game.regions.get(r.0 as usize).is_some_and(|r| {
            (r.sites.iter().zip(&r.mask)).all(|(s, m)| m.0[0].count_ones() as usize == s.len())
        })
    };
    if !then.is_empty() || remove.is_some() || !once(*from) || !once(*to) {
        return Op::Other;
    }
    Op::Transfer {
        gen,
        filter: game.filters.get(tag as usize).map(|c| Program::of(game, c)),
        from: *from,
        to: *to,
        count,
    }
}

/// Whether every path through an opening plan is made of known steps and reaches at most one
/// sowing and one transfer (so that the draw's moves are one counted set and one list).
pub(super) fn one_of_each_a_path(plan: &[Op]) -> bool {
    // (step, sowings met, transfers met); jumps go forward only, so this ends.
    let mut stack = vec![(0usize, false, false)];
    while let Some((pc, sown, moved)) = stack.pop() {
        match plan.get(pc) {
            None => {}
            Some(Op::Sow { .. }) if sown => return false,
            Some(Op::Sow { .. }) => stack.push((pc + 1, true, moved)),
            Some(Op::Transfer { .. }) if moved => return false,
            Some(Op::Transfer { .. }) => stack.push((pc + 1, sown, true)),
            Some(Op::Other) => return false,
            Some(Op::Unless(_, at)) => {
                stack.push((pc + 1, sown, moved));
                stack.push((*at as usize, sown, moved));
            }
            Some(Op::Jump(at)) => stack.push((*at as usize, sown, moved)),
        }
    }
    true
}

/// Plays move `m` of the opening plans by `mover` on `pits`: a transfer, or a sowing.
#[inline(always)]
pub(super) fn play<C: Count>(
    game: &Game,
    k: &SowingKernel,
    mover: u8,
    pits: &mut Pits<C>,
    m: Move,
) -> Effects {
    match game.gens.get(m.gen as usize).map(|d| &d.gen) {
        Some(Gen::Transfer(_)) => {
            pits.sown = 0;
            let c = pits.at(m.from as usize);
            pits.clear(m.from as usize);
            pits.add(m.to as usize, c);
            Effects::default()
        }
        _ => sow(game, k, mover, pits, m),
    }
}

/// The random legal move of an opening plan on `pits`, drawn as the general draw draws a plan
/// of a counted family and a listed one: a number below the sowings' candidates and the
/// transfers together; a sowing's candidate that fails its filter leaves the set, a transfer
/// that fails it leaves the list (swapped with its last), and the draw is made again.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn opening_draw<C: Count>(
    game: &Game,
    k: &SowingKernel,
    plan: &[Op],
    pits: &Pits<C>,
    work: &mut Pits<C>,
    clock: &Clock,
    mover: u8,
    rng: &mut impl Rng,
) -> Option<(Move, Option<Effects>)> {
    let (sowing, listed) = reached(
        plan,
        env_of(game, pits, clock, mover, last_word(game, clock)),
    );
    let Some(Op::Transfer {
        gen: moved,
        filter: kept,
        ..
    }) = listed
    else {
        // No transfer: the draw of the sowing alone.
        return sowing.and_then(|op| draw(game, k, Some(op), pits, work, clock, mover, rng));
    };
    // Counted here, listed only when one fails its filter (the list's order then changes as
    // the general draw changes it).
    let transfers = Transfers::of(game, listed, pits, mover);
    let mut n = transfers.n;
    let mut list: Option<[(Site, Site); LANE * LANE]> = None;
    let (gen, filter, mut set) = match sowing {
        Some(Op::Sow {
            gen, filter, from, ..
        }) => (*gen, filter.as_ref(), from & pits.filled),
        _ => (0, None, 0),
    };
    // A move's trial against its filter on `work`: its effects if it passes.
    let trial = |m: Move, cond: &Program, work: &mut Pits<C>| {
        *work = *pits;
        let fx = play(game, k, mover, work, m);
        cond.passes(game, work, clock, mover, m, fx).then_some(fx)
    };
    loop {
        let counted = set.count_ones() as usize;
        if counted + n == 0 {
            return None;
        }
        let r = index_below(rng, counted + n);
        if r < counted {
            let site = nth_bit(set, r);
            let m = Move::new(gen, site, site);
            let Some(cond) = filter else {
                return Some((m, None));
            };
            if let Some(fx) = trial(m, cond, work) {
                return Some((m, Some(fx)));
            }
            set &= !(1 << site);
            continue;
        }
        let i = r - counted;
        let (f, t) = match &list {
            Some(list) => list[i],
            None => transfers.nth(i),
        };
        let m = Move::new(*moved, f, t);
        let Some(cond) = kept else {
            return Some((m, None));
        };
        if let Some(fx) = trial(m, cond, work) {
            return Some((m, Some(fx)));
        }
        let list = list.get_or_insert_with(|| std::array::from_fn(|i| transfers.nth(i)));
        list[i] = list[n - 1];
        n -= 1;
    }
}

/// The sowing step and the transfer step of an opening plan that its conditions on `env` reach.
#[inline(always)]
pub(super) fn reached<'a, C: Count>(
    plan: &'a [Op],
    env: Env<C>,
) -> (Option<&'a Op>, Option<&'a Op>) {
    let (mut sowing, mut listed) = (None, None);
    let mut pc = 0;
    while let Some(op) = plan.get(pc) {
        pc += 1;
        match op {
            Op::Sow { .. } => sowing = Some(op),
            Op::Transfer { .. } => listed = Some(op),
            Op::Unless(c, at) if env.run(c).is_none() => pc = *at as usize,
            Op::Jump(at) => pc = *at as usize,
            _ => {}
        }
    }
    (sowing, listed)
}

/// A transfer step's moves on some counts, as the general draw lists them: by origin in the
/// order of `from`'s sites, each to the sites of `to` in order but itself.
pub(super) struct Transfers<'a> {
    origins: &'a [Site],
    targets: &'a [Site],
    /// The origins that hold the step's count, and the sites of `to`.
    emptied: u64,
    into: u64,
    /// How many transfers there are.
    pub(super) n: usize,
}

impl<'a> Transfers<'a> {
    /// The moves of the transfer step `op` (none if it is not one) by `mover` on `pits`.
    #[inline(always)]
    pub(super) fn of<C: Count>(
        game: &'a Game,
        op: Option<&Op>,
        pits: &Pits<C>,
        mover: u8,
    ) -> Transfers<'a> {
        let Some(&Op::Transfer {
            from, to, count, ..
        }) = op
        else {
            return Transfers {
                origins: &[],
                targets: &[],
                emptied: 0,
                into: 0,
                n: 0,
            };
        };
        let p = mover as usize & (MAX_PLAYERS - 1);
        let (origins, targets) = (
            &game.regions[from.0 as usize].sites[p][..],
            &game.regions[to.0 as usize].sites[p][..],
        );
        let into = game.regions[to.0 as usize].mask[p].0[0];
        // The origins holding counters, or the step's count: read on the lanes as one word
        // (`from` holds each site once).
        let held = match count {
            None => !pits.holding_exactly(C::default()),
            Some(w) => (u16::try_from(w).ok().filter(|&w| w > 0))
                .map(C::of)
                .filter(|&c| i64::from(c.into()) == w)
                .map_or(0, |c| pits.holding_exactly(c)),
        };
        let emptied = held & game.regions[from.0 as usize].mask[p].0[0];
        // Each origin's transfers go to every target but itself.
        let n =
            emptied.count_ones() as usize * targets.len() - (emptied & into).count_ones() as usize;
        Transfers {
            origins,
            targets,
            emptied,
            into,
            n,
        }
    }

    /// The `i`-th transfer (below `n`): its origin and target.
    #[inline(always)]
    pub(super) fn nth(&self, i: usize) -> (Site, Site) {
        nth_transfer(self.origins, self.targets, self.emptied, self.into, i)
    }

    /// Calls `f` with each transfer's origin and target, in the order of [`Transfers::nth`].
    #[inline(always)]
    pub(super) fn each(&self, mut f: impl FnMut(Site, Site)) {
        for &o in self.origins.iter().filter(|&&o| self.emptied >> o & 1 != 0) {
            for &t in self.targets.iter().filter(|&&t| t != o) {
                f(o, t);
            }
        }
    }
}

/// The `i`-th transfer as the general draw lists them, from the sites of `emptied` (in the
/// order of `origins`) to the sites of `targets` but the origin (`into` their set).
#[inline(always)]
fn nth_transfer(
    origins: &[Site],
    targets: &[Site],
    emptied: u64,
    into: u64,
    mut i: usize,
) -> (Site, Site) {
    for &f in origins.iter().filter(|&&f| emptied >> f & 1 != 0) {
        let per = targets.len() - (into >> f & 1) as usize;
        if i < per {
            let t = targets.iter().filter(|&&t| t != f).nth(i);
            return (f, t.copied().unwrap_or(f));
        }
        i -= per;
    }
    (0, 0)
}
