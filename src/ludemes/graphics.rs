//! Graphics: how a game's board looks in a picture (`ludus render`): each player's name and
//! colour, regions filled, marked or edged in a colour, and yards where pieces in hand stand.
//! They change nothing in play; the resolver reads them (`check::symbols`), the diagram draws them.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{Many as M, One as O},
};
use crate::compile::ir::{Site, MAX_PLAYERS};
use crate::ludemes::{Arg, Lower, Ref};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// How the board looks in a picture, written beside `(game ...)` and `(metadata ...)`: it
        /// changes nothing in play. Items naming a player the game does not seat (P3 when an option
        /// makes two players) are left out; a section holds at most 256 items.
        name: "graphics",
        kind: Graphics,
        positional: [
            /// what the board looks like
            req("items", M(Look)),
        ],
        named: [],
        example: "(graphics (player P1 \"Black\" colour:\"#262626\") (fill (checkered Dark) \
                  \"#b58863\"))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A player's name and the colour of their pieces.
        name: "player",
        kind: Look,
        positional: [
            /// P1 to P4
            req("player", O(Role)),
            /// the name players call that side by, such as "Black"
            req("name", O(Str)),
        ],
        named: [
            /// the colour of its pieces, "#rrggbb"
            opt("colour", O(Str)),
        ],
        example: "(player P1 \"Black\" colour:\"#262626\")",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Colours the cells (or points) of a region: a checkered board, a player's home column.
        /// Later fills paint over earlier ones; a filled site is drawn even off a race's tracks.
        name: "fill",
        kind: Look,
        positional: [
            /// the sites
            req("sites", O(Region)),
            /// "#rrggbb", a player (their colour, lightened), or Each (the sites as P1's, turned to
            /// each seat, in each player's colour)
            req("colour", O(Paint)),
        ],
        named: [],
        example: "(fill (region \"Home\" P1) P1)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Draws a mark on each site of a region, under the pieces: rosettes, safe squares.
        name: "mark",
        kind: Look,
        positional: [
            /// the sites
            req("sites", O(Region)),
            /// Rosette, Star, Dot or Cross
            req("mark", O(Mark)),
        ],
        named: [
            /// the mark's colour, "#rrggbb"
            opt("colour", O(Str)),
        ],
        example: "(mark (row 0) Rosette)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Draws the outer sides of a region's cells, those facing off the board the same way for
        /// all of them, as a thick line in a colour: the sides a player joins.
        name: "sides",
        kind: Look,
        positional: [
            /// sites along the board's edge
            req("sites", O(Region)),
            /// "#rrggbb", a player (their colour) or Each
            req("colour", O(Paint)),
        ],
        named: [],
        example: "(sides (region \"Home\" P1) P1)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The label a piece kind is drawn with: a letter or two, or a symbol, on each of its
        /// pieces (a chess knight's `N`). Without it a kind is drawn with the shortest start of
        /// its name that no other kind's name shares.
        name: "piece",
        kind: Look,
        positional: [
            /// a declared piece kind
            req("kind", O(Str)),
            /// its label: 1 to 3 characters
            req("label", O(Str)),
        ],
        named: [],
        example: "(piece \"King\" \"K\")",
        lower: Lower::Part,
        refs: [Ref::Kind(Arg::Pos(0))],
    },
    ludeme! {
        /// A player's yard: the region filled in their colour, their pieces in hand drawn on its
        /// sites.
        name: "yard",
        kind: Look,
        positional: [
            /// the yard's sites
            req("sites", O(Region)),
            /// P1 to P4, or Each (the sites as P1's, turned to each seat)
            req("player", O(Paint)),
        ],
        named: [],
        example: "(yard (rect 4 0 5 1) P1)",
        lower: Lower::Part,
        refs: [],
    },
];

/// A colour, red, green and blue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour written `#rrggbb` (or `#rgb`), if it is one.
    pub fn parse(text: &str) -> Option<Rgb> {
        let digits = text.strip_prefix('#')?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let digit =
            |i: usize, len: usize| u8::from_str_radix(&digits[i * len..(i + 1) * len], 16).ok();
        match digits.len() {
            6 => Some(Rgb(digit(0, 2)?, digit(1, 2)?, digit(2, 2)?)),
            3 => Some(Rgb(digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17)),
            _ => None,
        }
    }

    /// The colour mixed with white: `amount` of 1 is white.
    pub fn lighter(self, amount: f64) -> Rgb {
        let mix = |c: u8| (c as f64 + (255.0 - c as f64) * amount).round() as u8;
        Rgb(mix(self.0), mix(self.1), mix(self.2))
    }

    /// The colour mixed with black: `amount` of 1 is black.
    pub fn darker(self, amount: f64) -> Rgb {
        let mix = |c: u8| (c as f64 * (1.0 - amount)).round() as u8;
        Rgb(mix(self.0), mix(self.1), mix(self.2))
    }

    /// Whether text on it reads better in white.
    pub fn is_dark(self) -> bool {
        (299 * self.0 as u32 + 587 * self.1 as u32 + 114 * self.2 as u32) < 128_000
    }
}

impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// What a region is painted with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    /// A colour of its own.
    Colour(Rgb),
    /// A player's colour (0-based).
    Player(u8),
}

/// A mark drawn on a site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// An eight-petalled rosette, as on the boards of race games.
    Rosette,
    /// A five-pointed star.
    Star,
    /// A dot.
    Dot,
    /// A saltire cross.
    Cross,
}

impl Mark {
    /// The mark a name of the language stands for.
    pub fn named(name: &str) -> Option<Mark> {
        match name {
            "Rosette" => Some(Mark::Rosette),
            "Star" => Some(Mark::Star),
            "Dot" => Some(Mark::Dot),
            "Cross" => Some(Mark::Cross),
            _ => None,
        }
    }
}

/// A player's look: what they are called and the colour of their pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerLook {
    /// Their name, such as "Black".
    pub name: Option<String>,
    /// The colour of their pieces.
    pub colour: Option<Rgb>,
}

/// How a board looks: what the `(graphics ...)` section says, with its regions as sites.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Graphics {
    /// Each player's look, P1 first.
    pub players: [PlayerLook; MAX_PLAYERS],
    /// Regions filled, in the order written (later over earlier).
    pub fills: Vec<(Vec<Site>, Paint)>,
    /// Marks on sites, with their colour if given.
    pub marks: Vec<(Vec<Site>, Mark, Option<Rgb>)>,
    /// Outer sides drawn in a colour.
    pub sides: Vec<(Vec<Site>, Paint)>,
    /// Each player's yard, where their pieces in hand are drawn; empty for none.
    pub yards: [Vec<Site>; MAX_PLAYERS],
    /// The labels of piece kinds, by kind index, where the section gives one.
    pub labels: Vec<(u8, String)>,
}
