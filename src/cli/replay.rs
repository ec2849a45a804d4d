//! `ludus replay`: re-applies a trial's actions, checks each is legal and that the recorded result
//! comes out again, and shows the position at a step.

use clap::Args;
use ludus::trial::Trial;
use std::path::{Path, PathBuf};

/// Arguments of `ludus replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// The trial file (RON).
    trial: PathBuf,
    /// Shows the position after this many actions (default: the end).
    #[arg(long, value_name = "K")]
    step: Option<usize>,
    /// The game file, instead of the one named in the trial.
    #[arg(long, value_name = "FILE")]
    game: Option<PathBuf>,
}

/// Where the trial's game file is: as given, or beside the trial.
pub fn game_file(trial: &Trial, trial_path: &Path, given: Option<&Path>) -> PathBuf {
    if let Some(g) = given {
        return g.to_path_buf();
    }
    let stored = PathBuf::from(&trial.game.file);
    if stored.is_relative() && !stored.exists() {
        if let Some(beside) = trial_path
            .parent()
            .map(|d| d.join(&stored))
            .filter(|p| p.exists())
        {
            return beside;
        }
    }
    stored
}

/// Reads a trial and loads its game (the one it names, or `given`) with the trial's options.
/// A trial may come from anyone: the file it names is read only if it is a `.game` file, so that
/// a trial naming `/etc/passwd` does not get its lines quoted in a diagnostic.
pub fn load_trial(path: &Path, given: Option<&Path>) -> Result<(Trial, ludus::Game), String> {
    let trial = Trial::read(path).map_err(|e| format!("error: {e}"))?;
    let file = game_file(&trial, path, given);
    if given.is_none() && file.extension().is_none_or(|e| e != "game") {
        return Err(format!(
            "error: the trial names {} as its game, which is not a `.game` file; give the game with --game FILE",
            trial.game.file
        ));
    }
    let game = super::load(&file, &trial.settings()).map_err(|e| {
        // Options that do not fit may mean another game altogether: say so if it is.
        match ludus::load_file(&file, &[]) {
            Ok(other) if other.name != trial.game.name => format!(
                "error: the trial is of {}, but the game file is {}",
                trial.game.name, other.name
            ),
            _ => format!(
                "error: cannot load the trial's game {} with its options\n{e}",
                file.display()
            ),
        }
    })?;
    for w in trial.check_game(&game).map_err(|e| format!("error: {e}"))? {
        errln!("warning: {w}");
    }
    Ok((trial, game))
}

/// Replays the trial and prints the position.
pub fn run(args: ReplayArgs) -> Result<(), String> {
    let (trial, game) = load_trial(&args.trial, args.game.as_deref())?;
    let replay = trial
        .replay(&game)
        .map_err(|e| format!("error: {} diverges: {e}", args.trial.display()))?;
    let total = replay.moves.len();
    let step = args.step.unwrap_or(total);
    if step > total {
        return Err(format!("error: --step {step} is past the end: the trial has {total} actions (steps 0 to {total})"));
    }
    let state = &replay.states[step];
    // A score only for a game that keeps one: `P1 wins`, not `P1 wins 0-0`.
    let end = replay.states.last().unwrap_or(state);
    let score = if game.keeps_score(end) {
        let scores: Vec<String> = [trial.scores.0, trial.scores.1]
            .iter()
            .chain(&trial.more_scores)
            .map(u32::to_string)
            .collect();
        format!(" {}", scores.join("-"))
    } else {
        String::new()
    };
    outln!(
        "{}: {} actions, {}{score} ({}, seed {}, game {})",
        game.name,
        total,
        trial.result,
        trial.seats().join(" vs "),
        trial.seed,
        trial.number()
    );
    if step == 0 {
        outln!("step 0: the start");
    } else {
        let before = &replay.states[step - 1];
        let who = if before.node() == ludus::NodeType::Chance {
            format!("P{} threw", before.mover() + 1)
        } else {
            format!("P{} played", before.mover() + 1)
        };
        outln!("step {step}: {who} {}", trial.actions[step - 1]);
    }
    out!("{}", game.render(state));
    outln!("replay ok: every action is legal and the result is reproduced");
    Ok(())
}
