//! OpenSpiel-style invariants over random playouts of every game in `games/` (new games are picked
//! up without new code): see `setup::checked_playout` for the checks.

use crate::setup;

use setup::shipped_games;

const PLAYOUTS: u64 = 200;

#[test]
fn every_shipped_game_keeps_the_invariants_over_200_seeded_playouts() {
    let files = shipped_games();
    assert!(
        files.len() >= 4,
        "the four shipped games at least: {files:?}"
    );
    for file in files {
        let game = setup::load(file.to_str().expect("a UTF-8 path"), &[]);
        let tally = setup::tally(&game, PLAYOUTS, true);
        eprintln!("{}: {tally} in {PLAYOUTS} playouts", game.name);
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for file in shipped_games() {
        let game = setup::load(file.to_str().expect("a UTF-8 path"), &[]);
        let a = setup::checked_playout(&game, 7, true);
        let b = setup::checked_playout(&game, 7, true);
        assert_eq!(a, b, "{}", game.name);
    }
}
