//! `ludus render`: SVG pictures of a position, of a step of a trial, or of every step of a trial
//! with a page that steps through them.

use super::inspect::replay_line;
use super::replay::load_trial;
use clap::Args;
use ludus::files::write_atomic;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Arguments of `ludus render`.
#[derive(Args)]
pub struct RenderArgs {
    /// A `.game` file, or a trial (`.ron`).
    file: PathBuf,
    /// Sets a game option, as NAME=VALUE (repeatable; for a game file).
    #[arg(long = "option", short = 'D', value_name = "NAME=VALUE", value_parser = super::parse_setting)]
    options: Vec<(String, String)>,
    /// Moves and throws to play from the start, in notation (for a game file).
    #[arg(long, default_value = "")]
    moves: String,
    /// The step of a trial to draw: the position after this many actions (default: the end).
    #[arg(long, value_name = "K")]
    step: Option<usize>,
    /// Draws every step of a trial into this folder, with an `index.html` to step through them.
    /// The folder must be new, empty or hold only what `render --all` wrote there before.
    #[arg(long, value_name = "DIR")]
    all: Option<PathBuf>,
    /// With --all: draws into a folder holding other files too (only files that `render --all`
    /// wrote are replaced or removed, and a page named `index.html`).
    #[arg(long, requires = "all")]
    force: bool,
    /// The game file of a trial, instead of the one it names.
    #[arg(long, value_name = "FILE")]
    game: Option<PathBuf>,
    /// Writes the picture to this file instead of standard output.
    #[arg(long, short = 'o', short_alias = 'O', value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Draws what the arguments ask for.
pub fn run(args: RenderArgs) -> Result<(), String> {
    let is_trial = args.file.extension().is_some_and(|e| e == "ron");
    if !is_trial && (args.step.is_some() || args.all.is_some() || args.game.is_some()) {
        return Err("error: --step, --all and --game draw a trial: give a `.ron` file".into());
    }
    if is_trial && (!args.moves.is_empty() || !args.options.is_empty()) {
        return Err("error: a trial has its own moves and options: --moves and --option are for a game file".into());
    }
    let svg = if is_trial {
        let (trial, game) = load_trial(&args.file, args.game.as_deref())?;
        let replay = trial
            .replay(&game)
            .map_err(|e| format!("error: {} diverges: {e}", args.file.display()))?;
        let total = replay.moves.len();
        if let Some(dir) = &args.all {
            return write_all(&game, &replay.states, dir, args.force);
        }
        let step = args.step.unwrap_or(total);
        let state = replay.states.get(step).ok_or_else(|| {
            format!("error: --step {step} is past the end: the trial has {total} actions (steps 0 to {total})")
        })?;
        ludus::diagram::svg(&game, state)
    } else {
        let game = super::load(&args.file, &args.options)?;
        let state = replay_line(&game, &args.moves)?;
        ludus::diagram::svg(&game, &state)
    };
    match &args.output {
        Some(path) => write_atomic(path, svg.as_bytes())
            .map_err(|e| format!("error: cannot write {}: {e}", path.display())),
        None => {
            out!("{svg}");
            Ok(())
        }
    }
}

/// What marks a page as written by `render --all`, so that drawing again may replace it.
const GENERATOR: &str = r#"<meta name="generator" content="ludus render --all">"#;

/// The largest page read back to find the steps it lists (a page of 100,000 steps is 2 MB).
const MAX_PAGE_BYTES: u64 = 16 * 1024 * 1024;

/// Whether `name` is one of the steps `render --all` writes (`step-` and four digits or more).
fn is_step(name: &str) -> bool {
    name.strip_prefix("step-")
        .and_then(|n| n.strip_suffix(".svg"))
        .is_some_and(|k| k.len() >= 4 && k.bytes().all(|b| b.is_ascii_digit()))
}

/// The files an earlier `render --all` wrote in `dir`: its page, if it carries the mark, and the
/// steps that page lists. Nothing else is taken for ludus's.
fn earlier_pictures(dir: &Path) -> HashSet<String> {
    let Ok(bytes) = ludus::files::read_capped(&dir.join("index.html"), MAX_PAGE_BYTES) else {
        return HashSet::new();
    };
    let page = String::from_utf8_lossy(&bytes);
    if !page.contains(GENERATOR) {
        return HashSet::new();
    }
    let Some(list) = page
        .split_once("const steps = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
    else {
        return HashSet::new();
    };
    let mut ours: HashSet<String> = list
        .split(',')
        .map(|n| n.trim().trim_matches('"'))
        .filter(|n| is_step(n))
        .map(String::from)
        .collect();
    ours.insert("index.html".into());
    ours
}

/// Makes `dir` ready for the pictures: creates it, or checks that it holds only what an earlier
/// `render --all` wrote (anything with `force`). Returns those earlier files.
fn prepare(dir: &Path, force: bool) -> Result<HashSet<String>, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("error: cannot create {}: {e}", dir.display()))?;
    let ours = earlier_pictures(dir);
    let mut others: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("error: cannot read {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| !ours.contains(name))
        .collect();
    if others.is_empty() || force {
        return Ok(ours);
    }
    others.sort();
    let shown = 3;
    let mut list = others[..others.len().min(shown)].join(", ");
    if others.len() > shown {
        list.push_str(&format!(" and {} more", others.len() - shown));
    }
    Err(format!(
        "error: {} holds files that `ludus render --all` did not write ({list}); give --force to \
         draw there anyway (only files it wrote are removed)",
        dir.display()
    ))
}

/// One SVG per step (`step-0000.svg` ...) and an `index.html` that shows them in turn with the
/// arrow keys; the steps of an earlier, longer trial drawn there are removed.
fn write_all(
    game: &ludus::Game,
    states: &[ludus::State],
    dir: &Path,
    force: bool,
) -> Result<(), String> {
    let earlier = prepare(dir, force)?;
    let names: Vec<String> = (0..states.len())
        .map(|k| format!("step-{k:04}.svg"))
        .collect();
    for (state, name) in states.iter().zip(&names) {
        let path = dir.join(name);
        write_atomic(&path, ludus::diagram::svg(game, state).as_bytes())
            .map_err(|e| format!("error: cannot write {}: {e}", path.display()))?;
    }
    let list: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    let page = format!(
        r#"<!DOCTYPE html>
<html><head><meta charset="utf-8">{GENERATOR}<title>{title}</title></head>
<body style="font-family: sans-serif">
<p><span id="step"></span> (left and right arrows, Home and End)</p>
<img id="board" alt="the position">
<script>
const steps = [{list}];
let k = 0;
function show() {{
  document.getElementById("board").src = steps[k];
  document.getElementById("step").textContent = "step " + k + " of " + (steps.length - 1);
}}
document.addEventListener("keydown", e => {{
  if (e.key === "ArrowRight") k = Math.min(k + 1, steps.length - 1);
  else if (e.key === "ArrowLeft") k = Math.max(k - 1, 0);
  else if (e.key === "Home") k = 0;
  else if (e.key === "End") k = steps.length - 1;
  else return;
  show();
}});
show();
</script>
</body></html>
"#,
        title = game.name.replace('&', "&amp;").replace('<', "&lt;"),
        list = list.join(", ")
    );
    let index = dir.join("index.html");
    write_atomic(&index, page.as_bytes())
        .map_err(|e| format!("error: cannot write {}: {e}", index.display()))?;
    let drawn: HashSet<&String> = names.iter().collect();
    for stale in earlier.iter().filter(|n| is_step(n) && !drawn.contains(n)) {
        let path = dir.join(stale);
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(format!("error: cannot remove {}: {e}", path.display()))
            }
            _ => {}
        }
    }
    outln!("{} pictures and {} written", names.len(), index.display());
    Ok(())
}
