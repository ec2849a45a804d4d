//! Trials: recorded by `match` and `run`, replayed by `ludus replay`, byte for byte; corrupted
//! trials are clear errors; the RON of a small trial is a snapshot.

use ludus::agents::AgentSpec;
use ludus::trial::{self, Trial, TrialError};
use std::path::{Path, PathBuf};

use crate::command;

use command::{ludus, stderr, stdout};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludus-trials-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn load(file: &str, options: &[(&str, &str)]) -> ludus::Game {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    ludus::load_file(Path::new(file), &options).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// A game between a searcher and `random`, as a trial.
fn recorded(file: &str, options: &[(&str, &str)], seed: u64) -> (ludus::Game, Trial) {
    let game = load(file, options);
    let (a, b) = (
        AgentSpec::parse("mcts:iterations=50").unwrap(),
        AgentSpec::parse("random").unwrap(),
    );
    let played = trial::play(&game, file, &[&a, &b], seed, 0);
    (game, played.trial)
}

/// Reading, replaying and re-recording gives the same text, for every game and some options.
#[test]
fn record_and_replay_round_trip_byte_for_byte() {
    let cases: [(&str, &[(&str, &str)]); 6] = [
        ("games/woli.game", &[]),
        ("games/tabou.game", &[]),
        ("games/tabou.game", &[("transfers", "off")]),
        ("games/toki.game", &[]),
        ("games/toki.game", &[("edge", "ring")]),
        ("games/sig.game", &[]),
    ];
    for (file, options) in cases {
        let (game, t) = recorded(file, options, 3);
        assert_ne!(
            t.result,
            trial::Outcome::Unfinished,
            "{file}: the game ends"
        );
        let text = t.to_ron();
        let read = Trial::from_ron(&text, "memory").unwrap();
        assert_eq!(read, t);
        let replay = read.replay(&game).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(replay.states.len(), t.actions.len() + 1);
        assert_eq!(
            read.rerecord(&game, &replay).to_ron(),
            text,
            "{file}: re-recording changes the text"
        );
        if file.contains("sig") {
            assert!(
                t.actions.iter().any(|a| a.starts_with("throw ")),
                "chance outcomes are recorded"
            );
        }
    }
}

/// `match --record` and `run --record` write one trial per game, and `ludus replay` accepts each.
#[test]
fn recorded_matches_and_runs_replay() {
    let dir = scratch("record");
    let d = dir.to_str().unwrap();
    for file in [
        "games/woli.game",
        "games/sig.game",
        "games/toki.game",
        "games/tabou.game",
    ] {
        let o = ludus(&[
            "match",
            file,
            "--p1",
            "mcts:iterations=30",
            "--p2",
            "random",
            "--games",
            "2",
            "--seed",
            "5",
            "--record",
            d,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let o = ludus(&["run", file, "--playouts", "2", "--seed", "5", "--record", d]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "sig-match-s5-0001.ron",
            "sig-match-s5-0002.ron",
            "sig-run-s5-0001.ron",
            "sig-run-s5-0002.ron",
            "tabou-match-s5-0001.ron",
            "tabou-match-s5-0002.ron",
            "tabou-run-s5-0001.ron",
            "tabou-run-s5-0002.ron",
            "toki-match-s5-0001.ron",
            "toki-match-s5-0002.ron",
            "toki-run-s5-0001.ron",
            "toki-run-s5-0002.ron",
            "woli-match-s5-0001.ron",
            "woli-match-s5-0002.ron",
            "woli-run-s5-0001.ron",
            "woli-run-s5-0002.ron",
        ]
    );
    for name in &names {
        let path = dir.join(name);
        let o = ludus(&["replay", path.to_str().unwrap()]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert!(stdout(&o).contains("replay ok"), "{name}");
        let t = Trial::read(&path).unwrap();
        let game = load(&t.game.file, &[]);
        let replay = t.replay(&game).unwrap();
        assert_eq!(
            t.rerecord(&game, &replay).to_ron(),
            std::fs::read_to_string(&path).unwrap(),
            "{name}"
        );
    }
    // The second game swaps the seats.
    let t0 = Trial::read(&dir.join("woli-match-s5-0001.ron")).unwrap();
    let t1 = Trial::read(&dir.join("woli-match-s5-0002.ron")).unwrap();
    assert_eq!(
        t0.agents,
        ("mcts:iterations=30".to_string(), "random".to_string())
    );
    assert_eq!(
        t1.agents,
        ("random".to_string(), "mcts:iterations=30".to_string())
    );
    // A recorded run has the figures of the recorded games.
    let o = ludus(&[
        "run",
        "games/woli.game",
        "--playouts",
        "2",
        "--seed",
        "5",
        "--format",
        "json",
        "--record",
        d,
    ]);
    let figures: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let lengths: Vec<u64> = ["woli-run-s5-0001.ron", "woli-run-s5-0002.ron"]
        .iter()
        .map(|n| Trial::read(&dir.join(n)).unwrap().actions.len() as u64)
        .collect();
    assert_eq!(
        figures["min_length"].as_u64().unwrap(),
        *lengths.iter().min().unwrap()
    );
    assert_eq!(
        figures["max_length"].as_u64().unwrap(),
        *lengths.iter().max().unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--step K` shows the position after K actions.
#[test]
fn replay_shows_a_step() {
    let dir = scratch("step");
    let (_, t) = recorded("games/woli.game", &[], 1);
    let path = dir.join("t.ron");
    t.write(&path).unwrap();
    let p = path.to_str().unwrap();
    let o = ludus(&["replay", p, "--step", "0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("step 0: the start\nWoli: P1 to move, 0 moves played\n"),
        "{}",
        stdout(&o)
    );
    let o = ludus(&["replay", p, "--step", "2"]);
    let expected = format!(
        "step 2: P2 played {}\nWoli: P1 to move, 2 moves played\n",
        t.actions[1]
    );
    assert!(stdout(&o).contains(&expected), "{}", stdout(&o));
    let past = (t.actions.len() + 1).to_string();
    let o = ludus(&["replay", p, "--step", &past]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("is past the end: the trial has"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `ludus replay` on a trial text; returns (exit code, stderr).
fn replay_text(dir: &Path, name: &str, text: &str) -> (Option<i32>, String) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let o = ludus(&["replay", path.to_str().unwrap()]);
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{name}: {err}");
    (o.status.code(), err)
}

#[test]
fn corrupted_trials_are_clear_errors() {
    let dir = scratch("corrupt");
    let (_, t) = recorded("games/woli.game", &[], 2);
    let text = t.to_ron();

    // A changed move: the fourth action becomes one that is not legal there.
    let mut changed = t.clone();
    let game = load("games/woli.game", &[]);
    let state = trial_state(&game, &t, 3);
    let legal: Vec<String> = game
        .moves(&state)
        .iter()
        .map(|&m| game.notation(&state, m))
        .collect();
    let illegal = [
        "sow a1", "sow b1", "sow c1", "sow d1", "sow e1", "sow f1", "sow a2", "sow b2", "sow c2",
        "sow d2", "sow e2", "sow f2",
    ]
    .into_iter()
    .find(|m| !legal.iter().any(|l| l == m))
    .unwrap();
    changed.actions[3] = illegal.to_string();
    let (code, err) = replay_text(&dir, "changed.ron", &changed.to_ron());
    assert_eq!(code, Some(1));
    assert!(
        err.contains(&format!(
            "diverges: action 4 `{illegal}`: not a legal move here; legal: {}",
            legal.join(", ")
        )),
        "{err}"
    );

    // A missing action at the end: the game is not over, or not as recorded.
    let mut short = t.clone();
    short.actions.pop();
    let (code, err) = replay_text(&dir, "short.ron", &short.to_ron());
    assert_eq!(code, Some(1));
    assert!(
        err.contains(&format!(
            "the trial records {} with scores {}-{}, but the replay gives an unfinished game",
            t.result, t.scores.0, t.scores.1
        )),
        "{err}"
    );

    // A missing action in the middle: the next player's move comes at the wrong turn.
    let mut gap = t.clone();
    gap.actions.remove(1);
    let (code, err) = replay_text(&dir, "gap.ron", &gap.to_ron());
    assert_eq!(code, Some(1));
    assert!(err.contains("diverges: action "), "{err}");

    // A wrong result.
    let mut wrong = t.clone();
    wrong.scores = (t.scores.1 + 1, t.scores.0);
    let (code, err) = replay_text(&dir, "wrong.ron", &wrong.to_ron());
    assert_eq!(code, Some(1));
    assert!(err.contains("but the replay gives"), "{err}");

    // Truncated RON, at several places.
    for cut in [1, text.len() / 3, text.len() / 2, text.len() - 3] {
        let (code, err) = replay_text(&dir, "cut.ron", &text[..cut]);
        assert_eq!(code, Some(1), "cut at {cut}");
        assert!(err.contains("is not a valid trial:"), "cut at {cut}: {err}");
    }
    // Not RON at all, empty, binary, an unknown field, a newer format.
    for (name, bad) in [
        ("garbage", "hello world"),
        ("empty", ""),
        ("binary", "\u{0}\u{1}\u{2}"),
        ("field", &text.replacen("seed:", "sead:", 1)),
    ] {
        let (code, err) = replay_text(&dir, "bad.ron", bad);
        assert_eq!(code, Some(1), "{name}");
        assert!(err.contains("is not a valid trial:"), "{name}: {err}");
    }
    let (code, err) = replay_text(
        &dir,
        "newer.ron",
        &text.replacen("format: 1", "format: 7", 1),
    );
    assert_eq!(code, Some(1));
    assert!(
        err.contains("is a trial of format 7; this ludus reads format 1"),
        "{err}"
    );
    // A missing file.
    let o = ludus(&["replay", dir.join("nowhere.ron").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

fn trial_state(game: &ludus::Game, t: &Trial, k: usize) -> ludus::State {
    t.replay(game).unwrap().states[k].clone()
}

/// A trial of another version of the game replays with a warning; of another game, it fails.
#[test]
fn other_versions_warn_and_other_games_fail() {
    let dir = scratch("version");
    let (game, t) = recorded("games/tabou.game", &[], 4);
    let mut other = t.clone();
    other.game.source_hash = "0123456789abcdef".into();
    let path = dir.join("other.ron");
    other.write(&path).unwrap();
    let o = ludus(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o)
            .contains("warning: the game file differs from the one the trial was recorded with"),
        "{}",
        stderr(&o)
    );
    assert!(other.check_game(&game).unwrap().len() == 1);

    let o = ludus(&[
        "replay",
        path.to_str().unwrap(),
        "--game",
        "games/woli.game",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the trial is of Tabou, but the game file is Woli"),
        "{}",
        stderr(&o)
    );
    let woli = load("games/woli.game", &[]);
    assert!(matches!(
        t.check_game(&woli),
        Err(TrialError::WrongGame { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The RON of a short game of Sig: a few throws and moves, then the limit (hash left out: it
/// changes with every edit of the file).
#[test]
fn a_small_trial_snapshot() {
    let file = "games/sig.game";
    let game = load(file, &[("limit", "12")]);
    let (a, b) = (
        AgentSpec::parse("random").unwrap(),
        AgentSpec::parse("alphabeta:depth=2").unwrap(),
    );
    let t = trial::play(&game, file, &[&a, &b], 11, 0).trial;
    let text = t.to_ron().replace(&t.game.source_hash, "<source hash>");
    insta::assert_snapshot!(text);
}

/// Trial files are named after the file the user typed, numbered from 1 as `match` counts its
/// games; `replay` says the same number, and a score only for a game that keeps one.
#[test]
fn trials_are_named_after_the_file_and_counted_from_one() {
    let dir = scratch("named");
    let d = dir.to_str().unwrap();
    for file in ["games/morris.game", "games/woli.game"] {
        let o = ludus(&[
            "match", file, "--p1", "random", "--p2", "random", "--games", "2", "--record", d,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "morris-match-s1-0001.ron",
            "morris-match-s1-0002.ron",
            "woli-match-s1-0001.ron",
            "woli-match-s1-0002.ron",
        ]
    );
    let header = |name: &str| {
        let o = ludus(&["replay", dir.join(name).to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o).lines().next().unwrap().to_string()
    };
    let morris = header("morris-match-s1-0002.ron");
    assert!(morris.ends_with(", seed 1, game 2)"), "{morris}");
    // Morris keeps no score: its result has none (`P1 wins`, not `P1 wins 0-0`).
    assert!(!morris.contains("0-0"), "{morris}");
    let woli = header("woli-match-s1-0001.ron");
    assert!(woli.ends_with(", seed 1, game 1)"), "{woli}");
    // Woli is won on its stores: the score is there (`P1 wins 40-32`).
    let (_, result) = woli.split_once(" actions, ").unwrap();
    let score = result.split(" (").next().unwrap();
    assert!(
        score.split(' ').next_back().unwrap().contains('-'),
        "{woli}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
