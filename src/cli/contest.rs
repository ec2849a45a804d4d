//! `ludus match`: two agents play a series of games, swapping seats every game. Game `i` draws
//! every random choice from (seed, i), so the results do not depend on the number of threads.

use super::{Format, GameArgs};
use clap::Args;
use ludus::agents::AgentSpec;
use ludus::trial::{self, Played};
use ludus::Status;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Arguments of `ludus match`.
#[derive(Args)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The first agent (P1 in the first game), e.g. `mcts:iterations=2000`.
    #[arg(long, value_name = "SPEC", value_parser = super::parse_agent)]
    p1: AgentSpec,
    /// The second agent (P2 in the first game), e.g. `alphabeta:depth=6`.
    #[arg(long, value_name = "SPEC", value_parser = super::parse_agent)]
    p2: AgentSpec,
    /// Number of games.
    #[arg(long, short = 'n', default_value_t = 20)]
    games: u64,
    /// The seed every random choice flows from.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores); the results do not depend on it.
    #[arg(long, short)]
    threads: Option<usize>,
    /// Writes one trial per game into this directory.
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    #[command(flatten)]
    limit: super::run::EdgeLimit,
}

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

/// Plays game `i` of a series between `a` and `b`: `a` is P1 in the even games.
pub fn play_one(
    game: &ludus::Game,
    file: &str,
    a: &AgentSpec,
    b: &AgentSpec,
    seed: u64,
    i: u64,
) -> Played {
    let agents = if i.is_multiple_of(2) { [a, b] } else { [b, a] };
    trial::play(game, file, agents, seed, i)
}

/// The tallies of `a` and `b` over played games (a is P1 in the even games).
pub fn tally(played: &[Played]) -> [Tally; 2] {
    let mut t = [Tally::default(); 2];
    for (i, p) in played.iter().enumerate() {
        // Seat of agent a in this game.
        let a_seat = i % 2;
        for (agent, tally) in t.iter_mut().enumerate() {
            let seat = if agent == 0 { a_seat } else { 1 - a_seat };
            match p.status {
                Status::Won(w) if w as usize == seat => tally.wins += 1,
                Status::Won(_) => tally.losses += 1,
                _ => tally.draws += 1,
            }
            tally.seconds += p.think[seat].as_secs_f64();
            tally.decisions += p.decisions[seat] as u64;
        }
    }
    t
}

/// Labels for two agents: their specs, told apart when they are the same.
pub fn labels(a: &AgentSpec, b: &AgentSpec) -> [String; 2] {
    let (a, b) = (a.to_string(), b.to_string());
    if a == b {
        [format!("{a} #1"), format!("{b} #2")]
    } else {
        [a, b]
    }
}

/// Writes every trial into `dir`.
pub fn write_trials(dir: &Path, played: &[Played], origin: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("error: cannot create {}: {e}", dir.display()))?;
    for p in played {
        p.trial
            .write(&dir.join(p.trial.file_name(origin)))
            .map_err(|e| format!("error: {e}"))?;
    }
    Ok(())
}

/// Plays the match and prints the table.
pub fn run(args: MatchArgs) -> Result<(), String> {
    super::count_in_range("--games", args.games, 10_000_000)?;
    let game = args.limit.load(&args.game)?;
    let file = args.game.file.display().to_string();
    let (pool, threads) = super::thread_pool(args.threads)?;
    let bar = super::progress_bar(args.games);
    let (a, b) = (&args.p1, &args.p2);
    let played: Vec<Played> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let p = play_one(&game, &file, a, b, args.seed, i);
                bar.inc(1);
                p
            })
            .collect()
    });
    bar.finish_and_clear();
    // A failed write still shows the results: the games were played.
    let written = args
        .record
        .as_ref()
        .map(|dir| write_trials(dir, &played, "match"));
    let t = tally(&played);
    let names = labels(a, b);
    let n = played.len() as f64;
    let p1_wins = played.iter().filter(|p| p.status == Status::Won(0)).count();
    let p2_wins = played.iter().filter(|p| p.status == Status::Won(1)).count();
    let draws = t[0].draws;
    // Stopped games count as draws in the scores, and are told apart here.
    let stopped = played
        .iter()
        .filter(|p| p.status == Status::Stopped)
        .count();
    let mean_moves = played.iter().map(|p| p.moves as f64).sum::<f64>() / n;
    let mean_edges = played.iter().map(|p| p.edges as f64).sum::<f64>() / n;
    match args.format {
        Format::Json => {
            let per = |f: &dyn Fn(&Tally) -> serde_json::Value| {
                let mut m = serde_json::Map::new();
                for (name, tally) in names.iter().zip(&t) {
                    m.insert(name.clone(), f(tally));
                }
                serde_json::Value::Object(m)
            };
            outln!(
                "{}",
                serde_json::json!({
                    "game": game.name,
                    "games": played.len(),
                    "seed": args.seed,
                    "threads": threads,
                    "agents": names,
                    "wins": per(&|t| t.wins.into()),
                    "draws": draws,
                    "stopped_at_edge_limit": stopped,
                    "max_edges": game.max_edges,
                    "losses": per(&|t| t.losses.into()),
                    "score": per(&|t| t.score().into()),
                    "ci95": per(&|t| serde_json::json!([t.interval().0, t.interval().1])),
                    "ms_per_move": per(&|t| t.ms_per_move().into()),
                    "p1_wins": p1_wins,
                    "p2_wins": p2_wins,
                    "mean_moves": mean_moves,
                    "mean_edges": mean_edges,
                })
            );
        }
        Format::Text => {
            outln!(
                "{}: {} games, seed {}, seats swapped every game ({} is P1 in games 1, 3, 5, ...)",
                game.name,
                played.len(),
                args.seed,
                names[0]
            );
            let width = names.iter().map(|s| s.len()).max().unwrap_or(5).max(5);
            outln!(
                "{:<width$}  {:>5} {:>5} {:>6}  {:>6}  {:<16} {:>9}",
                "agent",
                "wins",
                "draws",
                "losses",
                "score",
                "95% CI",
                "ms/move"
            );
            for (name, t) in names.iter().zip(&t) {
                let (lo, hi) = t.interval();
                outln!(
                    "{name:<width$}  {:>5} {:>5} {:>6}  {:>5.1}%  {:<16} {:>9.2}",
                    t.wins,
                    t.draws,
                    t.losses,
                    100.0 * t.score(),
                    format!("[{:.1}%, {:.1}%]", 100.0 * lo, 100.0 * hi),
                    t.ms_per_move()
                );
            }
            outln!("P1 won {p1_wins}, P2 won {p2_wins}, {draws} drawn; mean length {mean_moves:.1} moves ({mean_edges:.1} edges)");
            if stopped > 0 {
                outln!(
                    "{stopped} of the draws stopped at the edge limit of {} edges (--max-edges)",
                    game.max_edges
                );
            }
            if let (Some(dir), Some(Ok(()))) = (&args.record, &written) {
                outln!("trials written to {}", dir.display());
            }
        }
    }
    written.unwrap_or(Ok(()))
}
