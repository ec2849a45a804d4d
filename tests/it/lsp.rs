//! `ludus lsp` driven over real stdio with JSON-RPC, as an editor drives it: initialize, open a
//! file with an error, its diagnostics with the exact range (in UTF-16 units, after non-ASCII
//! text), hover, completion, definition, references, formatting, the outline, a change that fixes
//! the error, and shutdown. Then what a careless or hostile client may send (lying
//! Content-Lengths, frames that are not JSON, lone surrogates, requests out of the life cycle's
//! turn); large documents and the fuzz are in `lsp/load.rs`.

#[path = "../lsp/client.rs"]
mod client;
#[path = "../lsp/load.rs"]
mod load;

use client::Client;
use serde_json::{json, Value};
use std::time::Duration;

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

/// A define and the regions it makes share the name "Home" but not its meaning: each name space
/// (defines, regions, tracks, options, ...) is kept apart by references and definition.
const HOMES: &str = "(define \"Home\" (region \"Home\" #1))\n(game \"G\" (players 2)\n  (equipment {(board (rectangle 2 3)) (hand Each) (region \"Home\" P1 (row 0)) (region \"Home\" P2 (row 1))})\n  (rules (start (hand Each 2)) (play (place 1 to:(\"Home\" Mover))) (end (if (no-moves Next) (result Next Loss)))))\n";

/// The `(line, character)` of each location of a references answer.
fn places(answer: &Value) -> Vec<(u64, u64)> {
    answer
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let start = &l["range"]["start"];
            (
                start["line"].as_u64().unwrap(),
                start["character"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn references_keep_defines_and_regions_apart() {
    let mut c = Client::initialized();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": HOMES}}),
    );
    let line = |n: usize| HOMES.lines().nth(n).unwrap();
    let at = |n: usize, needle: &str| line(n).find(needle).unwrap() as u64;
    let refs = |c: &mut Client, l: u32, ch: u64| {
        let mut p = position(l, ch as u32 + 1);
        p["context"] = json!({"includeDeclaration": true});
        places(&c.request("textDocument/references", p))
    };
    // The define: its declaration and its use `("Home" Mover)`, not the regions.
    let define = (0, at(0, "\"Home\""));
    let used = (3, at(3, "(\"Home\"") + 1);
    assert_eq!(refs(&mut c, 0, define.1), [define, used]);
    assert_eq!(refs(&mut c, 3, used.1), [define, used]);
    // A region: the one in the define's body and the two declarations, not the define.
    let in_body = (0, at(0, "(region \"Home\"") + 8);
    let p1 = (2, at(2, "(region \"Home\" P1") + 8);
    let p2 = (2, at(2, "(region \"Home\" P2") + 8);
    assert_eq!(refs(&mut c, 2, p1.1), [in_body, p1, p2]);
    assert_eq!(refs(&mut c, 0, in_body.1), [in_body, p1, p2]);
    // Go to definition from the use finds the define, not a region.
    let definition = c.request("textDocument/definition", position(3, used.1 as u32 + 1));
    assert_eq!(
        definition["range"]["start"],
        json!({"line": 0, "character": define.1})
    );
    c.shutdown();
}

/// Completion after `(` offers the ludemes of the kind the argument takes: a move inside
/// `(play (`, not `game`, `players` or `equipment`.
#[test]
fn completion_offers_the_kind_the_argument_takes() {
    let mut c = Client::initialized();
    open_game(&mut c);
    let at = GAME.find("(play (").unwrap() as u32 + 7;
    let completion = c.request("textDocument/completion", position(0, at));
    let names = labels(&completion);
    assert!(
        names.contains(&"place") && names.contains(&"sow") && names.contains(&"step"),
        "{names:?}"
    );
    for wrong in ["game", "players", "equipment", "board", "no-moves"] {
        assert!(!names.contains(&wrong), "{wrong} offered in {names:?}");
    }
    // A named argument's kind: `to:(` takes a region.
    let at = GAME.find("(place 1").unwrap() as u32 + 8;
    let text = format!("{} to:({}", &GAME[..at as usize], &GAME[at as usize..]);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": text}]}),
    );
    let completion = c.request("textDocument/completion", position(0, at + 5));
    let names = labels(&completion);
    assert!(names.contains(&"region"), "{names:?}");
    assert!(
        !names.contains(&"place") && !names.contains(&"game"),
        "{names:?}"
    );
    // At the top level, anything may open a form.
    let completion = c.request("textDocument/completion", position(0, 1));
    assert!(labels(&completion).contains(&"game"));
    c.shutdown();
}

/// A document with two syntax errors: a stray `@` (line 1) and a `}` lost before a key (line 2).
const TWO_SYNTAX_ERRORS: &str = "(define \"Line\" (line 3 Mover))\n(game \"G\" (players 2 @)\n  (equipment {(board (square 3)) (hand Each) count:2)\n  (rules (play (place 1 to:(\"Line\"))) (end (if (no-moves Next) (result Next Loss)))))\n";

/// Both syntax errors are shown at once, each where it stands; hover, completion, definition,
/// references and the outline, which read the one lexer's tokens and the forms around the errors,
/// go on working on the broken text, and formatting leaves it alone.
#[test]
fn two_syntax_errors_are_shown_and_the_broken_text_is_still_read() {
    let text = TWO_SYNTAX_ERRORS;
    let mut c = Client::initialized();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": text}}),
    );
    let diagnostics = c.diagnostics(URI);
    let found: Vec<(&str, u64, u64)> = diagnostics
        .iter()
        .map(|d| {
            let start = &d["range"]["start"];
            (
                d["code"].as_str().unwrap(),
                start["line"].as_u64().unwrap(),
                start["character"].as_u64().unwrap(),
            )
        })
        .collect();
    let at = |line: usize, needle: &str| text.lines().nth(line).unwrap().find(needle).unwrap();
    assert_eq!(
        found,
        [
            ("syntax::parse", 1, at(1, "@") as u64),
            ("syntax::parse", 2, at(2, ":2") as u64),
        ],
        "{diagnostics:?}"
    );
    // Hover on a ludeme after both errors.
    let hover = c.request(
        "textDocument/hover",
        position(3, at(3, "(place") as u32 + 2),
    );
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.contains("**place**"), "{hover}");
    // Completion after `(` inside the rules offers moves.
    let completion = c.request(
        "textDocument/completion",
        position(3, at(3, "(place") as u32 + 1),
    );
    assert!(labels(&completion).contains(&"sow"), "{completion}");
    // Definition and references of the define, used after the errors.
    let used = at(3, "(\"Line\")") as u32 + 2;
    let definition = c.request("textDocument/definition", position(3, used));
    assert_eq!(
        definition["range"]["start"],
        json!({"line": 0, "character": 8})
    );
    let mut refs = position(3, used);
    refs["context"] = json!({"includeDeclaration": true});
    let refs = c.request("textDocument/references", refs);
    assert_eq!(refs.as_array().map(Vec::len), Some(2), "{refs}");
    // The outline: the define and the game with its parts, read around the errors.
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["define \"Line\"", "game \"G\""], "{symbols}");
    let parts: Vec<&str> = symbols[1]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(parts, ["players", "equipment", "rules"], "{symbols}");
    // Formatting refuses broken text: no edit.
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(edits, json!([]));
    c.shutdown();
}
