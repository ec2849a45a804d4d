//! Regions: sets of sites, and the one evaluator that both the checker (ranges and names) and the
//! compiler (sites for each mover) run.

use crate::board::seat_of;
use crate::board::topology::Tiling;
use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{List as L, Many as M, One as O},
};
use crate::check::Symbols;
use crate::compile::ir::{Rules, Site, MAX_PLAYERS};
use crate::diagnostic::Diagnostic;
use crate::ludemes::{lowering, Lower};
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// The sites of one row.
        name: "row",
        kind: Region,
        positional: [
            /// row number, 0 at the bottom
            req("row", O(Int)),
        ],
        named: [],
        example: "(row 0)",
        lower: Lower::Region(row),
        refs: [],
    },
    ludeme! {
        /// The sites of one column.
        name: "column",
        kind: Region,
        positional: [
            /// column number, 0 at the left
            req("column", O(Int)),
        ],
        named: [],
        example: "(column 2)",
        lower: Lower::Region(column),
        refs: [],
    },
    ludeme! {
        /// The sites of a rectangle of the board, corners included.
        name: "rect",
        kind: Region,
        positional: [
            /// bottom row
            req("row", O(Int)),
            /// left column
            req("column", O(Int)),
            /// top row
            req("to-row", O(Int)),
            /// right column
            req("to-column", O(Int)),
        ],
        named: [],
        example: "(rect 1 1 5 5)",
        lower: Lower::Region(rect),
        refs: [],
    },
    ludeme! {
        /// The sites listed. A region is a set: a site listed twice counts once (with a warning).
        name: "sites",
        kind: Region,
        positional: [
            /// site numbers
            req("sites", L(Int)),
        ],
        named: [],
        example: "(sites {5})",
        lower: Lower::Region(listed),
        refs: [],
    },
    ludeme! {
        /// Every site of the board.
        name: "all-sites",
        kind: Region,
        positional: [],
        named: [],
        example: "(all-sites)",
        lower: Lower::Region(all_sites),
        refs: [],
    },
    ludeme! {
        /// A declared region.
        name: "region",
        kind: Region,
        positional: [
            /// a declared region
            req("name", O(Str)),
            /// whose region: P1 to P4, Mover, Next or Prev
            opt("owner", O(Role)),
        ],
        named: [],
        example: "(region \"Home\" Mover)",
        lower: Lower::Region(declared),
        refs: [],
    },
    ludeme! {
        /// The sites of any of the regions.
        name: "union",
        kind: Region,
        positional: [
            /// the regions to join
            req("regions", M(Region)),
        ],
        named: [],
        example: "(union (row 0) (row 1))",
        lower: Lower::Region(union),
        refs: [],
    },
    ludeme! {
        /// The sites in every one of the regions, in the order of the first.
        name: "intersection",
        kind: Region,
        positional: [
            /// the regions to meet
            req("regions", M(Region)),
        ],
        named: [],
        example: "(intersection (row 0) (column 0))",
        lower: Lower::Region(intersection),
        refs: [],
    },
    ludeme! {
        /// The squares of one colour of a board of squares coloured like a chessboard, a1 dark.
        name: "checkered",
        kind: Region,
        positional: [
            /// Dark (a1's colour, as on a chessboard) or Light
            req("colour", O(Colour)),
        ],
        named: [],
        example: "(checkered Dark)",
        lower: Lower::Region(checkered),
        refs: [],
    },
    ludeme! {
        /// The middle of a board of squares, or of a graph's rows and columns: its middle row, or
        /// two rows when the rows are even, met with its middle column, or two (one site to
        /// four; a graph's points there).
        name: "centre",
        kind: Region,
        positional: [],
        named: [],
        example: "(centre)",
        lower: Lower::Region(centre),
        refs: [],
    },
    ludeme! {
        /// The four corner squares of a board of squares, or a graph's points at the corners of
        /// its rows and columns (fewer on a board of one row or column).
        name: "corners",
        kind: Region,
        positional: [],
        named: [],
        example: "(corners)",
        lower: Lower::Region(corners),
        refs: [],
    },
];

/// A region's sites for each mover, P1 first: `Mover` and `Next` name a different player's.
pub type MoverSites = [Vec<Site>; MAX_PLAYERS];

/// Where a region is evaluated: its rules for owners differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// In a declaration: fixed sites, owners are P1 or P2.
    Declaration,
    /// In the rules: sites for each mover, owners may be Mover or Next.
    Play,
}

/// What a region is evaluated against: the board and the declarations, and where its errors go.
/// The checker reports them; the compiler, which runs on checked games, meets none.
pub trait Board {
    /// The game's declarations.
    fn symbols(&self) -> &Symbols;
    /// The value, if it is in `0..limit`; reported otherwise.
    fn in_range(&mut self, node: &Node, value: i64, limit: usize, what: &str) -> Option<usize>;
    /// The player who owns a declaration (P1 or P2); any other name is reported.
    fn owner(&mut self, node: &Node) -> Option<Option<u8>>;
    /// Reports a name nothing declares.
    fn undefined(&mut self, at: &Node, what: &str, name: &str);
    /// Reports an error.
    fn report(&mut self, d: Diagnostic);
    /// Reports a warning: the file loads, but likely does not say what was meant. The checker
    /// keeps them; the compiler, which evaluates the same regions again, drops them.
    fn warn(&mut self, d: Diagnostic);
}

/// The sites of a region expression, for each mover (P1 first); `None` after an error.
pub fn sites(b: &mut dyn Board, node: &Node, scope: Scope) -> Option<MoverSites> {
    match lowering(node, Region) {
        Some(Lower::Region(f)) => f(b, node, scope),
        _ => {
            b.report(
                Diagnostic::new(
                    "check::kind",
                    node.span,
                    format!("{} is not a region", node.describe()),
                )
                .label("cannot be compiled")
                .help("write a region such as `(row 0)`")
                .via(node.via),
            );
            None
        }
    }
}

fn fixed(v: Vec<Site>) -> MoverSites {
    std::array::from_fn(|_| v.clone())
}

/// A number written out at a position, in range (a computed one is refused by the compiler's
/// scope check, which names it).
fn at(b: &mut dyn Board, node: &Node, i: usize, limit: usize, what: &str) -> Option<usize> {
    let n = node.pos(i)?;
    b.in_range(n, n.as_int()?, limit, what)
}

fn row(b: &mut dyn Board, node: &Node, _: Scope) -> Option<MoverSites> {
    let (rows, cols) = (b.symbols().rows, b.symbols().columns);
    let r = at(b, node, 0, rows, "row")?;
    Some(fixed(
        (0..cols)
            .filter_map(|c| b.symbols().site_at(r, c))
            .collect(),
    ))
}

fn column(b: &mut dyn Board, node: &Node, _: Scope) -> Option<MoverSites> {
    let (rows, cols) = (b.symbols().rows, b.symbols().columns);
    let c = at(b, node, 0, cols, "column")?;
    Some(fixed(
        (0..rows)
            .filter_map(|r| b.symbols().site_at(r, c))
            .collect(),
    ))
}

fn rect(b: &mut dyn Board, node: &Node, _: Scope) -> Option<MoverSites> {
    let (rows, cols) = (b.symbols().rows, b.symbols().columns);
    let r0 = at(b, node, 0, rows, "row")?;
    let c0 = at(b, node, 1, cols, "column")?;
    let r1 = at(b, node, 2, rows, "row")?;
    let c1 = at(b, node, 3, cols, "column")?;
    Some(fixed(
        (r0.min(r1)..=r0.max(r1))
            .flat_map(|r| (c0.min(c1)..=c0.max(c1)).map(move |c| (r, c)))
            .filter_map(|(r, c)| b.symbols().site_at(r, c))
            .collect(),
    ))
}

/// The sites listed, as a set: a site named again is dropped, with a warning, so that no move,
/// count or draw sees it twice.
fn listed(b: &mut dyn Board, node: &Node, _: Scope) -> Option<MoverSites> {
    let list = node.pos(0);
    let sites = site_list(b, list)?;
    let items = list.and_then(|l| l.as_list()).unwrap_or(&[]);
    // Where each site was first named (site_list keeps every item when it succeeds).
    let mut first: Vec<Option<&Node>> = Vec::new();
    let mut out = Vec::with_capacity(sites.len());
    for (&site, item) in sites.iter().zip(items) {
        let i = site as usize;
        if first.len() <= i {
            first.resize(i + 1, None);
        }
        let Some(before) = first[i] else {
            first[i] = Some(item);
            out.push(site);
            continue;
        };
        b.warn(
            Diagnostic::new(
                "check::repeated-site",
                item.span,
                format!("site {site} is named twice in this region"),
            )
            .label("named again")
            .related(before.span, "first named here")
            .help(format!(
                "a region is a set of sites, so it counts once; remove the second `{site}`"
            ))
            .via(item.via)
            .warning(),
        );
    }
    Some(fixed(out))
}

/// Sites marked so far: a set that grows to the largest site marked.
#[derive(Default)]
struct Marks(Vec<bool>);

impl Marks {
    /// Marks a site; whether it was new.
    fn mark(&mut self, site: Site) -> bool {
        let i = site as usize;
        if self.0.len() <= i {
            self.0.resize(i + 1, false);
        }
        !std::mem::replace(&mut self.0[i], true)
    }

    fn has(&self, site: Site) -> bool {
        self.0.get(site as usize).copied().unwrap_or(false)
    }
}

/// The sites of a list of site numbers, every one in range (each one out of it is reported).
pub fn site_list(b: &mut dyn Board, list: Option<&Node>) -> Option<Vec<Site>> {
    let items = list.and_then(|l| l.as_list()).unwrap_or(&[]);
    let mut out = Vec::new();
    let mut ok = true;
    for item in items {
        // A computed site is refused by the compiler's scope check, which names it.
        let Some(v) = item.as_int() else {
            ok = false;
            continue;
        };
        match b.in_range(item, v, b.symbols().sites(), "site") {
            Some(s) => out.push(s as Site),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

fn all_sites(b: &mut dyn Board, _: &Node, _: Scope) -> Option<MoverSites> {
    Some(fixed((0..b.symbols().sites()).map(|s| s as Site).collect()))
}

fn union(b: &mut dyn Board, node: &Node, scope: Scope) -> Option<MoverSites> {
    let mut out = MoverSites::default();
    let mut seen: [Marks; MAX_PLAYERS] = Default::default();
    for p in parts(node) {
        let s = sites(b, p, scope)?;
        for m in 0..MAX_PLAYERS {
            for &x in &s[m] {
                if seen[m].mark(x) {
                    out[m].push(x);
                }
            }
        }
    }
    Some(out)
}

/// The regions a ludeme joins or meets: its positional arguments, or one list of them.
fn parts(node: &Node) -> Vec<&Node> {
    match node.positional().collect::<Vec<_>>().as_slice() {
        [one] if one.as_list().is_some() => one.as_list().unwrap_or(&[]).iter().collect(),
        many => many.to_vec(),
    }
}

fn intersection(b: &mut dyn Board, node: &Node, scope: Scope) -> Option<MoverSites> {
    let mut out: Option<MoverSites> = None;
    for p in parts(node) {
        let s = sites(b, p, scope)?;
        out = Some(match out {
            None => s,
            Some(mut acc) => {
                for (kept, other) in acc.iter_mut().zip(&s) {
                    let mut inside = Marks::default();
                    other.iter().for_each(|&x| _ = inside.mark(x));
                    kept.retain(|&x| inside.has(x));
                }
                acc
            }
        });
    }
    out
}

/// Whether the board is of squares (or, where `points` allows, a graph of points in rows and
/// columns); reported otherwise, naming the ludeme.
fn on_squares(b: &mut dyn Board, node: &Node, points: bool) -> bool {
    let tiling = b.symbols().tiling;
    let fits = tiling == Tiling::Square || (points && tiling == Tiling::Graph);
    if !fits {
        let name = node.head().unwrap_or("this region");
        let (cells, boards) = match tiling {
            Tiling::Graph => ("this board is a graph of points", "square or rectangular"),
            _ if points => (
                "this board's cells are hexagons",
                "square, rectangular or graph",
            ),
            _ => ("this board's cells are hexagons", "square or rectangular"),
        };
        b.report(
            Diagnostic::new(
                "check::out-of-range",
                node.span,
                format!("`{name}` needs a board of squares"),
            )
            .label(cells)
            .help(format!("use `{name}` on a {boards} board"))
            .via(node.via),
        );
    }
    fits
}

/// The sites at the rows and columns given, each pair once, in order of rows then columns.
fn grid_cells(b: &dyn Board, rows: &[usize], columns: &[usize]) -> Vec<Site> {
    let mut out: Vec<Site> = Vec::new();
    for &r in rows {
        for &c in columns {
            if let Some(s) = b.symbols().site_at(r, c).filter(|s| !out.contains(s)) {
                out.push(s);
            }
        }
    }
    out
}

fn centre(b: &mut dyn Board, node: &Node, _: Scope) -> Option<MoverSites> {
    if !on_squares(b, node, true) {
        return None;
    }
    // The middle one of an odd count, the middle two of an even one.
    let middle = |n: usize| {
        let half = n.saturating_sub(1) / 2;
        if n.is_multiple_of(2) {
            vec![half, half + 1]
        } else {
            vec![half]
        }
    };
    let (rows, cols) = (b.symbols().rows, b.symbols().columns);
    Some(fixed(grid_cells(b, &middle(rows), &middle(cols))))
}

fn corners(b: &mut dyn Board, node: &Node, _: Scope) -> Option<MoverSites> {
    if !on_squares(b, node, true) {
        return None;
    }
    let (rows, cols) = (b.symbols().rows, b.symbols().columns);
    let ends = |n: usize| vec![0, n.saturating_sub(1)];
    Some(fixed(grid_cells(b, &ends(rows), &ends(cols))))
}

fn checkered(b: &mut dyn Board, node: &Node, _: Scope) -> Option<MoverSites> {
    if !on_squares(b, node, false) {
        return None;
    }
    // a1, row 0 and column 0, is dark: dark squares have an even sum of row and column.
    let dark = node.pos(0).and_then(|n| n.as_name()) != Some("Light");
    let (rows, cols) = (b.symbols().rows, b.symbols().columns);
    let squares = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter(|(r, c)| ((r + c) % 2 == 0) == dark)
        .filter_map(|(r, c)| b.symbols().site_at(r, c))
        .collect();
    Some(fixed(squares))
}

fn declared(b: &mut dyn Board, node: &Node, scope: Scope) -> Option<MoverSites> {
    let name_node = node.pos(0)?;
    let name = name_node.as_str()?;
    let of = |b: &dyn Board, p: Option<u8>| {
        b.symbols()
            .regions
            .iter()
            .find(|r| r.name == name && r.owner == p)
            .map(|r| r.sites.clone())
    };
    if scope == Scope::Declaration {
        let owner = match node.pos(1) {
            Some(o) => b.owner(o)?,
            None => None,
        };
        return match of(b, owner) {
            Some(s) => Some(fixed(s)),
            None => {
                b.undefined(name_node, "region", name);
                None
            }
        };
    }
    owner_fits(b, node, name_node, name)?;
    let of = |p| of(b, p).unwrap_or_default();
    // Each mover's list: the region of the player the role names for that mover.
    let players = b.symbols().players as usize;
    let (next, prev) = Rules::turn_order(players as u8);
    let role = node.pos(1).and_then(|o| o.as_name());
    let whose = |m: usize| match role {
        None => None,
        Some("Mover") => Some(m as u8),
        Some("Next") => Some(next[m]),
        Some("Prev") => Some(prev[m]),
        Some(other) => seat_of(other),
    };
    Some(std::array::from_fn(|m| {
        if m < players || role.is_none() {
            of(whose(m))
        } else {
            Vec::new()
        }
    }))
}

/// Whether a region used in the rules is declared with the owner written (shared regions have
/// none, per-player ones need one); reports it otherwise.
fn owner_fits(b: &mut dyn Board, node: &Node, name_node: &Node, name: &str) -> Option<()> {
    let decls: Vec<Option<u8>> = b.symbols().regions_named(name).map(|r| r.owner).collect();
    if decls.is_empty() {
        b.undefined(name_node, "region", name);
        return None;
    }
    let per_player = decls.iter().any(|o| o.is_some());
    let error = match (node.pos(1), per_player) {
        (None, true) => Diagnostic::new(
            "check::arity",
            node.span,
            format!("region \"{name}\" belongs to each player; say whose"),
        )
        .label("whose region?")
        .help(format!(
            "write `(region \"{name}\" Mover)`, `Next`, `P1` or `P2`"
        ))
        .via(node.via),
        (Some(o), false) => Diagnostic::new(
            "check::arity",
            o.span,
            format!("region \"{name}\" is shared; it has no owner"),
        )
        .label("not needed")
        .help(format!("write `(region \"{name}\")`"))
        .via(o.via),
        (Some(o), true) => {
            let role = o.as_name().unwrap_or_default();
            if seat_of(role).is_none() && !matches!(role, "Mover" | "Next" | "Prev") {
                Diagnostic::new(
                    "check::out-of-range",
                    o.span,
                    format!(
                        "region \"{name}\" belongs to one player; `{}` is not one",
                        o.as_name().unwrap_or("?")
                    ),
                )
                .label("expected P1 to P4, Mover, Next or Prev")
                .help("name the player whose region this is")
                .via(o.via)
            } else {
                if let Some(p) = seat_of(role).filter(|&p| p < b.symbols().players) {
                    if !decls.contains(&Some(p)) {
                        b.undefined(name_node, "region", name);
                        return None;
                    }
                }
                return Some(());
            }
        }
        (None, false) => return Some(()),
    };
    b.report(error);
    None
}
