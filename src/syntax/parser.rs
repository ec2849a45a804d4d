//! The pest parser and the one place that turns `Pair`s into our own tree.

use super::tree::{Arg, Node, NodeKind, Span};
use crate::diagnostic::Diagnostic;
use pest::iterators::Pair;
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/ludus.pest"]
struct LudusParser;

/// How deep lists and calls may nest; deeper input is refused before pest sees it.
pub const MAX_NESTING: usize = 200;

/// Parses a whole file into its top-level forms.
pub fn parse(text: &str) -> Result<Vec<Node>, Diagnostic> {
    check_nesting(text)?;
    let mut pairs = LudusParser::parse(Rule::file, text).map_err(|e| from_pest(text, e))?;
    let file = pairs.next().map(|p| p.into_inner());
    let mut forms = Vec::new();
    for pair in file.into_iter().flatten() {
        if let Some(node) = node(pair) {
            forms.push(node);
        }
    }
    Ok(forms)
}

/// Parses a file and returns its pairs' flat token stream (for the formatter).
pub(super) fn tokens(text: &str) -> Result<Vec<Token>, Diagnostic> {
    check_nesting(text)?;
    let pairs = LudusParser::parse(Rule::file, text).map_err(|e| from_pest(text, e))?;
    let mut out = Vec::new();
    for pair in pairs.flatten() {
        let span = Span::new(pair.as_span().start(), pair.as_span().end());
        let kind = match pair.as_rule() {
            Rule::open_paren => TokenKind::Open,
            Rule::close_paren => TokenKind::Close,
            Rule::open_brace => TokenKind::OpenList,
            Rule::close_brace => TokenKind::CloseList,
            Rule::COMMENT => TokenKind::Comment,
            Rule::key => TokenKind::Key,
            Rule::string | Rule::integer | Rule::boolean | Rule::parameter => TokenKind::Atom,
            Rule::name => TokenKind::Atom,
            _ => continue,
        };
        out.push(Token { kind, span });
    }
    Ok(out)
}

/// A lexical token, as the formatter sees the file.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// The kinds of tokens.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum TokenKind {
    Open,
    Close,
    OpenList,
    CloseList,
    Key,
    Atom,
    Comment,
}

fn span_of(pair: &Pair<Rule>) -> Span {
    Span::new(pair.as_span().start(), pair.as_span().end())
}

fn node(pair: Pair<Rule>) -> Option<Node> {
    let span = span_of(&pair);
    let kind = match pair.as_rule() {
        Rule::call => {
            let mut inner = pair.into_inner().filter(|p| is_content(p.as_rule()));
            let head_pair = inner.next()?.into_inner().next()?;
            let head_span = span_of(&head_pair);
            let (head, quoted) = match head_pair.as_rule() {
                Rule::string => (unescape(head_pair.into_inner().as_str()), true),
                _ => (head_pair.as_str().to_string(), false),
            };
            let mut args = Vec::new();
            for p in inner {
                if p.as_rule() == Rule::named {
                    let mut kv = p.into_inner().filter(|p| is_content(p.as_rule()));
                    let key = kv.next()?;
                    let key_span = span_of(&key);
                    let key_name = key.as_str().trim_end_matches(':').to_string();
                    let value = node(kv.next()?)?;
                    args.push(Arg {
                        key: Some((key_name, key_span)),
                        value,
                    });
                } else {
                    args.push(Arg {
                        key: None,
                        value: node(p)?,
                    });
                }
            }
            NodeKind::Call {
                head,
                quoted,
                head_span,
                args,
            }
        }
        Rule::list => NodeKind::List(
            pair.into_inner()
                .filter(|p| is_content(p.as_rule()))
                .filter_map(node)
                .collect(),
        ),
        Rule::string => NodeKind::Str(unescape(pair.into_inner().as_str())),
        // Out-of-range integers saturate; the checker reports absurd values.
        Rule::integer => NodeKind::Int(pair.as_str().parse().unwrap_or(
            if pair.as_str().starts_with('-') {
                i64::MIN
            } else {
                i64::MAX
            },
        )),
        Rule::boolean => NodeKind::Bool(pair.as_str() == "true"),
        Rule::parameter => NodeKind::Param(pair.as_str()[1..].parse().unwrap_or(u32::MAX)),
        Rule::name => NodeKind::Name(pair.as_str().to_string()),
        _ => return None,
    };
    Some(Node::new(kind, span))
}

fn is_content(rule: Rule) -> bool {
    !matches!(
        rule,
        Rule::COMMENT | Rule::open_paren | Rule::close_paren | Rule::open_brace | Rule::close_brace
    )
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
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

/// Refuses input nested deeper than [`MAX_NESTING`], so that no recursive stage can overflow the stack.
fn check_nesting(text: &str) -> Result<(), Diagnostic> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::new(
                        "syntax::too-deep",
                        Span::new(i, i + 1),
                        format!("forms nest more than {MAX_NESTING} levels deep"),
                    )
                    .label("this bracket is too deep")
                    .help("a game description needs far fewer levels; look for unclosed or runaway brackets"));
                }
            }
            b')' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
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
    fn of(rules: &[Rule]) -> Expected {
        let mut e = Expected::default();
        for r in rules {
            match r {
                Rule::head => e.head = true,
                Rule::key | Rule::named => e.named = true,
                Rule::close_paren => e.close_paren = true,
                Rule::close_brace => e.close_brace = true,
                Rule::EOI => e.eoi = true,
                _ => e.value = true,
            }
        }
        e
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

/// Scans the brackets of `text[..upto]`: which are open there, and where indentation disagrees with them.
fn scan_brackets(text: &str, upto: usize) -> BracketScan {
    let bytes = text.as_bytes();
    let upto = upto.min(bytes.len());
    let mut scan = BracketScan::default();
    let mut last_close_to_top: Option<usize> = None;
    let (mut i, mut column, mut line_start) = (0usize, 0usize, true);
    let (mut line, mut indent) = (0usize, 0usize);
    // The first bracket opened on the current line, closed or not.
    let mut first_on_line: Option<usize> = None;
    while i < upto {
        let b = bytes[i];
        if b == b'\n' {
            scan.end_line(first_on_line);
            (i, column, line_start, line) = (i + 1, 0, true, i + 1);
            first_on_line = None;
            continue;
        }
        if line_start && !matches!(b, b' ' | b'\t' | b'\r') {
            line_start = false;
            indent = column;
            let comment = b == b'/' && bytes.get(i + 1) == Some(&b'/');
            if !comment && !matches!(b, b')' | b'}') {
                scan.start_line(i, column);
                if scan.closed_early.is_none() && scan.open.is_empty() && column > 0 {
                    scan.closed_early = last_close_to_top.map(|c| (c, i));
                }
            }
        }
        match b {
            b'"' => {
                // Skip the string, counting its characters so later columns stay exact.
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != b'"' && bytes[j] != b'\n' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let end = if bytes.get(j) == Some(&b'"') {
                    j + 1
                } else {
                    j.min(bytes.len())
                };
                column += text.get(i..end).map_or(end - i, |s| s.chars().count());
                scan.code_end = end;
                i = end;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' | b'{' => {
                first_on_line.get_or_insert(i);
                scan.open.push(Open {
                    at: i,
                    indent,
                    line,
                    byte: b,
                });
            }
            b')' | b'}' => {
                scan.open.pop();
                if scan.open.is_empty() {
                    last_close_to_top = Some(i);
                }
            }
            _ => {}
        }
        if !matches!(b, b' ' | b'\t' | b'\r') {
            scan.code_end = i + 1;
        }
        if text.is_char_boundary(i) {
            column += 1;
        }
        i += 1;
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

fn from_pest(text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let start = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
    .min(text.len());
    let rules: Vec<Rule> = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => vec![],
    };
    let expected = Expected::of(&rules);
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
        return unclosed(text);
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
            if let Some(d) = stray_closer(text, start, closer) {
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
fn unclosed(text: &str) -> Diagnostic {
    let scan = scan_brackets(text, text.len());
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
fn stray_closer(text: &str, at: usize, closer: u8) -> Option<Diagnostic> {
    let scan = scan_brackets(text, at);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_calls_lists_and_named_arguments() {
        let forms =
            parse(r#"(sow "Sow" from:(row 0) counts:{2 3} skip-origin:true) // c"#).unwrap();
        assert_eq!(forms.len(), 1);
        let sow = &forms[0];
        assert_eq!(sow.head(), Some("sow"));
        assert_eq!(sow.pos(0).and_then(|n| n.as_str()), Some("Sow"));
        assert_eq!(sow.named("from").and_then(|n| n.head()), Some("row"));
        assert_eq!(
            sow.named("counts")
                .and_then(|n| n.as_list())
                .map(|l| l.len()),
            Some(2)
        );
        assert_eq!(
            sow.named("skip-origin").map(|n| n.kind.clone()),
            Some(NodeKind::Bool(true))
        );
    }

    #[test]
    fn define_calls_are_quoted_heads() {
        let forms = parse(r#"("Home" Mover) (- 3 #1)"#).unwrap();
        assert!(
            matches!(&forms[0].kind, NodeKind::Call { quoted: true, head, .. } if head == "Home")
        );
        assert_eq!(forms[1].head(), Some("-"));
        assert_eq!(forms[1].pos(0).and_then(|n| n.as_int()), Some(3));
        assert_eq!(
            forms[1].pos(1).map(|n| n.kind.clone()),
            Some(NodeKind::Param(1))
        );
    }

    #[test]
    fn unclosed_call_says_so() {
        let e = parse("(game \"X\" (players 2)").unwrap_err();
        assert_eq!(e.code, "syntax::unclosed");
        assert_eq!(e.span, Span::new(0, 5), "points at `(game`");
    }

    #[test]
    fn deep_nesting_is_refused() {
        let text = "(".repeat(100_000);
        assert_eq!(parse(&text).unwrap_err().code, "syntax::too-deep");
    }
}
