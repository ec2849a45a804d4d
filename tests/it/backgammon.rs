//! Backgammon: two dice used one at a time (doubles four times), the rule that a throw is used as
//! fully as it can be (both dice, else the larger), entering from the bar, hits, closed points
//! and bearing off with a higher die, on set-up positions; and the game against an independent
//! reference model written below straight from the rules, by chance-aware perft and by lock-step
//! random games. Points are P1's: its point p is site 12 - p (l1 to a1) for p up to 12 and site
//! p - 1 (a2 to l2) above; P2's point q is P1's 25 - q.

use crate::setup::{after, empty, ended, load, play, sorted_names};
use ludus::engine::Cell;
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};

fn backgammon() -> Game {
    load("games/backgammon.game", &[])
}

/// The independent reference: the board as counts by P1's point, the dice left as a list.
#[derive(Clone, Debug)]
struct Bg {
    /// Checkers on P1's points 1 to 24 (index p - 1): P1's positive, P2's negative.
    points: [i8; 24],
    bar: [u8; 2],
    off: [u8; 2],
    mover: usize,
    /// The dice left to use this turn; `None` before the throw.
    dice: Option<Vec<u8>>,
    winner: Option<usize>,
}

/// One edge of the reference: a throw (largest die first) or one die's checker move.
#[derive(Clone, Copy, Debug, PartialEq)]
enum BgMove {
    Throw(u8, u8),
    Pass,
    /// From a point of the mover's own numbering (25: the bar) by a die.
    Checker(u8, u8),
}

impl Bg {
    fn new() -> Bg {
        Bg::with_start(&[(24, 2), (13, 5), (8, 3), (6, 5)])
    }

    /// The start with these checkers on each side's own points.
    fn with_start(start: &[(usize, i8)]) -> Bg {
        let mut points = [0i8; 24];
        for &(p, n) in start {
            points[p - 1] = n;
            points[24 - p] = -n;
        }
        Bg {
            points,
            bar: [0; 2],
            off: [0; 2],
            mover: 0,
            dice: None,
            winner: None,
        }
    }

    /// The mover's own point `r` (1 to 24) as an index of `points`.
    fn index(player: usize, r: u8) -> usize {
        if player == 0 {
            r as usize - 1
        } else {
            24 - r as usize
        }
    }

    /// Checkers of `player` on their own point `r`, and of the other player there.
    fn own(&self, player: usize, r: u8) -> (u8, u8) {
        let n = self.points[Bg::index(player, r)];
        let mine = if player == 0 { n } else { -n };
        (mine.max(0) as u8, (-mine).max(0) as u8)
    }

    fn all_home(&self, player: usize) -> bool {
        self.bar[player] == 0 && (7..=24).all(|r| self.own(player, r).0 == 0)
    }

    /// The checker moves of one die for the mover, rules only (no rule of using the dice fully).
    fn die_moves(&self, die: u8) -> Vec<BgMove> {
        let p = self.mover;
        if self.bar[p] > 0 {
            return if self.own(p, 25 - die).1 < 2 {
                vec![BgMove::Checker(25, die)]
            } else {
                vec![]
            };
        }
        let mut out = Vec::new();
        for r in 1..=24u8 {
            if self.own(p, r).0 == 0 {
                continue;
            }
            if r > die {
                if self.own(p, r - die).1 < 2 {
                    out.push(BgMove::Checker(r, die));
                }
            } else if self.all_home(p) && (r == die || (r + 1..=24).all(|q| self.own(p, q).0 == 0))
            {
                out.push(BgMove::Checker(r, die));
            }
        }
        out
    }

    fn distinct(dice: &[u8]) -> Vec<u8> {
        let mut d = dice.to_vec();
        d.sort_unstable_by(|a, b| b.cmp(a));
        d.dedup();
        d
    }

    fn without(dice: &[u8], die: u8) -> Vec<u8> {
        let mut d = dice.to_vec();
        let i = d.iter().position(|&x| x == die).unwrap();
        d.remove(i);
        d
    }

    /// The best use of `dice` from here: (dice used, their total), over every sequence.
    fn best(&self, dice: &[u8]) -> (u8, u8) {
        let mut best = (0, 0);
        for die in Bg::distinct(dice) {
            for m in self.die_moves(die) {
                let mut next = self.clone();
                next.apply_checker(m);
                let rest = if next.off[self.mover] == 15 {
                    (0, 0)
                } else {
                    next.best(&Bg::without(dice, die))
                };
                best = best.max((1 + rest.0, die + rest.1));
            }
        }
        best
    }

    fn moves(&self) -> Vec<BgMove> {
        if self.winner.is_some() {
            return vec![];
        }
        let Some(dice) = &self.dice else {
            return (1..=6)
                .flat_map(|a| (1..=a).map(move |b| BgMove::Throw(a, b)))
                .collect();
        };
        let best = self.best(dice);
        if best.0 == 0 {
            return vec![BgMove::Pass];
        }
        let mut out = Vec::new();
        for die in Bg::distinct(dice) {
            for m in self.die_moves(die) {
                let mut next = self.clone();
                next.apply_checker(m);
                let rest = next.best(&Bg::without(dice, die));
                if (1 + rest.0, die + rest.1) == best {
                    out.push(m);
                }
            }
        }
        out
    }

    fn odds(a: u8, b: u8) -> f64 {
        if a == b {
            1.0 / 36.0
        } else {
            1.0 / 18.0
        }
    }

    fn apply_checker(&mut self, m: BgMove) {
        let BgMove::Checker(r, die) = m else { return };
        let p = self.mover;
        let sign = if p == 0 { 1 } else { -1 };
        if r == 25 {
            self.bar[p] -= 1;
        } else {
            self.points[Bg::index(p, r)] -= sign;
        }
        if r <= die {
            self.off[p] += 1;
            return;
        }
        let t = Bg::index(p, r - die);
        if self.own(p, r - die).1 == 1 {
            self.points[t] = 0;
            self.bar[1 - p] += 1;
        }
        self.points[t] += sign;
    }

    fn play(&mut self, m: BgMove) {
        match m {
            BgMove::Throw(a, b) => {
                self.dice = Some(if a == b { vec![a; 4] } else { vec![a, b] });
                return;
            }
            BgMove::Pass => {}
            BgMove::Checker(_, die) => {
                let dice = self.dice.take().unwrap();
                self.apply_checker(m);
                if self.off[self.mover] == 15 {
                    self.winner = Some(self.mover);
                    return;
                }
                let left = Bg::without(&dice, die);
                if !left.is_empty() && self.best(&left).0 > 0 {
                    self.dice = Some(left);
                    return;
                }
            }
        }
        self.dice = None;
        self.mover = 1 - self.mover;
    }

    /// The site's name of the mover's own point `r`.
    fn site(&self, r: u8) -> String {
        let p = Bg::index(self.mover, r) + 1;
        if p <= 12 {
            format!("{}1", (b'a' + (12 - p) as u8) as char)
        } else {
            format!("{}2", (b'a' + (p - 13) as u8) as char)
        }
    }

    fn notation(&self, m: BgMove) -> String {
        match m {
            BgMove::Throw(a, b) => format!("throw {a}{b}"),
            BgMove::Pass => "pass".into(),
            BgMove::Checker(25, die) => {
                let hit = if self.own(self.mover, 25 - die).1 == 1 {
                    "x"
                } else {
                    ""
                };
                format!("enter {hit}{}/{die}", self.site(25 - die))
            }
            BgMove::Checker(r, die) if r <= die => format!("{}-off/{die}", self.site(r)),
            BgMove::Checker(r, die) => {
                let sep = if self.own(self.mover, r - die).1 == 1 {
                    "x"
                } else {
                    "-"
                };
                format!("{}{sep}{}/{die}", self.site(r), self.site(r - die))
            }
        }
    }

    fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth + 1];
        self.walk(depth, 0, &mut counts);
        counts
    }

    fn walk(&self, depth: usize, at: usize, counts: &mut [u64]) {
        counts[at] += 1;
        if at == depth {
            return;
        }
        for m in self.moves() {
            let mut next = self.clone();
            next.play(m);
            next.walk(depth, at + 1, counts);
        }
    }
}

/// A position before P1's throw: each player's checkers by their own points, and the bar.
fn at(game: &Game, p1: &[(u8, u16)], p2: &[(u8, u16)], bar: [u16; 2]) -> State {
    let mut p = empty(game);
    for (player, list) in [p1, p2].iter().enumerate() {
        for &(r, count) in list.iter() {
            let point = Bg::index(player, r) + 1;
            let site = if point <= 12 { 12 - point } else { point - 1 };
            p.board.cells[site] = Cell {
                count,
                owner: player as u8 + 1,
                pos: 24 - r,
                ..Cell::default()
            };
        }
    }
    p.board.hand[..2].copy_from_slice(&bar);
    let off: Vec<u32> = [p1, p2]
        .iter()
        .zip(bar)
        .map(|(l, b)| 15 - l.iter().map(|x| x.1 as u32).sum::<u32>() - b as u32)
        .collect();
    p.board.store[..2].copy_from_slice(&off);
    game.state_at(p)
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_throw_is_the_21_unordered_pairs_of_two_dice() {
    let game = backgammon();
    let s = game.new_initial_state();
    let odds: Vec<(String, f64)> = game
        .chance_outcomes(&s)
        .into_iter()
        .map(|(m, p)| (game.notation(&s, m), p))
        .collect();
    let r = Bg::new();
    let expected: Vec<(String, f64)> = r
        .moves()
        .into_iter()
        .map(|m| match m {
            BgMove::Throw(a, b) => (r.notation(m), Bg::odds(a, b)),
            _ => unreachable!(),
        })
        .collect();
    let mut sorted = expected.clone();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(odds, sorted);
    assert_eq!(odds.len(), 21);
    assert!((odds.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn the_start_has_two_five_three_and_five_checkers() {
    let game = backgammon();
    let s = game.new_initial_state();
    let cells = s.cells();
    // P1: 24-point l2, 13-point a2, 8-point e1, 6-point g1; P2 mirrored.
    for (site, owner, count) in [
        (23, 1, 2),
        (12, 1, 5),
        (4, 1, 3),
        (6, 1, 5),
        (11, 2, 2),
        (0, 2, 5),
        (16, 2, 3),
        (18, 2, 5),
    ] {
        assert_eq!((cells[site].owner, cells[site].count), (owner, count));
    }
    assert_eq!(cells.iter().map(|c| c.count as u32).sum::<u32>(), 30);
}

/// 6-5 with one checker free on the 13-point: either die alone can be played, never both (the
/// 2-point is closed), so only the 6 is legal; the 5 is then lost and the turn ends.
#[test]
fn only_the_larger_die_is_played_when_one_die_only_can_be() {
    let game = backgammon();
    let s = at(&game, &[(13, 1), (1, 14)], &[(23, 2), (1, 13)], [0, 0]);
    let s = after(&game, &s, "throw 65");
    assert_eq!(sorted_names(&game, &s), strings(&["a2-f1/6"]));
    let s = after(&game, &s, "a2-f1/6");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
    // With the 6 blocked instead (the 7-point closed), the 5 is played.
    let s = at(
        &game,
        &[(13, 1), (1, 14)],
        &[(18, 2), (23, 2), (1, 11)],
        [0, 0],
    );
    let s = after(&game, &s, "throw 65");
    assert_eq!(sorted_names(&game, &s), strings(&["a2-e1/5"]));
}

/// Without `most:true`, `each-die` lists every die's moves: the 5 that leaves the 6 unusable is
/// legal, and the 6 left is then passed, the pass using up the throw.
#[test]
fn without_most_each_die_lists_every_die_and_a_pass_ends_the_throw() {
    let text = std::fs::read_to_string("games/backgammon.game").unwrap();
    assert!(text.contains(" most:true"));
    let text = text.replacen(" most:true", "", 1);
    let game = ludus::load_source("each-die.game", &text, &[]).unwrap();
    let s = at(&game, &[(13, 1), (1, 14)], &[(23, 2), (1, 13)], [0, 0]);
    let s = after(&game, &s, "throw 65");
    assert_eq!(sorted_names(&game, &s), strings(&["a2-e1/5", "a2-f1/6"]));
    let s = after(&game, &s, "a2-e1/5");
    assert_eq!(
        (s.mover(), sorted_names(&game, &s)),
        (0, strings(&["pass"]))
    );
    let s = after(&game, &s, "pass");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
}

/// 4-4 with one checker free on the 20-point and the 4-point closed: three fours are played,
/// the fourth is lost, and the turn ends after the third.
#[test]
fn a_doubles_throw_stops_at_a_blocked_fourth_move() {
    let game = backgammon();
    let s = at(&game, &[(20, 1), (1, 14)], &[(21, 2), (1, 13)], [0, 0]);
    let mut s = after(&game, &s, "throw 44");
    for (m, mover) in [("h2-d2/4", 0), ("d2-a1/4", 0), ("a1-e1/4", 1)] {
        assert_eq!(sorted_names(&game, &s), strings(&[m]));
        play(&game, &mut s, m);
        assert_eq!(s.mover(), mover);
    }
    assert_eq!(s.node(), NodeType::Chance);
    // Open the 4-point: the fourth four is played too.
    let s = at(&game, &[(20, 1), (1, 14)], &[(1, 15)], [0, 0]);
    let s = after(&game, &s, "throw 44 h2-d2/4 d2-a1/4 a1-e1/4");
    assert_eq!(sorted_names(&game, &s), strings(&["e1-i1/4"]));
}

/// Two checkers on the bar and 6-5: each die enters one, on P2's home board (P1's 19- and
/// 20-points, g2 and h2), a single enemy checker hit; nothing else moves meanwhile.
#[test]
fn two_checkers_enter_from_the_bar_with_both_dice() {
    let game = backgammon();
    let s = at(&game, &[(6, 13)], &[(5, 1), (1, 14)], [2, 0]);
    let s = after(&game, &s, "throw 65");
    assert_eq!(
        sorted_names(&game, &s),
        strings(&["enter g2/6", "enter xh2/5"])
    );
    let s = after(&game, &s, "enter xh2/5");
    assert_eq!((s.hands()[0], s.hands()[1]), (1, 1));
    assert_eq!(sorted_names(&game, &s), strings(&["enter g2/6"]));
    let s = after(&game, &s, "enter g2/6");
    assert_eq!(
        (s.node(), s.mover(), s.hands()[0]),
        (NodeType::Chance, 1, 0)
    );
    // With the 19-point closed, one checker enters with the 5 and the 6 is lost.
    let s = at(&game, &[(6, 13)], &[(6, 2), (1, 13)], [2, 0]);
    let s = after(&game, &s, "throw 65");
    assert_eq!(sorted_names(&game, &s), strings(&["enter h2/5"]));
    let s = after(&game, &s, "enter h2/5");
    assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
}

/// All home with the rearmost checkers on the 4-point: a 6 and a 5 each bear off from there.
#[test]
fn a_higher_die_bears_off_the_rearmost_checker() {
    let game = backgammon();
    let s = at(&game, &[(4, 3), (2, 12)], &[(1, 15)], [0, 0]);
    let s = after(&game, &s, "throw 65");
    assert_eq!(sorted_names(&game, &s), strings(&["i1-off/5", "i1-off/6"]));
    let s = after(&game, &s, "i1-off/6 i1-off/5");
    assert_eq!(s.scores()[0], 2);
    // A checker on the 5-point stands farther back: the 6 bears it off, not one from the 4.
    let s = at(&game, &[(5, 1), (4, 2), (2, 12)], &[(1, 15)], [0, 0]);
    let s = after(&game, &s, "throw 62");
    assert_eq!(
        sorted_names(&game, &s),
        strings(&["h1-j1/2", "h1-off/6", "i1-k1/2", "k1-off/2"])
    );
    // Not all home (a checker on the 7-point): no bearing off at all.
    let s = at(&game, &[(7, 1), (2, 14)], &[(1, 15)], [0, 0]);
    let s = after(&game, &s, "throw 21");
    assert_eq!(
        sorted_names(&game, &s),
        strings(&["f1-g1/1", "f1-h1/2", "k1-l1/1"])
    );
}

#[test]
fn bearing_off_all_fifteen_wins() {
    let game = backgammon();
    let s = at(&game, &[(1, 1)], &[(1, 15)], [0, 0]);
    let s = after(&game, &s, "throw 31");
    // Either die bears the last checker off: the larger one must be used.
    assert_eq!(sorted_names(&game, &s), strings(&["l1-off/3"]));
    let s = after(&game, &s, "l1-off/3");
    assert!(ended(&s, Status::Won(0)), "{:?}", s.status());
}

/// Perft from the rules, throws counted as edges, against the reference.
#[test]
fn perft_matches_the_reference() {
    let game = backgammon();
    let depth = 5;
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    assert_eq!(ours, Bg::new().perft(depth));
    assert_eq!(ours, [1, 21, 120, 460, 8326, 48196]);
}

/// Nackgammon (`tests/variants/nackgammon.game`): the same rules from another start.
#[test]
fn nackgammon_perft_matches_the_reference() {
    let game = load("tests/variants/nackgammon.game", &[]);
    let depth = 5;
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    let start = [(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)];
    assert_eq!(ours, Bg::with_start(&start).perft(depth));
    assert_ne!(ours, Bg::new().perft(depth));
}

/// Deeper: `cargo test --release --locked --test it -- --ignored backgammon::deep_perft`.
#[test]
#[ignore]
fn deep_perft_matches_the_reference() {
    let game = backgammon();
    let depth = 7;
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    assert_eq!(ours, Bg::new().perft(depth));
}

/// Random games played on both: the same moves listed at every step, and the same outcome.
#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let game = backgammon();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(40);
    let (mut wins, mut hits, mut passes, mut throws) = ([0; 2], 0, 0, 0);
    for _ in 0..200 {
        let (mut s, mut r) = (game.new_initial_state(), Bg::new());
        loop {
            let moves = r.moves();
            let mut theirs: Vec<String> = moves.iter().map(|&m| r.notation(m)).collect();
            theirs.sort();
            assert_eq!(sorted_names(&game, &s), theirs, "\n{}", game.render(&s));
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            let bars = r.bar;
            play(&game, &mut s, &r.notation(m));
            r.play(m);
            hits += (r.bar[0] + r.bar[1] > bars[0] + bars[1]) as u32;
            passes += (m == BgMove::Pass) as u32;
            throws += matches!(m, BgMove::Throw(..)) as u32;
            assert_eq!(
                (s.hands()[0], s.hands()[1]),
                (r.bar[0] as u16, r.bar[1] as u16)
            );
            assert_eq!(
                (s.scores()[0], s.scores()[1]),
                (r.off[0] as u32, r.off[1] as u32)
            );
            if r.winner.is_none() {
                assert_eq!(s.mover() as usize, r.mover);
            }
        }
        let w = r.winner.expect("a winner");
        assert!(ended(&s, Status::Won(w as u8)), "{:?}", s.status());
        wins[w] += 1;
    }
    assert!(
        wins[0] > 0 && wins[1] > 0 && hits > 0 && passes > 0 && throws > 4000,
        "{wins:?} {hits} {passes} {throws}"
    );
}
