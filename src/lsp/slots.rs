//! Where a token stands: the calls open around it and, in each, the argument being written. From
//! it the registry tells the kinds that fit (completion) and the name space a string names into
//! (references), on text that need not parse. The tokens are the one lexer's
//! (`ludus::syntax::lex`), in the words the server uses.

use ludus::check::registry::{self, Kind, Ludeme, Param, Shape};
use ludus::ludemes::{Arg, Ref};
use ludus::syntax::Span;

/// A token as the server reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `{` or `}`.
    Brace,
    /// A string, without its quotes (one being typed runs as far as the lexer reads it).
    Str(String),
    /// A name, a number, a boolean, a parameter, or a word the language does not know.
    Name(String),
    /// A key `name:`, without its colon.
    Key(String),
}

/// The tokens of a text with their spans, comments left out: the one lexer's tokens, in the words
/// the server uses.
pub fn tokens(text: &str) -> Vec<(Token, Span)> {
    use ludus::syntax::TokenKind as K;
    ludus::syntax::lex(text)
        .into_iter()
        .filter_map(|t| {
            let slice = &text[t.span.start as usize..t.span.end as usize];
            let token = match t.kind {
                K::Open => Token::Open,
                K::Close => Token::Close,
                K::OpenList | K::CloseList => Token::Brace,
                K::Key => Token::Key(slice[..slice.len() - 1].to_string()),
                K::Str | K::BadString => Token::Str(ludus::syntax::unquote(slice)),
                K::Int | K::Decimal | K::Bool | K::Param | K::Name | K::Stray => {
                    Token::Name(slice.to_string())
                }
                K::Comment => return None,
            };
            Some((token, t.span))
        })
        .collect()
}

/// What opens a call.
#[derive(Debug, Clone, PartialEq)]
pub enum Head {
    /// Nothing yet: the `(` was the last token.
    Pending,
    /// A ludeme's name.
    Ludeme(String),
    /// A define's name in quotes, or anything else that is not a ludeme.
    Other,
}

/// One call open at the point reached.
#[derive(Debug, Clone)]
pub struct Frame {
    /// What opens it.
    pub head: Head,
    /// The positional arguments it has so far.
    positional: usize,
    /// The key of the named argument being written, if one is.
    key: Option<String>,
    /// How deep the point is in the braces `{...}` of the argument being written.
    braces: usize,
}

impl Frame {
    /// Whether the argument being written is `arg`.
    fn writes(&self, arg: Arg) -> bool {
        match (arg, &self.key) {
            (Arg::Key(k), Some(key)) => k == key,
            (Arg::Pos(i), None) => i == self.positional,
            _ => false,
        }
    }
}

/// The calls open at the point reached by stepping through the tokens, outermost first.
#[derive(Debug, Default)]
pub struct Walk {
    /// The open calls, innermost last.
    pub frames: Vec<Frame>,
}

impl Walk {
    /// Moves past one token of `text`.
    pub fn step(&mut self, text: &str, token: &Token, span: Span) {
        match token {
            Token::Open => {
                self.headed();
                self.frames.push(Frame {
                    head: Head::Pending,
                    positional: 0,
                    key: None,
                    braces: 0,
                });
            }
            Token::Close => {
                self.frames.pop();
                self.written();
            }
            Token::Brace => {
                self.headed();
                let Some(f) = self.frames.last_mut() else {
                    return;
                };
                if text.as_bytes().get(span.start as usize) == Some(&b'{') {
                    f.braces += 1;
                } else if f.braces > 0 {
                    f.braces -= 1;
                    self.written();
                }
            }
            Token::Name(name) => match self.frames.last_mut() {
                Some(f) if f.head == Head::Pending => f.head = Head::Ludeme(name.clone()),
                _ => self.written(),
            },
            Token::Str(_) => match self.frames.last_mut() {
                Some(f) if f.head == Head::Pending => f.head = Head::Other,
                _ => self.written(),
            },
            Token::Key(key) => {
                self.headed();
                if let Some(f) = self.frames.last_mut().filter(|f| f.braces == 0) {
                    f.key = Some(key.clone());
                }
            }
        }
    }

    /// A call without a name for head (`((`, `({`) has no ludeme to read.
    fn headed(&mut self) {
        if let Some(f) = self.frames.last_mut().filter(|f| f.head == Head::Pending) {
            f.head = Head::Other;
        }
    }

    /// One value ended in the innermost call: its next argument begins, unless inside braces.
    fn written(&mut self) {
        if let Some(f) = self.frames.last_mut().filter(|f| f.braces == 0) {
            if f.key.take().is_none() {
                f.positional += 1;
            }
        }
    }
}

/// The parameters of `l` that the argument being written in `f` may stand for: optional
/// positional parameters are left out from the front when fewer arguments are given, and a last
/// parameter of many values takes the rest.
fn params_at<'l>(l: &'l Ludeme, f: &Frame) -> Vec<&'l Param> {
    if let Some(key) = &f.key {
        return l.named.iter().filter(|p| p.name == key).collect();
    }
    let i = f.positional;
    let optional = l.positional.iter().filter(|p| !p.required).count();
    let mut out: Vec<&Param> = l
        .positional
        .iter()
        .enumerate()
        .filter(|(j, _)| *j >= i && *j <= i + optional)
        .map(|(_, p)| p)
        .collect();
    if let Some(last) = l.positional.last() {
        if matches!(last.shape, Shape::Many(_)) && i + 1 >= l.positional.len() {
            out.push(last);
        }
    }
    out
}

/// The kinds the registry expects in the argument being written in the innermost of `frames`,
/// reading each call's row by the kinds its own place expects; `None` when unknown (at the top
/// level, in a define's body, after a head that is not a ludeme).
pub fn expected(frames: &[Frame]) -> Option<Vec<Kind>> {
    let mut expected: Option<Vec<Kind>> = None;
    for f in frames {
        let Head::Ludeme(head) = &f.head else {
            return None;
        };
        let mut kinds = Vec::new();
        for l in registry::lookup(head)
            .filter(|l| expected.as_ref().is_none_or(|ks| ks.contains(&l.kind)))
        {
            for p in params_at(l, f) {
                let k = p.shape.kind();
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
        }
        if kinds.is_empty() {
            return None;
        }
        expected = Some(kinds);
    }
    expected
}

/// The name spaces of a game's strings: a define's name never means a region's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// `(define "Home" ...)`, used as `("Home" ...)`.
    Define,
    /// `(option "size" ...)`, used by `(option "size")` and `(select "size" ...)`.
    Option,
    /// Regions.
    Region,
    /// Tracks.
    Track,
    /// Player variables.
    Var,
    /// Dice.
    Dice,
    /// Phases of the turn.
    Phase,
    /// Piece states.
    State,
    /// Piece kinds.
    PieceKind,
    /// The game's own name.
    Game,
}

impl Space {
    /// The space the first string of a call of `head` names into, whether it declares or uses.
    pub fn of_head(head: &str) -> Option<Space> {
        Some(match head {
            "define" => Space::Define,
            "option" | "select" => Space::Option,
            "region" => Space::Region,
            "track" => Space::Track,
            "var" => Space::Var,
            "dice" => Space::Dice,
            "chance" | "decision" => Space::Phase,
            "piece-states" => Space::State,
            "piece-kinds" => Space::PieceKind,
            "game" => Space::Game,
            _ => return None,
        })
    }

    /// The space of the declaration a registry reference checks.
    fn of_ref(r: Ref) -> Option<Space> {
        match r {
            Ref::Track(_) | Ref::StartTrack(_) => Some(Space::Track),
            Ref::Dice(_) => Some(Space::Dice),
            Ref::Phase(_) => Some(Space::Phase),
            Ref::Var(_) => Some(Space::Var),
            Ref::State(_) => Some(Space::State),
            Ref::Kind(_) => Some(Space::PieceKind),
            Ref::PlayerRegion(_) => Some(Space::Region),
            Ref::Owner(_) | Ref::Hand => None,
        }
    }
}

/// The name space of a string standing where `frames` says (before it is stepped past): a head in
/// quotes uses a define; the first string of a declaring ludeme (each string of a list of states
/// or kinds) is of its space; an argument the registry checks as a reference is of the space it
/// refers to. `None` when the place says nothing.
pub fn space(frames: &[Frame]) -> Option<Space> {
    let f = frames.last()?;
    let head = match &f.head {
        Head::Pending => return Some(Space::Define),
        Head::Ludeme(head) => head,
        Head::Other => return None,
    };
    let listed = matches!(head.as_str(), "piece-states" | "piece-kinds");
    if listed || f.writes(Arg::Pos(0)) {
        if let Some(s) = Space::of_head(head) {
            return Some(s);
        }
    }
    registry::lookup(head)
        .flat_map(|l| l.refs)
        .filter(|r| r.arg().is_some_and(|a| f.writes(a)))
        .find_map(|r| Space::of_ref(*r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_survive_unfinished_text() {
        let t = tokens("(place 1 to:(row \"Ho");
        assert_eq!(t[0].0, Token::Open);
        assert_eq!(t[3].0, Token::Key("to".into()));
        assert_eq!(t.last().unwrap().0, Token::Str("Ho".into()));
        // A stray word is a name to the server, and a comment is no token.
        let t = tokens("(a @b // c\n x:1)");
        assert_eq!(t[2].0, Token::Name("@b".into()));
        assert_eq!(t[3].0, Token::Key("x".into()));
        assert_eq!(t.len(), 6);
    }
}
