//! UCT Monte Carlo tree search. Chance nodes are sampled with their true probabilities; a
//! simulation plays random edges to the end, or to a cut-off where the heuristic scores it.

use super::{int_setting, random_edges, real_setting, Agent, Heuristic};
use crate::compile::ir::MAX_PLAYERS;
use crate::{Game, Move, NodeType, PerPlayer, State};
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::{Duration, Instant};

/// The settings of `mcts`.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Simulations per move (default 1000 when no time is given).
    pub iterations: Option<u64>,
    /// Thinking time per move in milliseconds.
    pub millis: Option<u64>,
    /// The exploration constant.
    pub c: f64,
    /// Random edges per simulation before the heuristic scores it; 0 plays to the end.
    pub cutoff: u32,
    /// The most nodes the tree may hold: the search stops when the next expansion would pass it.
    pub nodes: u64,
    /// The most memory the tree may take, in MiB: with the root's size, a second bound on nodes.
    pub memory: u64,
}

/// The default node budget: about 300 MB for the largest shipped game's positions.
pub const DEFAULT_NODES: u64 = 1_000_000;

/// The default memory budget in MiB.
pub const DEFAULT_MEMORY: u64 = 1024;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            iterations: None,
            millis: None,
            c: 1.0,
            cutoff: 10,
            nodes: DEFAULT_NODES,
            memory: DEFAULT_MEMORY,
        }
    }
}

impl Settings {
    pub(super) fn from_pairs(pairs: &[(String, String)]) -> Result<Settings, String> {
        let mut s = Settings::default();
        for (k, v) in pairs {
            match k.as_str() {
                "iterations" => s.iterations = Some(int_setting(k, v, 1, 100_000_000)?),
                "millis" => s.millis = Some(int_setting(k, v, 1, 3_600_000)?),
                "c" => s.c = real_setting(k, v, 0.0, 100.0)?,
                "nodes" => s.nodes = int_setting(k, v, 2, 100_000_000)?,
                "memory" => s.memory = int_setting(k, v, 1, 16_384)?,
                _ => s.cutoff = int_setting(k, v, 0, 1_000_000)? as u32,
            }
        }
        if s.iterations.is_none() && s.millis.is_none() {
            s.iterations = Some(1000);
        }
        Ok(s)
    }
}

/// One node of the search tree, reached by `edge`.
struct Node {
    edge: Move,
    /// The player who chose the edge (the mover of the parent); rewards are counted for them.
    chooser: u8,
    first: u32,
    len: u32,
    expanded: bool,
    visits: u32,
    total: f64,
    /// The node's position in `Mcts::states`, once it has been reached.
    state: u32,
}

const NO_STATE: u32 = u32::MAX;

impl Node {
    fn new(edge: Move, chooser: u8) -> Node {
        Node {
            edge,
            chooser,
            first: 0,
            len: 0,
            expanded: false,
            visits: 0,
            total: 0.0,
            state: NO_STATE,
        }
    }
}

/// UCT search with sampled chance nodes.
pub struct Mcts {
    spec: String,
    settings: Settings,
    rng: Xoshiro256PlusPlus,
    nodes: Vec<Node>,
    /// The positions of the reached nodes: kept so that a descent applies no move until it leaves
    /// the tree. Buffers are reused from one search to the next.
    states: Vec<State>,
    used: usize,
    path: Vec<u32>,
    moves: Vec<Move>,
}

impl Mcts {
    /// A searcher drawing from `rng`.
    pub fn new(spec: String, settings: Settings, rng: Xoshiro256PlusPlus) -> Mcts {
        Mcts {
            spec,
            settings,
            rng,
            nodes: Vec::new(),
            states: Vec::new(),
            used: 0,
            path: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Stores a position and returns its index.
    fn keep(&mut self, state: &State) -> u32 {
        if self.used < self.states.len() {
            self.states[self.used].clone_from(state);
        } else {
            self.states.push(state.clone());
        }
        self.used += 1;
        (self.used - 1) as u32
    }

    fn expand(&mut self, game: &Game, node: usize) {
        let first = self.nodes.len() as u32;
        let state = &self.states[self.nodes[node].state as usize];
        let chooser = state.mover();
        match state.node() {
            NodeType::Decision => {
                game.legal_moves(state, &mut self.moves);
                // Shuffled so that unvisited children and ties are taken in a seeded random order.
                self.moves.shuffle(&mut self.rng);
                for &m in &self.moves {
                    self.nodes.push(Node::new(m, chooser));
                }
            }
            NodeType::Chance => {
                for (m, _) in game.chance_outcomes(state) {
                    self.nodes.push(Node::new(m, chooser));
                }
            }
            NodeType::Terminal => {}
        }
        let len = self.nodes.len() as u32 - first;
        let n = &mut self.nodes[node];
        n.first = first;
        n.len = len;
        n.expanded = true;
    }

    /// The most nodes a search from `root` may grow: the node budget, and the memory budget
    /// over a node's estimated cost (its own size and a copy of a position, taken at twice the
    /// root's, since positions deeper in the tree hold a longer history).
    fn node_budget(&self, root: &State) -> usize {
        let per_node = std::mem::size_of::<Node>() + 2 * root.footprint();
        let by_memory = (self.settings.memory as usize).saturating_mul(1 << 20) / per_node;
        (self.settings.nodes as usize).min(by_memory).max(2)
    }

    /// The number of nodes in the tree of the last search.
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    fn select(&self, node: usize) -> Option<usize> {
        let n = &self.nodes[node];
        let children = n.first as usize..(n.first + n.len) as usize;
        if let Some(i) = children.clone().find(|&i| self.nodes[i].visits == 0) {
            return Some(i);
        }
        let log_n = (n.visits.max(1) as f64).ln();
        let c = self.settings.c;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for i in children {
            let ch = &self.nodes[i];
            let v = ch.visits as f64;
            let score = ch.total / v + c * (log_n / v).sqrt();
            if score > best_score {
                best_score = score;
                best = Some(i);
            }
        }
        best
    }

    /// The value of a simulation from `state` for each player, in [-1, 1].
    fn simulate(
        &mut self,
        game: &Game,
        state: &mut State,
        heuristic: &Heuristic,
    ) -> PerPlayer<f64> {
        let limit = if self.settings.cutoff == 0 {
            u32::MAX
        } else {
            self.settings.cutoff
        };
        if random_edges(game, state, &mut self.rng, &mut self.moves, limit) {
            state.returns()
        } else {
            heuristic.values(state)
        }
    }
}

impl Agent for Mcts {
    fn spec(&self) -> &str {
        &self.spec
    }

    fn choose(&mut self, game: &Game, root: &State) -> Move {
        game.legal_moves(root, &mut self.moves);
        let first = match self.moves.len() {
            0 => return Move::pass(),
            1 => return self.moves[0],
            _ => self.moves[0],
        };
        let heuristic = Heuristic::new(game);
        let deadline = self
            .settings
            .millis
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        self.nodes.clear();
        self.used = 0;
        let before_root = game.prev[root.mover() as usize & (MAX_PLAYERS - 1)];
        self.nodes.push(Node::new(Move::pass(), before_root));
        self.nodes[0].state = self.keep(root);
        let mut state = root.clone();
        let mut iteration = 0u64;
        let budget = self.node_budget(root);
        'search: loop {
            if self.settings.iterations.is_some_and(|n| iteration >= n)
                || deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            iteration += 1;
            self.path.clear();
            self.path.push(0);
            let mut node = 0usize;
            loop {
                let at = &self.states[self.nodes[node].state as usize];
                if at.is_terminal() {
                    break;
                }
                if !self.nodes[node].expanded {
                    let before = self.nodes.len();
                    self.expand(game, node);
                    if self.nodes.len() > budget && before > 1 {
                        // The tree is full: it stops growing, and the search answers from what
                        // it holds (the root's children are always kept).
                        self.nodes.truncate(before);
                        self.nodes[node].expanded = false;
                        self.nodes[node].len = 0;
                        break 'search;
                    }
                }
                let at = &self.states[self.nodes[node].state as usize];
                let child = match at.node() {
                    NodeType::Chance => {
                        let Some(m) = game.sample_chance(at, &mut self.rng) else {
                            break;
                        };
                        let n = &self.nodes[node];
                        (n.first as usize..(n.first + n.len) as usize)
                            .find(|&i| self.nodes[i].edge == m)
                    }
                    _ => self.select(node),
                };
                let Some(child) = child else { break };
                self.path.push(child as u32);
                if self.nodes[child].state != NO_STATE {
                    node = child;
                    continue;
                }
                // A new leaf: its position is made once and kept.
                state.clone_from(&self.states[self.nodes[node].state as usize]);
                if game.apply(&mut state, self.nodes[child].edge).is_err() {
                    self.path.pop();
                    break;
                }
                self.nodes[child].state = self.keep(&state);
                node = child;
                break;
            }
            state.clone_from(&self.states[self.nodes[node].state as usize]);
            let value = self.simulate(game, &mut state, &heuristic);
            for &i in &self.path {
                let n = &mut self.nodes[i as usize];
                n.visits += 1;
                // Each edge is credited with the reward of the player who chose it.
                n.total += value.get(n.chooser as usize).copied().unwrap_or(0.0);
            }
        }
        let root = &self.nodes[0];
        let children = root.first as usize..(root.first + root.len) as usize;
        let best = children.max_by(|&a, &b| {
            let (a, b) = (&self.nodes[a], &self.nodes[b]);
            let mean = |n: &Node| {
                if n.visits == 0 {
                    f64::NEG_INFINITY
                } else {
                    n.total / n.visits as f64
                }
            };
            a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b)))
        });
        best.map_or(first, |i| self.nodes[i].edge)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// With a huge number of iterations, the search stops at its node budget and still answers
    /// a legal move: memory stays bounded.
    #[test]
    fn the_tree_stops_at_its_node_budget() {
        let game = crate::load_file(std::path::Path::new("games/woli.game"), &[]).unwrap();
        let root = game.new_initial_state();
        let settings = Settings::from_pairs(&[
            ("iterations".into(), "100000000".into()),
            ("nodes".into(), "500".into()),
        ])
        .unwrap();
        assert_eq!(settings.nodes, 500);
        let mut mcts = Mcts::new(
            "mcts".into(),
            settings,
            Xoshiro256PlusPlus::seed_from_u64(1),
        );
        let started = Instant::now();
        let m = mcts.choose(&game, &root);
        assert!(game.moves(&root).contains(&m));
        let size = mcts.tree_size();
        // Woli has at most 6 moves a turn: the tree fills to within one expansion of its budget.
        assert!((494..=500).contains(&size), "{size} nodes");
        assert!(mcts.used <= 500, "{} states", mcts.used);
        assert!(started.elapsed() < Duration::from_secs(20));
    }

    /// The memory budget bounds the tree too: 1 MiB holds the nodes it can price, no more.
    #[test]
    fn the_tree_stops_at_its_memory_budget() {
        let game = crate::load_file(std::path::Path::new("games/woli.game"), &[]).unwrap();
        let root = game.new_initial_state();
        let settings = Settings::from_pairs(&[
            ("iterations".into(), "100000000".into()),
            ("memory".into(), "1".into()),
        ])
        .unwrap();
        let mut mcts = Mcts::new(
            "mcts".into(),
            settings,
            Xoshiro256PlusPlus::seed_from_u64(1),
        );
        let budget = mcts.node_budget(&root);
        let per_node = std::mem::size_of::<Node>() + 2 * root.footprint();
        assert_eq!(budget, (1 << 20) / per_node);
        assert!(budget < DEFAULT_NODES as usize);
        let m = mcts.choose(&game, &root);
        assert!(game.moves(&root).contains(&m));
        let size = mcts.tree_size();
        assert!(
            (budget - 6..=budget).contains(&size),
            "{size} nodes of {budget}"
        );
    }
}
