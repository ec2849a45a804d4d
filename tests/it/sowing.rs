//! The sowing loop of playouts (`Game::sowing_kernel`) against the general loop: from the same seeds,
//! the same final position, history and counts, for every shipped game and variant it plays,
//! from the start and from positions part-way through a game.

use crate::setup;

use ludus::Game;
use setup::{agree_with_general, load};

/// Each game the loop plays, with option settings that change its board, counts and end rules.
const SOWING: &[(&str, &[(&str, &str)])] = &[
    ("games/woli.game", &[]),
    ("games/woli.game", &[("counters", "3")]),
    ("games/woli.game", &[("counters", "1")]),
    ("games/woli.game", &[("limit", "50")]),
    // The counts in bytes while the board's counters fit one (252), and in 16 bits past it (264).
    ("games/woli.game", &[("counters", "21")]),
    ("games/woli.game", &[("counters", "22")]),
    ("tests/variants/woli-4.game", &[]),
    ("tests/sowing/woli-own-row.game", &[]),
    ("tests/sowing/woli-empty-own.game", &[]),
    ("tests/sowing/woli-empty-own.game", &[("counters", "1")]),
    ("tests/sowing/woli-plans.game", &[]),
    ("tests/sowing/woli-plans.game", &[("counters", "3")]),
    // Relay sowing, counter by counter: a track without stores, laps skipping the hole lifted.
    ("tests/sowing/woli-relay.game", &[]),
    ("tests/sowing/woli-relay.game", &[("counters", "1")]),
    ("tests/sowing/woli-relay.game", &[("counters", "9")]),
    ("games/papan-dakon.game", &[]),
    ("tests/variants/congkak.game", &[("counters", "4")]),
    ("games/tabou.game", &[]),
    ("games/tabou.game", &[("transfers", "off")]),
    ("games/tabou.game", &[("draw-25-23", "on")]),
    ("games/tabou.game", &[("counters", "3")]),
    ("games/tabou.game", &[("limit", "60")]),
    ("games/tabou.game", &[("counters", "30")]),
    ("tests/variants/tabou-5.game", &[]),
    ("tests/sowing/tabou-open.game", &[]),
    ("tests/sowing/tabou-open.game", &[("counters", "1")]),
    ("tests/sowing/tabou-open.game", &[("counters", "3")]),
    ("tests/variants/oware.game", &[]),
    ("games/kalah.game", &[]),
    ("games/kalah.game", &[("end", "either")]),
    ("games/kalah.game", &[("pits", "4"), ("seeds", "2")]),
    ("games/kalah.game", &[("pits", "3"), ("seeds", "3")]),
    ("games/kalah.game", &[("seeds", "30")]),
    ("tests/variants/kalah-clockwise.game", &[]),
    ("tests/sowing/kalah-last.game", &[]),
    ("tests/sowing/kalah-last.game", &[("seeds", "1")]),
];

/// Plays `n` seeded playouts with the loop `game` selects and with the general one, and
/// compares them; every other one from a position some moves in.
fn agree(game: &Game, n: u64) {
    let mut general = game.clone();
    general.use_general_loop();
    agree_with_general(&game.name, game, &general, n, 13);
}

#[test]
fn the_sowing_loop_plays_as_the_general_loop() {
    for (file, options) in SOWING {
        let game = load(file, options);
        assert!(
            game.sowing_kernel().is_some(),
            "{file} {options:?} is played by the sowing loop"
        );
        agree(&game, 600);
    }
}

#[test]
fn the_sowing_loop_plays_the_openings_transfers() {
    let opens = |file: &str, options: &[(&str, &str)]| {
        let game = load(file, options);
        game.sowing_kernel()
            .as_ref()
            .is_some_and(|k| k.plays_opening())
    };
    assert!(opens("games/tabou.game", &[]));
    assert!(opens("tests/sowing/tabou-open.game", &[]));
    // No condition on the clock: no opening.
    assert!(!opens("games/tabou.game", &[("transfers", "off")]));
    assert!(!opens("games/woli.game", &[]));
}

/// Plays many seeded playouts of games with an opening from positions inside it (every number
/// of moves up to the opening's end and a little past it), both ways.
#[test]
fn the_sowing_loop_plays_as_the_general_loop_from_inside_the_opening() {
    for (file, options) in [
        ("games/tabou.game", &[][..]),
        ("tests/sowing/tabou-open.game", &[]),
        ("tests/sowing/tabou-open.game", &[("counters", "1")]),
    ] {
        let game = load(file, options);
        let mut general = game.clone();
        general.use_general_loop();
        agree_with_general(&game.name, &game, &general, 400, 11);
    }
}

#[test]
fn games_of_other_shapes_keep_the_general_loop() {
    for file in [
        "games/toki.game",
        "games/sig.game",
        "games/hex.game",
        "games/ur.game",
        "games/tictactoe.game",
    ] {
        assert!(load(file, &[]).sowing_kernel().is_none(), "{file}");
    }
    // A board too large for the loop's lane.
    let wide = load("games/kalah.game", &[("pits", "12")]);
    assert!(wide.sowing_kernel().is_none());
}
