//! The command line: thin commands over the library. Every error is a message and exit code 1;
//! usage errors exit 2 (clap).

#[macro_use]
mod output;

mod analyse;
mod contest;
mod front;
mod inspect;
mod play;
mod prompt;
mod render;
mod replay;
mod run;

use clap::{Parser, Subcommand};
use ludus::Game;
use std::path::{Path, PathBuf};

/// ludus: a general game system for games written as ludeme text.
#[derive(Parser)]
#[command(name = "ludus", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options shared by every command that loads a game.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// The `.game` file.
    pub file: PathBuf,
    /// Sets a game option, as NAME=VALUE (repeatable); `ludus info` lists them.
    #[arg(long = "option", short = 'D', value_name = "NAME=VALUE", value_parser = parse_setting)]
    pub options: Vec<(String, String)>,
}

impl GameArgs {
    /// Loads the game, or prints its diagnostics.
    pub fn load(&self) -> Result<Game, String> {
        load(&self.file, &self.options)
    }
}

/// Loads a game; the error is the rendered report.
pub fn load(file: &Path, options: &[(String, String)]) -> Result<Game, String> {
    let (source, game) =
        ludus::load_file_with_source(file, options).map_err(|e| e.render(color_stderr()))?;
    warn(&source, &game);
    Ok(game)
}

/// Prints a loaded game's warnings on stderr.
pub fn warn(source: &ludus::Source, game: &Game) {
    if !game.warnings.is_empty() {
        err!("{}", source.render_with(&game.warnings, color_stderr()));
    }
}

pub fn parse_setting(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("`{s}` is not NAME=VALUE")),
    }
}

/// Output formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// For people.
    #[default]
    Text,
    /// For tools.
    Json,
}

/// Which playout loop a command runs.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Loop {
    /// The loop the game's shape selects: a fast one where there is one.
    #[default]
    Auto,
    /// The general loop, whatever the game: for checking a fast loop against it.
    General,
}

impl Loop {
    /// Applies the choice to a loaded game.
    pub fn apply(self, game: &mut ludus::Game) {
        if self == Loop::General {
            game.use_general_loop();
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Checks game files and reports every error.
    Validate(front::ValidateArgs),
    /// Prints a game file in the canonical layout.
    Fmt(front::FmtArgs),
    /// Prints the language reference (docs/LANGUAGE.md), generated from the ludeme registry.
    Docs,
    /// Shows a game's players, board, options and rules.
    Info(inspect::InfoArgs),
    /// Shows the position after some moves, and the legal moves there.
    Moves(inspect::MovesArgs),
    /// Counts the paths of the game tree to a depth (RULES.md's perft).
    Perft(inspect::PerftArgs),
    /// Plays random playouts and reports outcomes and speed.
    Run(run::RunArgs),
    /// Plays a match between two agents, swapping seats every game.
    #[command(name = "match", after_help = agents_help())]
    Match(contest::MatchArgs),
    /// Replays a recorded trial, checking every action and the result.
    Replay(replay::ReplayArgs),
    /// Plays a game at the terminal, against an agent or another person.
    #[command(after_help = agents_help())]
    Play(play::PlayArgs),
    /// Measures a game: length, branching, balance, endings, captures, agents against random.
    #[command(alias = "analyze", after_help = agents_help())]
    Analyse(analyse::AnalyseArgs),
    /// Draws a position, or the steps of a trial, as SVG pictures.
    Render(render::RenderArgs),
    /// Runs the language server for editors (LSP over stdio).
    Lsp,
    /// Opens the designer's workbench in the browser: edit, play, watch and analyse a game.
    Studio(crate::studio::StudioArgs),
}

/// The agents and their settings, for `--help`.
fn agents_help() -> String {
    let mut text = String::from("Agents (SPEC is NAME or NAME:KEY=VALUE,KEY=VALUE):\n");
    for line in ludus::agents::catalogue() {
        text.push_str(&format!("  {line}\n"));
    }
    text
}

/// Reads an agent spec on the command line.
pub fn parse_agent(s: &str) -> Result<ludus::agents::AgentSpec, String> {
    ludus::agents::AgentSpec::parse(s).map_err(|e| e.reason)
}

/// Refuses a count of games or playouts outside 1 to `max`: none is no measure at all.
pub fn count_in_range(flag: &str, n: u64, max: u64) -> Result<(), String> {
    if n == 0 || n > max {
        return Err(format!("error: {flag} {n} is out of range (1 to {max})"));
    }
    Ok(())
}

/// The worker pool for `--threads` (default: all cores).
pub fn thread_pool(threads: Option<usize>) -> Result<(rayon::ThreadPool, usize), String> {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 || threads > 1024 {
        return Err(format!(
            "error: --threads {threads} is out of range (1 to 1024)"
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("error: cannot start threads: {e}"))?;
    Ok((pool, threads))
}

/// A progress bar on stderr when it is a terminal; hidden otherwise.
pub fn progress_bar(len: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {per_sec} eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// Whether stderr is a terminal that takes colours.
pub fn color_stderr() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Parses the arguments and runs the command; returns the exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = match cli.command {
        Command::Validate(a) => front::validate(a),
        Command::Fmt(a) => front::fmt(a),
        Command::Docs => {
            output::write(
                format_args!("{}", ludus::check::registry::markdown()),
                false,
            );
            Ok(())
        }
        Command::Info(a) => inspect::info(a),
        Command::Moves(a) => inspect::moves(a),
        Command::Perft(a) => inspect::perft(a),
        Command::Run(a) => run::run(a),
        Command::Match(a) => contest::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Play(a) => play::run(a),
        Command::Analyse(a) => analyse::run(a),
        Command::Render(a) => render::run(a),
        Command::Lsp => crate::lsp::run(),
        Command::Studio(a) => crate::studio::run(a),
    };
    output::flush();
    match result {
        Ok(()) => 0,
        Err(message) => {
            if !message.is_empty() {
                let end = if message.ends_with('\n') { "" } else { "\n" };
                err!("{message}{end}");
            }
            1
        }
    }
}
