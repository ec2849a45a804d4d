//! Tabou: every clause of RULES.md on set-up positions, with its options.
//! Holes are listed a1..f1 (P1's row, sites 0-5) then a2..f2 (P2's row, sites 6-11).

use crate::setup;

use ludus::{Game, NodeType, State, Status};
use setup::{after, counts, ended, load, mancala, names};

fn tabou() -> Game {
    load("games/tabou.game", &[])
}

fn sows(holes: &[&str]) -> Vec<String> {
    holes.iter().map(|h| format!("sow {h}")).collect()
}

/// Every transfer from the holes named to every other hole of the same row, in order.
fn transfers(from: &[&str], row: char) -> Vec<String> {
    let mut out = Vec::new();
    for f in from {
        for c in 'a'..='f' {
            let to = format!("{c}{row}");
            if to != *f {
                out.push(format!("{f}>{to}"));
            }
        }
    }
    out
}

/// A mancala position with the moves each player has made.
fn with_moves_made(
    game: &Game,
    holes: &[u16],
    mover: u8,
    store: [u32; 2],
    made: [u64; 2],
) -> State {
    let mut p = game.position(&mancala(game, holes, mover, store));
    p.moves_made[..2].copy_from_slice(&made);
    p.moves_played = made[0] + made[1];
    game.state_at(p)
}

#[test]
fn the_start_has_four_marbles_a_hole_and_sowings_and_transfers() {
    let game = tabou();
    let s = game.new_initial_state();
    assert_eq!(counts(&s), vec![4; 12]);
    let mut expected = sows(&["a1", "b1", "c1", "d1", "e1", "f1"]);
    expected.extend(transfers(&["a1", "b1", "c1", "d1", "e1", "f1"], '1'));
    assert_eq!(names(&game, &s), expected);
}

#[test]
fn sowing_goes_left_to_right_from_each_players_side() {
    let game = tabou();
    // P1's f1: f2, e2, d2, c2. P2's a2: a1, b1, c1, d1.
    let s = after(&game, &game.new_initial_state(), "sow f1");
    assert_eq!(counts(&s), vec![4, 4, 4, 4, 4, 0, 4, 4, 5, 5, 5, 5]);
    let s = after(&game, &s, "sow a2");
    assert_eq!(counts(&s), vec![5, 5, 5, 5, 4, 0, 0, 4, 5, 5, 5, 5]);
    assert_eq!(s.scores(), [0, 0]);
}

#[test]
fn a_lap_skips_the_origin_hole() {
    let game = tabou();
    // 13 from a1: b1..f1, f2..a2 (11 holes), a1 skipped, b1, c1.
    let s = with_moves_made(
        &game,
        &[13, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1],
        0,
        [0, 0],
        [2, 2],
    );
    let s = after(&game, &s, "sow a1");
    assert_eq!(counts(&s), vec![0, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    assert_eq!(s.scores(), [0, 0]);
}

#[test]
fn a_capture_chain_runs_backwards_and_stops_at_the_movers_own_row() {
    let game = tabou();
    // e1's 3: f1 (2), f2 (2), e2 (3). e2 and f2 are captured; f1 holds 2 but is P1's; d2 (2) lies
    // beyond the last hole.
    let s = with_moves_made(
        &game,
        &[0, 0, 0, 0, 3, 1, 5, 5, 5, 2, 2, 1],
        0,
        [0, 0],
        [2, 2],
    );
    let s = after(&game, &s, "sow e1");
    assert_eq!(counts(&s), vec![0, 0, 0, 0, 0, 2, 5, 5, 5, 2, 0, 0]);
    assert_eq!(s.scores(), [5, 0]);
}

#[test]
fn a_capture_chain_stops_at_a_hole_not_holding_two_or_three() {
    let game = tabou();
    let s = with_moves_made(
        &game,
        &[0, 0, 0, 0, 3, 1, 5, 5, 5, 2, 2, 3],
        0,
        [0, 0],
        [2, 2],
    );
    let s = after(&game, &s, "sow e1");
    assert_eq!(counts(&s), vec![0, 0, 0, 0, 0, 2, 5, 5, 5, 2, 0, 4]);
    assert_eq!(s.scores(), [3, 0]);
}

#[test]
fn there_is_never_a_capture_in_the_movers_own_row() {
    let game = tabou();
    // a1's 2: b1 (2), c1 (3). The last marble makes c1 hold 3, but c1 is P1's own.
    let s = with_moves_made(
        &game,
        &[2, 1, 2, 0, 0, 0, 2, 2, 2, 2, 2, 2],
        0,
        [0, 0],
        [2, 2],
    );
    let s = after(&game, &s, "sow a1");
    assert_eq!(counts(&s), vec![0, 2, 3, 0, 0, 0, 2, 2, 2, 2, 2, 2]);
    assert_eq!(s.scores(), [0, 0]);
}

#[test]
fn p2_captures_on_p1s_row() {
    let game = tabou();
    // b2's 3: a2 (1), a1 (2), b1 (3). b1 and a1 are captured; a2 is P2's own.
    let s = with_moves_made(
        &game,
        &[1, 2, 4, 0, 0, 0, 0, 3, 0, 0, 0, 0],
        1,
        [0, 0],
        [2, 2],
    );
    let s = after(&game, &s, "sow b2");
    assert_eq!(counts(&s), vec![0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(s.scores(), [0, 5]);
}

/// P1's f1 (2) captures e2 and f2, every marble P2 has; P1 keeps `a1` marbles in a1.
fn grand_capture(game: &Game, a1: u16, store: [u32; 2]) -> State {
    let s = with_moves_made(
        game,
        &[a1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 1],
        0,
        store,
        [2, 2],
    );
    assert_eq!(names(game, &s), sows(&["a1", "f1"]));
    after(game, &s, "sow f1")
}

#[test]
fn capturing_every_opposing_marble_is_allowed_and_ends_the_game() {
    let game = tabou();
    let s = grand_capture(&game, 3, [18, 23]);
    // P2, to move, has an empty row: the game ends and P1 collects a1.
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    assert_eq!(s.scores(), [25, 23]);
    assert_eq!(counts(&s), vec![0; 12]);
}

#[test]
fn more_than_24_wins_and_24_24_is_a_draw() {
    let game = tabou();
    let cases = [
        ([18, 23], [25, 23], Status::Won(0)),
        ([17, 24], [24, 24], Status::Drawn),
        ([19, 22], [26, 22], Status::Won(0)),
        ([16, 25], [23, 25], Status::Won(1)),
    ];
    for (store, scores, status) in cases {
        let s = grand_capture(&game, 3, store);
        assert_eq!(s.scores(), scores);
        assert!(ended(&s, status), "{scores:?}: {:?}", s.status());
    }
}

#[test]
fn the_draw_25_23_option_makes_25_23_a_draw() {
    let game = load("games/tabou.game", &[("draw-25-23", "on")]);
    let cases = [
        ([18, 23], [25, 23], Status::Drawn),
        ([17, 24], [24, 24], Status::Drawn),
        ([19, 22], [26, 22], Status::Won(0)),
        ([16, 25], [23, 25], Status::Drawn),
        ([15, 26], [22, 26], Status::Won(1)),
    ];
    for (store, scores, status) in cases {
        let s = grand_capture(&game, 3, store);
        assert_eq!(s.scores(), scores);
        assert!(ended(&s, status), "{scores:?}: {:?}", s.status());
    }
}

#[test]
fn with_the_opponents_row_empty_and_the_last_hole_full_the_player_must_feed() {
    let game = tabou();
    // d1's 4 reach e1, f1, f2, e2; f1's 2 reach f2, e2; a1 and e1 stay in P1's row. d1 holds
    // exactly 4 in P1's first moves, but a transfer never feeds.
    let s = with_moves_made(
        &game,
        &[1, 0, 0, 4, 1, 2, 0, 0, 0, 0, 0, 0],
        0,
        [20, 20],
        [0, 0],
    );
    assert_eq!(s.node(), NodeType::Decision);
    assert_eq!(names(&game, &s), sows(&["d1", "f1"]));
    let s = after(&game, &s, "sow f1");
    assert_eq!(counts(&s), vec![1, 0, 0, 4, 1, 0, 0, 0, 0, 0, 1, 1]);
}

#[test]
fn with_the_last_hole_empty_there_is_no_obligation() {
    let game = tabou();
    let s = with_moves_made(
        &game,
        &[1, 0, 0, 4, 1, 0, 0, 0, 0, 0, 0, 0],
        0,
        [21, 21],
        [0, 0],
    );
    let mut expected = sows(&["a1", "d1", "e1"]);
    expected.extend(transfers(&["d1"], '1'));
    assert_eq!(names(&game, &s), expected);
}

#[test]
fn p2s_last_hole_is_a2() {
    let game = tabou();
    // P1's row is empty. With a2 full, P2 must feed: only a2 reaches a1.
    let s = with_moves_made(
        &game,
        &[0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0],
        1,
        [22, 23],
        [2, 2],
    );
    assert_eq!(names(&game, &s), sows(&["a2"]));
    // With a2 empty, P2 may sow c2 into b2 and a2; then P1, to move, has an empty row: the game ends.
    let s = with_moves_made(
        &game,
        &[0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0],
        1,
        [23, 23],
        [2, 2],
    );
    assert_eq!(names(&game, &s), sows(&["c2"]));
    let s = after(&game, &s, "sow c2");
    assert!(ended(&s, Status::Won(1)), "{}", game.render(&s));
    assert_eq!(s.scores(), [23, 25]);
}

#[test]
fn transfers_move_a_hole_of_exactly_four_in_each_players_first_two_moves_only() {
    let game = tabou();
    let s = after(&game, &game.new_initial_state(), "a1>b1");
    assert_eq!(counts(&s), vec![0, 8, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(s.scores(), [0, 0]);
    let mut expected = sows(&["a2", "b2", "c2", "d2", "e2", "f2"]);
    expected.extend(transfers(&["a2", "b2", "c2", "d2", "e2", "f2"], '2'));
    assert_eq!(names(&game, &s), expected);
    let s = after(&game, &s, "a2>b2 c1>d1");
    // P2's second move: only c2..f2 still hold exactly 4.
    let mut expected = sows(&["b2", "c2", "d2", "e2", "f2"]);
    expected.extend(transfers(&["c2", "d2", "e2", "f2"], '2'));
    assert_eq!(names(&game, &s), expected);
    let s = after(&game, &s, "c2>d2");
    // P1's third move: e1 and f1 hold 4, but transfers are over.
    assert_eq!(counts(&s), vec![0, 8, 0, 8, 4, 4, 0, 8, 0, 8, 4, 4]);
    assert_eq!(names(&game, &s), sows(&["b1", "d1", "e1", "f1"]));
    // A player's two first moves count, not the game's: P2 with one move made may still transfer.
    let s = with_moves_made(&game, &[4; 12], 1, [0, 0], [3, 1]);
    assert_eq!(names(&game, &s).len(), 36);
    let s = with_moves_made(&game, &[4; 12], 1, [1, 2], [1, 2]);
    assert_eq!(names(&game, &s).len(), 6);
}

#[test]
fn the_transfers_option_removes_transfers() {
    let game = load("games/tabou.game", &[("transfers", "off")]);
    let s = game.new_initial_state();
    assert_eq!(
        names(&game, &s),
        sows(&["a1", "b1", "c1", "d1", "e1", "f1"])
    );
}

#[test]
fn a_repeated_position_ends_the_game() {
    let game = tabou();
    // One marble each, six holes apart: every move is forced (P2 must feed from a2 when P1's row
    // is empty) and after twelve moves the start recurs with P1 to move.
    let start = with_moves_made(
        &game,
        &[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0],
        0,
        [23, 23],
        [2, 2],
    );
    let mut s = start.clone();
    let line = [
        "f1", "a2", "a1", "f2", "b1", "e2", "c1", "d2", "d1", "c2", "e1", "b2",
    ];
    for (i, hole) in line.iter().enumerate() {
        assert_eq!(s.node(), NodeType::Decision, "after {i} moves");
        assert_eq!(names(&game, &s), sows(&[hole]), "after {i} moves");
        s = after(&game, &s, &format!("sow {hole}"));
    }
    assert!(ended(&s, Status::Drawn), "{}", game.render(&s));
    assert_eq!(s.scores(), [24, 24]);
}

#[test]
fn the_game_ends_after_1000_moves_with_the_rows_collected() {
    let game = tabou();
    let mut p = game.position(&game.new_initial_state());
    p.moves_played = 998;
    p.moves_made[..2].copy_from_slice(&[499, 499]);
    let s = after(&game, &game.state_at(p.clone()), "sow b1");
    assert_eq!(s.node(), NodeType::Decision);
    p.moves_played = 999;
    // b1's 4: c1, d1, e1, f1. Rows: P1 4+0+5+5+5+5 = 24, P2 24: a draw.
    let s = after(&game, &game.state_at(p.clone()), "sow b1");
    assert!(ended(&s, Status::Drawn));
    assert_eq!(s.scores(), [24, 24]);
    // f1's 4 go to P2's row: 20 against 28.
    let s = after(&game, &game.state_at(p), "sow f1");
    assert!(ended(&s, Status::Won(1)));
    assert_eq!(s.scores(), [20, 28]);
}
