//! Issue 11, the engine's part: nothing the rules say is dropped or clamped, every game ends,
//! searches stay bounded, and reports name end rules as written. The games are in
//! `tests/hostile/`.

use ludus::compile::ir::{Cond, IntExpr, Leaf, DEFAULT_MAX_EDGES};
use ludus::engine::{playout, Scratch};
use ludus::{Game, LoadError, NodeType, State, Status};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::path::Path;

use crate::command;

use command::{ludus, stderr, stdout};

fn hostile(name: &str) -> String {
    format!("tests/hostile/{name}")
}

fn load(name: &str) -> Game {
    ludus::load_file(Path::new(&hostile(name)), &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The messages of a file that does not load.
fn refusals(name: &str) -> Vec<String> {
    match ludus::load_file(Path::new(&hostile(name)), &[]) {
        Err(LoadError::Invalid { diagnostics, .. }) => {
            diagnostics.iter().map(|d| d.message.clone()).collect()
        }
        other => panic!("{name} should be refused, got {other:?}"),
    }
}

/// Plays the first legal move until the game ends (at most `limit` edges).
fn first_moves(game: &Game, mut s: State, limit: usize) -> State {
    for _ in 0..limit {
        if s.is_terminal() {
            break;
        }
        let m = game.moves(&s)[0];
        game.apply(&mut s, m).unwrap();
    }
    s
}

#[test]
fn is_in_reads_computed_items() {
    // The variable holds 3: the game ends at the third move, won by P1 who made it. Before, the
    // computed items were dropped and the board filled up without a winner.
    let game = load("is_in_expression.game");
    let s = first_moves(&game, game.new_initial_state(), 100);
    assert_eq!((s.status(), s.moves_played()), (Status::Won(0), 3));
}

#[test]
fn is_in_folds_sums_of_numbers_written_out() {
    let game = load("is_in_folded.game");
    assert_eq!(
        game.end_rules()[0].0,
        Cond::Leaf(Leaf::IsIn(IntExpr::MovesPlayed, vec![4, 17]))
    );
    // Move 4 is P2's: Mover wins.
    let s = first_moves(&game, game.new_initial_state(), 100);
    assert_eq!((s.status(), s.moves_played()), (Status::Won(1), 4));
}

#[test]
fn computed_numbers_where_one_must_be_written_out_are_refused() {
    assert_eq!(
        refusals("computed_where_written_out.game"),
        [
            "`(+ ...)` is computed, but a row must be a number written out",
            "`(* ...)` is computed, but a variable's value at the start must be a number written out",
            "`(+ ...)` is computed, but a count at the start must be a number written out",
            "`(- ...)` is computed, but the number of pieces placed must be a number written out",
        ]
    );
    let out = ludus(&["validate", &hostile("computed_where_written_out.game")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("help: write a number, or arithmetic on numbers and options"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn no_moves_in_a_filter_or_a_play_side_if_is_refused() {
    for file in ["no_moves_in_filter.game", "no_moves_in_if.game"] {
        assert_eq!(
            refusals(file),
            ["`(no-moves ...)` can only be tested in an end rule"],
            "{file}"
        );
        let out = ludus(&["validate", &hostile(file)]);
        assert_eq!(out.status.code(), Some(1), "{file}");
    }
    // In an end rule it is read after each edge, as before.
    let game = ludus::load_file(Path::new("games/toki.game"), &[]).unwrap();
    assert!(matches!(
        game.end_rules()[2].0,
        Cond::Leaf(Leaf::NoMoves(ludus::compile::ir::Who::Next))
    ));
}

#[test]
fn repeated_and_sown_into_stay_where_they_can_be_answered() {
    let template = std::fs::read_to_string(hostile("endless_game.game")).unwrap();
    let refused = |from: &str, to: &str| {
        let text = template.replace(from, to);
        match ludus::load_source("t.game", &text, &[]) {
            Err(LoadError::Invalid { diagnostics, .. }) => diagnostics[0].message.clone(),
            other => panic!("{to} should be refused, got {other:?}"),
        }
    };
    assert_eq!(
        refused("{(place 1)", "{(filter (not (repeated)) (place 1))"),
        "`(repeated)` can only be tested in an end rule"
    );
    assert_eq!(
        refused(
            "(if (no-moves Next) (result",
            "(if (sown-into (all-sites)) (result"
        ),
        "`(sown-into ...)` can only be tested in a filter's condition"
    );
}

#[test]
fn variables_hold_64_bit_values() {
    // 3e9 at the start, 6e9 after P1's move: P1 wins at once. Before, both were clamped to
    // 2^31 - 1, the rule never fired, and P1 lost when the hands ran out.
    let game = load("variable_past_32_bits.game");
    let s = game.new_initial_state();
    assert_eq!(s.var(0, 0), 3_000_000_000);
    let s = first_moves(&game, s, 100);
    assert_eq!(s.var(0, 0), 6_000_000_000);
    assert_eq!(s.var(1, 0), 3_000_000_000);
    assert_eq!((s.status(), s.moves_played()), (Status::Won(0), 1));
}

#[test]
fn move_counters_pass_32_bits() {
    let mut game = load("moves_past_32_bits.game");
    // The edge limit would stop a game this long: lifted, to reach the rule.
    game.max_edges = u64::MAX;
    let mut p = game.position(&game.new_initial_state());
    p.moves_played = u32::MAX as u64;
    p.edges_played = u32::MAX as u64;
    let s = game.state_at(p);
    assert!(!s.is_terminal());
    // The 2^32-th move ends the game; a 32-bit counter wrapped to 0 there.
    let s = first_moves(&game, s, 1);
    assert_eq!(s.moves_played(), 1 << 32);
    assert_eq!(s.status(), Status::Won(0));
}

#[test]
fn a_game_that_cannot_end_stops_at_the_default_edge_limit() {
    let game = load("endless_game.game");
    assert_eq!(game.max_edges, DEFAULT_MAX_EDGES);
    let mut s = game.new_initial_state();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let p = playout(&game, &mut s, &mut rng, &mut Scratch::default());
    assert_eq!((p.status, p.edges), (Status::Stopped, DEFAULT_MAX_EDGES));
    assert_eq!(s.node(), NodeType::Terminal);
    assert_eq!(
        ludus::trial::Outcome::of(&s).to_string(),
        "a game stopped at the edge limit of 10000000 edges"
    );
}

#[test]
fn run_match_and_analyse_stop_at_the_edge_limit_and_say_so() {
    let file = hostile("endless_game.game");
    let out = ludus(&["run", &file, "-n", "3", "--max-edges", "1000"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("stopped         3 (100.0%) at the edge limit of 1000 edges"),
        "{}",
        stdout(&out)
    );
    let out = ludus(&[
        "run",
        &file,
        "-n",
        "3",
        "--max-edges",
        "1000",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["stopped_at_edge_limit"], 3);
    assert_eq!(v["draws"], 0);
    assert_eq!(v["max_length"], 1000);

    let out = ludus(&[
        "match",
        &file,
        "--p1",
        "mcts:iterations=20",
        "--p2",
        "random",
        "-n",
        "2",
        "--max-edges",
        "300",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["stopped_at_edge_limit"], 2);
    assert_eq!(v["mean_edges"], 300.0);

    let out = ludus(&[
        "analyse",
        &file,
        "-n",
        "10",
        "--agents",
        "mcts:iterations=10",
        "--agent-games",
        "2",
        "--max-edges",
        "500",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.lines().any(
            |l| l.starts_with("stopped at the edge limit (500 edges)") && l.ends_with("100.0%")
        ),
        "{text}"
    );

    let out = ludus(&["run", &file, "--max-edges", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_trial_stopped_at_the_edge_limit_records_it_and_replays() {
    let dir = std::env::temp_dir().join(format!("ludus-edge-limit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = ludus(&[
        "run",
        &hostile("endless_game.game"),
        "-n",
        "1",
        "--max-edges",
        "50",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let trial = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&trial).unwrap();
    assert!(text.contains("result: Stopped(50)"), "{text}");
    let out = ludus(&["replay", trial.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mcts_with_a_huge_iteration_count_answers_within_its_node_budget() {
    // A hint at Woli's start, where the tree is wide: the search fills its 5000 nodes and
    // answers, instead of growing for 10^8 iterations.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "play",
            "games/woli.game",
            "--p1",
            "human",
            "--p2",
            "mcts:iterations=100000000,nodes=5000",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, b"hint\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("hint (mcts:iterations=100000000,nodes=5000): sow "),
        "{}",
        stdout(&out)
    );
    let out = ludus(&[
        "match",
        "games/woli.game",
        "--p1",
        "mcts:nodes=1",
        "--p2",
        "random",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`nodes=1`: expected a whole number from 2 to 100000000"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn analyse_names_end_rules_as_written() {
    let out = ludus(&[
        "analyse",
        "games/tabou.game",
        "-n",
        "20",
        "--agents",
        "none",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("ended by (= (count-in (\"Home\" Next)) 0)"),
        "{text}"
    );
    assert!(
        text.contains("ended by (>= (moves-played) (option \"limit\"))"),
        "{text}"
    );
    assert!(!text.contains("region#"), "{text}");
}

#[test]
fn end_rules_that_can_never_fire_are_warned_about() {
    let game = load("end_rule_never_fires.game");
    assert_eq!(game.warnings.len(), 1);
    assert_eq!(
        game.warnings[0].severity,
        ludus::diagnostic::Severity::Warning
    );
    let out = ludus(&["validate", &hostile("end_rule_never_fires.game")]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr(&out).starts_with(
            "tests/hostile/end_rule_never_fires.game:11:5: warning[check::never-ends]\n"
        ),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("no end rule of this game can ever fire"));
    assert_eq!(
        stdout(&out),
        "ok tests/hostile/end_rule_never_fires.game (Never Ends)\n"
    );
    // The warning is conservative: a rule that may fire, however rarely, silences it.
    for file in [
        "games/woli.game",
        "games/tabou.game",
        "games/toki.game",
        "games/sig.game",
        "tests/hostile/endless_game.game",
    ] {
        let game = ludus::load_file(Path::new(file), &[]).unwrap();
        assert!(game.warnings.is_empty(), "{file}");
    }
}

#[test]
fn results_and_hands_that_were_read_as_something_else_are_refused() {
    assert_eq!(
        refusals("result_all_win.game"),
        ["a result for every player can only be a draw"]
    );
    assert_eq!(
        refusals("hand_of_the_mover_at_start.game"),
        ["`Mover` names no hand at the start"]
    );
}

#[test]
fn generator_counts_past_16_bits_are_refused() {
    // 66,000 generators: their 16-bit numbers wrapped, and two were read as a pass and a throw.
    let places = vec!["(place 1)"; 66_000].join(" ");
    let text = format!(
        "(game \"Many\" (players 2) (equipment {{(board (square 3)) (hand Each)}})
          (rules (start (hand Each 4)) (play (or {{{places}}}))
            (end (if (no-moves Next) (result Next Loss)))))"
    );
    match ludus::load_source("many.game", &text, &[]) {
        Err(LoadError::Invalid { diagnostics, .. }) => assert_eq!(
            diagnostics[0].message,
            "this game has 66000 move generators; ludus allows 4096"
        ),
        other => panic!("should be refused, got {other:?}"),
    }
}
