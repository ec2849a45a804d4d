//! The arithmetic family: its operators' exact values, and `mod` in a game's end rule.

use ludus::ludemes::arithmetic::Op;
use ludus::{Game, LoadError, State, Status};

#[test]
fn mod_is_the_euclidean_remainder_and_never_panics() {
    let cases = [
        (7, 3, 1),
        (-7, 3, 2),
        (7, -3, 1),
        (-7, -3, 2),
        (6, 3, 0),
        (-6, 3, 0),
        (0, 5, 0),
        (5, 0, 0),
        (i64::MIN, -1, 0),
        (i64::MIN, 3, 1),
        (i64::MAX, i64::MIN, i64::MAX),
    ];
    for (a, b, r) in cases {
        assert_eq!(Op::Mod.apply(a, b), r, "{a} mod {b}");
    }
}

/// A placement game that ends when `(mod (- 0 (moves-played)) 3)` is 2, won by the mover.
fn game(divisor: &str) -> String {
    format!(
        r#"(game "Remainder"
  (players 2)
  (equipment {{(board (square 3)) (hand Each)}})
  (rules
    (start (hand Each 5))
    (play (place 1))
    (end {{
      (if (= (mod (- 0 (moves-played)) {divisor}) 2) (result Mover Win))
      (if (no-moves Next) (result Next Loss))
    }})))"#
    )
}

fn first_moves(game: &Game, mut s: State) -> State {
    while !s.is_terminal() {
        let m = game.moves(&s)[0];
        game.apply(&mut s, m).unwrap();
    }
    s
}

#[test]
fn a_game_ends_on_a_remainder() {
    // -1 mod 3 is 2 (a truncating remainder would give -1): P1 wins with the first move.
    let g = ludus::load_source("mod.game", &game("3"), &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = first_moves(&g, g.new_initial_state());
    assert_eq!((s.status(), s.moves_played()), (Status::Won(0), 1));
    // -2 mod 4 is 2: P2 wins with the second move.
    let g = ludus::load_source("mod.game", &game("4"), &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = first_moves(&g, g.new_initial_state());
    assert_eq!((s.status(), s.moves_played()), (Status::Won(1), 2));
}

#[test]
fn a_divisor_written_as_zero_is_refused() {
    match ludus::load_source("mod.game", &game("0"), &[]) {
        Err(LoadError::Invalid { diagnostics, .. }) => {
            let messages: Vec<_> = diagnostics.iter().map(|d| d.message.clone()).collect();
            assert_eq!(messages, ["the divisor of `mod` is 0"]);
        }
        other => panic!("a divisor of 0 should be refused, got {other:?}"),
    }
}
