//! `ludus render`: SVG pictures of positions. The start of every shipped game is snapshotted,
//! parses as XML and, drawn to pixels, is not blank; trials are drawn step by step.

use crate::command;

use command::{ludus, stderr, stdout};
use std::path::PathBuf;

fn shipped_games() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("games")
        .expect("the games directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    files
}

/// The picture drawn to pixels: the number of pixels that differ from the background, and the
/// distinct colours among them.
fn inked(svg: &str, png: Option<&std::path::Path>) -> (usize, usize) {
    let tree =
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("usvg reads it");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    if let Some(path) = png {
        pixmap.save_png(path).expect("the PNG is written");
    }
    let background = pixmap.pixels()[0];
    let inked: Vec<_> = pixmap
        .pixels()
        .iter()
        .filter(|p| **p != background)
        .collect();
    let mut colours: Vec<(u8, u8, u8)> = inked
        .iter()
        .map(|p| (p.red(), p.green(), p.blue()))
        .collect();
    colours.sort();
    colours.dedup();
    (inked.len(), colours.len())
}

#[test]
fn every_shipped_game_starts_as_a_picture() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render");
    std::fs::create_dir_all(&out).unwrap();
    for file in shipped_games() {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let game = ludus::load_file(&file, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)));
        let svg = ludus::diagram::svg(&game, &game.new_initial_state());
        let doc =
            roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: not XML: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg", "{name}");
        let (pixels, colours) = inked(&svg, Some(&out.join(format!("{name}.png"))));
        // A board of cells or lines fills a good part of the picture, in several colours.
        assert!(
            pixels > 3_000 && colours > 3,
            "{name}: {pixels} pixels in {colours} colours"
        );
        insta::assert_snapshot!(format!("start_{name}"), svg);
    }
}

/// What a picture shows: the pieces of each side where they stand, with the height of a stack,
/// the last move outlined, the player to move and the throw.
#[test]
fn a_picture_shows_pieces_stacks_the_last_move_and_the_throw() {
    let o = ludus(&[
        "render",
        "games/ludo.game",
        "--moves",
        "throw 6 enter g2 throw 6 enter g2 throw 3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.contains("P1 to move, having thrown 3"), "{svg}");
    // Two P1 tokens stacked on g2 (site 21: column 6, row 1 of 15), drawn as one piece marked 2.
    let g2 = "cx=\"288.0\" cy=\"596.0\"";
    assert_eq!(svg.matches(g2).count(), 1, "{svg}");
    assert!(svg.contains(">2</text>"));
    // The last move (the second entry) is outlined.
    assert_eq!(svg.matches("stroke=\"#e0a100\"").count(), 1);
    // Nothing of P2's is on the board, and P1's hand holds two.
    assert!(svg.contains("P1 (to play): hand 2, store 0"));
    assert!(!svg.contains("fill=\"#262626\" stroke=\"#000000\" stroke-width=\"2.5\""));
}

#[test]
fn a_trial_is_drawn_at_a_step_and_step_by_step() {
    let dir = std::env::temp_dir().join(format!("ludus-render-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = ludus(&[
        "match",
        "games/tictactoe.game",
        "--p1",
        "random",
        "--p2",
        "random",
        "--games",
        "1",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let trial = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let actions = ludus::trial::Trial::read(&trial).unwrap().actions.len();
    let o = ludus(&["render", trial.to_str().unwrap(), "--step", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("P2 to move"), "{}", stdout(&o));
    let o = ludus(&["render", trial.to_str().unwrap(), "--step", "99"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--step 99 is past the end"),
        "{}",
        stderr(&o)
    );
    let pictures = dir.join("pictures");
    let o = ludus(&[
        "render",
        trial.to_str().unwrap(),
        "--all",
        pictures.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut files: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files.len(), actions + 2, "{files:?}");
    assert_eq!(files[0], "index.html");
    assert_eq!(files[1], "step-0000.svg");
    let page = std::fs::read_to_string(pictures.join("index.html")).unwrap();
    assert!(page.contains(&format!("\"step-{actions:04}.svg\"")) && page.contains("ArrowRight"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_refuses_what_does_not_fit() {
    let o = ludus(&["render", "games/woli.game", "--step", "2"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--step, --all and --game draw a trial"),
        "{}",
        stderr(&o)
    );
    let o = ludus(&["render", "games/woli.game", "--moves", "zz9"]);
    assert!(!o.status.success());
}

/// Records one game of `file` between two random agents into `dir`; returns the trial's path and
/// its number of actions.
fn recorded(file: &str, options: &[&str], dir: &std::path::Path) -> (PathBuf, usize) {
    let mut args = vec![
        "match",
        file,
        "--p1",
        "random",
        "--p2",
        "random",
        "--games",
        "1",
        "--record",
        dir.to_str().unwrap(),
    ];
    for o in options {
        args.extend(["--option", o]);
    }
    let o = ludus(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let trial = std::fs::read_dir(dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let actions = ludus::trial::Trial::read(&trial).unwrap().actions.len();
    (trial, actions)
}

/// The names in a directory, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    files
}

/// The names `render --all` writes for a trial of `actions` actions.
fn pictures_of(actions: usize) -> Vec<String> {
    let mut files: Vec<String> = (0..=actions).map(|k| format!("step-{k:04}.svg")).collect();
    files.insert(0, "index.html".into());
    files
}

/// `render --all` into a directory holding files it did not write refuses, unless `--force`;
/// drawing again where it drew before replaces its own pictures, stale steps of a longer trial
/// included, and nothing else.
#[test]
fn render_all_keeps_to_its_own_files() {
    let dir = std::env::temp_dir().join(format!("ludus-render-all-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // Sig stopped after 12 edges has 12 actions; noughts and crosses at most 9.
    let (long, long_n) = recorded("games/sig.game", &["limit=12"], &dir.join("sig"));
    let (short, short_n) = recorded("games/tictactoe.game", &[], &dir.join("ttt"));
    assert!(long_n > short_n, "{long_n} {short_n}");
    let render = |trial: &PathBuf, out: &PathBuf, force: bool| {
        let mut args = vec![
            "render",
            trial.to_str().unwrap(),
            "--all",
            out.to_str().unwrap(),
        ];
        if force {
            args.push("--force");
        }
        ludus(&args)
    };

    // A user's own page is not replaced without a word.
    let site = dir.join("site");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(site.join("index.html"), "my own page").unwrap();
    let o = render(&long, &site, false);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!(
            "error: {} holds files that `ludus render --all` did not write (index.html); \
             give --force to draw there anyway (only files it wrote are removed)\n",
            site.display()
        )
    );
    assert_eq!(names(&site), ["index.html"]);
    assert_eq!(
        std::fs::read_to_string(site.join("index.html")).unwrap(),
        "my own page"
    );

    // Its own pictures are replaced, and the steps past the shorter trial's end removed.
    let pictures = dir.join("pictures");
    let o = render(&long, &pictures, false);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(names(&pictures), pictures_of(long_n));
    let o = render(&short, &pictures, false);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(names(&pictures), pictures_of(short_n));

    // With a file of the user's beside them: refused, then with --force drawn, the stale steps
    // removed and the user's file kept.
    let o = render(&long, &pictures, false);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::write(pictures.join("notes.txt"), "mine").unwrap();
    let o = render(&short, &pictures, false);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("(notes.txt)"), "{}", stderr(&o));
    assert_eq!(names(&pictures).len(), long_n + 3);
    let o = render(&short, &pictures, true);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut expected = pictures_of(short_n);
    expected.insert(1, "notes.txt".into());
    assert_eq!(names(&pictures), expected);
    assert_eq!(
        std::fs::read_to_string(pictures.join("notes.txt")).unwrap(),
        "mine"
    );

    // --force over the user's page replaces it (that is what --force is for) and nothing else.
    let o = render(&short, &site, true);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(names(&site), pictures_of(short_n));
    let _ = std::fs::remove_dir_all(&dir);
}
