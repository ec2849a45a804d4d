//! Files, pipes and streams: closed pipes, device inputs, atomic writes, duplicate options,
//! control characters, perft's limits and replay's checks, through the binary as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Stdio};

mod command;

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
}
