//! International draughts (games/international-draughts.game): a plain model written from the
//! FMJD rules (not through the language), in perft and in lock step over seeded random games;
//! and positions with exact expectations: a flying king's landings, the majority rule, the
//! Turkish strike, a man passing the far row mid-capture. Brazilian draughts
//! (tests/variants/brazilian-draughts.game), the same rules on 8x8, shows `flying:` and `most`
//! on a second game.

use crate::setup;

use ludus::engine::{Cell, Position};
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use setup::{after, empty, load, sorted_names};

const DIAGONALS: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const MAN: u8 = 0;
const KING: u8 = 1;

fn international() -> Game {
    load("games/international-draughts.game", &[])
}

/// A move of the model: origin, target, the pieces taken (sorted), for comparing with ludus's
/// moves whatever order of the same capture either lists.
type Key = (usize, usize, Vec<usize>);

/// The rules on an `n` by `n` board whose a1 is dark, `rows` rows of men each.
#[derive(Clone)]
struct Reference {
    n: usize,
    /// Each square: owner (0 or 1) and kind.
    squares: Vec<Option<(u8, u8)>>,
    mover: u8,
    since_progress: u32,
    limit: u32,
    /// The winner, or `Some(None)` for a draw, once the game is over.
    result: Option<Option<u8>>,
}

impl Reference {
    fn new(n: usize, rows: usize, limit: u32) -> Reference {
        let mut squares = vec![None; n * n];
        for r in 0..n {
            for c in (0..n).filter(|c| (r + c) % 2 == 0) {
                if r < rows {
                    squares[r * n + c] = Some((0, MAN));
                } else if r >= n - rows {
                    squares[r * n + c] = Some((1, MAN));
                }
            }
        }
        Reference {
            n,
            squares,
            mover: 0,
            since_progress: 0,
            limit,
            result: None,
        }
    }

    fn at(&self, s: usize, (dr, dc): (i64, i64), k: i64) -> Option<usize> {
        let (r, c) = ((s / self.n) as i64 + dr * k, (s % self.n) as i64 + dc * k);
        let n = self.n as i64;
        ((0..n).contains(&r) && (0..n).contains(&c)).then(|| (r * n + c) as usize)
    }

    /// Every capture sequence of the piece on `from`, to its end: (landing, pieces taken).
    fn captures(&self, from: usize) -> Vec<(usize, Vec<usize>)> {
        let (owner, kind) = self.squares[from].expect("a piece");
        let mut out = Vec::new();
        self.extend(from, from, owner, kind, &mut Vec::new(), &mut out);
        out
    }

    fn extend(
        &self,
        from: usize,
        at: usize,
        owner: u8,
        kind: u8,
        taken: &mut Vec<usize>,
        out: &mut Vec<(usize, Vec<usize>)>,
    ) {
        // The origin is empty once the piece leaves it; taken pieces stay until the end.
        let empty = |s: usize| s == from || self.squares[s].is_none();
        let mut went_on = false;
        for d in DIAGONALS {
            let mut k = 1;
            if kind == KING {
                while self.at(at, d, k).is_some_and(empty) {
                    k += 1;
                }
            }
            let Some(over) = self.at(at, d, k) else {
                continue;
            };
            if empty(over)
                || self.squares[over].is_some_and(|(o, _)| o == owner)
                || taken.contains(&over)
            {
                continue;
            }
            let mut j = k + 1;
            while let Some(land) = self.at(at, d, j).filter(|&s| empty(s)) {
                went_on = true;
                taken.push(over);
                self.extend(from, land, owner, kind, taken, out);
                taken.pop();
                if kind == MAN {
                    break;
                }
                j += 1;
            }
        }
        if !went_on && !taken.is_empty() {
            let mut set = taken.clone();
            set.sort();
            out.push((at, set));
        }
    }

    fn moves(&self) -> Vec<Key> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mine: Vec<usize> = (0..self.squares.len())
            .filter(|&s| self.squares[s].is_some_and(|(o, _)| o == self.mover))
            .collect();
        let mut captures: Vec<Key> = Vec::new();
        for &s in &mine {
            for (to, taken) in self.captures(s) {
                let key = (s, to, taken);
                if !captures.contains(&key) {
                    captures.push(key);
                }
            }
        }
        if let Some(most) = captures.iter().map(|k| k.2.len()).max() {
            captures.retain(|k| k.2.len() == most);
            return captures;
        }
        let forward = if self.mover == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        for &s in &mine {
            let kind = self.squares[s].expect("a piece").1;
            for d in DIAGONALS {
                if kind == MAN && d.0 != forward {
                    continue;
                }
                let mut k = 1;
                while let Some(t) = self.at(s, d, k).filter(|&t| self.squares[t].is_none()) {
                    out.push((s, t, Vec::new()));
                    if kind == MAN {
                        break;
                    }
                    k += 1;
                }
            }
        }
        out
    }

    fn play(&mut self, (from, to, taken): Key) {
        let (owner, kind) = self.squares[from].take().expect("a piece");
        for &t in &taken {
            self.squares[t] = None;
        }
        let far = if owner == 0 { self.n - 1 } else { 0 };
        let kind = if to / self.n == far { KING } else { kind };
        self.squares[to] = Some((owner, kind));
        let progress = !taken.is_empty() || kind == MAN;
        self.since_progress = if progress { 0 } else { self.since_progress + 1 };
        self.mover = 1 - self.mover;
        if self.moves().is_empty() {
            self.result = Some(Some(1 - self.mover));
        } else if self.since_progress >= self.limit {
            self.result = Some(None);
        }
    }

    fn name(&self, s: usize) -> String {
        format!("{}{}", (b'a' + (s % self.n) as u8) as char, s / self.n + 1)
    }

    fn site(&self, name: &str) -> usize {
        setup::site(self.n, name)
    }

    /// The key of a move written by ludus (`c3-d4`, `a1xc3xe5`), read on this position: the
    /// pieces taken are those between its landings (the origin crossed as empty).
    fn key(&self, text: &str) -> Key {
        let squares: Vec<usize> = text.split(['-', 'x']).map(|s| self.site(s)).collect();
        let (from, to) = (squares[0], *squares.last().expect("a target"));
        let mut taken = Vec::new();
        if text.contains('x') {
            for pair in squares.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let (dr, dc) = (
                    (b / self.n) as i64 - (a / self.n) as i64,
                    (b % self.n) as i64 - (a % self.n) as i64,
                );
                let d = (dr.signum(), dc.signum());
                for k in 1..dr.abs() {
                    let s = self.at(a, d, k).expect("on the board");
                    if s != from && self.squares[s].is_some() {
                        taken.push(s);
                    }
                }
            }
        }
        taken.sort();
        (from, to, taken)
    }

    fn keys(&self, game: &Game, s: &State) -> Vec<Key> {
        let mut keys: Vec<Key> = setup::names(game, s).iter().map(|m| self.key(m)).collect();
        keys.sort();
        keys
    }

    /// Whether ludus's board agrees square by square.
    fn agrees(&self, s: &State) -> Result<(), String> {
        for (i, cell) in s.cells().iter().enumerate().take(self.n * self.n) {
            let theirs = (cell.count > 0).then(|| (cell.owner - 1, cell.kind));
            if theirs != self.squares[i] {
                return Err(format!(
                    "{}: {theirs:?} against {:?}",
                    self.name(i),
                    self.squares[i]
                ));
            }
        }
        (s.mover() == self.mover || s.node() == NodeType::Terminal)
            .then_some(())
            .ok_or_else(|| "the player to move".to_string())
    }
}

fn perft(model: &Reference, depth: usize) -> u64 {
    setup::reference_perft(model, depth, Reference::moves, Reference::play)
}

#[test]
fn perft_agrees_with_the_reference_and_the_published_counts() {
    let game = international();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 5);
    let reference = Reference::new(10, 4, 50);
    let expected: Vec<u64> = (0..=5).map(|d| perft(&reference, d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts, [1, 9, 81, 658, 4265, 27117]);
}

/// Depths 6 to 9, the published counts (a few seconds in release):
/// `cargo test --release --test it -- --ignored international_draughts::deep`.
#[test]
#[ignore = "long in a debug build: run with --release"]
fn deep_perft_matches_the_published_counts() {
    let game = international();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 9);
    assert_eq!(
        counts[6..],
        [167140, 1049442, 6483961, 41022423],
        "{counts:?}"
    );
}

fn lock_step(game: &Game, model: Reference, seed: u64) -> (Option<u8>, usize) {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = model;
    let mut s = game.new_initial_state();
    let mut length = 0;
    loop {
        let mut expected = reference.moves();
        expected.sort();
        assert_eq!(
            reference.keys(game, &s),
            expected,
            "seed {seed}, move {length}\n{}",
            game.render(&s)
        );
        if let Some(result) = reference.result {
            assert_eq!(s.node(), NodeType::Terminal, "seed {seed}");
            let status = result.map_or(Status::Drawn, Status::Won);
            assert_eq!(s.status(), status, "seed {seed}\n{}", game.render(&s));
            return (result, length);
        }
        assert_ne!(s.node(), NodeType::Terminal, "seed {seed}");
        let pick = expected[rng.random_range(0..expected.len())].clone();
        let text = setup::names(game, &s)
            .into_iter()
            .find(|m| reference.key(m) == pick)
            .expect("the move among ludus's");
        let m = game.parse_move(&s, &text).unwrap();
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
    let game = international();
    let (mut wins, mut draws, mut moves) = ([0; 2], 0, 0);
    for seed in 0..60 {
        let (result, length) = lock_step(&game, Reference::new(10, 4, 50), seed);
        match result {
            Some(w) => wins[w as usize] += 1,
            None => draws += 1,
        }
        moves += length;
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?} {draws}");
    assert!(moves > 60 * 50, "{moves} moves in 60 games");
}

/// A position of pieces named `"K e5"` (king) or `"e5"` (man) for P1 and P2.
fn position(game: &Game, p1: &[&str], p2: &[&str], mover: u8) -> Position {
    let mut p = empty(game);
    let columns = game.topology.columns;
    for (owner, pieces) in [(1, p1), (2, p2)] {
        for piece in pieces {
            let (kind, at) = match piece.strip_prefix("K ") {
                Some(at) => (KING, at),
                None => (MAN, *piece),
            };
            p.board.cells[setup::site(columns, at)] = Cell {
                count: 1,
                owner,
                kind,
                ..Cell::default()
            };
        }
    }
    p.mover = mover;
    p
}

/// The model of the same position as [`position`].
fn model(p1: &[&str], p2: &[&str], mover: u8) -> Reference {
    let mut r = Reference::new(10, 0, 50);
    for (owner, pieces) in [(0, p1), (1, p2)] {
        for piece in pieces {
            let (kind, at) = match piece.strip_prefix("K ") {
                Some(at) => (KING, at),
                None => (MAN, *piece),
            };
            let s = r.site(at);
            r.squares[s] = Some((owner, kind));
        }
    }
    r.mover = mover;
    r
}

#[test]
fn a_flying_king_captures_at_a_distance_and_lands_on_any_square_beyond() {
    let game = international();
    // The king on a1 sees the man on e5 across three empty squares; f6 to j10 lie beyond.
    let s = game.state_at(position(&game, &["K a1"], &["e5", "a9"], 0));
    assert_eq!(
        sorted_names(&game, &s),
        ["a1xf6", "a1xg7", "a1xh8", "a1xi9", "a1xj10"]
    );
    let s = after(&game, &s, "a1xh8");
    assert_eq!(s.cells()[setup::site(10, "e5")].count, 0);
    assert_eq!(s.cells()[setup::site(10, "h8")].kind, KING);
}

#[test]
fn the_majority_rule_keeps_the_capture_that_takes_the_most() {
    let game = international();
    // The man on c3 can take two (d4, then d6); the man on g1 three (h2, h4, then h6): the
    // three-piece capture is the only legal move.
    let s = game.state_at(position(
        &game,
        &["c3", "g1"],
        &["d4", "d6", "h2", "h4", "h6", "a9"],
        0,
    ));
    assert_eq!(sorted_names(&game, &s), ["g1xi3xg5xi7"]);
    // Without the majority rule, the two-piece capture would be listed too.
    let model = model(&["c3", "g1"], &["d4", "d6", "h2", "h4", "h6", "a9"], 0);
    assert_eq!(
        model.captures(model.site("c3")),
        [(model.site("c7"), vec![model.site("d4"), model.site("d6")])]
    );
    assert_eq!(model.moves().len(), 1);
}

#[test]
fn a_jumped_piece_stays_until_the_capture_ends_and_is_not_crossed_again() {
    let game = international();
    // The king on d4 may take e5 or c3, one piece either way. Were e5 lifted at once, the king
    // could come back from f6 across e5 and d4 and take c3 too, two pieces, which the majority
    // rule would then impose: the Turkish strike leaves e5 standing until the move ends.
    let s = game.state_at(position(&game, &["K d4"], &["e5", "c3", "a9"], 0));
    assert_eq!(
        sorted_names(&game, &s),
        ["d4xa1", "d4xb2", "d4xf6", "d4xg7", "d4xh8", "d4xi9", "d4xj10"]
    );
    let model = model(&["K d4"], &["e5", "c3", "a9"], 0);
    let mut expected = model.moves();
    expected.sort();
    assert_eq!(model.keys(&game, &s), expected);
    // Two chains over the same pieces to the same square are one move: the king on b2 takes
    // d4 and then one of f6, f4, d6 from e5, never d4 again.
    let s = game.state_at(position(
        &game,
        &["K b2"],
        &["d4", "f4", "f6", "d6", "a9"],
        0,
    ));
    assert_eq!(
        sorted_names(&game, &s),
        [
            "b2xe5xb8",
            "b2xe5xc7",
            "b2xe5xg3",
            "b2xe5xg7",
            "b2xe5xh2",
            "b2xe5xh8",
            "b2xe5xi1",
            "b2xe5xi9",
            "b2xe5xj10"
        ]
    );
}

#[test]
fn a_man_passing_the_far_row_mid_capture_stays_a_man() {
    let game = international();
    // The man on f8 takes g9 and lands on h10, the far row, then must take i9 backwards to j8:
    // it ends its move a man.
    let s = game.state_at(position(&game, &["f8"], &["g9", "i9", "a5"], 0));
    assert_eq!(sorted_names(&game, &s), ["f8xh10xj8"]);
    let s = after(&game, &s, "f8xh10xj8");
    let cell = s.cells()[setup::site(10, "j8")];
    assert_eq!((cell.owner, cell.kind), (1, MAN));
    // Ending on the far row crowns.
    let s = game.state_at(position(&game, &["f8"], &["g9", "a5"], 0));
    let s = after(&game, &s, "f8xh10");
    assert_eq!(s.cells()[setup::site(10, "h10")].kind, KING);
}

#[test]
fn brazilian_draughts_plays_the_same_rules_on_eight_by_eight() {
    let game = load("tests/variants/brazilian-draughts.game", &[]);
    let reference = Reference::new(8, 3, 50);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 5);
    let expected: Vec<u64> = (0..=5).map(|d| perft(&reference, d)).collect();
    assert_eq!(counts, expected);
    for seed in 0..20 {
        lock_step(&game, Reference::new(8, 3, 50), seed);
    }
}
