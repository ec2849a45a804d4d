//! The whole front end in one call: text → parsed → expanded → checked → compiled.

use crate::diagnostic::{Diagnostic, Source};
use crate::{check, compile, expand, syntax, Game};
use std::path::Path;

/// The largest `.game` file ludus reads.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;

/// Why a game could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The file has errors.
    #[error("{} has {} error(s)", file.name, diagnostics.len())]
    Invalid {
        /// The file, for rendering.
        file: Source,
        /// What is wrong.
        diagnostics: Vec<Diagnostic>,
    },
}

impl LoadError {
    /// The report for a person: miette diagnostics, or the I/O error.
    pub fn render(&self, color: bool) -> String {
        match self {
            LoadError::Io { .. } => format!("error: {self}\n"),
            LoadError::Invalid { file, diagnostics } => file.render_with(diagnostics, color),
        }
    }
}

/// Reads and loads a `.game` file with `NAME=VALUE` option settings.
pub fn load_file(path: &Path, settings: &[(String, String)]) -> Result<Game, LoadError> {
    let name = path.display().to_string();
    let io = |message: String| LoadError::Io {
        path: name.clone(),
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| io(e.to_string()))?;
    if meta.is_dir() {
        return Err(io("it is a directory".into()));
    }
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(io(format!(
            "the file has {} bytes; ludus reads game files of at most {MAX_FILE_BYTES}",
            meta.len()
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| io(e.to_string()))?;
    load_bytes(&name, &bytes, settings)
}

/// Loads a game from bytes that should be UTF-8 text.
pub fn load_bytes(
    name: &str,
    bytes: &[u8],
    settings: &[(String, String)],
) -> Result<Game, LoadError> {
    // The byte order mark goes first, so that the offset of an invalid byte is one in the text shown.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => load_source(name, text, settings),
        Err(e) => {
            let at = e.valid_up_to();
            let text = String::from_utf8_lossy(bytes).into_owned();
            let offset = text
                .char_indices()
                .nth(String::from_utf8_lossy(&bytes[..at]).chars().count())
                .map_or(text.len(), |(i, _)| i);
            // The invalid byte shows as U+FFFD in the rendered text; underline that whole character.
            let width = text[offset..].chars().next().map_or(0, char::len_utf8);
            let d = Diagnostic::new(
                "syntax::utf8",
                crate::syntax::Span::new(offset, offset + width),
                format!("the file is not valid UTF-8 (byte {at})"),
            )
            .label("invalid byte")
            .help("save the file as UTF-8");
            Err(LoadError::Invalid {
                file: Source::new(name, text),
                diagnostics: vec![d],
            })
        }
    }
}

/// Loads a game from its text.
pub fn load_source(
    name: &str,
    text: &str,
    settings: &[(String, String)],
) -> Result<Game, LoadError> {
    let text = &*syntax::normalize(text);
    let invalid = |diagnostics: Vec<Diagnostic>| LoadError::Invalid {
        file: Source::new(name, text),
        diagnostics,
    };
    let forms = syntax::parse(text).map_err(|d| invalid(vec![d]))?;
    let expanded = expand::expand(&forms, settings).map_err(invalid)?;
    let checked = check::check(expanded).map_err(invalid)?;
    compile::compile(&checked, text).map_err(invalid)
}
