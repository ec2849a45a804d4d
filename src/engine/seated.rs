//! Conditions of the dice kernel (`race.rs`) read without the general program's dispatch: the
//! tests that throws' branches and race games' end rules make (a player's variable, score or
//! hand in a range, the edges or moves played, no pieces, no moves) in a small form made at load
//! time, each player named by a rule (`Mover`, `Next`, `Prev`) resolved to a seat; any other
//! test is read by the general code, out of line. The answers are the general program's.

use super::ctx::Ctx;
use super::state::{Clock, State};
use crate::board::MAX_VARS;
use crate::compile::choice::{within_range, Choice, Test, NONE, RESULT};
use crate::compile::ir::{Action, Branches, IntExpr, Leaf, Who, MAX_PLAYERS};
use crate::engine::Game;

/// A compiled list of conditions in the kernel's form: the index of the first that holds, or a
/// fixed index past them when none does (so that its answer is read with no test of its own). Its
/// tests are resolved at load time for each player who may have made the edge before them
/// (`Mover`, `Next` and `Prev` read as seats), so that a test reads its player's fields directly.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SeatedChoice {
    /// The first step (or the result, when no test is needed).
    start: u32,
    /// The steps, per player who made the last edge.
    steps: [Vec<Step>; MAX_PLAYERS],
}

/// A test and where to go on after it (as in [`Choice`]).
#[derive(Debug, Clone, PartialEq)]
struct Step {
    test: Probe,
    yes: u32,
    no: u32,
}

/// One test; a player is a seat (masked to the players' arrays) and a variable an index below
/// `MAX_VARS`.
#[derive(Debug, Clone, PartialEq)]
enum Probe {
    /// A player's variable within `lo..=hi`.
    Var(u8, u8, i64, i64),
    /// A player's store within `lo..=hi`.
    Score(u8, i64, i64),
    /// A player's hand within `lo..=hi`.
    Hand(u8, i64, i64),
    /// The edges played within `lo..=hi`.
    Edges(i64, i64),
    /// The moves played within `lo..=hi`.
    Moves(i64, i64),
    /// The player has no piece on the board or in hand.
    NoPieces(u8),
    /// The same on a board of one word.
    NoPiecesInWord(u8),
    /// The player is to move and has no legal move.
    NoMoves(u8),
    /// Any other test, read by the general code (boxed: the probe's kind is then a plain tag,
    /// not a niche of the test's to decode).
    Other(Box<Test>),
}

impl SeatedChoice {
    /// The kernel's form of a compiled list of conditions of `game`, answering `none` when no
    /// condition holds.
    pub(super) fn of(choice: &Choice, game: &Game, none: usize) -> SeatedChoice {
        let to = |at: u32| if at == NONE { RESULT + none as u32 } else { at };
        let words = game.topology.words;
        let probe = |t: &Test, actor: u8| {
            let who = |w: &Who| who(game, actor, *w) as u8;
            match t {
                Test::Within(IntExpr::Var(w, v), lo, hi) if (*v as usize) < MAX_VARS => {
                    Probe::Var(who(w), *v, *lo, *hi)
                }
                Test::Within(IntExpr::Score(w), lo, hi) => Probe::Score(who(w), *lo, *hi),
                Test::Within(IntExpr::InHand(w), lo, hi) => Probe::Hand(who(w), *lo, *hi),
                Test::Within(IntExpr::EdgesPlayed, lo, hi) => Probe::Edges(*lo, *hi),
                Test::Within(IntExpr::MovesPlayed, lo, hi) => Probe::Moves(*lo, *hi),
                Test::Leaf(Leaf::NoPieces(w)) if words == 1 => Probe::NoPiecesInWord(who(w)),
                Test::Leaf(Leaf::NoPieces(w)) => Probe::NoPieces(who(w)),
                Test::Leaf(Leaf::NoMoves(w)) => Probe::NoMoves(who(w)),
                other => Probe::Other(Box::new(other.clone())),
            }
        };
        let steps = |actor: usize| {
            choice
                .steps
                .iter()
                .map(|s| Step {
                    test: probe(&s.test, actor as u8),
                    yes: to(s.yes),
                    no: to(s.no),
                })
                .collect()
        };
        SeatedChoice {
            start: to(choice.start),
            steps: std::array::from_fn(steps),
        }
    }

    /// Whether each of its tests changes its answer only as the clock passes a known count, or
    /// after pieces leave the board (a capture, or any move of the general code), or when the
    /// player to move has none: then its answer of none holds until [`SeatedChoice::calm`].
    pub(super) fn guarded(&self) -> bool {
        self.steps.iter().flatten().all(|step| {
            matches!(
                step.test,
                Probe::Edges(..)
                    | Probe::Moves(..)
                    | Probe::NoPieces(_)
                    | Probe::NoPiecesInWord(_)
                    | Probe::NoMoves(_)
            )
        })
    }

    /// Its clock tests, each once: the count each reads and its range.
    pub(super) fn clocks(&self) -> impl Iterator<Item = Clocked> + '_ {
        self.steps
            .iter()
            .flatten()
            .filter_map(|step| match step.test {
                Probe::Edges(lo, hi) => Some(Clocked::Edges(lo, hi)),
                Probe::Moves(lo, hi) => Some(Clocked::Moves(lo, hi)),
                _ => None,
            })
    }

    /// The index of the first condition that holds (the index for none when none does), read
    /// after an edge by `actor` (`Mover`), with `stuck` the player to move if they have no move.
    #[inline(always)]
    pub(super) fn run(&self, game: &Game, s: &State, actor: u8, stuck: Option<u8>) -> usize {
        let seat = |p: u8| p as usize & (MAX_PLAYERS - 1);
        let (board, clock) = (&s.board, &s.clock);
        let steps = &self.steps[seat(actor)];
        let mut at = self.start;
        while let Some(step) = steps.get(at as usize) {
            let holds = match &step.test {
                Probe::Var(p, v, lo, hi) => {
                    let x = board.vars[seat(*p)][*v as usize & (MAX_VARS - 1)];
                    within_range(x, *lo, *hi)
                }
                Probe::Score(p, lo, hi) => within_range(board.store[seat(*p)] as i64, *lo, *hi),
                Probe::Hand(p, lo, hi) => within_range(board.hand[seat(*p)] as i64, *lo, *hi),
                Probe::Edges(lo, hi) => within_range(clock.edges_played as i64, *lo, *hi),
                Probe::Moves(lo, hi) => within_range(clock.moves_played as i64, *lo, *hi),
                Probe::NoPieces(p) => board.hand[seat(*p)] == 0 && board.owned[seat(*p)].is_empty(),
                Probe::NoPiecesInWord(p) => {
                    board.hand[seat(*p)] == 0 && board.owned[seat(*p)].0[0] == 0
                }
                Probe::NoMoves(p) => stuck == Some(*p),
                Probe::Other(t) => other(game, s, actor, stuck, t),
            };
            at = if holds { step.yes } else { step.no };
        }
        at.wrapping_sub(RESULT) as usize
    }
}

/// A test of a count of the clock, which grows by one an edge at most: the edges or the moves
/// played within `lo..=hi`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Clocked {
    Edges(i64, i64),
    Moves(i64, i64),
}

impl Clocked {
    /// The edges played before which its answer stays what it is at `clock`.
    #[inline]
    pub(super) fn calm(self, clock: &Clock) -> u64 {
        let (now, lo, hi) = match self {
            Clocked::Edges(lo, hi) => (clock.edges_played, lo, hi),
            Clocked::Moves(lo, hi) => (clock.moves_played, lo, hi),
        };
        // The count at which the answer changes: entering the range, or leaving it.
        let at = if (now as i64) < lo {
            lo as u64
        } else if (now as i64) <= hi {
            (hi as u64).saturating_add(1)
        } else {
            return u64::MAX;
        };
        clock.edges_played.saturating_add(at - now)
    }
}

/// The player `w` stands for after an edge by `actor`, as `Ctx::who` reads it.
#[inline(always)]
pub(super) fn who(game: &Game, actor: u8, w: Who) -> usize {
    let p = match w {
        Who::Player(p) => p,
        Who::Mover => actor,
        Who::Next => game.next[actor as usize & (MAX_PLAYERS - 1)],
        Who::Prev => game.prev[actor as usize & (MAX_PLAYERS - 1)],
    };
    p as usize & (MAX_PLAYERS - 1)
}

/// A test of another kind, read as the general program reads it.
#[inline(never)]
fn other(game: &Game, s: &State, actor: u8, stuck: Option<u8>, t: &Test) -> bool {
    let ctx = Ctx {
        stuck,
        repeated: false,
        mover: actor,
        ..Ctx::of(game, s)
    };
    ctx.test_apart(t)
}

/// Where the turn goes after an edge, in the kernel's form: the actions of [`Branches`] and
/// their conditions, in the commonest shapes (no test, or one test of a player's variable) read
/// as straight code.
#[derive(Debug, Clone, PartialEq)]
#[repr(u8)]
pub(super) enum Turn {
    /// One action, taken without a test.
    Fixed(Go),
    /// One test of a player's variable, and the action taken when it holds or not.
    OnVar(OnVar),
    /// Other conditions: the index of the action taken, and the actions in the branches'
    /// order, then the turn's end for when no branch holds.
    Tested(Box<(SeatedChoice, Vec<Go>)>),
}

/// A turn's one test of a player's variable within `lo..=hi` (the seat whose variable, per
/// player who made the edge), and its two actions.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct OnVar {
    seats: [u8; MAX_PLAYERS],
    var: u8,
    lo: i64,
    hi: i64,
    yes: Go,
    no: Go,
}

/// An action of the turn ([`Action`]) in the kernel's form: the phase it goes to, whether the
/// turn passes to the next player, and the pips it sets, if any.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Go {
    /// The phase the turn goes to.
    pub phase: u8,
    /// Whether the next player's turn begins.
    pub ends: bool,
    /// The pips set on the way.
    pub pips: Option<Box<IntExpr>>,
}

impl Go {
    /// The kernel's form of `action`.
    fn of(action: &Action) -> Go {
        let (phase, ends, pips) = match action {
            Action::Goto(phase, pips) => (*phase, false, pips.clone().map(Box::new)),
            Action::EndTurn => (0, true, None),
            Action::Again => (0, false, None),
        };
        Go { phase, ends, pips }
    }
}

/// The action of branches none of which holds.
static END_TURN: Go = Go {
    phase: 0,
    ends: true,
    pips: None,
};

impl Turn {
    /// The kernel's form of `branches`.
    pub(super) fn of(branches: &Branches, game: &Game) -> Turn {
        let n = branches.list.len();
        let actions: Vec<Go> = (branches.list.iter().map(|(_, a)| Go::of(a)))
            .chain([END_TURN.clone()])
            .collect();
        let choice = SeatedChoice::of(&branches.choice, game, n);
        let action = |at: u32| {
            let i = at.checked_sub(RESULT)? as usize;
            actions.get(i).cloned()
        };
        if let Some(a) = branches.fixed() {
            return Turn::Fixed(Go::of(a));
        }
        if let Some(go) = action(choice.start) {
            return Turn::Fixed(go);
        }
        if let Some(one) = OnVar::of(&choice, action) {
            return Turn::OnVar(one);
        }
        Turn::Tested(Box::new((choice, actions)))
    }

    /// Branches that always end the turn (an outcome with none).
    pub(super) fn ending() -> Turn {
        Turn::Fixed(END_TURN.clone())
    }

    /// The action taken after an edge by `actor`: the first branch that holds, the turn's end
    /// when none does.
    #[inline(always)]
    pub(super) fn pick(&self, game: &Game, s: &State, actor: u8) -> &Go {
        match self {
            Turn::Fixed(go) => go,
            Turn::OnVar(t) => {
                let seat = t.seats[actor as usize & (MAX_PLAYERS - 1)] as usize;
                let x = s.board.vars[seat & (MAX_PLAYERS - 1)][t.var as usize & (MAX_VARS - 1)];
                // A branch, not a select (`black_box` keeps the answers apart): the answer is
                // mostly the same edge after edge, and a predicted branch lets the next edge begin
                // before the variable is read (Sig's throws took 11% less time).
                if within_range(x, t.lo, t.hi) {
                    std::hint::black_box(&t.yes)
                } else {
                    &t.no
                }
            }
            Turn::Tested(t) => {
                let (choice, actions) = &**t;
                let i = choice.run(game, s, actor, None);
                actions.get(i).unwrap_or(&END_TURN)
            }
        }
    }
}

impl OnVar {
    /// The one test of `choice` when it is a player's variable's, for every player who may make
    /// the edge, with both answers an action (`action` reads a step's index as one).
    fn of(choice: &SeatedChoice, action: impl Fn(u32) -> Option<Go>) -> Option<OnVar> {
        let mut seats = [0; MAX_PLAYERS];
        let mut test = None;
        for (seat, steps) in seats.iter_mut().zip(&choice.steps) {
            let [step] = &steps[..] else {
                return None;
            };
            let Probe::Var(p, v, lo, hi) = step.test else {
                return None;
            };
            *seat = p;
            let this = (v, lo, hi, step.yes, step.no);
            if test.is_some_and(|t| t != this) || choice.start != 0 {
                return None;
            }
            test = Some(this);
        }
        let (var, lo, hi, yes, no) = test?;
        Some(OnVar {
            seats,
            var,
            lo,
            hi,
            yes: action(yes)?,
            no: action(no)?,
        })
    }
}
