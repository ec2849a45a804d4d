//! The text board (`ludus moves`, `play`, `replay`): what it shows besides the cells, and which
//! cells it draws.

use crate::command;

use command::{ludus, stderr, stdout};

/// The board `ludus moves` prints for a file, after some moves.
fn board(file: &str, moves: &str) -> String {
    let o = ludus(&["moves", file, "--moves", moves]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    stdout(&o)
}

/// A hand that can cover the board never limits a player: no line. A hand smaller than the
/// board is shown; stores only in a game that keeps a score.
#[test]
fn hands_and_stores_only_where_the_game_uses_them() {
    let hex = board("games/hex.game", "");
    assert!(!hex.contains("hands:"), "{hex}");
    assert!(!hex.contains("stores:"), "{hex}");
    let morris = board("games/morris.game", "");
    assert!(morris.contains("hands: P1 9, P2 9\n"), "{morris}");
    assert!(!morris.contains("stores:"), "{morris}");
    // Ur ends on its stores (pieces borne off): shown from the start.
    let ur = board("games/ur.game", "");
    assert!(
        ur.contains("hands: P1 7, P2 7\nstores: P1 0, P2 0\n"),
        "{ur}"
    );
    let kalah = board("games/kalah.game", "");
    assert!(kalah.contains("stores: P1 0, P2 0\n"), "{kalah}");
    assert!(!kalah.contains("hands:"), "{kalah}");
}

/// A race board draws the sites its tracks pass, not the grid around them.
#[test]
fn cells_off_the_tracks_are_not_drawn() {
    let ur = board("games/ur.game", "");
    let rows: Vec<&str> = ur.lines().skip(1).take(3).collect();
    // Rows 3 and 1 lack e and f (the fifth and sixth columns); row 2 has all eight.
    assert_eq!(rows[0], "  3   .  .  .  .        .  .", "{ur}");
    assert_eq!(rows[1], "  2   .  .  .  .  .  .  .  .", "{ur}");
    assert_eq!(rows[2], "  1   .  .  .  .        .  .", "{ur}");
    let ludo = board("games/ludo.game", "");
    let top = ludo.lines().nth(1).unwrap();
    // The cross's top row: three squares in the middle of fifteen.
    assert_eq!(top.matches('.').count(), 3, "{ludo}");
    // A board without tracks draws every cell.
    let kalah = board("games/kalah.game", "");
    assert!(kalah.contains("  2   4  4  4  4  4  4\n"), "{kalah}");
}

/// One move is a move, not `1 moves`.
#[test]
fn one_move_played_is_singular() {
    let b = board("games/tictactoe.game", "place b2");
    assert!(b.contains(", 1 move played\n"), "{b}");
    let b = board("games/tictactoe.game", "place b2 place a1");
    assert!(b.contains(", 2 moves played\n"), "{b}");
}

/// A row whose last cells are off the board ends at its last cell: no trailing blanks.
#[test]
fn rows_end_at_their_last_cell() {
    let ludo = board("games/ludo.game", "");
    assert!(ludo.lines().all(|l| l == l.trim_end()), "{ludo:?}");
    let morris = board("games/morris.game", "");
    assert!(morris.contains("\n  6      .     .     .\n"), "{morris:?}");
}
