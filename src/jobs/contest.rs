//! Matches of agents (`ludus match`): one agent per seat, the seats turning by one every game
//! (two agents swap). Game `i` draws every random choice from (seed, i).

use super::Progress;
use crate::agents::AgentSpec;
use crate::trial::{self, Played};
use crate::{Game, Status};
use rayon::prelude::*;

/// One agent's figures over a match.
#[derive(Default, Clone, Copy)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Seconds spent choosing moves.
    pub seconds: f64,
    /// Moves chosen.
    pub decisions: u64,
}

impl Tally {
    /// Points (a draw counts half) over games played.
    pub fn score(&self) -> f64 {
        let n = self.wins + self.draws + self.losses;
        if n == 0 {
            0.0
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
        }
    }

    /// The 95% interval of the score rate.
    pub fn interval(&self) -> (f64, f64) {
        trial::wilson_interval(
            self.wins as f64 + 0.5 * self.draws as f64,
            (self.wins + self.draws + self.losses) as f64,
        )
    }

    /// Milliseconds per move chosen.
    pub fn ms_per_move(&self) -> f64 {
        1000.0 * self.seconds / self.decisions.max(1) as f64
    }
}

/// The seat of agent `k` of `n` in game `i`: the seats turn by one every game (two agents swap).
pub fn seat_of_agent(k: usize, n: usize, i: u64) -> usize {
    (k + (i % n as u64) as usize) % n
}

/// Plays game `i` of a series between `agents` (one per seat, the first is P1 in game 0).
pub fn play_one(game: &Game, file: &str, agents: &[&AgentSpec], seed: u64, i: u64) -> Played {
    let n = agents.len();
    let mut seats = agents.to_vec();
    for (k, a) in agents.iter().enumerate() {
        seats[seat_of_agent(k, n, i)] = a;
    }
    trial::play(game, file, &seats, seed, i)
}

/// The tallies of the agents over played games (agent k sits at [`seat_of_agent`]): a win is
/// first place alone, a draw first place shared (a drawn or stopped game, or a tie for first
/// in a ranking), a loss any other place.
pub fn tally(played: &[Played], agents: usize) -> Vec<Tally> {
    let mut t = vec![Tally::default(); agents];
    for (i, p) in played.iter().enumerate() {
        for (agent, tally) in t.iter_mut().enumerate() {
            let seat = seat_of_agent(agent, agents, i as u64);
            match p.status {
                Status::Won(w) if w as usize == seat => tally.wins += 1,
                Status::Won(_) => tally.losses += 1,
                Status::Ranked(places) if places[seat] == 1 => {
                    if places.iter().filter(|&&x| x == 1).count() == 1 {
                        tally.wins += 1
                    } else {
                        tally.draws += 1
                    }
                }
                Status::Ranked(_) => tally.losses += 1,
                _ => tally.draws += 1,
            }
            tally.seconds += p.think[seat].as_secs_f64();
            tally.decisions += p.decisions[seat] as u64;
        }
    }
    t
}

/// Labels for the agents: their specs, told apart by their number where two are the same.
pub fn labels(agents: &[&AgentSpec]) -> Vec<String> {
    let texts: Vec<String> = agents.iter().map(|a| a.to_string()).collect();
    texts
        .iter()
        .enumerate()
        .map(|(k, t)| {
            if texts.iter().filter(|u| *u == t).count() > 1 {
                format!("{t} #{}", k + 1)
            } else {
                t.clone()
            }
        })
        .collect()
}

/// Plays games `0..games` of a series between `agents` on the current rayon pool.
pub fn play_series(
    game: &Game,
    file: &str,
    agents: &[&AgentSpec],
    seed: u64,
    games: u64,
    progress: Progress,
) -> Vec<Played> {
    (0..games)
        .into_par_iter()
        .map(|i| {
            let p = play_one(game, file, agents, seed, i);
            progress(1);
            p
        })
        .collect()
}

/// The figures of `ludus match --format json` but for `threads`.
pub fn figures(
    game: &Game,
    agents: &[&AgentSpec],
    played: &[Played],
    seed: u64,
) -> serde_json::Map<String, serde_json::Value> {
    let t = tally(played, agents.len());
    let names = labels(agents);
    let n = played.len() as f64;
    let seat_wins: Vec<usize> = (0..agents.len())
        .map(|seat| {
            played
                .iter()
                .filter(|p| p.status == Status::Won(seat as u8))
                .count()
        })
        .collect();
    let ranked = played
        .iter()
        .filter(|p| matches!(p.status, Status::Ranked(_)))
        .count();
    let draws = played.len() - seat_wins.iter().sum::<usize>() - ranked;
    // Stopped games count as draws in the scores, and are told apart here.
    let stopped = played
        .iter()
        .filter(|p| p.status == Status::Stopped)
        .count();
    let per = |f: &dyn Fn(&Tally) -> serde_json::Value| {
        let mut m = serde_json::Map::new();
        for (name, tally) in names.iter().zip(&t) {
            m.insert(name.clone(), f(tally));
        }
        serde_json::Value::Object(m)
    };
    let serde_json::Value::Object(map) = serde_json::json!({
        "game": game.name,
        "games": played.len(),
        "seed": seed,
        "agents": names,
        "wins": per(&|t| t.wins.into()),
        "draws": draws,
        "agent_draws": per(&|t| t.draws.into()),
        "stopped_at_edge_limit": stopped,
        "max_edges": game.max_edges,
        "losses": per(&|t| t.losses.into()),
        "score": per(&|t| t.score().into()),
        "ci95": per(&|t| serde_json::json!([t.interval().0, t.interval().1])),
        "ms_per_move": per(&|t| t.ms_per_move().into()),
        "p1_wins": seat_wins[0],
        "p2_wins": seat_wins.get(1).copied().unwrap_or(0),
        "seat_wins": seat_wins,
        "ranked": ranked,
        "mean_moves": played.iter().map(|p| p.moves as f64).sum::<f64>() / n,
        "mean_edges": played.iter().map(|p| p.edges as f64).sum::<f64>() / n,
    }) else {
        unreachable!("a JSON object literal")
    };
    map
}
