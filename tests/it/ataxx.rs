//! Ataxx (games/ataxx.game): the published perft counts; a plain model written from the rules
//! (not through the language) in perft and in lock step over seeded random games, square by
//! square; and positions with exact expectations: a conversion of several pieces, a jump, the
//! forced pass, the end on a full board and the draw after the limit.
//! Sites are named as in chess: a1 = site 0, rows from the bottom.

use crate::setup;

use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use setup::{after, empty, ended, load, names, site, sorted_names, stack};

const SIDE: usize = 7;
const SQUARES: usize = SIDE * SIDE;

fn ataxx() -> Game {
    load("games/ataxx.game", &[])
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    /// A new piece on the square.
    Grow(usize),
    /// A piece from the first square to the second.
    Jump(usize, usize),
    Pass,
}

/// The plain model: squares hold `Some(player)`.
#[derive(Clone)]
struct Reference {
    squares: [Option<u8>; SQUARES],
    mover: u8,
    /// Moves in a row without a new piece.
    quiet: u32,
    limit: u32,
    /// `Some(Some(winner))` for a win, `Some(None)` for a draw.
    result: Option<Option<u8>>,
}

/// The king distance between two squares.
fn distance(a: usize, b: usize) -> usize {
    let (ra, ca, rb, cb) = (a / SIDE, a % SIDE, b / SIDE, b % SIDE);
    ra.abs_diff(rb).max(ca.abs_diff(cb))
}

impl Reference {
    fn new(limit: u32) -> Reference {
        let mut squares = [None; SQUARES];
        for (s, p) in [(42, 0), (6, 0), (0, 1), (48, 1)] {
            squares[s] = Some(p);
        }
        Reference {
            squares,
            mover: 0,
            quiet: 0,
            limit,
            result: None,
        }
    }

    fn moves(&self) -> Vec<Move> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mine = |s: usize| self.squares[s] == Some(self.mover);
        let mut out = Vec::new();
        for to in (0..SQUARES).filter(|&t| self.squares[t].is_none()) {
            if (0..SQUARES).any(|s| mine(s) && distance(s, to) == 1) {
                out.push(Move::Grow(to));
            }
            for from in (0..SQUARES).filter(|&s| mine(s) && distance(s, to) == 2) {
                out.push(Move::Jump(from, to));
            }
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
        out
    }

    fn play(&mut self, m: Move) {
        let me = self.mover;
        let landed = match m {
            Move::Grow(to) => Some(to),
            Move::Jump(from, to) => {
                self.squares[from] = None;
                Some(to)
            }
            Move::Pass => None,
        };
        if let Some(to) = landed {
            self.squares[to] = Some(me);
            for s in (0..SQUARES).filter(|&s| distance(s, to) == 1) {
                if self.squares[s] == Some(1 - me) {
                    self.squares[s] = Some(me);
                }
            }
        }
        self.quiet = if matches!(m, Move::Grow(_)) {
            0
        } else {
            self.quiet + 1
        };
        self.mover = 1 - me;
        let count = |p: u8| self.squares.iter().filter(|&&s| s == Some(p)).count();
        let (mine, theirs) = (count(me), count(1 - me));
        if theirs == 0 || mine + theirs == SQUARES {
            self.result = Some(match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Some(me),
                std::cmp::Ordering::Less => Some(1 - me),
                std::cmp::Ordering::Equal => None,
            });
        } else if self.quiet >= self.limit {
            self.result = Some(None);
        }
    }

    fn perft(&self, depth: usize) -> u64 {
        setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(m: Move) -> String {
        let square = |s: usize| format!("{}{}", (b'a' + (s % SIDE) as u8) as char, s / SIDE + 1);
        match m {
            Move::Grow(to) => format!("+{}", square(to)),
            Move::Jump(from, to) => format!("{}-{}", square(from), square(to)),
            Move::Pass => "pass".into(),
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

#[test]
fn perft_matches_the_published_counts_and_the_reference() {
    let game = ataxx();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 4);
    assert_eq!(counts, [1, 16, 256, 6460, 155888]);
    let reference = Reference::new(100);
    let expected: Vec<u64> = (0..=3).map(|d| reference.perft(d)).collect();
    assert_eq!(counts[..4], expected[..]);
}

/// Perft 5, the published 4752668: `cargo run --release --locked -- perft games/ataxx.game
/// --depth 5` gives the same.
#[test]
#[ignore = "deep: run with --release --ignored"]
fn perft_5_matches_the_published_count() {
    let game = ataxx();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 5);
    assert_eq!(counts[5], 4_752_668);
    assert_eq!(Reference::new(100).perft(4), counts[4]);
}

fn lock_step(game: &Game, limit: u32, seed: u64) -> (Option<u8>, usize) {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = Reference::new(limit);
    let mut s = game.new_initial_state();
    let mut length = 0;
    loop {
        let moves = reference.moves();
        if let Some(result) = reference.result {
            assert_eq!(s.node(), NodeType::Terminal, "seed {seed}");
            let status = result.map_or(Status::Drawn, Status::Won);
            assert_eq!(s.status(), status, "seed {seed}\n{}", game.render(&s));
            return (result, length);
        }
        let mut expected: Vec<String> = moves.iter().map(|&m| Reference::name(m)).collect();
        expected.sort();
        assert_eq!(
            sorted_names(game, &s),
            expected,
            "seed {seed}\n{}",
            game.render(&s)
        );
        let pick = moves[rng.random_range(0..moves.len())];
        let m = game.parse_move(&s, &Reference::name(pick)).unwrap();
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
    let (mut wins, mut draws) = ([0; 2], 0);
    for (limit, games) in [(100, 60), (6, 40)] {
        let game = load("games/ataxx.game", &[("limit", &limit.to_string())]);
        for seed in 0..games {
            match lock_step(&game, limit, seed).0 {
                Some(w) => wins[w as usize] += 1,
                None => draws += 1,
            }
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0 && draws > 0, "{wins:?} {draws}");
}

/// A position of P1's and P2's pieces, `mover` to move.
fn at(game: &Game, p1: &[&str], p2: &[&str], mover: u8) -> State {
    let mut p = empty(game);
    for (player, list) in [(0, p1), (1, p2)] {
        for name in list {
            p.board.cells[site(SIDE, name)] = stack(player, 1);
        }
    }
    p.mover = mover;
    game.state_at(p)
}

/// The owners of the listed squares (1 P1, 2 P2, 0 empty).
fn owners(s: &State, list: &[&str]) -> Vec<u8> {
    list.iter()
        .map(|n| s.cells()[site(SIDE, n)].owner)
        .collect()
}

#[test]
fn a_new_piece_turns_every_opposing_neighbour() {
    let game = ataxx();
    let s = at(
        &game,
        &["b2", "d5"],
        &["c3", "d3", "e3", "c4", "e5", "f6", "a7"],
        0,
    );
    // c2 touches c3 and d3, not e3 (two away).
    let s = after(&game, &s, "+c2");
    assert_eq!(owners(&s, &["c2", "c3", "d3", "e3"]), [1, 1, 1, 2]);
    // A jump turns what it lands beside, and leaves its square: b5 touches only P2's c4.
    let s = after(&game, &s, "a7-b5");
    assert_eq!(owners(&s, &["a7", "b5", "c4", "d5"]), [0, 2, 2, 1]);
    // d4 touches e3, c4 and e5 of P2's (and c3, d3, d5 of P1's): the three turn at once, and
    // f6, two away, does not.
    let s = after(&game, &s, "+d4");
    assert_eq!(owners(&s, &["d4", "e3", "c4", "e5", "f6"]), [1, 1, 1, 1, 2]);
    assert_eq!(s.cells().iter().filter(|c| c.owner == 2).count(), 2);
}

#[test]
fn a_jump_leaves_its_square_and_a_stuck_player_passes() {
    let game = ataxx();
    let s = at(&game, &["a1"], &["g7"], 0);
    let moves = names(&game, &s);
    // Three squares to grow into, five to jump to.
    assert_eq!(moves.len(), 8, "{moves:?}");
    let s = after(&game, &s, "a1-c3");
    assert_eq!(owners(&s, &["a1", "c3"]), [0, 1]);
    // P2's only piece, on g7, with every square within two king steps held by P1: it passes.
    let wall = ["e5", "f5", "g5", "e6", "f6", "g6", "e7", "f7"];
    let s = at(&game, &wall, &["g7"], 1);
    assert_eq!(names(&game, &s), ["pass"]);
    let s = after(&game, &s, "pass");
    assert_eq!(s.mover(), 0);
    assert_eq!(s.node(), NodeType::Decision);
}

#[test]
fn losing_every_piece_ends_the_game() {
    let game = ataxx();
    let s = at(&game, &["a1"], &["c2", "c3"], 0);
    let s = after(&game, &s, "+b2");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
}

#[test]
fn a_full_board_ends_the_game_and_more_pieces_win() {
    let game = ataxx();
    let mut p = empty(&game);
    // P1 holds the bottom three rows and g6, P2 the rest but g7. P1 grows into g7, turning f7
    // and f6: 22 + 1 + 2 = 25 against 24.
    for (i, cell) in p.board.cells.iter_mut().enumerate() {
        *cell = stack(if i < 21 { 0 } else { 1 }, 1);
    }
    p.board.cells[48] = Default::default();
    p.board.cells[41] = stack(0, 1);
    let s = game.state_at(p);
    let s = after(&game, &s, "+g7");
    assert_eq!(owners(&s, &["f7", "f6", "g6"]), [1, 1, 1]);
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
}

#[test]
fn the_limit_draws_after_moves_without_a_new_piece() {
    let game = load("games/ataxx.game", &[("limit", "2")]);
    let s = at(&game, &["a1"], &["g7"], 0);
    let s = after(&game, &s, "a1-c3");
    assert_eq!(s.node(), NodeType::Decision);
    let s = after(&game, &s, "g7-e5");
    assert!(ended(&s, Status::Drawn), "{}", game.render(&s));
}
