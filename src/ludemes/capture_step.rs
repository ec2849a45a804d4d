//! Capture-step: a step along a line that captures by approach or withdrawal, chained, the
//! whole chain one move.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
    THEN,
};
use crate::compile::ir::{CaptureTo, Dirs, Gen, MoveExpr, Site, Sites, DIRECTIONS, NO_SITE};
use crate::compile::Compiler;
use crate::engine::Game;
use crate::engine::{site_name, Board, Ctx, Effects, Move};
use crate::ludemes::hop::land;
use crate::ludemes::{Arg, Lower, Ref};
use crate::ludemes::{MoveFamily, MoverTurn};
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// A piece of the mover steps to an adjacent empty site along a line and captures: by
    /// approach, the opposing piece just beyond its landing, the same way, and the unbroken line
    /// of opposing pieces behind it; by withdrawal, the opposing piece just behind its origin
    /// and the unbroken line behind that. Where both are possible they are two moves, the mover
    /// choosing (`e2-e3A`, `e2-e3W`). A step that captures nothing is no move of this ludeme.
    /// The captured pieces leave at once, and the piece goes on capturing from its landing
    /// while it can, under the `chain:` rules: the whole chain is one move, written as its
    /// steps (`d2-e3A-e4W`). Only the chains that cannot go on are moves, or every chain with
    /// `may-stop:true`. A chain ends at 11 steps, the most a move records. The piece keeps its
    /// kind and state; `then:` runs once, after the chain. Boards whose directions come in
    /// opposite pairs (square grids and graphs of lines).
    name: "capture-step",
    kind: Moves,
    positional: [
        /// the directions of every step of the chain: a direction, a group such as All or
        /// Orthogonal, or a list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// how a step captures: Approach, Withdrawal, or both (the default)
        opt("by", OL(LineCapture)),
        /// the rules of going on: NewDirection (never the same direction twice in a row),
        /// NewSite (never onto a site the piece stood on this turn, its origin included), or
        /// None (a capture ends the move); no rule if absent
        opt("chain", OL(ChainRule)),
        /// true: the player may stop after any capture of the chain, so every part of a chain
        /// from its start is a move too
        opt("may-stop", O(Switch)),
        /// only pieces of this kind step
        opt("kind", O(Str)),
        /// where the captured pieces go: the mover's store (Store, the default), their owner's
        /// hand (Hand), off the game (Removed), or the mover's hand as its own (Captor)
        opt("captured", O(CaptureTo)),
        THEN,
    ],
    example: "(capture-step All by:{Approach Withdrawal} chain:{NewDirection NewSite} \
              may-stop:true)",
    lower: Lower::Moves(capture_step),
    refs: [Ref::Kind(Arg::Key("kind"))],
}];

fn names(node: Option<&Node>) -> Vec<&str> {
    match node {
        None => Vec::new(),
        Some(n) => match n.as_list() {
            Some(list) => list.iter().filter_map(|n| n.as_name()).collect(),
            None => n.as_name().into_iter().collect(),
        },
    }
}

fn capture_step(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    // A withdrawal reads the way back, and a chain records each step's direction in 3 bits.
    if c.topology.directions != DIRECTIONS {
        c.error(
            node,
            "`capture-step` needs a board whose directions come in opposite pairs",
            "step on a square or rectangular grid, or on a graph of lines",
        );
    }
    let by = names(node.named("by"));
    let chain = names(node.named("chain"));
    if chain.contains(&"None") && chain.len() > 1 {
        if let Some(n) = node.named("chain") {
            c.error(
                n,
                "`None` ends the move at its first capture: no other chain rule applies",
                "write `chain:None` alone, or leave `None` out",
            );
        }
    }
    let may_stop = matches!(
        node.named("may-stop").map(|n| &n.kind),
        Some(NodeKind::Bool(true))
    );
    let kind = c.kind(node.named("kind"));
    let captured = c.capture_to(node.named("captured"));
    c.gen(
        Gen::CaptureStep(CaptureStep {
            dirs,
            approach: by.is_empty() || by.contains(&"Approach"),
            withdrawal: by.is_empty() || by.contains(&"Withdrawal"),
            chain: Chain {
                goes_on: !chain.contains(&"None"),
                new_direction: chain.contains(&"NewDirection"),
                new_site: chain.contains(&"NewSite"),
                may_stop,
            },
            kind,
            captured,
        }),
        node,
    )
}

/// How a capturing piece goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chain {
    /// Whether it goes on capturing at all (`chain:None` says no).
    pub goes_on: bool,
    /// Never the same direction twice in a row.
    pub new_direction: bool,
    /// Never onto a site it stood on this turn, its origin included.
    pub new_site: bool,
    /// Every chain from its start is a move, not only those that cannot go on.
    pub may_stop: bool,
}

/// Steps that capture by approach or withdrawal, chained.
#[derive(Debug, Clone, PartialEq)]
pub struct CaptureStep {
    /// The directions of each step, as each player reads them.
    pub dirs: Dirs,
    /// Whether a step captures by approach.
    pub approach: bool,
    /// Whether a step captures by withdrawal.
    pub withdrawal: bool,
    /// How a capturing piece goes on.
    pub chain: Chain,
    /// The kind of the pieces that step, if only one kind does.
    pub kind: Option<u8>,
    /// Where the captured pieces go.
    pub captured: CaptureTo,
}

/// How one step of a chain captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capture {
    /// The line beyond the landing, the way the piece moved.
    Approach,
    /// The line behind the origin.
    Withdrawal,
}

/// The most steps a chain records: 4 bits a step (3 of direction, 1 of approach or
/// withdrawal) in 44 of the move's 48 chain bits, the last 4 the number of steps.
pub const MAX_STEPS: usize = 11;

/// The chain bits of `steps` steps whose codes are `codes` (4 bits each, in order).
fn chain_bits(codes: u64, steps: usize) -> u64 {
    codes | (steps as u64) << (4 * MAX_STEPS)
}

/// The steps of a move of `capture-step`, in order: each direction and how it captured.
pub fn steps(m: Move) -> impl Iterator<Item = (u8, Capture)> {
    let bits = m.chain_bits();
    let n = ((bits >> (4 * MAX_STEPS)) as usize).min(MAX_STEPS);
    (0..n).map(move |k| {
        let code = (bits >> (4 * k)) & 15;
        let how = if code & 8 == 0 {
            Capture::Approach
        } else {
            Capture::Withdrawal
        };
        ((code & 7) as u8, how)
    })
}

/// The way back from direction `d`, on a board whose directions come in opposite pairs.
#[inline(always)]
fn back(d: u8) -> u8 {
    (d + 4) & 7
}

/// What a chain's walk reads: the position as the chain's piece sees it.
struct Walk<'a> {
    game: &'a Game,
    rule: &'a CaptureStep,
    dirs: &'a [u8],
    origin: Site,
    g: u16,
}

/// Where a chain stands: its site, the opposing pieces left, the filled sites (the moving piece
/// left out), where it stood, and its record so far (codes, steps, last direction).
#[derive(Clone, Copy)]
struct At {
    site: Site,
    theirs: Sites,
    filled: Sites,
    visited: Sites,
    codes: u64,
    steps: usize,
    last: u8,
}

impl Walk<'_> {
    /// Every chain that goes on from `at`, each pushed as a move where the rules make it one.
    fn from(&self, at: &At, out: &mut Vec<Move>) {
        let mut went_on = false;
        let goes_on = at.steps == 0 || self.rule.chain.goes_on;
        if goes_on && at.steps < MAX_STEPS {
            let topology = &self.game.topology;
            let nb = topology.neighbours(at.site);
            for &d in self.dirs {
                let to = nb.get(d as usize).copied().unwrap_or(NO_SITE);
                if to == NO_SITE || at.filled.contains(to) {
                    continue;
                }
                let chain = self.rule.chain;
                if at.steps > 0
                    && ((chain.new_direction && d == at.last)
                        || (chain.new_site && at.visited.contains(to)))
                {
                    continue;
                }
                for how in [Capture::Approach, Capture::Withdrawal] {
                    let first = match how {
                        Capture::Approach if self.rule.approach => topology.neighbour(to, d),
                        Capture::Withdrawal if self.rule.withdrawal => {
                            topology.neighbour(at.site, back(d))
                        }
                        _ => continue,
                    };
                    if first == NO_SITE || !at.theirs.contains(first) {
                        continue;
                    }
                    let way = if how == Capture::Approach { d } else { back(d) };
                    let mut next = *at;
                    let mut t = first;
                    while t != NO_SITE && next.theirs.contains(t) {
                        next.theirs.remove(t);
                        next.filled.remove(t);
                        t = topology.neighbour(t, way);
                    }
                    next.visited.insert(to);
                    let code = d as u64 | ((how == Capture::Withdrawal) as u64) << 3;
                    next.codes |= code << (4 * at.steps);
                    next.steps += 1;
                    next.last = d;
                    next.site = to;
                    went_on = true;
                    if chain.may_stop {
                        out.push(self.chain_move(&next));
                    }
                    self.from(&next, out);
                }
            }
        }
        if !went_on && at.steps > 0 && !self.rule.chain.may_stop {
            out.push(self.chain_move(at));
        }
    }

    fn chain_move(&self, at: &At) -> Move {
        Move::new(self.g, self.origin, at.site).with_chain_bits(chain_bits(at.codes, at.steps))
    }
}

impl MoveFamily for CaptureStep {
    // Out of line: the games without it keep the generators' dispatch as it was.
    #[inline(never)]
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let mine = board.owned[mover as usize];
        let mut walk = Walk {
            game,
            rule: self,
            dirs: self.dirs.of(mover),
            origin: NO_SITE,
            g,
        };
        let theirs = board.filled.and_not(&mine);
        for s in mine.iter_in(game.topology.words) {
            let cell = board.cells[s as usize];
            if self.kind.is_some_and(|k| cell.kind != k) {
                continue;
            }
            walk.origin = s;
            // The moving piece is in no set of the walk: its origin empties if it stood alone.
            let mut filled = board.filled;
            if cell.count == 1 {
                filled.remove(s);
            }
            let mut visited = Sites::default();
            visited.insert(s);
            let at = At {
                site: s,
                theirs,
                filled,
                visited,
                codes: 0,
                steps: 0,
                last: 0,
            };
            walk.from(&at, out);
        }
    }

    #[inline(never)]
    fn apply(&self, on: MoverTurn<'_>, board: &mut Board, m: Move) -> Effects {
        let (topology, mover) = (&on.game.topology, on.mover);
        let me = mover + 1;
        let moving = board.cells[m.from as usize];
        board.take_one(m.from as usize);
        let mut captured = 0;
        let mut at = m.from;
        for (d, how) in steps(m) {
            let to = topology.neighbour(at, d);
            if to == NO_SITE {
                break;
            }
            let (mut t, way) = match how {
                Capture::Approach => (topology.neighbour(to, d), d),
                Capture::Withdrawal => (topology.neighbour(at, back(d)), back(d)),
            };
            while t != NO_SITE {
                let taken = board.cells[t as usize];
                if taken.count == 0 || taken.owner == me {
                    break;
                }
                captured += taken.count as u32;
                board.bank(self.captured, mover, taken, &on.game.demote);
                board.clear(t as usize);
                t = topology.neighbour(t, way);
            }
            at = to;
        }
        land(board, me, m.to, moving);
        Effects {
            captured,
            ..Effects::default()
        }
    }

    fn notation(&self, from: &str, to: &str, _enemy: bool) -> String {
        format!("{from}-{to}")
    }

    fn notation_of(
        &self,
        game: &Game,
        _board: &crate::engine::Board,
        m: Move,
        from: &str,
        _to: &str,
        _enemy: bool,
    ) -> String {
        // Each landing after a `-`, then A for approach or W for withdrawal.
        let mut out = from.to_string();
        let mut at = m.from;
        for (d, how) in steps(m) {
            at = game.topology.neighbour(at, d);
            out.push('-');
            out.push_str(&site_name(game, at));
            out.push(match how {
                Capture::Approach => 'A',
                Capture::Withdrawal => 'W',
            });
        }
        out
    }
}
