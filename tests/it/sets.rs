//! Regions are sets, and the sets behind every count agree: a site named twice counts once (with
//! a warning), a start instruction may not set up a site twice, and a game whose player can be
//! stuck with no end rule for it says so when validated.

use crate::command;
use ludus::{load_source, Game, LoadError};
use std::sync::atomic::AtomicBool;

fn load(name: &str, text: &str) -> Game {
    load_source(name, text, &[]).unwrap_or_else(|e| panic!("{name}: {}", e.render(false)))
}

fn shipped(file: &str) -> String {
    std::fs::read_to_string(format!("games/{file}")).expect("a shipped game")
}

/// A shipped game's text with one piece of it replaced.
fn variant(file: &str, from: &str, to: &str) -> String {
    let text = shipped(file);
    assert!(text.contains(from), "{file} has `{from}`");
    text.replacen(from, to, 1)
}

fn woli_with_a_repeated_site() -> Game {
    load(
        "woli-repeated.game",
        &variant(
            "woli.game",
            "(region \"Home\" P1 (row 0))",
            "(region \"Home\" P1 (sites {0 0 2}))",
        ),
    )
}

#[test]
fn a_site_named_twice_is_listed_once() {
    let game = woli_with_a_repeated_site();
    let s = game.new_initial_state();
    let names: Vec<String> = game
        .moves(&s)
        .into_iter()
        .map(|m| game.notation(&s, m))
        .collect();
    assert_eq!(names, ["sow a1", "sow c1"]);
}

#[test]
fn a_site_named_twice_is_warned_about_where_it_is_written() {
    let game = woli_with_a_repeated_site();
    let w: Vec<_> = game
        .warnings
        .iter()
        .filter(|d| d.code == "check::repeated-site")
        .collect();
    assert_eq!(w.len(), 1, "{:?}", game.warnings);
    assert_eq!(w[0].message, "site 0 is named twice in this region");
    assert_eq!(w[0].related.len(), 1, "the first naming is shown");
}

#[test]
fn perft_equals_the_sum_of_its_divide_with_a_site_named_twice() {
    let game = woli_with_a_repeated_site();
    let s = game.new_initial_state();
    for depth in 1..=4 {
        let perft = ludus::engine::perft(&game, &s, depth)[depth];
        let divide = ludus::engine::perft_divide(&game, &s, depth, &AtomicBool::new(false))
            .expect("not stopped");
        assert_eq!(
            perft,
            divide.iter().map(|(_, n)| n).sum::<u64>(),
            "depth {depth}"
        );
    }
}

#[test]
fn count_in_counts_a_site_named_twice_once() {
    let game = load(
        "ttt-repeated.game",
        &variant(
            "tictactoe.game",
            "(if (line 3 Mover through-last:true) (result Mover Win))",
            "(if (>= (count-in (sites {0 0})) 2) (result Mover Win))",
        ),
    );
    let s = game.new_initial_state();
    let mut s2 = s.clone();
    let m = game.parse_move(&s, "place a1").expect("a legal move");
    game.apply(&mut s2, m).expect("played");
    assert_eq!(s2.status(), ludus::Status::Ongoing, "one piece is not two");
}

#[test]
fn a_union_of_overlapping_regions_is_a_set() {
    let game = load(
        "ttt-union.game",
        &variant(
            "tictactoe.game",
            "(play (place 1))",
            "(play (place 1 to:(union (row 0) (column 0))))",
        ),
    );
    let s = game.new_initial_state();
    assert_eq!(game.moves(&s).len(), 5, "row 0 and column 0 share a1");
}

/// `ludus validate` on a text written to a file `name`: whether it succeeded, and what it printed.
fn validate(name: &str, text: &str) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("ludus-sets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    let out = command::ludus(&["validate", path.to_str().expect("a UTF-8 path")]);
    let _ = std::fs::remove_file(&path);
    (
        out.status.success(),
        command::stdout(&out) + &command::stderr(&out),
    )
}

#[test]
fn validate_warns_of_a_site_named_twice() {
    let (ok, text) = validate(
        "woli-repeated.game",
        &variant(
            "woli.game",
            "(region \"Home\" P1 (row 0))",
            "(region \"Home\" P1 (sites {0 0 2}))",
        ),
    );
    assert!(ok, "a warning does not fail validation: {text}");
    assert!(text.contains("site 0 is named twice"), "{text}");
}

#[test]
fn a_site_set_up_twice_is_an_error() {
    let text = variant(
        "tictactoe.game",
        "(start (hand Each 5))",
        "(start {(hand Each 5) (pieces P1 (sites {1})) (pieces P2 (sites {1}))})",
    );
    match load_source("twice.game", &text, &[]) {
        Err(LoadError::Invalid { diagnostics, .. }) => {
            assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
            let d = &diagnostics[0];
            assert_eq!(d.message, "site 1 is set up twice");
            assert_eq!(d.related.len(), 1, "the first instruction is shown");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("P2's piece silently replaced P1's"),
    }
}

#[test]
fn a_fill_over_pieces_is_an_error() {
    let text = variant(
        "tictactoe.game",
        "(start (hand Each 5))",
        "(start {(hand Each 5) (pieces P1 (sites {4})) (fill (row 1) 3)})",
    );
    assert!(
        load_source("fill.game", &text, &[]).is_err(),
        "a fill over a piece is refused"
    );
}

/// Connect6 on a 2x2 board with only a six-in-a-row rule: the board fills and nobody can move.
const STUCK: &str = r#"(game "Connect6 2x2"
  (players 2)
  (equipment {(board (square 2)) (hand Each)})
  (rules (start (hand Each 10))
    (play (place 1))
    (end (if (line 6 Mover) (result Mover Win)))))
"#;

#[test]
fn a_game_that_can_leave_a_player_stuck_is_warned_about() {
    let game = load("stuck.game", STUCK);
    assert!(
        game.warnings.iter().any(|d| d.code == "check::stuck-draws"),
        "{:?}",
        game.warnings
    );
    let (ok, text) = validate("stuck.game", STUCK);
    assert!(ok, "{text}");
    assert!(text.contains("has no move"), "{text}");
}

#[test]
fn saying_what_being_stuck_means_silences_the_warning() {
    let said = STUCK.replace(
        "(end (if (line 6 Mover) (result Mover Win)))",
        "(end {(if (line 6 Mover) (result Mover Win)) (if (no-moves Next) (result All Draw))})",
    );
    let game = load("said.game", &said);
    assert!(
        !game.warnings.iter().any(|d| d.code == "check::stuck-draws"),
        "{:?}",
        game.warnings
    );
}

#[test]
fn a_game_whose_every_decision_may_pass_is_never_stuck() {
    let game = load("ur.game", &shipped("ur.game"));
    assert!(
        game.warnings.is_empty(),
        "a pass is always there: {:?}",
        game.warnings
    );
}

#[test]
fn no_shipped_game_or_variant_warns_under_any_choice_of_its_options() {
    let mut files: Vec<_> = std::fs::read_dir("games")
        .expect("games")
        .chain(std::fs::read_dir("tests/variants").expect("variants"))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    for f in files {
        let game = ludus::load_file(&f, &[]).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let mut settings = vec![vec![]];
        for o in &game.options {
            if let ludus::expand::OptionKind::Choice { values, .. } = &o.kind {
                settings.extend(values.iter().map(|v| vec![(o.name.clone(), v.clone())]));
            }
        }
        for set in settings {
            let game =
                ludus::load_file(&f, &set).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            assert!(
                game.warnings.is_empty(),
                "{} {set:?}: {:?}",
                f.display(),
                game.warnings
            );
        }
    }
}
