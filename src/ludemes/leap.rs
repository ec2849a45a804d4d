//! Leap: one piece to the site a fixed pattern of steps reaches, over anything (a knight).

use crate::board::topology::Tiling;
use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::{CaptureTo, Gen, MoveExpr, Site, Sites, MAX_PLAYERS, NO_SITE};
use crate::compile::Compiler;
use crate::engine::{Board, Ctx, Effects, Move};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Moves one piece of the mover `long` sites along one of the directions, then `short` sites
    /// a quarter turn to either side, over whatever stands between (a chess knight leaps 2 and 1
    /// along the orthogonals), onto an empty site; with `capture:true` also onto an opposing
    /// piece, capturing it by replacement. The piece keeps its kind and state. Grids of squares.
    /// Written `b1-c3`, or `b1xc3` for a capture.
    name: "leap",
    kind: Moves,
    positional: [
        /// the directions of the long leg: a direction, a group such as Orthogonal, or a list of
        /// them (Forward: only ahead, as the knight of shogi)
        req("directions", OL(Dir)),
        /// sites along the direction, 0 to 16
        req("long", O(Int)),
        /// sites a quarter turn to the side after it, 0 to 16
        req("short", O(Int)),
    ],
    named: [
        /// only pieces of this kind leap
        opt("kind", O(Str)),
        /// whether a leap may also land on an opposing piece, capturing it
        opt("capture", O(Switch)),
        /// where captured pieces go: the mover's store (Store, the default), their owner's hand
        /// (Hand), off the game (Removed), or the mover's hand as its own (Captor)
        opt("captured", O(CaptureTo)),
        THEN,
    ],
    example: "(leap Orthogonal 2 1 capture:true)",
    lower: Lower::Moves(leap),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

/// The longest leg a leap may have.
const MAX_LEG: i64 = 16;

fn leap(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let mut leg = |i: usize| match node.pos(i) {
        Some(n) => match n.as_int() {
            Some(v) if (0..=MAX_LEG).contains(&v) => v as usize,
            _ => {
                c.error(
                    n,
                    "a leap's leg is a number of sites written out, 0 to 16",
                    "write the knight's leap as `(leap Orthogonal 2 1)`",
                );
                0
            }
        },
        None => 0,
    };
    let (long, short) = (leg(1), leg(2));
    if c.topology.tiling != Tiling::Square {
        c.error(
            node,
            "a leap turns a quarter turn between its legs, which only a grid of squares has",
            "use `leap` on a `square` or `rectangle` board",
        );
    }
    if long + short == 0 {
        c.error(
            node,
            "a leap of no sites goes nowhere",
            "give it a leg of one site or more",
        );
    }
    let targets: [Table; MAX_PLAYERS] = std::array::from_fn(|p| {
        let sites = c.topology.sites();
        let mut lists = Vec::with_capacity(sites);
        for s in 0..sites as Site {
            let mut list = Vec::new();
            for &d in dirs.of(p as u8) {
                // A quarter turn either way: the directions run clockwise in eighths.
                for side in [(d + 2) % 8, (d + 6) % 8] {
                    let t = walk(c, walk(c, s, d, long), side, short);
                    if t != NO_SITE && t != s && !list.contains(&t) {
                        list.push(t);
                    }
                }
            }
            lists.push(list);
        }
        Table::of(lists)
    });
    let sources = std::array::from_fn(|p| targets[p].reversed(c.topology.sites()));
    let captures = matches!(
        node.named("capture").map(|n| &n.kind),
        Some(NodeKind::Bool(true))
    );
    let captured = c.capture_to(node.named("captured"));
    c.gen(
        Gen::Leap(Leap {
            kind: c.kind(node.named("kind")),
            captures,
            captured,
            targets,
            sources,
        }),
        node,
    )
}

/// The site `n` steps from `s` in direction `d`, or [`NO_SITE`] once off the board.
fn walk(c: &Compiler<'_>, s: Site, d: u8, n: usize) -> Site {
    (0..n).fold(s, |t, _| {
        if t == NO_SITE {
            NO_SITE
        } else {
            c.topology.neighbour(t, d)
        }
    })
}

/// Sites for each site, flat: the sites of site `s` are `sites[starts[s]..starts[s + 1]]`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    starts: Vec<u32>,
    sites: Vec<Site>,
}

impl Table {
    /// The table of the lists, one per site.
    fn of(lists: Vec<Vec<Site>>) -> Table {
        let mut t = Table {
            starts: vec![0],
            sites: Vec::new(),
        };
        for list in lists {
            t.sites.extend(list);
            t.starts.push(t.sites.len() as u32);
        }
        t
    }

    /// The sites of site `s`.
    #[inline(always)]
    pub fn of_site(&self, s: Site) -> &[Site] {
        match (self.starts.get(s as usize), self.starts.get(s as usize + 1)) {
            (Some(&a), Some(&b)) => &self.sites[a as usize..b as usize],
            _ => &[],
        }
    }

    /// The table the other way: for each site, the sites whose lists hold it.
    fn reversed(&self, sites: usize) -> Table {
        let mut lists = vec![Vec::new(); sites];
        for s in 0..sites as Site {
            for &t in self.of_site(s) {
                if let Some(l) = lists.get_mut(t as usize) {
                    l.push(s);
                }
            }
        }
        Table::of(lists)
    }
}

/// One piece to the site a pattern of steps reaches.
#[derive(Debug, Clone, PartialEq)]
pub struct Leap {
    /// The kind of the pieces that leap, if only one kind does.
    pub kind: Option<u8>,
    /// Whether a leap may land on an opposing piece.
    pub captures: bool,
    /// Where the captured pieces go.
    pub captured: CaptureTo,
    /// For each player, the sites a piece on each site leaps to.
    pub targets: [Table; MAX_PLAYERS],
    /// For each player, the sites from which a piece leaps to each site (its attackers).
    pub sources: [Table; MAX_PLAYERS],
}

impl MoveFamily for Leap {
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        let open = if self.captures {
            game.topology.board_sites.and_not(&mine)
        } else {
            game.topology.board_sites.and_not(&board.filled)
        };
        let table = &self.targets[mover as usize & (MAX_PLAYERS - 1)];
        for s in mine.iter_in(game.topology.words) {
            if self.kind.is_some_and(|k| board.cells[s as usize].kind != k) {
                continue;
            }
            for &t in table.of_site(s) {
                if open.contains(t) {
                    out.push(Move::new(g, s, t));
                }
            }
        }
    }

    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        crate::ludemes::step::move_capturing(self.captures, self.captured, on, board, m)
    }

    fn notation(&self, from: &str, to: &str, enemy: bool) -> String {
        crate::ludemes::step::written(from, to, enemy)
    }
}

impl Leap {
    /// The number of moves of the pieces on `pieces` (the mover's, of the leap's kind): for
    /// each, its targets that are open.
    pub(crate) fn count_from<const W: usize>(&self, ctx: &Ctx, pieces: Sites<W>) -> u32 {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize & (MAX_PLAYERS - 1)];
        let open = if self.captures {
            game.topology.board_sites.and_not(&mine)
        } else {
            game.topology.board_sites.and_not(&board.filled)
        };
        let table = &self.targets[mover as usize & (MAX_PLAYERS - 1)];
        pieces
            .iter()
            .map(|s| {
                table
                    .of_site(s)
                    .iter()
                    .filter(|&&t| open.contains(t))
                    .count() as u32
            })
            .sum()
    }
}
