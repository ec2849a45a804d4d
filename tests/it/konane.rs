//! Konane (games/konane.game): a plain model written from the rules (not through the language)
//! in perft and in lock step over seeded random games at every size; the position of a chain
//! that stops after one jump of a possible three; `jump`'s `straight:` and `may-stop:` apart,
//! with exact move lists; and `lift`, `centre` and `corners` on a rectangle (the 8x11 variant).

use crate::setup;

use ludus::engine::Position;
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use setup::{empty, load, sorted_names, stack};

fn konane(size: usize) -> Game {
    load("games/konane.game", &[("size", &size.to_string())])
}

/// A move of the model: a lift, or a jump from a square in a direction, `k` jumps long.
#[derive(Debug, Clone, Copy)]
enum Move {
    Lift(usize),
    Jump(usize, (i64, i64), usize),
}

const ORTHOGONAL: [(i64, i64); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// Konane on a board `rows` by `columns`: the squares (the owner, 0 for Black), the mover and
/// the moves played.
#[derive(Debug, Clone)]
struct Reference {
    rows: usize,
    columns: usize,
    squares: Vec<Option<u8>>,
    mover: u8,
    played: usize,
    /// The winner, once the player to move has no move.
    winner: Option<u8>,
}

impl Reference {
    /// The start: White (1) on a1 and the squares of its colour, Black (0) on the others.
    fn new(rows: usize, columns: usize) -> Reference {
        let squares = (0..rows * columns)
            .map(|s| Some(u8::from((s / columns + s % columns).is_multiple_of(2))))
            .collect();
        Reference {
            rows,
            columns,
            squares,
            mover: 0,
            played: 0,
            winner: None,
        }
    }

    fn at(&self, s: usize, (dr, dc): (i64, i64), k: i64) -> Option<usize> {
        let r = (s / self.columns) as i64 + dr * k;
        let c = (s % self.columns) as i64 + dc * k;
        let inside = (0..self.rows as i64).contains(&r) && (0..self.columns as i64).contains(&c);
        inside.then(|| r as usize * self.columns + c as usize)
    }

    /// The centre (the middle one or two rows by the middle one or two columns) and the corners.
    fn centre_or_corner(&self, s: usize) -> bool {
        let (r, c) = (s / self.columns, s % self.columns);
        // The middle one of an odd count, the middle two of an even one.
        let middle = |x: usize, n: usize| x == n / 2 || (n.is_multiple_of(2) && x + 1 == n / 2);
        let end = |x: usize, n: usize| x == 0 || x + 1 == n;
        let centre = middle(r, self.rows) && middle(c, self.columns);
        centre || (end(r, self.rows) && end(c, self.columns))
    }

    fn moves(&self) -> Vec<Move> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let mine = |s: usize| self.squares[s] == Some(self.mover);
        let sites = 0..self.squares.len();
        match self.played {
            0 => sites
                .filter(|&s| mine(s) && self.centre_or_corner(s))
                .map(Move::Lift)
                .collect(),
            1 => sites
                .filter(|&s| {
                    mine(s)
                        && ORTHOGONAL
                            .iter()
                            .any(|&d| self.at(s, d, 1).is_some_and(|t| self.squares[t].is_none()))
                })
                .map(Move::Lift)
                .collect(),
            _ => {
                let mut out = Vec::new();
                for s in sites.filter(|&s| mine(s)) {
                    for d in ORTHOGONAL {
                        // The k-th jump takes the piece 2k-1 squares away and lands 2k away.
                        for k in 1.. {
                            let over = self.at(s, d, 2 * k - 1);
                            let land = self.at(s, d, 2 * k);
                            let (Some(over), Some(land)) = (over, land) else {
                                break;
                            };
                            if self.squares[over] != Some(1 - self.mover)
                                || self.squares[land].is_some()
                            {
                                break;
                            }
                            out.push(Move::Jump(s, d, k as usize));
                        }
                    }
                }
                out
            }
        }
    }

    fn play(&mut self, m: Move) {
        match m {
            Move::Lift(s) => self.squares[s] = None,
            Move::Jump(s, d, k) => {
                for j in 1..=k as i64 {
                    let over = self.at(s, d, 2 * j - 1).expect("on the board");
                    self.squares[over] = None;
                }
                let land = self.at(s, d, 2 * k as i64).expect("on the board");
                self.squares[land] = self.squares[s].take();
            }
        }
        self.mover = 1 - self.mover;
        self.played += 1;
        if self.moves().is_empty() {
            self.winner = Some(1 - self.mover);
        }
    }

    fn perft(&self, depth: usize) -> u64 {
        crate::setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn square(&self, s: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (s % self.columns) as u8) as char,
            s / self.columns + 1
        )
    }

    fn name(&self, m: Move) -> String {
        match m {
            Move::Lift(s) => format!("lift {}", self.square(s)),
            Move::Jump(s, d, k) => {
                let mut out = self.square(s);
                for j in 1..=k as i64 {
                    out.push('x');
                    out.push_str(&self.square(self.at(s, d, 2 * j).expect("on the board")));
                }
                out
            }
        }
    }

    /// The board agrees with ludus's, square by square.
    fn agrees(&self, s: &State) -> Result<(), String> {
        for (i, (cell, square)) in s.cells().iter().zip(&self.squares).enumerate() {
            let ok = match *square {
                None => cell.count == 0,
                Some(p) => (cell.count, cell.owner) == (1, p + 1),
            };
            if !ok {
                return Err(format!("site {i}: {cell:?} against {square:?}"));
            }
        }
        Ok(())
    }
}

fn perft_agrees(size: usize, depth: usize) -> Vec<u64> {
    let game = konane(size);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    let reference = Reference::new(size, size);
    let expected: Vec<u64> = (0..=depth).map(|d| reference.perft(d)).collect();
    assert_eq!(counts, expected, "size {size}");
    counts
}

#[test]
fn perft_agrees_with_the_reference() {
    assert_eq!(perft_agrees(6, 6), [1, 4, 12, 28, 156, 668, 4192]);
    assert_eq!(perft_agrees(8, 5), [1, 4, 12, 28, 172, 892]);
    assert_eq!(perft_agrees(10, 5), [1, 4, 12, 28, 172, 984]);
}

/// The deeper counts of RULES.md: `cargo run --release --locked -- perft games/konane.game
/// --depth 8` (and `-D size=6`, `-D size=10 --depth 7`).
#[test]
#[ignore = "about a minute in a debug build; RULES.md's deeper counts"]
fn perft_agrees_with_the_reference_deeper() {
    assert_eq!(perft_agrees(8, 8)[6..], [7124, 52044, 508088]);
    assert_eq!(perft_agrees(6, 8)[6..], [4192, 22676, 162288]);
    assert_eq!(perft_agrees(10, 7)[6..], [8596, 71380]);
}

fn lock_step(game: &Game, size: usize, seed: u64) -> (u8, usize) {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = Reference::new(size, size);
    let mut s = game.new_initial_state();
    let mut length = 0;
    loop {
        let moves = reference.moves();
        let mut expected: Vec<String> = moves.iter().map(|&m| reference.name(m)).collect();
        expected.sort();
        assert_eq!(
            sorted_names(game, &s),
            expected,
            "seed {seed}\n{}",
            game.render(&s)
        );
        if let Some(winner) = reference.winner {
            assert_eq!(s.node(), NodeType::Terminal, "seed {seed}");
            assert_eq!(s.status(), Status::Won(winner), "seed {seed}");
            return (winner, length);
        }
        assert_ne!(s.node(), NodeType::Terminal, "seed {seed}");
        let pick = moves[rng.random_range(0..moves.len())];
        let m = game.parse_move(&s, &reference.name(pick)).unwrap();
        game.apply_checked(&mut s, m).unwrap();
        reference.play(pick);
        length += 1;
        if let Err(e) = reference.agrees(&s) {
            panic!("seed {seed}, move {length}: {e}\n{}", game.render(&s));
        }
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    for (size, games) in [(6, 100), (8, 100), (10, 40)] {
        let game = konane(size);
        let mut wins = [0; 2];
        for seed in 0..games {
            wins[lock_step(&game, size, seed).0 as usize] += 1;
        }
        assert!(wins[0] > 0 && wins[1] > 0, "size {size}: {wins:?}");
    }
}

/// A position of Black's (P1's) and White's pieces on squares named `c3`, `mover` to move,
/// after the two lifts (the moves played say so).
fn position(game: &Game, black: &[&str], white: &[&str], mover: u8) -> State {
    let mut p: Position = empty(game);
    for (owner, squares) in [(0, black), (1, white)] {
        for at in squares {
            p.board.cells[setup::site(8, at)] = stack(owner, 1);
        }
    }
    p.mover = mover;
    p.moves_played = 2;
    game.state_at(p)
}

#[test]
fn a_chain_of_three_may_stop_after_its_first_or_second_jump() {
    let game = konane(8);
    // a1 may jump b1, d1 and f1 in a row: three moves, one for each place it may stop; a3
    // jumps a4 to a5 and no further, a6 being its own.
    let s = position(
        &game,
        &["a1", "a3", "a6"],
        &["b1", "d1", "f1", "a4", "h8"],
        0,
    );
    assert_eq!(
        sorted_names(&game, &s),
        ["a1xc1", "a1xc1xe1", "a1xc1xe1xg1", "a3xa5"]
    );
    // Stopping after the first jump leaves d1 and f1 on the board, and White to move.
    let stopped = setup::after(&game, &s, "a1xc1");
    let held = |s: &State, at: &str| s.cells()[setup::site(8, at)].owner;
    assert_eq!(
        ["b1", "c1", "d1", "f1"].map(|q| held(&stopped, q)),
        [0, 1, 2, 2]
    );
    assert_eq!(stopped.node(), NodeType::Decision);
    // White's d1 may now jump back over c1 to b1, and a4 over a3 to a2.
    assert_eq!(sorted_names(&game, &stopped), ["a4xa2", "d1xb1"]);
}

#[test]
fn a_chain_turns_no_corner() {
    let game = konane(8);
    // c3 jumps d3 to e3; from there e4 is an enemy with e5 empty, but a chain keeps its way.
    let s = position(&game, &["c3"], &["d3", "e4", "h8"], 0);
    assert_eq!(sorted_names(&game, &s), ["c3xe3"]);
}

#[test]
fn black_lifts_from_the_centre_or_a_corner_and_white_beside_the_gap() {
    let game = konane(8);
    let s = game.new_initial_state();
    // White stands on a1; Black's corners are h1 and a8, its centre squares d5 and e4.
    assert_eq!(
        sorted_names(&game, &s),
        ["lift a8", "lift d5", "lift e4", "lift h1"]
    );
    let corner = setup::after(&game, &s, "lift h1");
    assert_eq!(sorted_names(&game, &corner), ["lift g1", "lift h2"]);
    let centre = setup::after(&game, &s, "lift e4");
    assert_eq!(
        sorted_names(&game, &centre),
        ["lift d4", "lift e3", "lift e5", "lift f4"]
    );
    // Then Black jumps into the gap: e4, since e5's neighbours are Black's own.
    let opened = setup::after(&game, &centre, "lift e5");
    assert_eq!(sorted_names(&game, &opened), ["c4xe4", "e2xe4", "g4xe4"]);
}

#[test]
fn a_player_with_no_jump_loses() {
    let game = konane(8);
    // After a1xc1 White's one piece, on h8, has nothing to jump: Black wins.
    let s = setup::after(&game, &position(&game, &["a1"], &["b1", "h8"], 0), "a1xc1");
    assert!(setup::ended(&s, Status::Won(0)), "{}", game.render(&s));
}

/// A game of jumps in every orthogonal direction on a 5x5 board, with `options` added.
fn jumps(options: &str) -> Game {
    let text = format!(
        r#"(game "Jumps" (players 2) (equipment {{(board (square 5))}})
        (rules (start {{(pieces P1 (sites {{0}})) (pieces P2 (sites {{1 3 7}}))}})
        (play (jump Orthogonal {options})) (end (if (no-moves Next) (result Next Loss)))))"#
    );
    ludus::load_source("jumps.game", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

#[test]
fn straight_and_may_stop_each_change_one_thing() {
    // a1 jumps b1 to c1, then d1 to e1 (straight on) or c2 to c3 (a turn).
    let names = |options: &str| {
        let game = jumps(options);
        sorted_names(&game, &game.new_initial_state())
    };
    assert_eq!(names(""), ["a1xc1xc3", "a1xc1xe1"]);
    assert_eq!(names("straight:true"), ["a1xc1xe1"]);
    assert_eq!(names("may-stop:true"), ["a1xc1", "a1xc1xc3", "a1xc1xe1"]);
    assert_eq!(names("straight:true may-stop:true"), ["a1xc1", "a1xc1xe1"]);
}

#[test]
fn the_8x11_variant_lifts_from_its_centre_and_corners() {
    let game = load("tests/variants/konane-8x11.game", &[]);
    let s = game.new_initial_state();
    // Black stands off a1's colour: of the corners a8 and k8, of the centre (rows 4 and 5, column
    // f) f5.
    assert_eq!(sorted_names(&game, &s), ["lift a8", "lift f5", "lift k8"]);
    let reference = Reference::new(8, 11);
    let counts = ludus::engine::perft(&game, &s, 5);
    let expected: Vec<u64> = (0..=5).map(|d| reference.perft(d)).collect();
    assert_eq!(counts, expected);
    setup::tally(&game, 200, true);
}

/// The score of `a` (a draw counting half) over `games` games against `b`, `a` taking the seat
/// `seat` every game, or the two seats in turn if `None`.
pub(crate) fn score_at(game: &Game, a: &str, b: &str, games: u64, seat: Option<u8>) -> f64 {
    use ludus::agents::AgentSpec;
    use rayon::prelude::*;
    let (sa, sb) = (AgentSpec::parse(a).unwrap(), AgentSpec::parse(b).unwrap());
    let total: f64 = (0..games)
        .into_par_iter()
        .map(|i| {
            let a_seat = seat.unwrap_or((i % 2) as u8);
            let agents = if a_seat == 0 { [&sa, &sb] } else { [&sb, &sa] };
            match ludus::trial::play(game, &game.name, &agents, 1, i).status {
                Status::Won(p) if p == a_seat => 1.0,
                Status::Won(_) => 0.0,
                _ => 0.5,
            }
        })
        .sum();
    let rate = total / games as f64;
    eprintln!(
        "{}: {a} vs {b}, seat {seat:?}: {total}/{games} = {:.0}%",
        game.name,
        100.0 * rate
    );
    rate
}

/// `cargo test --release --locked --test it -- --ignored konane::mcts`.
#[test]
#[ignore = "long in a debug build: run with --release"]
fn mcts_beats_random() {
    let rate = score_at(&konane(8), "mcts:iterations=1000", "random", 20, None);
    assert!(rate >= 0.9, "{rate}");
}
