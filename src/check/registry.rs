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
    /// A switch: `true` or `false`, written out (a condition on the position cannot stand there).
    Switch,
    /// A whole number.
    Int,
    /// A number, whole or with a fractional part of up to three places (`7.5`), written out.
    Decimal,
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
    /// Where captured pieces go.
    CaptureTo,
    /// How a step captures a line: by approach or by withdrawal.
    LineCapture,
    /// A rule of going on with a chain of captures.
    ChainRule,
    /// A flanking rule of a placement.
    Flank,
    /// A placement's capture of surrounded groups.
    Surround,
    /// The positions a placement may not repeat.
    Repeat,
    /// What a site holds, seen by the mover.
    Occupant,
    /// One colour of a checkered board's squares.
    Colour,
    /// Which points of a grid have diagonal links.
    Diagonals,
    /// A piece a move also takes.
    Removal,
    /// The graphics section: how the board looks.
    Graphics,
    /// One item of the graphics section.
    Look,
    /// A colour to paint with: `"#rrggbb"`, a player's or each player's.
    Paint,
    /// A mark drawn on a site.
    Mark,
    /// Two whole numbers in braces, `{1 38}`.
    Pair,
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
            Kind::Switch => "true or false",
            Kind::Int => "an integer",
            Kind::Decimal => "a number",
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
            Kind::CaptureTo => "a destination of captures",
            Kind::LineCapture => "a way of capturing a line",
            Kind::ChainRule => "a chain rule",
            Kind::Flank => "a flanking rule",
            Kind::Surround => "a capture of surrounded groups",
            Kind::Repeat => "a rule of repetition",
            Kind::Occupant => "what a site holds",
            Kind::Colour => "a colour of squares",
            Kind::Diagonals => "a choice of diagonals",
            Kind::Removal => "a removal",
            Kind::Graphics => "a graphics section",
            Kind::Look => "a graphics item",
            Kind::Paint => "a colour (\"#rrggbb\", a player, or Each)",
            Kind::Mark => "a mark",
            Kind::Pair => "a pair of numbers",
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
                "Forward",
                "Backward",
                "Leftward",
                "Rightward",
                "ForwardDiagonal",
                "BackwardDiagonal",
                "Forwards",
                "Backwards",
                "Sideways",
            ],
            Kind::EdgeRule => &["LastSite", "None"],
            Kind::GrandSlam => &["Allowed", "NoCapture"],
            Kind::ResultKind => &["Win", "Loss", "Draw"],
            Kind::CaptureTo => &["Store", "Hand", "Removed", "Captor"],
            Kind::LineCapture => &["Approach", "Withdrawal"],
            Kind::ChainRule => &["NewDirection", "NewSite", "None"],
            Kind::Occupant => &["Empty", "Filled", "Friend", "Enemy", "Off"],
            Kind::Colour => &["Dark", "Light"],
            Kind::Diagonals => &["Alternating"],
            Kind::Repeat => &["Positional", "Previous"],
            Kind::Paint => &["P1", "P2", "P3", "P4", "Each"],
            Kind::Mark => &["Rosette", "Star", "Dot", "Cross"],
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

/// One ludeme of the language, written in its family with `ludeme!` (src/ludemes.rs).
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
    /// How it is lowered: the compiler dispatches on this, so no row can lack its lowering.
    pub lower: Lower,
    /// The arguments that name declarations, checked by the resolver.
    pub refs: &'static [Ref],
}

/// A required argument.
pub(crate) const fn req(name: &'static str, shape: Shape, doc: &'static str) -> Param {
    Param {
        name,
        shape,
        required: true,
        doc,
    }
}

/// An optional argument.
pub(crate) const fn opt(name: &'static str, shape: Shape, doc: &'static str) -> Param {
    Param {
        name,
        shape,
        required: false,
        doc,
    }
}

use crate::ludemes::{Lower, Ref};
use Kind::Effect;
use Shape::OneOrList as OL;

/// The effects argument every move generator takes.
pub(crate) const THEN: Param = opt(
    "then",
    OL(Effect),
    "effects applied after each move this generator makes",
);

/// Every ludeme of the language: the rows of every family of [`crate::ludemes`], in the order of
/// its list of families.
pub static LUDEMES: &[Ludeme] = &crate::ludemes::ALL;

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
    let mut out = language_preface();
    limits_and_names(&mut out);
    contents(&mut out, &kinds);
    for kind in kinds {
        out.push_str(&format!("\n## {}\n", capitalise(kind.noun())));
        for l in LUDEMES.iter().filter(|l| l.kind == kind) {
            out.push_str(&format!("\n### `{}`\n\n", l.name));
            out.push_str(&ludeme_markdown(l));
        }
    }
    out
}

/// The page's title and its sections on files, defines and options, and sites.
fn language_preface() -> String {
    String::from(
        "# The ludus language\n\n\
         Generated from the ludeme registry (`src/check/registry.rs`) by `ludus docs`; a test keeps it in sync.\n\n\
         ## Files\n\n\
         A `.game` file holds one `(game ...)`, one `(metadata ...)`, at most one `(graphics ...)`, and any number of `(option ...)` and `(define ...)` forms.\n\n\
         - A call is written `(ludeme positional... key:value...)`: positional arguments in order, named ones with their key \
         written against the value (`from:(row 0)`, no blank after the colon), in any order after the name.\n\
         - A list is written `{a b c}`; strings in double quotes, escaping `\\\"`, `\\\\` and `\\n`; whole numbers, possibly negative (and, where an argument says \
         a number, decimals of up to three places such as `7.5`); \
         `true` and `false`; names such as `Mover` or `Orthogonal`; comments from `//` to the end of the line.\n\
         - Every argument expects one kind of expression, named after the sections below: where a condition is expected, \
         any ludeme of the section \"Condition\" may stand.\n\
         - `(metadata (description \"...\") (source \"...\") (rules \"...\"))` says what the game is, where its rules come from, \
         and the rules in English.\n\
         - `(graphics ...)` says how the board looks in a picture (`ludus render`): players' names and colours, regions \
         filled, marked or edged in a colour, yards (section \"A graphics item\"). It changes nothing in play.\n\n\
         ## Defines and options\n\n\
         - `(define \"Name\" body)` names a piece of text; `(\"Name\" a b)` inserts the body with `#1` = a, `#2` = b. \
         Defines are expanded before checking, like macros; a define that uses itself, even through others, is an error.\n\
         - `(option \"name\" 6 min:1 max:20 doc:\"...\")` declares a number; `step:` keeps every step-th number from `min:` (`min:4 max:16 step:2`: the even numbers 4 to 16); a decimal default (`(option \"komi\" 7.5 min:-99 max:99)`) declares a decimal, for arguments that take one; `(option \"name\" {\"a\" \"b\"} default:\"a\" doc:\"...\")` a choice.\n\
         - `(option \"name\")` inserts an option's value; `(select \"name\" a:X b:Y)` inserts X or Y according to it, and over a number, `(select \"size\" {10 15 21})` the list's value for its number, one for each number it allows from the smallest. \
         Set options with `--option name=value`; `ludus info` lists a game's options.\n\n\
         ## Sites\n\n\
         A board of R rows and C columns has sites 0 to R×C−1, numbered row by row from the bottom left: \
         site = row × C + column, row 0 at the bottom (P1's side). In move notation, columns are letters and rows numbers \
         from 1: site 0 is `a1`. A board declared as a `graph` has a site for each point named in its lines, at the \
         place of the grid its name gives, numbered row by row from the bottom left; `row`, `column` and `rect` take \
         the points at those places.\n\n",
    )
}

/// The sections on the limits of a game and on the names that stand for roles, directions and
/// the like.
fn limits_and_names(out: &mut String) {
    out.push_str(&format!(
        "## Limits\n\n\
         - A file is at most {} MiB.\n\
         - A board has at most {} sites.\n\
         - A game has at most {parts} move generators, {parts} distinct regions and {parts} filters. \
         Each move ludeme (and each `filter`) counts once for every place it stands once defines are expanded: \
         a define used 10 times counts 10 times, since defines are expanded like macros. One move over a region \
         or a list of directions counts once; a set of sites counts once however often it is written.\n\
         - The start puts at most {} counters and pieces in play.\n\n\
         ## Names\n\n",
        crate::files::MAX_FILE_BYTES / (1024 * 1024),
        crate::board::MAX_SITES,
        crate::board::MAX_COUNTERS,
        parts = crate::board::MAX_PARTS,
    ));
    for kind in [
        Kind::Role,
        Kind::Dir,
        Kind::EdgeRule,
        Kind::GrandSlam,
        Kind::ResultKind,
        Kind::Colour,
        Kind::Diagonals,
        Kind::Repeat,
        Kind::Mark,
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
         `Orthogonal` is N, S, E and W; `Diagonal` the other four; `All` the eight.\n\n\
         Where directions are expected, one name or a list of names stands, `{Forward E}` meaning either. \
         The relative names turn with the player, as if seated at a side of a square grid, clockwise from P1 at the bottom facing N: two players sit face to face (P2 faces S); with three or four, P2 sits at the left facing E, P3 at the top facing S and P4 at the right facing W. \
         `Forward` is the way a player faces and `Backward` the opposite; `Leftward` and `Rightward` a quarter turn either way; \
         `ForwardDiagonal` the two diagonals ahead and `BackwardDiagonal` the two behind; `Forwards` is forward with its two \
         diagonals, `Backwards` the three behind, `Sideways` left and right. Conditions on lines of pieces (`line`, `connected`), \
         which no player faces, take the board's own names.\n\n## Ludemes by kind\n\n",
    );
}

/// The list of the kinds of ludeme, each linked to its section, with its ludemes' names.
fn contents(out: &mut String, kinds: &[Kind]) {
    for kind in kinds {
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
}

/// One ludeme's entry in docs/LANGUAGE.md, below its title: what it does, its arguments and an
/// example (also the hover text of the language server).
pub fn ludeme_markdown(l: &Ludeme) -> String {
    let mut out = format!("{}\n", l.doc);
    let kind = l.kind;
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
