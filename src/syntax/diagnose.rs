//! The words of a syntax error: what was expected and found, and for a bracket left open or a
//! closer too many, which bracket the layout of `ludus fmt` blames and where its closer belongs.

use super::lexer::{Token, TokenKind};
use super::tree::Span;
use crate::diagnostic::Diagnostic;

/// Where the parser stands when a token does not fit: what it may read there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// At the very start of the text: a form (the end of the file is not offered there).
    Start,
    /// Between the forms of the file: a form, or the end of the file.
    Top,
    /// Right after `(`: the ludeme called.
    Head,
    /// Inside a call after its head: an argument, named or not, or `)`.
    Argument,
    /// After a key `name:`: its value.
    Value,
    /// Inside a list: a form, or `}`.
    InList,
}

/// What a parse error expected, in the words of the language.
#[derive(Default)]
struct Expected {
    head: bool,
    value: bool,
    named: bool,
    close_paren: bool,
    close_brace: bool,
    eoi: bool,
}

impl Expected {
    fn at(place: Place) -> Expected {
        let value = true;
        match place {
            Place::Start | Place::Value => Expected {
                value,
                ..Expected::default()
            },
            Place::Top => Expected {
                value,
                eoi: true,
                ..Expected::default()
            },
            Place::Head => Expected {
                head: true,
                value,
                ..Expected::default()
            },
            Place::Argument => Expected {
                value,
                named: true,
                close_paren: true,
                ..Expected::default()
            },
            Place::InList => Expected {
                value,
                close_brace: true,
                ..Expected::default()
            },
        }
    }

    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.head {
            parts.push("a ludeme name, or a define's name in quotes");
        }
        // After `(` the head's own alternatives (a name, a string) are reported too; the head says it.
        if self.value && !self.head {
            parts.push(if self.named {
                "an argument"
            } else {
                "an expression"
            });
        }
        if self.close_paren {
            parts.push("`)`");
        }
        if self.close_brace {
            parts.push("`}`");
        }
        if self.eoi {
            parts.push("end of file");
        }
        match parts.as_slice() {
            [] => "something else".to_string(),
            [one] => one.to_string(),
            [init @ .., last] => format!("{} or {}", init.join(", "), last),
        }
    }
}

/// An opening bracket, as a plain scan of the text sees it (strings and comments skipped).
struct Open {
    at: usize,
    /// The indentation of the line it opens on: the canonical layout indents its contents deeper.
    indent: usize,
    /// The start of that line.
    line: usize,
    byte: u8,
}

/// A bracket that the canonical layout says should be closed by now, and where its closer belongs.
#[derive(Clone, Copy)]
struct Unclosed {
    /// The opening bracket.
    at: usize,
    /// The end of the code after which the closing bracket belongs.
    close_after: usize,
    /// The start of the line that gives it away: a line dedented beside it, or its own line.
    seen_at: usize,
}

/// What the brackets of a text suggest about a parse error.
#[derive(Default)]
struct BracketScan {
    /// Brackets still open at the point the scan stopped, outermost first.
    open: Vec<Open>,
    /// The first bracket that the layout of `ludus fmt` says should have been closed.
    unclosed: Option<Unclosed>,
    /// The first closing bracket that ended a top-level form before an indented line, and that line's start.
    closed_early: Option<(usize, usize)>,
    /// The end of the last code (not a blank or a comment) before the scan stopped.
    code_end: usize,
}

impl BracketScan {
    /// At a line's end: in the canonical layout only the line's first bracket, and a `{` that ends
    /// the line, stay open past it (`(rules (start ...)` or `(equipment {`); any other is unclosed.
    fn end_line(&mut self, first_on_line: Option<usize>) {
        let Some(first_at) = first_on_line else {
            return;
        };
        if self.unclosed.is_some() {
            return;
        }
        let code_end = self.code_end;
        let stray = self
            .open
            .iter()
            .find(|o| o.at > first_at && !(o.byte == b'{' && o.at + 1 == code_end));
        if let Some(o) = stray {
            self.unclosed = Some(Unclosed {
                at: o.at,
                close_after: code_end,
                seen_at: o.line,
            });
        }
    }

    /// At the first code of a line (not a closer): a form still open whose own line is indented as
    /// deep or deeper should have closed before it.
    fn start_line(&mut self, at: usize, column: usize) {
        if self.unclosed.is_none() {
            if let Some(o) = self.open.iter().find(|o| o.indent >= column) {
                self.unclosed = Some(Unclosed {
                    at: o.at,
                    close_after: self.code_end,
                    seen_at: at,
                });
            }
        }
    }
}

/// Scans the brackets of `text[..upto]`, token by token: which are open there, and where
/// indentation disagrees with them.
fn scan_brackets(text: &str, tokens: &[Token], upto: usize) -> BracketScan {
    let bytes = text.as_bytes();
    let upto = upto.min(bytes.len());
    let mut scan = BracketScan::default();
    let mut last_close_to_top: Option<usize> = None;
    let (mut column, mut line_start) = (0usize, true);
    let (mut line, mut indent) = (0usize, 0usize);
    // The first bracket opened on the current line, closed or not.
    let mut first_on_line: Option<usize> = None;
    let mut prev_end = 0usize;
    let ends = tokens
        .iter()
        .take_while(|t| (t.span.start as usize) < upto)
        .map(Some)
        .chain([None]);
    for token in ends {
        // The blanks before the token (or before `upto`): no token holds a line break.
        let gap_end = token.map_or(upto, |t| t.span.start as usize);
        for (k, &b) in bytes[prev_end.min(gap_end)..gap_end].iter().enumerate() {
            if b == b'\n' {
                scan.end_line(first_on_line);
                (column, line_start, line) = (0, true, prev_end + k + 1);
                first_on_line = None;
            } else {
                column += 1;
            }
        }
        let Some(t) = token else { break };
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        prev_end = end;
        if line_start {
            line_start = false;
            indent = column;
            if !matches!(
                t.kind,
                TokenKind::Comment | TokenKind::Close | TokenKind::CloseList
            ) {
                scan.start_line(start, column);
                if scan.closed_early.is_none() && scan.open.is_empty() && column > 0 {
                    scan.closed_early = last_close_to_top.map(|c| (c, start));
                }
            }
        }
        match t.kind {
            TokenKind::Comment => continue,
            TokenKind::Open | TokenKind::OpenList => {
                first_on_line.get_or_insert(start);
                scan.open.push(Open {
                    at: start,
                    indent,
                    line,
                    byte: bytes[start],
                });
            }
            TokenKind::Close | TokenKind::CloseList => {
                scan.open.pop();
                if scan.open.is_empty() {
                    last_close_to_top = Some(start);
                }
            }
            _ => {}
        }
        scan.code_end = end;
        column += text[start..end].chars().count();
    }
    if upto == bytes.len() {
        scan.end_line(first_on_line);
    }
    scan
}

/// The token at `start`: a run of characters up to a blank, bracket or quote (at most 24 characters).
fn token_at(text: &str, start: usize) -> &str {
    let rest = &text[start..];
    let first = rest.chars().next().map_or(0, char::len_utf8);
    // A blank the language does not know (U+3000, U+00A0 ...) is a token of its own.
    if rest.chars().next().is_some_and(char::is_whitespace) {
        return &rest[..first];
    }
    let end = rest
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c.is_whitespace() || "(){}\"".contains(c))
        .map_or(rest.len(), |(i, _)| i);
    let end = rest
        .char_indices()
        .nth(24)
        .map_or(end, |(i, _)| end.min(i))
        .max(first);
    &rest[..end]
}

fn describe_token(tok: &str) -> String {
    match tok.chars().next() {
        None => "end of file".to_string(),
        Some('\0') => "a NUL byte".to_string(),
        Some(c) if c.is_control() => format!("control character U+{:04X}", c as u32),
        Some(c) if c.is_whitespace() => format!("the blank U+{:04X}", c as u32),
        Some(_) => format!("`{tok}`"),
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The span of an opening bracket and the ludeme name after it: `(players`.
fn opener_span(text: &str, at: usize) -> Span {
    let rest = &text[at + 1..];
    let name = rest
        .char_indices()
        .take(30)
        .find(|&(_, c)| c.is_whitespace() || "(){}\"".contains(c))
        .map_or_else(
            || rest.char_indices().nth(30).map_or(rest.len(), |(i, _)| i),
            |(i, _)| i,
        );
    Span::new(at, at + 1 + name)
}

/// A string that is never closed, or that holds an unknown escape.
fn string_error(text: &str, start: usize) -> Option<Diagnostic> {
    let bytes = text.as_bytes();
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != b'\n' {
        match bytes[i] {
            b'"' => return None,
            b'\\' => {
                let next = text[i + 1..].chars().next();
                if !matches!(next, Some('"' | '\\' | 'n')) {
                    let len = 1 + next.map_or(0, char::len_utf8);
                    let shown = &text[i..i + len];
                    return Some(
                        Diagnostic::new("syntax::string", Span::new(i, i + len), format!("unknown escape `{}` in a string", shown.trim_end()))
                            .label("unknown escape")
                            .help("a string may escape `\\\"` (a quote), `\\\\` (a backslash) and `\\n` (a line break)"),
                    );
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    let end = i.min(bytes.len());
    let end = if end > start + 1 { end } else { start + 1 };
    Some(
        Diagnostic::new("syntax::string", Span::new(start, end), "this string is never closed")
            .label("the string runs to the end of the line")
            .help("end the string with `\"` on the same line; write `\\n` for a line break and `\\\"` for a quote"),
    )
}

/// The error of the token at `start` (the end of the text: none), which does not fit the place
/// the parser stands in. `tokens` are the text's tokens, read to find its brackets.
pub(super) fn unexpected(text: &str, tokens: &[Token], start: usize, place: Place) -> Diagnostic {
    let start = start.min(text.len());
    let expected = Expected::at(place);
    let tok = token_at(text, start);
    let found = describe_token(tok);
    let span = Span::new(start, start + tok.len());
    let first = tok.as_bytes().first().copied();
    let before = text[..start].trim_end();
    if first == Some(b'"') {
        if let Some(d) = string_error(text, start) {
            return d;
        }
    }
    if first.is_none() && (expected.close_paren || expected.close_brace) {
        return unclosed(text, tokens);
    }
    // A key with nothing after it.
    let key_start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_whitespace() || "(){}".contains(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let in_comment = text[..key_start]
        .rsplit('\n')
        .next()
        .is_some_and(|line| line.contains("//"));
    if before.ends_with(':') && expected.value && !in_comment {
        let key = &before[key_start..];
        return Diagnostic::new(
            "syntax::parse",
            Span::new(key_start, before.len()),
            format!("`{key}` has no value after it"),
        )
        .label("a value should follow")
        .related(span, format!("found {found}"))
        .help(format!("write `{key}value`, with no blank after the colon"));
    }
    if let Some(closer @ (b')' | b'}')) = first {
        let wanted = if closer == b')' {
            expected.close_paren
        } else {
            expected.close_brace
        };
        if !wanted {
            if let Some(d) = stray_closer(text, tokens, start, closer) {
                return d;
            }
        }
    }
    let wanted = expected.describe();
    let help = match first {
        Some(b'0'..=b'9' | b'-') => "a number is written with digits only (`-` in front if negative), and a name starts with a letter or `_`".to_string(),
        Some(b'#') => "define parameters are written #1, #2 ... in a define's body".to_string(),
        Some(b) if b >= 0x80 && tok.starts_with(char::is_whitespace) => "only spaces, tabs and line breaks separate tokens; retype this blank as a space".to_string(),
        Some(b':') => "a named argument is written `key:value`, with no blank before or after the colon".to_string(),
        _ if expected.head => "a form starts with the ludeme it calls: `(sow ...)`, or `(\"Name\" ...)` for a define".to_string(),
        Some(b) if b.is_ascii_alphabetic() || b == b'_' || b == b'"' || b == b'(' || b == b'{' => {
            "forms look like `(name arg key:value)`, lists like `{a b}`; check the brackets before this point".to_string()
        }
        _ => format!("{found} has no meaning here; the language has forms `(name arg key:value)`, lists `{{a b}}`, strings \"...\" and comments `// ...`"),
    };
    Diagnostic::new(
        "syntax::parse",
        span,
        format!("expected {wanted}, found {found}"),
    )
    .label(format!("unexpected {found}"))
    .help(help)
}

/// The file ends inside a form: points at the bracket that the layout says was left open, and at
/// the end of the line where its closing bracket belongs.
fn unclosed(text: &str, tokens: &[Token]) -> Diagnostic {
    let scan = scan_brackets(text, tokens, text.len());
    let (at, close_after, seen) = match (scan.unclosed, scan.open.first()) {
        (Some(u), _) => (u.at, u.close_after, Some(u.seen_at)),
        (None, Some(o)) => (o.at, scan.code_end, None),
        (None, None) => (0, scan.code_end, None),
    };
    let (bracket, closer, what) = if text.as_bytes().get(at) == Some(&b'{') {
        ("{", "}", "list")
    } else {
        ("(", ")", "form")
    };
    let help = closing_help(text, at, close_after, seen);
    let opener = opener_span(text, at);
    let mut d = Diagnostic::new(
        "syntax::unclosed",
        opener,
        format!("this {what} is never closed: the file ends before its `{closer}`"),
    )
    .label(format!("this `{bracket}` has no matching `{closer}`"))
    .help(help);
    if close_after > opener.end as usize {
        let last = text[..close_after]
            .chars()
            .next_back()
            .map_or(0, char::len_utf8);
        let label = if close_after == scan.code_end {
            format!("the file ends here; the `{closer}` belongs after this")
        } else {
            format!("the `{closer}` belongs after this")
        };
        d = d.related(Span::new(close_after - last, close_after), label);
    }
    d
}

/// Where the missing closer of the bracket at `at` belongs, and why the layout says so.
fn closing_help(text: &str, at: usize, close_after: usize, seen: Option<usize>) -> String {
    let (closer, what) = if text.as_bytes().get(at) == Some(&b'{') {
        ("}", "list")
    } else {
        (")", "form")
    };
    let close_line = line_of(text, close_after.saturating_sub(1));
    match seen {
        Some(seen) if line_of(text, seen) != line_of(text, at) => format!(
            "add its `{closer}` at the end of line {close_line}: line {} is indented as if it stood beside this {what}, not inside it",
            line_of(text, seen)
        ),
        Some(_) => format!(
            "add its `{closer}` on line {close_line}: in the layout of `ludus fmt` only the first form of a line runs on to the lines below it"
        ),
        None => format!("add its `{closer}` at the end of line {close_line}, where the {what} ends"),
    }
}

/// A closing bracket that closes nothing, or the wrong kind of bracket; `None` when it would close
/// the open bracket well and something else is missing, as in `()`.
fn stray_closer(text: &str, tokens: &[Token], at: usize, closer: u8) -> Option<Diagnostic> {
    let scan = scan_brackets(text, tokens, at);
    let shown = closer as char;
    Some(match scan.open.last() {
        Some(o) if (o.byte == b'(') == (closer == b')') => return None,
        Some(top) => {
            // The layout knows better than the nesting which bracket lost its closer: the closers
            // after the lost one each closed the bracket around the one they were written for.
            let blamed = scan.unclosed.filter(|u| text.as_bytes()[u.at] == top.byte);
            let o_at = blamed.map_or(top.at, |u| u.at);
            let (open, close) = if text.as_bytes()[o_at] == b'{' {
                ("{", "}")
            } else {
                ("(", ")")
            };
            let help = match blamed {
                Some(u) => closing_help(text, u.at, u.close_after, Some(u.seen_at)),
                None => format!(
                    "close the `{open}` with `{close}` first, or check the brackets between the two"
                ),
            };
            let message = if blamed.is_some_and(|u| u.at != top.at) {
                format!(
                    "`{shown}` comes before the `{close}` of the `{open}` opened on line {}",
                    line_of(text, o_at)
                )
            } else {
                format!(
                    "`{shown}` cannot close the `{open}` opened on line {}",
                    line_of(text, o_at)
                )
            };
            Diagnostic::new("syntax::mismatched", Span::new(at, at + 1), message)
                .label(format!("expected `{close}` here"))
                .related(
                    opener_span(text, o_at),
                    format!("this `{open}` is still open"),
                )
                .help(help)
        }
        None => {
            let d = Diagnostic::new(
                "syntax::unmatched",
                Span::new(at, at + 1),
                format!("this `{shown}` closes nothing"),
            )
            .label("no open bracket to close");
            match scan.closed_early {
                Some((early, line)) => d
                    .related(Span::new(early, early + 1), "this closes the form early")
                    .help(format!(
                        "the form was closed on line {}, but line {} is indented as if it were still inside; remove the early `{}`",
                        line_of(text, early),
                        line_of(text, line),
                        text.as_bytes()[early] as char
                    )),
                None => d.help("delete it, or look for a form before it that was closed too soon"),
            }
        }
    })
}
