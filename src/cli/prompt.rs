//! The prompt of `ludus play`: at a terminal, a line editor (arrows, history of what was typed);
//! from a pipe or file, plain bounded lines, so that moves can be piped in and tests drive it.

use super::play::{read_line, Line, MAX_LINE};
use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;
use std::io::{IsTerminal, StdinLock};

/// Where typed lines come from.
pub enum Prompt {
    /// A terminal, through the line editor.
    Terminal(Box<DefaultEditor>),
    /// Plain lines (a pipe, a file).
    Lines(StdinLock<'static>),
}

impl Prompt {
    /// The line editor when stdin and stdout are both a terminal; plain lines otherwise (or when
    /// the editor cannot start).
    pub fn open() -> Prompt {
        let stdin = std::io::stdin();
        if stdin.is_terminal() && std::io::stdout().is_terminal() {
            if let Ok(editor) = DefaultEditor::new() {
                return Prompt::Terminal(Box::new(editor));
            }
        }
        Prompt::Lines(stdin.lock())
    }

    /// Whether lines come from a pipe or file, and so are not seen as typed: they are echoed
    /// after the prompt.
    pub fn echoes(&self) -> bool {
        matches!(self, Prompt::Lines(_)) && !std::io::stdin().is_terminal()
    }

    /// Shows `prompt` and reads one line. At a terminal, Ctrl-D ends the input and Ctrl-C too.
    pub fn line(&mut self, prompt: &str) -> std::io::Result<Line> {
        match self {
            Prompt::Lines(input) => {
                out!("{prompt}");
                super::output::flush();
                read_line(input)
            }
            Prompt::Terminal(editor) => match editor.readline(prompt) {
                Ok(line) if line.len() > MAX_LINE => Ok(Line::TooLong),
                Ok(line) => {
                    if !line.trim().is_empty() {
                        // A full history is no error: the line is played all the same.
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    Ok(Line::Text(line))
                }
                Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(Line::End),
                Err(ReadlineError::Io(e)) => Err(e),
                Err(e) => Err(std::io::Error::other(e.to_string())),
            },
        }
    }
}
