//! Flying jumps: a chain whose piece crosses empty sites before and after each piece it jumps,
//! as a draughts king does.

use super::{Jump, Walk};
use crate::compile::ir::{Site, Sites, NO_SITE};
use crate::engine::Game;
use crate::engine::{chain_turn, site_name, Board, Effects, Move};
use crate::ludemes::hop::land;
use crate::ludemes::MoverTurn;

impl<const W: usize> Walk<'_, W> {
    /// Every flying chain that goes on from `at`, as [`Walk::from`] does for plain jumps: a jump
    /// crosses empty sites to the first piece on its line, an opposing piece not jumped yet, and
    /// lands on any empty site beyond, up to [`Move::MAX_BEYOND`]; jumped pieces stay, so a
    /// line that meets one is closed.
    pub(super) fn fly(
        &self,
        at: Site,
        jumped: &mut Sites<W>,
        (bits, len, last): (u64, usize, u8),
        out: &mut Vec<Move>,
    ) {
        let topology = &self.game.topology;
        let mut went_on = false;
        if len < Move::MAX_FLIGHTS {
            for &d in self.dirs {
                let mut over = topology.neighbour(at, d);
                while over != NO_SITE && self.empty(over) {
                    over = topology.neighbour(over, d);
                }
                if over == NO_SITE || !self.theirs.contains(over) || jumped.contains(over) {
                    continue;
                }
                // The way back meets the piece just jumped: a later jump's turn is never zero.
                let code = if len == 0 { d } else { chain_turn(last, d) };
                let mut land = topology.neighbour(over, d);
                let mut beyond = 0u8;
                jumped.insert(over);
                while land != NO_SITE && self.empty(land) && beyond < Move::MAX_BEYOND {
                    went_on = true;
                    let flight = (code | beyond << 3) as u64;
                    self.fly(land, jumped, (bits | flight << (6 * len), len + 1, d), out);
                    land = topology.neighbour(land, d);
                    beyond += 1;
                }
                jumped.remove(over);
            }
        }
        if !went_on && len > 0 {
            out.push(Move::new(self.g, self.origin, at).with_chain_bits(bits));
        }
    }
}

/// The jumps of flying chain `m` on `board` before it is played: for each, the site of the
/// piece jumped (the first occupied one on its line, the chain's origin empty) and the landing.
/// The jumped pieces all stand until the chain ends, so the board needs no change on the way.
pub(super) fn path<'a>(
    game: &'a Game,
    board: &'a Board,
    m: Move,
) -> impl Iterator<Item = (Site, Site)> + 'a {
    let topology = &game.topology;
    // The origin is crossed as empty when its piece was alone there, as the walk saw it.
    let origin_empties = board.cells[m.from as usize].count == 1;
    let empty = move |s: Site| !board.filled.contains(s) || (s == m.from && origin_empties);
    let mut at = m.from;
    m.flights().map_while(move |(d, beyond)| {
        let mut over = topology.neighbour(at, d);
        while over != NO_SITE && empty(over) {
            over = topology.neighbour(over, d);
        }
        if over == NO_SITE {
            return None;
        }
        at = over;
        for _ in 0..beyond {
            at = topology.neighbour(at, d);
        }
        Some((over, at))
    })
}

/// Plays a flying chain: the piece leaves its origin, and the pieces it jumped go when the
/// chain ends.
pub(super) fn apply(jump: &Jump, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
    let mover = on.mover;
    let mut overs = [NO_SITE; Move::MAX_FLIGHTS];
    for (k, (over, _)) in path(on.game, board, m).enumerate() {
        overs[k] = over;
    }
    let moving = board.cells[m.from as usize];
    board.take_one(m.from as usize);
    let mut captured = 0;
    for &over in overs.iter().take_while(|&&s| s != NO_SITE) {
        let taken = board.cells[over as usize];
        captured += taken.count as u32;
        board.bank(jump.captured, mover, taken, &on.game.demote);
        board.clear(over as usize);
    }
    land(board, mover + 1, m.to, moving);
    Effects {
        captured,
        ..Effects::default()
    }
}

/// A flying chain written as its landings, each after an `x`, as plain chains are.
pub(super) fn notation(game: &Game, board: &Board, m: Move, from: &str) -> String {
    let mut out = from.to_string();
    for (_, landing) in path(game, board, m) {
        out.push('x');
        out.push_str(&site_name(game, landing));
    }
    out
}
