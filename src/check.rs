//! Stage 3: the expanded game checked against the ludeme registry, then its names and ranges.
//! Every error in the file is reported, not only the first.

pub mod registry;
mod symbols;

pub use symbols::{Checked, Symbols};

use crate::diagnostic::Diagnostic;
use crate::expand::{suggest, Expanded};
use crate::syntax::{Node, NodeKind};
use registry::{lookup, Kind, Ludeme, Param, Shape, LUDEMES};

/// Checks an expanded game: shapes and kinds first, then names and ranges.
pub fn check(expanded: Expanded) -> Result<Checked, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    expr(&expanded.game, Kind::Game, &mut errors);
    if let Some(graphics) = &expanded.graphics {
        expr(graphics, Kind::Graphics, &mut errors);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    symbols::resolve(expanded)
}

fn push(errors: &mut Vec<Diagnostic>, d: Diagnostic) {
    if errors.len() < 200 {
        errors.push(d);
    }
}

/// Checks one expression against the kind expected where it stands.
fn expr(node: &Node, kind: Kind, errors: &mut Vec<Diagnostic>) {
    match &node.kind {
        NodeKind::Int(_) if matches!(kind, Kind::Int | Kind::Decimal) => {}
        NodeKind::Decimal(_) if kind == Kind::Decimal && node.as_thousandths().is_some() => {}
        NodeKind::Decimal(d) if kind == Kind::Decimal => push(errors, too_precise(node, d)),
        NodeKind::Bool(_) if matches!(kind, Kind::Cond | Kind::Switch) => {}
        NodeKind::Str(_) if matches!(kind, Kind::Str | Kind::Paint) => {}
        NodeKind::Name(n) if kind.names().contains(&n.as_str()) => {}
        NodeKind::List(items) if kind == Kind::Pair && items.len() == 2 => {
            items.iter().for_each(|i| expr(i, Kind::Int, errors))
        }
        NodeKind::Name(n) if !kind.names().is_empty() => {
            let help = match suggest(n, kind.names().iter().copied()) {
                Some(s) => format!("did you mean `{s}`? {}", kind_hint(kind)),
                None => kind_hint(kind),
            };
            push(
                errors,
                Diagnostic::new(
                    "check::kind",
                    node.span,
                    format!("`{n}` is not {}", kind.noun()),
                )
                .label(format!("expected {}", kind.noun()))
                .help(help)
                .via(node.via),
            );
        }
        NodeKind::Call {
            head,
            quoted: false,
            head_span,
            ..
        } => {
            let candidates: Vec<&Ludeme> = lookup(head).collect();
            if candidates.is_empty() {
                let mut names: Vec<&str> = LUDEMES.iter().map(|l| l.name).collect();
                names.dedup();
                // A ludeme of the kind expected here is the likelier meaning, however close
                // another is: `(play (plac 1))` means `place`, not `play`.
                let fitting = LUDEMES.iter().filter(|l| l.kind == kind).map(|l| l.name);
                let help = match suggest(head, fitting).or_else(|| suggest(head, names.into_iter()))
                {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => "docs/LANGUAGE.md lists every ludeme".to_string(),
                };
                push(
                    errors,
                    Diagnostic::new(
                        "check::unknown-ludeme",
                        *head_span,
                        format!("unknown ludeme `{head}`"),
                    )
                    .label("not a ludeme")
                    .help(help)
                    .via(node.via),
                );
                return;
            }
            match candidates.iter().find(|l| l.kind == kind) {
                Some(l) => call(node, l, errors),
                None => {
                    let is = candidates
                        .iter()
                        .map(|l| l.kind.noun())
                        .collect::<Vec<_>>()
                        .join(" or ");
                    push(
                        errors,
                        Diagnostic::new(
                            "check::kind",
                            node.span,
                            format!("expected {}, found `{head}`, which is {is}", kind.noun()),
                        )
                        .label(format!("{is} where {} belongs", kind.noun()))
                        .help(kind_hint(kind))
                        .via(node.via),
                    );
                }
            }
        }
        _ => push(
            errors,
            Diagnostic::new(
                "check::kind",
                node.span,
                format!("expected {}, found {}", kind.noun(), node.describe()),
            )
            .label(format!("expected {}", kind.noun()))
            .help(mismatch_help(node, kind))
            .via(node.via),
        ),
    }
}

/// The help of a value of the wrong kind.
fn mismatch_help(node: &Node, kind: Kind) -> String {
    match (&node.kind, kind) {
        (NodeKind::Name(_) | NodeKind::Int(_), Kind::Cond) => {
            "write `true` or `false`, or a condition such as `(= (pips) 6)`".to_string()
        }
        (NodeKind::Decimal(_), Kind::Int) => {
            "this argument counts in whole numbers: write one without a point".to_string()
        }
        (_, Kind::Pair) => "write two numbers in braces, such as `{1 38}`".to_string(),
        (NodeKind::Name(n), Kind::Str) => {
            format!("names of regions, tracks, phases and options are strings: write \"{n}\"")
        }
        _ => kind_hint(kind),
    }
}

/// The error of a decimal number written past the thousandth.
fn too_precise(node: &Node, d: &str) -> Diagnostic {
    Diagnostic::new(
        "check::kind",
        node.span,
        format!("`{d}` has more than three places after its point"),
    )
    .label("at most three decimal places")
    .help("numbers are counted to a thousandth: write it to three places, such as 7.125")
    .via(node.via)
}

/// A hint naming a few ludemes of the expected kind.
fn kind_hint(kind: Kind) -> String {
    if !kind.names().is_empty() {
        return format!("{} is one of: {}", kind.noun(), kind.names().join(", "));
    }
    if kind == Kind::Str {
        return "write a string in double quotes, such as \"Home\"".to_string();
    }
    if kind == Kind::Switch {
        return "write `true` or `false`".to_string();
    }
    let mut names: Vec<String> = LUDEMES
        .iter()
        .filter(|l| l.kind == kind)
        .map(|l| format!("`{}`", l.name))
        .collect();
    names.dedup();
    let literal = match kind {
        Kind::Int => "a number or ",
        Kind::Cond => "`true`, `false` or ",
        _ => "",
    };
    let more = names.len().saturating_sub(8);
    names.truncate(8);
    let tail = if more > 0 {
        format!(" and {more} more (docs/LANGUAGE.md)")
    } else {
        String::new()
    };
    match names.as_slice() {
        [] => format!("{} is written as (...)", kind.noun()),
        [one] => format!("{} is {literal}{one}", kind.noun()),
        _ => format!(
            "{} is {literal}one of {}{tail}",
            kind.noun(),
            names.join(", ")
        ),
    }
}

fn arg(node: &Node, shape: Shape, errors: &mut Vec<Diagnostic>) {
    match (&node.kind, shape) {
        (NodeKind::List(items), Shape::List(k) | Shape::Many(k) | Shape::OneOrList(k)) => {
            for item in items {
                expr(item, k, errors);
            }
        }
        (_, Shape::List(k)) => push(
            errors,
            Diagnostic::new(
                "check::kind",
                node.span,
                format!(
                    "expected a list of {}, found {}",
                    plural(k),
                    node.describe()
                ),
            )
            .label("expected a list `{...}`")
            .help("wrap the items in braces: `{a b}`")
            .via(node.via),
        ),
        (_, s) => expr(node, s.kind(), errors),
    }
}

fn plural(k: Kind) -> String {
    let n = k.noun();
    let n = n
        .strip_prefix("a ")
        .or_else(|| n.strip_prefix("an "))
        .unwrap_or(n);
    format!("{n}s")
}

/// Checks a call's arguments against its ludeme's signature.
fn call(node: &Node, lud: &Ludeme, errors: &mut Vec<Diagnostic>) {
    let given: Vec<&Node> = node.positional().collect();
    let params = lud.positional;
    let variadic = matches!(params.last().map(|p| p.shape), Some(Shape::Many(_)));
    let required = params.iter().filter(|p| p.required).count();
    // A missing or doubled argument is found by matching the others to the parameters they fit,
    // so that it is the one error: its neighbours are not blamed for standing in its place.
    if !variadic && given.len() > params.len() {
        if let Some((from, to)) = bare_list(&given, params) {
            return unbraced(node, lud, &given, from, to, errors);
        }
    }
    let realigned = realign(&given, params, required, variadic);
    if given.len() < required {
        let missing: Vec<String> = match &realigned {
            Some((_, Misfit::Missing(names))) => names.iter().map(|n| format!("`{n}`")).collect(),
            _ => params
                .iter()
                .filter(|p| p.required)
                .skip(given.len())
                .map(|p| format!("`{}`", p.name))
                .collect(),
        };
        let usage = usage(lud);
        push(
            errors,
            Diagnostic::new(
                "check::arity",
                node.span,
                format!(
                    "`{}` takes {} positional argument{}, found {}",
                    lud.name,
                    required,
                    if required == 1 { "" } else { "s" },
                    given.len()
                ),
            )
            .label(format!("missing {}", missing.join(", ")))
            .help(format!("write {usage}"))
            .via(node.via),
        );
    } else if !variadic && given.len() > params.len() {
        let extra = match &realigned {
            Some((_, Misfit::Extra(extra))) => extra,
            _ => given[params.len()],
        };
        push(
            errors,
            Diagnostic::new(
                "check::arity",
                extra.span,
                format!(
                    "`{}` takes at most {} positional argument{}, found {}",
                    lud.name,
                    params.len(),
                    if params.len() == 1 { "" } else { "s" },
                    given.len()
                ),
            )
            .label("unexpected argument")
            .help(format!("write {}", usage(lud)))
            .via(extra.via.or(node.via)),
        );
    }
    if let Some((matched, _)) = realigned {
        for (n, shape) in matched {
            arg(n, shape, errors);
        }
        named_args(node, lud, errors);
        return;
    }
    // Optional positional parameters are dropped from the front when fewer are given.
    let mut skip = params.len().saturating_sub(given.len());
    let mut g = given.iter();
    for p in params {
        if !p.required && skip > 0 && !matches!(p.shape, Shape::Many(_)) {
            skip -= 1;
            continue;
        }
        if let Shape::Many(k) = p.shape {
            for n in g.by_ref() {
                arg(
                    n,
                    if given.len() - (params.len() - 1) == 1 {
                        Shape::Many(k)
                    } else {
                        Shape::One(k)
                    },
                    errors,
                );
            }
            break;
        }
        match g.next() {
            Some(n) => arg(n, p.shape, errors),
            None => break,
        }
    }
    named_args(node, lud, errors);
}

/// Where items of a list stand as arguments of their own, without braces: the range of them,
/// when the list's parameter takes them all and every other argument fits its parameter.
fn bare_list(given: &[&Node], params: &[Param]) -> Option<(usize, usize)> {
    params.iter().enumerate().find_map(|(i, p)| {
        let (Shape::List(k) | Shape::OneOrList(k)) = p.shape else {
            return None;
        };
        let to = given.len() - (params.len() - i - 1);
        let fits = |n: &[&Node], ps: &[Param]| n.iter().zip(ps).all(|(n, p)| has_shape(n, p.shape));
        (to > i + 1
            && given[i..to].iter().all(|n| has_shape(n, Shape::One(k)))
            && fits(&given[..i], &params[..i])
            && fits(&given[to..], &params[i + 1..]))
        .then_some((i, to))
    })
}

/// Reports the items of a list given without braces (`given[from..to]`), as one error with the
/// call written as it should be, then checks every argument as if the braces were there.
fn unbraced(
    node: &Node,
    lud: &Ludeme,
    given: &[&Node],
    from: usize,
    to: usize,
    errors: &mut Vec<Diagnostic>,
) {
    let params = lud.positional;
    let kind = params[from].shape.kind();
    let items = &given[from..to];
    let span = crate::syntax::Span {
        start: items[0].span.start,
        end: items[items.len() - 1].span.end,
    };
    let sketch = |n: &Node| match &n.kind {
        NodeKind::Call { head, quoted, .. } if *quoted => format!("(\"{head}\" ...)"),
        NodeKind::Call { head, .. } => format!("({head} ...)"),
        NodeKind::List(_) => "{...}".to_string(),
        NodeKind::Int(v) => v.to_string(),
        NodeKind::Decimal(d) => d.clone(),
        NodeKind::Bool(b) => b.to_string(),
        NodeKind::Str(s) => format!("\"{s}\""),
        NodeKind::Name(n) => n.clone(),
        NodeKind::Param(n) => format!("#{n}"),
    };
    let mut written: Vec<String> = given[..from].iter().map(|n| sketch(n)).collect();
    let list: Vec<String> = items.iter().map(|n| sketch(n)).collect();
    written.push(format!("{{{}}}", list.join(" ")));
    written.extend(given[to..].iter().map(|n| sketch(n)));
    push(
        errors,
        Diagnostic::new(
            "check::arity",
            span,
            format!(
                "`{}` takes at most {} positional argument{}, found {}",
                lud.name,
                params.len(),
                if params.len() == 1 { "" } else { "s" },
                given.len()
            ),
        )
        .label(format!(
            "these {} {} are one list",
            items.len(),
            plural(kind)
        ))
        .help(format!(
            "wrap them in braces: `({} {})`",
            lud.name,
            written.join(" ")
        ))
        .via(node.via),
    );
    for (n, q) in given[..from].iter().zip(params) {
        arg(n, q.shape, errors);
    }
    for n in items {
        expr(n, kind, errors);
    }
    for (n, q) in given[to..].iter().zip(&params[from + 1..]) {
        arg(n, q.shape, errors);
    }
    named_args(node, lud, errors);
}

/// Arguments matched to the shapes of their parameters.
type Matched<'n> = Vec<(&'n Node, Shape)>;

/// What is wrong with the count of positional arguments, once the others are matched.
enum Misfit<'n> {
    /// These required parameters have no argument.
    Missing(Vec<&'static str>),
    /// This argument is one too many.
    Extra(&'n Node),
}

/// Matches positional arguments to the parameters they fit when their count is wrong: without one
/// argument (the last that can go) when there are too many, skipping parameters when there are too
/// few. `None` when the count is right, or when no such matching exists.
fn realign<'n>(
    given: &[&'n Node],
    params: &[Param],
    required: usize,
    variadic: bool,
) -> Option<(Matched<'n>, Misfit<'n>)> {
    if variadic {
        return None;
    }
    if given.len() < required {
        return align(given, params)
            .filter(|(_, missing)| !missing.is_empty())
            .map(|(matched, missing)| (matched, Misfit::Missing(missing)));
    }
    // Only one argument too many can be the one extra; matching each of thousands in turn
    // would also cost their square.
    if given.len() != params.len() + 1 {
        return None;
    }
    (0..given.len()).rev().find_map(|extra| {
        let mut rest = given.to_vec();
        let removed = rest.remove(extra);
        align(&rest, params)
            .filter(|(_, missing)| missing.is_empty())
            .map(|(matched, _)| (matched, Misfit::Extra(removed)))
    })
}

/// Matches arguments in order to the parameters whose kind they have, skipping the others:
/// the matches and the required parameters skipped, when every argument found one.
fn align<'n>(given: &[&'n Node], params: &[Param]) -> Option<(Matched<'n>, Vec<&'static str>)> {
    let (mut matched, mut missing) = (Vec::new(), Vec::new());
    let mut next = given.iter().peekable();
    for p in params {
        match next.peek() {
            Some(n) if has_shape(n, p.shape) => matched.push((*next.next()?, p.shape)),
            _ if p.required => missing.push(p.name),
            _ => {}
        }
    }
    next.peek().is_none().then_some((matched, missing))
}

/// Whether a node has a shape at its top, as `expr` would accept it there (its insides unchecked).
fn has_shape(node: &Node, shape: Shape) -> bool {
    let kind = match (&node.kind, shape) {
        (NodeKind::List(_), Shape::List(_) | Shape::Many(_) | Shape::OneOrList(_)) => return true,
        (NodeKind::List(_), Shape::One(_)) | (_, Shape::List(_)) => return false,
        (_, Shape::One(k) | Shape::Many(k) | Shape::OneOrList(k)) => k,
    };
    match &node.kind {
        NodeKind::Int(_) => matches!(kind, Kind::Int | Kind::Decimal),
        NodeKind::Decimal(_) => kind == Kind::Decimal,
        NodeKind::Bool(_) => matches!(kind, Kind::Cond | Kind::Switch),
        NodeKind::Str(_) => kind == Kind::Str,
        NodeKind::Name(n) => kind.names().contains(&n.as_str()),
        NodeKind::Call {
            head,
            quoted: false,
            ..
        } => lookup(head).any(|l| l.kind == kind),
        _ => false,
    }
}

/// Checks a call's named arguments: known keys, each once, each of its shape.
fn named_args(node: &Node, lud: &Ludeme, errors: &mut Vec<Diagnostic>) {
    let mut seen: Vec<&str> = Vec::new();
    for a in node.args() {
        let Some((key, span)) = &a.key else { continue };
        match lud.named.iter().find(|p| p.name == key) {
            None => {
                let names: Vec<&str> = lud.named.iter().map(|p| p.name).collect();
                let help = match (suggest(key, names.iter().copied()), names.is_empty()) {
                    (_, true) => format!("`{}` takes no named arguments", lud.name),
                    (Some(s), _) => format!(
                        "did you mean `{s}:`? `{}` takes {}",
                        lud.name,
                        names
                            .iter()
                            .map(|n| format!("`{n}:`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    (None, _) => format!(
                        "`{}` takes {}",
                        lud.name,
                        names
                            .iter()
                            .map(|n| format!("`{n}:`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                push(
                    errors,
                    Diagnostic::new(
                        "check::unknown-argument",
                        *span,
                        format!("`{}` has no argument `{key}`", lud.name),
                    )
                    .label("unknown named argument")
                    .help(help)
                    .via(node.via),
                );
            }
            Some(p) => {
                if seen.contains(&key.as_str()) {
                    push(
                        errors,
                        Diagnostic::new(
                            "check::duplicate-name",
                            *span,
                            format!("`{key}:` is given twice"),
                        )
                        .label("second value")
                        .help("give each named argument once")
                        .via(node.via),
                    );
                } else {
                    seen.push(key);
                }
                if p.shape == Shape::One(Kind::Switch) && !matches!(a.value.kind, NodeKind::Bool(_))
                {
                    push(errors, switch_error(key, &a.value));
                    continue;
                }
                arg(&a.value, p.shape, errors);
            }
        }
    }
    for p in lud.named.iter().filter(|p| p.required) {
        if !seen.contains(&p.name) {
            push(
                errors,
                Diagnostic::new(
                    "check::arity",
                    node.span,
                    format!("`{}` needs the named argument `{}:`", lud.name, p.name),
                )
                .label(format!("`{}:` missing", p.name))
                .help(format!("`{}:` is {}", p.name, p.doc))
                .via(node.via),
            );
        }
    }
}

/// A switch given something other than `true` or `false`: named the same way for every switch.
fn switch_error(key: &str, value: &Node) -> Diagnostic {
    Diagnostic::new(
        "check::kind",
        value.span,
        format!(
            "`{key}:` is a switch, written `true` or `false`; found {}",
            value.describe()
        ),
    )
    .label("expected `true` or `false`")
    .help(format!(
        "write `{key}:true`, or `{key}:false` (the same as leaving it out)"
    ))
    .via(value.via)
}

/// A usage line such as `(sow track from:... )`.
fn usage(lud: &Ludeme) -> String {
    let mut parts = vec![lud.name.to_string()];
    for p in lud.positional {
        parts.push(if p.required {
            p.name.to_string()
        } else {
            format!("[{}]", p.name)
        });
    }
    for p in lud.named {
        parts.push(
            format!("{}{}:...", if p.required { "" } else { "[" }, p.name)
                + if p.required { "" } else { "]" },
        );
    }
    format!("`({})`", parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::expand;
    use crate::syntax::parse;

    fn errors(src: &str) -> Vec<Diagnostic> {
        let e = expand(&parse(src).into_result().unwrap(), &[]).unwrap();
        check(e).err().unwrap_or_default()
    }

    const OK: &str = r#"(game "G" (players 2) (equipment {(board (square 3)) (hand Each)})
        (rules (start (hand Each 2)) (play (place 1)) (end (if (no-moves Next) (result Next Loss)))))"#;

    #[test]
    fn a_small_game_checks() {
        assert!(errors(OK).is_empty(), "{:?}", errors(OK));
    }

    #[test]
    fn every_error_is_reported() {
        let src = OK.replace(
            "(place 1)",
            "(or {(plac 1) (step Orthogonal too:(all-sites)) (no-moves Next)})",
        );
        let codes: Vec<&str> = errors(&src).iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            vec![
                "check::unknown-ludeme",
                "check::unknown-argument",
                "check::kind"
            ]
        );
    }
}
