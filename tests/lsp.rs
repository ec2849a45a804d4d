//! `ludus lsp` driven over real stdio with JSON-RPC, as an editor drives it: initialize, open a
//! file with an error, its diagnostics with the exact range (in UTF-16 units, after non-ASCII
//! text), hover, completion, definition, references, formatting, the outline, a change that fixes
//! the error, and shutdown.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A client of the server: its stdin, and the messages it sent, read on a thread.
struct Client {
    child: Child,
    stdin: ChildStdin,
    inbox: Receiver<Value>,
    next_id: u64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let (tx, inbox) = channel();
        std::thread::spawn(move || loop {
            let mut length = 0;
            loop {
                let mut line = String::new();
                if out.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(n) = line.strip_prefix("Content-Length: ") {
                    length = n.parse().unwrap();
                }
            }
            let mut body = vec![0; length];
            out.read_exact(&mut body).unwrap();
            if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                return;
            }
        });
        Client {
            child,
            stdin,
            inbox,
            next_id: 1,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its response's result.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self
                .inbox
                .recv_timeout(Duration::from_secs(20))
                .expect("a response");
            if m["id"] == id {
                assert!(m.get("error").is_none(), "{m}");
                return m["result"].clone();
            }
        }
    }

    /// Waits for the next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let m = self
                .inbox
                .recv_timeout(Duration::from_secs(20))
                .expect("diagnostics");
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }
}

const URI: &str = "file:///tmp/game.game";

/// One line holds non-ASCII text (two-byte é, a four-byte clef of two UTF-16 units) before the
/// misspelt `plce`.
const BROKEN: &str = "(define \"Line\" (line 3 Mover))\n(game \"Tic-tac-toe «é» 𝄞\" (players 2) (equipment {(board (square 3)) (hand Each)}) (rules (start (hand Each 5)) (play (plce 1)) (end {(if (\"Line\") (result Mover Win)) (if (no-moves Next) (result All Draw))})))\n";

/// The UTF-16 column of `needle` in line 1 of [`BROKEN`], plus `more` characters.
fn column(needle: &str, more: usize) -> u32 {
    let line = BROKEN.lines().nth(1).unwrap();
    let byte = line.find(needle).unwrap();
    (line[..byte].chars().map(char::len_utf16).sum::<usize>() + more) as u32
}

/// The labels of a completion's items.
fn labels(completion: &Value) -> Vec<&str> {
    completion["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect()
}

fn position(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

#[test]
fn an_editor_session_over_stdio() {
    let mut c = Client::start();
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    assert_eq!(init["capabilities"]["hoverProvider"], true);
    assert_eq!(init["serverInfo"]["name"], "ludus");
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": BROKEN}}),
    );
    let diagnostics = c.diagnostics(URI);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "check::unknown-ludeme");
    assert_eq!(d["severity"], 1);
    assert!(d["message"].as_str().unwrap().contains("help: "), "{d}");
    // `plce` starts at byte 125 of line 1: the «, é, » and 𝄞 take 2, 2, 2 and 4 bytes but 1, 1, 1
    // and 2 UTF-16 units, so at character 120.
    let line1 = BROKEN.lines().nth(1).unwrap();
    let byte = line1.find("plce").unwrap();
    let units: usize = line1[..byte].chars().map(char::len_utf16).sum();
    assert_eq!((byte, units), (125, 120));
    assert_eq!(
        d["range"],
        json!({"start": {"line": 1, "character": 120}, "end": {"line": 1, "character": 124}})
    );

    // Hover on a ludeme: its documentation, as in docs/LANGUAGE.md.
    let hover = c.request("textDocument/hover", position(1, column("(play (", 2)));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("**play**") && text.contains("What a player does on a turn"),
        "{text}"
    );
    // Hover on a define's use: its definition.
    let hover = c.request("textDocument/hover", position(1, column("(\"Line\")", 2)));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("(define \"Line\" (line 3 Mover))"),
        "{hover}"
    );

    // Completion after `(`: ludeme names; inside `(line 3 ...`: its named arguments.
    let completion = c.request("textDocument/completion", position(1, column("plce", 1)));
    let names = labels(&completion);
    assert!(
        names.contains(&"place") && names.contains(&"sow"),
        "{names:?}"
    );
    let inside_line =
        json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 28}});
    let completion = c.request("textDocument/completion", inside_line);
    let names = labels(&completion);
    assert!(
        names.contains(&"dirs:") && names.contains(&"Mover"),
        "{names:?}"
    );

    // Definition and references of the define.
    let use_at = column("(\"Line\")", 3);
    let definition = c.request("textDocument/definition", position(1, use_at));
    assert_eq!(
        definition["range"],
        json!({"start": {"line": 0, "character": 8}, "end": {"line": 0, "character": 14}})
    );
    let mut refs = position(1, use_at);
    refs["context"] = json!({"includeDeclaration": true});
    assert_eq!(
        c.request("textDocument/references", refs)
            .as_array()
            .unwrap()
            .len(),
        2
    );

    // Formatting: the text `ludus fmt` gives.
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(
        edits[0]["newText"],
        ludus::syntax::format_source(BROKEN).unwrap()
    );

    // The outline: the define, then the game with its parts.
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(symbols[0]["name"], "define \"Line\"");
    let game = &symbols[1];
    assert_eq!(game["name"], "game \"Tic-tac-toe «é» 𝄞\"");
    let parts: Vec<&str> = game["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(parts, ["players", "equipment", "rules"]);

    // A change that fixes the error clears the diagnostics.
    let fixed = BROKEN.replace("plce", "place");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    assert_eq!(c.diagnostics(URI), Vec::<Value>::new());

    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    let status = c.child.wait().unwrap();
    assert!(status.success());
}

/// Edits sent faster than the server checks them are checked once, on the newest text; text that
/// is no game at all (binary noise, unclosed forms) gets diagnostics, never a dead server.
#[test]
fn bursts_of_edits_and_garbage_do_not_stop_the_server() {
    let mut c = Client::start();
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": "(game"}}),
    );
    assert!(!c.diagnostics(URI).is_empty());
    for (v, text) in [
        "((((((((",
        "\u{0}\u{1}\"\\",
        ")))",
        "(game \"G\" (players 9))",
    ]
    .iter()
    .enumerate()
    {
        c.notify("textDocument/didChange", json!({"textDocument": {"uri": URI, "version": v + 2}, "contentChanges": [{"text": text}]}));
    }
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 9}, "contentChanges": [{"text": BROKEN}]}),
    );
    // Whatever was checked on the way, the last diagnostics are the newest text's.
    let mut last = c.diagnostics(URI);
    while let Ok(m) = c.inbox.recv_timeout(Duration::from_millis(500)) {
        if m["method"] == "textDocument/publishDiagnostics" {
            last = m["params"]["diagnostics"].as_array().unwrap().clone();
        }
    }
    assert_eq!(last.len(), 1);
    assert_eq!(last[0]["code"], "check::unknown-ludeme");
    // Requests at odd places answer, not fail.
    assert_eq!(
        c.request("textDocument/hover", position(99, 99)),
        Value::Null
    );
    c.request("textDocument/completion", position(0, 0));
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert!(c.child.wait().unwrap().success());
}

/// The VS Code extension folder: its manifest names the language, the grammar and the client
/// entry, each file is there, and the grammar gives scopes to comments, strings, heads and keys.
#[test]
fn the_vscode_extension_is_complete() {
    let dir = std::path::Path::new("editors/vscode");
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("package.json")).unwrap()).unwrap();
    assert_eq!(
        manifest["contributes"]["languages"][0]["extensions"],
        json!([".game"])
    );
    assert!(manifest["dependencies"]["vscode-languageclient"].is_string());
    for file in [
        manifest["main"].as_str().unwrap(),
        manifest["contributes"]["grammars"][0]["path"]
            .as_str()
            .unwrap(),
        manifest["contributes"]["languages"][0]["configuration"]
            .as_str()
            .unwrap(),
    ] {
        assert!(dir.join(file).exists(), "{file}");
    }
    let grammar: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("syntaxes/ludus.tmLanguage.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(grammar["scopeName"], "source.ludus");
    let repository = grammar["repository"].as_object().unwrap();
    for part in ["comment", "string", "head", "key", "number", "define-call"] {
        assert!(repository.contains_key(part), "{part}");
    }
    assert!(std::fs::read_to_string(dir.join("extension.js"))
        .unwrap()
        .contains("args: [\"lsp\"]"));
}
