//! Trials: recorded games in RON (format in docs/TRIALS.md). A trial names its game (file, source
//! hash, options), the seed and the agents, and lists every action, moves and throws, in
//! notation; replaying it re-applies each action and checks the recorded result.

mod derive;
mod ending;

pub use derive::playout_rng;
pub use ending::Endings;

use crate::agents::{derive_seed, rng_stream, AgentSpec};
use crate::compile::ir::MAX_PLAYERS;
use crate::{Game, Move, NodeType, State, Status};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

/// The trial format this version writes and reads.
pub const FORMAT: u32 = 1;

/// The largest trial file read.
const MAX_TRIAL_BYTES: u64 = 256 * 1024 * 1024;

/// A recorded game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trial {
    /// The format version, [`FORMAT`].
    pub format: u32,
    /// The game and how it was loaded.
    pub game: GameRef,
    /// The seed of the match or run the game belongs to.
    pub seed: u64,
    /// The game's index in its match or run; with the seed, it fixes every random choice.
    pub index: u64,
    /// The agents' specs for P1 and P2 (`human` for a person).
    pub agents: (String, String),
    /// The agents of P3 and P4, in a game of three or four players (absent for two).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_agents: Vec<String>,
    /// Every action in order: moves and throws, in notation.
    pub actions: Vec<String>,
    /// How the game ended.
    pub result: Outcome,
    /// The stores of P1 and P2 at the end.
    pub scores: (u32, u32),
    /// The stores of P3 and P4 at the end, in a game of three or four players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_scores: Vec<u32>,
}

/// The game of a trial.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRef {
    /// The game's name.
    pub name: String,
    /// The `.game` file, as it was given.
    pub file: String,
    /// A hash of the source text, in hex, to recognise another version of the game.
    pub source_hash: String,
    /// Every option's value.
    pub options: Vec<(String, String)>,
}

/// How a recorded game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Won by player 1, 2, 3 or 4.
    Win(u8),
    /// Ended in a ranking (three or four players): each player's place, 1 for first, players who
    /// tie sharing the better place; 0 past the game's players.
    Ranked([u8; MAX_PLAYERS]),
    /// Drawn.
    Draw,
    /// Not over (a game saved during play).
    Unfinished,
    /// Stopped unfinished at the edge limit, which was this many edges.
    Stopped(u64),
}

impl Outcome {
    /// The outcome of a state.
    pub fn of(state: &State) -> Outcome {
        match (state.node(), state.status()) {
            (NodeType::Terminal, Status::Won(p)) => Outcome::Win(p + 1),
            (NodeType::Terminal, Status::Ranked(places)) => Outcome::Ranked(places),
            // The limit stops a game exactly when its edges reach it.
            (NodeType::Terminal, Status::Stopped) => Outcome::Stopped(state.edges_played()),
            (NodeType::Terminal, _) => Outcome::Draw,
            _ => Outcome::Unfinished,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(p) => write!(f, "P{p} wins"),
            Outcome::Ranked(places) => {
                f.write_str("a ranking")?;
                for (p, place) in places.iter().enumerate().filter(|x| *x.1 > 0) {
                    write!(f, "{} P{}: {place}", if p == 0 { "" } else { "," }, p + 1)?;
                }
                Ok(())
            }
            Outcome::Draw => f.write_str("a draw"),
            Outcome::Unfinished => f.write_str("an unfinished game"),
            Outcome::Stopped(n) => write!(f, "a game stopped at the edge limit of {n} edges"),
        }
    }
}

/// What went wrong with a trial.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrialError {
    /// The file could not be read or written.
    #[error("cannot {what} {path}: {message}")]
    Io {
        /// "read" or "write".
        what: &'static str,
        /// The path.
        path: String,
        /// Why.
        message: String,
    },
    /// The text is not a trial.
    #[error("{path} is not a valid trial: {message}")]
    Syntax {
        /// The path.
        path: String,
        /// Where and why, from the RON reader.
        message: String,
    },
    /// A format this version does not read.
    #[error("{path} is a trial of format {found}; this ludus reads format {FORMAT}")]
    Format {
        /// The path.
        path: String,
        /// The format found.
        found: u32,
    },
    /// The trial is of another game.
    #[error("the trial is of {trial}, but the game file is {game}")]
    WrongGame {
        /// The trial's game.
        trial: String,
        /// The loaded game.
        game: String,
    },
    /// An action could not be replayed.
    #[error("action {index} `{action}`: {reason}")]
    Diverged {
        /// The action's number, from 1.
        index: usize,
        /// The action's text.
        action: String,
        /// Why it could not be played.
        reason: String,
    },
    /// The trial seats another number of players than the game has.
    #[error("the trial seats {trial} players, but the game has {game}")]
    Seats {
        /// The trial's agents.
        trial: usize,
        /// The game's players.
        game: u8,
    },
    /// An agent named in the trial is not one ludus knows.
    #[error("the trial's agent `{agent}` is not an agent: {reason}")]
    Agent {
        /// The agent as recorded.
        agent: String,
        /// Why it does not read.
        reason: String,
    },
    /// The replay does not end as recorded.
    #[error("the trial records {recorded}, but the replay gives {replayed}")]
    Result {
        /// The recorded result and scores.
        recorded: String,
        /// The replayed result and scores.
        replayed: String,
    },
}

/// A replayed trial: the state before each action and at the end.
#[derive(Debug, Clone)]
pub struct Replay {
    /// `states[k]` is the position after k actions; the last one is the end.
    pub states: Vec<State>,
    /// The actions as moves.
    pub moves: Vec<Move>,
}

impl Trial {
    /// An empty trial of a game, before any action; `agents` are the seats' specs, P1 first.
    pub fn new(game: &Game, file: &str, seed: u64, index: u64, agents: &[String]) -> Trial {
        let seat = |k: usize| agents.get(k).cloned().unwrap_or_default();
        Trial {
            format: FORMAT,
            game: GameRef {
                name: game.name.clone(),
                file: file.to_string(),
                source_hash: format!("{:016x}", game.source_hash),
                options: game
                    .option_values
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_string()))
                    .collect(),
            },
            seed,
            index,
            agents: (seat(0), seat(1)),
            more_agents: agents.iter().skip(2).cloned().collect(),
            actions: Vec::new(),
            result: Outcome::Unfinished,
            scores: (0, 0),
            more_scores: Vec::new(),
        }
    }

    /// Every seat's agent spec, P1 first.
    pub fn seats(&self) -> Vec<String> {
        [&self.agents.0, &self.agents.1]
            .into_iter()
            .chain(&self.more_agents)
            .cloned()
            .collect()
    }

    /// The stores of a position as a trial records them: P1's and P2's, and the others'.
    fn stores(state: &State) -> ((u32, u32), Vec<u32>) {
        let s = state.scores();
        let n = (state.players() as usize).min(MAX_PLAYERS);
        ((s[0], s[1]), s[2.min(n)..n].to_vec())
    }

    /// Records an action played from `state` (before it is applied).
    pub fn push(&mut self, game: &Game, state: &State, m: Move) {
        self.actions.push(game.notation(state, m));
    }

    /// Records the result and scores of the position reached.
    pub fn conclude(&mut self, state: &State) {
        self.result = Outcome::of(state);
        (self.scores, self.more_scores) = Trial::stores(state);
    }

    /// The trial as RON text, one field and one action a line.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .indentor("  ".to_string())
            .new_line("\n".to_string());
        let mut text = ron::ser::to_string_pretty(self, config).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a trial from RON text; `path` names it in errors.
    pub fn from_ron(text: &str, path: &str) -> Result<Trial, TrialError> {
        // The format is checked first, so that a newer trial gets the right message.
        #[derive(Deserialize)]
        struct Head {
            format: u32,
        }
        if let Ok(head) = ron::from_str::<Head>(text) {
            if head.format != FORMAT {
                return Err(TrialError::Format {
                    path: path.to_string(),
                    found: head.format,
                });
            }
        }
        ron::from_str::<Trial>(text).map_err(|e| TrialError::Syntax {
            path: path.to_string(),
            message: e.to_string(),
        })
    }

    /// Reads a trial file.
    pub fn read(path: &Path) -> Result<Trial, TrialError> {
        let name = path.display().to_string();
        let io = |message: String| TrialError::Io {
            what: "read",
            path: name.clone(),
            message,
        };
        let bytes =
            crate::files::read_capped(path, MAX_TRIAL_BYTES).map_err(|e| io(e.to_string()))?;
        let text = String::from_utf8(bytes).map_err(|e| TrialError::Syntax {
            path: name.clone(),
            message: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        })?;
        Trial::from_ron(&text, &name)
    }

    /// Writes the trial to a file, whole or not at all.
    pub fn write(&self, path: &Path) -> Result<(), TrialError> {
        crate::files::write_atomic(path, self.to_ron().as_bytes()).map_err(|e| TrialError::Io {
            what: "write",
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }

    /// Warnings about replaying with `game` (another version of the file), or an error if it is
    /// another game altogether.
    pub fn check_game(&self, game: &Game) -> Result<Vec<String>, TrialError> {
        if self.game.name != game.name {
            return Err(TrialError::WrongGame {
                trial: self.game.name.clone(),
                game: game.name.clone(),
            });
        }
        let seats = 2 + self.more_agents.len();
        if seats != game.players as usize {
            return Err(TrialError::Seats {
                trial: seats,
                game: game.players,
            });
        }
        let hash = format!("{:016x}", game.source_hash);
        let mut warnings = Vec::new();
        if self.game.source_hash != hash {
            warnings.push(format!(
                "the game file differs from the one the trial was recorded with (source hash {} now, {} then); replaying anyway",
                hash, self.game.source_hash
            ));
        }
        Ok(warnings)
    }

    /// The option settings to load the trial's game with.
    pub fn settings(&self) -> Vec<(String, String)> {
        self.game.options.clone()
    }

    /// Re-applies every action, checking that each is legal, that each throw (and each move of an
    /// agent without a clock) is the one the seed and index give, and that the game ends as
    /// recorded.
    pub fn replay(&self, game: &Game) -> Result<Replay, TrialError> {
        let game = &self.limited(game);
        let mut state = game.new_initial_state();
        let mut states = Vec::with_capacity(self.actions.len() + 1);
        let mut moves = Vec::with_capacity(self.actions.len());
        for (i, text) in self.actions.iter().enumerate() {
            let diverged = |reason: String| TrialError::Diverged {
                index: i + 1,
                action: text.clone(),
                reason,
            };
            if state.is_terminal() {
                return Err(diverged(format!(
                    "the game is already over ({}) after {i} action(s)",
                    Outcome::of(&state)
                )));
            }
            let m = game.parse_move(&state, text).map_err(|e| {
                diverged(format!("not a legal {} here; legal: {}", e.what, e.legal))
            })?;
            states.push(state.clone());
            game.apply(&mut state, m)
                .map_err(|e| diverged(e.to_string()))?;
            moves.push(m);
        }
        let result = Outcome::of(&state);
        let (scores, more) = Trial::stores(&state);
        states.push(state);
        let replay = Replay { states, moves };
        derive::check_draws(self, game, &replay)?;
        if result != self.result || scores != self.scores || more != self.more_scores {
            let describe = |o: Outcome, s: (u32, u32), more: &[u32]| {
                let rest: String = more.iter().map(|x| format!("-{x}")).collect();
                format!("{o} with scores {}-{}{rest}", s.0, s.1)
            };
            return Err(TrialError::Result {
                recorded: describe(self.result, self.scores, &self.more_scores),
                replayed: describe(result, scores, &more),
            });
        }
        Ok(replay)
    }

    /// The game with the edge limit the trial was played under: its own, if it stopped there;
    /// none otherwise (the limit was not reached, whatever it was).
    fn limited(&self, game: &Game) -> Game {
        let mut game = game.clone();
        game.max_edges = match self.result {
            Outcome::Stopped(n) => n,
            _ => u64::MAX,
        };
        game
    }

    /// The trial as a replay would record it again: same header, actions re-written from the
    /// replayed moves, result from the final position.
    pub fn rerecord(&self, game: &Game, replay: &Replay) -> Trial {
        let mut t = Trial::new(game, &self.game.file, self.seed, self.index, &self.seats());
        for (state, &m) in replay.states.iter().zip(&replay.moves) {
            t.push(game, state, m);
        }
        if let Some(last) = replay.states.last() {
            t.conclude(last);
        }
        t
    }

    /// A file name for the trial: the game file's name as the user typed it (the game's title
    /// when there is no file), origin, seed and game number counted from 1 as `match` and
    /// `replay` count them, e.g. `oware-match-s1-0007.ron` for the seventh game of `oware.game`.
    pub fn file_name(&self, origin: &str) -> String {
        let stem = std::path::Path::new(&self.game.file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| self.game.name.clone());
        format!(
            "{}-{origin}-s{}-{:04}.ron",
            slug(&stem),
            self.seed,
            self.number()
        )
    }

    /// The game's number in its match or run, counted from 1 (the index counts from 0).
    pub fn number(&self) -> u64 {
        self.index.saturating_add(1)
    }
}

/// A name for files: lower-case letters and digits, words joined by `-`.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if (c == ' ' || c == '-' || c == '_') && !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "game".into()
    } else {
        out
    }
}

/// A game played between two agents, with its trial and timings.
#[derive(Debug, Clone)]
pub struct Played {
    /// The record.
    pub trial: Trial,
    /// How it ended.
    pub status: Status,
    /// Moves played.
    pub moves: u64,
    /// Edges played (moves and throws).
    pub edges: u64,
    /// Thinking time per seat.
    pub think: [Duration; MAX_PLAYERS],
    /// Decisions per seat.
    pub decisions: [u32; MAX_PLAYERS],
}

/// Plays game `index` of a match with `seed`: `agents[k]` sits at seat k (P1 first), one per
/// player of the game (checked by the caller, with [`AgentSpec::fits`]). The chance generator
/// and the agents' seeds are derived from (seed, index), so the game is the same whichever
/// thread plays it.
pub fn play(game: &Game, file: &str, agents: &[&AgentSpec], seed: u64, index: u64) -> Played {
    let game_seed = derive_seed(seed, index);
    let mut chance = rng_stream(game_seed, 0);
    let mut players: Vec<_> = agents
        .iter()
        .enumerate()
        .map(|(k, a)| a.build(derive_seed(game_seed, 1 + k as u64)))
        .collect();
    let specs: Vec<String> = agents.iter().map(|a| a.to_string()).collect();
    let mut trial = Trial::new(game, file, seed, index, &specs);
    let mut state = game.new_initial_state();
    let mut think = [Duration::ZERO; MAX_PLAYERS];
    let mut decisions = [0u32; MAX_PLAYERS];
    loop {
        let m = match state.node() {
            NodeType::Terminal => break,
            NodeType::Chance => match game.sample_chance(&state, &mut chance) {
                Some(m) => m,
                None => break,
            },
            NodeType::Decision => {
                let seat = state.mover() as usize;
                let Some(player) = players.get_mut(seat) else {
                    break;
                };
                let started = Instant::now();
                let m = player.choose(game, &state);
                think[seat] += started.elapsed();
                decisions[seat] += 1;
                m
            }
        };
        trial.push(game, &state, m);
        if game.apply(&mut state, m).is_err() {
            break;
        }
    }
    trial.conclude(&state);
    Played {
        trial,
        status: state.status(),
        moves: state.moves_played(),
        edges: state.edges_played(),
        think,
        decisions,
    }
}

/// A random playout recorded as a trial: moves uniform over the legal moves, chance with its
/// probabilities, every draw from `rng`.
pub fn random_playout(
    game: &Game,
    file: &str,
    seed: u64,
    index: u64,
    rng: &mut impl Rng,
) -> (Trial, State) {
    let seats = vec!["random".to_string(); game.players as usize];
    let mut trial = Trial::new(game, file, seed, index, &seats);
    let mut state = game.new_initial_state();
    crate::engine::random_walk(game, &mut state, rng, |before, _, m, _| {
        trial.push(game, before, m)
    });
    trial.conclude(&state);
    (trial, state)
}

/// The Wilson score interval at 95% for `successes` out of `n` (draws may count as halves).
pub fn wilson_interval(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = (successes / n).clamp(0.0, 1.0);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_plain() {
        assert_eq!(slug("T'oki"), "toki");
        assert_eq!(slug("Woli Twos"), "woli-twos");
        assert_eq!(slug("  --"), "game");
        assert_eq!(slug("Sig (El Oued)"), "sig-el-oued");
    }

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson_interval(50.0, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(20.0, 20.0);
        assert!(lo > 0.83 && lo < 0.84 && hi == 1.0, "{lo}");
        assert_eq!(wilson_interval(0.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn outcomes_read_back() {
        for o in [
            Outcome::Win(1),
            Outcome::Win(2),
            Outcome::Ranked([2, 1, 3, 0]),
            Outcome::Draw,
            Outcome::Unfinished,
            Outcome::Stopped(1_000_000),
        ] {
            let text = ron::to_string(&o).unwrap();
            assert_eq!(ron::from_str::<Outcome>(&text).unwrap(), o);
        }
    }
}
