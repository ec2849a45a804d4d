//! Nine Men's Morris: mills that take a chosen piece, flying, the loss at two pieces or no
//! move, the draws, on set-up positions; the graph board's diagnostics; and the game against an
//! independent reference model (`tests/reference/morris.rs`) by perft and by lock-step random
//! games with flying on and off. Points are named as grid sites: a1 bottom left, g7 top right.

#[path = "../reference/morris.rs"]
mod reference;
use crate::setup;
use crate::tree;

use ludus::{Game, State, Status};
use rand::{Rng, SeedableRng};
use reference::Morris;
use setup::{empty, ended, load, names, sorted_names, stack};
use tree::Tree;

fn morris(options: &[(&str, &str)]) -> Game {
    load("games/morris.game", options)
}

/// The site of a point's name.
fn point(game: &Game, name: &str) -> usize {
    (0..game.sites())
        .find(|&s| game.site_name(s as u16) == name)
        .unwrap_or_else(|| panic!("{name} is no point"))
}

/// A position with P1's and P2's pieces and hands, `mover` to move.
fn at(game: &Game, p1: &[&str], p2: &[&str], hands: [u16; 2], mover: u8) -> State {
    let mut p = empty(game);
    for (player, list) in [(0, p1), (1, p2)] {
        for name in list {
            p.board.cells[point(game, name)] = stack(player, 1);
        }
    }
    p.board.hand[..2].copy_from_slice(&hands);
    p.mover = mover;
    game.state_at(p)
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_board_has_24_points_and_no_line_through_the_centre() {
    let game = morris(&[]);
    assert_eq!(game.sites(), 24);
    let s = game.new_initial_state();
    assert_eq!(names(&game, &s).len(), 24);
    // d3 and d5 face each other across the centre, unlinked: d3 steps along its three lines.
    let s = at(
        &game,
        &["d3", "d5", "b2", "f6"],
        &["a7", "g7", "a1", "g1"],
        [0, 0],
        0,
    );
    let from_d3: Vec<String> = sorted_names(&game, &s)
        .into_iter()
        .filter(|m| m.starts_with("d3-"))
        .collect();
    assert_eq!(from_d3, ["d3-c3", "d3-d2", "d3-e3"]);
    // d3 d4 d5 is no mill: stepping d2-d3 beside d5 takes nothing.
    let s = at(
        &game,
        &["d2", "d5", "b2", "f6"],
        &["a7", "g7", "a1", "g1"],
        [0, 0],
        0,
    );
    let moves = sorted_names(&game, &s);
    assert!(moves.contains(&"d2-d3".to_string()), "{moves:?}");
}

#[test]
fn a_mill_with_every_opposing_piece_in_mills_may_take_any() {
    let game = morris(&[]);
    let s = at(
        &game,
        &["a1", "d1", "g4", "b2"],
        &["a7", "d7", "g7", "c5", "d5", "e5"],
        [0, 0],
        0,
    );
    let expected = [
        "a1-a4", "b2-b4", "b2-d2", "d1-d2", "d1-g1", "g4-f4", "g4-g1xa7", "g4-g1xc5", "g4-g1xd5",
        "g4-g1xd7", "g4-g1xe5", "g4-g1xg7",
    ];
    assert_eq!(sorted_names(&game, &s), strings(&expected));
    let s = setup::after(&game, &s, "g4-g1xd5");
    assert_eq!(s.cells()[point(&game, "d5")].owner, 0);
    assert_eq!(s.cells()[point(&game, "g1")].owner, 1);
    assert_eq!(s.mover(), 1);
}

#[test]
fn a_mill_takes_only_pieces_outside_mills_when_there_are_some() {
    let game = morris(&[]);
    let s = at(
        &game,
        &["a1", "d1", "g4", "b2"],
        &["a7", "d7", "g7", "c5", "e5"],
        [0, 0],
        0,
    );
    let expected = [
        "a1-a4", "b2-b4", "b2-d2", "d1-d2", "d1-g1", "g4-f4", "g4-g1xc5", "g4-g1xe5",
    ];
    assert_eq!(sorted_names(&game, &s), strings(&expected));
}

#[test]
fn a_mill_forming_placement_lists_one_move_per_piece_it_may_take() {
    let game = morris(&[]);
    let s = at(&game, &["a1", "d1"], &["b2", "d2"], [7, 7], 0);
    let at_g1: Vec<String> = sorted_names(&game, &s)
        .into_iter()
        .filter(|m| m.starts_with("place g1"))
        .collect();
    assert_eq!(at_g1, ["place g1xb2", "place g1xd2"]);
    assert_eq!(names(&game, &s).len(), 21);
    // With no opposing piece on the board, the mill takes nothing and the placement stands.
    let s = at(&game, &["a1", "d1"], &[], [7, 9], 0);
    assert!(names(&game, &s).contains(&"place g1".to_string()));
    assert_eq!(names(&game, &s).len(), 22);
}

#[test]
fn a_player_down_to_three_pieces_flies_when_flying_is_on() {
    let (p1, p2) = (["a1", "d1", "b4"], ["a7", "d7", "g7", "d5"]);
    let game = morris(&[]);
    let s = at(&game, &p1, &p2, [0, 0], 0);
    let moves = sorted_names(&game, &s);
    // Three pieces to any of 17 empty points; b4-g1 makes a mill and takes d5, not the mill.
    assert_eq!(moves.len(), 51);
    assert!(moves.contains(&"b4-g1xd5".to_string()) && moves.contains(&"a1-e4".to_string()));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("b4-g1") && m != "b4-g1xd5"));
    let game = morris(&[("flying", "off")]);
    let s = at(&game, &p1, &p2, [0, 0], 0);
    let expected = [
        "a1-a4", "b4-a4", "b4-b2", "b4-b6", "b4-c4", "d1-d2", "d1-g1",
    ];
    assert_eq!(sorted_names(&game, &s), strings(&expected));
    // P2, with four pieces, steps whatever the option.
    let game = morris(&[]);
    let s = at(&game, &p1, &p2, [0, 0], 1);
    let expected = ["a7-a4", "d5-c5", "d5-d6", "d5-e5", "d7-d6", "g7-g4"];
    assert_eq!(sorted_names(&game, &s), strings(&expected));
}

#[test]
fn a_player_left_with_two_pieces_loses() {
    let game = morris(&[]);
    let s = at(
        &game,
        &["a1", "d1", "g4", "b2"],
        &["a7", "c5", "e5"],
        [0, 0],
        0,
    );
    let s = setup::after(&game, &s, "g4-g1xc5");
    assert!(ended(&s, Status::Won(0)), "{:?}", s.status());
    // Pieces still in hand count: two on the board and one to place is no loss.
    let s = at(&game, &["a1", "d1"], &["a7", "c5", "e5"], [1, 1], 0);
    let s = setup::after(&game, &s, "place g1xc5");
    assert!(!ended(&s, Status::Won(0)), "{:?}", s.status());
}

#[test]
fn a_player_with_no_move_loses() {
    let game = morris(&[]);
    let s = at(
        &game,
        &["a4", "d2", "g4", "d7", "c3"],
        &["a1", "d1", "g1", "a7"],
        [0, 0],
        0,
    );
    let s = setup::after(&game, &s, "c3-c4");
    assert!(ended(&s, Status::Won(0)), "{:?}", s.status());
}

#[test]
fn a_repeated_position_is_a_draw() {
    let game = morris(&[]);
    let s = at(
        &game,
        &["a1", "b2", "f6", "c5"],
        &["g7", "d3", "e5", "b6"],
        [0, 0],
        0,
    );
    let s = setup::after(&game, &s, "a1-a4 g7-g4 a4-a1");
    assert!(!ended(&s, Status::Drawn));
    let s = setup::after(&game, &s, "g4-g7");
    assert!(ended(&s, Status::Drawn), "{:?}", s.status());
}

#[test]
fn the_game_is_drawn_after_limit_moves() {
    let game = morris(&[("limit", "4")]);
    let s = setup::after(
        &game,
        &game.new_initial_state(),
        "place a1 place a7 place b2",
    );
    assert_eq!(names(&game, &s).len(), 21);
    let s = setup::after(&game, &s, "place b6");
    assert!(ended(&s, Status::Drawn), "{:?}", s.status());
}

#[test]
fn every_move_reads_back_from_its_notation() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
    let game = morris(&[]);
    let mut taken = 0;
    for _ in 0..20 {
        let mut s = game.new_initial_state();
        while !names(&game, &s).is_empty() {
            for (m, text) in game.moves(&s).into_iter().zip(names(&game, &s)) {
                assert_eq!(game.parse_move(&s, &text).ok(), Some(m), "{text}");
                taken += text.contains('x') as usize;
            }
            let moves = game.moves(&s);
            game.apply_checked(&mut s, moves[rng.random_range(0..moves.len())])
                .expect("a legal move applies");
        }
    }
    assert!(taken > 0);
}

/// A board with `lines`, and the message of its first error.
fn board_error(lines: &str) -> String {
    let text = format!(
        "(game \"G\" (players 2) (equipment {{(board (graph {{{lines}}})) (hand Each)}}) \
         (rules (start (hand Each 3)) (play (place 1)) (end (if (no-moves Next) (result Next Loss)))))"
    );
    let err = ludus::load_source("g.game", &text, &[]).expect_err("the board is refused");
    err.render(false)
}

#[test]
fn a_crooked_line_or_two_links_the_same_way_are_refused_at_their_point() {
    let e = board_error("\"a1 b1 c2\"");
    assert!(
        e.contains("the line bends at `b1`: it runs E and then NE"),
        "{e}"
    );
    assert!(e.contains("g.game:1:57"), "{e}");
    let e = board_error("\"a1 c1\" \"a1 b1\"");
    assert!(
        e.contains("two links leave `a1` to the E: to `c1` and to `b1`"),
        "{e}"
    );
    assert!(e.contains("g.game:1:59"), "{e}");
    let e = board_error("\"a1 c2\"");
    assert!(
        e.contains("`a1` to `c2` runs along none of the eight directions"),
        "{e}"
    );
    let e = board_error("\"a1 a1\" \"z9x\"");
    assert!(e.contains("`a1` is named twice in one line"), "{e}");
    assert!(e.contains("`z9x` names no point"), "{e}");
}

#[test]
fn perft_agrees_with_the_reference() {
    let game = morris(&[]);
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), 5);
    assert_eq!(ours, [1, 24, 552, 12144, 255024, 5140800]);
    assert_eq!(Morris::new(true, 200).perft(5), ours);
}

/// Deeper: `cargo test --release --test it -- --ignored morris::`.
#[test]
#[ignore = "a minute: perft 6 against the reference"]
fn perft_6_agrees_with_the_reference() {
    let game = morris(&[]);
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), 6);
    assert_eq!(ours[6], 99274176);
    assert_eq!(Morris::new(true, 200).perft(6), ours);
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(21);
    let mut endings = [0; 3];
    let (mut flown, mut taken) = (0, 0);
    for flying in [true, false] {
        let game = morris(&[("flying", if flying { "on" } else { "off" })]);
        for _ in 0..100 {
            let (mut s, mut r) = (game.new_initial_state(), Morris::new(flying, 200));
            loop {
                let ours = sorted_names(&game, &s);
                let mut theirs: Vec<String> = r.moves().iter().map(|m| m.notation()).collect();
                theirs.sort();
                assert_eq!(ours, theirs, "flying {flying}\n{}", game.render(&s));
                if ours.is_empty() {
                    break;
                }
                let text = &ours[rng.random_range(0..ours.len())];
                flown += (r.hand == [0, 0] && !text.contains('x') && flying) as usize;
                taken += text.contains('x') as usize;
                setup::play(&game, &mut s, text);
                let m = r.moves().into_iter().find(|m| m.notation() == *text);
                r.play(m.expect("the same move"));
            }
            let expected = match r.winner() {
                Some(Some(p)) => Status::Won(p as u8),
                _ => Status::Drawn,
            };
            assert!(ended(&s, expected), "{:?} against {expected:?}", s.status());
            endings[r.winner().flatten().map_or(2, |p| p)] += 1;
        }
    }
    // Both wins and draws were seen, and moves that take a piece.
    assert!(endings.iter().all(|&n| n > 0), "{endings:?}");
    assert!(taken > 0 && flown > 0);
}

/// Regions on a graph board take the points at their grid places; a row with none is empty.
#[test]
fn regions_read_a_graphs_points_by_their_coordinates() {
    let text = "(game \"G\" (players 2) (equipment {(board (graph {\"a1 d1 g1\" \"a4 b4 c4\" \"a1 a4\"})) \
                (hand Each) (region \"Middle\" (row 3)) (region \"Left\" (column 0)) (region \"Low\" (row 1))}) \
                (rules (start (hand Each 3)) (play (or {(place 1 to:(region \"Middle\")) (place 1 to:(region \"Left\")) \
                (place 1 to:(region \"Low\"))})) (end (if (no-moves Next) (result Next Loss)))))";
    let game =
        ludus::load_source("g.game", text, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)));
    let s = game.new_initial_state();
    assert_eq!(
        names(&game, &s),
        ["place a4", "place b4", "place c4", "place a1", "place a4"]
    );
}

/// `captured:` sends the taken piece where it says: the taker's store, its owner's hand (P2 holds
/// one piece still), or out of the game.
#[test]
fn a_removal_sends_the_piece_where_captured_says() {
    for (to, store, hand) in [("Store", 1, 1), ("Hand", 0, 2), ("Removed", 0, 1)] {
        let text = format!(
            "(game \"G\" (players 2) (equipment {{(board (graph {{\"a1 b1 c1\" \"a2 b2 c2\"}})) (hand Each)}}) \
             (rules (start (hand Each 3)) (play (place 1 remove:(remove Next when:(line 3 Mover through-last:true) \
             captured:{to}))) (end (if (no-moves Next) (result Next Loss)))))"
        );
        let game = ludus::load_source("g.game", &text, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        let s = setup::after(
            &game,
            &game.new_initial_state(),
            "place a1 place a2 place b1 place b2",
        );
        assert_eq!(
            sorted_names(&game, &s),
            ["place c1xa2", "place c1xb2", "place c2"]
        );
        let s = setup::after(&game, &s, "place c1xb2");
        let p = game.position(&s);
        assert_eq!((p.board.store[0], p.board.hand[1]), (store, hand), "{to}");
    }
}

/// A removal takes one piece: from a stack, the rest stays.
#[test]
fn a_removal_takes_one_piece_of_a_stack() {
    let text = "(game \"G\" (players 2) (equipment {(board (graph {\"a1 b1 c1\" \"a2 b2 c2\"})) (hand Each)}) \
                (rules (start (hand Each 3)) (play (place 1 remove:(remove Next when:(line 3 Mover through-last:true)))) \
                (end (if (no-moves Next) (result Next Loss)))))";
    let game =
        ludus::load_source("g.game", text, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)));
    let mut p = empty(&game);
    p.board.cells[0] = stack(0, 1);
    p.board.cells[1] = stack(0, 1);
    p.board.cells[4] = stack(1, 2);
    p.board.hand[..2].copy_from_slice(&[1, 1]);
    let s = game.state_at(p);
    let s = setup::after(&game, &s, "place c1xb2");
    assert_eq!((s.cells()[4].owner, s.cells()[4].count), (2, 1));
}
