//! Reversi: flanking in several directions, the forced pass, the end by two passes and the count
//! of discs, on set-up positions; and the game against an independent reference model
//! (`tests/reference/reversi.rs`) by perft and by lock-step random games on every size.
//! Sites are named as in chess: a1 = site 0, rows from the bottom.

#[path = "../reference/reversi.rs"]
mod reference;
use crate::setup;
use crate::tree;

use ludus::{Game, State, Status};
use rand::{Rng, SeedableRng};
use reference::Reversi;
use setup::{empty, ended, load, names, stack};
use tree::Tree;

fn reversi(size: usize) -> Game {
    load("games/reversi.game", &[("size", &size.to_string())])
}

/// An 8x8 position with P1's and P2's discs, `mover` to move.
fn at(game: &Game, p1: &[&str], p2: &[&str], mover: u8) -> State {
    let mut p = empty(game);
    for (player, list) in [(0, p1), (1, p2)] {
        for name in list {
            p.board.cells[setup::site(game.topology.columns, name)] = stack(player, 1);
        }
    }
    p.board.hand[..2].copy_from_slice(&[60, 60]);
    p.mover = mover;
    game.state_at(p)
}

/// The owners of the listed sites (1 P1, 2 P2, 0 empty).
fn owners(game: &Game, s: &State, list: &[&str]) -> Vec<u8> {
    list.iter()
        .map(|n| s.cells()[setup::site(game.topology.columns, n)].owner)
        .collect()
}

#[test]
fn the_start_offers_the_four_flanking_placements() {
    let game = reversi(8);
    let s = game.new_initial_state();
    assert_eq!(owners(&game, &s, &["d4", "e4", "d5", "e5"]), [2, 1, 1, 2]);
    assert_eq!(
        names(&game, &s),
        ["place d3", "place c4", "place f5", "place e6"]
    );
}

#[test]
fn a_placement_flips_every_flanked_line_at_once() {
    let game = reversi(8);
    // d4 flanks west (c4, b4 closed by a4), north (d5 closed by d6), north-east (e5, f6 closed
    // by g7) and south-east (e3 closed by f2); south (d3, d2 then empty) is open.
    let s = at(
        &game,
        &["a4", "d6", "g7", "f2"],
        &["c4", "b4", "d5", "e5", "f6", "e3", "d3", "d2"],
        0,
    );
    let s = setup::after(&game, &s, "place d4");
    assert_eq!(
        owners(&game, &s, &["d4", "c4", "b4", "d5", "e5", "f6", "e3"]),
        [1; 7]
    );
    assert_eq!(owners(&game, &s, &["d3", "d2"]), [2, 2]);
    assert_eq!(s.mover(), 1);
}

#[test]
fn a_placement_that_flanks_nothing_is_not_offered() {
    let game = reversi(8);
    // a1 flanks b2 and c3 against d4, f4 flanks e4; a2, say, touches b2 but closes nothing.
    let s = at(&game, &["d4"], &["b2", "c3", "e4"], 0);
    assert_eq!(names(&game, &s), ["place a1", "place f4"]);
}

#[test]
fn a_player_without_a_placement_passes_and_the_opponent_goes_on() {
    let game = reversi(8);
    let s = at(&game, &["a1", "h8"], &["b1", "h7", "h6"], 0);
    assert_eq!(names(&game, &s), ["place c1", "place h5"]);
    // After c1 every P1 disc lies on an edge with nothing of P2's to close a line: P2 passes.
    let s = setup::after(&game, &s, "place c1");
    assert_eq!(names(&game, &s), ["pass"]);
    let s = setup::after(&game, &s, "pass");
    assert_eq!(
        (s.mover(), names(&game, &s)),
        (0, vec!["place h5".to_string()])
    );
}

#[test]
fn when_neither_player_can_place_the_pass_ends_the_game_and_more_discs_win() {
    let game = reversi(8);
    let s = at(&game, &["a1"], &["b1", "h8"], 0);
    let s = setup::after(&game, &s, "place c1");
    assert_eq!(names(&game, &s), ["pass"]);
    // P1 cannot place either after P2's pass: the game ends, three discs to one.
    let s = setup::after(&game, &s, "pass");
    assert!(ended(&s, Status::Won(0)), "{:?}", s.status());
    // Two discs each, nobody can place: P1 passes, P2 cannot place, a draw.
    let s = at(&game, &["a1", "a2"], &["h1", "h2"], 0);
    assert_eq!(names(&game, &s), ["pass"]);
    let s = setup::after(&game, &s, "pass");
    assert!(ended(&s, Status::Drawn), "{:?}", s.status());
}

#[test]
fn perft_agrees_with_the_reference_on_every_size() {
    for (size, depth) in [(4, 12), (6, 7), (8, 6), (10, 5), (16, 4)] {
        let game = reversi(size);
        let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
        assert_eq!(ours, Reversi::standard(size).perft(depth), "size {size}");
    }
}

/// The reference's moves in ludus's notation.
fn reference_names(game: &Game, r: &Reversi) -> Vec<String> {
    r.moves()
        .into_iter()
        .map(|m| match m {
            Some(s) => format!("place {}", game.site_name(s as u16)),
            None => "pass".into(),
        })
        .collect()
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(13);
    let mut endings = [0; 3];
    for size in [4, 6, 8, 10, 12] {
        let game = reversi(size);
        for _ in 0..40 {
            let (mut s, mut r) = (game.new_initial_state(), Reversi::standard(size));
            loop {
                let ours = names(&game, &s);
                assert_eq!(ours, reference_names(&game, &r), "size {size}");
                if ours.is_empty() {
                    break;
                }
                let i = rng.random_range(0..ours.len());
                setup::play(&game, &mut s, &ours[i]);
                r.play(r.moves()[i]);
            }
            let expected = match r.winner() {
                Some(p) => Status::Won(p),
                None => Status::Drawn,
            };
            assert!(ended(&s, expected), "size {size}: {:?}", s.status());
            endings[r.winner().map_or(2, usize::from)] += 1;
        }
    }
    // Both wins and at least one draw were seen: the comparison covers every outcome.
    assert!(endings.iter().all(|&n| n > 0), "{endings:?}");
}
