//! An independent reference for Connect Four, written straight from the rules (not through the
//! language): `columns` x `rows`, rows from the bottom, site = row * columns + column (ludus's
//! numbering). A move drops a disc into a column that is not full, onto its lowest empty cell;
//! `connect` of one's discs in a row across, up or along a diagonal wins; a full grid is a draw.

/// A position: cells (0 empty, 1 P1, 2 P2), the player to move, and the winner once there is one.
use super::tree::Tree;

#[derive(Clone, Debug)]
pub struct ConnectFour {
    pub columns: usize,
    pub rows: usize,
    pub connect: usize,
    pub cells: Vec<u8>,
    pub mover: u8,
    pub winner: Option<u8>,
}

impl ConnectFour {
    /// The empty grid, P1 to move.
    pub fn new(columns: usize, rows: usize, connect: usize) -> ConnectFour {
        ConnectFour {
            columns,
            rows,
            connect,
            cells: vec![0; columns * rows],
            mover: 0,
            winner: None,
        }
    }

    /// The lowest empty cell of each column that has one, as sites, ascending.
    fn legal(&self) -> Vec<usize> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let mut out: Vec<usize> = (0..self.columns)
            .filter_map(|c| {
                (0..self.rows)
                    .map(|r| r * self.columns + c)
                    .find(|&s| self.cells[s] == 0)
            })
            .collect();
        out.sort();
        out
    }

    /// Drops the mover's disc on `site`.
    fn make(&mut self, site: usize) {
        let me = self.mover + 1;
        self.cells[site] = me;
        let (r0, c0) = ((site / self.columns) as i32, (site % self.columns) as i32);
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            let mut n = 1;
            for sign in [1, -1] {
                let (mut r, mut c) = (r0 + sign * dr, c0 + sign * dc);
                while (0..self.rows as i32).contains(&r)
                    && (0..self.columns as i32).contains(&c)
                    && self.cells[r as usize * self.columns + c as usize] == me
                {
                    n += 1;
                    r += sign * dr;
                    c += sign * dc;
                }
            }
            if n >= self.connect {
                self.winner = Some(self.mover);
            }
        }
        self.mover = 1 - self.mover;
    }
}

impl Tree for ConnectFour {
    type Move = usize;

    fn moves(&self) -> Vec<usize> {
        self.legal()
    }

    fn play(&mut self, m: usize) {
        self.make(m)
    }
}
