//! A move's effects: a list run in order, each reading the board the move and the effects
//! before it left, and the move as the last move.

use crate::setup;

use setup::play;

const SCORING: &str = r#"
(game "Corner Points"
  (players 2)
  (equipment {(board (square 3)) (hand Each) (region "Corners" (sites {0 2 6 8})) (var "Seen" 0)})
  (rules (start (hand Each 5))
    (play (place 1 then:{
      (if LANDED (add-score Mover 2) (add-score Mover -1))
      (set-var Mover "Seen" (score Mover))}))
    (end (if (no-moves Next) (result Next Loss)))))
"#;

/// The test alone is read without a condition program (`Effect::IfLanded`); within another
/// condition, by the program. Both must score alike.
#[test]
fn effects_run_in_order_by_conditions_on_the_move() {
    for landed in [
        r#"(landed-in (region "Corners"))"#,
        r#"(not (not (landed-in (region "Corners"))))"#,
    ] {
        scores_by_corners(&SCORING.replace("LANDED", landed));
    }
}

fn scores_by_corners(text: &str) {
    let g = ludus::load_source("scoring.game", text, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    let mut s = g.new_initial_state();
    // A corner: two points, and the variable reads the store the first effect left.
    play(&g, &mut s, "place a1");
    let p = g.position(&s);
    assert_eq!((p.board.store[0], p.board.vars[0][0]), (2, 2));
    // Not a corner: a point off, but a store does not go below zero.
    play(&g, &mut s, "place b2");
    let p = g.position(&s);
    assert_eq!((p.board.store[1], p.board.vars[1][0]), (0, 0));
    play(&g, &mut s, "place b1");
    let p = g.position(&s);
    assert_eq!((p.board.store[0], p.board.vars[0][0]), (1, 1));
}
