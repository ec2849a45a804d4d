//! An independent reference model of Nine Men's Morris, written straight from the rules
//! (docs/RULES.md, "Nine Men's Morris"), not through the ludeme language: its own table of the
//! 24 points, of the lines joining them and of the mills. It serves as the reference that
//! `games/morris.game` is compared with, by perft and by lock-step random games.

#![allow(dead_code)]

use super::tree::Tree;

/// The points, numbered as ludus numbers a board's sites: row by row from the bottom left.
pub const POINTS: [&str; 24] = [
    "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5",
    "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
];

/// The 32 segments of the board: each joins two adjacent points.
const SEGMENTS: [(&str, &str); 32] = [
    // The outer square.
    ("a1", "d1"),
    ("d1", "g1"),
    ("g1", "g4"),
    ("g4", "g7"),
    ("g7", "d7"),
    ("d7", "a7"),
    ("a7", "a4"),
    ("a4", "a1"),
    // The middle square.
    ("b2", "d2"),
    ("d2", "f2"),
    ("f2", "f4"),
    ("f4", "f6"),
    ("f6", "d6"),
    ("d6", "b6"),
    ("b6", "b4"),
    ("b4", "b2"),
    // The inner square.
    ("c3", "d3"),
    ("d3", "e3"),
    ("e3", "e4"),
    ("e4", "e5"),
    ("e5", "d5"),
    ("d5", "c5"),
    ("c5", "c4"),
    ("c4", "c3"),
    // The four cross lines, from the outer square inwards.
    ("d1", "d2"),
    ("d2", "d3"),
    ("g4", "f4"),
    ("f4", "e4"),
    ("d7", "d6"),
    ("d6", "d5"),
    ("a4", "b4"),
    ("b4", "c4"),
];

/// The 16 mills: three points in a row along a line.
const MILLS: [[&str; 3]; 16] = [
    ["a1", "d1", "g1"],
    ["g1", "g4", "g7"],
    ["a7", "d7", "g7"],
    ["a1", "a4", "a7"],
    ["b2", "d2", "f2"],
    ["f2", "f4", "f6"],
    ["b6", "d6", "f6"],
    ["b2", "b4", "b6"],
    ["c3", "d3", "e3"],
    ["e3", "e4", "e5"],
    ["c5", "d5", "e5"],
    ["c3", "c4", "c5"],
    ["d1", "d2", "d3"],
    ["e4", "f4", "g4"],
    ["d5", "d6", "d7"],
    ["a4", "b4", "c4"],
];

fn point(name: &str) -> usize {
    POINTS
        .iter()
        .position(|p| *p == name)
        .expect("a point of the board")
}

/// A move: a placement (no origin) or a move from a point, to a point, taking a piece or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// Where the piece comes from, `None` for a placement from the hand.
    pub from: Option<usize>,
    /// Where it goes.
    pub to: usize,
    /// The opposing piece the move takes.
    pub take: Option<usize>,
}

impl Move {
    /// The move in ludus's notation: `place d1`, `a4-a1`, with `xg7` for a piece taken.
    pub fn notation(&self) -> String {
        let base = match self.from {
            None => format!("place {}", POINTS[self.to]),
            Some(f) => format!("{}-{}", POINTS[f], POINTS[self.to]),
        };
        match self.take {
            Some(t) => format!("{base}x{}", POINTS[t]),
            None => base,
        }
    }
}

/// A position of Nine Men's Morris and the game so far.
#[derive(Debug, Clone)]
pub struct Morris {
    /// Each point: 0 empty, 1 a piece of P1, 2 of P2.
    pub cells: [u8; 24],
    /// Pieces still in each player's hand.
    pub hand: [u8; 2],
    /// The player to move (0 or 1).
    pub mover: usize,
    /// Moves made so far.
    pub played: u32,
    /// Every position so far (the points and the player to move).
    history: Vec<([u8; 24], usize)>,
    /// The result once the game is over: the winner, or `None` for a draw.
    pub result: Option<Option<usize>>,
    /// Whether a player with three pieces flies.
    pub flying: bool,
    /// Moves after which the game is drawn.
    pub limit: u32,
    /// Each point's neighbours along the segments (`NONE` after the last).
    neighbours: [[usize; 4]; 24],
    mills: [[usize; 3]; 16],
}

/// No neighbour.
const NONE: usize = usize::MAX;

impl Morris {
    /// The start: an empty board, nine pieces in each hand.
    pub fn new(flying: bool, limit: u32) -> Morris {
        let mut neighbours = [[NONE; 4]; 24];
        for (a, b) in SEGMENTS {
            for (x, y) in [(point(a), point(b)), (point(b), point(a))] {
                let free = neighbours[x]
                    .iter()
                    .position(|&n| n == NONE)
                    .expect("at most four");
                neighbours[x][free] = y;
            }
        }
        let cells = [0; 24];
        Morris {
            cells,
            hand: [9, 9],
            mover: 0,
            played: 0,
            history: vec![(cells, 0)],
            result: None,
            flying,
            limit,
            neighbours,
            mills: MILLS.map(|m| m.map(point)),
        }
    }

    /// Whether the piece on `p` is in a mill of its owner on `cells`.
    fn in_mill(&self, cells: &[u8; 24], p: usize) -> bool {
        let owner = cells[p];
        owner != 0
            && self
                .mills
                .iter()
                .any(|m| m.contains(&p) && m.iter().all(|&q| cells[q] == owner))
    }

    fn pieces(&self, player: usize) -> usize {
        self.cells
            .iter()
            .filter(|&&c| c as usize == player + 1)
            .count()
    }

    /// The mover's legal moves, whether or not the game is over.
    fn legal(&self) -> Vec<Move> {
        let me = self.mover as u8 + 1;
        let empty: Vec<usize> = (0..24).filter(|&p| self.cells[p] == 0).collect();
        let mut plain = Vec::new();
        if self.hand[self.mover] > 0 {
            plain.extend(empty.iter().map(|&to| (None, to)));
        } else {
            let flies = self.flying && self.pieces(self.mover) == 3;
            for from in (0..24).filter(|&p| self.cells[p] == me) {
                let targets: Vec<usize> = if flies {
                    empty.clone()
                } else {
                    self.neighbours[from]
                        .iter()
                        .copied()
                        .filter(|&t| t != NONE && self.cells[t] == 0)
                        .collect()
                };
                plain.extend(targets.into_iter().map(|to| (Some(from), to)));
            }
        }
        let mut out = Vec::new();
        for (from, to) in plain {
            let mut after = self.cells;
            if let Some(f) = from {
                after[f] = 0;
            }
            after[to] = me;
            let theirs: Vec<usize> = (0..24).filter(|&p| after[p] == 3 - me).collect();
            if !self.in_mill(&after, to) || theirs.is_empty() {
                out.push(Move {
                    from,
                    to,
                    take: None,
                });
                continue;
            }
            // Pieces in a mill are safe unless every piece is in one.
            let free: Vec<usize> = theirs
                .iter()
                .copied()
                .filter(|&p| !self.in_mill(&after, p))
                .collect();
            let takeable = if free.is_empty() { theirs } else { free };
            out.extend(takeable.into_iter().map(|t| Move {
                from,
                to,
                take: Some(t),
            }));
        }
        out
    }

    /// The winner, if the game is over (`Some(None)` for a draw).
    pub fn winner(&self) -> Option<Option<usize>> {
        self.result
    }
}

impl Tree for Morris {
    type Move = Move;

    fn moves(&self) -> Vec<Move> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.legal()
    }

    fn play(&mut self, m: Move) {
        let me = self.mover as u8 + 1;
        match m.from {
            Some(f) => self.cells[f] = 0,
            None => self.hand[self.mover] -= 1,
        }
        self.cells[m.to] = me;
        if let Some(t) = m.take {
            self.cells[t] = 0;
        }
        self.played += 1;
        let winner = self.mover;
        self.mover = 1 - self.mover;
        let next = self.mover;
        let key = (self.cells, next);
        let repeated = self.history.contains(&key);
        self.history.push(key);
        // A player with no move, or left with two pieces, loses; then a repetition or the
        // limit draws.
        // A player with pieces in hand can always place one: 18 pieces leave points empty.
        let stuck = self.hand[next] == 0 && self.legal().is_empty();
        if stuck || self.pieces(next) + (self.hand[next] as usize) < 3 {
            self.result = Some(Some(winner));
        } else if repeated || self.played >= self.limit {
            self.result = Some(None);
        }
    }
}
