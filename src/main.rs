//! The `ludus` command line.

mod cli;
mod lsp;

fn main() {
    std::process::exit(cli::main());
}
