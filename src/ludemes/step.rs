//! Step: one piece to an adjacent empty site.

use crate::check::registry::{Kind::*, Ludeme, opt, req, THEN, Shape::{One as O}};
use crate::ludemes::{Lower};
use crate::compile::ir::{Gen, MoveExpr};
use crate::compile::Compiler;
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "step", kind: Moves, positional: &[req("directions", O(Dir), "the directions a piece may step in: one, or a group such as Orthogonal")], named: &[opt("to", O(Region), "where a piece may go; any empty site if absent"), THEN], doc: "Moves one piece of a stack of the mover to an adjacent empty site.", example: "(step Orthogonal)", lower: Lower::Moves(step), refs: &[] },
];

fn step(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let to = node.named("to").map(|r| c.region(r));
    c.gen(Gen::Step { dirs, to }, node)
}
