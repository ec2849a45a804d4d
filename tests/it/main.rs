//! The integration tests, one module per capability, gathered in one test binary: one link of
//! the library instead of one per file, which is most of a cold build's time on a small machine.
//! `allocations.rs` (its own global allocator) and `hostile.rs` (it reads its process's peak
//! memory) stay binaries of their own.

#[path = "../command/mod.rs"]
mod command;
#[path = "../setup/mod.rs"]
mod setup;
#[path = "../tokens/mod.rs"]
mod tokens;
#[path = "../reference/tree.rs"]
mod tree;

mod agents;
mod amazons;
mod architecture;
mod arithmetic;
mod ataxx;
mod backgammon;
mod bagh_chal;
mod board_text;
mod boards;
mod breakthrough;
mod captures;
mod chess;
mod cli;
mod compulsory;
mod connect6;
mod connect_four;
mod contest;
mod diagnostics;
mod directions;
mod dobutsu_shogi;
mod draughts;
mod effects;
mod ending;
mod families;
mod fanorona;
mod flank;
mod format;
mod gates;
mod go;
mod grammar;
mod hex;
mod international_draughts;
mod invariants;
mod kalah;
mod kinds;
mod konane;
mod language_doc;
mod lines;
mod lines_of_action;
mod lsp;
mod ludo;
mod morris;
mod papan_dakon;
mod pente;
mod perft;
mod placing;
mod play;
mod players;
mod playthrough;
mod priority;
mod race;
mod readable;
mod render;
mod reversi;
mod robust_engine;
mod robust_front;
mod robust_io;
mod sampling;
mod sets;
mod shifting;
mod sig;
mod snakes_and_ladders;
mod sowing;
mod sowing_perft;
mod standalone;
mod strength;
mod studio;
mod studio_browser;
mod syntax_recovery;
mod tabou;
mod tak;
mod toki;
mod trials;
mod turns;
mod tutorial;
mod ur;
mod variants;
mod woli;
mod writes;
