//! Tak against an independent reference: a plain model written straight from the rules (stacks
//! as lists of pieces, bottom first; carries by enumerating every split of the lifted pieces
//! along a line; roads by flood fill; the flat count when a reserve runs out or the board fills),
//! checked on its own on hand-counted positions, and against `games/tak.game` by perft on sizes 3
//! to 6, by lock-step random games on sizes 3 to 8 (at every ply the same stack on every site,
//! the same pieces in hand, the same sorted move names and the same status) and by positions
//! played up move by move: a carry over four squares, a capstone flattening a wall, a road
//! finished by a capstone, one move making both roads, a full board counted by flats.

use crate::setup::{load, sorted_names};
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};

/// What a piece is: a stone lying (flat), a stone standing (wall), or a capstone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Flat,
    Wall,
    Cap,
}

/// A piece: its owner (0 = P1, 1 = P2) and its kind.
type Piece = (u8, Kind);

/// The four orthogonal steps as (column, row) offsets.
const STEPS: [(i64, i64); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The reference: sites r * n + c (a1 = 0), each a stack, bottom first.
#[derive(Clone, Debug)]
struct Tak {
    n: usize,
    stacks: Vec<Vec<Piece>>,
    /// Stones and capstones left in each player's reserve.
    stones: [u32; 2],
    caps: [u32; 2],
    mover: u8,
    /// Moves played so far (the first two place the other player's stone).
    played: usize,
    result: Option<Status>,
}

/// A move of the reference.
#[derive(Clone, PartialEq, Debug)]
enum TakMove {
    /// A piece placed on an empty site (on a first turn, the other player's flat).
    Place(usize, Kind),
    /// Pieces lifted from `from` and dropped along a direction (an index into `STEPS`), `drops[i]`
    /// on the (i + 1)-th site after the origin, the bottom ones first.
    Carry {
        from: usize,
        step: usize,
        drops: Vec<usize>,
    },
}

impl Tak {
    /// The start on a board of side `n`, with the reserves of that size.
    fn new(n: usize) -> Tak {
        let (stones, caps) = match n {
            3 => (10, 0),
            4 => (15, 0),
            5 => (21, 1),
            6 => (30, 1),
            7 => (40, 2),
            8 => (50, 2),
            _ => panic!("no Tak on side {n}"),
        };
        Tak {
            n,
            stacks: vec![Vec::new(); n * n],
            stones: [stones; 2],
            caps: [caps; 2],
            mover: 0,
            played: 0,
            result: None,
        }
    }

    /// The site `k` steps from `from` in direction `step`, if on the board.
    fn step_from(&self, from: usize, step: usize, k: usize) -> Option<usize> {
        let (dc, dr) = STEPS[step];
        let c = (from % self.n) as i64 + dc * k as i64;
        let r = (from / self.n) as i64 + dr * k as i64;
        let n = self.n as i64;
        ((0..n).contains(&c) && (0..n).contains(&r)).then(|| (r * n + c) as usize)
    }

    fn top(&self, site: usize) -> Option<Piece> {
        self.stacks[site].last().copied()
    }

    fn moves(&self) -> Vec<TakMove> {
        if self.result.is_some() {
            return Vec::new();
        }
        let empty: Vec<usize> = (0..self.stacks.len())
            .filter(|&s| self.stacks[s].is_empty())
            .collect();
        if self.played < 2 {
            return empty
                .into_iter()
                .map(|s| TakMove::Place(s, Kind::Flat))
                .collect();
        }
        let me = self.mover as usize;
        let mut out = Vec::new();
        for &s in &empty {
            if self.stones[me] > 0 {
                out.push(TakMove::Place(s, Kind::Flat));
                out.push(TakMove::Place(s, Kind::Wall));
            }
            if self.caps[me] > 0 {
                out.push(TakMove::Place(s, Kind::Cap));
            }
        }
        for from in 0..self.stacks.len() {
            if self.top(from).map(|p| p.0) != Some(self.mover) {
                continue;
            }
            let height = self.stacks[from].len();
            for lifted in 1..=height.min(self.n) {
                let cap_on_top = self.top(from).unwrap().1 == Kind::Cap;
                for step in 0..4 {
                    let mut drops = Vec::new();
                    self.splits(from, step, lifted, cap_on_top, &mut drops, &mut out);
                }
            }
        }
        out
    }

    /// Every way to drop the `left` pieces still carried (a capstone on top if `cap_on_top`) on
    /// the sites after those of `drops` along `step` from `from`: adds each finished carry.
    fn splits(
        &self,
        from: usize,
        step: usize,
        left: usize,
        cap_on_top: bool,
        drops: &mut Vec<usize>,
        out: &mut Vec<TakMove>,
    ) {
        let Some(next) = self.step_from(from, step, drops.len() + 1) else {
            return;
        };
        let most = match self.top(next).map(|p| p.1) {
            None | Some(Kind::Flat) => left,
            // A capstone alone, as the last drop, flattens a wall.
            Some(Kind::Wall) if cap_on_top && left == 1 => 1,
            Some(_) => return,
        };
        for d in 1..=most {
            drops.push(d);
            if d == left {
                out.push(TakMove::Carry {
                    from,
                    step,
                    drops: drops.clone(),
                });
            } else {
                self.splits(from, step, left - d, cap_on_top, drops, out);
            }
            drops.pop();
        }
    }

    fn site_name(&self, s: usize) -> String {
        format!("{}{}", (b'a' + (s % self.n) as u8) as char, s / self.n + 1)
    }

    fn name(&self, m: &TakMove) -> String {
        match m {
            TakMove::Place(s, kind) => {
                let kind = match kind {
                    Kind::Flat => "Flat",
                    Kind::Wall => "Wall",
                    Kind::Cap => "Capstone",
                };
                format!("{kind}@{}", self.site_name(*s))
            }
            TakMove::Carry { from, step, drops } => {
                let to = self.step_from(*from, *step, drops.len()).unwrap();
                let digits: String = drops.iter().map(|d| d.to_string()).collect();
                format!("{}-{}:{digits}", self.site_name(*from), self.site_name(to))
            }
        }
    }

    /// The legal move names, sorted.
    fn names(&self) -> Vec<String> {
        let mut out: Vec<String> = self.moves().iter().map(|m| self.name(m)).collect();
        out.sort();
        out
    }

    fn play(&mut self, m: TakMove) {
        match m {
            TakMove::Place(s, kind) => {
                assert!(self.stacks[s].is_empty(), "a placement on an empty site");
                let owner = if self.played < 2 {
                    1 - self.mover
                } else {
                    self.mover
                };
                let o = owner as usize;
                if kind == Kind::Cap {
                    assert!(self.caps[o] > 0);
                    self.caps[o] -= 1;
                } else {
                    assert!(self.stones[o] > 0);
                    self.stones[o] -= 1;
                }
                self.stacks[s].push((owner, kind));
            }
            TakMove::Carry { from, step, drops } => {
                let lifted: usize = drops.iter().sum();
                let keep = self.stacks[from].len() - lifted;
                let mut carried: Vec<Piece> = self.stacks[from].split_off(keep);
                carried.reverse(); // popped from the end: the bottom piece first
                for (i, &d) in drops.iter().enumerate() {
                    let to = self.step_from(from, step, i + 1).unwrap();
                    if let Some(top) = self.stacks[to].last_mut() {
                        if top.1 == Kind::Wall {
                            top.1 = Kind::Flat;
                        }
                    }
                    for _ in 0..d {
                        self.stacks[to].push(carried.pop().unwrap());
                    }
                }
            }
        }
        self.played += 1;
        let actor = self.mover;
        self.mover = 1 - self.mover;
        self.result = self.end(actor);
    }

    /// Plays a move by its name; panics if no legal move has it.
    fn play_name(&mut self, name: &str) {
        let m = self
            .moves()
            .into_iter()
            .find(|m| self.name(m) == name)
            .unwrap_or_else(|| panic!("`{name}` is not legal: {:?}", self.names()));
        self.play(m);
    }

    fn play_line(&mut self, line: &str) {
        for name in line.split_whitespace() {
            self.play_name(name);
        }
    }

    /// Whether `player` has a road: sites topped by its flats or capstones, joined orthogonally,
    /// from one edge to the opposite one.
    fn road(&self, player: u8) -> bool {
        let n = self.n;
        let left: Vec<usize> = (0..n).map(|r| r * n).collect();
        let bottom: Vec<usize> = (0..n).collect();
        self.reaches(player, left, |s| s % n == n - 1)
            || self.reaches(player, bottom, |s| s / n == n - 1)
    }

    /// Whether a flood fill through `player`'s road sites (topped by its flat or capstone) from
    /// those of `starts` reaches a site where `goal` holds.
    fn reaches(&self, player: u8, starts: Vec<usize>, goal: impl Fn(usize) -> bool) -> bool {
        let counts =
            |s: usize| matches!(self.top(s), Some((p, k)) if p == player && k != Kind::Wall);
        let mut seen = vec![false; self.stacks.len()];
        let mut todo: Vec<usize> = starts.into_iter().filter(|&s| counts(s)).collect();
        for &s in &todo {
            seen[s] = true;
        }
        while let Some(s) = todo.pop() {
            if goal(s) {
                return true;
            }
            for step in 0..4 {
                if let Some(t) = self.step_from(s, step, 1) {
                    if !seen[t] && counts(t) {
                        seen[t] = true;
                        todo.push(t);
                    }
                }
            }
        }
        false
    }

    /// Flats on top of stacks, by player.
    fn flats(&self) -> [usize; 2] {
        let mut out = [0; 2];
        for s in 0..self.stacks.len() {
            if let Some((p, Kind::Flat)) = self.top(s) {
                out[p as usize] += 1;
            }
        }
        out
    }

    /// The result after `actor`'s move, if the game is over.
    fn end(&self, actor: u8) -> Option<Status> {
        if self.road(actor) {
            return Some(Status::Won(actor));
        }
        if self.road(1 - actor) {
            return Some(Status::Won(1 - actor));
        }
        let out_of_pieces = (0..2).any(|p| self.stones[p] + self.caps[p] == 0);
        let full = self.stacks.iter().all(|s| !s.is_empty());
        if out_of_pieces || full {
            let f = self.flats();
            return Some(match f[0].cmp(&f[1]) {
                std::cmp::Ordering::Greater => Status::Won(0),
                std::cmp::Ordering::Less => Status::Won(1),
                std::cmp::Ordering::Equal => Status::Drawn,
            });
        }
        None
    }

    fn perft(&self, depth: usize) -> u64 {
        crate::setup::reference_perft(self, depth, Self::moves, Self::play)
    }

    /// A position past both first turns with these stacks (site name, pieces bottom first),
    /// `mover` to move, full reserves.
    fn with(n: usize, mover: u8, stacks: &[(&str, &[Piece])]) -> Tak {
        let mut t = Tak::new(n);
        for (site, pieces) in stacks {
            let s = site_of(n, site);
            t.stacks[s] = pieces.to_vec();
        }
        t.mover = mover;
        t.played = 2;
        t
    }

    /// The carries among the legal moves.
    fn carries(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .moves()
            .iter()
            .filter(|m| matches!(m, TakMove::Carry { .. }))
            .map(|m| self.name(m))
            .collect();
        out.sort();
        out
    }
}

/// The site of a name such as `c3` on a board of side `n`.
fn site_of(n: usize, name: &str) -> usize {
    crate::setup::site(n, name)
}

const P1F: Piece = (0, Kind::Flat);
const P2F: Piece = (1, Kind::Flat);
const P1W: Piece = (0, Kind::Wall);
const P2W: Piece = (1, Kind::Wall);
const P1C: Piece = (0, Kind::Cap);

fn strings(names: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

// ---------------------------------------------------------------------------------------------
// The model on its own.

#[test]
fn model_perft_from_the_start() {
    let t = Tak::new(5);
    assert_eq!([t.perft(1), t.perft(2), t.perft(3)], [25, 600, 43320]);
    // On 3x3 the first turns place 9 then 8 flats; then the 7 empty sites take a flat or a wall
    // (no capstones on 3x3), and the mover's one flat (placed by the other player) carries.
    let t = Tak::new(3);
    assert_eq!([t.perft(1), t.perft(2)], [9, 72]);
}

#[test]
fn model_first_turns_place_the_other_players_flat() {
    let mut t = Tak::new(5);
    assert!(t.names().iter().all(|m| m.starts_with("Flat@")));
    t.play_name("Flat@a1");
    assert_eq!(t.stacks[0], [P2F]);
    assert_eq!(t.stones, [21, 20]);
    assert_eq!(t.names().len(), 24);
    t.play_name("Flat@e5");
    assert_eq!(t.stacks[24], [P1F]);
    assert_eq!(t.stones, [20, 20]);
    // P1 now owns e5 (placed by P2) and not a1: flats, walls, its capstone on 23 sites, and
    // e5's flat carried left or down.
    let names = t.names();
    assert_eq!(names.len(), 23 * 3 + 2);
    assert!(names.contains(&"e5-e4:1".to_string()) && names.contains(&"e5-d5:1".to_string()));
    assert!(!names.iter().any(|m| m.starts_with("a1-")));
}

#[test]
fn model_a_lone_stack_in_a_corner_has_the_carries_counted_by_hand() {
    // Three flats at a1: lifting 1, 2 or 3, up or right, split every way (1 + 2 + 4 per
    // direction, all short enough to fit): 14 carries.
    let t = Tak::with(5, 0, &[("a1", &[P2F, P1F, P1F])]);
    let carries = t.carries();
    assert_eq!(carries.len(), 14, "{carries:?}");
    assert_eq!(
        carries,
        strings(&[
            "a1-a2:1",
            "a1-b1:1",
            "a1-a2:2",
            "a1-b1:2",
            "a1-a3:11",
            "a1-c1:11",
            "a1-a2:3",
            "a1-b1:3",
            "a1-a3:12",
            "a1-c1:12",
            "a1-a3:21",
            "a1-c1:21",
            "a1-a4:111",
            "a1-d1:111",
        ])
    );
    // Placements: 24 empty sites, flat, wall or capstone.
    assert_eq!(t.moves().len(), 14 + 24 * 3);
    // Five at a1: lifting 5 takes any split into at most four drops (15 of 16): 1 + 2 + 4 + 8 +
    // 15 = 30 a direction.
    let t = Tak::with(5, 0, &[("a1", &[P1F; 5])]);
    assert_eq!(t.carries().len(), 60);
    // On 3x3 at most 3 are lifted and the line holds two sites: 1 + 2 + 3 a direction.
    let t = Tak::with(3, 0, &[("a1", &[P1F; 5])]);
    assert_eq!(t.carries().len(), 12, "{:?}", t.carries());
    // A stack topped by the other player's piece does not move for the mover.
    let t = Tak::with(5, 1, &[("a1", &[P2F, P1F, P1F])]);
    assert!(t.carries().is_empty());
}

#[test]
fn model_a_carry_over_four_squares() {
    let mut t = Tak::with(5, 0, &[("a1", &[P2F, P1F, P2F, P1F, P2F, P1F])]);
    // Five lifted (the most is five on 5x5), one on each of b1 c1 d1, two on e1.
    t.play_name("a1-e1:1112");
    assert_eq!(t.stacks[site_of(5, "a1")], [P2F]);
    assert_eq!(t.stacks[site_of(5, "b1")], [P1F]);
    assert_eq!(t.stacks[site_of(5, "c1")], [P2F]);
    assert_eq!(t.stacks[site_of(5, "d1")], [P1F]);
    assert_eq!(t.stacks[site_of(5, "e1")], [P2F, P1F]);
    assert_eq!(t.result, None);
    // Six cannot be lifted on 5x5.
    let t = Tak::with(5, 0, &[("a1", &[P1F; 6])]);
    assert!(!t.carries().iter().any(|m| m.ends_with(":11112")));
}

#[test]
fn model_a_capstone_flattens_a_wall_only_alone_on_the_last_drop() {
    // P1's capstone at c3 next to P2's wall at d3.
    let t = Tak::with(5, 0, &[("c3", &[P1C]), ("d3", &[P2W])]);
    let carries = t.carries();
    assert!(carries.contains(&"c3-d3:1".to_string()), "{carries:?}");
    assert_eq!(carries.len(), 4);
    let mut after = t.clone();
    after.play_name("c3-d3:1");
    assert_eq!(after.stacks[site_of(5, "d3")], [(1, Kind::Flat), P1C]);
    assert!(after.stacks[site_of(5, "c3")].is_empty());
    // A flat or a wall does not go onto a wall; nothing goes onto the capstone.
    let t = Tak::with(5, 0, &[("c3", &[P1F]), ("d3", &[P2W]), ("b3", &[P1W])]);
    assert!(!t
        .carries()
        .iter()
        .any(|m| m.contains("-d3") || m.contains("-b3")));
    // A wall moves onto a flat.
    assert!(t.carries().contains(&"b3-c3:1".to_string()));
    let t = Tak::with(5, 1, &[("c3", &[P1C]), ("d3", &[P2F])]);
    assert!(!t.carries().iter().any(|m| m.contains("-c3")));
    // A capstone on a flat at b3, the wall at d3: two lifted reach the wall with the capstone
    // alone (b3-d3:11) but not with both (no b3-d3 other than 11), nor past it.
    let t = Tak::with(5, 0, &[("b3", &[P1F, P1C]), ("d3", &[P2W])]);
    let carries = t.carries();
    let to_d3: Vec<&String> = carries.iter().filter(|m| m.contains("-d3")).collect();
    assert_eq!(to_d3, ["b3-d3:11"]);
    assert!(!carries.iter().any(|m| m.contains("-e3")));
    let mut after = t.clone();
    after.play_name("b3-d3:11");
    assert_eq!(after.stacks[site_of(5, "c3")], [P1F]);
    assert_eq!(after.stacks[site_of(5, "d3")], [(1, Kind::Flat), P1C]);
    // The capstone dropped onto the wall together with the flat below it is not a move.
    let t = Tak::with(5, 0, &[("c3", &[P1F, P1C]), ("d3", &[P2W])]);
    assert!(!t.carries().contains(&"c3-d3:2".to_string()));
}

#[test]
fn model_a_road_made_with_a_capstone() {
    let t = Tak::with(
        5,
        0,
        &[
            ("a1", &[P1F]),
            ("b1", &[P1F]),
            ("c1", &[P1F]),
            ("d1", &[P1F]),
        ],
    );
    let mut capped = t.clone();
    capped.play_name("Capstone@e1");
    assert_eq!(capped.result, Some(Status::Won(0)));
    let mut walled = t.clone();
    walled.play_name("Wall@e1");
    assert_eq!(walled.result, None);
    // A road bends: a1 b1 b2 b3 c3 d3 e3, the corner b2 a capstone.
    let mut t = Tak::with(
        5,
        0,
        &[
            ("a1", &[P1F]),
            ("b1", &[P1F]),
            ("b2", &[P2F, P1C]),
            ("b3", &[P1F]),
            ("c3", &[P1F]),
            ("d3", &[P1F]),
        ],
    );
    t.play_name("Flat@e3");
    assert_eq!(t.result, Some(Status::Won(0)));
    // Bottom to top counts too.
    let mut t = Tak::with(3, 1, &[("b1", &[P2F]), ("b2", &[P2F])]);
    t.play_name("Flat@b3");
    assert_eq!(t.result, Some(Status::Won(1)));
}

#[test]
fn model_a_move_making_both_roads_wins_for_the_mover() {
    // P1: a1 b1 d1 e1; P2: a3 b3 d3 e3; c3 holds P2's flat under two of P1's. P1 carries two
    // down, one on c2, one on c1: row 1 is P1's road, and c3 uncovered makes row 3 P2's.
    let base = [
        ("a1", &[P1F][..]),
        ("b1", &[P1F]),
        ("d1", &[P1F]),
        ("e1", &[P1F]),
        ("a3", &[P2F]),
        ("b3", &[P2F]),
        ("d3", &[P2F]),
        ("e3", &[P2F]),
        ("c3", &[P2F, P1F, P1F]),
    ];
    let t = Tak::with(5, 0, &base);
    let mut both = t.clone();
    both.play_name("c3-c1:11");
    assert!(both.road(0) && both.road(1));
    assert_eq!(both.result, Some(Status::Won(0)));
    // Two dropped on c2 make only P2's road: P2 wins on P1's move.
    let mut theirs = t.clone();
    theirs.play_name("c3-c2:2");
    assert_eq!(theirs.result, Some(Status::Won(1)));
}

#[test]
fn model_the_flat_count_on_a_full_3x3_board() {
    // Row 1: P1 flat, P2 wall, P1 flat; row 2: P2 flat, P1 wall, P2 flat; row 3: P1 flat, P2
    // flat, empty. No road; P1 fills c3 and the board is full.
    let base = [
        ("a1", &[P1F][..]),
        ("b1", &[P2W]),
        ("c1", &[P1F]),
        ("a2", &[P2F]),
        ("b2", &[P1W]),
        ("c2", &[P2F]),
        ("a3", &[P1F]),
        ("b3", &[P2F]),
    ];
    let t = Tak::with(3, 0, &base);
    assert_eq!(t.flats(), [3, 3]);
    let mut flat = t.clone();
    flat.play_name("Flat@c3");
    assert_eq!(flat.result, Some(Status::Won(0)));
    let mut wall = t.clone();
    wall.play_name("Wall@c3");
    assert_eq!(wall.flats(), [3, 3]);
    assert_eq!(wall.result, Some(Status::Drawn));
    // P2 to move there fills it with its flat and wins 4 to 3.
    let mut t = Tak::with(3, 1, &base);
    t.play_name("Flat@c3");
    assert_eq!(t.result, Some(Status::Won(1)));
    // A stack move that leaves a site empty does not end it: c1's flat onto c2's.
    let mut t = Tak::with(3, 0, &base);
    t.play_name("c1-c2:1");
    assert_eq!(t.result, None);
}

#[test]
fn model_an_empty_reserve_ends_the_game_by_the_flat_count() {
    let mut t = Tak::with(5, 0, &[("a1", &[P1F]), ("c3", &[P2F]), ("e5", &[P2F])]);
    t.stones = [1, 5];
    t.caps = [0, 1];
    t.play_name("Flat@a2");
    assert_eq!(t.flats(), [2, 2]);
    assert_eq!(t.result, Some(Status::Drawn));
    let mut t = Tak::with(5, 0, &[("a1", &[P1F]), ("c3", &[P2F]), ("e5", &[P2F])]);
    t.stones = [1, 5];
    t.caps = [1, 1];
    t.play_name("Flat@a2");
    assert_eq!(t.result, None, "a capstone left is a piece left");
}

/// A stack of six on a1 of 5x5, P1's flat on top, built move by move (P1's stones on c2 and c4,
/// P2's waiting on b5, d5 and e4); P1 to move.
const SIX_ON_A1: &str = "Flat@a1 Flat@b1 b1-a1:1 Flat@b1 Flat@c2 b1-a1:1 Flat@b1 Flat@b5 \
                         b1-a1:1 Flat@b1 Flat@c4 b1-a1:1 Flat@b1 Flat@d5 b1-a1:1 Flat@e4";

/// P1's capstone on c3 next to P2's wall on d3 (and P1's flat on e5, P2's on a1); P1 to move.
const CAPSTONE_BY_WALL: &str = "Flat@a1 Flat@e5 Capstone@c3 Wall@d3";

/// P1's flats on a1 (placed by P2) to d1, P2's on a5 (placed by P1) to d5; P1 to move.
const FOUR_ON_ROW_1: &str = "Flat@a5 Flat@a1 Flat@b1 Flat@b5 Flat@c1 Flat@c5 Flat@d1 Flat@d5";

/// On 3x3, eight sites filled without a road (P1: flats a1 c1 a3, wall b2; P2: flats a2 c2 b3,
/// wall b1), three flats each; P1 to move, c3 empty.
const FULL_BUT_C3: &str = "Flat@a2 Flat@a1 Flat@c1 Wall@b1 Wall@b2 Flat@c2 Flat@a3 Flat@b3";

/// On 5x5, P1's flats on a1 b1 d1 e1 and P2's on a3 b3 d3 e3 (and a5 b5 d5); c3 holds P2's flat
/// under two of P1's; P1 to move.
const TWO_ROADS_OPEN: &str = "Flat@c3 Flat@c2 c2-c3:1 Flat@a3 Flat@c2 Flat@b3 c2-c3:1 Flat@d3 \
                              Flat@a1 Flat@e3 Flat@b1 Flat@a5 Flat@d1 Flat@b5 Flat@e1 Flat@d5";

#[test]
fn model_the_lines_played_up_for_the_game() {
    let mut t = Tak::new(5);
    t.play_line(TWO_ROADS_OPEN);
    assert_eq!(t.stacks[site_of(5, "c3")], [P2F, P1F, P1F]);
    assert_eq!((t.mover, t.result), (0, None));
    let mut t = Tak::new(3);
    t.play_line(FULL_BUT_C3);
    assert_eq!((t.mover, t.result, t.flats()), (0, None, [3, 3]));
    assert_eq!(t.stacks[site_of(3, "b1")], [P2W]);
    assert_eq!(t.stacks[site_of(3, "b2")], [P1W]);
    let mut t = Tak::new(5);
    t.play_line(SIX_ON_A1);
    assert_eq!(t.stacks[site_of(5, "a1")], [P2F, P1F, P2F, P1F, P2F, P1F]);
    assert_eq!((t.mover, t.result), (0, None));
    let mut t = Tak::new(5);
    t.play_line(CAPSTONE_BY_WALL);
    assert_eq!(t.stacks[site_of(5, "c3")], [P1C]);
    assert_eq!(t.stacks[site_of(5, "d3")], [P2W]);
    assert_eq!((t.mover, t.result), (0, None));
    let mut t = Tak::new(5);
    t.play_line(FOUR_ON_ROW_1);
    assert_eq!((t.mover, t.result), (0, None));
    assert_eq!(t.flats(), [4, 4]);
}

/// The pieces of each player on the board and in reserve, stones and capstones apart.
fn pieces(t: &Tak) -> [[u32; 2]; 2] {
    let mut out = [[t.stones[0], t.caps[0]], [t.stones[1], t.caps[1]]];
    for stack in &t.stacks {
        for &(p, k) in stack {
            out[p as usize][usize::from(k == Kind::Cap)] += 1;
        }
    }
    out
}

/// A random move as the lock-step draws it: a placement one time in two when there are any.
fn pick(names: &[String], rng: &mut impl Rng) -> String {
    let placements: Vec<&String> = names.iter().filter(|m| m.contains('@')).collect();
    if !placements.is_empty() && rng.random_range(0..2) == 0 {
        placements[rng.random_range(0..placements.len())].clone()
    } else {
        names[rng.random_range(0..names.len())].clone()
    }
}

#[test]
fn model_random_games_keep_the_pieces_and_the_stacks_sound() {
    for size in 3..=8 {
        let start = pieces(&Tak::new(size));
        let mut ends = [0; 3];
        for seed in 0..20 {
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut t = Tak::new(size);
            while t.result.is_none() {
                let names = t.names();
                assert!(!names.is_empty(), "a live position has moves");
                let mut distinct = names.clone();
                distinct.dedup();
                assert_eq!(distinct.len(), names.len(), "names are distinct");
                t.play_name(&pick(&names, &mut rng));
                assert_eq!(pieces(&t), start);
                for stack in &t.stacks {
                    let below = &stack[..stack.len().saturating_sub(1)];
                    assert!(below.iter().all(|p| p.1 == Kind::Flat), "{stack:?}");
                }
                assert!(t.played < 2000, "size {size} seed {seed}: too long");
            }
            match t.result {
                Some(Status::Won(p)) => ends[p as usize] += 1,
                _ => ends[2] += 1,
            }
        }
        assert!(ends[0] > 0 && ends[1] > 0, "size {size}: {ends:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// The game file against the model.

fn tak(size: usize) -> Game {
    load("games/tak.game", &[("size", &size.to_string())])
}

/// Plays moves by name, each checked legal.
fn play_names(game: &Game, s: &mut State, line: &str) {
    for text in line.split_whitespace() {
        let m = game
            .parse_move(s, text)
            .unwrap_or_else(|e| panic!("`{text}`: {e}\n{}", game.render(s)));
        game.apply_checked(s, m)
            .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    }
}

/// The game and the model after the same line from the start, checked to agree on the moves.
fn both_after(size: usize, line: &str) -> (Game, State, Tak) {
    let game = tak(size);
    let mut s = game.new_initial_state();
    let mut t = Tak::new(size);
    for text in line.split_whitespace() {
        agree(&game, &s, &t, &format!("before `{text}`"));
        play_names(&game, &mut s, text);
        t.play_name(text);
    }
    agree(&game, &s, &t, &format!("after `{line}`"));
    (game, s, t)
}

/// The stacks of the game's sites as the model writes them: owners bottom first (the pieces
/// beneath the top are flats), the top's kind by its name.
fn game_stacks(game: &Game, s: &State) -> Vec<Vec<Piece>> {
    let board = game.position(s).board;
    (0..board.cells.len())
        .map(|site| {
            let owners = board.stack(site);
            let top = board.cells[site];
            let n = owners.len();
            owners
                .iter()
                .enumerate()
                .map(|(i, &o)| {
                    let kind = if i + 1 < n {
                        Kind::Flat
                    } else {
                        match game.kinds[top.kind as usize].as_str() {
                            "Flat" => Kind::Flat,
                            "Wall" => Kind::Wall,
                            "Capstone" => Kind::Cap,
                            k => panic!("a piece of kind {k}"),
                        }
                    };
                    (o, kind)
                })
                .collect()
        })
        .collect()
}

/// The game agrees with the model: the same stack on every site, the same pieces in hand, the
/// same sorted move names and the same status.
fn agree(game: &Game, s: &State, t: &Tak, context: &str) {
    let stacks = game_stacks(game, s);
    for (site, (g, m)) in stacks.iter().zip(&t.stacks).enumerate() {
        assert_eq!(
            g,
            m,
            "{context}: the stack on {} (game, model)\n{}",
            t.site_name(site),
            game.render(s)
        );
    }
    let hand = game.position(s).board.hand;
    assert_eq!(
        [u32::from(hand[0]), u32::from(hand[1])],
        [t.stones[0] + t.caps[0], t.stones[1] + t.caps[1]],
        "{context}: the pieces in hand\n{}",
        game.render(s)
    );
    assert_eq!(
        sorted_names(game, s),
        t.names(),
        "{context}: the legal moves (game, model)\n{}",
        game.render(s)
    );
    assert_eq!(
        s.status(),
        status_of(t),
        "{context}: the status\n{}",
        game.render(s)
    );
}

/// The game's status as the model's result.
fn status_of(t: &Tak) -> Status {
    t.result.unwrap_or(Status::Ongoing)
}

fn check_perft(size: usize, depth: usize) {
    let game = tak(size);
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    let model = Tak::new(size);
    for (d, &n) in counts.iter().enumerate().skip(1) {
        assert_eq!(n, model.perft(d), "size {size}: perft({d})");
    }
}

#[test]
fn perft_matches_the_model() {
    check_perft(3, 5);
    check_perft(4, 4);
    check_perft(5, 3);
    check_perft(6, 3);
}

/// Deeper: `cargo test --release --locked --test it tak::perft_deep -- --ignored`.
#[test]
#[ignore]
fn perft_deep_matches_the_model() {
    check_perft(4, 5);
    check_perft(5, 4);
    check_perft(6, 4);
}

/// Plays a random game in lock-step with the model, up to `plies` moves: the same sorted names
/// at every ply and the same status. Placements are drawn one time in two when there are any,
/// so that reserves run out and games end. Returns the status and the plies played.
fn lock_step(size: usize, seed: u64, plies: usize) -> (Status, usize) {
    let game = tak(size);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut s = game.new_initial_state();
    let mut t = Tak::new(size);
    let mut played = 0;
    loop {
        agree(
            &game,
            &s,
            &t,
            &format!("size {size} seed {seed} ply {played}"),
        );
        let names = t.names();
        if names.is_empty() {
            assert_eq!(s.node(), NodeType::Terminal);
            return (status_of(&t), played);
        }
        if played == plies {
            return (Status::Ongoing, played);
        }
        let m = pick(&names, &mut rng);
        play_names(&game, &mut s, &m);
        t.play_name(&m);
        played += 1;
    }
}

#[test]
fn random_games_agree_with_the_model() {
    let mut total = 0;
    let mut ended = [0; 3];
    for (size, games) in [(3, 16), (4, 10), (5, 8), (6, 5), (7, 2), (8, 2)] {
        for seed in 0..games {
            let (status, plies) = lock_step(size, seed, 300);
            total += plies;
            match status {
                Status::Won(p) => ended[p as usize] += 1,
                Status::Drawn => ended[2] += 1,
                other => panic!("size {size} seed {seed}: {other:?} after {plies} plies"),
            }
        }
    }
    assert!(total >= 400, "{total} plies");
    assert!(ended[0] > 0 && ended[1] > 0, "{ended:?}");
}

#[test]
fn a_carry_over_four_squares() {
    // A stack of six on a1, P1's flat on top, built move by move; P2's stones wait on row 5.
    let (game, s, t) = both_after(5, SIX_ON_A1);
    assert_eq!(t.stacks[site_of(5, "a1")].len(), 6, "{t:?}");
    assert_eq!(t.top(site_of(5, "a1")), Some(P1F));
    assert_eq!(t.mover, 0);
    // Four from a1 to e1 (b1 to e1 empty) one by one, and five with two on e1; not six.
    for carry in ["a1-e1:1111", "a1-e1:1112", "a1-e1:2111", "a1-d1:113"] {
        assert!(t.names().contains(&carry.to_string()), "{carry}");
    }
    assert!(!t
        .names()
        .iter()
        .any(|m| m.starts_with("a1-") && m.ends_with(":11112")));
    let mut s = s;
    let mut t = t;
    play_names(&game, &mut s, "a1-e1:1112");
    t.play_name("a1-e1:1112");
    agree(&game, &s, &t, "after a1-e1:1112");
    // The bottom piece stays; the five carried land bottom first: P1 b1, P2 c1, P1 d1, P2 and
    // P1 on e1.
    let stacks = game_stacks(&game, &s);
    let on = |site: &str| stacks[site_of(5, site)].clone();
    assert_eq!(on("a1"), [P2F]);
    assert_eq!([on("b1"), on("c1"), on("d1")], [[P1F], [P2F], [P1F]]);
    assert_eq!(on("e1"), [P2F, P1F]);
    assert_eq!(s.status(), Status::Ongoing);
}

#[test]
fn a_capstone_flattens_a_wall() {
    // P1's capstone on c3, P2's wall on d3.
    let (game, s, t) = both_after(5, CAPSTONE_BY_WALL);
    let carries = t.carries();
    assert_eq!(
        carries,
        strings(&["c3-b3:1", "c3-c2:1", "c3-c4:1", "c3-d3:1", "e5-d5:1", "e5-e4:1"])
    );
    // The capstone flattens the wall and stays on it.
    let (mut s, mut t) = (s, t);
    play_names(&game, &mut s, "c3-d3:1");
    t.play_name("c3-d3:1");
    assert_eq!(t.stacks[site_of(5, "d3")], [P2F, P1C]);
    agree(&game, &s, &t, "after c3-d3:1");
    assert_eq!(game_stacks(&game, &s)[site_of(5, "d3")], [P2F, P1C]);
    // P2 stands a wall on e3: the capstone lifted alone from d3 flattens it, not with the flat
    // beneath it.
    play_names(&game, &mut s, "Wall@e3");
    t.play_name("Wall@e3");
    agree(&game, &s, &t, "after Wall@e3");
    let names = t.names();
    assert!(names.contains(&"d3-e3:1".to_string()));
    assert!(!names.contains(&"d3-e3:2".to_string()));
    // No other carry ends on the wall.
    assert!(!names
        .iter()
        .any(|m| m.contains("-e3:") && !m.starts_with("d3-e3:1")));
    play_names(&game, &mut s, "d3-e3:1");
    t.play_name("d3-e3:1");
    agree(&game, &s, &t, "after d3-e3:1");
    let stacks = game_stacks(&game, &s);
    assert_eq!(stacks[site_of(5, "d3")], [P2F]);
    assert_eq!(stacks[site_of(5, "e3")], [P2F, P1C]);
}

#[test]
fn a_road_made_with_a_capstone() {
    // P1's flats on a1 (placed by P2) b1 c1 d1, P2's on row 5.
    let (game, s, t) = both_after(5, FOUR_ON_ROW_1);
    let mut capped = (s.clone(), t.clone());
    play_names(&game, &mut capped.0, "Capstone@e1");
    capped.1.play_name("Capstone@e1");
    assert_eq!(capped.1.result, Some(Status::Won(0)));
    assert_eq!(capped.0.node(), NodeType::Terminal);
    assert_eq!(
        capped.0.status(),
        Status::Won(0),
        "{}",
        game.render(&capped.0)
    );
    // A wall does not finish it.
    let mut walled = (s, t);
    play_names(&game, &mut walled.0, "Wall@e1");
    walled.1.play_name("Wall@e1");
    assert_eq!(walled.1.result, None);
    agree(&game, &walled.0, &walled.1, "after Wall@e1");
}

#[test]
fn a_full_board_is_counted_by_flats() {
    let (game, s, t) = both_after(3, FULL_BUT_C3);
    for (last, result) in [("Flat@c3", Status::Won(0)), ("Wall@c3", Status::Drawn)] {
        let (mut s, mut t) = (s.clone(), t.clone());
        play_names(&game, &mut s, last);
        t.play_name(last);
        assert_eq!(t.result, Some(result), "{last}");
        assert_eq!(s.node(), NodeType::Terminal, "{last}\n{}", game.render(&s));
        assert_eq!(s.status(), result, "{last}\n{}", game.render(&s));
    }
}

#[test]
fn a_move_making_both_roads_wins_for_the_mover() {
    let (game, s, t) = both_after(5, TWO_ROADS_OPEN);
    // Two carried down from c3, one on c2 and one on c1: row 1 is P1's road and c3 uncovered
    // makes row 3 P2's; both dropped on c2 make only P2's, on P1's move.
    for (carry, result) in [("c3-c1:11", Status::Won(0)), ("c3-c2:2", Status::Won(1))] {
        let (mut s, mut t) = (s.clone(), t.clone());
        play_names(&game, &mut s, carry);
        t.play_name(carry);
        assert_eq!(t.result, Some(result), "{carry}");
        agree(&game, &s, &t, carry);
        assert_eq!(s.node(), NodeType::Terminal, "{carry}");
    }
}
