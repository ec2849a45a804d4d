//! Removal: a move that also takes one chosen piece of a player when a condition holds after
//! it (a mill formed). Given to generators as `remove:`; one move per piece it may take.

use crate::check::registry::{opt, req, Kind::*, Ludeme, Param, Shape::One as O};
use crate::compile::ir::{
    by_width, CaptureTo, Choice, Cond, GenDef, Leaf, Site, Sites, Who, NO_SITE,
};
use crate::compile::Compiler;
use crate::engine::Game;
use crate::engine::{Board, Cell, Ctx, Last, Move};
use crate::ludemes::lines::{self, Line};
use crate::ludemes::Lower;
use crate::ludemes::{Gen, MoverTurn};
use crate::syntax::Node;
use std::cell::RefCell;

mod word;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// Given to a move generator as `remove:`: after each of its moves, if `when:` holds, the
    /// move also takes one piece of the player, one move per piece it may take (written
    /// `place d1xg7`, `a4-a1xg7`). If the player has no piece on the board the move stands
    /// alone. The piece goes before the move's `then:` effects.
    name: "remove",
    kind: Removal,
    positional: [
        /// whose piece is taken: Mover, Next, Prev, or P1 to P4
        req("player", O(Role)),
    ],
    named: [
        /// the condition after the move (read with the move as the last, `Mover` its maker)
        /// under which it takes a piece
        req("when", O(Cond)),
        /// a condition on each piece that may be taken, read with its site as the last move's:
        /// only those where it holds may be taken, unless it holds for none
        opt("prefer", O(Cond)),
        /// where the piece goes: Removed (out of the game) if absent, Store, Hand, or Captor (the
        /// mover's hand, as its own)
        opt("captured", O(CaptureTo)),
    ],
    example: "(remove Next when:(line 3 Mover through-last:true) prefer:(not (line 3 Next \
              through-last:true)))",
    lower: Lower::Part,
    refs: [],
}];

/// The argument of the generators that can take a chosen piece.
pub(crate) const REMOVE: Param = param! {
    /// a piece the move also takes, `(remove ...)`: one move per piece it may take
    opt("remove", O(Removal))
};

thread_local! {
    /// The board a move is tried on to read `when:` after it.
    static AFTER: RefCell<Board> = RefCell::new(Board::default());
}

/// A removal, compiled.
#[derive(Debug, Clone, PartialEq)]
pub struct Removal {
    /// Whose piece is taken.
    pub who: Who,
    /// When, read after the move.
    pub when: Choice,
    /// The pieces preferred, read per site.
    pub prefer: Option<Choice>,
    /// Where the piece goes.
    pub captured: CaptureTo,
    /// `when:` when it is a line through the last move's site alone (a mill): read without
    /// trying the move, for the moves that change two owners only.
    pub mill: Option<Line>,
    /// `prefer:` when it is a line through the last move's site or its negation: the line and
    /// whether it must hold, read without the compiled program.
    pub prefer_line: Option<(Line, bool)>,
    /// For a mill, each site's neighbours along the axes of its line and of `prefer:`'s: a piece
    /// with none of its owner's among them is on no line of two or more.
    pub near: Box<[Sites]>,
    /// For a mill, each site's sites within the line's length less one along its axes: a
    /// landing with fewer of the owner's pieces there than that makes no line.
    pub reach: Box<[Sites]>,
    /// For a mill on a board of one word, with `prefer:` absent or a line: both lines as
    /// windows of sites, read with a few word operations a move.
    pub word: Option<word::Mills>,
}

/// The removal a generator's `remove:` asks for, if it asks for one.
pub(crate) fn lower(c: &mut Compiler<'_>, node: &Node) -> Option<Removal> {
    let r = node.named("remove")?;
    let when = r.named("when").map_or(Cond::Const(false), |n| c.cond(n));
    let prefer = r.named("prefer").map(|n| c.cond(n));
    let line = |c: &Cond| match c {
        Cond::Leaf(Leaf::Line(l)) if l.through_last => Some(l.clone()),
        _ => None,
    };
    let prefer_line = prefer.as_ref().and_then(|p| match p {
        Cond::Not(inner) => line(inner).map(|l| (l, false)),
        p => line(p).map(|l| (l, true)),
    });
    let mill = line(&when);
    let t = &c.topology;
    // Only a mill reads it.
    let count = if mill.is_some() { t.sites() } else { 0 };
    // The axes of both lines: a mask wider than one line's rejects less, never wrongly.
    let axes =
        mill.as_ref().map_or(0, |l| l.axes) | prefer_line.as_ref().map_or(0, |(l, _)| l.axes);
    // Each site's sites up to `reach` steps away along the axes, the site itself left out.
    let within = |axes: u8, reach: usize| -> Box<[Sites]> {
        (0..count as Site)
            .map(|s| {
                let mut out = Sites::default();
                for d in (0..8u8).filter(|d| axes & (1 << (d % 4)) != 0) {
                    let mut x = s;
                    for _ in 0..reach {
                        x = t.neighbour(x, d);
                        if x == NO_SITE {
                            break;
                        }
                        out.insert(x);
                    }
                }
                out.remove(s);
                out
            })
            .collect()
    };
    let near = within(axes, 1);
    let reach = mill
        .as_ref()
        .map_or(Box::default(), |l| within(l.axes, l.length as usize - 1));
    let mut removal = Removal {
        mill,
        near,
        reach,
        prefer_line,
        who: c.who(r.pos(0)),
        when: Choice::of(&when),
        prefer: prefer.as_ref().map(Choice::of),
        captured: match r.named("captured") {
            Some(n) => c.capture_to(Some(n)),
            None => CaptureTo::Removed,
        },
        word: None,
    };
    removal.word = word::Mills::of(&c.topology, &removal);
    Some(removal)
}

/// Whether each move of `gen` changes the owners of its origin and landing alone: a step that
/// takes no piece in passing, a relocation, or a placement of the mover's own pieces that
/// flanks and surrounds nothing.
fn lands_alone(gen: &Gen) -> bool {
    match gen {
        Gen::Step(s) => s.in_passing.is_none(),
        Gen::Relocate(_) => true,
        Gen::Place(p) => p.flank.is_none() && p.surround.is_none() && p.of.is_none(),
        _ => false,
    }
}

/// The origin and landing of move `m` with their owners after it, when it changes no other
/// site's owner ([`lands_alone`]): a step or a relocation (one piece of the origin's stack
/// moves), or a placement.
#[inline(always)]
fn landing(gen: &Gen, ctx: &Ctx, m: Move) -> Option<((Site, u8), (Site, u8))> {
    if !lands_alone(gen) {
        return None;
    }
    match gen {
        Gen::Step(_) | Gen::Relocate(_) => {
            let moving = ctx.board.cells.get(m.from as usize)?;
            let left = if moving.count > 1 { moving.owner } else { 0 };
            Some(((m.from, left), (m.to, moving.owner)))
        }
        Gen::Place(p) => {
            let owner = if p.count > 0 { ctx.mover + 1 } else { 0 };
            Some(((m.to, owner), (m.to, owner)))
        }
        _ => None,
    }
}

impl Removal {
    /// Replaces the moves `out[start..]` of generator `g` by their removals: each move that
    /// meets `when:` becomes one move per piece it may take.
    #[inline(never)]
    pub(crate) fn expand(&self, ctx: &Ctx, g: u16, start: usize, out: &mut Vec<Move>) {
        let end = out.len();
        let Some(def) = ctx.game.gens.get(g as usize) else {
            return;
        };
        if let Some(word) = &self.word {
            if word.expand(self, ctx, &def.gen, start, out) {
                return;
            }
        }
        // The moves before the first that may make a mill keep their place: in most positions
        // none may, and the list is left as it is.
        let first = match &self.mill {
            Some(l) => by_width!(ctx.game.topology.words, |W| self.first_mill::<W>(
                ctx,
                &def.gen,
                l,
                &out[start..end]
            ))
            .map_or(end, |i| start + i),
            None => start,
        };
        if first < end {
            self.expand_from(ctx, def, first, out);
        }
    }

    /// Replaces the moves `out[first..]` of generator `def` by their removals, move by move.
    fn expand_from(&self, ctx: &Ctx, def: &GenDef, first: usize, out: &mut Vec<Move>) {
        let end = out.len();
        let mut spare = None;
        AFTER.with(|cell| {
            let mut borrowed = cell.try_borrow_mut();
            let board: &mut Board = match &mut borrowed {
                Ok(b) => b,
                Err(_) => spare.insert(Board::default()),
            };
            for i in first..end {
                let m = out[i];
                // Most moves make no mill: those are read on the board as it stands.
                let read = self.mill.as_ref().zip(landing(&def.gen, ctx, m));
                if read.is_some_and(|(l, (from, to))| {
                    !self.within_reach(ctx, l, from, to) || !lines::holds_after(ctx, l, from, to)
                }) {
                    out.push(m);
                    continue;
                }
                self.push_removals(ctx, def, board, m, out);
            }
        });
        out.drain(first..end);
    }

    /// The place among `moves` of the first that the board as it stands does not show to make
    /// no mill `l`: the test of [`Removal::expand`]'s loop, on site sets of `W` words.
    fn first_mill<const W: usize>(
        &self,
        ctx: &Ctx,
        gen: &Gen,
        l: &Line,
        moves: &[Move],
    ) -> Option<usize> {
        let owner = ctx.who(l.who);
        let own: Sites<W> = ctx.board.owned[owner as usize].narrow();
        moves.iter().position(|&m| {
            let Some((from, to)) = landing(gen, ctx, m) else {
                return true;
            };
            let Some(reach) = self.reach.get(to.0 as usize) else {
                return lines::holds_after(ctx, l, from, to);
            };
            let reach: Sites<W> = reach.narrow();
            let gone = from.1 != owner + 1 && reach.contains(from.0) && own.contains(from.0);
            let near = own.and(&reach).len() - u32::from(gone) + 1 >= l.length as u32;
            near && lines::holds_after(ctx, l, from, to)
        })
    }

    /// Pushes move `m`'s removals, or `m` alone if `when:` does not hold after it or the player
    /// has no piece to take: `m` tried on `board`.
    #[inline(always)]
    fn push_removals(
        &self,
        ctx: &Ctx,
        def: &GenDef,
        board: &mut Board,
        m: Move,
        out: &mut Vec<Move>,
    ) {
        board.clone_from(ctx.board);
        let on = MoverTurn {
            game: ctx.game,
            clock: ctx.clock,
            mover: ctx.mover,
        };
        let fx = def.gen.apply(on, board, m);
        let mut slot = None;
        let clock = fx.clock_after(ctx.game, ctx.clock, m, &mut slot);
        let after = Ctx::after(ctx.game, clock, board, ctx.mover);
        let theirs = board.owned[after.who(self.who) as usize];
        if theirs.is_empty() || !after.holds(&self.when) {
            out.push(m);
            return;
        }
        let words = ctx.game.topology.words;
        let mark = out.len();
        if let Some(prefer) = &self.prefer {
            // Each piece stands as the last move's site, as `place`'s `if:` reads a site.
            let mut at = *clock;
            for s in theirs.iter_in(words) {
                at.last = Last { from: s, to: s };
                let here = Ctx {
                    clock: &at,
                    ..after
                };
                let preferred = match &self.prefer_line {
                    Some((l, wanted)) => {
                        let on_line = self.beside(&here, l, s) && lines::holds(&here, l);
                        on_line == *wanted
                    }
                    None => here.holds(prefer),
                };
                if preferred {
                    out.push(m.with_removal(s));
                }
            }
        }
        if out.len() == mark {
            out.extend(theirs.iter_in(words).map(|s| m.with_removal(s)));
        }
    }

    /// Whether the mill's owner holds, after the move (the origin `from` emptied or not),
    /// enough pieces within reach of the landing `to` along the line's axes to make a line
    /// through it: a count of a few words, before the runs are walked.
    #[inline(always)]
    fn within_reach(&self, ctx: &Ctx, l: &Line, from: (Site, u8), to: (Site, u8)) -> bool {
        let owner = ctx.who(l.who);
        let Some(reach) = self.reach.get(to.0 as usize) else {
            return true;
        };
        let own = &ctx.board.owned[owner as usize];
        let gone = from.1 != owner + 1 && reach.contains(from.0) && own.contains(from.0);
        own.and(reach).len() - u32::from(gone) + 1 >= l.length as u32
    }

    /// Whether site `s` has a piece of line `l`'s owner beside it along the mask's axes, on
    /// the context's board.
    #[inline(always)]
    fn beside(&self, ctx: &Ctx, l: &Line, s: Site) -> bool {
        let owner = ctx.who(l.who);
        self.near
            .get(s as usize)
            .is_none_or(|near| ctx.board.owned[owner as usize].intersects(near))
    }

    /// Takes the piece the move chose, after the move itself.
    #[inline(never)]
    pub(crate) fn apply(&self, game: &Game, board: &mut Board, mover: u8, m: Move) -> u32 {
        let Some(s) = m
            .removal()
            .filter(|&s| (s as usize) < game.topology.sites())
        else {
            return 0;
        };
        // One piece, the top of a stack.
        let taken = Cell {
            count: board.cells[s as usize].count.min(1),
            ..board.cells[s as usize]
        };
        board.take_one(s as usize);
        board.bank(self.captured, mover, taken, &game.demote);
        taken.count as u32
    }
}

#[cfg(test)]
mod tests {
    use super::Removal;
    use crate::compile::ir::GenDef;
    use crate::engine::{Board, Ctx, Game, Move};
    use rand::{Rng, SeedableRng};

    /// The mill of the tests and its usual `prefer:`.
    const TAKE: &str = "(remove Next when:(line 3 Mover through-last:true) \
                        prefer:(not (line 3 Next through-last:true)))";

    /// The board of Nine Men's Morris, as a graph of its lines.
    const MORRIS: &str = r#"(graph {"a7 d7 g7" "b6 d6 f6" "c5 d5 e5" "a4 b4 c4" "e4 f4 g4"
        "c3 d3 e3" "b2 d2 f2" "a1 d1 g1" "a1 a4 a7" "b2 b4 b6" "c3 c4 c5" "d5 d6 d7" "d1 d2 d3"
        "e3 e4 e5" "f2 f4 f6" "g1 g4 g7"})"#;

    /// A game of mills on `board`: placements, then steps (a piece of three flies), each
    /// taking a piece as `take` says.
    fn game_of(board: &str, take: &str) -> Game {
        let source = format!(
            r#"(game "Mills" (players 2) (equipment {{(board {board}) (hand Each)}})
  (rules (start (hand Each 8))
    (play (if (> (in-hand Mover) 0) (place 1 remove:{take})
      (if (= (pieces-on-board Mover) 3) (relocate remove:{take}) (step All remove:{take}))))
    (end {{(if (or (no-moves Next) (< (+ (pieces-on-board Next) (in-hand Next)) 3)) (result Next Loss))
          (if (>= (moves-played) 120) (result All Draw))}})))"#
        );
        match crate::load::load_source("mills.game", &source, &[]) {
            Ok(g) => g,
            Err(e) => panic!("the test game loads: {e:?}"),
        }
    }

    /// The removals of `listed` with every move tried on a board, `when:` and `prefer:` read
    /// as compiled programs: no line read in place.
    fn tried(removal: &Removal, ctx: &Ctx, def: &GenDef, listed: &[Move]) -> Vec<Move> {
        let plain = Removal {
            mill: None,
            prefer_line: None,
            word: None,
            ..removal.clone()
        };
        let (mut board, mut out) = (Board::default(), Vec::new());
        for &m in listed {
            plain.push_removals(ctx, def, &mut board, m, &mut out);
        }
        out
    }

    /// Every position of random games of `game`, with each generator of a removal and its moves.
    fn each_listing(game: &Game, mut check: impl FnMut(&Ctx, u16, &GenDef, &Removal, Vec<Move>)) {
        for seed in 0..30 {
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut s = game.new_initial_state();
            while !s.is_terminal() {
                let ctx = Ctx::of(game, &s);
                for (g, def) in game.gens.iter().enumerate() {
                    let Some(removal) = &def.remove else { continue };
                    let mut listed = Vec::new();
                    def.gen.generate(&ctx, g as u16, &mut listed);
                    check(&ctx, g as u16, def, removal, listed);
                }
                let legal = game.moves(&s);
                game.apply(&mut s, legal[rng.random_range(0..legal.len())])
                    .expect("a legal move");
            }
        }
    }

    #[test]
    fn the_mills_read_in_place_take_what_every_move_tried_takes() {
        let takes = [
            TAKE,
            "(remove Next when:(line 3 Mover through-last:true))",
            "(remove Next when:(line 3 Mover through-last:true) prefer:(line 2 Next through-last:true))",
            "(remove Next when:(line 3 Mover exact:true through-last:true) \
             prefer:(not (line 2 Next exact:true through-last:true)))",
            "(remove Next when:(line 2 Mover dirs:{E} through-last:true) prefer:(not (line 3 Next through-last:true)))",
        ];
        let boards = [
            "(square 4)",
            "(rectangle 5 7)",
            "(hexagon 3)",
            "(square 9)",
            MORRIS,
        ];
        for board in boards {
            for take in takes
                .iter()
                .filter(|t| board != MORRIS || !t.contains("dirs"))
            {
                let game = game_of(board, take);
                let (mut expanded, mut word) = (0, false);
                each_listing(&game, |ctx, g, def, removal, listed| {
                    let (mut ahead, mut walked) = (listed.clone(), listed.clone());
                    removal.expand(ctx, g, 0, &mut ahead);
                    let walking = Removal {
                        word: None,
                        ..removal.clone()
                    };
                    walking.expand(ctx, g, 0, &mut walked);
                    let all = tried(removal, ctx, def, &listed);
                    assert_eq!(ahead, all, "{board} {take}: in place");
                    assert_eq!(walked, all, "{board} {take}: walked");
                    expanded += usize::from(all.len() != listed.len());
                    word |= removal.word.is_some();
                });
                assert!(expanded > 0, "{board} {take}: some move takes a piece");
                assert_eq!(
                    word,
                    game.sites() <= 64,
                    "{board}: read in place on one word"
                );
            }
        }
    }

    #[test]
    fn the_first_mill_found_ahead_leaves_the_list_the_walk_from_the_start_makes() {
        for board in ["(square 4)", "(rectangle 5 7)", "(hexagon 3)", "(square 9)"] {
            let game = game_of(board, TAKE);
            let mut expanded = 0;
            each_listing(&game, |ctx, g, def, removal, listed| {
                let walking = Removal {
                    word: None,
                    ..removal.clone()
                };
                let (mut ahead, mut walked) = (listed.clone(), listed.clone());
                walking.expand(ctx, g, 0, &mut ahead);
                walking.expand_from(ctx, def, 0, &mut walked);
                assert_eq!(ahead, walked, "{board}");
                expanded += usize::from(walked.len() != listed.len());
            });
            assert!(expanded > 0, "{board}: some move takes a piece");
        }
    }
}
