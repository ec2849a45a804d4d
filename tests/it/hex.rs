//! Hex against an independent reference (a plain model of Hex on an n x n rhombus written from
//! the rules: a flood fill from a player's first side), by full-tree perft on small boards and by
//! lock-step random games; positions (a winding chain, a chain that hexagons do not join, the
//! swap); the theorem that Hex has no draw; notation and drawing on hex boards.

use crate::setup;

use ludus::{Game, NodeType, Status};
use rand::{Rng, SeedableRng};
use setup::{after, alternate, ended, from_start, load, names};

/// The reference: cell (r, c) of an n x n rhombus touches (r, c±1), (r±1, c), (r+1, c-1) and
/// (r-1, c+1). P1 joins rows 0 and n-1, P2 columns 0 and n-1. With the pie rule the second
/// player's first move may be a swap, taking over the first stone.
#[derive(Clone)]
struct Reference {
    n: usize,
    pie: bool,
    cells: Vec<u8>,
    mover: u8,
    played: usize,
    winner: Option<u8>,
}

/// A move of the reference: a cell, or the swap.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Play {
    Cell(usize),
    Swap,
}

impl Reference {
    fn new(n: usize, pie: bool) -> Reference {
        Reference {
            n,
            pie,
            cells: vec![0; n * n],
            mover: 0,
            played: 0,
            winner: None,
        }
    }

    fn moves(&self) -> Vec<Play> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let mut out: Vec<Play> = (0..self.n * self.n)
            .filter(|&s| self.cells[s] == 0)
            .map(Play::Cell)
            .collect();
        if self.pie && self.played == 1 {
            out.push(Play::Swap);
        }
        out
    }

    /// Whether player p's stones join their two sides: a flood fill from the first side.
    fn joined(&self, p: u8) -> bool {
        let n = self.n as i64;
        let on_first = |r: i64, c: i64| if p == 0 { r == 0 } else { c == 0 };
        let on_last = |r: i64, c: i64| if p == 0 { r == n - 1 } else { c == n - 1 };
        let mut seen = vec![false; self.cells.len()];
        let mut todo: Vec<(i64, i64)> = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if on_first(r, c) && self.cells[(r * n + c) as usize] == p + 1 {
                    seen[(r * n + c) as usize] = true;
                    todo.push((r, c));
                }
            }
        }
        while let Some((r, c)) = todo.pop() {
            if on_last(r, c) {
                return true;
            }
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1)] {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= n || nc >= n {
                    continue;
                }
                let t = (nr * n + nc) as usize;
                if !seen[t] && self.cells[t] == p + 1 {
                    seen[t] = true;
                    todo.push((nr, nc));
                }
            }
        }
        false
    }

    fn play(&mut self, m: Play) {
        match m {
            Play::Cell(s) => self.cells[s] = self.mover + 1,
            Play::Swap => {
                for c in self.cells.iter_mut().filter(|c| **c != 0) {
                    *c = self.mover + 1;
                }
            }
        }
        if self.joined(self.mover) {
            self.winner = Some(self.mover);
        }
        self.mover = 1 - self.mover;
        self.played += 1;
    }

    fn perft(&self, depth: usize) -> u64 {
        crate::setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(&self, m: Play) -> String {
        match m {
            Play::Cell(s) => format!(
                "place {}{}",
                (b'a' + (s % self.n) as u8) as char,
                s / self.n + 1
            ),
            Play::Swap => "swap".into(),
        }
    }
}

fn hex(size: usize, pie: bool) -> Game {
    let size = size.to_string();
    load(
        "games/hex.game",
        &[("size", &size), ("pie", if pie { "on" } else { "off" })],
    )
}

fn check_perft(size: usize, pie: bool, depth: usize) {
    let game = hex(size, pie);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    let reference = Reference::new(size, pie);
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(n, reference.perft(d), "size {size} pie {pie}: perft({d})");
    }
}

#[test]
fn full_trees_on_small_boards_match_the_reference() {
    for pie in [false, true] {
        // The whole tree: every game on 2x2 and 3x3 ends by the tenth move.
        check_perft(2, pie, 6);
        check_perft(3, pie, 10);
        check_perft(4, pie, 5);
    }
    // Pinned, so that a change in both shows: 3x3 without the pie rule.
    let game = hex(3, false);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 10);
    assert_eq!(counts[9], 120960);
    assert_eq!(counts[10], 0);
}

/// Plays a random game in lock-step with the reference; returns the winner.
fn lock_step(game: &Game, mut reference: Reference, seed: u64) -> u8 {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut s = game.new_initial_state();
    loop {
        let moves = reference.moves();
        let expected: Vec<String> = moves.iter().map(|&m| reference.name(m)).collect();
        assert_eq!(
            names(game, &s),
            expected,
            "seed {seed}\n{}",
            game.render(&s)
        );
        if moves.is_empty() {
            assert_eq!(s.node(), NodeType::Terminal);
            let winner = reference.winner.expect("Hex has no draw");
            assert_eq!(
                s.status(),
                Status::Won(winner),
                "seed {seed}\n{}",
                game.render(&s)
            );
            return winner;
        }
        let pick = moves[rng.random_range(0..moves.len())];
        let m = game.parse_move(&s, &reference.name(pick)).unwrap();
        game.apply_checked(&mut s, m).unwrap();
        reference.play(pick);
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    for (size, games) in [(2, 100), (3, 200), (5, 200), (7, 100), (11, 30), (19, 5)] {
        for pie in [false, true] {
            let game = hex(size, pie);
            let mut wins = [0; 2];
            for seed in 0..games {
                wins[lock_step(&game, Reference::new(size, pie), seed) as usize] += 1;
            }
            assert!(
                size == 2 || wins[0] > 0 && wins[1] > 0,
                "size {size}: {wins:?}"
            );
        }
    }
}

#[test]
fn every_random_game_on_a_full_board_has_a_winner() {
    // The theorem: when the board is full exactly one player has joined their sides, so a game
    // never runs out of moves undecided. A connection test that missed a chain would leave it so.
    let game = hex(11, true);
    let mut scratch = ludus::engine::Scratch::default();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(13);
    for _ in 0..2000 {
        let mut s = game.new_initial_state();
        while s.node() == NodeType::Decision {
            let m = game
                .random_move(&s, &mut scratch, &mut rng)
                .expect("a move");
            game.apply(&mut s, m).unwrap();
        }
        assert!(matches!(s.status(), Status::Won(_)), "{}", game.render(&s));
        assert!(s.moves_played() <= 122);
    }
}

#[test]
fn a_chain_that_winds_back_down_wins_when_it_closes() {
    let game = hex(5, false);
    // Up column a to a4, down the diagonal b4 c3 d2, right to e2, up column e to the top: the
    // chain is closed by c3, played last.
    let p1 = [
        "a1", "a2", "a3", "a4", "b4", "e5", "e4", "e3", "e2", "d2", "c3",
    ];
    let p2 = ["b1", "c1", "d1", "e1", "b2", "c2", "b3", "d3", "d4", "c5"];
    let before = from_start(&game, &alternate(&p1[..10], &p2));
    assert_eq!(before.status(), Status::Ongoing, "{}", game.render(&before));
    let s = after(&game, &before, "place c3");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    assert_eq!(s.moves_played(), 21);
}

#[test]
fn cells_that_touch_only_at_a_corner_do_not_connect() {
    // a1 b2 c3 d4 e5 would be a chain on a square board with diagonals; on hexagons (r, c) and
    // (r+1, c+1) do not touch.
    let game = hex(5, false);
    let s = from_start(
        &game,
        &alternate(&["a1", "b2", "c3", "d4", "e5"], &["a5", "b5", "c5", "d5"]),
    );
    assert_eq!(s.status(), Status::Ongoing);
    // The other diagonal does touch: e1 d2 c3 b4 a5 joins bottom and top.
    let s = from_start(
        &game,
        &alternate(&["e1", "d2", "c3", "b4", "a5"], &["a1", "a2", "a3", "a4"]),
    );
    assert!(ended(&s, Status::Won(0)));
    // P2 joins left and right, not top and bottom.
    let s = from_start(
        &game,
        &alternate(
            &["e5", "e4", "e3", "d5", "d3"],
            &["a1", "b1", "c1", "d1", "e1"],
        ),
    );
    assert!(ended(&s, Status::Won(1)), "{}", game.render(&s));
    let s = from_start(
        &game,
        &alternate(&["a5", "b5", "c5", "e3", "d3"], &["c1", "c2", "c3", "c4"]),
    );
    assert_eq!(s.status(), Status::Ongoing);
}

#[test]
fn the_swap_takes_over_the_first_stone() {
    let game = hex(4, true);
    let first = from_start(&game, "place b2");
    let listed = names(&game, &first);
    assert_eq!(listed.last().map(String::as_str), Some("swap"));
    assert_eq!(listed.len(), 16);
    let s = after(&game, &first, "swap");
    let b2 = 4 + 1;
    assert_eq!(s.cells()[b2].owner, 2);
    assert_eq!((s.mover(), s.moves_played()), (0, 2));
    assert_eq!(s.hands()[..2], [180, 181]);
    // Offered once: not on P1's next move, nor P2's after.
    assert!(!names(&game, &s).contains(&"swap".to_string()));
    let s = after(&game, &s, "place c3");
    assert!(!names(&game, &s).contains(&"swap".to_string()));
    // Without the pie rule there is no swap.
    let s = from_start(&hex(4, false), "place b2");
    assert_eq!(names(&hex(4, false), &s).len(), 15);
    // Swapped, the stone counts for P2's left-right chain: a2 (swapped), b2, c2, d2.
    let s = from_start(
        &game,
        "place a2 swap place a1 place b2 place a3 place c2 place a4 place d2",
    );
    assert!(ended(&s, Status::Won(1)), "{}", game.render(&s));
}

#[test]
fn hex_boards_are_drawn_skewed_and_name_every_site() {
    let game = hex(3, false);
    let s = from_start(&game, "place a1 place c3");
    let text = game.render(&s);
    assert!(
        text.contains("  3     .  . o1\n  2    .  .  .\n  1  x1  .  .\n      a  b  c\n"),
        "{text}"
    );
    // Every site of the largest hex board and the largest square board reads back.
    for game in [hex(19, false), load("games/gomoku.game", &[("size", "19")])] {
        assert_eq!(setup::moves_read_back(&game), 361);
        assert_eq!(game.site_name(360), "s19");
    }
}

#[test]
fn mistakes_in_connections_and_hex_boards_are_reported() {
    let base = |board: &str, end: &str| {
        format!(
            r#"(game "C" (players 2) (equipment {{(board {board}) (hand Each)}})
  (rules (start (hand Each 9)) (play (place 1)) (end (if {end} (result Mover Win)))))"#
        )
    };
    let err = |text: String| {
        ludus::load_source("c.game", &text, &[])
            .map(|_| ())
            .unwrap_err()
            .render(false)
    };
    let e = err(base("(rhombus 3)", "(connected Mover {(top)})"));
    assert!(
        e.contains("a connection joins two regions or more, not 1"),
        "{e}"
    );
    let e = err(base(
        "(rhombus 3)",
        "(connected Mover {(top) (bottom)} dirs:N)",
    ));
    assert!(e.contains("this board has no direction `N`"), "{e}");
    assert!(e.contains("Orthogonal, All, NE, E, SE, SW, W, NW"), "{e}");
    let e = err(base("(rhombus 0)", "(connected Mover {(top) (bottom)})"));
    assert!(e.contains("a board of 0 x 0 sites is out of range"), "{e}");
    let e = err(base("(rhombus 22)", "(connected Mover {(top) (bottom)})"));
    assert!(e.contains("out of range"), "{e}");
    let e = err(base("(rhombus 3)", "(conected Mover {(top) (bottom)})"));
    assert!(e.contains("connected"), "{e}");
    // On a square board, orthogonal neighbours connect and diagonal ones only when asked.
    let square = |dirs: &str| {
        let text = base(
            "(square 3)",
            &format!("(connected Mover {{(top) (bottom)}}{dirs})"),
        );
        ludus::load_source("c.game", &text, &[]).unwrap()
    };
    let line = "place a1 place c1 place b2 place c2 place c3";
    let s = from_start(&square(""), line);
    assert_eq!(s.status(), Status::Ongoing);
    let s = from_start(&square(" dirs:All"), line);
    assert!(ended(&s, Status::Won(0)));
}

/// A placement game on a regular hexagon of side `n`, won by `line` stones in a row.
fn hexagon(n: usize, line: usize) -> Game {
    let text = format!(
        r#"(game "Hexagon" (players 2) (equipment {{(board (hexagon {n})) (hand Each)}})
  (rules (start (hand Each 200)) (play (place 1))
    (end {{(if (line {line} Mover) (result Mover Win)) (if (no-moves Next) (result All Draw))}})))"#
    );
    ludus::load_source("hexagon.game", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

#[test]
fn a_regular_hexagon_has_its_cells_and_six_neighbours() {
    let game = hexagon(3, 5);
    let s = game.new_initial_state();
    // 3n^2 - 3n + 1 cells: rows of 3, 4, 5, 4, 3, the bottom one from the middle column.
    let listed = names(&game, &s);
    assert_eq!(listed.len(), 19);
    assert_eq!(
        listed[..4],
        ["place c1", "place d1", "place e1", "place b2"]
    );
    assert_eq!(listed[18], "place c5");
    let text = game.render(&s);
    assert!(text.contains("  5       .  .  .\n  4      .  .  .  .\n  3     .  .  .  .  .\n  2       .  .  .  .\n  1         .  .  .\n"), "{text}");
    // The middle row is a line of five; the hexagon's corners cut the lines through them short.
    let s = from_start(
        &game,
        &alternate(&["a3", "b3", "c3", "d3", "e3"], &["c1", "d1", "e1", "b2"]),
    );
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    // A column is a line too, along NE and SW: c1 in the bottom row to c5 in the top one.
    let s = from_start(
        &game,
        &alternate(&["c1", "c2", "c3", "c4", "c5"], &["a3", "b3", "d3", "e3"]),
    );
    assert!(ended(&s, Status::Won(0)));
    // Every site of the largest hexagon reads back, and a 13th is too many.
    assert_eq!(setup::moves_read_back(&hexagon(12, 5)), 397);
    let text = r#"(game "H" (players 2) (equipment {(board (hexagon 13)) (hand Each)})
  (rules (start (hand Each 9)) (play (place 1)) (end (if (no-moves Next) (result All Draw)))))"#;
    let e = ludus::load_source("h.game", text, &[])
        .map(|_| ())
        .unwrap_err()
        .render(false);
    assert!(e.contains("a hexagon of side 13 is out of range"), "{e}");
}
