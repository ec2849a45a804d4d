//! Woli (Béart's ruleset): every clause of RULES.md on set-up positions.
//! Holes are listed a1..f1 (P1's row, sites 0-5) then a2..f2 (P2's row, sites 6-11).

use crate::setup;

use ludus::{Game, NodeType, Status};
use setup::{after, counts, ended, load, mancala, names};

fn woli() -> Game {
    load("games/woli.game", &[])
}

fn sows(holes: &[&str]) -> Vec<String> {
    holes.iter().map(|h| format!("sow {h}")).collect()
}

#[test]
fn the_start_has_six_counters_a_hole_and_p1_sows_from_any_hole() {
    let game = woli();
    let s = game.new_initial_state();
    assert_eq!(counts(&s), vec![6; 12]);
    assert_eq!(s.scores(), [0, 0]);
    assert_eq!((s.node(), s.mover()), (NodeType::Decision, 0));
    assert_eq!(
        names(&game, &s),
        sows(&["a1", "b1", "c1", "d1", "e1", "f1"])
    );
}

#[test]
fn p1_sows_right_to_left_then_left_to_right_along_p2s_row() {
    let game = woli();
    let s = after(&game, &game.new_initial_state(), "sow d1");
    // d1's six counters go to c1, b1, a1, a2, b2, c2.
    assert_eq!(counts(&s), vec![7, 7, 7, 0, 6, 6, 7, 7, 7, 6, 6, 6]);
    assert_eq!(s.scores(), [0, 0]);
    assert_eq!(s.mover(), 1);
    assert_eq!(
        names(&game, &s),
        sows(&["a2", "b2", "c2", "d2", "e2", "f2"])
    );
}

#[test]
fn p2_sows_left_to_right_then_right_to_left_along_p1s_row() {
    let game = woli();
    let s = after(&game, &game.new_initial_state(), "sow d1 sow c2");
    // c2's seven counters go to d2, e2, f2, f1, e1, d1, c1; the last lands in P1's row on 8: no capture.
    assert_eq!(counts(&s), vec![7, 7, 8, 1, 7, 7, 7, 7, 0, 7, 7, 7]);
    assert_eq!(s.scores(), [0, 0]);
    assert_eq!(s.mover(), 0);
}

#[test]
fn a_lap_skips_the_origin_hole() {
    let game = woli();
    // 13 counters from f1: e1..a1, a2..f2 (11 holes), f1 skipped, then e1 and d1.
    let s = mancala(&game, &[0, 0, 0, 0, 0, 13, 1, 1, 1, 1, 1, 1], 0, [0, 0]);
    let s = after(&game, &s, "sow f1");
    assert_eq!(counts(&s), vec![1, 1, 1, 2, 2, 0, 2, 2, 2, 2, 2, 2]);
    assert_eq!(s.scores(), [0, 0], "the last counter fell in P1's own row");
}

#[test]
fn every_lap_skips_the_origin_hole() {
    let game = woli();
    // 23 counters from f1: two full laps of the 11 other holes, then e1.
    let s = mancala(&game, &[0, 0, 0, 0, 0, 23, 1, 1, 1, 1, 1, 1], 0, [0, 0]);
    let s = after(&game, &s, "sow f1");
    assert_eq!(counts(&s), vec![2, 2, 2, 2, 3, 0, 3, 3, 3, 3, 3, 3]);
    assert_eq!(s.scores(), [0, 0]);
}

#[test]
fn a_capture_chain_runs_backwards_and_stops_at_the_movers_own_row() {
    let game = woli();
    // b1's 4 counters: a1 (2), a2 (2), b2 (3), c2 (2). c2, b2, a2 are captured; a1 holds 2 but is P1's.
    let s = mancala(&game, &[1, 4, 0, 0, 0, 5, 1, 2, 1, 4, 4, 4], 0, [0, 0]);
    let s = after(&game, &s, "sow b1");
    assert_eq!(counts(&s), vec![2, 0, 0, 0, 0, 5, 0, 0, 0, 4, 4, 4]);
    assert_eq!(s.scores(), [7, 0]);
    assert_eq!(s.mover(), 1);
}

#[test]
fn a_capture_chain_stops_at_a_hole_not_holding_two_or_three() {
    let game = woli();
    // b1's 4 counters: a1 (1), a2 (4), b2 (2), c2 (3). c2 and b2 are captured; a2 holds 4 and stops
    // the chain; d2 (2) lies after the last hole and is not looked at.
    let s = mancala(&game, &[0, 4, 0, 0, 0, 5, 3, 1, 2, 2, 4, 4], 0, [0, 0]);
    let s = after(&game, &s, "sow b1");
    assert_eq!(counts(&s), vec![1, 0, 0, 0, 0, 5, 4, 0, 0, 2, 4, 4]);
    assert_eq!(s.scores(), [5, 0]);
}

#[test]
fn a_last_counter_in_the_movers_own_row_captures_nothing() {
    let game = woli();
    let s = mancala(&game, &[0, 0, 0, 1, 1, 0, 2, 2, 2, 2, 2, 2], 0, [0, 0]);
    let s = after(&game, &s, "sow e1");
    assert_eq!(counts(&s), vec![0, 0, 0, 2, 0, 0, 2, 2, 2, 2, 2, 2]);
    assert_eq!(s.scores(), [0, 0]);
}

#[test]
fn p2_captures_on_p1s_row_backwards_to_p2s_own_row() {
    let game = woli();
    // e2's 4 counters: f2 (1), f1 (2), e1 (3), d1 (2). d1, e1, f1 are captured; f2 is P2's own.
    let s = mancala(&game, &[5, 0, 0, 1, 2, 1, 0, 0, 0, 0, 4, 0], 1, [0, 0]);
    let s = after(&game, &s, "sow e2");
    assert_eq!(counts(&s), vec![5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(s.scores(), [0, 7]);
    assert_eq!(s.mover(), 0);
}

#[test]
fn a_move_capturing_every_opposing_counter_is_illegal() {
    let game = woli();
    // sow a1 would fill a2 and b2 with 2 each and capture both: P2's row would be empty.
    let s = mancala(&game, &[2, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0], 0, [0, 0]);
    assert_eq!(names(&game, &s), sows(&["e1"]));
    assert!(game.parse_move(&s, "sow a1").is_err());
}

#[test]
fn when_every_move_would_capture_everything_there_is_no_move_and_the_game_ends() {
    let game = woli();
    let s = mancala(&game, &[2, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0], 0, [34, 34]);
    // Rows collected: P1 2 + 34, P2 2 + 34.
    assert!(ended(&s, Status::Drawn), "{}", game.render(&s));
    assert_eq!(s.scores(), [36, 36]);
    assert_eq!(counts(&s), vec![0; 12]);
}

#[test]
fn with_the_opponents_row_empty_only_feeding_moves_are_legal() {
    let game = woli();
    // a1 feeds a2; c1 only reaches b1; f1's 7 counters reach a2 and b2.
    let s = mancala(&game, &[1, 0, 1, 0, 0, 7, 0, 0, 0, 0, 0, 0], 0, [30, 33]);
    assert_eq!(names(&game, &s), sows(&["a1", "f1"]));
    let fed = after(&game, &s, "sow f1");
    assert_eq!(counts(&fed), vec![2, 1, 2, 1, 1, 0, 1, 1, 0, 0, 0, 0]);
    // The same position without the obligation (a counter in P2's row): every hole may be sown.
    let s = mancala(&game, &[1, 0, 1, 0, 0, 7, 0, 0, 0, 0, 0, 1], 0, [30, 32]);
    assert_eq!(names(&game, &s), sows(&["a1", "c1", "f1"]));
}

#[test]
fn a_player_who_cannot_feed_has_no_move_the_rows_are_collected_and_36_36_is_a_draw() {
    let game = woli();
    // P2 sows f2's last counter into f1; P1's only move (f1 to e1) would leave P2's row empty.
    let s = mancala(&game, &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 1, [35, 36]);
    assert_eq!(names(&game, &s), sows(&["f2"]));
    let s = after(&game, &s, "sow f2");
    assert!(ended(&s, Status::Drawn), "{}", game.render(&s));
    assert_eq!(s.scores(), [36, 36]);
    assert_eq!(counts(&s), vec![0; 12]);
    assert_eq!(s.returns(), [0.0, 0.0]);
}

#[test]
fn the_larger_store_wins_after_collection() {
    let game = woli();
    let s = mancala(&game, &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 1, [40, 31]);
    let s = after(&game, &s, "sow f2");
    assert!(ended(&s, Status::Won(0)));
    assert_eq!(s.scores(), [41, 31]);
    assert_eq!(s.returns(), [1.0, -1.0]);
}

#[test]
fn a_repeated_position_ends_the_game() {
    let game = woli();
    // One counter each, six holes apart: every move is forced (P2 must feed when P1's counter
    // crosses over) and after twelve moves the start position recurs with P1 to move.
    let start = mancala(&game, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 0, [30, 40]);
    let mut s = start.clone();
    let line = [
        "a1", "f2", "f1", "a2", "e1", "b2", "d1", "c2", "c1", "d2", "b1", "e2",
    ];
    for (i, hole) in line.iter().enumerate() {
        assert_eq!(s.node(), NodeType::Decision, "after {i} moves");
        assert_eq!(names(&game, &s), sows(&[hole]), "after {i} moves");
        s = after(&game, &s, &format!("sow {hole}"));
    }
    assert!(ended(&s, Status::Won(1)), "{}", game.render(&s));
    assert_eq!(s.scores(), [31, 41]);
    assert_eq!(s.moves_played(), 12);
}

#[test]
fn the_game_ends_after_1000_moves_with_the_rows_collected() {
    let game = woli();
    let mut p = game.position(&game.new_initial_state());
    p.moves_played = 998;
    let s = after(&game, &game.state_at(p.clone()), "sow d1");
    assert_eq!(s.node(), NodeType::Decision, "999 moves: not yet over");
    p.moves_played = 999;
    let s = after(&game, &game.state_at(p), "sow d1");
    // Rows after d1: P1 7+7+7+0+6+6 = 33, P2 7+7+7+6+6+6 = 39.
    assert!(ended(&s, Status::Won(1)));
    assert_eq!(s.scores(), [33, 39]);
    assert_eq!(counts(&s), vec![0; 12]);
    assert_eq!(s.moves_played(), 1000);
}

#[test]
fn the_move_limit_is_an_option() {
    let game = load("games/woli.game", &[("limit", "3")]);
    let s = after(&game, &game.new_initial_state(), "sow a1 sow a2");
    assert_eq!(s.node(), NodeType::Decision);
    let s = after(&game, &s, "sow b1");
    assert!(s.is_terminal());
    assert_eq!(s.scores()[0] + s.scores()[1], 72);
}
