//! What conditions and integers are evaluated against, and what a move did: the context of the
//! rules' expressions, read on the hot path.

use super::moves::Move;
use super::state::{Board, Clock, History, Last, State};
use crate::compile::choice::within_range;
use crate::compile::ir::*;
use crate::compile::Needs;
use crate::engine::Game;

/// What applying a generator's move did, for history and the last move (small enough to come
/// back in registers; the sites a sowing passed stay on the board, in [`Board::sown`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Effects {
    pub captured: u32,
    /// Where the move ended when that is not its `to` (a sowing's last counter); else [`NO_SITE`].
    pub landed: Site,
    /// Whether the move made progress (`(progress)` among its effects): 1 or 0. A byte, not a
    /// bool, so that an `Option` of a move and its effects keeps its niche in the move.
    pub progress: u8,
}

impl Default for Effects {
    #[inline(always)]
    fn default() -> Effects {
        Effects {
            captured: 0,
            landed: NO_SITE,
            progress: 0,
        }
    }
}

impl Effects {
    /// What `landed` holds when the piece left the board (borne off): a site beyond every
    /// board, which no region holds and no neighbour table knows.
    pub(crate) const OFF: Site = NO_SITE - 1;

    /// The last move that `m`, having had these effects, makes.
    #[inline(always)]
    pub(crate) fn last(&self, m: Move) -> Last {
        Last {
            from: m.from,
            to: if self.landed == NO_SITE {
                m.to
            } else {
                self.landed
            },
        }
    }

    /// The clock that conditions read right after move `m`: a copy with this move as the last
    /// (and its captures), put in `slot`, made only when some condition of the game reads the
    /// last move or what it captured.
    #[inline(always)]
    pub(crate) fn clock_after<'c>(
        &self,
        game: &Game,
        clock: &'c Clock,
        m: Move,
        slot: &'c mut Option<Clock>,
    ) -> &'c Clock {
        if !game.needs.intersects(Needs::LAST.with(Needs::CAPTURED)) {
            return clock;
        }
        slot.insert(Clock {
            last: self.last(m),
            captured: self.captured,
            ..*clock
        })
    }
}

/// What conditions and integers are evaluated against.
pub(crate) struct Ctx<'a> {
    pub game: &'a Game,
    pub clock: &'a Clock,
    pub board: &'a Board,
    /// The player `Mover` stands for.
    pub mover: u8,
    /// The player to move, when they have no legal move.
    pub stuck: Option<u8>,
    /// Whether the position occurred before.
    pub repeated: bool,
    /// The positions the game went through (empty where the context is not a state's).
    pub history: &'a History,
}

/// The history of a context made of parts: no positions.
static NO_HISTORY: History = History::EMPTY;

impl<'a> Ctx<'a> {
    /// The context of a board with `mover` as `Mover` (in effects and end rules).
    #[inline]
    pub fn after(game: &'a Game, clock: &'a Clock, board: &'a Board, mover: u8) -> Ctx<'a> {
        Ctx {
            game,
            clock,
            board,
            mover,
            stuck: None,
            repeated: false,
            history: &NO_HISTORY,
        }
    }

    /// The context of a position before a move: `Mover` is the player to move.
    #[inline]
    pub fn of(game: &'a Game, state: &'a State) -> Ctx<'a> {
        Ctx {
            history: &state.history,
            ..Ctx::after(game, &state.clock, &state.board, state.mover)
        }
    }

    #[inline]
    pub(crate) fn who(&self, w: Who) -> u8 {
        let p = match w {
            Who::Player(p) => p,
            Who::Mover => self.mover,
            Who::Next => self.game.next[self.mover as usize & (MAX_PLAYERS - 1)],
            Who::Prev => self.game.prev[self.mover as usize & (MAX_PLAYERS - 1)],
        };
        // Players are below MAX_PLAYERS (checked at load): the mask spares the bounds checks.
        p & (MAX_PLAYERS as u8 - 1)
    }

    /// The sites of region `r` read with the mover.
    #[inline]
    pub(crate) fn sites(&self, r: RegionRef) -> &[Site] {
        &self.game.regions[r.0 as usize].sites[self.mover as usize]
    }

    /// Whether the region (read with the mover) has a site in `set`.
    #[inline]
    fn meets(&self, r: RegionRef, set: &Sites) -> bool {
        self.game.regions[r.0 as usize].mask[self.mover as usize].intersects(set)
    }

    /// The value of an integer expression; leaves are read inline, sums and counts out of line.
    #[inline(always)]
    pub fn int(&self, e: &IntExpr) -> i64 {
        match e {
            IntExpr::Lit(v) => *v,
            IntExpr::Pips => self.clock.pips,
            IntExpr::InHand(w) => self.board.hand[self.who(*w) as usize] as i64,
            IntExpr::Score(w) => self.board.store[self.who(*w) as usize] as i64,
            IntExpr::Var(w, v) => self.board.vars[self.who(*w) as usize][*v as usize],
            // Counters reach i64::MAX only after centuries of play: the conversion cannot wrap.
            IntExpr::MovesPlayed => self.clock.moves_played as i64,
            IntExpr::EdgesPlayed => self.clock.edges_played as i64,
            IntExpr::MovesMade(w) => self.clock.moves_made[self.who(*w) as usize] as i64,
            IntExpr::MovesWithoutProgress => self.clock.since_progress as i64,
            IntExpr::MovesThisTurn => self.clock.turn_moves as i64,
            IntExpr::Captured => self.clock.captured as i64,
            IntExpr::CountIn(_)
            | IntExpr::PiecesOnBoard(_)
            | IntExpr::Arith(..)
            | IntExpr::CountOf(..)
            | IntExpr::CountKind(..)
            | IntExpr::DiceLeft => self.int_composite(e),
        }
    }

    /// Sums and counts, kept out of line so the leaves stay small.
    #[inline(never)]
    fn int_composite(&self, e: &IntExpr) -> i64 {
        match e {
            IntExpr::CountIn(r) => self
                .sites(*r)
                .iter()
                .map(|&s| self.board.cells[s as usize].count as i64)
                .sum(),
            IntExpr::PiecesOnBoard(w) => self.pieces_on_board(self.who(*w)),
            IntExpr::Arith(op, a, b) => op.apply(self.int(a), self.int(b)),
            IntExpr::CountOf(w, r) => {
                let mine = &self.board.owned[self.who(*w) as usize];
                self.sites(*r)
                    .iter()
                    .filter(|&&s| mine.contains(s))
                    .map(|&s| self.board.cells[s as usize].count as i64)
                    .sum()
            }
            IntExpr::CountKind(w, r, kind) => {
                let pieces = match w {
                    Some(w) => &self.board.owned[self.who(*w) as usize],
                    None => &self.board.filled,
                };
                self.sites(*r)
                    .iter()
                    .filter(|&&s| pieces.contains(s))
                    .map(|&s| &self.board.cells[s as usize])
                    .filter(|c| c.kind == *kind)
                    .map(|c| c.count as i64)
                    .sum()
            }
            IntExpr::DiceLeft => crate::ludemes::dice_count(self.clock.dice) as i64,
            // The leaves: `int` reads them and sends only the kinds above here.
            _ => self.int(e),
        }
    }

    /// The pieces of player `p` on the board: the counts of their cells, walked in the words
    /// the board needs.
    #[inline(never)]
    fn pieces_on_board(&self, p: u8) -> i64 {
        let (owned, cells) = (&self.board.owned[p as usize], &self.board.cells);
        let mut pieces = 0;
        owned.each_within(self.game.topology.words, |s| {
            pieces += cells.get(s as usize).map_or(0, |c| c.count as i64);
        });
        pieces
    }

    /// Whether the region (read with the mover) holds a site, [`NO_SITE`] being in none.
    #[inline]
    fn region_holds(&self, r: RegionRef, site: Site) -> bool {
        site != NO_SITE && region_has(self.game, Some(r), self.mover, site)
    }

    /// One leaf test, out of line: for a caller that reads the commonest tests itself.
    #[inline(never)]
    pub(crate) fn test_apart(&self, t: &Test) -> bool {
        self.test(t)
    }

    /// One leaf test of a compiled condition.
    #[inline(always)]
    fn test(&self, t: &Test) -> bool {
        match t {
            Test::Within(e, lo, hi) => within_range(self.int(e), *lo, *hi),
            Test::Compare(op, a, b) => op.holds(self.int(a), self.int(b)),
            Test::Leaf(l) => self.leaf(l),
        }
    }

    /// A test that reads the position directly.
    #[inline(always)]
    fn leaf(&self, l: &Leaf) -> bool {
        match l {
            Leaf::IsIn(v, list) => list.contains(&self.int(v)),
            Leaf::NoMoves(w) => self.stuck == Some(self.who(*w)),
            Leaf::NoPieces(w) => {
                let p = self.who(*w) as usize & (MAX_PLAYERS - 1);
                self.board.hand[p] == 0 && self.board.owned[p].is_empty()
            }
            Leaf::Repeated => self.repeated,
            Leaf::Empty(r) => !self.meets(*r, &self.board.filled),
            Leaf::Filled(r) => self.meets(*r, &self.board.filled),
            Leaf::Full(r) => self.game.regions[r.0 as usize].mask[self.mover as usize & 3]
                .and_not(&self.board.filled)
                .is_empty(),
            Leaf::SownInto(r) => self.meets(*r, &self.board.sown.0),
            Leaf::LandedIn(r) => self.region_holds(*r, self.clock.last.to),
            Leaf::MovedFrom(r) => self.region_holds(*r, self.clock.last.from),
            Leaf::Line(l) => crate::ludemes::in_line(self, l),
            Leaf::Connected(c) => crate::ludemes::connected(self, c),
            Leaf::OneGroup(o) => crate::ludemes::one_group(self, o),
            Leaf::Passed => self.clock.moves_played > 0 && self.clock.last.from == NO_SITE,
            Leaf::Beside(b) => b.holds(self),
            Leaf::Attacked(a) => a.holds(self),
        }
    }

    /// The index of the first condition of a compiled list that holds.
    // Always inline: left to the compiler it went out of line, its tests inlined into its loop,
    // when unrelated code grew (Sig +7.5% instructions per edge).
    #[inline(always)]
    pub fn choose(&self, choice: &Choice) -> Option<usize> {
        choice.run(|t| self.test(t))
    }

    /// Whether a compiled condition holds.
    #[inline]
    pub fn holds(&self, choice: &Choice) -> bool {
        self.choose(choice).is_some()
    }
}

/// Whether `site` is in region `r` read for `mover` (anywhere when there is no region).
#[inline]
pub(crate) fn region_has(game: &Game, r: Option<RegionRef>, mover: u8, site: Site) -> bool {
    r.is_none_or(|r| game.regions[r.0 as usize].mask[mover as usize].contains(site))
}
