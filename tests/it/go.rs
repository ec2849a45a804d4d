//! Go and Atari Go against an independent reference (a plain model of Go on an n x n board
//! written from the rules: groups by flood fill, captures, suicide, positional superko or simple
//! ko, two passes, area scoring), by perft on 5x5 for both ko rules and by lock-step random games
//! (the same legal moves at every step, the same result and areas); positions: a multi-stone
//! capture, a capture that frees a suicide point, a simple-ko recapture refused, a triple ko that
//! superko cuts and simple ko lets cycle, the area of a finished 5x5 game.

use crate::setup;

use ludus::{Game, NodeType, Status};
use rand::{Rng, SeedableRng};
use setup::{after, from_start, load, names};

/// Which positions a placement may not make.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Ko {
    /// Any earlier position (positional superko).
    Super,
    /// The position before the opponent's last move.
    Simple,
    /// None (Atari Go, which ends at the first capture).
    Free,
}

/// The reference: points r * n + c, stones 1 (Black, first) and 2 (White); `seen` holds every
/// position (board, player to move) since the start.
#[derive(Clone)]
struct Reference {
    n: usize,
    ko: Ko,
    /// Atari Go: no pass, the first capture wins, a player with no placement loses.
    atari: bool,
    komi: i64,
    limit: usize,
    board: Vec<u8>,
    mover: u8,
    seen: Vec<(Vec<u8>, u8)>,
    played: usize,
    result: Option<Status>,
    area: [i64; 2],
}

/// A move of the reference: a point, or the pass.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Play {
    Point(usize),
    Pass,
}

impl Reference {
    fn go(n: usize, ko: Ko) -> Reference {
        Reference {
            n,
            ko,
            atari: false,
            komi: 15,
            limit: 1000,
            board: vec![0; n * n],
            mover: 0,
            seen: vec![(vec![0; n * n], 0)],
            played: 0,
            result: None,
            area: [0; 2],
        }
    }

    fn atari() -> Reference {
        Reference {
            atari: true,
            ko: Ko::Free,
            ..Reference::go(9, Ko::Free)
        }
    }

    fn around(&self, p: usize) -> Vec<usize> {
        let (r, c, n) = (p / self.n, p % self.n, self.n);
        let mut out = Vec::new();
        if r + 1 < n {
            out.push(p + n);
        }
        if r > 0 {
            out.push(p - n);
        }
        if c + 1 < n {
            out.push(p + 1);
        }
        if c > 0 {
            out.push(p - 1);
        }
        out
    }

    /// The points joined to `p` through points holding what `p` holds.
    fn group(&self, board: &[u8], p: usize) -> Vec<usize> {
        let mut seen = vec![false; board.len()];
        let (mut todo, mut out) = (vec![p], Vec::new());
        seen[p] = true;
        while let Some(q) = todo.pop() {
            out.push(q);
            for t in self.around(q) {
                if !seen[t] && board[t] == board[p] {
                    seen[t] = true;
                    todo.push(t);
                }
            }
        }
        out
    }

    fn liberties(&self, board: &[u8], group: &[usize]) -> usize {
        let mut libs: Vec<usize> = group
            .iter()
            .flat_map(|&q| self.around(q))
            .filter(|&t| board[t] == 0)
            .collect();
        libs.sort();
        libs.dedup();
        libs.len()
    }

    /// The board after the mover places on `p` with its captures, and the stones captured; `None`
    /// for a suicide.
    fn placed(&self, p: usize) -> Option<(Vec<u8>, usize)> {
        let mut b = self.board.clone();
        let (me, them) = (self.mover + 1, 2 - self.mover);
        b[p] = me;
        let mut taken = 0;
        for t in self.around(p) {
            if b[t] == them {
                let g = self.group(&b, t);
                if self.liberties(&b, &g) == 0 {
                    taken += g.len();
                    for q in g {
                        b[q] = 0;
                    }
                }
            }
        }
        let own = self.group(&b, p);
        (self.liberties(&b, &own) > 0).then_some((b, taken))
    }

    fn moves(&self) -> Vec<Play> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut out: Vec<Play> = (0..self.board.len())
            .filter(|&p| self.board[p] == 0)
            .filter(|&p| match self.placed(p) {
                None => false,
                Some((b, _)) => match self.ko {
                    Ko::Free => true,
                    Ko::Super => !self.seen.iter().any(|(old, _)| *old == b),
                    Ko::Simple => self.seen.len() < 2 || self.seen[self.seen.len() - 2].0 != b,
                },
            })
            .map(Play::Point)
            .collect();
        if !self.atari {
            out.push(Play::Pass);
        }
        out
    }

    fn play(&mut self, m: Play) {
        let mut taken = 0;
        if let Play::Point(p) = m {
            let (b, t) = self.placed(p).expect("a legal placement");
            self.board = b;
            taken = t;
        }
        let actor = self.mover;
        self.mover = 1 - self.mover;
        self.played += 1;
        let position = (self.board.clone(), self.mover);
        let repeated = self.seen.contains(&position);
        self.seen.push(position);
        if self.atari {
            // The first capture wins; a player left with no placement loses.
            if taken > 0 || self.moves().is_empty() {
                self.result = Some(Status::Won(actor));
            }
        } else if (m == Play::Pass && repeated) || self.played >= self.limit {
            self.score();
        }
    }

    /// Area scoring: stones plus the empty regions that only one colour borders.
    fn score(&mut self) {
        let mut area = [0i64; 2];
        let mut done = vec![false; self.board.len()];
        for p in 0..self.board.len() {
            match self.board[p] {
                0 if !done[p] => {
                    let region = self.group(&self.board, p);
                    let mut borders = [false; 2];
                    for &q in &region {
                        done[q] = true;
                        for t in self.around(q) {
                            if self.board[t] > 0 {
                                borders[self.board[t] as usize - 1] = true;
                            }
                        }
                    }
                    match borders {
                        [true, false] => area[0] += region.len() as i64,
                        [false, true] => area[1] += region.len() as i64,
                        _ => {}
                    }
                }
                0 => {}
                s => area[s as usize - 1] += 1,
            }
        }
        self.area = area;
        let diff = 2 * area[0] - (2 * area[1] + self.komi);
        self.result = Some(match diff {
            0 => Status::Drawn,
            d if d > 0 => Status::Won(0),
            _ => Status::Won(1),
        });
    }

    fn perft(&self, depth: usize) -> u64 {
        crate::setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(&self, m: Play) -> String {
        match m {
            Play::Point(p) => format!(
                "place {}{}",
                (b'a' + (p % self.n) as u8) as char,
                p / self.n + 1
            ),
            Play::Pass => "pass".into(),
        }
    }
}

fn go(size: usize, ko: Ko) -> Game {
    let size = size.to_string();
    let ko = if ko == Ko::Simple {
        "simple"
    } else {
        "superko"
    };
    load("games/go.game", &[("size", &size), ("ko", ko)])
}

fn check_perft(ko: Ko, depth: usize) {
    let game = go(5, ko);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    let reference = Reference::go(5, ko);
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(n, reference.perft(d), "{ko:?}: perft({d})");
    }
}

/// Go 5x5, both ko rules: 26, 651, 15650, 361041, 7984104 (the two rules part later).
#[test]
fn perft_on_5x5_matches_the_reference() {
    for ko in [Ko::Super, Ko::Simple] {
        check_perft(ko, 4);
    }
    let game = go(5, Ko::Super);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 4);
    assert_eq!(counts[1..], [26, 651, 15650, 361041]);
}

/// Depth 6 on 5x5 for both ko rules (minutes in the test profile):
/// `cargo test --release --locked --test it go::perft_6 -- --ignored`.
#[test]
#[ignore]
fn perft_6_on_5x5_matches_the_reference() {
    for ko in [Ko::Super, Ko::Simple] {
        check_perft(ko, 6);
    }
}

/// Plays a random game in lock-step with the reference; returns the result.
fn lock_step(game: &Game, mut reference: Reference, seed: u64) -> Status {
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
            let result = reference.result.expect("a result");
            assert_eq!(s.status(), result, "seed {seed}\n{}", game.render(&s));
            if !reference.atari {
                let stores: Vec<u32> = s.scores().iter().copied().collect();
                assert_eq!(stores, reference.area.map(|a| a as u32), "seed {seed}");
            }
            return result;
        }
        // Passes drawn less often than placements, so that games fill the board.
        let pick = if !reference.atari && moves.len() > 1 && rng.random_range(0..8) != 0 {
            moves[rng.random_range(0..moves.len() - 1)]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        let m = game.parse_move(&s, &reference.name(pick)).unwrap();
        game.apply_checked(&mut s, m).unwrap();
        reference.play(pick);
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    for (size, games) in [(5, 60), (7, 20), (9, 10)] {
        for ko in [Ko::Super, Ko::Simple] {
            let game = go(size, ko);
            let mut wins = [0; 3];
            for seed in 0..games {
                match lock_step(&game, Reference::go(size, ko), seed) {
                    Status::Won(w) => wins[w as usize] += 1,
                    _ => wins[2] += 1,
                }
            }
            assert!(wins[0] > 0 && wins[1] > 0, "size {size} {ko:?}: {wins:?}");
        }
    }
}

#[test]
fn atari_go_agrees_with_the_reference() {
    let game = load("games/atari-go.game", &[]);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 3);
    assert_eq!(counts[1..], [81, 6480, 511920]);
    let mut wins = [0; 2];
    for seed in 0..60 {
        match lock_step(&game, Reference::atari(), seed) {
            Status::Won(w) => wins[w as usize] += 1,
            other => panic!("Atari Go ends with a winner: {other:?}"),
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

/// A line of moves, `-` for a pass: Black plays `black`, White `white`, alternately.
fn line(black: &[&str], white: &[&str]) -> String {
    let mv = |m: &str| match m {
        "-" => "pass".to_string(),
        m => format!("place {m}"),
    };
    let mut out = Vec::new();
    for (i, b) in black.iter().enumerate() {
        out.push(mv(b));
        if let Some(w) = white.get(i) {
            out.push(mv(w));
        }
    }
    out.join(" ")
}

/// The owner of a point of an n x n board: 1 Black, 2 White, 0 none.
fn stone(n: usize, s: &ludus::State, point: &str) -> u8 {
    s.cells()[setup::site(n, point)].owner
}

#[test]
fn a_placement_captures_a_group_of_several_stones() {
    let game = go(5, Ko::Super);
    // White's three stones b2 c2 d2 along the second line, Black around them: e2 takes them.
    let s = from_start(
        &game,
        &line(
            &["b1", "c1", "d1", "a2", "b3", "c3", "d3"],
            &["b2", "c2", "d2", "a5", "b5", "c5", "e5"],
        ),
    );
    assert_eq!([stone(5, &s, "b2"), stone(5, &s, "d2")], [2, 2]);
    let s = after(&game, &s, "place e2");
    for p in ["b2", "c2", "d2"] {
        assert_eq!(stone(5, &s, p), 0, "{p} is taken\n{}", game.render(&s));
    }
    assert_eq!(stone(5, &s, "e2"), 1);
}

#[test]
fn a_capture_makes_a_suicide_point_playable() {
    let game = go(5, Ko::Super);
    // White a2 b1 around a1: for Black a1 is suicide.
    let s = from_start(&game, &line(&["c3", "e5"], &["a2", "b1"]));
    assert!(!names(&game, &s).contains(&"place a1".to_string()));
    // Black surrounds White's a2 (a3, b2) leaving it one liberty, a1: a1 now captures it, and
    // lives by the liberty the capture opens; b1 keeps c1 and stays.
    let s = after(&game, &s, "place a3 place e4 place b2 place e3");
    assert!(
        names(&game, &s).contains(&"place a1".to_string()),
        "{}",
        game.render(&s)
    );
    let s = after(&game, &s, "place a1");
    assert_eq!(stone(5, &s, "a2"), 0);
    assert_eq!(stone(5, &s, "a1"), 1);
    assert_eq!(stone(5, &s, "b1"), 2);
}

/// The ko shape in the lower left: Black b1 a2 b3 around b2, White c1 d2 c3 around c2, White's
/// stone on b2 with one liberty, c2: Black takes it there, and the retake at b2 is the ko.
fn ko_position(ko: Ko) -> (Game, ludus::State) {
    let game = go(5, ko);
    // Black: b1 a2 b3 c2-to-be; White: c1 d2 c3 b2. Black's c2 captures b2.
    let s = from_start(
        &game,
        &line(&["b1", "a2", "b3", "e5"], &["c1", "d2", "c3", "b2"]),
    );
    (game, s)
}

#[test]
fn a_simple_ko_retake_is_refused() {
    for ko in [Ko::Simple, Ko::Super] {
        let (game, s) = ko_position(ko);
        let s = after(&game, &s, "place c2");
        assert_eq!(stone(5, &s, "b2"), 0, "{}", game.render(&s));
        // White's retake at b2 would capture c2 and recreate the position before Black's move.
        assert!(
            !names(&game, &s).contains(&"place b2".to_string()),
            "{ko:?}"
        );
        // After a move elsewhere by each, the retake is legal again.
        let s = after(&game, &s, "place e1 place a5");
        assert!(names(&game, &s).contains(&"place b2".to_string()), "{ko:?}");
    }
}

/// Three kos on 7x7. K1: Black a2 b1 b3 around b2, White c1 d2 c3 around c2, White on b2 (Black
/// takes at c2). K2, its mirror at the top: Black a6 b7 b5 around b6, White c7 d6 c5 around c6,
/// Black on c6 (White takes at b6). K3, K1's mirror at the right: Black g2 f1 f3 around f2, White
/// e1 d2 e3 around e2, White on f2 (Black takes at e2). Black takes K1, White K2, Black K3, White
/// K1, Black K2: White's take of K3 would bring back the starting position.
fn triple_ko(ko: Ko) -> (Game, ludus::State) {
    let game = go(7, ko);
    let black = ["a2", "b1", "b3", "g2", "f1", "f3", "a6", "b7", "b5", "c6"];
    let white = ["c1", "d2", "c3", "e1", "e3", "c7", "d6", "c5", "b2", "f2"];
    let start = from_start(&game, &line(&black, &white));
    let s = after(
        &game,
        &start,
        "place c2 place b6 place e2 place b2 place c6",
    );
    (game, s)
}

#[test]
fn superko_cuts_a_triple_ko_that_simple_ko_lets_cycle() {
    let (game, s) = triple_ko(Ko::Simple);
    let legal = names(&game, &s);
    assert!(
        legal.contains(&"place f2".to_string()),
        "{}",
        game.render(&s)
    );
    // Under simple ko the cycle closes: the starting position again, Black to move.
    let black = ["a2", "b1", "b3", "g2", "f1", "f3", "a6", "b7", "b5", "c6"];
    let white = ["c1", "d2", "c3", "e1", "e3", "c7", "d6", "c5", "b2", "f2"];
    let start = from_start(&game, &line(&black, &white));
    let cycled = after(&game, &s, "place f2");
    assert_eq!(cycled.cells(), start.cells());
    assert_eq!(cycled.node(), NodeType::Decision);
    let (game, s) = triple_ko(Ko::Super);
    let legal = names(&game, &s);
    assert!(
        !legal.contains(&"place f2".to_string()),
        "{}",
        game.render(&s)
    );
    // Each take before it made a new position, and every other placement stays legal.
    assert!(legal.contains(&"place g7".to_string()));
}

#[test]
fn the_area_of_a_finished_5x5_game() {
    let game = go(5, Ko::Super);
    // Black walls column c, White column d; both pass. Black: 15 points (a to c), White 10 (d,
    // e) and 7.5 komi: White wins by 2.5.
    let s = from_start(
        &game,
        &format!(
            "{} pass pass",
            line(
                &["c1", "c2", "c3", "c4", "c5"],
                &["d1", "d2", "d3", "d4", "d5"]
            )
        ),
    );
    assert!(setup::ended(&s, Status::Won(1)), "{}", game.render(&s));
    let stores: Vec<u32> = s.scores().iter().copied().collect();
    assert_eq!(stores, [15, 10]);
    // The drawing marks the territory at the end: ten points for Black (a, b), five for White.
    let svg = ludus::diagram::svg(&game, &s);
    assert_eq!(svg.matches(r#"class="territory""#).count(), 15);
    let before = from_start(&game, &line(&["c1"], &["d1"]));
    assert!(!ludus::diagram::svg(&game, &before).contains("territory"));
    // With a White stone inside Black's side, a1 is bordered by both: neither's territory.
    let s = from_start(
        &game,
        &format!(
            "{} pass pass",
            line(
                &["c1", "c2", "c3", "c4", "c5", "b2"],
                &["d1", "d2", "d3", "d4", "d5", "a2"]
            )
        ),
    );
    let stores: Vec<u32> = s.scores().iter().copied().collect();
    // Black: 6 stones, no territory (a1..b5 all touch White's a2); White: 6 stones, e1..e5.
    assert_eq!(stores, [6, 11], "{}", game.render(&s));
    assert!(setup::ended(&s, Status::Won(1)));
}

#[test]
fn the_komi_is_a_decimal_counted_to_a_thousandth() {
    // The finished game above: Black 15 points, White 10 and the komi.
    let moves = format!(
        "{} pass pass",
        line(
            &["c1", "c2", "c3", "c4", "c5"],
            &["d1", "d2", "d3", "d4", "d5"]
        )
    );
    for (komi, result) in [
        ("5", Status::Drawn),
        ("5.0", Status::Drawn),
        ("4.999", Status::Won(0)),
        ("5.001", Status::Won(1)),
        ("-0.5", Status::Won(0)),
    ] {
        let game = load("games/go.game", &[("size", "5"), ("komi", komi)]);
        let s = from_start(&game, &moves);
        assert!(setup::ended(&s, result), "komi {komi}: {}", game.render(&s));
    }
    // Past three places, or outside its range, a komi is refused with the values it takes.
    for komi in ["7.5555", "100", "seven"] {
        let settings = [("komi".to_string(), komi.to_string())];
        let Err(e) = ludus::load_file(std::path::Path::new("games/go.game"), &settings) else {
            panic!("komi {komi} loads");
        };
        let text = e.render(false);
        assert!(
            text.contains("a number from -99.0 to 99.0, to three decimal places"),
            "{text}"
        );
    }
}
