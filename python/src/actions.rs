//! The action encoding: every move of a compiled game as an integer in `0..size`, the same
//! integer for the same move in every position, so that a policy's outputs mean the same thing
//! everywhere (pyspiel's `num_distinct_actions`), and two moves legal together never share one.
//!
//! Layout: the pass, then one action per throw value (the lowest to the highest of the game's
//! dice), then a block per generator, numbered by the shape of its moves (docs/PYTHON.md):
//! - on one site (place, sow, swap, enter, lift): by the site; a drop where hands keep kinds, by the
//!   kind dropped and the site;
//! - a step: by its origin and the target among the origin's neighbours in the step's
//!   directions (a few a site, not every site);
//! - along a track (advance): by its origin and the target among the track's sites, or the
//!   origin itself for a piece borne off;
//! - a chain of jumps: by the chain's number among every chain the board allows from every
//!   site (its directions, in order; see `chains.rs`), or, on a board with too many chains, by
//!   its origin, target and first direction;
//! - a chain of capturing steps (capture-step): by the chain's number among the chains the board
//!   allows, by whole levels while they fit (see `step_chains.rs`), a longer chain by a hash of
//!   its steps;
//! - a slide: by its origin and the target among the sites along the origin's rays in the
//!   slide's directions, as far as its bound;
//! - a leap: by its origin and the target among the origin's leaps;
//! - a move to a ring of sites (leap-ring): by its origin and the target among the origin's ring;
//!   with `copy:` (a new piece, whichever piece grows it), by the target site;
//! - a castling: by its origin and the target among the sites its distance away;
//! - a carry: by its origin, its direction and its pattern of drops (those of fewer pieces
//!   first, then by the sites where it goes on), exact;
//! - any other (hop, relocate, transfer): by its origin and target.
//!
//! A generator with `remove:` multiplies its block by the sites plus one (no removal), and one
//! that promotes by choice by its kinds plus one (no promotion). In a game whose dice are used one
//! at a time (`each-die`), every block is multiplied by the largest die plus one: a move's die
//! (0 for none), since two dice may move the same checker the same way (bearing off).
//!
//! Dice thrown together are numbered by their outcomes in pyspiel's order instead of by value:
//! the throws of different dice first, by their dice read smallest first (1-2, 1-3, ... 5-6),
//! then the doubles (1-1 ... 6-6); two six-sided dice give pyspiel backgammon's 21 outcomes.
//!
//! Chains numbered by their ends or by a hash may share a number: in a position where two legal
//! ones do, the later takes the next free number of its block there ([`Actions::encode_all`]).

use crate::chains::Chains;
use crate::step_chains::StepChains;
use ludus::compile::ir::{Site, NO_SITE};
use ludus::ludemes::Gen;
use ludus::{Game, Move, State};

/// No action: what [`Actions::number`] writes for a move outside the encoding (every action is
/// below [`Actions::size`]).
pub const NO_ACTION: u64 = u64::MAX;

/// How one generator's moves are numbered within its block.
#[derive(Debug, Clone)]
enum Shape {
    /// No moves of its own (the pass generator: its moves are the pass).
    Nothing,
    /// By the target site.
    OneSite,
    /// By the kind dropped (this many kinds), then the target site: a drop from a hand that
    /// keeps kinds.
    KindSites(u64),
    /// By origin and target, each a site.
    Pairs,
    /// By origin and the target's place among the origin's possible targets.
    Targets(Targets),
    /// By the chain's number.
    Chains(Chains),
    /// By origin, the target among the sites a chain from it can end on, and the first jump's
    /// place among `dirs` (none when `dirs` is empty: a flying chain).
    ChainEnds { targets: Targets, dirs: Vec<u8> },
    /// By the number of a chain of capturing steps.
    StepChains(StepChains),
    /// By origin, direction (its place among `dirs`) and pattern of drops: a carry.
    Carry {
        dirs: Vec<u8>,
        carry: ludus::ludemes::carry::Carry,
    },
}

/// Each origin's possible targets, in order, with where they start in the block.
#[derive(Debug, Clone)]
struct Targets {
    /// Where each origin's targets start in `to`; one more entry than sites.
    starts: Vec<u32>,
    /// The targets of every origin, each origin's sorted.
    to: Vec<Site>,
    /// On a small board, the place of each (origin, target) plus one, 0 for none, at origin ×
    /// sites + target: one load where the search takes a few (empty on a larger board).
    places: Vec<u16>,
}

impl Targets {
    /// The most sites of a board whose places are kept whole (2 bytes a pair of sites).
    const DENSE_SITES: usize = 128;

    /// The targets `of(origin)` gives, for every site.
    fn of(sites: usize, mut of: impl FnMut(Site) -> Vec<Site>) -> Targets {
        let mut starts = vec![0];
        let mut to = Vec::new();
        for origin in 0..sites {
            let mut mine = of(origin as Site);
            mine.retain(|&t| t != NO_SITE && (t as usize) < sites);
            mine.sort_unstable();
            mine.dedup();
            to.extend(mine);
            starts.push(to.len() as u32);
        }
        let mut places = Vec::new();
        if sites <= Self::DENSE_SITES && to.len() < u16::MAX as usize {
            places.resize(sites * sites, 0);
            for origin in 0..sites {
                for i in starts[origin] as usize..starts[origin + 1] as usize {
                    places[origin * sites + to[i] as usize] = i as u16 + 1;
                }
            }
        }
        Targets { starts, to, places }
    }

    /// The place of the move (from, to), if `to` is one of `from`'s targets; both are sites of
    /// the board.
    #[inline(always)]
    fn index(&self, from: Site, to: Site) -> Option<u64> {
        if !self.places.is_empty() {
            let sites = self.starts.len() - 1;
            let place = *self.places.get(from as usize * sites + to as usize)?;
            return place.checked_sub(1).map(u64::from);
        }
        let (a, b) = (
            *self.starts.get(from as usize)?,
            *self.starts.get(from as usize + 1)?,
        );
        let mine = &self.to[a as usize..b as usize];
        mine.binary_search(&to)
            .ok()
            .map(|i| (a as usize + i) as u64)
    }
}

/// How one generator's moves map into its block of actions.
#[derive(Debug, Clone)]
struct Block {
    /// The first action of the block.
    start: u64,
    shape: Shape,
    /// Whether the block has a removal factor (sites + 1).
    removal: bool,
    /// The kinds its moves may promote to: a factor of their number plus one (no promotion).
    promotions: Vec<u8>,
    /// The largest die of dice used one at a time: a factor of it plus one (no die).
    dice: u64,
}

/// The action encoding of one game.
#[derive(Debug, Clone)]
pub struct Actions {
    sites: u64,
    /// The lowest throw value, and how many throw values there are.
    throws: (i32, u64),
    /// The throw values in the order of their actions, for dice thrown together (else empty:
    /// throws numbered by value from the lowest).
    throw_order: Vec<i32>,
    /// The largest die of dice used one at a time (0 if the game has none).
    faces: u64,
    blocks: Vec<Block>,
    size: u64,
    /// Whether two moves may have one number (a block of chains numbered by their ends or by a
    /// hash): the legal moves' numbers are then told apart in each position.
    inexact: bool,
}

/// The sites along the rays of `slide` from `s` for player `p`, as far as its bound.
fn along(game: &Game, slide: &ludus::ludemes::slide::Slide, p: u8, s: Site) -> Vec<Site> {
    let reach = slide.max.map_or(usize::MAX, usize::from);
    let mut out = Vec::new();
    for &d in slide.dirs.of(p) {
        let mut t = game.topology.neighbour(s, d);
        let mut gone = 0;
        while t != NO_SITE && gone < reach {
            out.push(t);
            t = game.topology.neighbour(t, d);
            gone += 1;
        }
    }
    out
}

/// The shape of a chain generator whose chains are too many to number whole (or that flies):
/// by origin and the site a chain ends on, among those its jumps reach from that origin (a plain
/// jump moves two sites along a direction, a flying one two or more), and by the first jump's
/// direction for a plain chain. Two legal chains alike in these share an action.
fn chain_ends(game: &Game, jump: &ludus::ludemes::jump::Jump, dirs: &[&[u8]]) -> Shape {
    let topology = &game.topology;
    let sites = topology.sites();
    let mut all: Vec<u8> = dirs.iter().flat_map(|d| d.iter().copied()).collect();
    all.sort_unstable();
    all.dedup();
    let targets = Targets::of(sites, |origin| {
        let mut reached = vec![false; sites];
        let mut queue = vec![origin];
        reached[origin as usize] = true;
        while let Some(s) = queue.pop() {
            for &d in &all {
                let mut t = topology.neighbour(s, d);
                let mut gone = 1;
                while t != NO_SITE {
                    if gone >= 2 && !reached[t as usize] {
                        reached[t as usize] = true;
                        queue.push(t);
                    }
                    if !jump.flying && gone == 2 {
                        break;
                    }
                    t = topology.neighbour(t, d);
                    gone += 1;
                }
            }
        }
        (0..sites as Site)
            .filter(|&t| reached[t as usize])
            .collect()
    });
    let dirs = if jump.flying { Vec::new() } else { all };
    Shape::ChainEnds { targets, dirs }
}

/// The shape of a generator's moves on this game's board.
fn shape(game: &Game, gen: &Gen) -> Shape {
    let topology = &game.topology;
    let sites = topology.sites();
    let players = 0..game.players.max(1);
    match gen {
        Gen::Pass(_) => Shape::Nothing,
        Gen::Place(_) if game.needs().contains(ludus::compile::Needs::KINDS_HELD) => {
            Shape::KindSites(game.kinds.len().max(1) as u64)
        }
        Gen::Place(_)
        | Gen::Sow(_)
        | Gen::SowStores(_)
        | Gen::Swap(_)
        | Gen::Enter(_)
        | Gen::Lift(_) => Shape::OneSite,
        Gen::Step(step) => Shape::Targets(Targets::of(sites, |s| {
            players
                .clone()
                .flat_map(|p| step.dirs.of(p).iter().chain(step.capture.of(p)))
                .map(|&d| topology.neighbour(s, d))
                .collect()
        })),
        Gen::Advance(ludus::ludemes::advance::Advance { track, .. })
        | Gen::AdvanceAll(ludus::ludemes::advance::AdvanceAll(
            ludus::ludemes::advance::Advance { track, .. },
        )) => match game.tracks.get(*track as usize) {
            Some(track) => {
                let mut on: Vec<Site> = track.sites.iter().flatten().copied().collect();
                on.sort_unstable();
                on.dedup();
                Shape::Targets(Targets::of(sites, |s| {
                    on.iter().copied().chain([s]).collect()
                }))
            }
            None => Shape::Pairs,
        },
        Gen::Jump(jump) => {
            let dirs: Vec<&[u8]> = players.map(|p| jump.dirs.of(p)).collect();
            let chains = if jump.flying {
                None
            } else {
                Chains::of(topology, &dirs, jump.straight)
            };
            chains.map_or_else(|| chain_ends(game, jump, &dirs), Shape::Chains)
        }
        Gen::CaptureStep(rule) => {
            let dirs: Vec<&[u8]> = players.map(|p| rule.dirs.of(p)).collect();
            Shape::StepChains(StepChains::of(topology, rule, &dirs))
        }
        Gen::Slide(slide) => Shape::Targets(Targets::of(sites, |s| {
            players
                .clone()
                .flat_map(|p| along(game, slide, p, s))
                .collect()
        })),
        Gen::Leap(leap) => Shape::Targets(Targets::of(sites, |s| {
            players
                .clone()
                .flat_map(|p| leap.targets[p as usize].of_site(s).to_vec())
                .collect()
        })),
        // A new piece on a site, whichever piece grows it: by the site.
        Gen::Ring(ring) if ring.copy => Shape::OneSite,
        Gen::Ring(ring) => Shape::Targets(Targets::of(sites, |s| {
            players
                .clone()
                .flat_map(|p| ring.of_site(p, s).to_vec())
                .collect()
        })),
        Gen::Castle(castle) => Shape::Targets(Targets::of(sites, |s| {
            players
                .clone()
                .flat_map(|p| castle.dirs.of(p).to_vec())
                .map(|d| {
                    (0..castle.distance).fold(s, |t, _| match t {
                        NO_SITE => NO_SITE,
                        t => topology.neighbour(t, d),
                    })
                })
                .collect()
        })),
        Gen::Carry(carry) => {
            let mut dirs: Vec<u8> = players.flat_map(|p| carry.dirs.of(p).to_vec()).collect();
            dirs.sort_unstable();
            dirs.dedup();
            Shape::Carry {
                dirs,
                carry: carry.clone(),
            }
        }
        Gen::Hop(_) | Gen::Relocate(_) | Gen::Transfer(_) => Shape::Pairs,
    }
}

/// The outcomes of dice thrown together (to be used one at a time), in pyspiel's order: those of
/// different dice by their dice smallest first, then the doubles; empty for a game without.
fn together(game: &Game) -> Vec<i32> {
    let mut values: Vec<i32> = game
        .dice
        .iter()
        .filter(|d| !d.sets.is_empty())
        .flat_map(|d| d.outcomes.iter().map(|o| o.0))
        .collect();
    // A value's digits are its dice, largest first: 65 is a 6 and a 5.
    let key = |v: &i32| {
        let mut digits: Vec<u32> = v
            .to_string()
            .chars()
            .filter_map(|c| c.to_digit(10))
            .collect();
        digits.reverse();
        (digits.windows(2).all(|w| w[0] == w[1]), digits)
    };
    values.sort_by_key(key);
    values.dedup();
    values
}

/// The kinds a generator's moves may promote to, in order: the moves of one origin and target
/// that differ only by the kind chosen.
fn promotions(gen: &Gen) -> Vec<u8> {
    match gen {
        Gen::Step(step) => step
            .promotion
            .as_ref()
            .map_or(Vec::new(), |p| p.kinds.clone()),
        _ => Vec::new(),
    }
}

impl Actions {
    /// The encoding of a compiled game.
    pub fn of(game: &Game) -> Actions {
        let sites = game.topology.sites() as u64;
        let values = game
            .dice
            .iter()
            .flat_map(|d| d.outcomes.iter().map(|o| o.0));
        let (lo, hi) = values.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let throw_order = together(game);
        let throws = if !throw_order.is_empty() {
            (0, throw_order.len() as u64)
        } else if lo > hi {
            (0, 0)
        } else {
            (lo, (hi as i64 - lo as i64 + 1) as u64)
        };
        let faces = game
            .dice
            .iter()
            .flat_map(|d| d.sets.iter())
            .flat_map(|&set| (0..4).map(move |i| u64::from(set >> (4 * i) & 0xF)))
            .max()
            .unwrap_or(0);
        let mut next = 1 + throws.1;
        let blocks: Vec<Block> = game
            .gens
            .iter()
            .map(|def| {
                let block = Block {
                    start: next,
                    shape: shape(game, &def.gen),
                    removal: def.remove.is_some(),
                    promotions: promotions(&def.gen),
                    dice: faces,
                };
                next += block.width(sites);
                block
            })
            .collect();
        let inexact = blocks.iter().any(|b: &Block| b.inexact());
        Actions {
            sites,
            throws,
            throw_order,
            faces,
            blocks,
            size: next,
            inexact,
        }
    }

    /// The number of distinct actions.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Writes the action of each of `moves` to `out`, in order, [`NO_ACTION`] for a move
    /// without one, as [`Actions::encode_all`] numbers them; gives whether a move has none. The
    /// block of a run of moves of one generator is looked up once for the run.
    pub fn number(&self, moves: &[Move], out: &mut Vec<u64>) -> bool {
        out.clear();
        if self.inexact {
            let numbered = self.encode_all(moves).into_iter();
            out.extend(numbered.map(|a| a.unwrap_or(NO_ACTION)));
        } else {
            out.reserve(moves.len());
            let mut rest = moves;
            while let Some(&m) = rest.first() {
                let numbered = match m.generator().and_then(|g| self.blocks.get(g as usize)) {
                    Some(block) => self.number_run(block, rest, out),
                    None => {
                        out.push(self.encode(m).unwrap_or(NO_ACTION));
                        1
                    }
                };
                rest = &rest[numbered..];
            }
        }
        out.contains(&NO_ACTION)
    }

    /// Numbers the run of moves of `block`'s generator that `moves` starts with as
    /// [`Actions::encode`] does, and gives its length. A block numbered by its sites alone, a
    /// removal's at most (no promotion, no die), has a loop of its own shape, its factors read
    /// once for the run.
    fn number_run(&self, block: &Block, moves: &[Move], out: &mut Vec<u64>) -> usize {
        let sites = self.sites;
        let plain = block.promotions.is_empty() && self.faces == 0;
        match &block.shape {
            Shape::OneSite if plain => self.number_plain(block, moves, out, |from, to| {
                (from == to).then_some(to as u64)
            }),
            Shape::Pairs if plain => self.number_plain(block, moves, out, |from, to| {
                Some(from as u64 * sites + to as u64)
            }),
            Shape::Targets(targets) if plain => {
                self.number_plain(block, moves, out, |from, to| targets.index(from, to))
            }
            _ => {
                let g = moves[0].generator();
                let run = moves.iter().take_while(|m| m.generator() == g);
                let before = out.len();
                out.extend(run.map(|&m| self.encode_in(block, m).unwrap_or(NO_ACTION)));
                out.len() - before
            }
        }
    }

    /// Numbers the run of moves of a plain block (no promotion, no die) that `moves` starts
    /// with, and gives its length: by `place` of the origin and target, both sites of the
    /// board, then by the removal if the block has one.
    #[inline(always)]
    fn number_plain(
        &self,
        block: &Block,
        moves: &[Move],
        out: &mut Vec<u64>,
        place: impl Fn(Site, Site) -> Option<u64>,
    ) -> usize {
        let sites = self.sites;
        let wide = if block.removal { sites + 1 } else { 1 };
        let g = moves[0].generator();
        let before = out.len();
        for m in moves {
            if m.generator() != g {
                break;
            }
            // A move of the run is a generator's: its stored sites are sites (no removal is
            // `NO_SITE`, past every board, so its factor is `sites` as `encode` gives it).
            let (from, to, removal) = m.stored_sites();
            let index = match (from as u64) < sites && (to as u64) < sites {
                true => place(from, to),
                false => None,
            };
            let taken = match block.removal {
                true => u64::from(removal).min(sites),
                false => 0,
            };
            out.push(index.map_or(NO_ACTION, |i| block.start + i * wide + taken));
        }
        out.len() - before
    }

    /// The action of a move, or `None` for a move outside the encoding (a site past the board).
    pub fn encode(&self, m: Move) -> Option<u64> {
        if m.is_pass() {
            return Some(0);
        }
        if let Some(v) = m.throw_value() {
            if !self.throw_order.is_empty() {
                return self
                    .throw_order
                    .iter()
                    .position(|&x| x == v)
                    .map(|i| 1 + i as u64);
            }
            let k = v as i64 - self.throws.0 as i64;
            return (0..self.throws.1 as i64)
                .contains(&k)
                .then_some(1 + k as u64);
        }
        let block = self.blocks.get(m.generator()? as usize)?;
        self.encode_in(block, m)
    }

    /// The action of `m`, a move of `block`'s generator.
    #[inline(always)]
    fn encode_in(&self, block: &Block, m: Move) -> Option<u64> {
        let (from, to) = (m.from()?, m.to()?);
        let sites = self.sites;
        if from as u64 >= sites || to as u64 >= sites {
            return None;
        }
        let index = match &block.shape {
            Shape::Nothing => return None,
            Shape::OneSite => (from == to).then_some(to as u64)?,
            Shape::KindSites(kinds) => {
                let kind = u64::from(m.promotion()?);
                (from == to && kind < *kinds).then_some(kind * sites + to as u64)?
            }
            Shape::Pairs => from as u64 * sites + to as u64,
            Shape::Targets(targets) => targets.index(from, to)?,
            Shape::Chains(chains) => chains.number(from, m.jumps())?,
            Shape::StepChains(chains) => chains.number(m)?,
            Shape::Carry { dirs, carry } => {
                let d = dirs.iter().position(|&d| Some(d) == m.dir())? as u64;
                (from as u64 * dirs.len() as u64 + d) * carry.patterns() + carry.pattern_of(m)?
            }
            Shape::ChainEnds { targets, dirs } => {
                let target = targets.index(from, to)?;
                if dirs.is_empty() {
                    target
                } else {
                    let first = m.jumps().next()?;
                    target * dirs.len() as u64 + dirs.iter().position(|&d| d == first)? as u64
                }
            }
        };
        let index = if block.removal {
            index * (sites + 1) + m.removal().map_or(sites, u64::from).min(sites)
        } else {
            index
        };
        let index = if block.promotions.is_empty() {
            index
        } else {
            let kinds = &block.promotions;
            let chosen = match m.promotion() {
                Some(k) => kinds.iter().position(|&x| x == k)?,
                None => kinds.len(),
            };
            index * (kinds.len() as u64 + 1) + chosen as u64
        };
        let index = if self.faces > 0 {
            let die = u64::from(m.die().unwrap_or(0));
            (die <= self.faces).then_some(index * (self.faces + 1) + die)?
        } else {
            index
        };
        Some(block.start + index)
    }

    /// The actions of `moves`, the legal moves (or chance outcomes) of one position in ludus's
    /// order: each move's own number, except where an earlier move of the list has it (two
    /// chains numbered alike: by their ends, or by a hash of a long chain's steps): then the
    /// next number of its block, round to its start, that no move of the list has. So two moves
    /// legal together never share an action, and a move keeps its own number in every position
    /// where no such twin stands before it.
    pub fn encode_all(&self, moves: &[Move]) -> Vec<Option<u64>> {
        let mut out: Vec<Option<u64>> = moves.iter().map(|&m| self.encode(m)).collect();
        if !self.inexact {
            return out;
        }
        let mut taken: Vec<u64> = out.iter().flatten().copied().collect();
        taken.sort_unstable();
        if taken.windows(2).all(|w| w[0] != w[1]) {
            return out;
        }
        let mut seen = std::collections::HashSet::with_capacity(out.len());
        for (i, a) in out.iter_mut().enumerate() {
            let Some(mut x) = *a else { continue };
            if seen.insert(x) {
                continue;
            }
            let Some(block) = moves[i]
                .generator()
                .and_then(|g| self.blocks.get(g as usize))
            else {
                *a = None;
                continue;
            };
            let (start, end) = (block.start, block.start + block.width(self.sites));
            // A number no move of the list has: there are fewer moves than numbers in a block
            // of chains, but the walk is bounded all the same.
            for _ in start..end {
                x = if x + 1 >= end { start } else { x + 1 };
                if taken.binary_search(&x).is_err() && !seen.contains(&x) {
                    break;
                }
            }
            seen.insert(x);
            *a = Some(x);
        }
        out
    }

    /// Whether every move's action is its own number ([`Actions::encode`]): no two moves share
    /// one, so a move's action is found without the other legal moves.
    pub fn exact(&self) -> bool {
        !self.inexact
    }

    /// The action of `m` among `moves`, the legal moves of its position ([`Actions::encode_all`]).
    pub fn encode_among(&self, moves: &[Move], m: Move) -> Option<u64> {
        if !self.inexact {
            return self.encode(m);
        }
        let i = moves.iter().position(|&x| x == m)?;
        self.encode_all(moves).get(i).copied().flatten()
    }

    /// The generator and target site of every move of `action`, for an action of a block
    /// numbered by its sites alone (no promotion, no die); `None` for another.
    fn landing_of(&self, action: u64) -> Option<(u16, Site)> {
        // Blocks without actions start where the next starts: the last block starting at or
        // before the action is the action's.
        let g = self
            .blocks
            .partition_point(|b| b.start <= action)
            .checked_sub(1)?;
        let block = &self.blocks[g];
        if !block.promotions.is_empty() || self.faces > 0 || action >= self.size {
            return None;
        }
        let wide = if block.removal { self.sites + 1 } else { 1 };
        let index = (action - block.start) / wide;
        let to = match &block.shape {
            Shape::OneSite => index,
            Shape::Pairs => index % self.sites,
            Shape::Targets(targets) => u64::from(*targets.to.get(index as usize)?),
            _ => return None,
        };
        Some((u16::try_from(g).ok()?, Site::try_from(to).ok()?))
    }

    /// The move among `moves`, the legal moves of one position, with this action, if any.
    pub fn decode_among(&self, moves: &[Move], action: u64) -> Option<Move> {
        if action >= self.size {
            return None;
        }
        if !self.inexact {
            // Only a move of the action's generator and target can have it: the others are
            // passed over on two fields, not numbered.
            let (g, to) = self.landing_of(action).unzip();
            return moves.iter().copied().find(|&m| {
                (to.is_none() || (m.generator() == g && m.to() == to))
                    && self.encode(m) == Some(action)
            });
        }
        let i = self
            .encode_all(moves)
            .iter()
            .position(|&a| a == Some(action))?;
        moves.get(i).copied()
    }
}

/// The legal moves of a state, or its chance outcomes at a chance node.
pub fn candidates(game: &Game, state: &State) -> Vec<Move> {
    match state.node() {
        ludus::NodeType::Chance => game
            .chance_outcomes(state)
            .into_iter()
            .map(|o| o.0)
            .collect(),
        _ => game.moves(state),
    }
}

impl Block {
    /// Whether two different moves of the block may have one number.
    fn inexact(&self) -> bool {
        match &self.shape {
            Shape::ChainEnds { .. } => true,
            Shape::StepChains(chains) => chains.hashes(),
            _ => false,
        }
    }

    /// The number of actions of the block.
    fn width(&self, sites: u64) -> u64 {
        let w = match &self.shape {
            Shape::Nothing => return 0,
            Shape::OneSite => sites,
            Shape::KindSites(kinds) => kinds * sites,
            Shape::Pairs => sites * sites,
            Shape::Targets(targets) => targets.to.len() as u64,
            Shape::Chains(chains) => chains.len(),
            Shape::StepChains(chains) => chains.len(),
            Shape::Carry { dirs, carry } => sites * dirs.len() as u64 * carry.patterns(),
            Shape::ChainEnds { targets, dirs } => {
                targets.to.len() as u64 * dirs.len().max(1) as u64
            }
        };
        let w = if self.removal { w * (sites + 1) } else { w };
        w * (self.promotions.len() as u64 + 1) * (self.dice + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn a_small_board_finds_each_target_by_its_place_as_the_search_does() {
        let sites = 30;
        let dense = Targets::of(sites, |s| {
            vec![(s * 7) % 30, (s + 1) % 30, s / 2, NO_SITE, 40]
        });
        let searched = Targets {
            places: Vec::new(),
            ..dense.clone()
        };
        assert!(!dense.places.is_empty());
        for from in 0..sites as Site {
            for to in 0..sites as Site {
                assert_eq!(
                    dense.index(from, to),
                    searched.index(from, to),
                    "{from} {to}"
                );
            }
        }
    }

    /// Runs `check` on the moves of each position of three random games (200 moves at most) of
    /// every repository game, with the game's actions and the game's path.
    fn each_position(seed: u64, mut check: impl FnMut(&Actions, &[Move], &std::path::Path)) {
        for path in game_paths() {
            let game = ludus::load_file(&path, &[]).expect("the game loads");
            let actions = Actions::of(&game);
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            for _ in 0..3 {
                let mut state = game.new_initial_state();
                for _ in 0..200 {
                    if state.is_terminal() {
                        break;
                    }
                    let moves = candidates(&game, &state);
                    check(&actions, &moves, &path);
                    let m = moves[rng.random_range(0..moves.len())];
                    game.apply(&mut state, m).expect("a legal move");
                }
            }
        }
    }

    #[test]
    fn an_action_is_decoded_among_the_moves_as_each_move_numbered_finds_it() {
        each_position(11, |actions, moves, path| {
            let numbered = actions.encode_all(moves);
            for a in numbered
                .iter()
                .flatten()
                .copied()
                .chain([0, 1, 7, 100, 1000])
            {
                let first = numbered.iter().position(|&x| x == Some(a));
                let found = first.map(|i| moves[i]);
                assert_eq!(actions.decode_among(moves, a), found, "{}", path.display());
            }
        });
    }

    /// The repository's games.
    fn game_paths() -> Vec<std::path::PathBuf> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("the games")
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "game"))
            .collect();
        paths.sort();
        assert!(!paths.is_empty());
        paths
    }

    #[test]
    fn a_list_is_numbered_run_by_run_as_each_move_is_alone() {
        let mut numbered = Vec::new();
        each_position(7, |actions, moves, path| {
            let gaps = actions.number(moves, &mut numbered);
            let alone: Vec<u64> = actions
                .encode_all(moves)
                .into_iter()
                .map(|a| a.unwrap_or(NO_ACTION))
                .collect();
            assert_eq!(numbered, alone, "{}", path.display());
            assert_eq!(gaps, alone.contains(&NO_ACTION));
        });
    }
}
