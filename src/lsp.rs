//! `ludus lsp`: a Language Server Protocol server over stdio for `.game` files, on the same front
//! end as `ludus validate` and `ludus fmt`: diagnostics on every change, hover, completion, go to
//! definition, references, formatting and the outline.

pub(crate) mod features;
mod slots;
pub(crate) mod text;
mod wire;

use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::io::{self, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{sync_channel, Receiver};
use text::Text;
use wire::{ErrorCode, Incoming, Notification, Reader, Request, Writer};

/// An open document.
enum Document {
    /// Its text, read.
    Read(Text),
    /// A text over `ludus::MAX_FILE_BYTES`, as `ludus validate` refuses it: its size.
    TooLarge(usize),
}

/// The open documents, by URI.
type Documents = HashMap<String, Document>;

/// Where the server is in the protocol's life cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before `initialize`: requests are refused, notifications dropped.
    Waiting,
    /// After `initialize`.
    Serving,
    /// After `shutdown`: only `exit` counts.
    ShutDown,
}

/// How the message loop ended.
enum End {
    /// `exit`, after `shutdown` or not.
    Exit { after_shutdown: bool },
    /// The client closed the input or the output.
    Gone,
}

/// How many read messages wait for the loop at most: the reader stops reading beyond, so a client
/// that sends faster than the server checks does not fill the memory.
const WAITING_MESSAGES: usize = 2;

/// Runs the server until the client ends it.
pub fn run() -> Result<(), String> {
    let inbox = read_stdin();
    let mut server = Server {
        documents: Documents::new(),
        phase: Phase::Waiting,
        out: Writer::new(io::BufWriter::new(io::stdout().lock())),
    };
    match server.serve(&inbox) {
        End::Exit {
            after_shutdown: false,
        } => Err("error: the client sent exit without shutdown".into()),
        End::Exit { .. } | End::Gone => Ok(()),
    }
}

/// Reads stdin on a thread of its own, so that the loop sees which edits already wait.
fn read_stdin() -> Receiver<Incoming> {
    let (sender, inbox) = sync_channel(WAITING_MESSAGES);
    std::thread::spawn(move || {
        let mut reader = Reader::new(io::stdin().lock());
        while let Some(message) = reader.next_message() {
            if sender.send(message).is_err() {
                return;
            }
        }
    });
    inbox
}

/// The server's state.
struct Server<W> {
    documents: Documents,
    phase: Phase,
    out: Writer<W>,
}

/// The client closed the output.
struct Gone;

impl<W: Write> Server<W> {
    /// The message loop. Changes that arrive faster than checks keep up are applied together and
    /// the document checked once, so a stale text is never checked.
    fn serve(&mut self, inbox: &Receiver<Incoming>) -> End {
        let mut pending: VecDeque<Incoming> = VecDeque::new();
        loop {
            let message = match pending.pop_front() {
                Some(m) => m,
                None => match inbox.recv() {
                    Ok(m) => m,
                    Err(_) => return End::Gone,
                },
            };
            let sent = match message {
                Incoming::Request(request) => self.request(request),
                Incoming::Notification(note) if note.method == "exit" => {
                    return End::Exit {
                        after_shutdown: self.phase == Phase::ShutDown,
                    }
                }
                Incoming::Notification(note) if self.phase == Phase::Serving => {
                    let mut changed = Vec::new();
                    take(&mut self.documents, note, &mut changed);
                    // Newer edits already waiting replace the text before anything is checked.
                    while let Ok(next) = inbox.try_recv() {
                        match next {
                            Incoming::Notification(n)
                                if n.method.starts_with("textDocument/did") =>
                            {
                                take(&mut self.documents, n, &mut changed)
                            }
                            other => {
                                pending.push_back(other);
                                break;
                            }
                        }
                    }
                    changed.iter().try_for_each(|uri| self.publish(uri))
                }
                // Before `initialize` and after `shutdown`, notifications are dropped.
                Incoming::Notification(_) | Incoming::Response => Ok(()),
                Incoming::Unreadable { id, code, message } => {
                    self.send(&wire::error(id, code, &message))
                }
            };
            if sent.is_err() {
                return End::Gone;
            }
        }
    }

    fn send(&mut self, message: &Value) -> Result<(), Gone> {
        self.out.send(message).map_err(|_| Gone)
    }

    /// Answers a request as the life cycle allows.
    fn request(&mut self, request: Request) -> Result<(), Gone> {
        let reply = match (self.phase, request.method.as_str()) {
            (Phase::Waiting, "initialize") => {
                self.phase = Phase::Serving;
                Ok(Answer::Json(capabilities()))
            }
            (Phase::Waiting, _) => Err((
                ErrorCode::ServerNotInitialized,
                "the server is not initialized: initialize comes first".to_string(),
            )),
            (Phase::Serving, "initialize") => Err((
                ErrorCode::InvalidRequest,
                "the server is already initialized".to_string(),
            )),
            (Phase::Serving, "shutdown") => {
                self.phase = Phase::ShutDown;
                Ok(Answer::Json(Value::Null))
            }
            (Phase::Serving, _) => {
                catch_unwind(AssertUnwindSafe(|| answer(&self.documents, &request))).unwrap_or_else(
                    |_| {
                        Err((
                            ErrorCode::InternalError,
                            "internal error: the request failed; please report it".into(),
                        ))
                    },
                )
            }
            (Phase::ShutDown, _) => Err((
                ErrorCode::InvalidRequest,
                "the server is shut down: only exit is expected".to_string(),
            )),
        };
        match reply {
            Ok(result) => self.out.send_result(&request.id, &result).map_err(|_| Gone),
            Err((code, message)) => self.send(&wire::error(request.id, code, &message)),
        }
    }

    /// Sends a document's diagnostics (none for a closed document). A check that panics becomes a
    /// diagnostic at the start of the file, and the server goes on.
    fn publish(&mut self, uri: &str) -> Result<(), Gone> {
        let at_start = |message: String| {
            vec![json!({
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                "severity": 1,
                "source": "ludus",
                "message": message,
            })]
        };
        let diagnostics = match self.documents.get(uri) {
            Some(Document::Read(text)) => {
                catch_unwind(AssertUnwindSafe(|| features::diagnostics(uri, text))).unwrap_or_else(
                    |_| {
                        at_start(
                    "internal error: checking this file failed; please report it with the file"
                        .into(),
                )
                    },
                )
            }
            Some(Document::TooLarge(bytes)) => at_start(format!(
                "this file is {bytes} bytes, over the limit of {} MiB: it is not checked",
                ludus::MAX_FILE_BYTES >> 20
            )),
            None => Vec::new(),
        };
        let params = json!({"uri": uri, "diagnostics": diagnostics});
        self.send(&wire::notification(
            "textDocument/publishDiagnostics",
            params,
        ))
    }
}

/// What the server offers, as the answer to `initialize`.
fn capabilities() -> Value {
    let capabilities = json!({
        // The whole text on every change: a game file is small.
        "textDocumentSync": {"openClose": true, "change": 1},
        "hoverProvider": true,
        "completionProvider": {"triggerCharacters": ["(", "\"", " "]},
        "definitionProvider": true,
        "referencesProvider": true,
        "documentFormattingProvider": true,
        "documentSymbolProvider": true,
    });
    json!({"capabilities": capabilities, "serverInfo": {"name": "ludus", "version": env!("CARGO_PKG_VERSION")}})
}

/// Applies a document notification; notes the URIs whose text changed.
fn take(documents: &mut Documents, mut note: Notification, changed: &mut Vec<String>) {
    let Some(uri) = note.params["textDocument"]["uri"]
        .as_str()
        .map(String::from)
    else {
        return;
    };
    let text = match note.method.as_str() {
        "textDocument/didOpen" => note.params["textDocument"]["text"].take(),
        // Full synchronisation: the last change holds the whole text.
        "textDocument/didChange" => match note.params["contentChanges"].as_array_mut() {
            Some(changes) => changes.pop().map_or(Value::Null, |mut c| c["text"].take()),
            None => Value::Null,
        },
        "textDocument/didClose" => Value::Null,
        _ => return,
    };
    if note.method == "textDocument/didChange" && !text.is_string() {
        return;
    }
    // The old text goes before the new one is read: a large document is not held twice.
    documents.remove(&uri);
    match text {
        Value::String(text) if text.len() > ludus::MAX_FILE_BYTES => {
            documents.insert(uri.clone(), Document::TooLarge(text.len()));
        }
        Value::String(text) => {
            documents.insert(uri.clone(), Document::Read(Text::from_string(text)));
        }
        _ if note.method == "textDocument/didOpen" => {
            documents.insert(
                uri.clone(),
                Document::Read(Text::from_string(String::new())),
            );
        }
        // A close.
        _ => {}
    }
    if !changed.contains(&uri) {
        changed.push(uri);
    }
}

/// The result of a request.
enum Answer {
    /// Any JSON.
    Json(Value),
    /// The outline, typed: it may be large, and is written without a JSON tree.
    Outline(Vec<features::Symbol>),
}

impl serde::Serialize for Answer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Answer::Json(value) => value.serialize(serializer),
            Answer::Outline(symbols) => symbols.serialize(serializer),
        }
    }
}

/// The answer to a request, or an error code and message.
fn answer(documents: &Documents, request: &Request) -> Result<Answer, (ErrorCode, String)> {
    let params = &request.params;
    let uri = params["textDocument"]["uri"].as_str().unwrap_or_default();
    let at = |text: &Text| {
        let p = &params["position"];
        let number = |v: &Value| v.as_u64().unwrap_or(0).min(u64::from(u32::MAX)) as u32;
        text.offset(number(&p["line"]), number(&p["character"]))
    };
    let Some(Document::Read(text)) = documents.get(uri) else {
        return match request.method.as_str() {
            "textDocument/completion"
            | "textDocument/references"
            | "textDocument/documentSymbol"
            | "textDocument/formatting" => Ok(Answer::Json(json!([]))),
            "textDocument/hover" | "textDocument/definition" => Ok(Answer::Json(Value::Null)),
            m => Err((
                ErrorCode::MethodNotFound,
                format!("ludus does not answer {m}"),
            )),
        };
    };
    let value = match request.method.as_str() {
        "textDocument/hover" => features::hover(text, at(text)).unwrap_or(Value::Null),
        "textDocument/completion" => features::completion(text, at(text)),
        "textDocument/definition" => features::definition(uri, text, at(text)),
        "textDocument/references" => {
            let with = params["context"]["includeDeclaration"]
                .as_bool()
                .unwrap_or(true);
            features::references(uri, text, at(text), with)
        }
        "textDocument/formatting" => features::formatting(text),
        "textDocument/documentSymbol" => return Ok(Answer::Outline(features::symbols(text))),
        m => {
            return Err((
                ErrorCode::MethodNotFound,
                format!("ludus does not answer {m}"),
            ))
        }
    };
    Ok(Answer::Json(value))
}
