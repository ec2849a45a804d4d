//! Game & equipment: the game, its players, board shapes and the equipment declared beside
//! the board (regions, tracks, hands, dice, piece states, variables). The resolver reads them.

use crate::check::registry::{Kind, Kind::*, Ludeme, opt, req, Shape::{List as L, One as O}};
use crate::ludemes::{Lower};

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "game", kind: Game, positional: &[req("name", O(Str), "the game's name"), req("players", O(Players), "who plays"), req("equipment", O(Equipment), "board and equipment"), req("rules", O(Rules), "start, play and end")], named: &[], doc: "A whole game: its name, players, equipment and rules.", example: "(game \"Mini\" (players 2) (equipment {(board (square 3)) (hand Each)}) (rules (start (hand Each 4)) (play (place 1)) (end (if (no-moves Next) (result Next Loss)))))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "players", kind: Players, positional: &[req("count", O(Int), "the number of players, 2 to 4; they move in turn from P1")], named: &[], doc: "How many players take part.", example: "(players 2)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "equipment", kind: Equipment, positional: &[req("items", L(Item), "the equipment")], named: &[], doc: "The board and everything on or beside it.", example: "(equipment {(board (rectangle 2 6)) (hand Each)})", lower: Lower::Part, refs: &[] },
    Ludeme { name: "rules", kind: Rules, positional: &[req("start", O(Start), "the set-up"), req("play", O(Play), "what a turn is"), req("end", O(End), "when and how the game ends")], named: &[], doc: "The rules: how the game starts, what a turn is, how it ends.", example: "(rules (start (fill (all-sites) 4)) (play (sow \"Sow\")) (end (if (no-moves Next) (result Next Loss))))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "board", kind: Item, positional: &[req("shape", O(Shape), "the board's shape")], named: &[], doc: "The board; its sites are numbered row by row from the bottom left (a1 = 0).", example: "(board (square 5))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "rectangle", kind: Kind::Shape, positional: &[req("rows", O(Int), "number of rows"), req("columns", O(Int), "number of columns")], named: &[], doc: "A grid of rows and columns; mancala boards are rectangles of holes.", example: "(rectangle 2 6)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "square", kind: Kind::Shape, positional: &[req("size", O(Int), "rows and columns")], named: &[], doc: "A square grid.", example: "(square 5)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "region", kind: Item, positional: &[req("name", O(Str), "the region's name"), opt("owner", O(Role), "P1 to P4 for a region each player has (as `Home`)"), req("sites", O(Region), "its sites")], named: &[], doc: "Names a set of sites, shared or one per player.", example: "(region \"Home\" P1 (row 0))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "track", kind: Item, positional: &[req("name", O(Str), "the track's name"), opt("owner", O(Role), "P1 to P4 for a track each player has"), req("segments", L(Segment), "the track's sites in order")], named: &[opt("loop", O(Cond), "whether the track returns to its start (true) or stops at its end")], doc: "A path of sites; sites may repeat, so a piece's place on it is its track position.", example: "(track \"Sow\" {(row 0 W) (row 1 E)} loop:true)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "hand", kind: Item, positional: &[req("owner", O(Role), "Each, or one of P1 to P4")], named: &[], doc: "Pieces held off the board, ready to be placed.", example: "(hand Each)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "dice", kind: Item, positional: &[req("name", O(Str), "the dice's name"), req("kind", O(DiceSpec), "how they are thrown")], named: &[], doc: "Dice or throwing sticks; a throw's value is read by `(pips)`.", example: "(dice \"Sticks\" (sticks 6))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "sticks", kind: DiceSpec, positional: &[req("count", O(Int), "number of two-sided sticks")], named: &[], doc: "Two-sided sticks; the value is how many land marked side up (binomial).", example: "(sticks 6)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "die", kind: DiceSpec, positional: &[req("faces", O(Int), "number of faces, valued 1 to n")], named: &[], doc: "One fair die.", example: "(die 6)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "piece-states", kind: Item, positional: &[req("names", L(Str), "the states; pieces start in the first")], named: &[], doc: "Named states a piece can be in, such as unfreed and freed.", example: "(piece-states {\"Unfreed\" \"Freed\"})", lower: Lower::Part, refs: &[] },
    Ludeme { name: "var", kind: Item, positional: &[req("name", O(Str), "the variable's name"), req("initial", O(Int), "its value at the start")], named: &[], doc: "A 64-bit number each player has, changed by effects and read in conditions; its value at the start is a number written out.", example: "(var \"Opened\" 0)", lower: Lower::Part, refs: &[] },
];
