//! An independent model of the Royal Game of Ur (Finkel's reading, docs/RULES.md), straight from
//! the rules: each player's pieces by track square (1 to 14), in hand and borne off.

use super::tree::Tree;

/// The rosettes, as track squares: the fourth, the shared eighth and the fourteenth.
const ROSETTES: [usize; 3] = [4, 8, 14];
/// The shared middle squares.
const SHARED: std::ops::RangeInclusive<usize> = 5..=12;
/// The shared rosette, where no piece is captured.
const SAFE: usize = 8;
/// The throw's odds in 16: four binary dice.
pub const ODDS: [u32; 5] = [1, 4, 6, 4, 1];

/// A move: a throw, a pass, an entry on a square, a piece moved from a square.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum UrMove {
    /// The dice thrown.
    Throw(usize),
    /// Nothing to do.
    Pass,
    /// A piece from the hand onto the track.
    Enter,
    /// The piece on this square moves on by the throw.
    Move(usize),
}

/// A position.
#[derive(Debug, Clone)]
pub struct Ur {
    /// Each player's pieces by track square (index 1 to 14; 0 unused).
    pub on: [[bool; 15]; 2],
    /// Pieces in hand.
    pub hand: [u8; 2],
    /// Pieces borne off.
    pub off: [u8; 2],
    /// The player to move.
    pub mover: usize,
    /// The throw to play, if thrown.
    pub throw: Option<usize>,
    /// The winner, once there is one.
    pub winner: Option<usize>,
    /// Captures so far (for the tests' coverage).
    pub captures: u32,
}

impl Ur {
    /// The start: seven pieces in each hand, P1 to throw.
    pub fn new() -> Ur {
        Ur {
            on: [[false; 15]; 2],
            hand: [7, 7],
            off: [0, 0],
            mover: 0,
            throw: None,
            winner: None,
            captures: 0,
        }
    }

    /// The square of the board a player's track square is on, as (column, row from the bottom).
    pub fn square(player: usize, sq: usize) -> (usize, usize) {
        let home = if player == 0 { 0 } else { 2 };
        match sq {
            1..=4 => (4 - sq, home),
            5..=12 => (sq - 5, 1),
            _ => (20 - sq, home),
        }
    }

    /// A track square's name in ludus's notation.
    pub fn name(player: usize, sq: usize) -> String {
        let (c, r) = Ur::square(player, sq);
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }

    /// Whether the opponent has a piece on the board square of the mover's track square `sq`.
    fn enemy_at(&self, sq: usize) -> bool {
        SHARED.contains(&sq) && self.on[1 - self.mover][sq]
    }

    /// Whether the mover may end on track square `sq`.
    fn open(&self, sq: usize) -> bool {
        !(self.on[self.mover][sq] || sq == SAFE && self.enemy_at(sq))
    }

    /// A move in ludus's notation.
    pub fn notation(&self, m: UrMove) -> String {
        let p = self.mover;
        let k = self.throw.unwrap_or(0);
        match m {
            UrMove::Throw(v) => format!("throw {v}"),
            UrMove::Pass => "pass".into(),
            UrMove::Enter => {
                let x = if self.enemy_at(k) { "x" } else { "" };
                format!("enter {x}{}", Ur::name(p, k))
            }
            UrMove::Move(q) if q + k == 15 => format!("{}-off", Ur::name(p, q)),
            UrMove::Move(q) => {
                let x = if self.enemy_at(q + k) { 'x' } else { '-' };
                format!("{}{x}{}", Ur::name(p, q), Ur::name(p, q + k))
            }
        }
    }

    /// The probability of a throw.
    pub fn odds(v: usize) -> f64 {
        ODDS[v] as f64 / 16.0
    }
}

impl Tree for Ur {
    type Move = UrMove;

    fn moves(&self) -> Vec<UrMove> {
        if self.winner.is_some() {
            return vec![];
        }
        let Some(k) = self.throw else {
            return (0..5).map(UrMove::Throw).collect();
        };
        let mut out = vec![];
        if k > 0 {
            if self.hand[self.mover] > 0 && self.open(k) {
                out.push(UrMove::Enter);
            }
            for q in 1..=14 {
                if self.on[self.mover][q] && (q + k == 15 || (q + k < 15 && self.open(q + k))) {
                    out.push(UrMove::Move(q));
                }
            }
        }
        if out.is_empty() {
            out.push(UrMove::Pass);
        }
        out
    }

    fn play(&mut self, m: UrMove) {
        let p = self.mover;
        let k = self.throw.take().unwrap_or(0);
        let landed = match m {
            UrMove::Throw(v) => {
                self.throw = Some(v);
                return;
            }
            UrMove::Pass => None,
            UrMove::Enter => {
                self.hand[p] -= 1;
                Some(k)
            }
            UrMove::Move(q) => {
                self.on[p][q] = false;
                if q + k == 15 {
                    self.off[p] += 1;
                    None
                } else {
                    Some(q + k)
                }
            }
        };
        if let Some(t) = landed {
            if self.enemy_at(t) {
                self.on[1 - p][t] = false;
                self.hand[1 - p] += 1;
                self.captures += 1;
            }
            self.on[p][t] = true;
        }
        if self.off[p] == 7 {
            self.winner = Some(p);
        } else if !landed.is_some_and(|t| ROSETTES.contains(&t)) {
            self.mover = 1 - p;
        }
    }
}
