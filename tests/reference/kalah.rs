//! An independent Kalah model, written straight from the rules of docs/RULES.md (section
//! "Kalah"), not through the language: pits numbered as ludus numbers sites (row 0, P1's, then
//! row 1, each left to right), the stores apart.

use super::tree::Tree;

/// A place of the sowing cycle.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Pit(usize),
    Store(usize),
}

/// A Kalah position.
#[derive(Clone)]
pub struct Kalah {
    /// Pits in each row.
    pub pits: usize,
    /// Seeds in each pit: P1's row, then P2's, each left to right.
    pub seeds: Vec<u32>,
    /// The stores, P1's first.
    pub stores: [u32; 2],
    /// The player to move (0 = P1).
    pub mover: usize,
    /// The game ends when either row is empty (`end=either`), not only the mover's.
    pub either: bool,
    /// Whether the game is over.
    pub over: bool,
}

impl Kalah {
    /// The start: `seeds` in each of `pits` pits a row, empty stores, P1 to move.
    pub fn new(pits: usize, seeds: u32, either: bool) -> Kalah {
        Kalah {
            pits,
            seeds: vec![seeds; 2 * pits],
            stores: [0, 0],
            mover: 0,
            either,
            over: false,
        }
    }

    fn row(&self, p: usize) -> std::ops::Range<usize> {
        p * self.pits..(p + 1) * self.pits
    }

    /// The cycle of a player's sowing, anticlockwise from P1's left pit: P1's row left to
    /// right, P1's store, P2's row right to left, P2's store; the opponent's store left out.
    fn cycle(&self, p: usize) -> Vec<Slot> {
        let mut c: Vec<Slot> = (0..self.pits).map(Slot::Pit).collect();
        if p == 0 {
            c.push(Slot::Store(0));
        }
        c.extend((self.pits..2 * self.pits).rev().map(Slot::Pit));
        if p == 1 {
            c.push(Slot::Store(1));
        }
        c
    }

    fn row_empty(&self, p: usize) -> bool {
        self.row(p).all(|i| self.seeds[i] == 0)
    }

    /// Returns from P1's and P2's side: 1 for a win, -1 for a loss, 0 for a draw or a game on.
    pub fn returns(&self) -> [f64; 2] {
        if !self.over {
            return [0.0, 0.0];
        }
        let d = (self.stores[0] as i64 - self.stores[1] as i64).signum() as f64;
        [d, -d]
    }
}

impl Tree for Kalah {
    type Move = usize;

    fn moves(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        self.row(self.mover)
            .filter(|&i| self.seeds[i] > 0)
            .collect()
    }

    fn play(&mut self, from: usize) {
        let p = self.mover;
        let cycle = self.cycle(p);
        let mut at = cycle.iter().position(|&s| s == Slot::Pit(from)).unwrap();
        let mut hand = std::mem::take(&mut self.seeds[from]);
        while hand > 0 {
            at = (at + 1) % cycle.len();
            match cycle[at] {
                Slot::Pit(i) => self.seeds[i] += 1,
                Slot::Store(q) => self.stores[q] += 1,
            }
            hand -= 1;
        }
        match cycle[at] {
            // The last seed in one's own store: the same player moves again.
            Slot::Store(_) => {}
            Slot::Pit(i) => {
                // Holding 1 now, it was empty just before the last seed fell (the origin was
                // emptied when the seeds were taken).
                let facing = (i + self.pits) % (2 * self.pits);
                if self.row(p).contains(&i) && self.seeds[i] == 1 && self.seeds[facing] > 0 {
                    self.stores[p] += 1 + self.seeds[facing];
                    self.seeds[i] = 0;
                    self.seeds[facing] = 0;
                }
                self.mover = 1 - p;
            }
        }
        let ends = if self.either {
            self.row_empty(0) || self.row_empty(1)
        } else {
            self.row_empty(self.mover)
        };
        if ends {
            for q in 0..2 {
                let left: u32 = self
                    .row(q)
                    .map(|i| std::mem::take(&mut self.seeds[i]))
                    .sum();
                self.stores[q] += left;
            }
            self.over = true;
        }
    }
}
