//! Amazons against its published perft (one whole turn 2,176, two whole turns 4,307,152) and an
//! independent reference (a plain model of the board written from the rules: queen moves and
//! queen shots, not through the language), by perft and by lock-step random games; positions: a
//! shot through the square just vacated, a blocked amazon, the player with no move losing.

use crate::setup;

use ludus::engine::{Cell, Position};
use ludus::{Game, NodeType, Status};
use rand::{Rng, SeedableRng};
use setup::{after, empty, ended, from_start, load, names, site, sorted_names};

const N: usize = 10;
const AMAZON: u8 = 0;
const ARROW: u8 = 1;

fn amazons() -> Game {
    load("games/amazons.game", &[])
}

/// What a square of the reference holds.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Square {
    Empty,
    Amazon(u8),
    Arrow,
}

/// A move of the reference: an amazon's move, or the shot that follows it.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Play {
    Move(usize, usize),
    Shot(usize),
}

/// The reference: a 10x10 board, square (r, c) at r * 10 + c; a turn is a queen move of one of the
/// mover's amazons, then a queen shot from its landing square onto an empty square.
#[derive(Clone)]
struct Reference {
    squares: Vec<Square>,
    mover: u8,
    /// Where the mover's amazon landed, while the shot is to come.
    landing: Option<usize>,
    winner: Option<u8>,
}

const QUEEN: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Reference {
    fn new() -> Reference {
        let mut squares = vec![Square::Empty; N * N];
        for name in ["a4", "d1", "g1", "j4"] {
            squares[site(N, name)] = Square::Amazon(0);
        }
        for name in ["a7", "d10", "g10", "j7"] {
            squares[site(N, name)] = Square::Amazon(1);
        }
        Reference {
            squares,
            mover: 0,
            landing: None,
            winner: None,
        }
    }

    /// The empty squares a queen on `from` reaches.
    fn queen(&self, from: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let (r0, c0) = ((from / N) as i64, (from % N) as i64);
        for (dr, dc) in QUEEN {
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            while (0..N as i64).contains(&r) && (0..N as i64).contains(&c) {
                let t = (r * N as i64 + c) as usize;
                if self.squares[t] != Square::Empty {
                    break;
                }
                out.push(t);
                r += dr;
                c += dc;
            }
        }
        out
    }

    fn moves(&self) -> Vec<Play> {
        if self.winner.is_some() {
            return Vec::new();
        }
        if let Some(from) = self.landing {
            return self.queen(from).into_iter().map(Play::Shot).collect();
        }
        (0..N * N)
            .filter(|&s| self.squares[s] == Square::Amazon(self.mover))
            .flat_map(|s| self.queen(s).into_iter().map(move |t| Play::Move(s, t)))
            .collect()
    }

    fn play(&mut self, m: Play) {
        match m {
            Play::Move(from, to) => {
                self.squares[to] = self.squares[from];
                self.squares[from] = Square::Empty;
                self.landing = Some(to);
            }
            Play::Shot(at) => {
                self.squares[at] = Square::Arrow;
                self.landing = None;
                self.mover = 1 - self.mover;
                if self.moves().is_empty() {
                    self.winner = Some(1 - self.mover);
                }
            }
        }
    }

    fn perft(&self, depth: usize) -> u64 {
        crate::setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(m: Play) -> String {
        let square = |s: usize| format!("{}{}", (b'a' + (s % N) as u8) as char, s / N + 1);
        match m {
            Play::Move(from, to) => format!("{}-{}", square(from), square(to)),
            Play::Shot(at) => format!("place {}", square(at)),
        }
    }
}

#[test]
fn perft_of_one_and_two_whole_turns_is_the_published_count() {
    // A turn is two moves (the amazon's, then the shot): a whole turn is two plies of perft.
    let game = amazons();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 4);
    assert_eq!(counts[1..], [80, 2176, 168420, 4307152]);
    // 80 amazon moves: each of White's four amazons has 20 queen moves (a4: 2 up, 3 down, 8
    // right, 5 and 2 on the diagonals; d1: 8 up, 3 left, 2 right, 2 and 5 on the diagonals).
    let s = game.new_initial_state();
    assert_eq!(names(&game, &s).len(), 80);
}

#[test]
fn perft_agrees_with_the_reference() {
    let game = amazons();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 3);
    let reference = Reference::new();
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(n, reference.perft(d), "perft({d})");
    }
    // And from a position in the middle of a game: after two turns each, at each of its plies.
    let line = "d1-d7 place g4 a7-b7 place b2 g1-g3 place c7 d10-e9 place e3";
    let s = from_start(&game, line);
    let mut reference = Reference::new();
    for text in ludus::Game::split_moves(line) {
        let m = reference
            .moves()
            .into_iter()
            .find(|&m| Reference::name(m) == text)
            .expect("a reference move");
        reference.play(m);
    }
    let counts = ludus::engine::perft(&game, &s, 3);
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(n, reference.perft(d), "perft({d}) after {line}");
    }
}

/// Plays a random game in lock-step with the reference, comparing the legal moves at every node
/// and the result; returns the winner.
fn lock_step(game: &Game, seed: u64) -> u8 {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = Reference::new();
    let mut s = game.new_initial_state();
    loop {
        let moves = reference.moves();
        let mut expected: Vec<String> = moves.iter().map(|&m| Reference::name(m)).collect();
        expected.sort();
        assert_eq!(
            sorted_names(game, &s),
            expected,
            "seed {seed}\n{}",
            game.render(&s)
        );
        if moves.is_empty() {
            assert_eq!(s.node(), NodeType::Terminal);
            let winner = reference.winner.expect("Amazons has no draw");
            assert_eq!(s.status(), Status::Won(winner), "seed {seed}");
            return winner;
        }
        let pick = moves[rng.random_range(0..moves.len())];
        let m = game.parse_move(&s, &Reference::name(pick)).unwrap();
        game.apply_checked(&mut s, m).unwrap();
        reference.play(pick);
        // The board agrees square by square: amazons, and arrows of the player who shot them.
        for (i, (cell, square)) in s.cells().iter().zip(&reference.squares).enumerate() {
            let ok = match *square {
                Square::Empty => cell.count == 0,
                Square::Amazon(p) => (cell.count, cell.owner, cell.kind) == (1, p + 1, AMAZON),
                Square::Arrow => (cell.count, cell.kind) == (1, ARROW),
            };
            assert!(ok, "seed {seed}: site {i} {cell:?} against {square:?}");
        }
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let game = amazons();
    let mut wins = [0; 2];
    for seed in 0..300 {
        wins[lock_step(&game, seed) as usize] += 1;
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

/// A position of amazons (P1's and P2's) and arrows, P1 to move with arrows in hand.
fn position(game: &Game, p1: &[&str], p2: &[&str], arrows: &[&str]) -> Position {
    let mut p = empty(game);
    let amazon = |owner: u8| Cell {
        count: 1,
        owner,
        ..Cell::default()
    };
    for (owner, names) in [(1, p1), (2, p2)] {
        for name in names {
            p.board.cells[site(N, name)] = amazon(owner);
        }
    }
    for name in arrows {
        p.board.cells[site(N, name)] = Cell {
            kind: ARROW,
            ..amazon(2)
        };
    }
    p.board.hand[..2].copy_from_slice(&[46, 46]);
    p
}

#[test]
fn a_shot_may_pass_through_and_land_on_the_square_just_left() {
    let game = amazons();
    let s = game.state_at(position(&game, &["c3"], &["h8"], &[]));
    let s = after(&game, &s, "c3-c6");
    let shots = names(&game, &s);
    // Back down the file: c5, c4, the vacated c3, and on through it to c2 and c1.
    for square in ["c5", "c4", "c3", "c2", "c1"] {
        assert!(shots.contains(&format!("place {square}")), "{shots:?}");
    }
    // The shot is the same player's: P1 still moves, in the second phase.
    assert_eq!(s.mover(), 0);
    let s = after(&game, &s, "place c1");
    let c1 = s.cells()[site(N, "c1")];
    assert_eq!((c1.count, c1.owner, c1.kind), (1, 1, ARROW));
    assert_eq!((s.mover(), s.moves_played()), (1, 2));
    // Drawn apart: the amazon (kind Queen) as Q, the arrow as A.
    let text = game.render(&s);
    assert!(text.contains("  1    .   . x1A"), "{text}");
    assert!(text.contains("  6    .   . x1Q"), "{text}");
    // The arrow blocks for good: the amazon on c6 cannot come back past it.
    let s = after(&game, &s, "h8-h7 place h8");
    let moves = names(&game, &s);
    assert!(moves.contains(&"c6-c2".to_string()));
    assert!(!moves.iter().any(|m| m == "c6-c1"), "{moves:?}");
}

#[test]
fn an_amazon_neither_jumps_nor_captures() {
    let game = amazons();
    // a1 is walled in by arrows on a2, b1 and b2: it has no move. e5 stops at the arrow on e7 and
    // before the enemy amazon on g5.
    let s = game.state_at(position(
        &game,
        &["a1", "e5"],
        &["g5"],
        &["a2", "b1", "b2", "e7"],
    ));
    let moves = names(&game, &s);
    assert!(!moves.iter().any(|m| m.starts_with("a1")), "{moves:?}");
    assert!(moves.contains(&"e5-e6".to_string()));
    assert!(moves.contains(&"e5-f5".to_string()));
    for gone in ["e5-e7", "e5-e8", "e5-g5", "e5-h5"] {
        assert!(!moves.contains(&gone.to_string()), "{gone}: {moves:?}");
    }
    // Queen lines from e5: up to e6 (1), down e4..e1 (4), right f5 (1), left d5..a5 (4), and the
    // four diagonals: f6..j10 (5), d6..a9 (4), f4..i1 (4), d4..b2 stops at the arrow (2).
    assert_eq!(moves.len(), 1 + 4 + 1 + 4 + 5 + 4 + 4 + 2);
}

#[test]
fn the_player_with_no_move_loses() {
    let game = amazons();
    // P2's one amazon on j10 has only i10, i9 and j9 free around it; i9 and j9 already hold
    // arrows. P1's amazon moves next to it, to h10, and its shot onto i10 seals the corner.
    let s = game.state_at(position(&game, &["a1", "g10"], &["j10"], &["i9", "j9"]));
    let s = after(&game, &s, "g10-h10");
    assert_eq!(s.status(), Status::Ongoing);
    let s = after(&game, &s, "place i10");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    // A player already stuck at the start of their turn has lost.
    let mut p = position(&game, &["a1"], &["j10"], &["i9", "j9", "i10"]);
    p.mover = 1;
    let s = game.state_at(p);
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    // P1's amazon, though, keeps moving while P2 still has one.
    let s = game.state_at(position(&game, &["a1"], &["j10"], &["i9", "j9"]));
    assert_eq!(s.status(), Status::Ongoing);
    assert_eq!(s.node(), NodeType::Decision);
}
