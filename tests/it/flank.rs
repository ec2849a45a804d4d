//! Flanking and site conditions beyond the shipped games: runs removed instead of flipped, run
//! lengths bounded, placements that need not flank, `beside` with each occupant, and the
//! diagnostics of the new ludemes.

use crate::setup;

use ludus::{Game, State};
use setup::{after, empty, names, stack};

/// A custodian placement game on a 5x5 board: `@FLANK` and `@IF` are filled in.
const GAME: &str = r#"(game "Custodian"
  (players 2)
  (equipment {(board (square 5)) (hand Each)})
  (rules (start (hand Each 20))
    (play (place 1 @ARGS))
    (end (if (no-moves Next) (result All Draw)))))"#;

fn load(args: &str) -> Game {
    ludus::load_source("custodian.game", &GAME.replace("@ARGS", args), &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

fn refused(args: &str) -> String {
    ludus::load_source("custodian.game", &GAME.replace("@ARGS", args), &[])
        .err()
        .unwrap_or_else(|| panic!("{args} loaded"))
        .render(false)
}

/// A position with P1's and P2's pieces, P1 to move.
fn at(game: &Game, p1: &[&str], p2: &[&str]) -> State {
    let mut p = empty(game);
    for (player, list) in [(0, p1), (1, p2)] {
        for name in list {
            p.board.cells[setup::site(5, name)] = stack(player, 1);
        }
    }
    p.board.hand[..2].copy_from_slice(&[20, 20]);
    game.state_at(p)
}

fn owners(s: &State, list: &[&str]) -> Vec<u8> {
    list.iter()
        .map(|n| s.cells()[setup::site(5, n)].owner)
        .collect()
}

#[test]
fn flanked_runs_up_to_the_bound_are_removed_and_longer_ones_stay() {
    let game = load("flank:(flank Orthogonal max:1 remove:true)");
    // c3 closes b3 against a3 and c2 against c1 (one piece each); d3-e3 runs to the edge and c4
    // to an empty site: open, they stay.
    let s = at(&game, &["a3", "c1"], &["b3", "c2", "d3", "e3", "c4"]);
    // Placements need not flank: every empty site is offered.
    assert_eq!(names(&game, &s).len(), 25 - 7);
    let s = after(&game, &s, "place c3");
    assert_eq!(
        owners(&s, &["c3", "b3", "c2", "d3", "e3", "c4"]),
        [1, 0, 0, 2, 2, 2]
    );
    // Two in a row closed at both ends stay with max:1, go with max:2.
    let s = at(&game, &["a1", "d1"], &["b1", "c1"]);
    assert_eq!(owners(&after(&game, &s, "place e5"), &["b1", "c1"]), [2, 2]);
    let game = load("flank:(flank Orthogonal max:2 remove:true)");
    let s = at(&game, &["a1"], &["b1", "c1"]);
    assert_eq!(
        owners(&after(&game, &s, "place d1"), &["b1", "c1", "d1"]),
        [0, 0, 1]
    );
}

#[test]
fn a_minimum_length_leaves_shorter_runs_alone() {
    let game = load("flank:(flank All min:2 required:true)");
    // d1 flanks b1-c1 (two) against a1; b2 would flank only one piece against... nothing.
    let s = at(&game, &["a1", "a3"], &["b1", "c1", "a2"]);
    assert_eq!(names(&game, &s), ["place d1"]);
    let s = after(&game, &s, "place d1");
    assert_eq!(owners(&s, &["b1", "c1", "a2"]), [1, 1, 2]);
}

#[test]
fn beside_reads_each_occupant_around_the_candidate_site() {
    let s_of = |args: &str, p1: &[&str], p2: &[&str]| {
        let game = load(args);
        let s = at(&game, p1, p2);
        names(&game, &s)
    };
    // Next to any piece.
    assert_eq!(
        s_of("if:(beside All Filled)", &["a1"], &["e5"]),
        ["place b1", "place a2", "place b2", "place d4", "place e4", "place d5"]
    );
    // Next to one of the mover's, or of the opponent's.
    assert_eq!(
        s_of("if:(beside Orthogonal Friend)", &["a1"], &["e5"]),
        ["place b1", "place a2"]
    );
    assert_eq!(
        s_of("if:(beside Orthogonal Enemy)", &["a1"], &["e5"]),
        ["place e4", "place d5"]
    );
    // On the edge that way: the north row; and with an empty site to the south.
    assert_eq!(
        s_of("if:(beside N Off)", &["a5", "b5", "c5"], &["d5"]),
        ["place e5"]
    );
    assert_eq!(
        s_of("if:(and (beside S Empty) (beside N Filled))", &["c3"], &[]),
        ["place c2"]
    );
}

#[test]
fn the_new_ludemes_are_checked() {
    for (args, message) in [
        (
            "flank:(flank All min:3 max:2)",
            "a run of at least 3 and at most 2 pieces cannot be",
        ),
        (
            "flank:(flank All min:0)",
            "a run's min length must be a whole number from 1",
        ),
        (
            "flank:(flank All remove:(passed))",
            "`remove:` is a switch, written `true` or `false`",
        ),
        ("flank:(flank Al)", "did you mean `All`?"),
        ("flank:(beside All Filled)", "a flanking rule"),
        ("if:(beside S Fill)", "did you mean `Filled`?"),
        ("if:(beside S)", "missing"),
        (
            "to:(sites {(div 7 0)})",
            "`(div ...)` is computed, but a site must be a number written out",
        ),
        (
            "to:(sites {(div (pips) 2)})",
            "`(div ...)` is computed, but a site must be a number written out",
        ),
        ("if:(= (div (pips) 0) 1)", "the divisor of `div` is 0"),
    ] {
        let err = refused(args);
        assert!(
            err.contains(message),
            "{args}: expected `{message}` in\n{err}"
        );
    }
}

#[test]
fn count_in_counts_one_players_pieces_in_a_region() {
    // P1 may place only while P2 has fewer than two pieces on row 1 (P1's own do not count).
    let game = load("if:(< (count-in (row 0) of:Next) 2)");
    let s = at(&game, &["a1", "b1", "c1"], &["d1"]);
    assert_eq!(names(&game, &s).len(), 25 - 4);
    let s = at(&game, &["a1"], &["d1", "e1"]);
    assert_eq!(names(&game, &s), Vec::<String>::new());
    // Stacks count each piece: one stack of two is two pieces.
    let mut p = empty(&game);
    p.board.cells[setup::site(5, "d1")] = stack(1, 2);
    p.board.hand[..2].copy_from_slice(&[20, 20]);
    assert_eq!(names(&game, &game.state_at(p)), Vec::<String>::new());
}
