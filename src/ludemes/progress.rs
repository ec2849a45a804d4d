//! Progress: a count of the moves since the last one that made progress, which rules reset with
//! an effect and read as a number (a draw after so many moves without a capture).

use crate::check::registry::{Kind::*, Ludeme};
use crate::compile::ir::IntExpr;
use crate::compile::{Compiler, Needs};
use crate::ludemes::Lower;
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// This move makes progress: the count of moves without progress starts again (a move
        /// that captures makes progress without it).
        name: "progress",
        kind: Effect,
        positional: [],
        named: [],
        example: "(progress)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Moves (passes included) played since the last that made progress, by capturing a piece
        /// or by `(progress)` in its `then:`, or since the start.
        name: "moves-without-progress",
        kind: Int,
        positional: [],
        named: [],
        example: "(moves-without-progress)",
        lower: Lower::Int(moves_without_progress),
        refs: [],
    },
];

fn moves_without_progress(c: &mut Compiler<'_>, _: &Node) -> IntExpr {
    // Only a game that reads the count keeps it.
    c.needs.insert(Needs::PROGRESS);
    IntExpr::MovesWithoutProgress
}
