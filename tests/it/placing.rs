//! The placement loop of playouts (games whose every edge is one placement, `Game::place_only`)
//! against the general loop: from the same seeds, the same final position and counts, for every
//! shipped game and variant it plays, and for positions part-way through a game.

use crate::setup;

use ludus::Game;
use setup::{agree_with_general, load};

/// Each game the loop plays, with option settings that change its board and its end rules.
const PLACING: &[(&str, &[(&str, &str)])] = &[
    ("games/tictactoe.game", &[]),
    ("games/gomoku.game", &[]),
    ("games/gomoku.game", &[("exactly-five", "on")]),
    ("games/gomoku.game", &[("size", "5")]),
    ("games/gomoku.game", &[("size", "19")]),
    ("games/connect-four.game", &[]),
    // Groups of a connection test, kept by the loop as by a move of the general one.
    ("games/hex.game", &[("pie", "off")]),
    ("games/hex.game", &[("pie", "off"), ("size", "4")]),
    (
        "games/connect-four.game",
        &[("columns", "12"), ("rows", "11"), ("connect", "5")],
    ),
    (
        "games/connect-four.game",
        &[("columns", "19"), ("rows", "19"), ("connect", "2")],
    ),
    // Boards of one word (`Game::word_placing`), the last site on the word's last bit.
    (
        "games/connect-four.game",
        &[("columns", "8"), ("rows", "8"), ("connect", "3")],
    ),
    (
        "games/connect-four.game",
        &[("columns", "5"), ("rows", "4"), ("connect", "2")],
    ),
];

/// The games of [`PLACING`] on a board of one word, whose conditions and end rules the loop of
/// one word reads in place.
const IN_ONE_WORD: &[(&str, &[(&str, &str)])] = &[
    ("games/tictactoe.game", &[]),
    ("games/gomoku.game", &[("size", "5")]),
    ("games/connect-four.game", &[]),
    (
        "games/connect-four.game",
        &[("columns", "8"), ("rows", "8"), ("connect", "3")],
    ),
    (
        "games/connect-four.game",
        &[("columns", "5"), ("rows", "4"), ("connect", "2")],
    ),
];

/// Plays `n` seeded playouts with the loop `game` selects and with the general one, and
/// compares them; the first half from the start, the rest from a position some moves in.
fn agree(game: &Game, n: u64) {
    let mut general = game.clone();
    general.use_general_loop();
    agree_with_general(&game.name, game, &general, n, 9);
}

#[test]
fn the_placement_loop_plays_as_the_general_loop() {
    for (file, options) in PLACING {
        let game = load(file, options);
        assert!(
            game.place_only(),
            "{file} {options:?} is played by the placement loop"
        );
        agree(&game, 400);
    }
}

#[test]
fn the_games_of_one_word_run_the_loop_of_one_word() {
    for (file, options) in PLACING {
        let game = load(file, options);
        let one = IN_ONE_WORD.contains(&(*file, *options));
        assert_eq!(
            game.word_placing().is_some(),
            one,
            "{file} {options:?} is played in one word"
        );
    }
}

#[test]
fn games_with_other_moves_keep_the_general_loop() {
    for file in [
        "games/hex.game",
        "games/toki.game",
        "games/morris.game",
        "games/woli.game",
    ] {
        assert!(!load(file, &[]).place_only(), "{file}");
    }
}

/// A placement game on a 5x5 board (one word) whose placement is `(place 1 @ARGS)`.
const CUSTODIAN: &str = r#"(game "Custodian"
  (players 2)
  (equipment {(board (square 5)) (hand Each)})
  (rules (start {(hand Each 20) (pieces P1 (sites {6 18})) (pieces P2 (sites {12}))})
    (play (place 1 @ARGS))
    (end (if (no-moves Next) (result All Draw)))))"#;

#[test]
fn placements_that_flip_play_in_one_word_as_the_general_loop() {
    // Reversi: a priority of flanking placements, then a pass, which the general loop plays.
    for size in ["4", "6", "8"] {
        let game = load("games/reversi.game", &[("size", size)]);
        assert!(
            !game.place_only() && game.word_placing().is_some(),
            "Reversi {size} is played in one word"
        );
        agree(&game, 300);
    }
    assert!(load("games/reversi.game", &[("size", "10")])
        .word_placing()
        .is_none());
    // Flips that need not be made, bounded runs, a flank with a condition beside it; removals
    // are left to the general loop.
    for (args, one) in [
        ("flank:(flank All min:2)", true),
        (
            "flank:(flank Orthogonal max:2 required:true) if:(beside Diagonal Empty)",
            true,
        ),
        ("flank:(flank All remove:true)", false),
    ] {
        let game = ludus::load_source("custodian.game", &CUSTODIAN.replace("@ARGS", args), &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        assert_eq!(game.word_placing().is_some(), one, "{args}");
        agree(&game, 300);
    }
}

#[test]
fn new_end_rules_choose_the_loop_of_one_word_again() {
    use ludus::compile::ir::{Cmp, Cond, IntExpr, Op, Outcome, ResultKind, Who};
    let mut game = load("games/connect-four.game", &[]);
    // A test the loop of one word does not read in place: the placement loop plays.
    let played = IntExpr::Arith(
        Op::Add,
        Box::new(IntExpr::Lit(10)),
        Box::new(IntExpr::MovesMade(Who::Mover)),
    );
    game.set_end_rules(vec![(
        Cond::Compare(Cmp::Ge, IntExpr::MovesPlayed, played),
        Outcome::Fixed(None, ResultKind::Draw),
    )]);
    assert!(game.place_only() && game.word_placing().is_none());
    agree(&game, 200);
    // One it reads: the loop of one word again.
    game.set_end_rules(vec![(
        Cond::Compare(Cmp::Ge, IntExpr::MovesPlayed, IntExpr::Lit(12)),
        Outcome::Fixed(Some(Who::Next), ResultKind::Win),
    )]);
    assert!(game.word_placing().is_some());
    agree(&game, 200);
}

#[test]
fn end_rules_of_a_line_then_a_player_stuck_are_read_with_no_program() {
    let source = std::fs::read_to_string("games/connect-four.game").expect("Connect Four");
    let rules = r#"(end {
      (if (line (option "connect") Mover through-last:true) (result Mover Win))
      (if (no-moves Next) (result All Draw))
    })"#;
    assert!(
        source.contains(rules),
        "Connect Four's end rules as written here"
    );
    for file in ["games/connect-four.game", "games/tictactoe.game"] {
        let game = load(file, &[]);
        assert!(game.word_placing().is_some_and(|w| w.reads_line_first()));
    }
    let reversi = load("games/reversi.game", &[]);
    assert!(reversi
        .word_placing()
        .is_some_and(|w| !w.reads_line_first()));
    for (ends, short) in [
        // The line alone: a full board is a draw by no rule.
        (
            "(end (if (line 3 Mover through-last:true) (result Mover Win)))",
            true,
        ),
        // Another player's line, another player stuck.
        (
            "(end {(if (line 3 Next through-last:true) (result Mover Loss)) (if (no-moves Mover) (result Next Win))})",
            true,
        ),
        // The tests the other way round, or a third: the program reads them.
        (
            "(end {(if (no-moves Next) (result All Draw)) (if (line 3 Mover through-last:true) (result Mover Win))})",
            false,
        ),
        (
            "(end {(if (line 3 Mover through-last:true) (result Mover Win)) (if (no-moves Next) (result All Draw)) (if (>= (moves-played) 9) (result Next Win))})",
            false,
        ),
    ] {
        let text = source.replace(rules, ends);
        let game = ludus::load_source("ends.game", &text, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        let word = game.word_placing().expect("a loop of one word");
        assert_eq!(word.reads_line_first(), short, "{ends}");
        agree(&game, 300);
    }
}
