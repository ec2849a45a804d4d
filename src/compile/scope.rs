//! Where a ludeme may stand, checked on the whole checked tree before it is lowered: numbers
//! that fix the board, the start or a generator must be written out (a computed `(+ 0 1)` there
//! would be read as nothing), and conditions that only some places can answer stay in them.

use crate::diagnostic::Diagnostic;
use crate::syntax::{Node, NodeKind};

/// Which conditions a place can answer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The end rules: `no-moves` and `repeated` are known there.
    End,
    /// A filter's condition, read after the move: `sown-into` is known there.
    Filter,
    /// Anywhere else.
    Other,
}

/// The arguments that must be numbers written out: (ludeme, positions, what they are). A list
/// at one of these positions must hold numbers written out too.
const WRITTEN_OUT: [(&str, &[usize], &str); 14] = [
    ("row", &[0], "a row"),
    ("column", &[0], "a column"),
    ("rect", &[0, 1, 2, 3], "a corner of a rectangle"),
    ("sites", &[0], "a site"),
    ("square", &[0], "the size of a board"),
    ("rhombus", &[0], "the size of a board"),
    ("hexagon", &[0], "the size of a board"),
    ("rectangle", &[0, 1], "the size of a board"),
    ("players", &[0], "the number of players"),
    ("die", &[0], "the faces of a die"),
    ("sticks", &[0], "the number of sticks"),
    ("place", &[0], "the number of pieces placed"),
    ("fill", &[1], "a count at the start"),
    ("hand", &[1], "a count at the start"),
];

/// Every misplaced ludeme and computed number where one must be written out.
pub fn check(game: &Node) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    walk(game, Place::Other, &mut errors);
    errors
}

fn walk(node: &Node, place: Place, errors: &mut Vec<Diagnostic>) {
    let NodeKind::Call { head, args, .. } = &node.kind else {
        if let Some(items) = node.as_list() {
            items.iter().for_each(|n| walk(n, place, errors));
        }
        return;
    };
    match head.as_str() {
        h @ ("no-moves" | "repeated") if place != Place::End => errors.push(
            Diagnostic::new(
                "check::kind",
                node.span,
                format!(
                    "`{}` can only be tested in an end rule",
                    if h == "no-moves" { "(no-moves ...)" } else { "(repeated)" }
                ),
            )
            .label("not known here")
            .help(if h == "no-moves" {
                "whether a player is stuck is known only once the moves are generated, after each edge: test it in `(end ...)`"
            } else {
                "positions are compared only after each edge: test it in `(end ...)`"
            })
            .via(node.via),
        ),
        "sown-into" if place != Place::Filter => errors.push(
            Diagnostic::new(
                "check::kind",
                node.span,
                "`(sown-into ...)` can only be tested in a filter's condition",
            )
            .label("no move being filtered here")
            .help("write it as the condition of `(filter COND MOVES)`")
            .via(node.via),
        ),
        _ => {}
    }
    written_out(node, head, errors);
    for (i, arg) in args.iter().enumerate() {
        let inner = match (head.as_str(), i) {
            ("end", _) => Place::End,
            ("filter", 0) => Place::Filter,
            ("filter", _) => Place::Other,
            _ => place,
        };
        walk(&arg.value, inner, errors);
    }
}

/// Checks the arguments of `node` that must be numbers written out.
fn written_out(node: &Node, head: &str, errors: &mut Vec<Diagnostic>) {
    if let Some((_, positions, what)) = WRITTEN_OUT.iter().find(|(h, _, _)| *h == head) {
        for &i in *positions {
            must_be_written(node.pos(i), what, errors);
        }
    }
    if head == "capture" {
        must_be_written(node.named("counts"), "a capture count", errors);
    }
    if head == "var" && node.pos(0).is_some_and(|n| n.as_str().is_some()) {
        must_be_written(node.pos(1), "a variable's value at the start", errors);
    }
}

fn must_be_written(node: Option<&Node>, what: &str, errors: &mut Vec<Diagnostic>) {
    let Some(node) = node else { return };
    if let Some(items) = node.as_list() {
        items
            .iter()
            .for_each(|n| must_be_written(Some(n), what, errors));
        return;
    }
    if matches!(node.kind, NodeKind::Call { .. }) {
        errors.push(
            Diagnostic::new(
                "check::kind",
                node.span,
                format!(
                    "{} is computed, but {what} must be a number written out",
                    node.describe()
                ),
            )
            .label("computed")
            .help(
                "write a number, or arithmetic on numbers and options (folded into one before \
                 play); only conditions and moves read the position",
            )
            .via(node.via),
        );
    }
}
