//! Setting up positions for rule tests: loading games, placing counters and pieces, playing moves
//! by their notation and reading the legal moves back as text.

#![allow(dead_code)]

use ludus::engine::{Cell, Position};
use ludus::{Game, NodeType, State, Status};
use std::path::{Path, PathBuf};

/// The shipped games' files (`games/*.game`), sorted.
pub fn shipped_games() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("games")
        .expect("the games directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    files
}

/// Loads a game file (relative to the crate root) with option settings; a load error fails the test.
pub fn load(file: &str, options: &[(&str, &str)]) -> Game {
    let settings: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    ludus::load_file(Path::new(file), &settings)
        .unwrap_or_else(|e| panic!("{file}: {}", e.render(false)))
}

/// The legal moves of a decision node, or the throws of a chance node, in notation and in order.
pub fn names(game: &Game, s: &State) -> Vec<String> {
    match s.node() {
        NodeType::Decision => game
            .moves(s)
            .into_iter()
            .map(|m| game.notation(s, m))
            .collect(),
        NodeType::Chance => game
            .chance_outcomes(s)
            .into_iter()
            .map(|(m, _)| game.notation(s, m))
            .collect(),
        NodeType::Terminal => Vec::new(),
    }
}

/// The legal moves in notation, sorted.
pub fn sorted_names(game: &Game, s: &State) -> Vec<String> {
    let mut out = names(game, s);
    out.sort();
    out
}

/// Plays a line of moves and throws in notation (`"throw 1 f1-f2 throw 3"`); each must be legal.
pub fn play(game: &Game, s: &mut State, line: &str) {
    for text in Game::split_moves(line) {
        let m = game
            .parse_move(s, &text)
            .unwrap_or_else(|e| panic!("{e}\n{}", game.render(s)));
        game.apply_checked(s, m)
            .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    }
}

/// The same state after a line of moves.
pub fn after(game: &Game, s: &State, line: &str) -> State {
    let mut s = s.clone();
    play(game, &mut s, line);
    s
}

/// The count of every site.
pub fn counts(s: &State) -> Vec<u16> {
    s.cells().iter().map(|c| c.count).collect()
}

/// The site number of a name such as `c3` on a board `columns` wide (a1 = 0).
pub fn site(columns: usize, name: &str) -> usize {
    let b = name.as_bytes();
    let col = (b[0] - b'a') as usize;
    let row: usize = name[1..].parse().expect("a row number");
    (row - 1) * columns + col
}

/// A mancala position: the counts of every hole, the player to move and the stores.
pub fn mancala(game: &Game, holes: &[u16], mover: u8, store: [u32; 2]) -> State {
    let mut p = game.position(&game.new_initial_state());
    assert_eq!(holes.len(), p.board.cells.len(), "one count per hole");
    for (cell, &n) in p.board.cells.iter_mut().zip(holes) {
        *cell = Cell {
            count: n,
            ..Cell::default()
        };
    }
    p.board.store[..2].copy_from_slice(&store);
    p.mover = mover;
    game.state_at(p)
}

/// An empty board with both hands empty, P1 to move, to place pieces on.
pub fn empty(game: &Game) -> Position {
    let mut p = game.position(&game.new_initial_state());
    p.board.cells.iter_mut().for_each(|c| *c = Cell::default());
    p.board.hand[..2].copy_from_slice(&[0, 0]);
    p
}

/// A stack of `count` pieces of `player` (0 = P1, 1 = P2).
pub fn stack(player: u8, count: u16) -> Cell {
    Cell {
        count,
        owner: player + 1,
        ..Cell::default()
    }
}

/// Whether the game is over with this result.
pub fn ended(s: &State, status: Status) -> bool {
    s.node() == NodeType::Terminal && s.status() == status
}

/// What a game's `limit` option counts, as its doc line says.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Counts {
    /// Moves played.
    Moves,
    /// Edges: moves and throws.
    Edges,
    /// Moves in a row without progress (`moves-without-progress`).
    Quiet,
}

/// The value of the game's `limit` option, and what it counts, as its doc line says. A placement
/// game without one (it ends when its board is full, RULES.md) is bounded by its board: a move
/// fills a site, or (a swap) comes between two that do.
pub fn limit(game: &Game) -> (u32, Counts) {
    let Some(decl) = game.options.iter().find(|o| o.name == "limit") else {
        // A game whose moves do not fill the board (a sowing that ends by its own rule, a race
        // with dice, which ends with probability 1, drops of captured pieces only) is not
        // bounded by it: a generous bound.
        let needs = game.needs();
        if !game.dice.is_empty()
            || !needs.contains(ludus::compile::Needs::PLACING)
            || needs.contains(ludus::compile::Needs::KINDS_HELD)
        {
            return (100 * game.sites() as u32, Counts::Moves);
        }
        return (2 * game.sites() as u32, Counts::Moves);
    };
    let value = game
        .option_values
        .iter()
        .find(|(n, _)| n == "limit")
        .map(|(_, v)| v.to_string())
        .expect("a value for `limit`");
    let counts = if decl.doc.starts_with("edges") {
        Counts::Edges
    } else if decl.doc.starts_with("moves in a row") {
        Counts::Quiet
    } else {
        Counts::Moves
    };
    (value.parse().expect("a numeric limit"), counts)
}

/// Plays one random game from the start with a seeded generator, checking at every node the
/// OpenSpiel-style invariants: clones are equal, a live decision has moves (the same ones the
/// fast path leaves, none twice, as many as the count that playouts and perft read; perft equals
/// the sum of its divide at one decision in eight), notations are distinct and parse back (at one decision in eight, see below), chance probabilities are positive and
/// sum to 1, returns are in range and sum to 0, and the game ends within its limit. Returns the
/// final state.
pub fn checked_playout(game: &Game, seed: u64, thorough: bool) -> State {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let (limit, counts) = limit(game);
    let mut s = game.new_initial_state();
    let mut fast = game.moves(&s);
    let mut step = 0u32;
    let mut scratch = ludus::engine::Scratch::default();
    let unstopped = std::sync::atomic::AtomicBool::new(false);
    loop {
        let clone = s.clone();
        assert_eq!(clone, s, "{} seed {seed}: a clone differs", game.name);
        assert_eq!(clone.hash64(), s.hash64());
        let r = s.returns();
        assert!(
            r.iter().all(|x| (-1.0..=1.0).contains(x)) && r.iter().sum::<f64>().abs() < 1e-9,
            "returns {r:?}"
        );
        let used = match counts {
            Counts::Edges => s.edges_played(),
            Counts::Moves => s.moves_played(),
            Counts::Quiet => u64::from(game.position(&s).moves_without_progress),
        };
        assert!(
            used <= u64::from(limit),
            "{} seed {seed}: {used} past the limit {limit}",
            game.name
        );
        let m = match s.node() {
            NodeType::Terminal => {
                assert_ne!(s.status(), Status::Ongoing, "a terminal state has a result");
                assert!(game.moves(&s).is_empty() && game.chance_outcomes(&s).is_empty());
                return s;
            }
            NodeType::Chance => {
                assert_eq!(s.status(), Status::Ongoing);
                assert!(r.iter().all(|&x| x == 0.0));
                let outcomes = game.chance_outcomes(&s);
                assert!(!outcomes.is_empty() && game.moves(&s).is_empty());
                let total: f64 = outcomes.iter().map(|o| o.1).sum();
                assert!(
                    (total - 1.0).abs() < 1e-9,
                    "{} seed {seed}: chance probabilities sum to {total}",
                    game.name
                );
                assert!(outcomes.iter().all(|o| o.1 > 0.0));
                let mut values: Vec<i32> = outcomes
                    .iter()
                    .map(|o| o.0.throw_value().expect("a throw"))
                    .collect();
                values.dedup();
                assert_eq!(values.len(), outcomes.len(), "distinct throw values");
                let m = game.sample_chance(&s, &mut rng).expect("a throw");
                assert!(outcomes.iter().any(|o| o.0 == m));
                assert_eq!(game.parse_move(&s, &game.notation(&s, m)), Ok(m));
                m
            }
            NodeType::Decision => {
                assert_eq!(s.status(), Status::Ongoing);
                assert!(r.iter().all(|&x| x == 0.0));
                let moves = game.moves(&s);
                assert!(
                    !moves.is_empty(),
                    "{} seed {seed}: a live decision without moves\n{}",
                    game.name,
                    game.render(&s)
                );
                assert_eq!(
                    moves, fast,
                    "{} seed {seed}: apply_and_generate left other moves",
                    game.name
                );
                // The sets behind every count: the list has no move twice, and the count that
                // playouts and perft read is its length.
                let mut distinct = moves.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(
                    distinct.len(),
                    moves.len(),
                    "{} seed {seed}: a move is listed twice",
                    game.name
                );
                assert_eq!(
                    game.count_moves(&s, &mut scratch),
                    moves.len(),
                    "{} seed {seed}: the count differs from the list",
                    game.name
                );
                assert_eq!(
                    ludus::engine::perft(game, &s, 1)[1],
                    moves.len() as u64,
                    "{} seed {seed}: perft 1 differs from the list",
                    game.name
                );
                let m = moves[rng.random_range(0..moves.len())];
                // Every move's notation is written and parsed back at one decision in eight. Parsing
                // regenerates and writes all the moves, so `thorough: false` parses back only the
                // first, the last and the chosen move there (the names are checked distinct, so a
                // name can only parse to its own move).
                if step.is_multiple_of(8) {
                    // Perft equals the sum of its divide (which lists the moves and counts below
                    // each); two plies deep where the branching is small.
                    let depth = if thorough && moves.len() <= 40 { 2 } else { 1 };
                    let divide = ludus::engine::perft_divide(game, &s, depth, &unstopped)
                        .expect("not stopped");
                    assert_eq!(
                        divide.iter().map(|(_, n)| n).sum::<u64>(),
                        ludus::engine::perft(game, &s, depth)[depth],
                        "{} seed {seed}: perft {depth} differs from the sum of its divide",
                        game.name
                    );
                    let written: Vec<String> = moves
                        .iter()
                        .map(|&m| game.notation(&s, m).to_ascii_lowercase())
                        .collect();
                    let mut distinct = written.clone();
                    distinct.sort();
                    distinct.dedup();
                    assert_eq!(
                        distinct.len(),
                        written.len(),
                        "{} seed {seed}: two moves share a notation: {written:?}",
                        game.name
                    );
                    for (&x, text) in moves.iter().zip(&written) {
                        if thorough || x == m || x == moves[0] || x == moves[moves.len() - 1] {
                            assert_eq!(
                                game.parse_move(&s, text),
                                Ok(x),
                                "{} seed {seed}",
                                game.name
                            );
                        }
                    }
                }
                m
            }
        };
        game.apply_and_generate(&mut s, m, &mut fast)
            .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", game.name));
        step += 1;
    }
}

/// Plays `playouts` checked random games (seeds 0, 1, ...) and counts P1 wins, P2 wins and draws.
pub fn tally(game: &Game, playouts: u64, thorough: bool) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..playouts {
        let end = checked_playout(game, seed, thorough);
        match end.status() {
            Status::Won(p) => tally.wins[p as usize] += 1,
            _ => tally.others += 1,
        }
    }
    tally
}

/// How a number of games ended: the wins of each seat, and the rest (draws, rankings).
#[derive(Debug, Default)]
pub struct Tally {
    /// Wins by seat, P1 first.
    pub wins: [u32; 4],
    /// Games that no single player won.
    pub others: u32,
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (p, w) in self
            .wins
            .iter()
            .enumerate()
            .filter(|&(p, &w)| p < 2 || w > 0)
        {
            write!(f, "P{} {w} wins, ", p + 1)?;
        }
        write!(f, "{} draws or rankings", self.others)
    }
}

/// Placements in notation, P1 playing the first list and P2 the second, alternately.
pub fn alternate(p1: &[&str], p2: &[&str]) -> String {
    let mut out = Vec::new();
    for (i, a) in p1.iter().enumerate() {
        out.push(format!("place {a}"));
        if let Some(b) = p2.get(i) {
            out.push(format!("place {b}"));
        }
    }
    out.join(" ")
}

/// The state after a line of moves from the start.
pub fn from_start(game: &Game, line: &str) -> State {
    after(game, &game.new_initial_state(), line)
}

/// Every move at the start reads back from its notation; returns how many there are.
pub fn moves_read_back(game: &Game) -> usize {
    let s = game.new_initial_state();
    let moves = game.moves(&s);
    for &m in &moves {
        let text = game.notation(&s, m);
        assert_eq!(game.parse_move(&s, &text), Ok(m), "{text}");
    }
    moves.len()
}

/// The same game with every loop of a shape switched off: what the general loop plays.
pub fn general(game: &Game) -> Game {
    let mut general = game.clone();
    general.use_general_loop();
    general
}

/// Plays `n` seeded playouts of `game`, with the loop it selects for its shape, and of `general`,
/// the same game with that loop switched off, and compares them: the counts, the final states and
/// the random streams after them (the same numbers drawn). Every odd seed starts from a position
/// `seed % walk` random edges in, throws included.
pub fn agree_with_general(name: &str, game: &Game, general: &Game, n: u64, walk: u64) {
    use ludus::engine::{playout, Scratch};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    let (mut a, mut b) = (Scratch::default(), Scratch::default());
    for seed in 0..n {
        let mut start = game.new_initial_state();
        if seed % 2 == 1 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed + n);
            for _ in 0..seed % walk {
                if start.is_terminal() {
                    break;
                }
                let m = match start.node() {
                    NodeType::Chance => game.sample_chance(&start, &mut rng).unwrap(),
                    _ => {
                        let moves = game.moves(&start);
                        if moves.is_empty() {
                            break;
                        }
                        moves[rng.random_range(0..moves.len())]
                    }
                };
                game.apply_checked(&mut start, m).unwrap();
            }
        }
        let (mut x, mut y) = (start.clone(), start.clone());
        let mut rng_x = Xoshiro256PlusPlus::seed_from_u64(seed);
        let px = playout(game, &mut x, &mut rng_x, &mut a);
        let mut rng_y = Xoshiro256PlusPlus::seed_from_u64(seed);
        let py = playout(general, &mut y, &mut rng_y, &mut b);
        assert_eq!(px, py, "{name} seed {seed}");
        assert_eq!(x, y, "{name} seed {seed}");
        assert_eq!(
            rng_x.random::<u64>(),
            rng_y.random::<u64>(),
            "{name} seed {seed}: the streams drew alike"
        );
    }
}

/// Perft of a plain reference model (a game written straight from its rules, not through the
/// language): the paths of exactly `depth` moves from `model`, given its `moves` and `play`.
pub fn reference_perft<R: Clone, M>(
    model: &R,
    depth: usize,
    moves: fn(&R) -> Vec<M>,
    play: fn(&mut R, M),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    moves(model)
        .into_iter()
        .map(|m| {
            let mut next = model.clone();
            play(&mut next, m);
            reference_perft(&next, depth - 1, moves, play)
        })
        .sum()
}
