//! `ludus studio`'s server, over loopback: every route with good and bad input, paths that leave
//! the folder, saves that conflict, a file deleted underneath, a rules file with errors, a trial
//! of another game, a port in use, and 100 analyses asked for at once.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A studio started on a folder, stopped when dropped.
pub struct Server {
    child: Child,
    /// Its port on 127.0.0.1.
    pub port: u16,
    /// Its folder.
    pub dir: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A port free now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A folder holding copies of some shipped games.
pub fn folder(name: &str, games: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludus-studio-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for g in games {
        std::fs::copy(Path::new("games").join(g), dir.join(g)).expect("a game to copy");
    }
    dir
}

impl Server {
    /// Starts `ludus studio DIR --port N` and waits for its address line.
    pub fn start(dir: PathBuf) -> Server {
        let port = free_port();
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args(["studio", dir.to_str().expect("a UTF-8 path"), "--port"])
            .arg(port.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the studio starts");
        let mut first = String::new();
        let out = child.stdout.take().expect("its output");
        BufReader::new(out).read_line(&mut first).expect("a line");
        assert!(
            first.contains(&format!("http://127.0.0.1:{port}/")),
            "{first}"
        );
        Server { child, port, dir }
    }

    /// A request and its answer: the status and the body as JSON (text as a string).
    pub fn call(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let body = body.map(Value::to_string).unwrap_or_default();
        let (status, text) = self.raw(method, path, &body);
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    /// A request with a body as given, and the status and body of the answer.
    pub fn raw(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("the studio answers");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("a timeout");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .expect("a request");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("an answer");
        let answer = String::from_utf8_lossy(&answer);
        let (head, rest) = answer.split_once("\r\n\r\n").expect("a head and a body");
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status");
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            unchunk(rest)
        } else {
            rest.to_string()
        };
        (status, body)
    }

    /// The position after some moves of a file.
    pub fn position(&self, path: &str, moves: &[&str]) -> Value {
        let (status, answer) = self.call(
            "POST",
            "/api/position",
            Some(&json!({"path": path, "moves": moves})),
        );
        assert_eq!(status, 200, "{answer}");
        answer
    }
}

/// A chunked body joined.
fn unchunk(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        body.push_str(&after[..n]);
        rest = &after[n + 2..];
    }
    body
}

fn error_of(answer: &Value) -> &str {
    answer["error"].as_str().unwrap_or_default()
}

#[test]
fn the_page_and_its_files_are_served() {
    let s = Server::start(folder("page", &["woli.game"]));
    let (status, page) = s.raw("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("/assets/app.js"), "{page}");
    for asset in ["app.js", "app.css", "editor.js"] {
        let (status, body) = s.raw("GET", &format!("/assets/{asset}"), "");
        assert_eq!(status, 200, "{asset}");
        assert!(!body.is_empty(), "{asset} is empty");
    }
    assert_eq!(s.call("GET", "/assets/nothing.js", None).0, 404);
    assert_eq!(s.call("GET", "/api/nothing", None).0, 404);
}

#[test]
fn files_are_listed_read_and_saved_only_inside_the_folder() {
    let s = Server::start(folder("files", &["woli.game", "hex.game"]));
    let (status, files) = s.call("GET", "/api/files", None);
    assert_eq!(status, 200);
    assert_eq!(files["games"], json!(["hex.game", "woli.game"]));
    assert_eq!(files["open"], "hex.game");

    let (status, file) = s.call("GET", "/api/file?path=woli.game", None);
    assert_eq!(status, 200);
    let text = file["text"].as_str().unwrap().to_string();
    assert_eq!(
        text,
        std::fs::read_to_string(s.dir.join("woli.game")).unwrap()
    );
    for escape in [
        "../Cargo.toml",
        "/etc/passwd",
        "a/../../x.game",
        "..%2FCargo.toml",
    ] {
        let (status, answer) = s.call("GET", &format!("/api/file?path={escape}"), None);
        assert_eq!(status, 403, "{escape}: {answer}");
        let save = json!({"path": escape.replace("%2F", "/"), "text": "x", "base": null});
        assert_eq!(s.call("PUT", "/api/file", Some(&save)).0, 403, "{escape}");
    }
    assert_eq!(s.call("GET", "/api/file?path=none.game", None).0, 404);
    assert_eq!(s.call("GET", "/api/file", None).0, 400);

    // A save from the version read; a second tab saving from the same version is refused and
    // told what is on disk; nothing is lost.
    let version = file["version"].clone();
    let edited = text.replace("Woli", "Woli edited");
    let save = json!({"path": "woli.game", "text": edited, "base": version});
    let (status, saved) = s.call("PUT", "/api/file", Some(&save));
    assert_eq!(status, 200, "{saved}");
    let other = json!({"path": "woli.game", "text": "(other tab)", "base": version});
    let (status, conflict) = s.call("PUT", "/api/file", Some(&other));
    assert_eq!(status, 409);
    assert_eq!(conflict["version"], saved["version"]);
    assert_eq!(conflict["text"], edited);
    assert_eq!(
        std::fs::read_to_string(s.dir.join("woli.game")).unwrap(),
        edited
    );

    // A file deleted underneath: the save says so; saving it anew (base null) recreates it.
    std::fs::remove_file(s.dir.join("woli.game")).unwrap();
    let again = json!({"path": "woli.game", "text": edited, "base": saved["version"]});
    let (status, gone) = s.call("PUT", "/api/file", Some(&again));
    assert_eq!(status, 409);
    assert!(error_of(&gone).contains("deleted"), "{gone}");
    assert_eq!(gone["version"], Value::Null);
    let anew = json!({"path": "woli.game", "text": edited, "base": null});
    assert_eq!(s.call("PUT", "/api/file", Some(&anew)).0, 200);
    assert_eq!(s.raw("PUT", "/api/file", "{not json").0, 400);
    let huge = json!({"path": "big.game", "text": "x".repeat(2 << 20), "base": null});
    assert_eq!(s.call("PUT", "/api/file", Some(&huge)).0, 413);
}

#[test]
fn the_text_is_checked_documented_and_formatted_as_the_language_server_does() {
    let s = Server::start(folder("edit", &["woli.game"]));
    let text = std::fs::read_to_string("games/woli.game").unwrap();
    let (status, clean) = s.call("POST", "/api/check", Some(&json!({"text": text})));
    assert_eq!(status, 200);
    assert_eq!(clean["diagnostics"], json!([]));
    let typo = text.replace("(sow \"Sow\"", "(sowe \"Sow\"");
    let line = typo.lines().position(|l| l.contains("(sowe")).unwrap();
    let (_, found) = s.call("POST", "/api/check", Some(&json!({"text": typo})));
    let d = &found["diagnostics"][0];
    assert_eq!(d["range"]["start"]["line"], line, "{found}");
    assert!(d["message"].as_str().unwrap().contains("sowe"), "{d}");
    assert!(d["message"].as_str().unwrap().contains("help:"), "{d}");

    let (_, hover) = s.call(
        "POST",
        "/api/hover",
        Some(&json!({"text": "(game \"x\" (players 2))", "line": 0, "character": 13})),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("players"),
        "{hover}"
    );
    let (_, nothing) = s.call(
        "POST",
        "/api/hover",
        Some(&json!({"text": "(game \"x\")", "line": 5, "character": 0})),
    );
    assert_eq!(nothing, Value::Null);

    let messy = "(game \"x\"   (players    2))";
    let (status, formatted) = s.call("POST", "/api/format", Some(&json!({"text": messy})));
    assert_eq!(status, 200);
    assert_eq!(
        formatted["text"],
        ludus::syntax::format_source(messy).unwrap()
    );
    let (status, broken) = s.call("POST", "/api/format", Some(&json!({"text": "(game"})));
    assert_eq!(status, 400);
    assert!(error_of(&broken).contains("does not parse"));
    assert_eq!(
        s.call("POST", "/api/check", Some(&json!({"txt": 1}))).0,
        422
    );
}

#[test]
fn positions_follow_the_library_and_keep_the_last_good_game() {
    let s = Server::start(folder("play", &["woli.game", "backgammon.game"]));
    let game = ludus::load_file(Path::new("games/woli.game"), &[]).unwrap();
    let mut state = game.new_initial_state();
    let mut played: Vec<String> = Vec::new();
    for _ in 0..3 {
        let answer = s.position(
            "woli.game",
            &played.iter().map(String::as_str).collect::<Vec<_>>(),
        );
        let legal: Vec<String> = game
            .moves(&state)
            .into_iter()
            .map(|m| game.notation(&state, m))
            .collect();
        let listed: Vec<&str> = answer["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["notation"].as_str().unwrap())
            .collect();
        assert_eq!(listed, legal);
        assert_eq!(answer["svg"], ludus::diagram::svg(&game, &state));
        assert_eq!(
            answer["sites"].as_array().unwrap().len(),
            game.topology.sites()
        );
        let m = game.moves(&state)[0];
        played.push(game.notation(&state, m));
        game.apply(&mut state, m).unwrap();
    }
    // A move that is not legal: the moves before it are kept, and the answer says why.
    let moves = [played[0].as_str(), "sow z9", played[1].as_str()];
    let answer = s.position("woli.game", &moves);
    assert_eq!(answer["kept"], 1);
    assert!(
        answer["moves_error"].as_str().unwrap().contains("sow z9"),
        "{answer}"
    );

    // Rules saved with an error: the board keeps the last good game, with the diagnostics.
    let good = std::fs::read_to_string(s.dir.join("woli.game")).unwrap();
    std::fs::write(s.dir.join("woli.game"), good.replace("(sow ", "(sowe ")).unwrap();
    let stale = s.position("woli.game", &[played[0].as_str()]);
    assert_eq!(stale["stale"], true);
    assert_eq!(stale["kept"], 1);
    assert!(!stale["diagnostics"].as_array().unwrap().is_empty());
    std::fs::write(s.dir.join("woli.game"), &good).unwrap();
    assert_eq!(s.position("woli.game", &[])["stale"], false);
    let (status, unknown) = s.call("POST", "/api/position", Some(&json!({"path": "none.game"})));
    assert_eq!(status, 404, "{unknown}");
    let bad_option = json!({"path": "woli.game", "options": {"counters": [1]}});
    assert_eq!(s.call("POST", "/api/position", Some(&bad_option)).0, 400);
    let out_of_range = json!({"path": "woli.game", "options": {"counters": 0}});
    assert_eq!(s.call("POST", "/api/position", Some(&out_of_range)).0, 400);

    // A chance node: the throw is drawn by the server, and the same request throws the same.
    let start = s.position("backgammon.game", &[]);
    assert_eq!(start["chance"], true);
    let ask = json!({"path": "backgammon.game", "moves": [], "seed": 7});
    let (status, throw) = s.call("POST", "/api/throw", Some(&ask));
    assert_eq!(status, 200, "{throw}");
    assert_eq!(s.call("POST", "/api/throw", Some(&ask)).1, throw);
    let listed: Vec<&Value> = start["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["notation"])
        .collect();
    assert!(listed.contains(&&throw["move"]), "{throw}");
    let (status, refused) = s.call("POST", "/api/throw", Some(&json!({"path": "woli.game"})));
    assert_eq!(status, 400);
    assert!(error_of(&refused).contains("not a throw"));
}

#[test]
fn agents_answer_and_bad_specs_are_refused() {
    let s = Server::start(folder("agents", &["woli.game"]));
    let game = ludus::load_file(Path::new("games/woli.game"), &[]).unwrap();
    let state = game.new_initial_state();
    let ask = json!({"path": "woli.game", "moves": [], "agent": "mcts:iterations=100", "seed": 3});
    let (status, chosen) = s.call("POST", "/api/agent", Some(&ask));
    assert_eq!(status, 200, "{chosen}");
    assert!(game
        .parse_move(&state, chosen["move"].as_str().unwrap())
        .is_ok());
    assert_eq!(s.call("POST", "/api/agent", Some(&ask)).1, chosen);
    for bad in [
        json!({"path": "woli.game"}),
        json!({"path": "woli.game", "agent": "genius"}),
    ] {
        let (status, answer) = s.call("POST", "/api/agent", Some(&bad));
        assert_eq!(status, 400, "{answer}");
    }
}

#[test]
fn trials_are_read_and_a_trial_of_another_game_is_refused() {
    let dir = folder("trials", &["woli.game", "hex.game"]);
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .current_dir(&dir)
        .args([
            "match",
            "woli.game",
            "--p1",
            "random",
            "--p2",
            "random",
            "--games",
            "1",
        ])
        .args(["--record", "."])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = Server::start(dir);
    let (_, files) = s.call("GET", "/api/files", None);
    let recorded = files["trials"][0].as_str().expect("a trial").to_string();
    let (status, trial) = s.call("POST", "/api/trial", Some(&json!({"path": recorded})));
    assert_eq!(status, 200, "{trial}");
    assert_eq!(trial["game"], "woli.game");
    let moves: Vec<&str> = trial["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let end = s.position("woli.game", &moves);
    assert_eq!(end["kept"], moves.len());
    assert_eq!(end["over"], true);

    // The same trial pointing at another game's file.
    let text = std::fs::read_to_string(s.dir.join(&recorded)).unwrap();
    std::fs::write(
        s.dir.join("other.ron"),
        text.replace("woli.game", "hex.game"),
    )
    .unwrap();
    let (status, refused) = s.call("POST", "/api/trial", Some(&json!({"path": "other.ron"})));
    assert_eq!(status, 400);
    assert!(
        error_of(&refused).contains("the trial is of Woli"),
        "{refused}"
    );
    std::fs::write(s.dir.join("broken.ron"), "(format: 1").unwrap();
    assert_eq!(
        s.call("POST", "/api/trial", Some(&json!({"path": "broken.ron"})))
            .0,
        400
    );
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["studio", "games", "--port", &port.to_string()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
    assert!(err.contains("--port"), "{err}");
}

#[test]
fn a_hundred_analyses_at_once_all_finish_in_bounded_memory() {
    let s = Server::start(folder("analyses", &["tictactoe.game"]));
    let ask = json!({"path": "tictactoe.game", "playouts": 200});
    let ids: Vec<u64> = std::thread::scope(|scope| {
        let asks: Vec<_> = (0..100)
            .map(|_| scope.spawn(|| s.call("POST", "/api/analysis", Some(&ask))))
            .collect();
        asks.into_iter()
            .map(|h| {
                let (status, answer) = h.join().unwrap();
                assert_eq!(status, 200, "{answer}");
                answer["id"].as_u64().unwrap()
            })
            .collect()
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut last = Value::Null;
    for id in &ids {
        loop {
            let (status, job) = s.call("GET", &format!("/api/analysis/{id}"), None);
            assert_eq!(status, 200);
            if job["state"] == "done" {
                last = job;
                break;
            }
            assert!(
                ["queued", "running"].contains(&job["state"].as_str().unwrap()),
                "{job}"
            );
            assert!(Instant::now() < deadline, "analysis {id} did not finish");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let report = &last["report"];
    assert_eq!(report["playouts"], 200);
    let counted: u64 = report["length_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 200);
    assert_eq!(report["branching_by_stage"].as_array().unwrap().len(), 10);
    let rss_kib = std::fs::read_to_string(format!("/proc/{}/status", s.child.id()))
        .ok()
        .and_then(|st| {
            st.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .map(str::to_string)
        })
        .and_then(|l| {
            l.split_whitespace()
                .nth(1)
                .and_then(|k| k.parse::<u64>().ok())
        });
    if let Some(kib) = rss_kib {
        assert!(
            kib < 300 * 1024,
            "the server holds {kib} KiB after 100 analyses"
        );
    }

    // Cancelled while queued or running; a bad count refused.
    let long = json!({"path": "tictactoe.game", "playouts": 100000});
    let (_, job) = s.call("POST", "/api/analysis", Some(&long));
    let id = job["id"].as_u64().unwrap();
    assert_eq!(
        s.call("DELETE", &format!("/api/analysis/{id}"), None).0,
        200
    );
    let stopped = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, job) = s.call("GET", &format!("/api/analysis/{id}"), None);
        if job["state"] == "cancelled" {
            break;
        }
        assert!(Instant::now() < stopped, "{job}");
        std::thread::sleep(Duration::from_millis(20));
    }
    for bad in [
        json!({"path": "tictactoe.game", "playouts": 0}),
        json!({"path": "x.game", "playouts": 5}),
    ] {
        assert_ne!(s.call("POST", "/api/analysis", Some(&bad)).0, 200, "{bad}");
    }
    assert_eq!(s.call("GET", "/api/analysis/123456", None).0, 404);
    assert_eq!(s.call("DELETE", "/api/analysis/x", None).0, 404);
}
