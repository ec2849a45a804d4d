//! Carry: pieces lifted off the top of a stack and dropped along a line, at least one on each
//! site passed, as Tak and Focus move. The stacks mix owners: the top decides who controls one.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::{Dirs, Gen, MoveExpr, Site, NO_SITE};
use crate::compile::{Compiler, Needs};
use crate::engine::{Board, Ctx, Effects, Game, Move};
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Lifts up to `max:` pieces off the top of a stack the mover controls (its top piece is
    /// theirs) and carries them along one of the directions, dropping at least one, from the
    /// bottom of those carried, on each site passed, until none is left; the piece that was on
    /// top lands last, as it was. Pieces land only on empty sites and on plain pieces (the first
    /// kind in its first state), which is what keeps every piece beneath a top plain; with
    /// `flatten:` and `by:`, a piece of the `by:` kind dropped alone as the last drop may also
    /// land on a piece of the `flatten:` kind, which becomes plain. Stacks then mix owners, each
    /// layer keeping its owner. Written `c3-e3:12`: from c3, one piece dropped on d3 and two on
    /// e3.
    name: "carry",
    kind: Moves,
    positional: [
        /// the directions a stack is carried in: a direction, a group such as Orthogonal, or a
        /// list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// the most pieces lifted at once, 1 to 9 (the carry limit)
        req("max", O(Int)),
        /// a kind of piece that a piece of the `by:` kind, dropped alone as the last drop, may
        /// land on and flatten into a plain piece
        opt("flatten", O(Str)),
        /// the kind of piece that flattens
        opt("by", O(Str)),
        THEN,
    ],
    example: "(carry Orthogonal max:5 flatten:\"Wall\" by:\"Capstone\")",
    lower: Lower::Moves(carry),
    refs: [Ref::Kind(Arg::Key("flatten")), Ref::Kind(Arg::Key("by"))],
}];

/// The most pieces a carry lifts: each drop is written as one digit.
const MAX_CARRIED: i64 = 9;

fn carry(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let max = node.named("max").and_then(|n| n.as_int()).unwrap_or(0);
    if !(1..=MAX_CARRIED).contains(&max) {
        c.error(
            node.named("max").unwrap_or(node),
            format!("a carry lifts 1 to {MAX_CARRIED} pieces at once, not {max}"),
            "write a carry limit such as `max:5`",
        );
    }
    let (flatten, by) = (c.kind(node.named("flatten")), c.kind(node.named("by")));
    if flatten.is_some() != by.is_some() {
        let at = node.named("flatten").or(node.named("by")).unwrap_or(node);
        c.error(
            at,
            "a piece is flattened by a kind of piece: `flatten:` and `by:` go together",
            "write both, as `flatten:\"Wall\" by:\"Capstone\"`",
        );
    }
    c.needs.insert(Needs::LAYERS);
    c.gen(
        Gen::Carry(Carry {
            dirs,
            max: max.clamp(1, MAX_CARRIED) as u16,
            flatten: flatten.zip(by),
        }),
        node,
    )
}

/// Pieces carried off a stack and dropped along a line.
#[derive(Debug, Clone, PartialEq)]
pub struct Carry {
    /// The directions, as each player reads them.
    pub dirs: Dirs,
    /// The most pieces lifted at once.
    pub max: u16,
    /// The kind flattened, and the kind that flattens it.
    pub flatten: Option<(u8, u8)>,
}

/// A carry's drops as the move's chain keeps them: the pieces carried in the low four bits,
/// then one bit after each piece dropped (from the bottom) but the last, set where the carry
/// goes on to the next site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Drops(u64);

impl Drops {
    /// The pieces carried.
    fn carried(self) -> u16 {
        (self.0 & 0xF) as u16
    }

    /// The pieces dropped on each site in turn.
    fn each(self) -> impl Iterator<Item = u16> {
        let n = self.carried();
        let mut run = 0;
        (0..n).filter_map(move |i| {
            run += 1;
            let on = i + 1 < n && self.0 >> (4 + i) & 1 == 1;
            (on || i + 1 == n).then(|| std::mem::replace(&mut run, 0))
        })
    }
}

impl Carry {
    /// How many patterns of drops its carries may have: for each number of pieces carried, one
    /// for each way of splitting them among sites.
    pub fn patterns(&self) -> u64 {
        (1u64 << self.max) - 1
    }

    /// The number of a carry's pattern of drops, below [`Carry::patterns`]: those of fewer
    /// pieces first, then by where the carry goes on to the next site.
    pub fn pattern_of(&self, m: Move) -> Option<u64> {
        let drops = Drops(m.chain_bits());
        let n = drops.carried();
        if n == 0 || n > self.max {
            return None;
        }
        let splits = (drops.0 >> 4) & ((1u64 << (n - 1)) - 1);
        Some((1u64 << (n - 1)) - 1 + splits)
    }

    /// Whether a carried piece may land on site `t`: empty, or a plain piece on top.
    #[inline]
    fn open(board: &Board, t: Site) -> bool {
        let c = board.cells[t as usize];
        c.count == 0 || (c.kind == 0 && c.state == 0)
    }

    /// Every split of `n` pieces into drops on at most `sites` sites, each as its [`Drops`]
    /// and the number of sites it reaches.
    fn splits(n: u16, sites: u16, out: &mut impl FnMut(Drops, u16)) {
        fn go(n: u16, i: u16, bits: u64, used: u16, sites: u16, out: &mut impl FnMut(Drops, u16)) {
            if i + 1 >= n {
                out(Drops(bits), used);
                return;
            }
            go(n, i + 1, bits, used, sites, out);
            if used < sites {
                go(n, i + 1, bits | 1 << (4 + i), used + 1, sites, out);
            }
        }
        if sites > 0 {
            go(n, 0, u64::from(n), 1, sites, out);
        }
    }
}

impl Carry {
    /// The carries of `n` pieces that drop one or more on each of the `open` sites and the
    /// piece on top alone on the piece it flattens, the move's site.
    fn flattening(&self, n: u16, open: u16, m: Move, out: &mut Vec<Move>) {
        if n == 1 {
            out.push(m.with_chain_bits(1));
            return;
        }
        Carry::splits(n - 1, open, &mut |drops, used| {
            if used == open {
                // The pieces beneath as the split says, then a step on before the last.
                let bits = drops.0 & !0xF | u64::from(n) | 1 << (4 + n - 2);
                out.push(m.with_chain_bits(bits));
            }
        });
    }
}

impl MoveFamily for Carry {
    #[inline(never)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let topology = &game.topology;
        let mut line = [NO_SITE; MAX_CARRIED as usize + 1];
        for s in board.owned[mover as usize].iter_in(topology.words) {
            let top = board.cells[s as usize];
            let most = top.count.min(self.max);
            for &d in self.dirs.of(mover) {
                // The sites along the line, as far as pieces may land, and the one after.
                let (mut open, mut t) = (0u16, topology.neighbour(s, d));
                while t != NO_SITE && open < most && Carry::open(board, t) {
                    line[open as usize] = t;
                    open += 1;
                    t = topology.neighbour(t, d);
                }
                let flattens = self.flatten.is_some_and(|(flat, by)| {
                    top.kind == by && t != NO_SITE && board.cells[t as usize].kind == flat
                });
                for n in 1..=most {
                    Carry::splits(n, open, &mut |drops, used| {
                        let to = line[used as usize - 1];
                        out.push(Move::new(g, s, to).with_dir(d).with_chain_bits(drops.0));
                    });
                    // Onto the piece flattened: the last drop alone, after one on each open site.
                    if flattens && n > open {
                        self.flattening(n, open, Move::new(g, s, t).with_dir(d), out);
                    }
                }
            }
        }
    }

    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let topology = &on.game.topology;
        let (Some(from), Some(d)) = (m.from(), m.dir()) else {
            return Effects::default();
        };
        let drops = Drops(m.chain_bits());
        let mut carried = board.lift(from as usize, drops.carried());
        let mut t = from;
        for k in drops.each() {
            t = topology.neighbour(t, d);
            if t == NO_SITE {
                break;
            }
            board.drop_onto(t as usize, &mut carried, k);
        }
        Effects::default()
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        format!("{from}-{to}")
    }

    fn notation_of(
        &self,
        _game: &Game,
        _board: &Board,
        m: Move,
        from: &str,
        to: &str,
        _enemy: bool,
    ) -> String {
        let drops: String = Drops(m.chain_bits())
            .each()
            .map(|k| char::from_digit(u32::from(k), 10).unwrap_or('?'))
            .collect();
        format!("{from}-{to}:{drops}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(n: u16, sites: u16) -> Vec<Vec<u16>> {
        let mut out = Vec::new();
        Carry::splits(n, sites, &mut |d, used| {
            let each: Vec<u16> = d.each().collect();
            assert_eq!(each.len() as u16, used);
            assert_eq!(each.iter().sum::<u16>(), n);
            out.push(each);
        });
        out.sort();
        out
    }

    #[test]
    fn the_splits_of_three_pieces_over_two_sites() {
        assert_eq!(all(3, 2), vec![vec![1, 2], vec![2, 1], vec![3]]);
        assert_eq!(all(3, 5).len(), 4);
        assert_eq!(all(1, 1), vec![vec![1]]);
        assert!(all(2, 0).is_empty());
    }
}
