//! An independent model of Ludo, straight from the rules (issue 15's reading), not through the
//! language: each player's tokens counted on each square of their own 56-square track, in the
//! yard and home; one six-sided die; captures back to the yard, blocks, safe start squares, the
//! 6's extra throw and, as an option, the third six that ends the turn; as a variant, start
//! squares that are no refuge.

use super::tree::Tree;
use std::sync::OnceLock;

/// The board's side: a 15x15 grid, site = row * 15 + col.
pub const SIDE: usize = 15;
/// Home, off the board: the square after the 56 of a track.
pub const HOME: usize = 57;
/// The square before P1's start, where the loop of 52 closes (g1): on no square of P1's track.
pub const BEFORE_START: (usize, usize) = (0, 6);

/// P1's track as (row, col), squares 1 to 56 at indices 0 to 55, segment by segment as the
/// rules list them.
pub fn p1_track() -> Vec<(usize, usize)> {
    let mut t = Vec::with_capacity(56);
    t.extend((1..=5).map(|r| (r, 6))); // 1-5: g2..g6
    t.push((6, 5)); // 6: f7
    t.extend((0..=4).rev().map(|c| (6, c))); // 7-11: e7..a7
    t.extend([(7, 0), (8, 0)]); // 12-13: a8, a9
    t.extend((1..=5).map(|c| (8, c))); // 14-18: b9..f9
    t.push((9, 6)); // 19: g10
    t.extend((10..=14).map(|r| (r, 6))); // 20-24: g11..g15
    t.extend([(14, 7), (14, 8)]); // 25-26: h15, i15
    t.extend((9..=13).rev().map(|r| (r, 8))); // 27-31: i14..i10
    t.push((8, 9)); // 32: j9
    t.extend((10..=14).map(|c| (8, c))); // 33-37: k9..o9
    t.extend([(7, 14), (6, 14)]); // 38-39: o8, o7
    t.extend((9..=13).rev().map(|c| (6, c))); // 40-44: n7..j7
    t.push((5, 8)); // 45: i6
    t.extend((0..=4).rev().map(|r| (r, 8))); // 46-50: i5..i1
    t.push((0, 7)); // 51: h1
    t.extend((1..=5).map(|r| (r, 7))); // 52-56: h2..h6, the home column
    t
}

/// A square of P1's board turned to a seat's side: 0 bottom, 1 left, 2 top, 3 right.
pub fn turn(seat: usize, (r, c): (usize, usize)) -> (usize, usize) {
    match seat {
        0 => (r, c),
        1 => (14 - c, r),
        2 => (14 - r, 14 - c),
        _ => (c, 14 - r),
    }
}

/// The site of a (row, col).
pub fn site((r, c): (usize, usize)) -> usize {
    r * SIDE + c
}

/// A site's name in ludus's notation: column letter, then row from 1.
pub fn name(site: usize) -> String {
    format!(
        "{}{}",
        (b'a' + (site % SIDE) as u8) as char,
        site / SIDE + 1
    )
}

/// Each seat's track as sites (index = square, 1 to 56; index 0 unused) and its inverse.
pub struct Tracks {
    /// The site of each seat's square.
    pub site: [[usize; HOME]; 4],
    /// The square of each seat's track on a site, 0 if its track does not pass there.
    pub square: [[usize; SIDE * SIDE]; 4],
}

/// The four seats' tracks, P1's turned by the formulas of the rules.
pub fn tracks() -> &'static Tracks {
    static TRACKS: OnceLock<Tracks> = OnceLock::new();
    TRACKS.get_or_init(|| {
        let mut t = Tracks {
            site: [[usize::MAX; HOME]; 4],
            square: [[0; SIDE * SIDE]; 4],
        };
        for seat in 0..4 {
            for (i, &rc) in p1_track().iter().enumerate() {
                let s = site(turn(seat, rc));
                t.site[seat][i + 1] = s;
                t.square[seat][s] = i + 1;
            }
        }
        t
    })
}

/// The four start squares (every seat's square 1), safe whatever the number of players.
pub fn starts() -> [usize; 4] {
    let t = tracks();
    [t.site[0][1], t.site[1][1], t.site[2][1], t.site[3][1]]
}

/// A move: a throw, a pass, an entry from the yard, the tokens on a track square moved on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LudoMove {
    /// The die thrown.
    Throw(usize),
    /// No legal move.
    Pass,
    /// A token from the yard onto the start square.
    Enter,
    /// A token on this square of the mover's track moves on by the throw.
    Move(usize),
}

/// What ending a move on a square of the mover's track meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// An empty square.
    Free,
    /// The mover's own tokens: they stack.
    Stack,
    /// One opposing token, on square `.1` of its owner `.0`'s track: captured.
    Capture(usize, usize),
    /// An opposing token on a start square: not allowed.
    Safe,
    /// Two or more tokens of an opponent: not allowed.
    Block,
}

/// Events counted over a game, so that tests can tell they happened.
#[derive(Debug, Clone, Copy, Default)]
pub struct Seen {
    /// Tokens captured.
    pub captures: u32,
    /// Of which on a start square (the open-starts variant only).
    pub start_captures: u32,
    /// Moves onto the mover's own tokens.
    pub stacks: u32,
    /// Entries from the yard.
    pub entries: u32,
    /// Tokens that reached home.
    pub homes: u32,
    /// Third sixes that ended a turn.
    pub thirds: u32,
}

impl Seen {
    /// Adds another game's events.
    pub fn add(&mut self, other: &Seen) {
        self.captures += other.captures;
        self.start_captures += other.start_captures;
        self.stacks += other.stacks;
        self.entries += other.entries;
        self.homes += other.homes;
        self.thirds += other.thirds;
    }
}

/// A Ludo position.
#[derive(Debug, Clone)]
pub struct Ludo {
    /// Players: 2, 3 or 4.
    pub players: usize,
    /// Whether a third six in a row ends the turn.
    pub three_sixes: bool,
    /// Whether the four start squares are safe (the rules); off for the open-starts variant.
    pub safe_starts: bool,
    /// Each player's tokens on each square of their track (index 1 to 56; 0 unused).
    pub on: [[u8; HOME]; 4],
    /// Tokens in each player's yard.
    pub yard: [u8; 4],
    /// Tokens each player has home.
    pub home: [u8; 4],
    /// The player to move (0 = P1).
    pub mover: usize,
    /// The throw to play, once thrown.
    pub throw: Option<usize>,
    /// Decisions (moves or passes) the mover has played this turn.
    pub decisions: usize,
    /// The winner, once there is one.
    pub winner: Option<usize>,
    /// Events so far.
    pub seen: Seen,
}

impl Ludo {
    /// The start: four tokens in every yard, P1 to throw.
    pub fn new(players: usize, three_sixes: bool) -> Ludo {
        assert!((2..=4).contains(&players));
        let mut yard = [0; 4];
        yard[..players].fill(4);
        Ludo {
            players,
            three_sixes,
            safe_starts: true,
            on: [[0; HOME]; 4],
            yard,
            home: [0; 4],
            mover: 0,
            throw: None,
            decisions: 0,
            winner: None,
            seen: Seen::default(),
        }
    }

    /// The same start in the open-starts variant: a start square is no refuge, a lone token
    /// there is captured like anywhere else.
    pub fn open_starts(mut self) -> Ludo {
        self.safe_starts = false;
        self
    }

    /// A player's seat: clockwise from the bottom; with two players, bottom and top.
    pub fn seat(&self, player: usize) -> usize {
        if self.players == 2 {
            2 * player
        } else {
            player
        }
    }

    /// The site of a player's track square (1 to 56).
    pub fn site(&self, player: usize, sq: usize) -> usize {
        tracks().site[self.seat(player)][sq]
    }

    /// The player and count of tokens on a site, if any.
    pub fn occupant(&self, site: usize) -> Option<(usize, usize, u8)> {
        (0..self.players).find_map(|q| {
            let sq = tracks().square[self.seat(q)][site];
            (sq > 0 && self.on[q][sq] > 0).then(|| (q, sq, self.on[q][sq]))
        })
    }

    /// What a move of the mover ending on their track square `sq` (1 to 56) meets.
    pub fn landing(&self, sq: usize) -> Landing {
        let site = self.site(self.mover, sq);
        match self.occupant(site) {
            None => Landing::Free,
            Some((q, _, _)) if q == self.mover => Landing::Stack,
            Some(_) if self.safe_starts && starts().contains(&site) => Landing::Safe,
            Some((q, qsq, 1)) => Landing::Capture(q, qsq),
            Some(_) => Landing::Block,
        }
    }

    /// Whether a move may end on the mover's track square `sq`.
    fn open(&self, sq: usize) -> bool {
        matches!(
            self.landing(sq),
            Landing::Free | Landing::Stack | Landing::Capture(..)
        )
    }

    /// The mover's moves at a decision refused by a safe start square and by a block: (safe, block).
    pub fn refused(&self) -> (u32, u32) {
        let Some(k) = self.throw else { return (0, 0) };
        let p = self.mover;
        let mut targets = vec![];
        if k == 6 && self.yard[p] > 0 {
            targets.push(1);
        }
        targets.extend(
            (1..HOME)
                .filter(|&q| self.on[p][q] > 0 && q + k < HOME)
                .map(|q| q + k),
        );
        let count = |l: Landing| targets.iter().filter(|&&t| self.landing(t) == l).count() as u32;
        (count(Landing::Safe), count(Landing::Block))
    }

    /// A move in ludus's notation.
    pub fn notation(&self, m: LudoMove) -> String {
        let p = self.mover;
        let k = self.throw.unwrap_or(0);
        let x = |sq: usize| matches!(self.landing(sq), Landing::Capture(..));
        match m {
            LudoMove::Throw(v) => format!("throw {v}"),
            LudoMove::Pass => "pass".into(),
            LudoMove::Enter => {
                let x = if x(1) { "x" } else { "" };
                format!("enter {x}{}", name(self.site(p, 1)))
            }
            LudoMove::Move(q) if q + k == HOME => format!("{}-off", name(self.site(p, q))),
            LudoMove::Move(q) => {
                let sep = if x(q + k) { 'x' } else { '-' };
                format!(
                    "{}{sep}{}",
                    name(self.site(p, q)),
                    name(self.site(p, q + k))
                )
            }
        }
    }

    /// Ends the turn: the next player throws.
    fn pass_turn(&mut self) {
        self.mover = (self.mover + 1) % self.players;
        self.decisions = 0;
    }

    /// Puts a token of the mover on their track square `sq`, capturing a lone opposing token.
    fn land(&mut self, sq: usize) {
        match self.landing(sq) {
            Landing::Capture(q, qsq) => {
                self.on[q][qsq] -= 1;
                self.yard[q] += 1;
                self.seen.captures += 1;
                let site = self.site(self.mover, sq);
                self.seen.start_captures += starts().contains(&site) as u32;
            }
            Landing::Stack => self.seen.stacks += 1,
            Landing::Free => {}
            refused => panic!("a move onto {refused:?}"),
        }
        self.on[self.mover][sq] += 1;
    }
}

impl Tree for Ludo {
    type Move = LudoMove;

    fn moves(&self) -> Vec<LudoMove> {
        if self.winner.is_some() {
            return vec![];
        }
        let Some(k) = self.throw else {
            return (1..=6).map(LudoMove::Throw).collect();
        };
        let p = self.mover;
        let mut out = vec![];
        if k == 6 && self.yard[p] > 0 && self.open(1) {
            out.push(LudoMove::Enter);
        }
        // Ludus lists moves by their origin's site, after the entry.
        let mut from: Vec<usize> = (1..HOME).filter(|&q| self.on[p][q] > 0).collect();
        from.sort_by_key(|&q| self.site(p, q));
        for q in from {
            if q + k == HOME || q + k < HOME && self.open(q + k) {
                out.push(LudoMove::Move(q));
            }
        }
        if out.is_empty() {
            out.push(LudoMove::Pass);
        }
        out
    }

    fn play(&mut self, m: LudoMove) {
        let p = self.mover;
        let k = match m {
            LudoMove::Throw(v) => {
                if v == 6 && self.three_sixes && self.decisions == 2 {
                    // The third six in a row is not played.
                    self.seen.thirds += 1;
                    self.pass_turn();
                } else {
                    self.throw = Some(v);
                }
                return;
            }
            _ => self.throw.take().expect("a throw to play"),
        };
        match m {
            LudoMove::Pass | LudoMove::Throw(_) => {}
            LudoMove::Enter => {
                self.yard[p] -= 1;
                self.seen.entries += 1;
                self.land(1);
            }
            LudoMove::Move(q) => {
                self.on[p][q] -= 1;
                if q + k == HOME {
                    self.home[p] += 1;
                    self.seen.homes += 1;
                } else {
                    self.land(q + k);
                }
            }
        }
        if self.home[p] == 4 {
            self.winner = Some(p);
        } else if k == 6 {
            self.decisions += 1;
        } else {
            self.pass_turn();
        }
    }
}
