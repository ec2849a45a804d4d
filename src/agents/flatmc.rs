//! Flat Monte Carlo: every legal move is tried with the same number of random playouts to the end,
//! and the move with the best mean result is played.

use super::{int_setting, random_edges, Agent};
use crate::{Game, Move, State};
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The settings of `flatmc`.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Playouts per legal move.
    pub playouts: u64,
}

impl Settings {
    pub(super) fn from_pairs(pairs: &[(String, String)]) -> Result<Settings, String> {
        let mut s = Settings { playouts: 100 };
        for (k, v) in pairs {
            s.playouts = int_setting(k, v, 1, 10_000_000)?;
        }
        Ok(s)
    }
}

/// Flat Monte Carlo.
pub struct FlatMc {
    spec: String,
    settings: Settings,
    rng: Xoshiro256PlusPlus,
    moves: Vec<Move>,
}

impl FlatMc {
    /// A player drawing its playouts from `rng`.
    pub fn new(spec: String, settings: Settings, rng: Xoshiro256PlusPlus) -> FlatMc {
        FlatMc {
            spec,
            settings,
            rng,
            moves: Vec::new(),
        }
    }
}

impl Agent for FlatMc {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn choose(&mut self, game: &Game, root: &State) -> Move {
        let mut candidates = game.moves(root);
        match candidates.len() {
            0 => return Move::pass(),
            1 => return candidates[0],
            _ => {}
        }
        candidates.shuffle(&mut self.rng);
        let me = root.mover() as usize;
        let mut state = root.clone();
        let mut best = (candidates[0], f64::NEG_INFINITY);
        for &m in &candidates {
            // A move that wins at once needs no playout (and playouts could not tell it from a
            // move that wins later).
            state.clone_from(root);
            if game.apply(&mut state, m).is_ok() && state.status() == crate::Status::Won(me as u8) {
                return m;
            }
            let mut total = 0.0;
            for _ in 0..self.settings.playouts {
                state.clone_from(root);
                if game.apply(&mut state, m).is_ok() {
                    random_edges(game, &mut state, &mut self.rng, &mut self.moves, u32::MAX);
                }
                total += state.returns()[me];
            }
            if total > best.1 {
                best = (m, total);
            }
        }
        best.0
    }
}
