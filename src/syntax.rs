//! Stage 1: text → syntax tree with spans. Only this stage sees pest `Pair`s.

mod format;
mod parser;
mod tree;

pub use format::format_source;
pub use parser::parse;
pub use tree::{Arg, Node, NodeKind, Span};

pub use crate::diagnostic::normalize;
