//! Loading is linear in the size of the document: wide forms (a long `or`, thousands of regions,
//! options, defines, arguments) are loaded at n and at 4n items, and the time must grow about
//! fourfold, not sixteenfold. One test, so that no other test of this binary competes for the CPU
//! while it measures; each time is the best of three runs.

use std::time::{Duration, Instant};

const WOLI: &str = include_str!("../games/woli.game");

/// Woli with `from` replaced by `to` (which must occur).
fn woli(from: &str, to: &str) -> String {
    assert!(WOLI.contains(from), "{from}");
    WOLI.replacen(from, to, 1)
}

/// `n` copies of `item`, separated by blanks; `{i}` in it stands for the copy's number.
fn many(n: usize, item: &str) -> String {
    (0..n)
        .map(|i| item.replace("{i}", &i.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How much slower 4n items may load than n: linear time is 4x, quadratic 16x; the bound leaves
/// room for noise.
const BOUND: f64 = 8.0;

/// A wide form: its name, its text at `n` items, and the `n` at which it is measured.
type Wide = (&'static str, fn(usize) -> String, usize);

const WIDE: [Wide; 15] = [
    ("an end rule of n alternatives", end_or, 5_000),
    ("a filter of n conditions", filter_and, 4_000),
    ("n regions", regions, 4_000),
    ("n options", options, 4_000),
    ("n defines, each used", defines, 4_000),
    ("n sites in a list", sites, 40_000),
    ("n start instructions", starts, 4_000),
    ("n positional arguments too many", extra_positional, 20_000),
    ("a named argument n times", repeated_key, 20_000),
    ("n piece states", piece_states, 20_000),
    ("n tracks", tracks, 2_000),
    ("n dice", dice, 4_000),
    ("n regions in the rules", rule_regions, 2_000),
    ("n stray tokens (syntax errors)", stray_tokens, 20_000),
    ("n closers too many", extra_closers, 20_000),
];

/// Woli with `n` stray `@` in its players: as many syntax errors (the first 32 reported).
fn stray_tokens(n: usize) -> String {
    woli("(players 2)", &format!("(players 2 {})", many(n, "@")))
}

/// Woli with `n` closing brackets after it: each closes nothing, and each error looks back over
/// the brackets of the text before it (the first 32 reported).
fn extra_closers(n: usize) -> String {
    format!("{WOLI}\n{}", many(n, ")"))
}

fn end_or(n: usize) -> String {
    woli(
        "(or {(no-moves Next) (repeated)",
        &format!("(or {{{} (repeated)", many(n, "(no-moves Next)")),
    )
}

fn filter_and(n: usize) -> String {
    woli(
        "(filter (> (count-in (\"Home\" Next)) 0)",
        &format!(
            "(filter (and {{{}}})",
            many(n, "(> (count-in (\"Home\" Next)) 0)")
        ),
    )
}

fn regions(n: usize) -> String {
    woli(
        "(region \"Home\" P2 (row 1))",
        &format!(
            "(region \"Home\" P2 (row 1)) {}",
            many(n, "(region \"R{i}\" (sites {0}))")
        ),
    )
}

fn options(n: usize) -> String {
    format!(
        "{}\n{WOLI}",
        many(n, "(option \"o{i}\" 1 min:1 max:2 doc:\"x\")")
    )
}

fn defines(n: usize) -> String {
    let text = woli(
        "(or {(no-moves Next) (repeated)",
        &format!("(or {{{} (repeated)", many(n, "(\"D{i}\")")),
    );
    format!("{}\n{text}", many(n, "(define \"D{i}\" (no-moves Next))"))
}

fn sites(n: usize) -> String {
    let list: Vec<String> = (0..n).map(|i| (i % 6).to_string()).collect();
    woli(
        "(region \"Home\" P1 (row 0))",
        &format!("(region \"Home\" P1 (sites {{{}}}))", list.join(" ")),
    )
}

fn starts(n: usize) -> String {
    woli(
        "(start (fill (all-sites) (option \"counters\")))",
        &format!(
            "(start {{(fill (all-sites) (option \"counters\")) {}}})",
            many(n, "(fill (sites {0}) 0)")
        ),
    )
}

fn extra_positional(n: usize) -> String {
    woli("(players 2)", &format!("(players 2 {})", many(n, "2")))
}

fn repeated_key(n: usize) -> String {
    woli(
        "skip-origin:true",
        &format!("skip-origin:true {}", many(n, "skip-origin:true")),
    )
}

fn piece_states(n: usize) -> String {
    woli(
        "(board (rectangle 2 6))",
        &format!(
            "(board (rectangle 2 6)) (piece-states {{{}}})",
            many(n, "\"S\"")
        ),
    )
}

fn tracks(n: usize) -> String {
    woli(
        "(track \"Sow\" {(row 0 W) (row 1 E)} loop:true)",
        &format!(
            "(track \"Sow\" {{(row 0 W) (row 1 E)}} loop:true) {}",
            many(n, "(track \"T{i}\" {(row 0 W)})")
        ),
    )
}

fn dice(n: usize) -> String {
    woli(
        "(board (rectangle 2 6))",
        &format!(
            "(board (rectangle 2 6)) {}",
            many(n, "(dice \"D{i}\" (die 6))")
        ),
    )
}

/// Conditions on `n` regions of the rules, all different.
fn rule_regions(n: usize) -> String {
    let regions: Vec<String> = (0..n)
        .map(|i| {
            let sites: Vec<String> = (0..12)
                .filter(|b| i >> b & 1 == 1)
                .map(|b| b.to_string())
                .collect();
            format!("(> (count-in (sites {{{}}})) 0)", sites.join(" "))
        })
        .collect();
    woli(
        "(filter (> (count-in (\"Home\" Next)) 0)",
        &format!("(filter (and {{{}}})", regions.join(" ")),
    )
}

/// The best of three loads of `text` (loaded or refused: both must be quick).
fn best_of_three(text: &str) -> Duration {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            let _ = std::hint::black_box(ludus::load_source("wide.game", text, &[]));
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn wide_forms_load_in_linear_time() {
    let mut slow = Vec::new();
    for (what, text, n) in WIDE {
        let (small, large) = (text(n), text(4 * n));
        let ratio = || {
            let (t1, t4) = (best_of_three(&small), best_of_three(&large));
            (t1, t4, t4.as_secs_f64() / t1.as_secs_f64().max(1e-6))
        };
        // A ratio past the bound is measured again, twice at most: a busy machine can slow one
        // run, hardly three.
        let mut measured = ratio();
        for _ in 0..2 {
            if measured.2 <= BOUND {
                break;
            }
            measured = ratio();
        }
        let (t1, t4, ratio) = measured;
        println!(
            "{what}: n = {n} in {t1:.1?}, 4n = {} in {t4:.1?} ({} bytes): {ratio:.1}x",
            4 * n,
            large.len()
        );
        if ratio > BOUND {
            slow.push(format!("{what}: {ratio:.1}x from n = {n} to 4n"));
        }
    }
    assert!(slow.is_empty(), "not linear: {slow:#?}");
    errors_in_a_long_file_render_in_the_time_of_their_lines();
}

/// The report of many errors in a long file shows the lines around each: rendering it costs
/// the same in a file four times as long, not the length of the file for every error.
fn errors_in_a_long_file_render_in_the_time_of_their_lines() {
    let broken = woli("(row 0 W)", &many(300, "(rowe 0)"));
    let render = |filler: usize| {
        let text = format!(
            "{broken}\n{}",
            "// a long file, line after line\n".repeat(filler)
        );
        let Err(error) = ludus::load_source("long.game", &text, &[]) else {
            panic!("loaded");
        };
        let best = (0..3)
            .map(|_| {
                let started = Instant::now();
                let report = error.render(false);
                assert_eq!(report.matches(": error[").count(), 200, "{report}");
                started.elapsed()
            })
            .min()
            .unwrap_or_default();
        println!("{} bytes: 200 errors rendered in {best:.1?}", text.len());
        best
    };
    let (short, long) = (render(30_000), render(120_000));
    // The lines' starts are found once for all errors (linear), hence the slack.
    assert!(
        long.as_secs_f64() < 3.0 * short.as_secs_f64() + 0.05,
        "rendering the same errors took {short:?} in a file, {long:?} in one four times as long"
    );
}
