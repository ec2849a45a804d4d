//! `ludus analyse`: what a game is like, measured over random playouts (length, branching, balance,
//! how games end, captures) and over short matches of agents against `random`; `--compare` puts
//! two option settings or two files side by side.

use super::{contest, Format, GameArgs};
use clap::Args;
use ludus::agents::{rng_stream, AgentSpec};
use ludus::trial::{wilson_interval, Endings};
use ludus::{Game, State, Status};
use rand::Rng;
use rayon::prelude::*;
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `ludus analyse`.
#[derive(Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Random playouts to measure.
    #[arg(long, short = 'n', default_value_t = 1000)]
    playouts: u64,
    /// Agents to match against `random`, comma-separated (`none` for none).
    #[arg(long, value_name = "SPEC,SPEC", default_value = "mcts:iterations=300")]
    agents: String,
    /// Games each agent plays against `random` (seats swapped every game).
    #[arg(long, value_name = "N", default_value_t = 20)]
    agent_games: u64,
    /// Two option settings to compare (`transfers=on,transfers=off`; join several settings of one
    /// side with `+`), or another game file to compare with.
    #[arg(long, value_name = "A,B|FILE")]
    compare: Option<String>,
    /// The seed every random choice flows from.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores); the figures do not depend on it.
    #[arg(long, short)]
    threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    #[command(flatten)]
    limit: super::run::EdgeLimit,
}

/// Mean, spread and range of a quantity over games.
#[derive(Serialize, Clone, Copy, Default)]
struct Spread {
    mean: f64,
    sd: f64,
    min: u64,
    max: u64,
}

impl Spread {
    fn of(values: &[u64]) -> Spread {
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
struct Rate {
    rate: f64,
    ci95: (f64, f64),
}

impl Rate {
    fn of(k: f64, n: f64) -> Rate {
        Rate {
            rate: if n > 0.0 { k / n } else { 0.0 },
            ci95: wilson_interval(k, n),
        }
    }

    fn text(&self) -> String {
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
struct Ending {
    condition: String,
    limit: bool,
    share: f64,
}

/// An agent's score against `random`.
#[derive(Serialize, Clone)]
struct AgentScore {
    agent: String,
    games: u64,
    score: Rate,
}

/// The figures of one game (one option setting).
#[derive(Serialize, Clone)]
struct Report {
    label: String,
    game: String,
    options: Vec<(String, String)>,
    playouts: u64,
    seed: u64,
    moves: Spread,
    edges: Spread,
    branching: f64,
    p1_wins: Rate,
    p2_wins: Rate,
    /// P3's and P4's wins, in a game of three or four players.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    more_wins: Vec<Rate>,
    /// Games that ended in a ranking, in a game of three or four players.
    #[serde(skip_serializing_if = "Option::is_none")]
    ranked: Option<Rate>,
    draws: Rate,
    endings: Vec<Ending>,
    limit_share: f64,
    captures_per_game: f64,
    agents: Vec<AgentScore>,
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
}

fn sample(game: &Game, endings: &Endings, rng: &mut impl Rng) -> Sample {
    let mut state = game.new_initial_state();
    let (mut decisions, mut choices, mut captured) = (0u64, 0u64, 0u64);
    let mut ended_by = None;
    let stores = |s: &State| s.scores().iter().map(|&x| x as u64).sum::<u64>();
    ludus::engine::random_walk(game, &mut state, rng, |before, legal, m, after| {
        if !legal.is_empty() {
            decisions += 1;
            choices += legal.len() as u64;
        }
        if after.is_terminal() {
            // The last edge may also collect the rows into the stores: measure it without that.
            captured += endings.captured(before, m);
            ended_by = endings.fired(before, m);
        } else {
            captured += stores(after).saturating_sub(stores(before));
        }
    });
    Sample {
        status: state.status(),
        moves: state.moves_played(),
        edges: state.edges_played(),
        decisions,
        choices,
        captured,
        ended_by,
    }
}

fn analyse(
    game: &Game,
    file: &str,
    label: String,
    args: &AnalyseArgs,
    agents: &[AgentSpec],
    pool: &rayon::ThreadPool,
) -> Result<Report, String> {
    for spec in agents {
        spec.fits(game.players)
            .map_err(|e| format!("error: --agents: {e}"))?;
    }
    let endings = Endings::new(game);
    let bar = super::progress_bar(args.playouts + agents.len() as u64 * args.agent_games);
    let samples: Vec<Sample> = pool.install(|| {
        (0..args.playouts)
            .into_par_iter()
            .map(|i| {
                let s = sample(game, &endings, &mut rng_stream(args.seed, i));
                bar.inc(1);
                s
            })
            .collect()
    });
    let random = AgentSpec::parse("random").expect("a valid spec");
    let agent_scores = agents
        .iter()
        .map(|spec| {
            let played: Vec<_> = pool.install(|| {
                (0..args.agent_games)
                    .into_par_iter()
                    .map(|i| {
                        // The agent and `random` in every other seat.
                        let mut seats = vec![&random; game.players as usize];
                        seats[0] = spec;
                        let p = contest::play_one(game, file, &seats, args.seed, i);
                        bar.inc(1);
                        p
                    })
                    .collect()
            });
            let t = contest::tally(&played, game.players as usize)[0];
            AgentScore {
                agent: spec.to_string(),
                games: args.agent_games,
                score: Rate::of(
                    t.wins as f64 + 0.5 * t.draws as f64,
                    args.agent_games as f64,
                ),
            }
        })
        .collect();
    bar.finish_and_clear();
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
        playouts: args.playouts,
        seed: args.seed,
        moves: Spread::of(&samples.iter().map(|s| s.moves).collect::<Vec<_>>()),
        edges: Spread::of(&samples.iter().map(|s| s.edges).collect::<Vec<_>>()),
        branching: samples.iter().map(|s| s.choices).sum::<u64>() as f64 / decisions.max(1) as f64,
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

/// The report as (row name, value) lines.
fn rows(r: &Report) -> Vec<(String, String)> {
    let mut rows = vec![
        ("game".to_string(), r.game.clone()),
        (
            "options".into(),
            if r.options.is_empty() {
                "none".into()
            } else {
                r.options
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            },
        ),
        (
            "playouts".into(),
            format!("{} random, seed {}", r.playouts, r.seed),
        ),
        (
            "length".into(),
            format!(
                "{:.1} moves (sd {:.1}, {}-{})",
                r.moves.mean, r.moves.sd, r.moves.min, r.moves.max
            ),
        ),
        (
            "edges".into(),
            format!("{:.1} (sd {:.1})", r.edges.mean, r.edges.sd),
        ),
        (
            "branching".into(),
            format!("{:.2} moves per decision", r.branching),
        ),
        ("P1 wins".into(), r.p1_wins.text()),
        ("P2 wins".into(), r.p2_wins.text()),
    ];
    for (k, w) in r.more_wins.iter().enumerate() {
        rows.push((format!("P{} wins", k + 3), w.text()));
    }
    if let Some(ranked) = &r.ranked {
        rows.push(("rankings".into(), ranked.text()));
    }
    rows.push(("draws".into(), r.draws.text()));
    for e in &r.endings {
        // End rules are quoted as written; the other ways a game ends are named as they are.
        let name = if e.condition.starts_with('(') {
            format!("ended by {}", e.condition)
        } else {
            e.condition.clone()
        };
        rows.push((name, format!("{:.1}%", 100.0 * e.share)));
    }
    rows.push((
        "turn limit".into(),
        format!("{:.1}% of games", 100.0 * r.limit_share),
    ));
    rows.push((
        "captures".into(),
        format!("{:.1} per game", r.captures_per_game),
    ));
    for a in &r.agents {
        rows.push((
            format!("{} vs random", a.agent),
            format!("{} over {} games", a.score.text(), a.games),
        ));
    }
    rows
}

fn print_one(r: &Report) {
    let rows = rows(r);
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    for (name, value) in rows {
        outln!("{name:<width$}  {value}");
    }
    outln!("(captures: counters moved into stores during play, not the rows collected at the end)");
}

fn print_two(a: &Report, b: &Report) {
    let (ra, rb) = (rows(a), rows(b));
    // Rows in the order of the first report, then those only the second has.
    let mut names: Vec<String> = ra.iter().map(|r| r.0.clone()).collect();
    for (n, _) in &rb {
        if !names.contains(n) {
            names.push(n.clone());
        }
    }
    let get = |rows: &[(String, String)], n: &str| {
        rows.iter()
            .find(|r| r.0 == n)
            .map_or("-".to_string(), |r| r.1.clone())
    };
    let width = names.iter().map(String::len).max().unwrap_or(0);
    let col = ra
        .iter()
        .map(|r| r.1.len())
        .chain([a.label.len()])
        .max()
        .unwrap_or(0);
    outln!("{:<width$}  {:<col$}  {}", "", a.label, b.label);
    for n in &names {
        outln!("{n:<width$}  {:<col$}  {}", get(&ra, n), get(&rb, n));
    }
    outln!("(captures: counters moved into stores during play, not the rows collected at the end)");
}

/// One side of a comparison: option settings on top of `--option`, or another file.
enum Side {
    Settings(Vec<(String, String)>),
    File(PathBuf),
}

fn parse_compare(text: &str) -> Result<(Side, Side), String> {
    if !text.contains('=') {
        return Ok((
            Side::Settings(Vec::new()),
            Side::File(PathBuf::from(text.trim())),
        ));
    }
    let sides: Vec<&str> = text.split(',').map(str::trim).collect();
    let [a, b] = sides.as_slice() else {
        return Err(format!("error: --compare `{text}` needs two sides, as A,B (for example transfers=on,transfers=off)"));
    };
    let settings = |side: &str| -> Result<Vec<(String, String)>, String> {
        side.split('+')
            .map(|kv| match kv.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    Ok((k.trim().to_string(), v.trim().to_string()))
                }
                _ => Err(format!("error: --compare: `{kv}` is not NAME=VALUE")),
            })
            .collect()
    };
    Ok((Side::Settings(settings(a)?), Side::Settings(settings(b)?)))
}

/// Runs the analysis and prints it.
pub fn run(args: AnalyseArgs) -> Result<(), String> {
    super::count_in_range("--playouts", args.playouts, 100_000_000)?;
    if args.agent_games > 1_000_000 {
        return Err(format!(
            "error: --agent-games {} is out of range (0 to 1000000)",
            args.agent_games
        ));
    }
    let agents = if args.agents.trim().eq_ignore_ascii_case("none")
        || args.agents.trim().is_empty()
        || args.agent_games == 0
    {
        Vec::new()
    } else {
        AgentSpec::parse_list(&args.agents).map_err(|e| format!("error: --agents: {e}"))?
    };
    let (pool, _) = super::thread_pool(args.threads)?;
    let file = args.game.file.display().to_string();
    let mut reports = Vec::new();
    match &args.compare {
        None => {
            let game = args.limit.load(&args.game)?;
            reports.push(analyse(&game, &file, file.clone(), &args, &agents, &pool)?);
        }
        Some(text) => {
            let (a, b) = parse_compare(text)?;
            for side in [a, b] {
                let (path, settings, label) = match side {
                    Side::Settings(extra) => {
                        let label = if extra.is_empty() {
                            file.clone()
                        } else {
                            extra
                                .iter()
                                .map(|(k, v)| format!("{k}={v}"))
                                .collect::<Vec<_>>()
                                .join("+")
                        };
                        let mut settings: Vec<(String, String)> = args
                            .game
                            .options
                            .iter()
                            .filter(|(k, _)| !extra.iter().any(|e| e.0 == *k))
                            .cloned()
                            .collect();
                        settings.extend(extra);
                        (args.game.file.clone(), settings, label)
                    }
                    Side::File(path) => (
                        path.clone(),
                        args.game.options.clone(),
                        path.display().to_string(),
                    ),
                };
                let mut game = super::load(&path, &settings)?;
                game.max_edges = args.limit.max_edges;
                reports.push(analyse(
                    &game,
                    &path.display().to_string(),
                    label,
                    &args,
                    &agents,
                    &pool,
                )?);
            }
        }
    }
    match (args.format, reports.as_slice()) {
        (Format::Json, [one]) => outln!(
            "{}",
            serde_json::to_string_pretty(one).map_err(|e| e.to_string())?
        ),
        (Format::Json, many) => outln!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "compare": many }))
                .map_err(|e| e.to_string())?
        ),
        (Format::Text, [one]) => print_one(one),
        (Format::Text, [a, b]) => print_two(a, b),
        _ => {}
    }
    Ok(())
}
