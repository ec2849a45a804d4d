//! `ludus run`: random playouts, reproducible from a seed whatever the number of threads.

use super::{Format, GameArgs};
use clap::Args;
use ludus::engine::{playout, Playout};
use ludus::{Game, Status};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
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

/// Totals over playouts.
#[derive(Default, Clone, Copy)]
struct Totals {
    wins: [u64; MAX_PLAYERS],
    /// Games that ended in a ranking (three or four players).
    ranked: u64,
    draws: u64,
    stopped: u64,
    edges: u64,
    moves: u64,
    min: u64,
    max: u64,
    games: u64,
}

impl Totals {
    fn add(mut self, p: Playout) -> Totals {
        match p.status {
            Status::Won(w) => self.wins[w as usize & (MAX_PLAYERS - 1)] += 1,
            Status::Ranked(_) => self.ranked += 1,
            Status::Stopped => self.stopped += 1,
            _ => self.draws += 1,
        }
        let len = p.edges;
        self.min = if self.games == 0 {
            len
        } else {
            self.min.min(len)
        };
        self.max = self.max.max(len);
        self.edges += len;
        self.moves += p.moves;
        self.games += 1;
        self
    }

    fn merge(self, o: Totals) -> Totals {
        if o.games == 0 {
            return self;
        }
        if self.games == 0 {
            return o;
        }
        Totals {
            wins: std::array::from_fn(|p| self.wins[p] + o.wins[p]),
            ranked: self.ranked + o.ranked,
            draws: self.draws + o.draws,
            stopped: self.stopped + o.stopped,
            edges: self.edges + o.edges,
            moves: self.moves + o.moves,
            min: self.min.min(o.min),
            max: self.max.max(o.max),
            games: self.games + o.games,
        }
    }
}

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

fn play_range(
    game: &Game,
    seed: u64,
    range: std::ops::Range<u64>,
    bar: &indicatif::ProgressBar,
    record: Option<&Record>,
) -> Totals {
    let mut state = game.new_initial_state();
    let start = state.clone();
    let mut buf = ludus::engine::Scratch::default();
    let mut t = Totals::default();
    for i in range {
        state.clone_from(&start);
        let mut rng = playout_rng(seed, i);
        if let Some(record) = record {
            match record.play(game, seed, i, &mut rng) {
                Some(p) if !record.stopped() => t = t.add(p),
                // A failed write elsewhere: this trial is kept, but no more are played.
                Some(p) => return t.add(p),
                None => return t,
            }
        } else {
            t = t.add(playout(game, &mut state, &mut rng, &mut buf));
        }
        if i % 256 == 0 {
            bar.inc(256);
        }
    }
    t
}

/// Plays the playouts and prints the figures.
pub fn run(args: RunArgs) -> Result<(), String> {
    super::count_in_range("--playouts", args.playouts, 10_000_000_000)?;
    let game = args.limit.load(&args.game)?;
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
    // Fixed chunks keep each thread busy; the sums do not depend on how they are shared out.
    let chunk = 64u64;
    let chunks = args.playouts.div_ceil(chunk);
    let totals = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                play_range(
                    &game,
                    args.seed,
                    c * chunk..((c + 1) * chunk).min(args.playouts),
                    &bar,
                    record.as_ref(),
                )
            })
            .reduce(Totals::default, Totals::merge)
    });
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let n = totals.games.max(1) as f64;
    let players = (game.players as usize).min(MAX_PLAYERS);
    let mean = totals.edges as f64 / n;
    let pps = totals.games as f64 / secs;
    let eps = totals.edges as f64 / secs;
    match args.format {
        Format::Json => outln!(
            "{}",
            serde_json::json!({
                "game": game.name,
                "playouts": totals.games,
                "wins": totals.wins[..players],
                "ranked": totals.ranked,
                "draws": totals.draws,
                "stopped_at_edge_limit": totals.stopped,
                "max_edges": game.max_edges,
                "mean_length": mean,
                "min_length": totals.min,
                "max_length": totals.max,
                "mean_moves": totals.moves as f64 / n,
                "seed": args.seed,
                "threads": threads,
                "seconds": secs,
                "playouts_per_second": pps,
                "edges_per_second": eps,
            })
        ),
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
