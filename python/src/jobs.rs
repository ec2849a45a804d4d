//! The command line's jobs as Python functions: the same library calls as `ludus run`, `perft`,
//! `match` and `analyse`, the same figures as their JSON, as plain dicts. `playouts`, `perft` and
//! `match` run on a thread of their own, so that Ctrl-C stops them (see [`interruptible`]).

use crate::state::PyGame;
use ludus::agents::AgentSpec;
use ludus::jobs::{analysis, contest, playouts as runs};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// How often the calling thread looks for a signal (Ctrl-C) while a job runs.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// How long an interrupted job is given to stop before `KeyboardInterrupt` is raised all the same.
const WIND_DOWN: Duration = Duration::from_millis(300);

/// Runs `work` on a thread of its own with the GIL released, while the calling thread runs
/// Python's signal handlers every [`SIGNAL_CHECK`]: when one raises (Ctrl-C's
/// `KeyboardInterrupt`), `work`'s stop flag is raised and the exception is raised here. The work
/// checks the flag between pieces (a chunk of playouts, a game of a match, a subtree of perft);
/// a piece that outlasts [`WIND_DOWN`] ends in the background and its result is dropped.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let (send, mut receive) = mpsc::channel();
    std::thread::Builder::new()
        .name("ludus job".into())
        .spawn(move || {
            // The caller may have gone (interrupted): nobody to tell.
            let _ = send.send(work(&flag));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the job's thread: {e}")))?;
    // The receiver goes into the GIL-free wait and back: it may not be shared across threads.
    let wait = |receive: mpsc::Receiver<T>, time: Duration| {
        py.detach(move || {
            let got = receive.recv_timeout(time);
            (got, receive)
        })
    };
    loop {
        let (got, back) = wait(receive, SIGNAL_CHECK);
        receive = back;
        match got {
            Ok(value) => return Ok(value),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    let _ = wait(receive, WIND_DOWN);
                    return Err(e);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the job ended without a result: a bug in ludus, please report it",
                ))
            }
        }
    }
}

/// A rayon pool of `threads` workers (default: all cores), and their number.
fn pool(threads: Option<usize>) -> PyResult<(rayon::ThreadPool, usize)> {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 || threads > 1024 {
        return Err(PyValueError::new_err(format!(
            "threads {threads} is out of range (1 to 1024)"
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok((pool, threads))
}

/// A JSON value as Python objects (dicts, lists, numbers, strings).
fn to_python(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// Agents from their specs (`"random"`, `"mcts:iterations=300"`), each able to play the game.
fn agents(game: &PyGame, specs: &[String]) -> PyResult<Vec<AgentSpec>> {
    specs
        .iter()
        .map(|s| {
            let spec =
                AgentSpec::parse(s).map_err(|e| PyValueError::new_err(format!("{s}: {e}")))?;
            spec.fits(game.game.players)
                .map_err(|e| PyValueError::new_err(format!("{s}: {e}")))?;
            Ok(spec)
        })
        .collect()
}

/// The error of a job that stopped without having been interrupted: cannot happen.
fn stopped() -> PyErr {
    PyRuntimeError::new_err("the job stopped unasked: a bug in ludus, please report it")
}

/// `ludus run --format json`: `n` random playouts from `seed` on `threads` threads.
#[pyfunction]
#[pyo3(signature = (game, n = 1000, seed = 1, threads = None))]
pub fn playouts(
    py: Python<'_>,
    game: &PyGame,
    n: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let (pool, threads) = pool(threads)?;
    let g = game.game.clone();
    let (totals, secs) = interruptible(py, move |stop| {
        let started = Instant::now();
        let totals = pool.install(|| runs::playouts_until(&g, seed, n, &|_| {}, stop));
        (totals, started.elapsed().as_secs_f64().max(1e-9))
    })?;
    let g = &*game.game;
    if totals.games != n {
        return Err(stopped());
    }
    let mut figures = totals.figures(g, seed);
    figures.insert("threads".into(), threads.into());
    figures.insert("seconds".into(), secs.into());
    figures.insert(
        "playouts_per_second".into(),
        (totals.games as f64 / secs).into(),
    );
    figures.insert(
        "edges_per_second".into(),
        (totals.edges as f64 / secs).into(),
    );
    to_python(py, &serde_json::Value::Object(figures))
}

/// `ludus perft`: {"game", "depth", "counts"}: counts[d - 1] paths of d edges, for d = 1..=depth.
#[pyfunction]
pub fn perft(py: Python<'_>, game: &PyGame, depth: usize) -> PyResult<Py<PyAny>> {
    if depth > 64 {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is out of range (0 to 64)"
        )));
    }
    let g = game.game.clone();
    let counts = interruptible(py, move |stop| {
        ludus::engine::perft_until(&g, &g.new_initial_state(), depth, stop)
    })?
    .map_err(|_| stopped())?;
    let value = serde_json::json!({
        "game": game.game.name,
        "depth": depth,
        "counts": counts[1..],
    });
    to_python(py, &value)
}

/// `ludus match --format json`: one agent per seat (specs), `games` games, the seats turning.
#[pyfunction(name = "match")]
#[pyo3(signature = (game, agents, games = 20, seed = 1, threads = None))]
pub fn play_match(
    py: Python<'_>,
    game: &PyGame,
    agents: Vec<String>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let specs = self::agents(game, &agents)?;
    if specs.len() != game.game.players as usize {
        return Err(PyValueError::new_err(format!(
            "{} has {} players: give one agent a seat, not {}",
            game.game.name,
            game.game.players,
            specs.len()
        )));
    }
    let (pool, threads) = pool(threads)?;
    let (g, file) = (game.game.clone(), game.origin.text().to_owned());
    let work = specs.clone();
    let played = interruptible(py, move |stop| {
        use rayon::prelude::*;
        let seats: Vec<&AgentSpec> = work.iter().collect();
        // `contest::play_series`, game by game, none started once stopped.
        pool.install(|| {
            (0..games)
                .into_par_iter()
                .map(|i| {
                    (!stop.load(Ordering::Relaxed))
                        .then(|| contest::play_one(&g, &file, &seats, seed, i))
                })
                .collect::<Option<Vec<_>>>()
        })
    })?
    .ok_or_else(stopped)?;
    let seats: Vec<&AgentSpec> = specs.iter().collect();
    let mut figures = contest::figures(&game.game, &seats, &played, seed);
    figures.insert("threads".into(), threads.into());
    to_python(py, &serde_json::Value::Object(figures))
}
/// `ludus analyse --format json`: `playouts` random playouts and each agent's games against `random`.
#[pyfunction]
#[pyo3(signature = (game, playouts = 1000, seed = 1, agents = vec!["mcts:iterations=300".to_string()], agent_games = 20, threads = None))]
pub fn analyse(
    py: Python<'_>,
    game: &PyGame,
    playouts: u64,
    seed: u64,
    agents: Vec<String>,
    agent_games: u64,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let specs = self::agents(game, &agents)?;
    let (pool, _) = pool(threads)?;
    let plan = analysis::Plan {
        playouts,
        seed,
        agents: &specs,
        agent_games,
        cancel: None,
    };
    let (g, file) = (&*game.game, game.origin.text());
    let report = py
        .detach(|| pool.install(|| analysis::analyse(g, file, file.to_owned(), &plan, &|_| {})))
        .map_err(PyValueError::new_err)?;
    let value =
        serde_json::to_value(&report).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    to_python(py, &value)
}

/// The 95% Wilson interval of `successes` in `n` trials, as the reports give it.
#[pyfunction]
pub fn wilson_interval(successes: f64, n: f64) -> (f64, f64) {
    ludus::trial::wilson_interval(successes, n)
}
