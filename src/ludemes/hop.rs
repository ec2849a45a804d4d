//! Hop: one piece over a run of enemy sites, capturing them.

use crate::check::registry::{Kind::*, Ludeme, opt, req, THEN, Shape::{One as O}};
use crate::ludemes::{Lower};
use crate::compile::ir::{Gen, MoveExpr};
use crate::compile::Compiler;
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "hop", kind: Moves, positional: &[req("directions", O(Dir), "the directions of the hop: one, or a group such as Orthogonal")], named: &[opt("run-in", O(Region), "where the hopped-over enemy sites must lie"), opt("edge", O(EdgeRule), "a run reaching the board's edge: land on its last site (LastSite) or no hop (None)"), THEN], doc: "One piece hops over an unbroken run of enemy sites, capturing every piece on them, to the empty site beyond.", example: "(hop Orthogonal edge:LastSite)", lower: Lower::Moves(hop), refs: &[] },
];

fn hop(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let dirs = c.dirs(node.pos(0));
    let run_in = node.named("run-in").map(|r| c.region(r));
    let edge_last = node.named("edge").and_then(|n| n.as_name()) == Some("LastSite");
    c.gen(
        Gen::Hop {
            dirs,
            run_in,
            edge_last,
        },
        node,
    )
}
