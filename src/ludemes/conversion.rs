//! Conversion: opposing pieces around the site a move ended on change sides, becoming the
//! mover's (pieces infecting their neighbours).

use crate::check::registry::{req, Kind::*, Ludeme, Shape::OneOrList as OL};
use crate::compile::ir::{Dirs, Site};
use crate::engine::{Board, Cell, Game};
use crate::ludemes::Lower;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Every opposing piece next to the site the move ended on, in the directions, becomes the
    /// mover's, keeping its kind and state (a piece that lands turns its neighbours). The
    /// conversions are no capture: `captured` does not count them.
    name: "convert",
    kind: Effect,
    positional: [
        /// the directions looked in from the landing site: a direction, a group such as All, or
        /// a list of them
        req("directions", OL(Dir)),
    ],
    named: [],
    example: "(convert All)",
    lower: Lower::Part,
    refs: [],
}];

/// Turns to `mover` every opposing piece beside `site` in the directions; returns how many.
pub(crate) fn convert(game: &Game, board: &mut Board, mover: u8, site: Site, dirs: &Dirs) -> u32 {
    // A move that left the board (or none) has no neighbours.
    if site as usize >= board.cells.len() {
        return 0;
    }
    let owner = mover + 1;
    let mut turned = 0;
    for &d in dirs.of(mover) {
        let n = game.topology.neighbour(site, d);
        let Some(&cell) = board.cells.get(n as usize) else {
            continue;
        };
        if cell.count > 0 && cell.owner != 0 && cell.owner != owner {
            board.put(n as usize, Cell { owner, ..cell });
            turned += 1;
        }
    }
    turned
}
