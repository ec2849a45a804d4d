//! Directions as rules name them: player-relative groups (forward is north for P1, south for
//! P2), lists of directions, and the errors where a name cannot stand.

use crate::setup;

use ludus::Game;
use setup::{play, sorted_names as legal};

fn load(name: &str, text: &str) -> Game {
    match ludus::load_source(name, text, &[]) {
        Ok(g) => g,
        Err(e) => panic!("{name} loads: {}", e.render(false)),
    }
}

/// The error a text gives, rendered without colours.
fn error(text: &str) -> String {
    match ludus::load_source("bad.game", text, &[]) {
        Ok(_) => panic!("the text loads:\n{text}"),
        Err(e) => e.render(false),
    }
}

/// One piece each, in the middle column at either end of a 5x5 board; the move is `moves`.
fn game(moves: &str) -> String {
    format!(
        r#"
(game "Facing"
  (players 2)
  (equipment {{(board (square 5))}})
  (rules
    (start {{(pieces P1 (sites {{2}})) (pieces P2 (sites {{22}}))}})
    (play {moves})
    (end (if (no-moves Next) (result Next Loss)))))
"#
    )
}

/// The moves of P1 at the start and of P2 after P1's `first`.
fn both(moves: &str, first: &str) -> (Vec<String>, Vec<String>) {
    let g = load("facing.game", &game(moves));
    let mut s = g.new_initial_state();
    let p1 = legal(&g, &s);
    play(&g, &mut s, first);
    (p1, legal(&g, &s))
}

#[test]
fn forward_is_north_for_the_first_player_and_south_for_the_second() {
    assert_eq!(
        both("(step Forward)", "c1-c2"),
        (vec!["c1-c2".into()], vec!["c5-c4".into()])
    );
    // Backward is the other way for each: P1 on c2 steps back to c1, P2 on c4 to c5.
    let g = load("back.game", &game("(step {Forward Backward})"));
    let mut s = g.new_initial_state();
    play(&g, &mut s, "c1-c2 c5-c4");
    assert_eq!(legal(&g, &s), ["c2-c1", "c2-c3"]);
    play(&g, &mut s, "c2-c3");
    assert_eq!(legal(&g, &s), ["c4-c5"]);
}

#[test]
fn each_relative_group_turns_with_the_player() {
    let (p1, p2) = both("(step ForwardDiagonal)", "c1-b2");
    assert_eq!(
        (p1, p2),
        (
            vec!["c1-b2".into(), "c1-d2".into()],
            vec!["c5-b4".into(), "c5-d4".into()]
        )
    );
    let (p1, p2) = both("(step Forwards)", "c1-c2");
    assert_eq!(p1, ["c1-b2", "c1-c2", "c1-d2"]);
    assert_eq!(p2, ["c5-b4", "c5-c4", "c5-d4"]);
    let (p1, p2) = both("(step Sideways)", "c1-b1");
    assert_eq!(
        (p1, p2),
        (
            vec!["c1-b1".into(), "c1-d1".into()],
            vec!["c5-b5".into(), "c5-d5".into()]
        )
    );
    // Leftward is west for P1 (facing north) and east for P2 (facing south).
    let (p1, p2) = both("(step Leftward)", "c1-b1");
    assert_eq!((p1, p2), (vec!["c1-b1".into()], vec!["c5-d5".into()]));
}

#[test]
fn a_list_of_directions_is_their_union() {
    let (p1, p2) = both("(step {Forward E})", "c1-d1");
    assert_eq!(p1, ["c1-c2", "c1-d1"]);
    assert_eq!(p2, ["c5-c4", "c5-d5"]);
    // A direction named twice steps once.
    let (p1, _) = both("(step {N Forward Orthogonal})", "c1-c2");
    assert_eq!(p1, ["c1-b1", "c1-c2", "c1-d1"]);
}

#[test]
fn a_line_cannot_run_in_directions_that_differ_by_player() {
    let text = game("(step Forward)").replace("(no-moves Next)", "(line 3 Mover dirs:Forward)");
    let e = error(&text);
    assert!(
        e.contains("these directions differ from player to player"),
        "{e}"
    );
    assert!(e.contains("dirs:Forward"), "{e}");
}

#[test]
fn a_hex_board_has_no_forward() {
    let text = game("(step Forward)").replace("(square 5)", "(rhombus 5)");
    let e = error(&text);
    assert!(e.contains("this board has no direction `Forward`"), "{e}");
}

#[test]
fn a_misspelt_direction_is_told_its_nearest_name() {
    let e = error(&game("(step {Forward ForwardDiagonals})"));
    assert!(e.contains("ForwardDiagonal"), "{e}");
}

/// Four players sit clockwise round the board from P1 at the bottom: P2 at the left faces E, P3 at
/// the top S, P4 at the right W; with three, the first three seats. A piece of each in the middle
/// of its side of a 5x5 board, stepping forward.
#[test]
fn three_or_four_players_sit_clockwise_round_the_board() {
    for players in [4, 3] {
        let text = format!(
            r#"
(game "Four Sides"
  (players {players})
  (equipment {{(board (square 5))}})
  (rules
    (start {{(pieces P1 (sites {{2}})) (pieces P2 (sites {{10}})) (pieces P3 (sites {{22}})) (pieces P4 (sites {{14}}))}})
    (play (step Forward))
    (end (if (no-moves Next) (result Next Loss)))))
"#
        );
        let text = if players == 3 {
            text.replace(" (pieces P4 (sites {14}))", "")
        } else {
            text
        };
        let g = load("sides.game", &text);
        let mut s = g.new_initial_state();
        let mut seen = Vec::new();
        for _ in 0..players {
            let moves = legal(&g, &s);
            play(&g, &mut s, &moves[0]);
            seen.push(moves);
        }
        let expected: [&[&str]; 4] = [&["c1-c2"], &["a3-b3"], &["c5-c4"], &["e3-d3"]];
        assert_eq!(seen, expected[..players], "{players} players");
    }
}
