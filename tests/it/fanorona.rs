//! Fanorona (games/fanorona.game): a plain model written from the rules (not through the
//! language) in perft and in lock step over seeded random games, point by point; and positions
//! with exact expectations: approach and withdrawal from the same move, a chain that would
//! revisit a point, a chain that would go the same way twice, and a chain stopped midway.

use crate::setup;

use ludus::engine::{Cell, Position};
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use setup::{after, empty, load, site, sorted_names};

const COLUMNS: usize = 9;
const SITES: usize = COLUMNS * 5;
/// The most steps a chain records (the `capture-step` doc): a longer chain is not made.
const MAX_STEPS: usize = 11;
/// The eight ways along a line, as (rows, columns); the opposite of way `k` is `(k + 4) % 8`.
const WAYS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn fanorona() -> Game {
    load("games/fanorona.game", &[])
}

/// Fanoron-Dimy, the same rules on the 5x5 board (tests/variants/fanoron-dimy.game).
fn dimy() -> Game {
    load("tests/variants/fanoron-dimy.game", &[])
}

/// A board of 5 rows of points, `columns` wide: orthogonal lines join every point, diagonal lines
/// only the points whose column and row add up to an even number.
#[derive(Clone, Copy)]
struct Lines {
    columns: usize,
}

impl Lines {
    /// The point one step from `s` along way `k`, if a line runs there.
    fn neighbour(self, s: usize, k: usize) -> Option<usize> {
        let (r, c) = ((s / self.columns) as i64, (s % self.columns) as i64);
        let (dr, dc) = WAYS[k];
        if dr != 0 && dc != 0 && (r + c) % 2 != 0 {
            return None;
        }
        let (r, c) = (r + dr, c + dc);
        ((0..5).contains(&r) && (0..self.columns as i64).contains(&c))
            .then(|| r as usize * self.columns + c as usize)
    }

    fn name(self, s: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (s % self.columns) as u8) as char,
            s / self.columns + 1
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Move {
    /// A step that captures nothing (paika).
    Paika(usize, usize),
    /// A capturing piece's origin and its steps: each landing, and whether it withdrew.
    Chain(usize, Vec<(usize, bool)>),
}

#[derive(Clone)]
struct Reference {
    lines: Lines,
    points: Vec<Option<u8>>,
    mover: u8,
    /// Moves in a row without a capture.
    quiet: u32,
    limit: u32,
    /// The winner (`None` for a draw) once the game is over.
    result: Option<Option<u8>>,
}

impl Reference {
    /// The start: White (P1) on the two bottom rows, Black (P2) on the two top rows, the middle
    /// row as `middle` says (`W`, `B`, or `.` for the empty centre).
    fn new(middle: &str, limit: u32) -> Reference {
        let columns = middle.len();
        let mut points = vec![None; 5 * columns];
        for (s, point) in points.iter_mut().enumerate() {
            *point = match s / columns {
                0 | 1 => Some(0),
                3 | 4 => Some(1),
                _ => match middle.as_bytes()[s % columns] {
                    b'W' => Some(0),
                    b'B' => Some(1),
                    _ => None,
                },
            };
        }
        Reference {
            lines: Lines { columns },
            points,
            mover: 0,
            quiet: 0,
            limit,
            result: None,
        }
    }

    /// Fanorona's start: the middle row alternates, Black first, the centre empty.
    fn fanorona(limit: u32) -> Reference {
        Reference::new("BWBW.BWBW", limit)
    }

    /// Takes the line of opposing pieces from `first` along way `k`; how many were taken.
    fn take_line(&self, points: &mut [Option<u8>], me: u8, first: usize, k: usize) -> usize {
        let mut taken = 0;
        let mut at = Some(first);
        while let Some(t) = at {
            match points[t] {
                Some(p) if p != me => {
                    points[t] = None;
                    taken += 1;
                    at = self.lines.neighbour(t, k);
                }
                _ => break,
            }
        }
        taken
    }

    /// Every chain going on from `at` (the piece standing there, `path` its steps so far,
    /// `last` the way of the last), pushed at each capture since the player may stop.
    fn chains(
        &self,
        points: &[Option<u8>],
        origin: usize,
        at: usize,
        path: &mut Vec<(usize, bool)>,
        last: Option<usize>,
        out: &mut Vec<Move>,
    ) {
        if path.len() >= MAX_STEPS {
            return;
        }
        let me = self.mover;
        for k in 0..8 {
            let Some(to) = self.lines.neighbour(at, k) else {
                continue;
            };
            let visited = to == origin || path.iter().any(|&(s, _)| s == to);
            if points[to].is_some() || last == Some(k) || visited {
                continue;
            }
            for withdraws in [false, true] {
                let (first, way) = if withdraws {
                    (self.lines.neighbour(at, (k + 4) % 8), (k + 4) % 8)
                } else {
                    (self.lines.neighbour(to, k), k)
                };
                let Some(first) = first else { continue };
                if !matches!(points[first], Some(p) if p != me) {
                    continue;
                }
                let mut next = points.to_vec();
                next[at] = None;
                next[to] = Some(me);
                self.take_line(&mut next, me, first, way);
                path.push((to, withdraws));
                out.push(Move::Chain(origin, path.clone()));
                self.chains(&next, origin, to, path, Some(k), out);
                path.pop();
            }
        }
    }

    fn moves(&self) -> Vec<Move> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mine: Vec<usize> = (0..self.points.len())
            .filter(|&s| self.points[s] == Some(self.mover))
            .collect();
        let mut out = Vec::new();
        for &s in &mine {
            self.chains(&self.points, s, s, &mut Vec::new(), None, &mut out);
        }
        if out.is_empty() {
            for &s in &mine {
                for k in 0..8 {
                    let to = self.lines.neighbour(s, k);
                    if let Some(to) = to.filter(|&t| self.points[t].is_none()) {
                        out.push(Move::Paika(s, to));
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, m: Move) {
        let me = self.mover;
        let mut taken = 0;
        match m {
            Move::Paika(from, to) => {
                self.points[from] = None;
                self.points[to] = Some(me);
            }
            Move::Chain(origin, path) => {
                let mut at = origin;
                for (to, withdraws) in path {
                    let k = (0..8)
                        .find(|&k| self.lines.neighbour(at, k) == Some(to))
                        .unwrap();
                    self.points[at] = None;
                    self.points[to] = Some(me);
                    let way = if withdraws { (k + 4) % 8 } else { k };
                    let first = if withdraws {
                        self.lines.neighbour(at, way)
                    } else {
                        self.lines.neighbour(to, k)
                    };
                    let mut points = std::mem::take(&mut self.points);
                    taken += self.take_line(&mut points, me, first.unwrap(), way);
                    self.points = points;
                    at = to;
                }
            }
        }
        self.quiet = if taken > 0 { 0 } else { self.quiet + 1 };
        self.mover = 1 - me;
        if self.moves().is_empty() {
            self.result = Some(Some(me));
        } else if self.quiet >= self.limit {
            self.result = Some(None);
        }
    }

    fn perft(&self, depth: usize) -> u64 {
        setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(&self, m: &Move) -> String {
        let point = |s: usize| self.lines.name(s);
        match m {
            Move::Paika(from, to) => format!("{}-{}", point(*from), point(*to)),
            Move::Chain(origin, path) => {
                let mut out = point(*origin);
                for &(to, withdraws) in path {
                    out.push_str(&format!(
                        "-{}{}",
                        point(to),
                        if withdraws { 'W' } else { 'A' }
                    ));
                }
                out
            }
        }
    }

    /// The board agrees with ludus's, point by point.
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
        Ok(())
    }
}

#[test]
fn perft_agrees_with_the_reference() {
    let game = fanorona();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 5);
    let reference = Reference::fanorona(100);
    let expected: Vec<u64> = (0..=5).map(|d| reference.perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts, [1, 5, 39, 724, 18026, 431852]);
}

/// Depth 6 against the reference (about 40 s in a debug build); the count alone is
/// `cargo run --release --locked -- perft games/fanorona.game --depth 6`.
#[test]
#[ignore = "long: about 40 s in a debug build"]
fn perft_agrees_with_the_reference_at_depth_6() {
    let game = fanorona();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 6);
    assert_eq!(counts[6], Reference::fanorona(100).perft(6));
    assert_eq!(counts[6], 9205629);
}

/// Plays a seeded random game in lock step with the reference; its winner and longest chain.
fn lock_step(game: &Game, start: &Reference, seed: u64) -> (Option<u8>, usize) {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = start.clone();
    let mut s = game.new_initial_state();
    let mut longest = 0;
    loop {
        let moves = reference.moves();
        let mut expected: Vec<String> = moves.iter().map(|m| reference.name(m)).collect();
        expected.sort();
        assert_eq!(
            sorted_names(game, &s),
            expected,
            "seed {seed}\n{}",
            game.render(&s)
        );
        if let Some(result) = reference.result {
            assert_eq!(s.node(), NodeType::Terminal, "seed {seed}");
            let status = result.map_or(Status::Drawn, Status::Won);
            assert_eq!(s.status(), status, "seed {seed}\n{}", game.render(&s));
            return (result, longest);
        }
        assert_ne!(s.node(), NodeType::Terminal, "seed {seed}");
        let pick = moves[rng.random_range(0..moves.len())].clone();
        if let Move::Chain(_, path) = &pick {
            longest = longest.max(path.len());
        }
        let m = game.parse_move(&s, &reference.name(&pick)).unwrap();
        game.apply_checked(&mut s, m).unwrap();
        reference.play(pick);
        if let Err(e) = reference.agrees(&s) {
            panic!("seed {seed}: {e}\n{}", game.render(&s));
        }
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let game = fanorona();
    let (mut wins, mut draws, mut longest) = ([0; 2], 0, 0);
    let start = Reference::fanorona(100);
    for seed in 0..200 {
        let (result, chain) = lock_step(&game, &start, seed);
        longest = longest.max(chain);
        match result {
            Some(w) => wins[w as usize] += 1,
            None => draws += 1,
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?} {draws}");
    eprintln!("{wins:?} won, {draws} drawn, chains of {longest} steps at most");
    assert!(longest >= 3, "chains of {longest} steps at most");
    // A short limit draws some games.
    let short = load("games/fanorona.game", &[("limit", "4")]);
    let draws = (0..50)
        .filter(|&seed| lock_step(&short, &Reference::fanorona(4), seed).0.is_none())
        .count();
    assert!(draws > 0);
}

#[test]
fn fanorona_keeps_the_invariants() {
    let tally = setup::tally(&fanorona(), 100, true);
    assert!(tally.wins[0] > 0 && tally.wins[1] > 0, "{tally:?}");
}

/// The same ludeme on a second board: Fanoron-Dimy, 5x5, against the same reference.
#[test]
fn fanoron_dimy_agrees_with_the_reference() {
    let game = dimy();
    let start = Reference::new("WB.WB", 100);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 5);
    let expected: Vec<u64> = (0..=5).map(|d| start.perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts, [1, 5, 21, 202, 3469, 34608]);
    let mut wins = [0; 2];
    for seed in 0..200 {
        if let (Some(w), _) = lock_step(&game, &start, seed) {
            wins[w as usize] += 1;
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
    let tally = setup::tally(&game, 100, true);
    assert!(tally.wins[0] > 0 && tally.wins[1] > 0, "{tally:?}");
}

/// A position of P1's and P2's pieces on the named points, `mover` to move.
fn position(game: &Game, p1: &[&str], p2: &[&str], mover: u8) -> State {
    let mut p: Position = empty(game);
    for (owner, points) in [(1, p1), (2, p2)] {
        for at in points {
            p.board.cells[site(COLUMNS, at)] = Cell {
                count: 1,
                owner,
                ..Cell::default()
            };
        }
    }
    p.mover = mover;
    game.state_at(p)
}

/// The points P1 and P2 hold, each sorted by name.
fn pieces(s: &State) -> [Vec<String>; 2] {
    let name = |i: usize| {
        format!(
            "{}{}",
            (b'a' + (i % COLUMNS) as u8) as char,
            i / COLUMNS + 1
        )
    };
    let of = |owner: u8| {
        let mut v: Vec<String> = (0..SITES)
            .filter(|&i| s.cells()[i].count > 0 && s.cells()[i].owner == owner)
            .map(name)
            .collect();
        v.sort();
        v
    };
    [of(1), of(2)]
}

#[test]
fn one_step_captures_by_approach_or_by_withdrawal_and_the_mover_chooses() {
    let game = fanorona();
    // White's c3 steps east to d3: toward e3 and f3 (approach) or away from b3 and a3 (withdrawal).
    let s = position(&game, &["c3", "i1"], &["a3", "b3", "e3", "f3", "i5"], 0);
    assert_eq!(
        setup::names(&game, &s)
            .into_iter()
            .filter(|m| m.starts_with("c3-d3"))
            .collect::<Vec<_>>(),
        ["c3-d3A", "c3-d3W"]
    );
    let approach = after(&game, &s, "c3-d3A");
    assert_eq!(
        pieces(&approach),
        [vec!["d3", "i1"], vec!["a3", "b3", "i5"]]
    );
    let withdrawal = after(&game, &s, "c3-d3W");
    assert_eq!(
        pieces(&withdrawal),
        [vec!["d3", "i1"], vec!["e3", "f3", "i5"]]
    );
    // Captures are compulsory: no paika for i1 while c3 can capture.
    assert!(sorted_names(&game, &s).iter().all(|m| !m.starts_with("i1")));
}

#[test]
fn a_chain_never_lands_on_a_point_it_stood_on() {
    let game = fanorona();
    // c3-d3 takes e3 by approach, d3-d4 takes d5, and d4-c3 would take b2 by approach: c3 is
    // where the chain began. Without the rule it is a move (a variant with NewDirection alone).
    let white = ["c3"];
    let black = ["e3", "d5", "b2", "i5"];
    let s = position(&game, &white, &black, 0);
    let names = sorted_names(&game, &s);
    assert!(names.contains(&"c3-d3A-d4A".to_string()), "{names:?}");
    assert!(
        names.iter().all(|m| !m.starts_with("c3-d3A-d4A-c3")),
        "{names:?}"
    );
    let text = std::fs::read_to_string("games/fanorona.game").unwrap();
    let free = text.replace("chain:{NewDirection NewSite}", "chain:NewDirection");
    assert_ne!(free, text);
    let free = ludus::load_source("free.game", &free, &[]).unwrap();
    let s = position(&free, &white, &black, 0);
    assert!(sorted_names(&free, &s).contains(&"c3-d3A-d4A-c3A".to_string()));
}

#[test]
fn a_chain_never_goes_the_same_way_twice_in_a_row() {
    let game = fanorona();
    // c3-d3 takes b3 by withdrawal; d3-e3, east again, would take f3 by approach.
    let s = position(&game, &["c3"], &["b3", "f3", "i5"], 0);
    assert_eq!(sorted_names(&game, &s), ["c3-d3W"]);
    // Turning is allowed: with a piece on d5, d3-d4 (north) goes on and takes it.
    let s = position(&game, &["c3"], &["b3", "f3", "d5", "i5"], 0);
    assert_eq!(sorted_names(&game, &s), ["c3-d3W", "c3-d3W-d4A"]);
}

#[test]
fn a_player_may_stop_after_any_capture_of_a_chain() {
    let game = fanorona();
    let s = position(&game, &["c3"], &["e3", "d5", "b2", "i5"], 0);
    let names = sorted_names(&game, &s);
    for part in ["c3-d3A", "c3-d3A-d4A"] {
        assert!(names.contains(&part.to_string()), "{names:?}");
    }
    // Stopped after the first capture: d5 stays, and Black moves.
    let stopped = after(&game, &s, "c3-d3A");
    assert_eq!(pieces(&stopped), [vec!["d3"], vec!["b2", "d5", "i5"]]);
    assert_eq!(stopped.node(), NodeType::Decision);
    let whole = after(&game, &s, "c3-d3A-d4A");
    assert_eq!(pieces(&whole), [vec!["d4"], vec!["b2", "i5"]]);
}

#[test]
fn a_player_without_a_move_loses() {
    let game = fanorona();
    // White's last piece is taken: Black wins.
    let s = position(&game, &["e1"], &["e3", "i5"], 1);
    let s = after(&game, &s, "e3-e2A");
    assert_eq!(s.status(), Status::Won(1));
}

/// Fanorona's text with its `capture-step` options replaced.
fn edited(from: &str, to: &str) -> Game {
    let text = std::fs::read_to_string("games/fanorona.game").unwrap();
    let edited = text.replace(from, to);
    assert_ne!(edited, text);
    ludus::load_source("edited.game", &edited, &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_step_may_capture_by_approach_alone_and_a_chain_may_be_forbidden() {
    let white = ["c3"];
    let black = ["a3", "b3", "e3", "d5", "i5"];
    let game = edited("(capture-step All", "(capture-step All by:Approach");
    let s = position(&game, &white, &black, 0);
    assert_eq!(sorted_names(&game, &s), ["c3-d3A", "c3-d3A-d4A"]);
    let game = edited("chain:{NewDirection NewSite} may-stop:true", "chain:None");
    let s = position(&game, &white, &black, 0);
    assert_eq!(sorted_names(&game, &s), ["c3-d3A", "c3-d3W"]);
    // Without `may-stop:`, only the chains that cannot go on are moves: after the withdrawal
    // (b3 and a3), d4 takes d5 and c5 withdraws from e3.
    let game = edited(" may-stop:true", "");
    let s = position(&game, &white, &black, 0);
    assert_eq!(sorted_names(&game, &s), ["c3-d3A-d4A", "c3-d3W-d4A-c5W"]);
}

#[test]
fn chain_none_stands_alone() {
    let text = std::fs::read_to_string("games/fanorona.game")
        .unwrap()
        .replace("chain:{NewDirection NewSite}", "chain:{None NewSite}");
    match ludus::load_source("bad.game", &text, &[]) {
        Err(ludus::LoadError::Invalid { diagnostics, .. }) => {
            assert!(diagnostics[0].message.contains("`None`"), "{diagnostics:?}")
        }
        other => panic!("the game should be refused, got {other:?}"),
    }
}

#[test]
fn a_chain_ends_at_eleven_steps_the_most_a_move_records() {
    // On a 4 x 30 board a piece on a2 zigzags east, each step taking one piece by approach:
    // north-east toward row 4, south-east toward row 1, fourteen times if it could.
    let black: Vec<String> = (0..14)
        .map(|k| if k % 2 == 0 { 90 + k + 2 } else { k + 2 })
        .map(|s| s.to_string())
        .collect();
    let text = format!(
        "(game \"Zigzag\" (players 2) (equipment {{(board (rectangle 4 30))}}) (rules (start \
         {{(pieces P1 (sites {{30}})) (pieces P2 (sites {{{}}}))}}) (play (capture-step All \
         by:Approach)) (end (if (no-moves Next) (result Next Loss)))))",
        black.join(" ")
    );
    let game = ludus::load_source("zigzag.game", &text, &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = game.new_initial_state();
    let names = sorted_names(&game, &s);
    assert_eq!(
        names,
        ["a2-b3A-c2A-d3A-e2A-f3A-g2A-h3A-i2A-j3A-k2A-l3A"],
        "one chain, cut at its eleventh step"
    );
    let s = after(&game, &s, &names[0]);
    let left = s.cells().iter().filter(|c| c.owner == 2).count();
    assert_eq!(left, 3);
}
