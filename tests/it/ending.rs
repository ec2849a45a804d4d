//! The end rules read in place by the general turn control (`Game::reads_end_rules_in_place`:
//! a board of one word, no repetition) against the same rules read through a context, as
//! `--loop general` reads them: from the same seeds, the same final positions, counts and random
//! streams, for every shipped game (each with the loop of its shape, or none).

use crate::setup;

use setup::{agree_with_general, general, load, shipped_games};

#[test]
fn every_game_ends_as_the_general_loop_ends_it() {
    let mut in_place = Vec::new();
    for file in shipped_games() {
        let file = file.to_str().expect("a UTF-8 path");
        let game = load(file, &[]);
        if game.reads_end_rules_in_place() {
            in_place.push(game.name.clone());
        }
        assert!(!general(&game).reads_end_rules_in_place(), "{file}");
        agree_with_general(&game.name, &game, &general(&game), 24, 17);
    }
    // The games that take the path, so that the comparison above covers it.
    for name in ["English draughts", "Breakthrough", "Konane", "Tic-tac-toe"] {
        assert!(in_place.iter().any(|n| n == name), "{name} in {in_place:?}");
    }
}
