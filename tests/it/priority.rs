//! `priority`: the moves of the first set that has a legal move, in listing and in playouts.

use ludus::engine::Scratch;
use ludus::{Game, State};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A game on a 4x4 board with P1's piece on a1 and P2's on `p2`, whose moves are `moves`.
fn game(p2: &str, moves: &str) -> Game {
    let text = format!(
        r#"
(game "Captures First"
  (players 2)
  (equipment {{(board (square 4))}})
  (rules
    (start {{(pieces P1 (sites {{0}})) (pieces P2 (sites {{{p2}}}))}})
    (play {moves})
    (end (if (no-moves Next) (result Next Loss)))))
"#
    );
    match ludus::load_source("priority.game", &text, &[]) {
        Ok(g) => g,
        Err(e) => panic!("the game loads: {e:?}"),
    }
}

fn legal(game: &Game, s: &State) -> Vec<String> {
    let mut out: Vec<String> = game
        .moves(s)
        .into_iter()
        .map(|m| game.notation(s, m))
        .collect();
    out.sort();
    out
}

/// What random playouts draw from the start, over many draws.
fn drawn(game: &Game) -> Vec<String> {
    let s = game.new_initial_state();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut scratch = Scratch::default();
    let mut out: Vec<String> = (0..200)
        .filter_map(|_| game.random_move(&s, &mut scratch, &mut rng))
        .map(|m| game.notation(&s, m))
        .collect();
    out.sort();
    out.dedup();
    out
}

const HOP_FIRST: &str = "(priority {(hop Orthogonal) (step Orthogonal)})";

#[test]
fn a_capture_comes_before_every_step() {
    // P2 on b1 (site 1): P1 can hop it, so the steps are not legal.
    let g = game("1", HOP_FIRST);
    let s = g.new_initial_state();
    assert_eq!(legal(&g, &s), ["a1xc1"]);
    assert_eq!(drawn(&g), ["a1xc1"]);
    // The same moves without `priority`: the steps are legal too.
    let all = game("1", "(or {(hop Orthogonal) (step Orthogonal)})");
    assert_eq!(legal(&all, &all.new_initial_state()), ["a1-a2", "a1xc1"]);
}

#[test]
fn with_no_capture_the_next_set_is_legal() {
    // P2 on d4 (site 15): nothing to hop, so the steps are the moves.
    let g = game("15", HOP_FIRST);
    let s = g.new_initial_state();
    assert_eq!(legal(&g, &s), ["a1-a2", "a1-b1"]);
    assert_eq!(drawn(&g), ["a1-a2", "a1-b1"]);
}

#[test]
fn a_set_whose_moves_a_filter_removes_falls_through() {
    // The hop exists but its filter refuses it (P2 keeps a piece): the steps are the moves.
    let g = game(
        "1",
        "(priority {(filter (= (pieces-on-board Next) 1) (hop Orthogonal)) (step Orthogonal)})",
    );
    let s = g.new_initial_state();
    assert_eq!(legal(&g, &s), ["a1-a2"]);
    assert_eq!(drawn(&g), ["a1-a2"]);
}
