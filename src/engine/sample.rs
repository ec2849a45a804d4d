//! Drawing a uniformly random legal move without listing every move, as playouts do. The phase's
//! draw plan gives families of candidates as site sets (placements, sowings and steps exactly;
//! hops as the pieces next to a run) and lists the other moves. A candidate is drawn uniformly;
//! one that turns out illegal (a hop that cannot land) or fails its filter is dropped, and the
//! draw is made again. Each draw is uniform over the candidates left, and every legal move stays
//! a candidate, so the move returned is uniform over the legal moves.

use super::ctx::{Ctx, Effects};
use super::filter::{passes_counted, Counts};
use super::moves::Move;
use super::rules::{expr_moves, gen_moves, try_on};
use super::state::{Board, Cell, KindSets, NodeType, State};
use crate::compile::ir::*;
use crate::engine::draw::{DrawOp, Family, Ray, NO_FILTER};
use crate::engine::Game;
use crate::ludemes::{hop_landing, MoveFamily};
use rand::Rng;

mod compulsory;
mod guarded;

pub(crate) use compulsory::Compulsory;

/// Moves counted, not listed: ray `ray` (or the only part) of the `op`-th step of the draw plan
/// gave `count` of them.
#[derive(Debug, Clone, Copy)]
struct Group {
    op: u16,
    ray: u16,
    count: u32,
}

/// Reusable buffers of a playout.
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    groups: Vec<Group>,
    /// Candidates dropped from their groups because they were illegal or failed a filter:
    /// (group, origin).
    dropped: Vec<(u32, Site)>,
    moves: Vec<Move>,
    needs: Vec<u16>,
    /// The board after the drawn move, when a filter's trial played it, so it is not played twice.
    tried: Board,
    /// The node's counts and a copy, for the trials of a count.
    counts: Counts,
    tried_move: Option<(Move, Effects)>,
    /// The last placement group counted whose sites were tested (`PlaceWhere`), its step and
    /// its sites, so that drawing from it does not test them again.
    tested: Option<(u16, Sites)>,
}

impl Scratch {
    /// Empties the buffers of one draw.
    #[inline(always)]
    fn clear(&mut self) {
        self.groups.clear();
        self.dropped.clear();
        self.moves.clear();
        self.needs.clear();
        self.tested = None;
    }

    /// Forgets the board a filter's trial left: a playout that draws without trials.
    pub(crate) fn forget_trial(&mut self) {
        self.tried_move = None;
    }

    /// The board after `m` with its effects, if drawing `m` already played it.
    pub(crate) fn tried_board(&mut self, m: Move) -> Option<(&mut Board, Effects)> {
        let (t, fx) = self.tried_move.take()?;
        (t == m).then_some((&mut self.tried, fx))
    }
}

/// The random legal move a playout plays from a settled decision node, or a pass where the
/// phase allows one; `None` if the player has no move.
#[inline(always)]
pub(crate) fn pick_in(
    game: &Game,
    s: &State,
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Move> {
    sc.tried_move = None;
    if s.node != NodeType::Decision {
        return None;
    }
    let Some(Phase::Decision { pass, .. }) = game.phases.get(s.phase as usize) else {
        return None;
    };
    let ops = &game.draw_plan(s.phase as usize).ops[s.mover as usize & (MAX_PLAYERS - 1)];
    // Plans of one step, the commonest, are drawn without the groups' bookkeeping. Site sets
    // are narrowed to the words the board needs: one word up to 64 sites.
    match ops.as_slice() {
        [DrawOp::List { gen, tag }] => pick_listed(&Ctx::of(game, s), (*gen, *tag), *pass, sc, rng),
        [DrawOp::Count {
            gen,
            tag,
            family: family @ (Family::Place { .. } | Family::PlaceWhere { .. } | Family::Sow { .. }),
        }] => pick_exact_in((game, s, (*gen, *tag), family, *pass), sc, rng),
        // A second step that is a condition: perhaps one exact family and the rest behind a
        // condition that fails (only that step tested here, the one test other plans pay).
        [_, DrawOp::Unless(..), ..]
            if let Some(drawn) = pick_guarded((game, s, ops, *pass), sc, rng) =>
        {
            drawn
        }
        // A priority of moves that must be taken, listed, then steps (draughts).
        _ if let Some(plan) = game.plans.compulsory.as_deref() => {
            by_width!(game.topology.words, |W| {
                compulsory::pick::<W>((game, s, plan, *pass), sc, rng)
            })
        }
        _ => by_width!(game.topology.words, |W| {
            pick::<W>(game, s, ops, *pass, sc, rng)
        }),
    }
}

/// The number of legal moves at a settled decision node, as listing them would give, counted
/// as the draw counts them (perft's last level): a family of exact candidates by its set's size,
/// hops and the candidates a filter must pass one by one, the listed moves one by one.
pub(crate) fn count_legal(game: &Game, s: &State, sc: &mut Scratch) -> usize {
    by_width!(game.topology.words, |W| count::<W>(game, s, sc, true))
}

/// [`count_legal`]; with `guarded`, a plan under a filter that guards one piece is counted by
/// site sets where it can ([`guarded::count`]); without, as any plan (the tests compare them).
fn count<const W: usize>(game: &Game, s: &State, sc: &mut Scratch, guarded: bool) -> usize {
    let Some(Phase::Decision { pass, .. }) = game.phases.get(s.phase as usize) else {
        return 0;
    };
    let ops = &game.draw_plan(s.phase as usize).ops[s.mover as usize & (MAX_PLAYERS - 1)];
    sc.clear();
    sc.counts.forget();
    let ctx = Ctx::of(game, s);
    if guarded {
        if let Some(n) = guarded::count::<W>(&ctx, ops, sc) {
            return if n == 0 { usize::from(*pass) } else { n };
        }
    }
    let view = View::<W>::of(&s.board, s.mover as usize);
    let mut total = collect::<W>(&ctx, &view, ops, sc) as usize;
    let filtered = !game.filters.is_empty();
    for g in sc.groups.iter().filter(|g| g.count > 0) {
        let Some(DrawOp::Count { gen, tag, family }) = ops.get(g.op as usize) else {
            continue;
        };
        let tag = if filtered { *tag } else { NO_FILTER };
        if tag == NO_FILTER && !matches!(family, Family::Hop { .. }) {
            continue;
        }
        // Candidates that may not be moves: each tried, and those that are not taken off.
        for from in candidates::<W>(family, g.ray as usize, &view).iter() {
            let legal = candidate_move(&ctx, family, *gen, g.ray, from).is_some_and(|m| {
                tag == NO_FILTER || passes_counted(&ctx, tag, m, &mut sc.counts, &mut sc.tried)
            });
            total -= usize::from(!legal);
        }
    }
    for (i, &m) in sc.moves.iter().enumerate() {
        let legal = match sc.needs.get(i).copied().unwrap_or(NO_FILTER) {
            NO_FILTER => true,
            tag => passes_counted(&ctx, tag, m, &mut sc.counts, &mut sc.tried),
        };
        total += usize::from(legal);
    }
    match total {
        0 => usize::from(*pass),
        n => n,
    }
}

fn pick<const W: usize>(
    game: &Game,
    s: &State,
    ops: &[DrawOp],
    pass: bool,
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Move> {
    sc.clear();
    let ctx = Ctx::of(game, s);
    let view = View::<W>::of(&s.board, s.mover as usize);
    let mut counted = collect::<W>(&ctx, &view, ops, sc);
    // The plan ran one step that counted exactly and listed nothing (Tabou after its opening).
    if let ([g], true) = (sc.groups.as_slice(), sc.moves.is_empty()) {
        if let Some(DrawOp::Count {
            gen,
            tag,
            family: family @ (Family::Place { .. } | Family::PlaceWhere { .. } | Family::Sow { .. }),
        }) = ops.get(g.op as usize)
        {
            let set = group_set::<W>(family, (g.op, 0), &view, sc);
            return draw_exact(&ctx, set, (*gen, *tag), pass, sc, rng);
        }
    }
    loop {
        let total = counted as usize + sc.moves.len();
        if total == 0 {
            return pass.then(Move::pass);
        }
        let r = index_below(rng, total);
        if r < counted as usize {
            let drawn = nth::<W>(&ctx, &view, ops, sc, r as u32)?;
            if let Some((m, tag)) = drawn.legal {
                if passes(&ctx, tag, m, sc) {
                    return Some(m);
                }
            }
            // The candidate is not a legal move, or fails its filter: it leaves its group, and
            // the draw is made again.
            sc.dropped.push((drawn.group as u32, drawn.from));
            sc.groups[drawn.group].count -= 1;
            counted -= 1;
            continue;
        }
        let i = r - counted as usize;
        let (m, tag) = (sc.moves[i], sc.needs.get(i).copied().unwrap_or(NO_FILTER));
        if passes(&ctx, tag, m, sc) {
            return Some(m);
        }
        sc.moves.swap_remove(i);
        sc.needs.swap_remove(i);
    }
}

/// The draw of a plan of one exact family and the rest behind a condition, when the condition
/// fails (a swap offered only as the first reply): that family's draw, as [`pick`] makes it,
/// without its groups; `None` when the plan is not of that shape or the condition holds. Out of
/// line: the other plans' draws keep their code.
#[inline(never)]
fn pick_guarded(
    (game, s, ops, pass): (&Game, &State, &[DrawOp], bool),
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Option<Move>> {
    let [DrawOp::Count {
        gen,
        tag,
        family: family @ (Family::Place { .. } | Family::PlaceWhere { .. } | Family::Sow { .. }),
    }, DrawOp::Unless(c, at), ..] = ops
    else {
        return None;
    };
    if *at as usize != ops.len() || Ctx::of(game, s).holds(c) {
        return None;
    }
    Some(pick_exact_in(
        (game, s, (*gen, *tag), family, pass),
        sc,
        rng,
    ))
}

/// [`pick_exact`] in the words the board needs: one word up to 64 sites.
#[inline(always)]
fn pick_exact_in(
    one: (&Game, &State, (u16, u16), &Family, bool),
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Move> {
    by_width!(one.0.topology.words, |W| pick_exact::<W>(one, sc, rng))
}

/// The draw of a plan that is one family whose candidates are exactly its moves' origins
/// (placements, sowings): from that one set, without groups. The same draws as the general
/// path, in the same order, so a seed plays the same game.
#[inline(always)]
fn pick_exact<const W: usize>(
    (game, s, (gen, tag), family, pass): (&Game, &State, (u16, u16), &Family, bool),
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Move> {
    let set = candidates::<W>(family, 0, &View::<W>::of(&s.board, s.mover as usize));
    draw_exact(&Ctx::of(game, s), set, (gen, tag), pass, sc, rng)
}

/// A move drawn from `set`, the origins of one family's moves (exactly), each tried against
/// the filter `tag`.
#[inline(always)]
fn draw_exact<const W: usize>(
    ctx: &Ctx,
    mut set: Sites<W>,
    (gen, tag): (u16, u16),
    pass: bool,
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Move> {
    loop {
        let total = set.len() as usize;
        if total == 0 {
            return pass.then(Move::pass);
        }
        let from = set.nth(index_below(rng, total) as u32)?;
        let m = Move::new(gen, from, from);
        if passes(ctx, tag, m, sc) {
            return Some(m);
        }
        // A move that fails its filter leaves the set, and the draw is made again.
        set.remove(from);
    }
}

/// The move that a plan of one family of placements with no filter draws for `mover` on
/// `board`, read in `W` words: the draw [`pick_in`] makes for that plan, without a pass.
#[inline(always)]
pub(super) fn pick_placement<const W: usize>(
    (gen, family): (u16, &Family),
    board: &Board,
    mover: u8,
    rng: &mut impl Rng,
) -> Option<Move> {
    let set = match family {
        // What `candidates` gives, without the view's other sets.
        Family::Place { count, to } => {
            if board.hand[mover as usize & (MAX_PLAYERS - 1)] >= *count {
                to.narrow().and_not(&board.filled.narrow())
            } else {
                Sites::default()
            }
        }
        _ => candidates::<W>(family, 0, &View::<W>::of(board, mover as usize)),
    };
    let total = set.len() as usize;
    if total == 0 {
        return None;
    }
    let from = set.nth(index_below(rng, total) as u32)?;
    Some(Move::new(gen, from, from))
}

/// The draw of a plan that is one listed generator: the same draws as the general path.
#[inline(always)]
fn pick_listed(
    ctx: &Ctx,
    (gen, tag): (u16, u16),
    pass: bool,
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Move> {
    sc.moves.clear();
    match ctx.game.gens.get(gen as usize).map(|d| &d.gen) {
        // The advance, race games' one listed family, inline: no call and no dispatch.
        Some(Gen::Advance(a)) => a.generate(ctx, gen, &mut sc.moves),
        _ => gen_moves(ctx, gen, &mut sc.moves),
    }
    // As the general path reads it: a game without filters tests none.
    let tag = if ctx.game.filters.is_empty() {
        NO_FILTER
    } else {
        tag
    };
    loop {
        let total = sc.moves.len();
        if total == 0 {
            return pass.then(Move::pass);
        }
        let i = index_below(rng, total);
        let m = sc.moves[i];
        if passes(ctx, tag, m, sc) {
            return Some(m);
        }
        sc.moves.swap_remove(i);
    }
}

/// The draw of a plan of listed generators alone (`gens`, in order) in a game without filters:
/// the moves listed and one drawn, as the general path draws them.
#[inline(always)]
pub(super) fn pick_lists(
    ctx: &Ctx,
    gens: &[u16],
    pass: bool,
    sc: &mut Scratch,
    rng: &mut impl Rng,
) -> Option<Move> {
    sc.moves.clear();
    for &g in gens {
        gen_moves(ctx, g, &mut sc.moves);
    }
    match sc.moves.len() {
        0 => pass.then(Move::pass),
        total => Some(sc.moves[index_below(rng, total)]),
    }
}

/// The kinds whose pieces [`by_kind`] sorts into sets of their own.
const KIND_SETS: usize = 8;

/// The pieces of `mine` of the kinds `wanted` takes, read from `cells`, each kind's in the set
/// of its number modulo [`KIND_SETS`]: for a board that keeps no set of the kinds.
fn by_kind<const W: usize>(
    cells: &[Cell],
    mine: Sites<W>,
    wanted: impl Fn(u8) -> bool,
) -> [Sites<W>; KIND_SETS] {
    let mut sets = [Sites::default(); KIND_SETS];
    for s in mine.iter() {
        match cells.get(s as usize) {
            Some(c) if wanted(c.kind) => sets[c.kind as usize % KIND_SETS].insert(s),
            _ => {}
        }
    }
    sets
}

/// The board's site sets as a draw reads them, narrowed to `W` words.
struct View<'a, const W: usize> {
    /// The cells, for the kinds of the pieces.
    cells: &'a [Cell],
    /// The sites of each kind, where the board keeps them.
    kinds: &'a KindSets,
    filled: Sites<W>,
    mine: Sites<W>,
    theirs: Sites<W>,
    hand: u16,
}

impl<'a, const W: usize> View<'a, W> {
    #[inline(always)]
    fn of(board: &'a Board, mover: usize) -> View<'a, W> {
        let filled = board.filled.narrow();
        let mine = board.owned[mover & (MAX_PLAYERS - 1)].narrow();
        View {
            cells: &board.cells,
            kinds: &board.kinds,
            filled,
            mine,
            // Enemies: occupied and not mine.
            theirs: filled.and_not(&mine),
            hand: board.hand[mover & (MAX_PLAYERS - 1)],
        }
    }
}

/// A number below `n` (at least 1), uniform: the number `rng.random_range(0..n)` draws, so that
/// seeded runs stay the same. rand's own `sample_single` went out of line as the playout loop
/// grew (about 2% of T'oki's instructions); this is its method for ranges that fit 32 bits
/// (Canon's: a widening multiply, and a second word only when the first is near a boundary).
#[inline(always)]
pub(super) fn index_below(rng: &mut impl Rng, n: usize) -> usize {
    let Ok(range) = u32::try_from(n) else {
        return rng.random_range(0..n);
    };
    let wide = u64::from(rng.random::<u32>()) * u64::from(range);
    let (mut result, low) = ((wide >> 32) as u32, wide as u32);
    if low > range.wrapping_neg() {
        let next = ((u64::from(rng.random::<u32>()) * u64::from(range)) >> 32) as u32;
        result += u32::from(low.checked_add(next).is_none());
    }
    result as usize
}

/// A number below `n`, uniform: the number `rng.random_range(0..n)` draws for a `u64` range
/// (rand's `sample_single` for it, Canon's method), so that seeded runs stay the same; 0 when
/// `n` is 0 (where rand would panic), so that a caller's table decides what a draw of nothing is.
#[inline(always)]
pub(super) fn below_u64(rng: &mut impl Rng, n: u64) -> u64 {
    let wide = u128::from(rng.random::<u64>()) * u128::from(n);
    let (mut result, low) = ((wide >> 64) as u64, wide as u64);
    if low > n.wrapping_neg() {
        let next = ((u128::from(rng.random::<u64>()) * u128::from(n)) >> 64) as u64;
        result += u64::from(low.checked_add(next).is_none());
    }
    result
}

/// Whether a drawn move passes its filter `tag` (or has none); the board of a passing trial is
/// kept, so the move is not played twice.
fn passes(ctx: &Ctx, tag: u16, m: Move, sc: &mut Scratch) -> bool {
    if tag == NO_FILTER {
        return true;
    }
    let Some(fx) = try_on(ctx, tag, m, &mut sc.tried) else {
        return false;
    };
    sc.tried_move = Some((m, fx));
    true
}

/// A drawn candidate.
struct Drawn {
    /// Its group.
    group: usize,
    /// Its origin.
    from: Site,
    /// Its move and the filter the move must pass, if the candidate is a legal move.
    legal: Option<(Move, u16)>,
}

/// The r-th candidate.
fn nth<const W: usize>(
    ctx: &Ctx,
    view: &View<W>,
    ops: &[DrawOp],
    sc: &Scratch,
    r: u32,
) -> Option<Drawn> {
    let mut r = r;
    let mut i = 0;
    while sc.groups.get(i)?.count <= r {
        r -= sc.groups[i].count;
        i += 1;
    }
    let g = sc.groups[i];
    let DrawOp::Count { gen, tag, family } = ops.get(g.op as usize)? else {
        return None;
    };
    let mut set = group_set::<W>(family, (g.op, g.ray), view, sc);
    for &(j, site) in &sc.dropped {
        if j as usize == i {
            set.remove(site);
        }
    }
    let from = set.nth(r)?;
    let legal = candidate_move(ctx, family, *gen, g.ray, from);
    Some(Drawn {
        group: i,
        from,
        legal: legal.map(|m| (m, *tag)),
    })
}

/// The move of generator `gen` a family's candidate at `from` (on ray `ray`) stands for, if it
/// is one: a hop's candidate is not when it cannot land.
#[inline(always)]
fn candidate_move(ctx: &Ctx, family: &Family, gen: u16, ray: u16, from: Site) -> Option<Move> {
    let dir = |rays: &[Ray]| rays.get(ray as usize).map_or(0, |r| r.dir);
    match family {
        Family::Place { .. } | Family::PlaceWhere { .. } | Family::Sow { .. } => {
            Some(Move::new(gen, from, from))
        }
        Family::Step { rays, .. } => Some(Move::new(
            gen,
            from,
            ctx.game.topology.neighbour(from, dir(rays)),
        )),
        Family::Hop {
            rays,
            region,
            edge_last,
            ..
        } => {
            let d = dir(rays);
            hop_landing(
                ctx.game,
                &ctx.board.cells,
                ctx.mover,
                from,
                d,
                *region,
                *edge_last,
            )
            .map(|to| Move::new(gen, from, to).with_dir(d))
        }
    }
}

/// Records candidates of the step before `pc` as a group; returns their number. Pushed even
/// when empty: a branch on the count would be mispredicted at random.
#[inline(always)]
fn group<const W: usize>(sc: &mut Scratch, pc: usize, ray: usize, origins: Sites<W>) -> u32 {
    let count = origins.len();
    sc.groups.push(Group {
        op: (pc - 1) as u16,
        ray: ray as u16,
        count,
    });
    count
}

/// The candidates of the group of step `op` and ray `ray`: those `collect` kept when their sites
/// were tested, else counted again (cheaper than keeping every group's set).
#[inline(always)]
fn group_set<const W: usize>(
    family: &Family,
    (op, ray): (u16, u16),
    view: &View<W>,
    sc: &Scratch,
) -> Sites<W> {
    match sc.tested {
        Some((at, set)) if at == op => set.narrow(),
        _ => candidates::<W>(family, ray as usize, view),
    }
}

/// Walks the draw plan: counts each family's candidates, lists the other moves.
// Inline: in the playout's draw it was the only caller's, and perft's count made it a call.
#[inline(always)]
fn collect<const W: usize>(ctx: &Ctx, view: &View<W>, ops: &[DrawOp], sc: &mut Scratch) -> u32 {
    let mut counted = 0;
    let mut pc = 0;
    // The moves before the current set of a priority.
    let mut set_start = 0;
    while let Some(op) = ops.get(pc) {
        pc += 1;
        match op {
            DrawOp::Count { family, .. } => match family {
                // Every ray in one loop: the step's `match` is paid once per family.
                Family::Step {
                    rays,
                    quiet,
                    to,
                    kind,
                } => {
                    let free = free(view, to);
                    let mine = movers(view, *kind);
                    for (k, ray) in rays.iter().enumerate() {
                        let targets = if k < *quiet { free } else { prey(view, to) };
                        counted += group(sc, pc, k, reaching(&mine, ray, &targets));
                    }
                }
                Family::Hop { rays, run_in, .. } => {
                    let prey = prey(view, run_in);
                    for (k, ray) in rays.iter().enumerate() {
                        counted += group(sc, pc, k, reaching(&view.mine, ray, &prey));
                    }
                }
                Family::PlaceWhere { .. } => {
                    let set = candidates::<W>(family, 0, view);
                    sc.tested = Some(((pc - 1) as u16, set.narrow()));
                    counted += group(sc, pc, 0, set);
                }
                _ => counted += group(sc, pc, 0, candidates::<W>(family, 0, view)),
            },
            DrawOp::List { gen, tag } => {
                gen_moves(ctx, *gen, &mut sc.moves);
                if !ctx.game.filters.is_empty() {
                    sc.needs.resize(sc.moves.len(), *tag);
                }
            }
            DrawOp::ListExpr { expr, tag } => {
                expr_moves(ctx, expr, &mut sc.moves, &mut Some(&mut sc.needs), *tag)
            }
            DrawOp::SetStart => set_start = counted as usize + sc.moves.len(),
            DrawOp::IfAny(at) => {
                if counted as usize + sc.moves.len() > set_start {
                    pc = *at as usize;
                }
            }
            DrawOp::Unless(c, at) => {
                if !ctx.holds(c) {
                    pc = *at as usize;
                }
            }
            DrawOp::Jump(at) => pc = *at as usize,
        }
    }
    counted
}

/// The origins of a family's candidate moves: exactly its legal moves' origins, except for hops,
/// whose candidates are the pieces next to an opposing site of the run region in the direction
/// (the landing is checked when one is drawn).
#[inline(always)]
fn candidates<const W: usize>(family: &Family, ray: usize, view: &View<W>) -> Sites<W> {
    match family {
        Family::Place { count, to } => placements(view, *count, to),
        Family::PlaceWhere { count, to, test } => {
            test.sites(&placements(view, *count, to), &view.filled, &view.mine)
        }
        Family::Step {
            rays,
            quiet,
            to,
            kind,
        } => rays.get(ray).map_or(Sites::default(), |r| {
            let targets = if ray < *quiet {
                free(view, to)
            } else {
                prey(view, to)
            };
            reaching(&movers(view, *kind), r, &targets)
        }),
        Family::Hop { rays, run_in, .. } => rays.get(ray).map_or(Sites::default(), |r| {
            reaching(&view.mine, r, &prey(view, run_in))
        }),
        Family::Sow { from } => sowings(view, from),
    }
}

/// The empty sites of `to`, if the hand holds `count` pieces: where placements go.
#[inline(always)]
fn placements<const W: usize>(view: &View<W>, count: u16, to: &Sites) -> Sites<W> {
    if view.hand >= count {
        to.narrow().and_not(&view.filled)
    } else {
        Sites::default()
    }
}

/// The empty sites of `to`: where steps may go.
#[inline(always)]
fn free<const W: usize>(view: &View<W>, to: &Sites) -> Sites<W> {
    to.narrow().and_not(&view.filled)
}

/// The opponent's sites within `run_in`: what hops may start over.
#[inline(always)]
fn prey<const W: usize>(view: &View<W>, run_in: &Sites) -> Sites<W> {
    view.theirs.and(&run_in.narrow())
}

/// The pieces of `mine` whose neighbour along the ray is in `targets`.
#[inline(always)]
fn reaching<const W: usize>(mine: &Sites<W>, ray: &Ray, targets: &Sites<W>) -> Sites<W> {
    mine.and(&targets.beyond(ray.delta).and(&ray.from.narrow()))
}

/// The mover's pieces of `kind`, or all of them: the origins of a family of one kind. The board
/// keeps each kind's sites where the game's draw counts one kind's steps (for its first
/// kinds); a later kind's pieces are found in the cells.
#[inline(always)]
fn movers<const W: usize>(view: &View<W>, kind: Option<u8>) -> Sites<W> {
    let Some(kind) = kind else {
        return view.mine;
    };
    match view.kinds.sites::<W>(kind) {
        Some(set) => view.mine.and(&set),
        None => by_kind(view.cells, view.mine, |k| k == kind)[kind as usize % KIND_SETS],
    }
}

/// The filled holes of `from`: where sowings start.
#[inline(always)]
fn sowings<const W: usize>(view: &View<W>, from: &Sites) -> Sites<W> {
    from.narrow().and(&view.filled)
}

#[cfg(test)]
mod tests {
    use super::index_below;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn index_below_draws_the_numbers_random_range_draws() {
        let sizes = [
            1,
            2,
            3,
            7,
            13,
            100,
            1000,
            1 << 20,
            (1 << 31) + 1,
            u32::MAX as usize,
        ];
        for (seed, n) in sizes.into_iter().chain([u32::MAX as usize + 5]).enumerate() {
            let mut ours = Xoshiro256PlusPlus::seed_from_u64(seed as u64);
            let mut rands = ours.clone();
            for _ in 0..5000 {
                assert_eq!(
                    index_below(&mut ours, n),
                    rands.random_range(0..n),
                    "n = {n}"
                );
            }
            // Both streams consumed the same words.
            assert_eq!(ours.random::<u64>(), rands.random::<u64>());
        }
    }
}
