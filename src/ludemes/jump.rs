//! Jump: a chain of jumps over single opposing pieces, the whole chain one move.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::{
    CaptureTo, Dirs, Gen, MoveExpr, Site, Sites, DIRECTIONS, MAX_PLAYERS, NO_SITE,
};
use crate::compile::Compiler;
use crate::engine::Game;
use crate::engine::{chain_turn, site_name, Board, Ctx, Effects, Move};
use crate::ludemes::hop::land;
use crate::ludemes::lines::flag;
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// A piece of the mover jumps over an adjacent opposing piece to the empty site just
    /// beyond, the same way, and from its landing must jump on while it can: the whole chain is
    /// one move, written as its landings (`c3xe5xc7`). Every chain that cannot go on is a move,
    /// whatever it captures, so a chain that branches lists one move per branch (with
    /// `may-stop:true`, every chain, each beginning of one too: `a1xc1` and `a1xc1xe1`). The
    /// jumped pieces stay until the chain ends (none is jumped twice or landed on), then go
    /// where `captured:` says; the piece's origin counts as empty. The piece keeps its kind and
    /// state; `then:` runs once, after the chain, which landed on its last landing. A chain
    /// ends at 16 jumps, the most a move records. Boards whose directions come in opposite
    /// pairs (square and hexagonal grids).
    name: "jump",
    kind: Moves,
    positional: [
        /// the directions of every jump of the chain: a direction, a group such as Diagonal or
        /// ForwardDiagonal, or a list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// only pieces of this kind jump
        opt("kind", O(Str)),
        /// where the jumped pieces go: the mover's store (Store, the default), their owner's
        /// hand (Hand), off the game (Removed), or the mover's hand as its own (Captor)
        opt("captured", O(CaptureTo)),
        /// true: every jump of a chain goes the way of the first (false, the default: any of
        /// the directions)
        opt("straight", O(Switch)),
        /// true: the chain may stop after any jump, so that every chain and each of its
        /// beginnings is a move (false, the default: a chain goes on while it can)
        opt("may-stop", O(Switch)),
        /// true: the piece flies, as a draughts king does: each jump crosses any number of
        /// empty sites to the first piece along the line, an opposing piece not jumped
        /// before, and lands on any empty site beyond it, before the next piece. The jumped
        /// pieces stay until the chain ends, so none is crossed twice. A flying chain records
        /// at most 8 jumps, each landing at most 8 sites beyond its piece
        opt("flying", O(Switch)),
        /// true: a move is known by the pieces it takes and where it ends, so two chains of one
        /// piece over the same pieces to the same site are one move (the first found), as the
        /// FMJD counts them; false, the default: chains through other landings are two moves
        opt("one-per-capture", O(Switch)),
        THEN,
    ],
    example: "(jump Orthogonal straight:true may-stop:true)",
    lower: Lower::Moves(jump),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

fn jump(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    // A chain records each jump as a turn from the way back: the board must have one.
    if c.topology.directions != DIRECTIONS {
        c.error(
            node,
            "`jump` needs a board whose directions come in opposite pairs",
            "jump on a square, rectangular or hexagonal board",
        );
    }
    let kind = c.kind(node.named("kind"));
    let captured = c.capture_to(node.named("captured"));
    let (straight, may_stop) = (flag(c, node, "straight"), flag(c, node, "may-stop"));
    let flying = flag(c, node, "flying");
    let one_per_capture = flag(c, node, "one-per-capture");
    if flying && (straight || may_stop) {
        c.error(
            node,
            "a flying `jump` goes on while it can, in any of its directions",
            "leave out `straight:` and `may-stop:`, or `flying:`",
        );
    }
    c.gen(
        Gen::Jump(Jump {
            dirs,
            kind,
            captured,
            flying,
            straight,
            may_stop,
            one_per_capture,
        }),
        node,
    )
}

/// A chain of jumps over single opposing pieces.
#[derive(Debug, Clone, PartialEq)]
pub struct Jump {
    /// The directions of each jump, as each player reads them.
    pub dirs: Dirs,
    /// The kind of the pieces that jump, if only one kind does.
    pub kind: Option<u8>,
    /// Where the jumped pieces go.
    pub captured: CaptureTo,
    /// Whether every jump of a chain goes the way of the first.
    pub straight: bool,
    /// Whether a chain may stop after any jump: each beginning of a chain is a move too.
    pub may_stop: bool,
    /// Whether the piece flies: crosses empty sites before and after each jumped piece.
    pub flying: bool,
    /// Whether two chains of one piece over the same pieces to the same site are one move.
    pub one_per_capture: bool,
}

mod flying;

/// What a chain's walk reads: the position as the chain's piece sees it, its site sets in the
/// `W` words the board needs.
struct Walk<'a, const W: usize> {
    game: &'a Game,
    /// The occupied sites.
    filled: Sites<W>,
    /// The opposing pieces.
    theirs: Sites<W>,
    dirs: &'a [u8],
    /// The piece's origin, empty while it jumps if it was alone there.
    origin: Site,
    origin_empties: bool,
    g: u16,
}

impl<const W: usize> Walk<'_, W> {
    /// Whether the chain's piece sees `s` empty: nothing there, or its own origin left.
    #[inline(always)]
    fn empty(&self, s: Site) -> bool {
        !self.filled.contains(s) || (s == self.origin && self.origin_empties)
    }

    /// Every chain that goes on from `at`, reached by the jumps in `bits` (`len` of them, the
    /// last in direction `last`) over the pieces in `jumped`, ending each that cannot go on:
    /// with `STRAIGHT` each jump the way of the first, with `MAY_STOP` every chain a move. The
    /// switches are constants so that a chain without them runs the walk it always ran.
    fn from<const STRAIGHT: bool, const MAY_STOP: bool>(
        &self,
        at: Site,
        jumped: &mut Sites<W>,
        (bits, len, last): (u64, usize, u8),
        out: &mut Vec<Move>,
    ) {
        // A chain that may stop is a move as soon as it has a jump, before those going on.
        let stops = MAY_STOP && len > 0;
        if stops {
            out.push(Move::new(self.g, self.origin, at).with_chain_bits(bits));
        }
        let mut went_on = false;
        if len < Move::MAX_JUMPS {
            let nb = self.game.topology.neighbours(at);
            let dirs = if STRAIGHT && len > 0 {
                std::slice::from_ref(&last)
            } else {
                self.dirs
            };
            for &d in dirs {
                let over = nb.get(d as usize).copied().unwrap_or(NO_SITE);
                if over == NO_SITE || !self.theirs.contains(over) || jumped.contains(over) {
                    continue;
                }
                let land = self.game.topology.neighbour(over, d);
                if land == NO_SITE || !self.empty(land) {
                    continue;
                }
                went_on = true;
                // The way back is never taken (it would jump `over` again), so a later jump's
                // code is never zero on the boards `jump` accepts.
                let code = if len == 0 { d } else { chain_turn(last, d) };
                debug_assert!(len == 0 || code != 0);
                jumped.insert(over);
                self.from::<STRAIGHT, MAY_STOP>(
                    land,
                    jumped,
                    (bits | (code as u64) << (3 * len), len + 1, d),
                    out,
                );
                jumped.remove(over);
            }
        }
        if !went_on && len > 0 && !stops {
            out.push(Move::new(self.g, self.origin, at).with_chain_bits(bits));
        }
    }
}

impl Jump {
    /// The pieces chain `m` jumps, on `board` before it is played.
    fn jumped(&self, game: &Game, board: &Board, m: Move) -> Sites {
        let mut set = Sites::default();
        if self.flying {
            for (over, _) in flying::path(game, board, m) {
                set.insert(over);
            }
        } else {
            let mut at = m.from;
            for d in m.jumps() {
                let over = game.topology.neighbour(at, d);
                set.insert(over);
                at = game.topology.neighbour(over, d);
            }
        }
        set
    }

    /// Keeps one of the chains from one origin (those from `start` on) that jump the same
    /// pieces and land on the same site: they are one move, taken in either order.
    #[cold]
    fn merge_alike(&self, game: &Game, board: &Board, start: usize, out: &mut Vec<Move>) {
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            let alike = (start..keep).any(|k| {
                out[k].to == m.to && self.jumped(game, board, out[k]) == self.jumped(game, board, m)
            });
            if !alike {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Every chain of the pieces `origins` of the mover, walked with the switches as constants,
    /// the site sets in the `W` words the board needs.
    #[inline(always)]
    fn chains<
        const W: usize,
        const FLYING: bool,
        const STRAIGHT: bool,
        const MAY_STOP: bool,
        const MERGE: bool,
    >(
        &self,
        ctx: &Ctx,
        (g, origins): (u16, Sites<W>),
        out: &mut Vec<Move>,
    ) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize & (MAX_PLAYERS - 1)].narrow::<W>();
        let filled = board.filled.narrow::<W>();
        let dirs = self.dirs.of(mover);
        let mut walk = Walk {
            game,
            filled,
            theirs: filled.and_not(&mine),
            dirs,
            origin: NO_SITE,
            origin_empties: false,
            g,
        };
        let mut jumped = Sites::<W>::default();
        for s in origins.iter() {
            let cell = board.cells[s as usize];
            if self.kind.is_some_and(|k| cell.kind != k) {
                continue;
            }
            walk.origin = s;
            walk.origin_empties = cell.count == 1;
            let start = out.len();
            if FLYING {
                walk.fly(s, &mut jumped, (0, 0, 0), out);
            } else {
                walk.from::<STRAIGHT, MAY_STOP>(s, &mut jumped, (0, 0, 0), out);
            }
            if MERGE && out.len() - start > 1 {
                self.merge_alike(game, board, start, out);
            }
        }
    }
}

/// The sites of `jumpers` (of the mover's pieces `mine`) with a first jump: an opposing piece
/// beside them in one of `dirs` with an empty site beyond. `None` where a direction is no shift
/// of site sets on this board.
#[inline(always)]
fn first_jumps<const W: usize>(
    game: &Game,
    dirs: &[u8],
    (jumpers, mine): (&Sites<W>, &Sites<W>),
    filled: &Sites<W>,
) -> Option<Sites<W>> {
    let t = &game.topology;
    // Read in place: a ray's set copied whole is eight words.
    let rays = t.steps.as_ref()?;
    let theirs = filled.and_not(mine);
    let empty = t.board_sites.narrow::<W>().and_not(filled);
    let mut out = Sites::<W>::default();
    for &d in dirs {
        let (delta, from) = rays.get(d as usize)?;
        let from = from.narrow::<W>();
        // The opposing pieces with an empty site beyond, then the pieces beside them.
        let over = theirs.and(&from).and(&empty.beyond(*delta));
        out = out.or(&jumpers.and(&from).and(&over.beyond(*delta)));
    }
    Some(out)
}

impl Jump {
    /// Every flying chain of the mover, the site sets in `W` words: the switch made a constant.
    #[inline(always)]
    fn flights<const W: usize>(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let mine = ctx.board.owned[ctx.mover as usize & (MAX_PLAYERS - 1)].narrow::<W>();
        // A flying chain goes on while it can, in any of its directions (`jump` refuses the
        // switches with it), from any piece: it may cross empty sites first.
        match self.one_per_capture {
            true => self.chains::<W, true, false, false, true>(ctx, (g, mine), out),
            false => self.chains::<W, true, false, false, false>(ctx, (g, mine), out),
        }
    }

    /// Every chain of the pieces `origins` of the mover, not flying, the site sets in `W` words:
    /// the switches made constants. Out of line: a position with no first jump, the commonest,
    /// returns before the walk's set-up.
    #[inline(never)]
    fn chains_in<const W: usize>(
        &self,
        ctx: &Ctx,
        (g, origins): (u16, Sites<W>),
        out: &mut Vec<Move>,
    ) {
        let at = (g, origins);
        match (self.straight, self.may_stop, self.one_per_capture) {
            (false, false, false) => self.chains::<W, false, false, false, false>(ctx, at, out),
            (true, false, false) => self.chains::<W, false, true, false, false>(ctx, at, out),
            (false, true, false) => self.chains::<W, false, false, true, false>(ctx, at, out),
            (true, true, false) => self.chains::<W, false, true, true, false>(ctx, at, out),
            (straight, may_stop, true) => match (straight, may_stop) {
                (false, false) => self.chains::<W, false, false, false, true>(ctx, at, out),
                (true, false) => self.chains::<W, false, true, false, true>(ctx, at, out),
                (false, true) => self.chains::<W, false, false, true, true>(ctx, at, out),
                (true, true) => self.chains::<W, false, true, true, true>(ctx, at, out),
            },
        }
    }

    /// Every chain of this family, the site sets in `W` words, for a caller already in its
    /// width: the first jumps found inline, the walk called only where there is one. A draw that
    /// calls it so saves a call and the width's dispatch each time no piece can jump (draughts
    /// 2% an edge). A flying family goes through [`MoveFamily::generate`].
    #[inline(always)]
    pub(crate) fn generate_in<const W: usize>(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        if self.flying {
            return MoveFamily::generate(self, ctx, g, out);
        }
        // Most positions have no first jump: nothing more is done.
        let origins = self.origins::<W>(ctx);
        if !origins.is_empty() {
            self.chains_in::<W>(ctx, (g, origins), out)
        }
    }

    /// The pieces of the mover that can begin a chain that does not fly, in `W` words: those
    /// with a first jump, found by shifts of site sets where the board has them, else all; only
    /// those of the family's kind where the board keeps the kinds' sites.
    #[inline(always)]
    fn origins<const W: usize>(&self, ctx: &Ctx) -> Sites<W> {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize & (MAX_PLAYERS - 1)].narrow::<W>();
        let jumpers = match self.kind.and_then(|k| board.kinds.sites::<W>(k)) {
            Some(kind) => mine.and(&kind),
            None => mine,
        };
        // No piece of the kind (no king yet, most of a game): no direction to try.
        if jumpers.is_empty() {
            return jumpers;
        }
        first_jumps(
            game,
            self.dirs.of(mover),
            (&jumpers, &mine),
            &board.filled.narrow::<W>(),
        )
        .unwrap_or(jumpers)
    }
}

impl MoveFamily for Jump {
    // Out of line: the games without jumps keep the generators' dispatch as it was.
    #[inline(never)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        // The site sets narrowed to the words the board needs: one word up to 64 sites.
        crate::board::sites::by_width!(ctx.game.topology.words, |W| {
            if self.flying {
                return self.flights::<W>(ctx, g, out);
            }
            self.generate_in::<W>(ctx, g, out)
        })
    }

    #[inline(never)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        if self.flying {
            return flying::apply(self, on, board, m);
        }
        let (topology, mover) = (&on.game.topology, on.mover);
        let moving = board.cells[m.from as usize];
        // A chain that ends away from its origin lands on an empty site: the piece moves there
        // at once, as a step does (draughts 1% an edge). One back on its origin lands on what
        // its stack left there.
        let away = m.from != m.to;
        match away {
            true => board.move_one(m.from as usize, m.to as usize),
            false => board.take_one(m.from as usize),
        }
        let mut captured = 0;
        let mut at = m.from;
        for d in m.jumps() {
            let over = topology.neighbour(at, d);
            if over == NO_SITE {
                break;
            }
            let taken = board.cells[over as usize];
            captured += taken.count as u32;
            board.bank(self.captured, mover, taken, &on.game.demote);
            board.clear(over as usize);
            at = topology.neighbour(over, d);
        }
        if !away {
            land(board, mover + 1, m.to, moving);
        }
        Effects {
            captured,
            ..Effects::default()
        }
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        format!("{from}x{to}")
    }

    fn notation_of(
        &self,
        game: &Game,
        board: &Board,
        m: Move,
        from: &str,
        _to: &str,
        _enemy: bool,
    ) -> String {
        if self.flying {
            return flying::notation(game, board, m, from);
        }
        // The landings, each after an `x`.
        let mut out = from.to_string();
        let mut at = m.from;
        for d in m.jumps() {
            at = game.topology.neighbour(game.topology.neighbour(at, d), d);
            out.push('x');
            out.push_str(&site_name(game, at));
        }
        out
    }
}
