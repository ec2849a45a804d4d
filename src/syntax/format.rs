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
    let mut layout = Layout::default();
    let mut prev_end: Option<usize> = None;
    for tok in toks {
        let start = tok.span.start as usize;
        let gap = prev_end.map_or("", |e| &text[e..start]);
        let newlines = gap.matches('\n').count();
        let slice = &text[start..tok.span.end as usize];
        prev_end = Some(tok.span.end as usize);
        layout.token(tok.kind, slice, newlines);
    }
    Ok(layout.write())
}

/// The layout read so far: the open groups, each with its items, and what waits for the next
/// item (comments, a key, a blank line).
struct Layout {
    stack: Vec<(bool, Vec<Placed>)>,
    pending_comments: Vec<String>,
    pending_key: Option<String>,
    pending_blank: bool,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            stack: vec![(false, Vec::new())],
            pending_comments: Vec::new(),
            pending_key: None,
            pending_blank: false,
        }
    }
}

impl Layout {
    /// The items of the innermost open group.
    fn level(&mut self) -> &mut Vec<Placed> {
        &mut self.stack.last_mut().expect("root level").1
    }

    /// Reads one token, `newlines` after the one before it.
    fn token(&mut self, kind: TokenKind, slice: &str, newlines: usize) {
        let starts_item = matches!(kind, TokenKind::Open | TokenKind::OpenList | TokenKind::Key)
            || (kind.is_atom() && self.pending_key.is_none());
        if starts_item && newlines > 1 && !self.pending_comments.is_empty() {
            // Comments followed by a blank line stand on their own.
            let placed = Placed {
                before: std::mem::take(&mut self.pending_comments),
                item: None,
                trailing: None,
                blank_before: std::mem::take(&mut self.pending_blank),
            };
            self.level().push(placed);
        }
        match kind {
            TokenKind::Comment => self.comment(slice.trim_end().to_string(), newlines),
            TokenKind::Open | TokenKind::OpenList => {
                self.open(kind == TokenKind::OpenList, newlines)
            }
            TokenKind::Close | TokenKind::CloseList => self.close(),
            TokenKind::Key => {
                if self.pending_comments.is_empty() {
                    self.pending_blank = newlines > 1;
                }
                self.pending_key = Some(slice.to_string());
            }
            // A text without errors has no bad string or stray token; were there one, it is kept.
            TokenKind::Str
            | TokenKind::Int
            | TokenKind::Decimal
            | TokenKind::Bool
            | TokenKind::Param
            | TokenKind::Name
            | TokenKind::BadString
            | TokenKind::Stray => self.atom(slice.to_string(), newlines),
        }
    }

    /// A comment: trailing the item on its line, or waiting for the next item.
    fn comment(&mut self, comment: String, newlines: usize) {
        if newlines == 0 && self.pending_comments.is_empty() && self.pending_key.is_none() {
            let level = self.level();
            if let Some(last) = level
                .last_mut()
                .filter(|p| p.trailing.is_none() && p.item.is_some())
            {
                last.trailing = Some(comment);
                return;
            }
        }
        if self.pending_comments.is_empty() {
            self.pending_blank = newlines > 1;
        }
        self.pending_comments.push(comment);
    }

    /// A bracket opens a group (a call, or a list when `list`).
    fn open(&mut self, list: bool, newlines: usize) {
        if self.pending_comments.is_empty() && self.pending_key.is_none() {
            self.pending_blank = newlines > 1;
        }
        let before = std::mem::take(&mut self.pending_comments);
        let key = self.pending_key.take();
        // Remember what stands before this group on the level below.
        let placed = Placed {
            before,
            item: key.map(|k| Item::Keyed(k, Box::new(Item::Atom(String::new())))),
            trailing: None,
            blank_before: std::mem::take(&mut self.pending_blank),
        };
        self.level().push(placed);
        self.stack.push((list, Vec::new()));
    }

    /// A bracket closes the innermost group, which takes its slot on the level below.
    fn close(&mut self) {
        let (list, mut items) = self.stack.pop().expect("balanced brackets");
        if !self.pending_comments.is_empty() {
            items.push(Placed {
                before: std::mem::take(&mut self.pending_comments),
                item: None,
                trailing: None,
                blank_before: false,
            });
        }
        let group = Item::Group { list, items };
        let slot = self.level().last_mut().expect("group slot");
        slot.item = Some(match slot.item.take() {
            Some(Item::Keyed(k, _)) => Item::Keyed(k, Box::new(group)),
            _ => group,
        });
    }

    /// An atom: a value of the waiting key, or an item of its own.
    fn atom(&mut self, text: String, newlines: usize) {
        let atom = Item::Atom(text);
        let (item, blank) = match self.pending_key.take() {
            Some(k) => (
                Item::Keyed(k, Box::new(atom)),
                std::mem::take(&mut self.pending_blank),
            ),
            None => {
                let blank = match self.pending_comments.is_empty() {
                    true => newlines > 1,
                    false => self.pending_blank,
                };
                self.pending_blank = false;
                (atom, blank)
            }
        };
        let placed = Placed {
            before: std::mem::take(&mut self.pending_comments),
            item: Some(item),
            trailing: None,
            blank_before: blank,
        };
        self.level().push(placed);
    }

    /// The layout written out: the top-level items, a blank line where one stood.
    fn write(mut self) -> String {
        let (_, mut top) = self.stack.pop().unwrap_or((false, Vec::new()));
        if !self.pending_comments.is_empty() {
            top.push(Placed {
                before: self.pending_comments,
                item: None,
                trailing: None,
                blank_before: self.pending_blank,
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
        out
    }
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
        Item::Group { list: true, items } if items.iter().all(plain) => {
            out.push('{');
            fill(items, indent + INDENT, out);
            out.push('}');
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

/// Whether a list item is numbers, filled in lines rather than one to a line: a number, or a
/// list of numbers, with no comment.
fn plain(p: &Placed) -> bool {
    let number = |p: &Placed| {
        p.before.is_empty()
            && p.trailing.is_none()
            && matches!(&p.item, Some(Item::Atom(a)) if a.starts_with(|c: char| c.is_ascii_digit() || c == '-'))
    };
    number(p)
        || p.before.is_empty()
            && p.trailing.is_none()
            && matches!(&p.item, Some(Item::Group { list: true, items }) if items.iter().all(number))
}

/// A list of data items, as many to a line as fit, the lines after the first at `indent`.
fn fill(items: &[Placed], indent: usize, out: &mut String) {
    for (i, p) in items.iter().enumerate() {
        let text = p.item.as_ref().map(flat).unwrap_or_default();
        if i > 0 && line_len(out) + 1 + text.len() + 1 > WIDTH {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
        } else if i > 0 {
            out.push(' ');
        }
        out.push_str(&text);
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
    fn a_long_list_of_numbers_fills_its_lines() {
        let pairs: Vec<String> = (10..40).map(|i| format!("{{{i} {}}}", i + 50)).collect();
        let once = format_source(&format!("(track \"T\" jumps:{{{}}})", pairs.join(" "))).unwrap();
        assert_eq!(once.lines().count(), 4, "{once}");
        assert!(once.lines().all(|l| l.len() <= WIDTH), "{once}");
        assert_eq!(format_source(&once).unwrap(), once);
    }

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
