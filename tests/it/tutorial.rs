//! docs/TUTORIAL.md cannot rot: every command in its `console` blocks is run, in order, in a scratch
//! directory holding a copy of `games/`, and its output must match the lines shown.
//!
//! - A `console` block holds commands (`$ ...`), each followed by its expected output (stdout and
//!   stderr together). A line `...` stands for any number of lines; `[..]` for any text in a line.
//! - Lines shown after a prompt (`P1> ` or `P2> `) are what the user typed: they are fed to stdin.
//! - In a `console fails` block, the last command must exit with a non-zero code; every other
//!   command must succeed.
//! - A block whose info string has `file=NAME` is written to NAME, as if the user had edited it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

enum Block {
    Console { fails: bool, lines: Vec<String> },
    File { name: String, text: String },
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let body: Vec<String> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .map(str::to_string)
            .collect();
        let words: Vec<&str> = info.split_whitespace().collect();
        if let Some(name) = words.iter().find_map(|w| w.strip_prefix("file=")) {
            out.push(Block::File {
                name: name.to_string(),
                text: body.join("\n") + "\n",
            });
        } else if words.first() == Some(&"console") {
            out.push(Block::Console {
                fails: words.contains(&"fails"),
                lines: body,
            });
        }
    }
    out
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first)
        || !actual[first.len()..].ends_with(last)
        || actual.len() < first.len() + last.len()
    {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => {
            (0..=actual.len()).any(|k| lines_match(rest, &actual[k..]))
        }
        Some((e, rest)) => {
            !actual.is_empty() && line_matches(e, actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

fn run(dir: &Path, command: &str, input: &str) -> (bool, String) {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_ludus"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{command} 2>&1"))
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh runs");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

#[test]
fn every_command_of_the_tutorial_runs_as_shown() {
    let markdown = std::fs::read_to_string("docs/TUTORIAL.md").unwrap();
    let dir = std::env::temp_dir().join(format!("ludus-tutorial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(Path::new("games"), &dir.join("games"));
    let mut commands = 0;
    for block in blocks(&markdown) {
        match block {
            Block::File { name, text } => std::fs::write(dir.join(name), text).unwrap(),
            Block::Console { fails, lines } => {
                let starts: Vec<usize> = (0..lines.len())
                    .filter(|&i| lines[i].starts_with("$ "))
                    .collect();
                assert!(!starts.is_empty(), "a console block without a command");
                for (k, &i) in starts.iter().enumerate() {
                    let command = &lines[i][2..];
                    let end = starts.get(k + 1).copied().unwrap_or(lines.len());
                    let expected: Vec<String> = lines[i + 1..end]
                        .iter()
                        .map(|l| l.trim_end().to_string())
                        .collect();
                    let input: String = expected
                        .iter()
                        .filter_map(|l| l.strip_prefix("P1> ").or_else(|| l.strip_prefix("P2> ")))
                        .map(|l| format!("{l}\n"))
                        .collect();
                    let (ok, output) = run(&dir, command, &input);
                    let actual: Vec<&str> = output
                        .trim_end_matches('\n')
                        .lines()
                        .map(str::trim_end)
                        .collect();
                    let actual: Vec<&str> = if output.is_empty() {
                        Vec::new()
                    } else {
                        actual
                    };
                    let must_fail = fails && k + 1 == starts.len();
                    assert_eq!(
                        ok,
                        !must_fail,
                        "`{command}` {} but it should {}:\n{output}",
                        if ok { "succeeded" } else { "failed" },
                        if must_fail { "fail" } else { "succeed" }
                    );
                    assert!(lines_match(&expected, &actual), "`{command}`: the output differs from the tutorial.\n--- shown:\n{}\n--- got:\n{output}", expected.join("\n"));
                    commands += 1;
                }
            }
        }
    }
    assert!(commands >= 10, "the tutorial runs {commands} commands");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_matcher_takes_wildcards() {
    let e = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(lines_match(&e(&["a", "...", "b"]), &["a", "b"]));
    assert!(!lines_match(&e(&["a", "c"]), &["a", "b"]));
    assert!(line_matches("x [..] ms", "x 12.5 ms"));
    assert!(line_matches("[..]", "anything"));
    assert!(!line_matches("x [..] ms", "y 12 ms"));
    assert!(!line_matches("ab[..]ba", "aba"));
}
