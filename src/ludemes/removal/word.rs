//! Mills on a board of one word: a line through a site as a few windows of sites, each tested
//! against a player's pieces with two word operations, so that a removal finds the moves that
//! make a mill, and the pieces that `prefer:` picks, without walking the board or trying a move.

use super::{lands_alone, Removal};
use crate::board::topology::Topology;
use crate::compile::ir::{Site, NO_SITE};
use crate::engine::{Cell, Ctx, Move};
use crate::ludemes::lines::Line;
use crate::ludemes::Gen;

/// A line test through a site as windows: for each site, every run of the line's length
/// through it along one of its axes (the site, some sites one way, the rest the other way).
/// A line of `length` or more runs through the site exactly when one window holds only the
/// owner's pieces; with `exact`, a window's guard (the sites just past its two ends) holds none
/// of them too. The walks are those of `lines::run`, from the site along a direction `d` and its
/// opposite `d + 4`.
#[derive(Debug, Clone, PartialEq)]
pub struct Windows {
    /// Where each site's windows start and end in `sets`.
    spans: Box<[(u32, u32)]>,
    /// Each window as (its sites, its guard).
    sets: Box<[(u64, u64)]>,
    /// Per site, the sites of its windows but itself: a player with fewer than `length - 1`
    /// pieces there has no line through the site.
    near: Box<[u64]>,
    /// The line's length less one.
    least: u32,
}

impl Windows {
    /// The windows of line `l` on a board of one word; `None` on a larger board, or where a
    /// walk along an axis comes back to a site it passed (the walk would count it twice).
    pub(super) fn of(t: &Topology, l: &Line) -> Option<Windows> {
        if t.words != 1 || t.sites() > 64 {
            return None;
        }
        let length = usize::from(l.length);
        let (mut spans, mut sets, mut near) = (Vec::new(), Vec::new(), Vec::new());
        for s in 0..t.sites() as Site {
            let first = u32::try_from(sets.len()).ok()?;
            for d in (0..4u8).filter(|d| l.axes & (1 << d) != 0) {
                for back in 0..length {
                    let (Some(behind), Some(ahead)) =
                        (walk(t, s, d + 4, back), walk(t, s, d, length - 1 - back))
                    else {
                        continue;
                    };
                    let window = behind.0 | ahead.0 | 1 << s;
                    let guard = if l.exact { behind.1 | ahead.1 } else { 0 };
                    if window.count_ones() as usize != length || window & guard != 0 {
                        return None;
                    }
                    sets.push((window, guard));
                }
            }
            let last = u32::try_from(sets.len()).ok()?;
            let mine = sets.get(first as usize..).unwrap_or_default();
            near.push(mine.iter().fold(0, |acc, (w, _)| acc | w) & !(1 << s));
            spans.push((first, last));
        }
        Some(Windows {
            spans: spans.into(),
            sets: sets.into(),
            near: near.into(),
            least: u32::from(l.length) - 1,
        })
    }

    /// Whether a line of `mine` (a set of sites as a word) may run through `s`: false when
    /// too few of them are near it, read with one count.
    #[inline(always)]
    fn may(&self, mine: u64, s: Site) -> bool {
        self.near
            .get(s as usize)
            .is_some_and(|near| (mine & near).count_ones() >= self.least)
    }

    /// Whether a line of `mine` (a set of sites as a word) runs through `s`.
    #[inline(always)]
    pub(super) fn holds(&self, mine: u64, s: Site) -> bool {
        if !self.may(mine, s) {
            return false;
        }
        let Some(&(a, b)) = self.spans.get(s as usize) else {
            return false;
        };
        self.sets
            .get(a as usize..b as usize)
            .is_some_and(|w| w.iter().any(|&(w, g)| mine & w == w && mine & g == 0))
    }
}

/// The first `n` sites from `s` along `dir` as a word, and the next one's bit (0 past the
/// board); `None` if the board ends before `n` sites.
fn walk(t: &Topology, mut s: Site, dir: u8, n: usize) -> Option<(u64, u64)> {
    let mut sites = 0u64;
    for _ in 0..n {
        s = t.neighbour(s, dir);
        if s == NO_SITE {
            return None;
        }
        sites |= 1 << s;
    }
    let next = t.neighbour(s, dir);
    Some((sites, if next == NO_SITE { 0 } else { 1 << next }))
}

/// A removal whose `when:` is a mill and whose `prefer:` is absent or a line (or its negation),
/// on a board of one word: the windows of both lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Mills {
    /// The mill's windows.
    mill: Windows,
    /// `prefer:`'s windows and whether its line must hold; `None` when there is no `prefer:`.
    prefer: Option<(Windows, bool)>,
}

impl Mills {
    /// The mills of a removal on this board, if it is of that shape.
    pub(super) fn of(t: &Topology, r: &Removal) -> Option<Mills> {
        let mill = Windows::of(t, r.mill.as_ref()?)?;
        let prefer = match (&r.prefer, &r.prefer_line) {
            (None, _) => None,
            (Some(_), Some((l, wanted))) => Some((Windows::of(t, l)?, *wanted)),
            (Some(_), None) => return None,
        };
        Some(Mills { mill, prefer })
    }

    /// [`Removal::expand`] for a generator whose moves change the owners of their origin and
    /// landing alone: each move tested in place, and those that make a mill replaced by one
    /// move per piece they may take. `false`, with nothing done, for another generator.
    #[inline(always)]
    pub(super) fn expand(
        &self,
        r: &Removal,
        ctx: &Ctx,
        gen: &Gen,
        start: usize,
        out: &mut Vec<Move>,
    ) -> bool {
        let (Some(l), true) = (&r.mill, lands_alone(gen)) else {
            return false;
        };
        let owner = ctx.who(l.who);
        let on = Landing {
            placed: match gen {
                Gen::Place(p) => Some(if p.count > 0 { ctx.mover + 1 } else { 0 }),
                _ => None,
            },
            cells: &ctx.board.cells,
            own: ctx.board.owned[owner as usize].0[0],
            owner: owner + 1,
        };
        let end = out.len();
        // In most positions no move makes a mill, and the list is left as it is.
        let Some(first) = out[start..end]
            .iter()
            .position(|&m| self.made(&on, m).is_some())
        else {
            return true;
        };
        let mut chosen = None;
        for i in start + first..end {
            let m = out[i];
            match self.made(&on, m) {
                Some(sites) => self.push_removals(r, ctx, m, sites, &mut chosen, out),
                None => out.push(m),
            }
        }
        out.drain(start + first..end);
        true
    }

    /// The origin and landing of `m` with their owners after it (as `landing` reads them), if it makes a
    /// mill.
    #[inline(always)]
    fn made(&self, on: &Landing, m: Move) -> Option<((Site, u8), (Site, u8))> {
        // The move adds no piece near its landing: with too few there before, none after.
        if !self.mill.may(on.own, m.to) {
            return None;
        }
        let (from, to) = match on.placed {
            Some(owner) => ((m.to, owner), (m.to, owner)),
            None => {
                // A generated step's origin is on the board.
                let moving = on.cells.get(m.from as usize)?;
                let left = if moving.count > 1 { moving.owner } else { 0 };
                ((m.from, left), (m.to, moving.owner))
            }
        };
        let mine = after(on.own, on.owner - 1, from, to);
        (to.1 == on.owner && self.mill.holds(mine, to.0)).then_some((from, to))
    }

    /// Pushes the removals of `m`, a move that makes a mill, with its origin and landing as they
    /// are after it: a move per piece `prefer:` picks among those the removal may take, or per
    /// piece if it picks none, or `m` alone if there is none. `chosen` keeps the last pieces
    /// picked with the sets they were picked from: moves that touch neither player's pieces
    /// pick the same.
    #[inline(always)]
    fn push_removals(
        &self,
        r: &Removal,
        ctx: &Ctx,
        m: Move,
        (from, to): ((Site, u8), (Site, u8)),
        chosen: &mut Option<(u64, u64, u64)>,
        out: &mut Vec<Move>,
    ) {
        let owned = &ctx.board.owned;
        let victim = ctx.who(r.who);
        let theirs = after(owned[victim as usize].0[0], victim, from, to);
        if theirs == 0 {
            out.push(m);
            return;
        }
        let picked = match (&self.prefer, &r.prefer_line) {
            (Some((windows, wanted)), Some((l, _))) => {
                let p = ctx.who(l.who);
                let mine = after(owned[p as usize].0[0], p, from, to);
                match *chosen {
                    Some((a, b, picked)) if (a, b) == (theirs, mine) => picked,
                    _ => {
                        let picked = bits(theirs)
                            .filter(|&s| windows.holds(mine, s) == *wanted)
                            .fold(0, |acc, s| acc | 1 << s);
                        *chosen = Some((theirs, mine, picked));
                        picked
                    }
                }
            }
            _ => 0,
        };
        let take = if picked == 0 { theirs } else { picked };
        out.extend(bits(take).map(|s| m.with_removal(s)));
    }
}

/// What a mill's test of a move reads, `landing`'s reading of the generator made once.
struct Landing<'a> {
    /// The owner a placement leaves (as a cell stores it), or `None` for a step or relocation.
    placed: Option<u8>,
    cells: &'a [Cell],
    /// The mill's owner's pieces before the move, and that owner as a cell stores it.
    own: u64,
    owner: u8,
}

/// Player `p`'s pieces (`mine`, as a word) after a move that leaves the owners `from` and `to`
/// at its origin and landing (as cells store them) and changes no other site.
#[inline(always)]
fn after(mine: u64, p: u8, from: (Site, u8), to: (Site, u8)) -> u64 {
    let (f, t) = (1u64 << (from.0 & 63), 1u64 << (to.0 & 63));
    let kept = mine & !(f | t);
    kept | if from.1 == p + 1 { f } else { 0 } | if to.1 == p + 1 { t } else { 0 }
}

/// The sites of a word, lowest first.
fn bits(mut w: u64) -> impl Iterator<Item = Site> {
    std::iter::from_fn(move || {
        let s = w.trailing_zeros();
        w &= w.wrapping_sub(1);
        (s < 64).then_some(s as Site)
    })
}
