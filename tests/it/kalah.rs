//! Kalah: stores as places of the sowing cycle (one's own sown into, the opponent's skipped),
//! laps through the emptied origin, the extra turn as one edge, the capture of the opposite
//! pit, the end read for the player to move (after an extra turn too) and the collection; and
//! the game against an independent reference model (`tests/reference/kalah.rs`) by perft and by
//! lock-step random games, with every option of issue 15.
//! Sites: a1..f1 are P1's pits (sites 0 to 5), a2..f2 P2's (6 to 11); the stores are places 12
//! (P1's) and 13 (P2's), off the grid, holding nothing themselves: their seeds are the scores.

#[path = "../reference/kalah.rs"]
mod reference;
use crate::setup;
use crate::tree;

use ludus::{Game, State, Status};
use rand::{Rng, SeedableRng};
use reference::Kalah;
use setup::{after, counts, ended, load, mancala, moves_read_back, names};
use tree::Tree;

fn kalah(options: &[(&str, &str)]) -> Game {
    load("games/kalah.game", options)
}

/// A position: P1's pits a1..f1, P2's a2..f2, the player to move, the stores.
fn position(game: &Game, p1: [u16; 6], p2: [u16; 6], mover: u8, stores: [u32; 2]) -> State {
    let holes: Vec<u16> = p1.iter().chain(&p2).copied().chain([0, 0]).collect();
    mancala(game, &holes, mover, stores)
}

fn pits(s: &State) -> Vec<u16> {
    counts(s)
}

fn scores(s: &State) -> [u32; 2] {
    [s.scores()[0], s.scores()[1]]
}

#[test]
fn the_start_and_the_notation_read_back() {
    let game = kalah(&[]);
    let s = game.new_initial_state();
    assert_eq!(
        names(&game, &s),
        ["sow a1", "sow b1", "sow c1", "sow d1", "sow e1", "sow f1"]
    );
    assert_eq!(moves_read_back(&game), 6);
    assert_eq!(
        pits(&s),
        [4; 12].iter().copied().chain([0, 0]).collect::<Vec<_>>()
    );
    assert!(
        game.render(&s).contains("stores: P1 0, P2 0"),
        "{}",
        game.render(&s)
    );
}

#[test]
fn a_sowing_drops_a_seed_in_ones_own_store_and_skips_the_opponents() {
    let game = kalah(&[]);
    // f1's 9 seeds: P1's store, f2 to a2, then (P2's store skipped) a1 and b1.
    let s = position(&game, [1, 1, 0, 0, 0, 9], [1; 6], 0, [0, 0]);
    let s = after(&game, &s, "sow f1");
    assert_eq!(pits(&s), [2, 2, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([1, 0], 1));
    // P2's a2: its 2 seeds fall in P2's store, then a1; P1's store is skipped the other way.
    let s = after(&game, &s, "sow a2");
    assert_eq!(pits(&s), [3, 2, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([1, 1], 0));
    assert!(game.render(&s).contains("stores: P1 1, P2 1"));
}

#[test]
fn thirteen_seeds_lap_into_the_emptied_origin_and_capture_from_it() {
    let game = kalah(&[]);
    // a1's 13 seeds: b1 to f1, the store, f2 to a2, and the last back in a1, emptied when
    // taken: a1 held none before it fell, a2 holds one, both go to the store.
    let s = position(&game, [13, 0, 0, 0, 0, 0], [0; 6], 0, [0, 0]);
    let s = after(&game, &s, "sow a1");
    assert_eq!(pits(&s), [0, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([3, 0], 1));
}

#[test]
fn a_last_seed_in_ones_store_gives_another_move_as_one_edge() {
    let game = kalah(&[]);
    let s = game.new_initial_state();
    let s = after(&game, &s, "sow c1");
    assert_eq!(s.mover(), 0);
    assert_eq!(s.moves_played(), 1);
    assert_eq!(
        names(&game, &s),
        ["sow a1", "sow b1", "sow d1", "sow e1", "sow f1"]
    );
    // Not in the store: the turn passes.
    let s = after(&game, &s, "sow a1");
    assert_eq!(s.mover(), 1);
}

#[test]
fn no_capture_when_the_opposite_pit_is_empty() {
    let game = kalah(&[]);
    let s = position(&game, [1, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0], 0, [0, 0]);
    let s = after(&game, &s, "sow a1");
    assert_eq!(pits(&s), [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([0, 0], 1));
    // With a seed opposite, the same sowing captures: b1's seed and b2's.
    let s = position(&game, [1, 0, 0, 0, 0, 0], [0, 2, 1, 0, 0, 0], 0, [0, 0]);
    let s = after(&game, &s, "sow a1");
    assert_eq!(
        pits(&s),
        [0; 8]
            .iter()
            .copied()
            .chain([1, 0, 0, 0, 0, 0])
            .collect::<Vec<_>>()
    );
    assert_eq!((scores(&s), s.mover()), ([3, 0], 1));
}

#[test]
fn no_capture_in_the_opponents_row_nor_in_a_pit_that_held_seeds() {
    let game = kalah(&[]);
    // e1's 3 seeds: f1, the store, f2 (empty before, in P2's row): nothing is captured.
    let s = position(&game, [0, 0, 0, 0, 3, 1], [1, 1, 1, 1, 1, 0], 0, [0, 0]);
    let s = after(&game, &s, "sow e1");
    assert_eq!(pits(&s), [0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 1, 1, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([1, 0], 1));
    // A last seed in an own pit that held one: no capture.
    let s = position(&game, [1, 1, 0, 0, 0, 0], [0, 5, 0, 0, 0, 0], 0, [0, 0]);
    let s = after(&game, &s, "sow a1");
    assert_eq!(pits(&s)[..12], [0, 2, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0]);
    assert_eq!(scores(&s), [0, 0]);
}

#[test]
fn the_game_ends_when_the_player_to_move_has_no_seeds_and_rows_are_collected() {
    let game = kalah(&[]);
    // P1's last seed leaves P2, to move, with an empty row: each adds their pits.
    let s = position(&game, [0, 0, 0, 2, 0, 0], [0; 6], 0, [20, 20]);
    let s = after(&game, &s, "sow d1");
    assert!(ended(&s, Status::Won(0)), "{:?}", s.status());
    assert_eq!(scores(&s), [22, 20]);
    assert_eq!(pits(&s), [0; 14]);
    // An equal count is a draw.
    let s = position(&game, [0, 0, 0, 0, 1, 0], [0; 6], 0, [20, 21]);
    assert!(ended(&after(&game, &s, "sow e1"), Status::Drawn));
}

#[test]
fn the_end_right_after_an_extra_turn_reads_the_player_to_move() {
    let game = kalah(&[]);
    // f1's seed falls in P1's store: P1 moves again but has no seed left, while P2 has some.
    let s = position(&game, [0, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 0], 0, [10, 10]);
    let s = after(&game, &s, "sow f1");
    assert!(ended(&s, Status::Won(1)), "{:?}", s.status());
    assert_eq!(scores(&s), [11, 12]);
}

#[test]
fn the_end_with_either_reads_both_rows() {
    let (mover, either) = (kalah(&[]), kalah(&[("end", "either")]));
    // f1's 2 seeds: the store and f2. P1's row is empty; P2, to move, has seeds.
    let at = |g: &Game| position(g, [0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0], 0, [10, 10]);
    let s = after(&mover, &at(&mover), "sow f1");
    assert!(!s.is_terminal());
    assert_eq!(names(&mover, &s), ["sow a2", "sow f2"]);
    let s = after(&either, &at(&either), "sow f1");
    assert!(ended(&s, Status::Won(1)), "{:?}", s.status());
    assert_eq!(scores(&s), [11, 12]);
}

/// The option sets of issue 15: pits, seeds, `end=either`.
const OPTIONS: [(usize, u32, bool); 5] = [
    (6, 4, false),
    (6, 4, true),
    (3, 3, false),
    (4, 2, false),
    (4, 2, true),
];

fn with_options(pits: usize, seeds: u32, either: bool) -> Game {
    let (p, s) = (pits.to_string(), seeds.to_string());
    let end = if either { "either" } else { "mover" };
    kalah(&[("pits", &p), ("seeds", &s), ("end", end)])
}

#[test]
fn perft_agrees_with_the_reference_with_every_option() {
    for ((pits, seeds, either), depth) in OPTIONS.into_iter().zip([7, 7, 12, 10, 10]) {
        let game = with_options(pits, seeds, either);
        let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
        assert_eq!(
            ours,
            Kalah::new(pits, seeds, either).perft(depth),
            "{pits} {seeds} {either}"
        );
    }
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(15);
    let mut endings = [0; 3];
    for (pits, seeds, either) in OPTIONS {
        let game = with_options(pits, seeds, either);
        for _ in 0..60 {
            let (mut s, mut reference) =
                (game.new_initial_state(), Kalah::new(pits, seeds, either));
            loop {
                let ours = names(&game, &s);
                let theirs: Vec<String> = reference
                    .moves()
                    .into_iter()
                    .map(|m| format!("sow {}", game.site_name(m as u16)))
                    .collect();
                assert_eq!(ours, theirs);
                assert_eq!(s.mover() as usize, reference.mover);
                assert_eq!(scores(&s), reference.stores);
                let board: Vec<u32> = pits_of(&s, 2 * pits);
                assert_eq!(board, reference.seeds);
                if ours.is_empty() {
                    break;
                }
                let i = rng.random_range(0..ours.len());
                setup::play(&game, &mut s, &ours[i]);
                reference.play(reference.moves()[i]);
            }
            assert!(reference.over);
            assert_eq!(s.returns()[..2], reference.returns());
            let r = reference.returns()[0];
            endings[if r > 0.0 {
                0
            } else if r < 0.0 {
                1
            } else {
                2
            }] += 1;
        }
    }
    assert!(endings.iter().all(|&n| n > 0), "{endings:?}");
}

fn pits_of(s: &State, n: usize) -> Vec<u32> {
    s.cells()[..n].iter().map(|c| c.count as u32).collect()
}

/// The same ludemes on a second game: Kalah sown clockwise (`tests/variants/kalah-clockwise.game`),
/// each store at its player's left end. A mirror image, so its perft is Kalah's.
#[test]
fn clockwise_kalah_sows_into_stores_at_the_left_and_mirrors_kalahs_tree() {
    let game = load("tests/variants/kalah-clockwise.game", &[]);
    let s = game.new_initial_state();
    // d1's 4 seeds: c1, b1, a1, P1's store: P1 moves again.
    let s = after(&game, &s, "sow d1");
    assert_eq!(pits(&s)[..6], [5, 5, 5, 0, 4, 4]);
    assert_eq!((scores(&s), s.mover()), ([1, 0], 0));
    for (options, depth) in [
        (&[][..], 7),
        (&[("pits", "4"), ("seeds", "2"), ("end", "either")][..], 10),
    ] {
        let (ours, mirror) = (
            kalah(options),
            load("tests/variants/kalah-clockwise.game", options),
        );
        assert_eq!(
            ludus::engine::perft(&mirror, &mirror.new_initial_state(), depth),
            ludus::engine::perft(&ours, &ours.new_initial_state(), depth)
        );
    }
}
