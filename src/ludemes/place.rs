//! Place: pieces from the hand onto an empty site.

use crate::check::registry::{Kind::*, Ludeme, opt, req, THEN, Shape::{One as O}};
use crate::ludemes::{Lower, Ref};
use crate::compile::ir::{Gen, MoveExpr};
use crate::compile::{Compiler, Needs, MAX_COUNTERS};
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "place", kind: Moves, positional: &[req("count", O(Int), "pieces taken from the hand")], named: &[opt("to", O(Region), "where they may go; any empty site if absent"), THEN], doc: "Puts pieces from the mover's hand on one empty site.", example: "(place 2 to:(region \"Board\"))", lower: Lower::Moves(place), refs: &[Ref::Hand] },
];

fn place(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let count = node.pos(0).and_then(|n| n.as_int()).unwrap_or(1);
    if !(1..=MAX_COUNTERS).contains(&count) {
        c.error(
            node,
            format!("placing {count} pieces at once is out of range"),
            "place 1 or more pieces",
        );
    }
    let to = node.named("to").map(|r| c.region(r));
    c.needs.insert(Needs::PLACING);
    c.gen(
        Gen::Place {
            count: count.clamp(1, MAX_COUNTERS) as u16,
            to,
        },
        node,
    )
}
