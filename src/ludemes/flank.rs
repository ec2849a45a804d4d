//! Flanking: runs of opposing pieces closed by one of the mover's pieces, flipped or removed.

use crate::check::registry::{opt, req, Kind::*, Ludeme, Shape::One as O, Shape::OneOrList as OL};
use crate::compile::ir::{Dirs, Game, Site, NO_SITE};
use crate::compile::Compiler;
use crate::engine::{Board, Cell};
use crate::ludemes::Lower;
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "flank", kind: Flank, positional: &[req("directions", OL(Dir), "the directions runs are looked for in from the placed piece: a direction, a group such as All, or a list of them")], named: &[opt("min", O(Int), "the fewest opposing pieces a run holds (1 if absent)"), opt("max", O(Int), "the most opposing pieces a run holds (no bound if absent)"), opt("remove", O(Cond), "whether flanked runs are removed (true) instead of flipped to the mover (false, the default)"), opt("required", O(Cond), "whether a placement must flank at least one run (true) or may flank none (false, the default)")], doc: "In each direction from the placed piece, an unbroken run of opposing pieces closed by one of the mover's pieces is flanked: every flanked run is flipped to the mover or removed.", example: "(flank All required:true)", lower: Lower::Part, refs: &[] },
];

/// The most pieces a run may hold: a board has fewer sites in a line.
const NO_BOUND: u16 = u16::MAX;

/// A flanking rule of a placement: which runs are flanked and what happens to them.
#[derive(Debug, Clone, PartialEq)]
pub struct Flank {
    /// The directions, as each player reads them.
    pub dirs: Dirs,
    /// The fewest opposing pieces in a run.
    pub min: u16,
    /// The most opposing pieces in a run.
    pub max: u16,
    /// Whether flanked runs are removed rather than flipped.
    pub remove: bool,
    /// Whether a placement must flank a run.
    pub required: bool,
}

/// Lowers `(flank ...)`.
pub(crate) fn lower(c: &mut Compiler<'_>, node: &Node) -> Flank {
    let dirs = c.dirs(node.pos(0));
    let mut bound = |key: &str, default: u16| match node.named(key) {
        None => default,
        Some(n) => match n.as_int() {
            Some(v) if (1..=i64::from(u16::MAX - 1)).contains(&v) => v as u16,
            _ => {
                c.error(
                    n,
                    format!("a run's {key} length must be a whole number from 1"),
                    "write a number of pieces such as 1",
                );
                default
            }
        },
    };
    let (min, max) = (bound("min", 1), bound("max", NO_BOUND));
    if min > max {
        c.error(
            node,
            format!("a run of at least {min} and at most {max} pieces cannot be"),
            "make `min` at most `max`",
        );
    }
    let mut flag = |key: &str| match node.named(key).map(|n| (n, &n.kind)) {
        None => false,
        Some((_, NodeKind::Bool(b))) => *b,
        Some((n, _)) => {
            c.error(
                n,
                format!("`{key}` is true or false"),
                "write `true` or `false`",
            );
            false
        }
    };
    let (remove, required) = (flag("remove"), flag("required"));
    Flank {
        dirs,
        min,
        max,
        remove,
        required,
    }
}

impl Flank {
    /// The end of the run flanked from `site` in direction `dir` by `mover`: the site of the
    /// closing piece, or `NO_SITE` when no run in bounds is flanked that way.
    #[inline]
    fn closer(&self, game: &Game, board: &Board, mover: u8, site: Site, dir: u8) -> Site {
        let topo = &game.topology;
        let mine = &board.owned[mover as usize];
        let (mut at, mut run) = (topo.neighbour(site, dir), 0u16);
        while at != NO_SITE && board.filled.contains(at) && !mine.contains(at) {
            run += 1;
            at = topo.neighbour(at, dir);
        }
        if at != NO_SITE && mine.contains(at) && (self.min..=self.max).contains(&run) {
            at
        } else {
            NO_SITE
        }
    }

    /// Whether a piece of `mover` placed on `site` would flank a run.
    #[inline]
    pub(crate) fn flanks(&self, game: &Game, board: &Board, mover: u8, site: Site) -> bool {
        self.dirs
            .of(mover)
            .iter()
            .any(|&d| self.closer(game, board, mover, site, d) != NO_SITE)
    }

    /// Flips or removes every run flanked by the piece of `mover` just placed on `site`; returns
    /// the pieces taken.
    pub(crate) fn apply(&self, game: &Game, board: &mut Board, mover: u8, site: Site) -> u32 {
        let mut taken = 0;
        for &d in self.dirs.of(mover) {
            let end = self.closer(game, board, mover, site, d);
            if end == NO_SITE {
                continue;
            }
            let mut at = game.topology.neighbour(site, d);
            while at != end {
                let cell = board.cells[at as usize];
                if self.remove {
                    taken += u32::from(cell.count);
                    board.clear(at as usize);
                } else {
                    board.put(
                        at as usize,
                        Cell {
                            owner: mover + 1,
                            ..cell
                        },
                    );
                }
                at = game.topology.neighbour(at, d);
            }
        }
        taken
    }
}
