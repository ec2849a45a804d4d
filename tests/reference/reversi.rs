//! An independent reference for Reversi, written straight from the rules (not through the
//! language): an n x n board, rows from the bottom, site = row * n + column (ludus's numbering).
//! A move places a disc of the mover that flanks at least one line of opposing discs in the 8
//! directions, and flips every flanked line. A player with no placement passes (a move); the game
//! ends when, after a pass, the player to move cannot place either; more discs wins.

/// A position: cells (0 empty, 1 P1, 2 P2), the player to move (0 or 1), and whether the last
/// move was a pass.
use super::tree::Tree;

#[derive(Clone, Debug, PartialEq)]
pub struct Reversi {
    pub n: usize,
    pub cells: Vec<u8>,
    pub mover: u8,
    pub passed: bool,
}

/// A move: a site, or `None` for a pass.
pub type RMove = Option<usize>;

const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl Reversi {
    /// A start with P1's discs on `p1` and P2's on `p2`, P1 to move.
    pub fn new(n: usize, p1: &[usize], p2: &[usize]) -> Reversi {
        let mut cells = vec![0; n * n];
        for &s in p1 {
            cells[s] = 1;
        }
        for &s in p2 {
            cells[s] = 2;
        }
        Reversi {
            n,
            cells,
            mover: 0,
            passed: false,
        }
    }

    /// The sites flipped by placing at `s` for `p` (0 or 1).
    pub fn flips(&self, s: usize, p: u8) -> Vec<usize> {
        let n = self.n as i32;
        let (me, them) = (p + 1, 2 - p);
        let mut out = Vec::new();
        if self.cells[s] != 0 {
            return out;
        }
        let (r0, c0) = (s as i32 / n, s as i32 % n);
        for (dr, dc) in DIRS {
            let mut run = Vec::new();
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            while (0..n).contains(&r) && (0..n).contains(&c) {
                let x = self.cells[(r * n + c) as usize];
                if x == them {
                    run.push((r * n + c) as usize);
                } else {
                    if x == me {
                        out.extend(&run);
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        out
    }

    /// The player's placements, ascending.
    pub fn placements(&self, p: u8) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&s| !self.flips(s, p).is_empty())
            .collect()
    }

    /// The standard start on an n x n board: the centre four, P2 on the diagonal through the
    /// lower-left corner, P1 on the other two.
    pub fn standard(n: usize) -> Reversi {
        let k = n / 2 - 1;
        let s = |r: usize, c: usize| r * n + c;
        Reversi::new(n, &[s(k, k + 1), s(k + 1, k)], &[s(k, k), s(k + 1, k + 1)])
    }

    /// Whether the game is over: the other player passed, and the mover cannot place either.
    pub fn over(&self) -> bool {
        self.passed && self.placements(self.mover).is_empty()
    }

    /// The legal moves: the placements, or a pass when there is none; none when the game is over.
    fn legal(&self) -> Vec<RMove> {
        if self.over() {
            return Vec::new();
        }
        let p = self.placements(self.mover);
        if p.is_empty() {
            vec![None]
        } else {
            p.into_iter().map(Some).collect()
        }
    }

    /// Plays a move.
    fn make(&mut self, m: RMove) {
        self.passed = m.is_none();
        if let Some(s) = m {
            for f in self.flips(s, self.mover) {
                self.cells[f] = self.mover + 1;
            }
            self.cells[s] = self.mover + 1;
        }
        self.mover = 1 - self.mover;
    }

    /// The winner when over: `Some(p)` or `None` for a draw.
    pub fn winner(&self) -> Option<u8> {
        let a = self.cells.iter().filter(|&&x| x == 1).count();
        let b = self.cells.iter().filter(|&&x| x == 2).count();
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl Tree for Reversi {
    type Move = RMove;

    fn moves(&self) -> Vec<RMove> {
        self.legal()
    }

    fn play(&mut self, m: RMove) {
        self.make(m)
    }
}
