//! ludus: a general game system. Board games are written as ludeme text (`.game` files),
//! checked, compiled into move generators and played headlessly.
//!
//! The pipeline, one module per stage: [`syntax`] (text → tree with spans) → [`expand`] (defines
//! and options) → [`check`] (registry, names, ranges) → [`compile`] (the executable rules) →
//! [`engine`] (the [`Game`] prepared for play, states, moves, perft, playouts) → [`agents`] and
//! the CLI on top; [`diagnostic`], [`files`] and [`board`] below them all. ARCHITECTURE.md is
//! the map.

// No unsafe code but one call, allowed where it stands: the CPU's fast select, entered after the
// CPU said it has the instruction (`board::select`).
#![deny(unsafe_code)]

pub mod agents;
pub mod board;
pub mod check;
pub mod compile;
pub mod diagnostic;
pub mod diagram;
pub mod engine;
pub mod expand;
pub mod files;
pub mod jobs;
mod load;
pub mod ludemes;
pub mod syntax;
pub mod trial;

pub use board::Prefetch;
pub use diagnostic::{Diagnostic, Source};
pub use engine::{Game, Move, MoveError, NodeType, PerPlayer, PlayError, State, Status};
pub use load::MAX_FILE_BYTES;
pub use load::{load_bytes, load_file, load_file_with_source, load_source, read_source, LoadError};
