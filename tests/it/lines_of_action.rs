//! Lines of Action (games/lines-of-action.game): the published perft at depth 1, a plain model
//! written from the rules (not through the language) in lock step over seeded random games and
//! in perft, and positions with exact expectations: a move blocked by an enemy, a move over the
//! mover's own pieces, a capture by landing, the simultaneous connection and the lone piece.

use crate::setup;

use ludus::engine::{Cell, Position};
use ludus::{Game, NodeType, Status};
use rand::{Rng, SeedableRng};
use setup::{after, empty, ended, load, names, site, sorted_names};

const N: usize = 8;

fn loa() -> Game {
    load("games/lines-of-action.game", &[])
}

const LINES: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The plain model: squares hold `Some(player)` (0 is Black, P1) or `None`.
#[derive(Clone)]
struct Reference {
    squares: Vec<Option<u8>>,
    mover: u8,
    winner: Option<u8>,
}

impl Reference {
    fn new() -> Reference {
        let mut squares = vec![None; N * N];
        for c in 1..7 {
            squares[c] = Some(0);
            squares[7 * N + c] = Some(0);
            squares[c * N] = Some(1);
            squares[c * N + 7] = Some(1);
        }
        Reference {
            squares,
            mover: 0,
            winner: None,
        }
    }

    fn at(&self, r: i64, c: i64) -> Option<Option<u8>> {
        ((0..N as i64).contains(&r) && (0..N as i64).contains(&c))
            .then(|| self.squares[(r * N as i64 + c) as usize])
    }

    fn moves(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        if self.winner.is_some() {
            return out;
        }
        for from in (0..N * N).filter(|&s| self.squares[s] == Some(self.mover)) {
            let (r0, c0) = ((from / N) as i64, (from % N) as i64);
            for (dr, dc) in LINES {
                // The whole line: this way and the opposite, the piece itself counted once.
                let mut count = 1;
                for sign in [1, -1] {
                    let (mut r, mut c) = (r0 + sign * dr, c0 + sign * dc);
                    while let Some(sq) = self.at(r, c) {
                        count += i64::from(sq.is_some());
                        r += sign * dr;
                        c += sign * dc;
                    }
                }
                let (tr, tc) = (r0 + count * dr, c0 + count * dc);
                let Some(target) = self.at(tr, tc) else {
                    continue;
                };
                let blocked = (1..count)
                    .any(|k| self.at(r0 + k * dr, c0 + k * dc) == Some(Some(1 - self.mover)));
                if !blocked && target != Some(self.mover) {
                    out.push((from, (tr * N as i64 + tc) as usize));
                }
            }
        }
        out
    }

    fn one_group(&self, p: u8) -> bool {
        let mine: Vec<usize> = (0..N * N).filter(|&s| self.squares[s] == Some(p)).collect();
        let Some(&first) = mine.first() else {
            return false;
        };
        let mut seen = vec![first];
        let mut i = 0;
        while i < seen.len() {
            let s = seen[i];
            for &t in &mine {
                let near = (s / N).abs_diff(t / N) <= 1 && (s % N).abs_diff(t % N) <= 1;
                if near && !seen.contains(&t) {
                    seen.push(t);
                }
            }
            i += 1;
        }
        seen.len() == mine.len()
    }

    fn play(&mut self, (from, to): (usize, usize)) {
        self.squares[to] = self.squares[from];
        self.squares[from] = None;
        let (mover, next) = (self.mover, 1 - self.mover);
        self.mover = next;
        if self.one_group(mover) {
            self.winner = Some(mover);
        } else if self.one_group(next) {
            self.winner = Some(next);
        } else if self.moves().is_empty() {
            self.winner = Some(mover);
        }
    }

    fn perft(&self, depth: usize) -> u64 {
        crate::setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(&self, (from, to): (usize, usize)) -> String {
        let square = |s: usize| format!("{}{}", (b'a' + (s % N) as u8) as char, s / N + 1);
        let sep = if self.squares[to].is_some() { "x" } else { "-" };
        format!("{}{sep}{}", square(from), square(to))
    }
}

#[test]
fn perft_one_is_the_published_count_and_deeper_agrees_with_the_reference() {
    let game = loa();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 3);
    assert_eq!(counts[1], 36);
    let reference = Reference::new();
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(n, reference.perft(d), "perft({d})");
    }
}

fn lock_step(game: &Game, seed: u64) -> Option<u8> {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = Reference::new();
    let mut s = game.new_initial_state();
    loop {
        if s.node() == NodeType::Terminal && reference.winner.is_none() {
            // Only the edge limit ends a game the rules have not ended.
            assert_eq!(s.status(), Status::Drawn, "seed {seed}");
            return None;
        }
        let moves = reference.moves();
        let mut expected: Vec<String> = moves.iter().map(|&m| reference.name(m)).collect();
        expected.sort();
        assert_eq!(
            sorted_names(game, &s),
            expected,
            "seed {seed}\n{}",
            game.render(&s)
        );
        if moves.is_empty() {
            assert_eq!(s.node(), NodeType::Terminal);
            let winner = reference.winner.expect("a game over has a winner");
            assert_eq!(s.status(), Status::Won(winner), "seed {seed}");
            return Some(winner);
        }
        let pick = moves[rng.random_range(0..moves.len())];
        let m = game.parse_move(&s, &reference.name(pick)).unwrap();
        game.apply_checked(&mut s, m).unwrap();
        reference.play(pick);
        for (i, (cell, square)) in s.cells().iter().zip(&reference.squares).enumerate() {
            let ok = match *square {
                None => cell.count == 0,
                Some(p) => (cell.count, cell.owner) == (1, p + 1),
            };
            assert!(ok, "seed {seed}: site {i} {cell:?} against {square:?}");
        }
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let game = loa();
    let mut wins = [0; 2];
    for seed in 0..300 {
        if let Some(w) = lock_step(&game, seed) {
            wins[w as usize] += 1;
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

fn position(game: &Game, p1: &[&str], p2: &[&str], mover: u8) -> Position {
    let mut p = empty(game);
    for (owner, names) in [(1, p1), (2, p2)] {
        for name in names {
            p.board.cells[site(N, name)] = Cell {
                count: 1,
                owner,
                ..Cell::default()
            };
        }
    }
    p.mover = mover;
    p
}

#[test]
fn a_move_passes_over_its_own_pieces_but_not_an_enemy_and_captures_by_landing() {
    let game = loa();
    let s = game.state_at(position(
        &game,
        &["a1", "b1", "d1", "h8", "g5"],
        &["a3", "b2", "e6"],
        0,
    ));
    let moves = names(&game, &s);
    // Rank 1 holds a1, b1 and d1: three squares from a1 is d1, Black's own: no move.
    assert!(
        !moves.iter().any(|m| m == "a1-d1" || m == "a1xd1"),
        "{moves:?}"
    );
    // b1 goes three squares the other way, over its own d1, to e1.
    assert!(moves.contains(&"b1-e1".to_string()), "{moves:?}");
    // The diagonal a1-h8 holds a1, White's b2 and h8: three squares, but b2 is in the way.
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("a1") && m.ends_with("d4")),
        "{moves:?}"
    );
    // The a-file holds a1 and White's a3: two squares, landing on a3, a capture.
    assert!(moves.contains(&"a1xa3".to_string()), "{moves:?}");
    let s = after(&game, &s, "a1xa3");
    let cells = s.cells();
    assert_eq!(
        (cells[site(N, "a3")].owner, cells[site(N, "a3")].count),
        (1, 1)
    );
    assert_eq!(cells[site(N, "a1")].count, 0);
    // Removed from the game: White has two pieces left.
    assert_eq!(
        cells.iter().filter(|c| c.owner == 2 && c.count > 0).count(),
        2
    );
}

#[test]
fn a_move_that_joins_both_sides_wins_for_the_mover() {
    let game = loa();
    // Black's g6 captures White's lone e6 (rank 6 holds two pieces): Black is then e5 and e6,
    // one group, and White c3 and c4, one group too. The mover, Black, wins.
    let s = game.state_at(position(&game, &["e5", "g6"], &["c3", "c4", "e6"], 0));
    assert_eq!(s.status(), Status::Ongoing);
    let s = after(&game, &s, "g6xe6");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    // The same joining played by White wins for White.
    let s = game.state_at(position(&game, &["c3", "c4", "e6"], &["e5", "g6"], 1));
    let s = after(&game, &s, "g6xe6");
    assert!(ended(&s, Status::Won(1)), "{}", game.render(&s));
}

#[test]
fn a_player_left_with_one_piece_has_won() {
    let game = loa();
    // White's a3 captures Black's a1 (the a-file holds two pieces): Black's lone c1 is one
    // group, so Black wins, though White moved; White's pieces are not joined.
    let s = game.state_at(position(&game, &["a1", "c1"], &["a3", "h8", "f6"], 1));
    assert_eq!(s.status(), Status::Ongoing);
    let s = after(&game, &s, "a3xa1");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
}
