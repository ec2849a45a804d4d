//! Boards of every size the language allows: sites past 255 (16-bit sites), the largest board,
//! and column names past `z`.

use ludus::engine::Scratch;
use ludus::{Game, Move, NodeType, State};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A game of placing, stepping and hopping on the given board.
fn game(board: &str) -> Game {
    let text = format!(
        r#"
(game "Wide"
  (players 2)
  (equipment {{(board {board}) (hand Each)}})
  (rules (start (hand Each 60))
    (play (or {{(place 1) (step All) (hop All)}}))
    (end {{
      (if (no-pieces Next) (result Mover Win))
      (if (>= (moves-played) 400) (result All Draw))
      (if (no-moves Next) (result Next Loss))
    }})))
"#
    );
    match ludus::load_source("wide.game", &text, &[]) {
        Ok(g) => g,
        Err(e) => panic!("the board {board} loads: {e:?}"),
    }
}

/// Plays moves written in notation from the start.
fn play(game: &Game, moves: &[&str]) -> State {
    let mut s = game.new_initial_state();
    for text in moves {
        let m = game
            .parse_move(&s, text)
            .unwrap_or_else(|e| panic!("{text} is legal: {e}"));
        game.apply(&mut s, m).expect("a legal move applies");
    }
    s
}

/// The legal moves in notation, those from `from` only.
fn moves_from(game: &Game, s: &State, from: &str) -> Vec<String> {
    let mut out: Vec<String> = game
        .moves(s)
        .into_iter()
        .map(|m| game.notation(s, m))
        .filter(|n| n.starts_with(from) && !n.starts_with("place"))
        .collect();
    out.sort();
    out
}

/// On a 16x16 board p16 is site 255, the byte sites' marker of "no site": it must be a site
/// like any other.
#[test]
fn a_piece_steps_onto_p16_of_a_16x16_board() {
    let game = game("(square 16)");
    let s = play(&game, &["place o16", "place p15"]);
    assert_eq!(
        moves_from(&game, &s, "o16"),
        ["o16-n15", "o16-n16", "o16-o15", "o16-p16"]
    );
    let s = play(&game, &["place o16", "place p15", "o16-p16"]);
    assert_eq!(s.cells()[255].owner, 1);
    assert_eq!(s.cells()[254].count, 0);
}

/// The largest square board the checker allows plays to its last site, by a step and by a hop.
#[test]
fn pieces_reach_t20_the_last_site_of_a_20x20_board() {
    let game = game("(square 20)");
    assert_eq!(game.sites(), 400);
    assert_eq!(game.site_name(399), "t20");
    let s = play(&game, &["place s20", "place a1", "s20-t20"]);
    assert_eq!((s.cells()[399].owner, s.cells()[398].count), (1, 0));
    // A hop from r20 over s20 lands on t20, taking the piece there.
    let s = play(&game, &["place r20", "place s20", "r20xt20"]);
    assert_eq!(s.cells()[399].owner, 1);
    assert_eq!((s.cells()[397].count, s.cells()[398].count), (0, 0));
    assert_eq!(s.scores(), [1, 0]);
}

/// The hop records its direction, and applying it reads it: each of two hops from one piece
/// takes only its own run.
#[test]
fn a_hop_records_its_direction() {
    let game = game("(square 20)");
    let s = play(&game, &["place j10", "place k10", "place a1", "place j11"]);
    let hops: Vec<Move> = game
        .moves(&s)
        .into_iter()
        .filter(|&m| game.notation(&s, m).starts_with("j10x"))
        .collect();
    let named: Vec<(String, Option<u8>)> = hops
        .iter()
        .map(|&m| (game.notation(&s, m), m.dir()))
        .collect();
    // Directions count from north clockwise: N is 0, E is 2.
    assert_eq!(
        named,
        [
            ("j10xj12".to_string(), Some(0)),
            ("j10xl10".to_string(), Some(2))
        ]
    );
    let mut after = s.clone();
    game.apply(&mut after, hops[1]).expect("the hop applies");
    let site = |name: &str| {
        (0..400)
            .find(|&i| game.site_name(i) == name)
            .expect("a site")
    };
    assert_eq!(after.cells()[site("k10") as usize].count, 0);
    assert_eq!(after.cells()[site("j11") as usize].owner, 2);
}

/// Random playouts on the largest board draw only legal moves, and finish.
#[test]
fn playouts_on_a_20x20_board_draw_legal_moves() {
    let game = game("(square 20)");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let mut scratch = Scratch::default();
    let mut hops = 0;
    for _ in 0..3 {
        let mut s = game.new_initial_state();
        while s.node() == NodeType::Decision {
            let legal = game.moves(&s);
            let m = game
                .random_move(&s, &mut scratch, &mut rng)
                .expect("a move while the game goes on");
            assert!(legal.contains(&m), "{}", game.notation(&s, m));
            hops += usize::from(m.dir().is_some());
            game.apply(&mut s, m).expect("a legal move applies");
        }
        assert!(s.is_terminal());
    }
    assert!(hops > 0, "the playouts hopped");
}

/// Boards up to the most sites validate; a larger one is refused with the limit.
#[test]
fn the_checker_allows_boards_up_to_448_sites() {
    assert_eq!(game("(square 21)").sites(), 441);
    let text = "(game \"Huge\" (players 2) (equipment {(board (square 22)) (hand Each)}) \
                (rules (start (hand Each 1)) (play (place 1)) (end (if (no-moves Next) (result Next Loss)))))";
    let err = ludus::load_source("huge.game", text, &[]).expect_err("484 sites are too many");
    let text = format!("{err:?}");
    assert!(
        text.contains("a board of 22 x 22 sites is out of range"),
        "{text}"
    );
    assert!(text.contains("at most 448 sites"), "{text}");
}

/// Columns past `z` are named `aa`, `ab` …, and the names read back.
#[test]
fn columns_past_z_are_named_and_read_back() {
    let game = game("(rectangle 2 30)");
    assert_eq!(game.site_name(25), "z1");
    assert_eq!(game.site_name(26), "aa1");
    assert_eq!(game.site_name(59), "ad2");
    let s = game.new_initial_state();
    let m = game.parse_move(&s, "place ad2").expect("ad2 reads back");
    assert_eq!(
        (m.to(), game.notation(&s, m)),
        (Some(59), "place ad2".into())
    );
    assert!(game.render(&s).contains(" z aa ab ac ad\n"));
}
