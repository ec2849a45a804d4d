//! Papan Dakon: relay sowing (a last counter in a hole that held counters lifts them and sows on),
//! the extra turn in one's own store, the capture of the opposite hole with the last counter, the
//! end of the first round; and the game against an independent model written here from the rules
//! (`Dakon`), by perft and by lock-step random games.
//! Sites: a1..g1 are P1's holes (sites 0 to 6), a2..g2 P2's (7 to 13); the stores are places 14
//! (P1's) and 15 (P2's), holding nothing themselves: their counters are the scores.

use crate::setup;

use ludus::{Game, State, Status};
use rand::{Rng, SeedableRng};
use setup::{after, counts, ended, load, mancala, names, reference_perft};

fn dakon(options: &[(&str, &str)]) -> Game {
    load("games/papan-dakon.game", options)
}

/// A position: P1's holes a1..g1, P2's a2..g2, the player to move, the stores.
fn position(game: &Game, p1: [u16; 7], p2: [u16; 7], mover: u8, stores: [u32; 2]) -> State {
    let holes: Vec<u16> = p1.iter().chain(&p2).copied().chain([0, 0]).collect();
    mancala(game, &holes, mover, stores)
}

fn scores(s: &State) -> [u32; 2] {
    [s.scores()[0], s.scores()[1]]
}

/// Papan Dakon written straight from its rules (docs/RULES.md): `n` holes a row, P1's row
/// holes `0..n` left to right, P2's `n..2n`, hole `i` of P2's row facing hole `i` of P1's.
#[derive(Clone, Debug)]
struct Dakon {
    n: usize,
    holes: Vec<u32>,
    stores: [u32; 2],
    mover: usize,
    over: bool,
}

/// A place of a player's sowing cycle: a hole, or the player's own store.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    Hole(usize),
    Store,
}

impl Dakon {
    fn new(n: usize, counters: u32) -> Dakon {
        Dakon {
            n,
            holes: vec![counters; 2 * n],
            stores: [0, 0],
            mover: 0,
            over: false,
        }
    }

    /// The player's holes in order.
    fn row(&self, p: usize) -> std::ops::Range<usize> {
        p * self.n..(p + 1) * self.n
    }

    /// Anticlockwise: P1's row left to right, P1's store, P2's row right to left, P2's store;
    /// each player's cycle holds their own store only.
    fn cycle(&self, p: usize) -> Vec<Place> {
        let mut c: Vec<Place> = (0..self.n).map(Place::Hole).collect();
        if p == 0 {
            c.push(Place::Store);
        }
        c.extend((self.n..2 * self.n).rev().map(Place::Hole));
        if p == 1 {
            c.push(Place::Store);
        }
        c
    }

    fn opposite(&self, h: usize) -> usize {
        (h + self.n) % (2 * self.n)
    }

    /// The holes the player to move may sow from, in site order.
    fn moves(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        self.row(self.mover)
            .filter(|&h| self.holes[h] > 0)
            .collect()
    }

    fn play(&mut self, from: usize) {
        let p = self.mover;
        let cycle = self.cycle(p);
        let mut at = cycle.iter().position(|&c| c == Place::Hole(from)).unwrap();
        let mut hand = std::mem::take(&mut self.holes[from]);
        let mut lifts = 0;
        loop {
            while hand > 0 {
                at = (at + 1) % cycle.len();
                match cycle[at] {
                    Place::Store => self.stores[p] += 1,
                    Place::Hole(h) => self.holes[h] += 1,
                }
                hand -= 1;
            }
            match cycle[at] {
                // A hole that held counters before the last fell: lift them all, sow on.
                Place::Hole(h) if self.holes[h] > 1 => {
                    hand = std::mem::take(&mut self.holes[h]);
                    lifts += 1;
                    assert!(lifts < 100_000, "a relay through a store ends");
                }
                _ => break,
            }
        }
        let again = match cycle[at] {
            Place::Store => true,
            Place::Hole(h) => {
                let facing = self.opposite(h);
                if self.row(p).contains(&h) && self.holes[h] == 1 && self.holes[facing] > 0 {
                    self.stores[p] += 1 + std::mem::take(&mut self.holes[facing]);
                    self.holes[h] = 0;
                }
                false
            }
        };
        if !again {
            self.mover = 1 - p;
        }
        // The round ends when the player to move has no counter in their row.
        if self.row(self.mover).all(|h| self.holes[h] == 0) {
            self.over = true;
            for q in 0..2 {
                let left: u32 = self
                    .row(q)
                    .map(|h| std::mem::take(&mut self.holes[h]))
                    .sum();
                self.stores[q] += left;
            }
        }
    }

    fn returns(&self) -> [f64; 2] {
        let [a, b] = self.stores;
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => [1.0, -1.0],
            std::cmp::Ordering::Less => [-1.0, 1.0],
            std::cmp::Ordering::Equal => [0.0, 0.0],
        }
    }
}

#[test]
fn the_start_and_a_first_sowing_with_relays() {
    let game = dakon(&[]);
    let s = game.new_initial_state();
    let all: Vec<String> = "abcdefg".chars().map(|c| format!("sow {c}1")).collect();
    assert_eq!(names(&game, &s), all);
    assert_eq!(
        counts(&s),
        [7; 14].iter().copied().chain([0, 0]).collect::<Vec<_>>()
    );
    // a1's 7 counters: b1 to g1 and the store: another turn, no relay.
    let s1 = after(&game, &s, "sow a1");
    assert_eq!(counts(&s1)[..7], [0, 8, 8, 8, 8, 8, 8]);
    assert_eq!((scores(&s1), s1.mover()), ([1, 0], 0));
    // b1's 7: c1..g1, the store, g2 (7 + 1): g2 is lifted, 8 counters: f2..a2, a1, b1 (emptied,
    // now 1): an empty hole of P1's row, facing b2 (8): P1 takes 9.
    let mut model = Dakon::new(7, 7);
    model.play(1);
    let s2 = after(&game, &s, "sow b1");
    assert_eq!(
        counts(&s2)[..14],
        model.holes.iter().map(|&c| c as u16).collect::<Vec<_>>()
    );
    assert_eq!(
        counts(&s2)[..14],
        [8, 0, 8, 8, 8, 8, 8, 8, 0, 8, 8, 8, 8, 0]
    );
    assert_eq!((scores(&s2), s2.mover()), ([10, 0], 1));
}

/// The test position: a relay that ends in the mover's store and gives another turn.
#[test]
fn a_relay_that_ends_in_the_movers_store_gives_another_turn() {
    let game = dakon(&[]);
    // g1's 3: the store, g2, f2 (4 + 1): f2's 5 are lifted: e2, d2, c2, b2, a2 (7 + 1): a2's 8
    // are lifted: a1 to g1 (g1 emptied, now 1) and the store. The last is in P1's store.
    let s = position(
        &game,
        [0, 0, 0, 0, 0, 0, 3],
        [7, 0, 0, 0, 0, 4, 0],
        0,
        [5, 6],
    );
    let s = after(&game, &s, "sow g1");
    assert_eq!(counts(&s)[..7], [1; 7]);
    assert_eq!(counts(&s)[7..14], [0, 1, 1, 1, 1, 0, 1]);
    assert_eq!((scores(&s), s.mover()), ([7, 6], 0));
    assert_eq!(s.moves_played(), 1, "one edge");
    let all: Vec<String> = "abcdefg".chars().map(|c| format!("sow {c}1")).collect();
    assert_eq!(names(&game, &s), all);
}

#[test]
fn a_relay_ends_in_an_empty_hole_of_either_row() {
    let game = dakon(&[]);
    // c1's 2: d1, e1 (1 + 1): e1's 2 lifted: f1, g1 (empty): P1's own row, but g1 faces g2,
    // empty: no capture, the turn passes.
    let s = position(
        &game,
        [0, 0, 2, 0, 1, 0, 0],
        [3, 0, 0, 0, 0, 0, 0],
        0,
        [0, 0],
    );
    let s = after(&game, &s, "sow c1");
    assert_eq!(counts(&s)[..14], [0, 0, 0, 1, 0, 1, 1, 3, 0, 0, 0, 0, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([0, 0], 1));
    // P2's a2's 3: P2's store, a1, b1 (empty): P2 never captures in P1's row.
    let s = after(&game, &s, "sow a2");
    assert_eq!(counts(&s)[..14], [1, 1, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([0, 1], 0));
}

#[test]
fn an_empty_own_hole_takes_the_last_counter_with_the_opposite_holes() {
    let game = dakon(&[]);
    // a1's 2: b1, c1 (empty), facing c2 (5): P1 takes 1 + 5.
    let s = position(
        &game,
        [2, 0, 0, 1, 0, 0, 0],
        [0, 0, 5, 1, 0, 0, 0],
        0,
        [0, 0],
    );
    let s = after(&game, &s, "sow a1");
    assert_eq!(counts(&s)[..14], [0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([6, 0], 1));
    // P2's d2's 1: c2 (empty), facing c1 (empty): nothing is taken.
    let s = after(&game, &s, "sow d2");
    assert_eq!(counts(&s)[..14], [0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    assert_eq!((scores(&s), s.mover()), ([6, 0], 0));
}

#[test]
fn the_round_ends_when_the_player_to_move_has_an_empty_row() {
    let game = dakon(&[]);
    // P1's last counter leaves P2 to move with an empty row: each takes their row.
    let s = position(&game, [0, 0, 0, 0, 2, 0, 0], [0; 7], 0, [40, 50]);
    let s = after(&game, &s, "sow e1");
    assert!(ended(&s, Status::Won(1)), "{:?}", s.status());
    assert_eq!(scores(&s), [42, 50]);
    // After an extra turn the player to move is the mover: a last counter in the store with an
    // empty row ends the round too.
    let s = position(
        &game,
        [0, 0, 0, 0, 0, 0, 1],
        [1, 0, 0, 0, 0, 0, 0],
        0,
        [48, 48],
    );
    let s = after(&game, &s, "sow g1");
    assert!(ended(&s, Status::Drawn), "{:?}", s.status());
    assert_eq!(scores(&s), [49, 49]);
}

/// Option sets: holes, counters.
const OPTIONS: [(usize, u32); 4] = [(7, 7), (7, 3), (4, 3), (3, 2)];

fn with_options(holes: usize, counters: u32) -> Game {
    let (h, c) = (holes.to_string(), counters.to_string());
    dakon(&[("holes", &h), ("counters", &c)])
}

fn model_moves(d: &Dakon) -> Vec<usize> {
    d.moves()
}

fn model_play(d: &mut Dakon, m: usize) {
    d.play(m)
}

#[test]
fn perft_agrees_with_the_reference() {
    for ((holes, counters), depth) in OPTIONS.into_iter().zip([7, 7, 9, 10]) {
        let game = with_options(holes, counters);
        let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
        let model = Dakon::new(holes, counters);
        for (d, &n) in ours.iter().enumerate() {
            assert_eq!(
                n,
                reference_perft(&model, d, model_moves, model_play),
                "{holes} {counters} depth {d}"
            );
        }
    }
}

/// The default game's perft, as docs/RULES.md gives it.
#[test]
fn perft_of_the_default_game() {
    let game = dakon(&[]);
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), 7);
    assert_eq!(ours, [1, 7, 36, 230, 1406, 8295, 48305, 276510]);
}

/// Deeper, against the reference: `cargo test --release --test it -- --ignored
/// papan_dakon::deep_perft_agrees_with_the_reference`.
#[test]
#[ignore]
fn deep_perft_agrees_with_the_reference() {
    let game = dakon(&[]);
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), 9);
    assert_eq!(ours[8..], [1564004, 8753704]);
    let model = Dakon::new(7, 7);
    assert_eq!(ours[9], reference_perft(&model, 9, model_moves, model_play));
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(40);
    let mut endings = [0; 3];
    let mut relays = 0;
    for (holes, counters) in OPTIONS {
        let game = with_options(holes, counters);
        for _ in 0..100 {
            let (mut s, mut model) = (game.new_initial_state(), Dakon::new(holes, counters));
            loop {
                let ours = names(&game, &s);
                let theirs: Vec<String> = (model.moves().into_iter())
                    .map(|m| format!("sow {}", game.site_name(m as u16)))
                    .collect();
                assert_eq!(ours, theirs);
                assert_eq!(s.mover() as usize, model.mover);
                assert_eq!(scores(&s), model.stores);
                let board: Vec<u32> = (s.cells()[..2 * holes].iter())
                    .map(|c| c.count as u32)
                    .collect();
                assert_eq!(board, model.holes);
                if ours.is_empty() {
                    break;
                }
                let i = rng.random_range(0..ours.len());
                let before: u32 = model.holes.iter().sum();
                let m = model.moves()[i];
                let lifted = model.holes[m];
                setup::play(&game, &mut s, &ours[i]);
                model.play(m);
                // More counters left the board than a single sowing can drop in a store: a
                // relay went round.
                relays += u32::from(before - model.holes.iter().sum::<u32>() > lifted);
            }
            assert!(model.over);
            assert!(s.is_terminal());
            assert_eq!(s.returns()[..2], model.returns());
            let r = model.returns()[0];
            endings[if r > 0.0 {
                0
            } else if r < 0.0 {
                1
            } else {
                2
            }] += 1;
        }
    }
    assert!(endings.iter().all(|&n| n > 0), "{endings:?}");
    assert!(relays > 100, "{relays}");
}

/// The playout loop that plays sowings plays Papan Dakon as the general loop does.
#[test]
fn the_sowing_loop_plays_papan_dakon_as_the_general_loop() {
    for (holes, counters) in OPTIONS {
        let game = with_options(holes, counters);
        assert!(game.sowing_kernel().is_some());
        let general = setup::general(&game);
        setup::agree_with_general(&game.name, &game, &general, 300, 13);
    }
}

/// Relay sowing on a second game: Congkak's first round (`tests/variants/congkak.game`), sown
/// clockwise with each store at its player's left. A mirror image, so its perft is Papan Dakon's.
#[test]
fn congkak_relays_clockwise_and_mirrors_papan_dakons_tree() {
    let game = load("tests/variants/congkak.game", &[]);
    // a1's 3: P1's store, a2, b2 (4 + 1): b2's 5 are lifted: c2 to g2 (7 + 1): g2's 8 are
    // lifted: g1 to a1 (a1 emptied, now 1) and the store: another turn, the mirror image of
    // the relay test above.
    let s = position(
        &game,
        [3, 0, 0, 0, 0, 0, 0],
        [0, 4, 0, 0, 0, 0, 7],
        0,
        [5, 6],
    );
    let s = after(&game, &s, "sow a1");
    assert_eq!(counts(&s)[..7], [1; 7]);
    assert_eq!(counts(&s)[7..14], [1, 0, 1, 1, 1, 1, 0]);
    assert_eq!((scores(&s), s.mover()), ([7, 6], 0));
    for options in [&[][..], &[("holes", "4"), ("counters", "3")][..]] {
        let (ours, mirror) = (dakon(options), load("tests/variants/congkak.game", options));
        assert_eq!(
            ludus::engine::perft(&mirror, &mirror.new_initial_state(), 7),
            ludus::engine::perft(&ours, &ours.new_initial_state(), 7)
        );
    }
}
