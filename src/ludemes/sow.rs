//! Sow (with capture): counters sown one by one along a track, and what the last one captures.

use crate::check::registry::{Kind::*, Ludeme, opt, req, THEN, Shape::{List as L, One as O}};
use crate::ludemes::{Lower, Ref, Arg};
use crate::compile::ir::{Gen, MoveExpr, RegionRef};
use crate::compile::Compiler;
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "sow", kind: Moves, positional: &[req("track", O(Str), "the sowing order, a looping track")], named: &[opt("from", O(Region), "the holes a player may sow from"), opt("skip-origin", O(Cond), "whether laps skip the emptied hole"), opt("capture", O(Capture), "what the last counter captures"), THEN], doc: "Takes every counter of a hole and sows them one by one along the track.", example: "(sow \"Sow\" from:(region \"Home\" Mover) skip-origin:true)", lower: Lower::Moves(sow), refs: &[Ref::Track(Arg::Pos(0))] },
    Ludeme { name: "capture", kind: Capture, positional: &[], named: &[req("in", O(Region), "where captures may happen"), req("counts", L(Int), "the counts that are captured"), opt("backwards", O(Cond), "whether the holes before the last are captured too, while they qualify"), opt("grand-slam", O(GrandSlam), "a capture that would take every counter of the region: Allowed or NoCapture")], doc: "Captures into the mover's store the hole the last counter falls in, when it ends with one of the counts.", example: "(capture in:(region \"Home\" Next) counts:{2 3} backwards:true)", lower: Lower::Part, refs: &[] },
];

/// What a capture that takes a whole region does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrandSlam {
    /// It captures as usual.
    Allowed,
    /// It captures nothing.
    NoCapture,
}

/// The capture rule of a sowing.
#[derive(Debug, Clone, PartialEq)]
pub struct Capture {
    /// Where captures happen.
    pub region: RegionRef,
    /// Counts that are captured, as a bitmask over 0..64.
    pub counts: u64,
    /// Whether earlier holes are captured too.
    pub backwards: bool,
    /// The grand-slam rule.
    pub grand_slam: GrandSlam,
}

fn sow(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    let flag = |n: Option<&Node>| matches!(n.map(|n| &n.kind), Some(NodeKind::Bool(true)));
    let track = c.track(node.pos(0));
    let from = node.named("from").map(|r| c.region(r));
    let capture = node.named("capture").map(|cap| {
        let region = cap
            .named("in")
            .map(|r| c.region(r))
            .unwrap_or(RegionRef(0));
        let mut counts = 0u64;
        for v in cap.named("counts").and_then(|l| l.as_list()).unwrap_or(&[]) {
            match v.as_int() {
                Some(k @ 0..=63) => counts |= 1 << k,
                _ => c.error(
                    v,
                    format!("{} cannot be a capture count", v.describe()),
                    "capture counts run from 0 to 63",
                ),
            }
        }
        Capture {
            region,
            counts,
            backwards: flag(cap.named("backwards")),
            grand_slam: match cap.named("grand-slam").and_then(|n| n.as_name()) {
                Some("NoCapture") => GrandSlam::NoCapture,
                _ => GrandSlam::Allowed,
            },
        }
    });
    c.gen(
        Gen::Sow {
            track,
            from,
            skip_origin: flag(node.named("skip-origin")),
            capture,
        },
        node,
    )
}
