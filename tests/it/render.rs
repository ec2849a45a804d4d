//! `ludus render`: SVG pictures of positions. The start of every shipped game is snapshotted,
//! parses as XML and, drawn to pixels, is not blank; trials are drawn step by step.

use crate::command;

use crate::setup::shipped_games;
use command::{ludus, stderr, stdout};
use std::path::PathBuf;

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
    assert!(svg.contains("Red to move, having thrown 3"), "{svg}");
    // Two P1 tokens stacked on g2 (site 21: column 6, row 1 of 15), drawn as one piece marked 2.
    let g2 = "<circle cx=\"288.0\" cy=\"596.0\" r=\"14.4\"";
    assert_eq!(svg.matches(g2).count(), 1, "{svg}");
    assert!(svg.contains(">2</text>"));
    // The last move (the second entry) is outlined, over the stack.
    assert_eq!(svg.matches("stroke=\"#e0a100\"").count(), 1);
    assert!(svg.find(g2) < svg.find("stroke=\"#e0a100\""));
    // P1's hand holds two, drawn in its yard beside the stack; P2's four are all in its yard.
    assert!(svg.contains("P1 Red (to play): hand 2, store 0"));
    assert_eq!(
        svg.matches("fill=\"#c8372d\" stroke=").count(),
        3 + 1,
        "{svg}"
    );
    assert_eq!(
        svg.matches("fill=\"#3a8d3f\" stroke=").count(),
        4 + 1,
        "{svg}"
    );
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

/// A small game of squares with a region for each player, for the graphics tests.
const MINI: &str = r#"(game "Mini" (players 2)
  (equipment {(board (square 4)) (hand Each) (region "Home" P1 (row 0)) (region "Home" P2 (row 3))
    (region "Safe" (sites {5 10}))})
  (rules (start (hand Each 4)) (play (place 1)) (end (if (no-moves Next) (result Next Loss)))))
"#;

/// The picture of MINI with `graphics` beside it, after `moves`.
fn mini_svg(graphics: &str, moves: &[&str]) -> String {
    let game = ludus::load_source("mini.game", &format!("{MINI}{graphics}"), &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    let mut state = game.new_initial_state();
    for m in moves {
        let mut legal = Vec::new();
        game.legal_moves(&state, &mut legal);
        let chosen = legal
            .into_iter()
            .find(|&x| game.notation(&state, x) == *m)
            .unwrap_or_else(|| panic!("{m} is not legal"));
        game.apply(&mut state, chosen).expect("a legal move");
    }
    ludus::diagram::svg(&game, &state)
}

/// The graphics give the players their names and colours, colour regions (a player's lightened),
/// mark sites and draw a player's sides; a board of squares is checkered by two fills.
#[test]
fn graphics_name_the_players_and_colour_and_mark_the_board() {
    let plain = mini_svg("", &[]);
    assert!(plain.contains("P1 to move") && plain.contains("fill=\"#efe8d6\""));
    let svg = mini_svg(
        r##"(graphics
          (player P1 "Black" colour:"#262626") (player P2 "White" colour:"#f4f1e8")
          (fill (checkered Dark) "#a0714f") (fill (checkered Light) "#f0d9b5")
          (fill (region "Home" P2) P2)
          (mark (region "Safe") Rosette colour:"#2f5f9e")
          (sides (region "Home" P1) P1))"##,
        &["place a1"],
    );
    assert!(svg.contains(">White to move</text>"), "{svg}");
    assert!(svg.contains("P1 Black: hand 3"), "{svg}");
    assert!(svg.contains("P2 White (to play)"), "{svg}");
    // a1 is dark; the top row is White's home, filled in White's colour lightened.
    assert!(
        svg.contains(r##"<rect x="28.0" y="176.0" width="40.0" height="40.0" fill="#a0714f""##),
        "{svg}"
    );
    assert!(
        svg.contains(r##"<rect x="68.0" y="176.0" width="40.0" height="40.0" fill="#f0d9b5""##),
        "{svg}"
    );
    assert_eq!(svg.matches("fill=\"#faf9f5\"").count(), 4, "{svg}");
    // Black's piece on a1 in Black's colour.
    assert!(
        svg.contains(r##"<circle cx="48.0" cy="196.0" r="14.4" fill="#262626""##),
        "{svg}"
    );
    // Two rosettes of eight petals and a heart each; four bottom sides, each in two strokes.
    assert_eq!(svg.matches("stroke=\"#2f5f9e\"").count(), 16, "{svg}");
    assert_eq!(
        svg.matches("stroke=\"#262626\" stroke-width=\"5\"").count(),
        4,
        "{svg}"
    );
    assert!(
        svg.contains(r##"<line x1="68.0" y1="216.0" x2="28.0" y2="216.0" stroke="#262626""##),
        "{svg}"
    );
}

/// A player named only for a seat the game does not have is left out (an option may seat fewer);
/// a yard holds its player's pieces in hand, `Each` turned to every seat.
#[test]
fn graphics_yards_hold_the_hand_and_each_turns_to_every_seat() {
    let svg = mini_svg(
        r##"(graphics (player P3 "Yellow" colour:"#e0b21b") (yard (sites {0 1}) Each))"##,
        &[],
    );
    assert!(!svg.contains("Yellow") && !svg.contains("#e0b21b"), "{svg}");
    // Each yard has two sites for four pieces in hand: two drawn, P1's at a1 and b1, P2's at the
    // top right (the board turned half round for the second seat).
    for (x, y, fill) in [
        (48, 196, "#f4f1e8"),
        (88, 196, "#f4f1e8"),
        (168, 76, "#262626"),
        (128, 76, "#262626"),
    ] {
        let piece = format!(r#"<circle cx="{x}.0" cy="{y}.0" r="14.4" fill="{fill}""#);
        assert!(svg.contains(&piece), "{piece}\n{svg}");
    }
}

/// The last move's landing is outlined over the piece standing on it, on every board: drawn after
/// the piece, so never hidden under it (a graph's point is smaller than a piece).
#[test]
fn the_last_move_is_drawn_over_the_pieces() {
    let o = ludus(&["render", "games/morris.game", "--moves", "place d2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    let piece = svg
        .find(r##"fill="#f4f1e8" stroke="#333333" stroke-width="2.5""##)
        .expect("P1's piece");
    let ring = svg.find("stroke=\"#e0a100\"").expect("the landing's ring");
    assert!(ring > piece, "{svg}");
    assert_eq!(svg.matches("stroke=\"#e0a100\"").count(), 1, "{svg}");
}

/// Stores show their counts, in the store, not only in the legend.
#[test]
fn stores_show_their_counts() {
    let o = ludus(&["render", "games/kalah.game", "--moves", "sow c1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    // c1's four seeds: d1, e1, f1 and P1's store.
    assert!(svg.contains("store 1</text>"), "{svg}");
    let store = svg.find("rx=\"8\"").expect("a store");
    let count = &svg[store..];
    assert!(
        count.contains(r##"font-weight="bold" text-anchor="middle" fill="#5a4a2a">1</text>"##),
        "{svg}"
    );
}

/// Invalid graphics give a located diagnostic each, never a panic; a section is bounded.
#[test]
fn invalid_graphics_are_located() {
    let many = format!("(graphics {})", "(mark (row 0) Dot) ".repeat(257));
    for (graphics, at, message) in [
        (
            r##"(graphics (player P1 "Black" colour:"#12345z"))"##,
            "\"#12345z\"",
            "is not a colour",
        ),
        (
            r#"(graphics (fill (row 0) "red"))"#,
            "\"red\"",
            "is not a colour",
        ),
        (
            r#"(graphics (player Mover "Black"))"#,
            "Mover",
            "names one player",
        ),
        (
            r##"(graphics (yard (row 0) "#ffffff"))"##,
            "\"#ffffff\"",
            "a yard belongs to a player",
        ),
        (
            r#"(graphics (mark (region "Nowhere") Rosette))"#,
            "\"Nowhere\"",
            "Nowhere",
        ),
        (r#"(graphics (mark (row 9) Star))"#, "9", "row"),
        (r#"(graphics (mark (row 0) Moon))"#, "Moon", "is not a mark"),
        (
            r#"(graphics (paint (row 0) P1))"#,
            "paint",
            "unknown ludeme",
        ),
        (
            r#"(graphics (fill (row 0)))"#,
            "(fill (row 0))",
            "takes 2 positional",
        ),
        (
            r#"(graphics (player P1 "A")) (graphics (player P2 "B"))"#,
            r#"(graphics (player P2 "B"))"#,
            "second",
        ),
        (
            "hex (graphics (fill (row 0) Each))",
            "(fill (row 0) Each)",
            "cannot turn",
        ),
        (&many, &many, "ludus allows 256"),
        (
            r#"(graphics (piece "Ghost" "G"))"#,
            "\"Ghost\"",
            "no piece kind",
        ),
        (
            r#"kinds (graphics (piece "Man" "Mann"))"#,
            "\"Mann\"",
            "1 to 3 characters",
        ),
    ] {
        let text = format!("{MINI}{graphics}");
        // `Each` turns P1's sites to every seat, which a board of hexagons cannot.
        let text = match graphics.strip_prefix("hex ") {
            Some(g) => format!("{}{g}", MINI.replace("(square 4)", "(rhombus 4)")),
            None => text,
        };
        // A label is checked on a game that declares kinds.
        let text = match graphics.strip_prefix("kinds ") {
            Some(g) => format!(
                "{}{g}",
                MINI.replace(
                    "(hand Each)",
                    "(hand Each) (piece-kinds {\"Man\" \"King\"})"
                )
            ),
            None => text,
        };
        let Err(ludus::LoadError::Invalid { diagnostics, .. }) =
            ludus::load_source("mini.game", &text, &[])
        else {
            panic!("{graphics} loads");
        };
        let d = &diagnostics[0];
        let (start, end) = (d.span.start as usize, d.span.end as usize);
        assert_eq!(&text[start..end], at, "{graphics}: {}", d.message);
        assert!(d.message.contains(message), "{graphics}: {}", d.message);
    }
}

/// Draws the start and a position of mid-game of every shipped game as SVG into
/// `target/tmp/pictures/` (and Ludo's and the draughts' mid-game into `docs/pictures/`, which the
/// README shows). Run it by hand, `cargo test --locked --test it render::pictures -- --ignored`,
/// then make the PNGs of `docs/pictures/` with `rsvg-convert` (librsvg2-bin; resvg is built here
/// without text), and look at each picture. The mid-game is reached by a fixed walk of up to 40
/// actions, stopping short of the end.
#[test]
#[ignore]
fn pictures() {
    let docs = PathBuf::from("docs/pictures");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pictures");
    std::fs::create_dir_all(&dir).unwrap();
    for file in shipped_games() {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let game = ludus::load_file(&file, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)));
        let start = game.new_initial_state();
        let svg = ludus::diagram::svg(&game, &start);
        std::fs::write(dir.join(format!("{name}-start.svg")), &svg).unwrap();
        let mut state = start;
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..40 {
            let choices: Vec<ludus::Move> = match state.node() {
                ludus::NodeType::Chance => game
                    .chance_outcomes(&state)
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect(),
                _ => game.moves(&state),
            };
            if choices.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut next = state.clone();
            game.apply(&mut next, choices[(seed % choices.len() as u64) as usize])
                .expect("a legal action");
            if next.is_terminal() {
                break;
            }
            state = next;
        }
        let svg = ludus::diagram::svg(&game, &state);
        std::fs::write(dir.join(format!("{name}-mid.svg")), &svg).unwrap();
        if name == "ludo" || name == "draughts" {
            std::fs::write(docs.join(format!("{name}.svg")), &svg).unwrap();
        }
    }
}
