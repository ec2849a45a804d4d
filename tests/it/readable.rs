//! The source reads in steps: no function in `src/` passes a hundred lines, counted from its
//! `fn` line to the closing brace at the same indentation (rustfmt's layout), so that a long
//! function gets split into named steps before it grows past what a reader holds at once.

use std::path::{Path, PathBuf};

/// The most lines a function may take, its signature and closing brace included.
const MOST_LINES: usize = 100;

/// Functions let past the limit for now, each with its reason; an entry that no longer needs
/// it fails the test, so that the list only shrinks.
const ALLOWED: &[(&str, &str, &str)] = &[];

/// Every `.rs` file under `dir`.
pub(crate) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The name of the function a line starts, with the line's indentation: `fn name`, after any
/// visibility and qualifiers.
fn fn_start(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim_start();
    let indent = &line[..line.len() - rest.len()];
    let mut words = rest;
    loop {
        if let Some(after) = words.strip_prefix("fn ") {
            let name_end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            return (name_end > 0).then_some((indent, &after[..name_end]));
        }
        let qualifier = ["pub ", "const ", "async ", "unsafe ", "extern \"C\" "]
            .iter()
            .find_map(|q| words.strip_prefix(q))
            .or_else(|| {
                // `pub(crate) `, `pub(super) `, `pub(in path) `
                let inner = words.strip_prefix("pub(")?;
                Some(&inner[inner.find(") ")? + 2..])
            });
        words = qualifier?;
    }
}

/// Each function of `text` with a body: its name, its first line (from 1) and its length in
/// lines; `Err` names a function whose closing brace is not at its indentation.
fn functions(text: &str) -> Result<Vec<(String, usize, usize)>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((indent, name)) = fn_start(line) else {
            continue;
        };
        // The signature runs on to the line that opens the body or ends a declaration.
        let Some(k) = (i..lines.len()).find(|&k| {
            let t = lines[k].trim_end();
            t.contains('{') || t.ends_with(';')
        }) else {
            continue;
        };
        let opener = lines[k].trim_end();
        if !opener.contains('{') {
            continue; // a declaration without a body (a trait's)
        }
        if !opener.ends_with('{') {
            found.push((name.to_string(), i + 1, k - i + 1)); // a body on one line
            continue;
        }
        let close = format!("{indent}}}");
        let Some(end) = (k + 1..lines.len()).find(|&j| lines[j].trim_end() == close) else {
            return Err(format!(
                "`fn {name}` at line {} is not closed at its indentation",
                i + 1
            ));
        };
        found.push((name.to_string(), i + 1, end - i + 1));
    }
    Ok(found)
}

#[test]
fn no_function_in_src_passes_a_hundred_lines() {
    let mut long = Vec::new();
    let mut allowed_seen = Vec::new();
    let mut counted = 0;
    for file in rust_files(Path::new("src")) {
        let text = std::fs::read_to_string(&file).unwrap();
        let fns = functions(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        counted += fns.len();
        let path = file.to_string_lossy().replace('\\', "/");
        for (name, line, length) in fns {
            if length <= MOST_LINES {
                continue;
            }
            if ALLOWED.iter().any(|(f, n, _)| *f == path && *n == name) {
                allowed_seen.push((path.clone(), name));
            } else {
                long.push(format!("{path}:{line}: fn {name}: {length} lines"));
            }
        }
    }
    // The scan itself must see the source: a broken reader would pass every file.
    assert!(counted > 1000, "only {counted} functions found in src/");
    assert!(
        long.is_empty(),
        "functions past {MOST_LINES} lines (split them into named steps):\n{}",
        long.join("\n")
    );
    for (file, name, _) in ALLOWED {
        assert!(
            allowed_seen.iter().any(|(f, n)| f == file && n == name),
            "{file}: fn {name} is within {MOST_LINES} lines now: take it off ALLOWED"
        );
    }
}

#[test]
fn the_measure_counts_from_fn_to_its_closing_brace() {
    let text = "\
impl A {
    pub(crate) fn two(&self) -> u8 {
        2
    }

    fn one() -> u8 { 1 }
}

trait T {
    fn declared(
        &self,
    ) -> u8;
}

pub fn long<F>(f: F)
where
    F: Fn() -> u8,
{
    let x = {
    };
}
";
    let fns = functions(text).unwrap();
    assert_eq!(
        fns,
        [
            ("two".to_string(), 2, 3),
            ("one".to_string(), 6, 1),
            ("long".to_string(), 15, 7),
        ]
    );
    assert!(functions("fn open() {\n  }\n").is_err());
}
