//! The command line, run as a user would: outputs, exit codes and error messages.

use crate::command;

use command::{ludus, stderr, stdout};

#[test]
fn run_prints_json_and_is_the_same_whatever_the_threads() {
    let one = ludus(&[
        "run",
        "games/woli.game",
        "--playouts",
        "300",
        "--seed",
        "9",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    let two = ludus(&[
        "run",
        "games/woli.game",
        "--playouts",
        "300",
        "--seed",
        "9",
        "--threads",
        "2",
        "--format",
        "json",
    ]);
    assert!(one.status.success(), "{}", stderr(&one));
    let a: serde_json::Value = serde_json::from_str(&stdout(&one)).unwrap();
    let b: serde_json::Value = serde_json::from_str(&stdout(&two)).unwrap();
    assert_eq!(a["game"], "Woli");
    assert_eq!(a["playouts"], 300);
    for key in ["wins", "draws", "mean_length", "min_length", "max_length"] {
        assert_eq!(a[key], b[key], "{key} differs between 1 and 2 threads");
    }
    let wins = a["wins"].as_array().unwrap();
    assert_eq!(
        wins[0].as_u64().unwrap() + wins[1].as_u64().unwrap() + a["draws"].as_u64().unwrap(),
        300
    );
    assert!(a["playouts_per_second"].as_f64().unwrap() > 0.0);
    let other_seed = ludus(&[
        "run",
        "games/woli.game",
        "--playouts",
        "300",
        "--seed",
        "10",
        "--format",
        "json",
    ]);
    let c: serde_json::Value = serde_json::from_str(&stdout(&other_seed)).unwrap();
    assert_ne!(
        a["mean_length"], c["mean_length"],
        "another seed gives other games"
    );
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = ludus(&[
        "perft",
        "games/tabou.game",
        "--depth",
        "3",
        "--option",
        "transfers=off",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "1 6\n2 36\n3 190\n");
}

#[test]
fn moves_shows_the_position_and_legal_moves() {
    let o = ludus(&["moves", "games/woli.game", "--moves", "sow a1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("P2 to move"), "{out}");
    assert!(out.contains("moves (6):"), "{out}");
    let sig = ludus(&["moves", "games/sig.game"]);
    assert!(
        stdout(&sig).contains("throw 3    0.312500"),
        "{}",
        stdout(&sig)
    );
}

#[test]
fn an_illegal_move_names_it_and_lists_the_legal_ones() {
    let o = ludus(&["moves", "games/woli.game", "--moves", "sow a1 sow a1"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("move 2 `sow a1` is not legal"), "{err}");
    assert!(err.contains("sow a2, sow b2"), "{err}");
    let garbage = ludus(&["moves", "games/toki.game", "--moves", "zz9"]);
    assert_eq!(garbage.status.code(), Some(1));
    assert!(
        stderr(&garbage).contains("place a1"),
        "{}",
        stderr(&garbage)
    );
}

#[test]
fn info_lists_options_with_defaults() {
    let o = ludus(&["info", "games/tabou.game", "--option", "transfers=off"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("transfers = off (default on; on | off)"),
        "{out}"
    );
    assert!(out.contains("draw-25-23 = off"), "{out}");
}

#[test]
fn absurd_options_and_arguments_are_errors() {
    for args in [
        vec!["run", "games/woli.game", "--option", "counters=0"],
        vec![
            "run",
            "games/woli.game",
            "--option",
            "counters=99999999999999999999",
        ],
        vec!["run", "games/woli.game", "--option", "nosuch=1"],
        vec!["run", "games/toki.game", "--option", "edge=square"],
        vec!["run", "games/woli.game", "--threads", "0"],
        vec!["perft", "games/woli.game", "--depth", "1000"],
        vec!["run", "games/missing.game"],
        vec!["run", "games"],
    ] {
        let o = ludus(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(
            !stderr(&o).is_empty() && !stderr(&o).contains("panicked"),
            "{args:?}"
        );
    }
    let usage = ludus(&["run"]);
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn validate_reports_ok_per_file() {
    let o = ludus(&["validate", "games/woli.game", "games/sig.game"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "ok games/woli.game (Woli)\nok games/sig.game (Sig)\n"
    );
}

#[test]
fn the_ring_reading_plays() {
    let o = ludus(&[
        "run",
        "games/toki.game",
        "--option",
        "edge=ring",
        "--playouts",
        "200",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["playouts"], 200);
}

/// A board declared as a graph: `info` names its points, `moves` draws them at their places
/// (blank where the grid has no point) and writes a move that takes a piece with `x`.
#[test]
fn a_graph_board_is_described_and_drawn_by_its_points() {
    let o = ludus(&["info", "games/morris.game"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(
        "board: 24 points joined by lines, on a grid of 7 rows x 7 columns (a1 = site 0, numbered row by row from the bottom left)"
    ));
    let o = ludus(&[
        "moves",
        "games/morris.game",
        "--moves",
        "place a1 place a7 place d1 place b6",
    ]);
    let out = stdout(&o);
    assert!(out.contains("  1  x1       x1        .\n"), "{out}");
    assert!(out.contains("  6     o1     .     .\n"), "{out}");
    assert!(out.contains("  place g1xb6\n  place g1xa7\n"), "{out}");
}

/// `info`, `moves` and `perft` speak JSON too, with the figures of their text.
#[test]
fn info_moves_and_perft_give_json() {
    let json = |args: &[&str]| -> serde_json::Value {
        let o = ludus(args);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&o)))
    };
    let info = json(&[
        "info",
        "games/ludo.game",
        "--option",
        "players=3",
        "--format",
        "json",
    ]);
    assert_eq!(info["players"], 3);
    assert_eq!(info["board"]["sites"], 225);
    assert_eq!(info["options"][0]["name"], "players");
    assert_eq!(info["options"][0]["value"], "3");
    assert_eq!(
        info["options"][1]["values"],
        serde_json::json!(["off", "on"])
    );
    let moves = json(&[
        "moves",
        "games/ur.game",
        "--moves",
        "throw 2",
        "--format",
        "json",
    ]);
    assert_eq!(moves["node"], "decision");
    assert_eq!(moves["moves"], serde_json::json!(["enter c1"]));
    let throws = json(&["moves", "games/ur.game", "--format", "json"]);
    assert_eq!(throws["node"], "chance");
    assert_eq!(throws["throws"][2]["throw"], "throw 2");
    assert_eq!(throws["throws"][2]["probability"], 0.375);
    let perft = json(&[
        "perft",
        "games/woli.game",
        "--depth",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(perft["counts"], serde_json::json!([6, 36, 206, 1166]));
    assert_eq!(perft["nodes"], 6 + 36 + 206 + 1166);
    let divide = json(&[
        "perft",
        "games/woli.game",
        "--depth",
        "2",
        "--divide",
        "--format",
        "json",
    ]);
    assert_eq!(divide["divide"].as_array().unwrap().len(), 6);
}

/// `--loop general` plays the same games and counts the same trees as the loop each game's shape
/// selects (placements, shifts, dice, sowing), and it does switch those loops off.
#[test]
fn the_general_loop_plays_what_the_fast_loops_play() {
    for file in [
        "games/tictactoe.game",
        "games/connect-four.game",
        "games/reversi.game",
        "games/toki.game",
        "games/sig.game",
        "games/woli.game",
    ] {
        let mut game = ludus::load_file(std::path::Path::new(file), &[]).unwrap();
        let fast = game.place_only()
            || game.word_placing().is_some()
            || game.shift_plan().is_some()
            || game.race_plan().is_some()
            || game.sowing_kernel().is_some();
        assert!(fast, "{file} has a loop of its shape");
        game.use_general_loop();
        assert!(
            !game.place_only()
                && game.word_placing().is_none()
                && game.shift_plan().is_none()
                && game.race_plan().is_none()
                && game.sowing_kernel().is_none(),
            "{file}: every fast loop is off"
        );
        let run = |extra: &[&str]| {
            let mut args = vec!["run", file, "-n", "200", "--seed", "5", "--threads", "1"];
            args.extend_from_slice(&["--format", "json"]);
            args.extend_from_slice(extra);
            let out = ludus(&args);
            assert!(out.status.success(), "{}", stderr(&out));
            let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
            ["wins", "draws", "mean_length", "min_length", "max_length"].map(|k| v[k].clone())
        };
        assert_eq!(run(&[]), run(&["--loop", "general"]), "{file}");
        let perft = |extra: &[&str]| {
            let mut args = vec!["perft", file, "--depth", "3"];
            args.extend_from_slice(extra);
            stdout(&ludus(&args))
        };
        assert_eq!(perft(&[]), perft(&["--loop", "general"]), "{file}");
    }
    let bad = ludus(&["run", "games/woli.game", "--loop", "fast"]);
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("general"), "{}", stderr(&bad));
}
