//! Distance: moves to the sites a fixed number of steps away (the ring around a piece), over
//! whatever stands between; a piece that goes, or one that stays and grows a new piece there.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::{Gen, MoveExpr, Site, Sites, MAX_PLAYERS, NO_SITE};
use crate::compile::{Compiler, Needs};
use crate::engine::{Board, Cell, Ctx, Effects, Move};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Moves one piece of the mover to an empty site exactly `distance` steps away along the
    /// directions, counted by the fewest steps (the ring around it: on a grid with All, 8 sites
    /// at 1 and 16 at 2), over whatever stands between. Written `a1-c3`. With `copy:true` the
    /// piece stays and a new piece of the mover appears on the site instead: one move per empty
    /// site some piece of the mover reaches, whichever piece, written `+b2`.
    name: "leap-ring",
    kind: Moves,
    positional: [
        /// the directions steps are counted along: a direction, a group such as All, or a list
        /// of them
        req("directions", OL(Dir)),
        /// the steps away, 1 to 16
        req("distance", O(Int)),
    ],
    named: [
        /// only pieces of this kind move (or grow one of their kind)
        opt("kind", O(Str)),
        /// whether the piece stays and a new one appears on the site (true) instead of the piece
        /// going there (false, the default)
        opt("copy", O(Switch)),
        THEN,
    ],
    example: "(leap-ring All 2)",
    lower: Lower::Moves(leap_ring),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

/// The farthest ring a move may reach.
const MAX_DISTANCE: i64 = 16;

fn leap_ring(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let distance = match node.pos(1) {
        Some(n) => match n.as_int() {
            Some(v) if (1..=MAX_DISTANCE).contains(&v) => v as usize,
            _ => {
                c.error(
                    n,
                    "a ring's distance is a number of steps written out, 1 to 16",
                    "write the ring two steps away as `(leap-ring All 2)`",
                );
                1
            }
        },
        None => 1,
    };
    let sites = c.topology.sites();
    let rings: [Vec<Vec<Site>>; MAX_PLAYERS] = std::array::from_fn(|p| {
        let dirs = dirs.of(p as u8);
        let topology = &c.topology;
        let step = |t: Site| dirs.iter().map(move |&d| topology.neighbour(t, d));
        (0..sites as Site)
            .map(|s| ring(sites, s, distance, step))
            .collect()
    });
    let copy = matches!(
        node.named("copy").map(|n| &n.kind),
        Some(NodeKind::Bool(true))
    );
    if copy {
        // A new piece enters the board: the board grows.
        c.needs.insert(Needs::PLACING);
    }
    let kind = c.kind(node.named("kind"));
    c.gen(Gen::Ring(Ring { kind, copy, rings }), node)
}

/// The sites exactly `distance` steps from `s`, in the order a search by rings meets them;
/// `steps(t)` are the sites one step from `t`.
fn ring<I: Iterator<Item = Site>>(
    sites: usize,
    s: Site,
    distance: usize,
    steps: impl Fn(Site) -> I,
) -> Vec<Site> {
    let mut seen: Sites = Sites::default();
    seen.insert(s);
    let mut frontier = vec![s];
    for _ in 0..distance {
        let mut next = Vec::new();
        for &t in &frontier {
            for n in steps(t) {
                if n != NO_SITE && (n as usize) < sites && !seen.contains(n) {
                    seen.insert(n);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    frontier
}

/// Moves to the ring of sites a fixed number of steps away.
#[derive(Debug, Clone, PartialEq)]
pub struct Ring {
    /// The kind of the pieces that move, if only one kind does.
    pub kind: Option<u8>,
    /// Whether the piece stays and a new one appears on the site.
    pub copy: bool,
    /// For each player, the ring of each site.
    pub rings: [Vec<Vec<Site>>; MAX_PLAYERS],
}

impl Ring {
    /// The sites of the ring of site `s` for `player`.
    #[inline(always)]
    pub fn of_site(&self, player: u8, s: Site) -> &[Site] {
        self.rings[player as usize & (MAX_PLAYERS - 1)]
            .get(s as usize)
            .map_or(&[], Vec::as_slice)
    }
}

impl MoveFamily for Ring {
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let words = game.topology.words;
        let mine = &board.owned[mover as usize & (MAX_PLAYERS - 1)];
        let mut reached: Sites = Sites::default();
        for s in mine.iter_in(words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                continue;
            }
            for &t in self.of_site(mover, s) {
                if board.filled.contains(t) {
                    continue;
                }
                if self.copy {
                    reached.insert(t);
                } else {
                    out.push(Move::new(g, s, t));
                }
            }
        }
        if self.copy {
            out.extend(reached.iter_in(words).map(|t| Move::new(g, t, t)));
        }
    }

    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        if self.copy {
            let piece = Cell {
                kind: self.kind.unwrap_or(0),
                ..Cell::piece(on.mover, 1)
            };
            board.put(m.to as usize, piece);
        } else {
            board.move_one(m.from as usize, m.to as usize);
        }
        Effects::default()
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        if self.copy {
            format!("+{to}")
        } else {
            format!("{from}-{to}")
        }
    }
}
