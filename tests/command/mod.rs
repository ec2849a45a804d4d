//! Running the `ludus` binary as a user would, and reading what it printed.

#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `ludus` with the arguments and waits for it.
pub fn ludus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// What it printed on stdout.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What it printed on stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
