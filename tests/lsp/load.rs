//! Large documents and a long fuzz: every request costs time linear in the document, and no
//! frame a client sends ends the server or fills its memory.

use super::client::{peak_memory_kib, Client};
use super::{labels, open_game, position, GAME, URI};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

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
/// formatting each take well under a second; the limit is far above that, and far below the
/// minutes a quadratic cost takes there. Nor do they take as much memory again as the check.
#[test]
fn requests_on_a_large_document_take_linear_time() {
    large_document(1 << 20, Duration::from_secs(5));
}

/// The same on 10 MB (300,000 defines), outside CI: `cargo test --release --test it -- --ignored
/// --nocapture 10_mb`.
#[test]
#[ignore = "a long run: see its doc comment for the command"]
fn requests_on_a_10_mb_document_take_linear_time() {
    // The outline's answer is some 70 MB of JSON, which this client parses slowly.
    large_document(10 << 20, Duration::from_secs(60));
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
/// `LUDUS_LSP_FUZZ_CASES=2000 cargo test --release --test it -- --ignored --nocapture lsp::load::fuzz`.
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

/// A document over 16 MiB (the limit of `ludus validate`) gets one diagnostic and is not read
/// further: requests on it answer nothing, and a smaller text brings it back.
#[test]
fn a_document_over_the_file_limit_is_not_checked() {
    let mut c = Client::initialized();
    let text = format!("// {}\n{GAME}", "x".repeat(16 << 20));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "ludus", "version": 1, "text": text}}),
    );
    let diagnostics = c.diagnostics(URI);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(message.contains("over the limit of 16 MiB"), "{message}");
    let outline = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(outline, json!([]));
    assert_eq!(c.request("textDocument/hover", position(1, 2)), Value::Null);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": GAME}]}),
    );
    assert_eq!(c.diagnostics(URI), Vec::<Value>::new());
    c.shutdown();
}
