//! Lines: a player's pieces in a row along chosen directions, through the last move's site or
//! anywhere on the board.

use crate::board::sites::neighbour_rotation;
use crate::board::topology::Topology;
use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
};
use crate::compile::ir::{Cond, Leaf, Site, Sites, Who, MAX_PLAYERS, NO_SITE, SITE_WORDS};
use crate::compile::{Compiler, Needs};
use crate::engine::{Board, Ctx};
use crate::ludemes::Lower;
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// The player has `length` or more of their pieces in an unbroken row along one of the
    /// directions.
    name: "line",
    kind: Cond,
    positional: [
        /// pieces in a row, 2 to 64
        req("length", O(Int)),
        /// whose pieces: Mover, Next, Prev, or P1 to P4
        req("player", O(Role)),
    ],
    named: [
        /// the directions lines run along (a direction stands for its axis, both ways); All if
        /// absent
        opt("dirs", OL(Dir)),
        /// whether only exactly `length` in a row counts, not a longer line
        opt("exact", O(Switch)),
        /// whether only lines through the last move's site count (fast, for end rules), not
        /// lines anywhere
        opt("through-last", O(Switch)),
    ],
    example: "(line 5 Mover exact:true through-last:true)",
    lower: Lower::Cond(line),
    refs: [],
}];

/// The longest line a rule may ask for.
const MAX_LENGTH: i64 = 64;

/// A line test, compiled: flat, read on the hot path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Whose pieces.
    pub who: Who,
    /// Pieces in a row.
    pub length: u8,
    /// Only a line of exactly `length` counts.
    pub exact: bool,
    /// Only lines through the last move's site.
    pub through_last: bool,
    /// The axes, one bit per direction `d` of a grid's first half: an axis runs along `d` and
    /// its opposite `d + 4`.
    pub axes: u8,
    /// For a line through the last move's site: each site's segments, which rule out most axes
    /// before any walk (boxed: a condition's leaves stay small).
    pub segments: Box<Segments>,
}

/// Per site and axis, the sites along the axis within `length - 1` steps of the site, itself
/// included: a line of `length` through the site along that axis has all its pieces there, so
/// fewer of the player's pieces there than `length` rule the axis out with a few word operations.
/// A site's four segments are read in the same few words of the board.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Segments {
    /// Words read per site: 1 to 4, the most a site's segments span, or [`SITE_WORDS`] (then
    /// from word 0).
    words: usize,
    /// Per site, the board word its segments' words start at.
    first: Box<[u8]>,
    /// Site `s`'s set on axis `a` at `(4 * s + a) * words`, its words from `first[s]`; empty
    /// when not built.
    masks: Box<[u64]>,
}

impl Segments {
    /// The segments of lines of `length` along `axes` on the board.
    fn of(t: &Topology, length: u8, axes: u8) -> Segments {
        let n = t.sites();
        // Each site's sites per axis (none on an axis the test does not read: never enough).
        let sets: Vec<[Vec<usize>; 4]> = (0..n)
            .map(|s| {
                std::array::from_fn(|a| {
                    let a = a as u8;
                    let mut out = Vec::new();
                    if axes & (1 << a) != 0 {
                        out.push(s);
                        for d in [a, a + 4] {
                            let mut x = s as Site;
                            for _ in 1..length {
                                x = t.neighbour(x, d);
                                if x == NO_SITE {
                                    break;
                                }
                                out.push(x as usize);
                            }
                        }
                    }
                    out
                })
            })
            .collect();
        let span = |s: usize| {
            let all = sets[s].iter().flatten();
            let lo = all.clone().min().map_or(s, |&x| x) / 64;
            let hi = all.max().map_or(s, |&x| x) / 64;
            (lo, hi)
        };
        let widest = (0..n).map(|s| span(s).1 - span(s).0 + 1).max().unwrap_or(1);
        let words = if widest <= 4 { widest } else { SITE_WORDS };
        let mut first = vec![0u8; n];
        let mut masks = vec![0u64; n * 4 * words];
        for (s, axes) in sets.iter().enumerate() {
            // Early enough that the words read stay within a set's.
            let from = span(s).0.min(SITE_WORDS - words);
            first[s] = from as u8;
            for (a, sites) in axes.iter().enumerate() {
                let at = (4 * s + a) * words;
                for &x in sites {
                    masks[at + x / 64 - from] |= 1 << (x % 64);
                }
            }
        }
        Segments {
            words,
            first: first.into(),
            masks: masks.into(),
        }
    }

    /// The axes whose segment at `s` holds at least `length` of `mine`, read in `W` words: all
    /// four where none was built for `s`.
    #[inline(always)]
    fn crowded<const W: usize>(&self, mine: &Sites, s: Site, length: u32) -> u8 {
        let Some(&from) = self.first.get(s as usize) else {
            return 15;
        };
        let near: [u64; W] =
            std::array::from_fn(|j| mine.0[(from as usize + j) & (SITE_WORDS - 1)]);
        // In one word, too few pieces in all are one count away (the first moves).
        if W == 1 && near[0].count_ones() < length {
            return 0;
        }
        let at = 4 * W * s as usize;
        let Some(sets) = self.masks.get(at..at + 4 * W) else {
            return 15;
        };
        let mut out = 0;
        for (a, set) in sets.chunks_exact(W).enumerate() {
            let n: u32 = set
                .iter()
                .zip(&near)
                .map(|(m, x)| (m & x).count_ones())
                .sum();
            out |= u8::from(n >= length) << a;
        }
        out
    }
}

/// A named switch written `true` or `false` (false when absent); anything else is reported, not
/// read as false (the checker refuses it first, in the same words).
pub(crate) fn flag(c: &mut Compiler<'_>, node: &Node, key: &str) -> bool {
    match node.named(key).map(|n| (n, &n.kind)) {
        None => false,
        Some((_, NodeKind::Bool(b))) => *b,
        Some((n, _)) => {
            c.error(
                n,
                format!("`{key}:` is a switch, written `true` or `false`"),
                &format!("write `{key}:true`, or `{key}:false` (the same as leaving it out)"),
            );
            false
        }
    }
}

fn line(c: &mut Compiler<'_>, node: &Node) -> Cond {
    let length = node.pos(0).and_then(|n| n.as_int()).unwrap_or(2);
    if !(2..=MAX_LENGTH).contains(&length) {
        if let Some(n) = node.pos(0) {
            c.error(
                n,
                format!("a line of {length} is out of range"),
                "ask for 2 to 64 pieces in a row",
            );
        }
    }
    let who = c.who(node.pos(1));
    let dirs = match node.named("dirs") {
        Some(d) => c.absolute_dirs(d),
        None => c
            .topology
            .group("All")
            .map_or(Vec::new(), |g| g.dirs(0).to_vec()),
    };
    // A direction and its opposite are one axis: directions come in opposite pairs d, d + 4.
    let axes = dirs.iter().fold(0u8, |acc, &d| acc | 1 << (d % 4));
    let length = length.clamp(2, MAX_LENGTH) as u8;
    let through_last = through_last(c, node);
    Cond::Leaf(Leaf::Line(Line {
        who,
        length,
        exact: flag(c, node, "exact"),
        through_last,
        axes,
        segments: Box::new(match through_last {
            true => Segments::of(&c.topology, length, axes),
            false => Segments::default(),
        }),
    }))
}

/// The `through-last:` switch; when on, a filter's trial or a move's effects must make the move
/// the last one.
pub(crate) fn through_last(c: &mut Compiler<'_>, node: &Node) -> bool {
    let on = flag(c, node, "through-last");
    if on {
        c.needs.insert(Needs::LAST);
    }
    on
}

/// The pieces of player `owner` (as a cell stores it) in a row from `s` along `dir`, `s` left out.
#[inline]
fn run((topology, board): (&Topology, &Board), owner: u8, mut s: Site, dir: u8) -> u32 {
    let cells = &board.cells;
    let mut n = 0;
    loop {
        s = topology.neighbour(s, dir);
        if s == NO_SITE || cells[s as usize].owner != owner {
            return n;
        }
        n += 1;
    }
}

/// The pieces of `mine` in a row from `s` along a step of offset `delta` from the sites of
/// `has`, `s` left out.
#[inline(always)]
fn shifted_run(mine: &Sites, mut s: Site, (delta, has): &(i32, Sites)) -> u32 {
    let mut n = 0;
    while has.contains(s) {
        s = s.wrapping_add_signed(*delta as i16);
        if !mine.contains(s) {
            break;
        }
        n += 1;
    }
    n
}

/// Whether a run of `n` pieces makes the line asked for.
#[inline]
fn enough(l: &Line, n: u32) -> bool {
    if l.exact {
        n == l.length as u32
    } else {
        n >= l.length as u32
    }
}

/// Whether the line test holds in the context's position.
#[inline(never)]
pub(crate) fn holds(ctx: &Ctx, l: &Line) -> bool {
    if !l.through_last {
        return anywhere(ctx, l);
    }
    let (owner, s) = (ctx.who(l.who) + 1, ctx.clock.last.to);
    let on = (&ctx.game.topology, ctx.board);
    match l.segments.words {
        1 => through::<1>(on, l, owner, s),
        2 => through::<2>(on, l, owner, s),
        3 => through::<3>(on, l, owner, s),
        4 => through::<4>(on, l, owner, s),
        _ => through::<SITE_WORDS>(on, l, owner, s),
    }
}

/// Whether a line runs through `s`, its segments read in `W` words: one function per width,
/// each small (no registers saved for the others).
#[inline(never)]
fn through<const W: usize>(on: (&Topology, &Board), l: &Line, owner: u8, s: Site) -> bool {
    let mine = &on.1.owned[(owner as usize - 1) & (MAX_PLAYERS - 1)];
    // No site of the board is `NO_SITE`, so it is never among the owner's.
    if !mine.contains(s) {
        return false;
    }
    // Only the axes with enough pieces near `s` are walked: at most one, nearly always none.
    let crowded = l.axes & l.segments.crowded::<W>(mine, s, l.length as u32);
    crowded != 0 && walked(on, l, owner, s, crowded)
}

/// Whether a line runs through `s` along one of the `axes` (a bit per axis), walked site by
/// site. Out of line: the test before it rules out nearly every call.
#[inline(never)]
fn walked(on: (&Topology, &Board), l: &Line, owner: u8, s: Site, axes: u8) -> bool {
    let mine = &on.1.owned[(owner as usize - 1) & (MAX_PLAYERS - 1)];
    let axes = (0..4u8).filter(|d| axes & (1 << d) != 0);
    // On a grid a step is an offset where the site has a neighbour that way: two bit tests a
    // step instead of the neighbour table.
    if let Some(steps) = &on.0.steps {
        return axes.into_iter().any(|d| {
            let (a, b) = (&steps[d as usize & 7], &steps[(d as usize + 4) & 7]);
            enough(l, 1 + shifted_run(mine, s, a) + shifted_run(mine, s, b))
        });
    }
    axes.into_iter()
        .any(|d| enough(l, 1 + run(on, owner, s, d) + run(on, owner, s, d + 4)))
}

/// A line test through the last move's site on a board of one word, as the loops that read end
/// rules in place read it: each site's segments in one word, counted with no dispatch on the
/// board's width and no bounds to check; the rare site with enough pieces near it is walked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordLine {
    line: Line,
    /// Per site, its segment on each axis (empty on an axis the test does not read).
    segments: Box<[[u64; 4]]>,
    /// Per axis, a step along it as a shift (the rotation that brings a site's neighbour's bit
    /// onto the site's, and the sites with that neighbour), for a line of `length` or more on
    /// a grid; `None` where the walk decides (a line of exactly `length`, or no shifts).
    shifts: Option<[(u32, u64); 4]>,
}

impl WordLine {
    /// The test read in one word; `None` for a line anywhere or a board of more than one word.
    pub(crate) fn of(l: &Line, t: &Topology) -> Option<WordLine> {
        if !l.through_last || l.segments.words != 1 || t.words != 1 || t.sites() > 64 {
            return None;
        }
        let segments = (0..t.sites())
            .map(|s| {
                let at = 4 * s;
                let sets = l.segments.masks.get(at..at + 4)?;
                // Every site's segments start at the one word.
                (l.segments.first.get(s) == Some(&0)).then(|| std::array::from_fn(|a| sets[a]))
            })
            .collect::<Option<_>>()?;
        let shifts = match (&t.steps, l.exact) {
            (Some(steps), false) => Some(std::array::from_fn(|a| {
                let (delta, has) = &steps[a];
                (neighbour_rotation(*delta), has.0[0])
            })),
            _ => None,
        };
        Some(WordLine {
            line: l.clone(),
            segments,
            shifts,
        })
    }

    /// Whether a line of `owner`'s (as a cell stores it) runs through `s`: what [`holds`] gives
    /// with that owner and `s` the last move's site.
    #[inline(always)]
    pub(crate) fn holds(&self, on: (&Topology, &Board), owner: u8, s: Site) -> bool {
        let mine = on.1.owned[(owner as usize).wrapping_sub(1) & (MAX_PLAYERS - 1)].0[0];
        // A site past the board (none, or no site at all) is not among the owner's.
        let Some(near) = self.segments.get(s as usize) else {
            return false;
        };
        let length = u32::from(self.line.length);
        if (mine >> (s & 63)) & 1 == 0 || mine.count_ones() < length {
            return false;
        }
        // Nearly always no axis has enough pieces near `s`: four counts say so, and only the
        // rare rest is read out of line (Connect Four 3% fewer instructions than all inline).
        let most = near
            .iter()
            .fold(0, |most: u32, m| most.max((m & mine).count_ones()));
        most >= length && self.along(on, owner, s, mine, near)
    }

    /// Whether the line runs through `s` along an axis with enough pieces near it: the rest of
    /// [`WordLine::holds`], after its counts.
    #[inline(never)]
    fn along(
        &self,
        on: (&Topology, &Board),
        owner: u8,
        s: Site,
        mine: u64,
        near: &[u64; 4],
    ) -> bool {
        let length = u32::from(self.line.length);
        let Some(shifts) = &self.shifts else {
            let crowded = near.iter().enumerate().fold(0u8, |acc, (a, m)| {
                acc | u8::from((m & mine).count_ones() >= length) << a
            });
            return walked(on, &self.line, owner, s, crowded);
        };
        // A run of `length` within a segment holds its middle site, `s`: the sites that start
        // such a run are found by shifts, with no walk and no branch per site, on the axes
        // with enough pieces only (one, nearly always).
        near.iter().zip(shifts).any(|(m, &(rot, has))| {
            let pieces = m & mine;
            pieces.count_ones() >= length && {
                let mut starts = pieces;
                for _ in 1..length {
                    starts = pieces & has & starts.rotate_left(rot);
                }
                starts != 0
            }
        })
    }
}

/// Whether a line runs anywhere on the board, from each of the owner's pieces.
#[inline(never)]
fn anywhere(ctx: &Ctx, l: &Line) -> bool {
    let owner = ctx.who(l.who) + 1;
    let mine = &ctx.board.owned[owner as usize - 1];
    let on = (&ctx.game.topology, ctx.board);
    let axes = (0..4u8).filter(|d| l.axes & (1 << d) != 0);
    for s in mine.iter_in(ctx.game.topology.words) {
        for d in axes.clone() {
            // Each run is counted once, from its first piece: the one with none of its own behind.
            let behind = ctx.game.topology.neighbour(s, d + 4);
            if behind != NO_SITE && ctx.board.cells[behind as usize].owner == owner {
                continue;
            }
            if enough(l, 1 + run(on, owner, s, d)) {
                return true;
            }
        }
    }
    false
}

/// Whether line test `l`, read through the last move's site, holds after a move that changes
/// the owners of its origin and its landing alone, read on the board before the move: `from`
/// and `to` are those sites with their owners after it. Spares a copy of the board for each move
/// a mill's `remove:` tries.
pub(crate) fn holds_after(ctx: &Ctx, l: &Line, from: (Site, u8), to: (Site, u8)) -> bool {
    let owner = ctx.who(l.who) + 1;
    if to.1 != owner {
        return false;
    }
    let (topology, cells) = (&ctx.game.topology, &ctx.board.cells);
    let owner_at = |s: Site| match s {
        s if s == to.0 => to.1,
        s if s == from.0 => from.1,
        s => cells[s as usize].owner,
    };
    // `run` with the two sites read as they stand after the move.
    let run = |dir: u8| {
        let (mut s, mut n) = (to.0, 0);
        loop {
            s = topology.neighbour(s, dir);
            if s == NO_SITE || owner_at(s) != owner {
                return n;
            }
            n += 1;
        }
    };
    // The landing's neighbours read once: most moves have none of the owner's along an axis.
    let near = topology.neighbours(to.0);
    let mine = |d: u8| {
        near.get(d as usize)
            .is_some_and(|&s| s != NO_SITE && owner_at(s) == owner)
    };
    (0..4u8)
        .filter(|d| l.axes & (1 << d) != 0)
        .any(|d| (mine(d) || mine(d + 4)) && enough(l, 1 + run(d) + run(d + 4)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::ir::Leaf;
    use crate::engine::Ctx;
    use rand::{Rng, SeedableRng};

    /// A placement game on `board` whose end rule is `line`.
    fn game(board: &str, line: &str) -> crate::engine::Game {
        let source = format!(
            r#"(game "Lines" (players 2) (equipment {{(board {board}) (hand Each)}})
  (rules (start (hand Each 200)) (play (place 1))
    (end {{(if {line} (result Mover Win)) (if (no-moves Next) (result All Draw))}})))"#
        );
        match crate::load::load_source("lines.game", &source, &[]) {
            Ok(g) => g,
            Err(e) => panic!("the test game loads: {e:?}"),
        }
    }

    #[test]
    fn the_segments_rule_out_no_line_the_walk_finds() {
        let lines = [
            "(line 3 Mover through-last:true)",
            "(line 4 Mover exact:true through-last:true)",
            "(line 2 Mover dirs:{E} through-last:true)",
            "(line 5 Next dirs:{N NE} through-last:true)",
        ];
        for board in [
            "(square 3)",
            "(rectangle 6 7)",
            "(square 8)",
            "(rectangle 9 13)",
            "(square 19)",
            "(rhombus 6)",
            "(rhombus 4)",
            "(hexagon 4)",
        ] {
            // Boards of hexagons have no N and no E: lines there run along their own axes.
            let six = board.starts_with("(rhombus") || board.starts_with("(hexagon");
            for text in lines.iter().filter(|t| !six || !t.contains("dirs")) {
                let game = game(board, text);
                let Some((Cond::Leaf(Leaf::Line(line)), _)) = game.end.first() else {
                    panic!("the line comes first");
                };
                let walked = Line {
                    segments: Box::default(),
                    ..line.clone()
                };
                // On a board of one word, the loops' form of the test too.
                let word = WordLine::of(line, &game.topology);
                let one = game.topology.words == 1 && game.sites() <= 64;
                assert_eq!(word.is_some(), one, "{board} {text}: read in one word");
                let mut found = 0;
                // Every position of random games, the last (where a line ends the game) included.
                let mut check = |s: &crate::engine::State| {
                    for mover in 0..2 {
                        let ctx = Ctx {
                            mover,
                            ..Ctx::of(&game, s)
                        };
                        let held = holds(&ctx, line);
                        assert_eq!(held, holds(&ctx, &walked), "{board} {text}");
                        if let Some(word) = &word {
                            let (owner, on) = (ctx.who(line.who) + 1, (&game.topology, &s.board));
                            let last = s.clock.last.to;
                            assert_eq!(held, word.holds(on, owner, last), "{board} {text}");
                        }
                        found += usize::from(held);
                    }
                };
                for seed in 0..30 {
                    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
                    let mut s = game.new_initial_state();
                    while !s.is_terminal() {
                        let legal = game.moves(&s);
                        game.apply(&mut s, legal[rng.random_range(0..legal.len())])
                            .expect("a legal move");
                        check(&s);
                    }
                }
                let room =
                    board != "(square 3)" || text.contains("line 2") || text.contains("line 3");
                assert!(found > 0 || !room, "{board} {text}: some line is found");
            }
        }
    }
}
