//! The ludeme registry: every ludeme with its arguments, what it produces and one line of doc.
//! The checker reads it; `docs/LANGUAGE.md` is generated from it.

/// What an expression produces, and so where it may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The whole game.
    Game,
    /// The players.
    Players,
    /// The equipment block.
    Equipment,
    /// One piece of equipment.
    Item,
    /// A board shape.
    Shape,
    /// A part of a track.
    Segment,
    /// A way of throwing dice.
    DiceSpec,
    /// The rules block.
    Rules,
    /// The start block.
    Start,
    /// One start instruction.
    Setup,
    /// The play block.
    Play,
    /// The phases of a turn.
    Phases,
    /// One phase of a turn.
    Phase,
    /// A branch after a throw.
    Clause,
    /// Where a turn goes next.
    Action,
    /// A move generator.
    Moves,
    /// A capture rule of sowing.
    Capture,
    /// A side effect of a move.
    Effect,
    /// A condition.
    Cond,
    /// A whole number.
    Int,
    /// A set of sites.
    Region,
    /// The end block.
    End,
    /// One end rule.
    EndRule,
    /// How a game ends.
    Outcome,
    /// A string in quotes.
    Str,
    /// A player or group of players.
    Role,
    /// A direction or set of directions.
    Dir,
    /// Where a hop over a run that reaches the edge lands.
    EdgeRule,
    /// What happens to a capture that would take every opposing counter.
    GrandSlam,
    /// Win, loss or draw.
    ResultKind,
}

impl Kind {
    /// The kind as a noun phrase for messages.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Game => "a game",
            Kind::Players => "a players declaration",
            Kind::Equipment => "an equipment block",
            Kind::Item => "a piece of equipment",
            Kind::Shape => "a board shape",
            Kind::Segment => "a track segment",
            Kind::DiceSpec => "a kind of dice",
            Kind::Rules => "a rules block",
            Kind::Start => "a start block",
            Kind::Setup => "a start instruction",
            Kind::Play => "a play block",
            Kind::Phases => "a list of phases",
            Kind::Phase => "a phase",
            Kind::Clause => "a throw branch",
            Kind::Action => "a turn action",
            Kind::Moves => "a move",
            Kind::Capture => "a capture rule",
            Kind::Effect => "an effect",
            Kind::Cond => "a condition",
            Kind::Int => "an integer",
            Kind::Region => "a region",
            Kind::End => "an end block",
            Kind::EndRule => "an end rule",
            Kind::Outcome => "a result",
            Kind::Str => "a string",
            Kind::Role => "a player",
            Kind::Dir => "a direction",
            Kind::EdgeRule => "an edge rule",
            Kind::GrandSlam => "a grand-slam rule",
            Kind::ResultKind => "a result kind",
        }
    }

    /// The names that stand for values of this kind, for kinds written as bare names.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Kind::Role => &[
                "P1", "P2", "P3", "P4", "Mover", "Next", "Prev", "Each", "All", "Shared",
            ],
            Kind::Dir => &[
                "N",
                "S",
                "E",
                "W",
                "NE",
                "NW",
                "SE",
                "SW",
                "Orthogonal",
                "Diagonal",
                "All",
            ],
            Kind::EdgeRule => &["LastSite", "None"],
            Kind::GrandSlam => &["Allowed", "NoCapture"],
            Kind::ResultKind => &["Win", "Loss", "Draw"],
            _ => &[],
        }
    }
}

/// How an argument is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One expression.
    One(Kind),
    /// A list `{...}` of expressions.
    List(Kind),
    /// Several expressions, either as positional arguments or as one list.
    Many(Kind),
    /// One expression or a list of them.
    OneOrList(Kind),
}

impl Shape {
    /// The kind of each element.
    pub fn kind(self) -> Kind {
        match self {
            Shape::One(k) | Shape::List(k) | Shape::Many(k) | Shape::OneOrList(k) => k,
        }
    }
}

/// One argument of a ludeme.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// The argument's name (its key, for named arguments).
    pub name: &'static str,
    /// How it is written.
    pub shape: Shape,
    /// Whether it must be given.
    pub required: bool,
    /// What it means.
    pub doc: &'static str,
}

/// One ludeme of the language.
#[derive(Debug, Clone, Copy)]
pub struct Ludeme {
    /// The name written after the parenthesis.
    pub name: &'static str,
    /// What it produces.
    pub kind: Kind,
    /// Positional arguments in order.
    pub positional: &'static [Param],
    /// Named arguments.
    pub named: &'static [Param],
    /// One line of documentation.
    pub doc: &'static str,
    /// A short example.
    pub example: &'static str,
}

const fn req(name: &'static str, shape: Shape, doc: &'static str) -> Param {
    Param {
        name,
        shape,
        required: true,
        doc,
    }
}

const fn opt(name: &'static str, shape: Shape, doc: &'static str) -> Param {
    Param {
        name,
        shape,
        required: false,
        doc,
    }
}

use self::Shape as S;
use Kind::*;
use S::{List as L, Many as M, One as O, OneOrList as OL};

const THEN: Param = opt(
    "then",
    OL(Effect),
    "effects applied after each move this generator makes",
);

/// Every ludeme of the language.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub static LUDEMES: &[Ludeme] = &[
    // The game.
    Ludeme { name: "game", kind: Game, positional: &[req("name", O(Str), "the game's name"), req("players", O(Players), "who plays"), req("equipment", O(Equipment), "board and equipment"), req("rules", O(Rules), "start, play and end")], named: &[], doc: "A whole game: its name, players, equipment and rules.", example: "(game \"Mini\" (players 2) (equipment {(board (square 3)) (hand Each)}) (rules (start (hand Each 4)) (play (place 1)) (end (if (no-moves Next) (result Next Loss)))))" },
    Ludeme { name: "players", kind: Players, positional: &[req("count", O(Int), "the number of players, 2 to 4; they move in turn from P1")], named: &[], doc: "How many players take part.", example: "(players 2)" },
    Ludeme { name: "equipment", kind: Equipment, positional: &[req("items", L(Item), "the equipment")], named: &[], doc: "The board and everything on or beside it.", example: "(equipment {(board (rectangle 2 6)) (hand Each)})" },
    Ludeme { name: "rules", kind: Rules, positional: &[req("start", O(Start), "the set-up"), req("play", O(Play), "what a turn is"), req("end", O(End), "when and how the game ends")], named: &[], doc: "The rules: how the game starts, what a turn is, how it ends.", example: "(rules (start (fill (all-sites) 4)) (play (sow \"Sow\")) (end (if (no-moves Next) (result Next Loss))))" },
    // Equipment.
    Ludeme { name: "board", kind: Item, positional: &[req("shape", O(Shape), "the board's shape")], named: &[], doc: "The board; its sites are numbered row by row from the bottom left (a1 = 0).", example: "(board (square 5))" },
    Ludeme { name: "rectangle", kind: Kind::Shape, positional: &[req("rows", O(Int), "number of rows"), req("columns", O(Int), "number of columns")], named: &[], doc: "A grid of rows and columns; mancala boards are rectangles of holes.", example: "(rectangle 2 6)" },
    Ludeme { name: "square", kind: Kind::Shape, positional: &[req("size", O(Int), "rows and columns")], named: &[], doc: "A square grid.", example: "(square 5)" },
    Ludeme { name: "region", kind: Item, positional: &[req("name", O(Str), "the region's name"), opt("owner", O(Role), "P1 to P4 for a region each player has (as `Home`)"), req("sites", O(Region), "its sites")], named: &[], doc: "Names a set of sites, shared or one per player.", example: "(region \"Home\" P1 (row 0))" },
    Ludeme { name: "track", kind: Item, positional: &[req("name", O(Str), "the track's name"), opt("owner", O(Role), "P1 to P4 for a track each player has"), req("segments", L(Segment), "the track's sites in order")], named: &[opt("loop", O(Cond), "whether the track returns to its start (true) or stops at its end")], doc: "A path of sites; sites may repeat, so a piece's place on it is its track position.", example: "(track \"Sow\" {(row 0 W) (row 1 E)} loop:true)" },
    Ludeme { name: "hand", kind: Item, positional: &[req("owner", O(Role), "Each, or one of P1 to P4")], named: &[], doc: "Pieces held off the board, ready to be placed.", example: "(hand Each)" },
    Ludeme { name: "dice", kind: Item, positional: &[req("name", O(Str), "the dice's name"), req("kind", O(DiceSpec), "how they are thrown")], named: &[], doc: "Dice or throwing sticks; a throw's value is read by `(pips)`.", example: "(dice \"Sticks\" (sticks 6))" },
    Ludeme { name: "sticks", kind: DiceSpec, positional: &[req("count", O(Int), "number of two-sided sticks")], named: &[], doc: "Two-sided sticks; the value is how many land marked side up (binomial).", example: "(sticks 6)" },
    Ludeme { name: "die", kind: DiceSpec, positional: &[req("faces", O(Int), "number of faces, valued 1 to n")], named: &[], doc: "One fair die.", example: "(die 6)" },
    Ludeme { name: "piece-states", kind: Item, positional: &[req("names", L(Str), "the states; pieces start in the first")], named: &[], doc: "Named states a piece can be in, such as unfreed and freed.", example: "(piece-states {\"Unfreed\" \"Freed\"})" },
    Ludeme { name: "var", kind: Item, positional: &[req("name", O(Str), "the variable's name"), req("initial", O(Int), "its value at the start")], named: &[], doc: "A 64-bit number each player has, changed by effects and read in conditions; its value at the start is a number written out.", example: "(var \"Opened\" 0)" },
    // Track segments.
    Ludeme { name: "row", kind: Segment, positional: &[req("row", O(Int), "row number, 0 at the bottom"), req("direction", O(Dir), "E (left to right) or W")], named: &[], doc: "A row of the board as part of a track.", example: "(row 0 E)" },
    Ludeme { name: "column", kind: Segment, positional: &[req("column", O(Int), "column number, 0 at the left"), req("direction", O(Dir), "N (upwards) or S")], named: &[], doc: "A column of the board as part of a track.", example: "(column 0 N)" },
    Ludeme { name: "sites", kind: Segment, positional: &[req("sites", L(Int), "site numbers in order")], named: &[], doc: "Sites in the order given, as part of a track.", example: "(sites {5 4 3})" },
    // Regions.
    Ludeme { name: "row", kind: Region, positional: &[req("row", O(Int), "row number, 0 at the bottom")], named: &[], doc: "The sites of one row.", example: "(row 0)" },
    Ludeme { name: "column", kind: Region, positional: &[req("column", O(Int), "column number, 0 at the left")], named: &[], doc: "The sites of one column.", example: "(column 2)" },
    Ludeme { name: "rect", kind: Region, positional: &[req("row", O(Int), "bottom row"), req("column", O(Int), "left column"), req("to-row", O(Int), "top row"), req("to-column", O(Int), "right column")], named: &[], doc: "The sites of a rectangle of the board, corners included.", example: "(rect 1 1 5 5)" },
    Ludeme { name: "sites", kind: Region, positional: &[req("sites", L(Int), "site numbers")], named: &[], doc: "The sites listed.", example: "(sites {5})" },
    Ludeme { name: "all-sites", kind: Region, positional: &[], named: &[], doc: "Every site of the board.", example: "(all-sites)" },
    Ludeme { name: "region", kind: Region, positional: &[req("name", O(Str), "a declared region"), opt("owner", O(Role), "whose region: P1 to P4, Mover, Next or Prev")], named: &[], doc: "A declared region.", example: "(region \"Home\" Mover)" },
    Ludeme { name: "union", kind: Region, positional: &[req("regions", M(Region), "the regions to join")], named: &[], doc: "The sites of any of the regions.", example: "(union (row 0) (row 1))" },
    // Start.
    Ludeme { name: "start", kind: Start, positional: &[req("setup", OL(Setup), "the start instructions")], named: &[], doc: "How the game is set up.", example: "(start (fill (all-sites) 4))" },
    Ludeme { name: "fill", kind: Setup, positional: &[req("sites", O(Region), "where"), req("count", O(Int), "counters in each site")], named: &[], doc: "Puts the same number of neutral counters in each site (mancala holes).", example: "(fill (all-sites) 6)" },
    Ludeme { name: "hand", kind: Setup, positional: &[req("owner", O(Role), "Each, or one of P1 to P4"), req("count", O(Int), "pieces in hand")], named: &[], doc: "Fills the players' hands.", example: "(hand Each 20)" },
    Ludeme { name: "pieces", kind: Setup, positional: &[req("owner", O(Role), "P1 to P4"), req("sites", O(Region), "one piece on each site")], named: &[opt("track", O(Str), "the track the pieces run on; each starts at its site's first place on it"), opt("state", O(Str), "the pieces' state; the first declared state if absent")], doc: "Puts one piece of a player on each site of a region.", example: "(pieces P1 (row 0) track:\"Loop\")" },
    // Play.
    Ludeme { name: "play", kind: Play, positional: &[req("moves", O(Moves), "the moves of a turn, or `(phases ...)`")], named: &[], doc: "What a player does on a turn: one decision among the moves, or a sequence of phases.", example: "(play (sow \"Sow\" from:(region \"Home\" Mover)))" },
    Ludeme { name: "phases", kind: Moves, positional: &[req("phases", L(Phase), "the phases; every turn starts in the first")], named: &[], doc: "A turn made of phases: throws and decisions that lead to one another.", example: "(phases {(chance \"Throw\" \"Sticks\" {(when (= (pips) 0) (end-turn)) (else (goto \"Move\"))}) (decision \"Move\" (advance \"Loop\" (pips)))})" },
    Ludeme { name: "chance", kind: Phase, positional: &[req("name", O(Str), "the phase's name"), req("dice", O(Str), "the dice thrown"), req("branches", L(Clause), "where the throw leads; the first that holds is taken")], named: &[], doc: "A phase that throws dice; `(pips)` is then the value thrown.", example: "(chance \"Throw\" \"Sticks\" {(when (= (pips) 0) (end-turn)) (else (goto \"Move\"))})" },
    Ludeme { name: "decision", kind: Phase, positional: &[req("name", O(Str), "the phase's name"), req("moves", O(Moves), "the moves to choose from")], named: &[opt("pass", O(Cond), "whether a player with no legal move passes (true) instead of being stuck"), opt("next", O(Action), "where the turn goes after the move; the turn ends if absent")], doc: "A phase where the player to move chooses one move.", example: "(decision \"Move\" (advance \"Loop\" (pips)) pass:true)" },
    Ludeme { name: "when", kind: Clause, positional: &[req("condition", O(Cond), "when the branch is taken"), req("action", O(Action), "where the turn goes")], named: &[], doc: "A branch after a throw.", example: "(when (= (pips) 0) (end-turn))" },
    Ludeme { name: "else", kind: Clause, positional: &[req("action", O(Action), "where the turn goes")], named: &[], doc: "The branch taken when no other holds.", example: "(else (goto \"Move\"))" },
    Ludeme { name: "goto", kind: Action, positional: &[req("phase", O(Str), "the next phase")], named: &[opt("pips", O(Int), "sets the value that `(pips)` reads, as for a special throw")], doc: "Goes on to another phase of the same turn.", example: "(goto \"Special\" pips:7)" },
    Ludeme { name: "end-turn", kind: Action, positional: &[], named: &[], doc: "Ends the turn; the other player's turn begins.", example: "(end-turn)" },
    // Moves.
    Ludeme { name: "place", kind: Moves, positional: &[req("count", O(Int), "pieces taken from the hand")], named: &[opt("to", O(Region), "where they may go; any empty site if absent"), THEN], doc: "Puts pieces from the mover's hand on one empty site.", example: "(place 2 to:(region \"Board\"))" },
    Ludeme { name: "step", kind: Moves, positional: &[req("directions", O(Dir), "the directions a piece may step in: one, or a group such as Orthogonal")], named: &[opt("to", O(Region), "where a piece may go; any empty site if absent"), THEN], doc: "Moves one piece of a stack of the mover to an adjacent empty site.", example: "(step Orthogonal)" },
    Ludeme { name: "hop", kind: Moves, positional: &[req("directions", O(Dir), "the directions of the hop: one, or a group such as Orthogonal")], named: &[opt("run-in", O(Region), "where the hopped-over enemy sites must lie"), opt("edge", O(EdgeRule), "a run reaching the board's edge: land on its last site (LastSite) or no hop (None)"), THEN], doc: "One piece hops over an unbroken run of enemy sites, capturing every piece on them, to the empty site beyond.", example: "(hop Orthogonal edge:LastSite)" },
    Ludeme { name: "sow", kind: Moves, positional: &[req("track", O(Str), "the sowing order, a looping track")], named: &[opt("from", O(Region), "the holes a player may sow from"), opt("skip-origin", O(Cond), "whether laps skip the emptied hole"), opt("capture", O(Capture), "what the last counter captures"), THEN], doc: "Takes every counter of a hole and sows them one by one along the track.", example: "(sow \"Sow\" from:(region \"Home\" Mover) skip-origin:true)" },
    Ludeme { name: "capture", kind: Capture, positional: &[], named: &[req("in", O(Region), "where captures may happen"), req("counts", L(Int), "the counts that are captured"), opt("backwards", O(Cond), "whether the holes before the last are captured too, while they qualify"), opt("grand-slam", O(GrandSlam), "a capture that would take every counter of the region: Allowed or NoCapture")], doc: "Captures into the mover's store the hole the last counter falls in, when it ends with one of the counts.", example: "(capture in:(region \"Home\" Next) counts:{2 3} backwards:true)" },
    Ludeme { name: "transfer", kind: Moves, positional: &[], named: &[req("from", O(Region), "holes that may be emptied"), req("to", O(Region), "holes that may receive"), opt("count", O(Int), "only holes holding exactly this many"), THEN], doc: "Moves every counter of one hole into another hole, all together.", example: "(transfer from:(region \"Home\" Mover) to:(region \"Home\" Mover) count:4)" },
    Ludeme { name: "advance", kind: Moves, positional: &[req("track", O(Str), "the track"), req("steps", O(Int), "how many steps")], named: &[opt("state", O(Str), "only pieces in this state"), opt("set-state", O(Str), "the state the piece has after the move"), THEN], doc: "Moves one piece of the mover along its track; it may not end on its own side's piece and captures an enemy piece it ends on.", example: "(advance \"Loop\" (pips) state:\"Freed\")" },
    Ludeme { name: "advance-all", kind: Moves, positional: &[req("track", O(Str), "the track"), req("steps", O(Int), "the steps in all")], named: &[opt("state", O(Str), "the pieces that move"), opt("set-state", O(Str), "their state afterwards"), THEN], doc: "Every selected piece steps once, together; then one of them, chosen, goes on for the steps left (steps minus the number of pieces). Listed only for two pieces or more.", example: "(advance-all \"Loop\" (pips) state:\"Unfreed\" set-state:\"Freed\")" },
    Ludeme { name: "or", kind: Moves, positional: &[req("moves", M(Moves), "the alternatives")], named: &[], doc: "All the moves of each alternative.", example: "(or {(place 2) (step Orthogonal)})" },
    Ludeme { name: "if", kind: Moves, positional: &[req("condition", O(Cond), "tested before the moves are made"), req("then", O(Moves), "the moves when it holds"), opt("else", O(Moves), "the moves otherwise")], named: &[], doc: "Chooses moves by a condition on the position.", example: "(if (< (moves-made Mover) 2) (transfer from:(region \"Home\" Mover) to:(region \"Home\" Mover)) (sow \"Sow\"))" },
    Ludeme { name: "filter", kind: Moves, positional: &[req("condition", O(Cond), "tested after each move, with Mover still the player who moved"), req("moves", O(Moves), "the moves")], named: &[], doc: "Keeps only the moves after which the condition holds.", example: "(filter (> (count-in (region \"Home\" Next)) 0) (sow \"Sow\" from:(region \"Home\" Mover)))" },
    // Effects.
    Ludeme { name: "set-var", kind: Effect, positional: &[req("owner", O(Role), "whose variable"), req("name", O(Str), "the variable"), req("value", O(Int), "its new value")], named: &[], doc: "Sets a player variable.", example: "(set-var Mover \"Opened\" 1)" },
    // Conditions.
    Ludeme { name: "=", kind: Cond, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Equal: `a` = `b`.", example: "(= (pips) 6)" },
    Ludeme { name: "!=", kind: Cond, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Not equal: `a` != `b`.", example: "(!= (pips) 0)" },
    Ludeme { name: "<", kind: Cond, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Less than: `a` < `b`.", example: "(< (moves-made Mover) 2)" },
    Ludeme { name: "<=", kind: Cond, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Less than or equal: `a` <= `b`.", example: "(<= (pips) 4)" },
    Ludeme { name: ">", kind: Cond, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Greater than: `a` > `b`.", example: "(> (score Mover) 24)" },
    Ludeme { name: ">=", kind: Cond, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Greater than or equal: `a` >= `b`.", example: "(>= (moves-played) 500)" },
    Ludeme { name: "and", kind: Cond, positional: &[req("conditions", M(Cond), "the conditions")], named: &[], doc: "All hold.", example: "(and (= (pips) 6) (= (var Mover \"Opened\") 0))" },
    Ludeme { name: "or", kind: Cond, positional: &[req("conditions", M(Cond), "the conditions")], named: &[], doc: "At least one holds.", example: "(or {(no-moves Next) (repeated)})" },
    Ludeme { name: "not", kind: Cond, positional: &[req("condition", O(Cond), "the condition")], named: &[], doc: "The condition does not hold.", example: "(not (repeated))" },
    Ludeme { name: "is-in", kind: Cond, positional: &[req("value", O(Int), "the value tested"), req("values", L(Int), "the values it may equal")], named: &[], doc: "The value is one of the list.", example: "(is-in (pips) {1 5})" },
    Ludeme { name: "no-moves", kind: Cond, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The player is to move and has no legal move. Only in end rules: being stuck is known once the moves after an edge are generated.", example: "(no-moves Next)" },
    Ludeme { name: "no-pieces", kind: Cond, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The player has no piece on the board and none in hand.", example: "(no-pieces Next)" },
    Ludeme { name: "repeated", kind: Cond, positional: &[], named: &[], doc: "The position (every site's contents and the player to move) occurred before in this game. Only in end rules.", example: "(repeated)" },
    Ludeme { name: "sown-into", kind: Cond, positional: &[req("region", O(Region), "the sites counted or sown into")], named: &[], doc: "In a filter's condition only: the move sowed at least one counter into the region.", example: "(sown-into (region \"Home\" Next))" },
    // Integers.
    Ludeme { name: "pips", kind: Int, positional: &[], named: &[], doc: "The value of the current throw (or the value a `goto` set).", example: "(pips)" },
    Ludeme { name: "count-in", kind: Int, positional: &[req("region", O(Region), "the sites counted or sown into")], named: &[], doc: "The counters or pieces on the region's sites.", example: "(count-in (region \"Home\" Next))" },
    Ludeme { name: "pieces-on-board", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The player's pieces on the board.", example: "(pieces-on-board Mover)" },
    Ludeme { name: "in-hand", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The pieces in the player's hand.", example: "(in-hand Next)" },
    Ludeme { name: "score", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "The counters in the player's store.", example: "(score Mover)" },
    Ludeme { name: "var", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4"), req("name", O(Str), "a declared variable")], named: &[], doc: "A player variable.", example: "(var Mover \"Opened\")" },
    Ludeme { name: "moves-played", kind: Int, positional: &[], named: &[], doc: "Moves (passes included) played in the game by both players.", example: "(moves-played)" },
    Ludeme { name: "edges-played", kind: Int, positional: &[], named: &[], doc: "Moves, passes and throws played in the game.", example: "(edges-played)" },
    Ludeme { name: "moves-made", kind: Int, positional: &[req("player", O(Role), "Mover, Next, Prev, or P1 to P4")], named: &[], doc: "Moves the player has made (passes included).", example: "(moves-made Mover)" },
    Ludeme { name: "+", kind: Int, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Sum: `a` + `b` (saturating at the limits of 64-bit integers).", example: "(+ (score P1) 1)" },
    Ludeme { name: "-", kind: Int, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Difference: `a` - `b` (saturating at the limits of 64-bit integers).", example: "(- (pips) 1)" },
    Ludeme { name: "*", kind: Int, positional: &[req("a", O(Int), "the left side"), req("b", O(Int), "the right side")], named: &[], doc: "Product: `a` * `b` (saturating at the limits of 64-bit integers).", example: "(* 2 (pips))" },
    // End.
    Ludeme { name: "end", kind: End, positional: &[req("rules", OL(EndRule), "checked in order after every move and throw; the first that holds ends the game")], named: &[], doc: "When the game ends and who wins.", example: "(end {(if (no-pieces Next) (result Mover Win))})" },
    Ludeme { name: "if", kind: EndRule, positional: &[req("condition", O(Cond), "checked after each move or throw; Mover is who made it"), req("result", O(Outcome), "the result")], named: &[], doc: "Ends the game with a result when the condition holds.", example: "(if (no-moves Next) (result Next Loss))" },
    Ludeme { name: "result", kind: Outcome, positional: &[req("player", O(Role), "Mover, Next, Prev, P1 to P4, or All for a draw"), req("result", O(ResultKind), "Win, Loss or Draw")], named: &[], doc: "A fixed result. With three or four players, a win puts the others after the winner, tied; a loss puts the player last and the others first, tied.", example: "(result Mover Win)" },
    Ludeme { name: "by-score", kind: Outcome, positional: &[], named: &[opt("collect", O(Str), "a per-player region whose counters each player adds to their store first"), opt("draw-within", O(Int), "scores this close are a draw (0: only equal scores)")], doc: "The higher store wins. With three or four players, the players are ranked by their stores, each sharing the place of the one just ahead when within `draw-within` of them.", example: "(by-score collect:\"Home\")" },
];

/// The ludemes with this name, one per kind it can produce.
pub fn lookup(name: &str) -> impl Iterator<Item = &'static Ludeme> + '_ {
    LUDEMES.iter().filter(move |l| l.name == name)
}

/// `docs/LANGUAGE.md`, generated from the registry.
pub fn markdown() -> String {
    // Sections in the order their kind first appears in the registry, each with all its ludemes.
    let mut kinds: Vec<Kind> = Vec::new();
    for l in LUDEMES {
        if !kinds.contains(&l.kind) {
            kinds.push(l.kind);
        }
    }
    let mut out = String::from(
        "# The ludus language\n\n\
         Generated from the ludeme registry (`src/check/registry.rs`) by `ludus docs`; a test keeps it in sync.\n\n\
         ## Files\n\n\
         A `.game` file holds one `(game ...)`, one `(metadata ...)`, and any number of `(option ...)` and `(define ...)` forms.\n\n\
         - A call is written `(ludeme positional... key:value...)`: positional arguments in order, named ones with their key \
         written against the value (`from:(row 0)`, no blank after the colon), in any order after the name.\n\
         - A list is written `{a b c}`; strings in double quotes, escaping `\\\"`, `\\\\` and `\\n`; whole numbers, possibly negative; \
         `true` and `false`; names such as `Mover` or `Orthogonal`; comments from `//` to the end of the line.\n\
         - Every argument expects one kind of expression, named after the sections below: where a condition is expected, \
         any ludeme of the section \"Condition\" may stand.\n\
         - `(metadata (description \"...\") (source \"...\") (rules \"...\"))` says what the game is, where its rules come from, \
         and the rules in English.\n\n\
         ## Defines and options\n\n\
         - `(define \"Name\" body)` names a piece of text; `(\"Name\" a b)` inserts the body with `#1` = a, `#2` = b. \
         Defines are expanded before checking, like macros; a define that uses itself, even through others, is an error.\n\
         - `(option \"name\" 6 min:1 max:20 doc:\"...\")` declares a number; `(option \"name\" {\"a\" \"b\"} default:\"a\" doc:\"...\")` a choice.\n\
         - `(option \"name\")` inserts an option's value; `(select \"name\" a:X b:Y)` inserts X or Y according to it. \
         Set options with `--option name=value`; `ludus info` lists a game's options.\n\n\
         ## Sites\n\n\
         A board of R rows and C columns has sites 0 to R×C−1, numbered row by row from the bottom left: \
         site = row × C + column, row 0 at the bottom (P1's side). In move notation, columns are letters and rows numbers \
         from 1: site 0 is `a1`.\n\n\
         ## Names\n\n",
    );
    for kind in [
        Kind::Role,
        Kind::Dir,
        Kind::EdgeRule,
        Kind::GrandSlam,
        Kind::ResultKind,
    ] {
        out.push_str(&format!(
            "- {}: {}\n",
            capitalise(kind.noun()),
            kind.names()
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    out.push_str(
        "\nIn `play`, `Mover` is the player to move, `Next` the one after them in turn order (seat order: P1, P2, ...) and `Prev` the one before. In `end` and `filter`, `Mover` is the player who just moved. \
         `Orthogonal` is N, S, E and W; `Diagonal` the other four; `All` the eight.\n\n## Ludemes by kind\n\n",
    );
    for kind in &kinds {
        let names: Vec<String> = LUDEMES
            .iter()
            .filter(|l| l.kind == *kind)
            .map(|l| format!("`{}`", l.name))
            .collect();
        let title = capitalise(kind.noun());
        let anchor: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        out.push_str(&format!("- [{title}](#{anchor}): {}\n", names.join(", ")));
    }
    for kind in kinds {
        out.push_str(&format!("\n## {}\n", capitalise(kind.noun())));
        for l in LUDEMES.iter().filter(|l| l.kind == kind) {
            out.push_str(&format!("\n### `{}`\n\n{}\n", l.name, l.doc));
            let others: Vec<String> = lookup(l.name)
                .filter(|o| o.kind != kind)
                .map(|o| o.kind.noun().to_string())
                .collect();
            if !others.is_empty() {
                out.push_str(&format!(
                    "\n`{}` is also {}, where one is expected.\n",
                    l.name,
                    others.join(" and ")
                ));
            }
            out.push('\n');
            for (p, named) in l
                .positional
                .iter()
                .map(|p| (p, false))
                .chain(l.named.iter().map(|p| (p, true)))
            {
                let how = match p.shape {
                    Shape::One(k) => k.noun().to_string(),
                    Shape::List(k) => format!("a list of {}", plural(k)),
                    Shape::Many(k) => format!("one or more {}, or a list of them", plural(k)),
                    Shape::OneOrList(k) => format!("{} or a list of them", k.noun()),
                };
                let key = if named {
                    format!("`{}:`", p.name)
                } else {
                    format!("`{}`", p.name)
                };
                let optional = if p.required { "" } else { " (optional)" };
                let doc = if p.doc.is_empty() {
                    String::new()
                } else {
                    format!(": {}", p.doc)
                };
                out.push_str(&format!("- {key}{optional}, {how}{doc}\n"));
            }
            out.push_str(&format!("\nExample: `{}`\n", l.example));
        }
    }
    out
}

fn capitalise(s: &str) -> String {
    let s = s.trim_start_matches("a ").trim_start_matches("an ");
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn plural(k: Kind) -> String {
    let noun = k.noun().trim_start_matches("a ").trim_start_matches("an ");
    match noun {
        "list of phases" => "lists of phases".into(),
        "piece of equipment" => "pieces of equipment".into(),
        "kind of dice" => "kinds of dice".into(),
        n if n.ends_with("ch") => format!("{n}es"),
        n if n.ends_with('y') => format!("{}ies", &n[..n.len() - 1]),
        n => format!("{n}s"),
    }
}
