//! Stage 1: text → tokens → syntax tree with spans, and every syntax error. One lexer (the pest
//! grammar `grammar/ludus.pest`, in `lexer`) gives the tokens that the parser, the formatter and
//! the language server read; only `lexer` sees pest. Parsing never fails: it returns the forms it
//! could build and the diagnostics.

mod diagnose;
mod format;
mod lexer;
mod parser;
mod tree;

pub use format::format_source;
pub use lexer::{lex, unquote, Token, TokenKind};
pub use parser::{parse, Parsed, MAX_NESTING, MAX_SYNTAX_ERRORS};
pub use tree::{decimal_text, thousandths, Arg, Node, NodeKind, Span};

pub use crate::diagnostic::normalize;
