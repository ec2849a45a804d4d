//! Every agent plays legal moves in every game, reproducibly from its seed, and finds a win in one.

use ludus::agents::AgentSpec;
use ludus::engine::Cell;
use ludus::{trial, Status};
use std::path::Path;
use std::time::{Duration, Instant};

fn load(file: &str, options: &[(&str, &str)]) -> ludus::Game {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    ludus::load_file(Path::new(file), &options).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

const GAMES: [(&str, &[(&str, &str)]); 6] = [
    ("games/woli.game", &[]),
    ("games/tabou.game", &[]),
    ("games/tabou.game", &[("transfers", "off")]),
    ("games/toki.game", &[]),
    ("games/toki.game", &[("edge", "ring")]),
    ("games/sig.game", &[]),
];

const AGENTS: [&str; 4] = [
    "random",
    "mcts:iterations=30",
    "alphabeta:depth=2",
    "flatmc:playouts=2",
];

/// A whole game of each agent against `random`, in each seat: the replay checks every move.
#[test]
fn every_agent_plays_legal_moves_in_every_game() {
    let random = AgentSpec::parse("random").unwrap();
    for (file, options) in GAMES {
        let game = load(file, options);
        for spec in AGENTS {
            let a = AgentSpec::parse(spec).unwrap();
            for (seat, agents) in [[&a, &random], [&random, &a]].into_iter().enumerate() {
                let played = trial::play(&game, file, &agents, 7, seat as u64);
                assert_ne!(
                    played.status,
                    Status::Ongoing,
                    "{file} {spec}: the game ends"
                );
                played
                    .trial
                    .replay(&game)
                    .unwrap_or_else(|e| panic!("{file} {spec}: {e}"));
                assert!(played.decisions[seat] > 0, "{file} {spec}: the agent moved");
            }
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let game = load("games/sig.game", &[]);
    let (a, b) = (
        AgentSpec::parse("mcts:iterations=40").unwrap(),
        AgentSpec::parse("random").unwrap(),
    );
    let first = trial::play(&game, "sig", &[&a, &b], 3, 0).trial;
    assert_eq!(trial::play(&game, "sig", &[&a, &b], 3, 0).trial, first);
    assert_ne!(
        trial::play(&game, "sig", &[&a, &b], 4, 0).trial.actions,
        first.actions
    );
    assert_ne!(
        trial::play(&game, "sig", &[&a, &b], 3, 1).trial.actions,
        first.actions
    );
}

/// T'oki: P1 at a1, P2's last piece at a2, no pieces in hand. Hopping over it wins; stepping to
/// b1 does not.
#[test]
fn agents_take_a_win_in_one() {
    let game = load("games/toki.game", &[]);
    let start = game.new_initial_state();
    let mut p = game.position(&start);
    p.board.hand[..2].copy_from_slice(&[0, 0]);
    p.board.cells.iter_mut().for_each(|c| *c = Cell::default());
    p.board.cells[0] = Cell {
        count: 1,
        owner: 1,
        ..Default::default()
    };
    p.board.cells[5] = Cell {
        count: 1,
        owner: 2,
        ..Default::default()
    };
    p.mover = 0;
    let s = game.state_at(p);
    let moves: Vec<String> = game
        .moves(&s)
        .iter()
        .map(|&m| game.notation(&s, m))
        .collect();
    assert_eq!(moves, ["a1-b1", "a1xa3"]);
    for spec in [
        "mcts:iterations=100",
        "alphabeta:depth=1",
        "alphabeta:depth=4",
        "flatmc:playouts=10",
    ] {
        for seed in 0..4 {
            let mut agent = AgentSpec::parse(spec).unwrap().build(seed);
            let m = agent.choose(&game, &s);
            assert_eq!(game.notation(&s, m), "a1xa3", "{spec} seed {seed}");
        }
    }
}

#[test]
fn clocked_agents_stop_on_time() {
    let game = load("games/woli.game", &[]);
    let s = game.new_initial_state();
    for spec in ["mcts:millis=50", "alphabeta:millis=50"] {
        let mut agent = AgentSpec::parse(spec).unwrap().build(1);
        let started = Instant::now();
        let m = agent.choose(&game, &s);
        assert!(
            started.elapsed() < Duration::from_millis(1000),
            "{spec} took {:?}",
            started.elapsed()
        );
        assert!(game.moves(&s).contains(&m));
    }
}
