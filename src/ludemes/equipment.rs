//! Game & equipment: the game, its players, board shapes and the equipment declared beside
//! the board (regions, tracks, hands, dice, piece states, variables). The resolver reads them.

use crate::check::registry::{
    opt, req, Kind,
    Kind::*,
    Ludeme,
    Shape::{List as L, One as O},
};
use crate::ludemes::Lower;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// A whole game: its name, players, equipment and rules.
        name: "game",
        kind: Game,
        positional: [
            /// the game's name
            req("name", O(Str)),
            /// who plays
            req("players", O(Players)),
            /// board and equipment
            req("equipment", O(Equipment)),
            /// start, play and end
            req("rules", O(Rules)),
        ],
        named: [],
        example: "(game \"Mini\" (players 2) (equipment {(board (square 3)) (hand Each)}) (rules \
                  (start (hand Each 4)) (play (place 1)) (end (if (no-moves Next) (result Next \
                  Loss)))))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// How many players take part.
        name: "players",
        kind: Players,
        positional: [
            /// the number of players, 2 to 4; they move in turn from P1
            req("count", O(Int)),
        ],
        named: [],
        example: "(players 2)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The board and everything on or beside it.
        name: "equipment",
        kind: Equipment,
        positional: [
            /// the equipment
            req("items", L(Item)),
        ],
        named: [],
        example: "(equipment {(board (rectangle 2 6)) (hand Each)})",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The rules: how the game starts, what a turn is, how it ends.
        name: "rules",
        kind: Rules,
        positional: [
            /// the set-up
            req("start", O(Start)),
            /// what a turn is
            req("play", O(Play)),
            /// when and how the game ends
            req("end", O(End)),
        ],
        named: [],
        example: "(rules (start (fill (all-sites) 4)) (play (sow \"Sow\")) (end (if (no-moves \
                  Next) (result Next Loss))))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The board; its sites are numbered row by row from the bottom left (a1 = 0).
        name: "board",
        kind: Item,
        positional: [
            /// the board's shape
            req("shape", O(Shape)),
        ],
        named: [],
        example: "(board (square 5))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A grid of rows and columns; mancala boards are rectangles of holes.
        name: "rectangle",
        kind: Kind::Shape,
        positional: [
            /// number of rows
            req("rows", O(Int)),
            /// number of columns
            req("columns", O(Int)),
        ],
        named: [
            /// Alternating: a board of points and lines, the orthogonal lines everywhere and the
            /// diagonals only through the points whose column and row add up to an even number
            /// (a1 among them), as on alquerque boards; drawn as points and lines
            opt("diagonals", O(Diagonals)),
        ],
        example: "(rectangle 5 9 diagonals:Alternating)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A square grid.
        name: "square",
        kind: Kind::Shape,
        positional: [
            /// rows and columns
            req("size", O(Int)),
        ],
        named: [
            /// Alternating: the points and lines of an alquerque board (as for `rectangle`)
            opt("diagonals", O(Diagonals)),
        ],
        example: "(square 5)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The n x n rhombus of hexagons: rows and columns as on a square grid, each row half a
        /// cell right of the one below; a cell touches six, in the directions NE, E, SE, SW, W and
        /// NW (Orthogonal and All name the six).
        name: "rhombus",
        kind: Kind::Shape,
        positional: [
            /// hexagons along each side
            req("size", O(Int)),
        ],
        named: [],
        example: "(rhombus 11)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The regular hexagon of hexagons with sides of n cells (3n² - 3n + 1 cells), laid out in
        /// the rhombus of 2n - 1 around it: row 1 holds n cells from the middle column rightwards,
        /// the middle row 2n - 1; sites are numbered row by row, neighbours as on `rhombus`.
        name: "hexagon",
        kind: Kind::Shape,
        positional: [
            /// hexagons along each side
            req("size", O(Int)),
        ],
        named: [],
        example: "(hexagon 5)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A board of points and the lines joining them: each line links its consecutive points and
        /// runs straight along one of the eight directions. The points are those named, numbered
        /// row by row from the bottom left; steps and `line` follow the links.
        name: "graph",
        kind: Kind::Shape,
        positional: [
            /// the lines, each the points it joins in order, named as grid sites: "a1 d1 g1"
            req("lines", L(Str)),
        ],
        named: [],
        example: "(graph {\"a1 b1 c1\" \"a1 a2 a3\" \"a1 b2 c3\"})",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Names a set of sites, shared or one per player.
        name: "region",
        kind: Item,
        positional: [
            /// the region's name
            req("name", O(Str)),
            /// P1 to P4 for a region each player has (as `Home`)
            opt("owner", O(Role)),
            /// its sites
            req("sites", O(Region)),
        ],
        named: [],
        example: "(region \"Home\" P1 (row 0))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A path of sites; sites may repeat, so a piece's place on it is its track position.
        name: "track",
        kind: Item,
        positional: [
            /// the track's name
            req("name", O(Str)),
            /// P1 to P4 for a track each player has; Each for P1's track as written and every other
            /// player's the same, turned to their seat
            opt("owner", O(Role)),
            /// the track's sites in order
            req("segments", L(Segment)),
        ],
        named: [
            /// whether the track returns to its start (true) or stops at its end
            opt("loop", O(Switch)),
            /// jumps between its squares (1 for its first), `{{1 38} {16 6}}`: a piece that
            /// `advance` or `enter` brings to a jump's first square goes on to its second, and on
            /// along a chain of jumps to its end (a ladder, a snake)
            opt("jumps", L(Pair)),
        ],
        example: "(track \"Sow\" {(row 0 W) (row 1 E)} loop:true)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Pieces held off the board, ready to be placed.
        name: "hand",
        kind: Item,
        positional: [
            /// Each, or one of P1 to P4
            req("owner", O(Role)),
        ],
        named: [],
        example: "(hand Each)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Dice or throwing sticks; a throw's value is read by `(pips)`.
        name: "dice",
        kind: Item,
        positional: [
            /// the dice's name
            req("name", O(Str)),
            /// how they are thrown
            req("kind", O(DiceSpec)),
        ],
        named: [],
        example: "(dice \"Sticks\" (sticks 6))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Two-sided sticks; the value is how many land marked side up (binomial).
        name: "sticks",
        kind: DiceSpec,
        positional: [
            /// number of two-sided sticks
            req("count", O(Int)),
        ],
        named: [],
        example: "(sticks 6)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// One fair die.
        name: "die",
        kind: DiceSpec,
        positional: [
            /// number of faces, valued 1 to n
            req("faces", O(Int)),
        ],
        named: [
            /// how many such dice are thrown together (2 to 4, faces at most 9), each used alone
            /// by `each-die`; a throw is written with its dice largest first (`throw 65`)
            opt("count", O(Int)),
            /// whether a throw of equal dice is used twice over (four moves with two dice)
            opt("doubles", O(Switch)),
        ],
        example: "(die 6 count:2 doubles:true)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Named states a piece can be in, such as unfreed and freed.
        name: "piece-states",
        kind: Item,
        positional: [
            /// the states; pieces start in the first
            req("names", L(Str)),
        ],
        named: [],
        example: "(piece-states {\"Unfreed\" \"Freed\"})",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Named kinds of piece, such as men and kings: what a piece is, shown on the board and
        /// changed by promotion.
        name: "piece-kinds",
        kind: Item,
        positional: [
            /// the kinds; pieces are of the first unless said otherwise
            req("names", L(Str)),
        ],
        named: [
            /// pairs of kinds: a piece of the first of a pair that is captured into a hand
            /// (`captured:Captor`) is held as the second, as a promoted piece loses its promotion
            opt("demote", L(Str)),
        ],
        example: "(piece-kinds {\"Pawn\" \"Knight\" \"Tokin\"} demote:{\"Tokin\" \"Pawn\"})",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A 64-bit number each player has, changed by effects and read in conditions; its value at
        /// the start is a number written out. A game declares at most 8 variables.
        name: "var",
        kind: Item,
        positional: [
            /// the variable's name
            req("name", O(Str)),
            /// its value at the start
            req("initial", O(Int)),
        ],
        named: [],
        example: "(var \"Opened\" 0)",
        lower: Lower::Part,
        refs: [],
    },
];
