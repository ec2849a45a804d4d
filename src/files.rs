//! The user's files: reads that refuse what is not a regular file and stop at a size cap whatever
//! the file claims, and writes that replace a file whole or leave it as it was.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

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

/// Replaces `path` with `contents`, whole or not at all: see [`write_atomic_with`].
pub fn write_atomic(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |file| file.write_all(contents))
}

/// Replaces `path` with what `fill` writes: into a new temporary file in the same directory,
/// flushed and synced, then renamed over `path`. On any failure the temporary file is removed and
/// `path` is left as it was (a full disk must not truncate a user's file).
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let temp = temp_path(path);
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)?;
    let written = (|| {
        fill(&mut file)?;
        file.flush()?;
        if let Ok(meta) = std::fs::metadata(path) {
            // Keep the mode of the file replaced (an executable script, a read-only share).
            file.set_permissions(meta.permissions())?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
        return written;
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
