//! Perft of sowing games on the sowing loop's counts (`engine/sowing/perft.rs`) against the
//! general walk: the same counts at every level, from the start and from positions part-way
//! through a game (a long history, the clock near the move limit, the opening's guard passed).

use crate::setup;

use ludus::engine::perft;
use ludus::{Game, NodeType};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use setup::load;

/// A game file, option settings and the depth of its perft.
type Case = (&'static str, &'static [(&'static str, &'static str)], usize);

/// Each game the loop plays, with option settings that change its board, counts and end rules,
/// and the depth of its perft.
const SOWING: &[Case] = &[
    ("games/woli.game", &[], 5),
    ("games/woli.game", &[("counters", "1")], 6),
    ("games/woli.game", &[("limit", "50")], 4),
    ("tests/variants/woli-4.game", &[], 5),
    ("games/tabou.game", &[], 6),
    ("games/tabou.game", &[("transfers", "off")], 5),
    ("games/tabou.game", &[("draw-25-23", "on")], 4),
    ("games/tabou.game", &[("counters", "1")], 6),
    ("games/tabou.game", &[("limit", "60")], 4),
    ("tests/variants/tabou-5.game", &[], 4),
    ("tests/variants/oware.game", &[], 5),
    ("games/kalah.game", &[], 5),
    ("games/kalah.game", &[("end", "either")], 5),
    ("games/kalah.game", &[("pits", "3"), ("seeds", "3")], 6),
    ("tests/variants/kalah-clockwise.game", &[], 5),
];

/// The counts of perft with the loop `game` selects and with the general walk, from the start
/// and from `n` positions reached by random moves.
fn agree(file: &str, game: &Game, depth: usize, n: u64, moves: u64) {
    let mut general = game.clone();
    general.use_general_loop();
    let start = game.new_initial_state();
    assert_eq!(
        perft(game, &start, depth),
        perft(&general, &start, depth),
        "{file}: from the start"
    );
    for seed in 0..n {
        let mut s = game.new_initial_state();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..rng.random_range(0..moves) {
            if s.is_terminal() || s.node() != NodeType::Decision {
                break;
            }
            let moves = game.moves(&s);
            if moves.is_empty() {
                break;
            }
            game.apply_checked(&mut s, moves[rng.random_range(0..moves.len())])
                .unwrap();
        }
        assert_eq!(
            perft(game, &s, depth - 1),
            perft(&general, &s, depth - 1),
            "{file}: seed {seed}"
        );
    }
}

#[test]
fn perft_on_the_counts_is_the_general_walks() {
    for (file, options, depth) in SOWING {
        let game = load(file, options);
        assert!(game.sowing_kernel().is_some(), "{file} {options:?}");
        // Up to 70 moves in: past Woli's and Tabou's opening, near a limit of 50 or 60 moves.
        agree(&format!("{file} {options:?}"), &game, *depth, 40, 70);
    }
}

#[test]
fn perft_on_the_counts_finds_the_repetitions_of_the_history() {
    // Late in games of one counter a hole, few counters are left and positions recur within a
    // few moves, some of them positions of the history before the walk.
    for (file, options) in [
        ("games/tabou.game", &[("counters", "1")]),
        ("games/woli.game", &[("counters", "1")]),
    ] {
        let game = load(file, options);
        agree(&format!("{file} {options:?}"), &game, 7, 60, 400);
    }
}

/// Perft of games whose loop plays the opening (transfers beside the sowings while a condition
/// on the clock holds) against the general walk, from the start and from every position of
/// random paths through the opening and a little past it.
#[test]
fn perft_on_the_counts_walks_the_opening_as_the_general_walk() {
    // (file and options, whether the loop plays an opening, plies of the opening and past it,
    // depth)
    let cases: &[(Case, bool, usize)] = &[
        (("games/tabou.game", &[], 5), true, 6),
        (("games/tabou.game", &[("counters", "1")], 5), true, 6),
        (("games/tabou.game", &[("counters", "2")], 5), true, 6),
        (("games/tabou.game", &[("draw-25-23", "on")], 4), true, 6),
        (("games/tabou.game", &[("transfers", "off")], 5), false, 6),
        (("tests/variants/tabou-5.game", &[], 4), true, 6),
        (("tests/sowing/tabou-open.game", &[], 6), true, 10),
        (
            ("tests/sowing/tabou-open.game", &[("counters", "1")], 6),
            true,
            10,
        ),
        (
            ("tests/sowing/tabou-open.game", &[("counters", "3")], 5),
            true,
            10,
        ),
    ];
    for &((file, options, depth), opens, plies) in cases {
        let game = load(file, options);
        let name = format!("{file} {options:?}");
        let k = game.sowing_kernel().expect("the sowing loop's shape");
        assert_eq!(k.plays_opening(), opens, "{name}");
        let mut general = game.clone();
        general.use_general_loop();
        let start = game.new_initial_state();
        assert_eq!(
            perft(&game, &start, depth),
            perft(&general, &start, depth),
            "{name}: from the start"
        );
        for seed in 0..6 {
            let mut s = game.new_initial_state();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            for ply in 1..=plies {
                let moves = game.moves(&s);
                if s.is_terminal() || moves.is_empty() {
                    break;
                }
                game.apply_checked(&mut s, moves[rng.random_range(0..moves.len())])
                    .unwrap();
                let depth = depth.saturating_sub(ply / 3).max(2);
                assert_eq!(
                    perft(&game, &s, depth),
                    perft(&general, &s, depth),
                    "{name}: seed {seed}, {ply} plies in"
                );
            }
        }
    }
}
