//! The board as the sowing loop plays it: bare counts in a small array with their occupancy and
//! key, and a sowing's track as tables over it.

use crate::compile::ir::*;
use crate::engine::ctx::Effects;
use crate::engine::state::{site_key, Board, Cell};
use crate::engine::Game;
use crate::ludemes::{Capture, GrandSlam, Holes, Sow};
use std::ops::BitAnd;

/// The most sites (stores included) a board may have for the loop to play it.
pub(super) const LANE: usize = 16;

/// A site's count as the lanes hold it: a byte when every counter on the board fits one (the
/// loop's moves never add counters to the board, so a board that fits keeps fitting), else 16
/// bits. The byte lanes are half as wide, so the sowing's and the filter's vector work halves.
pub(super) trait Count:
    Copy + Default + Ord + Into<u16> + From<bool> + BitAnd<Output = Self> + std::fmt::Debug
{
    /// The width's sign bit, as a shift.
    const TOP: u32;
    /// Count `n` in this width (the largest one when it does not fit).
    fn of(n: u16) -> Self;
    /// Count `n`, which fits this width.
    fn cut(n: u16) -> Self;
    /// Wrapping sum.
    fn plus(self, o: Self) -> Self;
    /// Wrapping difference.
    fn minus(self, o: Self) -> Self;
    /// Difference, at least zero.
    fn less(self, o: Self) -> Self;
    /// The bits below the sign bit cleared: the sign bit as 0 or 1.
    fn sign(self) -> Self;
    /// The lanes of a table in this width: `wide` or `narrow`.
    fn lanes(wide: &[u16; LANE], narrow: &[u8; LANE]) -> [Self; LANE];
    /// One on each of the first `rest` places after an origin, zero elsewhere: from the
    /// places after it (`past`, 16 bits) or from the table of every `rest` (`ones`, bytes).
    fn after(past: &[u16; LANE], ones: &[[u8; LANE]; LANE], rest: u16) -> [Self; LANE];
}

/// The arithmetic of a lane, the same in both widths.
macro_rules! lane_arithmetic {
    () => {
        #[inline(always)]
        fn plus(self, o: Self) -> Self {
            self.wrapping_add(o)
        }
        #[inline(always)]
        fn minus(self, o: Self) -> Self {
            self.wrapping_sub(o)
        }
        #[inline(always)]
        fn less(self, o: Self) -> Self {
            self.saturating_sub(o)
        }
        #[inline(always)]
        fn sign(self) -> Self {
            self >> Self::TOP
        }
    };
}

impl Count for u16 {
    const TOP: u32 = 15;
    #[inline(always)]
    fn of(n: u16) -> u16 {
        n
    }
    #[inline(always)]
    fn cut(n: u16) -> u16 {
        n
    }
    lane_arithmetic!();
    #[inline(always)]
    fn lanes(wide: &[u16; LANE], _: &[u8; LANE]) -> [u16; LANE] {
        *wide
    }
    #[inline(always)]
    fn after(past: &[u16; LANE], _: &[[u8; LANE]; LANE], rest: u16) -> [u16; LANE] {
        let mut one = *past;
        for one in &mut one {
            // Both below the sign bit: the difference's sign bit is `past < rest`.
            *one = one.wrapping_sub(rest).sign();
        }
        one
    }
}

impl Count for u8 {
    const TOP: u32 = 7;
    #[inline(always)]
    fn of(n: u16) -> u8 {
        n.min(u16::from(u8::MAX)) as u8
    }
    #[inline(always)]
    fn cut(n: u16) -> u8 {
        n as u8
    }
    lane_arithmetic!();
    #[inline(always)]
    fn lanes(_: &[u16; LANE], narrow: &[u8; LANE]) -> [u8; LANE] {
        *narrow
    }
    #[inline(always)]
    fn after(_: &[u16; LANE], ones: &[[u8; LANE]; LANE], rest: u16) -> [u8; LANE] {
        ones[rest as usize & (LANE - 1)]
    }
}

/// The board as the loop plays it: the counts of the sites, which are filled, the board's key,
/// the sites the last sowing passed, the stores and the hands.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Pits<C = u16> {
    pub(super) n: [C; LANE],
    pub(super) filled: u64,
    pub(super) key: u64,
    pub(super) sown: u64,
    pub(super) store: [u32; MAX_PLAYERS],
    pub(super) hand: [u16; MAX_PLAYERS],
}

impl Pits {
    /// The counts of a board of neutral counters; `None` if a site holds a piece of a player.
    pub(super) fn of(board: &Board) -> Option<Pits> {
        let mut p = Pits {
            store: board.store,
            hand: board.hand,
            ..Pits::default()
        };
        for (s, c) in board.cells.iter().enumerate() {
            if *c
                != (Cell {
                    count: c.count,
                    ..Cell::default()
                })
                || s >= LANE
            {
                return None;
            }
            p.n[s] = c.count;
            p.key = p
                .key
                .wrapping_add(u64::from(c.count).wrapping_mul(site_key(s)));
            p.filled |= u64::from(c.count > 0) << s;
        }
        Some(p)
    }

    /// The counts in byte lanes, when the board's counters together fit a byte.
    pub(super) fn narrow(&self) -> Option<Pits<u8>> {
        let total: u32 = self.n.iter().map(|&n| u32::from(n)).sum();
        (total <= u32::from(u8::MAX)).then(|| Pits {
            n: self.n.map(|n| n as u8),
            filled: self.filled,
            key: self.key,
            sown: self.sown,
            store: self.store,
            hand: self.hand,
        })
    }
}

impl<C: Count> Pits<C> {
    /// The counters on site `s`.
    #[inline(always)]
    pub(super) fn at(&self, s: usize) -> u16 {
        self.n[s & (LANE - 1)].into()
    }

    /// The sites holding exactly `c` counters, as a word (the lanes compared as vectors).
    #[inline(always)]
    pub(super) fn holding_exactly(&self, c: C) -> u64 {
        (0..LANE).fold(0, |m, s| m | u64::from(self.n[s] == c) << s)
    }

    /// How many sites of `lanes` (one a site of it, zero elsewhere) hold more than `below`
    /// counters (one a lane): a sum over the lanes, which they compute as vectors.
    #[inline(always)]
    pub(super) fn holding(&self, below: [C; LANE], lanes: [C; LANE]) -> C {
        let mut sum = C::default();
        for ((n, below), on) in self.n.into_iter().zip(below).zip(lanes) {
            // One when above `below` on a lane of the region: two vector steps, where a
            // comparison takes three.
            sum = sum.plus(n.less(below).min(on));
        }
        sum
    }

    /// Writes the counts, stores and hands back to the board.
    pub(super) fn write(&self, board: &mut Board) {
        for (s, c) in board.cells.iter_mut().enumerate() {
            *c = Cell {
                count: self.at(s),
                ..Cell::default()
            };
        }
        board.store = self.store;
        board.hand = self.hand;
        board.refresh();
    }
}

impl<C: Count> Holes for Pits<C> {
    #[inline(always)]
    fn count(&self, s: usize) -> u16 {
        self.at(s)
    }

    #[inline(always)]
    fn clear(&mut self, s: usize) {
        let s = s & (LANE - 1);
        self.key = self
            .key
            .wrapping_sub(u64::from(self.at(s)).wrapping_mul(site_key(s)));
        self.n[s] = C::default();
        self.filled &= !(1 << s);
    }

    #[inline(always)]
    fn add(&mut self, s: usize, n: u16) {
        let s = s & (LANE - 1);
        let was = self.at(s);
        self.n[s] = C::of(was.saturating_add(n));
        self.key = self
            .key
            .wrapping_add(u64::from(self.at(s) - was).wrapping_mul(site_key(s)));
        self.filled |= u64::from(self.at(s) > 0) << s;
    }

    #[inline(always)]
    fn add_one(&mut self, s: Site, sown: bool) {
        let s = s as usize & (LANE - 1);
        self.n[s] = self.n[s].plus(C::of(1));
        self.filled |= 1 << s;
        self.key = self.key.wrapping_add(site_key(s));
        if sown {
            self.sown |= 1 << s;
        }
    }

    #[inline(always)]
    fn store_one(&mut self, p: usize) {
        self.store[p & (MAX_PLAYERS - 1)] += 1;
    }

    #[inline(always)]
    fn bank(&mut self, to: CaptureTo, capturer: u8, n: u32) {
        // As the board banks neutral counters: the capturer's, at most a cell's worth.
        let n = n.min(u16::MAX as u32);
        let p = capturer as usize & (MAX_PLAYERS - 1);
        match to {
            CaptureTo::Store => self.store[p] += n,
            CaptureTo::Hand | CaptureTo::Captor => {
                self.hand[p] = self.hand[p].saturating_add(n as u16)
            }
            CaptureTo::Removed => {}
        }
    }
}

/// A sowing's track for one mover as tables over the lane: a sowing of `c` counters from place
/// `p` gives every hole of a lap `c / lap` counters and the next `c % lap` places one more, so
/// the counts, the key, the filled and sown sites change by a few table reads, with no loop
/// over the counters.
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// The sowing.
    sow: Sow,
    /// Each site's place on the track; far past it when the site is off the track.
    place: [u16; LANE],
    /// Per origin place, each site's place after the origin less one (the place after the origin
    /// is 0); `OFF_TRACK` for the origin and the sites off the track, which no partial lap reaches.
    past: [[u16; LANE]; LANE],
    /// Per origin place, per `rest` below a lap, one on each of the first `rest` places after
    /// the origin, in byte lanes: the partial lap of a sowing read whole.
    ones8: [[[u8; LANE]; LANE]; LANE],
    /// All ones for the sites on the track, zero elsewhere.
    on: [u16; LANE],
    /// `on` in byte lanes.
    on8: [u8; LANE],
    /// The track's sites, twice over.
    sites: [Site; 2 * LANE],
    /// The board key's terms of the track's first places, twice over (a store's term is zero:
    /// its counters leave the board).
    keys: [u64; 2 * LANE + 1],
    /// The exclusive or of the sites' bits of the track's first places, twice over (a window
    /// shorter than a lap holds each site once, so its bits are two of these).
    bits: [u64; 2 * LANE + 1],
    /// Each site's term of the board key, read beside the other tables rather than from the
    /// shared ones.
    key_of: [u64; LANE],
    /// The track's sites as bits, stores left out.
    all: u64,
    /// The track's length.
    len: u16,
    /// Holes a lap sows: the track's length, less the origin when laps skip it.
    lap: u16,
    /// `2^32 / lap` rounded up: a count times it, shifted down by 32, is the count's laps (exact
    /// below `2^16`), a multiply where a division takes tens of cycles.
    per_lap: u64,
    /// The stores on the track, as (site, player), when the track passes through them.
    stores: Vec<(Site, usize)>,
    /// The capture's region for the table's mover as a word, when the capture is one the lane
    /// plays itself (neither opposite holes nor a grand-slam rule); else the shared capture's.
    taken_in: Option<u64>,
}

/// Where a site off the track is placed: far enough that no window of the track reaches it.
const OFF_TRACK: u16 = 0x4000;

impl Table {
    /// The tables of a sowing for `mover`, if its track is a loop of at least two places that
    /// holds each site once, within the lane.
    pub(super) fn of(game: &Game, sow: &Sow, stores: bool, mover: usize) -> Option<Table> {
        // Every field named, so that a new one fails to compile until the loop decides it.
        let Sow {
            track,
            skip_origin,
            capture,
            first_store,
            // The draw's origins (`Family::Sow`).
            from: _,
            relay,
        } = sow;
        let track = game.tracks.get(*track as usize)?;
        let sites = &track.sites[mover];
        let len = sites.len();
        let once = sites
            .iter()
            .enumerate()
            .all(|(i, s)| !sites[..i].contains(s) && (*s as usize) < LANE);
        // A relay sows on from the holes it lifts: counter by counter (`Sow::sow`).
        if !track.looped || !once || !(2..=LANE).contains(&len) || *relay {
            return None;
        }
        let store = |s: Site| stores && s >= *first_store;
        let mut t = Table {
            sow: sow.clone(),
            place: [OFF_TRACK; LANE],
            past: [[OFF_TRACK; LANE]; LANE],
            ones8: [[[0; LANE]; LANE]; LANE],
            on: [0; LANE],
            on8: [0; LANE],
            sites: [0; 2 * LANE],
            keys: [0; 2 * LANE + 1],
            bits: [0; 2 * LANE + 1],
            all: 0,
            len: len as u16,
            lap: (len - usize::from(*skip_origin)) as u16,
            per_lap: (1u64 << 32).div_ceil((len - usize::from(*skip_origin)) as u64),
            stores: Vec::new(),
            key_of: std::array::from_fn(site_key),
            taken_in: None,
        };
        if let Some(Capture {
            region,
            opposite,
            grand_slam,
            // Read by the shared capture walk (`sow::capture`), which the loop calls.
            counts: _,
            backwards: _,
            captured: _,
        }) = capture
        {
            let region = &game.regions.get(region.0 as usize)?.mask[mover];
            if opposite.is_none() && *grand_slam == GrandSlam::Allowed {
                t.taken_in = Some(region.0[0]);
            }
        }
        for (p, past) in t.past.iter_mut().enumerate().take(len) {
            for (i, &s) in sites.iter().enumerate().filter(|&(i, _)| i != p) {
                past[s as usize] = ((i + len - p - 1) % len) as u16;
            }
        }
        for (past, ones) in t.past.iter().zip(&mut t.ones8) {
            for (rest, ones) in ones.iter_mut().enumerate() {
                *ones = past.map(|v| u8::from(usize::from(v) < rest));
            }
        }
        for (i, &s) in sites.iter().enumerate() {
            t.place[s as usize] = i as u16;
            t.on[s as usize] = u16::MAX;
            t.on8[s as usize] = u8::MAX;
            if store(s) {
                t.stores.push((s, (s - *first_store) as usize));
            } else {
                t.all |= 1 << s;
            }
        }
        for i in 0..2 * len {
            let s = sites[i % len];
            t.sites[i] = s;
            let (key, bit) = if store(s) {
                (0, 0)
            } else {
                (site_key(s as usize), 1 << s)
            };
            t.keys[i + 1] = t.keys[i].wrapping_add(key);
            t.bits[i + 1] = t.bits[i] ^ bit;
        }
        Some(t)
    }

    /// Plays the sowing from `from` by `mover` on `pits`, then its capture.
    #[inline(always)]
    pub(super) fn sow<C: Count>(
        &self,
        game: &Game,
        mover: u8,
        pits: &mut Pits<C>,
        from: Site,
    ) -> Effects {
        let from = from as usize & (LANE - 1);
        let c = pits.at(from);
        let p = self.place[from];
        let (len, lap) = (self.len, self.lap);
        let laps = ((u64::from(c) * self.per_lap) >> 32) as u16;
        let rest = c - laps * lap;
        // Every place of a lap gets `laps` (the origin none when laps skip it), the next `rest`
        // places after the origin one more. The lanes are copied out of the table, so that the
        // compiler sees them apart from the counts and keeps the loop on vectors.
        let at = p as usize & (LANE - 1);
        let ones = C::after(&self.past[at], &self.ones8[at], rest);
        for (n, one) in pits.n.iter_mut().zip(ones) {
            *n = n.plus(one);
        }
        // The origin emptied after the lanes' sums, not before: a store of its one lane just
        // before the load of all of them would wait for the store to be written.
        pits.n[from] = pits.n[from].minus(C::cut(c));
        pits.key = (pits.key).wrapping_sub(u64::from(c).wrapping_mul(self.key_of[from]));
        pits.filled &= !(1 << from);
        let first = p as usize + 1;
        let window =
            |t: &[u64; 2 * LANE + 1]| (t[first], t[(first + rest as usize) & (2 * LANE - 1)]);
        let (k0, k1) = window(&self.keys);
        let (b0, b1) = window(&self.bits);
        let mut added = b0 ^ b1;
        let mut key = k1.wrapping_sub(k0);
        let origin = 1u64 << from;
        if laps > 0 {
            // Whole laps, on few sowings: a second pass over the lanes then. `laps` fits the
            // lanes: it is at most the counters.
            let (on, laps_c) = (C::lanes(&self.on, &self.on8), C::cut(laps));
            for (n, on) in pits.n.iter_mut().zip(on) {
                *n = n.plus(laps_c & on);
            }
            let skipped = self.sow.skip_origin;
            if skipped {
                pits.n[from] = C::default();
            }
            let all = if skipped {
                self.all & !origin
            } else {
                self.all
            };
            let lap_key =
                self.keys[len as usize].wrapping_sub(if skipped { site_key(from) } else { 0 });
            key = key.wrapping_add(u64::from(laps).wrapping_mul(lap_key));
            added |= all;
        }
        pits.key = pits.key.wrapping_add(key);
        pits.filled |= added;
        // Read only by a game that tests `sown-into`: a store is cheaper than asking.
        pits.sown = added;
        // Counters that fell on a store's place go to the store.
        for &(s, owner) in &self.stores {
            let s = s as usize & (LANE - 1);
            pits.store[owner & (MAX_PLAYERS - 1)] += u32::from(pits.at(s));
            pits.n[s] = C::default();
        }
        // The last counter's place: the `c`-th of the lap after the origin.
        // A whole number of laps ends on the lap's last place; no counters, on the origin.
        let ahead = match (c, rest) {
            (0, _) => 0,
            (_, 0) => lap,
            _ => rest,
        };
        let last = p + ahead;
        let last = last - len * u16::from(last >= len);
        let mut fx = Effects {
            landed: self.sites[last as usize & (2 * LANE - 1)],
            ..Effects::default()
        };
        if let Some(cap) = &self.sow.capture {
            fx.captured = match self.taken_in {
                Some(taken_in) => self.capture(cap, taken_in, mover, pits, last as usize),
                None => {
                    let sites = &self.sites[..len as usize];
                    crate::ludemes::sow_capture(game, cap, pits, mover, sites, last as usize)
                }
            };
        }
        fx
    }

    /// The capture after a sowing whose last counter fell at place `last`, as the shared
    /// capture takes it (neither opposite holes nor a grand-slam rule): the holes of `taken_in`
    /// holding a count it takes, from the last back while they qualify.
    #[inline(always)]
    fn capture<C: Count>(
        &self,
        cap: &Capture,
        taken_in: u64,
        mover: u8,
        pits: &mut Pits<C>,
        last: usize,
    ) -> u32 {
        let len = self.len as usize;
        // Walking back from the track's second copy never wraps round.
        let mut j = last + len;
        let (mut n, mut sum) = (0, 0);
        while n < len {
            let s = self.sites[j & (2 * LANE - 1)] as usize & (LANE - 1);
            let c = pits.at(s);
            // One branch on the three tests, taken on the rarer answer (a capture), where one on
            // each would be mispredicted about as often as the last hole's row and count vary.
            let takes = taken_in >> s & cap.counts >> (c & 63) & u64::from(c < 64) & 1;
            if takes == 0 {
                break;
            }
            pits.clear(s);
            sum += u32::from(c);
            n += 1;
            if !cap.backwards {
                break;
            }
            j -= 1;
        }
        if n > 0 {
            pits.bank(cap.captured, mover, sum);
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_go_to_bytes_only_while_the_boards_counters_fit_one() {
        let mut pits = Pits {
            n: [16; LANE],
            ..Pits::default()
        };
        assert!(pits.narrow().is_none(), "256 counters");
        pits.n[0] = 15;
        let narrow = pits.narrow().expect("255 counters");
        assert!((0..LANE).all(|s| narrow.at(s) == pits.at(s)));
    }
}
