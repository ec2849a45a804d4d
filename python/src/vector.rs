//! `VectorEnv`: n games stepped together in Rust, the GIL released, chance nodes thrown from the
//! seed and finished games started again.

use crate::action_ints::ActionInts;
use crate::actions::Actions;
use crate::state::{identity, other_game, same_game, PyGame, PyState};
use crate::{observe, CHANCE_PLAYER, TERMINAL_PLAYER};
use ludus::engine::Scratch;
use ludus::trial::playout_rng;
use ludus::{Game, Move, NodeType, PerPlayer, PlayError, Prefetch, State};
use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyReadonlyArray1};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::{Arc, Mutex, PoisonError};

/// What `step` gives: rewards (n, players) and done flags (n,).
type Stepped<'py> = (Bound<'py, PyArray2<f64>>, Bound<'py, PyArray1<bool>>);

/// The most games a `VectorEnv` holds: each takes a state (one to a few kilobytes) and its rows
/// of the mask and observations, so that more would not fit in a machine's memory for most games.
pub const MAX_GAMES: usize = 1 << 20;

/// A vector of `len` copies of `fill`, or `MemoryError` if the memory cannot be had (an
/// allocation that fails otherwise aborts the interpreter).
fn filled<T: Clone>(len: usize, fill: T, what: &str) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| PyMemoryError::new_err(format!("no memory for {what} ({len} entries)")))?;
    v.resize(len, fill);
    Ok(v)
}

/// The number of entries of an array of these dimensions, or `MemoryError` past the address space.
fn entries(dims: &[usize]) -> PyResult<usize> {
    dims.iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .ok_or_else(|| PyMemoryError::new_err(format!("an array of shape {dims:?} is too large")))
}

/// One game of the batch: its state, the legal moves there, its dice and its history.
struct Table {
    state: State,
    /// The legal moves, when `listed`. A move `random_actions` drew is played without listing
    /// the next ones: its next draw needs no list, and at 1024 games a list rewritten every step
    /// is the largest part of a game's lines, which then outgrow the cache.
    moves: Vec<Move>,
    listed: bool,
    rng: Xoshiro256PlusPlus,
    history: Vec<u64>,
}

impl Table {
    /// The legal moves, listed now if the last move played did not list them.
    fn moves(&mut self, game: &Game) -> &[Move] {
        if !self.listed {
            game.legal_moves(&self.state, &mut self.moves);
            self.listed = true;
        }
        &self.moves
    }

    /// The legal moves: the table's list, or listed into `buf` if there is none (for callers
    /// holding the table shared).
    fn moves_in<'a>(&'a self, game: &Game, buf: &'a mut Vec<Move>) -> &'a [Move] {
        if self.listed {
            return &self.moves;
        }
        game.legal_moves(&self.state, buf);
        buf
    }

    /// Plays `m`, listing the moves after it or not as `after` says.
    fn apply(&mut self, game: &Game, m: Move, after: &mut After) -> Result<(), PlayError> {
        match after {
            After::Listed => {
                self.listed = true;
                game.apply_and_generate(&mut self.state, m, &mut self.moves)
            }
            After::Counted(scratch) => {
                self.listed = false;
                game.apply_unlisted(&mut self.state, m, scratch)
            }
        }
    }

    /// Throws the dice until a decision or the end, as [`PyDice::throw`] does for one state,
    /// listing the moves there or not as `after` says.
    fn settle(&mut self, game: &Game, actions: &Actions, after: &mut After) {
        while self.state.node() == NodeType::Chance {
            let Some(m) = game.sample_chance(&self.state, &mut self.rng) else {
                break;
            };
            if let Some(a) = actions.encode(m) {
                self.history.push(a);
            }
            if self.apply(game, m, after).is_err() {
                break;
            }
        }
    }

    /// Plays `m`, the move of `action`, throws the dice and, if the game ended, starts it again:
    /// its returns then; the moves after it listed or not as `after` says. `Err` if the move could
    /// not be played.
    fn play(
        &mut self,
        (game, actions, start): (&Game, &Actions, &State),
        (m, action): (Move, u64),
        after: &mut After,
    ) -> Result<Option<PerPlayer<f64>>, PlayError> {
        self.history.push(action);
        self.apply(game, m, after)?;
        self.settle(game, actions, after);
        if !self.state.is_terminal() {
            return Ok(None);
        }
        let returns = self.state.returns();
        self.reset((game, actions, start), after);
        Ok(Some(returns))
    }

    /// Gives `to` each cache line that playing `m` here reads first (see [`Game::prefetch_move`]),
    /// the list's if the move will list the moves after it (over the last list), and the line of
    /// the history's slot the action goes to (not its last action's, which nothing reads). The
    /// CPU writes stores in order: one to a line not in the cache, an eighth of the pushes, held
    /// back every later store, and a read of a set just stored waited on them all. (`&mut` only
    /// to name the free slot.)
    fn prefetch(&mut self, game: &Game, m: Move, list: bool, to: &mut impl Prefetch) {
        game.prefetch_move(&self.state, m, to);
        if list {
            to.lines(&self.moves);
        }
        if let Some(slot) = self.history.spare_capacity_mut().first() {
            to.line(slot);
        }
    }

    /// Asks for the lines that say where the table's other lines lie: its state's
    /// ([`State::prefetch_handles`]), and where its list and its history are.
    fn prefetch_handles(&self) {
        let to = &mut Prefetcher;
        self.state.prefetch_handles(to);
        to.line(&self.moves);
        to.line(&self.history);
    }

    /// Back to the start, its dice thrown, its moves listed or not as `after` says.
    fn reset(&mut self, (game, actions, start): (&Game, &Actions, &State), after: &mut After) {
        self.state.clone_from(start);
        self.history.clear();
        self.listed = matches!(after, After::Listed);
        if self.listed {
            game.legal_moves(&self.state, &mut self.moves);
        }
        self.settle(game, actions, after);
    }
}

/// What playing a table's move leaves: the legal moves after it listed, or only counted (where
/// the end rules ask whether the player is stuck), in a scratch of the step's.
enum After<'a> {
    /// Listed in the table (`Table::moves`).
    Listed,
    /// Counted, not listed: the table's list is marked stale.
    Counted(&'a mut Scratch),
}

/// How many games ahead of the one playing a step asks for the lines of: far enough that they
/// arrive before that game plays, near enough that they are still in the cache then.
const PREFETCH_AHEAD: usize = 2;

/// How many games ahead a step asks for the lines of a game that say where its other lines
/// are ([`Table::prefetch_handles`]), so that the prefetch [`PREFETCH_AHEAD`] on finds them in
/// the cache instead of waiting on them.
const HANDLES_AHEAD: usize = 2 * PREFETCH_AHEAD;

/// The prefetch of the machine: a hint that loads nothing the program waits for; none where
/// the machine has no such hint.
struct Prefetcher;

impl Prefetch for Prefetcher {
    #[inline(always)]
    fn line<T>(&mut self, at: &T) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
        safe_arch::prefetch_t0(at);
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
        let _ = at;
    }
}

/// n games of one game in Rust: `step(actions)` plays one action in each, throws the dice from
/// the seed and starts finished games again.
#[pyclass(name = "VectorEnv", module = "ludus")]
pub struct VectorEnv {
    game: Arc<Game>,
    actions: Arc<Actions>,
    /// The actions' Python ints, the game's.
    ints: Arc<ActionInts>,
    start: State,
    tables: Vec<Table>,
    /// Whether the next step plays the games from the last down. Steps go each way in turn:
    /// the games a step plays last are still in the cache when the next plays them first.
    backward: bool,
    /// The moves `random_actions` last drew, with their actions, until the next step: an
    /// action found here is not looked for among the game's moves.
    drawn: Mutex<Vec<(i64, Move)>>,
    /// Whether the game draws from site sets ([`Game::draws_from_sets`]): a move `random_actions`
    /// drew is then played without listing the moves after it, and drawn without a list.
    lazy: bool,
}

impl VectorEnv {
    /// A uniformly drawn legal move of table `t` and its action; -1 and a pass if it has none.
    /// A game that draws from site sets (`lazy`) draws as playouts do, without a list (whether
    /// the table has one or not, so that a seed draws the same whatever was listed); another
    /// draws from its list, which its steps keep.
    fn draw(
        &self,
        t: &Table,
        rng: &mut Xoshiro256PlusPlus,
        (scratch, buf): (&mut Scratch, &mut Vec<Move>),
    ) -> (i64, Move) {
        let (game, actions) = (&*self.game, &*self.actions);
        let m = if self.lazy {
            game.random_move(&t.state, scratch, rng)
        } else {
            let moves = t.moves_in(game, buf);
            moves.get(rng.random_range(0..moves.len().max(1))).copied()
        };
        // A move's action is its own number, unless two legal moves may share one.
        let a = m.and_then(|m| match actions.exact() {
            true => actions.encode(m),
            false => actions.encode_among(t.moves_in(game, buf), m),
        });
        (a.map_or(-1, |a| a as i64), m.unwrap_or(Move::pass()))
    }

    /// Whether playing a move lists the moves after it: always, but in a game that draws from
    /// site sets (`lazy`) when `random_actions` drew the move (`drawn`), whose next draw needs
    /// no list. The step's prefetch and its play read it alike, so the two cannot drift apart.
    fn lists_after(&self, drawn: bool) -> bool {
        !(drawn && self.lazy)
    }

    /// The move of `a` in table `i`, its moves listed if they were not, or an error naming both.
    fn chosen(&mut self, i: usize, a: i64) -> PyResult<Move> {
        let (game, actions) = (&*self.game, &*self.actions);
        let t = &mut self.tables[i];
        let moves = t.moves(game);
        u64::try_from(a)
            .ok()
            .and_then(|a| actions.decode_among(moves, a))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "action {a} is not legal in game {i}; legal: {:?}",
                    legal(actions, moves)
                ))
            })
    }

    /// The move of game `i`'s action `a`, and whether `random_actions` drew it: the move drawn
    /// if it is that action's (`drawn`), else looked for among the game's moves.
    fn choose(&mut self, i: usize, a: i64, drawn: &[(i64, Move)]) -> PyResult<(Move, bool)> {
        match drawn.get(i) {
            Some(&(d, m)) if is_drawn(a, d) => Ok((m, true)),
            _ => self.chosen(i, a).map(|m| (m, false)),
        }
    }

    /// The move of each game's action and whether `random_actions` drew it ([`Self::choose`]).
    /// The games' moves are read in the order opposite to the step's (`backward`), so that the
    /// games read last are played first, while still in the cache. The first game's error is the
    /// one raised.
    fn choose_all(
        &mut self,
        actions: &[i64],
        drawn: &[(i64, Move)],
        backward: bool,
    ) -> PyResult<Vec<(Move, bool)>> {
        let mut chosen = vec![(Move::pass(), false); actions.len()];
        if backward {
            for (i, m) in chosen.iter_mut().enumerate() {
                *m = self.choose(i, actions[i], drawn)?;
            }
            return Ok(chosen);
        }
        let mut failed = None;
        for i in (0..actions.len()).rev() {
            match self.choose(i, actions[i], drawn) {
                Ok(m) => chosen[i] = m,
                Err(e) => failed = Some(e),
            }
        }
        failed.map_or(Ok(chosen), Err)
    }

    /// Plays each game's move (`chosen[i]`, of action `actions[i]`), from the last game down if
    /// `backward`, asking for the lines of the game [`PREFETCH_AHEAD`] on: the rewards and done
    /// flags of `step`. A game that draws from site sets (`lazy`), its move one `random_actions`
    /// drew, lists no moves after it: the next draw needs none, and a policy's action (a mask, a
    /// search) lists them.
    fn play_all(
        &mut self,
        actions: &[i64],
        chosen: &Chosen,
        backward: bool,
    ) -> PyResult<(Array2<f64>, Array1<bool>)> {
        let (n, players) = (self.tables.len(), self.game.players as usize);
        let mut rewards = Array2::<f64>::zeros((n, players));
        let mut done = Array1::<bool>::from_elem(n, false);
        let rules = (&*self.game, &*self.actions, &self.start);
        let mut scratch = Scratch::default();
        // The game played `j`-th; past the first game down, an index no game has.
        let at = |j: usize| if backward { n.wrapping_sub(1 + j) } else { j };
        for j in 0..n {
            let i = at(j);
            // A later game's lines come from memory while this one plays.
            if let Some(t) = self.tables.get(at(j + HANDLES_AHEAD)) {
                t.prefetch_handles();
            }
            let later = at(j + PREFETCH_AHEAD);
            if let Some((m, drawn)) = chosen.get(later) {
                let list = self.lists_after(drawn);
                if let Some(t) = self.tables.get_mut(later) {
                    t.prefetch(rules.0, m, list, &mut Prefetcher);
                }
            }
            // The action chosen is the move's number in its position.
            let Some((m, drawn)) = chosen.get(i) else {
                return Err(PyValueError::new_err(format!("game {i} has no move")));
            };
            let mut after = match self.lists_after(drawn) {
                true => After::Listed,
                false => After::Counted(&mut scratch),
            };
            let played = self.tables[i].play(rules, (m, actions[i] as u64), &mut after);
            match played {
                Ok(None) => {}
                Ok(Some(returns)) => {
                    for (p, r) in returns.iter().enumerate().take(players) {
                        rewards[(i, p)] = *r;
                    }
                    done[i] = true;
                }
                Err(_) => {
                    return Err(PyValueError::new_err(format!(
                        "game {i} could not play its move"
                    )))
                }
            }
        }
        Ok((rewards, done))
    }
}

/// Whether action `a` is `d`, the one `random_actions` drew, and a move's: -1, drawn where a game
/// has no move, is looked for among the moves, and so refused.
#[inline(always)]
fn is_drawn(a: i64, d: i64) -> bool {
    a == d && a >= 0
}

/// The move of each game's action in a step, and whether `random_actions` drew it.
enum Chosen<'a> {
    /// Every action is the one `random_actions` drew: its draws, read where they are. No list of
    /// moves is written for the step, where at 1024 games it took 24 KB that the step's pass over
    /// the games then evicted.
    Drawn(&'a [(i64, Move)]),
    /// Each game's move, looked for where the action is not the one drawn.
    Each(Vec<(Move, bool)>),
}

impl<'a> Chosen<'a> {
    /// The draws, if every action is the one drawn (`VectorEnv::choose` takes each drawn move).
    fn drawn(actions: &[i64], drawn: &'a [(i64, Move)]) -> Option<Chosen<'a>> {
        let all = drawn.len() == actions.len()
            && actions
                .iter()
                .zip(drawn)
                .all(|(&a, &(d, _))| is_drawn(a, d));
        all.then_some(Chosen::Drawn(drawn))
    }

    /// Game `i`'s move and whether `random_actions` drew it.
    #[inline(always)]
    fn get(&self, i: usize) -> Option<(Move, bool)> {
        match self {
            Chosen::Drawn(drawn) => drawn.get(i).map(|&(_, m)| (m, true)),
            Chosen::Each(each) => each.get(i).copied(),
        }
    }
}

/// The actions of legal moves.
fn legal(actions: &Actions, moves: &[Move]) -> Vec<u64> {
    actions.encode_all(moves).into_iter().flatten().collect()
}

#[pymethods]
impl VectorEnv {
    /// The most games a batch holds (1,048,576).
    #[classattr]
    const MAX_GAMES: usize = crate::vector::MAX_GAMES;

    /// `n` games at the start (1 to `MAX_GAMES`); game `i` throws its dice from a stream derived
    /// from (seed, i). `ValueError` for another `n`, `MemoryError` if the memory cannot be had.
    #[new]
    #[pyo3(signature = (game, n, seed = 0))]
    fn new(py: Python<'_>, game: &PyGame, n: usize, seed: u64) -> PyResult<VectorEnv> {
        if !(1..=MAX_GAMES).contains(&n) {
            return Err(PyValueError::new_err(format!(
                "n is {n}: a VectorEnv holds at least 1 and at most {MAX_GAMES} games"
            )));
        }
        let (g, actions) = (game.game.clone(), game.actions.clone());
        let start = g.new_initial_state();
        let mut tables = Vec::new();
        tables
            .try_reserve_exact(n)
            .map_err(|_| PyMemoryError::new_err(format!("no memory for {n} games")))?;
        py.detach(|| {
            tables.extend((0..n).map(|i| {
                let mut t = Table {
                    state: start.clone(),
                    moves: Vec::new(),
                    listed: false,
                    rng: playout_rng(seed, i as u64),
                    history: Vec::new(),
                };
                t.reset((&g, &actions, &start), &mut After::Listed);
                t
            }))
        });
        let lazy = g.draws_from_sets();
        Ok(VectorEnv {
            game: g,
            actions,
            ints: game.ints.clone(),
            start,
            tables,
            backward: false,
            drawn: Mutex::new(Vec::new()),
            lazy,
        })
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.tables.len()
    }

    /// Plays `actions[i]` in game i (an (n,) integer array), throws the dice and starts finished
    /// games again. Gives (rewards, done): an (n, players) float64 array, each game's returns where
    /// it ended and zeros elsewhere, and an (n,) bool array. An illegal action raises `ValueError`
    /// and plays nothing.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
        let actions = actions.as_slice()?;
        if actions.len() != self.tables.len() {
            return Err(PyValueError::new_err(format!(
                "step takes {} actions, one a game; got {}",
                self.tables.len(),
                actions.len()
            )));
        }
        let (rewards, done) = py.detach(|| {
            let backward = self.backward;
            self.backward = !backward;
            let mut drawn =
                std::mem::take(self.drawn.get_mut().unwrap_or_else(PoisonError::into_inner));
            let stepped = match Chosen::drawn(actions, &drawn) {
                Some(chosen) => self.play_all(actions, &chosen, backward),
                None => self
                    .choose_all(actions, &drawn, backward)
                    .and_then(|each| self.play_all(actions, &Chosen::Each(each), backward)),
            };
            // The draws are the last position's: the buffer is kept, empty.
            drawn.clear();
            *self.drawn.get_mut().unwrap_or_else(PoisonError::into_inner) = drawn;
            stepped
        })?;
        Ok((rewards.into_pyarray(py), done.into_pyarray(py)))
    }

    /// An (n, num_distinct_actions) bool array: true at each game's legal actions.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let shape = (self.tables.len(), self.actions.size() as usize);
        let cells = filled(entries(&[shape.0, shape.1])?, false, "the mask")?;
        let mut mask = Array2::from_shape_vec(shape, cells)
            .map_err(|e| PyMemoryError::new_err(e.to_string()))?;
        py.detach(|| {
            let mut buf = Vec::new();
            for (i, t) in self.tables.iter().enumerate() {
                let moves = t.moves_in(&self.game, &mut buf);
                for a in self.actions.encode_all(moves).into_iter().flatten() {
                    mask[(i, a as usize)] = true;
                }
            }
        });
        Ok(mask.into_pyarray(py))
    }

    /// An (n, planes, sites) float32 array: each game's `observation_tensor()`.
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let (planes, sites) = observe::shape(&self.game);
        let shape = (self.tables.len(), planes, sites);
        let cells = filled(
            entries(&[shape.0, planes, sites])?,
            0f32,
            "the observations",
        )?;
        let mut obs = Array3::from_shape_vec(shape, cells)
            .map_err(|e| PyMemoryError::new_err(e.to_string()))?;
        py.detach(|| {
            for (t, mut out) in self.tables.iter().zip(obs.outer_iter_mut()) {
                if let Some(out) = out.as_slice_mut() {
                    observe::write(&self.game, &t.state, out);
                }
            }
        });
        Ok(obs.into_pyarray(py))
    }

    /// An (n,) int64 array: the player to move in each game.
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let players: Array1<i64> = self
            .tables
            .iter()
            .map(|t| match t.state.node() {
                NodeType::Decision => t.state.mover() as i64,
                NodeType::Chance => CHANCE_PLAYER,
                NodeType::Terminal => TERMINAL_PLAYER,
            })
            .collect();
        players.into_pyarray(py)
    }

    /// An (n,) int64 array: a uniformly drawn legal action of each game, from a generator of `seed`
    /// (not the dice's), for benchmarks and random opponents. The next `step` finds the moves of
    /// these actions without looking among the games' moves.
    #[pyo3(signature = (seed))]
    fn random_actions<'py>(&self, py: Python<'py>, seed: u64) -> Bound<'py, PyArray1<i64>> {
        let picks: Array1<i64> = py.detach(|| {
            let mut rng = playout_rng(seed, u64::MAX);
            let mut drawn = self.drawn.lock().unwrap_or_else(PoisonError::into_inner);
            drawn.clear();
            let (mut scratch, mut buf) = (Scratch::default(), Vec::new());
            self.tables
                .iter()
                .enumerate()
                .map(|(j, t)| {
                    // A later game's lines come from memory while this one draws.
                    if let Some(t) = self.tables.get(j + HANDLES_AHEAD) {
                        t.prefetch_handles();
                    }
                    if let Some(later) = self.tables.get(j + PREFETCH_AHEAD) {
                        match self.lazy {
                            true => later.state.prefetch_draw(&mut Prefetcher),
                            false => Prefetcher.lines(&later.moves),
                        }
                    }
                    let (a, m) = self.draw(t, &mut rng, (&mut scratch, &mut buf));
                    drawn.push((a, m));
                    a
                })
                .collect()
        });
        picks.into_pyarray(py)
    }

    /// Game i's state as a `State` (a copy), with the actions since its last start.
    fn state(&self, i: usize) -> PyResult<PyState> {
        let t = self
            .tables
            .get(i)
            .ok_or_else(|| PyValueError::new_err(format!("no game {i}")))?;
        Ok(PyState {
            game: self.game.clone(),
            actions: self.actions.clone(),
            ints: self.ints.clone(),
            state: t.state.clone(),
            history: t.history.clone(),
            legal: crate::legal::Legal::default(),
        })
    }
}

/// The dice of game `index` of a `VectorEnv(game, n, seed)`: `throw(state)` draws the outcome
/// that game would draw, so that one state played alone follows the batch exactly.
#[pyclass(name = "Dice", module = "ludus")]
pub struct PyDice {
    game: Arc<Game>,
    actions: Arc<Actions>,
    rng: Xoshiro256PlusPlus,
}

#[pymethods]
impl PyDice {
    /// The stream of game `index` of a batch seeded with `seed`.
    #[new]
    fn new(game: &PyGame, seed: u64, index: u64) -> PyDice {
        PyDice {
            game: game.game.clone(),
            actions: game.actions.clone(),
            rng: playout_rng(seed, index),
        }
    }

    /// The action of a chance outcome drawn with its probability; `ValueError` off a chance node
    /// or for a state of another game.
    fn throw(&mut self, state: &PyState) -> PyResult<u64> {
        if !same_game(&self.game, &state.game) {
            let id = |g: &Game| format!("{:016x}", identity(g));
            return Err(PyValueError::new_err(other_game(
                (&state.game.name, &id(&state.game)),
                (&self.game.name, &id(&self.game)),
            )));
        }
        if state.state.node() != NodeType::Chance {
            return Err(PyValueError::new_err("not a chance node"));
        }
        self.game
            .sample_chance(&state.state, &mut self.rng)
            .and_then(|m| self.actions.encode(m))
            .ok_or_else(|| PyValueError::new_err("not a chance node"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The cache lines asked for, by number.
    #[derive(Default)]
    struct Asked(BTreeSet<usize>);

    impl Prefetch for Asked {
        fn line<T>(&mut self, at: &T) {
            self.0.insert(std::ptr::from_ref(at) as usize / 64);
        }
    }

    /// A step asks for the line that the action's push onto the history writes, also where that
    /// push starts a new line (one in eight), which the last action's line is not.
    #[test]
    fn a_tables_prefetch_asks_for_the_line_its_action_is_pushed_to() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/hex.game");
        let game = ludus::load_file(&path, &[]).expect("hex loads");
        let mut t = Table {
            state: game.new_initial_state(),
            moves: Vec::new(),
            listed: false,
            rng: playout_rng(1, 0),
            history: Vec::with_capacity(64),
        };
        game.legal_moves(&t.state, &mut t.moves);
        let m = t.moves[0];
        let mut new_lines = 0;
        for action in 0..40 {
            let mut asked = Asked::default();
            t.prefetch(&game, m, true, &mut asked);
            let slot = t.history.as_ptr().wrapping_add(t.history.len()) as usize / 64;
            assert!(
                asked.0.contains(&slot),
                "push {action}: slot's line not asked for"
            );
            new_lines += usize::from(
                t.history
                    .last()
                    .is_some_and(|a| !asked.0.contains(&(std::ptr::from_ref(a) as usize / 64))),
            );
            t.history.push(action);
        }
        // The pushes that start a line: the test saw the case that asking for the last misses.
        assert!(new_lines >= 4, "{new_lines}");
    }
}
