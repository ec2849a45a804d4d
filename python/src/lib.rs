//! The `ludus` Python module: games loaded from ludeme text, states with a pyspiel-shaped API,
//! batched stepping in Rust and the command line's jobs as functions. Binding code only: the
//! rules, the search and the figures all come from the `ludus` crate.

#![forbid(unsafe_code)]

mod action_ints;
mod actions;
mod chains;
mod jobs;
mod legal;
mod observe;
mod state;
mod step_chains;
mod vector;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
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

/// A `GameError` with its report and the diagnostics' entries (the first one's fields as the
/// error's `message`, `line`, `column` and `help`).
fn raise_game_error(
    py: Python<'_>,
    report: String,
    diagnostics: Vec<Bound<'_, PyDict>>,
    first: (String, usize, usize, Option<String>),
) -> PyErr {
    let err = GameError::new_err(report);
    let value = err.value(py);
    let list = PyList::empty(py);
    for entry in diagnostics {
        let _ = list.append(entry);
    }
    let (message, line, column, help) = first;
    let _ = value.setattr("diagnostics", list);
    let _ = value.setattr("message", message);
    let _ = value.setattr("line", if line > 0 { Some(line) } else { None });
    let _ = value.setattr("column", if column > 0 { Some(column) } else { None });
    let _ = value.setattr("help", help);
    err
}

/// The `GameError` of a load error: the rendered report, with the diagnostics as attributes;
/// option settings are written as the caller passed them (`size=[1, 2]`), not as the command
/// line's `--option size=[1, 2]`.
fn game_error(py: Python<'_>, e: ludus::LoadError, settings: &[Setting]) -> PyErr {
    let e = match e {
        ludus::LoadError::Invalid {
            file,
            mut diagnostics,
        } => {
            for d in &mut diagnostics {
                d.message = in_python_terms(&d.message, settings);
                d.help = d
                    .help
                    .as_deref()
                    .map(|h| in_python_terms(h, settings).into());
            }
            ludus::LoadError::Invalid { file, diagnostics }
        }
        other => other,
    };
    let mut entries = Vec::new();
    let mut first = None;
    if let ludus::LoadError::Invalid { file, diagnostics } = &e {
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
            entries.push(entry);
        }
    }
    let first = first.unwrap_or_else(|| (e.to_string(), 0, 0, None));
    raise_game_error(py, e.render(false), entries, first)
}

/// One option setting: the loader's name and text, and how the caller wrote them.
#[derive(Debug, Clone)]
pub(crate) struct Setting {
    /// The option's name (`draw-25-23`).
    name: String,
    /// Its value as the loader reads it (`on`).
    text: String,
    /// The keyword the caller used (`draw_25_23`).
    keyword: String,
    /// The value in Python (`True`).
    spelled: String,
}

/// A message of the loader with each `--option NAME=VALUE` written as the keyword the caller
/// used with a Python value: `size=[1, 2]`, `transfers="off"`.
fn in_python_terms(message: &str, settings: &[Setting]) -> String {
    let mut out = message.to_owned();
    for s in settings {
        out = out.replace(
            &format!("`--option {}={}`", s.name, s.text),
            &format!("`{}={}`", s.keyword, s.spelled),
        );
        // A suggestion of another value (`did you mean `--option transfers=off`?`).
        let prefix = format!("`--option {}=", s.name);
        while let Some(at) = out.find(&prefix) {
            let rest = &out[at + prefix.len()..];
            let Some(end) = rest.find('`') else { break };
            out = format!(
                "{}`{}={}`{}",
                &out[..at],
                s.keyword,
                quoted(&rest[..end]),
                &rest[end + 1..]
            );
        }
    }
    out
}

/// A string as Python source (`"off"`).
fn quoted(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// An option value as the loader reads it: `True`/`False` as `on`/`off`, others as text.
fn setting_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = value.cast::<pyo3::types::PyBool>() {
        return Ok(if b.is_true() { "on" } else { "off" }.into());
    }
    Ok(value.str()?.to_string())
}

/// An option value as the caller wrote it: `True`, `"off"`, `[1, 2]`.
fn spelled(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = value.cast::<pyo3::types::PyString>() {
        return Ok(quoted(&s.to_string()));
    }
    Ok(value.repr()?.to_string())
}

/// The settings of a `**options` dict, names with `_` read as `-` (`draw_25_23` = `draw-25-23`).
pub(crate) fn settings(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<Setting>> {
    let mut out = Vec::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let keyword = k.str()?.to_string();
            out.push(Setting {
                name: keyword.replace('_', "-"),
                text: setting_text(&v)?,
                keyword,
                spelled: spelled(&v)?,
            });
        }
    }
    Ok(out)
}

/// The `GameError` of an option given under two keywords (`draw_25_23` and `draw-25-23`).
fn given_twice(py: Python<'_>, settings: &[Setting]) -> Option<PyErr> {
    let (i, j) = (0..settings.len()).find_map(|i| {
        (i + 1..settings.len())
            .find(|&j| settings[j].name == settings[i].name)
            .map(|j| (i, j))
    })?;
    let (a, b) = (&settings[i], &settings[j]);
    let message = format!(
        "option \"{}\" is given twice ({}={}, then {}={}); give it once",
        a.name, a.keyword, a.spelled, b.keyword, b.spelled
    );
    Some(raise_game_error(
        py,
        format!("error: {message}\n"),
        Vec::new(),
        (message, 0, 0, None),
    ))
}

/// Loads a game from a `.game` file's path or from ludeme text, with option settings and an edge
/// limit (the default one if `None`).
pub(crate) fn load(
    py: Python<'_>,
    path_or_text: &str,
    settings: Vec<Setting>,
    max_edges: Option<u64>,
) -> PyResult<PyGame> {
    if max_edges == Some(0) {
        return Err(PyValueError::new_err(
            "max_edges is 0: a game needs at least one edge before it is stopped",
        ));
    }
    if let Some(e) = given_twice(py, &settings) {
        return Err(e);
    }
    let pairs: Vec<(String, String)> = settings
        .iter()
        .map(|s| (s.name.clone(), s.text.clone()))
        .collect();
    let looks_like_text = path_or_text.trim_start().starts_with('(') || path_or_text.contains('\n');
    let (origin, loaded) = if looks_like_text {
        let origin = state::Origin::Text(path_or_text.to_owned());
        (origin, ludus::load_source("<text>", path_or_text, &pairs))
    } else {
        let origin = state::Origin::File(path_or_text.to_owned());
        (origin, ludus::load_file(Path::new(path_or_text), &pairs))
    };
    let mut game = loaded.map_err(|e| game_error(py, e, &settings))?;
    if let Some(limit) = max_edges {
        game.max_edges = limit;
    }
    Ok(PyGame::new(py, Arc::new(game), origin, pairs))
}

/// Loads a game: `load_game("games/woli.game", counters=4)` or `load_game("(game ...)")`.
/// Option names may use `_` for `-`; `True`/`False` stand for `on`/`off`. `max_edges` is the
/// edge limit (the command line's `--max-edges`): a game still going after that many edges
/// (moves, passes and throws) is stopped, `State.is_stopped()`.
#[pyfunction]
#[pyo3(signature = (path_or_text, *, max_edges = None, **options))]
fn load_game(
    py: Python<'_>,
    path_or_text: &str,
    max_edges: Option<u64>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    load(py, path_or_text, settings(options)?, max_edges)
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
    // For the timing tests, whose limits hold for an optimised build only.
    m.add("RELEASE_BUILD", !cfg!(debug_assertions))?;
    Ok(())
}
