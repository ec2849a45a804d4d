//! The placement loop on a board of one word (`Game::word_placing`): each player's placements
//! counted and drawn in one word, a condition of neighbours' occupancy read as a few shifts
//! ([`BesideWord`]), the piece put on the word, and the end rules read in place (the shift
//! loop's [`Ending`], lines through the last move's site among its tests). It draws the same
//! numbers in the same order and plays the same moves as the placement loop of `placing.rs`, so a
//! seed plays the same game and leaves the same state.

use super::super::sample::index_below;
use super::super::shifting::ending::Ending;
use super::super::state::{Board, Cell, NodeType, State};
use super::super::turn::{end_turn_after_move, keep_after_move, settle_rule, KEPT_AFTER_A_MOVE};
use crate::compile::ir::{Gen, Phase, Site, MAX_PLAYERS};
use crate::engine::draw::{DrawOp, Family};
use crate::engine::playout::{play_selecting, SelectingLoop};
use crate::engine::{Game, Move};
use crate::ludemes::{BesideWord, MoveFamily, MoverTurn};
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
}

/// Each player's placement and the end rules, for a placement game on a board of one word.
#[derive(Debug, Clone, PartialEq)]
pub struct WordPlacing {
    seats: [Seat; MAX_PLAYERS],
    ending: Ending,
}

impl WordPlacing {
    /// The plan of a game the placement loop plays (`Game::place_only`) on a board of one word,
    /// whose placements' conditions are `or`s of `beside` tests and whose end rules the shift
    /// loop's [`Ending`] reads in place. `None` for any other game.
    pub(crate) fn of(game: &Game) -> Option<Box<WordPlacing>> {
        if !game.place_only() || game.topology.words != 1 || game.sites() > 64 {
            return None;
        }
        let draw = game.draw_plan(0);
        let seat = |ops: &Vec<DrawOp>| {
            let [DrawOp::Count { gen, family, .. }] = ops.as_slice() else {
                return None;
            };
            let (count, to, test) = match family {
                Family::Place { count, to } => (*count, to, BesideWord::ALWAYS),
                Family::PlaceWhere { count, to, test } => (*count, to, test.in_word()?),
                _ => return None,
            };
            // A placement of no piece empties its site: not what the loop plays.
            (count > 0).then_some(Seat {
                gen: *gen,
                count,
                to: to.0[0],
                test,
            })
        };
        let players = (game.players as usize).min(MAX_PLAYERS);
        let mut seats = [Seat {
            gen: 0,
            count: 1,
            to: 0,
            test: BesideWord::ALWAYS,
        }; MAX_PLAYERS];
        for (p, ops) in draw.ops.iter().enumerate().take(players) {
            seats[p] = seat(ops)?;
        }
        Some(Box::new(WordPlacing {
            seats,
            ending: Ending::of(game)?,
        }))
    }
}

/// Plays random placements from `state` to the end, as the placement loop does.
pub(super) fn play(game: &Game, plan: &WordPlacing, state: &mut State, rng: &mut impl Rng) {
    let Some(Phase::Decision { .. }) = game.phases.first() else {
        return;
    };
    play_selecting(game, plan, state, rng);
}

/// The loop, its draws' last step through `select`.
impl SelectingLoop for WordPlacing {
    #[inline(always)]
    fn play(
        &self,
        game: &Game,
        state: &mut State,
        rng: &mut impl Rng,
        select: impl Fn(u64, u32) -> u8 + Copy,
    ) {
        let seat = |mover: u8| &self.seats[mover as usize & (MAX_PLAYERS - 1)];
        let mut next = match state.node {
            NodeType::Decision => draw(
                seat(state.mover),
                &state.board,
                state.mover,
                (&mut *rng, select),
            ),
            _ => None,
        };
        while state.node == NodeType::Decision {
            let Some(to) = next else {
                break;
            };
            let actor = state.mover;
            put(game, state, actor, to, seat(actor));
            state.clock.last = super::super::Last { from: to, to };
            // A placement captures nothing and makes no progress of its own.
            if game.needs.intersects(KEPT_AFTER_A_MOVE) {
                keep_after_move(game, state, 0);
            }
            end_turn_after_move(game, state, actor);
            let chosen = draw(
                seat(state.mover),
                &state.board,
                state.mover,
                (&mut *rng, select),
            );
            let stuck = chosen.is_none().then_some(state.mover);
            let rule = self.ending.first(&game.topology, state, actor, stuck);
            next = if settle_rule(game, state, actor, stuck, rule) {
                None
            } else {
                chosen
            };
        }
    }
}

/// The site the placement draw picks for `mover` (`sample::pick_placement`): the candidates
/// counted, one drawn uniformly by the same number.
#[inline(always)]
fn draw(
    seat: &Seat,
    board: &Board,
    mover: u8,
    (rng, select): (&mut impl Rng, impl Fn(u64, u32) -> u8),
) -> Option<Site> {
    let p = mover as usize & (MAX_PLAYERS - 1);
    let filled = board.filled.0[0];
    let held = 0u64.wrapping_sub(u64::from(board.hand[p] >= seat.count));
    let set = seat
        .test
        .sites(seat.to & !filled & held, filled, board.owned[p].0[0]);
    let total = set.count_ones();
    if total == 0 {
        return None;
    }
    let r = index_below(rng, total as usize) as u32;
    Some(Site::from(select(set, r)))
}

/// Puts the mover's piece on `to`: what `Place::apply` does for a placement of the loop's
/// shape, on the board's one word.
#[inline(always)]
fn put(game: &Game, state: &mut State, actor: u8, to: Site, seat: &Seat) {
    let board = &mut state.board;
    if board.keyed | board.kinded {
        return put_kept(game, state, actor, to, seat);
    }
    let p = actor as usize & (MAX_PLAYERS - 1);
    let hand = &mut board.hand[p];
    *hand -= seat.count.min(*hand);
    board.cells[to as usize] = Cell::piece(actor, seat.count);
    let bit = 1u64 << (to & 63);
    board.filled.0[0] |= bit;
    board.owned[p].0[0] |= bit;
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
