//! The last move: conditions on where the move just made started and ended, and the count of
//! the pieces it captured.

use crate::check::registry::{req, Kind::*, Ludeme, Shape::One as O};
use crate::compile::ir::{Cond, IntExpr, Leaf, RegionRef};
use crate::compile::{Compiler, Needs};
use crate::ludemes::Lower;
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// The last move ended in the region (a sowing where its last counter fell). After a move
        /// (in `then:`, `next:` and end rules) that is the move just made, and `Mover` its maker;
        /// before one, the previous player's move.
        name: "landed-in",
        kind: Cond,
        positional: [
            /// the sites
            req("region", O(Region)),
        ],
        named: [],
        example: "(landed-in (region \"Home\" Mover))",
        lower: Lower::Cond(landed_in),
        refs: [],
    },
    ludeme! {
        /// The last move started in the region; read like `landed-in`.
        name: "moved-from",
        kind: Cond,
        positional: [
            /// the sites
            req("region", O(Region)),
        ],
        named: [],
        example: "(moved-from (region \"Home\" Mover))",
        lower: Lower::Cond(moved_from),
        refs: [],
    },
    ludeme! {
        /// The pieces the last move captured: those a flank removed, a step, leap, slide or jump
        /// took, a `remove:` took; 0 after a pass and before the first move. In `then:` and end
        /// rules it is the move just made (add it to a score: `(add-score Mover (captured))`).
        name: "captured",
        kind: Int,
        positional: [],
        named: [],
        example: "(captured)",
        lower: Lower::Int(captured),
        refs: [],
    },
];

fn captured(c: &mut Compiler<'_>, _: &Node) -> IntExpr {
    // Only a game that reads the count keeps it after a move.
    c.needs.insert(Needs::CAPTURED);
    IntExpr::Captured
}

fn region(c: &mut Compiler<'_>, node: &Node) -> RegionRef {
    c.needs.insert(Needs::LAST);
    node.pos(0).map(|r| c.region(r)).unwrap_or(RegionRef(0))
}

fn landed_in(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Leaf(Leaf::LandedIn(region(c, node)))
}

fn moved_from(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Leaf(Leaf::MovedFrom(region(c, node)))
}
