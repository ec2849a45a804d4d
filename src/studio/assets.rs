//! The page and its files, built into the binary: `cargo install` gives a working studio with
//! no step in another toolchain (the editor's bundle is built once and committed; see
//! `src/studio/editor/build.sh`).

use super::ApiError;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

/// The page.
const PAGE: &str = include_str!("web/index.html");
/// The files the page loads: name, content type, contents.
const ASSETS: [(&str, &str, &str); 3] = [
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("web/app.js"),
    ),
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("web/app.css"),
    ),
    (
        "editor.js",
        "text/javascript; charset=utf-8",
        include_str!("web/vendor/editor.js"),
    ),
];

/// `GET /`: the page.
pub async fn page() -> Html<&'static str> {
    Html(PAGE)
}

/// `GET /assets/NAME`: one of the page's files.
pub async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, format!("no asset `{name}`")).into_response(),
    }
}
