//! Whether a game's end rules can ever fire, seen conservatively: only conditions that are
//! false whatever the position (constants, comparisons of numbers written out) count as never
//! holding, so the warning is never wrong, and a game it misses still stops at the edge limit.

use super::ir::{Cond, IntExpr, Leaf, Outcome};
use crate::diagnostic::Diagnostic;
use crate::syntax::Span;

/// A warning if no end rule can ever fire (none at all, or all false in every position).
pub fn warning(rules: &[(Cond, Outcome)], span: Span) -> Option<Diagnostic> {
    if !rules.iter().all(|(c, _)| never(c)) {
        return None;
    }
    let what = if rules.is_empty() {
        "this game has no end rule"
    } else {
        "no end rule of this game can ever fire"
    };
    Some(
        Diagnostic::new("check::never-ends", span, what)
            .label("never ends the game")
            .help("the game ends only when the player to move has no move (a draw), or when it is stopped at the edge limit; add a rule such as `(if (no-moves Next) (result Next Loss))`")
            .warning(),
    )
}

/// Whether the condition is false in every position.
fn never(c: &Cond) -> bool {
    match c {
        Cond::Const(b) => !b,
        Cond::Compare(op, IntExpr::Lit(a), IntExpr::Lit(b)) => !op.holds(*a, *b),
        Cond::Leaf(Leaf::IsIn(IntExpr::Lit(v), list)) => !list.contains(v),
        Cond::Leaf(Leaf::IsIn(_, list)) => list.is_empty(),
        Cond::And(cs) => cs.iter().any(never),
        Cond::Or(cs) => cs.iter().all(never),
        Cond::Not(c) => always(c),
        _ => false,
    }
}

/// Whether the condition holds in every position.
fn always(c: &Cond) -> bool {
    match c {
        Cond::Const(b) => *b,
        Cond::Compare(op, IntExpr::Lit(a), IntExpr::Lit(b)) => op.holds(*a, *b),
        Cond::Leaf(Leaf::IsIn(IntExpr::Lit(v), list)) => list.contains(v),
        Cond::And(cs) => cs.iter().all(always),
        Cond::Or(cs) => cs.iter().any(always),
        Cond::Not(c) => never(c),
        _ => false,
    }
}
