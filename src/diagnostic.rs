//! Diagnostics of the front end: what is wrong, where, and a hint; rendered with miette.

mod snippet;
mod span;

use snippet::Snippet;
pub use span::{normalize, Span};
use std::borrow::Cow;
use std::fmt;

/// One problem found in a `.game` file.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// A stable code such as `check::unknown-ludeme`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// Where it is.
    pub span: Span,
    /// The text under the underline.
    pub label: String,
    /// How to fix it (boxed: keeps a diagnostic, and every `Result` carrying one, small).
    pub help: Option<Box<str>>,
    /// Other places worth showing, such as a define's body or a first declaration.
    pub related: Vec<(Span, String)>,
    /// An error stops the load; a warning does not.
    pub severity: Severity,
}

/// How grave a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Severity {
    /// The file cannot be used.
    #[default]
    Error,
    /// The file loads, but likely does not say what was meant.
    Warning,
}

impl Severity {
    /// The word for it, as in `warning[code]`.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl Diagnostic {
    /// A diagnostic with a message and a primary label.
    #[cold]
    pub fn new(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            span,
            label: String::new(),
            help: None,
            related: Vec::new(),
            severity: Severity::Error,
        }
    }

    /// Makes it a warning.
    pub fn warning(mut self) -> Diagnostic {
        self.severity = Severity::Warning;
        self
    }

    /// Sets the label under the primary span.
    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into().into_boxed_str());
        self
    }

    /// Adds another labelled place.
    pub fn related(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.related.push((span, label.into()));
        self
    }

    /// Points at the define use too, when the node came out of a define.
    pub fn via(self, via: Option<Span>) -> Diagnostic {
        match via {
            Some(use_site) if use_site != self.span => self.related(use_site, IN_A_USE),
            _ => self,
        }
    }

    /// Where the define that this diagnostic came out of is used, if it came out of one.
    fn use_site(&self) -> Option<usize> {
        self.related.iter().position(|(_, label)| label == IN_A_USE)
    }
}

/// The label of the use of a define that a diagnostic came out of.
const IN_A_USE: &str = "in this use of a define";

/// One mistake inside a define is one diagnostic: those that differ only in the use of the define
/// they came out of are merged into the first, whose use is labelled with how many there were.
pub fn merge_define_uses(diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    type Key = (&'static str, Span, String, String);
    let mut first: std::collections::HashMap<Key, usize> = std::collections::HashMap::new();
    let mut out: Vec<(Diagnostic, usize)> = Vec::with_capacity(diagnostics.len());
    for d in diagnostics {
        if d.use_site().is_some() {
            let key = (d.code, d.span, d.message.clone(), d.label.clone());
            if let Some(&i) = first.get(&key) {
                out[i].1 += 1;
                continue;
            }
            first.insert(key, out.len());
        }
        out.push((d, 1));
    }
    out.into_iter()
        .map(|(mut d, uses)| {
            if let (Some(i), true) = (d.use_site(), uses > 1) {
                d.related[i].1 = format!("{IN_A_USE}, the first of {uses} with this error");
            }
            d
        })
        .collect()
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A source file with its name, for rendering and for locating spans.
#[derive(Debug, Clone)]
pub struct Source {
    /// The path or name shown to the user.
    pub name: String,
    /// The full text.
    pub text: String,
}

impl Source {
    /// A named source text, read as the front end reads it ([`normalize`]), so
    /// that the spans of its diagnostics fall where they were found.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        let text = text.into();
        let text = match normalize(&text) {
            Cow::Borrowed(t) if t.len() == text.len() => text,
            normal => normal.into_owned(),
        };
        Source {
            name: name.into(),
            text,
        }
    }

    /// Line and column (both from 1, column in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }

    /// [`Source::line_col`] through the start of every line, found once for many diagnostics:
    /// each costs then the length of its line, not of the text before it.
    fn line_col_in(&self, lines: &[usize], offset: u32) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, (offset as usize).min(self.text.len()));
        let line = lines.partition_point(|&start| start <= offset).max(1);
        let col = self.text[lines[line - 1]..offset].chars().count() + 1;
        (line, col)
    }

    /// Renders diagnostics as miette reports, without colours (stable for tests and pipes).
    pub fn render(&self, diagnostics: &[Diagnostic]) -> String {
        self.render_with(diagnostics, false)
    }

    /// Renders diagnostics, with colours when `color` is set.
    pub fn render_with(&self, diagnostics: &[Diagnostic], color: bool) -> String {
        let theme = if color {
            miette::GraphicalTheme::unicode()
        } else {
            miette::GraphicalTheme::unicode_nocolor()
        };
        // No wrapping: miette would break lines inside code such as `!=`; terminals wrap long lines themselves.
        let handler = miette::GraphicalReportHandler::new_themed(theme)
            .with_width(100)
            .with_wrap_lines(false);
        let mut out = String::new();
        let lines = line_starts(&self.text);
        for d in diagnostics {
            let spans = std::iter::once(d.span).chain(d.related.iter().map(|(s, _)| *s));
            let ranges: Vec<(usize, usize)> = spans
                .clone()
                .map(|s| (s.start as usize, s.end as usize))
                .collect();
            let mut source = Snippet::new(
                &escape_controls(&self.name, Layout::Lines),
                &self.text,
                &ranges,
                &lines,
            );
            for s in spans {
                source.column(s.start as usize, self.line_col_in(&lines, s.start).1 - 1);
            }
            let report = Rendered {
                diagnostic: d,
                source,
            };
            let (line, col) = self.line_col_in(&lines, d.span.start);
            out.push_str(&format!(
                "{}:{}:{}: {}[{}]\n",
                escape_controls(&self.name, Layout::Lines),
                line,
                col,
                d.severity.word(),
                d.code
            ));
            if handler.render_report(&mut out, &report).is_err() {
                out.push_str(&escape_controls(&d.message, Layout::Lines));
            }
            out.push('\n');
        }
        out
    }

    /// Diagnostics as JSON objects for editors: file, line, column, end, severity, code, message, help.
    pub fn to_json(&self, diagnostics: &[Diagnostic]) -> Vec<serde_json::Value> {
        let lines = line_starts(&self.text);
        diagnostics
            .iter()
            .map(|d| {
                let (line, column) = self.line_col_in(&lines, d.span.start);
                let (end_line, end_column) = self.line_col_in(&lines, d.span.end);
                serde_json::json!({
                    "file": self.name,
                    "line": line,
                    "column": column,
                    "end": {"line": end_line, "column": end_column},
                    "severity": d.severity.word(),
                    "code": d.code,
                    "message": d.message,
                    "help": d.help,
                })
            })
            .collect()
    }
}

/// The byte offset at which each line of `text` starts.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The bridge to miette: a diagnostic together with its source as shown. Messages and labels echo
/// the user's text, so their control characters are escaped.
struct Rendered<'a> {
    diagnostic: &'a Diagnostic,
    source: Snippet,
}

impl fmt::Debug for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.diagnostic.message, Layout::Lines))
    }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.diagnostic.message, Layout::Lines))
    }
}

impl std::error::Error for Rendered<'_> {}

impl miette::Diagnostic for Rendered<'_> {
    // No `code`: the header line `file:line:col: error[code]` already names it.

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diagnostic
            .help
            .as_ref()
            .map(|h| Box::new(escape_controls(h, Layout::Lines)) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let d = self.diagnostic;
        let source = &self.source;
        let shown = move |s: Span| -> (usize, usize) {
            let start = source.map(s.start as usize);
            let end = source.map(s.end as usize).max(start);
            (start, end - start)
        };
        let primary = {
            let label = (!d.label.is_empty())
                .then(|| escape_controls(&d.label, Layout::Lines).into_owned());
            miette::LabeledSpan::new_primary_with_span(label, shown(d.span))
        };
        let others = d.related.iter().map(move |(s, l)| {
            miette::LabeledSpan::new_with_span(
                Some(escape_controls(l, Layout::Lines).into_owned()),
                shown(*s),
            )
        });
        Some(Box::new(std::iter::once(primary).chain(others)))
    }
}

/// Which layout characters a text keeps when its control characters are escaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Line breaks only: a one-line message or label, whose alignment a tab would break.
    Lines,
    /// Line breaks and tabs: text printed as it stands.
    LinesAndTabs,
}

/// A user's text made safe for a terminal: every control character but the layout kept is
/// written as an escape such as `\u{1b}`, so no input can retitle or clear the terminal.
pub fn escape_controls(text: &str, layout: Layout) -> Cow<'_, str> {
    let keep =
        |c: char| !c.is_control() || c == '\n' || (c == '\t' && layout == Layout::LinesAndTabs);
    if text.chars().all(keep) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if keep(c) {
            out.push(c);
        } else {
            out.extend(c.escape_unicode());
        }
    }
    Cow::Owned(out)
}
