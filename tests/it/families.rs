//! The ludeme families (src/ludemes): every registry row is tied to a lowering of its kind, names
//! every argument that refers to a declaration, and its documented example compiles in a game.

use ludus::check::registry::{Kind, Ludeme, LUDEMES};
use ludus::ludemes::{family_of, Arg, Lower, Ref};

/// A game declaring everything the examples refer to; `@START`, `@PLAY`, `@END` and `@MOVE` are
/// the slots an example may fill.
const GAME: &str = r#"(game "Every" (players 2)
  (equipment {(board (rectangle 6 6)) (hand Each)
    (region "Home" P1 (row 0)) (region "Home" P2 (row 1)) (region "Board" (all-sites))
    (track "Sow" {(row 0 E) (row 1 W)} loop:true) (track "Loop" {(row 0 E) (row 1 W)} loop:true)
    (dice "Sticks" (sticks 6)) (piece-states {"Unfreed" "Freed"}) (piece-kinds {"Man" "King"}) (var "Opened" 0) @ITEM})
  (rules @START @PLAY @END))"#;

const START: &str = "(start (hand Each 4))";
const PHASES: &str = r#"(play (phases {@THROW @DECIDE (decision "Special" (place 1))}))"#;
const THROW: &str = r#"(chance "Throw" "Sticks" @BRANCHES)"#;
const BRANCHES: &str = r#"{(else (goto "Move"))}"#;
const DECIDE: &str = r#"(decision "Move" @MOVE pass:true)"#;
const END: &str = "(end {(if (no-moves Next) (result Next Loss))})";

/// The game with its slots filled: the given ones, the defaults for the rest.
fn game(fill: &[(&str, &str)]) -> String {
    let get = |slot: &str, default: &str| {
        fill.iter()
            .find(|(s, _)| *s == slot)
            .map_or(default.to_string(), |(_, v)| v.to_string())
    };
    let play = get("@PLAY", PHASES)
        .replace("@THROW", &get("@THROW", THROW))
        .replace("@BRANCHES", &get("@BRANCHES", BRANCHES))
        .replace("@DECIDE", &get("@DECIDE", DECIDE))
        .replace("@MOVE", &get("@MOVE", "(place 1)"));
    let board = get("@BOARD", "(board (rectangle 6 6))");
    GAME.replace("(board (rectangle 6 6))", &board)
        .replace("(players 2)", &get("@PLAYERS", "(players 2)"))
        .replace("@ITEM", &get("@ITEM", ""))
        .replace("@START", &get("@START", START))
        .replace("@PLAY", &play)
        .replace("@END", &get("@END", END))
}

/// The games an example of this kind may stand in; it must load in one of them.
fn games(kind: Kind, e: &str) -> Vec<String> {
    let with = |slot: &str, text: String| game(&[(slot, &text)]);
    match kind {
        Kind::Game => vec![e.to_string()],
        Kind::Players => vec![with("@PLAYERS", e.into())],
        Kind::Equipment => vec![format!("(game \"Every\" (players 2) {e} (rules (start (hand Each 4)) (play (place 1)) {END}))")],
        Kind::Rules => vec![GAME
            .replace("@ITEM", "")
            .replace("(rules @START @PLAY @END)", e)],
        Kind::Item => vec![with("@BOARD", e.into()), format!("(game \"Every\" (players 2) (equipment {{(board (rectangle 6 6)) (hand Each) {e}}}) (rules (start (hand Each 4)) (play (place 1)) {END}))")],
        Kind::Shape => vec![with("@BOARD", format!("(board {e})"))],
        Kind::DiceSpec => vec![with("@ITEM", format!("(dice \"Other\" {e})"))],
        Kind::Segment => vec![with("@ITEM", format!("(track \"Other\" {{{e}}})"))],
        Kind::Region => vec![
            with("@MOVE", format!("(place 1 to:{e})")),
            // A store is a region once a track passes through it.
            game(&[
                ("@ITEM", "(track \"Stores\" {(row 0 E) (store P1) (store P2)} loop:true)"),
                ("@MOVE", &format!("(place 1 to:{e})")),
            ]),
        ],
        Kind::Start => vec![with("@START", e.into())],
        Kind::Setup => vec![with("@START", format!("(start {{{e}}})"))],
        Kind::Play => vec![with("@PLAY", e.into())],
        Kind::Moves => vec![with("@MOVE", e.into()), with("@PLAY", format!("(play {e})"))],
        Kind::Phase => vec![with("@THROW", e.into()), with("@DECIDE", e.into())],
        Kind::Clause => vec![
            with("@BRANCHES", format!("{{{e} (else (goto \"Move\"))}}")),
            with("@BRANCHES", format!("{{{e}}}")),
        ],
        Kind::Action => vec![with(
            "@BRANCHES",
            format!("{{(when (= (pips) 0) {e}) (else (goto \"Move\"))}}"),
        )],
        Kind::Capture => vec![with("@MOVE", format!("(sow \"Sow\" capture:{e})"))],
        Kind::Effect => vec![with("@MOVE", format!("(place 1 then:{e})"))],
        Kind::Flank => vec![with("@MOVE", format!("(place 1 flank:{e})"))],
        Kind::Surround => vec![with("@MOVE", format!("(place 1 surround:{e})"))],
        Kind::Removal => vec![with("@MOVE", format!("(place 1 remove:{e})"))],
        Kind::Cond => vec![
            with("@MOVE", format!("(if {e} (place 1))")),
            with("@END", format!("(end {{(if {e} (result Mover Win))}})")),
            with("@MOVE", format!("(filter {e} (sow \"Sow\"))")),
        ],
        Kind::Int => vec![
            with("@MOVE", format!("(if (= {e} 0) (place 1))")),
            with("@END", format!("(end {{(if (= {e} 0) (result Mover Win))}})")),
            // A number read for each move, such as the pieces on a slide's line.
            with("@MOVE", format!("(slide All distance:{e})")),
        ],
        Kind::End => vec![with("@END", e.into())],
        Kind::EndRule => vec![with("@END", format!("(end {{{e}}})"))],
        Kind::Outcome => vec![with(
            "@END",
            format!("(end {{(if (no-moves Next) {e})}})"),
        )],
        Kind::Graphics => vec![format!("{}\n{e}", game(&[]))],
        Kind::Look => vec![format!("{}\n(graphics {e})", game(&[]))],
        _ => Vec::new(),
    }
}

#[test]
fn every_documented_example_compiles_in_a_game() {
    // The templates themselves load: a failure below is the example's.
    ludus::load_source("every.game", &game(&[]), &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    let mut failures = Vec::new();
    for l in LUDEMES {
        let candidates = games(l.kind, l.example);
        let mut errors = Vec::new();
        let loaded =
            candidates
                .iter()
                .any(|text| match ludus::load_source("example.game", text, &[]) {
                    Ok(_) => true,
                    Err(e) => {
                        errors.push(e.render(false));
                        false
                    }
                });
        if !loaded {
            failures.push(format!(
                "`{}` ({}, family {}): {}\n{}",
                l.name,
                l.kind.noun(),
                family_of(l),
                l.example,
                errors.join("\n")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "examples that do not compile:\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn every_row_is_lowered_as_its_kind() {
    for l in LUDEMES {
        let expected = match l.kind {
            k @ (Kind::Moves | Kind::Cond | Kind::Int | Kind::Region) => Some(k),
            _ => None,
        };
        assert_eq!(l.lower.kind(), expected, "`{}` ({})", l.name, l.kind.noun());
        assert!(
            !family_of(l).is_empty(),
            "`{}` belongs to no family",
            l.name
        );
    }
    // Structural rows are read by their parent; the only structural moves row is `phases`,
    // which is lowered to an error anywhere but the whole of `play`.
    let phases = LUDEMES.iter().find(|l| l.name == "phases").expect("phases");
    assert!(matches!(phases.lower, Lower::Moves(_)));
}

/// The string arguments that are a declaration's own name, not a reference to one (a graph's
/// lines name its points, a walk its start point and steps).
const DECLARED_NAMES: [(&str, Kind, &str); 13] = [
    ("player", Kind::Look, "name"),
    ("graph", Kind::Shape, "lines"),
    ("walk", Kind::Segment, "steps"),
    ("game", Kind::Game, "name"),
    ("region", Kind::Item, "name"),
    ("track", Kind::Item, "name"),
    ("dice", Kind::Item, "name"),
    ("piece-states", Kind::Item, "names"),
    ("piece-kinds", Kind::Item, "names"),
    ("piece-kinds", Kind::Item, "demote"),
    ("var", Kind::Item, "name"),
    ("chance", Kind::Phase, "name"),
    ("decision", Kind::Phase, "name"),
];

/// The string arguments that are values, not names: colours and pieces' labels, which the
/// graphics reader checks (`invalid_graphics_are_located` in tests/it/render.rs holds it).
const COLOURS: [(&str, Kind, &str); 3] = [
    ("player", Kind::Look, "colour"),
    ("mark", Kind::Look, "colour"),
    ("piece", Kind::Look, "label"),
];

#[test]
fn every_argument_naming_a_declaration_is_checked() {
    let mut unchecked = Vec::new();
    for l in LUDEMES {
        let args = l
            .positional
            .iter()
            .enumerate()
            .map(|(i, p)| (Arg::Pos(i), p))
            .chain(l.named.iter().map(|p| (Arg::Key(p.name), p)));
        for (arg, p) in args {
            let names = p.shape.kind() == Kind::Str;
            // A region's names are checked by the region evaluator, which every region runs.
            let own = DECLARED_NAMES.contains(&(l.name, l.kind, p.name))
                || COLOURS.contains(&(l.name, l.kind, p.name))
                || l.kind == Kind::Region;
            let checked = l.refs.iter().any(|r| r.arg() == Some(arg));
            if names && !own && !checked {
                unchecked.push(format!(
                    "`{}` ({}) argument `{}`",
                    l.name,
                    l.kind.noun(),
                    p.name
                ));
            }
        }
        // Every reference names an argument the ludeme has.
        for r in l.refs {
            let exists = match r.arg() {
                Some(Arg::Pos(i)) => i < l.positional.len(),
                Some(Arg::Key(k)) => l.named.iter().any(|p| p.name == k),
                None => *r == Ref::Hand,
            };
            assert!(
                exists,
                "`{}` checks {r:?}, an argument it does not have",
                l.name
            );
        }
    }
    assert!(
        unchecked.is_empty(),
        "string arguments no check reads:\n{}",
        unchecked.join("\n")
    );
}

#[test]
fn a_union_of_regions_of_the_mover_is_a_region_in_the_rules() {
    // The checker and the compiler evaluate regions alike: a union may hold a region of the
    // mover, as the compiler always allowed.
    let text = game(&[(
        "@MOVE",
        r#"(place 1 to:(union (region "Home" Mover) (row 5)))"#,
    )]);
    let loaded = ludus::load_source("union.game", &text, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    let region = &loaded.regions[0];
    assert_eq!(
        region.sites[0],
        vec![0, 1, 2, 3, 4, 5, 30, 31, 32, 33, 34, 35]
    );
    assert_eq!(
        region.sites[1],
        vec![6, 7, 8, 9, 10, 11, 30, 31, 32, 33, 34, 35]
    );
}

#[test]
fn every_move_family_names_its_generator() {
    let families: Vec<&str> = LUDEMES
        .iter()
        .filter(|l: &&Ludeme| matches!(l.lower, Lower::Moves(_)) && l.kind == Kind::Moves)
        .map(family_of)
        .collect();
    for (example, family) in [
        ("(place 1)", "place"),
        ("(step Orthogonal)", "step"),
        ("(hop Orthogonal)", "hop"),
        (r#"(sow "Sow")"#, "sow"),
        (
            r#"(transfer from:(region "Board") to:(region "Board"))"#,
            "transfer",
        ),
        (r#"(advance "Loop" 1)"#, "advance"),
        (r#"(advance-all "Loop" 3)"#, "advance"),
        (r#"(enter "Loop" 1)"#, "advance"),
    ] {
        let play = format!("(play {example})");
        let loaded = ludus::load_source("g.game", &game(&[("@PLAY", &play)]), &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        assert_eq!(loaded.gens.len(), 1, "{example}");
        let gen = &loaded.gens[0].gen;
        assert_eq!(gen.family(), family, "{example}");
        assert!(families.contains(&family));
    }
}

#[test]
fn each_kind_of_reference_is_checked_where_a_row_declares_it() {
    let cases: [(&str, &str, &str); 12] = [
        (
            "@THROW",
            r#"(chance "Throw" "Stiks" {(else (goto "Move"))})"#,
            r#"no dice is called "Stiks""#,
        ),
        (
            "@BRANCHES",
            r#"{(else (goto "Mov"))}"#,
            r#"no phase is called "Mov""#,
        ),
        (
            "@MOVE",
            r#"(place 1 then:(set-var Mover "Open" 1))"#,
            r#"no variable is called "Open""#,
        ),
        (
            "@MOVE",
            r#"(if (= (var Next "Open") 0) (place 1))"#,
            r#"no variable is called "Open""#,
        ),
        (
            "@MOVE",
            r#"(advance "Loop" 1 state:"Free")"#,
            r#"no piece state is called "Free""#,
        ),
        (
            "@MOVE",
            r#"(advance-all "Loop" 2 set-state:"Free")"#,
            r#"no piece state is called "Free""#,
        ),
        ("@MOVE", r#"(sow "Sew")"#, r#"no track is called "Sew""#),
        (
            "@START",
            r#"(start (pieces P1 (row 0) track:"Lop"))"#,
            r#"no track is called "Lop""#,
        ),
        (
            "@START",
            "(start (pieces Mover (row 0)))",
            "a declaration belongs to one player, P1 to P4, not `Mover`",
        ),
        (
            "@END",
            r#"(end {(if (no-moves Next) (by-score collect:"Board"))})"#,
            r#"no per-player region is called "Board""#,
        ),
        (
            "@MOVE",
            r#"(place 1 to:(region "Home"))"#,
            r#"region "Home" belongs to each player; say whose"#,
        ),
        (
            "@MOVE",
            r#"(place 1 to:(union (row 9) (region "Board")))"#,
            "row 9 is out of range",
        ),
    ];
    for (slot, text, message) in cases {
        let err = ludus::load_source("refs.game", &game(&[(slot, text)]), &[])
            .err()
            .unwrap_or_else(|| panic!("{text} loaded"))
            .render(false);
        assert!(
            err.contains(message),
            "{text}: expected `{message}` in\n{err}"
        );
    }
    // A game without hands may not use one.
    let text = game(&[("@START", "(start (fill (all-sites) 1))")]).replace("(hand Each)", "");
    let err = ludus::load_source("hands.game", &text, &[])
        .expect_err("a game placing from no hand loads")
        .render(false);
    assert!(
        err.contains("this game gives the players no hands"),
        "{err}"
    );
}

#[test]
fn the_seed_games_need_only_the_state_features_their_rules_read() {
    use ludus::compile::Needs;
    for (file, needs) in [
        ("games/toki.game", Needs::HANDS.with(Needs::PLACING)),
        ("games/woli.game", Needs::REPETITION),
        ("games/sig.game", Needs::NONE),
        ("games/tabou.game", Needs::SOWN.with(Needs::REPETITION)),
    ] {
        let game = ludus::load_file(std::path::Path::new(file), &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        assert_eq!(game.needs(), needs, "{file}");
    }
}
