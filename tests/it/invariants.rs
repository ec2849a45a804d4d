//! OpenSpiel-style invariants over random playouts of every game in `games/` (new games are picked
//! up without new code): see `setup::checked_playout` for the checks.

use crate::setup;

use std::path::PathBuf;

const PLAYOUTS: u64 = 200;

fn shipped_games() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("games")
        .expect("the games directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    files
}

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

#[test]
fn warming_a_state_reads_it_and_changes_nothing() {
    for file in shipped_games() {
        let game = setup::load(file.to_str().expect("a UTF-8 path"), &[]);
        let mut rng = ludus::trial::playout_rng(3, 0);
        let mut state = game.new_initial_state();
        for ply in 0..80 {
            // A copy's groups are built afresh (no part of the position): compare the state
            // with itself and with a copy taken before.
            let before = state.clone();
            let word = state.warm();
            assert_eq!(state.warm(), word, "{} ply {ply}", game.name);
            assert_eq!(state, before, "{} ply {ply}", game.name);
            let next = match state.node() {
                ludus::NodeType::Terminal => break,
                ludus::NodeType::Chance => game.sample_chance(&state, &mut rng),
                ludus::NodeType::Decision => game.moves(&state).get(ply % 3).copied(),
            };
            let Some(m) = next.or_else(|| game.moves(&state).first().copied()) else {
                break;
            };
            game.apply(&mut state, m).expect("a legal move plays");
        }
    }
}
