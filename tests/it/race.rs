//! The dice kernel of playouts (games with throws, `Game::race_plan`) against the general loop: from
//! the same seeds, the same final position and counts, for Sig and edited rulesets of its shape
//! (other end rules and branch tests, no pass, no `then`, steps past the targets' table, tracks
//! that end, more piece states than the kernel's mirror keeps), Ur and Ludo, from the start and
//! from positions part-way through a game.

use crate::setup;

use ludus::Game;
use setup::{agree_with_general, load};

/// Sig with `edits` made to its text (each `(from, to)` once), and option settings.
fn sig(edits: &[(&str, &str)], options: &[(&str, &str)]) -> Game {
    let mut text = std::fs::read_to_string("games/sig.game").expect("games/sig.game reads");
    for (from, to) in edits {
        assert!(text.contains(from), "sig.game holds {from}");
        text = text.replacen(from, to, 1);
    }
    let settings: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    ludus::load_source("sig-edited.game", &text, &settings)
        .unwrap_or_else(|e| panic!("{edits:?}: {}", e.render(false)))
}

/// A text edit (from, to) or an option setting (name, value).
type Pair = (&'static str, &'static str);

/// Rulesets of the kernel's shape: Sig as shipped and as edited, Ur and Ludo.
fn rulesets() -> Vec<(String, Game)> {
    let end = "(if (no-pieces Next) (result Mover Win))";
    let move_phase = r#"(decision "Move" (advance "Loop" (pips) state:"Freed") pass:true)"#;
    let cases: Vec<(&str, Vec<Pair>, Vec<Pair>)> = vec![
        ("as shipped", vec![], vec![]),
        // The edge limit's test, which the early form of the end rules leaves out, reached.
        ("limit 120", vec![], vec![("limit", "120")]),
        ("limit 1", vec![], vec![("limit", "1")]),
        // A score, a hand and a count of moves in the end rules.
        (
            "score end",
            vec![(
                end,
                "(if (>= (score Mover) 3) (result Mover Win)) (if (>= (moves-played) 90) (result All Draw))",
            )],
            vec![],
        ),
        // End rules read only when a clock test can change its answer or after a capture: a
        // count of moves met exactly once, a range of edges, the loss of every piece.
        (
            "clock ends",
            vec![(
                end,
                "(if (= (moves-played) 45) (result Next Win)) (if (no-pieces Next) (result Mover Win)) (if (and (>= (edges-played) 150) (<= (edges-played) 152)) (result Next Win))",
            )],
            vec![],
        ),
        (
            // Two pieces a side on a loop of eight: games end by captures early and often.
            "two pieces",
            vec![("(rectangle 3 6)", "(rectangle 3 2)")],
            vec![],
        ),
        // A test the kernel reads through the general code.
        (
            "pieces end",
            vec![(end, "(if (< (pieces-on-board Next) 4) (result Next Loss))")],
            vec![],
        ),
        // No pass: a player with no move is stuck, which an end rule reads.
        (
            "no pass",
            vec![
                (
                    move_phase,
                    r#"(decision "Move" (advance "Loop" (pips) state:"Freed"))"#,
                ),
                (end, "(if (no-moves Next) (result Mover Win)) (if (no-pieces Next) (result Mover Win))"),
            ],
            vec![],
        ),
        // No pass and no end rule for it: a stuck player draws.
        (
            "stuck draws",
            vec![(
                move_phase,
                r#"(decision "Move" (advance "Loop" (pips) state:"Freed"))"#,
            )],
            vec![],
        ),
        // An advance without a state, capturing into the hand; a branch reading the board.
        (
            "any piece",
            vec![
                (
                    move_phase,
                    r#"(decision "Move" (advance "Loop" (pips) captured:Removed) pass:true)"#,
                ),
                (
                    r#"(else (goto "Move"))"#,
                    r#"(when (> (pieces-on-board Next) 5) (goto "Move")) (else (end-turn))"#,
                ),
            ],
            vec![],
        ),
        // Tests and effects of each seat (`Mover`, `Next`, `Prev`), which the kernel resolves
        // per player at load time: a variable set for the next player after a sig, a branch
        // and an end rule reading it for the previous and the next player.
        (
            "seats",
            vec![
                (r#"(var "Opened" 0)"#, r#"(var "Opened" 0) (var "Seen" 0)"#),
                (
                    r#"then:("Freeing"))"#,
                    r#"then:{("Freeing") (set-var Next "Seen" 1)})"#,
                ),
                (
                    r#"(when ("Sig") (goto "Sig"))"#,
                    r#"(when (and ("Sig") (= (var Prev "Seen") 0)) (goto "Sig")) (when ("Sig") (end-turn))"#,
                ),
                (
                    end,
                    "(if (and (= (var Next \"Seen\") 1) (>= (moves-played) 60)) (result Prev Win)) (if (no-pieces Next) (result Mover Win))",
                ),
            ],
            vec![],
        ),
        // A plain advance's targets past the short throws' table (17 steps on the loop of 24:
        // read as the track reads them), and captures by them.
        (
            "long steps",
            vec![(
                r#"(advance "Loop" 1 set-state:"Freed""#,
                r#"(advance "Loop" 17 set-state:"Freed""#,
            )],
            vec![],
        ),
        // Tracks that end: a target past the end is none (the table's `NOWHERE`).
        (
            "open tracks",
            vec![("loop:true)", ")"), ("loop:true)", ")")],
            vec![],
        ),
        // More piece states than the mirror keeps: the advance is drawn from its list.
        (
            "many states",
            vec![(
                r#"(piece-states {"Unfreed" "Freed"})"#,
                r#"(piece-states {"Unfreed" "Freed" "S2" "S3" "S4" "S5" "S6" "S7" "S8"})"#,
            )],
            vec![],
        ),
    ];
    cases
        .into_iter()
        .map(|(name, edits, options)| (name.to_string(), sig(&edits, &options)))
        .chain(
            [
                ("games/ur.game", &[][..]),
                ("games/ludo.game", &[][..]),
                ("games/ludo.game", &[("players", "2")][..]),
                ("games/ludo.game", &[("players", "3")][..]),
                ("games/ludo.game", &[("three-sixes", "on")][..]),
            ]
            .map(|(file, options)| (format!("{file} {options:?}"), load(file, options))),
        )
        .collect()
}

/// Plays `n` seeded playouts with the loop `game` selects and with the general one, and
/// compares them; every second one from a position some edges in.
fn agree(name: &str, game: &Game, n: u64) {
    let mut general = game.clone();
    general.use_general_loop();
    agree_with_general(name, game, &general, n, 23);
}

#[test]
fn the_dice_kernel_plays_as_the_general_loop() {
    for (name, game) in rulesets() {
        assert!(
            game.race_plan().is_some(),
            "{name} is played by the dice kernel"
        );
        agree(&name, &game, 400);
    }
}

#[test]
fn the_end_rules_are_read_in_the_kernel_form_after_a_change() {
    // The plan follows the end rules it reads when they are replaced.
    let mut game = load("games/sig.game", &[]);
    game.set_end_rules(Vec::new());
    // Without end rules every game runs to the edge limit.
    game.max_edges = 3000;
    assert!(game.race_plan().is_some());
    agree("no end rules", &game, 50);
}

#[test]
fn games_of_other_shapes_keep_the_general_loop() {
    for file in [
        "games/toki.game",
        "games/woli.game",
        "games/tabou.game",
        "games/kalah.game",
        "games/hex.game",
        "games/draughts.game",
    ] {
        assert!(load(file, &[]).race_plan().is_none(), "{file}");
    }
}
