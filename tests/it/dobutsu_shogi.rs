//! Dobutsu shogi (games/dobutsu-shogi.game): a plain model written from the rules (not through
//! the language) in perft and in lock step over seeded random games, board and hands square by
//! square; and positions with exact expectations: a drop that gives check, a hen captured and
//! held as a chick, the lion's capture and the try.

use crate::setup;

use ludus::engine::{Cell, Position};
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use setup::{after, empty, load, names, site, sorted_names};

const COLUMNS: usize = 3;
const ROWS: usize = 4;
const SITES: usize = COLUMNS * ROWS;

/// The kinds in the game file's order: what a cell's `kind` holds.
const CHICK: u8 = 0;
const GIRAFFE: u8 = 1;
const ELEPHANT: u8 = 2;
const LION: u8 = 3;
const HEN: u8 = 4;
const KINDS: [&str; 5] = ["Chick", "Giraffe", "Elephant", "Lion", "Hen"];

fn dobutsu() -> Game {
    load("games/dobutsu-shogi.game", &[])
}

/// The steps of a kind for the player who moves up the board (P1), as (rows, columns); P2's are
/// the same turned round.
fn steps(kind: u8) -> &'static [(i64, i64)] {
    const ALL: &[(i64, i64)] = &[
        (1, -1),
        (1, 0),
        (1, 1),
        (0, -1),
        (0, 1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    match kind {
        CHICK => &[(1, 0)],
        GIRAFFE => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        ELEPHANT => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
        LION => ALL,
        // A gold general: orthogonally, and diagonally forward.
        _ => &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1)],
    }
}

/// A position as repetition reads it: squares, hands, player to move.
type Seen = ([Option<(u8, u8)>; SITES], [[u8; 5]; 2], u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    Step(usize, usize),
    Drop(u8, usize),
}

/// The plain model: squares hold `Some((player, kind))`, hands a count per kind.
#[derive(Clone, PartialEq)]
struct Reference {
    squares: [Option<(u8, u8)>; SITES],
    hands: [[u8; 5]; 2],
    mover: u8,
    /// `Some(Some(winner))` for a win, `Some(None)` for a draw.
    result: Option<Option<u8>>,
    /// The positions seen, the start first.
    seen: Vec<Seen>,
}

impl Reference {
    fn new() -> Reference {
        let mut squares = [None; SITES];
        for (s, kind) in [(0, ELEPHANT), (1, LION), (2, GIRAFFE), (4, CHICK)] {
            squares[s] = Some((0, kind));
            // P2's pieces: the same, turned round the board's centre.
            squares[SITES - 1 - s] = Some((1, kind));
        }
        Reference::at(squares, [[0; 5]; 2], 0)
    }

    fn at(squares: [Option<(u8, u8)>; SITES], hands: [[u8; 5]; 2], mover: u8) -> Reference {
        Reference {
            squares,
            hands,
            mover,
            result: None,
            seen: vec![(squares, hands, mover)],
        }
    }

    /// Where a step from `from` by `dir` lands for `player`, if on the board.
    fn target(player: u8, from: usize, (dr, dc): (i64, i64)) -> Option<usize> {
        let sign = if player == 0 { 1 } else { -1 };
        let (r, c) = (
            (from / COLUMNS) as i64 + sign * dr,
            (from % COLUMNS) as i64 + sign * dc,
        );
        ((0..ROWS as i64).contains(&r) && (0..COLUMNS as i64).contains(&c))
            .then(|| r as usize * COLUMNS + c as usize)
    }

    /// The steps of `player`'s pieces: to an empty square or onto an opposing piece.
    fn steps_of(&self, player: u8) -> Vec<Move> {
        let mut out = Vec::new();
        for from in 0..SITES {
            let Some((owner, kind)) = self.squares[from] else {
                continue;
            };
            if owner != player {
                continue;
            }
            for &d in steps(kind) {
                if let Some(to) = Reference::target(player, from, d) {
                    if self.squares[to].is_none_or(|(o, _)| o != player) {
                        out.push(Move::Step(from, to));
                    }
                }
            }
        }
        out
    }

    fn moves(&self) -> Vec<Move> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut out = self.steps_of(self.mover);
        for kind in 0..5u8 {
            if self.hands[self.mover as usize][kind as usize] > 0 {
                out.extend(
                    (0..SITES)
                        .filter(|&s| self.squares[s].is_none())
                        .map(|s| Move::Drop(kind, s)),
                );
            }
        }
        out
    }

    /// Whether `player`'s lion stands where the other player could capture it.
    fn lion_attacked(&self, player: u8) -> bool {
        self.steps_of(1 - player).iter().any(|m| match m {
            Move::Step(_, to) => self.squares[*to] == Some((player, LION)),
            Move::Drop(..) => false,
        })
    }

    fn play(&mut self, m: Move) {
        let me = self.mover;
        match m {
            Move::Step(from, to) => {
                if let Some((_, kind)) = self.squares[to] {
                    let held = if kind == HEN { CHICK } else { kind };
                    self.hands[me as usize][held as usize] += 1;
                }
                let (_, mut kind) = self.squares[from].expect("a piece steps");
                let far = if me == 0 { ROWS - 1 } else { 0 };
                if kind == CHICK && to / COLUMNS == far {
                    kind = HEN;
                }
                self.squares[to] = Some((me, kind));
                self.squares[from] = None;
            }
            Move::Drop(kind, to) => {
                self.hands[me as usize][kind as usize] -= 1;
                self.squares[to] = Some((me, kind));
            }
        }
        self.mover = 1 - me;
        let lion_taken = !self.squares.contains(&Some((1 - me, LION)));
        let far = if me == 0 { ROWS - 1 } else { 0 };
        let tried = (0..COLUMNS).any(|c| self.squares[far * COLUMNS + c] == Some((me, LION)))
            && !self.lion_attacked(me);
        let key = (self.squares, self.hands, self.mover);
        // The third time a position occurs draws.
        let third = self.seen.iter().filter(|&&k| k == key).count() >= 2;
        if lion_taken || tried || self.moves().is_empty() {
            self.result = Some(Some(me));
        } else if third {
            self.result = Some(None);
        }
        self.seen.push(key);
    }

    fn perft(&self, depth: usize) -> u64 {
        crate::setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    fn name(&self, m: Move) -> String {
        let square = |s: usize| {
            format!(
                "{}{}",
                (b'a' + (s % COLUMNS) as u8) as char,
                s / COLUMNS + 1
            )
        };
        match m {
            Move::Step(from, to) => {
                let sep = if self.squares[to].is_some() { "x" } else { "-" };
                // A chick reaching its far row is promoted, which ludus writes after the move.
                let far = match self.squares[from] {
                    Some((0, CHICK)) => to / COLUMNS == SITES / COLUMNS - 1,
                    Some((_, CHICK)) => to / COLUMNS == 0,
                    _ => false,
                };
                let promoted = if far { "=Hen" } else { "" };
                format!("{}{sep}{}{promoted}", square(from), square(to))
            }
            Move::Drop(kind, to) => format!("{}@{}", KINDS[kind as usize], square(to)),
        }
    }

    /// The board and hands agree with ludus's, square by square and kind by kind.
    fn agrees(&self, s: &State) -> Result<(), String> {
        for (i, (cell, square)) in s.cells().iter().zip(&self.squares).enumerate() {
            let ok = match *square {
                None => cell.count == 0,
                Some((p, kind)) => (cell.count, cell.owner, cell.kind) == (1, p + 1, kind),
            };
            if !ok {
                return Err(format!("site {i}: {cell:?} against {square:?}"));
            }
        }
        for p in 0..2u8 {
            for kind in 0..5u8 {
                let (mine, theirs) = (self.hands[p as usize][kind as usize], s.held(p, kind));
                if mine != theirs {
                    return Err(format!(
                        "P{} holds {theirs} {}, not {mine}",
                        p + 1,
                        KINDS[kind as usize]
                    ));
                }
            }
        }
        Ok(())
    }
}

#[test]
fn perft_agrees_with_the_reference() {
    let game = dobutsu();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), 6);
    let reference = Reference::new();
    let expected: Vec<u64> = (0..=6).map(|d| reference.perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(counts, [1, 4, 17, 123, 976, 8122, 71677]);
}

fn lock_step(game: &Game, seed: u64) -> (Option<u8>, usize) {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut reference = Reference::new();
    let mut s = game.new_initial_state();
    let mut length = 0;
    loop {
        let moves = reference.moves();
        let mut expected: Vec<String> = moves.iter().map(|&m| reference.name(m)).collect();
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
            return (result, length);
        }
        assert_ne!(s.node(), NodeType::Terminal, "seed {seed}");
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
    let game = dobutsu();
    let (mut wins, mut draws) = ([0; 2], 0);
    for seed in 0..300 {
        match lock_step(&game, seed).0 {
            Some(w) => wins[w as usize] += 1,
            None => draws += 1,
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0 && draws > 0, "{wins:?} {draws}");
}

/// A position of pieces named `"Lion b1"` for P1 and P2, and hands of kinds.
fn position(game: &Game, p1: &[&str], p2: &[&str], hands: [&[u8]; 2], mover: u8) -> Position {
    let mut p = empty(game);
    for (owner, pieces) in [(1, p1), (2, p2)] {
        for piece in pieces {
            let (kind, at) = piece.split_once(' ').expect("a kind and a square");
            p.board.cells[site(COLUMNS, at)] = Cell {
                count: 1,
                owner,
                kind: KINDS.iter().position(|k| *k == kind).expect("a kind") as u8,
                ..Cell::default()
            };
        }
    }
    for (player, kinds) in hands.iter().enumerate() {
        for (kind, &n) in kinds.iter().enumerate() {
            p.board.set_held(player as u8, kind as u8, n);
        }
    }
    p.mover = mover;
    p
}

#[test]
fn a_dropped_giraffe_gives_check() {
    let game = dobutsu();
    // P1 holds a giraffe; P2's lion stands on b4.
    let s = game.state_at(position(
        &game,
        &["Lion a1"],
        &["Lion b4", "Chick c3"],
        [&[0, 1], &[]],
        0,
    ));
    let moves = names(&game, &s);
    assert_eq!(
        moves.iter().filter(|m| m.starts_with("Giraffe@")).count(),
        SITES - 3,
        "{moves:?}"
    );
    let s = after(&game, &s, "Giraffe@b3");
    assert_eq!(s.held(0, GIRAFFE), 0);
    assert_eq!(s.hands()[0], 0);
    assert_eq!(s.cells()[site(COLUMNS, "b3")].kind, GIRAFFE);
    // The lion is attacked: were P1 to move again, the giraffe would take it.
    let mut p = game.position(&s);
    p.mover = 0;
    let again = game.state_at(p);
    assert!(names(&game, &again).contains(&"b3xb4".to_string()));
    // P2 must answer it: its lion steps away or takes the giraffe.
    assert!(names(&game, &s).contains(&"b4xb3".to_string()));
}

#[test]
fn a_captured_hen_is_held_as_a_chick_by_the_captor() {
    let game = dobutsu();
    let s = game.state_at(position(
        &game,
        &["Lion a1", "Hen b3"],
        &["Lion c4", "Giraffe b4"],
        [&[], &[]],
        1,
    ));
    let s = after(&game, &s, "b4xb3");
    assert_eq!((s.held(1, CHICK), s.held(1, HEN)), (1, 0));
    assert_eq!(s.hands()[1], 1);
    let cell = s.cells()[site(COLUMNS, "b3")];
    assert_eq!((cell.owner, cell.kind), (2, GIRAFFE));
    // P2's drops are chicks, on every empty square, the far row among them.
    let s = after(&game, &s, "a1-a2");
    let drops: Vec<String> = names(&game, &s)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops.len(), SITES - 3, "{drops:?}");
    assert!(drops.iter().all(|m| m.starts_with("Chick@")), "{drops:?}");
    // A chick dropped on P2's far row stays a chick, and cannot move.
    let s = after(&game, &s, "Chick@c1");
    assert_eq!(s.cells()[site(COLUMNS, "c1")].kind, CHICK);
    let s = after(&game, &s, "a2-a1");
    assert!(!names(&game, &s).iter().any(|m| m.starts_with("c1")));
}

#[test]
fn capturing_the_lion_wins() {
    let game = dobutsu();
    let s = game.state_at(position(
        &game,
        &["Lion a1", "Giraffe b3"],
        &["Lion b4"],
        [&[], &[]],
        0,
    ));
    let s = after(&game, &s, "b3xb4");
    assert_eq!(s.status(), Status::Won(0));
    assert_eq!(s.held(0, LION), 1);
}

#[test]
fn a_lion_on_the_far_row_wins_unless_attacked_there() {
    let game = dobutsu();
    // P1's lion steps from b3 to a4, which no piece of P2 reaches: a win.
    let safe = game.state_at(position(
        &game,
        &["Lion b3"],
        &["Lion a2", "Elephant c3"],
        [&[], &[]],
        0,
    ));
    assert_eq!(after(&game, &safe, "b3-a4").status(), Status::Won(0));
    // To b4 the elephant on c3 reaches: the game goes on, and P2 may take the lion.
    let s = after(&game, &safe, "b3-b4");
    assert_eq!(s.status(), Status::Ongoing);
    assert_eq!(after(&game, &s, "c3xb4").status(), Status::Won(1));
}

#[test]
fn a_position_occurring_the_third_time_is_a_draw() {
    let game = dobutsu();
    let there_and_back = "c1-c2 a4-a3 c2-c1 a3-a4";
    let s = after(&game, &game.new_initial_state(), there_and_back);
    assert_eq!(s.status(), Status::Ongoing);
    let s = after(&game, &s, there_and_back);
    assert_eq!(s.status(), Status::Drawn);
}

/// The same ludemes on a second game: Hexapawn with drops (`tests/variants/hexapawn-drops.game`),
/// whose queens go back to pawns in the captor's hand and whose drops are of one kind, on the
/// player's own two rows.
fn hexapawn_drops() -> Game {
    load("tests/variants/hexapawn-drops.game", &[])
}

#[test]
fn a_captured_queen_is_held_as_a_pawn_and_two_queens_win() {
    let game = hexapawn_drops();
    let (pawn, queen) = (0, 1);
    let mut p = empty(&game);
    for (at, owner, kind) in [
        ("b3", 1, queen),
        ("a2", 1, pawn),
        ("a1", 2, queen),
        ("c1", 2, pawn),
    ] {
        p.board.cells[site(3, at)] = Cell {
            count: 1,
            owner,
            kind,
            ..Cell::default()
        };
    }
    p.mover = 1;
    let start = game.state_at(p);
    // P2's queen takes P1's pawn, then P1's queen takes P2's queen, held as a pawn.
    let s = after(&game, &start, "a1xa2");
    assert_eq!((s.held(1, pawn), s.held(1, queen)), (1, 0));
    let s = after(&game, &s, "b3xa2");
    assert_eq!((s.held(0, pawn), s.held(0, queen)), (1, 0));
    assert_eq!(s.cells()[site(3, "a2")].kind, queen);
    // P2's pawn on c1 is stuck on its far row; it drops its pawn on the empty squares of its own
    // two rows (rows 2 and 3).
    assert_eq!(
        sorted_names(&game, &s),
        ["Pawn@a3", "Pawn@b2", "Pawn@b3", "Pawn@c2", "Pawn@c3"]
    );
    // A second queen wins: P1's pawn on a2 promotes on a3 beside the queen on b3.
    let mut p = game.position(&start);
    p.mover = 0;
    let s = after(&game, &game.state_at(p), "a2-a3");
    assert_eq!(s.status(), Status::Won(0));
}

#[test]
fn hexapawn_with_drops_keeps_the_invariants() {
    let game = hexapawn_drops();
    let tally = setup::tally(&game, 100, true);
    assert!(tally.wins[0] > 0 && tally.wins[1] > 0, "{tally:?}");
}

/// The messages of a game text that must not load.
fn refused(text: &str) -> Vec<String> {
    match ludus::load_source("bad.game", text, &[]) {
        Err(ludus::LoadError::Invalid { diagnostics, .. }) => {
            diagnostics.iter().map(|d| d.message.clone()).collect()
        }
        other => panic!("the game should be refused, got {other:?}"),
    }
}

/// A one-line drop game with the equipment and the step written in.
fn drop_game(equipment: &str, step: &str) -> String {
    format!(
        "(game \"Drops\" (players 2) (equipment {{(board (square 3)) {equipment}}}) (rules (start \
         {{(pieces P1 (row 0)) (pieces P2 (row 2))}}) (play (or {{{step} (place 1)}})) (end (if \
         (no-moves Next) (result Next Loss)))))"
    )
}

#[test]
fn hands_that_keep_kinds_are_refused_where_they_cannot_be_kept() {
    let kinds = "(piece-kinds {\"Pawn\" \"Queen\"})";
    let step = "(step Forward capture:Forward captured:Captor)";
    // The drop is refused first, by the check of names; without it, the capture.
    assert_eq!(
        refused(&drop_game(kinds, step)),
        ["this game gives the players no hands"]
    );
    assert_eq!(
        refused(&drop_game(kinds, step).replace(" (place 1)", "")),
        ["captures into the captor's hand need hands"]
    );
    let odd = "(piece-kinds {\"Pawn\" \"Queen\"} demote:{\"Queen\"}) (hand Each)";
    assert_eq!(
        refused(&drop_game(odd, step)),
        ["demotions come in pairs of kinds"]
    );
    let unknown = "(piece-kinds {\"Pawn\" \"Queen\"} demote:{\"Queen\" \"Pawm\"}) (hand Each)";
    let messages = refused(&drop_game(unknown, step));
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(messages[0].contains("Pawm"), "{messages:?}");
    // Counters sown are no one's and of no kind.
    let sowing = "(game \"Sow\" (players 2) (equipment {(board (rectangle 2 3)) (hand Each) \
                  (track \"Loop\" {(row 0 E) (row 1 W)} loop:true)}) (rules (start (fill \
                  (all-sites) 3)) (play (sow \"Loop\" capture:(capture in:(row 1) counts:{2 3} \
                  captured:Captor))) (end (if (no-moves Next) (result Next Loss)))))";
    let messages = refused(sowing);
    assert!(
        messages.contains(
            &"sown counters keep no kind: they cannot pass to the captor's hand as pieces"
                .to_string()
        ),
        "{messages:?}"
    );
}
