//! The observation tensor: what a learner sees of a state, as planes over the board's sites.
//!
//! Planes, each one value per site: the pieces of each player on the site, the neutral counters
//! on it (in a game that sows none, 1 on each empty site instead: with the players' planes,
//! pyspiel's layout for Go), one plane per piece kind when the game has more than one (1 where such a piece stands),
//! then planes that hold one value everywhere: the player to move (one-hot, a plane a player), each
//! player's hand and each player's store.

use ludus::{Game, State};

/// The shape (planes, sites) of a game's observations.
pub fn shape(game: &Game) -> (usize, usize) {
    let players = game.players as usize;
    let kinds = if game.kinds.len() > 1 {
        game.kinds.len()
    } else {
        0
    };
    (players * 4 + 1 + kinds, game.topology.sites())
}

/// Writes a state's observation into `out` (planes × sites values, zeroed here first).
pub fn write(game: &Game, state: &State, out: &mut [f32]) {
    let (planes, sites) = shape(game);
    debug_assert_eq!(out.len(), planes * sites);
    out.fill(0.0);
    let players = game.players as usize;
    let kinds = planes - players * 4 - 1;
    for (s, cell) in state.cells().iter().enumerate().take(sites) {
        if cell.count == 0 {
            continue;
        }
        let plane = if cell.owner == 0 {
            players
        } else {
            (cell.owner as usize - 1).min(players - 1)
        };
        out[plane * sites + s] = cell.count as f32;
        if kinds > 0 && cell.owner != 0 && (cell.kind as usize) < kinds {
            out[(players + 1 + cell.kind as usize) * sites + s] = 1.0;
        }
    }
    // A game that sows no counters has no neutral ones: the plane shows the empty sites.
    if !sows(game) {
        let board = &mut out[players * sites..(players + 1) * sites];
        for (s, cell) in state.cells().iter().enumerate().take(sites) {
            if cell.count == 0 {
                board[s] = 1.0;
            }
        }
    }
    let base = players + 1 + kinds;
    let mut fill = |plane: usize, value: f32| {
        out[plane * sites..(plane + 1) * sites].fill(value);
    };
    if !state.is_terminal() {
        fill(base + (state.mover() as usize).min(players - 1), 1.0);
    }
    let hands = state.hands();
    let stores = state.scores();
    for p in 0..players {
        fill(base + players + p, hands[p] as f32);
        fill(base + 2 * players + p, stores[p] as f32);
    }
}

/// Whether the game sows counters, which are no one's: its neutral plane then counts them.
fn sows(game: &Game) -> bool {
    game.gens.iter().any(|d| d.gen.family() == "sow")
}
