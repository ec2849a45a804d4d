//! Lines: tic-tac-toe and Gomoku against an independent reference (a plain model of k in a row on
//! an n x n board, written from the rules, not through the language), by perft and by lock-step
//! random games; and Gomoku positions with exact outcomes (a five, an overline).

use crate::setup;

use ludus::{Game, NodeType, Status};
use rand::{Rng, SeedableRng};
use setup::{after, alternate, ended, from_start, load, names};

/// The reference: k in a row on an n x n board, players placing in turn on empty points; a line
/// of k or more (exactly k with `exact`) through the new stone wins; a full board is a draw.
#[derive(Clone)]
struct Reference {
    n: usize,
    k: usize,
    exact: bool,
    cells: Vec<u8>,
    mover: u8,
    /// `Some(Some(p))` won by p, `Some(None)` drawn.
    over: Option<Option<u8>>,
}

impl Reference {
    fn new(n: usize, k: usize, exact: bool) -> Reference {
        Reference {
            n,
            k,
            exact,
            cells: vec![0; n * n],
            mover: 0,
            over: None,
        }
    }

    fn moves(&self) -> Vec<usize> {
        if self.over.is_some() {
            return Vec::new();
        }
        (0..self.n * self.n)
            .filter(|&s| self.cells[s] == 0)
            .collect()
    }

    fn run(&self, s: usize, dr: i64, dc: i64) -> usize {
        let (n, who) = (self.n as i64, self.cells[s]);
        let (mut r, mut c, mut len) = ((s / self.n) as i64, (s % self.n) as i64, 0);
        loop {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r >= n || c >= n || self.cells[(r * n + c) as usize] != who {
                return len;
            }
            len += 1;
        }
    }

    fn play(&mut self, s: usize) {
        self.cells[s] = self.mover + 1;
        let won = [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let len = 1 + self.run(s, dr, dc) + self.run(s, -dr, -dc);
            if self.exact {
                len == self.k
            } else {
                len >= self.k
            }
        });
        if won {
            self.over = Some(Some(self.mover));
        } else if self.cells.iter().all(|&c| c != 0) {
            self.over = Some(None);
        }
        self.mover = 1 - self.mover;
    }

    fn perft(&self, depth: usize) -> u64 {
        crate::setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(&self, s: usize) -> String {
        format!(
            "place {}{}",
            (b'a' + (s % self.n) as u8) as char,
            s / self.n + 1
        )
    }
}

fn gomoku(size: usize, exact: bool) -> Game {
    let size = size.to_string();
    let exact = if exact { "on" } else { "off" };
    load(
        "games/gomoku.game",
        &[("size", &size), ("exactly-five", exact)],
    )
}

fn perft(game: &Game, depth: usize) -> Vec<u64> {
    ludus::engine::perft(game, &game.new_initial_state(), depth)
}

#[test]
fn tictactoe_matches_the_reference_over_the_whole_tree() {
    let game = load("games/tictactoe.game", &[]);
    let counts = perft(&game, 9);
    let reference = Reference::new(3, 3, false);
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(n, reference.perft(d), "perft({d})");
    }
}

#[test]
fn gomoku_matches_the_reference_to_depth_3() {
    for (size, exact) in [(5, false), (5, true), (6, false)] {
        let counts = perft(&gomoku(size, exact), 3);
        let reference = Reference::new(size, 5, exact);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                n,
                reference.perft(d),
                "size {size} exact {exact}: perft({d})"
            );
        }
    }
}

/// Plays random games in lock-step: the same legal moves at every step, the same outcome.
fn lock_step(game: &Game, mut reference: Reference, seed: u64) -> Option<Option<u8>> {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut s = game.new_initial_state();
    loop {
        let expected: Vec<String> = reference
            .moves()
            .iter()
            .map(|&m| reference.name(m))
            .collect();
        assert_eq!(
            names(game, &s),
            expected,
            "seed {seed}\n{}",
            game.render(&s)
        );
        if expected.is_empty() {
            assert_eq!(s.node(), NodeType::Terminal);
            let status = match reference.over {
                Some(Some(p)) => Status::Won(p),
                _ => Status::Drawn,
            };
            assert_eq!(s.status(), status, "seed {seed}\n{}", game.render(&s));
            return reference.over;
        }
        let pick = reference.moves()[rng.random_range(0..expected.len())];
        let m = game.parse_move(&s, &reference.name(pick)).unwrap();
        game.apply_checked(&mut s, m).unwrap();
        reference.play(pick);
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let ttt = load("games/tictactoe.game", &[]);
    let mut outcomes = std::collections::HashSet::new();
    for seed in 0..300 {
        outcomes.insert(lock_step(&ttt, Reference::new(3, 3, false), seed));
    }
    // Wins for each side and draws all came up.
    assert_eq!(outcomes.len(), 3);
    for (size, exact, games) in [
        (5, false, 200),
        (5, true, 200),
        (7, true, 100),
        (15, false, 20),
        (19, true, 10),
    ] {
        let game = gomoku(size, exact);
        for seed in 0..games {
            lock_step(&game, Reference::new(size, 5, exact), seed);
        }
    }
}

#[test]
fn a_five_wins_in_every_direction() {
    let game = gomoku(15, false);
    let p2 = ["o15", "n15", "m15", "l15"];
    for five in [
        ["a1", "b1", "c1", "d1", "e1"],
        ["c3", "c4", "c5", "c6", "c7"],
        ["d4", "e5", "f6", "g7", "h8"],
        ["h2", "g3", "f4", "e5", "d6"],
    ] {
        let before = from_start(&game, &alternate(&five[..4], &p2));
        assert_eq!(before.status(), Status::Ongoing);
        let s = after(&game, &before, &format!("place {}", five[4]));
        assert!(ended(&s, Status::Won(0)), "{five:?}\n{}", game.render(&s));
    }
    // Four in a row, or five broken by a gap, is not yet a win.
    let s = from_start(&game, &alternate(&["a1", "b1", "c1", "e1", "f1"], &p2));
    assert_eq!(s.status(), Status::Ongoing);
    // The second player's five wins for them.
    let s = from_start(
        &game,
        &alternate(
            &["a1", "a3", "a5", "a7", "a9"],
            &["b2", "c2", "d2", "e2", "f2"],
        ),
    );
    assert!(ended(&s, Status::Won(1)) && s.moves_played() == 10);
}

#[test]
fn an_overline_wins_only_in_freestyle() {
    // P1 has a1 b1 c1 and e1 f1 g1 h1... a stone on d1 makes seven in a row.
    let p1 = ["a1", "b1", "c1", "e1", "f1", "g1"];
    let p2 = ["a15", "b15", "c15", "e15", "f15", "o9"];
    let line = format!("{} place d1", alternate(&p1, &p2));
    let freestyle = from_start(&gomoku(15, false), &line);
    assert!(ended(&freestyle, Status::Won(0)));
    let exact = from_start(&gomoku(15, true), &line);
    assert_eq!(exact.status(), Status::Ongoing);
    assert_eq!(exact.mover(), 1);
    // With exactly five, five that a later stone could extend still win when made.
    let five = format!(
        "{} place d1",
        alternate(&["a1", "b1", "c1", "e1"], &p2[..4])
    );
    assert!(ended(&from_start(&gomoku(15, true), &five), Status::Won(0)));
    // A six does not win, and neither does extending it, but a separate five does.
    let later = after(
        &gomoku(15, true),
        &exact,
        "place o1 place a2 place o2 place a3 place o3 place a4 place o4 place a5",
    );
    assert!(
        ended(&later, Status::Won(0)),
        "{}",
        gomoku(15, true).render(&later)
    );
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let game = load("games/tictactoe.game", &[]);
    // x o x / x o o / o x x, played in an order without a line before the last stone.
    let s = from_start(
        &game,
        "place a1 place b1 place c1 place b2 place a2 place c2 place b3 place a3 place c3",
    );
    assert!(ended(&s, Status::Drawn), "{}", game.render(&s));
    let s = from_start(&game, "place a1 place b1 place a2 place b2 place a3");
    assert!(ended(&s, Status::Won(0)));
}

/// A 4x4 placement game whose end rule is `END`.
fn with_end(end: &str) -> Result<Game, String> {
    let text = format!(
        r#"(game "Rows" (players 2) (equipment {{(board (square 4)) (hand Each)}})
  (rules (start (hand Each 8)) (play (place 1))
    (end {{{end} (if (no-moves Next) (result All Draw))}})))"#
    );
    ludus::load_source("rows.game", &text, &[]).map_err(|e| e.render(false))
}

#[test]
fn three_in_a_row_loses_in_a_misere_rule() {
    let game = with_end("(if (line 3 Mover) (result Mover Loss))").unwrap();
    let s = from_start(&game, "place a1 place a4 place b1 place b4 place c1");
    assert!(ended(&s, Status::Won(1)), "{}", game.render(&s));
}

#[test]
fn directions_choose_the_axes_lines_run_along() {
    let game = with_end("(if (line 3 Mover dirs:Diagonal) (result Mover Win))").unwrap();
    let row = from_start(&game, "place a1 place a4 place b1 place b4 place c1");
    assert_eq!(row.status(), Status::Ongoing);
    let diagonal = from_start(&game, "place a1 place a4 place b2 place b4 place c3");
    assert!(ended(&diagonal, Status::Won(0)));
    // One direction stands for its axis: E counts the row both ways from the last stone.
    let game = with_end("(if (line 3 Mover dirs:E through-last:true) (result Mover Win))").unwrap();
    let s = from_start(&game, "place a1 place a4 place c1 place b4 place b1");
    assert!(ended(&s, Status::Won(0)));
}

#[test]
fn through_last_sees_only_lines_through_the_last_stone() {
    // P2 makes a row of three at the sixth move; P1 then plays elsewhere. After P1's move a line
    // anywhere still sees P2's row, a line through the last move's site (P1's stone) does not.
    let moves = "place a4 place a1 place b4 place a2 place d1 place a3 place d2";
    let rule = |line: &str| format!("(if (and {line} (= (moves-played) 7)) (result P2 Win))");
    let anywhere = with_end(&rule("(line 3 P2)")).unwrap();
    let s = from_start(&anywhere, moves);
    assert!(ended(&s, Status::Won(1)), "{}", anywhere.render(&s));
    let through = with_end(&rule("(line 3 P2 through-last:true)")).unwrap();
    let s = from_start(&through, moves);
    assert_eq!(s.status(), Status::Ongoing);
    // Right after P2's own move the line through the last stone is seen.
    let at_once = with_end("(if (line 3 P2 through-last:true) (result P2 Win))").unwrap();
    let s = from_start(
        &at_once,
        "place a4 place a1 place b4 place a2 place d1 place a3",
    );
    assert!(ended(&s, Status::Won(1)));
}

#[test]
fn a_line_length_out_of_range_is_an_error() {
    for bad in ["1", "65"] {
        let err = with_end(&format!("(if (line {bad} Mover) (result Mover Win))")).unwrap_err();
        assert!(
            err.contains(&format!("a line of {bad} is out of range")),
            "{err}"
        );
    }
    let err = with_end("(if (line 3 Mover exact:(= 1 1)) (result Mover Win))").unwrap_err();
    assert!(
        err.contains("`exact:` is a switch, written `true` or `false`"),
        "{err}"
    );
    let err = with_end("(if (line 3 Each) (result Mover Win))").unwrap_err();
    assert!(
        err.contains("`Each` does not name one player here"),
        "{err}"
    );
    let err = with_end("(if (line 3 Mover dirs:Diagonl) (result Mover Win))").unwrap_err();
    assert!(err.contains("Diagonal"), "{err}");
}
