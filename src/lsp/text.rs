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
}

impl Text {
    /// Reads a document's text.
    pub fn new(raw: &str) -> Text {
        let bom = raw.starts_with('\u{feff}');
        let body = ludus::syntax::normalize(raw).into_owned();
        let mut lines = vec![0];
        lines.extend(body.match_indices('\n').map(|(i, _)| i + 1));
        Text { body, bom, lines }
    }

    /// The LSP position (line, UTF-16 column) of a byte offset.
    pub fn position(&self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.body.len());
        let line = self.lines.partition_point(|&s| s <= offset) - 1;
        let start = self.lines[line];
        let column: usize = self.body[start..offset].chars().map(char::len_utf16).sum();
        let shift = usize::from(self.bom && line == 0);
        (line as u32, (column + shift) as u32)
    }

    /// The LSP range of a span, as JSON.
    pub fn range(&self, span: Span) -> serde_json::Value {
        let (sl, sc) = self.position(span.start as usize);
        let (el, ec) = self.position(span.end as usize);
        serde_json::json!({"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}})
    }

    /// The byte offset of an LSP position (clamped to its line).
    pub fn offset(&self, line: u32, character: u32) -> usize {
        let Some(&start) = self.lines.get(line as usize) else {
            return self.body.len();
        };
        let end = self
            .lines
            .get(line as usize + 1)
            .map_or(self.body.len(), |&e| e);
        let mut units = character as usize;
        if self.bom && line == 0 {
            units = units.saturating_sub(1);
        }
        let mut offset = start;
        for ch in self.body[start..end].chars() {
            if units == 0 || ch == '\n' {
                break;
            }
            units = units.saturating_sub(ch.len_utf16());
            offset += ch.len_utf8();
        }
        offset
    }

    /// The whole text's range, as JSON.
    pub fn whole(&self) -> serde_json::Value {
        self.range(Span::new(0, self.body.len()))
    }
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

    #[test]
    fn tokens_survive_unfinished_text() {
        let t = tokens("(place 1 to:(row \"Ho");
        assert_eq!(t[0].0, Token::Open);
        assert_eq!(t[3].0, Token::Key("to".into()));
        assert_eq!(t.last().unwrap().0, Token::Str("Ho".into()));
    }
}
