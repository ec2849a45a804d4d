//! Connect6 (games/connect6.game): a plain model written from the rules (not through the
//! language) in perft (each stone one edge) and in lock step over seeded random games, point by
//! point and player by player; and positions with exact expectations: the turn of two stones,
//! a six made by the first stone of a turn, and an overline. Points are named as in chess.

use crate::setup;

use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use setup::{after, empty, ended, load, names, site, sorted_names, stack};

fn connect6(size: usize) -> Game {
    load("games/connect6.game", &[("size", &size.to_string())])
}

/// The plain model: points hold `Some(player)`.
#[derive(Clone)]
struct Reference {
    side: usize,
    points: Vec<Option<u8>>,
    mover: u8,
    stones: usize,
    /// `Some(Some(winner))` for a win, `Some(None)` for a draw.
    result: Option<Option<u8>>,
}

impl Reference {
    fn new(side: usize) -> Reference {
        Reference {
            side,
            points: vec![None; side * side],
            mover: 0,
            stones: 0,
            result: None,
        }
    }

    fn moves(&self) -> Vec<usize> {
        if self.result.is_some() {
            return Vec::new();
        }
        (0..self.points.len())
            .filter(|&p| self.points[p].is_none())
            .collect()
    }

    fn play(&mut self, p: usize) {
        let (me, side) = (self.mover, self.side as i64);
        self.points[p] = Some(me);
        self.stones += 1;
        let run = |(dr, dc): (i64, i64)| {
            let (r, c) = ((p as i64) / side, (p as i64) % side);
            (1..)
                .take_while(|&k| {
                    let (r, c) = (r + dr * k, c + dc * k);
                    (0..side).contains(&r)
                        && (0..side).contains(&c)
                        && self.points[(r * side + c) as usize] == Some(me)
                })
                .count()
        };
        let six = [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dr, dc)| 1 + run((dr, dc)) + run((-dr, -dc)) >= 6);
        // After an odd number of stones in all the turn passes; after an even one the mover
        // places the second stone of the turn.
        if self.stones % 2 == 1 {
            self.mover = 1 - me;
        }
        if six {
            self.result = Some(Some(me));
        } else if self.points.iter().all(Option::is_some) {
            self.result = Some(None);
        }
    }

    fn perft(&self, depth: usize) -> u64 {
        setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(&self, p: usize) -> String {
        let side = self.side;
        format!(
            "place {}{}",
            (b'a' + (p % side) as u8) as char,
            p / side + 1
        )
    }

    /// The board and the player to move agree with ludus's.
    fn agrees(&self, s: &State) -> Result<(), String> {
        for (i, (cell, point)) in s.cells().iter().zip(&self.points).enumerate() {
            let ok = match *point {
                None => cell.count == 0,
                Some(p) => (cell.count, cell.owner) == (1, p + 1),
            };
            if !ok {
                return Err(format!("point {i}: {cell:?} against {point:?}"));
            }
        }
        if self.result.is_none() && s.mover() != self.mover {
            return Err(format!(
                "P{} to move, not P{}",
                s.mover() + 1,
                self.mover + 1
            ));
        }
        Ok(())
    }
}

#[test]
fn perft_agrees_with_the_reference() {
    let game = connect6(6);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 4);
    let expected: Vec<u64> = (0..=4).map(|d| Reference::new(6).perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts, [1, 36, 1260, 42840, 1413720]);
    let game = connect6(19);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 2);
    assert_eq!(counts, [1, 361, 361 * 360]);
}

fn lock_step(game: &Game, side: usize, seed: u64) -> Option<u8> {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = Reference::new(side);
    let mut s = game.new_initial_state();
    let mut length = 0;
    loop {
        let moves = reference.moves();
        if let Some(result) = reference.result {
            assert_eq!(s.node(), NodeType::Terminal, "seed {seed}");
            let status = result.map_or(Status::Drawn, Status::Won);
            assert_eq!(s.status(), status, "seed {seed}\n{}", game.render(&s));
            return result;
        }
        let mut expected: Vec<String> = moves.iter().map(|&m| reference.name(m)).collect();
        expected.sort();
        assert_eq!(sorted_names(game, &s), expected, "seed {seed}");
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
    let (mut wins, mut draws) = ([0; 2], 0);
    for (side, games) in [(19, 16), (6, 40), (8, 40)] {
        let game = connect6(side);
        for seed in 0..games {
            match lock_step(&game, side, seed) {
                Some(w) => wins[w as usize] += 1,
                None => draws += 1,
            }
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0 && draws > 0, "{wins:?} {draws}");
}

/// A 19x19 position of P1's and P2's stones after `played` stones, `mover` to move.
fn at(game: &Game, p1: &[&str], p2: &[&str], played: u64, mover: u8) -> State {
    let mut p = empty(game);
    for (player, list) in [(0, p1), (1, p2)] {
        for name in list {
            p.board.cells[site(19, name)] = stack(player, 1);
        }
    }
    p.board.hand[..2].copy_from_slice(&[170, 170]);
    p.moves_played = played;
    p.mover = mover;
    game.state_at(p)
}

#[test]
fn black_places_one_stone_then_each_player_two() {
    let game = connect6(19);
    let s = game.new_initial_state();
    let s = after(&game, &s, "place j10");
    assert_eq!(s.mover(), 1);
    let s = after(&game, &s, "place a1");
    assert_eq!(s.mover(), 1);
    let s = after(&game, &s, "place b1");
    assert_eq!(s.mover(), 0);
    let s = after(&game, &s, "place c1 place d1");
    assert_eq!(s.mover(), 1);
    assert_eq!(names(&game, &s).len(), 361 - 5);
}

#[test]
fn the_first_stone_of_a_turn_may_win_and_an_overline_wins() {
    let game = connect6(19);
    // Black to place the first stone of a turn (3 stones played), with five in a row.
    let s = at(&game, &["a1", "b1", "c1", "d1", "e1"], &["a5", "b5"], 7, 0);
    let s = after(&game, &s, "place f1");
    assert!(ended(&s, Status::Won(0)));
    // Five and one more beyond a gap: the stone in the gap makes seven.
    let s = at(
        &game,
        &["a1", "b1", "c1", "e1", "f1", "g1"],
        &["a5", "b5"],
        8,
        0,
    );
    let s = after(&game, &s, "place d1");
    assert!(ended(&s, Status::Won(0)));
    // Five alone is not enough.
    let s = at(&game, &["a1", "b1", "c1", "d1"], &["a5", "b5"], 7, 0);
    let s = after(&game, &s, "place e1");
    assert_eq!(s.node(), NodeType::Decision);
}
