//! Piece kinds: declared by name, set at the start, read by generators, changed by promotion,
//! and shown on the board.

use crate::setup;

use ludus::Game;
use setup::{play, sorted_names as legal};

fn load(name: &str, text: &str) -> Game {
    match ludus::load_source(name, text, &[]) {
        Ok(g) => g,
        Err(e) => panic!("{name} loads: {}", e.render(false)),
    }
}

/// Men step north and are crowned on the far row; kings step in all eight directions.
const CROWNING: &str = r#"
(game "Crowning"
  (players 2)
  (equipment {(board (square 4)) (piece-kinds {"Man" "King"})
    (region "Far" P1 (row 3)) (region "Far" P2 (row 0))})
  (rules
    (start {(pieces P1 (sites {8})) (pieces P1 (sites {3}) kind:"King")
            (pieces P2 (sites {14}) kind:"King")})
    (play (or {(step N kind:"Man" then:(if (landed-in (region "Far" Mover)) (promote "King")))
               (step All kind:"King")}))
    (end (if (no-moves Next) (result Next Loss)))))
"#;

#[test]
fn each_kind_moves_as_its_generator_says() {
    let g = load("crowning.game", CROWNING);
    let s = g.new_initial_state();
    // The man on a3 steps north only; the king on d1 steps every way the board allows.
    assert_eq!(legal(&g, &s), ["a3-a4", "d1-c1", "d1-c2", "d1-d2"]);
}

#[test]
fn a_man_reaching_the_far_row_is_crowned() {
    let g = load("crowning.game", CROWNING);
    let mut s = g.new_initial_state();
    play(&g, &mut s, "a3-a4");
    let a4 = g.position(&s).board.cells[12];
    assert_eq!((a4.owner, a4.kind), (1, 1), "a4 holds P1's king");
    play(&g, &mut s, "c4-d4");
    // The new king steps every way now, beside the old one.
    assert_eq!(
        legal(&g, &s),
        ["a4-a3", "a4-b3", "a4-b4", "d1-c1", "d1-c2", "d1-d2"]
    );
}

#[test]
fn a_man_short_of_the_far_row_stays_a_man() {
    let text = CROWNING.replace("(sites {8})", "(sites {4})");
    let g = load("short.game", &text);
    let mut s = g.new_initial_state();
    play(&g, &mut s, "a2-a3");
    assert_eq!(g.position(&s).board.cells[8].kind, 0);
}

#[test]
fn the_board_shows_each_kind() {
    let g = load("crowning.game", CROWNING);
    let board = g.render(&g.new_initial_state());
    assert!(board.contains("x1M"), "{board}");
    assert!(board.contains("x1K"), "{board}");
    assert!(board.contains("o1K"), "{board}");
}

#[test]
fn an_undeclared_kind_is_an_error_with_a_suggestion() {
    let text = CROWNING.replace("(promote \"King\")", "(promote \"Kign\")");
    let Err(e) = ludus::load_source("typo.game", &text, &[]) else {
        panic!("an undeclared kind is refused");
    };
    let report = e.render(false);
    assert!(
        report.contains("no piece kind is called \"Kign\""),
        "{report}"
    );
    assert!(report.contains("did you mean \"King\"?"), "{report}");
}
