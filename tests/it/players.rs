//! Games of three and four players: turn order, per-player results and returns, agents, matches
//! and trials (tests/players/three.game and four.game).

use crate::command;
use crate::setup;

use command::{ludus, stderr, stdout};
use ludus::agents::AgentSpec;
use ludus::trial::{self, Outcome, Trial};
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use setup::{after, load};

const THREE: &str = "tests/players/three.game";
const FOUR: &str = "tests/players/four.game";

/// A random game to its end, with the player to move before each move.
fn random_game(game: &Game, seed: u64) -> (State, Vec<u8>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut s = game.new_initial_state();
    let mut movers = Vec::new();
    while !s.is_terminal() {
        let moves = game.moves(&s);
        movers.push(s.mover());
        let m = moves[rng.random_range(0..moves.len())];
        game.apply_checked(&mut s, m).expect("a legal move");
    }
    (s, movers)
}

/// The result the three-player rules give, worked out from the final position independently: a
/// win of the player whose row got two pieces on their move, else a ranking by the rows' counts.
fn expected_three(game: &Game, seed: u64) -> Status {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut s = game.new_initial_state();
    let mut rows = [0u32; 3];
    for turn in 0..6 {
        let moves = game.moves(&s);
        let m = moves[rng.random_range(0..moves.len())];
        let mover = turn % 3;
        let row = m.to().expect("a placement") as usize / 3;
        rows[row] += 1;
        game.apply(&mut s, m).expect("a legal move");
        if rows[mover] == 2 {
            return Status::Won(mover as u8);
        }
    }
    let place = |p: usize| 1 + rows.iter().filter(|&&r| r > rows[p]).count() as u8;
    let places = [place(0), place(1), place(2), 0];
    match (places.iter().filter(|&&x| x == 1).count(), places) {
        (3, _) => Status::Drawn,
        (1, [a, b, c, _]) if [a, b, c].iter().filter(|&&x| x == 2).count() == 2 => {
            Status::Won(places.iter().position(|&x| x == 1).unwrap() as u8)
        }
        _ => Status::Ranked(places),
    }
}

#[test]
fn turns_pass_in_seat_order() {
    for (file, n) in [(THREE, 3u8), (FOUR, 4)] {
        let game = load(file, &[]);
        assert_eq!(game.players, n);
        for seed in 0..50 {
            let (_, movers) = random_game(&game, seed);
            let expected: Vec<u8> = (0..movers.len() as u8).map(|k| k % n).collect();
            assert_eq!(movers, expected, "{file} seed {seed}");
        }
    }
}

#[test]
fn random_playouts_end_with_the_right_result_for_each_player() {
    let game = load(THREE, &[]);
    let mut seen = [0; 3];
    for seed in 0..300 {
        let (end, movers) = random_game(&game, seed);
        assert!(movers.len() <= 6, "seed {seed}: {} moves", movers.len());
        let status = expected_three(&game, seed);
        assert_eq!(end.status(), status, "seed {seed}\n{}", game.render(&end));
        let r = end.returns();
        assert_eq!(r.len(), 3);
        assert!(
            r.iter().sum::<f64>().abs() < 1e-12,
            "returns sum to 0: {r:?}"
        );
        seen[match status {
            Status::Won(_) => 0,
            Status::Ranked(_) => 1,
            _ => 2,
        }] += 1;
    }
    // Both kinds of ending occur.
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn a_win_and_a_ranking_by_score() {
    let game = load(THREE, &[]);
    let start = game.new_initial_state();
    let won = after(&game, &start, "place a1 place b2 place c3 place b1");
    assert_eq!(won.status(), Status::Won(0));
    assert_eq!(won.returns(), [1.0, -0.5, -0.5]);
    let ranked = after(
        &game,
        &start,
        "place a2 place a3 place a1 place b3 place c1 place c3",
    );
    assert_eq!(ranked.status(), Status::Ranked([2, 3, 1, 0]));
    assert_eq!(ranked.scores(), [2, 1, 3]);
    assert_eq!(ranked.returns(), [0.0, -1.0, 1.0]);
    assert_eq!(Outcome::of(&ranked), Outcome::Ranked([2, 3, 1, 0]));
}

#[test]
fn a_loss_with_four_players_puts_the_loser_last() {
    let game = load(FOUR, &[]);
    let start = game.new_initial_state();
    // P1 puts a piece on P2's row: P2 (Next) loses, the other three share first place.
    let s = after(&game, &start, "place a2");
    assert_eq!(s.status(), Status::Ranked([1, 4, 1, 1]));
    // Places 1, 1, 1 share the mean place 2 of 4: 1 - 2 * (2 - 1) / 3.
    let third = 1.0 - 2.0 / 3.0;
    assert_eq!(s.returns(), [third, -1.0, third, third]);
    // P4 is Next of P3, and P1 is Next of P4.
    let s = after(&game, &start, "place a1 place b1 place a4");
    assert_eq!(s.status(), Status::Ranked([1, 1, 1, 4]));
    let s = after(&game, &start, "place a1 place b2 place c3 place d1");
    assert_eq!(s.status(), Status::Ranked([4, 1, 1, 1]));
}

#[test]
fn every_agent_but_alphabeta_plays_three_players_and_trials_replay_byte_for_byte() {
    let game = load(THREE, &[]);
    let specs: Vec<AgentSpec> = ["random", "mcts:iterations=40", "flatmc:playouts=4"]
        .iter()
        .map(|s| AgentSpec::parse(s).unwrap())
        .collect();
    let seats: Vec<&AgentSpec> = specs.iter().collect();
    for index in 0..6 {
        let played = trial::play(&game, THREE, &seats, 5, index);
        assert_ne!(played.status, Status::Ongoing);
        assert_eq!(played.trial.seats().len(), 3);
        let text = played.trial.to_ron();
        let back = Trial::from_ron(&text, "t").unwrap();
        let replay = back.replay(&game).unwrap();
        assert_eq!(back.rerecord(&game, &replay).to_ron(), text);
        assert!(played.decisions[..3].iter().all(|&d| d > 0) || played.moves < 3);
    }
    let alphabeta = AgentSpec::parse("alphabeta:depth=2").unwrap();
    assert_eq!(
        alphabeta.fits(3).unwrap_err().to_string(),
        "bad agent spec `alphabeta:depth=2`: alphabeta plays two-player games only; this game has 3 players (use mcts, flatmc or random)"
    );
    assert!(alphabeta.fits(2).is_ok());
}

#[test]
fn mcts_credits_each_edge_to_the_player_who_chose_it() {
    // P3 to move, and a piece on P3's row wins at once: a search crediting P3 with its own
    // reward finds it.
    let game = load(THREE, &[]);
    let s = after(&game, &game.new_initial_state(), "place a1 place a3");
    assert_eq!(s.mover(), 2);
    let mut agent = AgentSpec::parse("mcts:iterations=300").unwrap().build(1);
    let m = agent.choose(&game, &s);
    let end = after(&game, &s, &game.notation(&s, m));
    assert_eq!(end.status(), Status::Won(2), "{}", game.notation(&s, m));
}

#[test]
fn match_with_three_agents_reports_every_seat() {
    let o = ludus(&[
        "match",
        THREE,
        "--p1",
        "random",
        "--p2",
        "flatmc:playouts=4",
        "--p3",
        "mcts:iterations=30",
        "--games",
        "6",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"], 6);
    assert_eq!(v["agents"].as_array().unwrap().len(), 3);
    let seat_wins: u64 = v["seat_wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(v["seat_wins"].as_array().unwrap().len(), 3);
    assert_eq!(
        seat_wins + v["ranked"].as_u64().unwrap() + v["draws"].as_u64().unwrap(),
        6
    );
    for name in ["random", "flatmc:playouts=4", "mcts:iterations=30"] {
        let n = |k: &str| v[k][name].as_u64().unwrap();
        assert_eq!(n("wins") + n("agent_draws") + n("losses"), 6, "{name}");
    }
}

#[test]
fn match_needs_one_agent_per_seat() {
    let three = ludus(&["match", THREE, "--p1", "random", "--p2", "random"]);
    assert!(!three.status.success());
    assert_eq!(
        stderr(&three).trim(),
        "error: Three Rows has 3 players: give an agent for each seat (--p3 is missing)"
    );
    let woli = ludus(&[
        "match",
        "games/woli.game",
        "--p1",
        "random",
        "--p2",
        "random",
        "--p3",
        "random",
    ]);
    assert!(!woli.status.success());
    assert_eq!(
        stderr(&woli).trim(),
        "error: --p3 is given, but Woli has only 2 players"
    );
    let four = ludus(&[
        "match", THREE, "--p1", "random", "--p2", "random", "--p3", "random", "--p4", "random",
    ]);
    assert_eq!(
        stderr(&four).trim(),
        "error: --p4 is given, but Three Rows has only 3 players"
    );
    let ab = ludus(&[
        "match",
        THREE,
        "--p1",
        "random",
        "--p2",
        "alphabeta",
        "--p3",
        "random",
    ]);
    assert!(!ab.status.success());
    assert!(
        stderr(&ab).contains("alphabeta plays two-player games only"),
        "{}",
        stderr(&ab)
    );
}

#[test]
fn four_players_record_and_replay_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("ludus-players-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = ludus(&[
        "match",
        FOUR,
        "--p1",
        "random",
        "--p2",
        "mcts:iterations=20",
        "--p3",
        "random",
        "--p4",
        "flatmc:playouts=3",
        "--games",
        "4",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("P4 won"), "{}", stdout(&o));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 4);
    let game = load(FOUR, &[]);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let t = Trial::from_ron(&text, "t").unwrap();
        assert_eq!(t.seats().len(), 4);
        let replay = t.replay(&game).unwrap();
        assert_eq!(t.rerecord(&game, &replay).to_ron(), text);
        let r = ludus(&["replay", f.to_str().unwrap()]);
        assert!(r.status.success(), "{}", stderr(&r));
    }
    // A trial of four seats does not replay on a game of three.
    let t = Trial::read(&files[0]).unwrap();
    assert_eq!(
        t.check_game(&load(THREE, &[])).unwrap_err().to_string(),
        "the trial is of Four Rows, but the game file is Three Rows"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_counts_wins_per_seat() {
    let o = ludus(&[
        "run",
        THREE,
        "--playouts",
        "200",
        "--seed",
        "1",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let wins: Vec<u64> = v["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    assert_eq!(wins.len(), 3);
    assert_eq!(
        wins.iter().sum::<u64>() + v["ranked"].as_u64().unwrap() + v["draws"].as_u64().unwrap(),
        200
    );
    assert!(v["ranked"].as_u64().unwrap() > 0);
}

#[test]
fn roles_past_the_players_are_refused() {
    let src = std::fs::read_to_string(THREE)
        .unwrap()
        .replace("(result Mover Win)", "(result P4 Win)");
    let e = ludus::load_source("three.game", &src, &[]).unwrap_err();
    let text = e.render(false);
    assert!(
        text.contains("`P4` names player 4, but this game has 3 players"),
        "{text}"
    );
    let src = std::fs::read_to_string(THREE)
        .unwrap()
        .replace("(players 3)", "(players 1)");
    let text = ludus::load_source("three.game", &src, &[])
        .unwrap_err()
        .render(false);
    assert!(
        text.contains("ludus plays games of 2 to 4 players; this game has 1 players"),
        "{text}"
    );
}

#[test]
fn a_terminal_state_of_three_players_is_rendered_with_every_seat() {
    let game = load(THREE, &[]);
    let s = after(
        &game,
        &game.new_initial_state(),
        "place a1 place b1 place c3",
    );
    assert_eq!(s.node(), NodeType::Decision);
    let text = game.render(&s);
    assert!(text.contains("hands: P1 1, P2 1, P3 1"), "{text}");
    assert!(text.contains(" y1"), "{text}");
}

/// Three players on a row of five: P1's piece on a1, P2's on b1, P3's on c1 and d1.
const HOPS: &str = r#"(game "Hops" (players 3)
  (equipment {(board (rectangle 1 5))})
  (rules
    (start {(pieces P1 (sites {0})) (pieces P2 (sites {1})) (pieces P3 (sites {2 3}))})
    (play (hop E))
    (end (if (no-moves Mover) (result Mover Loss)))))"#;

#[test]
fn a_hop_runs_over_every_other_players_pieces() {
    let game = ludus::load_source("hops.game", HOPS, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    let s = game.new_initial_state();
    // P1's run holds P2's and P3's pieces alike: enemies are occupied sites that are not mine.
    assert_eq!(setup::names(&game, &s), ["a1xe1"]);
    let s = after(&game, &s, "a1xe1");
    assert_eq!(setup::counts(&s), [0, 0, 0, 0, 1]);
    assert_eq!(s.scores(), [3, 0, 0]);
}

#[test]
fn a_trial_must_seat_every_player() {
    let game = load(THREE, &[]);
    let two = Trial::new(&game, THREE, 1, 0, &["random".into(), "random".into()]);
    assert_eq!(
        two.check_game(&game).unwrap_err().to_string(),
        "the trial seats 2 players, but the game has 3"
    );
    let three = Trial::new(&game, THREE, 1, 0, &vec!["random".to_string(); 3]);
    assert_eq!(three.check_game(&game), Ok(Vec::new()));
}

/// `(players (option "players"))`: Ludo for 2, 3 or 4. P2's token enters on the start square of
/// the seat after P1's clockwise (b9, at the left) with three or four players, and opposite P1
/// (i14, at the top) with two.
#[test]
fn the_number_of_players_is_an_option() {
    for (players, p2_start) in [("4", "b9"), ("3", "b9"), ("2", "i14")] {
        let game = load("games/ludo.game", &[("players", players)]);
        assert_eq!(game.players.to_string(), players);
        let s = after(
            &game,
            &game.new_initial_state(),
            "throw 6 enter g2 throw 1 g2-g3 throw 6",
        );
        assert_eq!(s.mover(), 1);
        assert_eq!(
            setup::names(&game, &s),
            [format!("enter {p2_start}")],
            "{players} players"
        );
    }
    let o = ludus(&["info", "games/ludo.game", "--option", "players=5"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("players"), "{}", stderr(&o));
}

/// `analyse` of a three-player game: a win rate for each seat, and the agents measured.
#[test]
fn analyse_reports_every_seat_of_three() {
    let o = ludus(&[
        "analyse",
        "games/ludo.game",
        "--option",
        "players=3",
        "--playouts",
        "60",
        "--agents",
        "mcts:iterations=20",
        "--agent-games",
        "3",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rate = |k: &str| v[k]["rate"].as_f64().unwrap();
    let p3 = v["more_wins"][0]["rate"].as_f64().unwrap();
    assert_eq!(v["more_wins"].as_array().unwrap().len(), 1);
    assert!((rate("p1_wins") + rate("p2_wins") + p3 - 1.0).abs() < 1e-9);
    assert!([rate("p1_wins"), rate("p2_wins"), p3]
        .iter()
        .all(|&r| r > 0.0));
    assert_eq!(v["agents"].as_array().unwrap().len(), 1, "{v}");
}
