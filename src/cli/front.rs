//! `ludus validate` and `ludus fmt`.

use super::{color_stderr, Format};
use clap::Args;
use std::path::{Path, PathBuf};

/// Arguments of `ludus validate`.
#[derive(Args)]
pub struct ValidateArgs {
    /// The files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Output format: text, or json (file, line, column, end, severity, code, message, help).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Checks every file; exit 1 if any has errors.
pub fn validate(args: ValidateArgs) -> Result<(), String> {
    let mut failed = false;
    let mut json = Vec::new();
    for file in &args.files {
        match ludus::load_file_with_source(file, &[]) {
            Ok((source, game)) => match args.format {
                Format::Text => {
                    super::warn(&source, &game);
                    outln!("ok {} ({})", file.display(), game.name);
                }
                Format::Json => json.extend(source.to_json(&game.warnings)),
            },
            Err(e) => {
                failed = true;
                match (&e, args.format) {
                    (ludus::LoadError::Invalid { file, diagnostics }, Format::Json) => {
                        json.extend(file.to_json(diagnostics))
                    }
                    (_, Format::Json) => json.push(serde_json::json!({
                        "file": file.display().to_string(), "line": 0, "column": 0, "end": null,
                        "severity": "error", "code": "io", "message": e.to_string(), "help": null,
                    })),
                    _ => err!("{}", e.render(color_stderr())),
                }
            }
        }
    }
    if args.format == Format::Json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        );
    }
    if failed {
        Err(String::new())
    } else {
        Ok(())
    }
}

/// Arguments of `ludus fmt`.
#[derive(Args)]
pub struct FmtArgs {
    /// The files to format (several with --check or --write).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Exit 1 if a file is not formatted, naming each such file.
    #[arg(long, conflicts_with = "write")]
    check: bool,
    /// Rewrite the files in place.
    #[arg(long)]
    write: bool,
}

/// Formats files: prints one, or checks or rewrites several, reporting every file that fails.
pub fn fmt(args: FmtArgs) -> Result<(), String> {
    if args.files.len() > 1 && !args.check && !args.write {
        return Err(
            "error: several files are formatted with --check or --write; printing takes one file"
                .into(),
        );
    }
    let mut failures = Vec::new();
    for file in &args.files {
        if let Err(e) = fmt_one(file, &args) {
            failures.push(e);
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// Formats one file as the arguments say.
fn fmt_one(file: &Path, args: &FmtArgs) -> Result<(), String> {
    // The same reader and UTF-8 diagnostic as `validate`.
    let source = ludus::read_source(file).map_err(|e| e.render(color_stderr()))?;
    let text = source.text;
    let formatted = ludus::syntax::format_source(&text).map_err(|d| {
        ludus::Source::new(file.display().to_string(), text.clone())
            .render_with(&[d], color_stderr())
    })?;
    if args.check {
        if formatted != text {
            return Err(format!(
                "{} is not formatted; run `ludus fmt --write {}`",
                file.display(),
                file.display()
            ));
        }
        return Ok(());
    }
    if args.write {
        if formatted != text {
            ludus::files::write_atomic(file, formatted.as_bytes())
                .map_err(|e| format!("error: cannot write {}: {e}", file.display()))?;
        }
        return Ok(());
    }
    // The file's own text, byte for byte: `ludus fmt F > G` must give the file.
    super::output::write(format_args!("{formatted}"), false);
    Ok(())
}
