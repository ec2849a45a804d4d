//! A state's legal moves with their actions, kept between calls: the usual loop asks for the
//! legal actions, then plays one, and the move of that action is then found without generating
//! the moves again; the engine lists the next position's moves into the same buffer as it
//! settles the turn, so that they are not generated again either.

use crate::action_ints::ActionInts;
use crate::actions::{Actions, NO_ACTION};
use ludus::{Game, Move, State};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// The legal moves (or chance outcomes) of a position with their actions; the buffers are
/// reused from position to position.
#[derive(Default)]
pub(crate) struct Legal {
    /// The moves, when `fresh`; else the buffer the engine lists the next position's into.
    pub(crate) moves: Vec<Move>,
    /// Each move's action, [`NO_ACTION`] for a move outside the encoding.
    actions: Vec<u64>,
    /// Whether a move has no action (the list of actions then leaves it out).
    gaps: bool,
    /// Whether `moves` and `actions` are of the state now.
    pub(crate) fresh: bool,
}

impl Legal {
    /// Numbers `moves`, the moves of the state now.
    pub(crate) fn number(&mut self, actions: &Actions) {
        self.gaps = actions.number(&self.moves, &mut self.actions);
        self.fresh = true;
    }

    /// Lists and numbers the moves of `state` (its outcomes at a chance node) unless they are.
    pub(crate) fn refresh(&mut self, game: &Game, state: &State, actions: &Actions) {
        if !self.fresh {
            self.moves = crate::actions::candidates(game, state);
            self.number(actions);
        }
    }

    /// The move of an action, if it is legal: the first with it.
    pub(crate) fn move_of(&self, action: u64) -> Option<Move> {
        if action == NO_ACTION {
            return None;
        }
        let i = self.actions.iter().position(|&a| a == action)?;
        self.moves.get(i).copied()
    }

    /// The actions, in the moves' order.
    pub(crate) fn actions(&self) -> Vec<u64> {
        self.actions
            .iter()
            .copied()
            .filter(|&a| a != NO_ACTION)
            .collect()
    }

    /// The actions as a Python list of `ints`.
    pub(crate) fn list<'py>(
        &self,
        py: Python<'py>,
        ints: &ActionInts,
    ) -> PyResult<Bound<'py, PyList>> {
        if self.gaps {
            ints.list(py, self.actions().into_iter())
        } else {
            ints.list(py, self.actions.iter().copied())
        }
    }
}
