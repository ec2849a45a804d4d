//! Connection: a player's pieces joining regions through the board's adjacency, and the board's
//! sides, the regions connections most often join.

mod groups;

pub use groups::GroupPlan;
pub(crate) use groups::Groups;

use crate::board::MAX_SITES;
use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{Many as M, One as O, OneOrList as OL},
};
use crate::compile::ir::{by_width, Cond, Leaf, RegionRef, Site, Sites, Who, MAX_PLAYERS, NO_SITE};
use crate::compile::{Compiler, Needs};
use crate::engine::Ctx;
use crate::ludemes::{Arg, Board, Lower, MoverSites, Ref, Scope};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// One group of the player's pieces, each next to another along the directions, has a piece
        /// in every region.
        name: "connected",
        kind: Cond,
        positional: [
            /// whose pieces: Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
            /// the regions to join, two or more
            req("regions", M(Region)),
        ],
        named: [
            /// the directions pieces connect along; Orthogonal (on hexagons, all six) if absent
            opt("dirs", OL(Dir)),
            /// whether only the group of the last move's piece counts (fast, for end rules)
            opt("through-last", O(Switch)),
            /// only pieces of these kinds join (in stacks of mixed owners, the piece on top of
            /// each stack the player controls); any piece if absent
            opt("kinds", OL(Str)),
        ],
        example: "(connected Mover {(bottom) (top)})",
        lower: Lower::Cond(connected),
        refs: [Ref::Kind(Arg::Key("kinds"))],
    },
    ludeme! {
        /// All of the player's pieces form one group, each next to another along the directions.
        /// A single piece is a group; a player with no piece has none.
        name: "one-group",
        kind: Cond,
        positional: [
            /// whose pieces: Mover, Next, Prev, or P1 to P4
            req("player", O(Role)),
        ],
        named: [
            /// the directions pieces connect along; Orthogonal (on hexagons, all six) if absent
            opt("dirs", OL(Dir)),
        ],
        example: "(one-group Mover dirs:All)",
        lower: Lower::Cond(one_group_of),
        refs: [],
    },
    ludeme! {
        /// The sites of the bottom row (P1's side).
        name: "bottom",
        kind: Region,
        positional: [],
        named: [],
        example: "(bottom)",
        lower: Lower::Region(bottom),
        refs: [],
    },
    ludeme! {
        /// The sites of the top row.
        name: "top",
        kind: Region,
        positional: [],
        named: [],
        example: "(top)",
        lower: Lower::Region(top),
        refs: [],
    },
    ludeme! {
        /// The sites of the leftmost column (column a).
        name: "left",
        kind: Region,
        positional: [],
        named: [],
        example: "(left)",
        lower: Lower::Region(left),
        refs: [],
    },
    ludeme! {
        /// The sites of the rightmost column.
        name: "right",
        kind: Region,
        positional: [],
        named: [],
        example: "(right)",
        lower: Lower::Region(right),
        refs: [],
    },
];

/// A connection test, compiled.
#[derive(Debug, Clone, PartialEq)]
pub struct Connected {
    /// Whose pieces.
    pub who: Who,
    /// The regions one group must touch.
    pub regions: Vec<RegionRef>,
    /// The directions of adjacency.
    pub dirs: Vec<u8>,
    /// Only the group of the last move's site.
    pub through_last: bool,
    /// The directions as shifts of site sets (offset, sites with a neighbour that way), where
    /// the board has them: a group then grows a ring of sites at a time.
    pub rays: Option<Vec<(i32, Sites)>>,
    /// For a test through the last piece that the board's groups answer: the mask bits
    /// ([`GroupPlan`]) the last piece's group must carry, per mover.
    pub marks: Option<[u32; MAX_PLAYERS]>,
    /// The kinds of piece that join, one bit each; `None` for any.
    pub kinds: Option<u32>,
}

fn connected(c: &mut Compiler<'_>, node: &Node) -> Cond {
    let who = c.who(node.pos(0));
    let parts: Vec<&Node> = node.positional().skip(1).collect();
    let parts = match parts.as_slice() {
        [one] if one.as_list().is_some() => one.as_list().unwrap_or(&[]).iter().collect(),
        _ => parts,
    };
    if parts.len() < 2 {
        c.error(
            node,
            format!(
                "a connection joins two regions or more, not {}",
                parts.len()
            ),
            "list the regions to join, as `{(region \"Start\" Mover) (region \"Goal\" Mover)}`",
        );
    }
    let regions: Vec<RegionRef> = parts.iter().map(|r| c.region(r)).collect();
    let dirs = match node.named("dirs") {
        Some(d) => c.absolute_dirs(d),
        None => c
            .topology
            .group("Orthogonal")
            .map_or(Vec::new(), |g| g.dirs(0).to_vec()),
    };
    let through_last = super::lines::through_last(c, node);
    let rays = dirs.iter().map(|&d| c.topology.ray(d)).collect();
    let players = c.sym.players as usize;
    let kinds = node.named("kinds").map(|k| {
        k.as_list()
            .unwrap_or(std::slice::from_ref(k))
            .iter()
            .filter_map(|k| c.kind(Some(k)))
            .fold(0u32, |bits, k| bits | 1 << (k & 31))
    });
    // The board's groups hold every piece: a test of some kinds fills its own groups.
    let marks = (through_last && kinds.is_none())
        .then(|| {
            c.groups
                .mark((&dirs, &regions), &c.regions, &c.topology, players)
        })
        .flatten();
    if marks.is_some() {
        c.needs.insert(Needs::GROUPS);
    }
    Cond::Leaf(Leaf::Connected(Box::new(Connected {
        who,
        regions,
        dirs,
        through_last,
        rays,
        marks,
        kinds,
    })))
}

/// A test that all of a player's pieces form one group, compiled.
#[derive(Debug, Clone, PartialEq)]
pub struct OneGroup {
    /// Whose pieces.
    pub who: Who,
    /// The directions of adjacency.
    pub dirs: Vec<u8>,
    /// The directions as shifts of site sets, where the board has them.
    pub rays: Option<Vec<(i32, Sites)>>,
}

fn one_group_of(c: &mut Compiler<'_>, node: &Node) -> Cond {
    let who = c.who(node.pos(0));
    let dirs = match node.named("dirs") {
        Some(d) => c.absolute_dirs(d),
        None => c
            .topology
            .group("Orthogonal")
            .map_or(Vec::new(), |g| g.dirs(0).to_vec()),
    };
    let rays = dirs.iter().map(|&d| c.topology.ray(d)).collect();
    Cond::Leaf(Leaf::OneGroup(Box::new(OneGroup { who, dirs, rays })))
}

/// Whether all of the player's pieces form one group: the group of any one of them is all.
#[inline(never)]
pub(crate) fn one_group(ctx: &Ctx, o: &OneGroup) -> bool {
    let mine = &ctx.board.owned[ctx.who(o.who) as usize];
    let Some(first) = mine.iter_in(ctx.game.topology.words).next() else {
        return false;
    };
    let g = match &o.rays {
        Some(rays) => grown(ctx.game.topology.words, rays, mine, first),
        None => filled(ctx, mine, first, &o.dirs),
    };
    g == *mine
}

/// The group of `mine` that holds `from`: by shifts of site sets where the board has them,
/// narrowed to the words the board needs, else by a flood fill.
#[inline]
fn group(ctx: &Ctx, mine: &Sites, from: Site, c: &Connected) -> Sites {
    match &c.rays {
        Some(rays) => grown(ctx.game.topology.words, rays, mine, from),
        None => filled(ctx, mine, from, &c.dirs),
    }
}

/// The group of `mine` that holds `from`, grown from it one ring of neighbours at a time, in
/// the board's words.
#[inline(never)]
fn grown(words: usize, rays: &[(i32, Sites)], mine: &Sites, from: Site) -> Sites {
    by_width!(words, |W| grown_in::<W>(rays, mine, from))
}

#[inline(always)]
fn grown_in<const W: usize>(rays: &[(i32, Sites)], mine: &Sites, from: Site) -> Sites {
    let mine = mine.narrow::<W>();
    let mut seen = Sites::<W>::default();
    seen.insert(from);
    let mut front = seen;
    loop {
        let mut next = Sites::<W>::default();
        for (delta, has) in rays {
            next = next.or(&front.and(&has.narrow()).shifted(*delta));
        }
        front = next.and(&mine).and_not(&seen);
        if front.0 == [0; W] {
            return seen.narrow();
        }
        seen = seen.or(&front);
    }
}

/// The group of `mine` that holds `from`, found by a flood fill with a stack on the stack.
#[inline]
fn filled(ctx: &Ctx, mine: &Sites, from: Site, dirs: &[u8]) -> Sites {
    let topology = &ctx.game.topology;
    let mut seen = Sites::default();
    let mut stack = [0 as Site; MAX_SITES];
    seen.insert(from);
    stack[0] = from;
    let mut top = 1;
    while top > 0 {
        top -= 1;
        let s = stack[top];
        for &d in dirs {
            let t = topology.neighbour(s, d);
            if t != NO_SITE && mine.contains(t) && !seen.contains(t) {
                seen.insert(t);
                // Each site is pushed once, and a board has at most MAX_SITES.
                stack[top] = t;
                top += 1;
            }
        }
    }
    seen
}

/// Whether the connection test holds in the context's position.
#[inline(never)]
pub(crate) fn holds(ctx: &Ctx, c: &Connected) -> bool {
    let owned = &ctx.board.owned[ctx.who(c.who) as usize];
    let only_kinds;
    let mine = match c.kinds {
        Some(kinds) => {
            only_kinds = of_kinds(ctx, owned, kinds);
            &only_kinds
        }
        None => owned,
    };
    let mask = |r: &RegionRef| &ctx.game.regions[r.0 as usize].mask[ctx.mover as usize];
    let joins = |g: &Sites| c.regions.iter().all(|r| mask(r).intersects(g));
    if c.through_last {
        let s = ctx.clock.last.to;
        if s == NO_SITE || !mine.contains(s) {
            return false;
        }
        let p = ctx.who(c.who) as usize;
        let words = ctx.game.topology.words;
        if let (Some(need), Some(marks)) = (c.marks, ctx.board.groups.0.marks_of(p, s, mine, words))
        {
            let need = need[ctx.mover as usize & (MAX_PLAYERS - 1)];
            return marks & need == need;
        }
        // A player with no piece in some region has no group joining them all: no fill.
        return joins(mine) && joins(&group(ctx, mine, s, c));
    }
    let Some(first) = c.regions.first() else {
        return false;
    };
    // Every group that touches the first region, each filled once.
    let mut done = Sites::default();
    for s in mask(first).and(mine).iter_in(ctx.game.topology.words) {
        if done.contains(s) {
            continue;
        }
        let g = group(ctx, mine, s, c);
        if joins(&g) {
            return true;
        }
        done = done.or(&g);
    }
    false
}

/// The sites of `owned` whose piece (a stack's top) is of one of the `kinds`, one bit each.
fn of_kinds(ctx: &Ctx, owned: &Sites, kinds: u32) -> Sites {
    let mut only = *owned;
    for s in owned.iter_in(ctx.game.topology.words) {
        if kinds & 1 << (ctx.board.cells[s as usize].kind & 31) == 0 {
            only.remove(s);
        }
    }
    only
}

/// The sites at (row, column) where `on(row, column, rows, columns)` holds.
fn side(b: &mut dyn Board, on: fn(usize, usize, usize, usize) -> bool) -> Option<MoverSites> {
    let (rows, columns) = (b.symbols().rows, b.symbols().columns);
    let sites: Vec<Site> = (0..rows)
        .flat_map(|r| (0..columns).map(move |c| (r, c)))
        .filter(|&(r, c)| on(r, c, rows, columns))
        .filter_map(|(r, c)| b.symbols().site_at(r, c))
        .collect();
    Some(std::array::from_fn(|_| sites.clone()))
}

fn bottom(b: &mut dyn Board, _: &Node, _: Scope) -> Option<MoverSites> {
    side(b, |r, _, _, _| r == 0)
}

fn top(b: &mut dyn Board, _: &Node, _: Scope) -> Option<MoverSites> {
    side(b, |r, _, rows, _| r + 1 == rows)
}

fn left(b: &mut dyn Board, _: &Node, _: Scope) -> Option<MoverSites> {
    side(b, |_, c, _, _| c == 0)
}

fn right(b: &mut dyn Board, _: &Node, _: Scope) -> Option<MoverSites> {
    side(b, |_, c, _, columns| c + 1 == columns)
}

#[cfg(test)]
mod tests {
    use super::{filled, grown};
    use crate::board::NO_SITE;
    use crate::engine::each_random_position;

    #[test]
    fn a_group_grown_by_shifts_is_the_group_the_flood_fill_finds() {
        for (file, dirs) in [
            ("games/hex.game", vec![]),
            ("games/gomoku.game", vec![0u8, 2, 4, 6]),
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
            let game = match crate::load::load_file(&path, &[]) {
                Ok(g) => g,
                Err(e) => panic!("{file} loads: {e:?}"),
            };
            let (Some(steps), words) = (&game.topology.steps, game.topology.words) else {
                panic!("{file}: the board shifts");
            };
            let dirs = if dirs.is_empty() {
                game.topology
                    .group("Orthogonal")
                    .map_or(Vec::new(), |g| g.dirs(0).to_vec())
            } else {
                dirs
            };
            let rays: Vec<_> = dirs.iter().map(|&d| steps[d as usize]).collect();
            let mut compared = 0;
            each_random_position(&game, 20, |s| {
                let ctx = crate::engine::Ctx::of(&game, s);
                let site = s.clock.last.to;
                if site != NO_SITE {
                    let mine = &s.board.owned[s.board.cells[site as usize].owner as usize - 1];
                    assert_eq!(
                        grown(words, &rays, mine, site),
                        filled(&ctx, mine, site, &dirs),
                        "{file}"
                    );
                    compared += 1;
                }
            });
            assert!(compared > 100, "{file}: {compared}");
        }
    }
}
