//! Pente (games/pente.game): a plain model written from the rules (not through the language) in
//! perft and in lock step over seeded random games, square by square and score by score; and
//! positions with exact expectations: a double capture, a stone safe between two opposing
//! stones, and the win by five captured pairs. Points are named as in chess: a1 = site 0.

use crate::setup;

use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use setup::{after, empty, ended, load, names, site, sorted_names, stack};

const SIDE: usize = 19;
const POINTS: usize = SIDE * SIDE;
const CENTRE: usize = 9 * SIDE + 9;
/// The eight directions as (rows, columns).
const DIRECTIONS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn pente() -> Game {
    load("games/pente.game", &[])
}

/// The plain model: points hold `Some(player)`, scores count the stones captured.
#[derive(Clone)]
struct Reference {
    points: Vec<Option<u8>>,
    scores: [u32; 2],
    mover: u8,
    stones: usize,
    /// `Some(Some(winner))` for a win, `Some(None)` for a draw.
    result: Option<Option<u8>>,
}

/// The point `k` steps from `p` along `(dr, dc)`, if on the board.
fn along(p: usize, (dr, dc): (i64, i64), k: i64) -> Option<usize> {
    let (r, c) = ((p / SIDE) as i64 + dr * k, (p % SIDE) as i64 + dc * k);
    ((0..SIDE as i64).contains(&r) && (0..SIDE as i64).contains(&c))
        .then(|| r as usize * SIDE + c as usize)
}

impl Reference {
    fn new() -> Reference {
        Reference {
            points: vec![None; POINTS],
            scores: [0; 2],
            mover: 0,
            stones: 0,
            result: None,
        }
    }

    fn moves(&self) -> Vec<usize> {
        if self.result.is_some() {
            return Vec::new();
        }
        if self.stones == 0 {
            return vec![CENTRE];
        }
        (0..POINTS).filter(|&p| self.points[p].is_none()).collect()
    }

    fn play(&mut self, p: usize) {
        let me = self.mover;
        self.points[p] = Some(me);
        self.stones += 1;
        for d in DIRECTIONS {
            let at = |k| along(p, d, k);
            if let (Some(a), Some(b), Some(c)) = (at(1), at(2), at(3)) {
                let them = Some(1 - me);
                if self.points[a] == them && self.points[b] == them && self.points[c] == Some(me) {
                    self.points[a] = None;
                    self.points[b] = None;
                    self.scores[me as usize] += 2;
                }
            }
        }
        let run = |d: (i64, i64)| {
            (1..)
                .take_while(|&k| along(p, d, k).is_some_and(|q| self.points[q] == Some(me)))
                .count()
        };
        let five = DIRECTIONS[..4]
            .iter()
            .any(|&(dr, dc)| 1 + run((dr, dc)) + run((-dr, -dc)) >= 5);
        self.mover = 1 - me;
        if five || self.scores[me as usize] >= 10 {
            self.result = Some(Some(me));
        } else if self.points.iter().all(Option::is_some) {
            self.result = Some(None);
        }
    }

    fn perft(&self, depth: usize) -> u64 {
        setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(p: usize) -> String {
        format!(
            "place {}{}",
            (b'a' + (p % SIDE) as u8) as char,
            p / SIDE + 1
        )
    }

    /// The board and the scores agree with ludus's.
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
        if s.scores()[..] != self.scores[..] {
            return Err(format!("scores {:?} against {:?}", s.scores(), self.scores));
        }
        Ok(())
    }
}

#[test]
fn perft_agrees_with_the_reference() {
    let game = pente();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 3);
    let reference = Reference::new();
    let expected: Vec<u64> = (0..=3).map(|d| reference.perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts, [1, 1, 360, 360 * 359]);
}

fn lock_step(game: &Game, seed: u64) -> (Option<u8>, usize, u32) {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = Reference::new();
    let mut s = game.new_initial_state();
    let mut length = 0;
    loop {
        let moves = reference.moves();
        if let Some(result) = reference.result {
            assert_eq!(s.node(), NodeType::Terminal, "seed {seed}");
            let status = result.map_or(Status::Drawn, Status::Won);
            assert_eq!(s.status(), status, "seed {seed}\n{}", game.render(&s));
            return (result, length, reference.scores[0] + reference.scores[1]);
        }
        let expected: Vec<String> = {
            let mut e: Vec<String> = moves.iter().map(|&m| Reference::name(m)).collect();
            e.sort();
            e
        };
        assert_eq!(sorted_names(game, &s), expected, "seed {seed}");
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
    let game = pente();
    let (mut wins, mut captured) = ([0; 2], 0);
    for seed in 0..24 {
        let (result, _, taken) = lock_step(&game, seed);
        if let Some(w) = result {
            wins[w as usize] += 1;
        }
        captured += taken;
    }
    assert!(
        wins[0] > 0 && wins[1] > 0 && captured > 0,
        "{wins:?} {captured}"
    );
}

/// A position of P1's and P2's stones after `moves` moves, `mover` to move, with scores.
fn at(game: &Game, p1: &[&str], p2: &[&str], mover: u8, scores: [u32; 2]) -> State {
    let mut p = empty(game);
    for (player, list) in [(0, p1), (1, p2)] {
        for name in list {
            p.board.cells[site(SIDE, name)] = stack(player, 1);
        }
    }
    p.board.hand[..2].copy_from_slice(&[300, 300]);
    p.board.store[..2].copy_from_slice(&scores);
    p.moves_played = 10;
    p.mover = mover;
    game.state_at(p)
}

fn owners(s: &State, list: &[&str]) -> Vec<u8> {
    list.iter()
        .map(|n| s.cells()[site(SIDE, n)].owner)
        .collect()
}

#[test]
fn a_stone_captures_two_pairs_at_once() {
    let game = pente();
    // j10 closes the pair k10, l10 against m10 and the pair j11, j12 against j13; the run of
    // three i10, h10, g10 against f10 is no pair, and the pair i9, h8 is open at g7.
    let s = at(
        &game,
        &["m10", "j13", "f10"],
        &["k10", "l10", "j11", "j12", "i10", "h10", "g10", "i9", "h8"],
        0,
        [0, 0],
    );
    let s = after(&game, &s, "place j10");
    assert_eq!(owners(&s, &["k10", "l10", "j11", "j12"]), [0, 0, 0, 0]);
    assert_eq!(
        owners(&s, &["i10", "h10", "g10", "i9", "h8"]),
        [2, 2, 2, 2, 2]
    );
    assert_eq!(s.scores()[..], [4, 0]);
    assert_eq!(s.node(), NodeType::Decision);
}

#[test]
fn a_stone_placed_between_two_opposing_stones_is_safe() {
    let game = pente();
    let s = at(&game, &["c3"], &["b3", "e3"], 0, [0, 0]);
    let s = after(&game, &s, "place d3");
    assert_eq!(owners(&s, &["b3", "c3", "d3", "e3"]), [2, 1, 1, 2]);
    assert_eq!(s.scores()[..], [0, 0]);
    assert!(names(&game, &s).contains(&"place a3".to_string()));
}

#[test]
fn the_fifth_captured_pair_wins() {
    let game = pente();
    let s = at(&game, &["a1"], &["b1", "c1"], 0, [8, 0]);
    let s = after(&game, &s, "place d1");
    assert_eq!(s.scores()[..], [10, 0]);
    assert!(ended(&s, Status::Won(0)));
    // Four pairs and a line of four is no win yet.
    let s = at(&game, &["a1", "a2", "a3"], &["b1", "c1"], 0, [6, 0]);
    let s = after(&game, &s, "place d1");
    assert_eq!(s.node(), NodeType::Decision);
    let s = after(&game, &s, "place s19 place a4");
    assert_eq!(s.node(), NodeType::Decision);
    let s = after(&game, &s, "place s18 place a5");
    assert!(ended(&s, Status::Won(0)));
}

/// `(captured)` in an end rule reads the move just made: a game won by the first move that
/// captures two stones at once (two pairs of one, here), not by two captures of one.
#[test]
fn an_end_rule_reads_what_the_last_move_captured() {
    let source = r#"(game "Two at once" (players 2) (equipment {(board (square 7)) (hand Each)})
  (rules (start (hand Each 30))
    (play (place 1 flank:(flank All max:1 remove:true)))
    (end {(if (>= (captured) 2) (result Mover Win)) (if (no-moves Next) (result All Draw))})))"#;
    let game = ludus::load_source("two.game", source, &[]).unwrap_or_else(|e| panic!("{e}"));
    // Placed on c2, P1 takes b2 (closed by a2) and c3 (closed by c4) at once; placed on f5,
    // only e5 (closed by d5).
    let mut p = empty(&game);
    for (name, player) in [
        ("a2", 0),
        ("c4", 0),
        ("d5", 0),
        ("b2", 1),
        ("c3", 1),
        ("e5", 1),
    ] {
        p.board.cells[site(7, name)] = stack(player, 1);
    }
    p.board.hand[..2].copy_from_slice(&[20, 20]);
    let s = game.state_at(p);
    // One stone taken is no win.
    let one = after(&game, &s, "place f5");
    assert_eq!(one.cells()[site(7, "e5")].count, 0);
    assert_eq!(one.node(), NodeType::Decision);
    let s = after(&game, &s, "place c2");
    let taken = |n: &str| s.cells()[site(7, n)].count == 0;
    assert!(taken("b2") && taken("c3"));
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
}
