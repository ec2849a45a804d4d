//! Standard output for every command. Each write goes through [`write`]: a closed pipe ends the
//! command quietly with exit 0 (as `ludus info F | head -1` expects), any other write error is a
//! message and exit 1, and control characters from a game's strings are escaped on the way, so a
//! game's metadata cannot drive the terminal.

use ludus::diagnostic::Layout;
use std::borrow::Cow;
use std::fmt;
use std::io::Write;

/// Prints to stdout through [`write`], escaping control characters.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::output::write(format_args!($($arg)*), true) };
}

/// Prints a line to stdout through [`write`], escaping control characters.
macro_rules! outln {
    () => { $crate::cli::output::write(format_args!("\n"), true) };
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!("{}\n", format_args!($($arg)*)), true)
    };
}

/// Prints to stderr through [`write_err`].
macro_rules! err {
    ($($arg:tt)*) => { $crate::cli::output::write_err(format_args!($($arg)*)) };
}

/// Prints a line to stderr through [`write_err`].
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::cli::output::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// The text with every control character except newline and tab written as `\u{..}`: ESC, CR,
/// the other C0 codes, DEL and the C1 codes.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    ludus::diagnostic::escape_controls(text, Layout::LinesAndTabs)
}

/// [`escape_controls`], keeping colour sequences (`ESC [ digits and ; m`), the only ones a
/// diagnostic's renderer writes: a game's text cannot move the cursor or retitle the terminal.
fn escape(text: &str, keep_colours: bool) -> Cow<'_, str> {
    if !keep_colours || !text.contains('\u{1b}') {
        return escape_controls(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(at) = rest.find('\u{1b}') {
        out.push_str(&escape_controls(&rest[..at]));
        // A colour is kept whole; a lone ESC is escaped like any control character.
        let n = colour_length(&rest[at..]).max(1);
        if n > 1 {
            out.push_str(&rest[at..at + n]);
        } else {
            out.push_str(&escape_controls(&rest[at..at + 1]));
        }
        rest = &rest[at + n..];
    }
    out.push_str(&escape_controls(rest));
    Cow::Owned(out)
}

/// The length of the colour sequence `ESC [ (digits or ;)* m` at the start of `text`, or 0.
fn colour_length(text: &str) -> usize {
    let Some(body) = text.strip_prefix("\u{1b}[") else {
        return 0;
    };
    let params = body
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b';')
        .count();
    if body.as_bytes().get(params) == Some(&b'm') {
        params + 3
    } else {
        0
    }
}

/// Writes to stderr, escaping control characters but colours; a failed write is ignored, as
/// there is nowhere left to report it.
pub fn write_err(args: fmt::Arguments) {
    let text = args.to_string();
    let _ = std::io::stderr()
        .lock()
        .write_all(escape(&text, true).as_bytes());
}

/// Writes to stdout; `escape` escapes control characters (off only for a file's own text, as
/// `ludus fmt` prints it). Never returns on a write error: see the module doc.
pub fn write(args: fmt::Arguments, escape: bool) {
    let text = args.to_string();
    let text = if escape {
        escape_controls(&text)
    } else {
        Cow::Borrowed(text.as_str())
    };
    if let Err(e) = std::io::stdout().lock().write_all(text.as_bytes()) {
        stop(&e);
    }
}

/// Flushes stdout (a prompt without a newline, or before exiting), with [`write`]'s handling.
pub fn flush() {
    if let Err(e) = std::io::stdout().lock().flush() {
        stop(&e);
    }
}

/// Ends the process after a failed write to stdout.
fn stop(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        // The reader has what it wanted (`| head`): no message, success, as Unix tools do.
        std::process::exit(0);
    }
    let _ = writeln!(std::io::stderr(), "error: cannot write to stdout: {e}");
    std::process::exit(1);
}

#[cfg(test)]
mod tests {
    use super::{escape, escape_controls};

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape_controls("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(
            escape_controls("a\u{1b}[2Jb\rc\u{7f}\u{9b}"),
            "a\\u{1b}[2Jb\\u{d}c\\u{7f}\\u{9b}"
        );
        assert_eq!(
            escape("\u{1b}[1;31merror\u{1b}[0m \u{1b}]0;t\u{7} \u{1b}[2J", true),
            "\u{1b}[1;31merror\u{1b}[0m \\u{1b}]0;t\\u{7} \\u{1b}[2J"
        );
    }
}
