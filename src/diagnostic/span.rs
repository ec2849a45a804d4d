//! Where a diagnostic points: byte spans of the source text, and the text as the front end reads
//! it, so that every offset of every stage means the same byte.

use std::borrow::Cow;

/// A byte range in the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from byte offsets.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The length in bytes.
    pub fn len(&self) -> usize {
        (self.end - self.start) as usize
    }

    /// True for a zero-length span.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// The text as the front end reads it: a leading byte order mark dropped (editors do not show it
/// and `ludus fmt` does not write it), and each lone CR (old Mac line ends) made a LF, which keeps
/// every other offset. CRLF stays as it is.
pub fn normalize(text: &str) -> Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone_cr) {
        return Cow::Borrowed(text);
    }
    let mut out = bytes.to_vec();
    for (i, b) in out.iter_mut().enumerate() {
        if lone_cr(i) {
            *b = b'\n';
        }
    }
    // Only ASCII bytes were replaced by ASCII bytes.
    Cow::Owned(
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}
