//! The graphics section read against the board: regions into sites, players into seats, colours
//! checked, `Each` turned to every seat. Nothing here changes play.

use super::{seat_of, Resolver};
use crate::board::topology::{seat_facing, turned, Tiling};
use crate::board::Site;
use crate::diagnostic::Diagnostic;
use crate::ludemes::{region_sites, Scope};
use crate::ludemes::{Graphics, Mark, Paint, PlayerLook, Rgb};
use crate::syntax::{Node, NodeKind};

/// The most items a graphics section may hold: each is drawn over the board, so a picture's
/// size and the memory its regions take stay bounded.
pub const MAX_LOOKS: usize = 256;

/// Whom a graphics item paints for.
enum Whose {
    /// A colour of its own.
    Colour(Rgb),
    /// One player (0-based).
    Player(u8),
    /// Every seated player, the sites turned from P1's seat to theirs.
    Each,
    /// A player the game does not seat, or a fault already reported: the item is left out.
    Nobody,
}

impl Resolver {
    /// Reads the `(graphics ...)` section into the symbols.
    pub(super) fn graphics(&mut self, section: &Node) {
        let mut looks = Graphics::default();
        let items: Vec<&Node> = section
            .positional()
            .flat_map(|a| match a.as_list() {
                Some(list) => list.iter().collect::<Vec<_>>(),
                None => vec![a],
            })
            .collect();
        if items.len() > MAX_LOOKS {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    section.span,
                    format!(
                        "this graphics section has {} items; ludus allows {MAX_LOOKS}",
                        items.len()
                    ),
                )
                .label("too many graphics items")
                .help("fill or mark a region once, with `union` to join several")
                .via(section.via),
            );
            return;
        }
        for item in items {
            let head = item.head().unwrap_or_default();
            if head == "player" {
                let Some(p) = item.pos(0).and_then(|r| self.seat(r)) else {
                    continue;
                };
                let colour = item.named("colour").and_then(|c| self.rgb(c));
                looks.players[p as usize] = PlayerLook {
                    name: item.pos(1).and_then(|n| n.as_str()).map(String::from),
                    colour,
                };
                continue;
            }
            if head == "piece" {
                if let Some(label) = self.piece_label(item) {
                    looks.labels.push(label);
                }
                continue;
            }
            let sites = item
                .pos(0)
                .and_then(|r| region_sites(self, r, Scope::Declaration))
                .map(|s| s[0].clone());
            let whose = match (head, item.pos(1)) {
                ("mark", _) => Whose::Nobody,
                (_, Some(paint)) => self.whose(paint, head == "yard"),
                _ => continue,
            };
            let Some(sites) = sites else { continue };
            if head == "mark" {
                let mark = item.pos(1).and_then(|m| m.as_name()).and_then(Mark::named);
                let colour = item.named("colour").and_then(|c| self.rgb(c));
                if let Some(mark) = mark {
                    looks.marks.push((sites, mark, colour));
                }
                continue;
            }
            let painted: Vec<(Vec<Site>, Paint)> = match whose {
                Whose::Colour(c) => vec![(sites, Paint::Colour(c))],
                Whose::Player(p) => vec![(sites, Paint::Player(p))],
                Whose::Each => {
                    let seats: Option<Vec<Vec<Site>>> = (0..self.symbols.players)
                        .map(|p| self.turn_look(&sites, p))
                        .collect();
                    if seats.is_none() {
                        let players = self.symbols.players;
                        self.error(
                            Diagnostic::new("check::kind", item.span, "`Each` turns P1's sites to every seat, and this board cannot turn")
                                .label("one region for each player")
                                .help(format!("seats face each side of the board: {players} players need a square board of squares; or write an item for each player (P1 to P{players})"))
                                .via(item.via),
                        );
                    }
                    (seats.unwrap_or_default().into_iter())
                        .zip(0..)
                        .map(|(sites, p)| (sites, Paint::Player(p)))
                        .collect()
                }
                Whose::Nobody => Vec::new(),
            };
            for (sites, paint) in painted {
                match (head, paint) {
                    ("fill", _) => looks.fills.push((sites, paint)),
                    ("sides", _) => looks.sides.push((sites, paint)),
                    ("yard", Paint::Player(p)) => looks.yards[p as usize] = sites,
                    _ => {}
                }
            }
        }
        self.symbols.graphics = looks;
    }

    /// The kind and label of a `piece` item; a kind the game does not declare, or a label of
    /// no character or more than three, is reported (the check of references does not read the
    /// graphics section).
    fn piece_label(&mut self, item: &Node) -> Option<(u8, String)> {
        let (kind, label) = (item.pos(0)?, item.pos(1)?);
        let name = kind.as_str().unwrap_or_default();
        let Some(k) = self.symbols.kinds.iter().position(|x| x == name) else {
            let declared = self.symbols.kinds.join("\", \"");
            self.error(
                Diagnostic::new(
                    "check::undefined-name",
                    kind.span,
                    format!("no piece kind is called \"{name}\""),
                )
                .label("undefined piece kind")
                .help(format!("declared: \"{declared}\""))
                .via(kind.via),
            );
            return None;
        };
        let text = label.as_str().unwrap_or_default();
        if !(1..=3).contains(&text.chars().count()) {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    label.span,
                    "a piece's label is 1 to 3 characters",
                )
                .label("drawn on a piece")
                .help("write a letter or a symbol, such as \"N\"")
                .via(label.via),
            );
            return None;
        }
        Some((k as u8, text.to_string()))
    }

    /// The seat a graphics item names: `None` for a seat the game does not have (left out, as an
    /// option may seat fewer players) and for anything but P1 to P4 (reported).
    fn seat(&mut self, role: &Node) -> Option<u8> {
        match role.as_name().and_then(seat_of) {
            Some(p) if p < self.symbols.players => Some(p),
            Some(_) => None,
            None => {
                self.error(
                    Diagnostic::new(
                        "check::out-of-range",
                        role.span,
                        format!(
                            "a graphics item names one player, P1 to P4, not `{}`",
                            role.as_name().unwrap_or("?")
                        ),
                    )
                    .label("expected P1, P2, P3 or P4")
                    .help("how a board looks is fixed: Mover and Next change during the game")
                    .via(role.via),
                );
                None
            }
        }
    }

    /// Whom a colour argument paints for.
    fn whose(&mut self, paint: &Node, player_only: bool) -> Whose {
        match &paint.kind {
            NodeKind::Name(n) if n == "Each" => Whose::Each,
            NodeKind::Name(_) => self.seat(paint).map_or(Whose::Nobody, Whose::Player),
            NodeKind::Str(_) if player_only => {
                self.error(
                    Diagnostic::new("check::kind", paint.span, "a yard belongs to a player, not to a colour")
                        .label("expected a player")
                        .help("write P1 to P4, or Each for every player's yard turned to their seat; the yard takes the player's colour")
                        .via(paint.via),
                );
                Whose::Nobody
            }
            _ => self.rgb(paint).map_or(Whose::Nobody, Whose::Colour),
        }
    }

    /// A colour written `"#rrggbb"`; reported otherwise.
    fn rgb(&mut self, node: &Node) -> Option<Rgb> {
        let text = node.as_str().unwrap_or_default();
        let colour = Rgb::parse(text);
        if colour.is_none() {
            self.error(
                Diagnostic::new(
                    "check::kind",
                    node.span,
                    format!("\"{text}\" is not a colour"),
                )
                .label("expected \"#rrggbb\"")
                .help("write a colour as a `#` and six hexadecimal digits (red, green, blue), such as \"#8b5a2b\"")
                .via(node.via),
            );
        }
        colour
    }

    /// P1's sites of a graphics item, turned to seat `p`; `None` when the board cannot turn so.
    fn turn_look(&self, sites: &[Site], p: u8) -> Option<Vec<Site>> {
        let facing = seat_facing(self.symbols.players)[p as usize];
        let (rows, cols, grid) = (
            self.symbols.rows,
            self.symbols.columns,
            self.symbols.sites(),
        );
        let fits = facing == 0
            || (self.symbols.tiling == Tiling::Square
                && (facing.is_multiple_of(4) || rows == cols));
        if !fits {
            return None;
        }
        Some(
            sites
                .iter()
                .filter(|&&s| (s as usize) < grid)
                .filter_map(|&s| {
                    let s = s as usize;
                    turned(rows, cols, s / cols, s % cols, facing)
                        .map(|(r, c)| (r * cols + c) as Site)
                })
                .collect(),
        )
    }
}
