//! Random playouts (`ludus run`): outcomes and lengths, reproducible from a seed.

use super::Progress;
use crate::compile::ir::MAX_PLAYERS;
use crate::engine::{playout, Playout, Scratch};
use crate::trial::playout_rng;
use crate::{Game, Status};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Totals over playouts.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Totals {
    /// Wins of each player.
    pub wins: [u64; MAX_PLAYERS],
    /// Games that ended in a ranking (three or four players).
    pub ranked: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the edge limit.
    pub stopped: u64,
    /// Edges played in all.
    pub edges: u64,
    /// Moves played in all.
    pub moves: u64,
    /// The shortest game, in edges.
    pub min: u64,
    /// The longest game, in edges.
    pub max: u64,
    /// Games played.
    pub games: u64,
}

impl Totals {
    /// The totals with one more playout.
    pub fn counting(mut self, p: Playout) -> Totals {
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

    /// The totals of two sets of playouts together.
    pub fn merge(self, o: Totals) -> Totals {
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

    /// The figures of `ludus run --format json` but for its timing (threads, seconds, speeds).
    pub fn figures(&self, game: &Game, seed: u64) -> serde_json::Map<String, serde_json::Value> {
        let players = (game.players as usize).min(MAX_PLAYERS);
        let n = self.games.max(1) as f64;
        let serde_json::Value::Object(map) = serde_json::json!({
            "game": game.name,
            "playouts": self.games,
            "wins": self.wins[..players],
            "ranked": self.ranked,
            "draws": self.draws,
            "stopped_at_edge_limit": self.stopped,
            "max_edges": game.max_edges,
            "mean_length": self.edges as f64 / n,
            "min_length": self.min,
            "max_length": self.max,
            "mean_moves": self.moves as f64 / n,
            "seed": seed,
        }) else {
            unreachable!("a JSON object literal")
        };
        map
    }
}

/// Playouts `0..n` in chunks on the current rayon pool, each chunk played by `play`: fixed
/// chunks keep each thread busy, and the sums do not depend on how they are shared out.
pub fn in_chunks(n: u64, play: impl Fn(std::ops::Range<u64>) -> Totals + Sync) -> Totals {
    let chunk = 64u64;
    (0..n.div_ceil(chunk))
        .into_par_iter()
        .map(|c| play(c * chunk..((c + 1) * chunk).min(n)))
        .reduce(Totals::default, Totals::merge)
}

/// `n` random playouts from the start, playout `i` drawing from `playout_rng(seed, i)`.
pub fn playouts(game: &Game, seed: u64, n: u64, progress: Progress) -> Totals {
    playouts_until(game, seed, n, progress, &AtomicBool::new(false))
}

/// [`playouts`] that starts no more chunks once `stop` is raised (Ctrl-C in Python): the totals
/// of the chunks played, fewer than `n` playouts if it stopped.
pub fn playouts_until(
    game: &Game,
    seed: u64,
    n: u64,
    progress: Progress,
    stop: &AtomicBool,
) -> Totals {
    in_chunks(n, |range| {
        if stop.load(Ordering::Relaxed) {
            return Totals::default();
        }
        let mut state = game.new_initial_state();
        let start = state.clone();
        let mut buf = Scratch::default();
        let mut t = Totals::default();
        let len = range.end - range.start;
        for i in range {
            state.clone_from(&start);
            let mut rng = playout_rng(seed, i);
            t = t.counting(playout(game, &mut state, &mut rng, &mut buf));
        }
        progress(len);
        t
    })
}
