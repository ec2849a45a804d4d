//! The whole front end in one call: text → parsed → expanded → checked → compiled.

use crate::diagnostic::{Diagnostic, Source};
use crate::{check, compile, expand, syntax, Game};
use std::path::Path;

pub use crate::files::MAX_FILE_BYTES;

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
    /// An option is set twice (`-D counters=4 -D counters=5`, or twice in a trial): which one
    /// is meant is not known, so neither is taken.
    #[error("option \"{name}\" is set twice ({name}={first}, then {name}={second}); set it once")]
    DuplicateOption {
        /// The option.
        name: String,
        /// The first value given.
        first: String,
        /// The second value given.
        second: String,
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
            LoadError::Io { .. } | LoadError::DuplicateOption { .. } => {
                format!("error: {self}\n")
            }
            LoadError::Invalid { file, diagnostics } => file.render_with(diagnostics, color),
        }
    }
}

/// Reads and loads a `.game` file with `NAME=VALUE` option settings.
pub fn load_file(path: &Path, settings: &[(String, String)]) -> Result<Game, LoadError> {
    load_file_with_source(path, settings).map(|(_, game)| game)
}

/// [`load_file`], also giving the text read, against which the game's warnings are rendered.
pub fn load_file_with_source(
    path: &Path,
    settings: &[(String, String)],
) -> Result<(Source, Game), LoadError> {
    let source = read_source(path)?;
    let game = load_source(&source.name, &source.text, settings)?;
    Ok((source, game))
}

/// Reads a `.game` file as text: a regular file of at most [`MAX_FILE_BYTES`], valid UTF-8 (an
/// invalid byte is a located diagnostic).
pub fn read_source(path: &Path) -> Result<Source, LoadError> {
    let name = path.display().to_string();
    let bytes =
        crate::files::read_capped(path, MAX_FILE_BYTES as u64).map_err(|e| LoadError::Io {
            path: name.clone(),
            message: e.to_string(),
        })?;
    decode(&name, bytes)
}

/// The text of a file's bytes, or the diagnostic of its first invalid UTF-8 byte.
fn decode(name: &str, mut bytes: Vec<u8>) -> Result<Source, LoadError> {
    // The byte order mark goes first, so that the offset of an invalid byte is one in the text shown.
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    let (at, bytes) = match String::from_utf8(bytes) {
        Ok(text) => return Ok(Source::new(name, text)),
        Err(e) => (e.utf8_error().valid_up_to(), e.into_bytes()),
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
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

/// Loads a game from bytes that should be UTF-8 text.
pub fn load_bytes(
    name: &str,
    bytes: &[u8],
    settings: &[(String, String)],
) -> Result<Game, LoadError> {
    let source = decode(name, bytes.to_vec())?;
    load_source(name, &source.text, settings)
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
        diagnostics: crate::diagnostic::merge_define_uses(diagnostics),
    };
    if let Some((name, first, second)) = duplicate_setting(settings) {
        return Err(LoadError::DuplicateOption {
            name,
            first,
            second,
        });
    }
    // A text with syntax errors stops here, with all of them: its tree is not whole.
    let forms = syntax::parse(text).into_result().map_err(invalid)?;
    let expanded = expand::expand(&forms, settings).map_err(invalid)?;
    let checked = check::check(expanded).map_err(invalid)?;
    let mut rules = compile::compile(&checked, text).map_err(invalid)?;
    rules.warnings = crate::diagnostic::merge_define_uses(std::mem::take(&mut rules.warnings));
    Ok(Game::prepare(rules))
}

/// The first option set twice, with its two values.
fn duplicate_setting(settings: &[(String, String)]) -> Option<(String, String, String)> {
    settings.iter().enumerate().find_map(|(i, (name, first))| {
        settings[i + 1..]
            .iter()
            .find(|(other, _)| other == name)
            .map(|(_, second)| (name.clone(), first.clone(), second.clone()))
    })
}
