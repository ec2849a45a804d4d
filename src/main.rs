//! The `ludus` command line.

#![forbid(unsafe_code)]

mod cli;
mod lsp;

fn main() {
    std::process::exit(cli::main());
}
