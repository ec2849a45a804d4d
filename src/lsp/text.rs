//! The text of a document as the language server reads it: positions in UTF-16 code units, as LSP
//! counts them, and a tolerant tokenizer that works on text that does not parse yet.

use ludus::syntax::Span;

/// A document's text, as the front end reads it, with its line starts.
pub struct Text {
    /// The text after `ludus::syntax::normalize` (the offsets of every diagnostic).
    pub body: String,
    /// Whether a byte order mark was dropped from the start (one UTF-16 unit on line 0).
    bom: bool,
    /// The byte offset where each line starts.
    lines: Vec<usize>,
    /// Each character of more than one byte: the byte offset where it ends, and how many bytes
    /// more than UTF-16 units the text holds up to there. A position is then found by two binary
    /// searches, not by counting a line's characters (a document may be one long line).
    wide: Vec<(usize, usize)>,
}

impl Text {
    /// Reads a document's text.
    pub fn new(raw: &str) -> Text {
        let bom = raw.starts_with('\u{feff}');
        let body = ludus::syntax::normalize(raw).into_owned();
        let mut lines = vec![0];
        lines.extend(body.match_indices('\n').map(|(i, _)| i + 1));
        let mut wide = Vec::new();
        let mut surplus = 0;
        for (i, ch) in body.char_indices().filter(|(_, c)| !c.is_ascii()) {
            surplus += ch.len_utf8() - ch.len_utf16();
            wide.push((i + ch.len_utf8(), surplus));
        }
        Text {
            body,
            bom,
            lines,
            wide,
        }
    }

    /// How many bytes more than UTF-16 units the text holds before byte `offset`.
    fn surplus(&self, offset: usize) -> usize {
        match self.wide.partition_point(|&(end, _)| end <= offset) {
            0 => 0,
            k => self.wide[k - 1].1,
        }
    }

    /// The LSP position (line, UTF-16 column) of a byte offset.
    pub fn position(&self, offset: usize) -> (u32, u32) {
        let mut offset = offset.min(self.body.len());
        while !self.body.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.partition_point(|&s| s <= offset) - 1;
        let start = self.lines[line];
        let column = (offset - self.surplus(offset)) - (start - self.surplus(start));
        let shift = usize::from(self.bom && line == 0);
        (line as u32, (column + shift) as u32)
    }

    /// The LSP range of a span.
    pub fn span_range(&self, span: Span) -> Range {
        let at = |offset: u32| {
            let (line, character) = self.position(offset as usize);
            Position { line, character }
        };
        Range {
            start: at(span.start),
            end: at(span.end),
        }
    }

    /// The LSP range of a span, as JSON.
    pub fn range(&self, span: Span) -> serde_json::Value {
        serde_json::to_value(self.span_range(span)).unwrap_or_default()
    }

    /// The byte offset of an LSP position (clamped to its line; a column between the two units of
    /// a character is after it).
    pub fn offset(&self, line: u32, character: u32) -> usize {
        let Some(&start) = self.lines.get(line as usize) else {
            return self.body.len();
        };
        // The line's end: its newline, or the end of the text.
        let end = self
            .lines
            .get(line as usize + 1)
            .map_or(self.body.len(), |&e| e - 1);
        let mut units = character as usize;
        if self.bom && line == 0 {
            units = units.saturating_sub(1);
        }
        // The UTF-16 index wanted; the wide characters that end at or before it, in units.
        let target = (start - self.surplus(start)).saturating_add(units);
        let k = self
            .wide
            .partition_point(|&(end, surplus)| end - surplus <= target);
        let surplus = if k == 0 { 0 } else { self.wide[k - 1].1 };
        let mut offset = target.saturating_add(surplus).min(end);
        while !self.body.is_char_boundary(offset) {
            offset += 1;
        }
        offset
    }

    /// The whole text's range, as JSON.
    pub fn whole(&self) -> serde_json::Value {
        self.range(Span::new(0, self.body.len()))
    }
}

/// An LSP position: a line, and a column in UTF-16 units.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Position {
    line: u32,
    character: u32,
}

/// An LSP range.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Range {
    start: Position,
    end: Position,
}

/// A token of the language.
#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `{` or `}`.
    Brace,
    /// A string, without its quotes.
    Str(String),
    /// A name (a ludeme, role, direction or number).
    Name(String),
    /// A key `name:`, without its colon.
    Key(String),
}

/// Splits text into tokens with their spans; comments are left out, and an unclosed string runs to
/// the end of its line, so that text being typed still tokenizes.
pub fn tokens(text: &str) -> Vec<(Token, Span)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        match bytes[i] {
            b'(' => out.push((Token::Open, Span::new(i, i + 1))),
            b')' => out.push((Token::Close, Span::new(i, i + 1))),
            b'{' | b'}' => out.push((Token::Brace, Span::new(i, i + 1))),
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let end = i.min(bytes.len());
                let inner = text.get(start + 1..end).unwrap_or_default().to_string();
                out.push((
                    Token::Str(inner),
                    Span::new(start, (end + 1).min(bytes.len())),
                ));
            }
            b if b.is_ascii_whitespace() => {}
            _ => {
                while i < bytes.len() && !b"(){}\" \t\r\n".contains(&bytes[i]) {
                    i += 1;
                }
                let word = &text[start..i];
                match word.strip_suffix(':') {
                    Some(key) if !key.is_empty() => {
                        out.push((Token::Key(key.into()), Span::new(start, i)))
                    }
                    _ => out.push((Token::Name(word.into()), Span::new(start, i))),
                }
                continue;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        // "é" is 2 bytes and 1 unit; "𝄞" is 4 bytes and 2 units.
        let t = Text::new("// é𝄞\n(game x)");
        assert_eq!(t.position(3), (0, 3));
        assert_eq!(t.position(5), (0, 4));
        assert_eq!(t.position(9), (0, 6));
        assert_eq!(t.position(11), (1, 1));
        assert_eq!(t.offset(0, 4), 5);
        assert_eq!(t.offset(1, 1), 11);
        let bom = Text::new("\u{feff}(game)");
        assert_eq!(bom.position(1), (0, 2));
        assert_eq!(bom.offset(0, 2), 1);
    }

    /// The positions found by counting each line's characters, as the server did first.
    fn counted(t: &Text, offset: usize) -> (u32, u32) {
        let line = t.lines.partition_point(|&s| s <= offset) - 1;
        let start = t.lines[line];
        let column: usize = t.body[start..offset].chars().map(char::len_utf16).sum();
        (
            line as u32,
            (column + usize::from(t.bom && line == 0)) as u32,
        )
    }

    #[test]
    fn positions_agree_with_counting_characters() {
        for raw in [
            "",
            "\n\n",
            "\u{feff}é\n𝄞a\nb",
            "(a \"é𝄞«»\" b)\n// 𝄞𝄞 x\n\n(c \"\u{7ff}\u{800}\u{ffff}\u{10000}\")",
            "𝄞",
        ] {
            let t = Text::new(raw);
            for offset in (0..=t.body.len()).filter(|&o| t.body.is_char_boundary(o)) {
                let (line, column) = counted(&t, offset);
                assert_eq!(t.position(offset), (line, column), "{raw:?} at {offset}");
                assert_eq!(t.offset(line, column), offset, "{raw:?} at {offset}");
            }
            // Past a line's end: its end; between a character's two units: after it.
            for line in 0..t.lines.len() as u32 + 2 {
                for column in 0..40 {
                    let offset = t.offset(line, column);
                    let (l, c) = t.position(offset);
                    if (line as usize) < t.lines.len() {
                        assert_eq!(l, line, "{raw:?} {line}:{column}");
                        let at_end = offset == t.body.len() || t.body[offset..].starts_with('\n');
                        assert!(c >= column || at_end, "{raw:?} {line}:{column}");
                    } else {
                        assert_eq!(offset, t.body.len());
                    }
                }
            }
        }
        let t = Text::new("𝄞x");
        assert_eq!(t.offset(0, 1), 4);
    }

    #[test]
    fn tokens_survive_unfinished_text() {
        let t = tokens("(place 1 to:(row \"Ho");
        assert_eq!(t[0].0, Token::Open);
        assert_eq!(t[3].0, Token::Key("to".into()));
        assert_eq!(t.last().unwrap().0, Token::Str("Ho".into()));
    }
}
