//! `ludus fmt`: one canonical layout of a `.game` file, comments kept.

use super::lexer::{lex, TokenKind};
use super::parser::parse_tokens;
use crate::diagnostic::Diagnostic;

/// The line width the layout aims for.
const WIDTH: usize = 100;
const INDENT: usize = 2;

/// A piece of layout.
#[derive(Debug)]
enum Item {
    Atom(String),
    Keyed(String, Box<Item>),
    Group { list: bool, items: Vec<Placed> },
}

/// An item with the comments around it and whether a blank line stood before it.
#[derive(Debug)]
struct Placed {
    before: Vec<String>,
    item: Option<Item>,
    trailing: Option<String>,
    blank_before: bool,
}

/// Formats a source text in the canonical layout; a text with syntax errors is refused with its
/// first.
pub fn format_source(text: &str) -> Result<String, Diagnostic> {
    let text = &*super::normalize(text);
    let toks = lex(text);
    if let Some(first) = parse_tokens(text, &toks).diagnostics.into_iter().next() {
        return Err(first);
    }
    let mut stack: Vec<(bool, Vec<Placed>)> = vec![(false, Vec::new())];
    let mut pending_comments: Vec<String> = Vec::new();
    let mut pending_key: Option<String> = None;
    let mut pending_blank = false;
    let mut prev_end: Option<usize> = None;
    for tok in toks {
        let start = tok.span.start as usize;
        let gap = prev_end.map_or("", |e| &text[e..start]);
        let newlines = gap.matches('\n').count();
        let slice = &text[start..tok.span.end as usize];
        prev_end = Some(tok.span.end as usize);
        let starts_item = matches!(
            tok.kind,
            TokenKind::Open | TokenKind::OpenList | TokenKind::Key
        ) || (tok.kind.is_atom() && pending_key.is_none());
        if starts_item && newlines > 1 && !pending_comments.is_empty() {
            // Comments followed by a blank line stand on their own.
            stack.last_mut().expect("root level").1.push(Placed {
                before: std::mem::take(&mut pending_comments),
                item: None,
                trailing: None,
                blank_before: std::mem::take(&mut pending_blank),
            });
        }
        match tok.kind {
            TokenKind::Comment => {
                let comment = slice.trim_end().to_string();
                let level = &mut stack.last_mut().expect("root level").1;
                if newlines == 0
                    && prev_end.is_some()
                    && pending_comments.is_empty()
                    && pending_key.is_none()
                {
                    if let Some(last) = level
                        .last_mut()
                        .filter(|p| p.trailing.is_none() && p.item.is_some())
                    {
                        last.trailing = Some(comment);
                        continue;
                    }
                }
                if pending_comments.is_empty() {
                    pending_blank = newlines > 1;
                }
                pending_comments.push(comment);
            }
            TokenKind::Open | TokenKind::OpenList => {
                if pending_comments.is_empty() && pending_key.is_none() {
                    pending_blank = newlines > 1;
                }
                let list = tok.kind == TokenKind::OpenList;
                let before = std::mem::take(&mut pending_comments);
                let key = pending_key.take();
                // Remember what stands before this group on the level below.
                stack.last_mut().expect("root level").1.push(Placed {
                    before,
                    item: key.map(|k| Item::Keyed(k, Box::new(Item::Atom(String::new())))),
                    trailing: None,
                    blank_before: std::mem::take(&mut pending_blank),
                });
                stack.push((list, Vec::new()));
            }
            TokenKind::Close | TokenKind::CloseList => {
                let (list, mut items) = stack.pop().expect("balanced brackets");
                if !pending_comments.is_empty() {
                    items.push(Placed {
                        before: std::mem::take(&mut pending_comments),
                        item: None,
                        trailing: None,
                        blank_before: false,
                    });
                }
                let group = Item::Group { list, items };
                let slot = stack
                    .last_mut()
                    .expect("root level")
                    .1
                    .last_mut()
                    .expect("group slot");
                slot.item = Some(match slot.item.take() {
                    Some(Item::Keyed(k, _)) => Item::Keyed(k, Box::new(group)),
                    _ => group,
                });
            }
            TokenKind::Key => {
                if pending_comments.is_empty() {
                    pending_blank = newlines > 1;
                }
                pending_key = Some(slice.to_string());
            }
            // A text without errors has no bad string or stray token; were there one, it is kept.
            TokenKind::Str
            | TokenKind::Int
            | TokenKind::Bool
            | TokenKind::Param
            | TokenKind::Name
            | TokenKind::BadString
            | TokenKind::Stray => {
                let atom = Item::Atom(slice.to_string());
                let (item, blank) = match pending_key.take() {
                    Some(k) => (
                        Item::Keyed(k, Box::new(atom)),
                        std::mem::take(&mut pending_blank),
                    ),
                    None => {
                        let blank = if pending_comments.is_empty() {
                            newlines > 1
                        } else {
                            pending_blank
                        };
                        pending_blank = false;
                        (atom, blank)
                    }
                };
                stack.last_mut().expect("root level").1.push(Placed {
                    before: std::mem::take(&mut pending_comments),
                    item: Some(item),
                    trailing: None,
                    blank_before: blank,
                });
            }
        }
    }
    let (_, mut top) = stack.pop().unwrap_or((false, Vec::new()));
    if !pending_comments.is_empty() {
        top.push(Placed {
            before: pending_comments,
            item: None,
            trailing: None,
            blank_before: pending_blank,
        });
    }
    let mut out = String::new();
    for (i, placed) in top.iter().enumerate() {
        if i > 0 && placed.blank_before {
            out.push('\n');
        }
        write_placed(placed, 0, &mut out);
        out.push('\n');
    }
    Ok(out)
}

fn has_comments(item: &Item) -> bool {
    match item {
        Item::Atom(_) => false,
        Item::Keyed(_, v) => has_comments(v),
        Item::Group { items, .. } => items.iter().any(|p| {
            !p.before.is_empty()
                || p.trailing.is_some()
                || p.item.as_ref().is_some_and(has_comments)
        }),
    }
}

/// The item on one line, if it has no comments.
fn flat(item: &Item) -> String {
    match item {
        Item::Atom(a) => a.clone(),
        Item::Keyed(k, v) => format!("{k}{}", flat(v)),
        Item::Group { list, items } => {
            let (open, close) = if *list { ("{", "}") } else { ("(", ")") };
            let inner: Vec<String> = items
                .iter()
                .filter_map(|p| p.item.as_ref().map(flat))
                .collect();
            format!("{open}{}{close}", inner.join(" "))
        }
    }
}

fn write_placed(placed: &Placed, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    for c in &placed.before {
        out.push_str(c);
        out.push('\n');
        out.push_str(&pad);
    }
    match &placed.item {
        Some(item) => write_item(item, indent, out),
        None => {
            // Only comments: drop the indentation written after the last one.
            out.truncate(out.trim_end_matches(' ').len());
            if out.ends_with('\n') {
                out.pop();
            }
        }
    }
    if let Some(t) = &placed.trailing {
        out.push(' ');
        out.push_str(t);
    }
}

fn line_len(out: &str) -> usize {
    out.len() - out.rfind('\n').map_or(0, |i| i + 1)
}

fn write_item(item: &Item, indent: usize, out: &mut String) {
    let one_line = flat(item);
    if !has_comments(item) && line_len(out) + one_line.len() <= WIDTH {
        out.push_str(&one_line);
        return;
    }
    match item {
        Item::Atom(a) => out.push_str(a),
        Item::Keyed(k, v) => {
            out.push_str(k);
            write_item(v, indent, out);
        }
        Item::Group { list: true, items } => {
            out.push('{');
            write_lines(items, indent + INDENT, out);
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            out.push('}');
        }
        Item::Group { list: false, items } => {
            out.push('(');
            // The head, then as many arguments as fit on the first line; the first atom always does.
            let mut rest = 0;
            let mut commented = false;
            for (i, p) in items.iter().enumerate() {
                let Some(item) = &p.item else { break };
                if !p.before.is_empty() || has_comments(item) {
                    break;
                }
                let text = flat(item);
                let fits = line_len(out) + 1 + text.len() <= WIDTH;
                let ok = match item {
                    Item::Atom(_) => i <= 1 || fits,
                    Item::Keyed(..) => fits,
                    Item::Group { .. } => i == 1 && fits,
                };
                if !ok {
                    break;
                }
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(&text);
                rest = i + 1;
                if let Some(t) = &p.trailing {
                    out.push(' ');
                    out.push_str(t);
                    commented = true;
                    break;
                }
            }
            let tail = &items[rest..];
            // A lone list at the end opens on the first line: `(equipment {`.
            if let (false, [last]) = (commented, tail) {
                if last.before.is_empty()
                    && matches!(last.item, Some(Item::Group { list: true, .. }))
                {
                    out.push(' ');
                    write_placed(last, indent, out);
                    // A comment after the list runs to the end of the line: close on the next one.
                    if last.trailing.is_some() {
                        out.push('\n');
                        out.push_str(&" ".repeat(indent));
                    }
                    out.push(')');
                    return;
                }
            }
            write_lines(tail, indent + INDENT, out);
            if (commented && tail.is_empty())
                || tail
                    .last()
                    .is_some_and(|p| p.trailing.is_some() || p.item.is_none())
            {
                out.push('\n');
                out.push_str(&" ".repeat(indent));
            }
            out.push(')');
        }
    }
}

fn write_lines(items: &[Placed], indent: usize, out: &mut String) {
    for (i, p) in items.iter().enumerate() {
        out.push('\n');
        if p.blank_before && i > 0 {
            out.push('\n');
        }
        out.push_str(&" ".repeat(indent));
        write_placed(p, indent, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_forms_go_on_one_line() {
        assert_eq!(format_source("(players\n   2)").unwrap(), "(players 2)\n");
    }

    #[test]
    fn a_comment_after_a_closing_list_does_not_swallow_the_parenthesis() {
        let once = format_source("(equipment {(board (square 5))} // c\n)").unwrap();
        assert_eq!(once, "(equipment {(board (square 5))} // c\n)\n");
        assert_eq!(format_source(&once).unwrap(), once);
    }

    #[test]
    fn comments_are_kept_and_layout_is_stable() {
        let src = "// top\n(game \"X\" // trailing\n  (players 2)\n  // inside\n  (equipment {(board (square 5)) (hand Each)}))\n";
        let once = format_source(src).unwrap();
        assert!(
            once.contains("// top") && once.contains("// trailing") && once.contains("// inside")
        );
        assert_eq!(format_source(&once).unwrap(), once);
    }
}
