//! Agents: players that pick moves at decision nodes, chosen by a spec string such as
//! `mcts:iterations=2000` or `alphabeta:depth=6`. Every agent works on every game, chance
//! included, and every random choice it makes flows from the seed it is built with.

mod alphabeta;
mod flatmc;
mod heuristic;
mod mcts;
mod random;

pub use alphabeta::AlphaBeta;
pub use flatmc::FlatMc;
pub use heuristic::Heuristic;
pub use mcts::Mcts;
pub use random::RandomAgent;

use crate::{Game, Move, NodeType, State};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt;

/// A player that picks a move at a decision node.
pub trait Agent: Send {
    /// The spec the agent was built from.
    fn spec(&self) -> &str;
    /// Picks one of the legal moves of a decision node (the state must not be terminal or chance).
    fn choose(&mut self, game: &Game, state: &State) -> Move;
}

/// The kinds of agent, with their settings.
const KINDS: [(&str, &[&str], &str); 4] = [
    ("random", &[], "uniform over legal moves"),
    (
        "mcts",
        &["iterations", "millis", "c", "cutoff", "nodes", "memory"],
        "UCT Monte Carlo tree search; the tree holds at most `nodes` nodes (default 1000000) and about `memory` MiB (default 1024), and the search stops there",
    ),
    (
        "alphabeta",
        &["depth", "millis", "tt"],
        "iterative-deepening alpha-beta (expectimax at chance nodes)",
    ),
    (
        "flatmc",
        &["playouts"],
        "flat Monte Carlo: random playouts after each move",
    ),
];

/// The agents a spec can name, for help texts: `name: what it is (settings)`.
pub fn catalogue() -> Vec<String> {
    KINDS
        .iter()
        .map(|(name, keys, doc)| {
            if keys.is_empty() {
                format!("{name}: {doc}")
            } else {
                format!("{name}: {doc} (settings: {})", keys.join(", "))
            }
        })
        .collect()
}

/// A spec that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad agent spec `{spec}`: {reason}")]
pub struct SpecError {
    /// The spec as given.
    pub spec: String,
    /// What is wrong with it.
    pub reason: String,
}

/// A parsed agent spec: the kind of agent and its settings, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentSpec {
    text: String,
    kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Random,
    Mcts(mcts::Settings),
    AlphaBeta(alphabeta::Settings),
    FlatMc(flatmc::Settings),
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<AgentSpec, SpecError> {
        AgentSpec::parse(s)
    }
}

impl AgentSpec {
    /// Reads `kind` or `kind:key=value,key=value` (keys may also be separated by `:`).
    pub fn parse(text: &str) -> Result<AgentSpec, SpecError> {
        let text = text.trim();
        let err = |reason: String| SpecError {
            spec: text.to_string(),
            reason,
        };
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim().to_ascii_lowercase();
        if name.is_empty() {
            return Err(err(format!("no agent named; agents: {}", names())));
        }
        let Some((kind_name, keys, _)) = KINDS.iter().find(|k| k.0 == name) else {
            let hint = nearest(&name, KINDS.iter().map(|k| k.0))
                .map_or(String::new(), |k| format!("; did you mean `{k}`?"));
            return Err(err(format!(
                "unknown agent `{name}`{hint} (agents: {})",
                names()
            )));
        };
        let mut settings: Vec<(String, String)> = Vec::new();
        for part in rest
            .split([',', ':'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let Some((key, value)) = part.split_once('=') else {
                return Err(err(format!("`{part}` is not KEY=VALUE")));
            };
            let (key, value) = (key.trim().to_ascii_lowercase(), value.trim().to_string());
            if !keys.contains(&key.as_str()) {
                let list = if keys.is_empty() {
                    "it takes no settings".to_string()
                } else {
                    format!("its settings: {}", keys.join(", "))
                };
                let hint = nearest(&key, keys.iter().copied())
                    .map_or(String::new(), |k| format!("; did you mean `{k}`?"));
                return Err(err(format!(
                    "`{kind_name}` has no setting `{key}`{hint} ({list})"
                )));
            }
            if settings.iter().any(|(k, _)| *k == key) {
                return Err(err(format!("`{key}` is given twice")));
            }
            if value.is_empty() {
                return Err(err(format!("`{key}` has no value")));
            }
            settings.push((key, value));
        }
        let kind = match *kind_name {
            "random" => Kind::Random,
            "mcts" => Kind::Mcts(mcts::Settings::from_pairs(&settings).map_err(err)?),
            "alphabeta" => {
                Kind::AlphaBeta(alphabeta::Settings::from_pairs(&settings).map_err(err)?)
            }
            _ => Kind::FlatMc(flatmc::Settings::from_pairs(&settings).map_err(err)?),
        };
        Ok(AgentSpec {
            text: text.to_string(),
            kind,
        })
    }

    /// Reads a comma-separated list of specs: `mcts:iterations=100,c=2,random` is two specs, since
    /// a `KEY=VALUE` without an agent name continues the spec before it.
    pub fn parse_list(text: &str) -> Result<Vec<AgentSpec>, SpecError> {
        let mut parts: Vec<String> = Vec::new();
        for piece in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match parts.last_mut() {
                Some(last) if piece.contains('=') && !piece.contains(':') => {
                    last.push(',');
                    last.push_str(piece);
                }
                _ => parts.push(piece.to_string()),
            }
        }
        parts.iter().map(|p| AgentSpec::parse(p)).collect()
    }

    /// Checks that the agent can play a game of `players` players: alpha-beta searches
    /// two-player games only.
    pub fn fits(&self, players: u8) -> Result<(), SpecError> {
        match &self.kind {
            Kind::AlphaBeta(_) if players != 2 => Err(SpecError {
                spec: self.text.clone(),
                reason: format!(
                    "alphabeta plays two-player games only; this game has {players} players (use mcts, flatmc or random)"
                ),
            }),
            _ => Ok(()),
        }
    }

    /// Whether the agent's choices depend only on its seed (not on a clock).
    pub fn is_deterministic(&self) -> bool {
        match &self.kind {
            Kind::Mcts(s) => s.millis.is_none(),
            Kind::AlphaBeta(s) => s.millis.is_none(),
            _ => true,
        }
    }

    /// Builds the agent with its seed.
    pub fn build(&self, seed: u64) -> Box<dyn Agent> {
        let rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let spec = self.text.clone();
        match &self.kind {
            Kind::Random => Box::new(RandomAgent::new(spec, rng)),
            Kind::Mcts(s) => Box::new(Mcts::new(spec, s.clone(), rng)),
            Kind::AlphaBeta(s) => Box::new(AlphaBeta::new(spec, s.clone(), rng)),
            Kind::FlatMc(s) => Box::new(FlatMc::new(spec, s.clone(), rng)),
        }
    }
}

/// The candidate closest to a misspelt word, if any is close.
fn nearest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .map(|c| (strsim::jaro_winkler(c, word), c))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

fn names() -> String {
    KINDS.iter().map(|k| k.0).collect::<Vec<_>>().join(", ")
}

/// Reads a whole number setting within bounds.
fn int_setting(key: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| format!("`{key}={value}`: expected a whole number from {min} to {max}"))
}

/// Reads a real number setting within bounds.
fn real_setting(key: &str, value: &str, min: f64, max: f64) -> Result<f64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && (min..=max).contains(v))
        .ok_or_else(|| format!("`{key}={value}`: expected a number from {min} to {max}"))
}

/// A 64-bit seed for stream `index` of `seed`: independent streams from one seed (SplitMix64).
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The generator of stream `index` of `seed`.
pub fn rng_stream(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(derive_seed(seed, index))
}

/// Plays random edges from `state` until the game ends or `limit` edges have been played;
/// returns whether it ended. `moves` is a reusable buffer.
fn random_edges(
    game: &Game,
    state: &mut State,
    rng: &mut impl Rng,
    moves: &mut Vec<Move>,
    limit: u32,
) -> bool {
    game.legal_moves(state, moves);
    let mut played = 0;
    loop {
        let m = match state.node() {
            NodeType::Terminal => return true,
            _ if played >= limit => return false,
            NodeType::Chance => match game.sample_chance(state, rng) {
                Some(m) => m,
                None => return true,
            },
            NodeType::Decision => {
                if moves.is_empty() {
                    return true;
                }
                moves[rng.random_range(0..moves.len())]
            }
        };
        if game.apply_and_generate(state, m, moves).is_err() {
            return true;
        }
        played += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_with_settings() {
        let s = AgentSpec::parse("mcts:iterations=200,c=0.7").unwrap();
        assert_eq!(s.to_string(), "mcts:iterations=200,c=0.7");
        assert!(matches!(&s.kind, Kind::Mcts(m) if m.iterations == Some(200) && m.c == 0.7));
        let s = AgentSpec::parse("alphabeta:depth=3:tt=16").unwrap();
        assert!(matches!(&s.kind, Kind::AlphaBeta(a) if a.depth == 3 && a.tt_bits == 16));
        assert_eq!(AgentSpec::parse(" random ").unwrap().kind, Kind::Random);
        assert!(!AgentSpec::parse("mcts:millis=50")
            .unwrap()
            .is_deterministic());
        assert!(AgentSpec::parse("mcts:iterations=5")
            .unwrap()
            .is_deterministic());
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let e = |s: &str| AgentSpec::parse(s).unwrap_err().reason;
        assert_eq!(
            e("mcst"),
            "unknown agent `mcst`; did you mean `mcts`? (agents: random, mcts, alphabeta, flatmc)"
        );
        assert_eq!(e("mcts:iters=5"), "`mcts` has no setting `iters`; did you mean `iterations`? (its settings: iterations, millis, c, cutoff, nodes, memory)");
        assert_eq!(
            e("mcts:iterations=abc"),
            "`iterations=abc`: expected a whole number from 1 to 100000000"
        );
        assert_eq!(
            e("mcts:iterations=0"),
            "`iterations=0`: expected a whole number from 1 to 100000000"
        );
        assert_eq!(e("alphabeta:depth"), "`depth` is not KEY=VALUE");
        assert_eq!(e("alphabeta:depth=2,depth=3"), "`depth` is given twice");
        assert_eq!(
            e("random:x=1"),
            "`random` has no setting `x` (it takes no settings)"
        );
        assert_eq!(e("mcts:c=-1"), "`c=-1`: expected a number from 0 to 100");
        assert_eq!(
            e(""),
            "no agent named; agents: random, mcts, alphabeta, flatmc"
        );
    }

    #[test]
    fn spec_lists_split_on_agent_names() {
        let list =
            AgentSpec::parse_list("mcts:iterations=100,c=2,random,alphabeta:depth=2").unwrap();
        let texts: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            texts,
            ["mcts:iterations=100,c=2", "random", "alphabeta:depth=2"]
        );
    }

    #[test]
    fn seed_streams_differ() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
        assert_eq!(derive_seed(7, 3), derive_seed(7, 3));
    }
}
