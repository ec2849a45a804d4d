//! Diagnostics: one small broken `.game` file per kind of error in `tests/diagnostics/`, loaded with
//! `ludus::load_file` and rendered without colour; the rendering is snapshotted, and the codes,
//! lines and labels are asserted here so that a wrong snapshot cannot be accepted silently.

use ludus::LoadError;
use std::path::Path;
use std::process::Command;

/// Loads a broken file (relative to the package root, so the rendered path is stable) and returns
/// its diagnostics' codes with the rendered report.
fn load_broken(file: &str, settings: &[(&str, &str)]) -> (Vec<&'static str>, String) {
    let path = format!("tests/diagnostics/{file}");
    let settings: Vec<(String, String)> = settings
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let err = match ludus::load_file(Path::new(&path), &settings) {
        Ok(game) => panic!(
            "{path} loaded as game {:?}; it should be refused",
            game.name
        ),
        Err(e) => e,
    };
    let LoadError::Invalid {
        file: source,
        diagnostics,
    } = &err
    else {
        panic!("{path}: expected diagnostics, got {err}");
    };
    for d in diagnostics {
        // Every diagnostic is located inside the text, labelled, and says how to fix it.
        assert!(
            d.span.start <= d.span.end && d.span.end as usize <= source.text.len(),
            "{path}: span {:?} outside the text",
            d.span
        );
        assert!(!d.label.is_empty(), "{path}: {} has no label", d.code);
        assert!(
            d.help.as_deref().is_some_and(|h| !h.is_empty()),
            "{path}: {} has no help",
            d.code
        );
        for (span, label) in &d.related {
            assert!(
                span.end as usize <= source.text.len() && !label.is_empty(),
                "{path}: bad related label"
            );
        }
    }
    let rendered = err.render(false);
    assert!(
        !rendered.contains('\u{1b}'),
        "render(false) must not colour"
    );
    assert_eq!(
        rendered.matches("  help: ").count(),
        diagnostics.len(),
        "{path}: one help line per diagnostic\n{rendered}"
    );
    (diagnostics.iter().map(|d| d.code).collect(), rendered)
}

/// Asserts the codes, that the header names `file:line:col`, and snapshots the rendering.
macro_rules! diagnostic_test {
    ($test:ident, $file:literal, $settings:expr, [$($code:literal),+], $location:literal $(, $needle:literal)*) => {
        #[test]
        fn $test() {
            let (codes, rendered) = load_broken($file, $settings);
            assert_eq!(codes, vec![$($code),+], "{rendered}");
            let header = format!("tests/diagnostics/{}:{}: error[", $file, $location);
            assert!(rendered.starts_with(&header), "expected the report to start with {header}\n{rendered}");
            $(assert!(rendered.contains($needle), "expected {:?} in\n{rendered}", $needle);)*
            insta::assert_snapshot!(stringify!($test), rendered);
        }
    };
}

diagnostic_test!(
    syntax_unclosed_paren,
    "syntax_unclosed_paren.game",
    &[],
    ["syntax::unclosed"],
    "3:3",
    "this `(` has no matching `)`",
    "the `)` belongs after this",
    "add its `)` at the end of line 3: line 4 is indented"
);
diagnostic_test!(
    syntax_stray_token,
    "syntax_stray_token.game",
    &[],
    ["syntax::parse"],
    "3:14",
    "expected an argument or `)`, found `@`"
);
diagnostic_test!(
    syntax_stray_close,
    "syntax_stray_close.game",
    &[],
    ["syntax::unmatched"],
    "5:104",
    "this closes the form early",
    "closed on line 3"
);
diagnostic_test!(
    syntax_mismatched,
    "syntax_mismatched.game",
    &[],
    ["syntax::mismatched"],
    "4:50",
    "this `{` is still open"
);
diagnostic_test!(
    syntax_unterminated_string,
    "syntax_unterminated_string.game",
    &[],
    ["syntax::string"],
    "2:7",
    "this string is never closed"
);
diagnostic_test!(
    syntax_bad_escape,
    "syntax_bad_escape.game",
    &[],
    ["syntax::string"],
    "2:11",
    "unknown escape `\\t`"
);
diagnostic_test!(
    syntax_key_without_value,
    "syntax_key_without_value.game",
    &[],
    ["syntax::parse"],
    "5:47",
    "`to:` has no value after it"
);
diagnostic_test!(
    unknown_ludeme,
    "unknown_ludeme.game",
    &[],
    ["check::unknown-ludeme"],
    "7:12",
    "unknown ludeme `sowe`",
    "did you mean `sow`?"
);
diagnostic_test!(
    unknown_ludeme_of_the_expected_kind,
    "unknown_ludeme_kind.game",
    &[],
    ["check::unknown-ludeme"],
    "7:12",
    "unknown ludeme `plac`",
    "did you mean `place`?"
);
diagnostic_test!(
    arity_missing,
    "arity_missing.game",
    &[],
    ["check::arity"],
    "4:22",
    "missing `columns`",
    "(rectangle rows columns [diagonals:...])"
);
diagnostic_test!(
    arity_extra,
    "arity_extra.game",
    &[],
    ["check::arity"],
    "4:32",
    "unexpected argument",
    "(square size [diagonals:...])"
);
diagnostic_test!(
    wrong_kind,
    "wrong_kind.game",
    &[],
    ["check::kind"],
    "7:19",
    "expected a condition, found `sow`, which is a move"
);
diagnostic_test!(
    decimal_where_integer,
    "decimal_where_integer.game",
    &[],
    ["check::kind"],
    "6:30",
    "expected an integer, found the number 6.5",
    "this argument counts in whole numbers: write one without a point"
);
diagnostic_test!(
    decimal_too_precise,
    "decimal_too_precise.game",
    &[],
    ["check::kind"],
    "7:55",
    "`0.0625` has more than three places after its point",
    "at most three decimal places"
);
diagnostic_test!(
    switch_given_a_condition,
    "switch_given_a_condition.game",
    &[],
    ["check::kind"],
    "7:34",
    "`skip-origin:` is a switch, written `true` or `false`; found `(> ...)`",
    "expected `true` or `false`",
    "write `skip-origin:true`, or `skip-origin:false` (the same as leaving it out)"
);
diagnostic_test!(
    switches_named_alike,
    "switches_named_alike.game",
    &[],
    ["check::kind", "check::kind"],
    "7:44",
    "`remove:` is a switch, written `true` or `false`; found `(passed ...)`",
    "`exact:` is a switch, written `true` or `false`; found `(passed ...)`",
    "write `remove:true`, or `remove:false` (the same as leaving it out)",
    "write `exact:true`, or `exact:false` (the same as leaving it out)"
);
diagnostic_test!(
    error_in_define_used_often,
    "error_in_define_used_often.game",
    &[],
    ["check::kind"],
    "3:62",
    "found `ture`",
    "15:16]",
    "in this use of a define, the first of 5 with this error"
);
diagnostic_test!(
    too_many_generators,
    "too_many_generators.game",
    &[],
    ["check::out-of-range"],
    "15:5",
    "this game has 4100 move generators; ludus allows 4096",
    "each move ludeme counts once for every place it stands once defines are expanded: a define used 10 times counts 10 times"
);
diagnostic_test!(
    start_without_braces,
    "start_without_braces.game",
    &[],
    ["check::arity"],
    "6:12",
    "these 2 start instructions are one list",
    "wrap them in braces: `(start {(fill ...) (hand ...)})`"
);
diagnostic_test!(
    unknown_named_argument,
    "unknown_named_argument.game",
    &[],
    ["check::unknown-argument"],
    "12:22",
    "did you mean `from:`?"
);
diagnostic_test!(
    undefined_define,
    "undefined_define.game",
    &[],
    ["expand::undefined-define"],
    "14:28",
    "did you mean \"Home\"?"
);
diagnostic_test!(
    define_parameter_count,
    "define_parameter_count.game",
    &[],
    ["expand::define-arity"],
    "14:27",
    "defined here with 1 parameter",
    "given 2 arguments"
);
diagnostic_test!(
    recursive_define,
    "recursive_define.game",
    &[],
    ["expand::recursive-define"],
    "2:36",
    "(\"Moves\" → \"Sowing\" → \"Moves\")",
    "defined here",
    "in this use of a define"
);
diagnostic_test!(
    duplicate_track,
    "duplicate_track.game",
    &[],
    ["check::duplicate-name"],
    "4:62",
    "first declaration",
    "a track is declared once, or once for each player"
);
diagnostic_test!(
    duplicate_region,
    "duplicate_region.game",
    &[],
    ["check::duplicate-name"],
    "7:5",
    "first declaration",
    "second declaration"
);
diagnostic_test!(
    duplicate_define,
    "duplicate_define.game",
    &[],
    ["expand::duplicate-define"],
    "3:9",
    "first definition",
    "second definition"
);
diagnostic_test!(
    duplicate_option,
    "duplicate_option.game",
    &[],
    ["check::duplicate-name"],
    "3:9",
    "first declaration",
    "second declaration"
);
diagnostic_test!(
    player_out_of_range,
    "player_out_of_range.game",
    &[],
    ["check::out-of-range"],
    "3:3",
    "this game has 5 players"
);
diagnostic_test!(
    player_unknown_role,
    "player_unknown_role.game",
    &[],
    ["check::out-of-range"],
    "6:20",
    "`P3` names player 3, but this game has 2 players",
    "declare `(players 3)`"
);
diagnostic_test!(
    site_out_of_range,
    "site_out_of_range.game",
    &[],
    ["check::out-of-range"],
    "6:30",
    "site 12 is out of range",
    "sites 0 to 11"
);
diagnostic_test!(
    row_out_of_range,
    "row_out_of_range.game",
    &[],
    ["check::out-of-range"],
    "7:28",
    "row 2 is out of range",
    "2 rows"
);
diagnostic_test!(
    undeclared_option_value_select,
    "undeclared_option_value_select.game",
    &[],
    ["option::undeclared-value"],
    "9:46",
    "did you mean `on:`?",
    "the option is declared here"
);
diagnostic_test!(
    undeclared_option_value_setting,
    "undeclared_option_value_setting.game",
    &[("transfers", "maybe")],
    ["option::undeclared-value"],
    "2:9",
    "`--option transfers=maybe`",
    "takes one of: \"on\", \"off\""
);
diagnostic_test!(
    unknown_option,
    "unknown_option.game",
    &[],
    ["option::unknown"],
    "8:38",
    "no option is called \"countres\"",
    "did you mean \"counters\"?"
);
diagnostic_test!(
    unknown_option_setting,
    "unknown_option_setting.game",
    &[("counter", "5")],
    ["option::unknown"],
    "2:9",
    "no option \"counter\"",
    "did you mean \"counters\"?"
);
diagnostic_test!(
    several_errors,
    "several_errors.game",
    &[],
    ["check::unknown-ludeme", "check::kind", "check::kind"],
    "6:13",
    "several_errors.game:7:34:",
    "several_errors.game:8:24:"
);
diagnostic_test!(
    several_errors_expand,
    "several_errors_expand.game",
    &[],
    ["option::unknown", "expand::undefined-define"],
    "14:38",
    "several_errors_expand.game:15:51:"
);

#[test]
fn error_in_define_points_at_the_definition_and_the_use() {
    let (codes, rendered) = load_broken("error_in_define.game", &[]);
    assert_eq!(codes, vec!["check::kind"]);
    assert!(
        rendered.starts_with("tests/diagnostics/error_in_define.game:2:27: error[check::kind]"),
        "{rendered}"
    );
    // The body of the define (line 2) carries the primary label, the use (line 9) the second one.
    let body = rendered
        .lines()
        .position(|l| l.starts_with(" 2 │ (define \"Feeding\""));
    let body_label = rendered
        .lines()
        .position(|l| l.contains("╰── a move where a condition belongs"));
    let use_line = rendered
        .lines()
        .position(|l| l.starts_with("  9 │     (play (\"Feeding\" (sow \"Sow\")))"));
    let use_label = rendered
        .lines()
        .position(|l| l.contains("╰── in this use of a define"));
    assert!(body.is_some() && body_label > body, "{rendered}");
    assert!(use_line.is_some() && use_label > use_line, "{rendered}");
    insta::assert_snapshot!("error_in_define", rendered);
}

#[test]
fn every_broken_file_has_a_test() {
    let source = include_str!("diagnostics.rs");
    for entry in std::fs::read_dir("tests/diagnostics").expect("tests/diagnostics") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        assert!(
            source.contains(&format!("\"{name}\"")),
            "{name} has no test"
        );
    }
}

#[test]
fn validate_json_gives_file_line_column_end_severity_code_message_help() {
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "validate",
            "--format",
            "json",
            "games/woli.game",
            "tests/diagnostics/several_errors.game",
            "tests/diagnostics/unknown_ludeme.game",
        ])
        .output()
        .expect("run ludus");
    assert_eq!(out.status.code(), Some(1), "errors exit 1");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    let items = json.as_array().expect("a JSON array");
    // woli.game is valid and adds nothing; the three errors of several_errors.game and the one of unknown_ludeme.game follow.
    let at: Vec<(String, u64, u64, String)> = items
        .iter()
        .map(|d| {
            (
                d["file"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
                d["code"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let expected = [
        (
            "tests/diagnostics/several_errors.game",
            6,
            13,
            "check::unknown-ludeme",
        ),
        (
            "tests/diagnostics/several_errors.game",
            7,
            34,
            "check::kind",
        ),
        (
            "tests/diagnostics/several_errors.game",
            8,
            24,
            "check::kind",
        ),
        (
            "tests/diagnostics/unknown_ludeme.game",
            7,
            12,
            "check::unknown-ludeme",
        ),
    ];
    assert_eq!(
        at,
        expected
            .iter()
            .map(|(f, l, c, code)| (f.to_string(), *l, *c, code.to_string()))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        items[3],
        serde_json::json!({
            "file": "tests/diagnostics/unknown_ludeme.game",
            "line": 7,
            "column": 12,
            "end": {"line": 7, "column": 16},
            "severity": "error",
            "code": "check::unknown-ludeme",
            "message": "unknown ludeme `sowe`",
            "help": "did you mean `sow`?",
        })
    );
    for d in items {
        let keys: Vec<&str> = d
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys.len(), 8, "{d}");
        for key in [
            "file", "line", "column", "end", "severity", "code", "message", "help",
        ] {
            assert!(keys.contains(&key), "{key} missing in {d}");
        }
    }
    assert!(
        out.stderr.is_empty(),
        "json mode prints nothing on stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn validate_json_of_valid_games_is_an_empty_list() {
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "validate",
            "--format",
            "json",
            "games/woli.game",
            "games/tabou.game",
            "games/toki.game",
            "games/sig.game",
        ])
        .output()
        .expect("run ludus");
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert_eq!(json, serde_json::json!([]));
}

#[test]
fn validate_text_reports_to_stderr_and_exits_1() {
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["validate", "tests/diagnostics/arity_extra.game"])
        .output()
        .expect("run ludus");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("tests/diagnostics/arity_extra.game:4:32: error[check::arity]"),
        "{stderr}"
    );
    assert!(
        !stderr.contains('\u{1b}'),
        "no colour when stderr is not a terminal"
    );
}

// Cascades (issue 11, item 16): one mistake gives one error.
diagnostic_test!(
    cascade_missing_players,
    "cascade_missing_players.game",
    &[],
    ["check::arity"],
    "2:1",
    "missing `players`"
);
diagnostic_test!(
    cascade_duplicate_players,
    "cascade_duplicate_players.game",
    &[],
    ["check::arity"],
    "4:3",
    "`game` takes at most 4 positional arguments, found 5"
);
diagnostic_test!(
    cascade_option_default,
    "cascade_option_default.game",
    &[],
    ["check::kind"],
    "2:20",
    "the default lies outside min..max"
);
diagnostic_test!(
    cascade_malformed_define,
    "cascade_malformed_define.game",
    &[],
    ["check::arity"],
    "3:1",
    "a define takes a name in quotes and one body"
);
diagnostic_test!(
    cascade_region_row,
    "cascade_region_row.game",
    &[],
    ["check::out-of-range"],
    "7:28",
    "row 2 is out of range"
);
diagnostic_test!(
    cascade_track_row,
    "cascade_track_row.game",
    &[],
    ["check::out-of-range"],
    "6:34",
    "row 3 is out of range"
);

/// A setting of an option whose declaration was refused is not reported again as unknown.
#[test]
fn cascade_option_setting() {
    let (codes, rendered) = load_broken("cascade_option_default.game", &[("counters", "4")]);
    assert_eq!(codes, vec!["check::kind"], "{rendered}");
}

diagnostic_test!(
    too_many_variables,
    "too_many_variables.game",
    &[],
    ["check::out-of-range"],
    "15:5",
    "this is player variable 9; ludus allows 8",
    "one variable too many"
);

/// The language reference states the cap the checker enforces.
#[test]
fn the_variable_cap_is_documented() {
    let var = ludus::check::registry::lookup("var")
        .find(|l| l.kind == ludus::check::registry::Kind::Item)
        .expect("the var declaration");
    let cap = format!("at most {} variables", ludus::board::MAX_VARS);
    assert!(var.doc.contains(&cap), "{}", var.doc);
}
diagnostic_test!(
    walk_off_board,
    "walk_off_board.game",
    &[],
    ["check::out-of-range"],
    "4:66",
    "the walk leaves the board at `E2`",
    "no point E of the last"
);
diagnostic_test!(
    track_column_runs_east,
    "track_column_runs_east.game",
    &[],
    ["check::kind"],
    "4:60",
    "a column runs N or S, not E"
);
diagnostic_test!(
    walk_bad_step,
    "walk_bad_step.game",
    &[],
    ["check::kind"],
    "4:63",
    "`NN2` is no step of a walk"
);
diagnostic_test!(
    track_each_not_square,
    "track_each_not_square.game",
    &[],
    ["check::kind"],
    "4:54",
    "a track for each player is turned to their seat, which this board cannot be",
    "4 players need a square board"
);
diagnostic_test!(
    block_zero,
    "block_zero.game",
    &[],
    ["check::kind"],
    "5:61",
    "a block is a number of pieces, from 1"
);
diagnostic_test!(
    jump_cycle,
    "jump_cycle.game",
    &[],
    ["check::jump-cycle"],
    "4:78",
    "the jumps from square 2 come back to it: 2 -> 5 -> 3 -> 2",
    "a chain of jumps must end"
);
diagnostic_test!(
    jump_off_track,
    "jump_off_track.game",
    &[],
    ["check::out-of-range"],
    "4:81",
    "square 9 is not on track \"Track\", which has 8",
    "numbered 1 to 8 along it"
);
diagnostic_test!(
    edge_last_bear_off,
    "edge_last_bear_off.game",
    &[],
    ["check::kind"],
    "5:98",
    "a piece past the end bears off or stops on the last square, not both"
);
diagnostic_test!(
    dice_together_range,
    "dice_together_range.game",
    &[],
    ["check::out-of-range"],
    "4:84",
    "5 dice of 6 faces thrown together is out of range",
    "several dice are 2 to 4 dice of 2 to 9 faces"
);
diagnostic_test!(
    start_stack_zero,
    "start_stack_zero.game",
    &[],
    ["check::kind"],
    "5:46",
    "a stack at the start holds 1 to 255 pieces"
);
diagnostic_test!(
    bear_off_home_alone,
    "bear_off_home_alone.game",
    &[],
    ["check::kind"],
    "5:72",
    "add `bear-off:true`"
);

/// An option's constraint is enforced: Reversi's size is "an even number" (`step:2` from
/// `min:4`), so `size=7` is refused in the option's own words, and `size=6` loads.
#[test]
fn an_option_value_off_its_step_is_refused() {
    let path = Path::new("games/reversi.game");
    let err = match ludus::load_file(path, &[("size".into(), "7".into())]) {
        Ok(_) => panic!("size=7 loaded; Reversi's size is an even number"),
        Err(e) => e,
    };
    let LoadError::Invalid { diagnostics, .. } = &err else {
        panic!("expected diagnostics, got {err}");
    };
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["option::undeclared-value"], "{}", err.render(false));
    let help = diagnostics[0].help.as_deref().unwrap_or_default();
    assert!(
        help.contains("from 4 to 16 in steps of 2") && help.contains("an even number"),
        "{help}"
    );
    let game = ludus::load_file(path, &[("size".into(), "6".into())]).expect("size=6 loads");
    assert_eq!(game.option_values[0].1.to_string(), "6");
    // A default off its own step is refused where it is declared.
    let off = r#"(option "size" 7 min:4 max:16 step:2 doc:"an even number")
(game "G" (players 2) (equipment {(board (square 3)) (hand Each)}) (rules (start (hand Each 2)) (play (place 1)) (end (if (no-moves Next) (result Next Loss)))))"#;
    match ludus::load_source("off.game", off, &[]) {
        Err(LoadError::Invalid { diagnostics, .. }) => {
            assert!(
                diagnostics[0]
                    .message
                    .contains("not `min:` plus whole steps"),
                "{:?}",
                diagnostics[0].message
            )
        }
        other => panic!(
            "a default off its step should be refused: {:?}",
            other.is_ok()
        ),
    }
}
diagnostic_test!(
    select_list_too_short,
    "select_list_too_short.game",
    &[],
    ["check::out-of-range"],
    "6:43",
    "this list has 3 values, and option \"size\" allows 4 numbers (3 to 6)",
    "give 4 values, the first for 3"
);
diagnostic_test!(
    carry_limit_out_of_range,
    "carry_limit_out_of_range.game",
    &[],
    ["check::kind"],
    "6:47",
    "a carry lifts 1 to 9 pieces at once, not 12"
);
diagnostic_test!(
    flatten_without_by,
    "flatten_without_by.game",
    &[],
    ["check::kind"],
    "6:57",
    "`flatten:` and `by:` are written together"
);
