//! Conditions of the dice kernel (`race.rs`) read without the general program's dispatch: the
//! tests that throws' branches and race games' end rules make (a player's variable, score or
//! hand in a range, the edges or moves played, no pieces, no moves) in a small form made at load
//! time; any other test is read by the general code, out of line. The answers are the general
//! program's.

use super::ctx::Ctx;
use super::state::State;
use crate::compile::choice::{within_range, Choice, Test, NONE, RESULT};
use crate::compile::ir::{Action, Branches, Game, IntExpr, Leaf, Who, MAX_PLAYERS};

/// A compiled list of conditions in the kernel's form: the index of the first that holds.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Quick {
    /// The first step (or the result, when no test is needed).
    start: u32,
    /// The steps.
    steps: Vec<Step>,
}

/// A test and where to go on after it (as in [`Choice`]).
#[derive(Debug, Clone, PartialEq)]
struct Step {
    test: Probe,
    yes: u32,
    no: u32,
}

/// One test.
#[derive(Debug, Clone, PartialEq)]
enum Probe {
    /// A player's variable within `lo..=hi`.
    Var(Who, u8, i64, i64),
    /// A player's store within `lo..=hi`.
    Score(Who, i64, i64),
    /// A player's hand within `lo..=hi`.
    Hand(Who, i64, i64),
    /// The edges played within `lo..=hi`.
    Edges(i64, i64),
    /// The moves played within `lo..=hi`.
    Moves(i64, i64),
    /// The player has no piece on the board or in hand.
    NoPieces(Who),
    /// The same on a board of one word.
    NoPiecesInWord(Who),
    /// The player is to move and has no legal move.
    NoMoves(Who),
    /// Any other test, read by the general code.
    Other(Test),
}

impl Quick {
    /// The kernel's form of a compiled list of conditions, on a board of `words` words.
    pub(super) fn of(choice: &Choice, words: usize) -> Quick {
        let probe = |t: &Test| match t {
            Test::Within(IntExpr::Var(w, v), lo, hi) => Probe::Var(*w, *v, *lo, *hi),
            Test::Within(IntExpr::Score(w), lo, hi) => Probe::Score(*w, *lo, *hi),
            Test::Within(IntExpr::InHand(w), lo, hi) => Probe::Hand(*w, *lo, *hi),
            Test::Within(IntExpr::EdgesPlayed, lo, hi) => Probe::Edges(*lo, *hi),
            Test::Within(IntExpr::MovesPlayed, lo, hi) => Probe::Moves(*lo, *hi),
            Test::Leaf(Leaf::NoPieces(w)) if words == 1 => Probe::NoPiecesInWord(*w),
            Test::Leaf(Leaf::NoPieces(w)) => Probe::NoPieces(*w),
            Test::Leaf(Leaf::NoMoves(w)) => Probe::NoMoves(*w),
            other => Probe::Other(other.clone()),
        };
        Quick {
            start: choice.start,
            steps: choice
                .steps
                .iter()
                .map(|s| Step {
                    test: probe(&s.test),
                    yes: s.yes,
                    no: s.no,
                })
                .collect(),
        }
    }

    /// The index of the first condition that holds, read after an edge by `actor` (`Mover`),
    /// with `stuck` the player to move if they have no move.
    #[inline(always)]
    pub(super) fn run(
        &self,
        game: &Game,
        s: &State,
        actor: u8,
        stuck: Option<u8>,
    ) -> Option<usize> {
        let who = |w: Who| who(game, actor, w);
        let (board, clock) = (&s.board, &s.clock);
        let mut at = self.start;
        while let Some(step) = self.steps.get(at as usize) {
            let holds = match &step.test {
                Probe::Var(w, v, lo, hi) => board.vars[who(*w)]
                    .get(*v as usize)
                    .is_some_and(|&x| within_range(x, *lo, *hi)),
                Probe::Score(w, lo, hi) => within_range(board.store[who(*w)] as i64, *lo, *hi),
                Probe::Hand(w, lo, hi) => within_range(board.hand[who(*w)] as i64, *lo, *hi),
                Probe::Edges(lo, hi) => within_range(clock.edges_played as i64, *lo, *hi),
                Probe::Moves(lo, hi) => within_range(clock.moves_played as i64, *lo, *hi),
                Probe::NoPieces(w) => {
                    let p = who(*w);
                    board.hand[p] == 0 && board.owned[p].is_empty()
                }
                Probe::NoPiecesInWord(w) => {
                    let p = who(*w);
                    board.hand[p] == 0 && board.owned[p].0[0] == 0
                }
                Probe::NoMoves(w) => stuck == Some(who(*w) as u8),
                Probe::Other(t) => other(game, s, actor, stuck, t),
            };
            at = if holds { step.yes } else { step.no };
        }
        (at != NONE).then_some((at - RESULT) as usize)
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
/// their conditions.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Turn {
    /// Whether the first action is taken without a test.
    fixed: bool,
    /// The conditions.
    quick: Quick,
    /// The actions, in the branches' order.
    actions: Vec<Action>,
}

/// The action of branches none of which holds.
static END_TURN: Action = Action::EndTurn;

impl Turn {
    /// The kernel's form of `branches`.
    pub(super) fn of(branches: &Branches, words: usize) -> Turn {
        Turn {
            fixed: branches.fixed().is_some(),
            quick: Quick::of(&branches.choice, words),
            actions: branches.list.iter().map(|(_, a)| a.clone()).collect(),
        }
    }

    /// The action taken after an edge by `actor`: the first branch that holds, the turn's end
    /// when none does.
    #[inline(always)]
    pub(super) fn pick(&self, game: &Game, s: &State, actor: u8) -> &Action {
        let i = if self.fixed {
            Some(0)
        } else {
            self.quick.run(game, s, actor, None)
        };
        i.and_then(|i| self.actions.get(i)).unwrap_or(&END_TURN)
    }
}
