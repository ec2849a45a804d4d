//! Golden playthroughs (OpenSpiel style): one seeded random game of each shipped game for its
//! first edges, recording at each node the board, who is to move or throw, the legal moves or
//! throw outcomes, and the edge taken. Any change in rules, move order, notation or rendering
//! shows up as a snapshot diff.

use crate::setup;

use ludus::NodeType;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt::Write;

const EDGES: usize = 30;

fn playthrough(file: &str, options: &[(&str, &str)], seed: u64) -> String {
    let game = setup::load(file, options);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut s = game.new_initial_state();
    let mut out = String::new();
    let settings: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    writeln!(
        out,
        "game {file} {}seed {seed}",
        settings
            .iter()
            .map(|o| format!("option {o} "))
            .collect::<String>()
    )
    .unwrap();
    for edge in 0..EDGES {
        writeln!(out, "\n-- edge {edge}").unwrap();
        out.push_str(&game.render(&s));
        let m = match s.node() {
            NodeType::Terminal => break,
            NodeType::Chance => {
                let outcomes = game.chance_outcomes(&s);
                let listed: Vec<String> = outcomes
                    .iter()
                    .map(|(m, p)| format!("{} ({p:.6})", game.notation(&s, *m)))
                    .collect();
                writeln!(
                    out,
                    "chance, P{} throws: {}",
                    s.mover() + 1,
                    listed.join(", ")
                )
                .unwrap();
                game.sample_chance(&s, &mut rng).expect("a throw")
            }
            NodeType::Decision => {
                let moves = game.moves(&s);
                let listed: Vec<String> = moves.iter().map(|&m| game.notation(&s, m)).collect();
                writeln!(
                    out,
                    "decision, P{} to move ({}): {}",
                    s.mover() + 1,
                    moves.len(),
                    listed.join(", ")
                )
                .unwrap();
                moves[rng.random_range(0..moves.len())]
            }
        };
        writeln!(out, "applied: {}", game.notation(&s, m)).unwrap();
        game.apply_checked(&mut s, m).expect("a legal edge");
    }
    writeln!(out, "\n-- after {} edges", s.edges_played()).unwrap();
    out.push_str(&game.render(&s));
    writeln!(out, "status {:?}, returns {:?}", s.status(), s.returns()).unwrap();
    out
}

#[test]
fn toki() {
    insta::assert_snapshot!("toki", playthrough("games/toki.game", &[], 1));
}

#[test]
fn toki_ring() {
    insta::assert_snapshot!(
        "toki_ring",
        playthrough("games/toki.game", &[("edge", "ring")], 2)
    );
}

#[test]
fn woli() {
    insta::assert_snapshot!("woli", playthrough("games/woli.game", &[], 1));
}

#[test]
fn sig() {
    insta::assert_snapshot!("sig", playthrough("games/sig.game", &[], 1));
}

#[test]
fn tabou() {
    insta::assert_snapshot!("tabou", playthrough("games/tabou.game", &[], 1));
}
