//! Alpha-beta search with iterative deepening and a transposition table on `State::hash64`,
//! for two-player games only ([`crate::AgentSpec::fits`] refuses it for more). Values are P1's (minimax, so that a player who moves twice in a row needs no special case);
//! chance nodes take the expectation over their outcomes (expectimax). Depth counts edges, throws
//! included, so that a search in a game of dice stays within reach.

use super::{int_setting, Agent, Heuristic};
use crate::{Game, Move, NodeType, State, Status};
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// The value of a won game, less the plies it takes, so that quicker wins are preferred.
const WIN: f64 = 1.0e6;

/// The settings of `alphabeta`.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The deepest iteration, in edges.
    pub depth: u32,
    /// Thinking time per move in milliseconds; the last complete iteration is used.
    pub millis: Option<u64>,
    /// The transposition table has 2^tt_bits entries.
    pub tt_bits: u32,
}

impl Settings {
    pub(super) fn from_pairs(pairs: &[(String, String)]) -> Result<Settings, String> {
        let mut s = Settings {
            depth: 4,
            millis: None,
            tt_bits: 18,
        };
        let mut depth_given = false;
        for (k, v) in pairs {
            match k.as_str() {
                "depth" => {
                    s.depth = int_setting(k, v, 1, 64)? as u32;
                    depth_given = true;
                }
                "millis" => s.millis = Some(int_setting(k, v, 1, 3_600_000)?),
                _ => s.tt_bits = int_setting(k, v, 4, 28)? as u32,
            }
        }
        if s.millis.is_some() && !depth_given {
            // With a clock, deepen until time runs out.
            s.depth = 64;
        }
        Ok(s)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Empty,
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    depth: u32,
    value: f64,
    bound: Bound,
    best: Option<Move>,
}

const EMPTY: Entry = Entry {
    key: 0,
    depth: 0,
    value: 0.0,
    bound: Bound::Empty,
    best: None,
};

/// Iterative-deepening alpha-beta with expectimax at chance nodes.
pub struct AlphaBeta {
    spec: String,
    settings: Settings,
    rng: Xoshiro256PlusPlus,
    tt: Vec<Entry>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl AlphaBeta {
    /// A searcher; `rng` breaks ties between equally good moves.
    pub fn new(spec: String, settings: Settings, rng: Xoshiro256PlusPlus) -> AlphaBeta {
        AlphaBeta {
            spec,
            settings,
            rng,
            tt: Vec::new(),
            nodes: 0,
            deadline: None,
            stopped: false,
        }
    }

    fn out_of_time(&mut self) -> bool {
        if !self.stopped && self.nodes.is_multiple_of(1024) {
            self.stopped = self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// The children of a decision node, the most promising for the mover first.
    fn children(
        &self,
        game: &Game,
        state: &State,
        h: &Heuristic,
        first: Option<Move>,
    ) -> Vec<(Move, State)> {
        let mut children: Vec<(Move, State, f64)> = game
            .moves(state)
            .into_iter()
            .map(|m| {
                let mut child = state.clone();
                let _ = game.apply(&mut child, m);
                let v = match child.status() {
                    Status::Won(0) => WIN,
                    Status::Won(_) => -WIN,
                    _ => h.material(&child),
                };
                let v = if Some(m) == first {
                    f64::INFINITY
                } else if state.mover() == 0 {
                    v
                } else {
                    -v
                };
                (m, child, v)
            })
            .collect();
        // A stable sort keeps the generation order among equals.
        children.sort_by(|a, b| b.2.total_cmp(&a.2));
        children.into_iter().map(|(m, s, _)| (m, s)).collect()
    }

    /// The value of `state` for P1, searched `depth` edges deep within the window
    /// `alpha..beta`, `ply` edges below the root.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        game: &Game,
        state: &State,
        h: &Heuristic,
        depth: u32,
        ply: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        match state.status() {
            Status::Won(0) => return WIN - ply as f64,
            Status::Won(_) => return -(WIN - ply as f64),
            // A ranking needs three players: a two-player game never ends in one.
            Status::Drawn | Status::Stopped | Status::Ranked(_) => return 0.0,
            Status::Ongoing => {}
        }
        if depth == 0 {
            return h.material(state);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0.0;
        }
        let key = state.hash64();
        let slot = (key as usize) & (self.tt.len() - 1);
        let tt_move = match self.recall(key, slot, depth, &mut alpha, &mut beta) {
            ControlFlow::Break(value) => return value,
            ControlFlow::Continue(best) => best,
        };
        let (value, bound, best) = match state.node() {
            NodeType::Chance => (
                self.expectation(game, state, h, depth, ply),
                Bound::Exact,
                None,
            ),
            _ => self.best_reply(game, state, h, (depth, ply), (alpha, beta), tt_move),
        };
        if !self.stopped {
            self.tt[slot] = Entry {
                key,
                depth,
                value,
                bound,
                best,
            };
        }
        value
    }

    /// What the transposition table remembers of `key` (in `slot`) searched at least `depth`
    /// deep: a value that settles the node (`Break`), or the window narrowed by its bound and
    /// the move it found best, to try first.
    #[inline(always)]
    fn recall(
        &self,
        key: u64,
        slot: usize,
        depth: u32,
        alpha: &mut f64,
        beta: &mut f64,
    ) -> ControlFlow<f64, Option<Move>> {
        let entry = self.tt[slot];
        let mut tt_move = None;
        if entry.bound != Bound::Empty && entry.key == key {
            tt_move = entry.best;
            if entry.depth >= depth {
                match entry.bound {
                    Bound::Exact => return ControlFlow::Break(entry.value),
                    Bound::Lower => *alpha = alpha.max(entry.value),
                    Bound::Upper => *beta = beta.min(entry.value),
                    Bound::Empty => {}
                }
                if *alpha >= *beta {
                    return ControlFlow::Break(entry.value);
                }
            }
        }
        ControlFlow::Continue(tt_move)
    }

    /// The value of a chance node: its outcomes' values weighted by their probabilities.
    #[inline(always)]
    fn expectation(
        &mut self,
        game: &Game,
        state: &State,
        h: &Heuristic,
        depth: u32,
        ply: u32,
    ) -> f64 {
        let mut sum = 0.0;
        for (m, p) in game.chance_outcomes(state) {
            let mut child = state.clone();
            let _ = game.apply(&mut child, m);
            sum += p * self.search(
                game,
                &child,
                h,
                depth - 1,
                ply + 1,
                f64::NEG_INFINITY,
                f64::INFINITY,
            );
        }
        sum
    }

    /// The value of a decision node for its mover (the most for P1, the least for P2), the
    /// bound it is within the window `alpha..beta`, and the move that reaches it; `first`, the
    /// table's best move, is tried first.
    #[inline(always)]
    fn best_reply(
        &mut self,
        game: &Game,
        state: &State,
        h: &Heuristic,
        (depth, ply): (u32, u32),
        (mut alpha, mut beta): (f64, f64),
        first: Option<Move>,
    ) -> (f64, Bound, Option<Move>) {
        let (a0, b0) = (alpha, beta);
        let maximise = state.mover() == 0;
        let mut best = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_move = None;
        let children = if depth >= 2 {
            self.children(game, state, h, first)
        } else {
            self.children_plain(game, state, first)
        };
        for (m, child) in children {
            let v = self.search(game, &child, h, depth - 1, ply + 1, alpha, beta);
            if maximise {
                if v > best || best_move.is_none() {
                    best = v;
                    best_move = Some(m);
                }
                alpha = alpha.max(v);
            } else {
                if v < best || best_move.is_none() {
                    best = v;
                    best_move = Some(m);
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if best_move.is_none() {
            // A decision with no move: the engine would have ended the game; score it as it stands.
            best = h.material(state);
        }
        let bound = if best <= a0 {
            Bound::Upper
        } else if best >= b0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        (best, bound, best_move)
    }

    fn children_plain(
        &self,
        game: &Game,
        state: &State,
        first: Option<Move>,
    ) -> Vec<(Move, State)> {
        let mut moves = game.moves(state);
        if let Some(i) = first.and_then(|f| moves.iter().position(|&m| m == f)) {
            moves[..=i].rotate_right(1);
        }
        moves
            .into_iter()
            .map(|m| {
                let mut child = state.clone();
                let _ = game.apply(&mut child, m);
                (m, child)
            })
            .collect()
    }
}

impl Agent for AlphaBeta {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn choose(&mut self, game: &Game, root: &State) -> Move {
        let mut moves = game.moves(root);
        match moves.len() {
            0 => return Move::pass(),
            1 => return moves[0],
            _ => {}
        }
        if self.tt.is_empty() {
            self.tt = vec![EMPTY; 1 << self.settings.tt_bits];
        }
        let h = Heuristic::new(game);
        self.deadline = self
            .settings
            .millis
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        self.stopped = false;
        self.nodes = 0;
        // Shuffled once, so that the seed decides between equally good moves.
        moves.shuffle(&mut self.rng);
        let children: Vec<(Move, State)> = moves
            .iter()
            .map(|&m| {
                let mut child = root.clone();
                let _ = game.apply(&mut child, m);
                (m, child)
            })
            .collect();
        let mut order: Vec<usize> = (0..children.len()).collect();
        let maximise = root.mover() == 0;
        let mut chosen = children[0].0;
        for depth in 1..=self.settings.depth {
            let (mut alpha, mut beta) = (f64::NEG_INFINITY, f64::INFINITY);
            let mut scored: Vec<(usize, f64)> = Vec::with_capacity(order.len());
            for &i in &order {
                // Full-width search of the first move, then null windows would be an option; plain
                // alpha-beta keeps the values of the other moves as bounds, enough to order them.
                let v = self.search(game, &children[i].1, &h, depth - 1, 1, alpha, beta);
                if self.stopped {
                    break;
                }
                scored.push((i, v));
                if maximise {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
            }
            if self.stopped && depth > 1 {
                break;
            }
            let sign = if maximise { 1.0 } else { -1.0 };
            // A stable sort: among equal values the earlier (shuffled or previously best) move wins.
            scored.sort_by(|a, b| (sign * b.1).total_cmp(&(sign * a.1)));
            if let Some(&(i, _)) = scored.first() {
                chosen = children[i].0;
            }
            let rest: Vec<usize> = order
                .iter()
                .copied()
                .filter(|i| !scored.iter().any(|s| s.0 == *i))
                .collect();
            order = scored.iter().map(|s| s.0).chain(rest).collect();
            if self.stopped {
                break;
            }
            // A forced result needs no deeper look.
            if scored.first().is_some_and(|s| s.1.abs() > WIN / 2.0) {
                break;
            }
        }
        chosen
    }
}
