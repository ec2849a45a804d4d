//! The tokens of a game text as byte ranges, for mutating files and finding their comments.

/// Byte ranges of tokens: brackets, strings, comments and words.
pub fn tokens(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        match b[i] {
            c if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'(' | b')' | b'{' | b'}' => i += 1,
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            _ => {
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"(){}\"".contains(&b[i]) {
                    i += 1;
                }
            }
        }
        out.push((start, i.min(b.len())));
    }
    out
}
