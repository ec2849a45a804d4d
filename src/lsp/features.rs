//! What the language server answers about one document: diagnostics, hover, completion,
//! definitions and references, formatting and the outline. Each works on the text alone, with
//! the same front end as `ludus validate`.

use super::slots::{self, tokens, Space, Token, Walk};
use super::text::{Range, Text};
use ludus::check::registry::{self, Kind, Shape};
use ludus::diagnostic::Severity;
use ludus::syntax::{Node, NodeKind, Span};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};

/// Ludemes whose first string names what they declare, and the call they must sit in to declare
/// it (`None`: anywhere); elsewhere the same form is a use (`(region "Home" Mover)` in the rules).
const DECLARING: [(&str, Option<&str>); 9] = [
    ("define", None),
    ("option", None),
    ("region", Some("equipment")),
    ("track", Some("equipment")),
    ("var", Some("equipment")),
    ("dice", Some("equipment")),
    ("chance", Some("phases")),
    ("decision", Some("phases")),
    ("game", None),
];

/// A declared name: what declares it, and where the name and the whole declaration are written.
pub struct Declaration {
    /// The declaring ludeme (`define`, `region`, ...).
    pub what: String,
    /// The name.
    pub name: String,
    /// The name's string, quotes included.
    pub at: Span,
    /// The whole declaring form.
    pub form: Span,
}

/// The document's diagnostics, as LSP wants them.
pub fn diagnostics(uri: &str, text: &Text) -> Vec<Value> {
    let list = match ludus::load_source(uri, &text.body, &[]) {
        Ok(game) => game.warnings.clone(),
        Err(ludus::LoadError::Invalid { diagnostics, .. }) => diagnostics,
        Err(e) => vec![ludus::Diagnostic::new(
            "load::error",
            Span::default(),
            e.to_string(),
        )],
    };
    list.iter()
        .map(|d| {
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str(&format!("\nhelp: {help}"));
            }
            let related: Vec<Value> = d
                .related
                .iter()
                .map(|(span, label)| json!({"location": {"uri": uri, "range": text.range(*span)}, "message": label}))
                .collect();
            json!({
                "range": text.range(d.span),
                "severity": if d.severity == Severity::Warning { 2 } else { 1 },
                "code": d.code,
                "source": "ludus",
                "message": message,
                "relatedInformation": related,
            })
        })
        .collect()
}

/// The calls open around `offset`, innermost last: each call's head and where it opens.
fn open_calls(toks: &[(Token, Span)], offset: usize) -> Vec<(String, usize)> {
    let mut stack: Vec<(String, usize)> = Vec::new();
    for (i, (t, span)) in toks.iter().enumerate() {
        if span.start as usize >= offset {
            break;
        }
        match t {
            Token::Open => {
                let head = match toks.get(i + 1).map(|x| &x.0) {
                    Some(Token::Name(n)) => n.clone(),
                    Some(Token::Str(s)) => format!("\"{s}\""),
                    _ => String::new(),
                };
                stack.push((head, span.start as usize));
            }
            Token::Close => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack
}

/// A call open while the declarations are collected.
struct OpenCall<'t> {
    /// Its head, if a name.
    head: Option<&'t str>,
    /// Where it opens.
    at: usize,
    /// The declaration it makes, whose form ends where it closes.
    declares: Option<usize>,
    /// Whether it lists piece states or kinds, and the names it lists (their places in the list
    /// of listed names).
    lists: Option<Vec<usize>>,
}

/// Every declared name of the document: defines, options, regions, tracks, variables, dice,
/// phases, piece states and kinds. One pass over the tokens, with the open calls on a stack and
/// a count of each open head, so that a document of many declarations costs no more than its
/// length.
pub fn declarations(text: &str) -> Vec<Declaration> {
    let toks = tokens(text);
    let mut named: Vec<Declaration> = Vec::new();
    // Piece states and kinds are lists of names: `(piece-states {"Unfreed" "Freed"})`.
    let mut listed: Vec<Declaration> = Vec::new();
    let mut stack: Vec<OpenCall> = Vec::new();
    let mut heads: HashMap<&str, usize> = HashMap::new();
    // The positions on the stack of the open lists of states or kinds.
    let mut lists: Vec<usize> = Vec::new();
    for (i, (t, span)) in toks.iter().enumerate() {
        match t {
            Token::Open => {
                let at = span.start as usize;
                let head = match toks.get(i + 1) {
                    Some((Token::Name(n), _)) => Some(n.as_str()),
                    _ => None,
                };
                let mut declares = None;
                if let (Some(head), Some((Token::Str(name), name_at))) = (head, toks.get(i + 2)) {
                    let open = |call: &str| heads.get(call).is_some_and(|&n| n > 0);
                    let counts = DECLARING.iter().any(|(h, inside)| {
                        *h == head
                            && match inside {
                                None if *h == "option" => stack.is_empty(),
                                None => true,
                                Some(call) => open(call),
                            }
                    });
                    if counts {
                        declares = Some(named.len());
                        named.push(Declaration {
                            what: head.to_string(),
                            name: name.clone(),
                            at: *name_at,
                            form: Span::new(at, text.len()),
                        });
                    }
                }
                let is_list = matches!(head, Some("piece-states" | "piece-kinds"));
                if is_list {
                    lists.push(stack.len());
                }
                if let Some(head) = head {
                    *heads.entry(head).or_default() += 1;
                }
                stack.push(OpenCall {
                    head,
                    at,
                    declares,
                    lists: is_list.then(Vec::new),
                });
            }
            Token::Close => {
                let Some(call) = stack.pop() else {
                    continue;
                };
                if let Some(head) = call.head {
                    *heads.entry(head).or_default() -= 1;
                }
                if let Some(k) = call.declares {
                    named[k].form.end = span.end;
                }
                if let Some(names) = call.lists {
                    lists.pop();
                    for k in names {
                        listed[k].form.end = span.end;
                    }
                }
            }
            Token::Str(name) => {
                if let Some(&k) = lists.last() {
                    let call = &mut stack[k];
                    if let Some(names) = &mut call.lists {
                        names.push(listed.len());
                    }
                    listed.push(Declaration {
                        what: call.head.unwrap_or_default().to_string(),
                        name: name.clone(),
                        at: *span,
                        form: Span::new(call.at, text.len()),
                    });
                }
            }
            _ => {}
        }
    }
    named.extend(listed);
    named
}

/// The token under `offset` (touching it at either end), with its index.
fn token_at(toks: &[(Token, Span)], offset: usize) -> Option<usize> {
    toks.iter()
        .rposition(|(_, s)| s.start as usize <= offset && offset <= s.end as usize)
}

/// Hover: a ludeme's documentation (as in docs/LANGUAGE.md), a named argument's, or a declared
/// name's declaration.
pub fn hover(text: &Text, offset: usize) -> Option<Value> {
    let toks = tokens(&text.body);
    let i = token_at(&toks, offset)?;
    let (tok, span) = &toks[i];
    let markdown = match tok {
        Token::Name(name) if i > 0 && toks[i - 1].0 == Token::Open => {
            let entries: Vec<String> = registry::lookup(name)
                .map(|l| {
                    format!(
                        "**{}** ({})\n\n{}",
                        l.name,
                        l.kind.noun(),
                        registry::ludeme_markdown(l)
                    )
                })
                .collect();
            if entries.is_empty() {
                return None;
            }
            entries.join("\n---\n")
        }
        Token::Key(key) => {
            let calls = open_calls(&toks, span.start as usize);
            let head = &calls.last()?.0;
            let param = registry::lookup(head)
                .flat_map(|l| l.named.iter())
                .find(|p| p.name == key)?;
            format!(
                "`{key}:` of `{head}`{}: {}",
                if param.required { "" } else { " (optional)" },
                param.doc
            )
        }
        Token::Str(name) => {
            let d = declarations(&text.body)
                .into_iter()
                .find(|d| &d.name == name)?;
            let source = &text.body[d.form.start as usize..d.form.end as usize];
            let shown: String = source.lines().take(12).collect::<Vec<_>>().join("\n");
            format!("{} \"{}\"\n\n```\n{shown}\n```", d.what, d.name)
        }
        _ => return None,
    };
    Some(json!({"contents": {"kind": "markdown", "value": markdown}, "range": text.range(*span)}))
}

/// Completion: ludeme names after `(`, declared names inside a string, and inside a call its named
/// arguments with the names its arguments take (roles, directions).
pub fn completion(text: &Text, offset: usize) -> Value {
    let toks = tokens(&text.body);
    let before: Vec<&(Token, Span)> = toks
        .iter()
        .filter(|(_, s)| (s.start as usize) < offset)
        .collect();
    // A word being typed: a name, key or string that the cursor touches (not a parenthesis: at
    // `(|place`, what is typed comes after the `(`).
    let typing = before.last().filter(|(t, s)| {
        s.end as usize >= offset && matches!(t, Token::Name(_) | Token::Key(_) | Token::Str(_))
    });
    let previous = if typing.is_some() {
        before.len().checked_sub(2).map(|k| before[k])
    } else {
        before.last().copied()
    };
    let mut items = Vec::new();
    if let Some((Token::Str(_), _)) = typing {
        let mut seen = HashSet::new();
        for d in declarations(&text.body) {
            if seen.insert(d.name.clone()) {
                items.push(json!({"label": d.name, "kind": 6, "detail": d.what}));
            }
        }
    } else if matches!(previous, Some((Token::Open, _))) {
        // Only the ludemes of a kind the argument takes: `(play (` wants a move, not a game.
        let mut walk = Walk::default();
        for (t, span) in &before {
            walk.step(&text.body, t, *span);
        }
        let outer = walk.frames.len().saturating_sub(1);
        let fits = slots::expected(&walk.frames[..outer]);
        let mut seen = HashSet::new();
        for l in registry::LUDEMES {
            if fits.as_ref().is_none_or(|ks| ks.contains(&l.kind)) && seen.insert(l.name) {
                items.push(json!({"label": l.name, "kind": 3, "detail": l.kind.noun(), "documentation": l.doc}));
            }
        }
    } else if let Some((head, _)) = open_calls(&toks, offset).last() {
        let mut kinds = Vec::new();
        for l in registry::lookup(head) {
            for p in l.named {
                items.push(json!({"label": format!("{}:", p.name), "kind": 5, "detail": head, "documentation": p.doc}));
            }
            for p in l.positional.iter().chain(l.named) {
                let k = match p.shape {
                    Shape::One(k) | Shape::List(k) | Shape::Many(k) | Shape::OneOrList(k) => k,
                };
                if matches!(k, Kind::Role | Kind::Dir) && !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
        }
        for k in kinds {
            for name in k.names() {
                items.push(json!({"label": name, "kind": 21, "detail": k.noun()}));
            }
        }
    }
    json!({"isIncomplete": false, "items": items})
}

/// The name space of each string token (`None` for the other tokens, and for a string whose place
/// says nothing).
fn spaces(text: &str, toks: &[(Token, Span)]) -> Vec<Option<Space>> {
    let mut walk = Walk::default();
    toks.iter()
        .map(|(t, span)| {
            let space = matches!(t, Token::Str(_))
                .then(|| slots::space(&walk.frames))
                .flatten();
            walk.step(text, t, *span);
            space
        })
        .collect()
}

/// The name under `offset`, the space it stands in, and its declarations in that space. A string
/// whose place says nothing takes the space of its declarations if they are all of one.
fn named_at(text: &str, toks: &[(Token, Span)], offset: usize) -> Option<Named> {
    let i = token_at(toks, offset)?;
    let Token::Str(name) = &toks[i].0 else {
        return None;
    };
    let all: Vec<Declaration> = declarations(text)
        .into_iter()
        .filter(|d| &d.name == name)
        .collect();
    let mut declared_in: Vec<Option<Space>> = all.iter().map(|d| Space::of_head(&d.what)).collect();
    declared_in.dedup();
    let only = match declared_in.as_slice() {
        [one] => *one,
        _ => None,
    };
    let spaces = spaces(text, toks);
    let space = spaces[i].or(only);
    let declarations = all
        .into_iter()
        .filter(|d| space.is_none() || Space::of_head(&d.what) == space)
        .collect();
    Some(Named {
        name: name.clone(),
        space,
        only,
        spaces,
        declarations,
    })
}

/// A declared name under the cursor.
struct Named {
    name: String,
    /// The space it names into, if known.
    space: Option<Space>,
    /// The one space the name is declared in, if one.
    only: Option<Space>,
    /// The space of each token.
    spaces: Vec<Option<Space>>,
    /// Its declarations in that space.
    declarations: Vec<Declaration>,
}

impl Named {
    /// Whether the string token `k` writes this name in its space: a string whose place says
    /// nothing counts when the name is declared in one space only.
    fn written_at(&self, k: usize, token: &Token) -> bool {
        matches!(token, Token::Str(n) if *n == self.name)
            && (self.space.is_none()
                || self.spaces[k] == self.space
                || (self.spaces[k].is_none() && self.only.is_some()))
    }
}

/// The declaration of the name under `offset`, as a location.
pub fn definition(uri: &str, text: &Text, offset: usize) -> Value {
    let toks = tokens(&text.body);
    let Some(named) = named_at(&text.body, &toks, offset) else {
        return Value::Null;
    };
    match named.declarations.into_iter().next() {
        Some(d) => json!({"uri": uri, "range": text.range(d.at)}),
        None => Value::Null,
    }
}

/// Every place the name under `offset` is written in its name space (a define's "Home" is not a
/// region's), the declaration included if asked.
pub fn references(uri: &str, text: &Text, offset: usize, with_declaration: bool) -> Value {
    let toks = tokens(&text.body);
    let Some(named) = named_at(&text.body, &toks, offset) else {
        return json!([]);
    };
    let declared: HashSet<u32> = named.declarations.iter().map(|d| d.at.start).collect();
    if declared.is_empty() {
        return json!([]);
    }
    let places: Vec<Value> = toks
        .iter()
        .enumerate()
        .filter(|(k, (t, s))| {
            named.written_at(*k, t) && (with_declaration || !declared.contains(&s.start))
        })
        .map(|(_, (_, s))| json!({"uri": uri, "range": text.range(*s)}))
        .collect();
    Value::Array(places)
}

/// The whole document laid out as `ludus fmt` does; no edit if it is already, none if it does not
/// parse.
pub fn formatting(text: &Text) -> Value {
    match ludus::syntax::format_source(&text.body) {
        Ok(formatted) if formatted != text.body => {
            json!([{"range": text.whole(), "newText": formatted}])
        }
        _ => json!([]),
    }
}

/// One entry of the outline, as LSP's `DocumentSymbol`: typed rather than a JSON tree, so that the
/// outline of a large document costs little more memory than its text.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Symbol {
    name: String,
    kind: u32,
    range: Range,
    selection_range: Range,
    children: Vec<Symbol>,
}

/// The outline: defines and options, then the game with its equipment, phases and end rules.
pub fn symbols(text: &Text) -> Vec<Symbol> {
    // The forms the parser could build, also around syntax errors.
    let forms = ludus::syntax::parse(&text.body).forms;
    let symbol = |name: String, kind: u32, node: &Node, children: Vec<Symbol>| Symbol {
        name,
        kind,
        range: text.span_range(node.span),
        selection_range: text.span_range(head_span(node)),
        children,
    };
    let named = |node: &Node| -> String {
        let head = node.head().unwrap_or("?");
        match node.pos(0).and_then(Node::as_str) {
            Some(name) => format!("{head} \"{name}\""),
            None => head.to_string(),
        }
    };
    let mut out = Vec::new();
    // Each form is dropped once its symbol is made: the tree and the outline are not both held
    // whole.
    for form in forms {
        let form = &form;
        match form.head() {
            Some("define") => out.push(symbol(named(form), 12, form, vec![])),
            Some("option") => out.push(symbol(named(form), 7, form, vec![])),
            Some("game") => {
                let mut parts = Vec::new();
                for part in form.positional().skip(1) {
                    let children: Vec<Symbol> = match part.head() {
                        Some("equipment") => items(part)
                            .iter()
                            .map(|n| symbol(named(n), 8, n, vec![]))
                            .collect(),
                        Some("rules") => part
                            .positional()
                            .map(|r| {
                                let inner: Vec<Symbol> = descendants(r)
                                    .into_iter()
                                    .filter(|n| {
                                        matches!(n.head(), Some("chance" | "decision"))
                                            || (r.head() == Some("end") && n.head() == Some("if"))
                                    })
                                    .map(|n| symbol(named(n), 6, n, vec![]))
                                    .collect();
                                symbol(named(r), 2, r, inner)
                            })
                            .collect(),
                        _ => vec![],
                    };
                    parts.push(symbol(named(part), 2, part, children));
                }
                out.push(symbol(named(form), 5, form, parts));
            }
            Some(_) => out.push(symbol(named(form), 2, form, vec![])),
            None => {}
        }
    }
    out
}

/// Where a form's name is written: a call's head, else the whole form.
fn head_span(node: &Node) -> Span {
    match &node.kind {
        NodeKind::Call { head_span, .. } => *head_span,
        _ => node.span,
    }
}

/// The items of a call's list argument (the equipment's pieces).
fn items(node: &Node) -> Vec<&Node> {
    node.positional()
        .flat_map(|n| n.as_list().map_or(vec![n], |l| l.iter().collect()))
        .collect()
}

/// Every call inside a node, in order.
fn descendants(node: &Node) -> Vec<&Node> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        match &n.kind {
            NodeKind::Call { args, .. } => {
                out.push(n);
                stack.extend(args.iter().rev().map(|a| &a.value));
            }
            NodeKind::List(list) => stack.extend(list.iter().rev()),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_found_where_they_declare() {
        let text = r#"(define "D" (line 3 Mover))
(option "O" <x> args:{ (item "a" 1) })
(game "G" (players 2)
  (equipment {(board (square 3)) (region "R" {A1}) (piece-states {"Up" "Down"}) (dice "d" 2)})
  (rules (phases {(chance "Throw" (play (pass))) (decision "Move" (play (place 1 to:(region "R"))))})
    (end (if (option "O") (result Mover Win)))))"#;
        let found: Vec<(String, String, &str)> = declarations(text)
            .iter()
            .map(|d| {
                let form = &text[d.form.start as usize..d.form.end as usize];
                (d.what.clone(), d.name.clone(), form)
            })
            .collect();
        let names: Vec<(&str, &str)> = found
            .iter()
            .map(|(w, n, _)| (w.as_str(), n.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                ("define", "D"),
                ("option", "O"),
                ("game", "G"),
                ("region", "R"),
                ("dice", "d"),
                ("chance", "Throw"),
                ("decision", "Move"),
                ("piece-states", "Up"),
                ("piece-states", "Down"),
            ]
        );
        assert_eq!(found[0].2, r#"(define "D" (line 3 Mover))"#);
        assert_eq!(found[3].2, r#"(region "R" {A1})"#);
        assert_eq!(found[7].2, r#"(piece-states {"Up" "Down"})"#);
        // An unclosed form runs to the end of the text.
        let open = declarations(r#"(define "D" (line 3"#);
        assert_eq!(open[0].form.end, 19);
    }
}
