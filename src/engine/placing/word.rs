//! The placement loop on a board of one word (`Game::word_placing`): each player's placements
//! counted and drawn in one word, a condition of neighbours' occupancy read as a few shifts
//! ([`BesideWord`]), the piece put on the word, and the end rules read in place (the shift
//! loop's [`Ending`], lines through the last move's site among its tests). It draws the same
//! numbers in the same order and plays the same moves as the placement loop of `placing.rs`, so a
//! seed plays the same game and leaves the same state.

use super::super::sample::index_below;
use super::super::shifting::ending::{ByProgram, EndRules, Ending};
use super::super::state::{Board, Cell, NodeType, State};
use super::super::turn::{end_turn_after_move, keep_after_move, settle_rule, KEPT_AFTER_A_MOVE};
use crate::compile::ir::{Gen, Phase, Site, MAX_PLAYERS};
use crate::engine::draw::{one_move_turns, placement_flank, DrawOp, Family, NO_FILTER};
use crate::engine::playout::{play_selecting, Handover, SelectingLoop};
use crate::engine::{Game, Move};
use crate::ludemes::{BesideSets, BesideWord, Flank, MoveFamily, MoverTurn};
use rand::Rng;

/// One player's placement in one word.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Seat {
    /// The generator.
    gen: u16,
    /// Pieces the hand must hold, and a placement puts.
    count: u16,
    /// Allowed sites.
    to: u64,
    /// The condition (always true for a placement without one).
    test: BesideWord,
    /// Whether the placement is the first set of a priority whose other sets the general loop
    /// plays: where it gives no move, the loop leaves the turn to the general loop.
    fallback: bool,
}

/// Each player's placement and the end rules, for a placement game on a board of one word.
#[derive(Debug, Clone, PartialEq)]
pub struct WordPlacing {
    seats: [Seat; MAX_PLAYERS],
    /// Each player's flank, flipping the runs a placement flanks.
    flanks: [Option<Flank>; MAX_PLAYERS],
    /// Whether some seat has a flank or a fallback: the loop with their tests plays.
    flanking: bool,
    ending: Ending,
}

impl WordPlacing {
    /// The plan of a game whose turns are one placement each (`draw::one_move_turns`) on a
    /// board of one word, each player's draw one family of placements whose condition is an `or`
    /// of `beside` tests (and perhaps a flank to make), or such a family as the first set of a
    /// priority, and whose end rules the shift loop's [`Ending`] reads in place. `None` for any
    /// other game.
    pub(crate) fn of(game: &Game) -> Option<Box<WordPlacing>> {
        if !one_move_turns(game) || game.topology.words != 1 || game.sites() > 64 {
            return None;
        }
        let draw = game.draw_plan(0);
        let players = (game.players as usize).min(MAX_PLAYERS);
        let mut seats = [Seat {
            gen: 0,
            count: 1,
            to: 0,
            test: BesideWord::ALWAYS,
            fallback: false,
        }; MAX_PLAYERS];
        let mut flanks = [const { None }; MAX_PLAYERS];
        for (p, ops) in draw.ops.iter().enumerate().take(players) {
            (seats[p], flanks[p]) = seat(game, ops)?;
        }
        let flanking = seats.iter().any(|s| s.fallback) || flanks.iter().any(Option::is_some);
        Some(Box::new(WordPlacing {
            seats,
            flanks,
            flanking,
            ending: Ending::of(game)?,
        }))
    }
}

impl WordPlacing {
    /// Whether the loop reads the end rules as a line then a player stuck, with no program.
    pub fn reads_line_first(&self) -> bool {
        self.ending.line_first().is_some()
    }
}

/// One player's seat and flank, from the player's draw: one family of placements, alone or as
/// the first set of a priority.
fn seat(game: &Game, ops: &[DrawOp]) -> Option<(Seat, Option<Flank>)> {
    let (op, fallback) = match ops {
        [op] => (op, false),
        [DrawOp::SetStart, op, DrawOp::IfAny(_), ..] => (op, true),
        _ => return None,
    };
    let DrawOp::Count {
        gen,
        tag: NO_FILTER,
        family,
    } = op
    else {
        return None;
    };
    let flank = placement_flank(game, *gen)?;
    // Flips capture nothing: the loop plays no removal, and keeps no count of captures.
    if flank.is_some_and(|f| f.remove || f.rays.is_none()) {
        return None;
    }
    let flank = flank.cloned();
    let (count, to, (test, flanks)) = match family {
        Family::Place { count, to } => (*count, to, (BesideWord::ALWAYS, false)),
        Family::PlaceWhere { count, to, test } => (*count, to, split_flank(test)?),
        _ => return None,
    };
    // A placement of no piece empties its site: not what the loop plays. A required flank is
    // the family's test: the loop reads it from the flank.
    let required = flank.as_ref().is_some_and(|f| f.required);
    (count > 0 && flanks == required).then_some((
        Seat {
            gen: *gen,
            count,
            to: to.0[0],
            test,
            fallback,
        },
        flank,
    ))
}

/// A family's condition as the loop reads it: its `beside` tests in one word, and whether it
/// holds a flank to make.
fn split_flank(test: &BesideSets) -> Option<(BesideWord, bool)> {
    match test {
        BesideSets::Flanks { .. } => Some((BesideWord::ALWAYS, true)),
        BesideSets::All(parts) => match parts.as_slice() {
            [BesideSets::Flanks { .. }, rest] => Some((rest.in_word()?, true)),
            _ => Some((test.in_word()?, false)),
        },
        _ => Some((test.in_word()?, false)),
    }
}

/// Plays random placements from `state` to the end, as the placement loop does; or until a
/// player's placements give no move where the general loop plays the rest of the turn
/// ([`Handover`]).
pub(super) fn play(
    game: &Game,
    plan: &WordPlacing,
    state: &mut State,
    rng: &mut impl Rng,
) -> Option<Handover> {
    let Some(Phase::Decision { .. }) = game.phases.first() else {
        return None;
    };
    // A game without flanks or a fallback runs a loop without their tests, compiled apart: in
    // one function with the other, Connect Four's loop took 2% more instructions. End rules of
    // a line then a player stuck are read inline, with no program (Connect Four 23% fewer
    // instructions).
    match (plan.flanking, plan.ending.line_first()) {
        (true, _) => play_selecting(game, &Loop::<true, _>(plan, ByProgram), state, rng),
        (false, Some(short)) => play_selecting(game, &Loop::<false, _>(plan, short), state, rng),
        (false, None) => play_selecting(game, &Loop::<false, _>(plan, ByProgram), state, rng),
    }
}

/// The plan as one of its loops: `FLANKS`, whether some seat has a flank or a fallback; and
/// the end rules read as a program (`ByProgram`) or as a line then a player stuck (`LineFirst`).
struct Loop<'a, const FLANKS: bool, E>(&'a WordPlacing, E);

/// The loop, its draws' last step through `select`.
impl<const FLANKS: bool, E: EndRules> SelectingLoop for Loop<'_, FLANKS, E> {
    #[inline(always)]
    fn play(
        &self,
        game: &Game,
        state: &mut State,
        rng: &mut impl Rng,
        select: impl Fn(u64, u32) -> u8 + Copy,
    ) -> Option<Handover> {
        let plan = self.0;
        let seat = |mover: u8| &plan.seats[mover as usize & (MAX_PLAYERS - 1)];
        let mut next = match state.node {
            NodeType::Decision => {
                plan.draw::<FLANKS>(state.mover, &state.board, (&mut *rng, select))
            }
            _ => None,
        };
        if FLANKS
            && next.is_none()
            && state.node == NodeType::Decision
            && seat(state.mover).fallback
        {
            return Some(Handover::Start);
        }
        // Read once: a move of the loop changes neither.
        let kept = game.needs.intersects(KEPT_AFTER_A_MOVE);
        let keyed = state.board.keyed | state.board.kinded;
        while state.node == NodeType::Decision {
            let Some(to) = next else {
                break;
            };
            let actor = state.mover;
            plan.put::<FLANKS>(game, state, (actor, to), keyed);
            state.clock.last = super::super::Last { from: to, to };
            // A placement captures nothing and makes no progress of its own.
            if kept {
                keep_after_move(game, state, 0);
            }
            end_turn_after_move(game, state, actor);
            let chosen = plan.draw::<FLANKS>(state.mover, &state.board, (&mut *rng, select));
            if FLANKS && chosen.is_none() && seat(state.mover).fallback {
                return Some(Handover::After(actor));
            }
            let stuck = chosen.is_none().then_some(state.mover);
            let rule = self
                .1
                .first(&plan.ending, &game.topology, state, actor, stuck);
            next = if settle_rule(game, state, actor, stuck, rule) {
                None
            } else {
                chosen
            };
        }
        None
    }
}

impl WordPlacing {
    /// The site the placement draw picks for `mover` (`sample::pick_placement`): the
    /// candidates counted, one drawn uniformly by the same number.
    #[inline(always)]
    fn draw<const FLANKS: bool>(
        &self,
        mover: u8,
        board: &Board,
        (rng, select): (&mut impl Rng, impl Fn(u64, u32) -> u8),
    ) -> Option<Site> {
        let p = mover as usize & (MAX_PLAYERS - 1);
        let seat = &self.seats[p];
        let (filled, mine) = (board.filled.0[0], board.owned[p].0[0]);
        let held = 0u64.wrapping_sub(u64::from(board.hand[p] >= seat.count));
        let mut set = seat.test.sites(seat.to & !filled & held, filled, mine);
        if let (true, Some(f)) = (FLANKS, &self.flanks[p]) {
            if f.required {
                set = f.flanking_word(mover, set, mine, filled & !mine);
            }
        }
        let total = set.count_ones();
        if total == 0 {
            return None;
        }
        let r = index_below(rng, total as usize) as u32;
        Some(Site::from(select(set, r)))
    }

    /// Puts the mover's piece on `to` and flips the runs it flanks: what `Place::apply` does
    /// for a placement of the loop's shape, on the board's one word; with the placement's own
    /// `apply` where the board is `keyed` (or holds kinds).
    #[inline(always)]
    fn put<const FLANKS: bool>(
        &self,
        game: &Game,
        state: &mut State,
        (actor, to): (u8, Site),
        keyed: bool,
    ) {
        let p = actor as usize & (MAX_PLAYERS - 1);
        let seat = &self.seats[p];
        let board = &mut state.board;
        if keyed {
            return put_kept(game, state, actor, to, seat);
        }
        let hand = &mut board.hand[p];
        *hand -= seat.count.min(*hand);
        board.cells[to as usize] = Cell::piece(actor, seat.count);
        let bit = 1u64 << (to & 63);
        board.filled.0[0] |= bit;
        board.owned[p].0[0] |= bit;
        if let (true, Some(f)) = (FLANKS, &self.flanks[p]) {
            flip(f, board, actor, to);
        }
    }
}

/// Turns the pieces of the runs `actor`'s piece on `to` flanks into `actor`'s, as putting each
/// one's cell with its new owner does.
#[inline(always)]
fn flip(f: &Flank, board: &mut Board, actor: u8, to: Site) {
    let p = actor as usize & (MAX_PLAYERS - 1);
    let (filled, mine) = (board.filled.0[0], board.owned[p].0[0]);
    let runs = f.runs_word(actor, to, mine, filled & !mine);
    let mut left = runs;
    while left != 0 {
        let at = left.trailing_zeros() as usize;
        let cell = &mut board.cells[at];
        let was = cell.owner;
        cell.owner = actor + 1;
        board.owned[usize::from(was.wrapping_sub(1)) & (MAX_PLAYERS - 1)].0[0] &= !(1 << at);
        left &= left - 1;
    }
    board.owned[p].0[0] |= runs;
}

/// Puts the piece with the placement's own `apply`, which keeps the board's key or its kinds.
#[cold]
#[inline(never)]
fn put_kept(game: &Game, state: &mut State, actor: u8, to: Site, seat: &Seat) {
    let on = MoverTurn {
        game,
        clock: &state.clock,
        mover: actor,
    };
    if let Some(Gen::Place(place)) = game.gens.get(seat.gen as usize).map(|d| &d.gen) {
        place.apply(on, &mut state.board, Move::new(seat.gen, to, to));
    }
}
