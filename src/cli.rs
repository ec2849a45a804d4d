//! The command line: thin commands over the library. Every error is a message and exit code 1;
//! usage errors exit 2 (clap).

mod inspect;
mod front;
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
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE", value_parser = parse_setting)]
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
    ludus::load_file(file, options).map_err(|e| e.render(color_stderr()))
}

fn parse_setting(s: &str) -> Result<(String, String), String> {
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
}

/// A progress bar on stderr when it is a terminal; hidden otherwise.
pub fn progress_bar(len: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {per_sec} eta {eta}") {
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
            print!("{}", ludus::check::registry::markdown());
            Ok(())
        }
        Command::Info(a) => inspect::info(a),
        Command::Moves(a) => inspect::moves(a),
        Command::Perft(a) => inspect::perft(a),
        Command::Run(a) => run::run(a),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            if !message.is_empty() {
                eprint!("{message}");
                if !message.ends_with('\n') {
                    eprintln!();
                }
            }
            1
        }
    }
}
