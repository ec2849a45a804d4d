//! The playout draw: at decision nodes met in random games, `Game::random_move` returns only
//! legal moves, every one of them, each about equally often; and the player's pass exactly
//! when the legal list is the pass.

use crate::setup;

use ludus::engine::Scratch;
use ludus::{Game, Move, NodeType};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;

/// Draws per legal move at each position checked.
const DRAWS: usize = 400;

/// Walks random games of `game` and checks the draw at every `every`-th decision node.
fn draws_are_uniform(game: &Game, games: u64, every: usize) -> usize {
    let mut scratch = Scratch::default();
    let mut checked = 0;
    for seed in 0..games {
        let mut walk = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut draw = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
        let mut s = game.new_initial_state();
        let mut decisions = 0;
        while !s.is_terminal() {
            let m = match s.node() {
                NodeType::Chance => game.sample_chance(&s, &mut walk).expect("a throw"),
                _ => {
                    let legal = game.moves(&s);
                    decisions += 1;
                    if decisions % every == 0 {
                        check(game, &s, &legal, &mut scratch, &mut draw);
                        checked += 1;
                    }
                    legal[walk.random_range(0..legal.len())]
                }
            };
            game.apply(&mut s, m).expect("a legal move");
        }
    }
    checked
}

fn check(game: &Game, s: &ludus::State, legal: &[Move], scratch: &mut Scratch, rng: &mut impl Rng) {
    let n = legal.len();
    let mut seen: HashMap<Move, usize> = HashMap::new();
    for _ in 0..DRAWS * n {
        let m = game
            .random_move(s, scratch, rng)
            .unwrap_or_else(|| panic!("no draw where {} moves are legal", n));
        assert!(
            legal.contains(&m),
            "drew {} which is not legal in\n{}",
            game.notation(s, m),
            game.render(s)
        );
        *seen.entry(m).or_default() += 1;
    }
    assert_eq!(
        seen.len(),
        n,
        "some legal move is never drawn in\n{}",
        game.render(s)
    );
    // Each count is binomial(DRAWS * n, 1/n): six standard deviations either side.
    let sd = (DRAWS as f64 * (1.0 - 1.0 / n as f64)).sqrt();
    for (m, &c) in &seen {
        assert!(
            (c as f64 - DRAWS as f64).abs() <= 6.0 * sd + 1.0,
            "{} drawn {c} times of {} (expected {DRAWS}) in\n{}",
            game.notation(s, *m),
            DRAWS * n,
            game.render(s)
        );
    }
}

#[test]
fn toki_draws_are_uniform() {
    for edge in ["last-square", "ring"] {
        let game = setup::load("games/toki.game", &[("edge", edge)]);
        assert!(draws_are_uniform(&game, 4, 7) > 50);
    }
}

#[test]
fn woli_draws_are_uniform() {
    let game = setup::load("games/woli.game", &[]);
    assert!(draws_are_uniform(&game, 6, 5) > 50);
}

#[test]
fn sig_draws_are_uniform() {
    let game = setup::load("games/sig.game", &[]);
    assert!(draws_are_uniform(&game, 10, 2) > 50);
}

#[test]
fn tabou_draws_are_uniform() {
    for transfers in ["on", "off"] {
        let game = setup::load("games/tabou.game", &[("transfers", transfers)]);
        assert!(draws_are_uniform(&game, 6, 3) > 50);
    }
}

#[test]
fn variant_draws_are_uniform() {
    for file in [
        "tests/variants/oware.game",
        "tests/variants/sig-3x8.game",
        "tests/variants/tabou-5.game",
        "tests/variants/toki-7x7.game",
        "tests/variants/woli-4.game",
    ] {
        let game = setup::load(file, &[]);
        assert!(draws_are_uniform(&game, 3, 9) > 10, "{file}");
    }
}

#[test]
fn breakthrough_draws_are_uniform() {
    // Steps to empty squares and captures are counted as rays of their own.
    for size in ["5", "8"] {
        let game = setup::load("games/breakthrough.game", &[("size", size)]);
        assert!(draws_are_uniform(&game, 10, 2) > 50, "size {size}");
    }
    let game = setup::load("tests/variants/hexapawn.game", &[]);
    assert!(draws_are_uniform(&game, 40, 1) > 100);
}

#[test]
fn priority_and_kind_draws_are_uniform() {
    // A priority's sets are drawn in turn, a later one only when the earlier ones gave no
    // move; steps of one kind are counted from that kind's pieces.
    for (file, games, every) in [
        ("games/draughts.game", 10, 2),
        ("games/international-draughts.game", 4, 4),
        ("tests/variants/draughts-back.game", 6, 3),
        ("games/fanorona.game", 4, 4),
        ("games/reversi.game", 4, 3),
        ("games/dobutsu-shogi.game", 10, 2),
        ("games/chess.game", 2, 8),
    ] {
        let game = setup::load(file, &[]);
        assert!(draws_are_uniform(&game, games, every) > 30, "{file}");
    }
}

#[test]
fn steps_of_a_late_kind_draws_are_uniform() {
    // Ten kinds: the draw keeps sets of the first eight, and scans for the ninth and tenth.
    let text = r#"(game "Ranks" (players 2)
  (equipment {(board (square 6))
    (piece-kinds {"K0" "K1" "K2" "K3" "K4" "K5" "K6" "K7" "K8" "K9"})})
  (rules
    (start {(pieces P1 (row 0) kind:"K9") (pieces P1 (sites {6 8}) kind:"K1")
      (pieces P2 (row 5) kind:"K8") (pieces P2 (sites {27 29}) kind:"K2")})
    (play (or {(step Forward kind:"K9" capture:Forward) (step Forward kind:"K8" capture:Forward)
      (step Diagonal kind:"K1") (step Diagonal kind:"K2")}))
    (end {(if (no-moves Next) (result Next Loss)) (if (>= (moves-played) 40) (result All Draw))})))"#;
    let game = ludus::load_source("ranks.game", text, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(draws_are_uniform(&game, 6, 2) > 50);
}

#[test]
fn placement_games_draws_are_uniform() {
    for (file, options) in [
        ("games/tictactoe.game", vec![]),
        ("games/connect-four.game", vec![]),
        ("games/reversi.game", vec![("size", "6")]),
        ("games/hex.game", vec![("size", "5")]),
        ("games/gomoku.game", vec![("size", "7")]),
    ] {
        let game = setup::load(file, &options);
        assert!(draws_are_uniform(&game, 6, 3) > 10, "{file}");
    }
}

/// `Game::count_moves`, what perft's last level reads, gives the legal list's length at every
/// decision node of random games of every shipped game and test variant, filters and hops
/// included; at 2,000 nodes or more per file, so that the count meets captures, refusals and
/// passes, not only openings.
#[test]
fn counted_moves_are_the_listed_moves() {
    let mut files: Vec<String> = ["games", "tests/variants"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).expect("a directory of games"))
        .map(|e| e.expect("an entry").path().display().to_string())
        .filter(|f| f.ends_with(".game"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "{files:?}");
    let mut scratch = Scratch::default();
    for file in &files {
        let game = setup::load(file, &[]);
        let (mut nodes, mut seed) = (0, 0);
        while nodes < 2000 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            seed += 1;
            let mut s = game.new_initial_state();
            while !s.is_terminal() && nodes < 2000 {
                let m = match s.node() {
                    NodeType::Chance => game.sample_chance(&s, &mut rng).expect("a throw"),
                    _ => {
                        let legal = game.moves(&s);
                        assert_eq!(
                            game.count_moves(&s, &mut scratch),
                            legal.len(),
                            "{file}, seed {}:\n{}",
                            seed - 1,
                            game.render(&s)
                        );
                        nodes += 1;
                        legal[rng.random_range(0..legal.len())]
                    }
                };
                game.apply(&mut s, m).expect("a legal move");
            }
        }
    }
}

/// `Game::apply_unlisted`, which counts the next decision's moves instead of listing them,
/// leaves the state `Game::apply` leaves (node, status, mover, board) after every edge of random
/// games of every shipped game, ends by a player stuck included.
#[test]
fn unlisted_moves_leave_the_states_listed_moves_leave() {
    let mut scratch = Scratch::default();
    for file in setup::shipped_games() {
        let file = file.to_str().expect("a UTF-8 path");
        let game = setup::load(file, &[]);
        for seed in 0..4 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut s = game.new_initial_state();
            while !s.is_terminal() {
                let m = match s.node() {
                    NodeType::Chance => game.sample_chance(&s, &mut rng).expect("a throw"),
                    _ => {
                        let legal = game.moves(&s);
                        legal[rng.random_range(0..legal.len())]
                    }
                };
                let mut counted = s.clone();
                game.apply(&mut s, m).expect("a legal move");
                game.apply_unlisted(&mut counted, m, &mut scratch)
                    .expect("a legal move");
                assert_eq!(counted, s, "{file}, seed {seed}:\n{}", game.render(&s));
                assert_eq!((counted.node(), counted.status()), (s.node(), s.status()));
            }
        }
    }
}

/// Sowings whose filter reads only counts are tried on the bare counts (or answered from the
/// node's counts) when moves are listed or counted, and on a copy of the board when drawn: the
/// two agree (laps, stores, captures or none, opposite captures, every kind of count test).
#[test]
fn count_trials_agree_with_board_trials() {
    let woli = std::fs::read_to_string("games/woli.game").expect("woli");
    let kalah = std::fs::read_to_string("games/kalah.game").expect("kalah");
    let feeding = "(filter (> (count-in (\"Home\" Next)) 0)";
    let edit = |text: &str, from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replace(from, to)
    };
    let cases = [
        ("woli, laps", woli.clone(), &[("counters", "15")][..]),
        (
            "woli, at least 5",
            edit(&woli, feeding, "(filter (>= (count-in (\"Home\" Next)) 5)"),
            &[][..],
        ),
        (
            "woli, not empty",
            edit(
                &woli,
                feeding,
                "(filter (not (= (count-in (\"Home\" Next)) 0))",
            ),
            &[][..],
        ),
        (
            "woli, origin sown",
            edit(&woli, " skip-origin:true", ""),
            &[("counters", "13")][..],
        ),
        (
            "kalah, feeding",
            edit(
                &kalah,
                "(decision \"Sow\" (\"Sowing\")",
                "(decision \"Sow\" (filter (> (count-in (\"Pits\" Next)) 0) (\"Sowing\"))",
            ),
            &[("seeds", "9")][..],
        ),
    ];
    for (name, text, options) in cases {
        let settings: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let game = ludus::load_source(name, &text, &settings)
            .unwrap_or_else(|e| panic!("{name}: {}", e.render(false)));
        assert!(draws_are_uniform(&game, 4, 3) > 30, "{name}");
    }
}
