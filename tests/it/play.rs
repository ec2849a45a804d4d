//! `ludus play` driven through stdin, as a person at a terminal would, and with moves piped in.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Plays a whole game as P1 against `random`, answering each prompt with the first legal move
/// (and, at the third decision, a bad move first). Returns what was typed and the transcript.
fn drive(file: &str, seed: &str) -> (Vec<String>, String) {
    drive_seats(file, seed, &["--p1", "human", "--p2", "random"])
}

/// Plays a whole game with the seats given, answering each human prompt as [`drive`] does.
fn drive_seats(file: &str, seed: &str, seats: &[&str]) -> (Vec<String>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["play", file, "--seed", seed])
        .args(seats)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let mut typed = Vec::new();
    let mut transcript = String::new();
    let mut decisions = 0;
    let mut bad_sent = false;
    for line in out.lines() {
        let line = line.unwrap();
        transcript.push_str(&line);
        transcript.push('\n');
        let listed = line
            .strip_prefix("moves: ")
            .or_else(|| line.split_once("; moves: ").map(|(_, m)| m));
        if let Some(list) = listed {
            let first = list.split(", ").next().unwrap().to_string();
            let answer = if line.starts_with("moves: ") {
                decisions += 1;
                if decisions == 3 && !bad_sent {
                    bad_sent = true;
                    "zz9".to_string()
                } else {
                    first
                }
            } else {
                first
            };
            writeln!(stdin, "{answer}").unwrap();
            stdin.flush().unwrap();
            typed.push(answer);
        }
    }
    drop(stdin);
    let status = child.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(status.success(), "{err}");
    assert!(err.is_empty(), "{err}");
    (typed, transcript)
}

/// Runs `ludus play` with all the input given at once.
fn piped(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn full_game_with_a_bad_move(file: &str, seed: &str) {
    let (typed, transcript) = drive(file, seed);
    assert!(
        transcript.contains("> zz9\n`zz9`: no such site `zz9` on this board; moves: "),
        "{transcript}"
    );
    let last = transcript.lines().last().unwrap();
    assert!(last.starts_with("game over: "), "{last}");
    // The same moves piped in all at once play the same game, line for line.
    let input: String = typed.iter().map(|t| format!("{t}\n")).collect();
    let (code, out, err) = piped(
        &[
            "play", file, "--p1", "human", "--p2", "random", "--seed", seed,
        ],
        &input,
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, transcript);
}

#[test]
fn a_full_game_of_woli_through_stdin() {
    full_game_with_a_bad_move("games/woli.game", "4");
}

#[test]
fn a_full_game_of_sig_through_stdin_shows_the_throws() {
    full_game_with_a_bad_move("games/sig.game", "4");
    let (_, transcript) = drive("games/sig.game", "4");
    assert!(transcript.contains("\nP1 throws "), "{transcript}");
    assert!(transcript.contains("\nP2 throws "), "{transcript}");
}

#[test]
fn a_full_game_of_toki_through_stdin() {
    full_game_with_a_bad_move("games/toki.game", "2");
}

#[test]
fn the_end_of_input_ends_cleanly() {
    let (code, out, err) = piped(&["play", "games/woli.game", "--p2", "random"], "sow a1\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.ends_with("end of input: the game is left unfinished after 2 moves\n"),
        "{out}"
    );
    let (code, out, _) = piped(&["play", "games/woli.game", "--p2", "random"], "");
    assert_eq!(code, Some(0));
    assert!(
        out.ends_with("end of input: the game is left unfinished after 0 moves\n"),
        "{out}"
    );
}

#[test]
fn undo_hint_save_and_quit() {
    let dir = std::env::temp_dir().join(format!("ludus-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("saved.ron");
    let input = format!(
        "sow a1\nundo\nundo\nhint\nsow f1\nsave {}\nquit\n",
        saved.display()
    );
    let (code, out, err) = piped(
        &["play", "games/woli.game", "--p2", "random", "--seed", "3"],
        &input,
    );
    assert_eq!(code, Some(0), "{err}");
    // The first undo goes back before `sow a1` and P2's reply; the second has nothing to undo.
    assert!(
        out.contains(
            "P1> undo\nundone: back to P1's last move\nWoli: P1 to move, 0 moves played\n"
        ),
        "{out}"
    );
    assert!(out.contains("P1> undo\nnothing to undo\n"), "{out}");
    assert!(out.contains("P1> hint\nhint (random): sow "), "{out}");
    assert!(
        out.contains(&format!("saved 2 moves to {}", saved.display())),
        "{out}"
    );
    assert!(
        out.ends_with("P1> quit\ngame left unfinished after 2 moves\n"),
        "{out}"
    );
    // The board marks the last move's sites.
    assert!(out.contains("*"), "{out}");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("\"sow f1\""), "{text}");
    assert!(text.contains("result: Unfinished"), "{text}");
    assert!(text.contains("agents: (\"human\", \"random\")"), "{text}");
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["replay", saved.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_seats_are_usage_errors() {
    let (code, _, err) = piped(&["play", "games/woli.game", "--p2", "humn"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown agent `humn`"), "{err}");
}

#[test]
fn agents_can_play_each_other_at_the_terminal() {
    let (code, out, err) = piped(
        &[
            "play",
            "games/tabou.game",
            "--p1",
            "random",
            "--p2",
            "alphabeta:depth=2",
            "--seed",
            "8",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("P1 (random) plays "), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("game over: "),
        "{out}"
    );
}

/// Four seats, a person at P3 among three agents: the prompts come at P3's decisions only, and
/// the game ends with every seat's result.
#[test]
fn a_person_plays_one_seat_of_four() {
    let seats = [
        "--p1",
        "random",
        "--p2",
        "mcts:iterations=10",
        "--p3",
        "human",
        "--p4",
        "random",
    ];
    let (typed, transcript) = drive_seats("games/ludo.game", "3", &seats);
    assert!(typed.len() > 10, "{transcript}");
    assert!(transcript.contains("\nP3> "), "{transcript}");
    assert!(!transcript.contains("\nP1> ") && !transcript.contains("\nP4> "));
    for seat in [
        "P1 (random) plays",
        "P2 (mcts:iterations=10) plays",
        "P4 (random) plays",
    ] {
        assert!(transcript.contains(seat), "{seat}");
    }
    let last = transcript.lines().last().unwrap();
    assert!(
        last.starts_with("game over: P") && last.contains(" wins ("),
        "{last}"
    );
}

/// A word written like a site that names none is said to be no site, not an illegal move; a
/// real site with no move there is an illegal move.
#[test]
fn a_site_off_the_board_is_no_such_site() {
    let (code, out, err) = piped(
        &["play", "games/kalah.game", "--p2", "random"],
        "sow z9\nsow a2\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("`sow z9`: no such site `z9` on this board; moves: sow a1,"),
        "{out}"
    );
    assert!(
        out.contains("`sow a2` is not a legal move here; moves: sow a1,"),
        "{out}"
    );
}

/// A bare site stands for the one legal move that goes there; when several do, they are named.
#[test]
fn a_bare_site_plays_the_one_move_it_names() {
    let (code, out, err) = piped(
        &["play", "games/tictactoe.game", "--p2", "human"],
        "b2\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("P1> b2\nTic-tac-toe: P2 to move, 1 move played"),
        "{out}"
    );
    // Breakthrough: a3 is reached from a2 and from b2.
    let (code, out, err) = piped(
        &["play", "games/breakthrough.game", "--p2", "human"],
        "a3\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("`a3` could be any of: a2-a3, b2-a3; type one of them"),
        "{out}"
    );
}

/// With one legal move, the prompt says Enter plays it, and an empty line does.
#[test]
fn enter_plays_a_forced_move() {
    // Seed 1: P1 throws 1, and only `enter d1` is legal.
    let (code, out, err) = piped(
        &["play", "games/ur.game", "--p2", "human", "--seed", "1"],
        "\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("P1 (Enter plays enter d1)> \nUr: P2 to throw, phase Throw, 1 move played\n"),
        "{out}"
    );
    assert!(out.contains("P2 (Enter plays enter c3)> quit\n"), "{out}");
    // With several moves, an empty line plays nothing and the prompt is the plain one.
    let (code, out, err) = piped(
        &["play", "games/tictactoe.game", "--p2", "human"],
        "\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("P1> \nP1> quit\ngame left unfinished after 0 moves\n"),
        "{out}"
    );
}

/// Counts are one word, singular or plural, with what the actions count.
#[test]
fn the_counts_of_moves_read_right() {
    let (code, out, err) = piped(
        &["play", "games/tictactoe.game", "--p2", "human"],
        "b2\nquit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(", 1 move played\n"), "{out}");
    assert!(out.contains("game left unfinished after 1 move\n"), "{out}");
    assert!(!out.contains("1 moves"), "{out}");
    let (code, out, err) = piped(
        &["play", "games/ur.game", "--p2", "human", "--seed", "3"],
        "quit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("game left unfinished after 0 moves (1 action: moves and throws)\n"),
        "{out}"
    );
}

/// At a terminal, lines are edited and remembered: the up arrow brings back `place b2`, two
/// backspaces and `a1` make it `place a1`. Run under a pseudo-terminal by `script` (util-linux);
/// where there is none, the test says so and checks nothing more.
#[test]
fn a_terminal_edits_lines_with_history() {
    let script = std::path::Path::new("/usr/bin/script");
    if !script.exists() {
        eprintln!("no /usr/bin/script: the terminal is not tried");
        return;
    }
    let command = format!(
        "{} play games/tictactoe.game --p2 human",
        env!("CARGO_BIN_EXE_ludus")
    );
    let mut child = Command::new(script)
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script runs");
    let mut stdin = child.stdin.take().unwrap();
    // Keys, each after the program has had time to show its prompt and read the last.
    for keys in ["place b2\n", "\x1b[A", "\x7f\x7fa1\n", "quit\n"] {
        std::thread::sleep(std::time::Duration::from_millis(400));
        stdin.write_all(keys.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }
    std::thread::sleep(std::time::Duration::from_millis(400));
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout).replace('\r', "");
    assert!(
        out.contains("Tic-tac-toe: P1 to move, 2 moves played\n"),
        "{out}"
    );
    assert!(out.contains("  1 *o1  .  .\n"), "{out}");
    assert!(
        out.contains("game left unfinished after 2 moves\n"),
        "{out}"
    );
}
