//! `ludus studio` in a real browser (issue 41): Debian's chromium driven by chromedriver through
//! WebDriver. One test function, since the steps share one browser and one server: edit with a
//! typo and its fix, play by clicking, an agent's answer, a trial stepped with the keyboard, an
//! analysis and its plots. Without /usr/bin/chromedriver the test says it is skipped, unless
//! `LUDUS_BROWSER_TESTS=required` (CI) makes that a failure.

use crate::command::stderr;
use crate::setup::{load, names};
use crate::studio::free_port;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";
const GAME: &str = "woli.game";
/// A game whose moves go from a piece to a target: clicked piece, then target.
const MOVING: &str = "breakthrough.game";

/// What one run started: the server, chromedriver (with chromium under it, in its process
/// group), and the folders; all ended and removed when the test ends, also by a panic.
struct Session {
    children: Vec<Child>,
    dirs: Vec<PathBuf>,
}

impl Drop for Session {
    fn drop(&mut self) {
        for child in &mut self.children {
            // chromedriver leads its own process group, so chromium goes with it.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .stderr(Stdio::null())
                .status();
            let _ = child.kill();
            let _ = child.wait();
        }
        for dir in &self.dirs {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Waits until something listens on the port; panics with `what` after 60 s.
fn wait_for_port(port: u16, what: &str, child: &mut Child) {
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if let Ok(Some(status)) = child.try_wait() {
            panic!("{what} stopped before it listened: {status}");
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{what} never listened on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A folder holding a copy of the game and one recorded random playout of it.
fn folder(session: &mut Session) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludus-studio-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    session.dirs.push(dir.clone());
    for game in [GAME, MOVING] {
        std::fs::copy(Path::new("games").join(game), dir.join(game)).expect("the game copies");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["run", GAME, "-n", "1", "--record", "."])
        .current_dir(&dir)
        .output()
        .expect("ludus runs");
    assert!(out.status.success(), "{}", stderr(&out));
    dir
}

/// Starts the studio on the folder and chromedriver; answers the studio's address and the driver.
fn start(session: &mut Session, dir: &Path) -> (String, String) {
    let port = free_port();
    let mut studio = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "studio",
            &dir.to_string_lossy(),
            "--port",
            &port.to_string(),
        ])
        .stdout(Stdio::null())
        .spawn()
        .expect("the studio starts");
    wait_for_port(port, "the studio", &mut studio);
    session.children.push(studio);
    let driver_port = free_port();
    let mut driver = Command::new(CHROMEDRIVER);
    driver
        .arg(format!("--port={driver_port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    std::os::unix::process::CommandExt::process_group(&mut driver, 0);
    let mut driver = driver.spawn().expect("chromedriver starts");
    wait_for_port(driver_port, "chromedriver", &mut driver);
    session.children.push(driver);
    (
        format!("http://127.0.0.1:{port}/"),
        format!("http://127.0.0.1:{driver_port}"),
    )
}

async fn browser(driver: &str, profile: &Path) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,800",
    ];
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let capabilities = json!({"goog:chromeOptions": {"binary": CHROMIUM, "args": args}});
    let Value::Object(capabilities) = capabilities else {
        unreachable!()
    };
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(driver)
        .await
        .expect("chromedriver opens a browser")
}

/// Runs a script in the page.
async fn js(client: &Client, script: &str) -> Value {
    client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits until `expr` (a JS expression) is truthy, and answers its value; fails after `secs`
/// (generous: the suite runs the other tests beside this one on a few cores).
async fn until(client: &Client, expr: &str, secs: u64) -> Value {
    let start = Instant::now();
    loop {
        let value = js(client, &format!("return {expr};")).await;
        if !matches!(value, Value::Null | Value::Bool(false)) && value != json!(0) {
            return value;
        }
        if start.elapsed() > Duration::from_secs(secs) {
            let note = js(client, "return document.body.innerText.slice(0, 3000);").await;
            panic!("waited {secs} s for `{expr}`; the page:\n{note}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn press(client: &Client, key: Key) {
    let actions = KeyActions::new("keys".to_string())
        .then(KeyAction::Down { value: key.into() })
        .then(KeyAction::Up { value: key.into() });
    client.perform_actions(actions).await.expect("a key press");
}

/// The page's lists as text: `moves` (the notations) or `history`.
async fn list(client: &Client, css: &str) -> Vec<String> {
    let value = js(
        client,
        &format!(
            "return [...document.querySelectorAll('{css}')].map(e => e.dataset.notation ?? e.textContent);"
        ),
    )
    .await;
    serde_json::from_value(value).expect("a list of strings")
}

#[test]
fn the_studio_in_a_browser() {
    if !Path::new(CHROMEDRIVER).exists() {
        let required = std::env::var("LUDUS_BROWSER_TESTS").is_ok_and(|v| v == "required");
        assert!(
            !required,
            "LUDUS_BROWSER_TESTS=required and no {CHROMEDRIVER}"
        );
        println!("studio_browser: skipped, no {CHROMEDRIVER} (apt-get install chromium-driver)");
        return;
    }
    let mut session = Session {
        children: Vec::new(),
        dirs: Vec::new(),
    };
    let dir = folder(&mut session);
    let profile = dir.with_extension("profile");
    session.dirs.push(profile.clone());
    let (url, driver) = start(&mut session, &dir);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let client = browser(&driver, &profile).await;
        client
            .goto(&format!("{url}#{GAME}"))
            .await
            .expect("the page opens");
        edit(&client).await;
        let played = play(&client, GAME).await;
        screenshot(&client).await;
        agent(&client, &played).await;
        watch(&client, &dir).await;
        analyse(&client).await;
        open(&client, MOVING).await;
        play(&client, MOVING).await;
        client.close().await.expect("the browser closes");
    });
}

/// A typo gets a diagnostic at its line; the fix takes it away. Nothing is saved.
async fn edit(client: &Client) {
    until(client, "document.querySelector('#editor .cm-content')", 30).await;
    until(
        client,
        "app.path && document.querySelector('#board svg')",
        30,
    )
    .await;
    assert_eq!(
        until(
            client,
            "document.getElementById('file-status').textContent",
            20
        )
        .await,
        json!("saved")
    );
    // Selects the word on its line, then types over it as a user would.
    let line = js(
        client,
        "const doc = app.editor.view.state.doc;
         for (let n = 1; n <= doc.lines; n++) {
           const l = doc.line(n); const at = l.text.indexOf('(rectangle ');
           if (at >= 0) { app.editor.view.dispatch({selection: {anchor: l.from + at + 1, head: l.from + at + 10}});
                          app.editor.focus(); return n; }
         }
         return null;",
    )
    .await;
    assert!(line.is_u64(), "no `(rectangle ` in the game");
    let content = client
        .find(Locator::Css("#editor .cm-content"))
        .await
        .expect("the editor");
    content.send_keys("rectangel").await.expect("typing");
    let found = until(
        client,
        "document.querySelector('#diagnostics li.diagnostic')?.dataset.line",
        20,
    )
    .await;
    assert_eq!(found, json!(line.to_string()), "the diagnostic's line");
    assert_eq!(
        js(
            client,
            "return document.getElementById('file-status').textContent;"
        )
        .await,
        json!("unsaved")
    );
    assert!(js(
        client,
        "return document.querySelectorAll('.cm-lintRange-error').length;"
    )
    .await
    .as_u64()
    .is_some_and(|n| n > 0));
    for _ in 0.."rectangel".len() {
        content
            .send_keys(&Key::Backspace.to_string())
            .await
            .expect("a backspace");
    }
    content.send_keys("rectangle").await.expect("typing");
    until(
        client,
        "document.querySelectorAll('#diagnostics li').length === 0",
        20,
    )
    .await;
    assert_eq!(
        js(
            client,
            "return document.getElementById('file-status').textContent;"
        )
        .await,
        json!("saved")
    );
}

/// Three moves played by clicks on the board; the page's history and legal moves are the
/// library's after them.
/// Opens another file of the folder from the list of files, both seats played by hand, and
/// waits for its start.
async fn open(client: &Client, file: &str) {
    click(client, "#tab-play").await;
    let seat = client.find(Locator::Id("seat-2")).await.expect("seat 2");
    seat.clear().await.expect("cleared");
    seat.send_keys("human").await.expect("typing");
    click(client, "#status").await;
    js(
        client,
        &format!(
            "const s = document.getElementById('file-select'); s.value = '{file}';
             s.dispatchEvent(new Event('change')); return true;"
        ),
    )
    .await;
    until(
        client,
        &format!("app.path === '{file}' && app.play.position && app.play.position.legal.length > 0 && document.querySelectorAll('#history li').length === 0"),
        20,
    )
    .await;
}

async fn play(client: &Client, file: &str) -> Vec<String> {
    let mut played = Vec::new();
    for ply in 0..3 {
        // A move whose sites pick it alone, so that clicks play it without a list to choose from.
        let m = js(
            client,
            "const legal = app.play.position.legal;
             return legal.find(m => legal.filter(o => o.from === m.from && o.to === m.to).length === 1);",
        )
        .await;
        let site = |key: &str| m[key].as_u64();
        let hit = |site: u64| format!("#board .hit[data-site=\"{site}\"]");
        match (site("from"), site("to")) {
            // A piece, then its target, marked when the piece is.
            (Some(from), Some(to)) if from != to => {
                click(client, &hit(from)).await;
                let target = format!(
                    "document.querySelector('{}').classList.contains('target')",
                    hit(to)
                );
                until(client, &target, 20).await;
                click(client, &hit(to)).await;
            }
            // A move that stays on its site (a sowing from a hole): one click.
            (Some(from), _) => click(client, &hit(from)).await,
            // A placement.
            (None, Some(to)) => click(client, &hit(to)).await,
            (None, None) => panic!("a move with no site: {m}"),
        }
        until(
            client,
            &format!("document.querySelectorAll('#history li').length === {} && app.play.position.kept === {}", ply + 1, ply + 1),
            20,
        )
        .await;
        played.push(m["notation"].as_str().expect("a notation").to_string());
    }
    assert_eq!(list(client, "#history li").await, played);
    let game = load(&format!("games/{file}"), &[]);
    let mut state = game.new_initial_state();
    crate::setup::play(&game, &mut state, &played.join(" "));
    assert_eq!(list(client, "#moves li.move").await, names(&game, &state));
    played
}

/// The page mid-play, the board and the editor in sight: docs/studio.png with UPDATE_DOCS=1.
async fn screenshot(client: &Client) {
    let png = client.screenshot().await.expect("a screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "a picture"
    );
    let path = if std::env::var("UPDATE_DOCS").is_ok_and(|v| v == "1") {
        PathBuf::from("docs/studio.png")
    } else {
        std::env::temp_dir().join("ludus-studio.png")
    };
    std::fs::write(&path, png).expect("the screenshot writes");
}

/// Seat 2 set to an agent answers the human's moves with a legal one.
async fn agent(client: &Client, played: &[String]) {
    let seat = client.find(Locator::Id("seat-2")).await.expect("seat 2");
    seat.clear().await.expect("cleared");
    seat.send_keys("mcts:iterations=200").await.expect("typing");
    click(client, "#status").await; // leaving the input is its change
    let n = played.len() + 1;
    until(
        client,
        &format!("document.querySelectorAll('#history li').length === {n} && document.getElementById('thinking').hidden"),
        60,
    )
    .await;
    let history = list(client, "#history li").await;
    assert_eq!(history[..played.len()], *played);
    let game = load(&format!("games/{GAME}"), &[]);
    let mut state = game.new_initial_state();
    crate::setup::play(&game, &mut state, &played.join(" "));
    assert!(
        names(&game, &state).contains(&history[played.len()]),
        "{history:?}"
    );
    // An undo goes back to the human's turn: past the agent's move and the human's before it.
    click(client, "#undo").await;
    let back = played.len() - 1;
    until(
        client,
        &format!(
            "document.querySelectorAll('#history li').length === {back} && app.play.position.kept === {back} && app.play.position.mover === 0"
        ),
        20,
    )
    .await;
    assert_eq!(list(client, "#history li").await, played[..back]);
}

/// The recorded trial loads into Watch and steps with the arrow keys, Home and End.
async fn watch(client: &Client, dir: &Path) {
    let trial = std::fs::read_dir(dir)
        .expect("the folder reads")
        .map(|e| e.expect("an entry").path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("a recorded trial");
    let actions = ludus::trial::Trial::read(&trial)
        .expect("the trial reads")
        .actions
        .len();
    click(client, "#tab-watch").await;
    until(
        client,
        "document.querySelectorAll('#trial-select option').length === 1",
        20,
    )
    .await;
    click(client, "#trial-load").await;
    let ply = "document.getElementById('watch-ply').textContent";
    until(client, &format!("{ply} === '0 / {actions}'"), 20).await;
    let start = js(
        client,
        "return document.querySelector('#board svg').outerHTML;",
    )
    .await;
    click(client, "#watch-ply").await; // the keys go to the page, not the editor
    for _ in 0..3 {
        press(client, Key::Right).await;
    }
    press(client, Key::Left).await;
    until(client, &format!("{ply} === '2 / {actions}'"), 20).await;
    until(
        client,
        &format!("document.querySelector('#board svg').outerHTML !== {start}"),
        20,
    )
    .await;
    press(client, Key::End).await;
    until(client, &format!("{ply} === '{actions} / {actions}'"), 20).await;
    press(client, Key::Home).await;
    until(client, &format!("{ply} === '0 / {actions}'"), 20).await;
    click(client, "#tab-play").await;
}

/// 200 playouts analysed: the plots are drawn, a bar a player and one for draws.
async fn analyse(client: &Client) {
    click(client, "#tab-analyse").await;
    let input = client
        .find(Locator::Id("analyse-playouts"))
        .await
        .expect("the input");
    input.clear().await.expect("cleared");
    input.send_keys("200").await.expect("typing");
    click(client, "#analyse-run").await;
    until(
        client,
        "document.querySelector('svg.plot[data-plot=endings]')",
        120,
    )
    .await;
    let bars = |plot: &str| {
        format!("return document.querySelectorAll('svg.plot[data-plot={plot}] rect.bar').length;")
    };
    assert_eq!(
        js(client, &bars("results")).await,
        json!(3),
        "P1, P2 and draws"
    );
    // A bar a bin, a stage, an ending of the server's report.
    let report = js(client, "return app.jobs[0].report;").await;
    for (plot, field) in [
        ("lengths", "length_histogram"),
        ("branching", "branching_by_stage"),
        ("endings", "endings"),
    ] {
        let n = js(client, &bars(plot)).await;
        let want = report[field].as_array().map(Vec::len);
        assert!(
            want.is_some_and(|w| w > 0 && n == json!(w)),
            "{plot}: {n} bars, {want:?} in the report"
        );
    }
    let progress = js(
        client,
        "const p = document.getElementById('analyse-progress'); return p.value === p.max;",
    )
    .await;
    assert_eq!(progress, json!(true));
}
