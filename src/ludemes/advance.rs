//! Advance: pieces along their track, one or all together.

use crate::check::registry::{Kind::*, Ludeme, opt, req, THEN, Shape::{One as O}};
use crate::ludemes::{Lower, Ref, Arg};
use crate::compile::ir::{Gen, IntExpr, MoveExpr};
use crate::compile::Compiler;
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "advance", kind: Moves, positional: &[req("track", O(Str), "the track"), req("steps", O(Int), "how many steps")], named: &[opt("state", O(Str), "only pieces in this state"), opt("set-state", O(Str), "the state the piece has after the move"), THEN], doc: "Moves one piece of the mover along its track; it may not end on its own side's piece and captures an enemy piece it ends on.", example: "(advance \"Loop\" (pips) state:\"Freed\")", lower: Lower::Moves(advance), refs: &[Ref::Track(Arg::Pos(0)), Ref::State(Arg::Key("state")), Ref::State(Arg::Key("set-state"))] },
    Ludeme { name: "advance-all", kind: Moves, positional: &[req("track", O(Str), "the track"), req("steps", O(Int), "the steps in all")], named: &[opt("state", O(Str), "the pieces that move"), opt("set-state", O(Str), "their state afterwards"), THEN], doc: "Every selected piece steps once, together; then one of them, chosen, goes on for the steps left (steps minus the number of pieces). Listed only for two pieces or more.", example: "(advance-all \"Loop\" (pips) state:\"Unfreed\" set-state:\"Freed\")", lower: Lower::Moves(advance_all), refs: &[Ref::Track(Arg::Pos(0)), Ref::State(Arg::Key("state")), Ref::State(Arg::Key("set-state"))] },
];

fn advance(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let (track, steps, state, set_state) = along(c, node);
    c.gen(
        Gen::Advance {
            track,
            steps,
            state,
            set_state,
        },
        node,
    )
}

fn advance_all(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let (track, steps, state, set_state) = along(c, node);
    c.gen(
        Gen::AdvanceAll {
            track,
            steps,
            state,
            set_state,
        },
        node,
    )
}

/// The track, steps, state and state afterwards both ludemes take.
fn along(c: &mut Compiler<'_>, node: &Node) -> (u16, IntExpr, Option<u8>, Option<u8>) {
    let track = c.track(node.pos(0));
    let steps = node.pos(1).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
    let state = c.state(node.named("state"));
    let set_state = c.state(node.named("set-state"));
    (track, steps, state, set_state)
}
