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
        Rule::integer => NodeKind::Int(pair.as_str().parse().unwrap_or(if pair.as_str().starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        })),
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

fn rule_name(rule: &Rule) -> &'static str {
    match rule {
        Rule::close_paren => "closing parenthesis `)`",
        Rule::close_brace => "closing brace `}`",
        Rule::open_paren => "opening parenthesis `(`",
        Rule::open_brace => "`{`",
        Rule::head => "a ludeme name",
        Rule::name => "a name",
        Rule::key => "a named argument",
        Rule::named => "a named argument",
        Rule::call => "a ludeme call",
        Rule::list => "a list",
        Rule::string => "a string",
        Rule::string_body => "the end of the string",
        Rule::integer => "an integer",
        Rule::boolean => "`true` or `false`",
        Rule::parameter => "a parameter `#n`",
        Rule::EOI => "end of file",
        _ => "an expression",
    }
}

fn from_pest(text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let (start, end) = match e.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, t)) => (s, t),
    };
    // Underline the character where parsing stopped.
    let end = if end > start {
        end
    } else {
        text[start..].chars().next().map_or(start, |c| start + c.len_utf8())
    };
    let found = text[start..]
        .chars()
        .next()
        .map_or("end of file".to_string(), |c| match c {
            '\0' => "a NUL byte".to_string(),
            c if c.is_control() => format!("control character U+{:04X}", c as u32),
            c => format!("`{c}`"),
        });
    let mut expected: Vec<&str> = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.iter().map(rule_name).collect(),
        ErrorVariant::CustomError { .. } => vec![],
    };
    expected.sort();
    expected.dedup();
    let wanted = match expected.as_slice() {
        [] => "something else".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    };
    let unclosed = expected.contains(&"closing parenthesis `)`") || expected.contains(&"closing brace `}`");
    let help = if found == "end of file" && unclosed {
        "a bracket opened earlier is never closed".to_string()
    } else if unclosed {
        "close the form, or check the brackets before this point".to_string()
    } else {
        "forms look like `(name arg key:value)`, lists like `{a b}`; strings use double quotes".to_string()
    };
    Diagnostic::new(
        "syntax::parse",
        Span::new(start, end),
        format!("expected {wanted}, found {found}"),
    )
    .label(format!("expected {wanted} here"))
    .help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_calls_lists_and_named_arguments() {
        let forms = parse(r#"(sow "Sow" from:(row 0) counts:{2 3} skip-origin:true) // c"#).unwrap();
        assert_eq!(forms.len(), 1);
        let sow = &forms[0];
        assert_eq!(sow.head(), Some("sow"));
        assert_eq!(sow.pos(0).and_then(|n| n.as_str()), Some("Sow"));
        assert_eq!(sow.named("from").and_then(|n| n.head()), Some("row"));
        assert_eq!(sow.named("counts").and_then(|n| n.as_list()).map(|l| l.len()), Some(2));
        assert_eq!(sow.named("skip-origin").map(|n| n.kind.clone()), Some(NodeKind::Bool(true)));
    }

    #[test]
    fn define_calls_are_quoted_heads() {
        let forms = parse(r#"("Home" Mover) (- 3 #1)"#).unwrap();
        assert!(matches!(&forms[0].kind, NodeKind::Call { quoted: true, head, .. } if head == "Home"));
        assert_eq!(forms[1].head(), Some("-"));
        assert_eq!(forms[1].pos(0).and_then(|n| n.as_int()), Some(3));
        assert_eq!(forms[1].pos(1).map(|n| n.kind.clone()), Some(NodeKind::Param(1)));
    }

    #[test]
    fn unclosed_call_says_so() {
        let e = parse("(game \"X\" (players 2)").unwrap_err();
        assert!(e.message.contains("closing parenthesis"), "{}", e.message);
    }

    #[test]
    fn deep_nesting_is_refused() {
        let text = "(".repeat(100_000);
        assert_eq!(parse(&text).unwrap_err().code, "syntax::too-deep");
    }
}
