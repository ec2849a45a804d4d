//! Boards as graphs: points at places of a grid, named as grid sites are (`d3`), and the lines
//! that join them, declared in the game file. A line links its consecutive points, each link
//! running along one of the eight directions, so that steps and lines follow the links alone.

use super::{Coord, DirGroup, Tiling, Topology, DIRECTIONS};
use crate::board::{Site, Sites, NO_SITE};

/// The most rows or columns a graph's points may span.
pub const MAX_GRAPH_SPAN: i16 = 64;

/// A board of points and the lines that join them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GraphBoard {
    /// The points' places, numbered row by row from the bottom left.
    pub points: Vec<Coord>,
    /// Each point's neighbour in each of the eight directions, `NO_SITE` where none.
    pub links: Vec<[Site; 8]>,
}

/// The place a point's name (column letters, then a row number from 1: `a1`, `ab12`) gives.
pub fn parse_point(name: &str) -> Option<Coord> {
    let digits = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, number) = name.split_at(digits);
    if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    // Spreadsheet columns: a..z, aa..az, ba.. (bijective base 26).
    let mut x: i64 = 0;
    for b in letters.bytes() {
        x = x * 26 + (b - b'a' + 1) as i64;
        if x > MAX_GRAPH_SPAN as i64 {
            return None;
        }
    }
    if number.starts_with('0') {
        return None;
    }
    let y: i64 = number.parse().ok()?;
    ((1..=MAX_GRAPH_SPAN as i64).contains(&y)).then(|| Coord {
        x: x as i16 - 1,
        y: y as i16 - 1,
    })
}

/// The direction (an index into [`DIRECTIONS`]) from `a` to `b`, if `b` lies straight that way.
pub fn direction(a: Coord, b: Coord) -> Option<u8> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    if (dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return None;
    }
    let d = match (dy.signum(), dx.signum()) {
        (1, 0) => 0,
        (1, 1) => 1,
        (0, 1) => 2,
        (-1, 1) => 3,
        (-1, 0) => 4,
        (-1, -1) => 5,
        (0, -1) => 6,
        _ => 7,
    };
    Some(d)
}

/// Why a graph's lines were refused, with the index (line, point) of the offending point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphError {
    /// The line, in the order written.
    pub line: usize,
    /// The point, in its line.
    pub point: usize,
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub help: &'static str,
}

/// Adds the error of point `point` of line `line`.
fn refuse(
    errors: &mut Vec<GraphError>,
    line: usize,
    point: usize,
    message: String,
    help: &'static str,
) {
    errors.push(GraphError {
        line,
        point,
        message,
        help,
    })
}

/// The point each name of each line names (`None` where it names none), each line checked to
/// join two points or more, each once.
fn read_points(lines: &[Vec<&str>], errors: &mut Vec<GraphError>) -> Vec<Vec<Option<Coord>>> {
    let mut places: Vec<Vec<Option<Coord>>> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let mut here = Vec::new();
        for (j, name) in line.iter().enumerate() {
            let at = parse_point(name);
            if at.is_none() {
                refuse(
                    errors,
                    i,
                    j,
                    format!("`{name}` names no point"),
                    "name a point by its column letter and row number, as `a1` (at most 64 columns and rows)",
                );
            } else if line[..j].contains(name) {
                refuse(
                    errors,
                    i,
                    j,
                    format!("`{name}` is named twice in one line"),
                    "a line passes each point once",
                );
            }
            here.push(at);
        }
        if line.len() < 2 {
            refuse(
                errors,
                i,
                0,
                "a line joins two points or more".into(),
                "write the points of the line in order, as \"a1 d1 g1\"",
            );
        }
        places.push(here);
    }
    places
}

/// Each point's neighbour in each of the eight directions, from the lines (`places`, the points
/// they pass; `points`, every point in order): each line checked to run straight, and each
/// point to have one neighbour each way.
fn link_lines(
    lines: &[Vec<&str>],
    places: &[Vec<Option<Coord>>],
    points: &[Coord],
    errors: &mut Vec<GraphError>,
) -> Vec<[Site; 8]> {
    let site = |c: Coord| {
        points
            .binary_search_by_key(&(c.y, c.x), |p| (p.y, p.x))
            .ok()
    };
    // A point's name as first written.
    let name = |s: usize| {
        let written = places
            .iter()
            .zip(lines)
            .find_map(|(l, n)| l.iter().position(|c| *c == Some(points[s])).map(|k| n[k]));
        written.unwrap_or("?")
    };
    let mut links = vec![[NO_SITE; 8]; points.len()];
    for (i, (line, names)) in places.iter().zip(lines).enumerate() {
        let mut way = None;
        for j in 1..line.len() {
            let (Some(a), Some(b)) = (line[j - 1], line[j]) else {
                continue;
            };
            let Some(d) = direction(a, b) else {
                if a != b {
                    refuse(
                        errors,
                        i,
                        j,
                        format!(
                            "`{}` to `{}` runs along none of the eight directions",
                            names[j - 1],
                            names[j]
                        ),
                        "a line runs straight: N, S, E, W or a diagonal",
                    );
                }
                continue;
            };
            if way.is_some_and(|w| w != d) {
                refuse(
                    errors,
                    i,
                    j,
                    format!(
                        "the line bends at `{}`: it runs {} and then {}",
                        names[j - 1],
                        DIRECTIONS[way.unwrap_or(0) as usize],
                        DIRECTIONS[d as usize]
                    ),
                    "a line runs straight; write a bending path as two lines",
                );
            }
            way = Some(d);
            let (Some(sa), Some(sb)) = (site(a), site(b)) else {
                continue;
            };
            for (from, to, d, at) in [(sa, sb, d, j - 1), (sb, sa, (d + 4) % 8, j)] {
                let old = links[from][d as usize];
                if old != NO_SITE && old != to as Site {
                    refuse(
                        errors,
                        i,
                        at,
                        format!(
                            "two links leave `{}` to the {}: to `{}` and to `{}`",
                            names[at],
                            DIRECTIONS[d as usize],
                            name(old as usize),
                            name(to)
                        ),
                        "a point has one neighbour each way",
                    );
                }
                links[from][d as usize] = to as Site;
            }
        }
    }
    links
}

impl GraphBoard {
    /// The graph of some lines, each the names of its points in order: every error, each at the
    /// point where it shows.
    pub fn from_lines(lines: &[Vec<&str>]) -> Result<GraphBoard, Vec<GraphError>> {
        let mut errors = Vec::new();
        let places = read_points(lines, &mut errors);
        let mut points: Vec<Coord> = places.iter().flatten().flatten().copied().collect();
        points.sort_by_key(|c| (c.y, c.x));
        points.dedup();
        let links = link_lines(lines, &places, &points, &mut errors);
        if errors.is_empty() {
            Ok(GraphBoard { points, links })
        } else {
            Err(errors)
        }
    }

    /// The alquerque board of `rows` by `columns` points: every orthogonal link, and the
    /// diagonal links between points whose column and row add up to an even number (the
    /// diagonals of a point with an odd sum would cross those).
    pub fn alternating(rows: usize, columns: usize) -> GraphBoard {
        let at = |x: i64, y: i64| (0..columns as i64).contains(&x) && (0..rows as i64).contains(&y);
        let mut points = Vec::with_capacity(rows * columns);
        let mut links = Vec::with_capacity(rows * columns);
        for y in 0..rows as i64 {
            for x in 0..columns as i64 {
                points.push(Coord {
                    x: x as i16,
                    y: y as i16,
                });
                let mut l = [NO_SITE; 8];
                for (d, &(dy, dx)) in super::SQUARE_STEPS.iter().enumerate() {
                    let diagonal = dx != 0 && dy != 0;
                    if at(x + dx, y + dy) && (!diagonal || (x + y) % 2 == 0) {
                        l[d] = ((y + dy) * columns as i64 + x + dx) as Site;
                    }
                }
                links.push(l);
            }
        }
        GraphBoard { points, links }
    }

    /// The rows and columns of the grid its points lie on.
    pub fn extent(&self) -> (usize, usize) {
        self.points.iter().fold((0, 0), |(rows, columns), c| {
            (rows.max(c.y as usize + 1), columns.max(c.x as usize + 1))
        })
    }

    /// The point at a row and column, if there is one.
    pub fn site_at(&self, row: usize, column: usize) -> Option<Site> {
        self.points
            .iter()
            .position(|c| c.y as usize == row && c.x as usize == column)
            .map(|s| s as Site)
    }
}

impl Topology {
    /// The board of a graph: its points as sites, each with its neighbours along the links in
    /// the eight directions; the direction groups of a square grid, and no shift rays (a step
    /// is no shift of site sets).
    pub fn graph(g: &GraphBoard) -> Topology {
        let (rows, columns) = g.extent();
        let n = g.points.len();
        let mut spans = Vec::with_capacity(n);
        let mut links = Vec::with_capacity(n * 8);
        for l in &g.links {
            let at = links.len() as u32;
            links.extend_from_slice(l);
            spans.push((at, links.len() as u32));
        }
        let all: Vec<Site> = (0..n as Site).collect();
        let dir = |name: &str| DIRECTIONS.iter().position(|x| *x == name).unwrap_or(0) as u8;
        let group = |name: &str, dirs: &[&str]| DirGroup {
            name: name.into(),
            dirs: vec![dirs.iter().map(|d| dir(d)).collect()],
        };
        let mut groups = vec![
            group("Orthogonal", &["N", "E", "S", "W"]),
            group("Diagonal", &["NE", "SE", "SW", "NW"]),
            group("All", &DIRECTIONS),
        ];
        groups.extend(DIRECTIONS.iter().map(|d| group(d, &[d])));
        // Links run along compass directions, so a player's forward is the grid's.
        groups.extend(super::relative_groups(2));
        Topology {
            rows,
            columns,
            tiling: Tiling::Graph,
            directions: DIRECTIONS.to_vec(),
            coords: g.points.iter().map(|&c| Some(c)).collect(),
            spans,
            links,
            board_sites: Sites::of(&all),
            words: n.div_ceil(64),
            steps: None,
            groups,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_names_read_as_grid_places() {
        assert_eq!(parse_point("a1"), Some(Coord { x: 0, y: 0 }));
        assert_eq!(parse_point("g7"), Some(Coord { x: 6, y: 6 }));
        assert_eq!(parse_point("ab12"), Some(Coord { x: 27, y: 11 }));
        for bad in ["", "a", "1", "a0", "a01", "A1", "a1b", "a65", "bm1"] {
            assert_eq!(parse_point(bad), None, "{bad}");
        }
    }

    #[test]
    fn lines_link_their_consecutive_points_only() {
        let g =
            GraphBoard::from_lines(&[vec!["a1", "c1", "e1"], vec!["c1", "c3"], vec!["a1", "c3"]])
                .expect("straight lines");
        // a1 c1 e1 c3, row by row.
        assert_eq!(g.points.len(), 4);
        let t = Topology::graph(&g);
        assert_eq!((t.rows, t.columns), (3, 5));
        assert_eq!(
            t.neighbours(0),
            [NO_SITE, 3, 1, NO_SITE, NO_SITE, NO_SITE, NO_SITE, NO_SITE]
        );
        assert_eq!(
            t.neighbours(1),
            [3, NO_SITE, 2, NO_SITE, NO_SITE, NO_SITE, 0, NO_SITE]
        );
        assert_eq!(t.neighbour(2, 6), 1);
        assert_eq!(t.neighbour(3, 5), 0);
        assert_eq!(t.ray(2), None);
        assert_eq!(g.site_at(2, 2), Some(3));
        assert_eq!(g.site_at(1, 1), None);
    }

    #[test]
    fn alternating_diagonals_leave_the_odd_points_orthogonal() {
        let t = Topology::graph(&GraphBoard::alternating(3, 3));
        // b2, the centre, is linked all eight ways; a2 (odd) only N, E and S; a1 three ways.
        assert_eq!(t.neighbours(4), [7, 8, 5, 2, 1, 0, 3, 6]);
        assert_eq!(
            t.neighbours(3),
            [6, NO_SITE, 4, NO_SITE, 0, NO_SITE, NO_SITE, NO_SITE]
        );
        assert_eq!(
            t.neighbours(0),
            [3, 4, 1, NO_SITE, NO_SITE, NO_SITE, NO_SITE, NO_SITE]
        );
        assert_eq!((t.rows, t.columns), (3, 3));
    }

    #[test]
    fn crooked_lines_and_clashing_links_are_refused_at_their_point() {
        let e = GraphBoard::from_lines(&[vec!["a1", "b1", "b2"]]).unwrap_err();
        assert_eq!((e[0].line, e[0].point), (0, 2));
        assert_eq!(e[0].message, "the line bends at `b1`: it runs E and then N");
        let e = GraphBoard::from_lines(&[vec!["a1", "c1"], vec!["a1", "b1"]]).unwrap_err();
        assert_eq!((e[0].line, e[0].point), (1, 0));
        assert_eq!(
            e[0].message,
            "two links leave `a1` to the E: to `c1` and to `b1`"
        );
        let e = GraphBoard::from_lines(&[vec!["a1", "b3"], vec!["a1", "a1"]]).unwrap_err();
        let texts: Vec<&str> = e.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            texts,
            [
                "`a1` is named twice in one line",
                "`a1` to `b3` runs along none of the eight directions"
            ]
        );
    }
}
