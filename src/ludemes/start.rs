//! Start: how the game is set up.

use crate::check::registry::{Kind::*, Ludeme, opt, req, Shape::{One as O, OneOrList as OL}};
use crate::ludemes::{Lower, Ref, Arg};

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "start", kind: Start, positional: &[req("setup", OL(Setup), "the start instructions")], named: &[], doc: "How the game is set up: the instructions in order, each site set up by one instruction at most (a second one is an error).", example: "(start (fill (all-sites) 4))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "fill", kind: Setup, positional: &[req("sites", O(Region), "where"), req("count", O(Int), "counters in each site")], named: &[], doc: "Puts the same number of neutral counters in each site (mancala holes).", example: "(fill (all-sites) 6)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "hand", kind: Setup, positional: &[req("owner", O(Role), "Each, or one of P1 to P4"), req("count", O(Int), "pieces in hand")], named: &[], doc: "Fills the players' hands.", example: "(hand Each 20)", lower: Lower::Part, refs: &[Ref::Hand] },
    Ludeme { name: "pieces", kind: Setup, positional: &[req("owner", O(Role), "P1 to P4"), req("sites", O(Region), "one piece on each site")], named: &[opt("track", O(Str), "the track the pieces run on; each starts at its site's first place on it"), opt("state", O(Str), "the pieces' state; the first declared state if absent"), opt("kind", O(Str), "the pieces' kind; the first declared kind if absent")], doc: "Puts one piece of a player on each site of a region.", example: "(pieces P1 (row 0) track:\"Loop\")", lower: Lower::Part, refs: &[Ref::StartTrack(Arg::Key("track")), Ref::Owner(Arg::Pos(0)), Ref::State(Arg::Key("state")), Ref::Kind(Arg::Key("kind"))] },
];
