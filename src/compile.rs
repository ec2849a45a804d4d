//! Stage 4: a checked game lowered into its executable form ([`Rules`]): tables, regions as
//! per-mover site lists and bitsets, move generators, phases and end rules.

pub(crate) mod chance;
pub mod choice;
mod endless;
pub mod ir;
pub mod needs;
mod scope;
mod start_end;

use crate::board::topology;
use crate::check::registry::Kind;
use crate::check::{Checked, Symbols};
use crate::diagnostic::Diagnostic;
use crate::ludemes::compare;
use crate::ludemes::{lower_effects, lowering, region_sites, Lower, Scope};
use crate::syntax::{Node, NodeKind};
use ir::*;
pub use needs::Needs;

pub use crate::board::{MAX_COUNTERS, MAX_PARTS, MAX_VARS};

/// Compiles a checked game.
pub fn compile(checked: &Checked, source: &str) -> Result<Rules, Vec<Diagnostic>> {
    let sym = &checked.symbols;
    let mut c = Compiler {
        sym,
        topology: board_of(sym),
        source,
        end_branches: Vec::new(),
        regions: Vec::new(),
        gens: Vec::new(),
        errors: Vec::new(),
        phase_names: Vec::new(),
        filters: Vec::new(),
        needs: if sym.hands { Needs::HANDS } else { Needs::NONE },
        groups: crate::ludemes::GroupPlan::default(),
        chains: crate::ludemes::ChainPlan::default(),
        repetitions: None,
    };
    c.dice_together(sym);
    if sym.stores {
        for _ in 0..sym.players {
            c.topology.add_place();
        }
    }
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
        .map(|p| crate::ludemes::lower_play(&mut c, p))
        .unwrap_or_default();
    let end_rules = end.map(|e| c.end(e)).unwrap_or_default();
    let mut warnings = checked.warnings.clone();
    let end_span = end.map_or(game.span, |e| e.span);
    warnings.extend(
        endless::warning(&end_rules, end_span).or_else(|| {
            endless::stuck_warning(&phases, &c.gens, &end_rules, sym.players, end_span)
        }),
    );
    c.check_limits(game, (start, play), &setup);
    c.no_chains_with_dice(play.unwrap_or(game));
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    let n = c.topology.sites();
    let attacks = crate::ludemes::Attacks::of(&c.gens, &c.topology);
    let compiled = Rules {
        name: checked.expanded.name.clone(),
        metadata: checked.expanded.metadata.clone(),
        graphics: sym.graphics.clone(),
        options: checked.expanded.options.clone(),
        option_values: checked.expanded.values.clone(),
        source_hash: fnv1a(source.as_bytes()),
        topology: c.topology,
        players: sym.players,
        next: Rules::turn_order(sym.players).0,
        prev: Rules::turn_order(sym.players).1,
        regions: c.regions,
        tracks: lower_tracks(sym, n),
        dice: lower_all_dice(sym),
        states: sym.states.clone(),
        kinds: sym.kinds.clone(),
        demote: demotions(sym),
        vars: sym.vars.clone(),
        attacks,
        gens: c.gens,
        filters: c.filters.iter().map(Choice::of).collect(),
        guards: c.filters.iter().map(crate::ludemes::guarded).collect(),
        phases,
        phase_names: c.phase_names,
        setup,
        end_choice: Clocked::first(end_rules.iter().map(|(c, _)| c)),
        end: end_rules,
        end_conditions: c.end_branches,
        needs: c.needs,
        groups: c.groups,
        chains: c.chains,
        repetitions: c.repetitions.unwrap_or(2),
        warnings,
    };
    Ok(compiled)
}

/// For each kind, the kind a piece of it is held as once captured (`piece-kinds`' `demote:`).
/// The board the symbols declare, seated for their players.
fn board_of(sym: &Symbols) -> Topology {
    let mut topology = match sym.tiling {
        topology::Tiling::Square => Topology::rectangle(sym.rows, sym.columns),
        topology::Tiling::HexRhombus => Topology::hex_rhombus(sym.rows),
        topology::Tiling::Hexagon => Topology::hexagon(sym.rows.div_ceil(2)),
        topology::Tiling::Graph => {
            Topology::graph(sym.graph.as_ref().unwrap_or(&Default::default()))
        }
    };
    topology.seat(sym.players);
    topology
}

fn demotions(sym: &Symbols) -> Vec<u8> {
    let index = |name: &str| sym.kinds.iter().position(|k| k == name);
    let mut demote: Vec<u8> = (0..sym.kinds.len()).map(|k| k as u8).collect();
    for (from, to) in &sym.demote {
        if let (Some(f), Some(t)) = (index(from), index(to)) {
            demote[f] = t as u8;
        }
    }
    demote
}

/// Each track as the engine reads it, once per track name (the shared or P1's declaration
/// standing for the others): per player its sites in order, the first index of each of the
/// board's `n` sites on it, the set of its sites and where its jumps lead.
fn lower_tracks(sym: &Symbols, n: usize) -> Vec<Track> {
    sym.tracks
        .iter()
        .filter(|t| t.owner.is_none_or(|o| o == 0))
        .map(|t| {
            // Each player's own declaration, else the shared (or P1's) one.
            let own = |p: usize| {
                sym.tracks_named(&t.name)
                    .find(|u| u.owner == Some(p as u8))
                    .unwrap_or(t)
            };
            let sites: [Vec<Site>; MAX_PLAYERS] = std::array::from_fn(|p| own(p).sites.clone());
            let index = |sites: &[Site]| {
                let mut idx = vec![NO_SITE; n];
                for (i, &s) in sites.iter().enumerate().rev() {
                    idx[s as usize] = i as Site;
                }
                idx
            };
            Track {
                first_index: std::array::from_fn(|p| index(&sites[p])),
                on: std::array::from_fn(|p| Sites::of(&sites[p])),
                jumps: std::array::from_fn(|p| jump_table(&own(p).jumps, sites[p].len())),
                links: t.jumps.clone(),
                sites,
                looped: t.looped,
            }
        })
        .collect()
}

/// Where a piece landing on each of a track's `len` places ends, following its jumps (checked
/// to end: no cycle); empty when it has none, so a track without jumps reads nothing.
fn jump_table(jumps: &[(u8, u8)], len: usize) -> Vec<u8> {
    if jumps.is_empty() {
        return Vec::new();
    }
    (0..len)
        .map(|p| {
            let mut at = p as u8;
            // At most one jump from each square and no cycle: a chain ends within `jumps.len()`.
            for _ in 0..jumps.len() {
                match jumps.iter().find(|j| j.0 == at) {
                    Some(&(_, to)) => at = to,
                    None => break,
                }
            }
            at
        })
        .collect()
}

/// The declared dice as the engine throws them; dice thrown together with their dice to use.
fn lower_all_dice(sym: &Symbols) -> Vec<Dice> {
    sym.dice
        .iter()
        .zip(&sym.dice_sets)
        .map(|((_, outcomes), &(count, doubles))| {
            let mut dice = lower_dice(outcomes);
            if count > 1 {
                dice.sets = outcomes
                    .iter()
                    .map(|&(v, _)| crate::ludemes::dice_to_use(v, doubles))
                    .collect();
            }
            dice
        })
        .collect()
}

/// A die as the engine throws it, from its (value, weight) outcomes: their probabilities,
/// their cumulative weights and, for small totals, the outcome of each draw.
fn lower_dice(outcomes: &[(i32, u64)]) -> Dice {
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
        sets: Vec::new(),
    }
}

/// A stable 64-bit hash of a text (FNV-1a).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// The lowering of one checked game: the tables it fills as the family modules lower each
/// ludeme (see [`crate::ludemes`]).
pub struct Compiler<'a> {
    pub(crate) sym: &'a Symbols,
    /// The board, whose direction groups name the directions of steps and hops.
    pub(crate) topology: Topology,
    pub(crate) source: &'a str,
    /// Each end rule's conditions, its `or` split up, with their source text.
    pub(crate) end_branches: Vec<(Cond, String)>,
    pub(crate) regions: Vec<Region>,
    pub(crate) gens: Vec<GenDef>,
    pub(crate) errors: Vec<Diagnostic>,
    pub(crate) phase_names: Vec<String>,
    pub(crate) filters: Vec<Cond>,
    /// The state features the rules lowered so far read.
    pub(crate) needs: Needs,
    /// What the board's groups of pieces follow, for the connection tests that read them.
    pub(crate) groups: crate::ludemes::GroupPlan,
    /// What the board's chains follow, for the surround rule that reads them.
    pub(crate) chains: crate::ludemes::ChainPlan,
    /// How many times a position occurs for `repeated` to hold, once a rule said it.
    pub(crate) repetitions: Option<u16>,
}

impl Compiler<'_> {
    /// Adds an error for each part of the game past ludus's limits: move generators, regions
    /// and filters past [`MAX_PARTS`], counters and pieces at the start past [`MAX_COUNTERS`].
    fn check_limits(
        &mut self,
        game: &Node,
        (start, play): (Option<&Node>, Option<&Node>),
        setup: &[Setup],
    ) {
        // Defines are expanded like macros: sharing one does not share what it makes.
        let per_place = "once for every place it stands once defines are expanded: a define used 10 times counts 10 times";
        let play_span = play.map_or(game.span, |p| p.span);
        for (n, what, span, help) in [
            (self.gens.len(), "move generators", play_span, format!("each move ludeme counts {per_place}; let one move cover several sites or directions (a region, a list of directions) instead of writing one move for each")),
            (self.regions.len(), "regions", game.span, "each distinct set of sites counts once, however often it is written; use fewer distinct regions".to_string()),
            (self.filters.len(), "filters", play_span, format!("each `filter` counts {per_place}; filter a whole `or` of moves once instead of each move")),
        ] {
            if n > MAX_PARTS {
                self.errors.push(
                    Diagnostic::new(
                        "check::out-of-range",
                        span,
                        format!("this game has {n} {what}; ludus allows {MAX_PARTS}"),
                    )
                    .label(format!("too many {what}"))
                    .help(help),
                );
            }
        }
        let total: i64 = setup
            .iter()
            .map(|s| match s {
                Setup::Fill(sites, n) => sites.len() as i64 * *n as i64,
                Setup::Hand(players, n, _) => players.len() as i64 * *n as i64,
                Setup::Pieces { sites, count, .. } => sites.len() as i64 * *count as i64,
            })
            .sum();
        let capacity = crate::board::stack_capacity(self.sym.players);
        if self.needs.contains(Needs::LAYERS) && total > i64::from(capacity) {
            self.errors.push(
                Diagnostic::new("check::out-of-range", start.map_or(game.span, |s| s.span), format!("the start puts {total} pieces in play, and a stack of mixed owners holds at most {capacity} in a game of {} players", self.sym.players))
                    .label("more pieces than a stack holds")
                    .help(format!("give at most {capacity} pieces in all, so that no stack can overflow")),
            );
        }
        if total > MAX_COUNTERS {
            self.errors.push(
                Diagnostic::new("check::out-of-range", start.map_or(game.span, |s| s.span), format!("the start puts {total} counters and pieces in play; ludus allows {MAX_COUNTERS}"))
                    .label("too many counters")
                    .help("lower the counts per hole or in hand"),
            );
        }
    }

    /// Dice thrown together read as their total and keep their dice, used by `each-die` or not.
    fn dice_together(&mut self, sym: &Symbols) {
        if sym.dice_sets.iter().any(|&(count, _)| count > 1) {
            self.needs.insert(Needs::DICE);
        }
    }

    /// A move's die is kept in the bits a chain of jumps would use: a game with dice used one at
    /// a time has none.
    fn no_chains_with_dice(&mut self, at: &Node) {
        if self.needs.contains(Needs::DICE)
            && self
                .gens
                .iter()
                .any(|d| matches!(d.gen.family(), "jump" | "capture_step"))
        {
            self.error(
                at,
                "a game whose dice are used one at a time has no chains of jumps",
                "move pieces along tracks or lines with the dice, or throw one value (no `count:`)",
            );
        }
    }

    pub(crate) fn error(&mut self, node: &Node, message: impl Into<String>, help: &str) {
        self.errors.push(
            Diagnostic::new("check::kind", node.span, message)
                .label("cannot be compiled")
                .help(help)
                .via(node.via),
        );
    }

    pub(crate) fn who(&mut self, node: Option<&Node>) -> Who {
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
    pub(crate) fn region_sites(&mut self, node: &Node) -> [Vec<Site>; MAX_PLAYERS] {
        region_sites(self, node, Scope::Play).unwrap_or_default()
    }

    pub(crate) fn region(&mut self, node: &Node) -> RegionRef {
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

    pub(crate) fn int(&mut self, node: &Node) -> IntExpr {
        if let NodeKind::Int(v) = node.kind {
            return IntExpr::Lit(v);
        }
        match lowering(node, Kind::Int) {
            Some(Lower::Int(f)) => f(self, node),
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

    pub(crate) fn var(&self, node: Option<&Node>) -> u8 {
        let name = node.and_then(|n| n.as_str()).unwrap_or_default();
        self.sym.vars.iter().position(|v| v.0 == name).unwrap_or(0) as u8
    }

    pub(crate) fn state(&self, node: Option<&Node>) -> Option<u8> {
        index_of(&self.sym.states, node)
    }

    pub(crate) fn capture_to(&mut self, node: Option<&Node>) -> CaptureTo {
        match node.and_then(|n| n.as_name()) {
            Some("Hand") => CaptureTo::Hand,
            Some("Removed") => CaptureTo::Removed,
            Some("Captor") => {
                self.hands_keep_kinds(node);
                CaptureTo::Captor
            }
            _ => CaptureTo::Store,
        }
    }

    /// Captures go into the captor's hand by kind: the hands must be declared, and tell the
    /// game's kinds apart.
    fn hands_keep_kinds(&mut self, node: Option<&Node>) {
        self.needs.insert(Needs::KINDS_HELD.with(Needs::HANDS));
        let Some(node) = node else { return };
        if !self.sym.hands {
            self.error(
                node,
                "captures into the captor's hand need hands",
                "declare `(hand Each)` in the equipment",
            );
        }
        if self.sym.kinds.len() > crate::board::MAX_HELD_KINDS {
            self.error(
                node,
                format!(
                    "hands that keep kinds tell at most {} kinds apart",
                    crate::board::MAX_HELD_KINDS
                ),
                "declare fewer piece kinds",
            );
        }
    }

    pub(crate) fn kind(&self, node: Option<&Node>) -> Option<u8> {
        index_of(&self.sym.kinds, node)
    }

    pub(crate) fn track(&self, node: Option<&Node>) -> u16 {
        let name = node.and_then(|n| n.as_str()).unwrap_or_default();
        // Tracks are numbered by their P1 (or shared) declaration, as in `compile`.
        self.sym.track_number(name).unwrap_or(0) as u16
    }

    pub(crate) fn list_or_many(node: &Node) -> Vec<&Node> {
        match node.positional().collect::<Vec<_>>().as_slice() {
            [one] if one.as_list().is_some() => one.as_list().unwrap_or(&[]).iter().collect(),
            many => many.to_vec(),
        }
    }

    pub(crate) fn cond(&mut self, node: &Node) -> Cond {
        if let NodeKind::Bool(b) = node.kind {
            return Cond::Const(b);
        }
        match lowering(node, Kind::Cond) {
            Some(Lower::Cond(f)) => f(self, node),
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

    /// The directions a rule names: one name or a list of names, each a direction or a group in
    /// the board's table (the checker has vetted the names), as each player reads them.
    pub(crate) fn dirs(&mut self, node: Option<&Node>) -> Dirs {
        let mut dirs = Dirs::default();
        let Some(node) = node else {
            return dirs;
        };
        let names: Vec<&Node> = match node.as_list() {
            Some(list) => list.iter().collect(),
            None => vec![node],
        };
        for n in names {
            let Some(name) = n.as_name() else { continue };
            if let Some(g) = self.topology.group(name) {
                dirs.extend(g);
                continue;
            }
            // A name of the language the board lacks: N on hexagons, which have no north.
            let groups: Vec<&str> = self
                .topology
                .groups
                .iter()
                .map(|g| g.name.as_str())
                .collect();
            let help = format!("this board's directions are {}", groups.join(", "));
            self.error(n, format!("this board has no direction `{name}`"), &help);
        }
        dirs
    }

    /// Directions that must read the same for every player (a condition about lines of pieces,
    /// which has no mover to face): a player-relative name is an error.
    pub(crate) fn absolute_dirs(&mut self, node: &Node) -> Vec<u8> {
        let dirs = self.dirs(Some(node));
        if dirs.is_relative() {
            self.error(
                node,
                "these directions differ from player to player",
                "name directions of the board (N, NE, Orthogonal, All ...) here, not ones relative to a player",
            );
        }
        dirs.0[0].clone()
    }

    /// Adds a generator with the effects of its `then:`.
    pub(crate) fn gen(&mut self, gen: Gen, node: &Node) -> MoveExpr {
        let then = lower_effects(self, node.named("then"));
        let remove = crate::ludemes::lower_removal(self, node);
        let removes = remove.is_some();
        self.gens.push(GenDef { gen, then, remove });
        // Past 16 bits the game is refused (`MAX_PARTS`); the number only has to be some number.
        let g = u16::try_from(self.gens.len() - 1).unwrap_or(u16::MAX);
        // Only a generator that takes a piece pays for it.
        if removes {
            MoveExpr::Remove(g)
        } else {
            MoveExpr::Gen(g)
        }
    }

    pub(crate) fn moves(&mut self, node: &Node) -> MoveExpr {
        match lowering(node, Kind::Moves) {
            Some(Lower::Moves(f)) => f(self, node),
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
}

/// The index of the name a string node gives in a declared list (piece states, piece kinds).
fn index_of(names: &[String], node: Option<&Node>) -> Option<u8> {
    let name = node?.as_str()?;
    names.iter().position(|s| s == name).map(|i| i as u8)
}

/// The compiler evaluates regions of checked games: every range and name was checked, so an
/// error here is a checker's miss, reported rather than read as nothing.
impl crate::ludemes::Board for Compiler<'_> {
    fn symbols(&self) -> &Symbols {
        self.sym
    }

    fn in_range(&mut self, node: &Node, value: i64, limit: usize, what: &str) -> Option<usize> {
        if value < 0 || value as usize >= limit {
            self.error(
                node,
                format!("{what} {value} is out of range"),
                "the checker missed it",
            );
            return None;
        }
        Some(value as usize)
    }

    fn owner(&mut self, node: &Node) -> Option<Option<u8>> {
        match node.as_name().and_then(seat_of) {
            Some(p) => Some(Some(p)),
            None => {
                self.error(
                    node,
                    "a declaration belongs to one player",
                    "write P1 to P4",
                );
                None
            }
        }
    }

    fn undefined(&mut self, at: &Node, what: &str, name: &str) {
        self.error(at, format!("no {what} is called \"{name}\""), "declare it");
    }

    fn report(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    /// The checker reported it already.
    fn warn(&mut self, _: Diagnostic) {}
}
