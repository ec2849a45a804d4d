//! The grammar: what `ludus::syntax::parse` makes of calls, lists, atoms, comments, strings,
//! numbers, named arguments and define parameters, with their spans; and what it refuses.

use ludus::syntax::{parse, Node, NodeKind, Span};

fn one(text: &str) -> Node {
    let mut forms = parse(text)
        .into_result()
        .unwrap_or_else(|d| panic!("{text:?}: {}", d[0].message));
    assert_eq!(forms.len(), 1, "{text:?}");
    forms.remove(0)
}

/// A node as a compact s-expression without spans: `(sow "Sow" from:(row 0))`.
fn show(node: &Node) -> String {
    match &node.kind {
        NodeKind::Call {
            head, quoted, args, ..
        } => {
            let mut parts = vec![if *quoted {
                format!("{head:?}")
            } else {
                head.clone()
            }];
            for a in args {
                let key = a
                    .key
                    .as_ref()
                    .map_or(String::new(), |(k, _)| format!("{k}:"));
                parts.push(format!("{key}{}", show(&a.value)));
            }
            format!("({})", parts.join(" "))
        }
        NodeKind::List(items) => format!(
            "{{{}}}",
            items.iter().map(show).collect::<Vec<_>>().join(" ")
        ),
        NodeKind::Int(i) => i.to_string(),
        NodeKind::Decimal(d) => format!("{d}d"),
        NodeKind::Str(s) => format!("{s:?}"),
        NodeKind::Bool(b) => b.to_string(),
        NodeKind::Name(n) => format!("<{n}>"),
        NodeKind::Param(n) => format!("#{n}"),
    }
}

fn text_of(src: &str, span: Span) -> &str {
    &src[span.start as usize..span.end as usize]
}

#[test]
fn calls_lists_and_atoms() {
    let src = r#"(game "G" (players 2) (equipment {(board (rectangle 2 6)) (hand Each)}) true false #1 Mover)"#;
    assert_eq!(
        show(&one(src)),
        r#"(game "G" (players 2) (equipment {(board (rectangle 2 6)) (hand <Each>)}) true false #1 <Mover>)"#
    );
    assert_eq!(show(&one("(all-sites)")), "(all-sites)");
    assert_eq!(show(&one("{}")), "{}");
    assert_eq!(show(&one("{ 1 {2 {3}} }")), "{1 {2 {3}}}");
    // Several top-level forms, in order.
    let forms = parse("(a) (b) {c} 4").into_result().unwrap();
    assert_eq!(
        forms.iter().map(show).collect::<Vec<_>>(),
        vec!["(a)", "(b)", "{<c>}", "4"]
    );
    assert!(parse("").into_result().unwrap().is_empty());
    assert!(parse("  \n\t\r\n ").into_result().unwrap().is_empty());
}

#[test]
fn spans_cover_what_is_written() {
    let src = "  (sow \"Sow\" from:(row 0) skip-origin:true)";
    let sow = one(src);
    assert_eq!(
        text_of(src, sow.span),
        "(sow \"Sow\" from:(row 0) skip-origin:true)"
    );
    let NodeKind::Call {
        head_span, args, ..
    } = &sow.kind
    else {
        panic!("a call")
    };
    assert_eq!(text_of(src, *head_span), "sow");
    assert_eq!(text_of(src, args[0].value.span), "\"Sow\"");
    let (key, key_span) = args[1].key.clone().expect("named");
    assert_eq!(key, "from");
    assert_eq!(text_of(src, key_span), "from:");
    assert_eq!(text_of(src, args[1].value.span), "(row 0)");
    assert_eq!(
        text_of(src, args[2].key.as_ref().expect("named").1),
        "skip-origin:"
    );
    assert_eq!(text_of(src, args[2].value.span), "true");
    assert!(sow.via.is_none());
}

#[test]
fn ludeme_and_key_names_may_hold_dashes_underscores_and_digits() {
    let n = one("(advance-all track_2 state-3:x set_state:y)");
    assert_eq!(n.head(), Some("advance-all"));
    assert_eq!(n.pos(0).and_then(Node::as_name), Some("track_2"));
    assert_eq!(n.named("state-3").and_then(Node::as_name), Some("x"));
    assert_eq!(n.named("set_state").and_then(Node::as_name), Some("y"));
}

#[test]
fn operators_are_heads() {
    for op in [">=", "<=", "!=", "=", ">", "<", "+", "-", "*"] {
        let n = one(&format!("({op} 1 2)"));
        assert_eq!(n.head(), Some(op));
        assert_eq!(n.positional().count(), 2);
    }
}

#[test]
fn comments_are_skipped_anywhere_between_tokens() {
    let src = "// before\n(game // after the head\n  \"G\" // after an argument\n  key: // between a key and its value\n  {1 // in a list\n   2} // after a list\n) // at the end";
    assert_eq!(show(&one(src)), r#"(game "G" key:{1 2})"#);
    assert!(parse("// only a comment").into_result().unwrap().is_empty());
    assert!(parse("// no newline at the end")
        .into_result()
        .unwrap()
        .is_empty());
    // `//` inside a string is text, not a comment.
    assert_eq!(
        one(r#"(source "http://example")"#)
            .pos(0)
            .and_then(Node::as_str),
        Some("http://example")
    );
}

#[test]
fn strings_and_their_escapes() {
    let n = one(
        r#"(s "plain" "a \"quote\"" "back\\slash" "line\nbreak" "" "Béart, ' and ( ) { } // #1")"#,
    );
    let strings: Vec<&str> = n.positional().filter_map(Node::as_str).collect();
    assert_eq!(
        strings,
        vec![
            "plain",
            "a \"quote\"",
            "back\\slash",
            "line\nbreak",
            "",
            "Béart, ' and ( ) { } // #1"
        ]
    );
    // A quoted head calls a define; its escapes are read too.
    let d = one(r#"("Sig \"Special\"" 1)"#);
    assert!(
        matches!(&d.kind, NodeKind::Call { head, quoted: true, .. } if head == "Sig \"Special\"")
    );
    assert_eq!(d.head(), None, "head() names ludemes only");
    // A raw line break, an unknown escape and a missing closing quote are errors.
    for bad in ["(s \"a\nb\")", r#"(s "a\tb")"#, r#"(s "open)"#] {
        assert_eq!(parse(bad).diagnostics[0].code, "syntax::string", "{bad:?}");
    }
}

#[test]
fn numbers_negative_and_out_of_range() {
    let n = one("(n 0 7 -3 -0 0042 9223372036854775807 -9223372036854775808 99999999999999999999 -99999999999999999999)");
    let ints: Vec<i64> = n.positional().filter_map(Node::as_int).collect();
    // Out-of-range integers saturate; the checker then reports them as out of range where they are used.
    assert_eq!(
        ints,
        vec![0, 7, -3, 0, 42, i64::MAX, i64::MIN, i64::MAX, i64::MIN]
    );
    // `-` alone is the subtraction ludeme, and a minus sign binds to the digits after it.
    let sub = one("(- -1 -2)");
    assert_eq!(sub.head(), Some("-"));
    assert_eq!(
        sub.positional()
            .filter_map(Node::as_int)
            .collect::<Vec<_>>(),
        vec![-1, -2]
    );
    // A number runs into no letters: `3abc` is neither a number nor a name.
    assert_eq!(parse("(n 3abc)").diagnostics[0].code, "syntax::parse");
}

#[test]
fn decimals_are_read_to_the_thousandth() {
    let n = one("(n 7.5 -0.25 0.125 12.0 7.0625 3 -2)");
    let shown: Vec<String> = n.positional().map(show).collect();
    assert_eq!(
        shown,
        vec!["7.5d", "-0.25d", "0.125d", "12.0d", "7.0625d", "3", "-2"]
    );
    let values: Vec<Option<i64>> = n.positional().map(Node::as_thousandths).collect();
    assert_eq!(
        values,
        vec![
            Some(7500),
            Some(-250),
            Some(125),
            Some(12000),
            None,
            Some(3000),
            Some(-2000)
        ]
    );
    // Written back with no zeros past the first place.
    let text: Vec<String> = [7500, -250, 125, 12000, 0, -1]
        .into_iter()
        .map(ludus::syntax::decimal_text)
        .collect();
    assert_eq!(text, vec!["7.5", "-0.25", "0.125", "12.0", "0.0", "-0.001"]);
    // A point needs digits on both sides, and runs into no letters.
    for bad in ["(n 7.)", "(n .5)", "(n 7.5x)", "(n 1.2.3)"] {
        assert!(!parse(bad).diagnostics.is_empty(), "{bad}");
    }
}

#[test]
fn booleans_and_names_that_begin_like_them() {
    let n = one("(b true false trueish false_start)");
    let kinds: Vec<String> = n.positional().map(show).collect();
    assert_eq!(kinds, vec!["true", "false", "<trueish>", "<false_start>"]);
}

#[test]
fn named_arguments_take_any_form() {
    let n = one(
        r#"(sow "Sow" from:(region "Home" Mover) counts:{2 3} skip-origin:true pips:-1 name:"x" p:#2 dir:N)"#,
    );
    assert_eq!(
        show(&n),
        r#"(sow "Sow" from:(region "Home" <Mover>) counts:{2 3} skip-origin:true pips:-1 name:"x" p:#2 dir:<N>)"#
    );
    // Positional and named arguments may mix; positional ones keep their order.
    let m = one("(x 1 a:2 3 b:4 5)");
    assert_eq!(
        m.positional().filter_map(Node::as_int).collect::<Vec<_>>(),
        vec![1, 3, 5]
    );
    assert_eq!(m.named("b").and_then(Node::as_int), Some(4));
    // A key needs its value right after the colon; a blank before the colon makes no key.
    assert_eq!(parse("(x a:)").diagnostics[0].code, "syntax::parse");
    assert_eq!(parse("(x a : 1)").diagnostics[0].code, "syntax::parse");
    // A key stands only inside a call.
    assert!(!parse("{a:1}").diagnostics.is_empty());
    assert!(!parse("a:1").diagnostics.is_empty());
}

#[test]
fn define_parameters() {
    let n = one(r#"(define "Twice" (+ #1 #12))"#);
    let body = n.pos(1).expect("body");
    assert_eq!(
        body.pos(0).map(|p| p.kind.clone()),
        Some(NodeKind::Param(1))
    );
    assert_eq!(
        body.pos(1).map(|p| p.kind.clone()),
        Some(NodeKind::Param(12))
    );
    // `#` needs digits.
    assert!(!parse("(x #)").diagnostics.is_empty());
    assert!(!parse("(x #a)").diagnostics.is_empty());
    // Parameters are replaced when a define is expanded; outside a define they are an error.
    let src = r#"(define "Home" (region "Home" #1)) (define "Pair" {#2 #1}) (game "G" ("Home" Mover) ("Pair" 1 2))"#;
    let expanded = ludus::expand::expand(&parse(src).into_result().unwrap(), &[]).expect("expands");
    assert_eq!(
        show(&expanded.game),
        r#"(game "G" (region "Home" <Mover>) {2 1})"#
    );
    let outside =
        ludus::expand::expand(&parse(r#"(game "G" #1)"#).into_result().unwrap(), &[]).unwrap_err();
    assert_eq!(outside[0].code, "expand::parameter");
}

#[test]
fn syntax_errors_have_codes_and_spans() {
    let cases = [
        ("(game", "syntax::unclosed", "(game"),
        ("{1 2", "syntax::unclosed", "{1"),
        ("(a))", "syntax::unmatched", ")"),
        ("(a}", "syntax::mismatched", "}"),
        ("{a)", "syntax::mismatched", ")"),
        ("()", "syntax::parse", ")"),
        ("(1 2)", "syntax::parse", "1"),
        ("(a @)", "syntax::parse", "@"),
        ("(a b:)", "syntax::parse", "b:"),
        ("(a \"b)", "syntax::string", "\"b)"),
        ("(a) \0", "syntax::parse", "\0"),
        ("(a [1])", "syntax::parse", "[1]"),
    ];
    for (src, code, under) in cases {
        let d = parse(src).diagnostics.remove(0);
        assert_eq!(
            (d.code, text_of(src, d.span)),
            (code, under),
            "{src:?}: {}",
            d.message
        );
        assert!(d.help.is_some() && !d.label.is_empty(), "{src:?}");
    }
}

#[test]
fn the_shipped_games_parse() {
    for name in ["woli", "tabou", "toki", "sig"] {
        let text = std::fs::read_to_string(format!("games/{name}.game")).expect("game file");
        let forms = parse(&text).into_result().expect("parses");
        let heads: Vec<&str> = forms.iter().filter_map(Node::head).collect();
        assert_eq!(heads.iter().filter(|h| **h == "game").count(), 1, "{name}");
        assert_eq!(heads.last(), Some(&"metadata"), "{name}");
    }
}
