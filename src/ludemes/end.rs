//! End & outcomes: when the game ends and who wins.

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
        /// When the game ends and who wins.
        name: "end",
        kind: End,
        positional: [
            /// checked in order after every move and throw; the first that holds ends the game
            req("rules", OL(EndRule)),
        ],
        named: [],
        example: "(end {(if (no-pieces Next) (result Mover Win))})",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Ends the game with a result when the condition holds.
        name: "if",
        kind: EndRule,
        positional: [
            /// checked after each move or throw; Mover is who made it
            req("condition", O(Cond)),
            /// the result
            req("result", O(Outcome)),
        ],
        named: [],
        example: "(if (no-moves Next) (result Next Loss))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A fixed result. With three or four players, a win puts the others after the winner,
        /// tied; a loss puts the player last and the others first, tied.
        name: "result",
        kind: Outcome,
        positional: [
            /// Mover, Next, Prev, P1 to P4, or All for a draw
            req("player", O(Role)),
            /// Win, Loss or Draw
            req("result", O(ResultKind)),
        ],
        named: [],
        example: "(result Mover Win)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The higher store wins. With three or four players, the players are ranked by their
        /// stores, each sharing the place of the one just ahead when within `draw-within` of them.
        name: "by-score",
        kind: Outcome,
        positional: [],
        named: [
            /// a per-player region whose counters each player adds to their store first
            opt("collect", O(Str)),
            /// scores this close are a draw (0: only equal scores)
            opt("draw-within", O(Int)),
        ],
        example: "(by-score collect:\"Home\")",
        lower: Lower::Part,
        refs: [Ref::PlayerRegion(Arg::Key("collect"))],
    },
    ludeme! {
        /// Area scoring: a player's area is their pieces on the board plus their territory, the
        /// empty sites of each region of empty sites (joined along the directions) that only their
        /// pieces border. The larger area wins, the second player's counted with `komi` added;
        /// equal areas are a draw. Each player's store then holds their area.
        name: "by-area",
        kind: Outcome,
        positional: [
            /// the directions that join empty sites into regions and give their borders: a
            /// direction, a group such as Orthogonal, or a list of them
            req("directions", OL(Dir)),
        ],
        named: [
            /// the points added to the second player's area, a whole or decimal number (7.5:
            /// a fraction rules out draws); 0 if absent
            opt("komi", O(Decimal)),
        ],
        example: "(by-area Orthogonal komi:7.5)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The player with the most pieces on the board wins; equal counts are a draw. With three
        /// or four players, the players are ranked by their pieces, equal counts sharing a place.
        name: "by-pieces",
        kind: Outcome,
        positional: [],
        named: [
            /// only pieces of this kind; in stacks of mixed owners, only the piece on top of
            /// each stack counts
            opt("kind", O(Str)),
        ],
        example: "(by-pieces)",
        lower: Lower::Part,
        refs: [Ref::Kind(Arg::Key("kind"))],
    },
];
