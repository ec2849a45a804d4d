//! Drawing a uniformly random legal move without listing every move, as playouts do: placements
//! and steps are counted from site sets; other moves are listed; a filtered candidate is tried
//! only when drawn, and dropped if it fails, which keeps the draw uniform over legal moves.

use super::rules::{expr_moves, gen_moves, hop_landing, try_on, Ctx, Effects, NO_FILTER};
use super::state::{Board, Move, NodeType, State};
use crate::compile::ir::*;
use rand::Rng;

/// Moves counted, not listed: one per origin site, to its neighbour in `dir` (or onto itself).
#[derive(Debug, Clone, Copy)]
struct Group {
    gen: u16,
    dir: u8,
    origins: Sites,
    count: u32,
}

const NO_DIR: u8 = u8::MAX;

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
    let counted: u32 = sc.groups.iter().map(|g| g.count).sum();
    loop {
        let total = counted as usize + sc.moves.len();
        if total == 0 {
            return pass.then(Move::pass);
        }
        let r = rng.random_range(0..total);
        if r < counted as usize {
            return Some(nth(game, &sc.groups, r as u32));
        }
        let i = r - counted as usize;
        let (m, tag) = (sc.moves[i], sc.needs.get(i).copied().unwrap_or(NO_FILTER));
        if tag == NO_FILTER {
            return Some(m);
        }
        if let Some(fx) = try_on(&ctx, tag, m, &mut sc.tried) {
            sc.tried_move = Some((m, fx));
            return Some(m);
        }
        sc.moves.swap_remove(i);
        sc.needs.swap_remove(i);
    }
}

fn nth(game: &Game, groups: &[Group], mut r: u32) -> Move {
    for g in groups {
        if r < g.count {
            let from = g.origins.nth(r).unwrap_or(0);
            let to = if g.dir == NO_DIR {
                from
            } else {
                game.neighbours[from as usize][g.dir as usize]
            };
            return Move::new(g.gen, from, to);
        }
        r -= g.count;
    }
    Move::pass()
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
    let group = |sc: &mut Scratch, gen, dir, origins: Sites<W>| {
        let count = origins.len();
        if count > 0 {
            sc.groups.push(Group {
                gen,
                dir,
                origins: origins.narrow(),
                count,
            });
        }
    };
    match e {
        MoveExpr::Gen(g) if tag == NO_FILTER => match &game.gens[*g as usize] {
            GenDef {
                gen: Gen::Place { count, to },
                then,
            } if then.is_empty() => {
                if board.hand[mover] >= *count {
                    group(sc, *g, NO_DIR, mask(to).and_not(&filled));
                }
            }
            GenDef {
                gen: Gen::Step { dirs, to },
                then,
            } if then.is_empty() => {
                let free = mask(to).and_not(&filled);
                for &d in dirs {
                    group(sc, *g, d, mine.and(&reaching(game, d, &free)));
                }
            }
            GenDef {
                gen:
                    Gen::Hop {
                        dirs,
                        run_in,
                        edge_last,
                    },
                ..
            } => {
                let prey = board.owned[mover ^ 1].narrow().and(&mask(run_in));
                for &d in dirs {
                    for s in mine.and(&reaching(game, d, &prey)).iter() {
                        if let Some(t) =
                            hop_landing(game, &board.cells, ctx.mover, s, d, *run_in, *edge_last)
                        {
                            sc.moves.push(Move::new(*g, s, t));
                        }
                    }
                }
                tagged(game, sc, tag);
            }
            _ => {
                gen_moves(ctx, *g, &mut sc.moves);
                tagged(game, sc, tag);
            }
        },
        MoveExpr::Gen(g) => {
            gen_moves(ctx, *g, &mut sc.moves);
            tagged(game, sc, tag);
        }
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

/// Tags the moves just listed with the filter they must pass.
fn tagged(game: &Game, sc: &mut Scratch, tag: u16) {
    if !game.filters.is_empty() {
        sc.needs.resize(sc.moves.len(), tag);
    }
}
