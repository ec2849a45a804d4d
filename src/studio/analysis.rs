//! Analyses in the background: each request queues a job, one runs at a time on the worker pool
//! (an analysis already uses every core), and the page polls its progress, reads its report or
//! cancels it. The jobs kept are bounded; the oldest finished ones make room.

use super::{on_worker, Answer, ApiError, Shared};
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use ludus::jobs::analysis::{self, Plan};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The most playouts one analysis runs.
const MAX_PLAYOUTS: u64 = 100_000;
/// The most jobs kept, queued, running or finished.
const MAX_JOBS: usize = 256;

/// The analyses, by id.
pub struct Analyses {
    jobs: Mutex<BTreeMap<u64, Arc<Job>>>,
    next: AtomicU64,
    /// One analysis runs at a time.
    running: tokio::sync::Semaphore,
}

impl Default for Analyses {
    fn default() -> Analyses {
        Analyses {
            jobs: Mutex::default(),
            next: AtomicU64::new(1),
            running: tokio::sync::Semaphore::new(1),
        }
    }
}

/// One analysis.
struct Job {
    total: u64,
    done: AtomicU64,
    cancel: AtomicBool,
    state: Mutex<Stage>,
}

/// Where a job is.
#[derive(Clone)]
enum Stage {
    Queued,
    Running,
    Done(Arc<Value>),
    Cancelled,
    Failed(String),
}

impl Stage {
    fn finished(&self) -> bool {
        !matches!(self, Stage::Queued | Stage::Running)
    }
}

impl Job {
    fn stage(&self) -> Stage {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn set(&self, stage: Stage) {
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = stage;
    }
}

/// An analysis asked for.
#[derive(Deserialize)]
pub struct Request {
    path: String,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    playouts: u64,
    #[serde(default)]
    seed: Option<u64>,
}

impl Analyses {
    /// Keeps a new job, making room by dropping the oldest finished one; `None` when every kept
    /// job is still queued or running.
    fn add(&self, job: Arc<Job>) -> Option<u64> {
        let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        if jobs.len() >= MAX_JOBS {
            let oldest = jobs
                .iter()
                .find(|(_, j)| j.stage().finished())
                .map(|(id, _)| *id)?;
            jobs.remove(&oldest);
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        jobs.insert(id, job);
        Some(id)
    }

    fn get(&self, id: u64) -> Result<Arc<Job>, ApiError> {
        let jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        jobs.get(&id)
            .cloned()
            .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("no analysis {id}")))
    }
}

/// `POST /api/analysis`: queues an analysis of random playouts; answers its id.
pub async fn start(
    State(studio): State<Shared>,
    body: Result<Json<Request>, JsonRejection>,
) -> Answer {
    let Json(req) = body?;
    if req.playouts == 0 || req.playouts > MAX_PLAYOUTS {
        return Err(ApiError::bad(format!(
            "playouts {} is out of range (1 to {MAX_PLAYOUTS})",
            req.playouts
        )));
    }
    let settings = super::settings_of(&req.options)?;
    let loading = studio.clone();
    let (path, given) = (req.path.clone(), settings.clone());
    let game =
        on_worker(move || Ok(loading.games.load(&loading.folder, &path, &given)?.game)).await?;
    let job = Arc::new(Job {
        total: req.playouts,
        done: AtomicU64::new(0),
        cancel: AtomicBool::new(false),
        state: Mutex::new(Stage::Queued),
    });
    let id = studio.analyses.add(job.clone()).ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{MAX_JOBS} analyses are already queued or running: wait for some to finish"),
        )
    })?;
    let label = if settings.is_empty() {
        req.path.clone()
    } else {
        let set: Vec<String> = settings.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("{} {}", req.path, set.join(" "))
    };
    let (file, seed) = (req.path, req.seed.unwrap_or(1));
    tokio::spawn(async move {
        let Ok(_permit) = studio.analyses.running.acquire().await else {
            return;
        };
        if job.cancel.load(Ordering::Relaxed) {
            job.set(Stage::Cancelled);
            return;
        }
        job.set(Stage::Running);
        let worker = job.clone();
        let ran = tokio::task::spawn_blocking(move || {
            let plan = Plan {
                playouts: worker.total,
                seed,
                agents: &[],
                agent_games: 0,
                cancel: Some(&worker.cancel),
            };
            let progress = |n: u64| {
                worker.done.fetch_add(n, Ordering::Relaxed);
            };
            analysis::analyse(&game, &file, label, &plan, &progress)
        })
        .await;
        job.set(match ran {
            Ok(Ok(report)) => Stage::Done(Arc::new(json!(report))),
            Ok(Err(e)) if e == analysis::CANCELLED => Stage::Cancelled,
            Ok(Err(e)) => Stage::Failed(e),
            Err(e) => Stage::Failed(e.to_string()),
        });
    });
    Ok(Json(json!({"id": id})))
}

/// `GET /api/analysis/ID`: where the job is, and its report when done.
pub async fn status(State(studio): State<Shared>, id: Result<Path<u64>, PathRejection>) -> Answer {
    let id = job_id(id)?;
    let job = studio.analyses.get(id)?;
    let mut answer = json!({
        "id": id,
        "done": job.done.load(Ordering::Relaxed).min(job.total),
        "total": job.total,
    });
    answer["state"] = match job.stage() {
        Stage::Queued => "queued".into(),
        Stage::Running => "running".into(),
        Stage::Done(report) => {
            answer["report"] = (*report).clone();
            "done".into()
        }
        Stage::Cancelled => "cancelled".into(),
        Stage::Failed(e) => {
            answer["error"] = e.into();
            "failed".into()
        }
    };
    Ok(Json(answer))
}

/// `DELETE /api/analysis/ID`: cancels a queued or running job.
pub async fn cancel(State(studio): State<Shared>, id: Result<Path<u64>, PathRejection>) -> Answer {
    let id = job_id(id)?;
    let job = studio.analyses.get(id)?;
    job.cancel.store(true, Ordering::Relaxed);
    Ok(Json(
        json!({"id": id, "cancelled": !job.stage().finished()}),
    ))
}

/// A job's id from its route, or a 404 when it is not a number.
fn job_id(id: Result<Path<u64>, PathRejection>) -> Result<u64, ApiError> {
    id.map(|Path(id)| id).map_err(|e| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no such analysis: {}", e.body_text()),
        )
    })
}
