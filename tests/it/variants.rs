//! Variants written in the language as text edits of the shipped games (`tests/variants/*.game`):
//! each validates, plays 1,000 checked random playouts to a proper end, and plays the rule it
//! changes the way the variant says.

use crate::setup;

use ludus::engine::Cell;
use ludus::{Game, NodeType, Status};
use setup::{after, counts, ended, load, mancala, names};

const PLAYOUTS: u64 = 1000;

fn variant(name: &str) -> Game {
    load(&format!("tests/variants/{name}.game"), &[])
}

fn sows(holes: &[&str]) -> Vec<String> {
    holes.iter().map(|h| format!("sow {h}")).collect()
}

/// Plays 1,000 checked random games of a variant; each must end with a result within its limit.
fn plays_to_an_end(name: &str) {
    let game = variant(name);
    let tally = setup::tally(&game, PLAYOUTS, false);
    eprintln!("{}: {tally} in {PLAYOUTS} playouts", game.name);
}

#[test]
fn the_variants_are_the_files_of_tests_variants() {
    let mut stems: Vec<String> = std::fs::read_dir("tests/variants")
        .expect("tests/variants")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    stems.sort();
    assert_eq!(
        stems,
        [
            "brazilian-draughts",
            "breakthrough-lancers",
            "chess-kiwipete",
            "chess-position3",
            "chess-position4",
            "chess-position5",
            "congkak",
            "draughts-back",
            "fanoron-dimy",
            "go-hexagonal",
            "hexapawn",
            "hexapawn-drops",
            "hexxagon",
            "kalah-clockwise",
            "keryo-pente",
            "konane-8x11",
            "leapers",
            "lines-of-action-6x6",
            "ludo-open-starts",
            "nackgammon",
            "oware",
            "sig-3x8",
            "six-mens-morris",
            "snakes-and-ladders-chained",
            "tabou-5",
            "toki-7x7",
            "toki-single",
            "woli-4"
        ]
    );
    for stem in stems {
        let game = variant(&stem);
        assert!(!game.name.is_empty());
    }
}

#[test]
fn hexapawn_plays_1000_games() {
    plays_to_an_end("hexapawn");
}

#[test]
fn leapers_and_lines_of_action_6x6_play_1000_games() {
    plays_to_an_end("leapers");
    plays_to_an_end("lines-of-action-6x6");
}

#[test]
fn leapers_move_exactly_three_squares_over_anything_and_win_by_joining_orthogonally() {
    let game = variant("leapers");
    let s = game.new_initial_state();
    let moves = names(&game, &s);
    // a1 (P1): three up the file over a2, a3 to a4; three along the rank over b1 (Black) and
    // c1 (White) onto Black's d1, a capture; three up the diagonal to d4.
    for m in ["a1-a4", "a1xd1", "a1-d4"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    // Never one, two or four squares; never onto one's own piece (c1 to f1 holds Black's f1,
    // a capture; e1 to b1 captures too, but c1 to c4 is only empty squares).
    for m in ["a1-a2", "a1-a3", "a1-a5", "a1xc1", "a1-c1"] {
        assert!(!moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    // Counted in full by the plain rule: each piece has every direction whose third square is
    // on the board and not its own.
    let expected: usize = [(0, 0), (0, 2), (0, 4), (5, 1), (5, 3), (5, 5)]
        .iter()
        .map(|&(r, c): &(i32, i32)| {
            [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ]
            .iter()
            .filter(|&&(dr, dc)| {
                let (r, c) = (r + 3 * dr, c + 3 * dc);
                let own = [(0, 0), (0, 2), (0, 4), (5, 1), (5, 3), (5, 5)];
                (0..6).contains(&r) && (0..6).contains(&c) && !own.contains(&(r, c))
            })
            .count()
        })
        .sum();
    assert_eq!(moves.len(), expected);
    // Joining orthogonally wins, diagonally does not (one-group's directions default to the
    // orthogonal ones).
    let at = |p1: &[&str]| {
        let mut p = setup::empty(&game);
        for (owner, names) in [(1, p1), (2, &["a6", "f6"][..])] {
            for name in names {
                p.board.cells[setup::site(6, name)] = Cell {
                    count: 1,
                    owner,
                    ..Cell::default()
                };
            }
        }
        game.state_at(p)
    };
    let s = after(&game, &at(&["a1", "e2"]), "e2-b2");
    assert_eq!(s.status(), Status::Ongoing, "{}", game.render(&s));
    let s = after(&game, &at(&["a1", "d2"]), "d2-a2");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
}

#[test]
fn breakthrough_lancers_plays_1000_games() {
    plays_to_an_end("breakthrough-lancers");
}

#[test]
fn lancers_slide_two_squares_over_empty_ones_and_capture_at_the_end() {
    let game = variant("breakthrough-lancers");
    let s = game.new_initial_state();
    let moves = names(&game, &s);
    // b2: two up the file, two up the right diagonal, one up the left (a3, then the edge); the
    // first row is walled in by the second.
    for m in ["b2-b3", "b2-b4", "b2-c3", "b2-d4", "b2-a3"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    assert!(!moves.iter().any(|m| m.starts_with("b1")), "{moves:?}");
    assert_eq!(moves.len(), 30);
    // Bounded by max:2: no b2-b5 even were b5 empty; b4 stops b5's slide, which may end on it.
    let s = after(&game, &s, "b2-b4");
    let moves = names(&game, &s);
    for m in ["b5xb4", "c5xb4", "a5-a3", "d5-b3"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    assert!(
        !moves.iter().any(|m| m == "b5-b3"),
        "no passing over: {moves:?}"
    );
    assert!(
        !moves.iter().any(|m| m == "a5-c3"),
        "no passing over: {moves:?}"
    );
    // The capture replaces the piece, which leaves the game (captured:Removed).
    let s = after(&game, &s, "c5xb4");
    let b4 = s.cells()[setup::site(6, "b4")];
    assert_eq!((b4.count, b4.owner), (1, 2));
    assert_eq!(s.cells().iter().filter(|c| c.owner == 1).count(), 11);
    assert_eq!(s.scores()[1], 0);
    // A capture on the far row wins: P2's lancer goes b4-b3, takes a2, then b1.
    let s = after(&game, &s, "e2-e3 b4-b3");
    let moves = names(&game, &s);
    assert!(moves.contains(&"a2xb3".to_string()), "{moves:?}");
    let s = after(&game, &s, "f2-f3 b3xa2");
    let s = after(&game, &s, "f3-f4 a2xb1");
    assert!(ended(&s, Status::Won(1)), "{}", game.render(&s));
}

#[test]
fn draughts_back_plays_1000_games() {
    plays_to_an_end("draughts-back");
}

#[test]
fn congkak_plays_1000_games() {
    plays_to_an_end("congkak");
}

#[test]
fn oware_plays_1000_games() {
    plays_to_an_end("oware");
}

#[test]
fn sig_3x8_plays_1000_games() {
    plays_to_an_end("sig-3x8");
}

#[test]
fn tabou_5_plays_1000_games() {
    plays_to_an_end("tabou-5");
}

#[test]
fn toki_7x7_plays_1000_games() {
    plays_to_an_end("toki-7x7");
}

#[test]
fn woli_4_plays_1000_games() {
    plays_to_an_end("woli-4");
}

#[test]
fn oware_a_grand_slam_captures_nothing_where_woli_forbids_it() {
    let oware = variant("oware");
    // f1's 2 seeds make f2 and e2 hold 2 each: every seed P2 has. The move stands, capturing nothing.
    let s = mancala(&oware, &[5, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 1], 0, [20, 19]);
    assert_eq!(names(&oware, &s), sows(&["a1", "f1"]));
    let s = after(&oware, &s, "sow f1");
    assert_eq!(counts(&s), vec![5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2]);
    assert_eq!(s.scores(), [20, 19]);
    assert_eq!(s.node(), NodeType::Decision);
    // Without the grand slam, the same chain captures as usual.
    let s = mancala(&oware, &[5, 0, 0, 0, 0, 2, 0, 0, 0, 1, 1, 1], 0, [20, 18]);
    let s = after(&oware, &s, "sow f1");
    assert_eq!(counts(&s), vec![5, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    assert_eq!(s.scores(), [24, 18]);
    // Woli's no-grand-slam rule makes the move illegal instead (its own sowing order: a1 into a2, b2).
    let woli = load("games/woli.game", &[]);
    let s = mancala(&woli, &[2, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0], 0, [30, 30]);
    assert_eq!(names(&woli, &s), sows(&["e1"]));
}

#[test]
fn oware_must_feed_if_it_can_and_the_game_ends_if_it_cannot() {
    let game = variant("oware");
    let s = mancala(&game, &[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], 0, [23, 23]);
    assert_eq!(names(&game, &s), sows(&["f1"]));
    // No sowing reaches P2's row: no move, each row goes to its owner.
    let s = mancala(&game, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0, [23, 24]);
    assert!(ended(&s, Status::Drawn), "{}", game.render(&s));
    assert_eq!(s.scores(), [24, 24]);
}

#[test]
fn oware_more_than_24_wins_at_once() {
    let game = variant("oware");
    // f1 captures e2 and f2 (4) for 27; d2 keeps its 3 seeds, not collected.
    let s = mancala(&game, &[8, 0, 0, 0, 0, 2, 0, 0, 0, 3, 1, 1], 0, [23, 10]);
    let s = after(&game, &s, "sow f1");
    assert!(ended(&s, Status::Won(0)), "{}", game.render(&s));
    assert_eq!(s.scores(), [27, 10]);
    assert_eq!(counts(&s), vec![8, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0]);
}

#[test]
fn oware_sows_anticlockwise_and_a_repetition_ends_it() {
    let game = variant("oware");
    let s = after(&game, &game.new_initial_state(), "sow f1 sow a2");
    assert_eq!(counts(&s), vec![5, 5, 5, 5, 4, 0, 0, 4, 5, 5, 5, 5]);
    // One seed each, six houses apart: forced moves bring the start back after twelve.
    let mut s = mancala(&game, &[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0], 0, [23, 23]);
    for hole in [
        "f1", "a2", "a1", "f2", "b1", "e2", "c1", "d2", "d1", "c2", "e1", "b2",
    ] {
        assert_eq!(names(&game, &s), sows(&[hole]));
        s = after(&game, &s, &format!("sow {hole}"));
    }
    assert!(ended(&s, Status::Drawn));
    assert_eq!(s.scores(), [24, 24]);
}

#[test]
fn woli_4_starts_with_four_counters_a_hole() {
    let game = variant("woli-4");
    let s = game.new_initial_state();
    assert_eq!(counts(&s), vec![4; 12]);
    assert_eq!(ludus::engine::perft(&game, &s, 1)[1], 6);
    let s = after(&game, &s, "sow d1");
    assert_eq!(counts(&s), vec![5, 5, 5, 0, 4, 4, 5, 4, 4, 4, 4, 4]);
}

#[test]
fn tabou_5_transfers_need_exactly_five() {
    let five = variant("tabou-5");
    let four = load("games/tabou.game", &[]);
    let holes = [5, 4, 4, 5, 4, 4, 5, 5, 5, 5, 5, 5];
    let s = mancala(&five, &holes, 0, [0, 0]);
    let moves = names(&five, &s);
    assert_eq!(
        moves
            .iter()
            .filter(|m| m.contains('>'))
            .cloned()
            .collect::<Vec<_>>(),
        [
            "a1>b1", "a1>c1", "a1>d1", "a1>e1", "a1>f1", "d1>a1", "d1>b1", "d1>c1", "d1>e1",
            "d1>f1"
        ]
    );
    let s = mancala(&four, &holes, 0, [0, 0]);
    let moves = names(&four, &s);
    assert_eq!(
        moves.iter().filter(|m| m.contains('>')).count(),
        4 * 5,
        "the shipped game moves the holes of 4"
    );
    // 60 marbles: 30-30 is the draw, and 31-29 one only with the option.
    let s = mancala(&five, &[3, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 1], 0, [24, 29]);
    let s = after(&five, &s, "sow f1");
    assert!(ended(&s, Status::Won(0)));
    assert_eq!(s.scores(), [31, 29]);
    let option = load("tests/variants/tabou-5.game", &[("draw-31-29", "on")]);
    let s = mancala(&option, &[3, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 1], 0, [24, 29]);
    assert!(ended(&after(&option, &s, "sow f1"), Status::Drawn));
}

#[test]
fn toki_7x7_has_hands_of_30_and_49_sites() {
    let game = variant("toki-7x7");
    let s = game.new_initial_state();
    assert_eq!(s.hands(), [30, 30]);
    assert_eq!(s.cells().len(), 49);
    let moves = names(&game, &s);
    assert_eq!(moves.len(), 49);
    assert_eq!(
        (moves[0].as_str(), moves[48].as_str()),
        ("place a1", "place g7")
    );
    let s = after(&game, &s, "place g7");
    assert_eq!(s.hands(), [28, 30]);
    // A run to the edge of the 7x7 board lands on its last square.
    let mut p = setup::empty(&game);
    p.board.cells[setup::site(7, "c4")] = setup::stack(0, 1);
    for name in ["d4", "e4", "f4", "g4"] {
        p.board.cells[setup::site(7, name)] = setup::stack(1, 1);
    }
    p.board.cells[setup::site(7, "a7")] = setup::stack(1, 1);
    let s = game.state_at(p);
    assert!(names(&game, &s).contains(&"c4xg4".to_string()));
}

#[test]
fn sig_3x8_runs_a_track_of_32_positions() {
    let game = variant("sig-3x8");
    let s = game.new_initial_state();
    assert_eq!(s.cells().iter().filter(|c| c.owner == 1).count(), 8);
    assert_eq!(s.cells().iter().filter(|c| c.owner == 2).count(), 8);
    assert_eq!(names(&game, &after(&game, &s, "throw 1")), ["h1-h2"]);
    // A P1 piece on a2 is at position 15 (first pass of the central row) or 31 (second pass, the
    // last before the loop closes). Two steps take it to b3 (position 17) or b1 (position 1).
    let opened = game.vars.iter().position(|(n, _)| n == "Opened").unwrap();
    for (pos, to, site, new_pos) in [(15u8, "b3", 17, 17u8), (31, "b1", 1, 1)] {
        let mut p = setup::empty(&game);
        p.board.cells[8] = Cell {
            count: 1,
            owner: 1,
            pos,
            state: 1,
            ..Cell::default()
        };
        p.board.cells[23] = Cell {
            count: 1,
            owner: 2,
            pos: 0,
            state: 0,
            ..Cell::default()
        };
        p.board.vars[0][opened] = 1;
        p.phase = game.phase_index("Move").unwrap();
        p.pips = 2;
        let s = game.state_at(p);
        assert_eq!(names(&game, &s), [format!("a2-{to}")]);
        let s = after(&game, &s, &format!("a2-{to}"));
        assert_eq!((s.cells()[site].owner, s.cells()[site].pos), (1, new_pos));
    }
    // A special throw of 7 with eight unfreed pieces: one piece moves (a1 would land on h1).
    let s = after(&game, &s, "throw 6 throw 1");
    assert_eq!(
        names(&game, &s),
        ["b1-h2", "c1-g2", "d1-f2", "e1-e2", "f1-d2", "g1-c2", "h1-b2"]
    );
}

#[test]
fn six_mens_morris_plays_1000_games() {
    plays_to_an_end("six-mens-morris");
}

/// Six Men's Morris: the graph board, `remove:` and `relocate` on a second game.
#[test]
fn six_mens_morris_takes_on_a_side_of_a_square_and_flies_at_three() {
    let game = variant("six-mens-morris");
    assert_eq!(game.sites(), 16);
    let point = |name: &str| {
        (0..game.sites())
            .find(|&s| game.site_name(s as u16) == name)
            .unwrap_or_else(|| panic!("{name} is no point"))
    };
    let at = |p1: &[&str], p2: &[&str], hands: [u16; 2]| {
        let mut p = setup::empty(&game);
        for (owner, list) in [(1, p1), (2, p2)] {
            for name in list {
                p.board.cells[point(name)] = Cell {
                    count: 1,
                    owner,
                    ..Cell::default()
                };
            }
        }
        p.board.hand[..2].copy_from_slice(&hands);
        game.state_at(p)
    };
    // a1 c1 e1 is a side: placing e1 takes either piece. a3 b3 is a line of two: no mill.
    let s = at(&["a1", "c1", "a3"], &["b2", "c2"], [3, 4]);
    let mut moves = names(&game, &s);
    moves.sort();
    assert!(moves.contains(&"place b3".to_string()));
    let at_e1: Vec<&String> = moves.iter().filter(|m| m.starts_with("place e1")).collect();
    assert_eq!(at_e1, ["place e1xb2", "place e1xc2"]);
    // Three pieces fly to any of the nine empty points; only the mill takes, and not from a mill.
    let s = at(&["a1", "c1", "b3"], &["a5", "c5", "e5", "d4"], [0, 0]);
    let moves = names(&game, &s);
    assert_eq!(moves.len(), 27);
    let taking: Vec<&String> = moves.iter().filter(|m| m.contains('x')).collect();
    assert_eq!(taking, ["b3-e1xd4"]);
    // P2, down to three, flies in turn: three pieces to ten empty points.
    let s = after(&game, &s, "b3-e1xd4");
    assert_eq!(s.cells()[point("d4")].owner, 0);
    assert_eq!(names(&game, &s).len(), 30);
}

#[test]
fn nackgammon_plays_1000_games() {
    plays_to_an_end("nackgammon");
}

#[test]
fn snakes_and_ladders_chained_plays_1000_games() {
    plays_to_an_end("snakes-and-ladders-chained");
}

#[test]
fn ludo_open_starts_plays_1000_games() {
    plays_to_an_end("ludo-open-starts");
}

/// With open starts, a 6 enters onto a lone opposing token on the start square and takes it back to
/// its yard; two of them are a block, and the 6 then has no entry. In games/ludo.game the start
/// square is safe, and neither entry is legal.
#[test]
fn ludo_open_starts_takes_a_lone_token_on_the_start_square_but_not_a_block() {
    let with = |file: &str, tokens: u16| {
        let game = load(file, &[]);
        let mut p = setup::empty(&game);
        // P2's tokens on g2, P1's start square, at P2's track square 40 (g2 is 13 x 3 squares on).
        p.board.cells[21] = Cell {
            count: tokens,
            owner: 2,
            pos: 39,
            ..Cell::default()
        };
        p.board.hand[..4].copy_from_slice(&[4, 4 - tokens, 4, 4]);
        let s = after(&game, &game.state_at(p), "throw 6");
        (game.clone(), s)
    };
    let (game, s) = with("tests/variants/ludo-open-starts.game", 1);
    assert_eq!(names(&game, &s), ["enter xg2"]);
    let s = after(&game, &s, "enter xg2");
    assert_eq!(
        (s.cells()[21].owner, s.hands()[..2].to_vec()),
        (1, vec![3, 4])
    );
    let (game, s) = with("tests/variants/ludo-open-starts.game", 2);
    assert_eq!(names(&game, &s), ["pass"]);
    let (game, s) = with("games/ludo.game", 1);
    assert_eq!(names(&game, &s), ["pass"]);
}

#[test]
fn a_slide_bound_below_one_is_reported() {
    let text = std::fs::read_to_string("tests/variants/breakthrough-lancers.game").unwrap();
    for bad in ["max:0", "max:-2", "max:(pips)"] {
        let edited = text.replace("max:2", bad);
        let e = ludus::load_source("lancers.game", &edited, &[])
            .map(|_| ())
            .unwrap_err()
            .render(false);
        assert!(e.contains("max:1` or more"), "{bad}: {e}");
    }
}

#[test]
fn a_slide_distance_or_passing_rule_that_means_nothing_is_reported() {
    let text = std::fs::read_to_string("tests/variants/leapers.game").unwrap();
    for (from, bad, says) in [
        ("distance:3", "distance:0", "`distance:(pieces-on-line)`"),
        (
            "distance:3",
            "distance:(pips)",
            "`distance:(pieces-on-line)`",
        ),
        ("over:Filled", "over:Enemy", "`over:Friend`"),
        (
            "(moves-played)",
            "(pieces-on-line)",
            "read only as its `distance:`",
        ),
    ] {
        let edited = text.replace(from, bad);
        assert_ne!(edited, text);
        let e = ludus::load_source("leapers.game", &edited, &[])
            .map(|_| ())
            .unwrap_err()
            .render(false);
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn hexagonal_go_captures_a_stone_ringed_by_six() {
    plays_to_an_end("go-hexagonal");
    let game = variant("go-hexagonal");
    // c3's six neighbours on hexagons: b3, d3, c4, c2, b4 and d2.
    let ring = "place c3 place b3 place a1 place d3 place a2 place c4 place a3 place c2 \
                place a4 place b4 place a5";
    let s = setup::from_start(&game, ring);
    assert_eq!(s.cells()[setup::site(6, "c3")].owner, 1);
    let s = after(&game, &s, "place d2");
    assert_eq!(
        s.cells()[setup::site(6, "c3")].owner,
        0,
        "{}",
        game.render(&s)
    );
    // Black may not fill c3 again: it would have no liberty.
    assert!(!names(&game, &s).contains(&"place c3".to_string()));
}

#[test]
fn hexxagon_and_keryo_pente_play_1000_games() {
    plays_to_an_end("hexxagon");
    plays_to_an_end("keryo-pente");
}

#[test]
fn on_hexagons_the_ring_two_steps_away_holds_twelve_cells() {
    let game = variant("hexxagon");
    let mut p = setup::empty(&game);
    // The centre cell (row 5, the longest, its fifth cell) alone for P1, a corner for P2.
    p.board.cells[30] = Cell {
        count: 1,
        owner: 1,
        ..Cell::default()
    };
    p.board.cells[60] = Cell {
        count: 1,
        owner: 2,
        ..Cell::default()
    };
    let s = game.state_at(p);
    let moves = names(&game, &s);
    let grows = moves.iter().filter(|m| m.starts_with('+')).count();
    let jumps = moves.iter().filter(|m| m.contains('-')).count();
    assert_eq!((grows, jumps), (6, 12), "{moves:?}");
}

#[test]
fn keryo_pente_captures_three_stones_and_scores_them() {
    let game = variant("keryo-pente");
    let mut p = setup::empty(&game);
    for (site, owner) in [(0, 1), (1, 2), (2, 2), (3, 2)] {
        p.board.cells[site] = Cell {
            count: 1,
            owner,
            ..Cell::default()
        };
    }
    p.board.hand[..2].copy_from_slice(&[300, 300]);
    p.moves_played = 4;
    let s = game.state_at(p);
    let s = after(&game, &s, "place e1");
    assert_eq!(counts(&s)[..5], [1, 0, 0, 0, 1]);
    assert_eq!(s.scores()[..], [3, 0]);
    assert_eq!(s.node(), NodeType::Decision);
}
