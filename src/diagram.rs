//! Diagrams: a position drawn as SVG, from the board's geometry in the compiled game (squares,
//! hexagons or the points and lines of a graph), with nothing drawn per game.

use crate::compile::ir::{Game, Setup, Site, MAX_PLAYERS, NO_SITE};
use crate::compile::topology::Tiling;
use crate::engine::{NodeType, State, Status};
use std::fmt::Write;

/// The side of a square cell, and the distance between neighbouring centres, in pixels.
const CELL: f64 = 40.0;
/// The room left of the board, for the row names.
const LEFT: f64 = 28.0;
/// The room above the board, for the title and the player to move.
const TOP: f64 = 56.0;
/// The fill and the outline of each player's pieces, P1 first.
const PLAYER_COLOURS: [(&str, &str); MAX_PLAYERS] = [
    ("#f4f1e8", "#333333"),
    ("#262626", "#000000"),
    ("#c8372d", "#6e1a14"),
    ("#2f6fb3", "#163a63"),
];
/// The text colour on each player's pieces.
const PLAYER_TEXT: [&str; MAX_PLAYERS] = ["#222222", "#f4f4f4", "#ffffff", "#ffffff"];
/// How a piece's state is drawn: its outline's dash pattern, by state index (a legend names them).
const STATE_DASHES: [&str; 4] = ["", "4 3", "1 3", "8 3 1 3"];

/// The SVG picture of a position: the board, the pieces by owner with the height of each stack,
/// counters in holes, stores and hands, piece states in a legend, the last move outlined, the
/// player to move and the throw.
pub fn svg(game: &Game, state: &State) -> String {
    let geometry = Geometry::of(game);
    let mut out = String::new();
    let legend_rows = MAX_PLAYERS.min(state.players as usize) + usize::from(game.states.len() > 1);
    let (width, height) = (
        geometry.width.max(320.0),
        geometry.height + 22.0 * legend_rows as f64 + 16.0,
    );
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="#fbfaf6"/>"##
    );
    let _ = writeln!(
        out,
        r##"<text x="{LEFT}" y="22" font-size="16" font-weight="bold">{}</text>"##,
        escape(&game.name)
    );
    let _ = writeln!(
        out,
        r##"<text x="{LEFT}" y="42" font-size="13">{}</text>"##,
        escape(&status_line(game, state))
    );
    geometry.draw_board(game, state, &mut out);
    geometry.draw_names(game, &mut out);
    geometry.draw_pieces(game, state, &mut out);
    draw_legend(game, state, geometry.height, &mut out);
    out.push_str("</svg>\n");
    out
}

/// Where each site is drawn, and the picture's extent.
struct Geometry {
    /// The tiling the board is made of.
    tiling: Tiling,
    /// Each site's centre; `None` for a place off the grid (a store).
    centres: Vec<Option<(f64, f64)>>,
    /// Width and height of the board with its names, title included.
    width: f64,
    height: f64,
}

impl Geometry {
    fn of(game: &Game) -> Geometry {
        let t = &game.topology;
        let hexagonal = t.tiling.is_hex();
        // Hexagons: each row half a cell right of the one below, rows 0.866 of a cell apart.
        let (row_step, skew) = if hexagonal {
            (CELL * 0.866, 0.5)
        } else {
            (CELL, 0.0)
        };
        let rows = t.rows.max(1) as f64;
        let raw: Vec<Option<(f64, f64)>> = t
            .coords
            .iter()
            .map(|c| {
                c.map(|c| {
                    let (x, y) = (c.x as f64, c.y as f64);
                    ((x + skew * y) * CELL, (rows - 1.0 - y) * row_step)
                })
            })
            .collect();
        let min_x = raw
            .iter()
            .flatten()
            .map(|p| p.0)
            .fold(f64::INFINITY, f64::min);
        let max_x = raw
            .iter()
            .flatten()
            .map(|p| p.0)
            .fold(f64::NEG_INFINITY, f64::max);
        let max_y = raw
            .iter()
            .flatten()
            .map(|p| p.1)
            .fold(f64::NEG_INFINITY, f64::max);
        let (min_x, max_x, max_y) = if min_x.is_finite() {
            (min_x, max_x, max_y)
        } else {
            (0.0, 0.0, 0.0)
        };
        let centres: Vec<Option<(f64, f64)>> = raw
            .iter()
            .map(|p| p.map(|(x, y)| (LEFT + CELL / 2.0 + x - min_x, TOP + CELL / 2.0 + y)))
            .collect();
        // Stores and other places off the grid go in a column right of the board.
        let stores = centres.iter().filter(|c| c.is_none()).count();
        let store_room = if stores > 0 { CELL * 1.6 } else { 0.0 };
        Geometry {
            tiling: t.tiling,
            centres,
            width: LEFT + (max_x - min_x) + CELL + store_room + 16.0,
            height: TOP + max_y + CELL + 24.0,
        }
    }

    /// The centre of a site, off-grid places in a column right of the board.
    fn centre(&self, site: usize) -> (f64, f64) {
        if let Some(Some(c)) = self.centres.get(site) {
            return *c;
        }
        let k = self.centres[..site.min(self.centres.len())]
            .iter()
            .filter(|c| c.is_none())
            .count();
        // From the bottom up: P1's store beside P1's side of the board.
        (
            self.width - 16.0 - CELL * 0.8,
            self.height - 24.0 - CELL / 2.0 - k as f64 * CELL * 1.2,
        )
    }

    /// The cells (or the graph's lines and points), with the last move's sites outlined.
    fn draw_board(&self, game: &Game, state: &State, out: &mut String) {
        let shown = shown_sites(game, state);
        let last = state.clock.last;
        let half = CELL / 2.0;
        if self.tiling == Tiling::Graph {
            for s in 0..self.centres.len() {
                let (x, y) = self.centre(s);
                // Each line once: towards the neighbours in the first four directions.
                for d in 0..4u8 {
                    let n = game.topology.neighbour(s as Site, d);
                    if n != NO_SITE {
                        let (nx, ny) = self.centre(n as usize);
                        let _ = writeln!(
                            out,
                            r##"<line x1="{x:.1}" y1="{y:.1}" x2="{nx:.1}" y2="{ny:.1}" stroke="#555" stroke-width="2"/>"##
                        );
                    }
                }
            }
        }
        for (s, &shown) in shown.iter().enumerate() {
            let (x, y) = self.centre(s);
            let off_grid = self.centres[s].is_none();
            if !shown && !off_grid {
                continue;
            }
            let ring = if last.to as usize == s || last.from as usize == s {
                r##" stroke="#e0a100" stroke-width="3""##
            } else {
                r##" stroke="#8a8a8a" stroke-width="1""##
            };
            match self.tiling {
                _ if off_grid => {
                    let _ = writeln!(
                        out,
                        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="8" fill="#e9e2cf"{ring}/>"##,
                        x - half,
                        y - half,
                        CELL,
                        CELL
                    );
                }
                Tiling::Square => {
                    let _ = writeln!(
                        out,
                        r##"<rect x="{:.1}" y="{:.1}" width="{CELL:.1}" height="{CELL:.1}" fill="#efe8d6"{ring}/>"##,
                        x - half,
                        y - half
                    );
                }
                Tiling::HexRhombus | Tiling::Hexagon => {
                    let r = CELL / 3f64.sqrt();
                    let points: Vec<String> = (0..6)
                        .map(|k| {
                            let a =
                                std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
                            format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
                        })
                        .collect();
                    let _ = writeln!(
                        out,
                        r##"<polygon points="{}" fill="#efe8d6"{ring}/>"##,
                        points.join(" ")
                    );
                }
                Tiling::Graph => {
                    let _ = writeln!(
                        out,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="6" fill="#555"{ring}/>"##
                    );
                }
            }
        }
    }

    /// Site names on the edges: column letters below the board, row numbers at its left.
    fn draw_names(&self, game: &Game, out: &mut String) {
        let mut columns: Vec<(i16, f64, f64)> = Vec::new();
        let mut rows: Vec<(i16, f64, f64)> = Vec::new();
        for (s, c) in game.topology.coords.iter().enumerate() {
            let Some(c) = c else { continue };
            let (x, y) = self.centre(s);
            match columns.iter_mut().find(|k| k.0 == c.x) {
                Some(k) if y > k.2 => *k = (c.x, x, y),
                Some(_) => {}
                None => columns.push((c.x, x, y)),
            }
            match rows.iter_mut().find(|k| k.0 == c.y) {
                Some(k) if x < k.1 => *k = (c.y, x, y),
                Some(_) => {}
                None => rows.push((c.y, x, y)),
            }
        }
        for (col, x, y) in columns {
            let name = game.site_name(site_at(game, col, None).unwrap_or(0));
            let letters: String = name
                .chars()
                .take_while(|ch| ch.is_ascii_alphabetic())
                .collect();
            let _ = writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="#666">{letters}</text>"##,
                y + CELL / 2.0 + 14.0
            );
        }
        for (row, x, y) in rows {
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end" fill="#666">{}</text>"##,
                x - CELL / 2.0 - 4.0,
                y + 4.0,
                row + 1
            );
        }
    }

    /// Pieces by owner, with the height of a stack and the kind's initial; counters by number.
    fn draw_pieces(&self, game: &Game, state: &State, out: &mut String) {
        for (s, cell) in state.board.cells.iter().enumerate() {
            if cell.count == 0 {
                continue;
            }
            let (x, y) = self.centre(s);
            if cell.owner == 0 {
                let _ = writeln!(
                    out,
                    r##"<text x="{x:.1}" y="{:.1}" font-size="15" font-weight="bold" text-anchor="middle" fill="#5a4a2a">{}</text>"##,
                    y + 5.0,
                    cell.count
                );
                continue;
            }
            let p = (cell.owner as usize - 1) & (MAX_PLAYERS - 1);
            let (fill, stroke) = PLAYER_COLOURS[p];
            let dash = match STATE_DASHES[cell.state as usize % STATE_DASHES.len()] {
                "" => String::new(),
                d if game.states.len() > 1 => format!(r#" stroke-dasharray="{d}""#),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="2.5"{dash}/>"##,
                CELL * 0.36
            );
            let mut label = String::new();
            if cell.count > 1 {
                label.push_str(&cell.count.to_string());
            }
            if game.kinds.len() > 1 {
                let kind = game
                    .kinds
                    .get(cell.kind as usize)
                    .map_or("?", String::as_str);
                label.push(kind.chars().next().unwrap_or('?').to_ascii_uppercase());
            }
            if !label.is_empty() {
                let _ = writeln!(
                    out,
                    r##"<text x="{x:.1}" y="{:.1}" font-size="13" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"##,
                    y + 4.5,
                    PLAYER_TEXT[p],
                    escape(&label)
                );
            }
        }
    }
}

/// Which grid sites to draw: all of them, except that a game whose pieces run on tracks draws only
/// the sites its tracks pass (the cross of a race board, not the grid around it) and any site
/// holding something.
fn shown_sites(game: &Game, state: &State) -> Vec<bool> {
    let n = game.topology.coords.len();
    let racing =
        !game.tracks.is_empty() && !game.setup.iter().any(|s| matches!(s, Setup::Fill(..)));
    let mut shown = vec![!racing; n];
    if racing {
        for t in &game.tracks {
            for p in 0..state.players as usize {
                for &s in &t.sites[p] {
                    if let Some(x) = shown.get_mut(s as usize) {
                        *x = true;
                    }
                }
            }
        }
        for (s, c) in state.board.cells.iter().enumerate().take(n) {
            shown[s] |= c.count > 0;
        }
    }
    shown
}

/// The site at column `x` (and row `y`, or the lowest row that has the column).
fn site_at(game: &Game, x: i16, y: Option<i16>) -> Option<Site> {
    game.topology
        .coords
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_some_and(|c| c.x == x && y.is_none_or(|y| c.y == y)))
        .min_by_key(|(_, c)| c.map_or(0, |c| c.y))
        .map(|(s, _)| s as Site)
}

/// Who is to move or throw, the throw being played, or the result.
fn status_line(game: &Game, state: &State) -> String {
    let mover = state.mover as usize + 1;
    match (state.node, state.status) {
        (NodeType::Terminal, Status::Won(p)) => format!("Game over: P{} wins", p + 1),
        (NodeType::Terminal, Status::Ranked(places)) => {
            let ranks: Vec<String> = places[..state.players as usize]
                .iter()
                .map(u8::to_string)
                .collect();
            format!("Game over: ranked {}", ranks.join("-"))
        }
        (NodeType::Terminal, _) => "Game over: a draw".into(),
        (NodeType::Chance, _) => format!("P{mover} to throw"),
        (NodeType::Decision, _) if !game.dice.is_empty() => {
            format!("P{mover} to move, having thrown {}", state.clock.pips)
        }
        (NodeType::Decision, _) => format!("P{mover} to move"),
    }
}

/// One row per player (colour, hand, store), and the piece states' outlines when there are several.
fn draw_legend(game: &Game, state: &State, top: f64, out: &mut String) {
    let mut y = top + 4.0;
    for (p, &(fill, stroke)) in PLAYER_COLOURS
        .iter()
        .enumerate()
        .take(state.players as usize)
    {
        let _ = writeln!(
            out,
            r##"<circle cx="{:.1}" cy="{:.1}" r="7" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"##,
            LEFT + 7.0,
            y
        );
        let mover = if p == state.mover as usize && state.node != NodeType::Terminal {
            " (to play)"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="12">P{}{mover}: hand {}, store {}</text>"##,
            LEFT + 20.0,
            y + 4.0,
            p + 1,
            state.board.hand[p],
            state.board.store[p]
        );
        y += 22.0;
    }
    if game.states.len() > 1 {
        let mut x = LEFT;
        for (i, name) in game.states.iter().enumerate() {
            let dash = STATE_DASHES[i % STATE_DASHES.len()];
            let dash = if dash.is_empty() {
                String::new()
            } else {
                format!(r#" stroke-dasharray="{dash}""#)
            };
            let _ = writeln!(
                out,
                r##"<circle cx="{:.1}" cy="{y:.1}" r="7" fill="none" stroke="#333" stroke-width="2"{dash}/>"##,
                x + 7.0
            );
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="12">{}</text>"##,
                x + 20.0,
                y + 4.0,
                escape(name)
            );
            x += 30.0 + 7.5 * name.len() as f64;
        }
    }
}

/// Text made safe inside XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
