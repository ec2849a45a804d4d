//! Playing: the position after a list of moves (the page keeps the list, so undo, redo and a
//! reload after an edit are the same request), a throw at a chance node, an agent's move and a
//! recorded trial to step through.

use super::{on_worker, Answer, ApiError, Shared};
use axum::extract::rejection::JsonRejection;
use axum::extract::State as Studio;
use axum::Json;
use ludus::agents::{derive_seed, rng_stream, AgentSpec};
use ludus::expand::OptionKind;
use ludus::trial::{Outcome, Trial};
use ludus::{Game, NodeType, State};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The most moves a request replays.
const MAX_MOVES: usize = 100_000;
/// The most an agent may think, when its spec sets no time of its own.
const AGENT_MILLIS: u64 = 10_000;
/// The most values of a whole-number option listed for a `<select>`.
const LISTED_VALUES: i64 = 64;

/// A game, its options and the moves played from its start.
#[derive(Deserialize)]
pub struct Request {
    path: String,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    agent: Option<String>,
}

/// The moves replayed: the position, how many were legal, and why the next was not.
struct Replayed {
    state: State,
    kept: usize,
    refused: Option<String>,
}

/// Plays the moves from the start, stopping at the first that is not legal. `parse_move` reads
/// only a legal move, so each is played without listing the moves a second time.
fn replay(game: &Game, moves: &[String]) -> Result<Replayed, ApiError> {
    if moves.len() > MAX_MOVES {
        return Err(ApiError::bad(format!("more than {MAX_MOVES} moves")));
    }
    let mut state = game.new_initial_state();
    for (i, text) in moves.iter().enumerate() {
        let played = game
            .parse_move(&state, text)
            .map_err(|e| format!("{e}"))
            .and_then(|m| game.apply(&mut state, m).map_err(|e| format!("{e}")));
        if let Err(why) = played {
            return Ok(Replayed {
                state,
                kept: i,
                refused: Some(format!("move {} `{text}`: {why}", i + 1)),
            });
        }
    }
    Ok(Replayed {
        state,
        kept: moves.len(),
        refused: None,
    })
}

/// The game of a request and the position its moves lead to.
fn load_and_replay(
    studio: &super::Studio,
    req: &Request,
) -> Result<(super::games::Loaded, Replayed), ApiError> {
    let loaded = studio.games.load(
        &studio.folder,
        &req.path,
        &super::settings_of(&req.options)?,
    )?;
    let replayed = replay(&loaded.game, &req.moves)?;
    Ok((loaded, replayed))
}

/// `POST /api/position`: the picture, the sites to click, the legal moves and the status.
pub async fn position(
    Studio(studio): Studio<Shared>,
    body: Result<Json<Request>, JsonRejection>,
) -> Answer {
    let Json(req) = body?;
    on_worker(move || {
        let (loaded, r) = load_and_replay(&studio, &req)?;
        let game = &*loaded.game;
        let mut answer = describe(game, &r.state);
        answer["stale"] = loaded.stale.is_some().into();
        answer["diagnostics"] = loaded.stale.unwrap_or_default().into();
        answer["kept"] = r.kept.into();
        answer["moves_error"] = r.refused.into();
        Ok(Json(answer))
    })
    .await
}

/// The page's view of a position.
fn describe(game: &Game, state: &State) -> Value {
    let centres = ludus::diagram::site_centres(game);
    let sites: Vec<Value> = centres
        .iter()
        .enumerate()
        .map(|(site, (x, y))| json!({"site": site, "x": x, "y": y}))
        .collect();
    let legal: Vec<Value> = match state.node() {
        NodeType::Decision => game
            .moves(state)
            .into_iter()
            .map(|m| json!({"notation": game.notation(state, m), "from": m.from(), "to": m.to()}))
            .collect(),
        NodeType::Chance => game
            .chance_outcomes(state)
            .into_iter()
            .map(|(m, p)| json!({"notation": game.notation(state, m), "from": null, "to": null, "chance": p}))
            .collect(),
        NodeType::Terminal => Vec::new(),
    };
    json!({
        "svg": ludus::diagram::svg(game, state),
        "sites": sites,
        "legal": legal,
        "chance": state.node() == NodeType::Chance,
        "over": state.is_terminal(),
        "status": ludus::diagram::status_line(game, state),
        "result": state.is_terminal().then(|| Outcome::of(state).to_string()),
        "mover": state.mover(),
        "players": game.players,
        "options": options_of(game),
    })
}

/// The game's options, each with its values (when few enough to list) and its value now.
fn options_of(game: &Game) -> Vec<Value> {
    game.options
        .iter()
        .zip(&game.option_values)
        .map(|(decl, (_, value))| {
            let values: Option<Vec<String>> = match &decl.kind {
                OptionKind::Int { min, max, step, .. } if (max - min) / step.max(&1) < LISTED_VALUES => Some(
                    (*min..=*max)
                        .step_by((*step).max(1) as usize)
                        .map(|v| v.to_string())
                        .collect(),
                ),
                OptionKind::Choice { values, .. } => Some(values.clone()),
                _ => None,
            };
            json!({"name": decl.name, "values": values, "value": value.to_string(), "doc": decl.doc})
        })
        .collect()
}

/// The position a move must be chosen in, refused unless it is of the given kind.
fn position_to_act(
    studio: &super::Studio,
    req: &Request,
    node: NodeType,
) -> Result<(std::sync::Arc<Game>, State), ApiError> {
    let (loaded, r) = load_and_replay(studio, req)?;
    if let Some(why) = r.refused {
        return Err(ApiError::bad(why));
    }
    if r.state.node() != node {
        let what = match r.state.node() {
            NodeType::Terminal => "the game is over",
            NodeType::Chance => "the next action is a throw",
            NodeType::Decision => "the next action is a move, not a throw",
        };
        return Err(ApiError::bad(what));
    }
    Ok((loaded.game, r.state))
}

/// `POST /api/throw`: a throw drawn at the chance node the moves lead to, from the seed and the
/// number of moves played (the same list and seed always throw the same).
pub async fn throw(
    Studio(studio): Studio<Shared>,
    body: Result<Json<Request>, JsonRejection>,
) -> Answer {
    let Json(req) = body?;
    on_worker(move || {
        let (game, state) = position_to_act(&studio, &req, NodeType::Chance)?;
        let mut rng = rng_stream(req.seed.unwrap_or(1), req.moves.len() as u64);
        let m = game
            .sample_chance(&state, &mut rng)
            .ok_or_else(|| ApiError::bad("no throw can be drawn here"))?;
        Ok(Json(json!({"move": game.notation(&state, m)})))
    })
    .await
}

/// `POST /api/agent`: the move an agent chooses, on a worker thread.
pub async fn agent(
    Studio(studio): Studio<Shared>,
    body: Result<Json<Request>, JsonRejection>,
) -> Answer {
    let Json(req) = body?;
    let text = req
        .agent
        .clone()
        .ok_or_else(|| ApiError::bad("no agent given"))?;
    let spec = AgentSpec::parse(&bounded(&text)).map_err(|e| ApiError::bad(e.to_string()))?;
    let _turn =
        studio.thinking.acquire().await.map_err(|e| {
            ApiError::new(axum::http::StatusCode::SERVICE_UNAVAILABLE, e.to_string())
        })?;
    let studio = studio.clone();
    on_worker(move || {
        let (game, state) = position_to_act(&studio, &req, NodeType::Decision)?;
        spec.fits(game.players)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let mut agent = spec.build(derive_seed(req.seed.unwrap_or(1), req.moves.len() as u64));
        let m = agent.choose(&game, &state);
        Ok(Json(
            json!({"move": game.notation(&state, m), "agent": spec.to_string()}),
        ))
    })
    .await
}

/// A searching agent's spec with a time limit added when it sets a size of search but no time,
/// so that no request thinks for ever (without a size, a search has a bounded default; a time
/// alone would lift it).
fn bounded(spec: &str) -> String {
    let spec = spec.trim();
    let sized = ["iterations=", "depth="].iter().any(|k| spec.contains(k));
    if !sized || spec.contains("millis") {
        return spec.to_string();
    }
    let joint = if spec.contains(':') { "," } else { ":" };
    format!("{spec}{joint}millis={AGENT_MILLIS}")
}

/// `POST /api/trial`: a recorded trial's game, options and moves, checked against the game file
/// of the folder it names.
pub async fn trial(
    Studio(studio): Studio<Shared>,
    body: Result<Json<super::Named>, JsonRejection>,
) -> Answer {
    let Json(req) = body?;
    on_worker(move || {
        let text = studio.folder.read(&req.path)?.text;
        let trial = Trial::from_ron(&text, &req.path).map_err(|e| ApiError::bad(e.to_string()))?;
        let game_file = game_file_of(&studio, &trial)?;
        let settings = trial.settings();
        let loaded = studio
            .games
            .load(&studio.folder, &game_file, &settings)
            .map_err(|e| {
                let why = e.body["error"].as_str().unwrap_or_default().to_string();
                ApiError::bad(format!(
                    "the trial is of {}, and its game file here does not load with its options: {why}",
                    trial.game.name
                ))
            })?;
        let warnings = trial
            .check_game(&loaded.game)
            .map_err(|e| ApiError::bad(format!("{}: {e}", req.path)))?;
        let options: BTreeMap<String, String> = settings.into_iter().collect();
        Ok(Json(json!({
            "game": game_file,
            "options": options,
            "moves": trial.actions,
            "seats": trial.seats(),
            "result": trial.result.to_string(),
            "warnings": warnings,
        })))
    })
    .await
}

/// The folder's file of a trial's game: the path it records, if inside the folder, else a
/// file of the folder with the same name.
fn game_file_of(studio: &super::Studio, trial: &Trial) -> Result<String, ApiError> {
    let recorded = trial.game.file.replace('\\', "/");
    if studio.folder.resolve(&recorded).is_ok_and(|p| p.is_file()) {
        return Ok(recorded);
    }
    let name = recorded.rsplit('/').next().unwrap_or(&recorded);
    studio
        .folder
        .list("game")
        .into_iter()
        .find(|g| g == name || g.ends_with(&format!("/{name}")))
        .ok_or_else(|| {
            ApiError::bad(format!(
                "the trial is of `{}` ({}), which is not in the studio's folder",
                trial.game.name, trial.game.file
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::bounded;

    #[test]
    fn searching_agents_get_a_time_limit() {
        assert_eq!(bounded("mcts"), "mcts");
        assert_eq!(
            bounded("mcts:iterations=50"),
            "mcts:iterations=50,millis=10000"
        );
        assert_eq!(
            bounded("alphabeta:depth=3,millis=5"),
            "alphabeta:depth=3,millis=5"
        );
        assert_eq!(bounded("random"), "random");
    }
}
