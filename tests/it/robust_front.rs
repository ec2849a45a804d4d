//! The front end under hostile input: a missing `)` in every shipped game is blamed on the right
//! form, and the regression corpus `tests/hostile/` gives the expected code at the expected line.

use ludus::syntax::Span;
use ludus::Diagnostic;

/// The closing parentheses of a text, as offsets, with the offset of the `(` each one closes;
/// strings and comments are skipped as the grammar skips them.
fn closing_parens(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let (mut stack, mut pairs, mut i) = (Vec::new(), Vec::new(), 0);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' | b'{' => stack.push(i),
            b'}' => {
                stack.pop();
            }
            b')' => pairs.push((i, stack.pop().expect("a shipped game is balanced"))),
            _ => {}
        }
        i += 1;
    }
    pairs
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// Removes each `)` of every shipped game in turn and asks where the diagnostic points.
///
/// "Right" is defined so that it can be decided from the broken text, the only thing a user has.
/// The diagnostic (`syntax::unclosed`, or `syntax::mismatched` when a `}` comes first) either
/// - blames the opening bracket of a form that the removed `)` closed: its primary span for
///   `unclosed`, the bracket "still open" for `mismatched`. Removing any `)` of a run such as `)))`
///   gives the same text, so every form the run closes counts;
/// - or names the line of the removed `)` as the place where a `)` is missing: its message or help
///   says "line N" and one of its spans lies on line N. Indentation says nothing about where inside one
///   line a `)` was lost, so `(a (b c d)` is right when it blames `(a` on that line.
#[test]
fn a_missing_paren_is_blamed_on_the_form_that_lost_it() {
    let (mut checked, mut by_form) = (0, 0);
    for entry in std::fs::read_dir("games").unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let pairs = closing_parens(&text);
        for &(close, _) in &pairs {
            // The run of consecutive `)` around this one, and the forms it closes.
            let run: Vec<usize> = pairs
                .iter()
                .filter(|&&(c, _)| {
                    let (lo, hi) = (c.min(close), c.max(close));
                    text[lo..=hi].bytes().all(|b| b == b')')
                })
                .map(|&(_, open)| open)
                .collect();
            let broken = format!("{}{}", &text[..close], &text[close + 1..]);
            let parsed = ludus::syntax::parse(&broken);
            // One mistake, one error: the recovery makes no second one of it.
            assert_eq!(
                parsed.diagnostics.len(),
                1,
                "{}: `)` at {close} removed: {:?}",
                path.display(),
                parsed.diagnostics
            );
            let d: Diagnostic = parsed
                .diagnostics
                .into_iter()
                .next()
                .expect("a `)` is missing");
            let blamed: Vec<Span> = match d.code {
                "syntax::unclosed" => vec![d.span],
                "syntax::mismatched" => d.related.iter().map(|(s, _)| *s).collect(),
                other => panic!("{}: `)` at {close} removed gave {other}", path.display()),
            };
            let line = line_of(&text, close);
            let words = format!("{} {}", d.message, d.help.clone().unwrap_or_default());
            let names_line = words
                .match_indices(&format!("line {line}"))
                .any(|(i, n)| !words[i + n.len()..].starts_with(|c: char| c.is_ascii_digit()))
                && std::iter::once(d.span)
                    .chain(d.related.iter().map(|(s, _)| *s))
                    .any(|s| line_of(&broken, s.start as usize) == line);
            let blames_form = blamed.iter().any(|s| run.contains(&(s.start as usize)));
            assert!(
                blames_form || names_line,
                "{}: `)` at line {line} removed: blamed {:?} (lines {:?}), expected one of the forms opened at lines {:?}, or line {line} named\n{d:?}",
                path.display(),
                blamed,
                blamed.iter().map(|s| line_of(&broken, s.start as usize)).collect::<Vec<_>>(),
                run.iter().map(|&o| line_of(&text, o)).collect::<Vec<_>>()
            );
            checked += 1;
            by_form += usize::from(blames_form);
        }
    }
    assert!(checked >= 250, "only {checked} parentheses checked");
    eprintln!("{checked} parentheses removed; {by_form} blamed on the form itself");
}

/// The front end's part of the regression corpus: each file of `tests/hostile/` named here is
/// refused with exactly these codes, the first at this `line:col`.
const CORPUS: &[(&str, &[&str], &str)] = &[
    (
        "missing_paren_after_brace_line.game",
        &["syntax::unclosed"],
        "20:5",
    ),
    ("byte_order_mark.game", &["check::out-of-range"], "3:3"),
    ("cr_line_ends.game", &["check::out-of-range"], "3:3"),
    ("control_characters.game", &["option::unknown"], "10:38"),
];

#[test]
fn the_hostile_corpus_gives_the_expected_diagnostics() {
    for (file, codes, location) in CORPUS {
        let path = format!("tests/hostile/{file}");
        let err = match ludus::load_file(std::path::Path::new(&path), &[]) {
            Ok(_) => panic!("{path} loaded; it should be refused"),
            Err(e) => e,
        };
        let ludus::LoadError::Invalid { diagnostics, .. } = &err else {
            panic!("{path}: expected diagnostics, got {err}");
        };
        let got: Vec<&str> = diagnostics.iter().map(|d| d.code).collect();
        let rendered = err.render(false);
        assert_eq!(&got, codes, "{path}\n{rendered}");
        assert!(
            rendered.starts_with(&format!("{path}:{location}: error[")),
            "{path}: expected the first error at {location}\n{rendered}"
        );
    }
}

fn woli() -> String {
    std::fs::read_to_string("games/woli.game").unwrap()
}

/// The rendering of a text that must be refused.
fn rendered(name: &str, text: &str) -> String {
    match ludus::load_source(name, text, &[]) {
        Ok(_) => panic!("{name} loaded; it should be refused"),
        Err(e) => e.render(false),
    }
}

#[test]
fn a_byte_order_mark_is_skipped_and_fmt_drops_it() {
    let text = woli();
    let with_bom = format!("\u{feff}{text}");
    assert!(ludus::load_source("bom.game", &with_bom, &[]).is_ok());
    assert!(ludus::load_bytes("bom.game", with_bom.as_bytes(), &[]).is_ok());
    assert_eq!(ludus::syntax::format_source(&with_bom).unwrap(), text);
    // An invalid byte after a byte order mark is found where it is.
    let mut bytes = with_bom.into_bytes();
    bytes.extend_from_slice(b"\n\xff");
    let Err(err) = ludus::load_bytes("bom.game", &bytes, &[]) else {
        panic!("invalid UTF-8 loaded")
    };
    let lines = text.matches('\n').count() + 2;
    assert!(
        err.render(false)
            .starts_with(&format!("bom.game:{lines}:1: error[syntax::utf8]")),
        "{}",
        err.render(false)
    );
}

#[test]
fn a_lone_cr_ends_a_line_and_crlf_still_works() {
    let text = woli();
    let cr = text.replace('\n', "\r");
    let crlf = text.replace('\n', "\r\n");
    assert!(ludus::load_source("cr.game", &cr, &[]).is_ok());
    assert!(ludus::load_source("crlf.game", &crlf, &[]).is_ok());
    assert_eq!(ludus::syntax::format_source(&cr).unwrap(), text);
    assert_eq!(ludus::syntax::format_source(&crlf).unwrap(), text);
    // A comment ends at a lone CR; the error after it is on its own line and column.
    let broken = "// c\r(game \"X\"\r  (players 2)\r  (bogus))\r";
    let out = rendered("cr.game", broken);
    assert!(
        out.contains("cr.game:4:4: error[check::unknown-ludeme]"),
        "{out}"
    );
    assert!(out.contains(" 4 │   (bogus))"), "{out}");
}

#[test]
fn control_characters_in_diagnostics_are_escaped() {
    let path = "tests/hostile/control_characters.game";
    let Err(err) = ludus::load_file(std::path::Path::new(path), &[]) else {
        panic!("{path} loaded")
    };
    let out = err.render(false);
    assert!(
        !out.chars().any(|c| c.is_control() && c != '\n'),
        "a control character reached the terminal:\n{out:?}"
    );
    assert!(
        out.contains(r#"no option is called "\u{1b}]0;pwned\u{7}\u{1b}[2J""#),
        "{out}"
    );
}

/// An error on a line of 100,000 characters: miette used to panic past 65,535 columns. The line is
/// shown as a window around the label, the header keeps the true column.
#[test]
fn an_error_on_a_100k_line_is_shown_clipped() {
    let pad = " ".repeat(100_000);
    let text = format!("(game \"Long\" (players 2){pad}(bogus 1)\n  (rules))\n");
    // The unknown ludeme is underlined from its name.
    let column = text.find("bogus").unwrap() + 1;
    let out = rendered("long.game", &text);
    assert!(
        out.contains(&format!(
            "long.game:1:{column}: error[check::unknown-ludeme]"
        )),
        "{out}"
    );
    assert!(out.contains(&format!("╭─[long.game:1:{column}]")), "{out}");
    assert!(out.contains("(bogus 1)") && out.contains('…'), "{out}");
    let longest = out.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(
        longest < 200,
        "a line of {longest} characters was printed\n{out}"
    );
    assert!(out.len() < 4_000, "{} bytes printed", out.len());
}
