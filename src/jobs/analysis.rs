//! Analyses (`ludus analyse`): what a game is like, measured over random playouts (length,
//! branching, balance, how games end, captures) and over short matches of agents against `random`.

use super::{contest, Progress};
use crate::agents::{rng_stream, AgentSpec};
use crate::trial::{wilson_interval, Endings};
use crate::{Game, State, Status};
use rand::Rng;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// Mean, spread and range of a quantity over games.
#[derive(Serialize, Clone, Copy, Default)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The standard deviation.
    pub sd: f64,
    /// The least value.
    pub min: u64,
    /// The greatest value.
    pub max: u64,
}

impl Spread {
    pub fn of(values: &[u64]) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        let n = values.len() as f64;
        let mean = values.iter().map(|&v| v as f64).sum::<f64>() / n;
        let var = values
            .iter()
            .map(|&v| (v as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        Spread {
            mean,
            sd: var.sqrt(),
            min: values.iter().copied().min().unwrap_or(0),
            max: values.iter().copied().max().unwrap_or(0),
        }
    }
}

/// A proportion with its 95% interval.
#[derive(Serialize, Clone, Copy)]
pub struct Rate {
    /// The share.
    pub rate: f64,
    /// Its 95% interval (Wilson).
    pub ci95: (f64, f64),
}

impl Rate {
    pub fn of(k: f64, n: f64) -> Rate {
        Rate {
            rate: if n > 0.0 { k / n } else { 0.0 },
            ci95: wilson_interval(k, n),
        }
    }

    pub fn text(&self) -> String {
        format!(
            "{:.1}% [{:.1}%, {:.1}%]",
            100.0 * self.rate,
            100.0 * self.ci95.0,
            100.0 * self.ci95.1
        )
    }
}

/// How often an end condition ended the game.
#[derive(Serialize, Clone)]
pub struct Ending {
    /// The end condition as written, or how else the game ended.
    pub condition: String,
    /// Whether it is a limit (a move or edge limit) rather than a result of play.
    pub limit: bool,
    /// The share of games it ended.
    pub share: f64,
}

/// An agent's score against `random`.
#[derive(Serialize, Clone)]
pub struct AgentScore {
    /// The agent's spec.
    pub agent: String,
    /// Games played.
    pub games: u64,
    /// Points (a draw counts half) per game, with its interval.
    pub score: Rate,
}

/// The figures of one game (one option setting).
#[derive(Serialize, Clone)]
pub struct Report {
    /// What the report is of: the file, or the option settings compared.
    pub label: String,
    /// The game's name.
    pub game: String,
    /// The option values of this load.
    pub options: Vec<(String, String)>,
    /// Random playouts measured.
    pub playouts: u64,
    /// The seed.
    pub seed: u64,
    /// Moves a game.
    pub moves: Spread,
    /// Edges (moves and throws) a game.
    pub edges: Spread,
    /// Legal moves per decision, on average.
    pub branching: f64,
    /// Legal moves per decision over the course of a game: the mean in each tenth of the games'
    /// decisions, the first tenth first.
    pub branching_by_stage: Vec<f64>,
    /// How many games had each length in moves, in bins of equal width.
    pub length_histogram: Vec<Bin>,
    /// P1's wins.
    pub p1_wins: Rate,
    /// P2's wins.
    pub p2_wins: Rate,
    /// P3's and P4's wins, in a game of three or four players.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub more_wins: Vec<Rate>,
    /// Games that ended in a ranking, in a game of three or four players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranked: Option<Rate>,
    /// Drawn games.
    pub draws: Rate,
    /// How games ended, by end condition.
    pub endings: Vec<Ending>,
    /// The share of games ended by a limit.
    pub limit_share: f64,
    /// Captures a game: counters moved into stores during play (not the rows collected at
    /// the end), or opposing pieces taken off the board by a move (however they are taken).
    pub captures_per_game: f64,
    /// Each agent's score against `random`.
    pub agents: Vec<AgentScore>,
}

/// A bin of a histogram: the values from `from` to `to`, both included, and how many fell in it.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bin {
    /// The least value of the bin.
    pub from: u64,
    /// The greatest value of the bin.
    pub to: u64,
    /// How many values fell in it.
    pub count: u64,
}

/// The most bins of a histogram.
const BINS: u64 = 20;
/// The stages of a game the branching is measured over.
const STAGES: usize = 10;

/// A histogram of values in at most [`BINS`] bins of equal width, from the least to the greatest.
pub fn histogram(values: &[u64]) -> Vec<Bin> {
    let (Some(&min), Some(&max)) = (values.iter().min(), values.iter().max()) else {
        return Vec::new();
    };
    let width = (max - min) / BINS + 1;
    let mut bins: Vec<Bin> = (0..=(max - min) / width)
        .map(|i| Bin {
            from: min + i * width,
            to: min + (i + 1) * width - 1,
            count: 0,
        })
        .collect();
    for v in values {
        bins[((v - min) / width) as usize].count += 1;
    }
    bins
}

/// What one random playout showed.
#[derive(Clone, Copy)]
struct Sample {
    status: Status,
    moves: u64,
    edges: u64,
    decisions: u64,
    choices: u64,
    captured: u64,
    /// The end condition that fired; `None` for a decision without moves that no rule covers.
    ended_by: Option<usize>,
    /// Legal moves summed over the decisions of each tenth of the game, and the decisions.
    stages: [(u64, u64); STAGES],
}

fn sample(game: &Game, endings: &Endings, rng: &mut impl Rng) -> Sample {
    let mut state = game.new_initial_state();
    let (mut decisions, mut choices, mut captured) = (0u64, 0u64, 0u64);
    let mut ended_by = None;
    let mut branching: Vec<u32> = Vec::new();
    let stores = |s: &State| s.scores().iter().map(|&x| x as u64).sum::<u64>();
    // Counters (a mancala's) are captured into stores; pieces are captured off the board, into
    // a store, a hand or out of the game (a piece borne off scores, but is no capture).
    let counters = game
        .setup
        .iter()
        .any(|s| matches!(s, crate::compile::ir::Setup::Fill(..)));
    crate::engine::random_walk(game, &mut state, rng, |before, legal, m, after| {
        if !legal.is_empty() {
            decisions += 1;
            choices += legal.len() as u64;
            branching.push(legal.len() as u32);
        }
        if after.is_terminal() {
            ended_by = endings.fired(before, m);
        }
        if counters && after.is_terminal() {
            // The last edge may also collect the rows into the stores: measure it without that.
            captured += endings.captured(before, m);
        } else if counters {
            captured += stores(after).saturating_sub(stores(before));
        } else {
            let mover = before.mover;
            captured +=
                opponents_on_board(before, mover).saturating_sub(opponents_on_board(after, mover));
        }
    });
    let mut stages = [(0u64, 0u64); STAGES];
    for (i, &n) in branching.iter().enumerate() {
        let stage = &mut stages[i * STAGES / branching.len()];
        stage.0 += u64::from(n);
        stage.1 += 1;
    }
    Sample {
        status: state.status(),
        moves: state.moves_played(),
        edges: state.edges_played(),
        decisions,
        choices,
        captured,
        ended_by,
        stages,
    }
}

/// The pieces on the board of every player but `mover`.
fn opponents_on_board(state: &State, mover: u8) -> u64 {
    let owner = mover + 1;
    state
        .board
        .cells
        .iter()
        .filter(|c| c.owner != 0 && c.owner != owner)
        .map(|c| u64::from(c.count))
        .sum()
}

/// Each agent's score against `random` in every other seat, over the plan's games.
fn against_random(game: &Game, file: &str, plan: &Plan, progress: Progress) -> Vec<AgentScore> {
    let random = AgentSpec::parse("random").expect("a valid spec");
    plan.agents
        .iter()
        .map(|spec| {
            // The agent and `random` in every other seat.
            let mut seats = vec![&random; game.players as usize];
            seats[0] = spec;
            let played =
                contest::play_series(game, file, &seats, plan.seed, plan.agent_games, progress);
            let t = contest::tally(&played, game.players as usize)[0];
            AgentScore {
                agent: spec.to_string(),
                games: plan.agent_games,
                score: Rate::of(
                    t.wins as f64 + 0.5 * t.draws as f64,
                    plan.agent_games as f64,
                ),
            }
        })
        .collect()
}

/// How the sampled games ended: the share each end rule ended, then those stopped at the edge
/// limit and those where the player to move had no move and no rule ended the game.
fn endings_seen(game: &Game, endings: &Endings, samples: &[Sample]) -> Vec<Ending> {
    let n = samples.len() as f64;
    let count = |f: &dyn Fn(&Sample) -> bool| samples.iter().filter(|s| f(s)).count() as f64;
    let labels = endings.labels();
    let mut ends: Vec<Ending> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| Ending {
            condition: l.clone(),
            limit: endings.is_limit(i),
            share: count(&|s| s.ended_by == Some(i)) / n.max(1.0),
        })
        .collect();
    let stopped = count(&|s| s.status == Status::Stopped);
    if stopped > 0.0 {
        ends.push(Ending {
            condition: format!("stopped at the edge limit ({} edges)", game.max_edges),
            limit: true,
            share: stopped / n,
        });
    }
    let stuck = count(&|s| s.ended_by.is_none() && s.status != Status::Stopped);
    if stuck > 0.0 {
        ends.push(Ending {
            condition: "no move, no end rule (draw)".into(),
            limit: false,
            share: stuck / n,
        });
    }
    ends
}

/// How an analysis is run: its random playouts and its agents' games against `random`.
#[derive(Debug, Clone)]
pub struct Plan<'a> {
    /// Random playouts to measure.
    pub playouts: u64,
    /// The seed every random choice flows from.
    pub seed: u64,
    /// Agents to match against `random`.
    pub agents: &'a [AgentSpec],
    /// Games each agent plays against `random`.
    pub agent_games: u64,
    /// Set to stop the analysis early: it then answers [`CANCELLED`].
    pub cancel: Option<&'a AtomicBool>,
}

/// The error of an analysis stopped by its plan's `cancel`.
pub const CANCELLED: &str = "cancelled";

/// Analyses a game on the current rayon pool: `file` names it in trials, `label` in the report.
pub fn analyse(
    game: &Game,
    file: &str,
    label: String,
    plan: &Plan,
    progress: Progress,
) -> Result<Report, String> {
    let agents = plan.agents;
    for spec in agents {
        spec.fits(game.players)
            .map_err(|e| format!("error: --agents: {e}"))?;
    }
    let endings = Endings::new(game);
    let cancelled = || plan.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    // A playout begun after the cancel is skipped (`None`), and so is the whole analysis.
    let samples: Option<Vec<Sample>> = (0..plan.playouts)
        .into_par_iter()
        .map(|i| {
            (!cancelled()).then(|| {
                let s = sample(game, &endings, &mut rng_stream(plan.seed, i));
                progress(1);
                s
            })
        })
        .collect();
    let Some(samples) = samples.filter(|_| !cancelled()) else {
        return Err(CANCELLED.into());
    };
    let agent_scores = against_random(game, file, plan, progress);
    let n = samples.len() as f64;
    let count = |f: &dyn Fn(&Sample) -> bool| samples.iter().filter(|s| f(s)).count() as f64;
    let ends = endings_seen(game, &endings, &samples);
    // Folded from +0.0: a float sum of nothing is -0.0, printed "-0.0%".
    let limit_share = ends
        .iter()
        .filter(|e| e.limit)
        .fold(0.0, |acc, e| acc + e.share);
    let decisions: u64 = samples.iter().map(|s| s.decisions).sum();
    let players = game.players;
    Ok(Report {
        label,
        game: game.name.clone(),
        options: game
            .option_values
            .iter()
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect(),
        playouts: plan.playouts,
        seed: plan.seed,
        moves: Spread::of(&samples.iter().map(|s| s.moves).collect::<Vec<_>>()),
        edges: Spread::of(&samples.iter().map(|s| s.edges).collect::<Vec<_>>()),
        branching: samples.iter().map(|s| s.choices).sum::<u64>() as f64 / decisions.max(1) as f64,
        branching_by_stage: (0..STAGES)
            .map(|k| {
                let (sum, n) = samples
                    .iter()
                    .fold((0, 0), |(a, b), s| (a + s.stages[k].0, b + s.stages[k].1));
                sum as f64 / n.max(1) as f64
            })
            .collect(),
        length_histogram: histogram(&samples.iter().map(|s| s.moves).collect::<Vec<_>>()),
        p1_wins: Rate::of(count(&|s| s.status == Status::Won(0)), n),
        p2_wins: Rate::of(count(&|s| s.status == Status::Won(1)), n),
        more_wins: (2..players)
            .map(|p| Rate::of(count(&|s| s.status == Status::Won(p)), n))
            .collect(),
        ranked: (players > 2)
            .then(|| Rate::of(count(&|s| matches!(s.status, Status::Ranked(_))), n)),
        draws: Rate::of(count(&|s| s.status == Status::Drawn), n),
        endings: ends,
        limit_share,
        captures_per_game: samples.iter().map(|s| s.captured).sum::<u64>() as f64 / n.max(1.0),
        agents: agent_scores,
    })
}

#[cfg(test)]
mod tests {
    use super::{histogram, Bin};

    #[test]
    fn a_histogram_has_at_most_twenty_bins_of_equal_width_covering_every_value() {
        assert_eq!(histogram(&[]), Vec::<Bin>::new());
        let one = Bin {
            from: 7,
            to: 7,
            count: 3,
        };
        assert_eq!(histogram(&[7, 7, 7]), vec![one]);
        let values: Vec<u64> = (10..=109).collect();
        let bins = histogram(&values);
        assert!(bins.len() <= 20, "{bins:?}");
        assert_eq!(bins.iter().map(|b| b.count).sum::<u64>(), 100);
        assert_eq!((bins[0].from, bins.last().unwrap().to >= 109), (10, true));
        let width = bins[0].to - bins[0].from;
        assert!(bins.iter().all(|b| b.to - b.from == width));
        assert!(bins.windows(2).all(|w| w[1].from == w[0].to + 1));
    }
}
