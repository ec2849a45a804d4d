//! The command line's jobs as Python functions: the same library calls as `ludus run`, `perft`,
//! `match` and `analyse`, the same figures as their JSON, as plain dicts.

use crate::state::PyGame;
use ludus::agents::AgentSpec;
use ludus::jobs::{analysis, contest, playouts as runs};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::time::Instant;

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
    let g = &*game.game;
    let (totals, secs) = py.detach(|| {
        let started = Instant::now();
        let totals = pool.install(|| runs::playouts(g, seed, n, &|_| {}));
        (totals, started.elapsed().as_secs_f64().max(1e-9))
    });
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
    let g = &*game.game;
    let counts = py.detach(|| ludus::engine::perft(g, &g.new_initial_state(), depth));
    let value = serde_json::json!({
        "game": g.name,
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
    let seats: Vec<&AgentSpec> = specs.iter().collect();
    let (pool, threads) = pool(threads)?;
    let (g, file) = (&*game.game, game.origin.text());
    let played =
        py.detach(|| pool.install(|| contest::play_series(g, file, &seats, seed, games, &|_| {})));
    let mut figures = contest::figures(g, &seats, &played, seed);
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
