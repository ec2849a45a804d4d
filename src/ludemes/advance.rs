//! Advance: pieces along their track, one or all together.

use crate::check::registry::{opt, req, Kind::*, Ludeme, Param, Shape::One as O, THEN};
use crate::compile::ir::MAX_PLAYERS;
use crate::compile::ir::{CaptureTo, Gen, IntExpr, MoveExpr, RegionRef, Site, Track, SITE_WORDS};
use crate::compile::{Compiler, Needs};
use crate::engine::Game;
use crate::engine::{Board, Cell, Clock, Ctx, Effects, Move};
use crate::ludemes::lines::flag;
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

mod race;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// Moves one piece of the mover along its track; it may not end on its own side's piece
        /// (unless `stack:true`) and captures an enemy piece it ends on.
        name: "advance",
        kind: Moves,
        positional: [
            /// the track
            req("track", O(Str)),
            /// how many steps
            req("steps", O(Int)),
        ],
        named: [
            /// only pieces in this state
            opt("state", O(Str)),
            /// the state the piece has after the move
            opt("set-state", O(Str)),
            /// where a captured piece goes: the mover's store (Store, the default), its owner's
            /// hand (Hand), off the game (Removed), or the mover's hand as its own (Captor)
            opt("captured", O(CaptureTo)),
            SAFE,
            STACK,
            BLOCK,
            /// whether a piece whose steps end exactly one past the track's last square leaves the
            /// board into the mover's store (read by `score`); a longer throw does not move it.
            /// Tracks that do not loop
            opt("bear-off", O(Switch)),
            /// with `bear-off:true`: a piece bears off only while every piece of the mover stands
            /// in this region (none in hand)
            opt("home", O(Region)),
            /// with `bear-off:true`: a throw longer than a piece needs to bear off bears it off
            /// when no piece of the mover stands farther back on the track (nor in hand)
            opt("higher", O(Switch)),
            /// steps past the last square of a track that does not loop: the piece stops on
            /// that square (LastSite) or does not move (None, the default)
            opt("edge", O(EdgeRule)),
            SHARE,
            THEN,
        ],
        example: "(advance \"Loop\" (pips) captured:Hand safe:(region \"Home\" Next))",
        lower: Lower::Moves(advance),
        refs: [
            Ref::Track(Arg::Pos(0)),
            Ref::State(Arg::Key("state")),
            Ref::State(Arg::Key("set-state")),
        ],
    },
    ludeme! {
        /// Every selected piece steps once, together; then one of them, chosen, goes on for the
        /// steps left (steps minus the number of pieces). Listed only for two pieces or more.
        name: "advance-all",
        kind: Moves,
        positional: [
            /// the track
            req("track", O(Str)),
            /// the steps in all
            req("steps", O(Int)),
        ],
        named: [
            /// the pieces that move
            opt("state", O(Str)),
            /// their state afterwards
            opt("set-state", O(Str)),
            /// where a captured piece goes: the mover's store (Store, the default), its owner's
            /// hand (Hand), off the game (Removed), or the mover's hand as its own (Captor)
            opt("captured", O(CaptureTo)),
            THEN,
        ],
        example: "(advance-all \"Loop\" (pips) state:\"Unfreed\" set-state:\"Freed\")",
        lower: Lower::Moves(advance_all),
        refs: [
            Ref::Track(Arg::Pos(0)),
            Ref::State(Arg::Key("state")),
            Ref::State(Arg::Key("set-state")),
        ],
    },
    ludeme! {
        /// Puts one piece from the mover's hand on its track at the square given (none if the
        /// square is off the track): not on its own side's piece (unless `stack:true`), capturing
        /// an enemy piece there.
        name: "enter",
        kind: Moves,
        positional: [
            /// the track
            req("track", O(Str)),
            /// the track's square the piece enters on, 1 for its first
            req("square", O(Int)),
        ],
        named: [
            /// where a captured piece goes: the mover's store (Store, the default), its owner's
            /// hand (Hand), off the game (Removed), or the mover's hand as its own (Captor)
            opt("captured", O(CaptureTo)),
            SAFE,
            STACK,
            BLOCK,
            SHARE,
            THEN,
        ],
        example: "(enter \"Loop\" (pips) captured:Hand)",
        lower: Lower::Moves(enter),
        refs: [Ref::Track(Arg::Pos(0)), Ref::Hand],
    },
];

/// Where capture is not allowed.
const SAFE: Param = param! {
    /// sites where an enemy piece cannot be captured: a piece may not end on one there
    opt("safe", O(Region))
};
/// How many enemy pieces bar a site.
const BLOCK: Param = param! {
    /// a site holding this many enemy pieces or more is a block: a piece may not end on it (a
    /// single enemy piece is still captured with `block:2`)
    opt("block", O(Int))
};
/// Whether own pieces may share a square.
const STACK: Param = param! {
    /// whether a piece may end on its own side's pieces, which then share the square
    opt("stack", O(Switch))
};
/// Whether any pieces may share a square.
const SHARE: Param = param! {
    /// whether a piece may end on any square, on top of whatever pieces stand there, of any
    /// side (none is captured); a piece anywhere in a stack may move
    opt("share", O(Switch))
};

fn advance(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let along = along(c, node);
    c.gen(Gen::Advance(along), node)
}

fn advance_all(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let along = along(c, node);
    c.gen(Gen::AdvanceAll(AdvanceAll(along)), node)
}

fn enter(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let along = along(c, node);
    c.needs.insert(Needs::PLACING);
    c.gen(Gen::Enter(Enter(along)), node)
}

/// The track, steps, state and state afterwards the three ludemes take, and the race's rules.
fn along(c: &mut Compiler<'_>, node: &Node) -> Advance {
    let bear_off = flag(c, node, "bear-off");
    let track = c.track(node.pos(0));
    let name = node.pos(0).and_then(|n| n.as_str()).unwrap_or_default();
    let (looped, jumps) = c.sym.tracks_named(name).fold((false, false), |(l, j), t| {
        (l || t.looped, j || !t.jumps.is_empty())
    });
    if bear_off && looped {
        let at = node.named("bear-off").unwrap_or(node);
        c.error(
            at,
            "a piece cannot bear off a track that loops".to_string(),
            "bear off a track that stops at its end",
        );
    }
    let (safe, stack) = (
        node.named("safe").map(|r| c.region(r)),
        flag(c, node, "stack"),
    );
    let block = block(c, node);
    let (home, higher) = (
        node.named("home").map(|r| c.region(r)),
        flag(c, node, "higher"),
    );
    if !bear_off && (home.is_some() || higher) {
        let at = node.named("home").or(node.named("higher")).unwrap_or(node);
        c.error(
            at,
            "`home:` and `higher:` say when a piece bears off, and this advance bears none off",
            "add `bear-off:true`",
        );
    }
    let (last, share) = (edge(c, node, bear_off, looped), share(c, node));
    Advance {
        race: bear_off || stack || safe.is_some() || block != NO_BLOCK || jumps || last || share,
        home,
        higher,
        track,
        steps: node.pos(1).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0)),
        state: c.state(node.named("state")),
        set_state: c.state(node.named("set-state")),
        captured: c.capture_to(node.named("captured")),
        safe,
        bear_off,
        stack,
        block,
        last,
        share,
    }
}

/// Whether steps past the track's end stop on its last square (`edge:LastSite`): a track that
/// loops has no end, and a piece that bears off there does not stop.
fn edge(c: &mut Compiler<'_>, node: &Node, bear_off: bool, looped: bool) -> bool {
    let Some(at) = node.named("edge") else {
        return false;
    };
    let last = at.as_name() == Some("LastSite");
    if last && (bear_off || looped) {
        let (what, help) = if looped {
            (
                "a track that loops has no last square",
                "remove `edge:`, or declare the track without `loop:true`",
            )
        } else {
            (
                "a piece past the end bears off or stops on the last square, not both",
                "remove `bear-off:true` or `edge:LastSite`",
            )
        };
        c.error(at, what, help);
    }
    last
}

/// Whether pieces share squares (`share:true`): then no piece is captured, nor is a square
/// closed, so `captured:`, `safe:`, `block:` and `stack:` say nothing. The board keeps the
/// owners of the pieces beneath each top.
fn share(c: &mut Compiler<'_>, node: &Node) -> bool {
    let share = flag(c, node, "share");
    if share {
        c.needs.insert(Needs::LAYERS);
    }
    let moot = ["captured", "safe", "block", "stack"]
        .into_iter()
        .find_map(|k| node.named(k).map(|n| (k, n)));
    if let (true, Some((key, at))) = (share, moot) {
        c.error(
            at,
            format!("with `share:true` pieces share every square, and `{key}:` says nothing"),
            &format!("remove `{key}:` or `share:true`"),
        );
    }
    share
}

/// No block: any number of enemy pieces may be captured.
const NO_BLOCK: u16 = u16::MAX;

/// The count of enemy pieces that bars a site, from `block:`; [`NO_BLOCK`] if absent.
fn block(c: &mut Compiler<'_>, node: &Node) -> u16 {
    let Some(n) = node.named("block") else {
        return NO_BLOCK;
    };
    match n.as_int() {
        Some(v) if (1..i64::from(NO_BLOCK)).contains(&v) => v as u16,
        _ => {
            c.error(
                n,
                "a block is a number of pieces, from 1",
                "write `block:2` for two pieces or more",
            );
            NO_BLOCK
        }
    }
}

/// One piece along its track.
#[derive(Debug, Clone, PartialEq)]
pub struct Advance {
    /// Track index.
    pub track: u16,
    /// Steps.
    pub steps: IntExpr,
    /// Required piece state.
    pub state: Option<u8>,
    /// State after the move.
    pub set_state: Option<u8>,
    /// Where a captured piece goes.
    pub captured: CaptureTo,
    /// Where an enemy piece cannot be captured (nor landed on).
    pub safe: Option<RegionRef>,
    /// Whether an exact throw past the track's end takes the piece off the board.
    pub bear_off: bool,
    /// Whether own pieces may share a square.
    pub stack: bool,
    /// How many enemy pieces bar a site (`u16::MAX`: no block).
    pub block: u16,
    /// Where every piece of the mover must stand for one to bear off.
    pub home: Option<RegionRef>,
    /// Whether a longer throw bears off the rearmost piece.
    pub higher: bool,
    /// Whether steps past the end of the track stop on its last square (`edge:LastSite`).
    pub last: bool,
    /// Whether pieces of any side share squares, with no capture (`share:true`).
    pub share: bool,
    /// Whether any of the above or the track's jumps is asked: the race's moves, generated out
    /// of line.
    pub race: bool,
}

/// One piece from the hand onto the track, at the square its steps name.
#[derive(Debug, Clone, PartialEq)]
pub struct Enter(pub Advance);

/// Every selected piece one step, then a chosen one the rest: the fields of an advance, with
/// the steps counted for the whole group.
#[derive(Debug, Clone, PartialEq)]
pub struct AdvanceAll(pub Advance);

impl MoveFamily for Advance {
    #[inline(always)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        if self.race {
            return self.generate_race(ctx, g, out);
        }
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let cells = &board.cells;
        let k = ctx.int(&self.steps);
        if k <= 0 {
            return;
        }
        let track = &game.tracks[self.track as usize];
        each_piece(
            board,
            mover,
            game.topology.words,
            #[inline(always)]
            |s| {
                let c = cells[s as usize];
                if self.state.is_some_and(|st| c.state != st) {
                    return;
                }
                if let Some((t, _)) = track_target(track, mover, c.pos, k) {
                    if t == s || cells[t as usize].owner != mover + 1 {
                        out.push(Move::new(g, s, t));
                    }
                }
            },
        );
    }

    #[inline(always)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        if self.race {
            return self.apply_race(on, board, m);
        }
        let (game, mover) = (on.game, on.mover);
        let mut fx = Effects::default();
        let from = m.from as usize;
        let k = Ctx::after(game, on.clock, board, mover).int(&self.steps);
        let tr = &game.tracks[self.track as usize];
        let moving = board.cells[from];
        if let Some((t, np)) = track_target(tr, mover, moving.pos, k) {
            board.clear(from);
            let piece = Cell {
                count: 1,
                pos: np,
                state: self.set_state.unwrap_or(moving.state),
                ..moving
            };
            fx.captured = land(board, mover, t, piece, self.captured, &game.demote, false);
        }
        fx
    }

    fn notation(&self, from: &str, to: &str, enemy: bool) -> String {
        if self.bear_off && from == to {
            format!("{from}-off")
        } else if enemy && !self.share {
            format!("{from}x{to}")
        } else {
            format!("{from}-{to}")
        }
    }
}

impl MoveFamily for AdvanceAll {
    #[inline]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mut members = [0; MAX_GROUP];
        let (count, rest) = group(
            board,
            mover,
            self.0.state,
            ctx.int(&self.0.steps),
            &mut members,
        );
        if count < 2 || rest < 0 {
            return;
        }
        let track = &game.tracks[self.0.track as usize];
        let members = &members[..count];
        let mut targets = [(0, 0); MAX_GROUP];
        // With nothing left over, every choice is the same move: list it once.
        let choices = if rest == 0 { &members[..1] } else { members };
        for &chosen in choices {
            if group_targets(board, track, mover, members, chosen, rest, &mut targets).is_some() {
                let i = members.iter().position(|&m| m == chosen).unwrap_or(0);
                out.push(Move::new(g, chosen, targets[i].0));
            }
        }
    }

    #[inline]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        Effects {
            captured: advance_group(on.game, on.clock, board, on.mover, m.from, &self.0),
            ..Effects::default()
        }
    }

    fn notation(&self, from: &str, _to: &str, _enemy: bool) -> String {
        format!("all {from}")
    }
}

/// Calls `at` with each site of the mover's pieces, in ascending order: on a board of one word
/// the word's bits, without the general walk's copy of every word of the set.
#[inline(always)]
fn each_piece(board: &Board, mover: u8, words: usize, mut at: impl FnMut(Site)) {
    let owned = &board.owned[mover as usize & (MAX_PLAYERS - 1)];
    if words <= 1 {
        let mut w = owned.0[0];
        while w != 0 {
            at(w.trailing_zeros() as Site);
            w &= w - 1;
        }
    } else {
        for s in owned.iter_in(words) {
            at(s);
        }
    }
}

/// Where a piece at `pos` on `track` ends after `steps`, with its new position (inlined
/// everywhere: the plain advance's hot loop must keep it inline).
#[inline(always)]
pub(crate) fn track_target(track: &Track, player: u8, pos: u8, steps: i64) -> Option<(Site, u8)> {
    let sites = &track.sites[player as usize];
    let len = sites.len() as i64;
    // `steps` may be any 64-bit value a game computes: reduce it before adding, never overflow.
    let np = if track.looped {
        // The usual throw is shorter than the loop: one subtraction, not two divisions.
        if (0..len).contains(&steps) {
            let np = pos as i64 + steps;
            if np >= len {
                np - len
            } else {
                np
            }
        } else {
            (pos as i64 + steps.rem_euclid(len)).rem_euclid(len)
        }
    } else {
        match (pos as i64).checked_add(steps) {
            Some(np) if (0..len).contains(&np) => np,
            _ => return None,
        }
    };
    sites.get(np as usize).map(|&t| (t, np as u8))
}

/// The most pieces an advance-all moves: one per site.
const MAX_GROUP: usize = 64 * SITE_WORDS;

/// The pieces an advance-all moves, their count and the steps left for the chosen one.
fn group(
    board: &Board,
    mover: u8,
    state: Option<u8>,
    steps: i64,
    out: &mut [Site; MAX_GROUP],
) -> (usize, i64) {
    let me = mover + 1;
    let mut n = 0;
    for (s, c) in board.cells.iter().enumerate().take(MAX_GROUP) {
        if c.owner == me && state.is_none_or(|st| c.state == st) {
            out[n] = s as Site;
            n += 1;
        }
    }
    (n, steps.saturating_sub(n as i64))
}

/// The final sites of an advance-all with `chosen` going on; `None` if two end together or on an own piece.
fn group_targets(
    board: &Board,
    track: &Track,
    mover: u8,
    members: &[Site],
    chosen: Site,
    rest: i64,
    out: &mut [(Site, u8); MAX_GROUP],
) -> Option<()> {
    let me = mover + 1;
    for (i, &s) in members.iter().enumerate() {
        let c = board.cells[s as usize];
        let steps = if s == chosen {
            rest.saturating_add(1)
        } else {
            1
        };
        let (t, np) = track_target(track, mover, c.pos, steps)?;
        let tc = board.cells[t as usize];
        if tc.owner == me && !members.contains(&t) {
            return None;
        }
        if out[..i].iter().any(|&(u, _)| u == t) {
            return None;
        }
        out[i] = (t, np);
    }
    Some(())
}

/// An advance-all (rare, with large buffers): kept out of line so `apply_gen` stays small.
/// Returns what it captured.
#[inline(never)]
fn advance_group(
    game: &Game,
    clock: &Clock,
    board: &mut Board,
    mover: u8,
    chosen: Site,
    how: &Advance,
) -> u32 {
    let mut captured = 0;
    let ctx = Ctx::after(game, clock, board, mover);
    let k = ctx.int(&how.steps);
    let mut members = [0; MAX_GROUP];
    let (count, rest) = group(board, mover, how.state, k, &mut members);
    let tr = &game.tracks[how.track as usize];
    let mut targets = [(0, 0); MAX_GROUP];
    if group_targets(
        board,
        tr,
        mover,
        &members[..count],
        chosen,
        rest,
        &mut targets,
    )
    .is_some()
    {
        let mut pieces = [Cell::default(); MAX_GROUP];
        for (i, &s) in members[..count].iter().enumerate() {
            pieces[i] = board.cells[s as usize];
            board.clear(s as usize);
        }
        for i in 0..count {
            let (t, np) = targets[i];
            let piece = Cell {
                count: 1,
                pos: np,
                state: how.set_state.unwrap_or(pieces[i].state),
                ..pieces[i]
            };
            captured += land(
                board,
                mover,
                t,
                piece,
                how.captured,
                &game.demote,
                how.stack,
            );
        }
    }
    captured
}

/// Puts one of the mover's pieces on site `t`, capturing what an opponent had there and sending
/// it where `to` says; returns the counters captured.
#[inline(always)]
pub(crate) fn land(
    board: &mut Board,
    mover: u8,
    t: Site,
    piece: Cell,
    to: CaptureTo,
    demote: &[u8],
    stack: bool,
) -> u32 {
    let target = board.cells[t as usize];
    // Enemies: occupied and not mine.
    let captured = if target.count > 0 && target.owner != mover + 1 {
        board.bank(to, mover, target, demote);
        target.count as u32
    } else {
        0
    };
    // Own pieces there (a stack the rule allows): the piece joins them.
    let piece = if stack && target.count > 0 && target.owner == mover + 1 {
        Cell {
            count: target.count.saturating_add(1),
            ..piece
        }
    } else {
        piece
    };
    board.put(t as usize, piece);
    captured
}
