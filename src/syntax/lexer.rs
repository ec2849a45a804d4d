//! The one lexer: the pest grammar `grammar/ludus.pest` cuts any text into tokens. The parser, the
//! formatter and the language server all read this token stream; only this file sees pest.

use super::tree::Span;
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/ludus.pest"]
struct LudusLexer;

/// One token of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it is written.
    pub span: Span,
}

/// The kinds of tokens. Every byte of a text that is not a blank belongs to one token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `{`.
    OpenList,
    /// `}`.
    CloseList,
    /// A key `name:`, its colon included.
    Key,
    /// A string, its quotes included.
    Str,
    /// A whole number.
    Int,
    /// A number with a fractional part: `7.5`.
    Decimal,
    /// `true` or `false`.
    Bool,
    /// A define parameter `#1`.
    Param,
    /// A name or an operator.
    Name,
    /// A comment `// ...`, up to the end of its line.
    Comment,
    /// A string never closed on its line, or holding an unknown escape.
    BadString,
    /// Anything the language does not know: `@`, `3abc`, `[1]`, a NUL byte.
    Stray,
}

impl TokenKind {
    /// Whether the token is a whole value on its own (a string, number, boolean, parameter, name).
    pub fn is_atom(self) -> bool {
        matches!(
            self,
            TokenKind::Str
                | TokenKind::Int
                | TokenKind::Decimal
                | TokenKind::Bool
                | TokenKind::Param
                | TokenKind::Name
        )
    }
}

/// Cuts a text into tokens, comments included, in order. Never fails: what the language does not
/// know is a [`TokenKind::Stray`] or [`TokenKind::BadString`] token.
pub fn lex(text: &str) -> Vec<Token> {
    let Ok(pairs) = LudusLexer::parse(Rule::file, text) else {
        // The grammar matches any text; should it not, the text is one stray token.
        return vec![Token {
            kind: TokenKind::Stray,
            span: Span::new(0, text.len()),
        }];
    };
    let mut out = Vec::new();
    for pair in pairs.flatten() {
        let kind = match pair.as_rule() {
            Rule::open_paren => TokenKind::Open,
            Rule::close_paren => TokenKind::Close,
            Rule::open_brace => TokenKind::OpenList,
            Rule::close_brace => TokenKind::CloseList,
            Rule::key => TokenKind::Key,
            Rule::string => TokenKind::Str,
            Rule::integer => TokenKind::Int,
            Rule::decimal => TokenKind::Decimal,
            Rule::boolean => TokenKind::Bool,
            Rule::parameter => TokenKind::Param,
            Rule::name => TokenKind::Name,
            Rule::comment => TokenKind::Comment,
            Rule::bad_string | Rule::unclosed_string => TokenKind::BadString,
            Rule::stray => TokenKind::Stray,
            _ => continue,
        };
        let span = Span::new(pair.as_span().start(), pair.as_span().end());
        out.push(Token { kind, span });
    }
    out
}

/// The text of a string token without its quotes, escapes read (`\n` a line break); an unclosed
/// or badly escaped string is read as far as it goes, an unknown escape as the character escaped.
pub fn unquote(token: &str) -> String {
    let inner = token.strip_prefix('"').unwrap_or(token);
    let inner = match inner.strip_suffix('"') {
        Some(body) if closed(token) => body,
        _ => inner,
    };
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether a string token ends with its closing quote (not with an escaped one).
fn closed(token: &str) -> bool {
    match token.get(1..).and_then(|body| body.strip_suffix('"')) {
        // The quote closes when an even number of backslashes stands before it.
        Some(before) => before.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 0,
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        lex(text)
            .into_iter()
            .map(|t| (t.kind, &text[t.span.start as usize..t.span.end as usize]))
            .collect()
    }

    #[test]
    fn every_text_is_tokens() {
        use TokenKind::*;
        assert_eq!(
            kinds("(a to:-3 {#1 true} \"s\") // c\n3abc @ -x"),
            [
                (Open, "("),
                (Name, "a"),
                (Key, "to:"),
                (Int, "-3"),
                (OpenList, "{"),
                (Param, "#1"),
                (Bool, "true"),
                (CloseList, "}"),
                (Str, "\"s\""),
                (Close, ")"),
                (Comment, "// c"),
                (Stray, "3abc"),
                (Stray, "@"),
                (Name, "-"),
                (Name, "x"),
            ]
        );
        // An unclosed string stops before a bracket; one with an unknown escape runs to its quote.
        assert_eq!(
            kinds("(s \"open)\n\"a\\tb\""),
            [
                (Open, "("),
                (Name, "s"),
                (BadString, "\"open"),
                (Close, ")"),
                (BadString, "\"a\\tb\"")
            ]
        );
        assert!(lex("").is_empty());
    }

    #[test]
    fn strings_unquote() {
        assert_eq!(unquote(r#""a\"b\\c\nd""#), "a\"b\\c\nd");
        assert_eq!(unquote(r#""Ho"#), "Ho");
        assert_eq!(unquote(r#""a\""#), "a\"");
        assert_eq!(unquote("\""), "");
    }
}
