//! Sig (El Oued capture): every clause of RULES.md on set-up positions.
//! Sites: row 0 (a1-f1, sites 0-5) is P1's home row, row 1 (a2-f2) the central row, row 2 (a3-f3) P2's.

use crate::setup;

use ludus::engine::{Cell, Position};
use ludus::{Game, NodeType, State, Status};
use setup::{after, empty, ended, load, names};

/// The tracks of RULES.md: the site of each track position 0-23, for P1 and P2.
const TRACK: [[usize; 24]; 2] = [
    [
        0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6, 12, 13, 14, 15, 16, 17, 11, 10, 9, 8, 7, 6,
    ],
    [
        17, 16, 15, 14, 13, 12, 6, 7, 8, 9, 10, 11, 5, 4, 3, 2, 1, 0, 6, 7, 8, 9, 10, 11,
    ],
];
const UNFREED: u8 = 0;
const FREED: u8 = 1;

fn sig() -> Game {
    load("games/sig.game", &[])
}

fn opened(game: &Game) -> usize {
    game.vars
        .iter()
        .position(|(n, _)| n == "Opened")
        .expect("an Opened variable")
}

/// A position with pieces `(player, track position, freed)`, who has left the opening, the mover,
/// and the phase by name with its pips.
fn position(
    game: &Game,
    pieces: &[(u8, usize, bool)],
    out_of_opening: [bool; 2],
    mover: u8,
    phase: &str,
    pips: i64,
) -> Position {
    let mut p = empty(game);
    for &(player, pos, freed) in pieces {
        let state = if freed { FREED } else { UNFREED };
        p.board.cells[TRACK[player as usize][pos]] = Cell {
            count: 1,
            owner: player + 1,
            pos: pos as u8,
            state,
            ..Cell::default()
        };
    }
    let v = opened(game);
    for (vars, out) in p.board.vars.iter_mut().zip(out_of_opening) {
        vars[v] = out as i64;
    }
    p.mover = mover;
    p.phase = game
        .phase_index(phase)
        .unwrap_or_else(|| panic!("no phase {phase}"));
    p.pips = pips;
    p
}

fn at(
    game: &Game,
    pieces: &[(u8, usize, bool)],
    out_of_opening: [bool; 2],
    mover: u8,
    phase: &str,
    pips: i64,
) -> State {
    game.state_at(position(game, pieces, out_of_opening, mover, phase, pips))
}

/// The piece on a site as (owner, track position, state), or None.
fn piece(s: &State, site: usize) -> Option<(u8, u8, u8)> {
    let c = s.cells()[site];
    (c.owner != 0).then(|| (c.owner - 1, c.pos, c.state))
}

fn pieces(s: &State, player: u8) -> usize {
    s.cells().iter().filter(|c| c.owner == player + 1).count()
}

/// Is it `player`'s throw, at the start of a phase named `phase`?
fn throwing(game: &Game, s: &State, player: u8, phase: &str) -> bool {
    s.node() == NodeType::Chance && s.mover() == player && game.phase_name(s) == phase
}

fn deciding(game: &Game, s: &State, player: u8, phase: &str, pips: i64) -> bool {
    s.node() == NodeType::Decision
        && s.mover() == player
        && game.phase_name(s) == phase
        && s.pips() == pips
}

#[test]
fn the_start_has_six_unfreed_pieces_each_on_their_home_track_positions() {
    let game = sig();
    let s = game.new_initial_state();
    for c in 0..6 {
        assert_eq!(piece(&s, c), Some((0, c as u8, UNFREED)));
        assert_eq!(piece(&s, 17 - c), Some((1, c as u8, UNFREED)));
        assert_eq!(piece(&s, 6 + c), None);
    }
    assert!(throwing(&game, &s, 0, "Throw"));
}

#[test]
fn the_sticks_give_throws_0_to_6_with_binomial_probabilities() {
    let game = sig();
    let outcomes = game.chance_outcomes(&game.new_initial_state());
    let got: Vec<(Option<i32>, f64)> = outcomes
        .iter()
        .map(|(m, p)| (m.throw_value(), *p))
        .collect();
    let weights = [1.0, 6.0, 15.0, 20.0, 15.0, 6.0, 1.0];
    assert_eq!(got.len(), 7);
    for (k, (value, p)) in got.iter().enumerate() {
        assert_eq!(*value, Some(k as i32));
        assert!((p - weights[k] / 64.0).abs() < 1e-12, "throw {k}: {p}");
    }
    assert_eq!(
        names(&game, &game.new_initial_state()),
        (0..7).map(|k| format!("throw {k}")).collect::<Vec<_>>()
    );
}

#[test]
fn in_the_opening_a_sig_frees_the_only_piece_that_can_step() {
    let game = sig();
    for k in [1, 5] {
        let s = after(&game, &game.new_initial_state(), &format!("throw {k}"));
        assert!(deciding(&game, &s, 0, "Sig", k));
        assert_eq!(names(&game, &s), ["f1-f2"], "throw {k}");
    }
    let s = after(&game, &game.new_initial_state(), "throw 1 f1-f2");
    assert_eq!(piece(&s, 5), None);
    assert_eq!(piece(&s, 11), Some((0, 6, FREED)));
    assert_eq!(s.var(0, opened(&game)), 1, "P1 is out of the opening");
    assert!(throwing(&game, &s, 0, "Throw"), "a sig gives another throw");
    // P2's first sig frees a3, onto a2 (P2's track position 6).
    let s = after(&game, &game.new_initial_state(), "throw 3 throw 5");
    assert_eq!(names(&game, &s), ["a3-a2"]);
}

#[test]
fn a_throw_of_2_3_or_4_in_the_opening_ends_the_turn() {
    let game = sig();
    for k in [2, 3, 4] {
        let s = after(&game, &game.new_initial_state(), &format!("throw {k}"));
        assert!(throwing(&game, &s, 1, "Throw"), "throw {k}");
        assert_eq!((s.moves_played(), s.edges_played()), (0, 1));
    }
}

#[test]
fn after_a_sig_a_freed_piece_moves_the_throw() {
    let game = sig();
    let s = after(&game, &game.new_initial_state(), "throw 1 f1-f2 throw 2");
    assert!(deciding(&game, &s, 0, "Move", 2));
    assert_eq!(names(&game, &s), ["f2-d2"]);
    let s = after(&game, &s, "f2-d2");
    assert_eq!(piece(&s, 9), Some((0, 8, FREED)));
    assert!(
        throwing(&game, &s, 1, "Throw"),
        "a throw of 2 ends the turn"
    );
    // A second sig: the freed piece or an unfreed one steps, and the throw comes again.
    let s = after(&game, &game.new_initial_state(), "throw 1 f1-f2 throw 5");
    assert_eq!(names(&game, &s), ["e1-f1", "f2-e2"]);
    let s = after(&game, &s, "e1-f1");
    assert_eq!(piece(&s, 5), Some((0, 5, FREED)));
    assert!(throwing(&game, &s, 0, "Throw"));
    // Out of the opening, a 0 ends the turn with no decision.
    let s = after(&game, &s, "throw 0");
    assert!(throwing(&game, &s, 1, "Throw"));
}

/// The one-piece moves of a special throw of 7 from the start, and the all-pieces move.
const SPECIAL_7: [&str; 7] = [
    "a1-e2", "b1-d2", "c1-c2", "d1-b2", "e1-a2", "f1xa3", "all f1",
];

#[test]
fn a_sig_of_six_gives_a_special_throw_of_7() {
    let game = sig();
    let s = after(&game, &game.new_initial_state(), "throw 6");
    assert!(throwing(&game, &s, 0, "SigOfSix"), "P1 throws again");
    for k in [1, 5] {
        let s = after(&game, &s, &format!("throw {k}"));
        assert!(deciding(&game, &s, 0, "Special", 7));
        // Each piece goes 7 steps; all six step (b1..f1, f2) and only f1 can go on 1 more
        // without landing on a piece of its own group.
        assert_eq!(names(&game, &s), SPECIAL_7);
    }
    for k in [0, 2, 3, 4, 6] {
        let s = after(&game, &s, &format!("throw {k}"));
        assert!(throwing(&game, &s, 1, "Throw"), "6 then {k} ends the turn");
        assert_eq!(s.moves_played(), 0);
    }
}

#[test]
fn a_special_move_of_one_piece_frees_it_and_captures_where_it_lands() {
    let game = sig();
    let s = after(&game, &game.new_initial_state(), "throw 6 throw 1 f1xa3");
    assert_eq!(piece(&s, 5), None);
    assert_eq!(piece(&s, 12), Some((0, 12, FREED)));
    assert_eq!(pieces(&s, 1), 5);
    assert_eq!(s.var(0, opened(&game)), 1);
    assert!(
        throwing(&game, &s, 1, "Throw"),
        "a special throw ends the turn"
    );
    for c in 0..5 {
        assert_eq!(piece(&s, c), Some((0, c as u8, UNFREED)));
    }
}

#[test]
fn a_special_move_of_all_pieces_steps_each_and_the_chosen_one_goes_on() {
    let game = sig();
    let s = after(&game, &game.new_initial_state(), "throw 6 throw 5 all f1");
    assert_eq!(piece(&s, 0), None);
    for c in 1..6 {
        assert_eq!(piece(&s, c), Some((0, c as u8, FREED)));
    }
    assert_eq!(piece(&s, 11), None);
    assert_eq!(
        piece(&s, 10),
        Some((0, 7, FREED)),
        "f1 stepped to f2 and went on to e2"
    );
    assert!(throwing(&game, &s, 1, "Throw"));
}

#[test]
fn a_sig_of_twelve_gives_a_special_throw_of_13_on_the_first_sig_of_three() {
    let game = sig();
    let s = after(&game, &game.new_initial_state(), "throw 0");
    assert!(throwing(&game, &s, 0, "SigOfTwelve1"));
    let expected13 = [
        "a1xb3", "b1xc3", "c1xd3", "d1xe3", "e1xf3", "f1-f2", "all a1", "all b1", "all c1",
        "all d1", "all e1", "all f1",
    ];
    for line in ["throw 1", "throw 2 throw 5", "throw 6 throw 0 throw 1"] {
        let s = after(&game, &s, line);
        assert!(deciding(&game, &s, 0, "Special", 13), "{line}");
        assert_eq!(names(&game, &s), expected13, "{line}");
    }
    let s = after(&game, &s, "throw 0 throw 4 throw 3");
    assert!(
        throwing(&game, &s, 1, "Throw"),
        "three throws without a sig end the turn"
    );
    assert_eq!((s.moves_played(), s.edges_played()), (0, 4));
}

#[test]
fn a_special_throw_of_13_moving_all_pieces_captures_only_where_pieces_end() {
    let game = sig();
    // All six step; e1 goes on 7 more: from f1's old place (position 5) to position 12, a3.
    let s = after(&game, &game.new_initial_state(), "throw 0 throw 1 all e1");
    assert_eq!(piece(&s, 12), Some((0, 12, FREED)));
    assert_eq!(pieces(&s, 1), 5);
    let mine: Vec<usize> = (0..18)
        .filter(|&c| piece(&s, c).is_some_and(|p| p.0 == 0))
        .collect();
    assert_eq!(mine, [1, 2, 3, 4, 11, 12]);
}

#[test]
fn with_one_unfreed_piece_left_the_all_pieces_move_is_listed_once() {
    let game = sig();
    let s = at(
        &game,
        &[(0, 0, false), (0, 14, true), (1, 0, false)],
        [false, false],
        0,
        "Special",
        7,
    );
    assert_eq!(names(&game, &s), ["a1-e2"]);
    // Two unfreed pieces: each alone, or both stepping and either going on 5.
    let s = at(
        &game,
        &[(0, 0, false), (0, 2, false), (1, 0, false)],
        [false, false],
        0,
        "Special",
        7,
    );
    assert_eq!(names(&game, &s), ["a1-e2", "c1-c2", "all a1", "all c1"]);
}

#[test]
fn a_special_throw_with_no_legal_move_is_a_pass_and_ends_the_turn() {
    let game = sig();
    // The last unfreed piece (a1) would land on its own piece on e2.
    let s = at(
        &game,
        &[(0, 0, false), (0, 7, true), (1, 0, false)],
        [false, false],
        0,
        "Special",
        13 - 6,
    );
    assert_eq!(names(&game, &s), ["pass"]);
    let s = after(&game, &s, "pass");
    assert!(throwing(&game, &s, 1, "Throw"));
    assert_eq!(piece(&s, 0), Some((0, 0, UNFREED)));
}

#[test]
fn an_all_pieces_move_passes_over_pieces_and_captures_where_they_end() {
    let game = sig();
    // P2 pieces on b1 and d1 (P2 positions 16 and 14). a1 steps to b1 and goes on to f2; c1 steps
    // to d1 and captures there; b1's piece is passed over.
    let s = at(
        &game,
        &[(0, 0, false), (0, 2, false), (1, 16, true), (1, 14, true)],
        [false, true],
        0,
        "Special",
        7,
    );
    let s = after(&game, &s, "all a1");
    assert_eq!(piece(&s, 11), Some((0, 6, FREED)));
    assert_eq!(piece(&s, 3), Some((0, 3, FREED)));
    assert_eq!(piece(&s, 1), Some((1, 16, FREED)));
    assert_eq!(pieces(&s, 1), 1);
}

#[test]
fn a_piece_may_not_end_on_its_own_side() {
    let game = sig();
    let s = at(
        &game,
        &[(0, 0, true), (0, 2, true), (0, 4, true), (1, 0, false)],
        [true, false],
        0,
        "Move",
        2,
    );
    assert_eq!(names(&game, &s), ["e1-f2"]);
    // In an all-pieces move no two pieces may end on one site: a1 going on 5 from b1 would end on
    // f2, where f1's piece steps.
    let s = at(
        &game,
        &[(0, 0, false), (0, 5, false), (1, 0, false)],
        [false, false],
        0,
        "Special",
        7,
    );
    assert_eq!(names(&game, &s), ["a1-e2", "f1-a3", "all f1"]);
    let s = after(&game, &s, "all f1");
    assert_eq!(piece(&s, 1), Some((0, 1, FREED)));
    assert_eq!(piece(&s, 6), Some((0, 11, FREED)));
}

#[test]
fn a_piece_ending_on_an_enemy_captures_it() {
    let game = sig();
    let s = at(
        &game,
        &[(0, 9, true), (1, 5, false), (1, 0, false)],
        [true, false],
        0,
        "Move",
        3,
    );
    assert_eq!(names(&game, &s), ["c2xa3"]);
    let s = after(&game, &s, "c2xa3");
    assert_eq!(piece(&s, 12), Some((0, 12, FREED)));
    assert_eq!(piece(&s, 8), None);
    assert_eq!(pieces(&s, 1), 1);
    assert!(throwing(&game, &s, 1, "Throw"));
}

#[test]
fn outside_the_opening_with_no_freed_piece_a_throw_is_a_single_pass() {
    let game = sig();
    let mut p = game.position(&game.new_initial_state());
    p.board.vars[0][opened(&game)] = 1;
    let s = game.state_at(p);
    for k in [2, 3, 4, 6] {
        let s = after(&game, &s, &format!("throw {k}"));
        assert!(deciding(&game, &s, 0, "Move", k));
        assert_eq!(names(&game, &s), ["pass"], "throw {k}");
        let s = after(&game, &s, "pass");
        assert!(throwing(&game, &s, 1, "Throw"));
        assert_eq!(s.moves_played(), 1);
    }
    // A 6 out of the opening is an ordinary throw, not a sig of six; a 0 creates no decision.
    let s = after(&game, &s, "throw 0");
    assert!(throwing(&game, &s, 1, "Throw"));
    assert_eq!(s.moves_played(), 0);
}

#[test]
fn the_central_row_is_passed_twice_and_the_track_position_decides() {
    let game = sig();
    // A P1 piece on d2 at position 8 (first pass) and one at position 20 (second pass).
    let first = at(
        &game,
        &[(0, 8, true), (1, 0, false)],
        [true, false],
        0,
        "Move",
        4,
    );
    assert_eq!(names(&game, &first), ["d2-a3"]);
    assert_eq!(
        piece(&after(&game, &first, "d2-a3"), 12),
        Some((0, 12, FREED))
    );
    let second = at(
        &game,
        &[(0, 20, true), (1, 0, false)],
        [true, false],
        0,
        "Move",
        4,
    );
    assert_eq!(names(&game, &second), ["d2-a1"]);
    assert_eq!(
        piece(&after(&game, &second, "d2-a1"), 0),
        Some((0, 0, FREED)),
        "the loop goes back to position 0"
    );
    // The same for P2 on c2: position 8 leads to f1, position 20 back to f3.
    let first = at(
        &game,
        &[(1, 8, true), (0, 0, false)],
        [false, true],
        1,
        "Move",
        4,
    );
    assert_eq!(names(&game, &first), ["c2-f1"]);
    let second = at(
        &game,
        &[(1, 20, true), (0, 0, false)],
        [false, true],
        1,
        "Move",
        4,
    );
    assert_eq!(names(&game, &second), ["c2-f3"]);
}

#[test]
fn capturing_the_last_enemy_piece_wins() {
    let game = sig();
    let s = at(
        &game,
        &[(0, 9, true), (1, 5, false)],
        [true, false],
        0,
        "Move",
        3,
    );
    let s = after(&game, &s, "c2xa3");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    assert_eq!(s.returns(), [1.0, -1.0]);
    // P2 wins the same way.
    let s = at(
        &game,
        &[(1, 9, true), (0, 5, false)],
        [false, true],
        1,
        "Move",
        3,
    );
    let s = after(&game, &s, "d2xf1");
    assert!(ended(&s, Status::Won(1)));
}

#[test]
fn after_2000_edges_the_game_is_drawn() {
    let game = sig();
    let mut p = game.position(&game.new_initial_state());
    p.edges_played = 1998;
    let s = after(&game, &game.state_at(p.clone()), "throw 3");
    assert!(throwing(&game, &s, 1, "Throw"));
    p.edges_played = 1999;
    for k in 0..7 {
        let s = after(&game, &game.state_at(p.clone()), &format!("throw {k}"));
        assert!(ended(&s, Status::Drawn), "throw {k}");
        assert_eq!(s.edges_played(), 2000);
    }
    // A decision at edge 1999: the move is the 2000th edge.
    let mut p = position(
        &game,
        &[(0, 9, true), (1, 5, false), (1, 0, false)],
        [true, false],
        0,
        "Move",
        2,
    );
    p.edges_played = 1999;
    let s = after(&game, &game.state_at(p), "c2-a2");
    assert!(ended(&s, Status::Drawn));
}
