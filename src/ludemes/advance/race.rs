//! The race's moves of `advance` and `enter`: safe sites, stacks, blocks, bearing off, jumps,
//! a stop on the last square and shared squares, generated out of line so that the plain
//! advance stays as short as it was.

use super::{land, track_target, Advance, Enter};
use crate::compile::ir::{RegionRef, Site, Track, MAX_PLAYERS, NO_SITE};
use crate::engine::{Board, Cell, Ctx, Effects, Game, Move};
use crate::ludemes::{MoveFamily, MoverTurn};

impl Advance {
    /// The moves of an advance with safe sites, stacks, bearing off, jumps or a stop on the last
    /// square: out of line, so that the plain advance stays as short as it was.
    #[inline(never)]
    pub(super) fn generate_race(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let k = ctx.int(&self.steps);
        if k <= 0 {
            return;
        }
        let track = &game.tracks[self.track as usize];
        let bears = self.bear_off && self.home.is_none_or(|r| all_in(ctx, r));
        let rear = if bears && self.higher {
            rearmost(ctx)
        } else {
            NOT_REAR
        };
        // With shared squares a piece of the mover's may stand beneath another player's.
        let sites = if self.share {
            &board.filled
        } else {
            &board.owned[mover as usize & (MAX_PLAYERS - 1)]
        };
        for s in sites.iter_in(game.topology.words) {
            let Some((pos, state)) = self.piece(board, track, mover, s) else {
                continue;
            };
            if self.state.is_some_and(|st| state != st) {
                continue;
            }
            match self.reach(track, mover, pos, k) {
                Some((t, _)) if t == s || self.open(ctx, t) => out.push(Move::new(g, s, t)),
                Some(_) => {}
                // Borne off: written from the piece's site to itself.
                None if bears
                    && (borne_off(track, mover, pos, k)
                        || pos as u16 == rear && beyond(track, mover, pos, k)) =>
                {
                    out.push(Move::new(g, s, s))
                }
                None => {}
            }
        }
    }

    /// The place on the track and the state of the piece of `mover` on site `s` that moves: the
    /// top's; with shared squares the mover's topmost anywhere in the stack, at the site's place
    /// on the track (a piece beneath others is plain). `None` if the mover has none there.
    #[inline]
    fn piece(&self, board: &Board, track: &Track, mover: u8, s: Site) -> Option<(u8, u8)> {
        let c = board.cells[s as usize];
        if !self.share {
            return Some((c.pos, c.state));
        }
        let me = mover as usize & (MAX_PLAYERS - 1);
        let at = *track.first_index[me].get(s as usize)?;
        let state = if c.owner == mover + 1 { c.state } else { 0 };
        (at != NO_SITE && board.holds(s as usize, mover)).then_some((at as u8, state))
    }

    /// Takes the mover's moving piece off site `from` and returns it, one piece: with shared
    /// squares the mover's topmost there, else the top (one of a stack where pieces stack).
    #[inline]
    fn leave(&self, board: &mut Board, from: usize, mover: u8) -> Cell {
        let moving = board.cells[from];
        if self.share {
            return board.take_of(from, mover).unwrap_or(moving);
        }
        lift(board, from, moving, self.stack);
        Cell { count: 1, ..moving }
    }

    /// Puts the mover's `piece` on site `t`: on top of whatever stands there with shared
    /// squares, else as [`land`] does, capturing; returns the counters captured.
    #[inline]
    fn arrive(&self, game: &Game, board: &mut Board, mover: u8, t: Site, piece: Cell) -> u32 {
        if self.share {
            board.push(t as usize, piece);
            return 0;
        }
        let (to, stack) = (self.captured, self.stack);
        land(board, mover, t, piece, to, &game.demote, stack)
    }

    /// Where a piece of `player` at `pos` ends after `steps`, with its new place: on the track,
    /// or on its last square with `edge:LastSite` when the steps go past it; then at the end of
    /// the jumps from there.
    #[inline]
    fn reach(&self, track: &Track, player: u8, pos: u8, steps: i64) -> Option<(Site, u8)> {
        let to = match track_target(track, player, pos, steps) {
            // Past the end of a track that does not loop (the steps are more than none).
            None if self.last && !track.looped && steps > 0 => {
                let last = track.sites[player as usize].len() - 1;
                // A piece on the last square already has nowhere to go.
                (pos as usize != last).then(|| (track.sites[player as usize][last], last as u8))
            }
            to => to,
        };
        to.map(|to| jumped(track, player, to))
    }

    /// Plays a move of [`Advance::generate_race`].
    #[inline(never)]
    pub(super) fn apply_race(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let (game, mover) = (on.game, on.mover);
        let mut fx = Effects::default();
        let from = m.from as usize;
        let k = Ctx::after(game, on.clock, board, mover).int(&self.steps);
        let tr = &game.tracks[self.track as usize];
        let Some((pos, _)) = self.piece(board, tr, mover, m.from) else {
            return fx;
        };
        if let Some((t, np)) = self.reach(tr, mover, pos, k) {
            let moving = self.leave(board, from, mover);
            let piece = Cell {
                pos: np,
                state: self.set_state.unwrap_or(moving.state),
                ..moving
            };
            fx.captured = self.arrive(game, board, mover, t, piece);
        } else if self.bear_off
            && (borne_off(tr, mover, pos, k) || self.higher && beyond(tr, mover, pos, k))
        {
            self.leave(board, from, mover);
            board.store[mover as usize & (MAX_PLAYERS - 1)] += 1;
            fx.landed = Effects::OFF;
        }
        fx
    }

    /// Whether one of the mover's pieces may end on site `t`: an empty site, its own side's
    /// pieces if they stack, enemy pieces off the safe sites and fewer than a block.
    #[inline(always)]
    fn open(&self, ctx: &Ctx, t: Site) -> bool {
        let c = ctx.board.cells[t as usize];
        if self.share {
            true
        } else if c.owner == ctx.mover + 1 {
            self.stack
        } else {
            c.owner == 0
                || (c.count < self.block
                    && self.safe.is_none_or(|r| {
                        !ctx.game.regions[r.0 as usize].mask[ctx.mover as usize].contains(t)
                    }))
        }
    }
}

impl MoveFamily for Enter {
    #[inline(never)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        if board.hand[mover as usize] == 0 {
            return;
        }
        let square = ctx.int(&self.0.steps);
        let track = &game.tracks[self.0.track as usize];
        if let Some((t, _)) = entry(track, mover, square) {
            if self.0.open(ctx, t) {
                out.push(Move::new(g, t, t));
            }
        }
    }

    #[inline(never)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, _: Move) -> Effects {
        let (game, mover) = (on.game, on.mover);
        let square = Ctx::after(game, on.clock, board, mover).int(&self.0.steps);
        let track = &game.tracks[self.0.track as usize];
        let mut fx = Effects::default();
        if let Some((t, np)) = entry(track, mover, square) {
            let hand = &mut board.hand[mover as usize];
            *hand = hand.saturating_sub(1);
            let piece = Cell {
                pos: np,
                state: self.0.set_state.unwrap_or(0),
                ..Cell::piece(mover, 1)
            };
            fx.captured = self.0.arrive(game, board, mover, t, piece);
        }
        fx
    }

    fn notation(&self, _from: &str, to: &str, enemy: bool) -> String {
        if enemy && !self.0.share {
            format!("enter x{to}")
        } else {
            format!("enter {to}")
        }
    }
}

/// The site and track position where a piece entering on the track's `square` (1 for its
/// first) ends, after the jumps from there, if the track has that square.
#[inline]
fn entry(track: &Track, player: u8, square: i64) -> Option<(Site, u8)> {
    let i = usize::try_from(square.checked_sub(1)?).ok()?;
    let to = track.sites[player as usize].get(i).map(|&t| (t, i as u8));
    to.map(|to| jumped(track, player, to))
}

/// A landing on site and place `to`, carried on along the track's jumps to their end (the
/// table holds a chain's end); a track without jumps reads an empty table.
#[inline]
fn jumped(track: &Track, player: u8, to: (Site, u8)) -> (Site, u8) {
    let p = player as usize & (MAX_PLAYERS - 1);
    match track.jumps[p].get(to.1 as usize) {
        Some(&j) if j != to.1 => (track.sites[p][j as usize], j),
        _ => to,
    }
}

/// Whether `steps` from `pos` end exactly one past the end of a track that does not loop.
#[inline]
fn borne_off(track: &Track, player: u8, pos: u8, steps: i64) -> bool {
    !track.looped
        && (pos as i64).checked_add(steps) == Some(track.sites[player as usize].len() as i64)
}

/// Whether `steps` from `pos` go past the end of a track that does not loop (beyond the
/// exact throw that bears off).
#[inline]
fn beyond(track: &Track, player: u8, pos: u8, steps: i64) -> bool {
    !track.looped && (pos as i64).saturating_add(steps) > track.sites[player as usize].len() as i64
}

/// No piece is the rearmost: a piece in hand stands farther back than any on the track.
const NOT_REAR: u16 = u16::MAX;

/// The place on its track of the mover's rearmost piece ([`NOT_REAR`] with a piece in hand).
fn rearmost(ctx: &Ctx) -> u16 {
    let (board, mover) = (ctx.board, ctx.mover);
    if board.hand[mover as usize] > 0 {
        return NOT_REAR;
    }
    board.owned[mover as usize]
        .iter_in(ctx.game.topology.words)
        .map(|s| board.cells[s as usize].pos as u16)
        .min()
        .unwrap_or(NOT_REAR)
}

/// Whether every piece of the mover stands in region `r` (none in hand).
fn all_in(ctx: &Ctx, r: RegionRef) -> bool {
    let mover = ctx.mover as usize;
    ctx.board.hand[mover] == 0
        && ctx.board.owned[mover]
            .and_not(&ctx.game.regions[r.0 as usize].mask[mover])
            .is_empty()
}

/// Takes the moving piece off its site: one of a stack (where pieces stack), or the whole cell.
#[inline(always)]
fn lift(board: &mut Board, from: usize, moving: Cell, stack: bool) {
    if stack && moving.count > 1 {
        board.put(
            from,
            Cell {
                count: moving.count - 1,
                ..moving
            },
        );
    } else {
        board.clear(from);
    }
}
