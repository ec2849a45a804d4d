//! `ludus match` and `ludus analyse` from the command line.

use std::process::Output;

use crate::command;

use command::{ludus, stderr};

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stdout)))
}

#[test]
fn a_match_is_the_same_whatever_the_threads() {
    let args = [
        "match",
        "games/tabou.game",
        "--p1",
        "mcts:iterations=50",
        "--p2",
        "random",
        "--games",
        "8",
        "--seed",
        "3",
        "--format",
        "json",
    ];
    let one = json(&ludus(&[&args[..], &["--threads", "1"]].concat()));
    let two = json(&ludus(&[&args[..], &["--threads", "2"]].concat()));
    for key in [
        "games",
        "agents",
        "wins",
        "draws",
        "losses",
        "score",
        "ci95",
        "p1_wins",
        "p2_wins",
        "mean_moves",
        "mean_edges",
    ] {
        assert_eq!(one[key], two[key], "{key}");
    }
    assert_eq!(one["games"], 8);
    assert_eq!(
        one["agents"],
        serde_json::json!(["mcts:iterations=50", "random"])
    );
    let (a, b) = ("mcts:iterations=50", "random");
    let n = |v: &serde_json::Value| v.as_u64().unwrap();
    assert_eq!(
        n(&one["wins"][a]) + n(&one["draws"]) + n(&one["losses"][a]),
        8
    );
    assert_eq!(one["wins"][a], one["losses"][b]);
    assert_eq!(
        n(&one["p1_wins"]) + n(&one["p2_wins"]) + n(&one["draws"]),
        8
    );
    let score = one["score"][a].as_f64().unwrap();
    let ci = one["ci95"][a].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= score && score <= ci[1].as_f64().unwrap());
    assert!(one["ms_per_move"][a].as_f64().unwrap() > 0.0);
}

#[test]
fn the_same_agent_on_both_sides_gets_two_labels() {
    let v = json(&ludus(&[
        "match",
        "games/woli.game",
        "--p1",
        "random",
        "--p2",
        "random",
        "--games",
        "4",
        "--format",
        "json",
    ]));
    assert_eq!(v["agents"], serde_json::json!(["random #1", "random #2"]));
    let wins = v["wins"]["random #1"].as_u64().unwrap() + v["wins"]["random #2"].as_u64().unwrap();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 4);
}

#[test]
fn the_text_table_has_a_line_per_agent() {
    let o = ludus(&[
        "match",
        "games/toki.game",
        "--p1",
        "alphabeta:depth=1",
        "--p2",
        "random",
        "--games",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with("T'oki: 2 games, seed 1, seats swapped every game"),
        "{out}"
    );
    assert!(
        out.contains("\nagent               wins draws losses   score  95% CI"),
        "{out}"
    );
    assert!(out.contains("\nalphabeta:depth=1 "), "{out}");
    assert!(out.contains("\nrandom            "), "{out}");
}

#[test]
fn bad_agent_specs_are_clear_errors() {
    for (spec, message) in [
        ("mcst", "unknown agent `mcst`; did you mean `mcts`?"),
        (
            "mcts:iters=10",
            "`mcts` has no setting `iters`; did you mean `iterations`?",
        ),
        (
            "mcts:iterations=ten",
            "`iterations=ten`: expected a whole number from 1 to 100000000",
        ),
        (
            "alphabeta:depth=0",
            "`depth=0`: expected a whole number from 1 to 64",
        ),
        ("flatmc:playouts", "`playouts` is not KEY=VALUE"),
    ] {
        let o = ludus(&["match", "games/woli.game", "--p1", spec, "--p2", "random"]);
        assert_eq!(o.status.code(), Some(2), "{spec}");
        assert!(stderr(&o).contains(message), "{spec}: {}", stderr(&o));
    }
    let o = ludus(&[
        "match",
        "games/woli.game",
        "--p1",
        "random",
        "--p2",
        "random",
        "--games",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--games 0 is out of range"),
        "{}",
        stderr(&o)
    );
    let o = ludus(&["analyse", "games/woli.game", "--agents", "random,mcts:c=x"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("`c=x`: expected a number from 0 to 100"),
        "{}",
        stderr(&o)
    );
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Each game, with a turn limit short enough that every random game reaches it: the analysis
/// says so, through the end rule that fired.
#[test]
fn analyse_every_game_and_its_limit() {
    for (file, limit, rule) in [
        // End rules are named as written in the file.
        (
            "games/woli.game",
            "20",
            "(>= (moves-played) (option \"limit\"))",
        ),
        (
            "games/tabou.game",
            "10",
            "(>= (moves-played) (option \"limit\"))",
        ),
        (
            "games/toki.game",
            "30",
            "(>= (moves-played) (option \"limit\"))",
        ),
        (
            "games/sig.game",
            "20",
            "(>= (edges-played) (option \"limit\"))",
        ),
    ] {
        let plain = json(&ludus(&[
            "analyse",
            file,
            "--playouts",
            "300",
            "--agents",
            "none",
            "--format",
            "json",
        ]));
        let shares: f64 = plain["endings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["share"].as_f64().unwrap())
            .sum();
        assert!(close(shares, 1.0), "{file}: endings sum to {shares}");
        let rates = ["p1_wins", "p2_wins", "draws"]
            .iter()
            .map(|k| plain[k]["rate"].as_f64().unwrap())
            .sum::<f64>();
        assert!(close(rates, 1.0), "{file}");
        assert!(plain["branching"].as_f64().unwrap() > 1.0, "{file}");
        assert!(plain["moves"]["mean"].as_f64().unwrap() > 10.0, "{file}");
        assert!(plain["captures_per_game"].as_f64().unwrap() > 0.0, "{file}");
        assert!(
            plain["limit_share"].as_f64().unwrap() < 0.05,
            "{file}: random games rarely reach the limit"
        );

        let short = json(&ludus(&[
            "analyse",
            file,
            "--playouts",
            "300",
            "--agents",
            "none",
            "--option",
            &format!("limit={limit}"),
            "--format",
            "json",
        ]));
        assert_eq!(
            short["limit_share"].as_f64().unwrap(),
            1.0,
            "{file}: {}",
            short["endings"]
        );
        let fired: Vec<&serde_json::Value> = short["endings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["share"].as_f64().unwrap() > 0.0)
            .collect();
        assert_eq!(fired.len(), 1, "{file}");
        assert_eq!(fired[0]["condition"], rule);
        assert_eq!(fired[0]["limit"], true);
    }
}

/// Captures leave out the rows collected at the end: with a short limit, Woli's stores end with
/// all 72 counters, but few were captured.
#[test]
fn captures_are_store_increases_during_play() {
    let v = json(&ludus(&[
        "analyse",
        "games/woli.game",
        "--playouts",
        "200",
        "--agents",
        "none",
        "--option",
        "limit=4",
        "--format",
        "json",
    ]));
    assert!(
        v["captures_per_game"].as_f64().unwrap() < 2.0,
        "{}",
        v["captures_per_game"]
    );
    let full = json(&ludus(&[
        "analyse",
        "games/woli.game",
        "--playouts",
        "200",
        "--agents",
        "none",
        "--format",
        "json",
    ]));
    let c = full["captures_per_game"].as_f64().unwrap();
    assert!(c > 20.0 && c <= 72.0, "{c}");
}

#[test]
fn analyse_compares_two_settings_or_two_files() {
    let v = json(&ludus(&[
        "analyse",
        "games/tabou.game",
        "--compare",
        "transfers=on,transfers=off",
        "--playouts",
        "300",
        "--agents",
        "random",
        "--agent-games",
        "4",
        "--format",
        "json",
    ]));
    let sides = v["compare"].as_array().unwrap();
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0]["label"], "transfers=on");
    assert_eq!(sides[1]["label"], "transfers=off");
    // Opening transfers add moves to the first decisions.
    assert!(sides[0]["branching"].as_f64().unwrap() > sides[1]["branching"].as_f64().unwrap());
    assert_eq!(sides[0]["agents"][0]["agent"], "random");
    assert_eq!(sides[0]["agents"][0]["games"], 4);

    let o = ludus(&[
        "analyse",
        "games/woli.game",
        "--compare",
        "games/tabou.game",
        "--playouts",
        "100",
        "--agents",
        "none",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let first = out.lines().next().unwrap();
    assert!(
        first.contains("games/woli.game") && first.contains("games/tabou.game"),
        "{out}"
    );
    assert!(
        out.contains("\ngame ") && out.contains("Woli") && out.contains("Tabou"),
        "{out}"
    );

    let o = ludus(&["analyse", "games/woli.game", "--compare", "counters=4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("needs two sides"), "{}", stderr(&o));
    let o = ludus(&[
        "analyse",
        "games/woli.game",
        "--compare",
        "counters=4,colour=red",
        "--playouts",
        "10",
        "--agents",
        "none",
    ]);
    assert_eq!(o.status.code(), Some(1));
}

/// Pieces a move takes off the board count as captures, removals included (a game without
/// stores used to read 0.0); and no label pushes the values far right.
#[test]
fn analyse_counts_removals_and_keeps_its_labels_short() {
    let o = ludus(&[
        "analyse",
        "games/morris.game",
        "-n",
        "30",
        "--agents",
        "none",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let captures = text
        .lines()
        .find_map(|l| l.strip_prefix("captures"))
        .expect("a captures row");
    let per_game: f64 = captures.split_whitespace().next().unwrap().parse().unwrap();
    // A random Morris game ends mostly by a player left with two pieces: seven removals at least.
    assert!(per_game > 3.0, "{text}");
    assert!(
        text.contains("opposing pieces a move takes off the board"),
        "{text}"
    );
    // Every value starts within the label column's room: an end rule quoted whole has its own
    // line, its value on the next.
    let game = text.lines().next().unwrap();
    let column = game.find("Nine").unwrap();
    assert!(column <= 42, "{text}");
    let table = |text: &str| -> Vec<String> {
        text.lines()
            .take_while(|l| !l.starts_with("(captures"))
            .map(str::to_string)
            .collect()
    };
    for line in table(&text).iter().filter(|l| l.starts_with(' ')) {
        assert_eq!(line.find(|c: char| c != ' '), Some(column), "{text}");
    }
    let hex = ludus(&["analyse", "games/hex.game", "-n", "5", "--agents", "none"]);
    let hex = String::from_utf8_lossy(&hex.stdout).into_owned();
    assert!(table(&hex).iter().all(|l| l.len() < 100), "{hex}");
    assert!(
        hex.contains("\n                          100.0%\n"),
        "{hex}"
    );
}
