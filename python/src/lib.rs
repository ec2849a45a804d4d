//! The `ludus` Python module: games loaded from ludeme text, states with a pyspiel-shaped API,
//! batched stepping in Rust and the command line's jobs as functions. Binding code only: the
//! rules, the search and the figures all come from the `ludus` crate.

#![forbid(unsafe_code)]

mod actions;
mod jobs;
mod observe;
mod state;
mod vector;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::Path;
use std::sync::Arc;

pub use state::{PyGame, PyState};

create_exception!(
    _ludus,
    GameError,
    PyException,
    "A game that could not be loaded: `diagnostics` lists each error (message, line, column, help); str() is the rendered report."
);

/// The id `current_player()` gives at a chance node (pyspiel's `kChancePlayerId`).
pub const CHANCE_PLAYER: i64 = -1;
/// The id `current_player()` gives at the end (pyspiel's `kTerminalPlayerId`).
pub const TERMINAL_PLAYER: i64 = -4;

/// The `GameError` of a load error: the rendered report, with the diagnostics as attributes.
fn game_error(py: Python<'_>, e: &ludus::LoadError) -> PyErr {
    let err = GameError::new_err(e.render(false));
    let value = err.value(py);
    let list = PyList::empty(py);
    let mut first = None;
    if let ludus::LoadError::Invalid { file, diagnostics } = e {
        for d in diagnostics {
            let (line, column) = file.line_col(d.span.start);
            let entry = PyDict::new(py);
            let _ = entry.set_item("message", &d.message);
            let _ = entry.set_item("line", line);
            let _ = entry.set_item("column", column);
            let _ = entry.set_item("help", d.help.as_deref());
            let _ = entry.set_item("code", d.code);
            first.get_or_insert((
                d.message.clone(),
                line,
                column,
                d.help.as_deref().map(str::to_owned),
            ));
            let _ = list.append(entry);
        }
    }
    let (message, line, column, help) = first.unwrap_or_else(|| (e.to_string(), 0, 0, None));
    let _ = value.setattr("diagnostics", list);
    let _ = value.setattr("message", message);
    let _ = value.setattr("line", if line > 0 { Some(line) } else { None });
    let _ = value.setattr("column", if column > 0 { Some(column) } else { None });
    let _ = value.setattr("help", help);
    err
}

/// An option value as the loader reads it: `True`/`False` as `on`/`off`, others as text.
fn setting_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = value.cast::<pyo3::types::PyBool>() {
        return Ok(if b.is_true() { "on" } else { "off" }.into());
    }
    Ok(value.str()?.to_string())
}

/// The settings of a `**options` dict, names with `_` read as `-` (`draw_25_23` = `draw-25-23`).
pub(crate) fn settings(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            out.push((k.str()?.to_string().replace('_', "-"), setting_text(&v)?));
        }
    }
    Ok(out)
}

/// Loads a game from a `.game` file's path or from ludeme text, with option settings.
pub(crate) fn load(
    py: Python<'_>,
    path_or_text: &str,
    settings: Vec<(String, String)>,
) -> PyResult<PyGame> {
    let looks_like_text = path_or_text.trim_start().starts_with('(') || path_or_text.contains('\n');
    let (origin, loaded) = if looks_like_text {
        let origin = state::Origin::Text(path_or_text.to_owned());
        (
            origin,
            ludus::load_source("<text>", path_or_text, &settings),
        )
    } else {
        let origin = state::Origin::File(path_or_text.to_owned());
        (origin, ludus::load_file(Path::new(path_or_text), &settings))
    };
    let game = loaded.map_err(|e| game_error(py, &e))?;
    Ok(PyGame::new(Arc::new(game), origin, settings))
}

/// Loads a game: `load_game("games/woli.game", counters=4)` or `load_game("(game ...)")`.
/// Option names may use `_` for `-`; `True`/`False` stand for `on`/`off`.
#[pyfunction]
#[pyo3(signature = (path_or_text, **options))]
fn load_game(
    py: Python<'_>,
    path_or_text: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    load(py, path_or_text, settings(options)?)
}

/// The native module.
#[pymodule]
fn _ludus(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(jobs::playouts, m)?)?;
    m.add_function(wrap_pyfunction!(jobs::perft, m)?)?;
    m.add_function(wrap_pyfunction!(jobs::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(jobs::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(jobs::wilson_interval, m)?)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<vector::VectorEnv>()?;
    m.add_class::<vector::PyDice>()?;
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add("CHANCE_PLAYER", CHANCE_PLAYER)?;
    m.add("TERMINAL_PLAYER", TERMINAL_PLAYER)?;
    Ok(())
}
