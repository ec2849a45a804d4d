//! The tree, built by hand from the one lexer's tokens. Parsing never fails: it gives the forms it
//! could build and every syntax error, in the order the parser meets them. After an error it steps
//! over the token, or closes the brackets the rest of the text says were left open, so that one
//! mistake gives one error.

use super::diagnose::{self, Place};
use super::lexer::{lex, unquote, Token, TokenKind};
use super::tree::{Arg, Node, NodeKind, Span};
use crate::diagnostic::Diagnostic;

/// How deep lists and calls may nest; deeper input is refused before a tree is built.
pub const MAX_NESTING: usize = 200;

/// How many syntax errors one text reports; past them the text is read for its forms only. Each
/// error may scan the text for its brackets, so the bound keeps a parse linear.
pub const MAX_SYNTAX_ERRORS: usize = 32;

/// What parsing a text gives: the forms it could build and its syntax errors.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The top-level forms, as far as they could be built around the errors.
    pub forms: Vec<Node>,
    /// Every syntax error, in the order met (an unclosed bracket is met at the end of the text).
    pub diagnostics: Vec<Diagnostic>,
}

impl Parsed {
    /// The forms of a text without syntax errors, or its errors.
    pub fn into_result(self) -> Result<Vec<Node>, Vec<Diagnostic>> {
        if self.diagnostics.is_empty() {
            Ok(self.forms)
        } else {
            Err(self.diagnostics)
        }
    }
}

/// Parses a whole file into its top-level forms and its syntax errors. Never fails.
pub fn parse(text: &str) -> Parsed {
    parse_tokens(text, &lex(text))
}

/// Parses a text already cut into `tokens` (by [`lex`]).
pub(super) fn parse_tokens(text: &str, tokens: &[Token]) -> Parsed {
    if let Some(d) = too_deep(tokens) {
        return Parsed {
            forms: Vec::new(),
            diagnostics: vec![d],
        };
    }
    let code: Vec<Token> = tokens
        .iter()
        .copied()
        .filter(|t| t.kind != TokenKind::Comment)
        .collect();
    let mut parser = Parser::new(text, tokens, &code);
    let forms = parser.file();
    Parsed {
        forms,
        diagnostics: parser.diagnostics,
    }
}

/// Refuses input nested deeper than [`MAX_NESTING`], so that no recursive stage can overflow the
/// stack.
fn too_deep(tokens: &[Token]) -> Option<Diagnostic> {
    let mut depth = 0usize;
    for t in tokens {
        match t.kind {
            TokenKind::Open | TokenKind::OpenList => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(deep(t.span));
                }
            }
            TokenKind::Close | TokenKind::CloseList => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn deep(span: Span) -> Diagnostic {
    Diagnostic::new(
        "syntax::too-deep",
        span,
        format!("forms nest more than {MAX_NESTING} levels deep"),
    )
    .label("this bracket is too deep")
    .help("a game description needs far fewer levels; look for unclosed or runaway brackets")
}

/// The two kinds of brackets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bracket {
    Paren,
    Brace,
}

impl Bracket {
    fn closed_by(kind: TokenKind) -> Option<Bracket> {
        match kind {
            TokenKind::Close => Some(Bracket::Paren),
            TokenKind::CloseList => Some(Bracket::Brace),
            _ => None,
        }
    }
}

/// What to make of a closing bracket that does not close the innermost open one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Repair {
    /// It closes the innermost bracket anyway: the wrong kind was typed.
    Substitute,
    /// The brackets inside the one it closes lost their closers; it closes them all (the number of
    /// brackets still open once it is read).
    CloseTo(usize),
    /// It is one bracket too many: stepped over.
    Skip,
}

/// The state of one parse.
struct Parser<'t> {
    text: &'t str,
    /// Every token, comments included (the brackets' layout is read from them).
    tokens: &'t [Token],
    /// The tokens without comments.
    code: &'t [Token],
    /// The next token of `code`.
    at: usize,
    /// The rest of a token split in two, as the next token: a key read as a name where only a value
    /// may stand leaves its colon (a stray token), a negative number read as the head `-` its digits.
    rest: Option<Token>,
    /// For each token of `code`, how many closing brackets from it to the end close nothing after
    /// it: how many of the brackets open before it the rest of the text closes.
    closes_after: Vec<usize>,
    /// The brackets open, outermost first.
    open: Vec<Bracket>,
    /// While brackets are closed together, the number of brackets that stay open.
    unwind: Option<usize>,
    diagnostics: Vec<Diagnostic>,
    /// Where the last error was met: a second error at one token is a consequence of the first.
    last_error: Option<usize>,
}

impl<'t> Parser<'t> {
    fn new(text: &'t str, tokens: &'t [Token], code: &'t [Token]) -> Parser<'t> {
        let mut closes_after = vec![0usize; code.len() + 1];
        for (i, t) in code.iter().enumerate().rev() {
            closes_after[i] = match t.kind {
                TokenKind::Close | TokenKind::CloseList => closes_after[i + 1] + 1,
                TokenKind::Open | TokenKind::OpenList => closes_after[i + 1].saturating_sub(1),
                _ => closes_after[i + 1],
            };
        }
        Parser {
            text,
            tokens,
            code,
            at: 0,
            rest: None,
            closes_after,
            open: Vec::new(),
            unwind: None,
            diagnostics: Vec::new(),
            last_error: None,
        }
    }

    /// The next token, if any.
    fn peek(&self) -> Option<Token> {
        self.rest.or_else(|| self.code.get(self.at).copied())
    }

    fn bump(&mut self) {
        if self.rest.take().is_none() {
            self.at += 1;
        }
    }

    /// Reads the next token up to `at` only; the rest of it, of kind `kind`, is the next token.
    fn split(&mut self, at: usize, kind: TokenKind) {
        if let Some(t) = self.code.get(self.at).copied() {
            self.at += 1;
            self.rest = Some(Token {
                kind,
                span: Span::new(at, t.span.end as usize),
            });
        }
    }

    /// Where the next token starts (the end of the text after the last).
    fn here(&self) -> usize {
        self.peek()
            .map_or(self.text.len(), |t| t.span.start as usize)
    }

    /// Records an error, unless one was met at the same token already or the bound is reached.
    fn report(&mut self, at: usize, make: impl FnOnce(&Self) -> Diagnostic) {
        if self.last_error == Some(at) || self.diagnostics.len() >= MAX_SYNTAX_ERRORS {
            return;
        }
        self.last_error = Some(at);
        let d = make(self);
        self.diagnostics.push(d);
    }

    /// The next token does not fit `place`.
    fn unexpected(&mut self, place: Place) {
        let at = self.here();
        self.report(at, |p| diagnose::unexpected(p.text, p.tokens, at, place));
    }

    /// Whether brackets are being closed together and the current one is among them.
    fn unwinding(&mut self) -> bool {
        match self.unwind {
            Some(keep) if self.open.len() > keep => true,
            Some(_) => {
                self.unwind = None;
                false
            }
            None => false,
        }
    }

    /// The top-level forms.
    fn file(&mut self) -> Vec<Node> {
        let mut forms = Vec::new();
        while let Some(t) = self.peek() {
            let place = if t.span.start == 0 {
                Place::Start
            } else {
                Place::Top
            };
            match t.kind {
                TokenKind::Close | TokenKind::CloseList => {
                    self.unexpected(place);
                    self.bump();
                }
                _ => {
                    forms.extend(self.form(place));
                    // A colon left of a key is never at the start of the text.
                    self.lost_call(Place::Top);
                }
            }
        }
        forms
    }

    /// One form at the next token, which is not a closing bracket; `place` says what may stand
    /// there, for an error. A token that is no form is reported and stepped over.
    fn form(&mut self, place: Place) -> Option<Node> {
        let t = self.peek()?;
        let span = t.span;
        let text = self.text;
        let slice = &text[span.start as usize..span.end as usize];
        let kind = match t.kind {
            TokenKind::Open => return self.call(),
            TokenKind::OpenList => return self.list(),
            TokenKind::Str => NodeKind::Str(unquote(slice)),
            // Out-of-range integers saturate; the checker reports absurd values.
            TokenKind::Int => NodeKind::Int(slice.parse().unwrap_or(if slice.starts_with('-') {
                i64::MIN
            } else {
                i64::MAX
            })),
            TokenKind::Decimal => NodeKind::Decimal(slice.to_string()),
            TokenKind::Bool => NodeKind::Bool(slice == "true"),
            TokenKind::Param => NodeKind::Param(slice[1..].parse().unwrap_or(u32::MAX)),
            TokenKind::Name => NodeKind::Name(slice.to_string()),
            TokenKind::Key => {
                // No key stands here: the name before the colon is the value, the colon is stray.
                let name = Span::new(span.start as usize, span.end as usize - 1);
                self.split(name.end as usize, TokenKind::Stray);
                let name_text = &slice[..slice.len() - 1];
                let kind = if matches!(name_text, "true" | "false") {
                    NodeKind::Bool(name_text == "true")
                } else {
                    NodeKind::Name(name_text.to_string())
                };
                return Some(Node::new(kind, name));
            }
            TokenKind::BadString => {
                let at = span.start as usize;
                // The error says what is wrong in the string; it stands for a string.
                self.report(at, |p| diagnose::unexpected(p.text, p.tokens, at, place));
                NodeKind::Str(unquote(slice))
            }
            TokenKind::Stray | TokenKind::Comment | TokenKind::Close | TokenKind::CloseList => {
                self.unexpected(place);
                self.bump();
                return None;
            }
        };
        self.bump();
        Some(Node::new(kind, span))
    }

    /// Opens a bracket, unless that would nest too deep (possible only after a repair).
    fn enter(&mut self, bracket: Bracket) -> bool {
        let t = self.peek();
        self.bump();
        if self.open.len() >= MAX_NESTING {
            if let Some(t) = t {
                self.report(t.span.start as usize, |_| deep(t.span));
            }
            return false;
        }
        self.open.push(bracket);
        true
    }

    /// A call, at its `(`.
    fn call(&mut self) -> Option<Node> {
        let open = self.here();
        if !self.enter(Bracket::Paren) {
            return None;
        }
        let head = self.head();
        let (args, end) = self.arguments();
        self.open.pop();
        let (head, quoted, head_span) = head?;
        Some(Node::new(
            NodeKind::Call {
                head,
                quoted,
                head_span,
                args,
            },
            Span::new(open, end),
        ))
    }

    /// The arguments of a call up to its `)`, and where the call ends.
    fn arguments(&mut self) -> (Vec<Arg>, usize) {
        let mut args = Vec::new();
        let end = loop {
            if self.unwinding() {
                break self.code[self.at.saturating_sub(1)].span.end as usize;
            }
            let Some(t) = self.peek() else {
                self.unexpected(Place::Argument);
                break self.text.len();
            };
            match t.kind {
                TokenKind::Close => {
                    self.bump();
                    break t.span.end as usize;
                }
                TokenKind::CloseList => {
                    self.unexpected(Place::Argument);
                    if let Some(end) = self.repair(t) {
                        break end;
                    }
                }
                TokenKind::Key => {
                    self.bump();
                    let key = t.span;
                    let text = self.text;
                    let name = text[key.start as usize..key.end as usize - 1].to_string();
                    let fits = self.peek().is_some_and(|v| {
                        !matches!(
                            v.kind,
                            TokenKind::Close | TokenKind::CloseList | TokenKind::Stray
                        )
                    });
                    if !fits {
                        self.unexpected(Place::Value);
                        continue;
                    }
                    if let Some(value) = self.form(Place::Value) {
                        args.push(Arg {
                            key: Some((name, key)),
                            value,
                        });
                    }
                }
                _ => {
                    if let Some(value) = self.form(Place::Argument) {
                        args.push(Arg { key: None, value });
                    }
                }
            }
        };
        (args, end)
    }

    /// After a key where only a value may stand (the name read, its colon next): when the rest of
    /// the text closes more brackets than are open, the `(` of a call was lost before the key.
    /// The colon is reported, and the arguments up to the closer too many are read as that call's,
    /// so that its other keys and its `)` are no further errors.
    fn lost_call(&mut self, place: Place) {
        let colon = self.rest.is_some_and(|t| t.kind == TokenKind::Stray);
        if !colon || self.closes_after[self.at] <= self.open.len() {
            return;
        }
        self.unexpected(place);
        self.bump();
        if self.open.len() < MAX_NESTING {
            self.open.push(Bracket::Paren);
            self.arguments();
            self.open.pop();
        }
    }

    /// After a key inside a list (the name read as an item, its colon next): when the rest of the
    /// text closes the brackets around the list but not the list, the list lost its `}` before
    /// the key. The colon is reported, the list ends, and the key is read again as an argument of
    /// the call around the list.
    fn key_after_lost_brace(&mut self) -> bool {
        let colon = self.rest.is_some_and(|t| t.kind == TokenKind::Stray);
        let depth = self.open.len();
        let in_call = depth >= 2 && self.open[depth - 2] == Bracket::Paren;
        if !colon || !in_call || self.closes_after[self.at] + 1 != depth {
            return false;
        }
        self.unexpected(Place::InList);
        self.rest = None;
        self.at -= 1;
        true
    }

    /// The head of a call after its `(`: a name, or a define's name in quotes. Anything else is
    /// an error, and not stepped over: a form there is read as the call's first argument.
    fn head(&mut self) -> Option<(String, bool, Span)> {
        let t = self.peek();
        let text = self.text;
        if let Some(t) =
            t.filter(|t| t.kind == TokenKind::Int && text[t.span.start as usize..].starts_with('-'))
        {
            // `(-1 ...)`: the head is the operator `-`, the digits are its first argument.
            self.split(t.span.start as usize + 1, TokenKind::Int);
            return Some((
                "-".to_string(),
                false,
                Span::new(t.span.start as usize, t.span.start as usize + 1),
            ));
        }
        let Some(t) = t.filter(|t| {
            matches!(
                t.kind,
                TokenKind::Name | TokenKind::Bool | TokenKind::Str | TokenKind::Key
            )
        }) else {
            self.unexpected(Place::Head);
            return None;
        };
        let slice = &text[t.span.start as usize..t.span.end as usize];
        if t.kind == TokenKind::Key {
            // `(to: ...)`: the name is the head, the colon is stray.
            self.split(t.span.end as usize - 1, TokenKind::Stray);
            let span = Span::new(t.span.start as usize, t.span.end as usize - 1);
            return Some((slice[..slice.len() - 1].to_string(), false, span));
        }
        self.bump();
        Some(match t.kind {
            TokenKind::Str => (unquote(slice), true, t.span),
            _ => (slice.to_string(), false, t.span),
        })
    }

    /// A list, at its `{`.
    fn list(&mut self) -> Option<Node> {
        let open = self.here();
        if !self.enter(Bracket::Brace) {
            return None;
        }
        let mut items = Vec::new();
        let end = loop {
            if self.unwinding() {
                break self.code[self.at.saturating_sub(1)].span.end as usize;
            }
            let Some(t) = self.peek() else {
                self.unexpected(Place::InList);
                break self.text.len();
            };
            match t.kind {
                TokenKind::CloseList => {
                    self.bump();
                    break t.span.end as usize;
                }
                TokenKind::Close => {
                    self.unexpected(Place::InList);
                    if let Some(end) = self.repair(t) {
                        break end;
                    }
                }
                _ => {
                    items.extend(self.form(Place::InList));
                    if self.key_after_lost_brace() {
                        items.pop();
                        break self.code[self.at.saturating_sub(1)].span.end as usize;
                    }
                    self.lost_call(Place::InList);
                }
            }
        };
        self.open.pop();
        Some(Node::new(NodeKind::List(items), Span::new(open, end)))
    }

    /// Reads a closing bracket `t` that does not close the innermost open bracket, as the brackets
    /// of the rest of the text suggest: the innermost bracket ends (where, returned) when the
    /// closer closes it or the brackets around it; otherwise the closer is stepped over.
    fn repair(&mut self, t: Token) -> Option<usize> {
        let depth = self.open.len();
        // The brackets the rest of the text closes, after this closer.
        let rest = self.closes_after[self.at + 1];
        let matching =
            Bracket::closed_by(t.kind).and_then(|b| self.open.iter().rposition(|&o| o == b));
        let mut options = vec![Repair::Substitute];
        options.extend(matching.map(Repair::CloseTo));
        options.push(Repair::Skip);
        let left_open = |r: &Repair| match r {
            Repair::Substitute => depth - 1,
            Repair::CloseTo(m) => *m,
            Repair::Skip => depth,
        };
        // The repair after which the rest of the text closes exactly what stays open; the first
        // of the nearest otherwise.
        let repair = options
            .iter()
            .copied()
            .min_by_key(|r| left_open(r).abs_diff(rest))
            .unwrap_or(Repair::Skip);
        let end = t.span.end as usize;
        match repair {
            Repair::Substitute => {
                self.bump();
                Some(end)
            }
            Repair::CloseTo(m) => {
                // This bracket and those down to the matching one end here; the matching one
                // reads the closer as its own.
                self.unwind = Some(m + 1);
                Some(self.code[self.at.saturating_sub(1)].span.end as usize)
            }
            Repair::Skip => {
                self.bump();
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(text: &str) -> Vec<Node> {
        parse(text).into_result().expect("parses")
    }

    #[test]
    fn parses_calls_lists_and_named_arguments() {
        let forms = clean(r#"(sow "Sow" from:(row 0) counts:{2 3} skip-origin:true) // c"#);
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
        let forms = clean(r#"("Home" Mover) (- 3 #1)"#);
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
        let e = parse("(game \"X\" (players 2)").diagnostics;
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].code, "syntax::unclosed");
        assert_eq!(e[0].span, Span::new(0, 5), "points at `(game`");
    }

    #[test]
    fn deep_nesting_is_refused() {
        let text = "(".repeat(100_000);
        let parsed = parse(&text);
        assert_eq!(parsed.diagnostics.len(), 1);
        assert_eq!(parsed.diagnostics[0].code, "syntax::too-deep");
    }

    /// The forms before, around and after each error are built; each error is reported once.
    #[test]
    fn the_forms_around_errors_are_kept() {
        let text = "(players 2)\n(board @ (square 5))\n(piece \"Disc Each)\n(rules {(a) (b)) (end x))\n(last 1)";
        let parsed = parse(text);
        let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            ["syntax::parse", "syntax::string", "syntax::mismatched"]
        );
        let heads: Vec<Option<&str>> = parsed.forms.iter().map(Node::head).collect();
        assert_eq!(
            heads,
            [
                Some("players"),
                Some("board"),
                Some("piece"),
                Some("rules"),
                Some("last")
            ]
        );
        // `@` is left out of the board; the unclosed string ends before the `)`; the `)` closes
        // the list as if it were a `}`, and `(end x)` stays in the rules.
        assert_eq!(parsed.forms[1].pos(0).and_then(Node::head), Some("square"));
        assert_eq!(
            parsed.forms[2].pos(0).and_then(Node::as_str),
            Some("Disc Each")
        );
        assert_eq!(parsed.forms[3].pos(1).and_then(Node::head), Some("end"));
    }

    #[test]
    fn a_missing_closer_closes_the_forms_inside_the_one_it_closes() {
        // The `}` is missing: the `)` closes the list and the equipment, as the rest says.
        let parsed = parse("(game (equipment {(board) (piece)) (rules (play)))");
        assert_eq!(parsed.diagnostics.len(), 1, "{:?}", parsed.diagnostics);
        assert_eq!(parsed.diagnostics[0].code, "syntax::mismatched");
        let game = &parsed.forms[0];
        assert_eq!(game.pos(1).and_then(Node::head), Some("rules"));
    }
}
