//! Breakthrough: steps forward and diagonally forward, capture by replacement on the forward
//! diagonals only, the win on the far row and with no move left; and the game against an
//! independent reference model (`tests/reference/breakthrough.rs`) by perft and by lock-step
//! random games, on every size. Sites are named as in chess: a1 = site 0, rows from the bottom.

#[path = "../reference/breakthrough.rs"]
mod reference;
use crate::setup;
use crate::tree;

use ludus::engine::Cell;
use ludus::{Game, State, Status};
use rand::{Rng, SeedableRng};
use reference::Breakthrough;
use setup::{after, ended, load, sorted_names as legal};
use tree::Tree;

fn breakthrough(size: usize) -> Game {
    load("games/breakthrough.game", &[("size", &size.to_string())])
}

/// A set-up position on a `size` board: P1's pieces, P2's, and the player to move.
fn position(game: &Game, size: usize, p1: &[&str], p2: &[&str], mover: u8) -> State {
    let mut p = game.position(&game.new_initial_state());
    for cell in p.board.cells.iter_mut() {
        *cell = Cell::default();
    }
    for (owner, sites) in [(1, p1), (2, p2)] {
        for name in sites {
            p.board.cells[setup::site(size, name)] = Cell {
                owner,
                count: 1,
                ..Cell::default()
            };
        }
    }
    p.mover = mover;
    game.state_at(p)
}

#[test]
fn a_piece_steps_forward_and_captures_only_diagonally() {
    let game = breakthrough(5);
    // P1 on c2 faces P2 on c3 (straight ahead) and d3 (diagonally ahead).
    let s = position(&game, 5, &["c2", "a1"], &["c3", "d3", "e5"], 0);
    assert_eq!(legal(&game, &s), ["a1-a2", "a1-b2", "c2-b3", "c2xd3"]);
    // P2 moves down the board: from c3 to b2 or d2 (c2 ahead is taken, and not capturable).
    let s = position(&game, 5, &["c2", "a1"], &["c3", "e5"], 1);
    assert_eq!(legal(&game, &s), ["c3-b2", "c3-d2", "e5-d4", "e5-e4"]);
}

#[test]
fn a_capture_replaces_the_opposing_piece() {
    let game = breakthrough(5);
    let s = position(&game, 5, &["c2", "a1"], &["c3", "d3", "e5"], 0);
    let s = after(&game, &s, "c2xd3");
    let p = game.position(&s);
    let d3 = p.board.cells[setup::site(5, "d3")];
    assert_eq!((d3.owner, d3.count), (1, 1));
    assert_eq!(p.board.cells[setup::site(5, "c2")].count, 0);
    let pieces = |owner| p.board.cells.iter().filter(|c| c.owner == owner).count();
    assert_eq!((pieces(1), pieces(2)), (2, 2));
}

#[test]
fn reaching_the_far_row_wins() {
    let game = breakthrough(5);
    let s = position(&game, 5, &["b4", "a1"], &["e5", "e4"], 0);
    assert!(!s.is_terminal());
    assert!(ended(&after(&game, &s, "b4-b5"), Status::Won(0)));
    // A capture on the far row wins too, and so does P2 on row 1.
    assert!(ended(&after(&game, &s, "b4-a5"), Status::Won(0)));
    let s = position(&game, 5, &["c1", "e3"], &["b2", "e5"], 1);
    assert!(ended(&after(&game, &s, "b2xc1"), Status::Won(1)));
    // One row short is not a win.
    let s = position(&game, 5, &["b3", "a1"], &["e5"], 0);
    assert!(!after(&game, &s, "b3-b4").is_terminal());
}

#[test]
fn a_player_with_no_move_loses() {
    let game = breakthrough(5);
    // Capturing the last opposing piece leaves the opponent without a move (a blocked piece
    // always has a diagonal forward, empty or to capture, short of the far row).
    let s = position(&game, 5, &["b2", "e1"], &["c3"], 0);
    assert!(ended(&after(&game, &s, "b2xc3"), Status::Won(0)));
    let s = position(&game, 5, &["b2", "e1"], &["c3", "e5"], 0);
    assert!(!after(&game, &s, "b2xc3").is_terminal());
}

#[test]
fn the_home_rows_fill_every_size() {
    for size in [5, 8, 16] {
        let game = breakthrough(size);
        let s = game.new_initial_state();
        let p = game.position(&s);
        for owner in [1, 2] {
            let n = p.board.cells.iter().filter(|c| c.owner == owner).count();
            assert_eq!(n, 2 * size, "size {size}");
        }
        // Each piece of the second row steps three ways but the two at the edges.
        assert_eq!(legal(&game, &s).len(), 3 * size - 2, "size {size}");
    }
}

#[test]
fn perft_agrees_with_the_reference_on_every_size() {
    for (size, depth) in [(8, 4), (5, 6), (6, 5), (16, 3)] {
        let game = breakthrough(size);
        let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
        assert_eq!(ours, Breakthrough::new(size).perft(depth), "size {size}");
    }
}

/// The reference's moves in notation, sorted, paired with the moves.
fn reference_names(game: &Game, r: &Breakthrough) -> Vec<(String, (usize, usize))> {
    let mut out: Vec<_> = r
        .legal()
        .into_iter()
        .map(|((from, to), capture)| {
            let sep = if capture { "x" } else { "-" };
            let name = |s: usize| game.site_name(s as u16);
            (format!("{}{sep}{}", name(from), name(to)), (from, to))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(14);
    let mut wins = [0; 2];
    for size in [5, 6, 8, 11, 16] {
        let game = breakthrough(size);
        for _ in 0..40 {
            let (mut s, mut reference) = (game.new_initial_state(), Breakthrough::new(size));
            loop {
                let theirs = reference_names(&game, &reference);
                let ours = legal(&game, &s);
                assert_eq!(
                    ours,
                    theirs.iter().map(|t| t.0.clone()).collect::<Vec<_>>(),
                    "size {size}"
                );
                if ours.is_empty() {
                    break;
                }
                let (name, m) = &theirs[rng.random_range(0..theirs.len())];
                setup::play(&game, &mut s, name);
                reference.play(*m);
            }
            let winner = reference.winner.expect("Breakthrough has no draw");
            assert!(
                ended(&s, Status::Won(winner)),
                "size {size}: {:?}",
                s.status()
            );
            wins[winner as usize] += 1;
        }
    }
    assert!(wins.iter().all(|&n| n > 0), "{wins:?}");
}

/// The winner of a position under perfect play, found by searching the whole tree.
fn solve(game: &Game, s: &State) -> u8 {
    if let Status::Won(p) = s.status() {
        return p;
    }
    let mover = s.mover();
    let mut best = 1 - mover;
    for m in game.moves(s) {
        let mut next = s.clone();
        game.apply(&mut next, m).expect("a legal move");
        if solve(game, &next) == mover {
            best = mover;
        }
    }
    best
}

/// Hexapawn (`tests/variants/hexapawn.game`): chess pawns, which step straight ahead and
/// capture diagonally, on Breakthrough's rules.
#[test]
fn hexapawn_pawns_capture_diagonally_and_never_step_there() {
    let game = load("tests/variants/hexapawn.game", &[]);
    let s = game.new_initial_state();
    assert_eq!(legal(&game, &s), ["a1-a2", "b1-b2", "c1-c2"]);
    let s = after(&game, &s, "b1-b2");
    // P2's pawns on a3 and c3 capture on b2; b3 faces it and cannot move.
    assert_eq!(legal(&game, &s), ["a3-a2", "a3xb2", "c3-c2", "c3xb2"]);
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), 8);
    assert_eq!(ours, Breakthrough::hexapawn().perft(8));
    assert_eq!(ours[8], 0, "every game ends within seven moves");
    // Gardner's result: the second player wins with perfect play.
    assert_eq!(solve(&game, &game.new_initial_state()), 1);
}
