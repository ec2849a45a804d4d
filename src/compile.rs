//! Stage 4: a checked game lowered into its executable form ([`Game`]): tables, regions as
//! per-mover site lists and bitsets, move generators, phases and end rules.

mod chance;
pub mod choice;
pub mod draw;
mod endless;
pub mod ir;
mod scope;
mod start_end;

use crate::check::{Checked, Symbols};
use crate::diagnostic::Diagnostic;
use crate::syntax::{Node, NodeKind};
use chance::branches_with_pips;
use ir::*;

/// The most counters or pieces a game may hold in all; counts are 16-bit.
pub const MAX_COUNTERS: i64 = 60_000;
/// The most player variables.
pub const MAX_VARS: usize = 8;
/// The most move generators, regions or filters a game may have: the executable form numbers
/// them in 16 bits, with room for its markers (a pass, a throw, no filter).
pub const MAX_PARTS: usize = 4096;

/// Compiles a checked game.
pub fn compile(checked: &Checked, source: &str) -> Result<Game, Vec<Diagnostic>> {
    let sym = &checked.symbols;
    let mut c = Compiler {
        sym,
        source,
        end_branches: Vec::new(),
        regions: Vec::new(),
        gens: Vec::new(),
        errors: Vec::new(),
        phase_names: Vec::new(),
        repetition: false,
        filters: Vec::new(),
        needs_sown: false,
    };
    let game = &checked.expanded.game;
    // Misplaced ludemes would compile to conditions that never hold or numbers read as nothing.
    let misplaced = scope::check(game);
    if !misplaced.is_empty() {
        return Err(misplaced);
    }
    let rules = game.pos(3);
    let (start, play, end) = (
        rules.and_then(|r| r.pos(0)),
        rules.and_then(|r| r.pos(1)),
        rules.and_then(|r| r.pos(2)),
    );
    let setup = start.map(|s| c.setup(s)).unwrap_or_default();
    let phases = play
        .and_then(|p| p.pos(0))
        .map(|p| c.play(p))
        .unwrap_or_default();
    let end_rules = end.map(|e| c.end(e)).unwrap_or_default();
    let warnings: Vec<Diagnostic> = endless::warning(&end_rules, end.map_or(game.span, |e| e.span))
        .into_iter()
        .collect();
    for (n, what) in [
        (c.gens.len(), "move generators"),
        (c.regions.len(), "regions"),
        (c.filters.len(), "filters"),
    ] {
        if n > MAX_PARTS {
            c.errors.push(
                Diagnostic::new(
                    "check::out-of-range",
                    game.span,
                    format!("this game has {n} {what}; ludus allows {MAX_PARTS}"),
                )
                .label(format!("too many {what}"))
                .help("share them through defines with fewer distinct forms"),
            );
        }
    }
    if sym.vars.len() > MAX_VARS {
        c.errors.push(
            Diagnostic::new(
                "check::out-of-range",
                game.span,
                format!(
                    "this game declares {} player variables; ludus allows {MAX_VARS}",
                    sym.vars.len()
                ),
            )
            .label("too many variables")
            .help("merge variables, or use piece states"),
        );
    }
    let total: i64 = setup
        .iter()
        .map(|s| match s {
            Setup::Fill(sites, n) | Setup::Hand(sites, n) => sites.len() as i64 * *n as i64,
            Setup::Pieces { sites, .. } => sites.len() as i64,
        })
        .sum();
    if total > MAX_COUNTERS {
        c.errors.push(
            Diagnostic::new("check::out-of-range", start.map_or(game.span, |s| s.span), format!("the start puts {total} counters and pieces in play; ludus allows {MAX_COUNTERS}"))
                .label("too many counters")
                .help("lower the counts per hole or in hand"),
        );
    }
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    let n = sym.sites();
    let board_never_grows = !c.gens.iter().any(|g| matches!(g.gen, Gen::Place { .. }));
    let mut compiled = Game {
        name: checked.expanded.name.clone(),
        metadata: checked.expanded.metadata.clone(),
        options: checked.expanded.options.clone(),
        option_values: checked.expanded.values.clone(),
        source_hash: fnv1a(source.as_bytes()),
        players: sym.players,
        next: Game::turn_order(sym.players).0,
        prev: Game::turn_order(sym.players).1,
        rows: sym.rows,
        columns: sym.columns,
        board_sites: Sites::of(&(0..n).map(|s| s as u8).collect::<Vec<_>>()),
        steps: std::array::from_fn(|d| {
            let c = sym.columns as i32;
            let delta = [c, c + 1, 1, 1 - c, -c, -c - 1, -1, c - 1][d];
            let has: Vec<u8> = (0..n)
                .filter(|&s| neighbours(s, sym.rows, sym.columns)[d] != NO_SITE)
                .map(|s| s as u8)
                .collect();
            (delta, Sites::of(&has))
        }),
        neighbours: (0..n)
            .map(|s| neighbours(s, sym.rows, sym.columns))
            .collect(),
        regions: c.regions,
        tracks: sym
            .tracks
            .iter()
            .filter(|t| t.owner.is_none_or(|o| o == 0))
            .map(|t| {
                // Each player's own declaration, else the shared (or P1's) one.
                let sites: [Vec<u8>; MAX_PLAYERS] = std::array::from_fn(|p| {
                    sym.tracks
                        .iter()
                        .find(|u| u.name == t.name && u.owner == Some(p as u8))
                        .map_or(&t.sites, |u| &u.sites)
                        .clone()
                });
                let index = |sites: &[u8]| {
                    let mut idx = vec![NO_SITE; n];
                    for (i, &s) in sites.iter().enumerate().rev() {
                        idx[s as usize] = i as u8;
                    }
                    idx
                };
                Track {
                    first_index: std::array::from_fn(|p| index(&sites[p])),
                    on: std::array::from_fn(|p| Sites::of(&sites[p])),
                    sites,
                    looped: t.looped,
                }
            })
            .collect(),
        dice: sym
            .dice
            .iter()
            .map(|(_, outcomes)| {
                let total: u64 = outcomes.iter().map(|o| o.1).sum();
                let mut acc = 0;
                let cumulative: Vec<u64> = outcomes
                    .iter()
                    .map(|o| {
                        acc += o.1;
                        acc
                    })
                    .collect();
                // Small weight totals (six sticks: 64) get a table from draw to outcome.
                let by_draw = if total <= Dice::MAX_TABLE && outcomes.len() <= 256 {
                    (0..total)
                        .map(|r| cumulative.partition_point(|&c| c <= r) as u8)
                        .collect()
                } else {
                    Vec::new()
                };
                Dice {
                    outcomes: outcomes
                        .iter()
                        .map(|&(v, w)| (v, w as f64 / total as f64))
                        .collect(),
                    cumulative,
                    by_draw,
                }
            })
            .collect(),
        states: sym.states.clone(),
        vars: sym.vars.clone(),
        hands: sym.hands,
        gens: c.gens,
        filters: c.filters.iter().map(Choice::of).collect(),
        needs_sown: c.needs_sown,
        phases,
        phase_names: c.phase_names,
        setup,
        end_choice: Choice::first(end_rules.iter().map(|(c, _)| c)),
        end: end_rules,
        end_conditions: c.end_branches,
        tracks_repetition: c.repetition,
        board_never_grows,
        max_edges: DEFAULT_MAX_EDGES,
        warnings,
    };
    draw::attach(&mut compiled);
    Ok(compiled)
}

/// A stable 64-bit hash of a text (FNV-1a).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

fn neighbours(site: usize, rows: usize, cols: usize) -> [u8; 8] {
    let (r, c) = ((site / cols) as i64, (site % cols) as i64);
    let deltas = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let mut out = [NO_SITE; 8];
    for (i, (dr, dc)) in deltas.iter().enumerate() {
        let (nr, nc) = (r + dr, c + dc);
        if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
            out[i] = (nr as usize * cols + nc as usize) as u8;
        }
    }
    out
}

struct Compiler<'a> {
    sym: &'a Symbols,
    source: &'a str,
    /// Each end rule's conditions, its `or` split up, with their source text.
    end_branches: Vec<(Cond, String)>,
    regions: Vec<Region>,
    gens: Vec<GenDef>,
    errors: Vec<Diagnostic>,
    phase_names: Vec<String>,
    repetition: bool,
    filters: Vec<Cond>,
    needs_sown: bool,
}

impl Compiler<'_> {
    fn error(&mut self, node: &Node, message: impl Into<String>, help: &str) {
        self.errors.push(
            Diagnostic::new("check::kind", node.span, message)
                .label("cannot be compiled")
                .help(help)
                .via(node.via),
        );
    }

    fn who(&mut self, node: Option<&Node>) -> Who {
        let name = node.and_then(|n| n.as_name());
        match name {
            Some("Next") => Who::Next,
            Some("Prev") => Who::Prev,
            Some("Mover") => Who::Mover,
            _ => match name.and_then(seat_of) {
                Some(p) => Who::Player(p),
                None => {
                    if let Some(n) = node {
                        self.errors.push(
                            Diagnostic::new(
                                "check::out-of-range",
                                n.span,
                                format!("`{}` does not name one player here", name.unwrap_or("?")),
                            )
                            .label("expected P1 to P4, Mover, Next or Prev")
                            .help("this ludeme is about one player")
                            .via(n.via),
                        );
                    }
                    Who::Mover
                }
            },
        }
    }

    /// Sites of a region expression for each possible mover.
    fn region_sites(&mut self, node: &Node) -> [Vec<u8>; MAX_PLAYERS] {
        let (rows, cols) = (self.sym.rows, self.sym.columns);
        let fixed = |v: Vec<u8>| -> [Vec<u8>; MAX_PLAYERS] { std::array::from_fn(|_| v.clone()) };
        let int = |i: usize| node.pos(i).and_then(|n| n.as_int()).unwrap_or(0).max(0) as usize;
        match node.head() {
            Some("row") => fixed((0..cols).map(|c| (int(0) * cols + c) as u8).collect()),
            Some("column") => fixed((0..rows).map(|r| (r * cols + int(0)) as u8).collect()),
            Some("rect") => {
                let (r0, c0, r1, c1) = (int(0), int(1), int(2), int(3));
                fixed(
                    (r0.min(r1)..=r0.max(r1))
                        .flat_map(|r| (c0.min(c1)..=c0.max(c1)).map(move |c| (r * cols + c) as u8))
                        .collect(),
                )
            }
            Some("sites") => fixed(
                node.pos(0)
                    .and_then(|l| l.as_list())
                    .unwrap_or(&[])
                    .iter()
                    .filter_map(|n| n.as_int())
                    .map(|s| s as u8)
                    .collect(),
            ),
            Some("all-sites") => fixed((0..rows * cols).map(|s| s as u8).collect()),
            Some("union") => {
                let parts: Vec<Node> = match node.positional().collect::<Vec<_>>().as_slice() {
                    [one] if one.as_list().is_some() => one.as_list().unwrap_or(&[]).to_vec(),
                    many => many.iter().map(|n| (*n).clone()).collect(),
                };
                let mut out: [Vec<u8>; MAX_PLAYERS] = Default::default();
                for p in &parts {
                    let s = self.region_sites(p);
                    for m in 0..MAX_PLAYERS {
                        for &x in &s[m] {
                            if !out[m].contains(&x) {
                                out[m].push(x);
                            }
                        }
                    }
                }
                out
            }
            Some("region") => {
                let name = node.pos(0).and_then(|n| n.as_str()).unwrap_or_default();
                let of = |p: Option<u8>| {
                    self.sym
                        .regions
                        .iter()
                        .find(|r| r.name == name && r.owner == p)
                        .map(|r| r.sites.clone())
                        .unwrap_or_default()
                };
                // Each mover's list: the region of the player the role names for that mover.
                let (next, prev) = Game::turn_order(self.sym.players);
                let whose = |m: usize| match node.pos(1).and_then(|o| o.as_name()) {
                    None => None,
                    Some("Mover") => Some(m as u8),
                    Some("Next") => Some(next[m]),
                    Some("Prev") => Some(prev[m]),
                    Some(other) => seat_of(other),
                };
                let players = self.sym.players as usize;
                std::array::from_fn(|m| {
                    if m < players || node.pos(1).is_none() {
                        of(whose(m))
                    } else {
                        Vec::new()
                    }
                })
            }
            _ => {
                self.error(
                    node,
                    format!("{} is not a region", node.describe()),
                    "write a region such as `(row 0)`",
                );
                Default::default()
            }
        }
    }

    fn region(&mut self, node: &Node) -> RegionRef {
        let sites = self.region_sites(node);
        let region = Region {
            mask: std::array::from_fn(|m| Sites::of(&sites[m])),
            sites,
        };
        let id = match self.regions.iter().position(|r| *r == region) {
            Some(i) => i,
            None => {
                self.regions.push(region);
                self.regions.len() - 1
            }
        };
        RegionRef(id as u16)
    }

    fn int(&mut self, node: &Node) -> IntExpr {
        if let NodeKind::Int(v) = node.kind {
            return IntExpr::Lit(v);
        }
        // Sums of numbers written out are folded: the hot path reads them as constants.
        let bin = |c: &mut Self,
                   f: fn(Box<IntExpr>, Box<IntExpr>) -> IntExpr,
                   fold: fn(i64, i64) -> i64| {
            let a = node.pos(0).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
            let b = node.pos(1).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
            match (a, b) {
                (IntExpr::Lit(x), IntExpr::Lit(y)) => IntExpr::Lit(fold(x, y)),
                (a, b) => f(Box::new(a), Box::new(b)),
            }
        };
        match node.head() {
            Some("pips") => IntExpr::Pips,
            Some("count-in") => {
                IntExpr::CountIn(node.pos(0).map(|r| self.region(r)).unwrap_or(RegionRef(0)))
            }
            Some("pieces-on-board") => IntExpr::PiecesOnBoard(self.who(node.pos(0))),
            Some("in-hand") => IntExpr::InHand(self.who(node.pos(0))),
            Some("score") => IntExpr::Score(self.who(node.pos(0))),
            Some("var") => {
                let who = self.who(node.pos(0));
                IntExpr::Var(who, self.var(node.pos(1)))
            }
            Some("moves-played") => IntExpr::MovesPlayed,
            Some("edges-played") => IntExpr::EdgesPlayed,
            Some("moves-made") => IntExpr::MovesMade(self.who(node.pos(0))),
            Some("+") => bin(self, IntExpr::Add, i64::saturating_add),
            Some("-") => bin(self, IntExpr::Sub, i64::saturating_sub),
            Some("*") => bin(self, IntExpr::Mul, i64::saturating_mul),
            _ => {
                self.error(
                    node,
                    format!("{} is not an integer", node.describe()),
                    "write a number or an integer ludeme",
                );
                IntExpr::Lit(0)
            }
        }
    }

    fn var(&self, node: Option<&Node>) -> u8 {
        let name = node.and_then(|n| n.as_str()).unwrap_or_default();
        self.sym.vars.iter().position(|v| v.0 == name).unwrap_or(0) as u8
    }

    fn state(&self, node: Option<&Node>) -> Option<u8> {
        let name = node?.as_str()?;
        self.sym
            .states
            .iter()
            .position(|s| s == name)
            .map(|i| i as u8)
    }

    fn track(&self, node: Option<&Node>) -> u16 {
        let name = node.and_then(|n| n.as_str()).unwrap_or_default();
        // Tracks are numbered by their P1 (or shared) declaration, as in `compile`.
        self.sym
            .tracks
            .iter()
            .filter(|t| t.owner.is_none_or(|o| o == 0))
            .position(|t| t.name == name)
            .unwrap_or(0) as u16
    }

    fn list_or_many(node: &Node) -> Vec<&Node> {
        match node.positional().collect::<Vec<_>>().as_slice() {
            [one] if one.as_list().is_some() => one.as_list().unwrap_or(&[]).iter().collect(),
            many => many.to_vec(),
        }
    }

    fn cond(&mut self, node: &Node) -> Cond {
        if let NodeKind::Bool(b) = node.kind {
            return Cond::Const(b);
        }
        let cmp = |c: &mut Self, op: Cmp| {
            let a = node.pos(0).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
            let b = node.pos(1).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
            compare(op, a, b)
        };
        match node.head() {
            Some("=") => cmp(self, Cmp::Eq),
            Some("!=") => cmp(self, Cmp::Ne),
            Some("<") => cmp(self, Cmp::Lt),
            Some("<=") => cmp(self, Cmp::Le),
            Some(">") => cmp(self, Cmp::Gt),
            Some(">=") => cmp(self, Cmp::Ge),
            Some("and") => Cond::And(
                Self::list_or_many(node)
                    .into_iter()
                    .map(|n| self.cond(n))
                    .collect(),
            ),
            Some("or") => Cond::Or(
                Self::list_or_many(node)
                    .into_iter()
                    .map(|n| self.cond(n))
                    .collect(),
            ),
            Some("not") => Cond::Not(Box::new(
                node.pos(0)
                    .map(|n| self.cond(n))
                    .unwrap_or(Cond::Const(false)),
            )),
            Some("is-in") => {
                let v = node.pos(0).map(|n| self.int(n)).unwrap_or(IntExpr::Lit(0));
                let items = node.pos(1).and_then(|l| l.as_list()).unwrap_or(&[]);
                // Items known before play (folded) make one list test; each computed item is
                // compared on its own.
                let mut known = Vec::new();
                let mut computed = Vec::new();
                for item in items {
                    match self.int(item) {
                        IntExpr::Lit(k) => known.push(k),
                        e => computed.push(Cond::Compare(Cmp::Eq, v.clone(), e)),
                    }
                }
                if computed.is_empty() {
                    return Cond::Leaf(Leaf::IsIn(v, known));
                }
                if !known.is_empty() {
                    computed.insert(0, Cond::Leaf(Leaf::IsIn(v, known)));
                }
                Cond::Or(computed)
            }
            Some("no-moves") => Cond::Leaf(Leaf::NoMoves(self.who(node.pos(0)))),
            Some("no-pieces") => Cond::Leaf(Leaf::NoPieces(self.who(node.pos(0)))),
            Some("repeated") => {
                self.repetition = true;
                Cond::Leaf(Leaf::Repeated)
            }
            Some("sown-into") => {
                self.needs_sown = true;
                Cond::Leaf(Leaf::SownInto(
                    node.pos(0).map(|r| self.region(r)).unwrap_or(RegionRef(0)),
                ))
            }
            _ => {
                self.error(
                    node,
                    format!("{} is not a condition", node.describe()),
                    "write a condition",
                );
                Cond::Const(false)
            }
        }
    }

    fn dirs(&mut self, node: Option<&Node>) -> Vec<u8> {
        let idx = |d: &str| DIRECTIONS.iter().position(|x| *x == d).unwrap_or(0) as u8;
        match node.and_then(|n| n.as_name()) {
            Some("Orthogonal") => ["N", "E", "S", "W"].iter().map(|d| idx(d)).collect(),
            Some("Diagonal") => ["NE", "SE", "SW", "NW"].iter().map(|d| idx(d)).collect(),
            Some("All") => (0..8).collect(),
            Some(d) => vec![idx(d)],
            None => Vec::new(),
        }
    }

    fn effects(&mut self, node: Option<&Node>) -> Vec<Effect> {
        let Some(node) = node else { return Vec::new() };
        let items: Vec<&Node> = match node.as_list() {
            Some(l) => l.iter().collect(),
            None => vec![node],
        };
        items
            .into_iter()
            .map(|e| {
                let who = self.who(e.pos(0));
                let var = self.var(e.pos(1));
                let value = e.pos(2).map(|v| self.int(v)).unwrap_or(IntExpr::Lit(0));
                Effect::SetVar(who, var, value)
            })
            .collect()
    }

    fn gen(&mut self, gen: Gen, node: &Node) -> MoveExpr {
        let then = self.effects(node.named("then"));
        self.gens.push(GenDef { gen, then });
        MoveExpr::Gen(self.gens.len() as u16 - 1)
    }

    fn moves(&mut self, node: &Node) -> MoveExpr {
        let flag = |n: Option<&Node>| matches!(n.map(|n| &n.kind), Some(NodeKind::Bool(true)));
        match node.head() {
            Some("or") => MoveExpr::Or(
                Self::list_or_many(node)
                    .into_iter()
                    .map(|n| self.moves(n))
                    .collect(),
            ),
            Some("if") => {
                let c = node
                    .pos(0)
                    .map(|n| self.cond(n))
                    .unwrap_or(Cond::Const(false));
                let t = node
                    .pos(1)
                    .map(|n| self.moves(n))
                    .unwrap_or(MoveExpr::Or(Vec::new()));
                let e = node.pos(2).map(|n| Box::new(self.moves(n)));
                MoveExpr::If(Choice::of(&c), Box::new(t), e)
            }
            Some("filter") => {
                let c = node
                    .pos(0)
                    .map(|n| self.cond(n))
                    .unwrap_or(Cond::Const(false));
                let m = node
                    .pos(1)
                    .map(|n| self.moves(n))
                    .unwrap_or(MoveExpr::Or(Vec::new()));
                self.filters.push(c);
                MoveExpr::Filter(self.filters.len() as u16 - 1, Box::new(m))
            }
            Some("place") => {
                let count = node.pos(0).and_then(|n| n.as_int()).unwrap_or(1);
                if !(1..=MAX_COUNTERS).contains(&count) {
                    self.error(
                        node,
                        format!("placing {count} pieces at once is out of range"),
                        "place 1 or more pieces",
                    );
                }
                let to = node.named("to").map(|r| self.region(r));
                self.gen(
                    Gen::Place {
                        count: count.clamp(1, MAX_COUNTERS) as u16,
                        to,
                    },
                    node,
                )
            }
            Some("step") => {
                let dirs = self.dirs(node.pos(0));
                let to = node.named("to").map(|r| self.region(r));
                self.gen(Gen::Step { dirs, to }, node)
            }
            Some("hop") => {
                let dirs = self.dirs(node.pos(0));
                let run_in = node.named("run-in").map(|r| self.region(r));
                let edge_last = node.named("edge").and_then(|n| n.as_name()) == Some("LastSite");
                self.gen(
                    Gen::Hop {
                        dirs,
                        run_in,
                        edge_last,
                    },
                    node,
                )
            }
            Some("sow") => {
                let track = self.track(node.pos(0));
                let from = node.named("from").map(|r| self.region(r));
                let capture = node.named("capture").map(|cap| {
                    let region = cap
                        .named("in")
                        .map(|r| self.region(r))
                        .unwrap_or(RegionRef(0));
                    let mut counts = 0u64;
                    for v in cap.named("counts").and_then(|l| l.as_list()).unwrap_or(&[]) {
                        match v.as_int() {
                            Some(k @ 0..=63) => counts |= 1 << k,
                            _ => self.error(
                                v,
                                format!("{} cannot be a capture count", v.describe()),
                                "capture counts run from 0 to 63",
                            ),
                        }
                    }
                    Capture {
                        region,
                        counts,
                        backwards: flag(cap.named("backwards")),
                        grand_slam: match cap.named("grand-slam").and_then(|n| n.as_name()) {
                            Some("NoCapture") => GrandSlam::NoCapture,
                            _ => GrandSlam::Allowed,
                        },
                    }
                });
                self.gen(
                    Gen::Sow {
                        track,
                        from,
                        skip_origin: flag(node.named("skip-origin")),
                        capture,
                    },
                    node,
                )
            }
            Some("transfer") => {
                let from = node
                    .named("from")
                    .map(|r| self.region(r))
                    .unwrap_or(RegionRef(0));
                let to = node
                    .named("to")
                    .map(|r| self.region(r))
                    .unwrap_or(RegionRef(0));
                let count = node.named("count").map(|n| self.int(n));
                self.gen(Gen::Transfer { from, to, count }, node)
            }
            Some(h @ ("advance" | "advance-all")) => {
                let track = self.track(node.pos(0));
                let steps = node.pos(1).map(|n| self.int(n)).unwrap_or(IntExpr::Lit(0));
                let state = self.state(node.named("state"));
                let set_state = self.state(node.named("set-state"));
                let gen = if h == "advance" {
                    Gen::Advance {
                        track,
                        steps,
                        state,
                        set_state,
                    }
                } else {
                    Gen::AdvanceAll {
                        track,
                        steps,
                        state,
                        set_state,
                    }
                };
                self.gen(gen, node)
            }
            Some("phases") => {
                self.error(
                    node,
                    "`phases` must be the whole of `play`",
                    "write `(play (phases {...}))`",
                );
                MoveExpr::Or(Vec::new())
            }
            _ => {
                self.error(
                    node,
                    format!("{} is not a move", node.describe()),
                    "write a move ludeme",
                );
                MoveExpr::Or(Vec::new())
            }
        }
    }

    fn action(&mut self, node: Option<&Node>) -> Action {
        match node {
            Some(n) if n.head() == Some("goto") => {
                let name = n.pos(0).and_then(|p| p.as_str()).unwrap_or_default();
                let phase = self.sym.phases.iter().position(|p| p == name).unwrap_or(0) as u8;
                let pips = n.named("pips").map(|p| self.int(p));
                Action::Goto(phase, pips)
            }
            _ => Action::EndTurn,
        }
    }

    fn play(&mut self, node: &Node) -> Vec<Phase> {
        if node.head() != Some("phases") {
            self.phase_names = vec!["Play".to_string()];
            let moves = self.moves(node);
            return vec![Phase::Decision {
                moves,
                pass: false,
                next: Action::EndTurn,
                draw: DrawPlan::default(),
            }];
        }
        self.phase_names = self.sym.phases.clone();
        let list = node.pos(0).and_then(|l| l.as_list()).unwrap_or(&[]);
        list.iter()
            .map(|p| match p.head() {
                Some("chance") => {
                    let name = p.pos(1).and_then(|n| n.as_str()).unwrap_or_default();
                    let dice = self.sym.dice.iter().position(|d| d.0 == name).unwrap_or(0) as u16;
                    let branches: Vec<(Cond, Action)> = p
                        .pos(2)
                        .and_then(|l| l.as_list())
                        .unwrap_or(&[])
                        .iter()
                        .map(|b| match b.head() {
                            Some("when") => {
                                let c =
                                    b.pos(0).map(|n| self.cond(n)).unwrap_or(Cond::Const(false));
                                (c, self.action(b.pos(1)))
                            }
                            _ => (Cond::Const(true), self.action(b.pos(0))),
                        })
                        .collect();
                    let by_outcome = self.sym.dice.get(dice as usize).map_or(Vec::new(), |d| {
                        d.1.iter()
                            .map(|&(v, _)| branches_with_pips(&branches, v as i64))
                            .collect()
                    });
                    let choices = by_outcome
                        .iter()
                        .map(|b| Choice::first(b.iter().map(|(c, _)| c)))
                        .collect();
                    Phase::Chance {
                        dice,
                        by_outcome,
                        choices,
                    }
                }
                _ => {
                    let moves = p
                        .pos(1)
                        .map(|m| self.moves(m))
                        .unwrap_or(MoveExpr::Or(Vec::new()));
                    let pass =
                        matches!(p.named("pass").map(|n| &n.kind), Some(NodeKind::Bool(true)));
                    let next = self.action(p.named("next"));
                    Phase::Decision {
                        moves,
                        pass,
                        next,
                        draw: DrawPlan::default(),
                    }
                }
            })
            .collect()
    }
}

/// A comparison, with the tests of a region's emptiness read from occupancy instead of summed.
fn compare(op: Cmp, a: IntExpr, b: IntExpr) -> Cond {
    let flip = |op| match op {
        Cmp::Lt => Cmp::Gt,
        Cmp::Le => Cmp::Ge,
        Cmp::Gt => Cmp::Lt,
        Cmp::Ge => Cmp::Le,
        same => same,
    };
    let (op, region, limit) = match (&a, &b) {
        (IntExpr::CountIn(r), IntExpr::Lit(v)) => (op, *r, *v),
        (IntExpr::Lit(v), IntExpr::CountIn(r)) => (flip(op), *r, *v),
        _ => return Cond::Compare(op, a, b),
    };
    match (op, limit) {
        (Cmp::Eq, 0) | (Cmp::Le, 0) | (Cmp::Lt, 1) => Cond::Leaf(Leaf::Empty(region)),
        (Cmp::Ne, 0) | (Cmp::Gt, 0) | (Cmp::Ge, 1) => Cond::Leaf(Leaf::Filled(region)),
        _ => Cond::Compare(op, a, b),
    }
}
