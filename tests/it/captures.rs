//! Where captured pieces go: the capturer's store (the default), their owner's hand, or off
//! the game, for hops, advances along a track and sowing captures alike.

use ludus::Game;

fn load(text: &str) -> Game {
    match ludus::load_source("captures.game", text, &[]) {
        Ok(g) => g,
        Err(e) => panic!("the game loads: {}", e.render(false)),
    }
}

/// Plays the one legal move of the start and returns (P1's store, P2's hand, P2 pieces left).
fn after_the_capture(g: &Game) -> (u32, u16, usize) {
    let mut s = g.new_initial_state();
    let moves = g.moves(&s);
    assert_eq!(moves.len(), 1, "one move: the capture");
    g.apply_checked(&mut s, moves[0])
        .unwrap_or_else(|e| panic!("{e:?}"));
    let p = g.position(&s);
    let left = p.board.cells.iter().filter(|c| c.owner == 2).count();
    (p.board.store[0], p.board.hand[1], left)
}

fn hop_game(captured: &str) -> Game {
    load(&format!(
        r#"(game "Hop" (players 2) (equipment {{(board (rectangle 1 4))}})
  (rules (start {{(pieces P1 (sites {{0}})) (pieces P2 (sites {{1}}))}})
    (play (hop E {captured}))
    (end (if (no-moves Next) (result Next Loss)))))"#
    ))
}

#[test]
fn a_hop_sends_its_capture_where_the_rule_says() {
    assert_eq!(after_the_capture(&hop_game("")), (1, 0, 0));
    assert_eq!(after_the_capture(&hop_game("captured:Store")), (1, 0, 0));
    assert_eq!(after_the_capture(&hop_game("captured:Hand")), (0, 1, 0));
    assert_eq!(after_the_capture(&hop_game("captured:Removed")), (0, 0, 0));
}

fn advance_game(captured: &str) -> Game {
    load(&format!(
        r#"(game "Race" (players 2)
  (equipment {{(board (rectangle 1 4)) (track "Run" {{(row 0 E)}})}})
  (rules (start {{(pieces P1 (sites {{0}}) track:"Run") (pieces P2 (sites {{2}}) track:"Run")}})
    (play (if (= (moves-played) 0) (advance "Run" 2 {captured}) (advance "Run" 1)))
    (end (if (no-moves Next) (result Next Loss)))))"#
    ))
}

#[test]
fn a_piece_landed_on_goes_where_the_rule_says() {
    assert_eq!(after_the_capture(&advance_game("")), (1, 0, 0));
    // Ur's rule: the captured piece goes back to its owner's hand, to enter again.
    assert_eq!(after_the_capture(&advance_game("captured:Hand")), (0, 1, 0));
    assert_eq!(
        after_the_capture(&advance_game("captured:Removed")),
        (0, 0, 0)
    );
}

/// Sowing one counter from a1 makes b1 hold 2, which is captured.
fn sow_game(captured: &str) -> (u32, u16, u16) {
    let g = load(&format!(
        r#"(game "Sow" (players 2)
  (equipment {{(board (rectangle 2 2)) (region "Home" P1 (row 0)) (region "Home" P2 (row 1))
    (track "Loop" {{(row 0 E) (row 1 W)}} loop:true)}})
  (rules (start (fill (all-sites) 1))
    (play (sow "Loop" from:(region "Home" Mover)
      capture:(capture in:(all-sites) counts:{{2}} {captured})))
    (end (if (no-moves Next) (result Next Loss)))))"#
    ));
    let mut s = g.new_initial_state();
    let m = g
        .parse_move(&s, "sow a1")
        .unwrap_or_else(|e| panic!("{e:?}"));
    g.apply_checked(&mut s, m)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let p = g.position(&s);
    (p.board.store[0], p.board.hand[0], p.board.cells[1].count)
}

#[test]
fn a_sowing_capture_goes_where_the_rule_says() {
    assert_eq!(sow_game(""), (2, 0, 0));
    // Neutral counters have no owner: into the capturer's hand.
    assert_eq!(sow_game("captured:Hand"), (0, 2, 0));
    assert_eq!(sow_game("captured:Removed"), (0, 0, 0));
}

#[test]
fn an_unknown_destination_is_an_error() {
    let Err(e) = ludus::load_source(
        "bad.game",
        r#"(game "Hop" (players 2) (equipment {(board (rectangle 1 4))})
  (rules (start {(pieces P1 (sites {0})) (pieces P2 (sites {1}))})
    (play (hop E captured:Stor))
    (end (if (no-moves Next) (result Next Loss)))))"#,
        &[],
    ) else {
        panic!("`Stor` is not a destination");
    };
    let report = e.render(false);
    assert!(report.contains("Store"), "{report}");
}
