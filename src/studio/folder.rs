//! The one folder the studio may read and write: paths are relative to it, and a path that
//! leaves it (`..`, an absolute path, a link out) is refused. Saves are atomic, and refused when
//! the file changed on disk since it was read, so that two tabs never silently lose each other's
//! work.

use super::ApiError;
use axum::http::StatusCode;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

/// The largest file read or written.
const MAX_FILE: u64 = 1 << 20;
/// How deep, and how many files, a listing goes.
const MAX_DEPTH: usize = 4;
const MAX_LISTED: usize = 2000;

/// The studio's folder.
pub struct Folder {
    /// The folder, canonical.
    root: PathBuf,
    /// The file given on the command line, relative to the folder.
    open: Option<String>,
    /// Held from a save's check of the version to its write.
    saving: Mutex<()>,
}

/// A file's text and its version (a hash of its bytes).
pub struct Versioned {
    /// The text.
    pub text: String,
    /// The version.
    pub version: String,
}

impl Folder {
    /// The folder of `path` (a file's, or the folder itself), the current one by default.
    pub fn open(path: Option<&Path>) -> Result<Folder, String> {
        let given = path.unwrap_or(Path::new("."));
        let canonical = given
            .canonicalize()
            .map_err(|e| format!("error: cannot open {}: {e}", given.display()))?;
        let (root, open) = if canonical.is_dir() {
            (canonical, None)
        } else {
            let root = canonical
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from("/"));
            let name = canonical
                .file_name()
                .map(|n| n.to_string_lossy().into_owned());
            (root, name)
        };
        Ok(Folder {
            root,
            open,
            saving: Mutex::new(()),
        })
    }

    /// The folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file to open first: the one given, else the folder's first game.
    pub fn open_file(&self) -> Option<String> {
        self.open
            .clone()
            .or_else(|| self.list("game").into_iter().next())
    }

    /// The path of a file inside the folder, refused if it would leave it.
    pub fn resolve(&self, rel: &str) -> Result<PathBuf, ApiError> {
        let forbidden = || {
            ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "`{rel}` is outside the studio's folder: give a path inside it, without `..`"
                ),
            )
        };
        let relative = Path::new(rel);
        if rel.is_empty() || rel.contains('\0') {
            return Err(ApiError::bad("no path given"));
        }
        if !relative
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        {
            return Err(forbidden());
        }
        let path = self.root.join(relative);
        // A link inside the folder may point out of it: judge where it leads.
        let real = match path.canonicalize() {
            Ok(real) => real,
            Err(_) => match path.parent().map(Path::canonicalize) {
                Some(Ok(parent)) => parent.join(path.file_name().unwrap_or_default()),
                _ => {
                    return Err(ApiError::new(
                        StatusCode::NOT_FOUND,
                        format!("no folder for `{rel}`"),
                    ))
                }
            },
        };
        if real.starts_with(&self.root) {
            Ok(path)
        } else {
            Err(forbidden())
        }
    }

    /// The files with an extension, relative to the folder, sorted.
    pub fn list(&self, ext: &str) -> Vec<String> {
        let mut found = Vec::new();
        walk(&self.root, &self.root, ext, 0, &mut found);
        found.sort();
        found
    }

    /// A file's text and version.
    pub fn read(&self, rel: &str) -> Result<Versioned, ApiError> {
        let path = self.resolve(rel)?;
        let bytes = ludus::files::read_capped(&path, MAX_FILE).map_err(|e| {
            let status = match &e {
                ludus::files::ReadError::Io(io) if io.kind() == std::io::ErrorKind::NotFound => {
                    StatusCode::NOT_FOUND
                }
                _ => StatusCode::BAD_REQUEST,
            };
            ApiError::new(status, format!("{rel}: {e}"))
        })?;
        let version = version_of(&bytes);
        let text = String::from_utf8(bytes)
            .map_err(|_| ApiError::bad(format!("{rel} is not UTF-8 text")))?;
        Ok(Versioned { text, version })
    }

    /// Writes a file atomically if it is still at `base` on disk (`None`: it must not exist);
    /// else a conflict (409) carrying what is on disk now. Answers the new version.
    pub fn write(&self, rel: &str, text: &str, base: Option<&str>) -> Result<String, ApiError> {
        if text.len() as u64 > MAX_FILE {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "the text is over 1 MiB",
            ));
        }
        let path = self.resolve(rel)?;
        let _held = self.saving.lock().unwrap_or_else(|e| e.into_inner());
        let now = match self.read(rel) {
            Ok(v) => Some(v),
            Err(e) if e.status == StatusCode::NOT_FOUND => None,
            Err(e) => return Err(e),
        };
        let current = now.as_ref().map(|v| v.version.as_str());
        if current != base {
            let why = match (&now, base) {
                (None, _) => format!("{rel} was deleted since it was opened"),
                (Some(_), None) => format!("{rel} already exists"),
                (Some(_), Some(_)) => format!("{rel} changed on disk since it was opened"),
            };
            return Err(ApiError::new(StatusCode::CONFLICT, why)
                .with("version", current.into())
                .with("text", now.map(|v| v.text).into()));
        }
        ludus::files::write_atomic(&path, text.as_bytes())
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("{rel}: {e}")))?;
        Ok(version_of(text.as_bytes()))
    }
}

/// The version of a file's bytes: a hash (FNV-1a, 64 bits) as hex.
fn version_of(bytes: &[u8]) -> String {
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// Collects the files with an extension under `dir`, skipping hidden folders and `target`.
fn walk(root: &Path, dir: &Path, ext: &str, depth: usize, found: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if found.len() >= MAX_LISTED {
            return;
        }
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() && depth + 1 < MAX_DEPTH {
            walk(root, &path, ext, depth + 1, found);
        } else if kind.is_file() && path.extension().is_some_and(|e| e == ext) {
            if let Ok(rel) = path.strip_prefix(root) {
                found.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> (PathBuf, Folder) {
        let dir = std::env::temp_dir().join(format!("ludus-{name}-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("a.game"), "(game)").unwrap();
        std::fs::write(dir.join("sub/b.game"), "(game)").unwrap();
        let f = Folder::open(Some(&dir)).unwrap();
        (dir, f)
    }

    #[test]
    fn paths_that_leave_the_folder_are_refused() {
        let (dir, f) = folder("escapes");
        for bad in ["../x.game", "/etc/passwd", "sub/../../x", "a/../../b"] {
            let e = f.resolve(bad).unwrap_err();
            assert_eq!(e.status, StatusCode::FORBIDDEN, "{bad}");
        }
        assert!(f.resolve("sub/b.game").is_ok());
        assert_eq!(f.list("game"), vec!["a.game", "sub/b.game"]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_save_from_an_old_version_is_a_conflict() {
        let (dir, f) = folder("conflict");
        let v = f.read("a.game").unwrap().version;
        let v2 = f.write("a.game", "(game 1)", Some(&v)).unwrap();
        let e = f.write("a.game", "(game 2)", Some(&v)).unwrap_err();
        assert_eq!(e.status, StatusCode::CONFLICT);
        assert_eq!(e.body["version"], v2.as_str());
        assert_eq!(f.read("a.game").unwrap().text, "(game 1)");
        std::fs::remove_file(dir.join("a.game")).unwrap();
        let e = f.write("a.game", "(game 3)", Some(&v2)).unwrap_err();
        assert!(e.body["error"].as_str().unwrap().contains("deleted"));
        assert!(f.write("a.game", "(game 3)", None).is_ok());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
