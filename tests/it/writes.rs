//! Writing a user's file: through a symbolic link to the file it leads to, keeping the owner, and
//! naming the directory when it is the directory that refuses; `-o`/`--output` for the file.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::command;

use command::{ludus, stderr, stdout};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludus-writes-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Woli's text with one space too many: `fmt --write` has something to do.
fn unformatted() -> (String, String) {
    let text = std::fs::read_to_string("games/woli.game").unwrap();
    let bad = text.replace("(players 2)", "(players    2)");
    assert_ne!(bad, text);
    (bad, text)
}

/// The names in a directory, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Whether the tests run as root (CI does), by `id -u`.
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `fmt --write` and `render --output` through a chain of symbolic links (relative, across
/// directories) replace the file at its end, beside it, and leave the links as they were.
#[cfg(unix)]
#[test]
fn writes_go_through_symbolic_links() {
    use std::os::unix::fs::symlink;
    let dir = scratch("links");
    let real = dir.join("real");
    let links = dir.join("links");
    std::fs::create_dir_all(&real).unwrap();
    std::fs::create_dir_all(&links).unwrap();
    let (bad, good) = unformatted();
    std::fs::write(real.join("woli.game"), &bad).unwrap();
    // links/woli.game -> links/hop.game -> ../real/woli.game
    symlink("../real/woli.game", links.join("hop.game")).unwrap();
    symlink("hop.game", links.join("woli.game")).unwrap();
    let o = ludus(&["fmt", "--write", links.join("woli.game").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(real.join("woli.game")).unwrap(),
        good
    );
    assert_eq!(
        std::fs::read_link(links.join("woli.game")).unwrap(),
        Path::new("hop.game")
    );
    assert_eq!(
        std::fs::read_link(links.join("hop.game")).unwrap(),
        Path::new("../real/woli.game")
    );
    assert_eq!(entries(&real), ["woli.game"]);
    assert_eq!(entries(&links), ["hop.game", "woli.game"]);

    // A picture through a link to a file that exists, and through one to a file not yet there.
    std::fs::write(real.join("old.svg"), "an old picture").unwrap();
    symlink("../real/old.svg", links.join("old.svg")).unwrap();
    symlink("../real/new.svg", links.join("new.svg")).unwrap();
    for name in ["old.svg", "new.svg"] {
        let link = links.join(name);
        let o = ludus(&[
            "render",
            "games/woli.game",
            "--output",
            link.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let svg = std::fs::read_to_string(real.join(name)).unwrap();
        assert!(svg.starts_with("<svg"), "{name}: {svg}");
    }
    assert_eq!(entries(&real), ["new.svg", "old.svg", "woli.game"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A loop of links is an error, not a hang.
#[cfg(unix)]
#[test]
fn a_loop_of_links_is_an_error() {
    let dir = scratch("loop");
    std::os::unix::fs::symlink("b.svg", dir.join("a.svg")).unwrap();
    std::os::unix::fs::symlink("a.svg", dir.join("b.svg")).unwrap();
    let out = dir.join("a.svg");
    let o = ludus(&["render", "games/woli.game", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(&format!("error: cannot write {}: ", out.display())),
        "{}",
        stderr(&o)
    );
    assert_eq!(entries(&dir), ["a.svg", "b.svg"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file rewritten keeps its owner, group and mode (as root, who may give a file to anyone;
/// another user may keep only a group of theirs, which this test does not cover).
#[cfg(unix)]
#[test]
fn a_rewrite_keeps_the_owner_and_mode() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    if !is_root() {
        eprintln!("skipped: only root can give a file to another user to see it kept");
        return;
    }
    let dir = scratch("owner");
    let file = dir.join("woli.game");
    let (bad, good) = unformatted();
    std::fs::write(&file, bad).unwrap();
    std::os::unix::fs::chown(&file, Some(4321), Some(4322)).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let o = ludus(&["fmt", "--write", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), good);
    let meta = std::fs::metadata(&file).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (4321, 4322));
    assert_eq!(meta.mode() & 0o7777, 0o640);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A writable file in a directory that is not: the message names the directory, where the
/// temporary file goes, and the file is left as it was. Root writes anywhere, so as root the
/// command runs as `nobody` (through setpriv).
#[cfg(unix)]
#[test]
fn an_unwritable_directory_is_named() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("locked");
    let locked = dir.join("locked");
    std::fs::create_dir_all(&locked).unwrap();
    let file = locked.join("w.game");
    let (bad, _) = unformatted();
    std::fs::write(&file, &bad).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    let bin = env!("CARGO_BIN_EXE_ludus");
    let f = file.to_str().unwrap();
    let o = if is_root() {
        let o = Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", bin])
            .args(["fmt", "--write", f])
            .output();
        match o {
            Ok(o) if !stderr(&o).contains("setpriv:") => o,
            _ => {
                eprintln!("skipped: running as root without setpriv to become another user; files.rs's unit test holds the message");
                let _ = std::fs::remove_dir_all(&dir);
                return;
            }
        }
    } else {
        ludus(&["fmt", "--write", f])
    };
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let real = std::fs::canonicalize(&locked).unwrap();
    assert_eq!(
        stderr(&o),
        format!(
            "error: cannot write {f}: its directory {} is not writable (the new text goes to a \
             temporary file there, then is renamed over the file): Permission denied (os error 13)\n",
            real.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
    assert_eq!(entries(&locked), ["w.game"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-o`/`--output` is the file a command writes; `-D` (or `--option`) sets a game option; `-O`,
/// the output's old short flag, still works unlisted.
#[test]
fn dash_o_is_the_output_and_dash_d_an_option() {
    let dir = scratch("flags");
    for flag in ["-o", "--output", "-O"] {
        let out = dir.join(format!("board{flag}.svg"));
        let o = ludus(&["render", "games/woli.game", flag, out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{flag}: {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{flag}");
        let svg = std::fs::read_to_string(&out).unwrap();
        assert!(svg.starts_with("<svg"), "{flag}: {svg}");
    }
    let with = |flag: &str| {
        let o = ludus(&["info", "games/tabou.game", flag, "transfers=off"]);
        assert_eq!(o.status.code(), Some(0), "{flag}: {}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(with("-D"), with("--option"));
    assert_ne!(with("-D"), stdout(&ludus(&["info", "games/tabou.game"])));
    let o = ludus(&[
        "render",
        "games/tabou.game",
        "-D",
        "transfers=off",
        "-o",
        dir.join("tabou.svg").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let help = stdout(&ludus(&["render", "--help"]));
    assert!(help.contains("-o, --output <FILE>"), "{help}");
    assert!(help.contains("-D, --option <NAME=VALUE>"), "{help}");
    assert!(!help.contains("-O"), "{help}");
    let _ = std::fs::remove_dir_all(&dir);
}
