//! The placement loop of playouts (games whose every edge is one placement, `Game::place_only`)
//! against the general loop: from the same seeds, the same final position and counts, for every
//! shipped game and variant it plays, and for positions part-way through a game.

use crate::setup;

use ludus::Game;
use setup::{agree_with_general, load};

/// Each game the loop plays, with option settings that change its board and its end rules.
const PLACING: &[(&str, &[(&str, &str)])] = &[
    ("games/tictactoe.game", &[]),
    ("games/gomoku.game", &[]),
    ("games/gomoku.game", &[("exactly-five", "on")]),
    ("games/gomoku.game", &[("size", "5")]),
    ("games/gomoku.game", &[("size", "19")]),
    ("games/connect-four.game", &[]),
    // Groups of a connection test, kept by the loop as by a move of the general one.
    ("games/hex.game", &[("pie", "off")]),
    ("games/hex.game", &[("pie", "off"), ("size", "4")]),
    (
        "games/connect-four.game",
        &[("columns", "12"), ("rows", "11"), ("connect", "5")],
    ),
    (
        "games/connect-four.game",
        &[("columns", "19"), ("rows", "19"), ("connect", "2")],
    ),
];

/// Plays `n` seeded playouts with the loop `game` selects and with the general one, and
/// compares them; the first half from the start, the rest from a position some moves in.
fn agree(game: &Game, n: u64) {
    let mut general = game.clone();
    general.use_general_loop();
    agree_with_general(&game.name, game, &general, n, 9);
}

#[test]
fn the_placement_loop_plays_as_the_general_loop() {
    for (file, options) in PLACING {
        let game = load(file, options);
        assert!(
            game.place_only(),
            "{file} {options:?} is played by the placement loop"
        );
        agree(&game, 400);
    }
}

#[test]
fn games_with_other_moves_keep_the_general_loop() {
    for file in [
        "games/hex.game",
        "games/reversi.game",
        "games/toki.game",
        "games/morris.game",
        "games/woli.game",
    ] {
        assert!(!load(file, &[]).place_only(), "{file}");
    }
}
