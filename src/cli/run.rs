//! `ludus run`: random playouts, reproducible from a seed whatever the number of threads.

use super::{Format, GameArgs};
use clap::Args;
use ludus::engine::Playout;
use ludus::jobs::playouts::{self, Totals};
use ludus::Game;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// Arguments of `ludus run`.
#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of playouts.
    #[arg(long, short = 'n', default_value_t = 1000)]
    playouts: u64,
    /// The seed every random choice flows from.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores); the figures do not depend on it.
    #[arg(long, short)]
    threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Writes one trial per playout into this directory (the recorder draws its own moves, so the
    /// figures differ in detail from a run without it).
    #[arg(long, value_name = "DIR")]
    record: Option<std::path::PathBuf>,
    #[command(flatten)]
    limit: EdgeLimit,
    /// The playout loop: the one the game's shape selects, or the general one (the same games,
    /// more slowly; for checking a fast loop).
    #[arg(long = "loop", value_enum, default_value_t)]
    playout_loop: super::Loop,
}

/// The edge limit of `run`, `match` and `analyse`.
#[derive(Args)]
pub struct EdgeLimit {
    /// Stops a game still going after N edges (moves, passes and throws): it counts as "stopped
    /// at the edge limit", so that a game that cannot end does not run for ever.
    #[arg(long, value_name = "N", default_value_t = ludus::compile::ir::DEFAULT_MAX_EDGES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_edges: u64,
}

impl EdgeLimit {
    /// Loads the game with the limit set.
    pub fn load(&self, game: &GameArgs) -> Result<Game, String> {
        let mut game = game.load()?;
        game.max_edges = self.max_edges;
        Ok(game)
    }
}

use ludus::compile::ir::MAX_PLAYERS;
use ludus::trial::playout_rng;

/// Where `--record` writes trials: the directory, the game file as given, and the first write
/// error, which stops the run.
struct Record<'a> {
    dir: &'a std::path::Path,
    file: &'a str,
    failure: std::sync::Mutex<Option<String>>,
    stop: std::sync::atomic::AtomicBool,
}

impl Record<'_> {
    /// Whether a write has failed: no more playouts are started.
    fn stopped(&self) -> bool {
        self.stop.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Plays playout `i` as a recorded trial and writes it; `None` once a write has failed.
    fn play(
        &self,
        game: &Game,
        seed: u64,
        i: u64,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<Playout> {
        // The recorder lists the legal moves to draw from: the same distribution as `playout`,
        // other draws, so a recorded run's figures come from the recorded games.
        let (trial, end) = ludus::trial::random_playout(game, self.file, seed, i, rng);
        if let Err(e) = trial.write(&self.dir.join(trial.file_name("run"))) {
            let mut failure = self.failure.lock().unwrap_or_else(|p| p.into_inner());
            if failure.is_none() {
                *failure = Some(e.to_string());
            }
            self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            return None;
        }
        Some(Playout {
            status: end.status(),
            edges: end.edges_played(),
            moves: end.moves_played(),
        })
    }
}

/// Plays and records playouts `range`, as `playouts` plays them unrecorded.
fn record_range(
    game: &Game,
    seed: u64,
    range: std::ops::Range<u64>,
    bar: &indicatif::ProgressBar,
    record: &Record,
) -> Totals {
    let mut t = Totals::default();
    for i in range {
        let mut rng = playout_rng(seed, i);
        match record.play(game, seed, i, &mut rng) {
            Some(p) if !record.stopped() => t = t.counting(p),
            // A failed write elsewhere: this trial is kept, but no more are played.
            Some(p) => return t.counting(p),
            None => return t,
        }
        bar.inc(1);
    }
    t
}

/// Plays the playouts and prints the figures.
pub fn run(args: RunArgs) -> Result<(), String> {
    super::count_in_range("--playouts", args.playouts, 10_000_000_000)?;
    let mut game = args.limit.load(&args.game)?;
    args.playout_loop.apply(&mut game);
    let (pool, threads) = super::thread_pool(args.threads)?;
    let file = args.game.file.display().to_string();
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("error: cannot create {}: {e}", dir.display()))?;
    }
    let record = args.record.as_deref().map(|dir| Record {
        dir,
        file: &file,
        failure: std::sync::Mutex::new(None),
        stop: std::sync::atomic::AtomicBool::new(false),
    });
    let bar = super::progress_bar(args.playouts);
    let started = Instant::now();
    let totals = pool.install(|| match &record {
        Some(record) => playouts::in_chunks(args.playouts, |range| {
            record_range(&game, args.seed, range, &bar, record)
        }),
        None => playouts::playouts(&game, args.seed, args.playouts, &|k| bar.inc(k)),
    });
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let n = totals.games.max(1) as f64;
    let players = (game.players as usize).min(MAX_PLAYERS);
    let mean = totals.edges as f64 / n;
    let pps = totals.games as f64 / secs;
    let eps = totals.edges as f64 / secs;
    match args.format {
        Format::Json => {
            let mut figures = totals.figures(&game, args.seed);
            figures.insert("threads".into(), threads.into());
            figures.insert("seconds".into(), secs.into());
            figures.insert("playouts_per_second".into(), pps.into());
            figures.insert("edges_per_second".into(), eps.into());
            outln!("{}", serde_json::Value::Object(figures))
        }
        Format::Text => {
            let pct = |k: u64| 100.0 * k as f64 / n;
            outln!(
                "{}: {} random playouts, seed {}",
                game.name,
                totals.games,
                args.seed
            );
            for (p, &w) in totals.wins[..players].iter().enumerate() {
                outln!("  P{} wins  {:>8} ({:.1}%)", p + 1, w, pct(w));
            }
            if players > 2 {
                outln!(
                    "  ranked   {:>8} ({:.1}%)",
                    totals.ranked,
                    pct(totals.ranked)
                );
            }
            outln!("  draws    {:>8} ({:.1}%)", totals.draws, pct(totals.draws));
            if totals.stopped > 0 {
                outln!(
                    "  stopped  {:>8} ({:.1}%) at the edge limit of {} edges (--max-edges)",
                    totals.stopped,
                    pct(totals.stopped),
                    game.max_edges
                );
            }
            outln!(
                "  length   mean {mean:.1}, min {}, max {} edges (moves and throws)",
                totals.min,
                totals.max
            );
            outln!("  speed    {pps:.0} playouts/s, {eps:.0} edges/s on {threads} thread(s)");
        }
    }
    match record.and_then(|r| r.failure.into_inner().unwrap_or_else(|p| p.into_inner())) {
        // The figures above are of the trials written; the rest were not played.
        Some(e) => Err(format!(
            "error: {e}\nstopped after {} of {} playouts: the figures above are of the {} trials written",
            totals.games, args.playouts, totals.games
        )),
        None => Ok(()),
    }
}
