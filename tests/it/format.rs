//! `ludus fmt`: the shipped games are formatted; formatting is idempotent on them and on every
//! token mutant of them that parses; it keeps every comment and never changes what a file means.

use crate::command;
use crate::tokens;
use ludus::syntax::{format_source, parse, Node, NodeKind};

use command::ludus;
use tokens::tokens;

const GAMES: [&str; 4] = [
    "games/woli.game",
    "games/tabou.game",
    "games/toki.game",
    "games/sig.game",
];

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A file's meaning: its forms without spans.
fn meaning(text: &str) -> Vec<String> {
    fn show(node: &Node) -> String {
        match &node.kind {
            NodeKind::Call {
                head, quoted, args, ..
            } => {
                let mut parts = vec![if *quoted {
                    format!("{head:?}")
                } else {
                    head.clone()
                }];
                for a in args {
                    let key = a
                        .key
                        .as_ref()
                        .map_or(String::new(), |(k, _)| format!("{k}:"));
                    parts.push(format!("{key}{}", show(&a.value)));
                }
                format!("({})", parts.join(" "))
            }
            NodeKind::List(items) => format!(
                "{{{}}}",
                items.iter().map(show).collect::<Vec<_>>().join(" ")
            ),
            other => format!("{other:?}"),
        }
    }
    parse(text)
        .into_result()
        .expect("parses")
        .iter()
        .map(show)
        .collect()
}

fn comments(text: &str) -> Vec<String> {
    tokens(text)
        .into_iter()
        .map(|(s, e)| &text[s..e])
        .filter(|t| t.starts_with("//"))
        .map(|t| t.trim_end().to_string())
        .collect()
}

/// Formats, and checks that the result is stable, means the same and keeps every comment.
fn check_format(text: &str, what: &str) -> String {
    let once = format_source(text).unwrap_or_else(|d| panic!("{what}: {}", d.message));
    let twice = format_source(&once).unwrap_or_else(|d| panic!("{what}, formatted: {}", d.message));
    assert_eq!(twice, once, "{what}: formatting is not idempotent");
    assert_eq!(
        meaning(&once),
        meaning(text),
        "{what}: formatting changed the meaning"
    );
    assert_eq!(
        comments(&once),
        comments(text),
        "{what}: comments lost or moved out of order"
    );
    assert!(
        once.ends_with('\n') && !once.ends_with("\n\n"),
        "{what}: one newline at the end"
    );
    assert!(
        !once.lines().any(|l| l.ends_with(' ')),
        "{what}: trailing blanks"
    );
    once
}

#[test]
fn the_shipped_games_pass_fmt_check() {
    for game in GAMES {
        let out = ludus(&["fmt", "--check", game]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn the_shipped_games_are_fixed_points() {
    for game in GAMES {
        let text = read(game);
        assert_eq!(check_format(&text, game), text, "{game}");
    }
}

#[test]
fn layout_is_restored_from_any_indentation_and_spacing() {
    for game in GAMES {
        let text = read(game);
        // Every line flush left, and blanks doubled between tokens outside strings and comments.
        let flush: String = text
            .lines()
            .map(|l| format!("{}\n", l.trim_start()))
            .collect();
        assert_eq!(check_format(&flush, game), text, "{game}: flush left");
        let mut spaced = String::new();
        let mut last = 0;
        for (s, e) in tokens(&text) {
            spaced.push_str(&text[last..s].replace(' ', "   "));
            spaced.push_str(&text[s..e]);
            last = e;
        }
        spaced.push_str(&text[last..]);
        assert_eq!(check_format(&spaced, game), text, "{game}: extra blanks");
    }
}

#[test]
fn formatting_is_idempotent_on_every_token_mutant_that_parses() {
    let mut checked = 0;
    for game in GAMES {
        let text = read(game);
        let toks = tokens(&text);
        for (i, &(s, e)) in toks.iter().enumerate() {
            let deleted = format!("{}{}", &text[..s], &text[e..]);
            let duplicated = format!("{}{} {}", &text[..e], &text[s..e], &text[e..]);
            let mut mutants = vec![deleted, duplicated];
            if let Some(&(s2, e2)) = toks.get(i + 1) {
                mutants.push(format!(
                    "{}{}{}{}{}",
                    &text[..s],
                    &text[s2..e2],
                    &text[e..s2],
                    &text[s..e],
                    &text[e2..]
                ));
            }
            // A comment moved onto the line of the token before it.
            mutants.push(format!("{} // moved here\n{}", &text[..e], &text[e..]));
            for m in mutants {
                if parse(&m).diagnostics.is_empty() {
                    check_format(&m, &format!("{game} token {i}"));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} mutants parsed");
}

#[test]
fn comments_in_every_position_are_kept() {
    let src = "// file header\n\n// about the option\n(option \"n\" 6 min:1 max:9 doc:\"n\") // trailing\n\n(game \"G\" // after the name\n  // before players\n  (players 2)\n  (equipment { // after the brace\n    (board (square 5)) // board\n    // last in list\n  })\n  (rules\n    (start (hand Each 2))\n    (play (place 1 to:(all-sites))) // play\n    (end (if (no-moves Next) (result Next Loss))) // end\n    // last in rules\n  ))\n// file footer\n";
    let once = check_format(src, "comments");
    for c in comments(src) {
        assert!(once.contains(&c), "{c} lost:\n{once}");
    }
}

#[test]
fn long_forms_are_broken_and_short_ones_joined() {
    let long = format!(
        "(game \"G\" {})",
        (0..40)
            .map(|i| format!("(x{i} {i})"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let once = check_format(&long, "long");
    assert!(
        once.lines().count() > 1 && once.lines().all(|l| l.chars().count() <= 100),
        "{once}"
    );
    assert_eq!(
        check_format("(players\n\n   2\n)", "short"),
        "(players 2)\n"
    );
}

#[test]
fn fmt_write_and_print() {
    let dir = std::env::temp_dir().join(format!("ludus-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("messy.game");
    let messy: String = read("games/woli.game")
        .lines()
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    std::fs::write(&file, &messy).expect("write");
    let path = file.to_str().expect("utf-8 path");
    let check = ludus(&["fmt", "--check", path]);
    assert_eq!(check.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&check.stderr).contains("is not formatted"));
    let print = ludus(&["fmt", path]);
    assert_eq!(print.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&print.stdout),
        read("games/woli.game")
    );
    assert_eq!(read(path), messy, "printing leaves the file alone");
    assert_eq!(ludus(&["fmt", "--write", path]).status.code(), Some(0));
    assert_eq!(read(path), read("games/woli.game"));
    assert_eq!(ludus(&["fmt", "--check", path]).status.code(), Some(0));
    // A file that does not parse: a located diagnostic, exit 1, the file untouched.
    std::fs::write(&file, "(game \"G\"\n  (players 2\n").expect("write");
    let bad = ludus(&["fmt", "--write", path]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("messy.game:1:1: error[syntax::unclosed]"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
    assert_eq!(read(path), "(game \"G\"\n  (players 2\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fmt --check` and `fmt --write` take several files: each unformatted file is named, the
/// formatted ones pass, and a file that does not parse is reported without stopping the others.
#[test]
fn fmt_takes_several_files() {
    let dir = std::env::temp_dir().join(format!("ludus-fmt-many-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let messy: String = read("games/ur.game")
        .lines()
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    let (a, b, c) = (dir.join("a.game"), dir.join("b.game"), dir.join("c.game"));
    std::fs::write(&a, &messy).unwrap();
    std::fs::write(&b, read("games/kalah.game")).unwrap();
    std::fs::write(&c, &messy).unwrap();
    let paths: Vec<&str> = [&a, &b, &c].iter().map(|p| p.to_str().unwrap()).collect();
    let check = ludus(&["fmt", "--check", paths[0], paths[1], paths[2]]);
    assert_eq!(check.status.code(), Some(1));
    let err = String::from_utf8_lossy(&check.stderr).into_owned();
    assert!(
        err.contains("a.game is not formatted") && err.contains("c.game is not formatted"),
        "{err}"
    );
    assert!(!err.contains("b.game"), "{err}");
    std::fs::write(&b, "(game \"G\"\n").unwrap();
    let write = ludus(&["fmt", "--write", paths[0], paths[1], paths[2]]);
    assert_eq!(write.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&write.stderr).contains("b.game:1:1: error[syntax::unclosed]"));
    assert_eq!(
        (read(paths[0]), read(paths[2])),
        (read("games/ur.game"), read("games/ur.game"))
    );
    let print = ludus(&["fmt", paths[0], paths[2]]);
    assert_eq!(print.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&print.stderr).contains("printing takes one file"));
    let _ = std::fs::remove_dir_all(&dir);
}
