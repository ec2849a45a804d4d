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
    let parts = ludus::compile::MAX_PARTS;
    assert!(
        doc.contains(&format!("at most {parts} move generators")),
        "the limit of {parts} move generators is not in {PATH}"
    );
    assert!(
        doc.contains("a define used 10 times counts 10 times"),
        "{PATH} does not say how defines count"
    );
}
