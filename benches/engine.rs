//! Criterion benchmarks of the engine, per shipped game: loading the file, legal-move
//! generation, applying a move, and a whole random playout.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use ludus::engine::{playout, Scratch};
use ludus::{Game, NodeType, State};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use std::path::Path;

const GAMES: [&str; 4] = ["toki", "woli", "sig", "tabou"];

fn load(name: &str) -> Game {
    ludus::load_file(Path::new(&format!("games/{name}.game")), &[]).expect("shipped game loads")
}

/// Decision states met in a few seeded random games, to time generation and application on.
fn sample_states(game: &Game) -> Vec<State> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut out = Vec::new();
    for _ in 0..4 {
        let mut s = game.new_initial_state();
        while !s.is_terminal() && out.len() < 400 {
            let m = match s.node() {
                NodeType::Chance => game.sample_chance(&s, &mut rng).expect("outcome"),
                _ => {
                    out.push(s.clone());
                    let moves = game.moves(&s);
                    moves[rand::Rng::random_range(&mut rng, 0..moves.len())]
                }
            };
            game.apply(&mut s, m).expect("legal");
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    for name in GAMES {
        let path = format!("games/{name}.game");
        let text = std::fs::read_to_string(&path).expect("readable");
        c.bench_function(&format!("{name}/load"), |b| {
            b.iter(|| ludus::load_source(&path, black_box(&text), &[]).expect("loads"))
        });
        let game = load(name);
        let states = sample_states(&game);
        let mut buf = Vec::new();
        c.bench_function(&format!("{name}/legal-moves x{}", states.len()), |b| {
            b.iter(|| {
                let mut n = 0;
                for s in &states {
                    game.legal_moves(s, &mut buf);
                    n += buf.len();
                }
                n
            })
        });
        let firsts: Vec<_> = states.iter().map(|s| game.moves(s)[0]).collect();
        c.bench_function(&format!("{name}/apply x{}", states.len()), |b| {
            b.iter_batched_ref(
                || states.clone(),
                |ss| {
                    for (s, &m) in ss.iter_mut().zip(&firsts) {
                        game.apply_and_generate(s, m, &mut buf).expect("legal");
                    }
                },
                BatchSize::LargeInput,
            )
        });
        let start = game.new_initial_state();
        let mut state = start.clone();
        let mut scratch = Scratch::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        c.bench_function(&format!("{name}/playout"), |b| {
            b.iter(|| {
                state.clone_from(&start);
                playout(&game, &mut state, &mut rng, &mut scratch)
            })
        });
    }
}

criterion_group! {
    name = engine;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = benches
}
criterion_main!(engine);
