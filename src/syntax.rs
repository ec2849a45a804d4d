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
pub use tree::{Arg, Node, NodeKind, Span};

use std::borrow::Cow;

/// The text as the front end reads it: a leading byte order mark dropped (editors do not show it
/// and `ludus fmt` does not write it), and each lone CR (old Mac line ends) made a LF, which keeps
/// every other offset. CRLF stays as it is.
pub fn normalize(text: &str) -> Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone_cr) {
        return Cow::Borrowed(text);
    }
    let mut out = bytes.to_vec();
    for (i, b) in out.iter_mut().enumerate() {
        if lone_cr(i) {
            *b = b'\n';
        }
    }
    // Only ASCII bytes were replaced by ASCII bytes.
    Cow::Owned(
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}
