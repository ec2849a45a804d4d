//! Tracks: the segments a track is made of, read by the track's declaration.

use crate::check::registry::{
    req,
    Kind::*,
    Ludeme,
    Shape::{List as L, One as O},
};
use crate::ludemes::Lower;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// A row of the board as part of a track.
        name: "row",
        kind: Segment,
        positional: [
            /// row number, 0 at the bottom
            req("row", O(Int)),
            /// E (left to right) or W
            req("direction", O(Dir)),
        ],
        named: [],
        example: "(row 0 E)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A column of the board as part of a track.
        name: "column",
        kind: Segment,
        positional: [
            /// column number, 0 at the left
            req("column", O(Int)),
            /// N (upwards) or S
            req("direction", O(Dir)),
        ],
        named: [],
        example: "(column 0 N)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A walk over the board as part of a track: from a point, step by step to neighbouring
        /// points.
        name: "walk",
        kind: Segment,
        positional: [
            /// the point it starts on, then its steps: each a direction with an optional count
            /// (`N4` is four steps north)
            req("steps", O(Str)),
        ],
        named: [],
        example: "(walk \"a1 E3 N W2\")",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Sites in the order given, as part of a track.
        name: "sites",
        kind: Segment,
        positional: [
            /// site numbers in order
            req("sites", L(Int)),
        ],
        named: [],
        example: "(sites {5 4 3})",
        lower: Lower::Part,
        refs: [],
    },
];
