//! Editing: the folder's files, reading and saving them, and what the language server says of a
//! text (diagnostics, hover, formatting), from the same code as `ludus lsp`.

use super::{Answer, ApiError, Shared};
use crate::lsp::features;
use crate::lsp::text::Text;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

/// `GET /api/files`: the games and trials of the folder, and the file to open first.
pub async fn files(State(studio): State<Shared>) -> Answer {
    let folder = &studio.folder;
    Ok(Json(json!({
        "games": folder.list("game"),
        "trials": folder.list("ron"),
        "open": folder.open_file(),
    })))
}

/// `GET /api/file?path=P`: a file's text and version.
pub async fn read(
    State(studio): State<Shared>,
    query: Result<Query<super::Named>, QueryRejection>,
) -> Answer {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let file = studio.folder.read(&q.path)?;
    Ok(Json(
        json!({"path": q.path, "text": file.text, "version": file.version}),
    ))
}

/// A save: the text, and the version it was edited from (`None` for a new file).
#[derive(Deserialize)]
pub struct Save {
    path: String,
    text: String,
    base: Option<String>,
}

/// `PUT /api/file`: saves atomically, unless the file changed on disk since `base`.
pub async fn write(
    State(studio): State<Shared>,
    body: Result<Json<Save>, JsonRejection>,
) -> Answer {
    let Json(save) = body?;
    let version = studio
        .folder
        .write(&save.path, &save.text, save.base.as_deref())?;
    Ok(Json(json!({"version": version})))
}

/// A text to check or format.
#[derive(Deserialize)]
pub struct Body {
    text: String,
}

/// `POST /api/check`: the text's diagnostics, as the language server sends them.
pub async fn check(body: Result<Json<Body>, JsonRejection>) -> Answer {
    let Json(body) = body?;
    super::on_worker(move || {
        let diagnostics = features::diagnostics("studio", &Text::from_string(body.text));
        Ok(Json(json!({"diagnostics": diagnostics})))
    })
    .await
}

/// A place in a text, in lines and UTF-16 columns from 0 (as LSP counts).
#[derive(Deserialize)]
pub struct Place {
    text: String,
    line: u32,
    character: u32,
}

/// `POST /api/hover`: the documentation of the ludeme, argument or name at a place, or null.
pub async fn hover(body: Result<Json<Place>, JsonRejection>) -> Answer {
    let Json(place) = body?;
    let text = Text::from_string(place.text);
    let offset = text.offset(place.line, place.character);
    Ok(Json(features::hover(&text, offset).unwrap_or_default()))
}

/// `POST /api/format`: the text laid out as `ludus fmt` does.
pub async fn format(body: Result<Json<Body>, JsonRejection>) -> Answer {
    let Json(body) = body?;
    match ludus::syntax::format_source(&body.text) {
        Ok(text) => Ok(Json(json!({"text": text}))),
        Err(e) => Err(ApiError::bad(format!(
            "the text does not parse, so it cannot be formatted: {}",
            e.message
        ))),
    }
}
