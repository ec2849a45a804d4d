//! The user's files: reads that refuse what is not a regular file and stop at a size cap whatever
//! the file claims, and writes that replace a file whole or leave it as it was.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest `.game` file ludus reads.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// A directory, FIFO, device or socket: reading it could block or never end.
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
    /// More bytes than the cap.
    #[error("the file has more than {0} bytes, the most ludus reads")]
    TooLarge(u64),
    /// The system refused.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// What kind of file a non-regular one is, for messages.
fn kind(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Reads a regular file of at most `cap` bytes. The type is checked before opening (opening a
/// FIFO blocks) and again on the open file; at most `cap + 1` bytes are read, since a device or
/// a growing file may hold more than its reported length.
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile(kind(meta.file_type())));
    }
    let file = File::open(path)?;
    // The path may have been replaced between the check and the open.
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile(kind(meta.file_type())));
    }
    let mut bytes = Vec::with_capacity(meta.len().min(cap) as usize);
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(cap));
    }
    Ok(bytes)
}

/// Why a file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The temporary file could not be made beside the target: its directory refused, whatever
    /// the target's own permissions.
    #[error("{}", temporary_message(dir, source))]
    Temporary {
        /// The directory the temporary file goes to.
        dir: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Writing, syncing or renaming failed, or a symbolic link could not be followed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl WriteError {
    /// The kind of the underlying system error.
    pub fn kind(&self) -> std::io::ErrorKind {
        match self {
            WriteError::Temporary { source, .. } => source.kind(),
            WriteError::Io(e) => e.kind(),
        }
    }
}

/// The message for a temporary file that cannot be made in `dir`: the directory is named, since
/// the file itself may well be writable.
fn temporary_message(dir: &Path, e: &std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::PermissionDenied {
        format!(
            "its directory {} is not writable (the new text goes to a temporary file there, \
             then is renamed over the file): {e}",
            dir.display()
        )
    } else {
        format!(
            "cannot create a temporary file in its directory {}: {e}",
            dir.display()
        )
    }
}

/// Replaces `path` with `contents`, whole or not at all: see [`write_atomic_with`].
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    write_atomic_with(path, |file| file.write_all(contents))
}

/// The most symbolic links followed from one path, as Linux's `ELOOP` limit.
const MAX_LINKS: usize = 40;

/// The file a write to `path` must replace: `path` itself, or, if it is a symbolic link, the end
/// of its chain of links (which need not exist yet). Only the last component is followed: a
/// directory reached through a link is still the same directory for the rename.
pub fn link_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let next = std::fs::read_link(&path)?;
                // A relative link is relative to the directory holding the link.
                path = match path.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path),
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links in a chain (a loop?)"
    )))
}

/// Replaces `path` with what `fill` writes: into a new temporary file in the same directory,
/// flushed and synced, then renamed over `path`. On any failure the temporary file is removed and
/// `path` is left as it was (a full disk must not truncate a user's file).
///
/// A symbolic link is written through: the file it leads to is replaced and the link stays. The
/// replaced file's mode is kept, and its owner and group where the process may set them. A hard
/// link is split: the other names keep the old text, as with any write by renaming.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    let path = &link_target(path)?;
    let temp = temp_path(path);
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .map_err(|source| WriteError::Temporary {
            dir: directory_of(path),
            source,
        })?;
    let written = (|| {
        fill(&mut file)?;
        file.flush()?;
        if let Ok(meta) = std::fs::metadata(path) {
            // Owner first: a change of owner clears the set-user-ID bit the mode may then set.
            keep_owner(&file, &meta);
            // Keep the mode of the file replaced (an executable script, a read-only share).
            file.set_permissions(meta.permissions())?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(e.into());
    }
    // The rename is durable once the directory is synced; a failure here loses nothing.
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// The directory holding `path`, absolute when it can be found, for messages.
fn directory_of(path: &Path) -> PathBuf {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf())
}

/// Gives the new file the owner and group of the one it replaces, as far as the process may: all
/// of it as root, the group alone if the user is in it, else nothing (the file is still written).
#[cfg(unix)]
fn keep_owner(file: &File, old: &std::fs::Metadata) {
    use std::os::unix::fs::{fchown, MetadataExt};
    let Ok(new) = file.metadata() else { return };
    if (new.uid(), new.gid()) == (old.uid(), old.gid()) {
        return;
    }
    if fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
        let _ = fchown(file, None, Some(old.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_: &File, _: &std::fs::Metadata) {}

/// A fresh hidden name beside `path`: same directory, so the rename stays on one file system.
fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}-{unique}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ludus-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_the_file_and_no_temporary() {
        let dir = scratch("fail");
        let target = dir.join("g.game");
        std::fs::write(&target, "the original").unwrap();
        let e = write_atomic_with(&target, |f| {
            f.write_all(b"half a fi")?;
            Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "No space left on device",
            ))
        })
        .unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "the original");
        assert_eq!(entries(&dir), ["g.game"]);
        write_atomic(&target, b"new text").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new text");
        assert_eq!(entries(&dir), ["g.game"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_rename_removes_the_temporary() {
        let dir = scratch("rename");
        // A non-empty directory cannot be replaced by a file.
        std::fs::create_dir_all(dir.join("t.ron/inside")).unwrap();
        assert!(write_atomic(&dir.join("t.ron"), b"trial").is_err());
        assert_eq!(entries(&dir), ["t.ron"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The directory is named when it refuses the temporary file: by permission (the message
    /// as tests/writes.rs sees it as another user than root), or by not being there.
    #[test]
    fn a_refused_temporary_names_the_directory() {
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let e = WriteError::Temporary {
            dir: PathBuf::from("/srv/games"),
            source: denied,
        };
        assert_eq!(e.kind(), std::io::ErrorKind::PermissionDenied);
        assert_eq!(
            e.to_string(),
            "its directory /srv/games is not writable (the new text goes to a temporary file \
             there, then is renamed over the file): permission denied"
        );
        let dir = scratch("gone");
        let e = write_atomic(&dir.join("gone/g.game"), b"text").unwrap_err();
        assert!(matches!(&e, WriteError::Temporary { dir: d, .. } if *d == dir.join("gone")));
        assert_eq!(
            e.to_string(),
            format!(
                "cannot create a temporary file in its directory {}: No such file or directory (os error 2)",
                dir.join("gone").display()
            )
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A chain of links ends at the file written, which need not exist; a loop is an error.
    #[cfg(unix)]
    #[test]
    fn links_are_followed_to_the_file() {
        use std::os::unix::fs::symlink;
        let dir = scratch("links");
        let plain = dir.join("plain");
        assert_eq!(link_target(&plain).unwrap(), plain);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        symlink("sub/hop", dir.join("first")).unwrap();
        symlink(dir.join("end"), dir.join("sub/hop")).unwrap();
        assert_eq!(link_target(&dir.join("first")).unwrap(), dir.join("end"));
        write_atomic(&dir.join("first"), b"through").unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("end")).unwrap(), "through");
        assert_eq!(entries(&dir), ["end", "first", "sub"]);
        symlink("b", dir.join("a")).unwrap();
        symlink("a", dir.join("b")).unwrap();
        assert!(link_target(&dir.join("a")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn reads_stop_at_the_cap_and_refuse_devices() {
        assert!(matches!(
            read_capped(Path::new("/dev/zero"), 16),
            Err(ReadError::NotAFile("a character device"))
        ));
        assert!(matches!(
            read_capped(Path::new("/"), 16),
            Err(ReadError::NotAFile("a directory"))
        ));
        let dir = scratch("cap");
        let file = dir.join("f");
        std::fs::write(&file, [b'x'; 17]).unwrap();
        assert!(matches!(
            read_capped(&file, 16),
            Err(ReadError::TooLarge(16))
        ));
        assert_eq!(read_capped(&file, 17).unwrap().len(), 17);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
