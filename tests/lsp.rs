//! `ludus lsp` driven over real stdio with JSON-RPC, as an editor drives it: initialize, open a
//! file with an error, its diagnostics with the exact range (in UTF-16 units, after non-ASCII
//! text), hover, completion, definition, references, formatting, the outline, a change that fixes
//! the error, and shutdown.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How long a reply may take before the test fails, far above the real cost.
const PATIENCE: Duration = Duration::from_secs(20);

/// A client of the server: its stdin, and the messages it sent, read on a thread.
struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
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
        let stdin = child.stdin.take();
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
            if out.read_exact(&mut body).is_err() {
                return;
            }
            // A reply that is no JSON reaches the test as a string, which no assertion accepts.
            let message = serde_json::from_slice(&body)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()));
            if tx.send(message).is_err() {
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

    /// A server past `initialize` and `initialized`.
    fn initialized() -> Client {
        let mut c = Client::start();
        c.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        c.notify("initialized", json!({}));
        c
    }

    /// Writes bytes as they are, framed or not.
    fn write_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        self.write_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its whole response.
    fn exchange(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.response(id)
    }

    /// Waits for the response to request `id`.
    fn response(&mut self, id: u64) -> Value {
        loop {
            let m = self.next().expect("a response");
            if m["id"] == id {
                return m;
            }
        }
    }

    /// Sends a request and waits for its response's result.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let m = self.exchange(method, params);
        assert!(m.get("error").is_none(), "{m}");
        m["result"].clone()
    }

    /// The next message from the server, or `None` if none comes in time.
    fn next(&mut self) -> Option<Value> {
        self.inbox.recv_timeout(PATIENCE).ok()
    }

    /// Waits for the next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let m = self.next().expect("diagnostics");
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    /// Waits for an error reply with no id (to a message that could not be read), and returns
    /// its code.
    fn error_without_id(&mut self) -> i64 {
        loop {
            let m = self.next().expect("an error reply");
            if m.get("id") == Some(&Value::Null) {
                assert_eq!(m["jsonrpc"], "2.0", "{m}");
                return m["error"]["code"].as_i64().unwrap_or_else(|| panic!("{m}"));
            }
        }
    }

    /// Closes the server's input.
    fn close(&mut self) {
        self.stdin = None;
    }

    /// Waits for the server to end; kills it and fails if it does not in time.
    fn wait(&mut self) -> ExitStatus {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if started.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("the server did not end");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Shuts the server down as an editor does, and checks that it ends with success.
    fn shutdown(&mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let status = self.wait();
        assert_eq!(status.code(), Some(0), "{status:?}");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const URI: &str = "file:///tmp/game.game";

/// One line holds non-ASCII text (two-byte é, a four-byte clef of two UTF-16 units) before the
/// misspelt `plce`.
const BROKEN: &str = "(define \"Line\" (line 3 Mover))\n(game \"Tic-tac-toe «é» 𝄞\" (players 2) (equipment {(board (square 3)) (hand Each)}) (rules (start (hand Each 5)) (play (plce 1)) (end (if (\"Line\") (result Mover Win)))))\n";

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

    c.shutdown();
}

/// Edits sent faster than the server checks them are checked once, on the newest text; text that
/// is no game at all (binary noise, unclosed forms) gets diagnostics, never a dead server.
#[test]
fn bursts_of_edits_and_garbage_do_not_stop_the_server() {
    let mut c = Client::initialized();
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
    c.shutdown();
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

/// A small game that loads, for the tests of the protocol.
const GAME: &str = "(game \"G\" (players 2) (equipment {(board (square 3)) (hand Each)}) (rules (start (hand Each 5)) (play (place 1)) (end (if (no-moves Next) (result Mover Loss)))))\n";

/// Opens [`GAME`] at [`URI`] and waits for its (empty) diagnostics.
fn open_game(c: &mut Client) {
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": GAME}}),
    );
    assert_eq!(c.diagnostics(URI), Vec::<Value>::new());
}

/// A request the open [`GAME`] answers: the outline, with the game in it.
fn outline_answers(c: &mut Client) {
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(symbols[0]["name"], "game \"G\"", "{symbols}");
}

/// A Content-Length over the limit is answered with an error and its body skipped, whether the
/// body comes (the server reads on) or never does (it ends cleanly at the end of its input);
/// neither 8e9 nor 2^63 bytes are reserved.
#[test]
fn a_lying_content_length_is_refused_and_the_server_goes_on() {
    let mut c = Client::initialized();
    open_game(&mut c);
    // Just over the 64 MiB limit, with the body sent: skipped in chunks, then the next request.
    let over = 64 * 1024 * 1024 + 1;
    c.write_raw(format!("Content-Length: {over}\r\n\r\n").as_bytes());
    assert_eq!(c.error_without_id(), -32600);
    let chunk = vec![b' '; 1 << 20];
    let mut left = over;
    while left > 0 {
        let n = left.min(chunk.len());
        c.write_raw(&chunk[..n]);
        left -= n;
    }
    outline_answers(&mut c);
    c.shutdown();

    for lie in ["8000000000", "9223372036854775808", "18446744073709551615"] {
        let mut c = Client::initialized();
        c.write_raw(format!("Content-Length: {lie}\r\n\r\n{{\"jsonrpc\":").as_bytes());
        assert_eq!(c.error_without_id(), -32600, "{lie}");
        c.close();
        let status = c.wait();
        assert_eq!(status.code(), Some(0), "{lie}: {status:?}");
    }
}

/// Frames that cannot be read (JSON that is not, a header that is not, a Content-Length too
/// short or too long, JSON that is no message) are answered with an error without id, and the
/// server reads on to the next frame.
#[test]
fn malformed_frames_get_an_error_and_the_server_goes_on() {
    let mut c = Client::initialized();
    open_game(&mut c);
    let request = json!({"jsonrpc": "2.0", "id": 1000, "method": "shutdown"}).to_string();
    let frame = |length: usize, body: &str| format!("Content-Length: {length}\r\n\r\n{body}");
    let whole = |body: &str| frame(body.len(), body);
    let cases: Vec<(&str, String, i64)> = vec![
        ("invalid JSON", whole("{\"jsonrpc\": "), -32700),
        (
            "a number for a header",
            "Content-Length: many\r\n\r\n".into(),
            -32700,
        ),
        (
            "no Content-Length",
            "Content-Type: x\r\n\r\n".into(),
            -32700,
        ),
        (
            "a header that is no header",
            "Hello there\r\n\r\n".into(),
            -32700,
        ),
        (
            "a body too short",
            frame(request.len() - 5, &request),
            -32700,
        ),
        ("an empty body", whole(""), -32700),
        ("an array", whole("[1,2]"), -32600),
        ("an object without method", whole("{}"), -32600),
        (
            "an id that is an object",
            whole("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}"),
            -32600,
        ),
    ];
    for (what, bytes, code) in cases {
        c.write_raw(bytes.as_bytes());
        assert_eq!(c.error_without_id(), code, "{what}");
        outline_answers(&mut c);
    }
    // A body too long takes the start of the next frame; the server finds that frame again.
    let hover = json!({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": position(0, 2)}).to_string();
    c.write_raw(frame(hover.len() + 10, &hover).as_bytes());
    c.write_raw(frame(hover.len(), &hover).as_bytes());
    assert_eq!(c.error_without_id(), -32700);
    let m = c.response(7);
    assert!(
        m["result"]["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("**game**"),
        "{m}"
    );
    c.shutdown();
}

/// Text an editor may send: a lone UTF-16 surrogate (half an emoji left in its buffer) and bytes
/// that are not UTF-8 are read as U+FFFD, and the document is served.
#[test]
fn a_lone_surrogate_and_invalid_utf8_read_as_replacement_characters() {
    let mut c = Client::initialized();
    let template = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": format!("// half an emoji: HALF\n{GAME}")}}}).to_string();
    for (half, what) in [
        (&b"\\ud83d"[..], "a lone leading surrogate"),
        (&b"\\ude00 and \\ud83d\\ud83d"[..], "lone surrogates"),
        (&b"\xff\xfe"[..], "bytes that are not UTF-8"),
    ] {
        let at = template.find("HALF").unwrap();
        let mut body = template.as_bytes()[..at].to_vec();
        body.extend_from_slice(half);
        body.extend_from_slice(&template.as_bytes()[at + 4..]);
        let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        bytes.extend_from_slice(&body);
        c.write_raw(&bytes);
        assert_eq!(c.diagnostics(URI), Vec::<Value>::new(), "{what}");
        let edits = c.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
        );
        let text = edits[0]["newText"].as_str().unwrap();
        assert!(
            text.starts_with("// half an emoji: \u{fffd}"),
            "{what}: {text}"
        );
    }
    // A surrogate pair stays one character.
    let pair = template.replace("HALF", "\\ud83d\\ude00");
    c.write_raw(format!("Content-Length: {}\r\n\r\n{pair}", pair.len()).as_bytes());
    c.diagnostics(URI);
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert!(
        edits[0]["newText"]
            .as_str()
            .unwrap()
            .starts_with("// half an emoji: 😀\n"),
        "{edits}"
    );
    c.shutdown();
}

/// `exit` without `shutdown` ends the server with 1, as the protocol says.
#[test]
fn exit_without_shutdown_exits_with_1() {
    let mut c = Client::initialized();
    c.notify("exit", Value::Null);
    assert_eq!(c.wait().code(), Some(1));
}

/// After `shutdown`, a request is refused (InvalidRequest) and the server waits for `exit`.
#[test]
fn a_request_after_shutdown_is_refused() {
    let mut c = Client::initialized();
    open_game(&mut c);
    c.request("shutdown", Value::Null);
    let m = c.exchange(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(m["error"]["code"], -32600, "{m}");
    assert!(c.child.try_wait().unwrap().is_none());
    c.notify("exit", Value::Null);
    assert_eq!(c.wait().code(), Some(0));
}

/// Before `initialize`, a request is refused (ServerNotInitialized) and a notification dropped;
/// between `initialize` and `initialized` a request is answered; a second `initialize` is refused.
#[test]
fn requests_before_initialization_follow_the_protocol() {
    let mut c = Client::start();
    let m = c.exchange("textDocument/hover", position(0, 0));
    assert_eq!(m["error"]["code"], -32002, "{m}");
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": GAME}}),
    );
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    assert_eq!(init["serverInfo"]["name"], "ludus");
    // The document opened too early was dropped: nothing is known at URI.
    assert_eq!(c.request("textDocument/hover", position(0, 2)), Value::Null);
    c.notify("initialized", json!({}));
    let m = c.exchange("initialize", json!({"processId": null, "capabilities": {}}));
    assert_eq!(m["error"]["code"], -32600, "{m}");
    open_game(&mut c);
    outline_answers(&mut c);
    c.shutdown();
}

/// Completion right after `(` and before a word (`(|place 1)`) offers ludemes, not the arguments
/// of the call the word makes.
#[test]
fn completion_after_an_open_paren_before_a_word_offers_ludemes() {
    let mut c = Client::initialized();
    open_game(&mut c);
    let at = GAME.find("(place").unwrap() as u32 + 1;
    let completion = c.request("textDocument/completion", position(0, at));
    let names = labels(&completion);
    assert!(
        names.contains(&"place") && names.contains(&"sow"),
        "{names:?}"
    );
    assert!(!names.contains(&"to:"), "{names:?}");
    c.shutdown();
}

/// A document of about `bytes` bytes: defines, one a line or all on one line (each name with a
/// non-ASCII letter, so that every column is counted in UTF-16 units), then a game that uses the
/// last one. Returns the text and the number of defines.
fn many_defines(bytes: usize, one_line: bool) -> (String, usize) {
    let mut text = String::with_capacity(bytes + 300);
    let mut n = 0;
    while text.len() < bytes {
        text.push_str(&format!("(define \"Dé{n}\" (line 3 Mover))"));
        text.push(if one_line { ' ' } else { '\n' });
        n += 1;
    }
    text.push_str(&format!("\n(game \"G\" (players 2) (equipment {{(board (square 3)) (hand Each)}}) (rules (start (hand Each 5)) (play (place 1)) (end (if (\"Dé{}\") (result Mover Win)))))\n", n - 1));
    (text, n)
}

/// How long each request on a large document takes, with the checks of their answers.
fn timed_requests(
    c: &mut Client,
    text: &str,
    defines: usize,
    limit: Duration,
) -> Vec<(&'static str, Duration)> {
    let last = text.lines().count() as u32 - 1;
    let line = text.lines().last().unwrap();
    let use_at = line[..line.find("(\"Dé").unwrap() + 3]
        .encode_utf16()
        .count() as u32;
    let mut timings = Vec::new();
    let mut timed = |c: &mut Client, what: &'static str, method: &str, params: Value| {
        let started = Instant::now();
        let result = c.request(method, params);
        let took = started.elapsed();
        assert!(took < limit, "{what} took {took:?}");
        timings.push((what, took));
        result
    };
    let outline = timed(
        c,
        "outline",
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(outline.as_array().unwrap().len(), defines + 1);
    let hover = timed(c, "hover", "textDocument/hover", position(last, use_at));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("(line 3 Mover)"),
        "{hover}"
    );
    let completion = timed(
        c,
        "completion",
        "textDocument/completion",
        position(last, use_at),
    );
    // Every define, and the game's name.
    assert_eq!(labels(&completion).len(), defines + 1);
    let definition = timed(
        c,
        "definition",
        "textDocument/definition",
        position(last, use_at),
    );
    assert!(definition["range"].is_object(), "{definition}");
    let mut refs = position(last, use_at);
    refs["context"] = json!({"includeDeclaration": true});
    let references = timed(c, "references", "textDocument/references", refs);
    assert_eq!(references.as_array().unwrap().len(), 2);
    let formatting = timed(
        c,
        "formatting",
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert!(formatting.is_array(), "{formatting}");
    timings
}

/// Opens a large document, times its check and the requests on it, and prints the figures.
fn large_document(bytes: usize, limit: Duration) {
    for one_line in [false, true] {
        let (text, defines) = many_defines(bytes, one_line);
        let mut c = Client::initialized();
        let started = Instant::now();
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": text}}),
        );
        // The check runs the whole front end (as `ludus validate`); its figure is printed.
        let check = loop {
            let m = c
                .inbox
                .recv_timeout(Duration::from_secs(600))
                .expect("diagnostics");
            if m["method"] == "textDocument/publishDiagnostics" {
                break started.elapsed();
            }
        };
        let checked = peak_memory_kib(&c);
        let timings = timed_requests(&mut c, &text, defines, limit);
        let peak = peak_memory_kib(&c);
        println!(
            "{} bytes, {defines} defines{}: check {check:.2?}; {}; peak memory {checked} KiB after the check, {peak} KiB after the requests",
            text.len(),
            if one_line { " on one line" } else { "" },
            timings
                .iter()
                .map(|(w, t)| format!("{w} {t:.2?}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        // No request holds as much as the check did (the front end's, as `ludus validate`,
        // whose syntax tree the outline parses too): the outline once held 4 times as much.
        assert!(peak < 2 * checked, "{checked} KiB, then {peak} KiB");
        c.shutdown();
    }
}

/// Requests on a 1 MB document of 30,000 defines (one a line, and all on one line) answer in
/// time linear in its size: the outline, hover, completion, definition, references and
/// formatting each take
/// well under a second; the limit is far above that, and far below the minutes a quadratic cost
/// takes there. Nor do they take as much memory again as the check. Nor do they take more memory than ten times the document.
#[test]
fn requests_on_a_large_document_take_linear_time() {
    large_document(1 << 20, Duration::from_secs(5));
}

/// The same on 10 MB (300,000 defines), outside CI: `cargo test --release --test lsp -- --ignored
/// --nocapture large`.
#[test]
#[ignore = "a long run: see its doc comment for the command"]
fn requests_on_a_10_mb_document_take_linear_time() {
    // The outline's answer is some 70 MB of JSON, which this client parses slowly.
    large_document(10 << 20, Duration::from_secs(60));
}

/// The server's peak resident memory in KiB (Linux), or 0 where it cannot be read.
fn peak_memory_kib(c: &Client) -> u64 {
    std::fs::read_to_string(format!("/proc/{}/status", c.child.id()))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// A shipped game's text, edited at random: pieces deleted, duplicated or cut off, and bits of
/// the language, non-ASCII letters and control characters inserted.
fn edited(text: &str, rng: &mut impl rand::Rng) -> String {
    const BITS: [&str; 14] = [
        "(",
        ")",
        "{",
        "}",
        "\"",
        "\\",
        ":",
        "é",
        "𝄞",
        "\u{0}",
        "\n",
        "(define \"X\" 1)",
        "(\"X\")",
        "//",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.random_range(1..5) {
        let at = rng.random_range(0..=chars.len());
        match rng.random_range(0..4) {
            0 => {
                let end = (at + rng.random_range(0..60)).min(chars.len());
                chars.drain(at..end);
            }
            1 => {
                let bit = BITS[rng.random_range(0..BITS.len())];
                chars.splice(at..at, bit.chars());
            }
            2 => {
                let end = (at + rng.random_range(0..200)).min(chars.len());
                let copy: Vec<char> = chars[at..end].to_vec();
                let to = rng.random_range(0..=chars.len());
                chars.splice(to..to, copy);
            }
            _ => chars.truncate(at.max(chars.len() * 3 / 4)),
        }
    }
    chars.into_iter().collect()
}

/// A long, bounded hunt outside CI: `LUDUS_LSP_FUZZ_CASES` rounds (2,000 by default) of random
/// frames sent to one server: edits of the shipped games (some with a lone surrogate or bytes that
/// are not UTF-8), requests at random positions, bytes that are no JSON, junk headers, and
/// Content-Lengths a little too short or too long; each round ends with a request that must be
/// answered; one in 50 documents is large (a game under a comment of 1 to 2 MB). The server must
/// never end nor answer "internal error", and its peak memory must stay under 10 times the largest
/// document. The command:
/// `LUDUS_LSP_FUZZ_CASES=2000 cargo test --release --test lsp -- --ignored --nocapture fuzz`.
#[test]
#[ignore = "a long run: see its doc comment for the command"]
fn fuzz_frames_and_edits() {
    use rand::{Rng, SeedableRng};
    let cases: u32 = std::env::var("LUDUS_LSP_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let games: Vec<String> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x15b);
    let mut c = Client::initialized();
    open_game(&mut c);
    let baseline = peak_memory_kib(&c);
    let started = Instant::now();
    let (mut largest, mut frames, mut version) = (GAME.len(), 0u64, 1u64);
    let methods = [
        "textDocument/hover",
        "textDocument/completion",
        "textDocument/definition",
        "textDocument/references",
        "textDocument/formatting",
        "textDocument/documentSymbol",
    ];
    let frame = |body: &[u8], length: usize| {
        let mut bytes = format!("Content-Length: {length}\r\n\r\n").into_bytes();
        bytes.extend_from_slice(body);
        bytes
    };
    for round in 0..cases {
        for _ in 0..rng.random_range(1..6) {
            frames += 1;
            let mut text = edited(&games[rng.random_range(0..games.len())], &mut rng);
            if frames == 1 || rng.random_ratio(1, 50) {
                // A large document: a game under a long comment.
                let long = "é ( \" x".repeat(rng.random_range(150_000..300_000));
                text = format!("// {long}\n{text}");
            }
            largest = largest.max(text.len());
            version += 1;
            let change = json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}}).to_string();
            let request = json!({"jsonrpc": "2.0", "id": format!("r{frames}"), "method": methods[rng.random_range(0..methods.len())], "params": {"textDocument": {"uri": URI}, "position": {"line": rng.random_range(0..80), "character": rng.random_range(0..120)}, "context": {"includeDeclaration": rng.random_bool(0.5)}}}).to_string();
            let bytes = match rng.random_range(0..10) {
                0..=3 => frame(change.as_bytes(), change.len()),
                4..=6 => frame(request.as_bytes(), request.len()),
                7 => {
                    // A lone surrogate or bytes that are not UTF-8 in the text.
                    let at = change.find("(game").unwrap_or(change.len() / 2);
                    let mut body = change.as_bytes()[..at].to_vec();
                    body.extend_from_slice(if rng.random_bool(0.5) {
                        b"\\ud83d"
                    } else {
                        b"\xff\xc3"
                    });
                    body.extend_from_slice(&change.as_bytes()[at..]);
                    frame(&body, body.len())
                }
                8 => {
                    let noise: Vec<u8> =
                        (0..rng.random_range(0..64)).map(|_| rng.random()).collect();
                    if rng.random_bool(0.5) {
                        frame(&noise, noise.len())
                    } else {
                        let mut junk = noise;
                        junk.retain(|&b| b != b'\n');
                        junk.extend_from_slice(b"\r\n");
                        junk
                    }
                }
                _ => {
                    // A Content-Length a little off, then a padding notification longer than the
                    // error, so the next frame is found again.
                    let off = rng.random_range(1..20usize);
                    let length = if rng.random_bool(0.5) {
                        request.len() - off
                    } else {
                        request.len() + off
                    };
                    let mut bytes = frame(request.as_bytes(), length);
                    let pad =
                        json!({"jsonrpc": "2.0", "method": "$/padding", "params": "x".repeat(40)})
                            .to_string();
                    bytes.extend(frame(pad.as_bytes(), pad.len()));
                    bytes
                }
            };
            c.write_raw(&bytes);
        }
        // The round ends with a request that is answered; what came before it is looked at.
        let id = 1_000_000 + u64::from(round);
        c.send(json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": URI}}}));
        loop {
            let m = c
                .next()
                .unwrap_or_else(|| panic!("round {round}: no answer"));
            let text = m.to_string();
            assert!(!text.contains("internal error"), "round {round}: {text}");
            assert!(m["jsonrpc"] == "2.0", "round {round}: {text}");
            if m["id"] == id {
                assert!(m["result"].is_array(), "round {round}: {text}");
                break;
            }
        }
    }
    let peak = peak_memory_kib(&c);
    println!(
        "lsp fuzz: {cases} rounds, {frames} frames in {:.1?}; largest document {} KiB; peak memory {} KiB, {} KiB after the first document",
        started.elapsed(),
        largest / 1024,
        peak,
        baseline
    );
    assert!(peak < 10 * largest as u64 / 1024, "peak memory {peak} KiB");
    c.shutdown();
}
