//! Drawing a uniformly random legal move without listing every move, as playouts do: placements
//! and steps are counted from site sets; other moves are listed; a filtered candidate is tried
//! only when drawn, and dropped if it fails, which keeps the draw uniform over legal moves.

use super::rules::{expr_moves, gen_moves, hop_landing, try_on, Ctx, Effects, NO_FILTER};
use super::state::{Board, Move, NodeType, State};
use crate::compile::ir::*;
use rand::Rng;

/// Moves counted, not listed: one per origin site, reaching its target as `reach` says, each to
/// pass filter `tag` (or none) when drawn.
#[derive(Debug, Clone, Copy)]
struct Group {
    gen: u16,
    reach: Reach,
    tag: u16,
    origins: Sites,
    count: u32,
}

/// Where a counted move goes from its origin.
#[derive(Debug, Clone, Copy)]
enum Reach {
    /// Onto the origin itself (a placement, a sowing).
    Itself,
    /// To the neighbour in a direction.
    Step(u8),
    /// Over a run in a direction: the landing is found when the move is drawn.
    Hop(u8),
}

/// Reusable buffers of a playout.
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    groups: Vec<Group>,
    moves: Vec<Move>,
    needs: Vec<u16>,
    /// The board after the drawn move, when a filter's trial played it, so it is not played twice.
    tried: Board,
    tried_move: Option<(Move, Effects)>,
}

impl Scratch {
    /// The board after `m` with its effects, if drawing `m` already played it.
    pub(crate) fn tried_board(&mut self, m: Move) -> Option<(&mut Board, Effects)> {
        match self.tried_move.take() {
            Some((t, fx)) if t == m => Some((&mut self.tried, fx)),
            _ => None,
        }
    }
}

/// The random legal move a playout plays from a settled decision node, or a pass where the
/// phase allows one; `None` if the player has no move.
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
    sc.groups.clear();
    sc.moves.clear();
    sc.needs.clear();
    let Some(Phase::Decision { moves, pass, .. }) = game.phases.get(s.phase as usize) else {
        return None;
    };
    // Site sets are narrowed to the words the board needs: one word up to 64 sites.
    let ctx = Ctx::of(game, s);
    match game.sites() {
        0..=64 => collect::<1>(&ctx, moves, sc, NO_FILTER),
        65..=128 => collect::<2>(&ctx, moves, sc, NO_FILTER),
        _ => collect::<4>(&ctx, moves, sc, NO_FILTER),
    }
    let mut counted: u32 = sc.groups.iter().map(|g| g.count).sum();
    loop {
        let total = counted as usize + sc.moves.len();
        if total == 0 {
            return pass.then(Move::pass);
        }
        let r = rng.random_range(0..total);
        if r < counted as usize {
            let (i, m) = nth(game, &s.board, s.mover, &sc.groups, r as u32)?;
            if passes(&ctx, sc.groups[i].tag, m, sc) {
                return Some(m);
            }
            // The move fails its filter: it leaves the group, and the draw is made again.
            let g = &mut sc.groups[i];
            g.origins.remove(m.from);
            g.count -= 1;
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

/// The r-th counted move, with the index of its group.
fn nth(
    game: &Game,
    board: &Board,
    mover: u8,
    groups: &[Group],
    mut r: u32,
) -> Option<(usize, Move)> {
    let cells = &board.cells;
    for (i, g) in groups.iter().enumerate() {
        if r < g.count {
            let from = g.origins.nth(r)?;
            let to = match g.reach {
                Reach::Itself => from,
                Reach::Step(d) => game.neighbours[from as usize][d as usize],
                Reach::Hop(d) => match &game.gens[g.gen as usize].gen {
                    Gen::Hop {
                        run_in, edge_last, ..
                    } => hop_landing(game, cells, mover, from, d, *run_in, *edge_last)?,
                    _ => return None,
                },
            };
            return Some((i, Move::new(g.gen, from, to)));
        }
        r -= g.count;
    }
    None
}

/// The sites from which a step in direction `d` reaches a site of `targets`.
#[inline]
fn reaching<const W: usize>(game: &Game, d: u8, targets: &Sites<W>) -> Sites<W> {
    let (delta, has) = &game.steps[d as usize];
    targets.shifted(-delta).and(&has.narrow())
}

fn collect<const W: usize>(ctx: &Ctx, e: &MoveExpr, sc: &mut Scratch, tag: u16) {
    let game = ctx.game;
    let board = ctx.board;
    let mover = ctx.mover as usize;
    let mask = |r: &Option<RegionRef>| -> Sites<W> {
        r.map_or(game.board_sites, |r| game.regions[r.0 as usize].mask[mover])
            .narrow()
    };
    let filled: Sites<W> = board.filled.narrow();
    let mine: Sites<W> = board.owned[mover].narrow();
    let group = |sc: &mut Scratch, gen, reach, origins: Sites<W>| {
        let count = origins.len();
        if count > 0 {
            sc.groups.push(Group {
                gen,
                reach,
                tag,
                origins: origins.narrow(),
                count,
            });
        }
    };
    match e {
        MoveExpr::Gen(g) => match &game.gens[*g as usize].gen {
            Gen::Place { count, to } => {
                if board.hand[mover] >= *count {
                    group(sc, *g, Reach::Itself, mask(to).and_not(&filled));
                }
            }
            Gen::Step { dirs, to } => {
                let free = mask(to).and_not(&filled);
                for &d in dirs {
                    group(sc, *g, Reach::Step(d), mine.and(&reaching(game, d, &free)));
                }
            }
            Gen::Sow { track, from, .. } => {
                let on: Sites<W> = game.tracks[*track as usize].on[mover].narrow();
                group(sc, *g, Reach::Itself, mask(from).and(&filled).and(&on));
            }
            Gen::Hop {
                dirs,
                run_in,
                edge_last,
            } => {
                let prey = board.owned[mover ^ 1].narrow().and(&mask(run_in));
                for &d in dirs {
                    let origins = hop_origins(game, d, &mine, &prey, &filled, *edge_last);
                    group(sc, *g, Reach::Hop(d), origins);
                }
            }
            _ => {
                gen_moves(ctx, *g, &mut sc.moves);
                tagged(game, sc, tag);
            }
        },
        MoveExpr::Or(list) => list.iter().for_each(|m| collect::<W>(ctx, m, sc, tag)),
        MoveExpr::If(c, a, b) => {
            if ctx.cond(c) {
                collect::<W>(ctx, a, sc, tag)
            } else if let Some(b) = b {
                collect::<W>(ctx, b, sc, tag)
            }
        }
        MoveExpr::Filter(id, inner) if tag == NO_FILTER => collect::<W>(ctx, inner, sc, *id),
        // A filter inside a filter is applied at once; the outer one is tried when drawn.
        MoveExpr::Filter(..) => expr_moves(ctx, e, &mut sc.moves, &mut Some(&mut sc.needs), tag),
    }
}

/// The sites of `mine` from which a hop in direction `d` over a run of `prey` lands: on the first
/// empty site after the run, or on the run's last site where the run reaches the edge and
/// `edge_last` says so. Every run is followed one site further at a time, all at once.
#[inline]
fn hop_origins<const W: usize>(
    game: &Game,
    d: u8,
    mine: &Sites<W>,
    prey: &Sites<W>,
    filled: &Sites<W>,
    edge_last: bool,
) -> Sites<W> {
    let (delta, has) = &game.steps[d as usize];
    let has: Sites<W> = has.narrow();
    let mut origins = Sites::default();
    // The run sites `i` steps from their origins.
    let mut run = mine.and(&has).shifted(*delta).and(prey);
    let mut i = 1;
    while !run.is_empty() {
        if edge_last {
            origins = origins.or(&run.and_not(&has).shifted(-i * delta));
        }
        let next = run.and(&has).shifted(*delta);
        origins = origins.or(&next.and_not(filled).shifted(-(i + 1) * delta));
        run = next.and(prey);
        i += 1;
    }
    origins
}

/// Tags the moves just listed with the filter they must pass.
fn tagged(game: &Game, sc: &mut Scratch, tag: u16) {
    if !game.filters.is_empty() {
        sc.needs.resize(sc.moves.len(), tag);
    }
}
