//! `ludus match`: one agent per seat play a series of games, the seats turning by one every game
//! (two agents swap). Game `i` draws every random choice from (seed, i), so the results do not
//! depend on the number of threads.

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
    /// The third agent, for a game of three or four players (P3 in the first game).
    #[arg(long, value_name = "SPEC", value_parser = super::parse_agent)]
    p3: Option<AgentSpec>,
    /// The fourth agent, for a game of four players (P4 in the first game).
    #[arg(long, value_name = "SPEC", value_parser = super::parse_agent)]
    p4: Option<AgentSpec>,
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

/// The seat of agent `k` of `n` in game `i`: the seats turn by one every game (two agents swap).
pub fn seat_of_agent(k: usize, n: usize, i: u64) -> usize {
    (k + (i % n as u64) as usize) % n
}

/// Plays game `i` of a series between `agents` (one per seat, the first is P1 in game 0).
pub fn play_one(
    game: &ludus::Game,
    file: &str,
    agents: &[&AgentSpec],
    seed: u64,
    i: u64,
) -> Played {
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

/// The agents of a match, one per seat of the game: `--p3` and `--p4` exactly when the game
/// has those seats, and each agent able to play it.
pub fn seat_agents<'a>(
    game: &ludus::Game,
    given: [Option<&'a AgentSpec>; 4],
) -> Result<Vec<&'a AgentSpec>, String> {
    let n = game.players as usize;
    let mut agents = Vec::new();
    for (k, a) in given.iter().enumerate() {
        match (a, k < n) {
            (Some(a), true) => {
                a.fits(game.players)
                    .map_err(|e| format!("error: --p{}: {e}", k + 1))?;
                agents.push(*a);
            }
            (None, true) => {
                return Err(format!(
                    "error: {} has {n} players: give an agent for each seat (--p{} is missing)",
                    game.name,
                    k + 1
                ))
            }
            (Some(_), false) => {
                return Err(format!(
                    "error: --p{} is given, but {} has only {n} players",
                    k + 1,
                    game.name
                ))
            }
            (None, false) => {}
        }
    }
    Ok(agents)
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
    let agents = seat_agents(
        &game,
        [
            Some(&args.p1),
            Some(&args.p2),
            args.p3.as_ref(),
            args.p4.as_ref(),
        ],
    )?;
    let played: Vec<Played> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let p = play_one(&game, &file, &agents, args.seed, i);
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
    let t = tally(&played, agents.len());
    let names = labels(&agents);
    let n = played.len() as f64;
    let seat_wins: Vec<usize> = (0..agents.len())
        .map(|seat| {
            played
                .iter()
                .filter(|p| p.status == Status::Won(seat as u8))
                .count()
        })
        .collect();
    let (p1_wins, p2_wins) = (seat_wins[0], seat_wins[1]);
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
                    "agent_draws": per(&|t| t.draws.into()),
                    "stopped_at_edge_limit": stopped,
                    "max_edges": game.max_edges,
                    "losses": per(&|t| t.losses.into()),
                    "score": per(&|t| t.score().into()),
                    "ci95": per(&|t| serde_json::json!([t.interval().0, t.interval().1])),
                    "ms_per_move": per(&|t| t.ms_per_move().into()),
                    "p1_wins": p1_wins,
                    "p2_wins": p2_wins,
                    "seat_wins": seat_wins,
                    "ranked": ranked,
                    "mean_moves": mean_moves,
                    "mean_edges": mean_edges,
                })
            );
        }
        Format::Text => {
            outln!(
                "{}: {} games, seed {}, {} ({} is P1 in games 1, {}, ...)",
                game.name,
                played.len(),
                args.seed,
                if agents.len() == 2 {
                    "seats swapped every game"
                } else {
                    "seats turned by one every game"
                },
                names[0],
                if agents.len() == 2 {
                    "3, 5".to_string()
                } else {
                    format!("{}", 1 + agents.len())
                }
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
            let won: Vec<String> = seat_wins
                .iter()
                .enumerate()
                .map(|(seat, w)| format!("P{} won {w}", seat + 1))
                .collect();
            let ranked = if ranked > 0 {
                format!(", {ranked} ranked")
            } else {
                String::new()
            };
            outln!("{}{ranked}, {draws} drawn; mean length {mean_moves:.1} moves ({mean_edges:.1} edges)", won.join(", "));
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
