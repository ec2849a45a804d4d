//! One parser that recovers: a file with several syntax errors gets all of them, in the order
//! they stand, each once; the forms around them are still read, and the language server shows
//! them all while its other answers go on working on the broken text.

use crate::command::{ludus, stderr, stdout};
use ludus::syntax::parse;

const THREE: &str = "tests/syntax/three_errors.game";

/// `ludus validate` reports a stray token, a string never closed and a missing `}` (found at the
/// `)` that comes in its place), in that order, and exits non-zero without checking further.
#[test]
fn validate_reports_three_syntax_errors_in_order() {
    let out = ludus(&["validate", THREE]);
    assert!(!out.status.success(), "validate accepted {THREE}");
    let report = format!("{}{}", stdout(&out), stderr(&out));
    let headers: Vec<&str> = report.lines().filter(|l| l.starts_with(THREE)).collect();
    assert_eq!(
        headers,
        [
            "tests/syntax/three_errors.game:3:14: error[syntax::parse]",
            "tests/syntax/three_errors.game:4:46: error[syntax::string]",
            "tests/syntax/three_errors.game:7:31: error[syntax::mismatched]",
        ],
        "{report}"
    );
    // The tree is not whole: no error of a later stage (an unknown argument, a missing rule).
    assert!(!report.contains("error[check::"), "{report}");
    insta::assert_snapshot!("three_errors", report);
}

/// Each error of the file alone is reported as the first error of the three: recovery adds no
/// error and changes none.
#[test]
fn each_error_alone_is_reported_as_among_three() {
    let text = std::fs::read_to_string(THREE).unwrap();
    let all = parse(&text).diagnostics;
    assert_eq!(all.len(), 3);
    let fixes = [
        ("(players 2 @)", "(players 2)"),
        ("(piece \"Seed Each)", "(piece \"Seed\" Each)"),
        ("skip:{1 2))", "skip:{1 2}))"),
    ];
    for (k, d) in all.iter().enumerate() {
        // Fix the other two: the one left is reported as it was among three.
        let mut alone = text.clone();
        for (j, (from, to)) in fixes.iter().enumerate() {
            if j != k {
                alone = alone.replace(from, to);
            }
        }
        let shift = |at: usize| -> isize {
            fixes
                .iter()
                .enumerate()
                .filter(|&(j, (from, _))| j != k && text.find(from).unwrap() < at)
                .map(|(_, (from, to))| to.len() as isize - from.len() as isize)
                .sum()
        };
        let got = parse(&alone).diagnostics;
        assert_eq!(got.len(), 1, "{alone}\n{got:?}");
        assert_eq!(got[0].code, d.code);
        assert_eq!(got[0].message, d.message);
        assert_eq!(
            got[0].span.start as isize,
            d.span.start as isize + shift(d.span.start as usize)
        );
    }
    // Fixed, the file parses clean.
    let mut fixed = text.clone();
    for (from, to) in fixes {
        fixed = fixed.replace(from, to);
    }
    assert!(parse(&fixed).diagnostics.is_empty());
}

/// One mistake gives one error: any one bracket of a shipped game removed gives exactly one syntax
/// error, and a `)` or `}` too many at the end of a line at most one (none when a comment ends the
/// line and takes it in). (A lost quote is not held to this: the string then runs on to the next
/// quote of the line, and what follows is read inside out.)
#[test]
fn one_bracket_wrong_gives_one_error() {
    let mut checked = 0;
    for entry in std::fs::read_dir("games").unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let tokens = ludus::syntax::lex(&text);
        let brackets = tokens.iter().filter(|t| {
            use ludus::syntax::TokenKind::*;
            matches!(t.kind, Open | Close | OpenList | CloseList)
        });
        for t in brackets {
            let (s, e) = (t.span.start as usize, t.span.end as usize);
            let m = format!("{}{}", &text[..s], &text[e..]);
            let d = parse(&m).diagnostics;
            assert_eq!(
                d.len(),
                1,
                "{}: bracket at {s} removed\n{d:#?}",
                path.display()
            );
            checked += 1;
        }
        // A closer too many at the end of a line (none after a comment, which takes it in).
        for (i, _) in text.match_indices('\n') {
            for extra in [")", "}"] {
                let m = format!("{}{extra}{}", &text[..i], &text[i..]);
                let d = parse(&m).diagnostics;
                assert!(
                    d.len() <= 1,
                    "{}: {extra} at {i} added\n{d:#?}",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 3000, "only {checked} mutants");
}

/// The forms around an error are read: the outline shows them.
#[test]
fn the_forms_around_an_error_are_read() {
    let parsed = parse("(define \"A\" (x @))\n(option \"B\" 1 2\n(game \"C\" (players 2))");
    let heads: Vec<Option<&str>> = parsed.forms.iter().map(|f| f.head()).collect();
    assert_eq!(heads, [Some("define"), Some("option")], "{parsed:?}");
    // The `(option` never closed takes in the game; one error for the `@`, one for the `(`.
    let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["syntax::parse", "syntax::unclosed"]);
    let game = parsed.forms[1].pos(3).and_then(|g| g.head());
    assert_eq!(game, Some("game"));
}
