//! `ludus lsp`: a Language Server Protocol server over stdio for `.game` files, on the same front
//! end as `ludus validate` and `ludus fmt`: diagnostics on every change, hover, completion, go to
//! definition, references, formatting and the outline.

mod features;
mod text;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use text::Text;

/// The open documents, by URI.
type Documents = HashMap<String, Text>;

/// Runs the server until the client shuts it down.
pub fn run() -> Result<(), String> {
    let (connection, threads) = Connection::stdio();
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
    let init = json!({"capabilities": capabilities, "serverInfo": {"name": "ludus", "version": env!("CARGO_PKG_VERSION")}});
    let (id, _) = connection
        .initialize_start()
        .map_err(|e| format!("error: the client did not initialize: {e}"))?;
    connection
        .initialize_finish(id, init)
        .map_err(|e| format!("error: the client did not initialize: {e}"))?;
    serve(&connection).map_err(|e| format!("error: {e}"))?;
    drop(connection);
    threads.join().map_err(|e| format!("error: {e}"))
}

/// The message loop. Changes that arrive faster than checks keep up are applied together and the
/// document checked once, so a stale text is never checked.
fn serve(connection: &Connection) -> Result<(), String> {
    let mut documents = Documents::new();
    let mut pending: VecDeque<Message> = VecDeque::new();
    loop {
        let message = match pending.pop_front() {
            Some(m) => m,
            None => match connection.receiver.recv() {
                Ok(m) => m,
                Err(_) => return Ok(()),
            },
        };
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                let id = request.id.clone();
                let response = match catch_unwind(AssertUnwindSafe(|| answer(&documents, &request)))
                {
                    Ok(Ok(result)) => Response::new_ok(id, result),
                    Ok(Err((code, message))) => Response::new_err(id, code as i32, message),
                    Err(_) => Response::new_err(
                        id,
                        ErrorCode::InternalError as i32,
                        "internal error: the request failed; please report it".into(),
                    ),
                };
                send(connection, Message::Response(response))?;
            }
            Message::Notification(note) => {
                let mut changed = Vec::new();
                take(&mut documents, note, &mut changed);
                // Newer edits already waiting replace the text before anything is checked.
                while let Ok(next) = connection.receiver.try_recv() {
                    match next {
                        Message::Notification(n) if n.method.starts_with("textDocument/did") => {
                            take(&mut documents, n, &mut changed)
                        }
                        other => {
                            pending.push_back(other);
                            break;
                        }
                    }
                }
                for uri in changed {
                    publish(connection, &documents, &uri)?;
                }
            }
            Message::Response(_) => {}
        }
    }
}

/// Applies a document notification; notes the URIs whose text changed.
fn take(documents: &mut Documents, note: Notification, changed: &mut Vec<String>) {
    let doc = &note.params["textDocument"];
    let Some(uri) = doc["uri"].as_str().map(String::from) else {
        return;
    };
    match note.method.as_str() {
        "textDocument/didOpen" => {
            documents.insert(
                uri.clone(),
                Text::new(doc["text"].as_str().unwrap_or_default()),
            );
        }
        "textDocument/didChange" => {
            // Full synchronisation: the last change holds the whole text.
            let Some(text) = note.params["contentChanges"]
                .as_array()
                .and_then(|c| c.last())
                .and_then(|c| c["text"].as_str())
            else {
                return;
            };
            documents.insert(uri.clone(), Text::new(text));
        }
        "textDocument/didClose" => {
            documents.remove(&uri);
        }
        _ => return,
    }
    if !changed.contains(&uri) {
        changed.push(uri);
    }
}

/// Sends a document's diagnostics (none for a closed document). A check that panics becomes a
/// diagnostic at the start of the file, and the server goes on.
fn publish(connection: &Connection, documents: &Documents, uri: &str) -> Result<(), String> {
    let diagnostics = match documents.get(uri) {
        Some(text) => catch_unwind(AssertUnwindSafe(|| features::diagnostics(uri, text))).unwrap_or_else(|_| {
            vec![json!({
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                "severity": 1,
                "source": "ludus",
                "message": "internal error: checking this file failed; please report it with the file",
            })]
        }),
        None => Vec::new(),
    };
    let params = json!({"uri": uri, "diagnostics": diagnostics});
    send(
        connection,
        Message::Notification(Notification::new(
            "textDocument/publishDiagnostics".into(),
            params,
        )),
    )
}

fn send(connection: &Connection, message: Message) -> Result<(), String> {
    connection.sender.send(message).map_err(|e| e.to_string())
}

/// The answer to a request, or an error code and message.
fn answer(documents: &Documents, request: &Request) -> Result<Value, (ErrorCode, String)> {
    let params = &request.params;
    let uri = params["textDocument"]["uri"].as_str().unwrap_or_default();
    let text = documents.get(uri);
    let at = |text: &Text| {
        let p = &params["position"];
        text.offset(
            p["line"].as_u64().unwrap_or(0) as u32,
            p["character"].as_u64().unwrap_or(0) as u32,
        )
    };
    let Some(text) = text else {
        return match request.method.as_str() {
            "textDocument/completion"
            | "textDocument/references"
            | "textDocument/documentSymbol"
            | "textDocument/formatting" => Ok(json!([])),
            "textDocument/hover" | "textDocument/definition" => Ok(Value::Null),
            m => Err((
                ErrorCode::MethodNotFound,
                format!("ludus does not answer {m}"),
            )),
        };
    };
    Ok(match request.method.as_str() {
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
        "textDocument/documentSymbol" => features::symbols(text),
        m => {
            return Err((
                ErrorCode::MethodNotFound,
                format!("ludus does not answer {m}"),
            ))
        }
    })
}
