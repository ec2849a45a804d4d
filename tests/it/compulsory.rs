//! The short draw of a priority of moves that must be taken, listed, then steps counted from
//! site sets (`Game::draws_compulsory_first`, `engine/sample/compulsory.rs`) against the general
//! draw: from the same seeds, the same final position, counts and random stream, for draughts,
//! its variants and rule sets edited to reach the draw's other cases (a board of more than one
//! word, steps that capture, a pass, no promotion), and plans of other shapes left to the
//! general draw.

use crate::setup;

use ludus::Game;
use setup::{agree_with_general, general, load};

/// English draughts' rules, edited: each pair replaced in `games/draughts.game`.
fn edited(edits: &[(&str, &str)]) -> Game {
    let mut text = std::fs::read_to_string("games/draughts.game").unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    ludus::load_source("edited.game", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// Plays `n` seeded playouts with the short draw and with the general one, and compares them;
/// the odd seeds from a position some random moves in.
fn agree(game: &Game, n: u64) {
    let sites = game.rules().topology.sites();
    assert!(
        game.draws_compulsory_first(),
        "{} on {sites} sites has the shape",
        game.name
    );
    agree_with_general(&game.name, game, &general(game), n, 31);
}

#[test]
fn draughts_draws_as_the_general_loop() {
    for limit in ["100", "12"] {
        agree(&load("games/draughts.game", &[("limit", limit)]), 300);
    }
    agree(&load("tests/variants/draughts-back.game", &[]), 200);
}

#[test]
fn edited_draughts_draws_as_the_general_loop() {
    let cases: &[&[(&str, &str)]] = &[
        // A smaller board, still one word; men only, never crowned.
        &[
            ("(square 8)", "(square 6)"),
            ("(rect 0 0 2 7)", "(rect 0 0 1 5)"),
            ("(rect 5 0 7 7)", "(rect 4 0 5 5)"),
            ("(row 7)", "(row 5)"),
            ("(promote \"King\")", "(progress)"),
        ],
        // A board of two words: the draw in two words.
        &[
            ("(square 8)", "(square 10)"),
            ("(rect 0 0 2 7)", "(rect 0 0 3 9)"),
            ("(rect 5 0 7 7)", "(rect 6 0 9 9)"),
            ("(row 7)", "(row 9)"),
        ],
        // Captured pieces to the hand; men also step forward onto an opposing piece, taking it.
        &[
            (
                "kind:\"King\" then:(progress))",
                "kind:\"King\" captured:Hand)",
            ),
            (
                "(step ForwardDiagonal kind:\"Man\"",
                "(step ForwardDiagonal kind:\"Man\" capture:Forward",
            ),
        ],
        // Every piece jumps and steps every way, with no kinds read.
        &[
            (
                "(jump ForwardDiagonal kind:\"Man\" then:{(progress) (\"Crown\")})",
                "(jump Orthogonal then:(progress))",
            ),
            (
                "(step ForwardDiagonal kind:\"Man\" then:{(progress) (\"Crown\")})",
                "(step Orthogonal)",
            ),
        ],
    ];
    for edits in cases {
        agree(&edited(edits), 200);
    }
}

#[test]
fn a_pass_when_stuck_draws_as_the_general_loop() {
    // No move ends nothing: the player passes, and the game goes on to its limit.
    let game = edited(&[
        (
            "(play\n      (priority {",
            "(play (phases { (decision \"Move\"\n      (priority {",
        ),
        (
            "      }))\n    (end {",
            "      }) pass:true) }))\n    (end {",
        ),
        ("(if (no-moves Next) (result Next Loss))", ""),
    ]);
    agree(&game, 100);
}

#[test]
fn plans_of_other_shapes_keep_the_general_draw() {
    for file in [
        "games/international-draughts.game",
        "games/breakthrough.game",
        "games/chess.game",
        "games/reversi.game",
    ] {
        assert!(!load(file, &[]).draws_compulsory_first(), "{file}");
    }
    // Steps first and jumps after, or a hop among the steps: not the shape.
    let swapped = edited(&[(
        "(or {\n          (jump",
        "(or {\n          (step Orthogonal kind:\"King\")\n          (jump",
    )]);
    assert!(!swapped.draws_compulsory_first());
    let hop = edited(&[(
        "(step Diagonal kind:\"King\")",
        "(hop Diagonal kind:\"King\")",
    )]);
    assert!(!hop.draws_compulsory_first());
}
