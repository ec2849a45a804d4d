//! Whether a game's end rules can ever fire, seen conservatively: only conditions that are
//! false whatever the position (constants, comparisons of numbers written out) count as never
//! holding, so the warning is never wrong, and a game it misses still stops at the edge limit.

use super::ir::{Action, Cond, Gen, GenDef, IntExpr, Leaf, MoveExpr, Outcome, Phase, Who};
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

/// A warning if the player to move can be left with no move while no end rule reads it: the
/// game would then end as a draw that the file never states. A decision with `pass:true` never
/// leaves its player stuck, nor one whose moves always offer a pass. After `(again)` the player to move is the mover, whom
/// `(no-moves Next)` does not see.
pub fn stuck_warning(
    phases: &[Phase],
    gens: &[GenDef],
    rules: &[(Cond, Outcome)],
    players: u8,
    span: Span,
) -> Option<Diagnostic> {
    let can_stick = phases
        .iter()
        .any(|p| matches!(p, Phase::Decision { pass: false, moves, .. } if !passes(moves, gens)));
    if !can_stick || rules.is_empty() {
        return None;
    }
    let mut read = Vec::new();
    rules.iter().for_each(|(c, _)| stuck_reads(c, &mut read));
    let every_seat = (0..players).all(|p| read.contains(&Who::Player(p)));
    let next =
        every_seat || read.contains(&Who::Next) || (players == 2 && read.contains(&Who::Prev));
    let mover = every_seat || read.contains(&Who::Mover);
    let again = phases.iter().any(|p| {
        let branches: Vec<_> = match p {
            Phase::Decision { next, .. } => vec![next],
            Phase::Chance { by_outcome, .. } => by_outcome.iter().collect(),
        };
        branches
            .iter()
            .any(|b| b.list.iter().any(|(_, a)| *a == Action::Again))
    });
    let warning = if !next {
        Diagnostic::new(
            "check::stuck-draws",
            span,
            "when the player to move has no move and no end rule fires, the game ends in a draw",
        )
        .label("no end rule reads a player with no move")
        .help("say what being stuck means with a rule such as `(if (no-moves Next) (result Next Loss))`, or let a stuck player pass with `pass:true` on the decision")
    } else if again && !mover {
        Diagnostic::new(
            "check::stuck-draws",
            span,
            "after `(again)` a player with no move is the mover, whom `(no-moves Next)` does not see: the game then ends in a draw",
        )
        .label("reads only the next player's moves")
        .help("read both: `(or (no-moves Mover) (no-moves Next))`")
    } else {
        return None;
    };
    Some(warning.warning())
}

/// Whether the moves always include a pass: a pass that no condition guards, in an `or` or as
/// a last resort of `priority`.
fn passes(moves: &MoveExpr, gens: &[GenDef]) -> bool {
    match moves {
        MoveExpr::Gen(g) => gens
            .get(*g as usize)
            .is_some_and(|d| matches!(d.gen, Gen::Pass(_))),
        MoveExpr::Or(list) | MoveExpr::Priority(list) => list.iter().any(|m| passes(m, gens)),
        _ => false,
    }
}

/// The players whose being stuck a condition reads.
fn stuck_reads(c: &Cond, out: &mut Vec<Who>) {
    match c {
        Cond::Leaf(Leaf::NoMoves(w)) => out.push(*w),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| stuck_reads(c, out)),
        Cond::Not(c) => stuck_reads(c, out),
        _ => {}
    }
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
