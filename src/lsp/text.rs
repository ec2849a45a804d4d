//! The text of a document as the language server reads it: positions in UTF-16 code units, as LSP
//! counts them.

use ludus::syntax::Span;

/// How many bytes of text share one entry of [`Text::blocks`].
const BLOCK: usize = 256;

/// A document's text, as the front end reads it, with its line starts.
pub struct Text {
    /// The text after `ludus::syntax::normalize` (the offsets of every diagnostic).
    pub body: String,
    /// Whether a byte order mark was dropped from the start (one UTF-16 unit on line 0).
    bom: bool,
    /// The byte offset where each line starts.
    lines: Vec<usize>,
    /// For each block of [`BLOCK`] bytes, how many bytes more than UTF-16 units the text holds
    /// before the block's first character. A column is then found from the nearest block, not by
    /// counting a line's characters (a document may be one long line), for a few bytes a block.
    blocks: Vec<usize>,
}

impl Text {
    /// Reads a document's text.
    #[cfg(test)]
    pub fn new(raw: &str) -> Text {
        Text::from_string(raw.to_string())
    }

    /// Reads a document's text, kept as it is when it needs no normalizing (no copy of a large
    /// text).
    pub fn from_string(raw: String) -> Text {
        let bom = raw.starts_with('\u{feff}');
        let normalized = match ludus::syntax::normalize(&raw) {
            std::borrow::Cow::Owned(text) => Some(text),
            // The text itself, or a part of it (without its byte order mark).
            std::borrow::Cow::Borrowed(text) if text.len() == raw.len() => None,
            std::borrow::Cow::Borrowed(text) => Some(text.to_string()),
        };
        let body = normalized.unwrap_or(raw);
        let mut lines = vec![0];
        lines.extend(body.match_indices('\n').map(|(i, _)| i + 1));
        let mut blocks = Vec::with_capacity(body.len() / BLOCK + 1);
        let mut surplus = 0;
        for (i, ch) in body.char_indices() {
            while blocks.len() * BLOCK <= i {
                blocks.push(surplus);
            }
            surplus += ch.len_utf8() - ch.len_utf16();
        }
        while blocks.len() * BLOCK <= body.len() {
            blocks.push(surplus);
        }
        Text {
            body,
            bom,
            lines,
            blocks,
        }
    }

    /// Where block `k`'s first character starts.
    fn block_start(&self, k: usize) -> usize {
        let mut at = (k * BLOCK).min(self.body.len());
        while !self.body.is_char_boundary(at) {
            at += 1;
        }
        at
    }

    /// The UTF-16 index of byte `offset` (a character boundary).
    fn units(&self, offset: usize) -> usize {
        let k = offset / BLOCK;
        let start = self.block_start(k);
        let surplus: usize = self.body[start..offset]
            .chars()
            .map(|c| c.len_utf8() - c.len_utf16())
            .sum();
        offset - self.blocks[k] - surplus
    }

    /// The LSP position (line, UTF-16 column) of a byte offset.
    pub fn position(&self, offset: usize) -> (u32, u32) {
        let mut offset = offset.min(self.body.len());
        while !self.body.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.partition_point(|&s| s <= offset) - 1;
        let column = self.units(offset) - self.units(self.lines[line]);
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
        let target = self.units(start).saturating_add(units);
        // The last block that starts at or before the target (block 0 always does), then its
        // characters up to the target.
        let (mut low, mut high) = (0, self.blocks.len());
        while high - low > 1 {
            let mid = (low + high) / 2;
            if self.block_start(mid) - self.blocks[mid] <= target {
                low = mid;
            } else {
                high = mid;
            }
        }
        let k = low;
        let mut at = self.block_start(k);
        let mut reached = at - self.blocks[k];
        for ch in self.body[at..].chars() {
            if reached >= target || at >= end {
                break;
            }
            reached += ch.len_utf16();
            at += ch.len_utf8();
        }
        at.min(end)
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
        let long = [
            "é𝄞a\n".repeat(120),
            format!("{}𝄞{}", "x".repeat(255), "é".repeat(300)),
            "\u{feff}«𝄞»".repeat(200),
        ];
        for raw in [
            "",
            "\n\n",
            "\u{feff}é\n𝄞a\nb",
            "(a \"é𝄞«»\" b)\n// 𝄞𝄞 x\n\n(c \"\u{7ff}\u{800}\u{ffff}\u{10000}\")",
            "𝄞",
            &long[0],
            &long[1],
            &long[2],
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
}
