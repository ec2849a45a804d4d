//! An independent reference for English draughts, written straight from the rules (not through
//! the language): an 8x8 board, rows from the bottom, square = row * 8 + column, a1 dark. Black
//! (P1) holds the dark squares of rows 1 to 3 and moves first, White (P2) those of rows 6 to 8.
//! A man steps diagonally forward to an empty square, a king diagonally any way. A piece jumps
//! an adjacent opposing piece to the empty square beyond and must jump on from its landing
//! while it can (a man forward only, unless the men-jump-back flag is set); the jumped pieces
//! leave when the chain ends, none is jumped twice, and the piece's origin counts as empty.
//! If any piece can jump, only whole chains are legal. A man whose move ends on the far row is
//! crowned. A player with no move loses; after `limit` moves in a row with no jump and no man's
//! step, the game is drawn.

use super::tree::Tree;

/// Whose piece stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Empty,
    Man(u8),
    King(u8),
}

/// A position.
#[derive(Clone, Debug, PartialEq)]
pub struct Draughts {
    pub cells: [Piece; 64],
    /// The player to move, 0 (Black) or 1 (White).
    pub mover: u8,
    /// Moves since the last jump or man's step.
    pub quiet: u32,
    /// Quiet moves that draw.
    pub limit: u32,
    /// Whether men jump backwards too (the variant).
    pub men_jump_back: bool,
    /// The result once over: `Some(Some(p))` a win for p, `Some(None)` a draw.
    pub result: Option<Option<u8>>,
}

/// A move: the origin, then every landing.
pub type DMove = Vec<usize>;

/// The squares diagonally beside a square, toward the top first.
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Draughts {
    /// The standard start.
    pub fn start(limit: u32, men_jump_back: bool) -> Draughts {
        let mut cells = [Piece::Empty; 64];
        for (s, cell) in cells.iter_mut().enumerate() {
            let (r, c) = (s / 8, s % 8);
            if (r + c) % 2 == 0 {
                if r < 3 {
                    *cell = Piece::Man(0);
                } else if r > 4 {
                    *cell = Piece::Man(1);
                }
            }
        }
        Draughts {
            cells,
            mover: 0,
            quiet: 0,
            limit,
            men_jump_back,
            result: None,
        }
    }

    /// The square one diagonal step from `s`, if on the board.
    fn beside(s: usize, (dr, dc): (i32, i32)) -> Option<usize> {
        let (r, c) = ((s / 8) as i32 + dr, (s % 8) as i32 + dc);
        ((0..8).contains(&r) && (0..8).contains(&c)).then_some((r * 8 + c) as usize)
    }

    fn owner(p: Piece) -> Option<u8> {
        match p {
            Piece::Man(o) | Piece::King(o) => Some(o),
            Piece::Empty => None,
        }
    }

    /// The diagonals a piece of `p` steps (`jumping` false) or jumps along.
    fn ways(&self, piece: Piece, jumping: bool) -> Vec<(i32, i32)> {
        match piece {
            Piece::King(_) => DIAGONALS.to_vec(),
            Piece::Man(_) if jumping && self.men_jump_back => DIAGONALS.to_vec(),
            Piece::Man(o) => {
                let up = if o == 0 { 1 } else { -1 };
                DIAGONALS.iter().copied().filter(|d| d.0 == up).collect()
            }
            Piece::Empty => Vec::new(),
        }
    }

    /// Every whole chain of jumps from `path`'s last square, the jumped squares in `taken`.
    fn chains(&self, piece: Piece, path: &mut DMove, taken: &mut Vec<usize>, out: &mut Vec<DMove>) {
        let at = *path.last().unwrap();
        let origin = path[0];
        let mut went_on = false;
        for d in self.ways(piece, true) {
            let Some(over) = Draughts::beside(at, d) else {
                continue;
            };
            let Some(land) = Draughts::beside(over, d) else {
                continue;
            };
            let enemy = Draughts::owner(self.cells[over]).is_some_and(|o| o != self.mover);
            let empty = self.cells[land] == Piece::Empty || land == origin;
            if enemy && !taken.contains(&over) && empty {
                went_on = true;
                taken.push(over);
                path.push(land);
                self.chains(piece, path, taken, out);
                path.pop();
                taken.pop();
            }
        }
        if !went_on && path.len() > 1 {
            out.push(path.clone());
        }
    }

    /// The legal moves; none when the game is over.
    pub fn legal(&self) -> Vec<DMove> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mine: Vec<usize> = (0..64)
            .filter(|&s| Draughts::owner(self.cells[s]) == Some(self.mover))
            .collect();
        let mut jumps = Vec::new();
        for &s in &mine {
            self.chains(self.cells[s], &mut vec![s], &mut Vec::new(), &mut jumps);
        }
        if !jumps.is_empty() {
            return jumps;
        }
        let mut steps = Vec::new();
        for &s in &mine {
            for d in self.ways(self.cells[s], false) {
                if let Some(t) = Draughts::beside(s, d).filter(|&t| self.cells[t] == Piece::Empty) {
                    steps.push(vec![s, t]);
                }
            }
        }
        steps
    }

    /// Plays a legal move, then settles the result.
    pub fn make(&mut self, m: &[usize]) {
        let (from, to) = (m[0], m[m.len() - 1]);
        let piece = self.cells[from];
        let jumped = m.len() > 2 || (m[1] as i32 - from as i32).abs() > 9;
        if jumped {
            for pair in m.windows(2) {
                self.cells[(pair[0] + pair[1]) / 2] = Piece::Empty;
            }
        }
        self.cells[from] = Piece::Empty;
        let far = if self.mover == 0 { 7 } else { 0 };
        self.cells[to] = match piece {
            Piece::Man(o) if to / 8 == far => Piece::King(o),
            p => p,
        };
        let progress = jumped || matches!(piece, Piece::Man(_));
        self.quiet = if progress { 0 } else { self.quiet + 1 };
        let mover = self.mover;
        self.mover = 1 - mover;
        if self.legal().is_empty() {
            self.result = Some(Some(mover));
        } else if self.quiet >= self.limit {
            self.result = Some(None);
        }
    }

    /// A move in ludus's notation: `c3-d4` for a step, `c3xe5xc7` for a chain.
    pub fn notation(m: &[usize]) -> String {
        let name = |s: usize| format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1);
        let step = m.len() == 2 && (m[1] as i32 - m[0] as i32).abs() <= 9;
        let sep = if step { "-" } else { "x" };
        m.iter().map(|&s| name(s)).collect::<Vec<_>>().join(sep)
    }

    /// The legal moves in notation, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut out: Vec<String> = self.legal().iter().map(|m| Draughts::notation(m)).collect();
        out.sort();
        out
    }
}

impl Tree for Draughts {
    type Move = usize;

    /// Moves by their index among the legal moves.
    fn moves(&self) -> Vec<usize> {
        (0..self.legal().len()).collect()
    }

    fn play(&mut self, i: usize) {
        let m = self.legal()[i].clone();
        self.make(&m)
    }
}
