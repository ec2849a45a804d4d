//! T'oki: every clause of RULES.md on set-up positions, with both edge readings.
//! Sites are named as in chess: a1 = site 0, columns from P1's left, rows from the bottom.

use crate::setup;

use ludus::engine::Position;
use ludus::{Game, NodeType, State, Status};
use setup::{after, empty, ended, load, names, stack};

fn toki() -> Game {
    load("games/toki.game", &[])
}

fn ring() -> Game {
    load("games/toki.game", &[("edge", "ring")])
}

/// A position with stacks `(site, player, count)` and the hands, P1 to move.
fn board(game: &Game, stacks: &[(&str, u8, u16)], hands: [u16; 2]) -> Position {
    let mut p = empty(game);
    for &(name, player, count) in stacks {
        p.board.cells[setup::site(game.topology.columns, name)] = stack(player, count);
    }
    p.board.hand[..2].copy_from_slice(&hands);
    p
}

fn at(game: &Game, stacks: &[(&str, u8, u16)], hands: [u16; 2]) -> State {
    game.state_at(board(game, stacks, hands))
}

/// The stack on a site as (owner 0 none / 1 P1 / 2 P2, count).
fn on(game: &Game, s: &State, name: &str) -> (u8, u16) {
    let c = s.cells()[setup::site(game.topology.columns, name)];
    (c.owner, c.count)
}

fn pieces_on_board(s: &State, player: u8) -> u16 {
    s.cells()
        .iter()
        .filter(|c| c.owner == player + 1)
        .map(|c| c.count)
        .sum()
}

fn letters(columns: usize) -> impl Iterator<Item = char> {
    (0..columns as u8).map(|c| (b'a' + c) as char)
}

/// `place` on every site of rows and columns `from..=to` (1-based), in site order, except `but`.
fn places(from: usize, to: usize, but: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for row in from..=to {
        for col in letters(to).skip(from - 1) {
            let name = format!("{col}{row}");
            if !but.contains(&name.as_str()) {
                out.push(format!("place {name}"));
            }
        }
    }
    out
}

#[test]
fn the_board_starts_empty_and_p1_can_only_place() {
    let game = toki();
    let s = game.new_initial_state();
    assert_eq!(s.hands(), [20, 20]);
    assert!(s.cells().iter().all(|c| c.count == 0));
    assert_eq!(names(&game, &s), places(1, 5, &[]));
}

#[test]
fn placing_puts_two_pieces_from_hand_on_an_empty_site() {
    let game = toki();
    let s = after(&game, &game.new_initial_state(), "place c3");
    assert_eq!(s.hands(), [18, 20]);
    assert_eq!(on(&game, &s, "c3"), (1, 2));
    assert_eq!(s.mover(), 1);
    // P2 has no piece on the board yet: only placements, and not on c3.
    assert_eq!(names(&game, &s), places(1, 5, &["c3"]));
    let s = after(&game, &s, "place c4");
    assert_eq!(s.hands(), [18, 18]);
    assert_eq!(on(&game, &s, "c4"), (2, 2));
}

#[test]
fn placing_and_moving_mix_while_the_hand_has_pieces() {
    let game = toki();
    let s = at(&game, &[("c3", 0, 1), ("a5", 1, 1)], [2, 0]);
    let mut expected = places(1, 5, &["c3", "a5"]);
    expected.extend(["c3-c4", "c3-d3", "c3-c2", "c3-b3"].map(String::from));
    assert_eq!(names(&game, &s), expected);
    let s = after(&game, &s, "place e1");
    assert_eq!(s.hands(), [0, 0]);
    // With an empty hand, no placing: P2's piece can only step.
    assert_eq!(names(&game, &s), ["a5-b5", "a5-a4"]);
}

#[test]
fn a_step_moves_one_piece_off_a_stack_and_the_rest_stays() {
    let game = toki();
    let s = at(&game, &[("c3", 0, 3), ("a5", 1, 1)], [0, 0]);
    let s = after(&game, &s, "c3-c4");
    assert_eq!(on(&game, &s, "c3"), (1, 2));
    assert_eq!(on(&game, &s, "c4"), (1, 1));
    assert_eq!(s.hands(), [0, 0]);
}

#[test]
fn a_step_goes_only_to_an_adjacent_empty_site() {
    let game = toki();
    // c3 is surrounded by its own stack (c4), an enemy (d3) and empty sites (c2, b3).
    let s = at(
        &game,
        &[("c3", 0, 2), ("c4", 0, 1), ("d3", 1, 1), ("e3", 1, 1)],
        [0, 0],
    );
    // The run d3, e3 reaches the edge: c3 may hop onto e3.
    assert_eq!(
        names(&game, &s),
        ["c3-c2", "c3-b3", "c4-c5", "c4-d4", "c4-b4", "c3xe3"]
    );
}

#[test]
fn a_hop_over_a_run_of_enemy_stacks_lands_beyond_and_captures_them_all() {
    let game = toki();
    let s = at(
        &game,
        &[
            ("a3", 0, 2),
            ("b3", 1, 1),
            ("c3", 1, 3),
            ("d3", 1, 2),
            ("a5", 1, 1),
        ],
        [0, 0],
    );
    assert!(
        names(&game, &s).contains(&"a3xe3".to_string()),
        "{:?}",
        names(&game, &s)
    );
    let s = after(&game, &s, "a3xe3");
    assert_eq!(
        on(&game, &s, "a3"),
        (1, 1),
        "one piece hops, the rest of the stack stays"
    );
    assert_eq!(on(&game, &s, "e3"), (1, 1));
    for name in ["b3", "c3", "d3"] {
        assert_eq!(on(&game, &s, name), (0, 0), "{name} captured");
    }
    assert_eq!(pieces_on_board(&s, 1), 1, "only a5 is left to P2");
    assert_eq!(s.node(), NodeType::Decision);
}

#[test]
fn a_run_that_reaches_the_edge_lands_on_its_last_square() {
    let game = toki();
    let s = at(
        &game,
        &[
            ("b3", 0, 2),
            ("c3", 1, 1),
            ("d3", 1, 1),
            ("e3", 1, 2),
            ("a5", 1, 1),
        ],
        [0, 0],
    );
    assert_eq!(names(&game, &s), ["b3-b4", "b3-b2", "b3-a3", "b3xe3"]);
    let s = after(&game, &s, "b3xe3");
    assert_eq!(on(&game, &s, "b3"), (1, 1));
    assert_eq!(on(&game, &s, "c3"), (0, 0));
    assert_eq!(on(&game, &s, "d3"), (0, 0));
    assert_eq!(
        on(&game, &s, "e3"),
        (1, 1),
        "the last enemy stack is captured and the hopper stands there"
    );
    assert_eq!(pieces_on_board(&s, 1), 1);
}

#[test]
fn an_own_piece_after_the_run_blocks_the_hop() {
    let game = toki();
    // a3 and c3 (P1) enclose b3 (P2): no hop either way, only steps.
    let s = at(&game, &[("a3", 0, 1), ("b3", 1, 1), ("c3", 0, 1)], [0, 0]);
    assert_eq!(
        names(&game, &s),
        ["a3-a4", "a3-a2", "c3-c4", "c3-d3", "c3-c2"]
    );
    // P2's b3 steps north or south, hops c3 onto the empty d3, and hops a3, whose run reaches the
    // edge, landing on a3.
    let mut p = board(&game, &[("a3", 0, 1), ("b3", 1, 1), ("c3", 0, 1)], [0, 0]);
    p.mover = 1;
    let s = game.state_at(p);
    assert_eq!(names(&game, &s), ["b3-b4", "b3-b2", "b3xd3", "b3xa3"]);
}

#[test]
fn a_hop_that_captures_the_last_enemy_piece_wins() {
    let game = toki();
    let s = at(&game, &[("a3", 0, 1), ("b3", 1, 2)], [0, 0]);
    let s = after(&game, &s, "a3xc3");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    assert_eq!(s.returns(), [1.0, -1.0]);
    // Pieces still in hand keep P2 in the game.
    let s = at(&game, &[("a3", 0, 1), ("b3", 1, 2)], [0, 2]);
    let s = after(&game, &s, "a3xc3");
    assert_eq!(s.node(), NodeType::Decision);
    assert_eq!(s.mover(), 1);
}

#[test]
fn a_player_with_no_legal_move_loses() {
    let game = toki();
    // Rows 1, 3, 5 are P2's, rows 2 and 4 P1's, e4 empty. Placing on e4 leaves P2 with no empty
    // site, no hand, and every run of P1 stacks ending on a P2 stack.
    let mut stacks = Vec::new();
    let names_of: Vec<String> = (1..=5)
        .flat_map(|r| letters(5).map(move |c| format!("{c}{r}")))
        .collect();
    for name in &names_of {
        let row: usize = name[1..].parse().unwrap();
        if name != "e4" {
            stacks.push((name.as_str(), if row % 2 == 1 { 1 } else { 0 }, 1));
        }
    }
    let mut p = board(&game, &stacks, [2, 0]);
    p.mover = 1;
    let before = game.state_at(p.clone());
    assert_eq!(
        names(&game, &before),
        ["e3-e4", "e5-e4"],
        "P2 can still step into e4"
    );
    p.mover = 0;
    let s = after(&game, &game.state_at(p), "place e4");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
}

#[test]
fn after_500_moves_the_game_is_drawn() {
    let game = toki();
    let mut p = board(&game, &[("a3", 0, 1), ("b3", 1, 1), ("e5", 1, 1)], [0, 0]);
    p.moves_played = 498;
    let s = after(&game, &game.state_at(p.clone()), "a3-a4");
    assert_eq!(s.node(), NodeType::Decision);
    p.moves_played = 499;
    let s = after(&game, &game.state_at(p.clone()), "a3-a4");
    assert!(ended(&s, Status::Drawn));
    assert_eq!(s.moves_played(), 500);
    // A winning 500th move wins.
    p.board.cells[setup::site(5, "e5")] = Default::default();
    let s = after(&game, &game.state_at(p), "a3xc3");
    assert!(ended(&s, Status::Won(0)));
}

#[test]
fn ring_the_board_is_7x7_and_pieces_are_placed_only_inside() {
    let game = ring();
    assert_eq!((game.topology.rows, game.topology.columns), (7, 7));
    let s = game.new_initial_state();
    assert_eq!(s.cells().len(), 49);
    assert_eq!(names(&game, &s), places(2, 6, &[]));
}

#[test]
fn ring_a_hop_over_a_run_to_the_inner_edge_lands_on_the_ring() {
    let game = ring();
    let s = at(
        &game,
        &[
            ("b4", 0, 1),
            ("c4", 1, 1),
            ("d4", 1, 1),
            ("e4", 1, 1),
            ("f4", 1, 2),
            ("b6", 1, 1),
        ],
        [0, 0],
    );
    assert_eq!(names(&game, &s), ["b4-b5", "b4-b3", "b4xg4"]);
    let s = after(&game, &s, "b4xg4");
    assert_eq!(on(&game, &s, "g4"), (1, 1));
    assert_eq!(on(&game, &s, "b4"), (0, 0));
    assert_eq!(pieces_on_board(&s, 1), 1);
}

#[test]
fn ring_no_piece_steps_onto_the_ring() {
    let game = ring();
    let s = at(&game, &[("f4", 0, 2), ("b6", 1, 1)], [2, 0]);
    let mut expected = places(2, 6, &["f4", "b6"]);
    expected.extend(["f4-f5", "f4-f3", "f4-e4"].map(String::from));
    assert_eq!(names(&game, &s), expected);
}

#[test]
fn ring_a_piece_on_the_ring_steps_or_hops_back_onto_the_board() {
    let game = ring();
    let s = at(&game, &[("g4", 0, 1), ("b2", 1, 1)], [0, 0]);
    assert_eq!(names(&game, &s), ["g4-f4"]);
    let s = at(&game, &[("g6", 0, 1), ("b2", 1, 1)], [0, 0]);
    assert_eq!(names(&game, &s), ["g6-f6"]);
    let s = at(
        &game,
        &[("g4", 0, 1), ("f4", 1, 1), ("e4", 1, 1), ("b2", 1, 1)],
        [0, 0],
    );
    assert_eq!(names(&game, &s), ["g4xd4"]);
    let s = after(&game, &s, "g4xd4");
    assert_eq!(on(&game, &s, "d4"), (1, 1));
    assert_eq!(pieces_on_board(&s, 1), 1);
}
