//! `ludus match`: one agent per seat play a series of games, the seats turning by one every game
//! (two agents swap). Game `i` draws every random choice from (seed, i), so the results do not
//! depend on the number of threads.

use super::{Format, GameArgs};
use clap::Args;
use ludus::agents::AgentSpec;
use ludus::jobs::contest;
use ludus::trial::Played;
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
        contest::play_series(&game, &file, &agents, args.seed, args.games, &|k| {
            bar.inc(k)
        })
    });
    bar.finish_and_clear();
    // A failed write still shows the results: the games were played.
    let written = args
        .record
        .as_ref()
        .map(|dir| write_trials(dir, &played, "match"));
    let mut figures = contest::figures(&game, &agents, &played, args.seed);
    match args.format {
        Format::Json => {
            figures.insert("threads".into(), threads.into());
            outln!("{}", serde_json::Value::Object(figures));
        }
        Format::Text => {
            print_table(&game, args.seed, &agents, &played, &figures);
            if let (Some(dir), Some(Ok(()))) = (&args.record, &written) {
                outln!("trials written to {}", dir.display());
            }
        }
    }
    written.unwrap_or(Ok(()))
}

/// Prints the match's table: a line of what was played, a row per agent (wins, draws, losses,
/// score with its 95% interval, time per move), then the wins per seat, the draws and the mean
/// length.
fn print_table(
    game: &ludus::Game,
    seed: u64,
    agents: &[&AgentSpec],
    played: &[Played],
    figures: &serde_json::Map<String, serde_json::Value>,
) {
    let t = contest::tally(played, agents.len());
    let names = contest::labels(agents);
    let count = |key: &str| figures[key].as_u64().unwrap_or(0) as usize;
    let (draws, stopped, ranked) = (
        count("draws"),
        count("stopped_at_edge_limit"),
        count("ranked"),
    );
    let seat_wins: Vec<u64> = figures["seat_wins"].as_array().map_or(Vec::new(), |v| {
        v.iter().filter_map(|w| w.as_u64()).collect()
    });
    let mean = |key: &str| figures[key].as_f64().unwrap_or(0.0);
    let (mean_moves, mean_edges) = (mean("mean_moves"), mean("mean_edges"));
    outln!(
        "{}: {} games, seed {}, {} ({} is P1 in games 1, {}, ...)",
        game.name,
        played.len(),
        seed,
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
    outln!(
        "{}{ranked}, {draws} drawn; mean length {mean_moves:.1} moves ({mean_edges:.1} edges)",
        won.join(", ")
    );
    if stopped > 0 {
        outln!(
            "{stopped} of the draws stopped at the edge limit of {} edges (--max-edges)",
            game.max_edges
        );
    }
}
