//! The second half of checking: declarations collected into symbol tables, and every reference
//! (regions, tracks, dice, states, variables, phases, sites, rows, players) resolved or reported.

use crate::board::topology::{grid_site, grid_sites, GraphBoard, Tiling, SQUARE_STEPS};
use crate::board::MAX_PLAYERS;
use crate::board::MAX_VARS;
use crate::board::{Site, NO_SITE};
use crate::check::registry::Kind;
use crate::diagnostic::Diagnostic;
use crate::expand::{suggest, Expanded};
use crate::ludemes::{region_sites, Scope};
use crate::syntax::{Node, Span};
use std::collections::{HashMap, HashSet};

mod dice;
mod graph;
mod graphics;
mod jumps;
mod references;
mod tracks;

pub use crate::board::{seat_of, MAX_SITES};

/// A game that passed every check, with its symbol tables.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The expanded game.
    pub expanded: Expanded,
    /// Its declarations.
    pub symbols: Symbols,
    /// What the checker found that does not stop the load.
    pub warnings: Vec<Diagnostic>,
}

/// The declarations of a game.
#[derive(Debug, Clone, Default)]
pub struct Symbols {
    /// Number of players.
    pub players: u8,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub columns: usize,
    /// The shape of the board's cells.
    pub tiling: Tiling,
    /// The points and links of a board declared as a graph.
    pub graph: Option<GraphBoard>,
    /// Declared regions, with their sites.
    pub regions: Vec<RegionDecl>,
    /// Declared tracks, with their sites in order.
    pub tracks: Vec<TrackDecl>,
    /// Declared dice: name and (value, weight) outcomes.
    pub dice: Vec<(String, Vec<(i32, u64)>)>,
    /// Per declared dice, in the same order: how many are thrown together to be used one at a
    /// time (1 for one die or sticks), and whether equal dice are used twice over.
    pub dice_sets: Vec<(u8, bool)>,
    /// Piece states; pieces start in the first.
    pub states: Vec<String>,
    /// Piece kinds; pieces are of the first unless said otherwise.
    pub kinds: Vec<String>,
    /// Demotions of kinds captured into a hand (`piece-kinds`' `demote:`): a piece of the first
    /// kind of each pair is held as the second.
    pub demote: Vec<(String, String)>,
    /// Player variables and their initial values.
    pub vars: Vec<(String, i64)>,
    /// Whether players have hands.
    pub hands: bool,
    /// Phase names, in order, when the play has phases.
    pub phases: Vec<String>,
    /// Whether a track passes through the players' stores: each player's store is then a place
    /// off the grid, numbered after the board's sites (P1's first).
    pub stores: bool,
    /// How the board looks in a picture: the `(graphics ...)` section read.
    pub graphics: crate::ludemes::Graphics,
    /// The declarations of each region and track name, so that finding them costs no scan.
    index: Index,
}

/// Where the regions and tracks of each name are in [`Symbols`]: a name has at most one
/// declaration per owner, so each list is short.
#[derive(Debug, Clone, Default)]
struct Index {
    regions: HashMap<String, Vec<usize>>,
    tracks: HashMap<String, Vec<usize>>,
    /// The number of each track name: tracks are numbered by their shared (or P1's)
    /// declarations, in order.
    track_numbers: HashMap<String, usize>,
    /// How many shared (or P1's) track declarations there are.
    numbered: usize,
}

/// A declared region.
#[derive(Debug, Clone)]
pub struct RegionDecl {
    /// Its name.
    pub name: String,
    /// The player it belongs to (0-based), or none for a shared region.
    pub owner: Option<u8>,
    /// Its sites, in the order written.
    pub sites: Vec<Site>,
    /// Where it is declared.
    pub span: Span,
}

/// A declared track.
#[derive(Debug, Clone)]
pub struct TrackDecl {
    /// Its name.
    pub name: String,
    /// The player it belongs to, or none for a shared track.
    pub owner: Option<u8>,
    /// Its sites in order; a site may repeat.
    pub sites: Vec<Site>,
    /// Whether it returns to its start.
    pub looped: bool,
    /// Its jumps (`jumps:`), as (from, to) places on it, 0 for its first square.
    pub jumps: Vec<(u8, u8)>,
    /// Where it is declared.
    pub span: Span,
}

impl Symbols {
    /// Number of sites.
    pub fn sites(&self) -> usize {
        match &self.graph {
            Some(g) => g.points.len(),
            None => grid_sites(self.tiling, self.rows, self.columns),
        }
    }

    /// The site at a row and column of the grid, if that cell (or point) is on the board.
    pub fn site_at(&self, row: usize, column: usize) -> Option<Site> {
        if let Some(g) = &self.graph {
            return g.site_at(row, column);
        }
        grid_site(self.tiling, self.rows, self.columns, row, column).map(|s| s as Site)
    }

    /// The neighbour of `site` in direction `dir` (an index into `DIRECTIONS`), on a board of
    /// squares or a graph.
    pub fn neighbour(&self, site: Site, dir: usize) -> Option<Site> {
        if let Some(g) = &self.graph {
            return g
                .links
                .get(site as usize)
                .map(|l| l[dir])
                .filter(|&s| s != NO_SITE);
        }
        let (dr, dc) = SQUARE_STEPS[dir];
        let (r, c) = (
            site as usize / self.columns.max(1),
            site as usize % self.columns.max(1),
        );
        let (r, c) = (
            usize::try_from(r as i64 + dr).ok()?,
            usize::try_from(c as i64 + dc).ok()?,
        );
        self.site_at(r, c)
    }

    /// The place of player `p`'s store, off the grid after the board's sites.
    pub fn store_site(&self, p: u8) -> Site {
        (self.sites() + p as usize) as Site
    }

    /// Regions called `name`.
    pub fn regions_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a RegionDecl> + 'a {
        let at = self.index.regions.get(name).map_or(&[][..], Vec::as_slice);
        at.iter().map(|&i| &self.regions[i])
    }

    /// Tracks called `name`.
    pub fn tracks_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a TrackDecl> + 'a {
        let at = self.index.tracks.get(name).map_or(&[][..], Vec::as_slice);
        at.iter().map(|&i| &self.tracks[i])
    }

    /// Adds a region's declaration.
    fn declare_region(&mut self, decl: RegionDecl) {
        let at = self.index.regions.entry(decl.name.clone()).or_default();
        at.push(self.regions.len());
        self.regions.push(decl);
    }

    /// The number of the track called `name`: the place of its first shared (or P1's)
    /// declaration among all those.
    pub fn track_number(&self, name: &str) -> Option<usize> {
        self.index.track_numbers.get(name).copied()
    }

    /// Adds a track's declaration.
    fn declare_track(&mut self, decl: TrackDecl) {
        let at = self.index.tracks.entry(decl.name.clone()).or_default();
        at.push(self.tracks.len());
        if decl.owner.is_none_or(|o| o == 0) {
            let number = self.index.numbered;
            self.index.numbered += 1;
            (self.index.track_numbers.entry(decl.name.clone())).or_insert(number);
        }
        self.tracks.push(decl);
    }
}

/// The most errors reported for one file; more would bury the first.
const MAX_ERRORS: usize = 200;

struct Resolver {
    symbols: Symbols,
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    /// Regions and tracks whose declaration was refused: its error stands for every use of them.
    refused: HashMap<String, Vec<&'static str>>,
    /// The names of the declared dice.
    dice: HashSet<String>,
}

/// Collects the declarations and checks every reference.
pub fn resolve(expanded: Expanded) -> Result<Checked, Vec<Diagnostic>> {
    let mut r = Resolver {
        symbols: Symbols::default(),
        errors: Vec::new(),
        warnings: Vec::new(),
        refused: HashMap::new(),
        dice: HashSet::new(),
    };
    let game = &expanded.game;
    if let Some(players) = game.pos(1) {
        let n = players.pos(0).and_then(|n| n.as_int()).unwrap_or(0);
        if (2..=MAX_PLAYERS as i64).contains(&n) {
            r.symbols.players = n as u8;
        } else {
            r.error(
                Diagnostic::new(
                    "check::out-of-range",
                    players.span,
                    format!("ludus plays games of 2 to {MAX_PLAYERS} players; this game has {n} players"),
                )
                .label(format!("{n} players"))
                .help(format!("write `(players 2)` up to `(players {MAX_PLAYERS})`")),
            );
            r.symbols.players = 2;
        }
        r.absent_players(game);
    }
    if let Some(items) = game.pos(2).and_then(|e| e.pos(0)).and_then(|l| l.as_list()) {
        r.equipment(items);
    }
    if let Some(rules) = game.pos(3) {
        if r.symbols.rows > 0 {
            r.phases(rules);
            r.references(rules, Kind::Rules);
        }
    }
    if let Some(graphics) = &expanded.graphics {
        if r.symbols.sites() > 0 {
            r.graphics(graphics);
        }
    }
    if r.errors.is_empty() {
        Ok(Checked {
            expanded,
            symbols: r.symbols,
            warnings: r.warnings,
        })
    } else {
        Err(r.errors)
    }
}

impl Resolver {
    fn error(&mut self, d: Diagnostic) {
        if !self.full() {
            self.errors.push(d);
        }
    }

    /// Whether no more errors are reported: those building a costly hint may skip it.
    fn full(&self) -> bool {
        self.errors.len() >= MAX_ERRORS
    }

    fn int(&mut self, node: Option<&Node>) -> i64 {
        node.and_then(|n| n.as_int()).unwrap_or(0)
    }

    fn player(&mut self, node: &Node, allow_none: bool) -> Option<Option<u8>> {
        match node.as_name() {
            Some(p) if seat_of(p).is_some() => {
                // A seat past the game's players is reported once, by `absent_players`.
                seat_of(p).filter(|&p| p < self.symbols.players).map(Some)
            }
            Some("Each") | Some("Shared") if allow_none => Some(None),
            other => {
                self.error(
                    Diagnostic::new(
                        "check::out-of-range",
                        node.span,
                        format!(
                            "a declaration belongs to one player, P1 to P4, not `{}`",
                            other.unwrap_or("?")
                        ),
                    )
                    .label("expected P1, P2, P3 or P4")
                    .help("Mover and Next change during the game; declarations are fixed")
                    .via(node.via),
                );
                None
            }
        }
    }

    /// The equipment's declarations: the board first (every range check below needs it), then
    /// regions, tracks, hands, dice, piece states and kinds, and player variables.
    fn equipment(&mut self, items: &[Node]) {
        let boards: Vec<&Node> = items.iter().filter(|i| i.head() == Some("board")).collect();
        match boards.as_slice() {
            [] => self.error(
                Diagnostic::new(
                    "check::missing",
                    items.first().map_or(Span::default(), |i| i.span),
                    "the equipment has no board",
                )
                .label("no `(board ...)` here")
                .help("add `(board (rectangle 2 6))` or `(board (square 5))`"),
            ),
            [board, rest @ ..] => {
                for extra in rest {
                    self.error(
                        Diagnostic::new(
                            "check::duplicate-name",
                            extra.span,
                            "a game has one board",
                        )
                        .label("second board")
                        .related(board.span, "first board")
                        .help("delete one of them")
                        .via(extra.via),
                    );
                }
                if let Some(shape) = board.pos(0).filter(|s| s.head() != Some("graph")) {
                    self.grid_board(shape);
                }
            }
        }
        if let Some(shape) = boards.first().and_then(|b| b.pos(0)) {
            if shape.head() == Some("graph") {
                self.graph_board(shape);
            }
        }
        if self.symbols.rows == 0 {
            return;
        }
        for item in items {
            match item.head() {
                Some(what @ ("region" | "track")) => self.region_or_track(item, what),
                Some("hand") => self.symbols.hands = true,
                Some("dice") => self.dice_decl(item),
                Some("piece-states") => {
                    self.symbols.states =
                        self.names_decl(item, "piece state", !self.symbols.states.is_empty());
                }
                Some("piece-kinds") => {
                    self.symbols.kinds =
                        self.names_decl(item, "piece kind", !self.symbols.kinds.is_empty());
                    self.demotions(item);
                }
                Some("var") => self.var_decl(item),
                _ => {}
            }
        }
    }

    /// A board of a grid (`square`, `rhombus`, `hexagon`, `rectangle`): its tiling, rows and
    /// columns, or an error when it has too few or too many sites.
    fn grid_board(&mut self, shape: &Node) {
        let (tiling, rows, cols) = match shape.head() {
            Some(h @ ("square" | "rhombus")) => {
                let n = self.int(shape.pos(0));
                let square = h == "square";
                (
                    if square {
                        Tiling::Square
                    } else {
                        Tiling::HexRhombus
                    },
                    n,
                    n,
                )
            }
            // A hexagon of side n lies in a rhombus of 2n - 1.
            Some("hexagon") => {
                let n = self.int(shape.pos(0)).clamp(-1, 1000);
                (Tiling::Hexagon, 2 * n - 1, 2 * n - 1)
            }
            _ => (
                Tiling::Square,
                self.int(shape.pos(0)),
                self.int(shape.pos(1)),
            ),
        };
        let within = rows.saturating_mul(cols) <= 4 * MAX_SITES as i64;
        if rows < 1
            || cols < 1
            || !within
            || grid_sites(tiling, rows as usize, cols as usize) > MAX_SITES
        {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    shape.span,
                    match tiling {
                        Tiling::Hexagon => {
                            format!("a hexagon of side {} is out of range", (rows + 1) / 2)
                        }
                        _ => format!("a board of {rows} x {cols} sites is out of range"),
                    },
                )
                .label("board size")
                .help(format!(
                    "rows and columns must be at least 1, and the board at most {MAX_SITES} sites"
                ))
                .via(shape.via),
            );
        } else {
            self.symbols.rows = rows as usize;
            self.symbols.columns = cols as usize;
            self.symbols.tiling = tiling;
            // Alternating diagonals (the only value) make a board of points and lines.
            if tiling == Tiling::Square && shape.named("diagonals").is_some() {
                self.symbols.tiling = Tiling::Graph;
                self.symbols.graph = Some(GraphBoard::alternating(rows as usize, cols as usize));
            }
        }
    }

    /// A region or track declaration (`what`); a name whose declaration was refused is kept,
    /// so that its uses are not reported again as unknown.
    fn region_or_track(&mut self, item: &Node, what: &str) {
        let declared = |s: &Symbols| (s.regions.len(), s.tracks.len());
        let before = declared(&self.symbols);
        let what = if what == "region" {
            self.region_decl(item);
            "region"
        } else {
            self.track_decl(item);
            "track"
        };
        if declared(&self.symbols) == before {
            let name = item.pos(0).and_then(|n| n.as_str()).unwrap_or_default();
            let refused = self.refused.entry(name.to_string()).or_default();
            if !refused.contains(&what) {
                refused.push(what);
            }
        }
    }

    /// A player variable: its name, once, and its initial value, up to [`MAX_VARS`].
    fn var_decl(&mut self, item: &Node) {
        let name = item
            .pos(0)
            .and_then(|n| n.as_str())
            .unwrap_or_default()
            .to_string();
        if self.symbols.vars.len() > MAX_VARS {
            // One too many is reported; the rest would only repeat it.
            return;
        }
        if self.symbols.vars.iter().any(|(n, _)| *n == name) {
            self.error(
                Diagnostic::new(
                    "check::duplicate-name",
                    item.span,
                    format!("variable \"{name}\" is declared twice"),
                )
                .label("second declaration")
                .help("give each variable a name of its own")
                .via(item.via),
            );
        }
        if self.symbols.vars.len() == MAX_VARS {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    item.span,
                    format!(
                        "this is player variable {}; ludus allows {MAX_VARS}",
                        MAX_VARS + 1
                    ),
                )
                .label("one variable too many")
                .help("merge variables, or use piece states")
                .via(item.via),
            );
        }
        let init = self.int(item.pos(1));
        self.symbols.vars.push((name, init));
    }

    /// A declared list of names (piece states, piece kinds): 1 to 255 distinct names, once.
    fn names_decl(&mut self, item: &Node, what: &str, again: bool) -> Vec<String> {
        let list = item.pos(0).and_then(|l| l.as_list()).unwrap_or(&[]);
        let names: Vec<String> = list
            .iter()
            .filter_map(|n| n.as_str().map(String::from))
            .collect();
        let head = item.head().unwrap_or_default();
        if again {
            self.error(
                Diagnostic::new(
                    "check::duplicate-name",
                    item.span,
                    format!("{what}s are declared twice"),
                )
                .label("second declaration")
                .help(format!("declare all {what}s in one list"))
                .via(item.via),
            );
        }
        if names.is_empty() || names.len() > 255 {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    item.span,
                    format!("{what}s need 1 to 255 names"),
                )
                .label(format!("{} names", names.len()))
                .help(format!("write `({head} {{\"A\" \"B\"}})`"))
                .via(item.via),
            );
        }
        self.duplicates(list, what);
        names
    }

    /// The pairs of `piece-kinds`' `demote:`: each a declared kind, the list of even length.
    fn demotions(&mut self, item: &Node) {
        let Some(list) = item.named("demote") else {
            return;
        };
        let names = list.as_list().unwrap_or(&[]);
        for n in names {
            let name = n.as_str().unwrap_or_default();
            if !self.symbols.kinds.iter().any(|k| k == name) {
                self.undefined(n, "piece kind", name);
            }
        }
        if names.len() % 2 != 0 || names.is_empty() {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    list.span,
                    "demotions come in pairs of kinds",
                )
                .label(format!("{} names", names.len()))
                .help("write `demote:{\"Promoted\" \"Base\"}`, a pair for each demoted kind")
                .via(list.via),
            );
            return;
        }
        self.symbols.demote = names
            .chunks(2)
            .map(|p| {
                let name = |n: &Node| n.as_str().unwrap_or_default().to_string();
                (name(&p[0]), name(&p[1]))
            })
            .collect();
    }

    fn duplicates(&mut self, names: &[Node], what: &str) {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for n in names {
            // The registry check passed: every name is a string.
            let Some(text) = n.as_str() else { continue };
            if let Some(&first) = seen.get(text) {
                self.error(
                    Diagnostic::new(
                        "check::duplicate-name",
                        n.span,
                        format!("{what} {} is listed twice", n.describe()),
                    )
                    .label("second time")
                    .related(first, "first time")
                    .help("list each name once")
                    .via(n.via),
                );
            } else {
                seen.insert(text, n.span);
            }
        }
    }

    /// Reports a second declaration of a region or track `name`; true when there was a first.
    fn declared_twice(&mut self, kind: &str, item: &Node, name: &str, first: Option<Span>) -> bool {
        let Some(first) = first else { return false };
        self.error(
            Diagnostic::new(
                "check::duplicate-name",
                item.span,
                format!("{kind} \"{name}\" is declared twice"),
            )
            .label("second declaration")
            .related(first, "first declaration")
            .help(format!(
                "a {kind} is declared once, or once for each player"
            ))
            .via(item.via),
        );
        true
    }

    fn region_decl(&mut self, item: &Node) {
        let name = item
            .pos(0)
            .and_then(|n| n.as_str())
            .unwrap_or_default()
            .to_string();
        let (owner, sites_node) = match (item.pos(1), item.pos(2)) {
            (Some(o), Some(s)) => match self.player(o, false) {
                Some(owner) => (owner, s),
                None => return,
            },
            (Some(s), None) => (None, s),
            _ => return,
        };
        let first = (self.symbols.regions_named(&name))
            .find(|r| clashes(r.owner, owner))
            .map(|r| r.span);
        if self.declared_twice("region", item, &name, first) {
            return;
        }
        let Some(sites) = self.region_sites(sites_node) else {
            return;
        };
        self.symbols.declare_region(RegionDecl {
            name,
            owner,
            sites,
            span: item.span,
        });
    }

    fn in_range(&mut self, node: &Node, value: i64, limit: usize, what: &str) -> Option<usize> {
        if value < 0 || value as usize >= limit {
            self.error(
                Diagnostic::new("check::out-of-range", node.span, format!("{what} {value} is out of range"))
                    .label(format!("no {what} {value}"))
                    .help(format!(
                        "the board has {} rows, {} columns and sites 0 to {}, numbered row by row from the bottom left",
                        self.symbols.rows,
                        self.symbols.columns,
                        self.symbols.sites() - 1
                    ))
                    .via(node.via),
            );
            None
        } else {
            Some(value as usize)
        }
    }

    /// Evaluates a fixed region expression (in declarations) to its sites.
    fn region_sites(&mut self, node: &Node) -> Option<Vec<Site>> {
        region_sites(self, node, Scope::Declaration).map(|[sites, ..]| sites)
    }

    /// Whether a region's or track's declaration was refused (and so reported already).
    fn is_refused(&self, what: &str, name: &str) -> bool {
        self.refused.get(name).is_some_and(|w| w.contains(&what))
    }

    fn undefined(&mut self, at: &Node, what: &str, name: &str) {
        if self.is_refused(what, name) || self.full() {
            return;
        }
        let names: Vec<String> = match what {
            "region" => self
                .symbols
                .regions
                .iter()
                .map(|r| r.name.clone())
                .collect(),
            "track" => self.symbols.tracks.iter().map(|t| t.name.clone()).collect(),
            "dice" => self.symbols.dice.iter().map(|d| d.0.clone()).collect(),
            "piece state" => self.symbols.states.clone(),
            "piece kind" => self.symbols.kinds.clone(),
            "variable" => self.symbols.vars.iter().map(|v| v.0.clone()).collect(),
            _ => self.symbols.phases.clone(),
        };
        let mut names_sorted = names.clone();
        names_sorted.dedup();
        let help = match suggest(name, names.iter().map(String::as_str)) {
            Some(s) => format!("did you mean \"{s}\"?"),
            None if names.is_empty() => {
                format!("declare the {what} first; this game declares none")
            }
            None => format!(
                "declared: {}",
                names_sorted
                    .iter()
                    .map(|n| format!("\"{n}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        self.error(
            Diagnostic::new(
                "check::undefined-name",
                at.span,
                format!("no {what} is called \"{name}\""),
            )
            .label(format!("undefined {what}"))
            .help(help)
            .via(at.via),
        );
    }
}

/// The resolver evaluates regions with every error reported.
impl crate::ludemes::Board for Resolver {
    fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    fn in_range(&mut self, node: &Node, value: i64, limit: usize, what: &str) -> Option<usize> {
        Resolver::in_range(self, node, value, limit, what)
    }

    fn owner(&mut self, node: &Node) -> Option<Option<u8>> {
        self.player(node, false)
    }

    fn undefined(&mut self, at: &Node, what: &str, name: &str) {
        Resolver::undefined(self, at, what, name)
    }

    fn report(&mut self, d: Diagnostic) {
        self.error(d)
    }

    fn warn(&mut self, d: Diagnostic) {
        // A region in a define is evaluated at each use: its warning is the define's, once.
        let again = self
            .warnings
            .iter()
            .any(|w| w.span == d.span && w.message == d.message);
        if !again && self.warnings.len() < 200 {
            self.warnings.push(d);
        }
    }
}

/// The words of a string argument, each with its span: inside the string when it is written as
/// read (no escapes), else the whole string's.
fn words(node: &Node) -> Vec<(&str, Span)> {
    let text = node.as_str().unwrap_or_default();
    let exact = (node.span.end - node.span.start) as usize == text.len() + 2;
    text.split_whitespace()
        .map(|w| {
            let at = node.span.start + 1 + (w.as_ptr() as usize - text.as_ptr() as usize) as u32;
            let span = if exact {
                Span {
                    start: at,
                    end: at + w.len() as u32,
                }
            } else {
                node.span
            };
            (w, span)
        })
        .collect()
}

/// Whether declarations owned by `a` and `b` clash: the same owner, or one for all and one not.
fn clashes(a: Option<u8>, b: Option<u8>) -> bool {
    a == b || a.is_none() != b.is_none()
}
