//! The random agent: uniform over the legal moves.

use super::Agent;
use crate::{Game, Move, State};
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Picks uniformly among the legal moves.
pub struct RandomAgent {
    spec: String,
    rng: Xoshiro256PlusPlus,
    moves: Vec<Move>,
}

impl RandomAgent {
    /// A random agent drawing from `rng`.
    pub fn new(spec: String, rng: Xoshiro256PlusPlus) -> RandomAgent {
        RandomAgent {
            spec,
            rng,
            moves: Vec::new(),
        }
    }
}

impl Agent for RandomAgent {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn choose(&mut self, game: &Game, state: &State) -> Move {
        game.legal_moves(state, &mut self.moves);
        match self.moves.len() {
            0 => Move::pass(),
            n => self.moves[self.rng.random_range(0..n)],
        }
    }
}
