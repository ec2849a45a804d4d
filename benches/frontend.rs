//! Criterion benchmarks of the front end: validating (parse, expand, check, compile) a generated
//! 10,000-line game file, its stages one by one, 1 MB and 10 MB documents, and loading each
//! shipped game.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// A valid game of about `lines` lines: many multi-line defines, and a long `or` that uses them all.
pub fn big_game(lines: usize) -> String {
    let defines = lines / 5;
    let mut out = String::from("// A generated game for the front-end benchmark.\n\n(option \"counters\" 4 min:1 max:100 doc:\"counters in each hole\")\n\n(define \"Home\" (region \"Home\" #1))\n\n");
    for i in 0..defines {
        out.push_str(&format!(
            "// Sowing variant {i}.\n(define \"Sow{i}\"\n  (sow \"Sow\" from:(\"Home\" Mover) skip-origin:{}\n    capture:(capture in:(\"Home\" Next) counts:{{{} 3}} backwards:true)))\n",
            i % 2 == 0,
            i % 3 + 1
        ));
    }
    out.push_str(
        "\n(game \"Big\"\n  (players 2)\n  (equipment {\n    (board (rectangle 2 6))\n    (region \"Home\" P1 (row 0))\n    (region \"Home\" P2 (row 1))\n    (track \"Sow\" {(row 0 E) (row 1 W)} loop:true)\n  })\n  (rules (start (fill (all-sites) (option \"counters\")))\n    (play\n      (or {\n",
    );
    for i in 0..defines {
        out.push_str(&format!("        (\"Sow{i}\")\n"));
    }
    out.push_str("      }))\n    (end {\n      (if (or {(no-moves Next) (repeated) (>= (moves-played) 1000)}) (by-score collect:\"Home\"))\n    })))\n\n(metadata (description \"Generated.\") (source \"benches/frontend.rs\") (rules \"Sow.\"))\n");
    out
}

/// A valid game of at least `bytes` bytes: a define per end condition, and an end rule that
/// uses them all in one long `or` (conditions, so that the game stays within its move generators).
pub fn wide_game(bytes: usize) -> String {
    let woli = include_str!("../games/woli.game");
    let (mut defines, mut uses) = (String::new(), String::new());
    let mut i = 0;
    while defines.len() + uses.len() + woli.len() < bytes {
        defines.push_str(&format!(
            "(define \"Full{i}\" (>= (count-in (\"Home\" #1)) {}))\n",
            i % 500 + 50
        ));
        uses.push_str(&format!("          (\"Full{i}\" Mover)\n"));
        i += 1;
    }
    let end = "(or {(no-moves Next) (repeated)";
    assert!(woli.contains(end));
    defines
        + &woli.replacen(
            end,
            &format!("(or {{\n{uses}          (no-moves Next) (repeated)"),
            1,
        )
}

fn frontend(c: &mut Criterion) {
    let big = big_game(10_000);
    let lines = big.lines().count();
    assert!(lines >= 10_000, "{lines} lines");
    ludus::load_source("big.game", &big, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)));

    let mut group = c.benchmark_group("frontend");
    group.sample_size(20);
    group.bench_function(format!("validate {lines} lines"), |b| {
        b.iter(|| ludus::load_source("big.game", black_box(&big), &[]).expect("loads"))
    });
    group.bench_function(format!("parse {lines} lines"), |b| {
        b.iter(|| {
            ludus::syntax::parse(black_box(&big))
                .into_result()
                .expect("parses")
        })
    });
    let forms = ludus::syntax::parse(&big).into_result().expect("parses");
    group.bench_function(format!("expand {lines} lines"), |b| {
        b.iter(|| ludus::expand::expand(black_box(&forms), &[]).expect("expands"))
    });
    let expanded = ludus::expand::expand(&forms, &[]).expect("expands");
    group.bench_function(format!("check {lines} lines"), |b| {
        b.iter(|| ludus::check::check(black_box(expanded.clone())).expect("checks"))
    });
    group.bench_function(format!("fmt {lines} lines"), |b| {
        b.iter(|| ludus::syntax::format_source(black_box(&big)).expect("formats"))
    });
    group.finish();

    // Documents of 1 MB and 10 MB: loading them must stay linear in their size.
    let mut group = c.benchmark_group("document");
    group.sample_size(10);
    for mb in [1, 10] {
        let text = wide_game(mb * 1024 * 1024);
        ludus::load_source("wide.game", &text, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        group.bench_function(format!("validate {mb} MB"), |b| {
            b.iter(|| ludus::load_source("wide.game", black_box(&text), &[]).expect("loads"))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("load");
    for name in ["woli", "tabou", "toki", "sig"] {
        let text = std::fs::read_to_string(format!("games/{name}.game")).expect("shipped game");
        group.bench_function(name, |b| {
            b.iter(|| ludus::load_source(name, black_box(&text), &[]).expect("loads"))
        });
    }
    group.finish();
}

criterion_group!(benches, frontend);
criterion_main!(benches);
