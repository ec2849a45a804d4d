//! The library's layers (ARCHITECTURE.md): each module depends only on the ones below it, read
//! from the `crate::` paths of its source (its unit tests left out: a test may load a whole game).
//! The ludeme families plug into the stages from above: a family may use any stage up to the
//! engine, and a stage reaches the families only through `crate::ludemes`' own names (the
//! registry, the dispatch and the names it re-exports), never through a family's module.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The modules from the bottom up; each may use only the ones before it. `lib` is the crate
/// root's re-exports; `lsp` and `cli` are the binary's.
const LAYERS: &[&str] = &[
    "diagnostic",
    "files",
    "board",
    "syntax",
    "expand",
    "check",
    "compile",
    "engine",
    "load",
    "diagram",
    "agents",
    "trial",
    "jobs",
    "lib",
    "lsp",
    "studio",
    "cli",
];

/// The family layer: its modules may use the stages up to this one.
const FAMILIES: &str = "ludemes";
const FAMILIES_REACH: &str = "engine";

/// The stages below which nothing may use the families at all.
const BEFORE_FAMILIES: &[&str] = &["diagnostic", "files", "board", "syntax", "expand"];

fn rank(module: &str) -> Option<usize> {
    LAYERS.iter().position(|m| *m == module)
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ reads")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to.
fn module_of(path: &Path) -> String {
    let rel = path.strip_prefix("src").expect("under src");
    let first = rel.components().next().expect("a component");
    let name = first.as_os_str().to_string_lossy();
    match name.trim_end_matches(".rs") {
        "main" => "cli".to_string(),
        other => other.to_string(),
    }
}

/// The lines of a file that are not its unit tests: a `#[cfg(test)]` module runs to the closing
/// brace at its own indentation.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let next = lines.get(i + 1).map_or("", |l| l.trim_start());
        if line.trim() == "#[cfg(test)]" && next.starts_with("mod ") && next.ends_with('{') {
            let indent = &line[..line.len() - line.trim_start().len()];
            let close = format!("{indent}}}");
            i += 2;
            while i < lines.len() && lines[i] != close {
                i += 1;
            }
            i += 1;
            continue;
        }
        out.push((i + 1, line));
        i += 1;
    }
    out
}

/// The crate root's re-exports: a name at the root, and the module it comes from.
fn root_names() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string("src/lib.rs").expect("src/lib.rs reads");
    let mut names = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let module = rest.split("::").next().unwrap_or("").to_string();
        let list = rest.split_once('{').map_or_else(
            || rest.rsplit("::").next().unwrap_or(""),
            |(_, l)| l.trim_end_matches("};"),
        );
        for name in list.split(',') {
            let name = name.trim().trim_end_matches(';');
            let name = name.rsplit(" as ").next().unwrap_or(name);
            if !name.is_empty() {
                names.insert(name.to_string(), module.clone());
            }
        }
    }
    names
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The items of a brace list that starts `text` (`{a, b::c, d}`), at its top level.
fn items(text: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0, 1, Vec::new());
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' | ',' if depth == 1 => {
                out.push(text[start..i].trim());
                start = i + 1;
                if c == '}' {
                    break;
                }
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    out
}

/// Each `crate::` path in a line: the module it names (a root re-export read as its module),
/// and whether it goes into a family's module (`crate::ludemes::family::`, or the family's
/// module named in a list).
fn uses(line: &str, roots: &BTreeMap<String, String>, families: &[String]) -> Vec<(String, bool)> {
    let code = line.split("//").next().unwrap_or("");
    let mut out = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        // `$crate::` in a macro is the same crate.
        let path = &code[at + "crate::".len()..];
        if path.starts_with('{') {
            // `crate::{A, b}`: each name, a root re-export or a module.
            for name in items(path).into_iter().map(ident) {
                out.push((
                    roots.get(name).cloned().unwrap_or_else(|| name.to_string()),
                    false,
                ));
            }
            continue;
        }
        let first = ident(path);
        let module = roots
            .get(first)
            .cloned()
            .unwrap_or_else(|| first.to_string());
        let tail = path[first.len()..].strip_prefix("::").unwrap_or("");
        let heads: Vec<&str> = match tail.starts_with('{') {
            true => items(tail).into_iter().map(ident).collect(),
            false => vec![ident(tail)],
        };
        let into_family =
            module == FAMILIES && heads.iter().any(|h| families.iter().any(|f| f == h));
        out.push((module, into_family));
    }
    out
}

/// The lines of code with each `use` statement joined onto one line.
fn statements(lines: &[(usize, &str)]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (number, line) in lines {
        let t = line.trim();
        match (open, out.last_mut()) {
            (true, Some(last)) => {
                last.1.push(' ');
                last.1.push_str(t);
            }
            _ => out.push((*number, t.to_string())),
        }
        let statement = out.last().map_or("", |l| l.1.as_str());
        let a_use = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .any(|p| statement.starts_with(p));
        open = a_use && !t.ends_with(';');
    }
    out
}

#[test]
fn no_module_uses_one_above_it() {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    let roots = root_names();
    let mut families: Vec<String> = std::fs::read_dir("src/ludemes")
        .expect("src/ludemes reads")
        .map(|e| e.expect("entry").path())
        .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    families.dedup();
    let mut wrong = Vec::new();
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    for path in &files {
        let module = module_of(path);
        let text = std::fs::read_to_string(path).expect("a source reads");
        for (number, line) in statements(&code_lines(&text)) {
            for (used, into_family) in uses(&line, &roots, &families) {
                if used == module {
                    continue;
                }
                *counts.entry((module.clone(), used.clone())).or_default() += 1;
                let allowed = match (module.as_str(), used.as_str()) {
                    (FAMILIES, _) => rank(&used).is_some_and(|r| Some(r) <= rank(FAMILIES_REACH)),
                    (m, FAMILIES) => {
                        !BEFORE_FAMILIES.contains(&m)
                            && (!into_family || rank(m) > rank(FAMILIES_REACH))
                    }
                    (m, u) => match (rank(m), rank(u)) {
                        (Some(a), Some(b)) => b < a,
                        _ => false,
                    },
                };
                if !allowed {
                    wrong.push(format!(
                        "{}:{number}: {module} uses {used}: {}",
                        path.display(),
                        line.trim()
                    ));
                }
            }
        }
    }
    let table: Vec<String> = counts
        .iter()
        .map(|((from, to), n)| format!("{from:>10} -> {to:<10} {n}"))
        .collect();
    // The table is what the closing note of a layering change quotes.
    println!("crate:: paths between modules:\n{}", table.join("\n"));
    assert!(
        wrong.is_empty(),
        "imports that run back up the layers (ARCHITECTURE.md):\n{}",
        wrong.join("\n")
    );
}

/// The reader of paths sees what it must: a use up the layers is found, in a `use` line or
/// inline, and a unit test's is not.
#[test]
fn the_reader_finds_a_use_up_the_layers() {
    let roots = root_names();
    let families = vec!["sow".to_string()];
    assert_eq!(
        uses("use crate::engine::Game;", &roots, &families),
        vec![("engine".to_string(), false)]
    );
    assert_eq!(
        uses(
            "    let g: crate::Game = x; // crate::load",
            &roots,
            &families
        ),
        vec![("engine".to_string(), false)]
    );
    assert_eq!(
        uses("use crate::{check, Game};", &roots, &families),
        vec![("check".to_string(), false), ("engine".to_string(), false)]
    );
    assert_eq!(
        uses("use crate::ludemes::sow::Holes;", &roots, &families),
        vec![("ludemes".to_string(), true)]
    );
    assert_eq!(
        uses("use crate::ludemes::{Gen, MoveFamily};", &roots, &families),
        vec![("ludemes".to_string(), false)]
    );
    assert_eq!(
        uses(
            "use crate::ludemes::{Gen, sow::{Holes, Sow}};",
            &roots,
            &families
        ),
        vec![("ludemes".to_string(), true)]
    );
    let lines = [
        (1, "use crate::ludemes::{"),
        (2, "    Gen,"),
        (3, "    sow::Holes,"),
        (4, "};"),
        (5, "fn f() {}"),
    ];
    let joined = statements(&lines);
    assert_eq!(joined.len(), 2, "{joined:?}");
    assert_eq!(
        uses(&joined[0].1, &roots, &families),
        vec![("ludemes".to_string(), true)]
    );
    let text = "use crate::board::Site;\n#[cfg(test)]\nmod tests {\n    use crate::load;\n}\nfn after() {}\n";
    let kept: Vec<&str> = code_lines(text).into_iter().map(|(_, l)| l).collect();
    assert_eq!(kept, vec!["use crate::board::Site;", "fn after() {}"]);
}

/// Each shipped game's name and file stem.
fn shipped_names() -> Vec<String> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir("games").expect("games/ reads") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a game reads");
        if let Some(name) = text
            .split("(game \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
        {
            names.push(name.to_lowercase());
        }
        names.push(
            path.file_stem()
                .expect("a stem")
                .to_string_lossy()
                .to_lowercase(),
        );
    }
    names
}

/// Whether `word` stands in `text` as a whole word (not inside another word).
fn has_word(text: &str, word: &str) -> bool {
    let inside = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word).any(|(at, _)| {
        !inside(text[..at].chars().next_back()) && !inside(text[at + word.len()..].chars().next())
    })
}

/// No game in the engine: no string in the library's code (its unit tests left out) names a
/// shipped game, so that no rule is keyed to one.
#[test]
fn the_library_names_no_shipped_game() {
    let names = shipped_names();
    assert!(names.len() >= 2 * 15, "{names:?}");
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    let mut named = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a source reads");
        for (number, line) in code_lines(&text) {
            let code = line.split("//").next().unwrap_or("").to_lowercase();
            // The strings of the line: every other piece between quotes.
            for literal in code.split('"').skip(1).step_by(2) {
                for name in names.iter().filter(|n| has_word(literal, n)) {
                    named.push(format!(
                        "{}:{number}: {name}: {}",
                        path.display(),
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        named.is_empty(),
        "the library names a game:\n{}",
        named.join("\n")
    );
    assert!(has_word("load \"kalah\" here", "kalah") && !has_word("kalahari", "kalah"));
}
