//! docs/LANGUAGE.md is generated from the ludeme registry: it must match `markdown()` exactly
//! (`UPDATE_DOCS=1 cargo test --test it language_doc` rewrites it), and every example in it must parse
//! as a call of its ludeme with a valid number of arguments.

use ludus::check::registry::{lookup, markdown, Kind, Shape, LUDEMES};
use ludus::syntax::parse;
use std::process::Command;

const PATH: &str = "docs/LANGUAGE.md";

#[test]
fn language_md_matches_the_registry() {
    let generated = markdown();
    if std::env::var_os("UPDATE_DOCS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all("docs").expect("docs/");
        std::fs::write(PATH, &generated).expect("write docs/LANGUAGE.md");
        return;
    }
    let written = std::fs::read_to_string(PATH).unwrap_or_default();
    if written != generated {
        let line = written
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .map_or(
                written.lines().count().min(generated.lines().count()),
                |i| i,
            )
            + 1;
        panic!("{PATH} is out of date (first difference at line {line}); run `UPDATE_DOCS=1 cargo test --test it language_doc`");
    }
}

#[test]
fn ludus_docs_prints_the_same_text() {
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .arg("docs")
        .output()
        .expect("run ludus");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), markdown());
}

#[test]
fn every_ludeme_is_documented_with_an_example_that_parses() {
    let doc = markdown();
    for l in LUDEMES {
        assert!(!l.doc.is_empty(), "`{}` has no doc", l.name);
        assert!(
            doc.contains(&format!("### `{}`", l.name)),
            "`{}` missing from the doc",
            l.name
        );
        let forms = parse(l.example).into_result().unwrap_or_else(|d| {
            panic!(
                "example of `{}` does not parse: {}\n{}",
                l.name, d[0].message, l.example
            )
        });
        assert_eq!(forms.len(), 1, "example of `{}`", l.name);
        let example = &forms[0];
        assert_eq!(
            example.head(),
            Some(l.name),
            "example of `{}` calls another ludeme",
            l.name
        );
        // Some ludeme of this name takes the example's arguments.
        let given = example.positional().count();
        let fits = lookup(l.name).any(|cand| {
            let required = cand.positional.iter().filter(|p| p.required).count();
            let variadic = matches!(
                cand.positional.last().map(|p| p.shape),
                Some(Shape::Many(_))
            );
            let keys_known = example
                .args()
                .iter()
                .filter_map(|a| a.key.as_ref())
                .all(|(k, _)| cand.named.iter().any(|p| p.name == k));
            given >= required && (variadic || given <= cand.positional.len()) && keys_known
        });
        assert!(
            fits,
            "example of `{}` has arguments no `{}` takes: {}",
            l.name, l.name, l.example
        );
        for p in l.positional.iter().chain(l.named) {
            assert!(
                !p.doc.is_empty(),
                "argument `{}` of `{}` has no doc",
                p.name,
                l.name
            );
        }
    }
}

#[test]
fn the_game_example_is_a_whole_game() {
    let game = LUDEMES
        .iter()
        .find(|l| l.name == "game")
        .expect("game ludeme");
    let loaded = ludus::load_source("example.game", game.example, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    assert_eq!(loaded.name, "Mini");
}

#[test]
fn switches_are_documented_as_true_or_false() {
    // An argument read only as `true` or `false` is a switch, not "a condition": its doc says
    // "whether ...", and docs/LANGUAGE.md then says "true or false".
    let doc = markdown();
    for l in LUDEMES {
        for p in l.positional.iter().chain(l.named) {
            let reads_as_switch = p.doc.starts_with("whether") || p.doc.starts_with("true");
            assert!(
                !(reads_as_switch && p.shape == Shape::One(Kind::Cond)),
                "`{}:` of `{}` reads as a switch but is typed as a condition",
                p.name,
                l.name
            );
            if p.shape == Shape::One(Kind::Switch) {
                assert!(
                    doc.contains(&format!("- `{}:` (optional), true or false: ", p.name)),
                    "`{}:` of `{}` is not documented as true or false",
                    p.name,
                    l.name
                );
            }
        }
    }
}

#[test]
fn the_limits_are_documented() {
    let doc = markdown();
    let parts = ludus::board::MAX_PARTS;
    assert!(
        doc.contains(&format!("at most {parts} move generators")),
        "the limit of {parts} move generators is not in {PATH}"
    );
    assert!(
        doc.contains("a define used 10 times counts 10 times"),
        "{PATH} does not say how defines count"
    );
}

/// The registry rows are source a reader takes in at a glance (`ludeme!` in src/ludemes.rs): each
/// family's rows are `ludeme!` blocks, one per ludeme, and no line of a registry table or of a
/// shared argument (`param!`) runs past 100 columns; no `#[rustfmt::skip]` brings back a table of
/// one giant line a row.
#[test]
fn registry_rows_are_laid_out_one_field_a_line() {
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from("src/ludemes")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ludemes") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 20, "the family modules are in src/ludemes");
    let mut families = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read a family");
        let at = path.display();
        assert!(!text.contains("rustfmt::skip"), "{at}: `#[rustfmt::skip]`");
        // The lines of the registry: the table of rows and the shared arguments.
        let mut inside = false;
        let mut rows = 0;
        for (n, line) in text.lines().enumerate() {
            if line.contains("const ROWS: &[Ludeme]") || line.contains(": Param = ") {
                inside = true;
            }
            if !inside {
                continue;
            }
            assert!(
                line.chars().count() <= 100,
                "{at}:{}: a registry line of {} columns",
                n + 1,
                line.chars().count()
            );
            assert!(
                !line.contains("Ludeme {"),
                "{at}:{}: a row written as a struct literal, not with `ludeme!`",
                n + 1
            );
            rows += line.matches("ludeme! {").count();
            if line.starts_with(['}', ']']) || (!line.starts_with(' ') && line.ends_with(';')) {
                inside = false;
            }
        }
        // Every row of the family's table is a `ludeme!`.
        let family = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let registered = LUDEMES
            .iter()
            .filter(|l| ludus::ludemes::family_of(l) == family)
            .count();
        if text.contains("const ROWS: &[Ludeme]") {
            families += 1;
            assert_eq!(rows, registered, "{at}: rows written with `ludeme!`");
        }
    }
    assert!(families > 20, "every family's table was read");
}
