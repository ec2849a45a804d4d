//! Hostile input: the shipped games mutated (tokens deleted, duplicated, swapped; truncation at any
//! byte; random bytes inserted; absurd numbers), plus deep nesting, a 2 MB file, invalid UTF-8 and
//! NUL bytes. Every mutant ends in a game or in located diagnostics, on a 2 MiB stack and within a
//! time limit; mutants that load are played for a few random moves.

use ludus::{Game, LoadError, NodeType};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::mpsc;
use std::time::Duration;

mod setup;
#[path = "hostile/sixteen_bits.rs"]
mod sixteen_bits;
mod tokens;

use tokens::tokens;

const GAMES: [(&str, &str); 4] = [
    ("woli.game", include_str!("../games/woli.game")),
    ("tabou.game", include_str!("../games/tabou.game")),
    ("toki.game", include_str!("../games/toki.game")),
    ("sig.game", include_str!("../games/sig.game")),
];

/// How long one load and its short playout may take, far above the real cost (well under 10 ms).
const LIMIT: Duration = Duration::from_secs(10);
/// The stack of the thread that loads a mutant: the default for spawned threads, smaller than a main thread's.
const STACK: usize = 2 * 1024 * 1024;

/// Numbers no game should be able to turn into a panic.
const ABSURD: [&str; 12] = [
    "0",
    "-1",
    "1000000000000000000",
    "99999999999999999999999",
    "-99999999999999999999999",
    "9223372036854775807",
    "-9223372036854775808",
    "65535",
    "65536",
    "256",
    "4294967296",
    "10000",
];

/// What became of one input.
#[derive(Debug)]
enum Outcome {
    Loaded { plies: usize },
    Refused { codes: Vec<&'static str> },
}

fn integer_tokens(text: &str) -> Vec<(usize, usize)> {
    tokens(text)
        .into_iter()
        .filter(|&(s, e)| {
            let t = &text[s..e];
            let t = t.split_once(':').map_or(t, |(_, v)| v);
            !t.is_empty()
                && t.trim_start_matches('-')
                    .bytes()
                    .all(|c| c.is_ascii_digit())
        })
        .collect()
}

/// Plays up to `plies` random moves and throws from the start, exercising notation and rendering.
fn play(game: &Game, seed: u64, plies: usize) -> usize {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = game.new_initial_state();
    let _ = game.render(&state);
    let mut n = 0;
    while n < plies {
        let m = match state.node() {
            NodeType::Terminal => break,
            NodeType::Chance => match game.sample_chance(&state, &mut rng) {
                Some(m) => m,
                None => panic!("a chance node without outcomes in {}", game.name),
            },
            NodeType::Decision => {
                let moves = game.moves(&state);
                if moves.is_empty() {
                    panic!("a decision node without moves in {}", game.name);
                }
                moves[rng.random_range(0..moves.len())]
            }
        };
        // The notation reads back to a move written the same way (a mutant may list one move twice,
        // from two generators, and then either may come back).
        let text = game.notation(&state, m);
        let back = game
            .parse_move(&state, &text)
            .unwrap_or_else(|e| panic!("notation {text:?} does not read back: {e:?}"));
        assert_eq!(game.notation(&state, back), text);
        game.apply(&mut state, m).expect("a generated move applies");
        n += 1;
    }
    let _ = (
        game.render(&state),
        state.status(),
        state.returns(),
        state.hash64(),
    );
    n
}

/// Plays random playouts to the end of the game, stopped at 100,000 edges: a mutant that never
/// ends must still stop.
fn finish(game: &mut Game, seed: u64) -> usize {
    game.max_edges = 100_000;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut scratch = ludus::engine::Scratch::default();
    let mut state = game.new_initial_state();
    let playout = ludus::engine::playout(game, &mut state, &mut rng, &mut scratch);
    assert_eq!(
        state.node(),
        NodeType::Terminal,
        "a playout ends in {}",
        game.name
    );
    assert!(playout.edges <= game.max_edges);
    playout.edges as usize
}

/// Loads bytes on a small stack with a time limit; checks that refusals are located in the text.
fn load(name: &str, bytes: Vec<u8>, settings: Vec<(String, String)>, seed: u64) -> Outcome {
    load_then(name, bytes, settings, seed, false)
}

/// [`load`], then, with `to_the_end`, a playout to the end of a game that loads.
fn load_then(
    name: &str,
    bytes: Vec<u8>,
    settings: Vec<(String, String)>,
    seed: u64,
    to_the_end: bool,
) -> Outcome {
    let (tx, rx) = mpsc::channel();
    let name = name.to_string();
    let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(300)]).into_owned();
    let worker = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let outcome = match ludus::load_bytes(&name, &bytes, &settings) {
                Ok(mut game) => Outcome::Loaded {
                    // The loop the mutant's shape selects plays what the general loop plays.
                    plies: {
                        game.max_edges = game.max_edges.min(100_000);
                        setup::agree_with_general(&name, &game, &setup::general(&game), 2, 9);
                        play(&game, seed, 40)
                    } + if to_the_end {
                        finish(&mut game, seed)
                    } else {
                        0
                    },
                },
                Err(e @ LoadError::Invalid { .. }) => {
                    let rendered = e.render(false);
                    let LoadError::Invalid { file, diagnostics } = e else {
                        unreachable!()
                    };
                    assert!(!diagnostics.is_empty(), "refused without a diagnostic");
                    for d in &diagnostics {
                        let len = file.text.len() as u32;
                        assert!(
                            d.span.start <= d.span.end && d.span.end <= len,
                            "{}: span {:?} outside a text of {len} bytes",
                            d.code,
                            d.span
                        );
                        assert!(
                            file.text.is_char_boundary(d.span.start as usize)
                                && file.text.is_char_boundary(d.span.end as usize),
                            "{}: span {:?} splits a character",
                            d.code,
                            d.span
                        );
                        assert!(
                            !d.message.is_empty() && d.help.is_some(),
                            "{}: no message or help",
                            d.code
                        );
                        for (s, _) in &d.related {
                            assert!(
                                s.start <= s.end && s.end <= len,
                                "{}: related span {s:?} outside the text",
                                d.code
                            );
                        }
                    }
                    assert!(
                        rendered.contains(&format!("{}:", file.name)),
                        "the report names the file"
                    );
                    let _ = file.to_json(&diagnostics);
                    Outcome::Refused {
                        codes: diagnostics.iter().map(|d| d.code).collect(),
                    }
                }
                Err(e) => panic!("in-memory load failed with {e}"),
            };
            let _ = tx.send(outcome);
        })
        .expect("spawn");
    match rx.recv_timeout(LIMIT) {
        Ok(outcome) => {
            worker.join().expect("worker");
            outcome
        }
        // A panic drops the sender: report it with the input that caused it.
        Err(mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panic!("panicked: {msg}\ninput begins: {shown}")
            }
            Ok(()) => panic!("worker ended without an outcome"),
        },
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("no answer within {LIMIT:?}; input begins: {shown}")
        }
    }
}

/// A fixed seed and a modest number of cases; `PROPTEST_CASES` raises it for a longer hunt.
fn config(seed: u64, cases: u32) -> Config {
    Config {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(cases),
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        max_shrink_iters: 200,
        ..Config::default()
    }
}

/// A mutation of one of the shipped games.
#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize),
    Duplicate(usize),
    Swap(usize, usize),
    Truncate(usize),
    Insert(usize, Vec<u8>),
    InsertText(usize, String),
    Absurd(usize, usize),
}

fn apply(text: &str, m: &Mutation) -> Vec<u8> {
    let toks = tokens(text);
    let b = text.as_bytes();
    if toks.is_empty() {
        return b.to_vec();
    }
    let pick = |i: usize| toks[i % toks.len()];
    let splice = |s: usize, e: usize, with: &[u8]| [&b[..s], with, &b[e..]].concat();
    match m {
        Mutation::Delete(i) => {
            let (s, e) = pick(*i);
            splice(s, e, b"")
        }
        Mutation::Duplicate(i) => {
            let (s, e) = pick(*i);
            let tok = [&b[s..e], b" "].concat();
            splice(s, s, &tok)
        }
        Mutation::Swap(i, j) => {
            let (a, c) = (pick(*i), pick(*j));
            let (first, second) = if a.0 <= c.0 { (a, c) } else { (c, a) };
            if first == second || first.1 > second.0 {
                return b.to_vec();
            }
            [
                &b[..first.0],
                &b[second.0..second.1],
                &b[first.1..second.0],
                &b[first.0..first.1],
                &b[second.1..],
            ]
            .concat()
        }
        Mutation::Truncate(at) => b[..at % (b.len() + 1)].to_vec(),
        Mutation::Insert(at, bytes) => {
            let at = at % (b.len() + 1);
            splice(at, at, bytes)
        }
        Mutation::InsertText(at, t) => {
            let mut at = at % (b.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            splice(at, at, t.as_bytes())
        }
        Mutation::Absurd(i, k) => {
            let ints = integer_tokens(text);
            if ints.is_empty() {
                return b.to_vec();
            }
            let (s, e) = ints[i % ints.len()];
            // Keep a key such as `max:` and replace the number after it.
            let s = text[s..e].find(':').map_or(s, |c| s + c + 1);
            splice(s, e, ABSURD[k % ABSURD.len()].as_bytes())
        }
    }
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let i = 0usize..10_000;
    prop_oneof![
        i.clone().prop_map(Mutation::Delete),
        i.clone().prop_map(Mutation::Duplicate),
        (i.clone(), i.clone()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        i.clone().prop_map(Mutation::Truncate),
        (i.clone(), prop::collection::vec(any::<u8>(), 1..6))
            .prop_map(|(a, b)| Mutation::Insert(a, b)),
        (
            i.clone(),
            "[ \\n(){}\":#/a-z0-9é→\u{3000}\u{feff}\u{1d11e}\\PC]{1,8}"
        )
            .prop_map(|(a, t)| Mutation::InsertText(a, t)),
        (i, 0usize..ABSURD.len()).prop_map(|(a, k)| Mutation::Absurd(a, k)),
    ]
}

proptest! {
    #![proptest_config(config(0x1ed5, 600))]

    /// One mutation of a shipped game: a game that plays, or located diagnostics.
    #[test]
    fn one_mutation_never_panics(game in 0usize..GAMES.len(), m in mutation(), seed in any::<u64>()) {
        let (name, text) = GAMES[game];
        load(name, apply(text, &m), Vec::new(), seed);
    }

    /// Several mutations at once, including absurd numbers in several places.
    #[test]
    fn many_mutations_never_panic(game in 0usize..GAMES.len(), ms in prop::collection::vec(mutation(), 2..6), seed in any::<u64>()) {
        let (name, text) = GAMES[game];
        let mut bytes = text.as_bytes().to_vec();
        for m in &ms {
            let current = String::from_utf8_lossy(&bytes).into_owned();
            bytes = apply(&current, m);
        }
        load(name, bytes, Vec::new(), seed);
    }
}

/// Every integer of every game replaced by every absurd number, one at a time: exhaustive, not sampled.
#[test]
fn every_integer_replaced_by_every_absurd_number() {
    let mut loaded = 0;
    let mut refused = 0;
    for (name, text) in GAMES {
        for i in 0..integer_tokens(text).len() {
            for k in 0..ABSURD.len() {
                match load(
                    name,
                    apply(text, &Mutation::Absurd(i, k)),
                    Vec::new(),
                    (i * 31 + k) as u64,
                ) {
                    Outcome::Loaded { .. } => loaded += 1,
                    Outcome::Refused { .. } => refused += 1,
                }
            }
        }
    }
    // Both happen: some numbers are harmless (a larger limit), most are refused.
    assert!(
        loaded > 0 && refused > 0,
        "loaded {loaded}, refused {refused}"
    );
}

/// Every option of every game set to absurd values from the command line.
#[test]
fn absurd_option_settings_are_refused_or_played() {
    for (name, text) in GAMES {
        let options = ludus::load_source(name, text, &[])
            .expect("shipped game loads")
            .options
            .clone();
        for o in options {
            for v in ABSURD
                .iter()
                .chain(["", "x", " 5", "on", "off", "ring", "1e3"].iter())
            {
                let outcome = load(
                    name,
                    text.as_bytes().to_vec(),
                    vec![(o.name.clone(), v.to_string())],
                    7,
                );
                if let Outcome::Refused { codes } = outcome {
                    assert_eq!(
                        codes,
                        vec!["option::undeclared-value"],
                        "{name} --option {}={v}",
                        o.name
                    );
                }
            }
        }
    }
}

/// Absurd boards and counts: each is a diagnostic, never a panic, and never a huge allocation.
#[test]
fn absurd_sizes_are_diagnostics() {
    let woli = GAMES[0].1;
    let toki = GAMES[2].1;
    let sig = GAMES[3].1;
    // Each case names the code, or words of the message, that the refusal must carry.
    let cases: Vec<(String, &str)> = vec![
        (
            woli.replace("(rectangle 2 6)", "(rectangle 2 0)"),
            "check::out-of-range",
        ),
        (
            woli.replace("(rectangle 2 6)", "(rectangle 1 10000)"),
            "check::out-of-range",
        ),
        (
            woli.replace(
                "(rectangle 2 6)",
                "(rectangle 99999999999999999999 99999999999999999999)",
            ),
            "check::out-of-range",
        ),
        (
            woli.replace("(rectangle 2 6)", "(rectangle -3 -4)"),
            "check::out-of-range",
        ),
        (
            toki.replace("last-square:5", "last-square:0"),
            "check::out-of-range",
        ),
        (
            toki.replace("last-square:5", "last-square:100000"),
            "check::out-of-range",
        ),
        (
            woli.replace(
                "(option \"counters\" 6 min:1 max:1000",
                "(option \"counters\" 1000000000000000000 min:1 max:1000000000000000000",
            ),
            "check::out-of-range",
        ),
        (
            woli.replace(
                "(option \"counters\" 6 min:1 max:1000",
                "(option \"counters\" 6000 min:1 max:100000",
            ),
            "check::out-of-range",
        ),
        (
            toki.replace(
                "(option \"pieces\" 20 min:0 max:1000",
                "(option \"pieces\" 99999999 min:0 max:99999999",
            ),
            "check::out-of-range",
        ),
        (
            sig.replace("(sticks 6)", "(sticks 0)"),
            "check::out-of-range",
        ),
        (
            sig.replace("(sticks 6)", "(sticks 100000)"),
            "check::out-of-range",
        ),
        (toki.replace("(place 2 to:", "(place 0 to:"), "out of range"),
        (
            toki.replace("(place 2 to:", "(place 1000000000000000000 to:"),
            "out of range",
        ),
    ];
    for (i, (text, code)) in cases.iter().enumerate() {
        match load(
            "absurd.game",
            text.as_bytes().to_vec(),
            Vec::new(),
            i as u64,
        ) {
            Outcome::Refused { codes } => {
                let messages = match ludus::load_source("absurd.game", text, &[]) {
                    Err(LoadError::Invalid { diagnostics, .. }) => diagnostics
                        .iter()
                        .map(|d| d.message.clone())
                        .collect::<Vec<_>>()
                        .join("; "),
                    _ => String::new(),
                };
                assert!(
                    codes.contains(code) || messages.contains(code),
                    "case {i}: expected {code}, got {codes:?}: {messages}"
                );
            }
            Outcome::Loaded { .. } => panic!("case {i} loaded; expected {code}\n{text}"),
        }
    }
}

/// Numbers that are legal but large still play: a limit of 10^18 and huge arithmetic.
#[test]
fn large_but_legal_numbers_play() {
    let woli = GAMES[0].1;
    let huge_limit = woli.replace(
        "(option \"limit\" 1000 min:1 max:1000000",
        "(option \"limit\" 1000000000000000000 min:1 max:9223372036854775807",
    );
    let arithmetic = woli.replace(
        "(>= (moves-played) (option \"limit\"))",
        "(< (* (+ (moves-played) 9223372036854775807) 9223372036854775807) (- -9223372036854775808 1))",
    );
    for text in [huge_limit, arithmetic] {
        match load("large.game", text.into_bytes(), Vec::new(), 3) {
            Outcome::Loaded { plies } => assert!(plies > 0),
            Outcome::Refused { codes } => panic!("refused: {codes:?}"),
        }
    }
}

#[test]
fn nesting_100000_deep_is_a_diagnostic() {
    for (open, close) in [("(", ")"), ("{", "}"), ("(a ", ")"), ("(\"D\" ", ")")] {
        let text = format!(
            "(game \"Deep\" {}1{})",
            open.repeat(100_000),
            close.repeat(100_000)
        );
        match load("deep.game", text.into_bytes(), Vec::new(), 0) {
            Outcome::Refused { codes } => assert_eq!(codes, vec!["syntax::too-deep"]),
            other => panic!("{other:?}"),
        }
    }
    // Unclosed, with no closing brackets at all.
    match load("deep.game", "(".repeat(100_000).into_bytes(), Vec::new(), 0) {
        Outcome::Refused { codes } => assert_eq!(codes, vec!["syntax::too-deep"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn nesting_just_under_the_parser_limit_does_not_overflow_later_stages() {
    // 190 levels parse; the expanded tree is then refused or checked without overflowing a 2 MiB stack.
    let text = format!(
        "(game \"Deep\" (players 2) {}(x){})",
        "(or ".repeat(190),
        ")".repeat(190)
    );
    assert!(matches!(
        load("deep.game", text.into_bytes(), Vec::new(), 0),
        Outcome::Refused { .. }
    ));
    // Defines that wrap one another, 32 levels: with two `not`s a level the game loads and plays;
    // with eight the expanded tree passes the depth limit and is refused.
    // A hundred and ninety a level would make a tree six thousand levels deep.
    for (nots, loads) in [(2, true), (8, false), (190, false)] {
        let wrap = |inner: &str| (0..nots).fold(inner.to_string(), |acc, _| format!("(not {acc})"));
        let mut src = format!("(define \"D0\" {})\n", wrap("#1"));
        for i in 1..32 {
            src.push_str(&format!(
                "(define \"D{i}\" (\"D{}\" {}))\n",
                i - 1,
                wrap("#1")
            ));
        }
        src.push_str(&GAMES[0].1.replace("(repeated)", "(\"D31\" (repeated))"));
        match load("wrapped.game", src.into_bytes(), Vec::new(), 0) {
            Outcome::Loaded { plies } => assert!(loads && plies > 0),
            Outcome::Refused { codes } => {
                assert!(!loads && codes == vec!["expand::too-large"], "{codes:?}")
            }
        }
    }
}

#[test]
fn a_2_mb_file_is_handled() {
    // A valid game followed by 2 MB of comments, then the same with 2 MB of defines.
    let woli = GAMES[0].1;
    let comments = format!(
        "{woli}{}",
        "// padding padding padding padding padding padding padding padding\n"
            .repeat(2 * 1024 * 1024 / 60)
    );
    assert!(comments.len() >= 2 * 1024 * 1024);
    assert!(matches!(
        load("big.game", comments.into_bytes(), Vec::new(), 0),
        Outcome::Loaded { .. }
    ));
    let mut defines = String::new();
    let mut i = 0;
    while defines.len() < 2 * 1024 * 1024 {
        defines.push_str(&format!(
            "(define \"Unused{i}\" (sow \"Sow\" from:(region \"Home\" #1) skip-origin:true))\n"
        ));
        i += 1;
    }
    assert!(matches!(
        load(
            "big.game",
            format!("{defines}{woli}").into_bytes(),
            Vec::new(),
            0
        ),
        Outcome::Loaded { .. }
    ));
    // 2 MB of one unbroken token, and of one unclosed string.
    assert!(matches!(
        load("big.game", vec![b'a'; 2 * 1024 * 1024], Vec::new(), 0),
        Outcome::Refused { .. }
    ));
    let mut string = b"(game \"".to_vec();
    string.extend(std::iter::repeat_n(b'x', 2 * 1024 * 1024));
    assert!(matches!(
        load("big.game", string, Vec::new(), 0),
        Outcome::Refused { .. }
    ));
}

#[test]
fn invalid_utf8_is_located() {
    for (i, (_, text)) in GAMES.iter().enumerate() {
        for at in [0, 1, text.len() / 2, text.len()] {
            let mut bytes = text.as_bytes().to_vec();
            bytes.insert(at, 0xFF);
            match load("bad.game", bytes, Vec::new(), i as u64) {
                Outcome::Refused { codes } => assert_eq!(codes, vec!["syntax::utf8"]),
                other => panic!("{other:?}"),
            }
        }
    }
    // A multi-byte character cut in half at the end of the file.
    let cut = "(game \"é".as_bytes();
    assert!(
        matches!(load("bad.game", cut[..cut.len() - 1].to_vec(), Vec::new(), 0), Outcome::Refused { codes } if codes == vec!["syntax::utf8"])
    );
}

#[test]
fn nul_bytes_are_diagnostics() {
    for (_, text) in GAMES {
        for at in [0, text.len() / 3, text.len() / 2] {
            let mut bytes = text.as_bytes().to_vec();
            bytes.insert(at, 0);
            // A NUL outside a string or comment is a syntax error; inside a comment it is harmless.
            let _ = load("nul.game", bytes, Vec::new(), 0);
        }
    }
    match load("nul.game", b"\0".to_vec(), Vec::new(), 0) {
        Outcome::Refused { codes } => assert_eq!(codes, vec!["syntax::parse"]),
        other => panic!("{other:?}"),
    }
    match load("nul.game", b"(game \"a\0b\")".to_vec(), Vec::new(), 0) {
        Outcome::Refused { .. } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn empty_and_blank_files_are_diagnostics() {
    for text in [
        "",
        " ",
        "\n\n",
        "// only a comment\n",
        "()",
        "{}",
        "\"x\"",
        "42",
        "(game)",
    ] {
        match load("empty.game", text.as_bytes().to_vec(), Vec::new(), 0) {
            Outcome::Refused { codes } => assert!(!codes.is_empty()),
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

#[test]
fn unicode_around_errors_is_located() {
    let cases = [
        format!("(game {}", "é".repeat(40)),
        format!("({}", "→".repeat(40)),
        "(a\u{3000}b:)".to_string(),
        "(a\u{3000}b:".to_string(),
        "(a é)".to_string(),
        "(a \"é\\é\")".to_string(),
        "(a \"é".to_string(),
        "\u{feff}(game \"G\")".to_string(),
        "(a))\u{1d11e}".to_string(),
        "{a\u{1d11e})".to_string(),
    ];
    for text in cases {
        match load("unicode.game", text.clone().into_bytes(), Vec::new(), 0) {
            Outcome::Refused { codes } => assert!(!codes.is_empty()),
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

/// A long, bounded hunt, outside CI: `LUDUS_FUZZ_CASES` mutants (100,000 by default) of the shipped
/// games and the variants in `tests/variants/`, one to five mutations each, split over two threads.
/// Each must load or be refused with located diagnostics within the time limit; each that loads
/// plays 40 checked plies and then random playouts to the end (stopped at 100,000 edges). The run
/// ends by printing its counts and the peak memory, which must stay under 2 GiB. The command:
/// `LUDUS_FUZZ_CASES=100000 cargo test --release --test hostile -- --ignored --nocapture fuzz`.
#[test]
#[ignore = "a long run: see its doc comment for the command"]
fn fuzz_mutants_of_every_game() {
    use proptest::test_runner::TestRunner;
    let cases: u32 = std::env::var("LUDUS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let mut sources: Vec<(String, String)> = GAMES
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    for entry in std::fs::read_dir("tests/variants").unwrap() {
        let path = entry.unwrap().path();
        sources.push((
            path.display().to_string(),
            std::fs::read_to_string(&path).unwrap(),
        ));
    }
    let sources = std::sync::Arc::new(sources);
    let started = std::time::Instant::now();
    let threads: Vec<_> = (0..2u64)
        .map(|t| {
            let sources = sources.clone();
            std::thread::spawn(move || {
                let mut runner =
                    TestRunner::new(config(0xf022 + t, cases / 2 + (cases % 2) * t as u32));
                let (loaded, refused) = (std::cell::Cell::new(0u64), std::cell::Cell::new(0u64));
                let strategy = (
                    0..sources.len(),
                    prop::collection::vec(mutation(), 1..6),
                    any::<u64>(),
                );
                runner
                    .run(&strategy, |(g, ms, seed)| {
                        let (name, text) = &sources[g];
                        let mut bytes = text.as_bytes().to_vec();
                        for m in &ms {
                            let current = String::from_utf8_lossy(&bytes).into_owned();
                            bytes = apply(&current, m);
                        }
                        match load_then(name, bytes, Vec::new(), seed, true) {
                            Outcome::Loaded { .. } => loaded.set(loaded.get() + 1),
                            Outcome::Refused { .. } => refused.set(refused.get() + 1),
                        }
                        Ok(())
                    })
                    .unwrap();
                (loaded.get(), refused.get())
            })
        })
        .collect();
    let (mut loaded, mut refused) = (0, 0);
    for t in threads {
        let (l, r) = t.join().expect("a fuzz thread");
        loaded += l;
        refused += r;
    }
    let peak = peak_memory_kib();
    println!(
        "fuzz: {} mutants ({loaded} loaded and played to the end, {refused} refused) in {:.0?}; peak memory {} MiB",
        loaded + refused,
        started.elapsed(),
        peak / 1024
    );
    assert_eq!(loaded + refused, cases as u64);
    assert!(peak < 2 * 1024 * 1024, "peak memory {peak} KiB");
}

/// The process's peak resident memory in KiB (Linux), or 0 where it cannot be read.
fn peak_memory_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
