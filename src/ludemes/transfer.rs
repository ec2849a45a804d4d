//! Transfer: every counter of one hole into another.

use crate::check::registry::{Kind::*, Ludeme, opt, req, THEN, Shape::{One as O}};
use crate::ludemes::{Lower};
use crate::compile::ir::{Gen, MoveExpr, RegionRef};
use crate::compile::Compiler;
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "transfer", kind: Moves, positional: &[], named: &[req("from", O(Region), "holes that may be emptied"), req("to", O(Region), "holes that may receive"), opt("count", O(Int), "only holes holding exactly this many"), THEN], doc: "Moves every counter of one hole into another hole, all together.", example: "(transfer from:(region \"Home\" Mover) to:(region \"Home\" Mover) count:4)", lower: Lower::Moves(transfer), refs: &[] },
];

fn transfer(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let from = node
        .named("from")
        .map(|r| c.region(r))
        .unwrap_or(RegionRef(0));
    let to = node
        .named("to")
        .map(|r| c.region(r))
        .unwrap_or(RegionRef(0));
    let count = node.named("count").map(|n| c.int(n));
    c.gen(Gen::Transfer { from, to, count }, node)
}
