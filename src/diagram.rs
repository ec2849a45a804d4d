//! Diagrams: a position drawn as SVG, from the board's geometry in the compiled game (squares,
//! hexagons or the points and lines of a graph), with nothing drawn per game.

use crate::board::topology::Tiling;
use crate::compile::ir::{Site, MAX_PLAYERS, NO_SITE};
use crate::engine::Game;
use crate::engine::{NodeType, State, Status};
use crate::ludemes::graphics::{Mark, Paint, Rgb};
use std::fmt::Write;

mod jumps;
mod pieces;

use pieces::piece_colours;

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
/// The colour of an empty cell, and of a store.
const CELL_FILL: &str = "#efe8d6";
/// The colour that outlines the last move's sites, over the pieces.
const LAST_MOVE: &str = "#e0a100";
/// The colour of a mark when the graphics give none.
const MARK_COLOUR: Rgb = Rgb(0x8c, 0x5a, 0x3c);
/// How a piece's state is drawn: its outline's dash pattern, by state index (a legend names them).
const STATE_DASHES: [&str; 4] = ["", "4 3", "1 3", "8 3 1 3"];

/// The SVG picture of a position: the board as the game's graphics colour and mark it, the
/// pieces by owner with the height of each stack, counters in holes and stores, pieces in hand
/// in their yards, piece states in a legend, the last move outlined over the pieces, the player
/// to move and the throw.
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
    geometry.draw_sides(game, &mut out);
    geometry.draw_marks(game, &mut out);
    geometry.draw_jumps(game, &mut out);
    geometry.draw_names(game, &mut out);
    geometry.draw_pieces(game, state, &mut out);
    geometry.draw_territory(game, state, &mut out);
    geometry.draw_yards(game, state, &mut out);
    geometry.draw_last_move(state, &mut out);
    draw_legend(game, state, geometry.height, &mut out);
    out.push_str("</svg>\n");
    out
}

/// Where [`svg`] draws each site's centre, in the picture's pixels (stores and other places off
/// the grid included), so that a front end can lay clickable marks over the picture.
pub fn site_centres(game: &Game) -> Vec<(f64, f64)> {
    Geometry::of(game).places
}

/// Where each site is drawn, and the picture's extent.
struct Geometry {
    /// The tiling the board is made of.
    tiling: Tiling,
    /// Each site's centre; `None` for a place off the grid (a store).
    centres: Vec<Option<(f64, f64)>>,
    /// Each site's centre, places off the grid included.
    places: Vec<(f64, f64)>,
    /// Width and height of the board with its names, title included.
    width: f64,
    height: f64,
}

impl Geometry {
    /// Where each site is drawn, and the size of the picture.
    fn of(game: &Game) -> Geometry {
        let t = &game.topology;
        let raw = grid_points(game);
        let (min_x, max_x, max_y) = extent(&raw);
        let left_of = sides_of_places(game, &raw, (min_x + max_x) / 2.0);
        let room = |left: bool| {
            if left_of.contains(&Some(left)) {
                CELL * 1.6
            } else {
                0.0
            }
        };
        let (left_room, right_room) = (room(true), room(false));
        let centres: Vec<Option<(f64, f64)>> = raw
            .iter()
            .map(|p| {
                p.map(|(x, y)| {
                    (
                        LEFT + left_room + CELL / 2.0 + x - min_x,
                        TOP + CELL / 2.0 + y,
                    )
                })
            })
            .collect();
        let width = LEFT + left_room + (max_x - min_x) + CELL + right_room + 16.0;
        let height = TOP + max_y + CELL + 24.0;
        // Stacked about the middle of the board's side, the first below.
        let mut stacked = [0usize; 2];
        let on_side = |left: bool| {
            left_of
                .iter()
                .filter(|l| l.is_some_and(|l| l == left))
                .count() as f64
        };
        let (left_n, right_n) = (on_side(true), on_side(false));
        let places = centres
            .iter()
            .zip(&left_of)
            .map(|(c, left)| match (c, left) {
                (Some(c), _) => *c,
                (None, left) => {
                    let left = left.unwrap_or(false);
                    let k = &mut stacked[usize::from(left)];
                    let n = if left { left_n } else { right_n };
                    let y = TOP + CELL / 2.0 + max_y / 2.0 + (n - 1.0) * CELL * 0.6
                        - *k as f64 * CELL * 1.2;
                    *k += 1;
                    let x = if left {
                        LEFT + CELL / 2.0
                    } else {
                        width - 16.0 - CELL * 0.8
                    };
                    (x, y)
                }
            })
            .collect();
        Geometry {
            tiling: t.tiling,
            centres,
            places,
            width,
            height,
        }
    }

    /// The centre of a site, or of a place off the grid.
    fn centre(&self, site: usize) -> (f64, f64) {
        self.places.get(site).copied().unwrap_or((0.0, 0.0))
    }

    /// The cells (or the graph's lines and points) in the colours the graphics fill them with,
    /// and the stores with their counts.
    fn draw_board(&self, game: &Game, state: &State, out: &mut String) {
        let shown = shown_sites(game, state);
        let fills = site_fills(game, self.centres.len());
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
        let mut store = 0;
        for (s, &shown) in shown.iter().enumerate() {
            let (x, y) = self.centre(s);
            let off_grid = self.centres[s].is_none();
            if !shown && !off_grid {
                continue;
            }
            let ring = r##" stroke="#8a8a8a" stroke-width="1""##;
            let fill = fills[s].map_or(CELL_FILL.to_string(), |c| c.to_string());
            match self.tiling {
                _ if off_grid => {
                    // The places off the grid are the players' stores, P1's first.
                    let fill = match game.graphics.players.get(store).and_then(|p| p.colour) {
                        Some(c) => c.lighter(0.6).to_string(),
                        None => "#e9e2cf".to_string(),
                    };
                    let _ = writeln!(
                        out,
                        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="8" fill="{fill}"{ring}/>"##,
                        x - half,
                        y - half,
                        CELL,
                        CELL
                    );
                    if let Some(count) = state.board.store.get(store) {
                        let _ = writeln!(
                            out,
                            r##"<text x="{x:.1}" y="{:.1}" font-size="15" font-weight="bold" text-anchor="middle" fill="#5a4a2a">{count}</text>"##,
                            y + 5.0
                        );
                    }
                    store += 1;
                }
                Tiling::Square => {
                    let _ = writeln!(
                        out,
                        r##"<rect x="{:.1}" y="{:.1}" width="{CELL:.1}" height="{CELL:.1}" fill="{fill}"{ring}/>"##,
                        x - half,
                        y - half
                    );
                }
                Tiling::HexRhombus | Tiling::Hexagon => {
                    let points: Vec<String> = hexagon(x, y)
                        .iter()
                        .map(|(px, py)| format!("{px:.1},{py:.1}"))
                        .collect();
                    let _ = writeln!(
                        out,
                        r##"<polygon points="{}" fill="{fill}"{ring}/>"##,
                        points.join(" ")
                    );
                }
                Tiling::Graph => match fills[s] {
                    Some(c) => {
                        let _ = writeln!(
                            out,
                            r##"<circle cx="{x:.1}" cy="{y:.1}" r="9" fill="{c}" stroke="#555" stroke-width="2"/>"##
                        );
                    }
                    None => {
                        let _ = writeln!(
                            out,
                            r##"<circle cx="{x:.1}" cy="{y:.1}" r="6" fill="#555"{ring}/>"##
                        );
                    }
                },
            }
        }
    }

    /// The outline of a cell, corner by corner: a square or a hexagon (a graph's point has none).
    fn corners(&self, x: f64, y: f64) -> Vec<(f64, f64)> {
        let half = CELL / 2.0;
        match self.tiling {
            Tiling::Square => vec![
                (x - half, y - half),
                (x + half, y - half),
                (x + half, y + half),
                (x - half, y + half),
            ],
            Tiling::HexRhombus | Tiling::Hexagon => hexagon(x, y).to_vec(),
            Tiling::Graph => Vec::new(),
        }
    }

    /// The sides the graphics give a colour: of each region's cells, the sides that face off the
    /// board the same way for every cell of it (a row's outer side, not its corner's other one).
    fn draw_sides(&self, game: &Game, out: &mut String) {
        let grid: Vec<(f64, f64)> = self.centres.iter().flatten().copied().collect();
        let on_board = |x: f64, y: f64| {
            grid.iter()
                .any(|&(gx, gy)| (gx - x).abs() < 1.0 && (gy - y).abs() < 1.0)
        };
        for (sites, paint) in &game.graphics.sides {
            let colour = paint_colour(game, *paint, false);
            let cells: Vec<(f64, f64)> = sites
                .iter()
                .filter_map(|&s| self.centres.get(s as usize).copied().flatten())
                .collect();
            if self.tiling == Tiling::Graph {
                for (x, y) in cells {
                    let _ = writeln!(
                        out,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="10" fill="none" stroke="{colour}" stroke-width="4"/>"##
                    );
                }
                continue;
            }
            // Side k of a cell is outer when no cell lies across it.
            let outer = |x: f64, y: f64, k: usize| {
                let c = self.corners(x, y);
                let (a, b) = (c[k], c[(k + 1) % c.len()]);
                let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                !on_board(2.0 * mx - x, 2.0 * my - y)
            };
            let n = self.corners(0.0, 0.0).len();
            let facing: Vec<usize> = (0..n)
                .filter(|&k| !cells.is_empty() && cells.iter().all(|&(x, y)| outer(x, y, k)))
                .collect();
            for &(x, y) in &cells {
                let c = self.corners(x, y);
                for &k in &facing {
                    let (a, b) = (c[k], c[(k + 1) % n]);
                    for (width, stroke) in [
                        (8, colour.darker(if colour.is_dark() { 0.45 } else { 0.78 })),
                        (5, colour),
                    ] {
                        let _ = writeln!(
                            out,
                            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"/>"##,
                            a.0, a.1, b.0, b.1
                        );
                    }
                }
            }
        }
    }

    /// The marks the graphics put on sites, under the pieces.
    fn draw_marks(&self, game: &Game, out: &mut String) {
        for (sites, mark, colour) in &game.graphics.marks {
            let colour = colour.unwrap_or(MARK_COLOUR);
            for &s in sites {
                let Some(Some((x, y))) = self.centres.get(s as usize).copied() else {
                    continue;
                };
                draw_mark(*mark, x, y, colour, out);
            }
        }
    }

    /// Each player's pieces in hand, one on each site of their yard.
    fn draw_yards(&self, game: &Game, state: &State, out: &mut String) {
        for (p, yard) in game.graphics.yards.iter().enumerate() {
            let held = state.board.hand.get(p).copied().unwrap_or(0) as usize;
            for &s in yard.iter().take(held) {
                let Some(Some((x, y))) = self.centres.get(s as usize).copied() else {
                    continue;
                };
                let (fill, stroke, _) = piece_colours(game, p);
                let _ = writeln!(
                    out,
                    r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="2.5"/>"##,
                    CELL * 0.36
                );
            }
        }
    }

    /// The last move's sites outlined over the pieces, so that its landing is never hidden: a
    /// ring where it ended, a dashed one where it started.
    fn draw_last_move(&self, state: &State, out: &mut String) {
        let last = state.clock.last;
        for (site, dash) in [(last.from, r#" stroke-dasharray="5 4""#), (last.to, "")] {
            if site == NO_SITE
                || site as usize >= self.centres.len()
                || (!dash.is_empty() && last.from == last.to)
            {
                continue;
            }
            let (x, y) = self.centre(site as usize);
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{LAST_MOVE}" stroke-width="3"{dash}/>"##,
                CELL * 0.36 + 3.5
            );
        }
    }

    /// Site names on the edges: column letters below the board, row numbers at its left.
    fn draw_names(&self, game: &Game, out: &mut String) {
        // Clear of the thick lines of players' sides.
        let pad = if game.graphics.sides.is_empty() {
            0.0
        } else {
            5.0
        };
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
                y + CELL / 2.0 + 14.0 + pad
            );
        }
        for (row, x, y) in rows {
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end" fill="#666">{}</text>"##,
                x - CELL / 2.0 - 4.0 - pad,
                y + 4.0,
                row + 1
            );
        }
    }

    /// Pieces by owner, with the height of a stack and the kind's initial; counters by number.
    /// At the end of a game scored by area, a small square of the owner's colour on each point
    /// of their territory.
    fn draw_territory(&self, game: &Game, state: &State, out: &mut String) {
        let Some(owners) = game.territory(state) else {
            return;
        };
        for (s, owner) in owners.iter().enumerate() {
            let Some(p) = owner else {
                continue;
            };
            let (x, y) = self.centre(s);
            let (fill, stroke, _) = piece_colours(game, *p as usize & (MAX_PLAYERS - 1));
            let d = CELL * 0.14;
            let _ = writeln!(
                out,
                r##"<rect class="territory" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"##,
                x - d,
                y - d,
                2.0 * d,
                2.0 * d
            );
        }
    }
}

/// Each site's point on the grid, in cells of the board's unit (hexagons' rows half a cell
/// across and 0.866 of a cell apart), y down from the top row; `None` for a place off the grid.
fn grid_points(game: &Game) -> Vec<Option<(f64, f64)>> {
    let t = &game.topology;
    let hexagonal = t.tiling.is_hex();
    // Hexagons: each row half a cell right of the one below, rows 0.866 of a cell apart.
    let (row_step, skew) = if hexagonal {
        (CELL * 0.866, 0.5)
    } else {
        (CELL, 0.0)
    };
    let rows = t.rows.max(1) as f64;
    t.coords
        .iter()
        .map(|c| {
            c.map(|c| {
                let (x, y) = (c.x as f64, c.y as f64);
                ((x + skew * y) * CELL, (rows - 1.0 - y) * row_step)
            })
        })
        .collect()
}

/// The least and greatest x and the greatest y of the points on the grid (zeros when none).
fn extent(raw: &[Option<(f64, f64)>]) -> (f64, f64, f64) {
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
    if min_x.is_finite() {
        (min_x, max_x, max_y)
    } else {
        (0.0, 0.0, 0.0)
    }
}

/// For each place off the grid, whether it stands left of the board (else right); `None` for
/// the grid's sites. Stores and other places off the grid stand beside the board, on the side of
/// the site a track reaches them from (a mancala's stores at its two ends), else on the right.
fn sides_of_places(game: &Game, raw: &[Option<(f64, f64)>], mid_x: f64) -> Vec<Option<bool>> {
    raw.iter()
        .enumerate()
        .map(|(s, c)| {
            if c.is_some() {
                return None;
            }
            let before = game
                .tracks
                .iter()
                .flat_map(|t| t.sites.iter())
                .find_map(|sites| {
                    let i = sites.iter().position(|&x| x as usize == s)?;
                    raw.get(sites.get(i.checked_sub(1)?).copied()? as usize)
                        .copied()
                        .flatten()
                });
            Some(before.is_some_and(|(x, _)| x < mid_x))
        })
        .collect()
}

/// Which grid sites to draw: all of them, except on a race's board ([`Game::race_sites`]), which
/// also shows what the graphics colour or mark (a race's yards).
fn shown_sites(game: &Game, state: &State) -> Vec<bool> {
    let Some(mut shown) = game.race_sites(state) else {
        return vec![true; game.topology.coords.len()];
    };
    let g = &game.graphics;
    let drawn = (g.fills.iter().map(|f| &f.0))
        .chain(g.marks.iter().map(|m| &m.0))
        .chain(g.sides.iter().map(|m| &m.0))
        .chain(g.yards.iter());
    for sites in drawn {
        for &s in sites {
            if let Some(x) = shown.get_mut(s as usize) {
                *x = true;
            }
        }
    }
    shown
}

/// The colour the graphics fill each site with, the last fill written over the earlier ones; a
/// player's colour is lightened so that their pieces stand out on it. Yards are filled first.
fn site_fills(game: &Game, sites: usize) -> Vec<Option<Rgb>> {
    let mut fills = vec![None; sites];
    let g = &game.graphics;
    let yards = g
        .yards
        .iter()
        .enumerate()
        .map(|(p, y)| (y, Paint::Player(p as u8)));
    for (region, paint) in yards.chain(g.fills.iter().map(|(r, p)| (r, *p))) {
        let colour = paint_colour(game, paint, true);
        for &s in region {
            if let Some(f) = fills.get_mut(s as usize) {
                *f = Some(colour);
            }
        }
    }
    fills
}

/// A paint's colour: its own, or its player's (lightened for a cell's background).
fn paint_colour(game: &Game, paint: Paint, background: bool) -> Rgb {
    match paint {
        Paint::Colour(c) => c,
        Paint::Player(p) => {
            let c = player_colour(game, p as usize);
            if background {
                c.lighter(0.55)
            } else {
                c
            }
        }
    }
}

/// A player's colour: the graphics', else the default for their seat.
fn player_colour(game: &Game, p: usize) -> Rgb {
    let p = p & (MAX_PLAYERS - 1);
    game.graphics.players[p]
        .colour
        .or_else(|| Rgb::parse(PLAYER_COLOURS[p].0))
        .unwrap_or(Rgb(128, 128, 128))
}

/// How a player is called: their name from the graphics, else `P1` and so on.
fn player_name(game: &Game, p: usize) -> String {
    match game.graphics.players.get(p).and_then(|l| l.name.as_deref()) {
        Some(name) => name.to_string(),
        None => format!("P{}", p + 1),
    }
}

/// The corners of a hexagon centred at (x, y), pointed at the top and the bottom, clockwise from
/// the lower right.
fn hexagon(x: f64, y: f64) -> [(f64, f64); 6] {
    let r = CELL / 3f64.sqrt();
    std::array::from_fn(|k| {
        let a = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
        (x + r * a.cos(), y + r * a.sin())
    })
}

/// One mark centred at (x, y).
fn draw_mark(mark: Mark, x: f64, y: f64, colour: Rgb, out: &mut String) {
    let tau = std::f64::consts::TAU;
    match mark {
        Mark::Rosette => {
            let r = CELL * 0.2;
            for k in 0..8 {
                let a = tau / 8.0 * k as f64;
                let _ = writeln!(
                    out,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{}" stroke="{colour}" stroke-width="1.5"/>"##,
                    x + r * a.cos(),
                    y + r * a.sin(),
                    CELL * 0.11,
                    colour.lighter(0.5)
                );
            }
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}"/>"##,
                CELL * 0.1
            );
        }
        Mark::Star => {
            let points: Vec<String> = (0..10)
                .map(|k| {
                    let r = if k % 2 == 0 { CELL * 0.38 } else { CELL * 0.16 };
                    let a = tau / 10.0 * k as f64 - tau / 4.0;
                    format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
                })
                .collect();
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="none" stroke="{colour}" stroke-width="2" stroke-linejoin="round"/>"##,
                points.join(" ")
            );
        }
        Mark::Dot => {
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}"/>"##,
                CELL * 0.12
            );
        }
        Mark::Cross => {
            let d = CELL * 0.25;
            for (dx, dy) in [(d, d), (d, -d)] {
                let _ = writeln!(
                    out,
                    r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="3" stroke-linecap="round"/>"##,
                    x - dx,
                    y - dy,
                    x + dx,
                    y + dy
                );
            }
        }
    }
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
pub fn status_line(game: &Game, state: &State) -> String {
    let mover = player_name(game, state.mover as usize);
    match (state.node, state.status) {
        (NodeType::Terminal, Status::Won(p)) => {
            format!("Game over: {} wins", player_name(game, p as usize))
        }
        (NodeType::Terminal, Status::Ranked(places)) => {
            let ranks: Vec<String> = places[..state.players as usize]
                .iter()
                .map(u8::to_string)
                .collect();
            format!("Game over: ranked {}", ranks.join("-"))
        }
        (NodeType::Terminal, _) => "Game over: a draw".into(),
        (NodeType::Chance, _) => format!("{mover} to throw"),
        (NodeType::Decision, _) if !game.dice.is_empty() => {
            format!("{mover} to move, having thrown {}", state.clock.pips)
        }
        (NodeType::Decision, _) => format!("{mover} to move"),
    }
}

/// One row per player (colour, name, and hand and store where the game uses them), and the
/// piece states' outlines when there are several.
fn draw_legend(game: &Game, state: &State, top: f64, out: &mut String) {
    let mut y = top + 4.0;
    for p in 0..MAX_PLAYERS.min(state.players as usize) {
        let (fill, stroke, _) = piece_colours(game, p);
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
        // Hands and stores only where the game uses them, as the text board shows them.
        let mut counts = Vec::new();
        if game.shows_hands() {
            counts.push(format!("hand {}", escape(&game.hand_text(state, p))));
        }
        if game.keeps_score(state) {
            counts.push(format!("store {}", state.board.store[p]));
        }
        let counts = match counts.is_empty() {
            true => String::new(),
            false => format!(": {}", counts.join(", ")),
        };
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="12">P{}{}{mover}{counts}</text>"##,
            LEFT + 20.0,
            y + 4.0,
            p + 1,
            match &game.graphics.players[p].name {
                Some(name) => format!(" {}", escape(name)),
                None => String::new(),
            },
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
