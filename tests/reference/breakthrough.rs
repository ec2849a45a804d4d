//! An independent reference for Breakthrough, written straight from the rules (not through the
//! language): an `n` x `n` board, rows from the bottom, site = row * n + column (ludus's
//! numbering). P1 fills rows 0 and 1 and moves up, P2 fills the top two rows and moves down. A
//! piece moves one square forward, straight or diagonally, to an empty square, or diagonally
//! forward onto an opposing piece, capturing it. Reaching the far row wins; a player with no
//! move loses. Hexapawn is the same with one home row and pawns that step only straight ahead.

use super::tree::Tree;

/// A move: from and to, as sites.
pub type Step = (usize, usize);

/// A position: cells (0 empty, 1 P1, 2 P2), the player to move, and the winner once there is one.
#[derive(Clone, Debug)]
pub struct Breakthrough {
    pub n: usize,
    /// Whether a piece may step diagonally to an empty square (Breakthrough) or not (pawns).
    pub diagonal_steps: bool,
    pub cells: Vec<u8>,
    pub mover: u8,
    pub winner: Option<u8>,
}

impl Breakthrough {
    /// The start on an `n` x `n` board, P1 to move.
    pub fn new(n: usize) -> Breakthrough {
        Breakthrough::with(n, 2, true)
    }

    /// Hexapawn's start: three pawns each on a 3x3 board.
    pub fn hexapawn() -> Breakthrough {
        Breakthrough::with(3, 1, false)
    }

    fn with(n: usize, home_rows: usize, diagonal_steps: bool) -> Breakthrough {
        let mut cells = vec![0; n * n];
        for c in 0..n {
            for r in 0..home_rows {
                cells[r * n + c] = 1;
                cells[(n - 1 - r) * n + c] = 2;
            }
        }
        Breakthrough {
            n,
            diagonal_steps,
            cells,
            mover: 0,
            winner: None,
        }
    }

    /// Each move of the mover, with whether it captures.
    pub fn legal(&self) -> Vec<(Step, bool)> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let (n, me) = (self.n as i32, self.mover + 1);
        let ahead = if self.mover == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            if self.cells[from] != me {
                continue;
            }
            let (r, c) = (from as i32 / n, from as i32 % n);
            for dc in [-1, 0, 1] {
                let (r2, c2) = (r + ahead, c + dc);
                if !(0..n).contains(&r2) || !(0..n).contains(&c2) {
                    continue;
                }
                let to = (r2 * n + c2) as usize;
                match self.cells[to] {
                    0 if dc == 0 || self.diagonal_steps => out.push(((from, to), false)),
                    x if x != 0 && x != me && dc != 0 => out.push(((from, to), true)),
                    _ => {}
                }
            }
        }
        out
    }

    /// Plays a legal move.
    pub fn make(&mut self, (from, to): Step) {
        self.cells[to] = self.cells[from];
        self.cells[from] = 0;
        let far = if self.mover == 0 { self.n - 1 } else { 0 };
        let mover = self.mover;
        self.mover = 1 - self.mover;
        if to / self.n == far || self.legal().is_empty() {
            self.winner = Some(mover);
        }
    }
}

impl Tree for Breakthrough {
    type Move = Step;

    fn moves(&self) -> Vec<Step> {
        self.legal().into_iter().map(|(m, _)| m).collect()
    }

    fn play(&mut self, m: Step) {
        self.make(m)
    }
}
