//! English draughts: chains of jumps that branch, crown and pass their own origin, compulsory
//! capture, crowning, the draw after moves without progress and its reset, the notation read
//! back; the game against an independent reference model (`tests/reference/draughts.rs`) by
//! perft and by lock-step random games; and the variant whose men jump backwards.
//! Sites are named as in chess: a1 = site 0, rows from the bottom; Black (P1) plays up.

#[path = "../reference/draughts.rs"]
mod reference;
use crate::setup;
use crate::tree;

use ludus::engine::Cell;
use ludus::{Game, State, Status};
use rand::{Rng, SeedableRng};
use reference::Draughts;
use setup::{after, empty, ended, load, sorted_names as legal};
use tree::Tree;

const MAN: u8 = 0;
const KING: u8 = 1;

fn draughts(limit: u32) -> Game {
    load("games/draughts.game", &[("limit", &limit.to_string())])
}

fn variant() -> Game {
    load("tests/variants/draughts-back.game", &[])
}

/// A position from `(player, kind, square)` pieces, `mover` to move.
fn at(game: &Game, pieces: &[(u8, u8, &str)], mover: u8) -> State {
    let mut p = empty(game);
    for &(player, kind, name) in pieces {
        p.board.cells[setup::site(8, name)] = Cell {
            count: 1,
            owner: player + 1,
            kind,
            ..Cell::default()
        };
    }
    p.mover = mover;
    game.state_at(p)
}

/// The owner and kind on a square (owner 0: empty).
fn on(s: &State, name: &str) -> (u8, u8) {
    let c = s.cells()[setup::site(8, name)];
    (c.owner, if c.owner == 0 { 0 } else { c.kind })
}

#[test]
fn a_chain_that_branches_lists_each_branch_and_reads_back() {
    let g = draughts(100);
    // c3 jumps d4 to e5, then d6 to c7 or f6 to g7: two moves, no shorter chain among them.
    let s = at(
        &g,
        &[
            (0, MAN, "c3"),
            (1, MAN, "d4"),
            (1, MAN, "d6"),
            (1, MAN, "f6"),
        ],
        0,
    );
    assert_eq!(legal(&g, &s), ["c3xe5xc7", "c3xe5xg7"]);
    let m = g
        .parse_move(&s, "c3xe5xc7")
        .expect("the notation reads back");
    assert_eq!(g.notation(&s, m), "c3xe5xc7");
    let s = after(&g, &s, "c3xe5xc7");
    // Both jumped men are gone and counted; the man that was not jumped stays.
    assert_eq!(on(&s, "c7"), (1, MAN));
    assert_eq!([on(&s, "c3"), on(&s, "d4"), on(&s, "d6")], [(0, 0); 3]);
    assert_eq!(on(&s, "f6"), (2, MAN));
    assert_eq!(s.scores()[0], 2);
}

#[test]
fn a_man_crowned_mid_chain_stops_though_a_king_could_jump_on() {
    let g = draughts(100);
    // b4 jumps c5 and e7 to f8, the far row; a king on f8 could jump g7 to h6, the man cannot.
    let s = at(
        &g,
        &[
            (0, MAN, "b4"),
            (1, MAN, "c5"),
            (1, MAN, "e7"),
            (1, MAN, "g7"),
        ],
        0,
    );
    assert_eq!(legal(&g, &s), ["b4xd6xf8"]);
    let s = after(&g, &s, "b4xd6xf8");
    assert_eq!(on(&s, "f8"), (1, KING));
    assert_eq!(on(&s, "g7"), (2, MAN));
    // A king already, it jumps on from there next time.
    let s = at(&g, &[(0, KING, "f8"), (1, MAN, "g7"), (1, MAN, "a1")], 0);
    assert_eq!(legal(&g, &s), ["f8xh6"]);
}

#[test]
fn a_kings_chain_may_pass_its_own_origin() {
    let g = draughts(100);
    // Four men around c3-e5-g3-e1: the king jumps all four either way round, back to c3.
    let pieces = [
        (0, KING, "c3"),
        (1, MAN, "d4"),
        (1, MAN, "f4"),
        (1, MAN, "f2"),
        (1, MAN, "d2"),
    ];
    let s = at(&g, &pieces, 0);
    assert_eq!(legal(&g, &s), ["c3xe1xg3xe5xc3", "c3xe5xg3xe1xc3"]);
    let s = after(&g, &s, "c3xe5xg3xe1xc3");
    assert_eq!(on(&s, "c3"), (1, KING));
    assert_eq!(s.scores()[0], 4);
    // P2 has no piece left, so no move: it loses.
    assert!(ended(&s, Status::Won(0)), "{:?}", s.status());
}

#[test]
fn a_king_jumps_backwards_and_a_man_does_not() {
    let g = draughts(100);
    let s = at(
        &g,
        &[
            (0, KING, "e5"),
            (0, MAN, "a5"),
            (1, MAN, "d4"),
            (1, MAN, "b4"),
        ],
        0,
    );
    // The king jumps back over d4; the man on a5 could only jump b4 backwards, and may not.
    assert_eq!(legal(&g, &s), ["e5xc3"]);
}

#[test]
fn a_capture_hides_every_quiet_move() {
    let g = draughts(100);
    let s = at(
        &g,
        &[
            (0, MAN, "a3"),
            (0, MAN, "e3"),
            (0, KING, "c1"),
            (1, MAN, "f4"),
        ],
        0,
    );
    assert_eq!(legal(&g, &s), ["e3xg5"]);
    // Without the capture, every step is there.
    let s = at(
        &g,
        &[
            (0, MAN, "a3"),
            (0, MAN, "e3"),
            (0, KING, "c1"),
            (1, MAN, "f6"),
        ],
        0,
    );
    assert_eq!(legal(&g, &s), ["a3-b4", "c1-b2", "c1-d2", "e3-d4", "e3-f4"]);
}

#[test]
fn the_start_has_twelve_men_a_side_on_the_dark_squares() {
    let g = draughts(100);
    let s = g.new_initial_state();
    let p1: Vec<&str> = vec![
        "a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3",
    ];
    let p2: Vec<&str> = vec![
        "b6", "d6", "f6", "h6", "a7", "c7", "e7", "g7", "b8", "d8", "f8", "h8",
    ];
    for (owner, list) in [(1, &p1), (2, &p2)] {
        for name in list.iter() {
            assert_eq!(on(&s, name), (owner, MAN), "{name}");
        }
    }
    assert_eq!(s.cells().iter().filter(|c| c.count > 0).count(), 24);
    assert_eq!(
        legal(&g, &s),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
}

/// The count of moves without progress.
fn quiet(g: &Game, s: &State) -> u32 {
    g.position(s).moves_without_progress
}

#[test]
fn moves_without_progress_draw_at_the_limit() {
    let g = draughts(4);
    let s = at(
        &g,
        &[
            (0, KING, "a1"),
            (0, MAN, "g1"),
            (1, KING, "h8"),
            (1, MAN, "b8"),
        ],
        0,
    );
    let s = after(&g, &s, "a1-b2 h8-g7 b2-a1");
    assert_eq!(quiet(&g, &s), 3);
    assert!(!s.is_terminal());
    let drawn = after(&g, &s, "g7-h8");
    assert!(ended(&drawn, Status::Drawn), "{:?}", drawn.status());
    // A man's step instead starts the count again, and the game goes on.
    let s = after(&g, &s, "b8-a7");
    assert_eq!(quiet(&g, &s), 0);
    let s = after(&g, &s, "a1-b2 a7-b6 b2-a1 g7-h8 a1-b2");
    assert_eq!(quiet(&g, &s), 3);
    // The count is part of a set-up position.
    let mut p = g.position(&s);
    p.moves_without_progress = 0;
    let fresh = after(&g, &g.state_at(p.clone()), "h8-g7");
    assert_eq!((quiet(&g, &fresh), fresh.is_terminal()), (1, false));
    p.moves_without_progress = 3;
    assert!(ended(&after(&g, &g.state_at(p), "h8-g7"), Status::Drawn));
}

#[test]
fn a_capture_starts_the_count_again() {
    let g = draughts(10);
    let s = at(&g, &[(0, KING, "a1"), (1, KING, "d2"), (1, KING, "g7")], 0);
    let s = after(&g, &s, "a1-b2 d2-c3");
    assert_eq!(quiet(&g, &s), 2);
    // The king on b2 must take c3.
    assert_eq!(legal(&g, &s), ["b2xd4"]);
    let s = after(&g, &s, "b2xd4");
    assert_eq!(
        (quiet(&g, &s), s.is_terminal(), s.scores()[0]),
        (0, false, 1)
    );
}

#[test]
fn perft_agrees_with_the_reference() {
    let g = draughts(100);
    let ours = ludus::engine::perft(&g, &g.new_initial_state(), 7);
    assert_eq!(ours, Draughts::start(100, false).perft(7));
    let v = variant();
    let ours = ludus::engine::perft(&v, &v.new_initial_state(), 6);
    assert_eq!(ours, Draughts::start(100, true).perft(6));
}

/// Plays random games of `game` and the reference side by side: the same sorted moves at every
/// step and the same result. Returns the wins of P1, of P2 and the draws.
fn lock_step(game: &Game, reference: Draughts, games: u64, seed: u64) -> [u32; 3] {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut endings = [0; 3];
    for _ in 0..games {
        let (mut s, mut r) = (game.new_initial_state(), reference.clone());
        loop {
            let ours = legal(game, &s);
            assert_eq!(ours, r.names(), "{}", game.render(&s));
            if ours.is_empty() {
                break;
            }
            let pick = &ours[rng.random_range(0..ours.len())];
            setup::play(game, &mut s, pick);
            let m = r
                .legal()
                .into_iter()
                .find(|m| &Draughts::notation(m) == pick)
                .unwrap();
            r.make(&m);
        }
        let expected = match r.result {
            Some(Some(p)) => Status::Won(p),
            _ => Status::Drawn,
        };
        assert!(ended(&s, expected), "{:?} vs {:?}", s.status(), r.result);
        endings[r.result.flatten().map_or(2, usize::from)] += 1;
    }
    endings
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    // A short limit makes draws common; the full one lets games run to a win.
    let mut endings = [0; 3];
    for (limit, seed) in [(100, 1), (12, 2)] {
        let e = lock_step(&draughts(limit), Draughts::start(limit, false), 100, seed);
        (0..3).for_each(|i| endings[i] += e[i]);
    }
    assert!(endings.iter().all(|&n| n > 0), "{endings:?}");
    let e = lock_step(&variant(), Draughts::start(100, true), 50, 3);
    assert!(e[0] + e[1] > 0, "{e:?}");
}

#[test]
fn in_the_variant_men_jump_backwards_and_are_crowned_where_the_chain_ends() {
    let (g, v) = (draughts(100), variant());
    let pieces = [(0, MAN, "e5"), (1, MAN, "d4"), (1, MAN, "h8")];
    let s = at(&g, &pieces, 0);
    assert_eq!(legal(&g, &s), ["e5-d6", "e5-f6"]);
    let s = at(&v, &pieces, 0);
    assert_eq!(legal(&v, &s), ["e5xc3"]);
    // Through the far row and out again: f6 over e7 to d8, then back over c7 to b6, a man still.
    let pieces = [
        (0, MAN, "f6"),
        (1, MAN, "e7"),
        (1, MAN, "c7"),
        (1, MAN, "h2"),
    ];
    let s = at(&v, &pieces, 0);
    assert_eq!(legal(&v, &s), ["f6xd8xb6"]);
    let s = after(&v, &s, "f6xd8xb6");
    assert_eq!(on(&s, "b6"), (1, MAN));
    // In English draughts the man stops on d8, crowned.
    let s = at(&g, &pieces, 0);
    assert_eq!(legal(&g, &s), ["f6xd8"]);
}

/// A one-piece game on a board of `shape` whose pieces start on `region`.
fn regions_game(shape: &str, region: &str) -> Result<Game, String> {
    let text = format!(
        r#"(game "Regions" (players 2) (equipment {{(board {shape})}})
  (rules (start (pieces P1 {region})) (play (step All)) (end (if (no-moves Next) (result Next Loss)))))"#
    );
    ludus::load_source("regions.game", &text, &[]).map_err(|e| e.render(false))
}

fn start_squares(g: &Game) -> Vec<String> {
    let s = g.new_initial_state();
    (0..s.cells().len())
        .filter(|&i| s.cells()[i].count > 0)
        .map(|i| g.site_name(i as u16))
        .collect()
}

#[test]
fn checkered_squares_meet_other_regions() {
    let dark = regions_game("(square 3)", "(checkered Dark)").unwrap();
    assert_eq!(start_squares(&dark), ["a1", "c1", "b2", "a3", "c3"]);
    let light = regions_game("(rectangle 2 3)", "(checkered Light)").unwrap();
    assert_eq!(start_squares(&light), ["b1", "a2", "c2"]);
    let meet = regions_game(
        "(square 4)",
        "(intersection (checkered Light) (row 3) (column 0))",
    );
    assert_eq!(start_squares(&meet.unwrap()), ["a4"]);
    let list = regions_game(
        "(square 4)",
        "(intersection {(checkered Dark) (rect 0 0 1 3)})",
    );
    assert_eq!(start_squares(&list.unwrap()), ["a1", "c1", "b2", "d2"]);
}

#[test]
fn checkered_squares_on_hexagons_are_refused() {
    let Err(report) = regions_game("(rhombus 4)", "(checkered Dark)") else {
        panic!("hexagons have no two colours");
    };
    assert!(
        report.contains("`checkered` needs a board of squares"),
        "{report}"
    );
    let Err(report) = regions_game("(square 4)", "(checkered Grey)") else {
        panic!("an unknown colour is refused");
    };
    assert!(report.contains("Grey"), "{report}");
}

/// A king on a 16x16 board facing a serpentine of 19 men, each landing beside the next man.
#[test]
fn a_chain_ends_at_its_sixteenth_jump_as_the_doc_says() {
    let text = r#"(game "Long chains" (players 2)
  (equipment {(board (square 16)) (piece-kinds {"Man" "King"})})
  (rules (start (pieces P1 (sites {0}) kind:"King"))
    (play (jump Diagonal)) (end (if (no-moves Next) (result Next Loss)))))"#;
    let g = ludus::load_source("long.game", text, &[])
        .map_err(|e| e.render(false))
        .unwrap();
    // Landings zigzag right along rows 1 to 3, then up and left: (column, row), from a1.
    let mut landings = vec![(0i32, 0i32)];
    for k in 1..=7 {
        landings.push((2 * k, if k % 2 == 1 { 2 } else { 0 }));
    }
    for k in 1..=6 {
        landings.push((14 - 2 * k, if k % 2 == 1 { 4 } else { 6 }));
    }
    for k in 1..=6 {
        landings.push((2 + 2 * k, if k % 2 == 1 { 8 } else { 10 }));
    }
    let mut p = empty(&g);
    p.board.cells[0] = Cell {
        count: 1,
        owner: 1,
        kind: KING,
        ..Cell::default()
    };
    for pair in landings.windows(2) {
        let (x, y) = ((pair[0].0 + pair[1].0) / 2, (pair[0].1 + pair[1].1) / 2);
        p.board.cells[(y * 16 + x) as usize] = Cell {
            count: 1,
            owner: 2,
            ..Cell::default()
        };
    }
    assert_eq!(landings.len() - 1, 19, "nineteen men in the way");
    let s = g.state_at(p);
    let name = |(x, y): (i32, i32)| g.site_name((y * 16 + x) as u16);
    let sixteen: Vec<String> = landings[..17].iter().map(|&l| name(l)).collect();
    // The one chain stops after sixteen jumps, the most a move records; the rest stay.
    assert_eq!(legal(&g, &s), [sixteen.join("x")]);
    let s = after(&g, &s, &sixteen.join("x"));
    assert_eq!(s.scores()[0], 16);
    assert_eq!(s.cells().iter().filter(|c| c.owner == 2).count(), 3);
}
