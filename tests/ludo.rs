//! Ludo: the reference model's board (tracks turned with the board, the shared loop, the home
//! columns) checked on its own; then the game against the model (`tests/reference/ludo.rs`) by
//! perft and by lock-step random games, and on set-up positions.

#[path = "reference/ludo.rs"]
mod reference;
#[path = "reference/tree.rs"]
mod tree;

use reference::{name, p1_track, site, starts, tracks, turn, Ludo, LudoMove, BEFORE_START};
use std::collections::BTreeSet;
use tree::Tree;

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
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    for (players, three_sixes) in [(4, false), (3, false), (2, false), (4, true)] {
        let (mut safe, mut blocks, mut wins) = (0, 0, vec![0; players]);
        let mut seen = reference::Seen::default();
        for _ in 0..20 {
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
            seen.captures += m.seen.captures;
            seen.stacks += m.seen.stacks;
            seen.thirds += m.seen.thirds;
        }
        assert!(safe > 0 && blocks > 0, "{players} {safe} {blocks}");
        assert!(seen.captures > 0 && seen.stacks > 0, "{seen:?}");
        assert_eq!(seen.thirds > 0, three_sixes, "{players} {seen:?}");
        assert!(wins.iter().all(|&w| w > 0), "{wins:?}");
    }
}
