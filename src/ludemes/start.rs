//! Start: how the game is set up.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{One as O, OneOrList as OL},
};
use crate::ludemes::{Arg, Lower, Ref};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// How the game is set up: the instructions in order, each site set up by one instruction
        /// at most (a second one is an error).
        name: "start",
        kind: Start,
        positional: [
            /// the start instructions
            req("setup", OL(Setup)),
        ],
        named: [],
        example: "(start (fill (all-sites) 4))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Puts the same number of neutral counters in each site (mancala holes).
        name: "fill",
        kind: Setup,
        positional: [
            /// where
            req("sites", O(Region)),
            /// counters in each site
            req("count", O(Int)),
        ],
        named: [],
        example: "(fill (all-sites) 6)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Fills the players' hands.
        name: "hand",
        kind: Setup,
        positional: [
            /// Each, or one of P1 to P4
            req("owner", O(Role)),
            /// pieces in hand
            req("count", O(Int)),
        ],
        named: [
            /// the pieces' kind: the hands then keep kinds, each given its own count (at most
            /// 255); pieces given without a kind are of the first
            opt("kind", O(Str)),
        ],
        example: "(hand Each 20)",
        lower: Lower::Part,
        refs: [Ref::Hand, Ref::Kind(Arg::Key("kind"))],
    },
    ludeme! {
        /// Puts pieces of a player on each site of a region: one, or a stack of `count:`.
        name: "pieces",
        kind: Setup,
        positional: [
            /// P1 to P4
            req("owner", O(Role)),
            /// one piece on each site
            req("sites", O(Region)),
        ],
        named: [
            /// the track the pieces run on; each starts at its site's first place on it
            opt("track", O(Str)),
            /// the pieces' state; the first declared state if absent
            opt("state", O(Str)),
            /// the pieces' kind; the first declared kind if absent
            opt("kind", O(Str)),
            /// whether the pieces count as having moved already (a king or rook that may no
            /// longer castle, in a position set up mid-game); false if absent
            opt("moved", O(Switch)),
            /// pieces on each site, as one stack of the player's (1 if absent)
            opt("count", O(Int)),
        ],
        example: "(pieces P1 (row 0) track:\"Loop\")",
        lower: Lower::Part,
        refs: [
            Ref::StartTrack(Arg::Key("track")),
            Ref::Owner(Arg::Pos(0)),
            Ref::State(Arg::Key("state")),
            Ref::Kind(Arg::Key("kind")),
        ],
    },
];
