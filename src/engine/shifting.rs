//! Playouts of games whose every move is drawn from families of site sets on a board of one
//! 64-bit word (placements, steps and hops: `Game::shift_plan`): the loop of
//! [`super::playout::playout`] with the draw's groups computed by shifts of one word, the moves
//! played on that word, the end rules read in place, and the turn control's general cases
//! (chance nodes, phases, passes, filters, repetition, effects after a move) left out. It draws
//! the same random numbers in the same order and plays the same moves, so a seed plays the same
//! game and leaves the same state.

pub(super) mod ending;

use super::moves::Move;
use super::playout::{play_selecting, Handover, Playout, SelectingLoop};
use super::sample::{index_below, Scratch};
use super::state::{Board, Cell, NodeType, State};
use super::turn::{conclude, end_turn_after_move, keep_after_move, settle_rule, KEPT_AFTER_A_MOVE};
use crate::board::sites::neighbour_rotation;
use crate::compile::ir::{Action, CaptureTo, Gen, GenDef, Phase, Site, Sites, MAX_PLAYERS};
use crate::compile::Needs;
use crate::engine::draw::{DrawOp, Family, NO_FILTER};
use crate::engine::Game;
use crate::ludemes::{Hop, Place, Step};
use crate::ludemes::{MoveFamily, MoverTurn};
use ending::Ending;
use rand::Rng;

/// The most groups (a family's rays) a player's plan may have.
const MAX_GROUPS: usize = 16;

/// What a group's candidates are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Placements: the move lands on its origin.
    Place,
    /// Steps: the move lands on the origin's neighbour along the ray.
    Step,
    /// Hops: the candidate is a move only if the hop can land.
    Hop,
}

/// One group of the draw plan (a placement family, or one ray of a step or hop family) as
/// arithmetic on one word: a placement's candidates are `empty & to_empty` when the hand holds
/// `count` pieces, a ray's `mine & rotl((empty & to_empty) | (theirs & to_theirs), rot) & from`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Group {
    kind: Kind,
    /// The generator.
    gen: u16,
    /// The direction (steps and hops).
    dir: u8,
    /// The rotation that brings a target's bit to its origin's: minus the ray's offset.
    rot: u32,
    /// The ray's site offset.
    delta: i32,
    /// Origins with a neighbour along the ray (every site for a placement).
    from: u64,
    /// Targets among the empty sites.
    to_empty: u64,
    /// Targets among the opposing pieces (a capture's, or a hop's run).
    to_theirs: u64,
    /// Pieces the hand must hold, and a placement puts (0 for the others).
    count: u16,
    /// Whether a hop's run reaching the edge lands on its last site.
    edge_last: bool,
    /// Whether a step may land on an opposing piece (`Step::captures`).
    captures: bool,
    /// Where captured pieces go.
    captured: CaptureTo,
}

/// A group with no candidates: pads each player's groups to the same number.
const NO_GROUP: Group = Group {
    kind: Kind::Place,
    gen: 0,
    dir: 0,
    rot: 0,
    delta: 0,
    from: 0,
    to_empty: 0,
    to_theirs: 0,
    count: 0,
    edge_last: false,
    captures: false,
    captured: CaptureTo::Store,
};

/// The rays a run of targets counts at once, written out in the draw with no loop: a run of
/// more rays is cut into runs of this many, a shorter one padded with rays that count nothing.
const CHUNK: usize = 4;

/// Consecutive groups that share their targets (a placement, or up to [`CHUNK`] rays of a step
/// or hop family that go to the same sites): the targets are computed once for all of them.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Targets {
    /// A placement: its one group's candidates are the targets, when the hand holds `count`.
    place: bool,
    to_empty: u64,
    to_theirs: u64,
    count: u16,
    /// Its groups (the first `len` of the shifts; a placement has one).
    len: u16,
    shifts: [Shift; CHUNK],
}

/// A ray's part of a group's candidates: `mine & rotl(targets, rot) & from`. A padding ray's
/// `from` is empty.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Shift {
    rot: u32,
    from: u64,
}

/// Each player's draw plan as groups of one word, in the plan's order, and the end rules.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ShiftPlan {
    /// Every player's list has the same length (empty groups pad the shorter ones).
    groups: [Vec<Group>; MAX_PLAYERS],
    /// The groups as the draw computes them: runs of groups that share their targets.
    targets: [Vec<Targets>; MAX_PLAYERS],
    /// The end rules read in place, when each of their tests is one the loop reads.
    ending: Option<Ending>,
}

impl ShiftPlan {
    /// The plan of a game of this shape: one decision phase with no pass whose turn always
    /// passes on, on a board of one word, each player's draw plan only families of placements
    /// (no flank), steps and hops counted without a filter, no effect after a move, no
    /// repetition, sown sites, unmoved pieces or held kinds to keep. `None` for any other game.
    pub(crate) fn of(game: &Game) -> Option<Box<ShiftPlan>> {
        let [Phase::Decision { next, pass, .. }] = game.phases.as_slice() else {
            return None;
        };
        let draw = game.draw_plan(0);
        if *pass
            || game.topology.words != 1
            || game.sites() > 64
            || game.needs.intersects(
                Needs::REPETITION
                    .with(Needs::SOWN)
                    .with(Needs::UNMOVED)
                    .with(Needs::KINDS_HELD)
                    // The loop keeps no count of what a move captured for `captured` to read.
                    .with(Needs::CAPTURED)
                    // It writes its cells itself, keeping no kinds' sets.
                    .with(Needs::KIND_SETS),
            )
            || !matches!(next.fixed(), Some(Action::EndTurn))
        {
            return None;
        }
        let mut plan = ShiftPlan {
            ending: Ending::of(game),
            ..ShiftPlan::default()
        };
        let players = (game.players as usize).min(MAX_PLAYERS);
        for (mover, ops) in draw.ops.iter().enumerate().take(players) {
            for op in ops {
                groups_of(game, op, &mut plan.groups[mover])?;
            }
        }
        let most = plan.groups.iter().map(Vec::len).max().unwrap_or(0);
        if most == 0 || most > MAX_GROUPS {
            return None;
        }
        for (mover, groups) in plan.groups.iter_mut().enumerate() {
            groups.resize(most, NO_GROUP);
            for g in groups.iter() {
                let place = g.kind == Kind::Place;
                let key = (place, g.to_empty, g.to_theirs, g.count);
                let shift = Shift {
                    rot: g.rot,
                    from: g.from,
                };
                let runs = &mut plan.targets[mover];
                match runs.last_mut() {
                    Some(t)
                        if !place
                            && (t.place, t.to_empty, t.to_theirs, t.count) == key
                            && (t.len as usize) < CHUNK =>
                    {
                        t.shifts[t.len as usize] = shift;
                        t.len += 1;
                    }
                    _ => {
                        // A placement's one ray (`from` every site, no rotation) leaves its
                        // targets as they are.
                        let mut shifts = [Shift::default(); CHUNK];
                        shifts[0] = shift;
                        runs.push(Targets {
                            place,
                            to_empty: g.to_empty,
                            to_theirs: g.to_theirs,
                            count: g.count,
                            len: 1,
                            shifts,
                        });
                    }
                }
            }
        }
        Some(Box::new(plan))
    }

    /// Reads a game's end rules again after they changed (`Game::set_end_rules`).
    pub(crate) fn reread_end_rules(game: &mut Game) {
        if let Some(mut plan) = game.plans.shift_plan.take() {
            plan.ending = Ending::of(game);
            game.plans.shift_plan = Some(plan);
        }
    }

    /// Whether the loop reads the end rules in place (each of their tests is one it reads).
    pub fn reads_end_rules(&self) -> bool {
        self.ending.is_some()
    }
}

/// Whether the loop plays a placement: one that flips nothing and puts pieces of the first kind
/// on any empty site of the family.
fn plays_placement(place: &Place) -> bool {
    // Every field named, so that a new one fails to compile until the loop decides it.
    let Place {
        flank,
        surround,
        kind,
        placed_as,
        of,
        from_last,
        // Read through the family (`Place`, not `PlaceWhere`: no test of the site).
        count: _,
        to: _,
        site_test: _,
        site_sets: _,
    } = place;
    flank.is_none()
        && surround.is_none()
        && kind.is_none()
        && placed_as.is_none()
        && of.is_none()
        && from_last.is_none()
}

/// Adds the groups of one step of a draw plan; `None` if the step is not of the shape.
fn groups_of(game: &Game, op: &DrawOp, out: &mut Vec<Group>) -> Option<()> {
    let DrawOp::Count {
        gen,
        tag: NO_FILTER,
        family,
    } = op
    else {
        return None;
    };
    // Every field named, so that a new one fails to compile until the loop decides it.
    let GenDef {
        gen: generator,
        then,
        remove,
    } = game.gens.get(*gen as usize)?;
    if remove.is_some() || !then.is_empty() {
        return None;
    }
    let word = |s: &Sites| s.0[0];
    let all = !0u64;
    let ray = |kind, ray: &crate::engine::draw::Ray| Group {
        kind,
        gen: *gen,
        dir: ray.dir,
        rot: neighbour_rotation(ray.delta),
        delta: ray.delta,
        from: word(&ray.from),
        ..NO_GROUP
    };
    match (family, generator) {
        (Family::Place { count, to }, Gen::Place(place)) if plays_placement(place) => {
            out.push(Group {
                gen: *gen,
                from: all,
                to_empty: word(to),
                count: *count,
                ..NO_GROUP
            })
        }
        (
            Family::Step {
                rays, quiet, to, ..
            },
            Gen::Step(Step {
                captures,
                captured,
                // Read through the family: its rays and targets. The loop reads no kinds.
                dirs: _,
                to: _,
                kind: None,
                capture: _,
                // A step that takes in passing or promotes has no draw family: never here.
                in_passing: _,
                promotion: _,
            }),
        ) => {
            for (k, r) in rays.iter().enumerate() {
                let quiet = k < *quiet;
                out.push(Group {
                    to_empty: if quiet { word(to) } else { 0 },
                    to_theirs: if quiet { 0 } else { word(to) },
                    captures: *captures,
                    captured: *captured,
                    ..ray(Kind::Step, r)
                });
            }
        }
        (
            Family::Hop {
                rays,
                run_in,
                edge_last,
                ..
            },
            Gen::Hop(Hop {
                captured,
                // Read through the family: its rays, run and edge (no kind: a kind is listed).
                dirs: _,
                run_in: _,
                edge_last: _,
                kind: _,
                // A bounded hop has no draw family, so it never reaches here.
                max: _,
            }),
        ) => {
            for r in rays {
                out.push(Group {
                    to_theirs: word(run_in),
                    edge_last: *edge_last,
                    captured: *captured,
                    ..ray(Kind::Hop, r)
                });
            }
        }
        _ => return None,
    }
    Some(())
}

/// Plays random moves from `state` to the end, as [`super::playout::playout`] does. Out of line,
/// so that the general loop's code does not change with it.
#[inline(never)]
pub(super) fn playout(
    game: &Game,
    plan: &ShiftPlan,
    state: &mut State,
    rng: &mut impl Rng,
    scratch: &mut Scratch,
) -> Playout {
    scratch.forget_trial();
    // A turn has one phase: the general loop finds no move to draw in another, and stops.
    if state.phase != 0 {
        return Playout::of(state);
    }
    play_selecting(game, plan, state, rng);
    Playout::of(state)
}

impl SelectingLoop for ShiftPlan {
    #[inline(always)]
    fn play(
        &self,
        game: &Game,
        state: &mut State,
        rng: &mut impl Rng,
        select: impl Fn(u64, u32) -> u8 + Copy,
    ) -> Option<Handover> {
        // The shift loop plays every turn to the end.
        match &self.ending {
            Some(ending) => play(game, self, (state, rng), select, |s, actor, stuck| {
                settle_rule(
                    game,
                    s,
                    actor,
                    stuck,
                    ending.first(&game.topology, s, actor, stuck),
                )
            }),
            None => play(game, self, (state, rng), select, |s, actor, stuck| {
                conclude(game, s, actor, false, stuck)
            }),
        }
        None
    }
}

/// The candidates of a draw: each group's set, and where each group's candidates end in the
/// draw's order (groups past the plan's end at `u32::MAX`, so that none is found there). Room
/// past the last group for the padding rays of a run.
struct Candidates {
    sets: [u64; MAX_GROUPS + CHUNK],
    ends: [u32; MAX_GROUPS + CHUNK],
}

/// A drawn move as the loop carries it: its group says the rest (the generator, the direction),
/// so the whole [`Move`] is made only for a generator's own `apply`.
#[derive(Debug, Clone, Copy)]
struct Drawn {
    from: Site,
    to: Site,
}

/// The loop; `end` checks the end rules after a move by the given player, the player to move
/// being stuck or not, and says whether the game is over.
#[inline(always)]
fn play(
    game: &Game,
    plan: &ShiftPlan,
    (state, rng): (&mut State, &mut impl Rng),
    select: impl Fn(u64, u32) -> u8 + Copy,
    end: impl Fn(&mut State, u8, Option<u8>) -> bool,
) {
    let groups = |mover: u8| plan.groups[mover as usize & (MAX_PLAYERS - 1)].as_slice();
    let sets = |mover: u8| plan.targets[mover as usize & (MAX_PLAYERS - 1)].as_slice();
    let mut c = Candidates {
        sets: [0; MAX_GROUPS + CHUNK],
        ends: [u32::MAX; MAX_GROUPS + CHUNK],
    };
    let mut next = match state.node {
        NodeType::Decision => draw(
            groups(state.mover),
            sets(state.mover),
            &state.board,
            state.mover,
            (rng, select),
            &mut c,
        ),
        _ => None,
    };
    while state.node == NodeType::Decision {
        let Some((m, g)) = next else {
            break;
        };
        let actor = state.mover;
        // The other sides' sites, when a capture is to be seen: it makes progress.
        let others = |b: &Board| b.filled.0[0] & !b.owned[actor as usize & (MAX_PLAYERS - 1)].0[0];
        let before = if game.needs.contains(Needs::PROGRESS) {
            others(&state.board)
        } else {
            0
        };
        apply(game, state, actor, m, &groups(actor)[g & (MAX_GROUPS - 1)]);
        state.clock.last = super::Last {
            from: m.from,
            to: m.to,
        };
        // The groups of a connection test, and the counts since progress, as a move keeps them
        // (no move here has an effect that makes progress, but a capture does: a site of the
        // other sides emptied).
        if game.needs.intersects(KEPT_AFTER_A_MOVE) {
            let captured = before & !others(&state.board) != 0;
            keep_after_move(game, state, u8::from(captured));
        }
        end_turn_after_move(game, state, actor);
        let chosen = draw(
            groups(state.mover),
            sets(state.mover),
            &state.board,
            state.mover,
            (&mut *rng, select),
            &mut c,
        );
        let stuck = chosen.is_none().then_some(state.mover);
        next = if end(state, actor, stuck) {
            None
        } else {
            chosen
        };
    }
}

/// The move the general draw picks for `mover` from a plan of these groups, and its group: the
/// candidates of each group counted, one drawn uniformly, and a hop that cannot land dropped
/// and the draw made again, the same numbers in the same order.
#[inline(always)]
fn draw(
    groups: &[Group],
    targets: &[Targets],
    board: &Board,
    mover: u8,
    (rng, select): (&mut impl Rng, impl Fn(u64, u32) -> u8),
    c: &mut Candidates,
) -> Option<(Drawn, usize)> {
    let p = mover as usize & (MAX_PLAYERS - 1);
    let filled = board.filled.0[0];
    let mine = board.owned[p].0[0];
    let theirs = filled & !mine;
    let hand = board.hand[p];
    let mut total = 0;
    let mut k = 0;
    for t in targets {
        let to = (!filled & t.to_empty) | (theirs & t.to_theirs);
        let at = k & (MAX_GROUPS - 1);
        // A placement, or a lone ray: one group, not a padded run.
        if t.len == 1 {
            let s = t.shifts[0];
            let own = mine | 0u64.wrapping_sub(u64::from(t.place));
            let set = own
                & to.rotate_left(s.rot)
                & s.from
                & 0u64.wrapping_sub(u64::from(hand >= t.count));
            c.sets[at] = set;
            total += set.count_ones();
            c.ends[at] = total;
            k += 1;
            continue;
        }
        // Every ray of the run written out, padding too, with no loop to run: a padding ray
        // counts nothing, and the next run writes over its place.
        for (j, s) in t.shifts.iter().enumerate() {
            let set = mine & to.rotate_left(s.rot) & s.from;
            c.sets[at + j] = set;
            total += set.count_ones();
            c.ends[at + j] = total;
        }
        k += t.len as usize;
    }
    // The last run's padding wrote past the plan's groups: no end may be found there, in this
    // draw or the next one (whose runs may be padded otherwise).
    let k = k.min(MAX_GROUPS);
    c.ends[k..k + CHUNK].fill(u32::MAX);
    loop {
        if total == 0 {
            return None;
        }
        let r = index_below(rng, total as usize) as u32;
        // The group: the first whose end is past the number, by a binary search of the ends
        // (which only grow) with no branch. Each step reads one end, as it was stored: a wide
        // read of ends written one at a time would wait for the stores.
        let mut i = 0;
        let mut half = MAX_GROUPS / 2;
        while half > 0 {
            i += half * usize::from(c.ends[(i + half - 1) & (MAX_GROUPS - 1)] <= r);
            half /= 2;
        }
        let before = match i {
            0 => 0,
            _ => c.ends[(i - 1) & (MAX_GROUPS - 1)],
        };
        let g = groups.get(i)?;
        let from = Site::from(select(c.sets[i], r - before));
        let to = match g.kind {
            Kind::Place => from,
            Kind::Step => (from as i32 + g.delta) as Site,
            Kind::Hop => match landing(g, from, theirs & g.to_theirs, filled) {
                Some(to) => return Some((Drawn { from, to }, i)),
                None => {
                    // Not a move: it leaves its group, and the draw is made again.
                    c.sets[i] &= !(1u64 << (from & 63));
                    for end in &mut c.ends[i..groups.len()] {
                        *end -= 1;
                    }
                    total -= 1;
                    continue;
                }
            },
        };
        return Some((Drawn { from, to }, i));
    }
}

/// Where a hop of group `g` from `from` lands over a run of `prey`, if it can (`hop::landing`
/// read in bits: the first site of the run is prey, as the candidate's set says).
#[inline(always)]
fn landing(g: &Group, from: Site, prey: u64, filled: u64) -> Option<Site> {
    let bit = |s: i32| 1u64 << (s & 63);
    let mut last = from as i32 + g.delta;
    loop {
        if g.from & bit(last) == 0 {
            // The run reaches the edge.
            return g.edge_last.then_some(last as Site);
        }
        let t = last + g.delta;
        if prey & bit(t) == 0 {
            return (filled & bit(t) == 0).then_some(t as Site);
        }
        last = t;
    }
}

/// Plays a drawn move of group `g` on the board's one word: what the generator's own `apply`
/// does (`Place`, `Step`, `Hop`), for a board that keeps no repetition key.
#[inline(always)]
fn apply(game: &Game, state: &mut State, actor: u8, m: Drawn, g: &Group) {
    let board = &mut state.board;
    if board.keyed {
        return apply_keyed(game, state, actor, m, g);
    }
    let p = actor as usize & (MAX_PLAYERS - 1);
    let (from, to) = (m.from as usize, m.to as usize);
    let tb = 1u64 << (to & 63);
    match g.kind {
        Kind::Place => {
            let hand = &mut board.hand[p];
            *hand -= g.count.min(*hand);
            board.cells[to] = Cell::piece(actor, g.count);
            board.filled.0[0] |= tb;
            board.owned[p].0[0] |= tb;
        }
        Kind::Step => {
            let taken = board.cells[to];
            // A step lands on a piece only to capture it.
            if g.captures && taken.count > 0 {
                board.bank(g.captured, actor, taken, &[]);
                unset(board, to, taken.owner);
            }
            let moving = board.cells[from];
            lift(board, from, moving);
            board.cells[to] = Cell { count: 1, ..moving };
            board.filled.0[0] |= tb;
            board.owned[p].0[0] |= tb;
        }
        Kind::Hop => {
            // The run from the origin's neighbour, cleared as the hop's own walk clears it.
            let prey = board.filled.0[0] & !board.owned[p].0[0] & g.to_theirs;
            let mut t = from as i32 + g.delta;
            while prey & (1u64 << (t & 63)) != 0 {
                let taken = board.cells[t as usize];
                board.bank(g.captured, actor, taken, &[]);
                unset(board, t as usize, taken.owner);
                if g.from & (1u64 << (t & 63)) == 0 {
                    break;
                }
                t += g.delta;
            }
            let moving = board.cells[from];
            lift(board, from, moving);
            board.cells[to] = Cell { count: 1, ..moving };
            board.filled.0[0] |= tb;
            board.owned[p].0[0] |= tb;
        }
    }
}

/// Empties a site whose piece belonged to `owner` (0 for neutral counters).
#[inline(always)]
fn unset(board: &mut Board, s: usize, owner: u8) {
    let bit = 1u64 << (s & 63);
    board.cells[s] = Cell::default();
    board.filled.0[0] &= !bit;
    if owner != 0 {
        board.owned[(owner as usize - 1) & (MAX_PLAYERS - 1)].0[0] &= !bit;
    }
}

/// Takes one piece off the stack `moving` on `s`.
#[inline(always)]
fn lift(board: &mut Board, s: usize, moving: Cell) {
    if moving.count > 1 {
        board.cells[s].count = moving.count - 1;
    } else {
        unset(board, s, moving.owner);
    }
}

/// Plays a drawn move with its generator's own `apply`, which keeps the board's key.
#[cold]
#[inline(never)]
fn apply_keyed(game: &Game, state: &mut State, actor: u8, m: Drawn, g: &Group) {
    let (kind, m) = match g.kind {
        Kind::Hop => (g.kind, Move::new(g.gen, m.from, m.to).with_dir(g.dir)),
        _ => (g.kind, Move::new(g.gen, m.from, m.to)),
    };
    let on = MoverTurn {
        game,
        clock: &state.clock,
        mover: actor,
    };
    let board = &mut state.board;
    match (kind, game.gens.get(m.gen as usize).map(|d| &d.gen)) {
        (Kind::Place, Some(Gen::Place(p))) => p.apply(on, board, m),
        (Kind::Step, Some(Gen::Step(s))) => s.apply(on, board, m),
        (Kind::Hop, Some(Gen::Hop(h))) => h.apply(on, board, m),
        _ => super::Effects::default(),
    };
}
