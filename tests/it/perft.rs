//! Perft counts from data files in `tests/perft/`: `game FILE`, `option K=V`, `perft DEPTH COUNT`.

use std::path::Path;

fn run(file: &str) {
    let text = std::fs::read_to_string(Path::new("tests/perft").join(file)).unwrap();
    let mut game_file = None;
    let mut options = Vec::new();
    let mut expected = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["game", g] => game_file = Some(g.to_string()),
            ["option", kv] => {
                let (k, v) = kv.split_once('=').unwrap();
                options.push((k.to_string(), v.to_string()));
            }
            ["perft", d, n] => {
                expected.push((d.parse::<usize>().unwrap(), n.parse::<u64>().unwrap()))
            }
            _ => panic!("bad line in {file}: {line}"),
        }
    }
    let path = Path::new("games").join(game_file.expect("a game line"));
    let game = ludus::load_file(&path, &options).unwrap_or_else(|e| panic!("{}", e.render(false)));
    let depth = expected.iter().map(|e| e.0).max().unwrap();
    let counts = ludus::engine::perft(&game, &game.new_initial_state(), depth);
    assert_eq!(counts[0], 1, "{file}: perft(0) is the empty path");
    for (d, n) in expected {
        assert_eq!(counts[d], n, "{file}: perft({d})");
    }
}

#[test]
fn woli() {
    run("woli.perft");
}

#[test]
fn tabou() {
    run("tabou.perft");
}

#[test]
fn tabou_without_transfers() {
    run("tabou-no-transfers.perft");
}

#[test]
fn toki() {
    run("toki.perft");
}

#[test]
fn sig() {
    run("sig.perft");
}

#[test]
fn tictactoe() {
    run("tictactoe.perft");
}

#[test]
fn hex() {
    run("hex.perft");
    run("hex-3.perft");
    run("hex-3-pie.perft");
}

/// Depth 10 takes about 5 s in release.
#[test]
fn reversi() {
    run("reversi.perft");
}

#[test]
fn breakthrough() {
    run("breakthrough.perft");
}

/// Two whole turns of Amazons, about a second in the test profile.
#[test]
fn amazons() {
    run("amazons.perft");
}

/// Lines of Action to depth 4, 1.6 million paths.
#[test]
fn lines_of_action() {
    run("lines-of-action.perft");
}

#[test]
fn morris() {
    run("morris.perft");
}

#[test]
fn connect_four() {
    run("connect-four.perft");
}

/// English draughts to depth 10, under a second in release.
#[test]
fn draughts() {
    run("draughts.perft");
}

#[test]
fn kalah() {
    run("kalah.perft");
}

/// About 6 s in release: `cargo test --release --test it -- --ignored perft::kalah_deep`.
#[test]
#[ignore]
fn kalah_deep() {
    run("kalah-deep.perft");
}

#[test]
fn kalah_either() {
    run("kalah-either.perft");
}

/// About 6 s in release: `cargo test --release --test it -- --ignored perft::kalah_either_deep`.
#[test]
#[ignore]
fn kalah_either_deep() {
    run("kalah-either-deep.perft");
}

#[test]
fn kalah_3_3() {
    run("kalah-3-3.perft");
}

#[test]
fn kalah_4_2() {
    run("kalah-4-2.perft");
}

#[test]
fn kalah_4_2_either() {
    run("kalah-4-2-either.perft");
}

#[test]
fn ur() {
    run("ur.perft");
}

#[test]
fn ludo() {
    run("ludo.perft");
    run("ludo-players-3.perft");
    run("ludo-players-2.perft");
    run("ludo-three-sixes-on.perft");
}

/// Every data file in `tests/perft/` is run by a test above.
#[test]
fn every_perft_file_is_run() {
    let source = std::fs::read_to_string("tests/it/perft.rs").expect("this file");
    for entry in std::fs::read_dir("tests/perft").expect("tests/perft") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        assert!(
            source.contains(&format!("run(\"{name}\")")),
            "{name} is not run"
        );
    }
}

/// Tak on every board from 3x3 to 8x8, to the depths that run in well under a second each.
#[test]
fn tak() {
    for file in [
        "tak.perft",
        "tak-3.perft",
        "tak-4.perft",
        "tak-6.perft",
        "tak-7.perft",
        "tak-8.perft",
    ] {
        run(file);
    }
}

/// Tak deeper, about 15 s in release (3x3 to depth 7: roads end games on the way):
/// `cargo test --release --test it -- --ignored perft::tak_deep`.
#[test]
#[ignore]
fn tak_deep() {
    for file in [
        "tak-deep.perft",
        "tak-3-deep.perft",
        "tak-4-deep.perft",
        "tak-6-deep.perft",
        "tak-7-deep.perft",
        "tak-8-deep.perft",
    ] {
        run(file);
    }
}
