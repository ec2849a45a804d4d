//! The `ludus` command line.

#![forbid(unsafe_code)]

mod cli;
mod lsp;
mod studio;

fn main() {
    std::process::exit(cli::main());
}
