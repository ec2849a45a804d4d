//! Surrounding: groups of connected pieces, their liberties (the empty sites next to them), the
//! capture of groups left with none, the refusal of suicide and of repeated positions, and the
//! territory of empty regions that one player's pieces alone bound.

use crate::check::registry::{opt, req, Kind::*, Ludeme, Shape::One as O, Shape::OneOrList as OL};
use crate::compile::ir::{by_width, Site, Sites, MAX_PLAYERS, NO_SITE, SITE_WORDS};
use crate::compile::{Compiler, Needs};
use crate::engine::{key_term, repetition_key_of, History};
use crate::engine::{Board, Cell, Ctx, Game, Move};
use crate::ludemes::flank::Shifts;
use crate::ludemes::Lower;
use crate::syntax::Node;

mod chains;
pub use chains::ChainPlan;
pub(crate) use chains::Chains;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// A placement's capture of surrounded groups: after the piece lands, every opposing group
    /// (pieces of one owner joined along the directions) left with no liberty (no empty site
    /// next to it) is removed. The placement is then refused if the mover's own group has no
    /// liberty (suicide), unless `suicide:true`, which removes that group instead.
    name: "surround",
    kind: Surround,
    positional: [
        /// the directions that join pieces into groups and give their liberties: a direction, a
        /// group such as Orthogonal, or a list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// whether a placement may leave its own group with no liberty, which is then removed
        /// (false, the default: such a placement is refused)
        opt("suicide", O(Switch)),
        /// the positions a placement may not make: Positional, any position (every site's
        /// contents) seen before in the game; Previous, the position before the opponent's last
        /// move. Any position may be made if absent. Positions are keyed as at a turn's first
        /// phase: a game whose turns have several phases would miss repetitions
        opt("repeat", O(Repeat)),
    ],
    example: "(surround Orthogonal repeat:Positional)",
    lower: Lower::Part,
    refs: [],
}];

/// The positions a placement may not make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    /// Any position seen before in the game (positional superko).
    Positional,
    /// The position before the opponent's last move (simple ko).
    Previous,
}

/// A placement's capture of surrounded groups (`(surround ...)`).
#[derive(Debug, Clone, PartialEq)]
pub struct Surround {
    /// The directions that join groups, as the first player reads them (groups are no one's).
    pub dirs: Vec<u8>,
    /// Whether a placement may leave its group without liberty (the group is then removed).
    pub suicide: bool,
    /// The positions a placement may not make.
    pub repeat: Option<Repeat>,
    /// The directions as shifts of site sets, where the board has them.
    pub rays: Option<Shifts>,
    /// Whether the board's chains follow these directions (the game's first surround rule's),
    /// so that a listing reads liberties from them.
    pub chained: bool,
}

/// Lowers `(surround ...)`.
pub(crate) fn lower(c: &mut Compiler<'_>, node: &Node) -> Surround {
    let dirs = c.dirs(node.pos(0)).of(0).to_vec();
    let suicide = crate::ludemes::lines::flag(c, node, "suicide");
    let repeat = match node.named("repeat").and_then(|n| n.as_name()) {
        Some("Positional") => Some(Repeat::Positional),
        Some(_) => Some(Repeat::Previous),
        None => None,
    };
    if repeat.is_some() {
        // The positions are read from the history that `repeated` keeps.
        c.needs.insert(Needs::REPETITION);
    }
    let rays = dirs
        .iter()
        .map(|&d| c.topology.ray(d))
        .collect::<Option<Shifts>>();
    if c.chains.dirs.is_empty() {
        c.chains = ChainPlan {
            dirs: dirs.clone(),
            rays: rays.clone(),
        };
    }
    let chained = c.chains.dirs == dirs;
    if chained {
        c.needs.insert(Needs::CHAINS);
    }
    Surround {
        dirs,
        suicide,
        repeat,
        rays,
        chained,
    }
}

/// The most directions a group joins along (a square grid's eight).
const MAX_DIRS: usize = 8;

/// How groups spread, in `W` words: shifts of site sets where the board has them, else the
/// neighbour tables.
struct Spread<'a, const W: usize> {
    game: &'a Game,
    dirs: &'a [u8],
    rays: [(i32, Sites<W>); MAX_DIRS],
    /// How many of `rays` there are; `None` for the neighbour tables.
    shifts: Option<usize>,
}

impl<'a, const W: usize> Spread<'a, W> {
    #[inline]
    fn of(game: &'a Game, dirs: &'a [u8], rays: &Option<Shifts>) -> Spread<'a, W> {
        let mut out = Spread {
            game,
            dirs,
            rays: [(0, Sites::default()); MAX_DIRS],
            shifts: None,
        };
        if let Some(rays) = rays.as_ref().filter(|r| r.len() <= MAX_DIRS) {
            for (slot, (delta, has)) in out.rays.iter_mut().zip(rays) {
                *slot = (*delta, has.narrow());
            }
            out.shifts = Some(rays.len());
        }
        out
    }

    /// The sites next to any site of `x`.
    #[inline]
    fn around(&self, x: &Sites<W>) -> Sites<W> {
        let mut out = Sites::default();
        match self.shifts {
            Some(n) => {
                for (delta, has) in &self.rays[..n] {
                    out = out.or(&x.and(has).shifted(*delta));
                }
            }
            None => {
                for s in x.iter_in(self.game.topology.words) {
                    for &d in self.dirs {
                        let n = self.game.topology.neighbour(s, d);
                        if n != NO_SITE {
                            out.insert(n);
                        }
                    }
                }
            }
        }
        out
    }

    /// The group of `within` that holds `seed`: grown a ring at a time.
    #[inline]
    fn group(&self, seed: Site, within: &Sites<W>) -> Sites<W> {
        let mut group = Sites::default();
        group.insert(seed);
        loop {
            let grown = self.around(&group).and(within).or(&group);
            if grown == group {
                return group;
            }
            group = grown;
        }
    }

    /// Whether a site next to `site` is in `x` (read in the neighbour tables).
    #[inline(always)]
    fn touches(&self, site: Site, x: &Sites<W>) -> bool {
        self.dirs.iter().any(|&d| {
            let n = self.game.topology.neighbour(site, d);
            n != NO_SITE && x.contains(n)
        })
    }

    /// The sites of `within` with a site of `x` next to them: `x` shifted back along each
    /// direction, where the board has shifts.
    #[inline]
    fn touching(&self, x: &Sites<W>, within: &Sites<W>) -> Sites<W> {
        match self.shifts {
            Some(n) => {
                let mut out = Sites::default();
                for (delta, has) in &self.rays[..n] {
                    out = out.or(&x.shifted(-*delta).and(has));
                }
                out.and(within)
            }
            None => {
                let mut out = Sites::default();
                for s in within.iter_in(self.game.topology.words) {
                    if self.touches(s, x) {
                        out.insert(s);
                    }
                }
                out
            }
        }
    }

    /// The owners' groups next to `site` that have no liberty in `free`.
    #[inline]
    fn dead_next_to(
        &self,
        board: &Board,
        site: Site,
        theirs: &Sites<W>,
        free: &Sites<W>,
    ) -> Sites<W> {
        let mut taken = Sites::default();
        for &d in self.dirs {
            let n = self.game.topology.neighbour(site, d);
            if n == NO_SITE || !theirs.contains(n) || taken.contains(n) {
                continue;
            }
            let owner = board.cells[n as usize].owner;
            let own = board.owned[(owner as usize).wrapping_sub(1) & (MAX_PLAYERS - 1)].narrow();
            let group = self.group(n, &own);
            if !self.around(&group).intersects(free) {
                taken = taken.or(&group);
            }
        }
        taken
    }
}

/// The empty sites of the board, in `W` words.
#[inline]
fn empty<const W: usize>(game: &Game, board: &Board) -> Sites<W> {
    game.topology.board_sites.and_not(&board.filled).narrow()
}

/// What a position says of each empty site's placement: the liberties of opposing groups with
/// one liberty left (a placement there captures) and the mover's pieces in groups with two or
/// more (a placement next to them keeps a liberty).
struct Liberties<const W: usize> {
    capturing: Sites<W>,
    safe: Sites<W>,
}

impl Surround {
    /// Every group of the position read once: what [`Liberties`] says.
    fn liberties<const W: usize>(
        &self,
        spread: &Spread<W>,
        board: &Board,
        mover: u8,
    ) -> Liberties<W> {
        let game = spread.game;
        let free = empty::<W>(game, board);
        let (mut capturing, mut safe) = (Sites::default(), Sites::default());
        for p in 0..game.players.min(MAX_PLAYERS as u8) {
            let own: Sites<W> = board.owned[p as usize].narrow();
            let mut left = own;
            while let Some(seed) = left.iter_in(game.topology.words).next() {
                let group = spread.group(seed, &own);
                left = left.and_not(&group);
                let libs = spread.around(&group).and(&free);
                if p == mover && libs.len() >= 2 {
                    safe = safe.or(&group);
                } else if p != mover && libs.len() == 1 {
                    capturing = capturing.or(&libs);
                }
            }
        }
        Liberties { capturing, safe }
    }

    /// The placements of `mover` on the sites of `free` that the rule allows, into `out`.
    #[inline(never)]
    pub(crate) fn generate(
        &self,
        ctx: &Ctx,
        g: u16,
        free: Sites,
        piece: Cell,
        out: &mut Vec<Move>,
    ) {
        by_width!(ctx.game.topology.words, |W| {
            self.generate_in::<W>(ctx, g, free.narrow(), piece, out)
        })
    }

    fn generate_in<const W: usize>(
        &self,
        ctx: &Ctx,
        g: u16,
        free: Sites<W>,
        piece: Cell,
        out: &mut Vec<Move>,
    ) {
        let (game, board, mover) = (ctx.game, ctx.board, ctx.mover);
        let spread = Spread::<W>::of(game, &self.dirs, &self.rays);
        let players = game.players as usize;
        let kept = self
            .chained
            .then(|| board.chains.0.liberties::<W>(board, players, mover))
            .flatten();
        let chained = kept.is_some();
        let libs = kept.unwrap_or_else(|| self.liberties(&spread, board, mover));
        let open = empty::<W>(game, board);
        let mine: Sites<W> = board.owned[mover as usize & (MAX_PLAYERS - 1)].narrow();
        let theirs = board.filled.narrow::<W>().and_not(&mine);
        // The placements that leave their group a liberty: a capture, an empty neighbour, or
        // a neighbour of the mover's in a group with another liberty.
        let living = libs
            .capturing
            .or(&spread.touching(&open.or(&libs.safe), &free))
            .and(&free);
        let tried = if self.suicide { free } else { living };
        for s in tried.iter_in(game.topology.words) {
            let lives = living.contains(s);
            if let Some(repeat) = self.repeat {
                let mut key = board.key.wrapping_add(key_term(s as usize, &piece));
                let mut gone = if !libs.capturing.contains(s) {
                    Sites::default()
                } else if chained {
                    board.chains.0.captured_by::<W>(mover, s)
                } else {
                    let mut open = open;
                    open.remove(s);
                    spread.dead_next_to(board, s, &theirs, &open)
                };
                if !lives {
                    // A suicide: the mover's group goes, the new piece with it.
                    let mut with = mine;
                    with.insert(s);
                    gone = spread.group(s, &with);
                    gone.remove(s);
                }
                for t in gone.iter_in(game.topology.words) {
                    key = key.wrapping_sub(key_term(t as usize, &board.cells[t as usize]));
                }
                if repeats(ctx.history, repeat, key, game, mover) {
                    continue;
                }
            }
            out.push(Move::new(g, s, s));
        }
    }

    /// Removes what a piece of `mover` just placed on `site` captures, and the mover's own group
    /// if it is left with no liberty; returns the pieces removed.
    pub(crate) fn apply(&self, game: &Game, board: &mut Board, mover: u8, site: Site) -> u32 {
        by_width!(game.topology.words, |W| self
            .apply_in::<W>(game, board, mover, site))
    }

    fn apply_in<const W: usize>(
        &self,
        game: &Game,
        board: &mut Board,
        mover: u8,
        site: Site,
    ) -> u32 {
        let spread = Spread::<W>::of(game, &self.dirs, &self.rays);
        let kept = self
            .chained
            .then(|| {
                board
                    .chains
                    .0
                    .placed::<W>(board, game.players as usize, mover, site)
            })
            .flatten();
        let dead = kept.unwrap_or_else(|| {
            let mine: Sites<W> = board.owned[mover as usize & (MAX_PLAYERS - 1)].narrow();
            let theirs = board.filled.narrow::<W>().and_not(&mine);
            spread.dead_next_to(board, site, &theirs, &empty(game, board))
        });
        let removed = remove_all(game, board, &dead);
        if self.suicide {
            let own: Sites<W> = board.owned[mover as usize & (MAX_PLAYERS - 1)].narrow();
            let group = spread.group(site, &own);
            if !spread.around(&group).intersects(&empty(game, board)) {
                remove_all(game, board, &group);
            }
        }
        removed
    }
}

/// Empties every site of `group`; returns the pieces it held.
fn remove_all<const W: usize>(game: &Game, board: &mut Board, group: &Sites<W>) -> u32 {
    let mut n = 0;
    for t in group.iter_in(game.topology.words) {
        n += u32::from(board.cells[t as usize].count);
        board.clear(t as usize);
    }
    n
}

/// Whether a board whose key is `key`, made by `mover`, repeats a position the rule forbids.
#[inline]
fn repeats(history: &History, repeat: Repeat, key: u64, game: &Game, mover: u8) -> bool {
    let next = game.next[mover as usize & (MAX_PLAYERS - 1)];
    match repeat {
        // Any earlier position, whoever was to move in it.
        Repeat::Positional => (0..game.players.min(MAX_PLAYERS as u8))
            .any(|p| history.seen(repetition_key_of(key, p, 0), 2)),
        // The position before the opponent's last move: the one but last the history keeps.
        Repeat::Previous => {
            let keys = history.keys();
            keys.len() >= 2 && keys[keys.len() - 2] == repetition_key_of(key, next, 0)
        }
    }
}

/// How empty sites join into regions, for territory.
#[derive(Debug, Clone, PartialEq)]
pub struct Territory {
    /// The directions that join them, as the first player reads them.
    pub dirs: Vec<u8>,
    /// The directions as shifts of site sets, where the board has them.
    pub rays: Option<Shifts>,
}

/// Lowers the directions of a territory.
pub(crate) fn lower_territory(c: &mut Compiler<'_>, dirs: Option<&Node>) -> Territory {
    let dirs = c.dirs(dirs).of(0).to_vec();
    let rays = dirs.iter().map(|&d| c.topology.ray(d)).collect();
    Territory { dirs, rays }
}

impl Territory {
    /// Each player's area: their pieces on the board plus the empty sites of the regions that
    /// only their pieces border.
    pub(crate) fn area(&self, game: &Game, board: &Board) -> [i64; MAX_PLAYERS] {
        area(game, board, &self.dirs, &self.rays)
    }

    /// Each site's owner as territory (see [`territory`]).
    pub(crate) fn owners(&self, game: &Game, board: &Board) -> Vec<Option<u8>> {
        territory(game, board, &self.dirs, &self.rays)
    }
}

/// Each player's area: their pieces on the board plus the empty sites of the regions (joined
/// along `dirs`) that only their pieces border.
fn area(game: &Game, board: &Board, dirs: &[u8], rays: &Option<Shifts>) -> [i64; MAX_PLAYERS] {
    let mut area: [i64; MAX_PLAYERS] = std::array::from_fn(|p| i64::from(board.owned[p].len()));
    let spread = Spread::<SITE_WORDS>::of(game, dirs, rays);
    let free = empty(game, board);
    let mut left = free;
    while let Some(seed) = left.iter_in(game.topology.words).next() {
        let region = spread.group(seed, &free);
        left = left.and_not(&region);
        if let Some(p) = bounded_by(board, &spread.around(&region)) {
            area[p] += i64::from(region.len());
        }
    }
    area
}

/// The one player whose pieces fill the whole border, if one does.
fn bounded_by(board: &Board, border: &Sites) -> Option<usize> {
    let border = border.and(&board.filled);
    (0..MAX_PLAYERS).find(|&p| !border.is_empty() && border.and_not(&board.owned[p]).is_empty())
}

/// The territory of each site: the player (0-based) whose pieces alone bound the empty region
/// holding it, or `None`; for drawings of a finished game.
fn territory(game: &Game, board: &Board, dirs: &[u8], rays: &Option<Shifts>) -> Vec<Option<u8>> {
    let mut out = vec![None; board.cells.len()];
    let spread = Spread::<SITE_WORDS>::of(game, dirs, rays);
    let free = empty(game, board);
    let mut left = free;
    while let Some(seed) = left.iter_in(game.topology.words).next() {
        let region = spread.group(seed, &free);
        left = left.and_not(&region);
        if let Some(p) = bounded_by(board, &spread.around(&region)) {
            for s in region.iter_in(game.topology.words) {
                if let Some(o) = out.get_mut(s as usize) {
                    *o = Some(p as u8);
                }
            }
        }
    }
    out
}
