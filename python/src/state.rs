//! `Game` and `State` for Python, shaped like pyspiel's.

use crate::action_ints::ActionInts;
use crate::actions::Actions;
use crate::legal::Legal;
use crate::{observe, CHANCE_PLAYER, TERMINAL_PLAYER};
use ludus::{Game, Move, NodeType, State, Status};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::Arc;

/// Where a game was loaded from, so that it can be loaded again elsewhere (a Ray worker).
#[derive(Debug, Clone)]
pub enum Origin {
    /// A `.game` file's path.
    File(String),
    /// Ludeme text.
    Text(String),
}

impl Origin {
    /// The path or the text, as `load_game` takes it.
    pub fn text(&self) -> &str {
        match self {
            Origin::File(s) | Origin::Text(s) => s,
        }
    }
}

/// A compiled game with its action encoding.
#[pyclass(name = "Game", module = "ludus", frozen)]
pub struct PyGame {
    pub(crate) game: Arc<Game>,
    pub(crate) actions: Arc<Actions>,
    /// The actions' Python ints.
    pub(crate) ints: Arc<ActionInts>,
    pub(crate) origin: Origin,
    pub(crate) settings: Vec<(String, String)>,
}

impl PyGame {
    /// A game loaded from `origin` with `settings`.
    pub fn new(
        py: Python<'_>,
        game: Arc<Game>,
        origin: Origin,
        settings: Vec<(String, String)>,
    ) -> PyGame {
        let actions = Arc::new(Actions::of(&game));
        let ints = Arc::new(ActionInts::new(py, actions.size()));
        PyGame {
            game,
            actions,
            ints,
            origin,
            settings,
        }
    }

    /// A state of this game.
    fn wrap(&self, state: State, history: Vec<u64>) -> PyState {
        PyState {
            game: self.game.clone(),
            actions: self.actions.clone(),
            ints: self.ints.clone(),
            state,
            history,
            legal: Legal::default(),
        }
    }
}

#[pymethods]
impl PyGame {
    /// The start position.
    fn new_initial_state(&self) -> PyState {
        self.wrap(self.game.new_initial_state(), Vec::new())
    }

    /// The number of distinct actions: every action of every state is below it.
    fn num_distinct_actions(&self) -> u64 {
        self.actions.size()
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.game.players as usize
    }

    /// The shape of `State.observation_tensor()`: (planes, sites).
    fn observation_tensor_shape(&self) -> (usize, usize) {
        observe::shape(&self.game)
    }

    /// The game's name, as its file declares it.
    #[getter]
    fn name(&self) -> String {
        self.game.name.clone()
    }

    /// The edge limit: a game still going after this many edges (moves, passes and throws) is
    /// stopped (`State.is_stopped()`).
    #[getter]
    fn max_edges(&self) -> u64 {
        self.game.max_edges
    }

    /// The option settings it was loaded with, as (name, value) pairs.
    #[getter]
    fn options(&self) -> Vec<(String, String)> {
        self.settings.clone()
    }

    /// The path or the text it was loaded from.
    #[getter]
    fn source(&self) -> String {
        self.origin.text().to_owned()
    }

    /// The game's identity: 16 hex digits of a hash of its source text, its option values and its
    /// edge limit, the same in every process. Games of one identity number their actions alike.
    #[getter]
    fn identity(&self) -> String {
        format!("{:016x}", identity(&self.game))
    }

    /// The state `State.serialize()` wrote, replayed from the start; a `ValueError` if it is a
    /// state of another game (another identity).
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        let mut lines = text.lines();
        match lines.next() {
            Some(SERIAL_HEADER) => {}
            Some(OLD_SERIAL_HEADER) => {
                return Err(PyValueError::new_err(format!(
                    "a state of format 1 does not say which game it is of; its lines after the first are the actions to \
                     replay with `apply_action` on `{}`'s start, if it is of that game",
                    self.game.name
                )))
            }
            _ => {
                return Err(PyValueError::new_err(format!(
                    "not a serialized ludus state: the first line should be `{SERIAL_HEADER}`"
                )))
            }
        }
        let (id, name) = lines
            .next()
            .and_then(|l| l.strip_prefix("game "))
            .and_then(|l| l.split_once(' '))
            .ok_or_else(|| {
                PyValueError::new_err(
                    "not a serialized ludus state: the second line should be `game IDENTITY NAME`",
                )
            })?;
        let ours = format!("{:016x}", identity(&self.game));
        if id != ours {
            return Err(PyValueError::new_err(other_game(
                (name, id),
                (&self.game.name, &ours),
            )));
        }
        let mut state = self.new_initial_state();
        for line in lines.filter(|l| !l.trim().is_empty()) {
            let action: u64 = line
                .trim()
                .parse()
                .map_err(|_| PyValueError::new_err(format!("`{line}` is not an action number")))?;
            state.apply_action(action)?;
        }
        Ok(state)
    }

    fn __repr__(&self) -> String {
        format!("<ludus.Game {:?}>", self.game.name)
    }
}

/// The first line of a serialized state; the second is `game IDENTITY NAME`.
const SERIAL_HEADER: &str = "ludus-state 2";
/// The first line of a state serialized before states named their game.
const OLD_SERIAL_HEADER: &str = "ludus-state 1";

/// A game's identity, stable across processes and runs (FNV-1a, not a randomly seeded hasher):
/// the hash of its text, its option values (defaults included, so that giving a default changes
/// nothing) and its edge limit. Two games of one identity compile alike, so an action number
/// names the same move in both.
pub(crate) fn identity(game: &Game) -> u64 {
    let mut bytes = b"ludus-game\0".to_vec();
    bytes.extend(game.source_hash.to_le_bytes());
    for (name, value) in &game.option_values {
        bytes.extend(format!("{name}\0{value}\0").bytes());
    }
    bytes.extend(game.max_edges.to_le_bytes());
    ludus::compile::fnv1a(&bytes)
}

/// Whether two handles are of one game: the same compiled game, or one of the same identity.
pub(crate) fn same_game(a: &Arc<Game>, b: &Arc<Game>) -> bool {
    Arc::ptr_eq(a, b) || identity(a) == identity(b)
}

/// The error of a state (its game's name and identity) given to another game.
pub(crate) fn other_game(state: (&str, &str), game: (&str, &str)) -> String {
    let (name, id) = state;
    let (ours, our_id) = game;
    if name == ours {
        format!(
            "this state is of \"{name}\" with other options or another version of its file (game identity {id}), \
             not of this \"{ours}\" ({our_id}): load the game as it was when the state was saved"
        )
    } else {
        format!(
            "this state is of \"{name}\" (game identity {id}), not of \"{ours}\" ({our_id}): use the game it was saved from"
        )
    }
}

/// A position of a game, with the actions that led to it.
#[pyclass(name = "State", module = "ludus")]
pub struct PyState {
    pub(crate) game: Arc<Game>,
    pub(crate) actions: Arc<Actions>,
    /// The actions' Python ints, the game's.
    pub(crate) ints: Arc<ActionInts>,
    pub(crate) state: State,
    pub(crate) history: Vec<u64>,
    /// The legal moves here with their actions, once asked for.
    pub(crate) legal: Legal,
}

impl PyState {
    /// The move of an action here, or a `ValueError` naming the legal actions: the first legal
    /// move with the action, as `Actions::decode_among` finds it.
    fn move_of(&mut self, action: u64) -> PyResult<Move> {
        self.legal.refresh(&self.game, &self.state, &self.actions);
        if let Some(m) = self.legal.move_of(action) {
            return Ok(m);
        }
        let what = match self.state.node() {
            NodeType::Terminal => "the game is over".to_string(),
            _ => format!("legal: {:?}", self.legal_or_outcomes()),
        };
        Err(PyValueError::new_err(format!(
            "action {action} is not legal here; {what}"
        )))
    }

    /// The actions of the legal moves, or of the chance outcomes at a chance node.
    fn legal_or_outcomes(&mut self) -> Vec<u64> {
        self.legal.refresh(&self.game, &self.state, &self.actions);
        self.legal.actions()
    }
}

#[pymethods]
impl PyState {
    /// The player to move (0-based), `CHANCE_PLAYER` (-1) at a chance node, `TERMINAL_PLAYER` (-4) at the end.
    fn current_player(&self) -> i64 {
        match self.state.node() {
            NodeType::Decision => self.state.mover() as i64,
            NodeType::Chance => CHANCE_PLAYER,
            NodeType::Terminal => TERMINAL_PLAYER,
        }
    }

    /// The actions of the legal moves in ludus's order (at a chance node: of the outcomes).
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.legal.refresh(&self.game, &self.state, &self.actions);
        self.legal.list(py, &self.ints)
    }

    /// A bool array of `num_distinct_actions()`, true at each legal action.
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.actions.size() as usize];
        for a in self.legal_or_outcomes() {
            mask[a as usize] = true;
        }
        PyArray1::from_vec(py, mask)
    }

    /// The notation of an action's move here (`place c3`, `sow d1`, `throw 5`).
    fn action_to_string(&mut self, action: u64) -> PyResult<String> {
        let m = self.move_of(action)?;
        Ok(self.game.notation(&self.state, m))
    }

    /// The action of a move in notation; a `ValueError` lists the legal moves.
    fn string_to_action(&self, text: &str) -> PyResult<u64> {
        let m = self
            .game
            .parse_move(&self.state, text)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let moves = crate::actions::candidates(&self.game, &self.state);
        self.actions
            .encode_among(&moves, m)
            .ok_or_else(|| PyValueError::new_err(format!("`{text}` has no action number")))
    }

    /// Plays an action (a move, or a chance outcome at a chance node); a `ValueError` if it is not legal.
    fn apply_action(&mut self, action: u64) -> PyResult<()> {
        let m = self.move_of(action)?;
        self.legal.fresh = false;
        // The engine lists the next decision's moves as it settles the turn: kept, they are
        // not generated again when the legal actions are asked for.
        let played = self
            .game
            .apply_and_generate(&mut self.state, m, &mut self.legal.moves);
        if played.is_ok() && self.state.node() == NodeType::Decision {
            self.legal.number(&self.actions);
        }
        played.map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.history.push(action);
        Ok(())
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    /// Whether dice are to be thrown.
    fn is_chance_node(&self) -> bool {
        self.state.node() == NodeType::Chance
    }

    /// Each player's reward: +1 first, -1 last, evenly between; zeros before the end, for a
    /// draw and for a game stopped at the edge limit (which is no draw: `is_stopped()`).
    fn returns(&self) -> Vec<f64> {
        self.state.returns().to_vec()
    }

    /// Whether the game was stopped unfinished at the edge limit (`Game.max_edges`), not ended by
    /// its rules: terminal, with zero returns, but not a draw.
    fn is_stopped(&self) -> bool {
        self.state.status() == Status::Stopped
    }

    /// The (action, probability) pairs of a chance node's outcomes (empty elsewhere).
    fn chance_outcomes(&self) -> Vec<(u64, f64)> {
        self.game
            .chance_outcomes(&self.state)
            .into_iter()
            .filter_map(|(m, p)| Some((self.actions.encode(m)?, p)))
            .collect()
    }

    /// The actions played from the start, chance outcomes included.
    fn history(&self) -> Vec<u64> {
        self.history.clone()
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.game.players as usize
    }

    /// The moves played so far (throws not counted).
    fn move_number(&self) -> u64 {
        self.state.moves_played()
    }

    /// A copy to play on independently.
    fn clone(&self) -> PyState {
        PyState {
            game: self.game.clone(),
            actions: self.actions.clone(),
            ints: self.ints.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            legal: Legal::default(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// The state as text for `Game.deserialize_state`: a header line, the game's identity and
    /// name, then the actions played.
    fn serialize(&self) -> String {
        let mut out = format!(
            "{SERIAL_HEADER}\ngame {:016x} {}",
            identity(&self.game),
            // The name is for a reader; kept on its line.
            self.game.name.replace(['\n', '\r'], " ")
        );
        for a in &self.history {
            out.push('\n');
            out.push_str(&a.to_string());
        }
        out
    }

    /// The observation: a float32 array of `Game.observation_tensor_shape()`.
    fn observation_tensor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let (planes, sites) = observe::shape(&self.game);
        let mut out = vec![0f32; planes * sites];
        observe::write(&self.game, &self.state, &mut out);
        PyArray1::from_vec(py, out).reshape([planes, sites])
    }

    /// Whether two states are of one game (one identity), at the same position with the same history.
    fn __eq__(&self, other: &PyState) -> bool {
        same_game(&self.game, &other.game)
            && self.state == other.state
            && self.history == other.history
    }

    fn __hash__(&self) -> u64 {
        self.state.hash64() ^ identity(&self.game)
    }

    /// The text board.
    fn __str__(&self) -> String {
        self.game.render(&self.state)
    }

    fn __repr__(&self) -> String {
        format!(
            "<ludus.State of {:?} after {} actions>",
            self.game.name,
            self.history.len()
        )
    }
}
