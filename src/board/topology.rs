//! The board as the rules see it: its sites, each site's neighbours by direction in one flat
//! table, each site's coordinates, and named groups of directions. A builder lays out one kind of
//! board (square and rectangular grids, the rhombus of hexagons); graphs would be further builders
//! of the same table, not further engines.

use super::{Site, Sites, MAX_PLAYERS, NO_SITE};

mod graph;
pub use graph::{direction, parse_point, GraphBoard, GraphError, MAX_GRAPH_SPAN};

/// Directions on a grid, in the order of a grid site's neighbours.
pub const DIRECTIONS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// A step in each of [`DIRECTIONS`] on a grid of squares, in rows and columns.
pub const SQUARE_STEPS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// A site's place in the plane, for notation and drawing: column `x` (rightwards) and row `y`
/// (upwards) of a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coord {
    /// The column.
    pub x: i16,
    /// The row.
    pub y: i16,
}

/// The shape of a board's cells and of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tiling {
    /// A rectangle of squares with eight neighbours (four orthogonal, four diagonal).
    #[default]
    Square,
    /// A rhombus of hexagons with six neighbours, each row half a cell right of the one below.
    HexRhombus,
    /// A regular hexagon of hexagons, laid out as the rhombus around it.
    Hexagon,
    /// Points at places of a grid and the lines that join them, declared in the game file.
    Graph,
}

impl Tiling {
    /// Whether the cells are hexagons (drawn skewed).
    pub fn is_hex(self) -> bool {
        matches!(self, Tiling::HexRhombus | Tiling::Hexagon)
    }
}

/// The site at row `r`, column `c` of a board of `tiling` on a grid of `rows` by `columns`,
/// if that cell is on the board: sites are numbered row by row over the board's cells.
pub fn grid_site(tiling: Tiling, rows: usize, columns: usize, r: usize, c: usize) -> Option<usize> {
    if r >= rows || c >= columns {
        return None;
    }
    match tiling {
        Tiling::Square | Tiling::HexRhombus => Some(r * columns + c),
        // A graph's points are its own: `GraphBoard::site_at`.
        Tiling::Graph => None,
        Tiling::Hexagon => {
            // Row r holds the columns within k of the centre: k - r <= c and r + c <= 3k.
            let k = rows / 2;
            let span = |r: usize| (k.saturating_sub(r), (3 * k - r).min(2 * k));
            let (lo, hi) = span(r);
            (lo..=hi)
                .contains(&c)
                .then(|| (0..r).map(|q| span(q).1 - span(q).0 + 1).sum::<usize>() + c - lo)
        }
    }
}

/// The number of cells of a board of `tiling` on a grid of `rows` by `columns`.
pub fn grid_sites(tiling: Tiling, rows: usize, columns: usize) -> usize {
    match tiling {
        Tiling::Square | Tiling::HexRhombus => rows * columns,
        Tiling::Graph => 0,
        Tiling::Hexagon => {
            let n = rows.div_ceil(2);
            3 * n * n - 3 * n + 1
        }
    }
}

/// A named group of directions; a player-relative group ("forward") has one list per player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirGroup {
    /// Its name, as the language writes it.
    pub name: String,
    /// The directions (indices into [`Topology::directions`]): one list shared by every player,
    /// or one per player.
    pub dirs: Vec<Vec<u8>>,
}

impl DirGroup {
    /// The group's directions for a player (0-based).
    #[inline]
    pub fn dirs(&self, player: usize) -> &[u8] {
        match self.dirs.len() {
            0 => &[],
            1 => &self.dirs[0],
            n => &self.dirs[player % n],
        }
    }

    /// Whether the directions depend on the player.
    pub fn is_relative(&self) -> bool {
        self.dirs.len() > 1
    }
}

/// The player-relative groups of a square grid: each named by its turn from the way a player
/// faces (see [`seat_facing`]), in eighths of a turn clockwise from forward.
pub const RELATIVE_GROUPS: [(&str, &[u8]); 9] = [
    ("Forward", &[0]),
    ("Backward", &[4]),
    ("Leftward", &[6]),
    ("Rightward", &[2]),
    ("ForwardDiagonal", &[7, 1]),
    ("BackwardDiagonal", &[5, 3]),
    ("Forwards", &[7, 0, 1]),
    ("Backwards", &[5, 4, 3]),
    ("Sideways", &[6, 2]),
];

/// The direction each seat faces, as an index into [`DIRECTIONS`]: the players sit round the
/// board clockwise from P1 at the bottom, facing N. Two players sit face to face (P2 faces S);
/// three or four take the sides in turn (P2 at the left facing E, P3 at the top facing S, P4 at
/// the right facing W), so that play goes clockwise round the table.
pub fn seat_facing(players: u8) -> [u8; MAX_PLAYERS] {
    if players <= 2 {
        [0, 4, 2, 6]
    } else {
        [0, 2, 4, 6]
    }
}

/// The relative groups, each with one list per seat: [`DIRECTIONS`] runs clockwise in eighths
/// of a turn, so a turn from a facing is an addition.
fn relative_groups(players: u8) -> impl Iterator<Item = DirGroup> {
    let facing = seat_facing(players);
    RELATIVE_GROUPS.iter().map(move |(name, turns)| DirGroup {
        name: (*name).into(),
        dirs: facing
            .iter()
            .map(|f| turns.iter().map(|t| (f + t) % 8).collect())
            .collect(),
    })
}

/// Where site (`row`, `column`) of a `rows` by `columns` grid lies once the board is turned from
/// P1's seat to a seat facing `facing` (an index into [`DIRECTIONS`]): what P1 sees at a place,
/// that seat sees at the returned one. `None` for a quarter turn of a grid that is not square.
pub fn turned(
    rows: usize,
    columns: usize,
    row: usize,
    column: usize,
    facing: u8,
) -> Option<(usize, usize)> {
    let (last_r, last_c) = (rows.checked_sub(1)?, columns.checked_sub(1)?);
    match facing {
        0 => Some((row, column)),
        4 => Some((last_r.checked_sub(row)?, last_c.checked_sub(column)?)),
        // A quarter turn clockwise (to the left side) or anticlockwise (to the right side).
        2 if rows == columns => Some((last_c.checked_sub(column)?, row)),
        6 if rows == columns => Some((column, last_r.checked_sub(row)?)),
        _ => None,
    }
}

/// The directions a rule names, as each player reads them: one list per player, since a
/// player-relative name ("forward") means another direction for each.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Dirs(pub [Vec<u8>; MAX_PLAYERS]);

impl Dirs {
    /// The same directions for every player.
    pub fn shared(dirs: Vec<u8>) -> Dirs {
        Dirs(std::array::from_fn(|_| dirs.clone()))
    }

    /// The directions as `player` (0-based) reads them.
    #[inline(always)]
    pub fn of(&self, player: u8) -> &[u8] {
        self.0.get(player as usize).map_or(&[], |d| d.as_slice())
    }

    /// Whether some player reads them as other directions than the first player.
    pub fn is_relative(&self) -> bool {
        self.0.iter().any(|d| *d != self.0[0])
    }

    /// Adds a group's directions, each player's own, leaving out those already there.
    pub fn extend(&mut self, group: &DirGroup) {
        for (p, list) in self.0.iter_mut().enumerate() {
            for &d in group.dirs(p) {
                if !list.contains(&d) {
                    list.push(d);
                }
            }
        }
    }
}

/// A board: sites, neighbours, coordinates and direction groups.
#[derive(Debug, Clone, PartialEq)]
pub struct Topology {
    /// Rows of the grid (0 for a board that is no grid).
    pub rows: usize,
    /// Columns of the grid.
    pub columns: usize,
    /// The cells' shape: squares, or hexagons (drawn skewed).
    pub tiling: Tiling,
    /// The direction names, indexed by direction.
    pub directions: Vec<&'static str>,
    /// Each site's coordinates; `None` for a place off the grid (a store, a hand).
    pub coords: Vec<Option<Coord>>,
    /// Where each site's neighbours lie in `links`: their start and end.
    spans: Vec<(u32, u32)>,
    /// Each site's neighbour in each of its directions, `NO_SITE` where there is none.
    links: Vec<Site>,
    /// The sites of the board proper (places off the grid left out).
    pub board_sites: Sites,
    /// The 64-bit words a set of this board's sites needs (walks over a set stop there).
    pub words: usize,
    /// Per grid direction: the site offset of a step, and the sites that have a neighbour that
    /// way, so that a step is a shift of a site set; `None` for a board without that regularity.
    pub steps: Option<[(i32, Sites); 8]>,
    /// Named groups of directions.
    pub groups: Vec<DirGroup>,
}

impl Topology {
    /// Seats `players` players round the board: the relative groups turn with their facing.
    pub fn seat(&mut self, players: u8) {
        for seated in relative_groups(players) {
            if let Some(g) = self.groups.iter_mut().find(|g| g.name == seated.name) {
                *g = seated;
            }
        }
    }

    /// A square grid of `n` by `n` sites.
    pub fn square(n: usize) -> Topology {
        Topology::rectangle(n, n)
    }

    /// A grid of `rows` by `columns` sites, numbered row by row from the bottom left, with the
    /// eight directions of [`DIRECTIONS`].
    pub fn rectangle(rows: usize, columns: usize) -> Topology {
        let mut t = Topology::lattice(Tiling::Square, rows, columns, SQUARE_STEPS.map(Some));
        let dir = |name: &str| DIRECTIONS.iter().position(|x| *x == name).unwrap_or(0) as u8;
        let group = |name: &str, dirs: &[&str]| DirGroup {
            name: name.into(),
            dirs: vec![dirs.iter().map(|d| dir(d)).collect()],
        };
        t.groups = vec![
            group("Orthogonal", &["N", "E", "S", "W"]),
            group("Diagonal", &["NE", "SE", "SW", "NW"]),
            group("All", &DIRECTIONS),
        ];
        t.groups.extend(DIRECTIONS.iter().map(|d| group(d, &[d])));
        t.groups.extend(relative_groups(2));
        t
    }

    /// The `n` by `n` rhombus of hexagons, numbered row by row from the bottom left like a grid;
    /// each row lies half a cell right of the one below, so a cell touches six: E and W in its
    /// row, NE and NW above, SE and SW below. N and S (no neighbour on a hex board) keep their
    /// places in the table, so that a direction and its opposite stay four apart.
    pub fn hex_rhombus(n: usize) -> Topology {
        Topology::hexagonal(Tiling::HexRhombus, n, n)
    }

    /// The regular hexagon of side `n` of hexagons: the cells of the `2n - 1` square rhombus
    /// within `n - 1` steps of its centre, numbered row by row (the bottom row has `n` cells,
    /// the middle one `2n - 1`), adjacent as on the rhombus.
    pub fn hexagon(n: usize) -> Topology {
        Topology::hexagonal(Tiling::Hexagon, 2 * n - 1, 2 * n - 1)
    }

    fn hexagonal(tiling: Tiling, rows: usize, columns: usize) -> Topology {
        let deltas = [
            None,
            Some((1, 0)),
            Some((0, 1)),
            Some((-1, 1)),
            None,
            Some((-1, 0)),
            Some((0, -1)),
            Some((1, -1)),
        ];
        let mut t = Topology::lattice(tiling, rows, columns, deltas);
        let six = ["NE", "E", "SE", "SW", "W", "NW"];
        let dir = |name: &str| DIRECTIONS.iter().position(|x| *x == name).unwrap_or(0) as u8;
        let group = |name: &str, dirs: &[&str]| DirGroup {
            name: name.into(),
            dirs: vec![dirs.iter().map(|d| dir(d)).collect()],
        };
        // On hexagons every neighbour shares an edge: the six are the orthogonal directions.
        t.groups = vec![group("Orthogonal", &six), group("All", &six)];
        t.groups.extend(six.iter().map(|d| group(d, &[d])));
        t
    }

    /// A grid of `rows` by `columns` cells (those of `tiling`'s outline), numbered row by row,
    /// where direction `d` of [`DIRECTIONS`] steps by `deltas[d]` (rows, columns), or nowhere
    /// when `None`; no direction groups yet.
    fn lattice(
        tiling: Tiling,
        rows: usize,
        columns: usize,
        deltas: [Option<(i64, i64)>; 8],
    ) -> Topology {
        let at = |r: i64, c: i64| -> Site {
            if r < 0 || c < 0 {
                return NO_SITE;
            }
            grid_site(tiling, rows, columns, r as usize, c as usize).map_or(NO_SITE, |s| s as Site)
        };
        let cells: Vec<(i64, i64)> = (0..rows as i64)
            .flat_map(|r| (0..columns as i64).map(move |c| (r, c)))
            .filter(|&(r, c)| at(r, c) != NO_SITE)
            .collect();
        let n = cells.len();
        let neighbour = |s: usize, d: usize| -> Site {
            let (r, c) = cells[s];
            deltas[d].map_or(NO_SITE, |(dr, dc)| at(r + dr, c + dc))
        };
        let mut spans = Vec::with_capacity(n);
        let mut links = Vec::with_capacity(n * 8);
        for s in 0..n {
            let at = links.len() as u32;
            links.extend((0..8).map(|d| neighbour(s, d)));
            spans.push((at, links.len() as u32));
        }
        let all: Vec<Site> = (0..n as Site).collect();
        // A step is a shift of site sets only where every row is whole.
        let steps = (n == rows * columns).then(|| {
            std::array::from_fn(|d| {
                let (dr, dc) = deltas[d].unwrap_or((0, 0));
                let has: Vec<Site> = (0..n)
                    .filter(|&s| neighbour(s, d) != NO_SITE)
                    .map(|s| s as Site)
                    .collect();
                ((dr * columns as i64 + dc) as i32, Sites::of(&has))
            })
        });
        Topology {
            rows,
            columns,
            tiling,
            directions: DIRECTIONS.to_vec(),
            coords: cells
                .iter()
                .map(|&(r, c)| {
                    Some(Coord {
                        x: c as i16,
                        y: r as i16,
                    })
                })
                .collect(),
            spans,
            links,
            board_sites: Sites::of(&all),
            words: n.div_ceil(64),
            steps,
            groups: Vec::new(),
        }
    }

    /// The direction that steps back from a site's neighbour in direction `d` to the site (S
    /// for N on a grid), found on the board; `None` where no such direction exists.
    pub fn opposite(&self, d: u8) -> Option<u8> {
        (0..self.sites() as Site).find_map(|s| {
            let n = self.neighbour(s, d);
            (n != NO_SITE)
                .then(|| (0..self.directions.len() as u8).find(|&e| self.neighbour(n, e) == s))
                .flatten()
        })
    }

    /// Adds a place off the grid (a store or a hand that holds pieces as a site): a site with no
    /// neighbours and no coordinates, numbered after every other site. Returns it.
    pub fn add_place(&mut self) -> Site {
        let site = self.sites() as Site;
        self.coords.push(None);
        self.words = self.sites().div_ceil(64);
        let at = self.links.len() as u32;
        self.spans.push((at, at));
        site
    }

    /// Number of sites, places off the grid included.
    #[inline]
    pub fn sites(&self) -> usize {
        self.coords.len()
    }

    /// A site's neighbours, indexed by direction (`NO_SITE` where there is none that way).
    #[inline(always)]
    pub fn neighbours(&self, site: Site) -> &[Site] {
        match self.spans.get(site as usize) {
            Some(&(a, b)) => self.links.get(a as usize..b as usize).unwrap_or(&[]),
            None => &[],
        }
    }

    /// A site's neighbour in direction `dir`, or `NO_SITE`.
    #[inline(always)]
    pub fn neighbour(&self, site: Site, dir: u8) -> Site {
        match self.spans.get(site as usize) {
            Some(&(a, b)) if (dir as u32) < b - a => self
                .links
                .get((a + dir as u32) as usize)
                .copied()
                .unwrap_or(NO_SITE),
            _ => NO_SITE,
        }
    }

    /// The group of directions called `name`.
    pub fn group(&self, name: &str) -> Option<&DirGroup> {
        self.groups.iter().find(|g| g.name == name)
    }

    /// A direction as a shift of site sets: the offset of a step and the sites with a neighbour
    /// that way, where the board has that regularity.
    #[inline]
    pub fn ray(&self, dir: u8) -> Option<(i32, Sites)> {
        self.steps.as_ref()?.get(dir as usize).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rectangle_links_each_site_to_its_grid_neighbours() {
        let t = Topology::rectangle(2, 3);
        assert_eq!(t.sites(), 6);
        // Site 1 is the middle of the bottom row: N, NE, E, SE, S, SW, W, NW.
        assert_eq!(t.neighbours(1), [4, 5, 2, NO_SITE, NO_SITE, NO_SITE, 0, 3]);
        assert_eq!(t.neighbour(5, 2), NO_SITE);
        assert_eq!(t.neighbour(5, 6), 4);
        assert_eq!(t.neighbour(5, 200), NO_SITE);
        assert_eq!(t.coords[4], Some(Coord { x: 1, y: 1 }));
        let (delta, from) = t.ray(2).expect("a grid has shift rays");
        assert_eq!(delta, 1);
        assert_eq!(from.iter().collect::<Vec<_>>(), [0, 1, 3, 4]);
        assert_eq!(
            t.group("Diagonal").map(|g| g.dirs(0)),
            Some(&[1, 3, 5, 7][..])
        );
        assert_eq!(t.group("Around"), None);
    }

    #[test]
    fn a_player_relative_group_gives_each_player_its_own_directions() {
        let t = Topology::square(3);
        let forward = t.group("Forward").expect("grids have a forward group");
        assert!(forward.is_relative());
        let names = |p: usize| -> Vec<&str> {
            forward
                .dirs(p)
                .iter()
                .map(|&d| t.directions[d as usize])
                .collect()
        };
        assert_eq!((names(0), names(1)), (vec!["N"], vec!["S"]));
        assert_eq!((names(2), names(3)), (vec!["E"], vec!["W"]));
        let diagonals = |p: usize| -> Vec<&str> {
            let g = t
                .group("ForwardDiagonal")
                .expect("grids have forward diagonals");
            g.dirs(p)
                .iter()
                .map(|&d| t.directions[d as usize])
                .collect()
        };
        assert_eq!(
            (0..4).map(diagonals).collect::<Vec<_>>(),
            [["NW", "NE"], ["SE", "SW"], ["NE", "SE"], ["SW", "NW"]]
        );
        // From the centre, forward is a different neighbour for each player.
        let ahead = |p: usize| t.neighbour(4, forward.dirs(p)[0]);
        assert_eq!((ahead(0), ahead(1)), (7, 1));
        let all = t.group("All").expect("grids have all directions");
        assert!(!all.is_relative());
        assert_eq!(all.dirs(1), all.dirs(0));
    }

    /// The language's direction names are the square grid's groups, relative ones included.
    #[test]
    fn every_direction_name_is_a_group_of_the_square_grid() {
        let t = Topology::square(3);
        let names = crate::check::registry::Kind::Dir.names();
        for name in names {
            assert!(t.group(name).is_some(), "{name}");
        }
        for (name, _) in RELATIVE_GROUPS {
            assert!(names.contains(&name), "{name}");
        }
    }

    #[test]
    fn a_place_off_the_grid_is_a_site_without_neighbours() {
        let mut t = Topology::square(2);
        let store = t.add_place();
        assert_eq!(store, 4);
        assert_eq!((t.sites(), t.words), (5, 1));
        assert_eq!(t.coords[4], None);
        assert_eq!(t.neighbours(store), &[] as &[Site]);
        assert_eq!(t.neighbour(store, 0), NO_SITE);
        // The grid is unchanged, and the place is not a site of the board proper.
        assert_eq!(
            t.neighbours(0),
            [2, 3, 1, NO_SITE, NO_SITE, NO_SITE, NO_SITE, NO_SITE]
        );
        assert!(!t.board_sites.contains(store));
    }

    #[test]
    fn hex_boards_link_each_cell_to_six() {
        let count =
            |t: &Topology, s: Site| t.neighbours(s).iter().filter(|&&n| n != NO_SITE).count();
        let t = Topology::hex_rhombus(3);
        // The centre b2 touches six; the acute corners a1 and c3 two, the obtuse c1 and a3 three.
        assert_eq!(t.neighbours(4), [NO_SITE, 7, 5, 2, NO_SITE, 1, 3, 6]);
        assert_eq!([0, 8, 2, 6].map(|s| count(&t, s)), [2, 2, 3, 3]);
        assert_eq!(
            t.group("All").map(|g| g.dirs(0)),
            Some(&[1, 2, 3, 5, 6, 7][..])
        );
        assert_eq!(t.group("N"), None);
        assert_eq!(t.ray(1).map(|r| r.0), Some(3));
        // A hexagon of side 2: rows of 2, 3 and 2 cells; the centre (site 3) touches all six.
        let t = Topology::hexagon(2);
        assert_eq!(t.sites(), 7);
        assert_eq!(t.coords[0], Some(Coord { x: 1, y: 0 }));
        assert_eq!(t.coords[6], Some(Coord { x: 1, y: 2 }));
        assert_eq!(t.neighbours(3), [NO_SITE, 6, 4, 1, NO_SITE, 0, 2, 5]);
        assert_eq!(
            (0..7).map(|s| count(&t, s)).collect::<Vec<_>>(),
            [3, 3, 3, 6, 3, 3, 3]
        );
        // Its rows are not whole: no shift rays.
        assert_eq!(t.ray(2), None);
        assert_eq!(grid_site(Tiling::Hexagon, 3, 3, 0, 0), None);
        assert_eq!(grid_site(Tiling::Hexagon, 3, 3, 2, 1), Some(6));
    }
}
