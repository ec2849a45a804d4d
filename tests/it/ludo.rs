//! Ludo: the reference model's board (tracks turned with the board, the shared loop, the home
//! columns) checked on its own; then the game against the model (`tests/reference/ludo.rs`) by
//! perft and by lock-step random games, and on set-up positions.

#[path = "../reference/ludo.rs"]
mod reference;
use crate::setup;
use crate::tree;

use ludus::engine::Cell;
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};
use reference::{name, p1_track, site, starts, tracks, turn, Ludo, LudoMove, Seen};
use reference::{BEFORE_START, HOME};
use setup::{after, empty, ended, load, names, play};
use std::collections::BTreeSet;
use tree::Tree;

/// Perft depth from the start.
const PERFT_DEPTH: usize = 17;
/// Random positions per option set to run perft from, and the depth.
const MID_GAMES: usize = 20;
/// The perft depth from a random position.
const MID_DEPTH: usize = 10;
/// The depth of the random positions' trees whose events are counted.
const COVER_DEPTH: usize = 6;
/// Lock-step random games per option set.
const GAMES: u32 = 200;

/// Whether two squares touch, orthogonally or diagonally.
fn touch(a: (usize, usize), b: (usize, usize)) -> bool {
    a != b && a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

#[test]
fn p1s_track_is_one_walk_of_56_distinct_squares_in_the_cross() {
    let t = p1_track();
    assert_eq!(t.len(), 56);
    assert_eq!(t.iter().collect::<BTreeSet<_>>().len(), 56);
    assert!(t.windows(2).all(|w| touch(w[0], w[1])), "{t:?}");
    // The cross: the middle three columns or the middle three rows.
    assert!(t
        .iter()
        .all(|&(r, c)| (6..=8).contains(&r) || (6..=8).contains(&c)));
    // The loop closes through g1 onto the start; the home column leaves it after h1.
    assert!(touch(t[50], BEFORE_START) && touch(BEFORE_START, t[0]));
    let names: Vec<String> = [1, 6, 13, 19, 26, 32, 39, 45, 51, 52, 56]
        .iter()
        .map(|&sq| name(site(t[sq - 1])))
        .collect();
    assert_eq!(
        names,
        ["g2", "f7", "a9", "g10", "i15", "j9", "o7", "i6", "h1", "h2", "h6"]
    );
}

#[test]
fn the_four_tracks_share_one_loop_and_keep_their_home_columns_apart() {
    let t = tracks();
    let loop_of = |seat: usize| -> BTreeSet<usize> {
        let mut set: BTreeSet<usize> = (1..=51).map(|sq| t.site[seat][sq]).collect();
        set.insert(site(turn(seat, BEFORE_START)));
        set
    };
    let shared = loop_of(0);
    assert_eq!(shared.len(), 52);
    for seat in 1..4 {
        assert_eq!(loop_of(seat), shared, "seat {seat}");
    }
    // Each seat's start is 13 squares after the previous seat's, on P1's track.
    let on_p1: Vec<usize> = starts().iter().map(|&s| t.square[0][s]).collect();
    assert_eq!(on_p1, [1, 14, 27, 40]);
    let names: Vec<String> = starts().iter().map(|&s| name(s)).collect();
    assert_eq!(names, ["g2", "b9", "i14", "n7"]);
    // The home columns: 20 sites, none on the loop.
    let homes: BTreeSet<usize> = (0..4)
        .flat_map(|seat| (52..=56).map(move |sq| t.site[seat][sq]))
        .collect();
    assert_eq!(homes.len(), 20);
    assert!(homes.is_disjoint(&shared));
    // Every track follows the shared loop in the same direction: from each seat's square 1 to
    // 51, the loop square after a square is the same whoever's track it is on.
    for seat in 1..4 {
        for sq in 1..51 {
            let here = t.site[seat][sq];
            let p1 = t.square[0][here];
            let next = if p1 == 51 {
                site(BEFORE_START)
            } else if here == site(BEFORE_START) {
                t.site[0][1]
            } else {
                t.site[0][p1 + 1]
            };
            assert_eq!(t.site[seat][sq + 1], next, "seat {seat} square {sq}");
        }
    }
}

#[test]
fn the_models_seats_go_clockwise_from_the_bottom() {
    let start = |players: usize| -> Vec<String> {
        let m = Ludo::new(players, false);
        (0..players).map(|p| name(m.site(p, 1))).collect()
    };
    assert_eq!(start(4), ["g2", "b9", "i14", "n7"]);
    assert_eq!(start(3), ["g2", "b9", "i14"]);
    assert_eq!(start(2), ["g2", "i14"]);
}

/// Perft of the model by hand: 6 throws; one move each (a pass, or on a 6 an entry); after a
/// pass the next player's 6 throws, after the entry P1's own 6; then P2's single moves, and P1's
/// token moving (with a 6: entering a second too).
#[test]
fn the_models_first_plies_count_by_hand() {
    for players in 2..=4 {
        assert_eq!(
            Ludo::new(players, false).perft(4),
            [1, 6, 6, 36, 37],
            "{players}"
        );
    }
}

/// A third six in a row is not played, with the option on: the throw passes the turn at once.
#[test]
fn the_models_third_six_passes_the_turn() {
    let mut m = Ludo::new(4, true);
    for mv in [
        LudoMove::Throw(6),
        LudoMove::Enter,
        LudoMove::Throw(6),
        LudoMove::Move(1),
    ] {
        assert!(m.moves().contains(&mv), "{mv:?} in {:?}", m.moves());
        m.play(mv);
    }
    assert_eq!((m.mover, m.decisions), (0, 2));
    m.play(LudoMove::Throw(6));
    assert_eq!(
        (m.mover, m.decisions, m.throw, m.seen.thirds),
        (1, 0, None, 1)
    );
    // With the option off, the same third six is played.
    let mut m = Ludo::new(4, false);
    for mv in [
        LudoMove::Throw(6),
        LudoMove::Enter,
        LudoMove::Throw(6),
        LudoMove::Move(1),
        LudoMove::Throw(6),
    ] {
        m.play(mv);
    }
    assert_eq!(m.moves(), [LudoMove::Enter, LudoMove::Move(7)]);
    assert_eq!(m.notation(LudoMove::Move(7)), "e7-a9");
}

/// Random games of the model alone end with a winner and see every rule at work, so that the
/// lock-step games against ludus cannot pass without them.
#[test]
fn the_models_random_games_see_every_rule() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    for (players, three_sixes) in [(4, false), (3, false), (2, false), (4, true)] {
        let (mut safe, mut blocks, mut wins) = (0, 0, vec![0; players]);
        let mut seen = reference::Seen::default();
        for _ in 0..50 {
            let mut m = Ludo::new(players, three_sixes);
            while m.winner.is_none() {
                let (s, b) = m.refused();
                (safe, blocks) = (safe + s, blocks + b);
                let moves = m.moves();
                m.play(moves[rng.random_range(0..moves.len())]);
                let total = |p: usize| m.yard[p] + m.home[p] + m.on[p].iter().sum::<u8>();
                assert!((0..players).all(|p| total(p) == 4));
            }
            wins[m.winner.unwrap()] += 1;
            assert!(m.seen.entries >= 4 && m.seen.homes >= 4, "{:?}", m.seen);
            seen.add(&m.seen);
        }
        assert!(safe > 0 && blocks > 0, "{players} {safe} {blocks}");
        assert!(seen.captures > 0 && seen.stacks > 0, "{seen:?}");
        assert_eq!(seen.thirds > 0, three_sixes, "{players} {seen:?}");
        assert!(wins.iter().all(|&w| w > 0), "{wins:?}");
    }
}

// The game against the model: the same moves, throws and board at every node.

/// The option sets the comparisons run: players, three-sixes.
const OPTIONS: [(usize, bool); 5] = [(4, false), (3, false), (2, false), (4, true), (2, true)];

fn ludo(players: usize, three_sixes: bool) -> Game {
    let players = players.to_string();
    let sixes = if three_sixes { "on" } else { "off" };
    load(
        "games/ludo.game",
        &[("players", players.as_str()), ("three-sixes", sixes)],
    )
}

/// The open-starts variant with these options.
fn variant(players: usize, three_sixes: bool) -> Game {
    let players = players.to_string();
    let sixes = if three_sixes { "on" } else { "off" };
    load(
        "tests/variants/ludo-open-starts.game",
        &[("players", players.as_str()), ("three-sixes", sixes)],
    )
}

/// The model's position (before a throw, at the start of a turn) as a ludus state: each stack on
/// its site with its track square, yards as hands, tokens home as stores.
fn at(game: &Game, m: &Ludo) -> State {
    assert!(m.throw.is_none() && m.decisions == 0);
    let mut p = empty(game);
    for player in 0..m.players {
        for sq in 1..HOME {
            if m.on[player][sq] > 0 {
                p.board.cells[m.site(player, sq)] = Cell {
                    count: m.on[player][sq] as u16,
                    owner: player as u8 + 1,
                    pos: sq as u8 - 1,
                    ..Cell::default()
                };
            }
        }
        p.board.hand[player] = m.yard[player] as u16;
        p.board.store[player] = m.home[player] as u32;
    }
    p.mover = m.mover as u8;
    game.state_at(p)
}

/// A model position at the start of `mover`'s turn: each player's tokens by track square (the
/// rest in the yard), and tokens home.
fn model(players: usize, three_sixes: bool, on: &[&[usize]], home: &[u8], mover: usize) -> Ludo {
    let mut m = Ludo::new(players, three_sixes);
    for (player, squares) in on.iter().enumerate() {
        for &sq in squares.iter() {
            m.on[player][sq] += 1;
        }
        m.home[player] = home[player];
        m.yard[player] = 4 - squares.len() as u8 - home[player];
    }
    m.mover = mover;
    m
}

/// The model's moves in notation, in its order (ludus's).
fn model_names(m: &Ludo) -> Vec<String> {
    m.moves().iter().map(|&x| m.notation(x)).collect()
}

/// The model's move of a notation.
fn model_move(m: &Ludo, text: &str) -> LudoMove {
    let moves = m.moves();
    *moves
        .iter()
        .find(|&&x| m.notation(x) == text)
        .unwrap_or_else(|| panic!("`{text}` is not among the model's {:?}", model_names(m)))
}

/// Plays a line on both the model and ludus.
fn both(game: &Game, s: &mut State, m: &mut Ludo, line: &str) {
    for text in Game::split_moves(line) {
        let x = model_move(m, &text);
        play(game, s, &text);
        m.play(x);
    }
}

/// Checks one node of ludus against the model: the node type, the mover, the sorted moves (and
/// a throw's odds), every site's owner, count and track square, the yards and the homes.
fn same(game: &Game, s: &State, m: &Ludo) {
    let shown = || format!("{m:?}\n{}", game.render(s));
    let node = match (m.winner, m.throw) {
        (Some(_), _) => NodeType::Terminal,
        (None, None) => NodeType::Chance,
        (None, Some(_)) => NodeType::Decision,
    };
    assert_eq!(s.node(), node, "{}", shown());
    assert_eq!(names(game, s), model_names(m), "{}", shown());
    if node == NodeType::Chance {
        let odds: Vec<f64> = game.chance_outcomes(s).iter().map(|o| o.1).collect();
        assert_eq!(odds, [1.0 / 6.0; 6], "{}", shown());
    }
    if m.winner.is_none() {
        assert_eq!(s.mover() as usize, m.mover, "{}", shown());
    }
    for (site, cell) in s.cells().iter().enumerate() {
        let expected = m
            .occupant(site)
            .map(|(q, sq, n)| (n as u16, q as u8 + 1, sq as u8 - 1));
        let got = (cell.count > 0).then_some((cell.count, cell.owner, cell.pos));
        assert_eq!(got, expected, "{} at {}\n{}", name(site), site, shown());
    }
    for p in 0..m.players {
        assert_eq!(s.hands()[p], m.yard[p] as u16, "{}", shown());
        assert_eq!(s.scores()[p], m.home[p] as u32, "{}", shown());
    }
}

/// A random move of the model: a fair die at a chance node, else any legal move.
fn random_move(m: &Ludo, rng: &mut impl Rng) -> LudoMove {
    let moves = m.moves();
    moves[rng.random_range(0..moves.len())]
}

/// Perft from the start agrees with the model, chance edges counted.
#[test]
fn perft_from_the_start_matches_the_model() {
    for (players, three_sixes) in OPTIONS {
        let game = ludo(players, three_sixes);
        let depth = PERFT_DEPTH;
        let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
        assert_eq!(
            ours,
            Ludo::new(players, three_sixes).perft(depth),
            "{players} {three_sixes}"
        );
    }
}

/// Perft from positions of seeded random games agrees with the model; the trees hold captures,
/// blocks, safe starts, stacks, arrivals home and third sixes.
#[test]
fn perft_from_random_positions_matches_the_model() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    let (mut seen, mut refused) = (Seen::default(), (0, 0));
    for (players, three_sixes) in OPTIONS {
        let game = ludo(players, three_sixes);
        for _ in 0..MID_GAMES {
            let (mut s, mut m) = (game.new_initial_state(), Ludo::new(players, three_sixes));
            let stop = rng.random_range(50..150 * players);
            for _ in 0..stop {
                if m.winner.is_some() {
                    break;
                }
                let x = random_move(&m, &mut rng);
                play(&game, &mut s, &m.notation(x));
                m.play(x);
            }
            same(&game, &s, &m);
            let ours = ludus::engine::perft(&game, &s, MID_DEPTH);
            assert_eq!(ours, m.perft(MID_DEPTH), "{m:?}\n{}", game.render(&s));
            within(&m, COVER_DEPTH, &mut seen, &mut refused);
        }
    }
    let every = seen.captures > 0 && seen.stacks > 0 && seen.homes > 0 && seen.thirds > 0;
    assert!(
        every && refused.0 > 0 && refused.1 > 0,
        "{seen:?} {refused:?}"
    );
}

/// Adds up the events within the model's tree to `depth` (each edge's) and the moves refused
/// at its nodes by a safe start and by a block.
fn within(m: &Ludo, depth: usize, seen: &mut Seen, refused: &mut (u32, u32)) {
    let (a, b) = m.refused();
    (refused.0, refused.1) = (refused.0 + a, refused.1 + b);
    if depth == 0 {
        return;
    }
    for x in m.moves() {
        let mut n = m.clone();
        n.seen = Seen::default();
        n.play(x);
        seen.add(&n.seen);
        within(&n, depth - 1, seen, refused);
    }
}

/// Plays `games` lock-step random games from `start`: at every node the same moves, throws,
/// mover and board, the same random move played on both; at the end the same winner. Returns
/// the events seen, the moves refused by a safe start and by a block, and the wins per player.
fn lockstep(
    game: &Game,
    start: &Ludo,
    games: u32,
    rng: &mut impl Rng,
) -> (Seen, u32, u32, Vec<u32>) {
    let (mut seen, mut safe, mut blocks) = (Seen::default(), 0, 0);
    let mut wins = vec![0; start.players];
    for _ in 0..games {
        let (mut s, mut m) = (game.new_initial_state(), start.clone());
        loop {
            same(game, &s, &m);
            let (a, b) = m.refused();
            (safe, blocks) = (safe + a, blocks + b);
            if m.winner.is_some() {
                break;
            }
            let x = random_move(&m, rng);
            play(game, &mut s, &m.notation(x));
            m.play(x);
        }
        let w = m.winner.unwrap();
        assert!(ended(&s, Status::Won(w as u8)), "{:?}", s.status());
        wins[w] += 1;
        seen.add(&m.seen);
    }
    (seen, safe, blocks, wins)
}

/// Lock-step random games agree with the model, and every rule is seen at work: captures,
/// stacks, moves refused by a safe start and by a block, entries, arrivals home, third sixes
/// (with the option on only), a win for every seat.
#[test]
fn random_games_agree_with_the_model_move_by_move() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(15);
    for (players, three_sixes) in OPTIONS {
        let game = ludo(players, three_sixes);
        let start = Ludo::new(players, three_sixes);
        let (seen, safe, blocks, wins) = lockstep(&game, &start, GAMES, &mut rng);
        let every = seen.captures > 0 && seen.stacks > 0 && safe > 0 && blocks > 0;
        assert!(every, "{players} {seen:?} {safe} {blocks}");
        assert!(
            seen.entries >= 4 * GAMES && seen.homes >= 4 * GAMES,
            "{seen:?}"
        );
        assert_eq!(seen.start_captures, 0, "{seen:?}");
        assert_eq!(seen.thirds > 0, three_sixes, "{seen:?}");
        assert!(
            wins.iter().all(|&w| w > 0),
            "{players} {three_sixes} {wins:?}"
        );
    }
}

/// The open-starts variant (tests/variants/ludo-open-starts.game) against the model with safe
/// starts off: perft from the start and lock-step games, where tokens are taken on start squares
/// and no move is refused for a safe start.
#[test]
fn the_open_starts_variant_agrees_with_the_model() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(16);
    for (players, three_sixes) in [(4, false), (2, false), (3, true)] {
        let game = variant(players, three_sixes);
        let start = Ludo::new(players, three_sixes).open_starts();
        let ours = ludus::engine::perft(&game, &game.new_initial_state(), PERFT_DEPTH - 2);
        assert_eq!(
            ours,
            start.perft(PERFT_DEPTH - 2),
            "{players} {three_sixes}"
        );
        let (seen, safe, blocks, wins) = lockstep(&game, &start, GAMES / 2, &mut rng);
        assert!(
            seen.start_captures > 0 && blocks > 0 && safe == 0,
            "{players} {seen:?}"
        );
        assert!(
            wins.iter().all(|&w| w > 0),
            "{players} {three_sixes} {wins:?}"
        );
    }
    // A token entering takes a lone opposing token on its start square: `enter xg2`.
    let game = variant(4, false);
    let m = model(4, false, &[&[], &[40], &[], &[]], &[0; 4], 0).open_starts();
    expect(&game, &m, 6, &["enter xg2"]);
    let (mut s, mut m) = (at(&game, &m), m);
    both(&game, &mut s, &mut m, "throw 6 enter xg2");
    same(&game, &s, &m);
    assert_eq!(s.hands()[1], 4);
}

/// Checks a set-up position after a throw: ludus's moves are `expected`, in order (the entry,
/// then by origin site), and so are the model's.
fn expect(game: &Game, m: &Ludo, throw: usize, expected: &[&str]) {
    let (mut s, mut m) = (at(game, m), m.clone());
    both(game, &mut s, &mut m, &format!("throw {throw}"));
    assert_eq!(names(game, &s), expected, "\n{}", game.render(&s));
    assert_eq!(model_names(&m), expected);
}

#[test]
fn a_token_enters_only_on_a_six() {
    let game = ludo(4, false);
    let m = Ludo::new(4, false);
    for throw in 1..=5 {
        expect(&game, &m, throw, &["pass"]);
    }
    expect(&game, &m, 6, &["enter g2"]);
    // Once out, a token moves; a 6 also offers a second entry, onto the first (a stack).
    let m = model(4, false, &[&[1], &[], &[], &[]], &[0; 4], 0);
    expect(&game, &m, 3, &["g2-g5"]);
    expect(&game, &m, 6, &["enter g2", "g2-e7"]);
    let (mut s, mut m) = (at(&game, &m), m);
    both(&game, &mut s, &mut m, "throw 6 enter g2");
    same(&game, &s, &m);
    assert_eq!((s.cells()[21].count, s.hands()[0]), (2, 2));
}

#[test]
fn no_token_is_captured_on_a_start_square() {
    let game = ludo(4, false);
    // P2 on its start b9 (P1's square 14); P1 on d7 (square 8) throws 6.
    let m = model(4, false, &[&[8], &[1], &[], &[]], &[3, 0, 0, 0], 0);
    expect(&game, &m, 6, &["pass"]);
    expect(&game, &m, 5, &["d7-a9"]);
    // A P1 token on b9 keeps P2 from entering there.
    let m = model(4, false, &[&[14], &[], &[], &[]], &[0; 4], 1);
    expect(&game, &m, 6, &["pass"]);
    // With two players the left and right seats' starts are safe all the same: P2 (top) on b9,
    // its square 40.
    let game = ludo(2, false);
    let m = model(2, false, &[&[8], &[40]], &[3, 0], 0);
    expect(&game, &m, 6, &["pass"]);
    expect(&game, &m, 4, &["d7-a8"]);
}

#[test]
fn a_single_token_is_captured_back_to_its_yard() {
    let game = ludo(4, false);
    // P2's single token on g5, P1's square 4 (P2's square 43).
    let m = model(4, false, &[&[1], &[43], &[], &[]], &[0; 4], 0);
    expect(&game, &m, 3, &["g2xg5"]);
    let (mut s, mut m) = (at(&game, &m), m);
    both(&game, &mut s, &mut m, "throw 3 g2xg5");
    same(&game, &s, &m);
    assert_eq!((s.hands()[1], s.cells()[4 * 15 + 6].owner), (4, 1));
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
}

#[test]
fn a_block_of_two_is_not_landed_on_but_passed_over() {
    let game = ludo(4, false);
    let m = model(4, false, &[&[1], &[43, 43], &[], &[]], &[0; 4], 0);
    expect(&game, &m, 3, &["pass"]);
    expect(&game, &m, 4, &["g2-g6"]);
    expect(&game, &m, 2, &["g2-g4"]);
}

#[test]
fn tokens_stack_and_a_stack_moves_one_token_at_a_time() {
    let game = ludo(4, false);
    let m = model(4, false, &[&[1, 3], &[], &[], &[]], &[0; 4], 0);
    expect(&game, &m, 2, &["g2-g4", "g4-g6"]);
    let (mut s, mut m) = (at(&game, &m), m);
    both(&game, &mut s, &mut m, "throw 2 g2-g4");
    same(&game, &s, &m);
    assert_eq!(
        (s.cells()[3 * 15 + 6].count, s.cells()[3 * 15 + 6].owner),
        (2, 1)
    );
    // One move for the stack, not one per token; it leaves one behind.
    let m = model(4, false, &[&[3, 3], &[], &[], &[]], &[0; 4], 0);
    expect(&game, &m, 1, &["g4-g5"]);
    let (mut s, mut m) = (at(&game, &m), m);
    both(&game, &mut s, &mut m, "throw 1 g4-g5");
    same(&game, &s, &m);
}

#[test]
fn a_token_goes_home_only_with_the_exact_throw() {
    let game = ludo(4, false);
    // On h4, P1's square 54: home is 3 away.
    let m = model(4, false, &[&[54], &[], &[], &[]], &[0; 4], 0);
    expect(&game, &m, 3, &["h4-off"]);
    expect(&game, &m, 2, &["h4-h6"]);
    expect(&game, &m, 4, &["pass"]);
    let (mut s, mut m) = (at(&game, &m), m);
    both(&game, &mut s, &mut m, "throw 3 h4-off");
    same(&game, &s, &m);
    assert_eq!((s.scores()[0], s.mover()), (1, 1));
    // P2 (left) home column: b8 to f8.
    let m = model(4, false, &[&[], &[51], &[], &[]], &[0; 4], 1);
    expect(&game, &m, 6, &["enter b9", "a8-off"]);
    expect(&game, &m, 1, &["a8-b8"]);
}

#[test]
fn a_six_throws_again_after_a_move_or_a_pass() {
    let game = ludo(4, false);
    let s = at(&game, &Ludo::new(4, false));
    let s = after(&game, &s, "throw 6 enter g2");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 0));
    let t = after(&game, &s, "throw 3 g2-g5");
    assert_eq!((t.node(), t.mover()), (NodeType::Chance, 1));
    let t = after(&game, &s, "throw 6 g2-e7 throw 6 e7-a9 throw 6 a9-g10");
    assert_eq!((t.node(), t.mover()), (NodeType::Chance, 0));
    // A 6 with nothing to move passes, and throws again.
    let m = model(4, false, &[&[55], &[], &[], &[]], &[3, 0, 0, 0], 0);
    expect(&game, &m, 6, &["pass"]);
    let s = after(&game, &at(&game, &m), "throw 6 pass");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 0));
}

#[test]
fn a_third_six_ends_the_turn_with_the_option_on() {
    let line = "throw 6 enter g2 throw 6 g2-e7 throw 6";
    let game = ludo(4, true);
    let s = after(&game, &game.new_initial_state(), line);
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
    assert_eq!(s.cells()[6 * 15 + 4].count, 1);
    // The count starts afresh each turn: P2's first and second sixes are played.
    let t = after(&game, &s, "throw 6 enter b9 throw 6");
    assert_eq!((t.node(), t.mover()), (NodeType::Decision, 1));
    // A pass on a 6 counts as a decision.
    let m = model(4, true, &[&[55], &[], &[], &[]], &[3, 0, 0, 0], 0);
    let s = after(&game, &at(&game, &m), "throw 6 pass throw 6 pass throw 6");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
    // Off, the third six is played.
    let game = ludo(4, false);
    let s = after(&game, &game.new_initial_state(), line);
    assert_eq!((s.node(), s.mover()), (NodeType::Decision, 0));
    assert_eq!(names(&game, &s), ["enter g2", "e7-a9"]);
}

#[test]
fn the_fourth_token_home_wins_at_once() {
    for players in 2..=4 {
        let game = ludo(players, false);
        let mut on: Vec<&[usize]> = vec![&[]; players];
        on[0] = &[56];
        let mut home = vec![0; players];
        home[0] = 3;
        let m = model(players, false, &on, &home, 0);
        let won = after(&game, &at(&game, &m), "throw 1 h6-off");
        assert!(ended(&won, Status::Won(0)), "{:?}", won.status());
        // A 6 home wins too: no extra throw.
        on[0] = &[51];
        let m = model(players, false, &on, &home, 0);
        let won = after(&game, &at(&game, &m), "throw 6 h1-off");
        assert!(ended(&won, Status::Won(0)), "{:?}", won.status());
    }
    // The third token home does not.
    let game = ludo(4, false);
    let m = model(4, false, &[&[56], &[], &[], &[]], &[2, 0, 0, 0], 0);
    let s = after(&game, &at(&game, &m), "throw 1 h6-off");
    assert_eq!(
        (s.node(), s.mover(), s.scores()[0]),
        (NodeType::Chance, 1, 3)
    );
}
