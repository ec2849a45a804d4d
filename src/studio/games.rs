//! The compiled games the studio plays: each file and option setting compiled once per text,
//! and its last good game kept, so that a file saved with errors leaves the board playable until
//! the text is fixed.

use super::folder::Folder;
use super::ApiError;
use crate::lsp::features;
use crate::lsp::text::Text;
use ludus::Game;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How many files and settings are kept compiled.
const KEPT: usize = 64;

/// A file and an option setting.
type Key = (String, Vec<(String, String)>);

/// The last good game of each file and setting, with the version of the text it came from.
#[derive(Default)]
pub struct Games {
    kept: Mutex<HashMap<Key, (String, Arc<Game>)>>,
}

/// A game to play, and whether it is the last good one of a text that now has errors.
pub struct Loaded {
    /// The game.
    pub game: Arc<Game>,
    /// The file's diagnostics when its text has errors and `game` is the last good one.
    pub stale: Option<Vec<Value>>,
}

impl Games {
    /// The game of a file with options, compiled from the text on disk now; its last good game
    /// with the errors when the text has errors.
    pub fn load(
        &self,
        folder: &Folder,
        rel: &str,
        options: &[(String, String)],
    ) -> Result<Loaded, ApiError> {
        let file = folder.read(rel)?;
        let key = (rel.to_string(), options.to_vec());
        let kept = self.lock().get(&key).cloned();
        if let Some((version, game)) = &kept {
            if *version == file.version {
                return Ok(Loaded {
                    game: game.clone(),
                    stale: None,
                });
            }
        }
        match ludus::load_source(rel, &file.text, options) {
            Ok(game) => {
                let game = Arc::new(game);
                let mut map = self.lock();
                if map.len() >= KEPT && !map.contains_key(&key) {
                    map.clear();
                }
                map.insert(key, (file.version, game.clone()));
                Ok(Loaded { game, stale: None })
            }
            Err(e) => {
                let diagnostics = features::diagnostics(rel, &Text::from_string(file.text.clone()));
                match kept {
                    Some((_, game)) => Ok(Loaded {
                        game,
                        stale: Some(diagnostics),
                    }),
                    None => Err(
                        ApiError::bad(format!("{rel} does not load: {}", first_line(&e)))
                            .with("diagnostics", Value::Array(diagnostics)),
                    ),
                }
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, (String, Arc<Game>)>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The first line of a load error, without colours.
fn first_line(e: &ludus::LoadError) -> String {
    e.render(false)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}
