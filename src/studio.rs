//! `ludus studio`: the designer's workbench in the browser. A local web server (axum on tokio)
//! serves a page built into the binary and a JSON API over one folder of games: the text with
//! the language server's diagnostics, hover and formatting, positions to play by clicking,
//! agents, recorded trials and analyses. The engine runs on worker threads, never on the
//! threads that answer requests. docs/STUDIO.md is the contract between page and server.

mod analysis;
mod assets;
mod edit;
mod folder;
mod games;
mod play;

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use clap::Args;
use serde_json::json;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `ludus studio`.
#[derive(Args)]
pub struct StudioArgs {
    /// A `.game` file to open, or a folder of them (default: the current folder). Only files
    /// inside this folder (or the file's) can be read or written.
    #[arg(value_name = "FILE|DIR")]
    path: Option<PathBuf>,
    /// The port (default: 7878, or the next free one).
    #[arg(long)]
    port: Option<u16>,
    /// The address to listen on (default: 127.0.0.1, this machine only).
    #[arg(long)]
    host: Option<IpAddr>,
}

/// The port tried first, and how many after it are tried when no port is given.
const DEFAULT_PORT: u16 = 7878;
const PORTS_TRIED: u16 = 20;
/// The agents that think at once.
const AGENTS_AT_ONCE: usize = 2;
/// The largest request body: a game's text is far smaller.
const MAX_BODY: usize = 1 << 20;

/// What every request handler shares.
pub struct Studio {
    /// The folder the studio may read and write.
    folder: folder::Folder,
    /// The last good compiled game of each file and option setting.
    games: games::Games,
    /// The analyses, queued, running and done.
    analyses: analysis::Analyses,
    /// The agents thinking at once, each on a worker thread with its own search tree: bounded,
    /// so that many tabs asking at once wait their turn rather than exhaust the memory.
    thinking: tokio::sync::Semaphore,
}

/// Shared by the handlers.
type Shared = Arc<Studio>;

/// Starts the studio and serves until the process is stopped.
pub fn run(args: StudioArgs) -> Result<(), String> {
    let folder = folder::Folder::open(args.path.as_deref())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("error: cannot start the server: {e}"))?;
    runtime.block_on(serve(folder, args.host, args.port))
}

async fn serve(
    folder: folder::Folder,
    host: Option<IpAddr>,
    port: Option<u16>,
) -> Result<(), String> {
    let host = host.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let listener = bind(host, port).await?;
    let address = listener.local_addr().map_err(|e| format!("error: {e}"))?;
    let open = folder
        .open_file()
        .map(|f| format!("#{f}"))
        .unwrap_or_default();
    // A server whose output was closed keeps serving: its address line is only a courtesy.
    let mut out = std::io::stdout();
    let root = folder.root().display();
    let _ = writeln!(out, "ludus studio on {root} at http://{address}/{open}");
    let _ = writeln!(out, "(Ctrl-C stops it)");
    let _ = out.flush();
    let studio = Arc::new(Studio {
        folder,
        games: games::Games::default(),
        analyses: analysis::Analyses::default(),
        thinking: tokio::sync::Semaphore::new(AGENTS_AT_ONCE),
    });
    axum::serve(listener, router(studio))
        .await
        .map_err(|e| format!("error: the server stopped: {e}"))
}

/// Binds the port asked for, or the first free one from the default.
async fn bind(host: IpAddr, port: Option<u16>) -> Result<tokio::net::TcpListener, String> {
    let ports: Vec<u16> = match port {
        Some(p) => vec![p],
        None => (DEFAULT_PORT..DEFAULT_PORT + PORTS_TRIED).collect(),
    };
    let mut last = None;
    for p in &ports {
        match tokio::net::TcpListener::bind(SocketAddr::new(host, *p)).await {
            Ok(l) => return Ok(l),
            Err(e) => last = Some(e),
        }
    }
    let why = last.map(|e| e.to_string()).unwrap_or_default();
    Err(match port {
        Some(p) => format!("error: cannot listen on {host}:{p}: {why}\n  help: choose another port with `--port N`"),
        None => format!(
            "error: cannot listen on {host} at ports {DEFAULT_PORT} to {}: {why}\n  help: choose a port with `--port N`",
            DEFAULT_PORT + PORTS_TRIED - 1
        ),
    })
}

/// Every route of docs/STUDIO.md.
fn router(studio: Shared) -> Router {
    Router::new()
        .route("/", get(assets::page))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/files", get(edit::files))
        .route("/api/file", get(edit::read).put(edit::write))
        .route("/api/check", post(edit::check))
        .route("/api/hover", post(edit::hover))
        .route("/api/format", post(edit::format))
        .route("/api/position", post(play::position))
        .route("/api/throw", post(play::throw))
        .route("/api/agent", post(play::agent))
        .route("/api/trial", post(play::trial))
        .route("/api/analysis", post(analysis::start))
        .route(
            "/api/analysis/{id}",
            get(analysis::status).delete(analysis::cancel),
        )
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such route") })
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(studio)
}

/// A refused request: its status and why, answered as `{"error": ...}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: serde_json::Value,
}

impl ApiError {
    /// An error with a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({"error": message.into()}),
        }
    }

    /// Bad input (400).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// An error with more fields beside its message.
    pub fn with(mut self, key: &str, value: serde_json::Value) -> ApiError {
        self.body[key] = value;
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        ApiError::new(r.status(), r.body_text())
    }
}

/// A request that names one file of the folder: a file to read, a trial to load.
#[derive(serde::Deserialize)]
pub struct Named {
    path: String,
}

/// A request's option settings, each value as text.
fn settings_of(
    options: &std::collections::BTreeMap<String, serde_json::Value>,
) -> Result<Vec<(String, String)>, ApiError> {
    options
        .iter()
        .map(|(k, v)| match v {
            serde_json::Value::String(s) => Ok((k.clone(), s.clone())),
            serde_json::Value::Number(n) => Ok((k.clone(), n.to_string())),
            _ => Err(ApiError::bad(format!(
                "option `{k}`: give its value as text or a number"
            ))),
        })
        .collect()
}

/// A handler's answer.
type Answer = Result<Json<serde_json::Value>, ApiError>;

/// Runs engine work on a worker thread, so that the server keeps answering meanwhile.
async fn on_worker<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}
