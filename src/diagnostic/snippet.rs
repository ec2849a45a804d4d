//! The source as a diagnostic shows it: long lines clipped to a window around the labels, and
//! control characters made visible, so that no input can flood or drive the terminal.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Lines longer than this many characters are shown as a window of this many characters.
pub const LONG_LINE: usize = 160;
/// How many characters of a clipped line are shown before the first label on it.
const BEFORE_LABEL: usize = 60;
/// What stands for the clipped part of a line.
const ELLIPSIS: &str = "…";
/// How many lines around each label are shown: more than the one line of context miette prints,
/// so that no context reaches past the lines kept.
const AROUND: usize = 2;

/// A run of the source and where it went in the shown text.
struct Piece {
    /// Its byte range in the source.
    start: usize,
    end: usize,
    /// Where it starts in the shown text.
    shown: usize,
    /// True when it was clipped: all of it stands at `shown`.
    clipped: bool,
}

/// The shown text of one diagnostic, with the map from source offsets to shown offsets.
pub struct Snippet {
    name: String,
    text: String,
    pieces: Vec<Piece>,
    /// The true 0-based column of each label's start, by its shown offset, for miette's headers.
    columns: Vec<(usize, usize)>,
    /// Only the lines around the labels are shown: for each run of them, where it starts in the
    /// shown text and how many lines of the source were left out before it.
    runs: Vec<(usize, usize)>,
}

impl Snippet {
    /// The source `text` as shown for labels over `spans` (byte ranges): the lines around them,
    /// whatever the length of the text. `lines` holds the offset at which each line starts.
    pub fn new(name: &str, text: &str, spans: &[(usize, usize)], lines: &[usize]) -> Snippet {
        let mut out = Snippet {
            name: name.to_string(),
            text: String::new(),
            pieces: Vec::new(),
            columns: Vec::new(),
            runs: Vec::new(),
        };
        let anchors: Vec<usize> = spans.iter().flat_map(|&(s, e)| [s, e]).collect();
        // The runs of lines to show, as ranges of line numbers (from 0), merged where they touch.
        let line_of = |offset: usize| lines.partition_point(|&l| l <= offset).saturating_sub(1);
        let mut runs: Vec<(usize, usize)> = spans
            .iter()
            .map(|&(s, e)| {
                let (s, e) = (s.min(e), s.max(e));
                (line_of(s).saturating_sub(AROUND), line_of(e) + AROUND + 1)
            })
            .collect();
        runs.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::with_capacity(runs.len());
        for (from, to) in runs {
            match merged.last_mut() {
                Some(last) if from <= last.1 => last.1 = last.1.max(to),
                _ => merged.push((from, to)),
            }
        }
        let mut shown_lines = 0;
        for (from, to) in merged {
            let to = to.min(lines.len());
            if from >= to {
                continue;
            }
            out.runs.push((out.text.len(), from - shown_lines));
            shown_lines += to - from;
            let (start, end) = (lines[from], lines.get(to).copied().unwrap_or(text.len()));
            let mut line_start = start;
            for line in text[start..end].split_inclusive('\n') {
                out.line(text, line_start, line, &anchors);
                line_start += line.len();
            }
        }
        out
    }

    /// How many lines of the source were left out before shown offset `at`.
    fn left_out(&self, at: usize) -> usize {
        let i = self.runs.partition_point(|&(shown, _)| shown <= at);
        i.checked_sub(1).map_or(0, |i| self.runs[i].1)
    }

    /// Appends one line (with its line break), clipped around its first anchor if it is long.
    fn line(&mut self, text: &str, start: usize, line: &str, anchors: &[usize]) {
        let end = start + line.len();
        if line.len() <= LONG_LINE || line.chars().count() <= LONG_LINE + 1 {
            return self.keep(text, start, end);
        }
        let body = line.trim_end_matches(['\n', '\r']);
        let anchor = anchors
            .iter()
            .filter(|&&a| a >= start && a <= start + body.len())
            .min()
            .map_or(0, |a| {
                body[..floor_boundary(body, a - start)].chars().count()
            });
        let from = anchor.saturating_sub(BEFORE_LABEL);
        let byte = |chars: usize| {
            body.char_indices()
                .nth(chars)
                .map_or(body.len(), |(i, _)| i)
        };
        let (ws, we) = (start + byte(from), start + byte(from + LONG_LINE));
        if ws > start {
            self.clip(start, ws, true);
        }
        self.keep(text, ws, we);
        if we < start + body.len() {
            self.clip(we, start + body.len(), false);
        }
        self.keep(text, start + body.len(), end);
    }

    /// Shows `text[start..end]` as it is, with control characters made visible.
    fn keep(&mut self, text: &str, start: usize, end: usize) {
        if start == end {
            return;
        }
        match self.pieces.last_mut() {
            // Runs kept one after another are one piece: a file of short lines is one piece.
            Some(p) if !p.clipped && p.end == start => p.end = end,
            _ => self.pieces.push(Piece {
                start,
                end,
                shown: self.text.len(),
                clipped: false,
            }),
        }
        // Each control character becomes as many `?` as it has bytes, so that offsets still map.
        for c in text[start..end].chars() {
            match c {
                '\t' | '\n' | '\r' => self.text.push(c),
                c if c.is_control() => (0..c.len_utf8()).for_each(|_| self.text.push('?')),
                c => self.text.push(c),
            }
        }
    }

    /// Stands an ellipsis for `start..end`; offsets inside it map to the kept side of the line.
    fn clip(&mut self, start: usize, end: usize, before_window: bool) {
        let at = self.text.len();
        self.text.push_str(ELLIPSIS);
        self.pieces.push(Piece {
            start,
            end,
            shown: if before_window {
                at + ELLIPSIS.len()
            } else {
                at
            },
            clipped: true,
        });
    }

    /// The shown offset of a source offset.
    pub fn map(&self, offset: usize) -> usize {
        let i = self.pieces.partition_point(|p| p.start <= offset);
        match i.checked_sub(1).map(|i| &self.pieces[i]) {
            None => 0,
            Some(p) if p.clipped => p.shown,
            Some(p) => p.shown + (offset.min(p.end) - p.start),
        }
    }

    /// Records the true column of a label that starts at source offset `offset`.
    pub fn column(&mut self, offset: usize, column: usize) {
        let shown = self.map(offset);
        self.columns.push((shown, column));
    }
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let c = self.text.read_span(span, before, after)?;
        // miette names the line and column of a label in its header: the true column, not the shown one.
        let column = match self.columns.iter().find(|(o, _)| *o == span.offset()) {
            Some(&(_, col)) if before == 0 && after == 0 => col,
            _ => c.column(),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            c.data(),
            *c.span(),
            c.line() + self.left_out(c.span().offset()),
            column,
            c.line_count(),
        )))
    }
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
