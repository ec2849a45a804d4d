//! `ludus analyse`: what a game is like, measured over random playouts (length, branching, balance,
//! how games end, captures) and over short matches of agents against `random`; `--compare` puts
//! two option settings or two files side by side.

use super::{Format, GameArgs};
use clap::Args;
use ludus::agents::AgentSpec;
use ludus::jobs::analysis::{self, Plan, Report};
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

/// Analyses one game with a progress bar on `pool`.
fn analyse(
    game: &ludus::Game,
    file: &str,
    label: String,
    plan: &Plan,
    pool: &rayon::ThreadPool,
) -> Result<Report, String> {
    let bar = super::progress_bar(plan.playouts + plan.agents.len() as u64 * plan.agent_games);
    let report = pool.install(|| analysis::analyse(game, file, label, plan, &|k| bar.inc(k)));
    bar.finish_and_clear();
    report
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

/// What the captures row counts.
const CAPTURES: &str =
    "(captures: opposing pieces a move takes off the board, by capture or removal, \
wherever they go;\nin a game of counters, the counters moved into stores during play, not the rows \
collected at the end)";

/// The widest label the column of labels makes room for: a longer one (an end rule quoted
/// whole) stands on a line of its own, its value on the next.
const MAX_LABEL: usize = 40;

/// The width of the label column: the longest label that fits [`MAX_LABEL`].
fn label_width<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    names
        .map(str::len)
        .filter(|&n| n <= MAX_LABEL)
        .max()
        .unwrap_or(0)
}

/// A row's label, padded to the column; a label too long for it ends its line and the value
/// starts on the next, under the others.
fn label(name: &str, width: usize) -> String {
    if name.len() > width {
        format!("{name}\n{:width$}", "")
    } else {
        format!("{name:<width$}")
    }
}

fn print_one(r: &Report) {
    let rows = rows(r);
    let width = label_width(rows.iter().map(|r| r.0.as_str()));
    for (name, value) in rows {
        outln!("{}  {value}", label(&name, width));
    }
    outln!("{CAPTURES}");
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
    let width = label_width(names.iter().map(String::as_str));
    let col = ra
        .iter()
        .map(|r| r.1.len())
        .chain([a.label.len()])
        .max()
        .unwrap_or(0);
    outln!("{:<width$}  {:<col$}  {}", "", a.label, b.label);
    for n in &names {
        outln!(
            "{}  {:<col$}  {}",
            label(n, width),
            get(&ra, n),
            get(&rb, n)
        );
    }
    outln!("{CAPTURES}");
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
    let plan = Plan {
        playouts: args.playouts,
        seed: args.seed,
        agents: &agents,
        agent_games: args.agent_games,
        cancel: None,
    };
    let file = args.game.file.display().to_string();
    let mut reports = Vec::new();
    match &args.compare {
        None => {
            let game = args.limit.load(&args.game)?;
            reports.push(analyse(&game, &file, file.clone(), &plan, &pool)?);
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
                    &plan,
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
