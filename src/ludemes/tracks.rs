//! Tracks: the segments a track is made of, read by the track's declaration.

use crate::check::registry::{Kind::*, Ludeme, req, Shape::{List as L, One as O}};
use crate::ludemes::{Lower};

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "row", kind: Segment, positional: &[req("row", O(Int), "row number, 0 at the bottom"), req("direction", O(Dir), "E (left to right) or W")], named: &[], doc: "A row of the board as part of a track.", example: "(row 0 E)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "column", kind: Segment, positional: &[req("column", O(Int), "column number, 0 at the left"), req("direction", O(Dir), "N (upwards) or S")], named: &[], doc: "A column of the board as part of a track.", example: "(column 0 N)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "walk", kind: Segment, positional: &[req("steps", O(Str), "the point it starts on, then its steps: each a direction with an optional count (`N4` is four steps north)")], named: &[], doc: "A walk over the board as part of a track: from a point, step by step to neighbouring points.", example: "(walk \"g2 N4 NW W5\")", lower: Lower::Part, refs: &[] },
    Ludeme { name: "sites", kind: Segment, positional: &[req("sites", L(Int), "site numbers in order")], named: &[], doc: "Sites in the order given, as part of a track.", example: "(sites {5 4 3})", lower: Lower::Part, refs: &[] },
];
