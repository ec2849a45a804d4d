//! Connect Four: the drop to the lowest empty cell (a site condition on the placement), full
//! columns, wins in each of the four line directions, the draw on a full grid; and the game
//! against an independent reference model (`tests/reference/connect_four.rs`) by perft and by
//! lock-step random games, with every option.
//! Sites are named as in chess: a1 = site 0, rows from the bottom.

#[path = "../reference/connect_four.rs"]
mod reference;
use crate::setup;
use crate::tree;

use ludus::{Game, State, Status};
use rand::{Rng, SeedableRng};
use reference::ConnectFour;
use setup::{after, ended, load, names};
use tree::Tree;

fn connect_four(columns: usize, rows: usize, connect: usize) -> Game {
    load(
        "games/connect-four.game",
        &[
            ("columns", &columns.to_string()),
            ("rows", &rows.to_string()),
            ("connect", &connect.to_string()),
        ],
    )
}

fn start() -> (Game, State) {
    let game = load("games/connect-four.game", &[]);
    let s = game.new_initial_state();
    (game, s)
}

#[test]
fn a_disc_drops_to_the_lowest_empty_cell_of_each_column() {
    let (game, s) = start();
    assert_eq!(
        names(&game, &s),
        ["place a1", "place b1", "place c1", "place d1", "place e1", "place f1", "place g1"]
    );
    let s = after(&game, &s, "place c1 place c2 place d1");
    assert_eq!(
        names(&game, &s),
        ["place a1", "place b1", "place e1", "place f1", "place g1", "place d2", "place c3"]
    );
}

#[test]
fn a_full_column_takes_no_more_discs() {
    let (game, s) = start();
    let s = after(
        &game,
        &s,
        "place a1 place a2 place a3 place a4 place a5 place a6",
    );
    assert!(!names(&game, &s).iter().any(|n| n.starts_with("place a")));
    assert_eq!(names(&game, &s).len(), 6);
}

#[test]
fn four_in_a_row_wins_in_each_direction() {
    let (game, s) = start();
    // Across: P1 a1 b1 c1 d1, P2 on the second row.
    let across = after(
        &game,
        &s,
        "place a1 place a2 place b1 place b2 place c1 place c2",
    );
    assert!(!across.is_terminal());
    assert!(ended(&after(&game, &across, "place d1"), Status::Won(0)));
    // Up: P1 on column a.
    let up = after(
        &game,
        &s,
        "place a1 place b1 place a2 place b2 place a3 place b3",
    );
    assert!(ended(&after(&game, &up, "place a4"), Status::Won(0)));
    // Rising diagonal a1 b2 c3 d4 for P1.
    let rising = after(
        &game,
        &s,
        "place a1 place b1 place b2 place c1 place c2 place d1 place c3 place d2 place g1 place d3",
    );
    assert!(!rising.is_terminal());
    assert!(ended(&after(&game, &rising, "place d4"), Status::Won(0)));
    // Falling diagonal for P2: d1 c2 b3 a4, the last disc placed in the middle of the line (b3).
    let falling = after(
        &game,
        &s,
        "place c1 place d1 place b1 place c2 place a1 place g1 place a2 place a3 place b2 place a4 place g2",
    );
    assert!(!falling.is_terminal());
    assert!(ended(&after(&game, &falling, "place b3"), Status::Won(1)));
    // Three in a row is not a win.
    let three = after(&game, &s, "place a1 place a2 place b1 place b2 place c1");
    assert!(!three.is_terminal());
}

#[test]
fn a_full_grid_without_a_line_is_a_draw() {
    // On 2 columns and 2 rows with connect 3, no line can be made.
    let game = connect_four(2, 2, 3);
    let s = after(
        &game,
        &game.new_initial_state(),
        "place a1 place b1 place a2",
    );
    assert!(!s.is_terminal());
    assert!(ended(&after(&game, &s, "place b2"), Status::Drawn));
}

#[test]
fn perft_agrees_with_the_reference_with_every_option() {
    for (c, r, k, depth) in [
        (7, 6, 4, 7),
        (4, 4, 3, 16),
        (5, 4, 4, 9),
        (19, 19, 5, 4),
        (1, 3, 2, 4),
    ] {
        let game = connect_four(c, r, k);
        let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
        assert_eq!(
            ours,
            ConnectFour::new(c, r, k).perft(depth),
            "{c}x{r} connect {k}"
        );
    }
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(13);
    let mut endings = [0; 3];
    for (c, r, k) in [(7, 6, 4), (4, 4, 3), (8, 7, 5), (3, 3, 3), (10, 5, 4)] {
        let game = connect_four(c, r, k);
        for _ in 0..60 {
            let (mut s, mut reference) = (game.new_initial_state(), ConnectFour::new(c, r, k));
            loop {
                let ours = names(&game, &s);
                let theirs: Vec<String> = reference
                    .moves()
                    .into_iter()
                    .map(|m| format!("place {}", game.site_name(m as u16)))
                    .collect();
                assert_eq!(ours, theirs, "{c}x{r} connect {k}");
                if ours.is_empty() {
                    break;
                }
                let i = rng.random_range(0..ours.len());
                setup::play(&game, &mut s, &ours[i]);
                reference.play(reference.moves()[i]);
            }
            let expected = match reference.winner {
                Some(p) => Status::Won(p),
                None => Status::Drawn,
            };
            assert!(ended(&s, expected), "{c}x{r}: {:?}", s.status());
            endings[reference.winner.map_or(2, usize::from)] += 1;
        }
    }
    assert!(endings.iter().all(|&n| n > 0), "{endings:?}");
}
