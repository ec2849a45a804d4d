//! The loop of playouts for games whose moves are placements, steps and hops drawn from site sets
//! on a board of one word (`Game::shift_plan`) against the general loop: from the same seeds, the
//! same final position and counts, for every shipped game and variant of that shape, rule sets
//! edited to reach its other cases, and positions part-way through a game.

use crate::setup;

use ludus::Game;
use setup::{agree_with_general, load};

/// Each shipped game the loop plays, with option settings that change its board and end rules.
const SHIFTING: &[(&str, &[(&str, &str)])] = &[
    ("games/toki.game", &[]),
    ("games/toki.game", &[("edge", "ring")]),
    ("games/toki.game", &[("pieces", "6")]),
    ("games/toki.game", &[("pieces", "0")]),
    ("games/toki.game", &[("limit", "40")]),
    ("games/breakthrough.game", &[]),
    ("games/breakthrough.game", &[("size", "5")]),
    ("games/breakthrough.game", &[("size", "6")]),
];

/// Rule sets written for the loop's other cases: a full word of 64 sites with every direction,
/// hops that stop at the edge or run within a region, captures sent to the hand, placements of
/// one piece, three players, steps before placements, counts of moves without progress, and
/// lines through the last move's site.
const EDITED: &[&str] = &[
    r#"(game "Full word" (players 2)
  (equipment {(board (square 8)) (hand Each) (region "Inner" (rect 1 1 6 6))})
  (rules (start (hand Each 12))
    (play (or {(hop Orthogonal run-in:(region "Inner")) (step Orthogonal capture:Diagonal captured:Hand)
               (place 1 to:(region "Inner"))}))
    (end {(if (no-pieces Next) (result Mover Win)) (if (no-moves Next) (result Next Loss))
          (if (>= (moves-played) 300) (result All Draw))})))"#,
    r#"(game "Hops to the edge" (players 2)
  (equipment {(board (square 6)) (hand Each)})
  (rules (start (hand Each 9))
    (play (or {(step Orthogonal) (place 3) (hop Diagonal edge:LastSite) (hop Orthogonal)}))
    (end {(if (no-pieces Next) (result Mover Win)) (if (>= (moves-played) 200) (result All Draw))})))"#,
    r#"(game "Three" (players 3)
  (equipment {(board (rectangle 4 7)) (hand Each)})
  (rules (start (hand Each 5))
    (play (or {(place 1) (step Forwards capture:Orthogonal captured:Removed) (hop Forwards)}))
    (end {(if (no-pieces Mover) (result Mover Loss)) (if (no-moves Next) (result Next Loss))
          (if (>= (moves-played) 150) (result All Draw))})))"#,
    r#"(game "Progress" (players 2)
  (equipment {(board (square 5)) (hand Each)})
  (rules (start (hand Each 4))
    (play (or {(place 1) (step Orthogonal)}))
    (end {(if (>= (moves-without-progress) 12) (result All Draw))
          (if (no-moves Next) (result Next Loss))})))"#,
    r#"(game "Lines" (players 2)
  (equipment {(board (rectangle 6 7)) (hand Each)})
  (rules (start (hand Each 6))
    (play (or {(place 1) (step Orthogonal)}))
    (end {(if (line 4 Mover through-last:true) (result Mover Win))
          (if (line 3 Next exact:true dirs:{N E} through-last:true) (result Next Win))
          (if (no-moves Next) (result Next Loss)) (if (>= (moves-played) 120) (result All Draw))})))"#,
];

/// Plays `n` seeded playouts with the loop `game` selects and with the general one, and
/// compares them; the odd seeds from a position some random moves in.
fn agree(game: &Game, n: u64) {
    let mut general = game.clone();
    general.use_general_loop();
    agree_with_general(&game.name, game, &general, n, 23);
}

#[test]
fn the_shift_loop_plays_as_the_general_loop() {
    for (file, options) in SHIFTING {
        let game = load(file, options);
        assert!(
            game.shift_plan().is_some(),
            "{file} {options:?} is played by the shift loop"
        );
        agree(&game, 300);
    }
}

#[test]
fn edited_rule_sets_play_as_the_general_loop() {
    for text in EDITED {
        let game = ludus::load_source("edited.game", text, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        assert!(game.shift_plan().is_some(), "{} is of the shape", game.name);
        agree(&game, 300);
    }
}

#[test]
fn games_of_other_shapes_keep_their_loops() {
    for file in [
        "games/tictactoe.game",
        "games/hex.game",
        "games/reversi.game",
        "games/morris.game",
        "games/draughts.game",
        "games/woli.game",
        "games/sig.game",
        "games/ur.game",
    ] {
        assert!(load(file, &[]).shift_plan().is_none(), "{file}");
    }
}

#[test]
fn the_end_rules_are_read_in_place_and_again_when_they_change() {
    use ludus::compile::ir::{Cmp, Cond, IntExpr, Outcome, ResultKind, Who};
    for (file, options) in SHIFTING {
        let game = load(file, options);
        let plan = game.shift_plan().expect("the shift loop plays it");
        assert!(plan.reads_end_rules(), "{file} {options:?}");
    }
    // New end rules: the loop plays by them, as the general loop does.
    let mut game = load("games/toki.game", &[]);
    game.set_end_rules(vec![
        (
            Cond::Compare(Cmp::Ge, IntExpr::InHand(Who::Next), IntExpr::Lit(19)),
            Outcome::Fixed(Some(Who::Next), ResultKind::Win),
        ),
        (
            Cond::Compare(Cmp::Ge, IntExpr::MovesPlayed, IntExpr::Lit(30)),
            Outcome::Fixed(None, ResultKind::Draw),
        ),
    ]);
    assert!(game
        .shift_plan()
        .as_ref()
        .is_some_and(|p| p.reads_end_rules()));
    agree(&game, 200);
    // A test the loop does not read in place: the general end rules, the same games.
    game.set_end_rules(vec![(
        Cond::Compare(
            Cmp::Ge,
            IntExpr::MovesPlayed,
            IntExpr::Arith(
                ludus::compile::ir::Op::Add,
                Box::new(IntExpr::Lit(20)),
                Box::new(IntExpr::MovesMade(Who::Mover)),
            ),
        ),
        Outcome::Fixed(None, ResultKind::Draw),
    )]);
    assert!(game
        .shift_plan()
        .as_ref()
        .is_some_and(|p| !p.reads_end_rules()));
    agree(&game, 200);
}
