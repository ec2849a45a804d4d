//! What a trial's seed and index fix: every chance outcome, and every move of an agent whose
//! choices depend only on its seed. Replay draws them again as `run`, `match` and `play` drew
//! them and reports the first action that differs, so a forged throw, seed or agent is caught.

use super::{Replay, Trial, TrialError};
use crate::agents::{derive_seed, rng_stream, Agent, AgentSpec};
use crate::{Game, Move, NodeType, State};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The generator of playout `i` under `seed` in `run`: independent of which thread plays it.
#[inline]
pub fn playout_rng(seed: u64, i: u64) -> Xoshiro256PlusPlus {
    let mut z = seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31) ^ i)
}

/// How the actions of a trial were drawn.
enum Draws {
    /// `run --record`: one generator for throws and uniform moves.
    Walk(Xoshiro256PlusPlus),
    /// `match` and `play`: a chance stream, and each seat's agent when its moves can be derived.
    Agents {
        chance: Xoshiro256PlusPlus,
        seats: Vec<Option<Box<dyn Agent>>>,
    },
}

impl Draws {
    /// The draws of game `index` of `seed` in a match or at the terminal ([`super::play`]).
    fn agents(trial: &Trial, specs: &[Option<AgentSpec>]) -> Draws {
        let game_seed = derive_seed(trial.seed, trial.index);
        // With a person at the board, an agent's moves follow undos that the trial does not
        // record: only the throws are derived.
        let person = specs.iter().any(Option::is_none);
        let seat = |k: usize| {
            specs[k]
                .as_ref()
                .filter(|s| !person && s.is_deterministic())
                .map(|s| s.build(derive_seed(game_seed, 1 + k as u64)))
        };
        Draws::Agents {
            chance: rng_stream(game_seed, 0),
            seats: (0..specs.len()).map(seat).collect(),
        }
    }

    /// The action drawn at `state`, or `None` where it cannot be derived (a person, a clock).
    fn next(&mut self, game: &Game, state: &State) -> Option<Move> {
        match (self, state.node()) {
            (_, NodeType::Terminal) => None,
            (Draws::Walk(rng), NodeType::Chance)
            | (Draws::Agents { chance: rng, .. }, NodeType::Chance) => {
                game.sample_chance(state, rng)
            }
            (Draws::Walk(rng), NodeType::Decision) => {
                let moves = game.moves(state);
                (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
            }
            (Draws::Agents { seats, .. }, NodeType::Decision) => seats
                .get_mut(state.mover() as usize)
                .and_then(Option::as_mut)
                .map(|agent| agent.choose(game, state)),
        }
    }

    /// The first replayed action that differs from its draw: (action index from 0, the drawn move).
    fn first_difference(mut self, game: &Game, replay: &Replay) -> Option<(usize, Move)> {
        replay
            .states
            .iter()
            .zip(&replay.moves)
            .enumerate()
            .find_map(|(i, (state, &m))| match self.next(game, state) {
                Some(d) if d != m => Some((i, d)),
                _ => None,
            })
    }
}

/// Checks that the replayed actions are the ones the trial's seed, index and agents give.
pub fn check_draws(trial: &Trial, game: &Game, replay: &Replay) -> Result<(), TrialError> {
    let spec = |text: &str| -> Result<Option<AgentSpec>, TrialError> {
        if text.trim().eq_ignore_ascii_case("human") {
            return Ok(None);
        }
        AgentSpec::parse(text)
            .map(Some)
            .map_err(|e| TrialError::Agent {
                agent: text.to_string(),
                reason: e.reason,
            })
    };
    let seats = trial.seats();
    let specs = seats
        .iter()
        .map(|s| spec(s))
        .collect::<Result<Vec<_>, _>>()?;
    let random = |s: &Option<AgentSpec>| s.as_ref().is_some_and(|s| s.to_string() == "random");
    let mut found = Draws::agents(trial, &specs).first_difference(game, replay);
    if found.is_some() && specs.iter().all(random) {
        // `run --record` and a match of `random` against itself write the same agents: the
        // trial is good if either way of drawing gives it; otherwise the later difference is the
        // likelier record.
        let walk = Draws::Walk(playout_rng(trial.seed, trial.index)).first_difference(game, replay);
        found = match (found, walk) {
            (_, None) => None,
            (Some(a), Some(w)) => Some(if w.0 > a.0 { w } else { a }),
            (None, w) => w,
        };
    }
    let Some((i, derived)) = found else {
        return Ok(());
    };
    let state = &replay.states[i];
    let what = if state.node() == NodeType::Chance {
        "throw".to_string()
    } else {
        format!(
            "move of P{} ({})",
            state.mover() + 1,
            seats
                .get(state.mover() as usize)
                .map_or("?", String::as_str)
        )
    };
    Err(TrialError::Diverged {
        index: i + 1,
        action: trial.actions[i].clone(),
        reason: format!(
            "recorded, but seed {} and game {} give the {what} `{}` here",
            trial.seed,
            trial.index,
            game.notation(state, derived)
        ),
    })
}
