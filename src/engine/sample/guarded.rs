//! The count of a node whose moves are listed generators under one filter that keeps one piece
//! unattacked (chess's legality), where the node's guard holds ([`Guard`]): the moves of the
//! pieces neither guarded nor pinned pass without a trial, so a slide's, leap's or step's moves
//! from them are counted by site sets, not listed. Only the other moves (the guarded piece's,
//! the pinned pieces', a step that takes in passing, castling) are listed and tried.

use super::{by_kind, passes_counted, Scratch, KIND_SETS};
use crate::compile::ir::{Gen, Sites, MAX_PLAYERS};
use crate::engine::draw::DrawOp;
use crate::engine::rules::gen_moves;
use crate::engine::Ctx;
use crate::ludemes::{replaces_only, Guard};

/// The number of legal moves at the node of `ctx`, as the general count gives it, when every
/// step of its plan `ops` lists a generator under one filter that guards a piece and the node's
/// guard holds; `None` otherwise.
pub(super) fn count<const W: usize>(ctx: &Ctx, ops: &[DrawOp], sc: &mut Scratch) -> Option<usize> {
    let Some(DrawOp::List { tag, .. }) = ops.first() else {
        return None;
    };
    let tag = *tag;
    let kind = (*ctx.game.guards.get(tag as usize)?)?;
    if !ops
        .iter()
        .all(|op| matches!(op, DrawOp::List { tag: t, .. } if *t == tag))
    {
        return None;
    }
    let mut kinds = Kinds::<W>::default();
    let of_kind = kinds.of(ctx, Some(kind));
    let (Some(piece), 1) = (of_kind.iter().next(), of_kind.len()) else {
        return None;
    };
    let guard = Guard::of_piece(ctx, kind, piece);
    // Kept for the trials of the moves listed, and for the general count when it is `None`.
    sc.counts.set_guard(tag, guard);
    let guard = guard?;
    let mine: Sites<W> = ctx.board.owned[ctx.mover as usize & (MAX_PLAYERS - 1)].narrow();
    // The pieces whose moves are tried: the guarded one and those pinned to it.
    let mut tried: Sites<W> = guard.pinned.narrow();
    tried.insert(guard.piece);
    let free = mine.and_not(&tried);
    let mut total = 0;
    for op in ops {
        let DrawOp::List { gen, .. } = op else {
            continue;
        };
        let Some((n, from, all, in_passing)) = counted(ctx, *gen, (free, &guard), &mut kinds)
        else {
            total += tally::<W>(ctx, (*gen, tag), None, &guard, sc);
            continue;
        };
        total += n as usize;
        if in_passing {
            total += tally(ctx, (*gen, tag), Some((from, None)), &guard, sc);
        } else if all != from {
            let rest = all.and_not(&from);
            total += tally(ctx, (*gen, tag), Some((from, Some(rest))), &guard, sc);
        }
    }
    Some(total)
}

/// The moves of generator `gen` from the pieces of `free` that the guard passes, counted by
/// site sets: their number, the pieces they were counted from, the mover's pieces that make
/// the generator's moves, and whether one of the counted pieces may take in passing. `None`
/// where its moves are not counted so.
#[inline]
fn counted<const W: usize>(
    ctx: &Ctx,
    gen: u16,
    (free, guard): (Sites<W>, &Guard),
    kinds: &mut Kinds<W>,
) -> Option<(u32, Sites<W>, Sites<W>, bool)> {
    let def = ctx.game.gens.get(gen as usize)?;
    if !replaces_only(def) {
        return None;
    }
    let (all, from) = match &def.gen {
        Gen::Slide(s) => {
            let all = kinds.of(ctx, s.kind);
            let from = all.and(&free);
            return Some((s.count_from(ctx, from)?, from, all, false));
        }
        Gen::Leap(l) => {
            let all = kinds.of(ctx, l.kind);
            let from = all.and(&free);
            return Some((l.count_from(ctx, from), from, all, false));
        }
        Gen::Step(s) => {
            let all = kinds.of(ctx, s.kind);
            (all, all.and(&free))
        }
        _ => return None,
    };
    let Gen::Step(s) = &def.gen else {
        return None;
    };
    let (n, in_passing) = s.count_from(ctx, from, guard.kind)?;
    Some((n, from, all, in_passing))
}

/// The legal moves of generator `gen` under filter `tag` that were not counted: with
/// `counted`, the pieces counted from and, where known, the only pieces left (`None`: every
/// move listed, those counted skipped). Each move is tried (a move of the guarded piece itself
/// looked at from its target).
#[inline(never)]
fn tally<const W: usize>(
    ctx: &Ctx,
    (gen, tag): (u16, u16),
    counted: Option<(Sites<W>, Option<Sites<W>>)>,
    guard: &Guard,
    sc: &mut Scratch,
) -> usize {
    sc.moves.clear();
    let from = match counted {
        Some((from, Some(rest))) => {
            let listed = match ctx.game.gens.get(gen as usize).map(|d| &d.gen) {
                Some(Gen::Step(s)) => s.generate_from(ctx, gen, rest, &mut sc.moves),
                _ => false,
            };
            if !listed {
                gen_moves(ctx, gen, &mut sc.moves);
            }
            from
        }
        Some((from, None)) => {
            gen_moves(ctx, gen, &mut sc.moves);
            from
        }
        None => {
            gen_moves(ctx, gen, &mut sc.moves);
            Sites::default()
        }
    };
    let mut n = 0;
    for &m in &sc.moves {
        // Counted: a move by replacement (not taking in passing) from a counted piece.
        if from.contains(m.from) && m.dir().is_none() {
            continue;
        }
        n += usize::from(match guard.moved_safe(ctx, m) {
            Some(safe) => safe,
            None => passes_counted(ctx, tag, m, &mut sc.counts, &mut sc.tried),
        });
    }
    n
}

/// The mover's pieces by kind, found once a node when first asked for (the draw's
/// [`by_kind`], kept here in the count's own place).
#[derive(Default)]
struct Kinds<const W: usize> {
    /// The pieces of each of the first kinds, once read.
    sets: Option<[Sites<W>; KIND_SETS]>,
}

impl<const W: usize> Kinds<W> {
    /// The mover's pieces of the kind, or all of them for none.
    #[inline]
    fn of(&mut self, ctx: &Ctx, kind: Option<u8>) -> Sites<W> {
        let (cells, mover) = (&ctx.board.cells[..], ctx.mover as usize);
        let mine: Sites<W> = ctx.board.owned[mover & (MAX_PLAYERS - 1)].narrow();
        let Some(k) = kind else {
            return mine;
        };
        if k as usize >= KIND_SETS {
            return by_kind(cells, mine, |x| x == k)[k as usize % KIND_SETS];
        }
        let sets = self
            .sets
            .get_or_insert_with(|| by_kind(cells, mine, |x| (x as usize) < KIND_SETS));
        sets[k as usize & (KIND_SETS - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::super::{count, NodeType, Scratch};
    use crate::compile::ir::by_width;
    use crate::engine::each_random_position;

    #[test]
    fn the_guarded_count_is_the_general_count_in_every_game_with_a_guard() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        for dir in ["games", "tests/variants"] {
            let Ok(list) = std::fs::read_dir(root.join(dir)) else {
                panic!("{dir} is read");
            };
            files.extend(list.flatten().map(|e| e.path()));
        }
        files.sort();
        let mut guarded = 0;
        for path in files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "game"))
        {
            let Ok(game) = crate::load::load_file(path, &[]) else {
                continue;
            };
            if game.guards.iter().all(Option::is_none) {
                continue;
            }
            guarded += 1;
            let (mut fast, mut general) = (Scratch::default(), Scratch::default());
            let seen = each_random_position(&game, 12, |s| {
                if s.node != NodeType::Decision {
                    return;
                }
                let listed = game.moves(s).len();
                let (a, b) = by_width!(game.topology.words, |W| (
                    count::<W>(&game, s, &mut fast, true),
                    count::<W>(&game, s, &mut general, false)
                ));
                assert_eq!(
                    a,
                    b,
                    "{}: the guarded count and the general one",
                    path.display()
                );
                assert_eq!(a, listed, "{}: the count and the listing", path.display());
            });
            assert!(seen > 100, "{}: {seen} positions", path.display());
        }
        // Chess and its positions.
        assert!(guarded >= 5, "{guarded} games with a guard");
    }
}
