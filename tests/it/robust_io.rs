//! Files, pipes and streams: closed pipes, device inputs, atomic writes, duplicate options,
//! control characters, perft's limits and replay's checks, through the binary as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::command;

use command::{ludus, stderr, stdout};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludus-io-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `ludus` with stdout a pipe whose reading end is already closed: every write fails with
/// a broken pipe. Returns the exit code and stderr.
fn closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .output()
        .unwrap();
    (o.status.code(), stderr(&o))
}

/// A closed pipe ends every command quietly with exit 0, as `| head` expects.
#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let cases: [&[&str]; 9] = [
        &["docs"],
        &["info", "games/woli.game"],
        &["validate", "games/woli.game"],
        &["fmt", "games/woli.game"],
        &["moves", "games/woli.game"],
        &["perft", "games/woli.game", "--depth", "3"],
        &["run", "games/woli.game", "--playouts", "4"],
        &[
            "match",
            "games/woli.game",
            "--p1",
            "random",
            "--p2",
            "random",
            "--games",
            "2",
        ],
        &[
            "play",
            "games/woli.game",
            "--p1",
            "random",
            "--p2",
            "random",
        ],
    ];
    for args in cases {
        let (code, err) = closed_pipe(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
    }
}

/// Any other failed write to stdout is an error, not a panic.
#[test]
fn a_full_stdout_is_an_error() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["info", "games/woli.game"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: cannot write to stdout: No space left on device (os error 28)\n"
    );
}

/// Control characters in a game's strings are escaped in what the commands print.
#[test]
fn control_characters_are_escaped_on_output() {
    let file = "tests/hostile/control_characters_in_strings.game";
    let o = ludus(&["info", file]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text}"
    );
    assert!(text.starts_with("Woli\\u{1b}]0;owned\\u{7}\n"), "{text}");
    assert!(text.contains("description: \\u{1b}[2JWoli"), "{text}");
    for args in [
        vec!["validate", file],
        vec!["run", file, "--playouts", "1"],
        vec![
            "match", file, "--p1", "random", "--p2", "random", "--games", "1",
        ],
    ] {
        let o = ludus(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let text = stdout(&o);
        assert!(!text.contains('\u{1b}'), "{args:?}: {text}");
        assert!(
            text.contains("Woli\\u{1b}]0;owned\\u{7}"),
            "{args:?}: {text}"
        );
    }
    // In a diagnostic on stderr, too.
    let o = ludus(&[
        "validate",
        "tests/hostile/control_characters_in_an_error.game",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err}");
    assert!(
        // Quoted source lines show each control byte as `?`, so the underline stays in its column.
        err.contains(" 1 │ (game \"G?]0;owned??[2J\" (players 2) (nonsense))\n"),
        "{err}"
    );
}

/// Starts `ludus` with stdin, stdout and stderr piped.
fn spawn_piped(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Makes a FIFO (named pipe) at `path` with mkfifo(1).
fn fifo(path: &std::path::Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

/// Devices, FIFOs and directories are refused before they are opened, by every reader.
#[test]
fn only_regular_files_are_read() {
    let dir = scratch("devices");
    let pipe = dir.join("pipe.game");
    fifo(&pipe);
    let pipe = pipe.to_str().unwrap();
    let d = dir.to_str().unwrap();
    let cases: [(&[&str], String); 6] = [
        (
            &["validate", "/dev/zero"],
            "error: cannot read /dev/zero: it is a character device, not a regular file\n".into(),
        ),
        (
            &["fmt", "/dev/zero"],
            "error: cannot read /dev/zero: it is a character device, not a regular file\n".into(),
        ),
        (
            &["info", pipe],
            format!("error: cannot read {pipe}: it is a FIFO (named pipe), not a regular file\n"),
        ),
        (
            &["play", pipe],
            format!("error: cannot read {pipe}: it is a FIFO (named pipe), not a regular file\n"),
        ),
        (
            &["replay", "/dev/zero"],
            "error: cannot read /dev/zero: it is a character device, not a regular file\n".into(),
        ),
        (
            &["replay", d],
            format!("error: cannot read {d}: it is a directory, not a regular file\n"),
        ),
    ];
    for (args, message) in cases {
        let o = ludus(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&o), message, "{args:?}");
    }
    // A trial whose game file is a device: not a `.game` file, so not even looked at; a FIFO
    // named `.game` is refused before it is opened.
    let (path, text) = recorded_match(&dir, "games/woli.game", "random");
    let forged = text.replace("file: \"games/woli.game\"", "file: \"/dev/zero\"");
    assert_ne!(forged, text);
    replay_refuses(
        &path,
        &forged,
        "error: the trial names /dev/zero as its game, which is not a `.game` file",
    );
    let forged = text.replace("file: \"games/woli.game\"", &format!("file: {pipe:?}"));
    assert_ne!(forged, text);
    replay_refuses(
        &path,
        &forged,
        &format!("cannot read {pipe}: it is a FIFO (named pipe), not a regular file"),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fmt` on invalid UTF-8 gives `validate`'s located diagnostic.
#[test]
fn fmt_locates_invalid_utf8_as_validate_does() {
    let file = "tests/hostile/invalid_utf8.game";
    let (v, f) = (ludus(&["validate", file]), ludus(&["fmt", file]));
    assert_eq!(v.status.code(), Some(1));
    assert_eq!(f.status.code(), Some(1));
    assert!(
        stderr(&f).starts_with(
            "tests/hostile/invalid_utf8.game:1:9: error[syntax::utf8]\n  × the file is not valid UTF-8 (byte 8)"
        ),
        "{}",
        stderr(&f)
    );
    assert_eq!(stderr(&f), stderr(&v));
}

/// `fmt --write` replaces the file whole and leaves no temporary file beside it.
#[test]
fn fmt_write_replaces_the_file_whole() {
    let dir = scratch("fmt-write");
    let file = dir.join("woli.game");
    let text = std::fs::read_to_string("games/woli.game").unwrap();
    std::fs::write(&file, text.replace("(players 2)", "(players    2)")).unwrap();
    let o = ludus(&["fmt", "--write", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["woli.game"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `run --record` stops at the first trial it cannot write: a clear error, the figures of the
/// trials written, no partial or temporary file, and no more playouts.
#[test]
fn a_failed_record_stops_the_run_with_its_figures() {
    let dir = scratch("record-fail");
    // A non-empty directory where the third trial goes: its rename fails.
    std::fs::create_dir_all(dir.join("woli-run-s5-0003.ron/in-the-way")).unwrap();
    let d = dir.to_str().unwrap();
    let o = ludus(&[
        "run",
        "games/woli.game",
        "--playouts",
        "50",
        "--seed",
        "5",
        "--threads",
        "1",
        "--record",
        d,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!(
            "error: cannot write {d}/woli-run-s5-0003.ron: Is a directory (os error 21)\n\
             stopped after 2 of 50 playouts: the figures above are of the 2 trials written\n"
        )
    );
    assert!(
        stdout(&o).starts_with("Woli: 2 random playouts, seed 5\n"),
        "{}",
        stdout(&o)
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "woli-run-s5-0001.ron",
            "woli-run-s5-0002.ron",
            "woli-run-s5-0003.ron"
        ]
    );
    for name in &names[..2] {
        let o = ludus(&["replay", dir.join(name).to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An option set twice is an error naming it, on the command line and in a trial.
#[test]
fn an_option_set_twice_is_an_error() {
    let o = ludus(&[
        "info",
        "games/woli.game",
        "-D",
        "counters=4",
        "-D",
        "counters=5",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: option \"counters\" is set twice (counters=4, then counters=5); set it once\n"
    );
    let dir = scratch("duplicate-option");
    let (path, text) = recorded_match(&dir, "games/woli.game", "random");
    let forged = text.replace(
        "(\"counters\", \"6\"),",
        "(\"counters\", \"6\"),\n      (\"counters\", \"6\"),",
    );
    assert_ne!(forged, text);
    replay_refuses(
        &path,
        &forged,
        "error: option \"counters\" is set twice (counters=6, then counters=6); set it once",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `play` holds at most one short line: a long one is ignored with a message, endless input
/// (`/dev/zero`) is an error, not an abort.
#[test]
fn play_reads_bounded_lines() {
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["play", "games/woli.game", "--p2", "random"])
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: cannot read the input: a line of more than 1048576 bytes: this is not moves typed or piped in\n"
    );
    let mut child = spawn_piped(&["play", "games/woli.game", "--p2", "random"]);
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        let long = "x".repeat(10_000);
        write!(input, "{long}\nquit\n").unwrap();
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("P1> \nthat line is longer than 4096 bytes: it is ignored\nP1> quit\ngame left unfinished after 0 moves\n"),
        "{text}"
    );
}

/// Perft's depth limit is one number in the check and the message; depth 0 is the root alone;
/// Ctrl-C stops a long count with exit 130.
#[test]
fn perft_depths_and_interrupts() {
    let o = ludus(&["perft", "games/woli.game", "--depth", "65"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: --depth 65 is out of range (0 to 64); perft grows exponentially, so depths past about 10 take hours\n"
    );
    let o = ludus(&["perft", "games/woli.game", "--depth", "0"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "0 1\n");
    let child = spawn_piped(&["perft", "games/woli.game", "--depth", "64"]);
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).starts_with("interrupted after ")
            && stderr(&o).ends_with(" no count is complete\n"),
        "{}",
        stderr(&o)
    );
}

/// No playouts and no games are one behaviour: both refused.
#[test]
fn zero_playouts_and_zero_games_are_refused() {
    let o = ludus(&["run", "games/woli.game", "--playouts", "0"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: --playouts 0 is out of range (1 to 10000000000)\n"
    );
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
    assert_eq!(
        stderr(&o),
        "error: --games 0 is out of range (1 to 10000000)\n"
    );
}

/// Records a match of two games of `random` against `p2` into `dir`; returns the path and text
/// of the second game's trial.
fn recorded_match(dir: &std::path::Path, file: &str, p2: &str) -> (PathBuf, String) {
    let d = dir.to_str().unwrap();
    let args = [
        "match", file, "--p1", "random", "--p2", p2, "--games", "2", "--record", d,
    ];
    let o = ludus(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let slug = if file.contains("sig") { "sig" } else { "woli" };
    let path = dir.join(format!("{slug}-match-s1-0002.ron"));
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

/// Replays a forged copy of a trial beside it, which must fail with exit 1 and a message
/// containing `expected`; returns the message.
fn replay_refuses(path: &std::path::Path, text: &str, expected: &str) -> String {
    let forged = path.with_file_name("forged.ron");
    std::fs::write(&forged, text).unwrap();
    let o = ludus(&["replay", forged.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains(expected), "{err}");
    err
}

/// Replay draws every throw again from the seed and index, and every move of an agent without a
/// clock: a forged throw, seed or agent is the first action that differs.
#[test]
fn replay_catches_forged_draws() {
    let dir = scratch("forged");
    let (path, text) = recorded_match(&dir, "games/sig.game", "random");
    let o = ludus(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The first throw, changed to another value.
    let at = text.find("\"throw ").unwrap() + "\"throw ".len();
    let value = &text[at..at + 1];
    let other = if value == "2" { "3" } else { "2" };
    let forged = format!("{}{other}{}", &text[..at], &text[at + 1..]);
    let first = text.lines().position(|l| l.contains("\"throw ")).unwrap();
    let actions = text.lines().position(|l| l.contains("actions: [")).unwrap();
    let n = first - actions;
    let err = replay_refuses(&path, &forged, &format!(
        "diverges: action {n} `throw {other}`: recorded, but seed 1 and game 1 give the throw `throw {value}` here\n"
    ));
    assert!(err.ends_with(" here\n"), "{err}");
    // Another seed.
    replay_refuses(
        &path,
        &text.replace("seed: 1,", "seed: 2,"),
        "recorded, but seed 2 and game 1 give the throw",
    );
    // An agent that does not exist.
    replay_refuses(
        &path,
        &text.replacen("\"random\"", "\"nobody\"", 1),
        "the trial's agent `nobody` is not an agent: unknown agent `nobody`",
    );
    // Another agent: its moves are not the ones recorded.
    let (path, text) = recorded_match(&dir, "games/woli.game", "alphabeta:depth=2");
    let o = ludus(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = replay_refuses(
        &path,
        &text.replace("\"alphabeta:depth=2\"", "\"random\""),
        "give the move of P1 (random) `",
    );
    assert!(err.contains("diverges: action 1 `"), "{err}");
    // A recorded run replays; the same run under another seed does not.
    let d = dir.to_str().unwrap();
    let o = ludus(&["run", "games/sig.game", "--playouts", "1", "--record", d]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let run = dir.join("sig-run-s1-0001.ron");
    let o = ludus(&["replay", run.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&run).unwrap();
    replay_refuses(
        &run,
        &text.replace("seed: 1,", "seed: 3,"),
        "recorded, but seed 3 and game 0 give the ",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game of Sig at the terminal with an undo, saved and replayed: after an undo the throws are
/// the seed's again, so replay's check of every throw holds.
#[test]
fn a_played_game_with_an_undo_replays() {
    use std::io::{BufRead, BufReader, Write};
    let dir = scratch("undo");
    let saved = dir.join("sig.ron");
    let mut child = spawn_piped(&[
        "play",
        "games/sig.game",
        "--p1",
        "human",
        "--p2",
        "human",
        "--seed",
        "4",
    ]);
    let mut input = child.stdin.take().unwrap();
    let output = BufReader::new(child.stdout.take().unwrap());
    let mut decisions = 0;
    for line in output.lines() {
        let line = line.unwrap();
        let Some(list) = line.strip_prefix("moves: ") else {
            continue;
        };
        decisions += 1;
        let answer = match decisions {
            3 => "undo".to_string(),
            8 => format!("save {}\nquit", saved.display()),
            _ => list.split(", ").next().unwrap().to_string(),
        };
        writeln!(input, "{answer}").unwrap();
        input.flush().unwrap();
    }
    drop(input);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.matches("\"throw ").count() > 10, "{text}");
    let o = ludus(&["replay", saved.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A trial naming a file that is not a game (`/etc/passwd`, a key) as its game: replay and render
/// refuse it without reading it, so nothing of it is quoted; `--game` is the way to give a game.
#[test]
fn a_trial_naming_a_file_that_is_not_a_game_is_not_quoted() {
    let dir = scratch("not-a-game");
    let (path, text) = recorded_match(&dir, "games/woli.game", "random");
    let secret = dir.join("secret.txt");
    std::fs::write(
        &secret,
        "(hunter2 is the password)\nroot:x:0:0:root:/root:/bin/bash\n",
    )
    .unwrap();
    let mut targets = vec![secret.to_str().unwrap().to_string()];
    if std::path::Path::new("/etc/passwd").exists() {
        targets.push("/etc/passwd".into());
    }
    for target in &targets {
        let forged = text.replace("file: \"games/woli.game\"", &format!("file: {target:?}"));
        assert_ne!(forged, text);
        let err = replay_refuses(
            &path,
            &forged,
            &format!("error: the trial names {target} as its game, which is not a `.game` file; give the game with --game FILE\n"),
        );
        assert!(!err.contains("hunter2") && !err.contains("root:"), "{err}");
        let forged_path = path.with_file_name("forged.ron");
        let o = ludus(&["render", forged_path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        assert!(!stderr(&o).contains("root:"), "{}", stderr(&o));
        // The game given by hand replays it.
        let o = ludus(&[
            "replay",
            forged_path.to_str().unwrap(),
            "--game",
            "games/woli.game",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
