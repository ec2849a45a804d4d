//! Turn control after a move: the state keeps the last move (its origin and landing site), and
//! a decision's `next:` chooses where the turn goes by conditions that read it.

use crate::setup;

use ludus::Game;
use setup::play;

fn load(name: &str, text: &str) -> Game {
    match ludus::load_source(name, text, &[]) {
        Ok(g) => g,
        Err(e) => panic!("{name} loads: {e:?}"),
    }
}

/// A placement game where a stone on a corner gives its player another turn.
const CORNERS: &str = r#"
(game "Corners Again"
  (players 2)
  (equipment {(board (square 3)) (hand Each) (region "Corners" (sites {0 2 6 8}))})
  (rules (start (hand Each 5))
    (play (phases {(decision "Place" (place 1)
      next:(if (landed-in (region "Corners")) (again)))}))
    (end (if (no-moves Mover) (result Mover Loss)))))
"#;

#[test]
fn a_landing_in_a_region_gives_another_turn() {
    let g = load("corners.game", CORNERS);
    let mut s = g.new_initial_state();
    assert_eq!(s.mover(), 0);
    // a1 is a corner: P1 moves again.
    play(&g, &mut s, "place a1");
    assert_eq!(s.mover(), 0);
    // b2 is not: the turn passes.
    play(&g, &mut s, "place b2");
    assert_eq!(s.mover(), 1);
    play(&g, &mut s, "place c3");
    assert_eq!(s.mover(), 1);
    play(&g, &mut s, "place b1");
    assert_eq!(s.mover(), 0);
    assert_eq!(g.position(&s).last.to, 1);
}

/// The same with the branches written out: nested `if`s are first-match branches.
#[test]
fn nested_branches_take_the_first_that_holds() {
    let text = CORNERS.replace(
        r#"next:(if (landed-in (region "Corners")) (again))"#,
        r#"next:(if (landed-in (region "Corners"))
                   (if (landed-in (sites {0})) (end-turn) (again))
                   (if (landed-in (sites {4})) (again)))"#,
    );
    let g = load("branches.game", &text);
    let mut s = g.new_initial_state();
    // a1: a corner, but the inner branch ends the turn.
    play(&g, &mut s, "place a1");
    assert_eq!(s.mover(), 1);
    // c1: a corner other than a1: again.
    play(&g, &mut s, "place c1");
    assert_eq!(s.mover(), 1);
    // b2 (site 4): not a corner, the else branch's own `if` holds: again.
    play(&g, &mut s, "place b2");
    assert_eq!(s.mover(), 1);
    // a2: nothing holds, the turn ends.
    play(&g, &mut s, "place a2");
    assert_eq!(s.mover(), 0);
}

/// A two-row sowing game whose stores are squares at the ends of the rows: the last counter
/// landing in the mover's own store gives another turn, as in Kalah.
const STORES: &str = r#"
(game "Store Again"
  (players 2)
  (equipment {
    (board (rectangle 2 4))
    (region "Pits" P1 (sites {0 1 2}))
    (region "Pits" P2 (sites {7 6 5}))
    (region "Store" P1 (sites {3}))
    (region "Store" P2 (sites {4}))
    (track "Sow" {(row 0 E) (row 1 W)} loop:true)
  })
  (rules (start (fill (union (sites {0 1 2}) (sites {5 6 7})) 2))
    (play (phases {(decision "Sow" (sow "Sow" from:(region "Pits" Mover))
      next:(if (landed-in (region "Store" Mover)) (again)))}))
    (end (if (no-moves Mover) (result Mover Loss)))))
"#;

#[test]
fn a_sowing_lands_where_its_last_counter_falls() {
    let g = load("stores.game", STORES);
    let mut s = g.new_initial_state();
    // Two counters from b1 (site 1): c1, then d1 (site 3), P1's store: P1 sows again.
    play(&g, &mut s, "sow b1");
    let p = g.position(&s);
    assert_eq!((p.last.from, p.last.to), (1, 3));
    assert_eq!(s.mover(), 0);
    // From a1 (site 0): b1, c1: not the store, the turn passes.
    play(&g, &mut s, "sow a1");
    let p = g.position(&s);
    assert_eq!((p.last.from, p.last.to), (0, 2));
    assert_eq!(s.mover(), 1);
    // P2 sows from c2 (site 6): b2 (5), then a2 (4), P2's own store: again.
    play(&g, &mut s, "sow c2");
    assert_eq!(s.mover(), 1);
    // From d2 (site 7): c2, b2: the turn passes.
    play(&g, &mut s, "sow d2");
    assert_eq!(s.mover(), 0);
}

#[test]
fn moved_from_reads_the_origin() {
    let text = STORES.replace(
        r#"(landed-in (region "Store" Mover))"#,
        r#"(moved-from (sites {0 7}))"#,
    );
    let g = load("origin.game", &text);
    let mut s = g.new_initial_state();
    // From a1 (site 0): again. From b1: the turn passes.
    play(&g, &mut s, "sow a1");
    assert_eq!(s.mover(), 0);
    play(&g, &mut s, "sow b1");
    assert_eq!(s.mover(), 1);
}

#[test]
fn a_turn_action_must_be_an_action() {
    let text = CORNERS.replace("(again)", "(place 1)");
    let Err(errors) = ludus::load_source("bad.game", &text, &[]) else {
        panic!("a move is not where a turn goes");
    };
    let text = format!("{errors:?}");
    assert!(text.contains("turn action"), "{text}");
}

/// Each player places three stones a turn: `(again)` while fewer than three moves of the turn are
/// made (in `next:` the count holds the move just made). The count starts again with each turn, counts passes, and is part of the position.
const THREE_A_TURN: &str = r#"
(game "Three a Turn"
  (players 2)
  (equipment {(board (square 4)) (hand Each)})
  (rules (start (hand Each 7))
    (play (phases {(decision "Place" (place 1) pass:true next:(if (< (moves-this-turn) 3) (again)))}))
    (end (if (= (in-hand P2) 0) (result Mover Win)))))
"#;

#[test]
fn moves_this_turn_counts_the_moves_of_the_turn() {
    let g = load("three.game", THREE_A_TURN);
    let mut s = g.new_initial_state();
    let mut movers = Vec::new();
    for site in ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"] {
        movers.push(s.mover());
        assert_eq!(
            g.position(&s).moves_this_turn as usize,
            movers.iter().rev().take_while(|&&m| m == s.mover()).count() - 1
        );
        play(&g, &mut s, &format!("place {site}"));
    }
    assert_eq!(movers, [0, 0, 0, 1, 1, 1, 0, 0, 0]);
    play(&g, &mut s, "place d1 place d2 place d3");
    // P1 has one stone left: its turn is a move and two passes.
    play(&g, &mut s, "place a4");
    assert_eq!((s.mover(), g.position(&s).moves_this_turn), (0, 1));
    play(&g, &mut s, "pass");
    assert_eq!((s.mover(), g.position(&s).moves_this_turn), (0, 2));
    play(&g, &mut s, "pass");
    assert_eq!((s.mover(), g.position(&s).moves_this_turn), (1, 0));
    // A position set up in the middle of a turn keeps its count.
    let mut p = g.position(&s);
    p.moves_this_turn = 2;
    let mut s = g.state_at(p);
    play(&g, &mut s, "place b4");
    assert_eq!(s.mover(), 0);
}
