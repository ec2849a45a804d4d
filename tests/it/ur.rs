//! The Royal Game of Ur (Finkel's reading): entry from the hand, bearing off with the exact
//! throw, capture back to the hand, the safe rosette, a rosette's extra throw and the passes, on
//! set-up positions; and the game against an independent reference model
//! (`tests/reference/ur.rs`) by perft and by lock-step random games. P1's track squares 1 to 4
//! are d1 c1 b1 a1, the shared 5 to 12 are a2 to h2, 13 and 14 are h1 g1; P2's are on row 3.

#[path = "../reference/ur.rs"]
mod reference;
use crate::setup;
use crate::tree;

use ludus::engine::Cell;
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use reference::{Ur, UrMove};
use setup::{after, empty, ended, load, names, play, sorted_names};
use tree::Tree;

fn ur() -> Game {
    load("games/ur.game", &[])
}

/// A position before a throw: each player's pieces by track square, hands, pieces borne off.
fn at(game: &Game, squares: [&[usize]; 2], hands: [u16; 2], off: [u32; 2], mover: u8) -> State {
    let mut p = empty(game);
    for (player, list) in squares.iter().enumerate() {
        for &sq in list.iter() {
            let (c, r) = Ur::square(player, sq);
            p.board.cells[r * 8 + c] = Cell {
                count: 1,
                owner: player as u8 + 1,
                pos: sq as u8 - 1,
                ..Cell::default()
            };
        }
    }
    p.board.hand[..2].copy_from_slice(&hands);
    p.board.store[..2].copy_from_slice(&off);
    p.mover = mover;
    game.state_at(p)
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_throw_is_four_binary_dice() {
    let game = ur();
    let s = game.new_initial_state();
    let odds: Vec<(String, f64)> = game
        .chance_outcomes(&s)
        .into_iter()
        .map(|(m, p)| (game.notation(&s, m), p))
        .collect();
    let expected: Vec<(String, f64)> = (0..5)
        .map(|v| (format!("throw {v}"), Ur::odds(v)))
        .collect();
    assert_eq!(odds, expected);
}

#[test]
fn a_piece_enters_on_the_square_the_throw_names() {
    let game = ur();
    let s = game.new_initial_state();
    for (throw, square) in [(1, "d1"), (2, "c1"), (3, "b1"), (4, "a1")] {
        let s = after(&game, &s, &format!("throw {throw}"));
        assert_eq!(names(&game, &s), strings(&[&format!("enter {square}")]));
    }
    // Not onto its own piece: with a piece on c1, a 2 moves that piece instead.
    let s = at(&game, [&[2], &[]], [6, 7], [0, 0], 0);
    let s = after(&game, &s, "throw 2");
    assert_eq!(names(&game, &s), strings(&["c1-a1"]));
    let s = after(&game, &s, "c1-a1");
    assert_eq!(s.hands()[0], 6, "moving does not take from the hand");
}

#[test]
fn bearing_off_takes_the_exact_throw() {
    let game = ur();
    let s = at(&game, [&[13], &[]], [0, 7], [6, 0], 0);
    assert_eq!(
        names(&game, &after(&game, &s, "throw 1")),
        strings(&["h1-g1"])
    );
    assert_eq!(
        names(&game, &after(&game, &s, "throw 2")),
        strings(&["h1-off"])
    );
    assert_eq!(
        names(&game, &after(&game, &s, "throw 3")),
        strings(&["pass"])
    );
    // The seventh piece borne off wins.
    let won = after(&game, &s, "throw 2 h1-off");
    assert!(ended(&won, Status::Won(0)), "{:?}", won.status());
    // The sixth does not: the game goes on, with P2 to throw.
    let s = at(&game, [&[13], &[]], [1, 7], [5, 0], 0);
    let s = after(&game, &s, "throw 2 h1-off");
    assert_eq!(
        (s.node(), s.mover(), s.scores()[0]),
        (NodeType::Chance, 1, 6)
    );
}

#[test]
fn a_captured_piece_goes_back_to_its_owners_hand() {
    let game = ur();
    // P1 on a2 (square 5), P2 on c2 (its square 7).
    let s = at(&game, [&[5], &[7]], [6, 6], [0, 0], 0);
    let s = after(&game, &s, "throw 2");
    assert_eq!(names(&game, &s), strings(&["enter c1", "a2xc2"]));
    let s = after(&game, &s, "a2xc2");
    assert_eq!((s.hands()[1], s.hands()[0]), (7, 6));
    assert_eq!(s.cells()[10].owner, 1);
    // Private squares are apart: P2's first square is not P1's.
    let s = at(&game, [&[], &[2]], [7, 6], [0, 0], 0);
    assert_eq!(
        names(&game, &after(&game, &s, "throw 2")),
        strings(&["enter c1"])
    );
}

#[test]
fn a_piece_on_the_shared_rosette_cannot_be_captured() {
    let game = ur();
    // P2 holds d2, the shared rosette; P1's piece on b2 throws 2.
    let s = at(&game, [&[6], &[8]], [0, 6], [6, 0], 0);
    assert_eq!(
        names(&game, &after(&game, &s, "throw 2")),
        strings(&["pass"])
    );
    assert_eq!(
        names(&game, &after(&game, &s, "throw 1")),
        strings(&["b2-c2"])
    );
    // Past it is fine.
    assert_eq!(
        names(&game, &after(&game, &s, "throw 3")),
        strings(&["b2-e2"])
    );
}

#[test]
fn a_rosette_gives_another_throw_one_edge_on() {
    let game = ur();
    let s = after(&game, &game.new_initial_state(), "throw 4 enter a1");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 0));
    assert_eq!(names(&game, &s).len(), 5);
    // Off a rosette square the turn passes.
    let s = after(&game, &game.new_initial_state(), "throw 3 enter b1");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
    // The shared rosette and the last square too; bearing off from a rosette does not.
    let s = at(&game, [&[6, 12], &[]], [5, 7], [0, 0], 0);
    let t = after(&game, &s, "throw 2 b2-d2");
    assert_eq!(t.mover(), 0);
    let t = after(&game, &s, "throw 2 h2-g1");
    assert_eq!(t.mover(), 0);
    let s = at(&game, [&[14], &[]], [5, 7], [1, 0], 0);
    let t = after(&game, &s, "throw 1 g1-off");
    assert_eq!((t.node(), t.mover()), (NodeType::Chance, 1));
}

#[test]
fn a_throw_of_zero_passes() {
    let game = ur();
    let mut s = game.new_initial_state();
    play(&game, &mut s, "throw 0");
    assert_eq!(names(&game, &s), strings(&["pass"]));
    play(&game, &mut s, "pass");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
}

/// Perft from the rules (chance edges counted), to a depth with captures and extra throws.
#[test]
fn perft_matches_the_reference() {
    let game = ur();
    let depth = 14;
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    assert_eq!(ours, Ur::new().perft(depth));
    let expected: Vec<u64> = std::fs::read_to_string("tests/perft/ur.perft")
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("perft "))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        &ours[1..=expected.len().min(depth)],
        &expected[..expected.len().min(depth)]
    );
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let game = ur();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(15);
    let (mut wins, mut captures, mut again) = ([0; 2], 0, 0);
    for _ in 0..150 {
        let (mut s, mut r) = (game.new_initial_state(), Ur::new());
        loop {
            let moves = r.moves();
            let mut theirs: Vec<String> = moves.iter().map(|&m| r.notation(m)).collect();
            theirs.sort();
            assert_eq!(sorted_names(&game, &s), theirs, "\n{}", game.render(&s));
            if moves.is_empty() {
                break;
            }
            let m = if r.throw.is_none() {
                let odds: Vec<f64> = game.chance_outcomes(&s).iter().map(|o| o.1).collect();
                assert_eq!(odds, (0..5).map(Ur::odds).collect::<Vec<_>>());
                let mut x = rng.random_range(0..16);
                let v = (0..5).find(|&v| {
                    let hit = x < reference::ODDS[v];
                    x = x.saturating_sub(reference::ODDS[v]);
                    hit
                });
                UrMove::Throw(v.unwrap_or(4))
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            let mover = r.mover;
            play(&game, &mut s, &r.notation(m));
            r.play(m);
            again +=
                (!matches!(m, UrMove::Throw(_)) && r.winner.is_none() && r.mover == mover) as u32;
            let hands = (s.hands()[0], s.hands()[1]);
            assert_eq!(hands, (r.hand[0] as u16, r.hand[1] as u16));
            if r.winner.is_none() {
                assert_eq!(s.mover() as usize, r.mover);
            }
        }
        let w = r.winner.expect("a winner");
        assert!(ended(&s, Status::Won(w as u8)), "{:?}", s.status());
        wins[w] += 1;
        captures += r.captures;
    }
    assert!(
        wins[0] > 0 && wins[1] > 0 && captures > 0 && again > 0,
        "{wins:?} {captures} {again}"
    );
}

/// The reference reaches captures and extra throws within the perft depth.
#[test]
fn the_perft_depth_sees_captures_and_rosettes() {
    fn walk(r: &Ur, depth: usize, seen: &mut (u32, u32)) {
        if depth == 0 {
            return;
        }
        for m in r.moves() {
            let mut n = r.clone();
            n.play(m);
            seen.0 += n.captures - r.captures;
            seen.1 += (!matches!(m, UrMove::Throw(_)) && n.mover == r.mover) as u32;
            walk(&n, depth - 1, seen);
        }
    }
    let mut seen = (0, 0);
    walk(&Ur::new(), 14, &mut seen);
    assert!(seen.0 > 0 && seen.1 > 0, "{seen:?}");
}

/// In a race the default evaluation counts how far pieces have come: without it every Ur
/// position is level (seven pieces each, in hand, on the board or borne off).
#[test]
fn the_evaluation_sees_progress_in_a_race() {
    let game = ur();
    let h = ludus::agents::Heuristic::new(&game);
    let level = at(&game, [&[3], &[3]], [6, 6], [0, 0], 0);
    assert_eq!(h.value(&level), 0.0);
    let ahead = at(&game, [&[10], &[3]], [6, 6], [0, 0], 0);
    assert!(h.value(&ahead) > 0.0);
    let borne = at(&game, [&[], &[14]], [6, 6], [1, 0], 0);
    assert!(
        h.value(&borne) > 0.0,
        "a piece borne off is worth more than one on the last square"
    );
}

/// Bearing off needs a track with an end.
#[test]
fn bearing_off_a_looped_track_is_refused() {
    let text = "(game \"G\" (players 2) (equipment {(board (rectangle 2 3)) \
                (track \"Loop\" {(row 0 E) (row 1 W)} loop:true)}) \
                (rules (start (pieces P1 (row 0) track:\"Loop\")) (play (advance \"Loop\" 1 bear-off:true)) \
                (end (if (no-moves Next) (result Next Loss)))))";
    let Err(err) = ludus::load_source("g.game", text, &[]) else {
        panic!("a looped track cannot be borne off")
    };
    let shown = err.render(false);
    assert!(
        shown.contains("a piece cannot bear off a track that loops"),
        "{shown}"
    );
}
