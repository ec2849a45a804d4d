//! The sowing loop's draw plans as it reads them, made at load time: folded past the
//! conditions on the clock that stop holding, their conditions joined into one program, and
//! the checks that the loop reads every test and plays every step.

use super::opening::transfer;
use super::pits::LANE;
use super::program::Program;
use super::{Guard, Known, Op};
use crate::compile::choice::{Choice, Test, NONE, RESULT};
use crate::compile::ir::*;
use crate::engine::draw::{DrawOp, Family, NO_FILTER};
use crate::engine::filter::{sowing, surely_kept};
use crate::engine::Game;

/// A draw plan with each condition that holds only while a count of the clock is at most a
/// bound (`(< (moves-made Mover) 2)`) taken as failing, the bound kept in `guards` (without
/// `guards`, the plan as it is, its transfers kept); `None` if a step the folded plan can reach
/// is not a sowing the loop plays or a condition it reads.
pub(super) fn fold(
    game: &Game,
    ops: &[DrawOp],
    mut guards: Option<&mut Vec<(Guard, i64)>>,
) -> Option<Vec<Op>> {
    let mut out = Vec::with_capacity(ops.len());
    for (pc, op) in ops.iter().enumerate() {
        let forward = |at: u16| (at as usize > pc && at as usize <= ops.len()).then_some(at);
        out.push(match op {
            DrawOp::Unless(c, at) => {
                let at = forward(*at)?;
                match (guard(c), guards.as_mut()) {
                    (Some(g), Some(guards)) => {
                        guards.push(g);
                        Op::Jump(at)
                    }
                    _ => Op::Unless(Program::of(game, c), at),
                }
            }
            DrawOp::Jump(at) => Op::Jump(forward(*at)?),
            DrawOp::Count {
                gen,
                tag,
                family: Family::Sow { from },
            } if plain_sowing(game, *gen)
                && from.0[1..].iter().all(|&w| w == 0)
                && (*tag == NO_FILTER || readable(game.filters.get(*tag as usize)?, true)) =>
            {
                let filter = (game.filters.get(*tag as usize)).map(|c| Program::of(game, c));
                let least = (game.gens.get(*gen as usize))
                    .and_then(|def| sowing(&def.gen))
                    .and_then(|(sow, _)| surely_kept(sow));
                let known = match (&filter, least) {
                    (Some(f), Some(least)) => f.asks_filled().map(|(masks, passes)| Known {
                        masks,
                        lanes: masks.map(|m| std::array::from_fn(|s| (m >> s) as u16 & 1)),
                        lanes8: masks.map(|m| std::array::from_fn(|s| (m >> s) as u8 & 1)),
                        least,
                        below: [least - 1; LANE],
                        below8: [(least - 1) as u8; LANE],
                        passes,
                    }),
                    _ => None,
                };
                Op::Sow {
                    gen: *gen,
                    filter,
                    from: from.0[0],
                    known,
                }
            }
            DrawOp::List { gen, tag }
                if guards.is_none()
                    && (*tag == NO_FILTER || readable(game.filters.get(*tag as usize)?, true)) =>
            {
                transfer(game, *gen, *tag)
            }
            // Anything else must be out of reach of the folded plan (checked after).
            _ => Op::Other,
        });
    }
    Some(out)
}

/// The count and bound of a condition that holds only while a count of the clock is at most the
/// bound: one range test starting at or below zero on the moves made, played or the edges.
fn guard(c: &Choice) -> Option<(Guard, i64)> {
    let [step] = c.steps.as_slice() else {
        return None;
    };
    let Test::Within(e, lo, hi) = &step.test else {
        return None;
    };
    let g = match e {
        IntExpr::MovesMade(_) => Guard::MovesMade,
        IntExpr::MovesPlayed => Guard::MovesPlayed,
        IntExpr::EdgesPlayed => Guard::EdgesPlayed,
        _ => return None,
    };
    // The program is the test alone: it yields the condition when the test holds, else none.
    let alone = c.start == 0 && c.run(|_| true) == Some(0) && c.run(|_| false).is_none();
    (alone && *lo <= 0 && *hi < i64::MAX).then_some((g, *hi))
}

/// A folded plan's conditions and jumps as one condition whose answer is the index of the
/// sowing step they lead to (none if none): each kept condition's steps copied, going on where
/// the plan goes on when it holds or fails. `ops` is the plan before folding.
pub(super) fn pick(ops: &[DrawOp], plan: &[Op]) -> Choice {
    // Where each kept condition's copy starts among the steps.
    let mut base = vec![0u32; plan.len()];
    let mut steps = Vec::new();
    for (pc, op) in plan.iter().enumerate() {
        if let (Op::Unless(..), Some(DrawOp::Unless(c, _))) = (op, ops.get(pc)) {
            base[pc] = steps.len() as u32;
            steps.extend(c.steps.iter().cloned());
        }
    }
    // The step or answer that reaching plan step `pc` leads to (jumps go forward only).
    fn reach(ops: &[DrawOp], plan: &[Op], base: &[u32], mut pc: usize) -> u32 {
        loop {
            match (plan.get(pc), ops.get(pc)) {
                (Some(Op::Sow { .. }), _) => return RESULT + pc as u32,
                (Some(Op::Jump(at)), _) => pc = *at as usize,
                (Some(Op::Unless(_, at)), Some(DrawOp::Unless(c, _))) => {
                    return into(ops, plan, base, pc, *at as usize, c.start)
                }
                _ => return NONE,
            }
        }
    }
    // A target `t` of the condition of plan step `pc` (which goes on at `at` unless it holds).
    fn into(ops: &[DrawOp], plan: &[Op], base: &[u32], pc: usize, at: usize, t: u32) -> u32 {
        match t {
            NONE => reach(ops, plan, base, at),
            t if t >= RESULT => reach(ops, plan, base, pc + 1),
            t => base[pc] + t,
        }
    }
    for (pc, op) in plan.iter().enumerate() {
        if let (Op::Unless(_, at), Some(DrawOp::Unless(c, _))) = (op, ops.get(pc)) {
            let at = *at as usize;
            let copy = &mut steps[base[pc] as usize..][..c.steps.len()];
            for step in copy {
                step.yes = into(ops, plan, &base, pc, at, step.yes);
                step.no = into(ops, plan, &base, pc, at, step.no);
            }
        }
    }
    Choice {
        start: reach(ops, plan, &base, 0),
        steps,
    }
}

/// Whether every path through a folded plan is made of known steps and reaches at most one
/// sowing (the general draw counts a path of one family from its set alone).
pub(super) fn one_sowing_a_path(plan: &[Op]) -> bool {
    // (step, sowings met so far); jumps go forward only, so this ends.
    let mut stack = vec![(0usize, false)];
    while let Some((pc, sown)) = stack.pop() {
        match plan.get(pc) {
            None => {}
            Some(Op::Sow { .. }) if sown => return false,
            Some(Op::Sow { .. }) => stack.push((pc + 1, true)),
            Some(Op::Other | Op::Transfer { .. }) => return false,
            Some(Op::Unless(_, at)) => {
                stack.push((pc + 1, sown));
                stack.push((*at as usize, sown));
            }
            Some(Op::Jump(at)) => stack.push((*at as usize, sown)),
        }
    }
    true
}

/// Whether generator `gen` is a sowing with nothing after it (no `then`, no `remove:`).
fn plain_sowing(game: &Game, gen: u16) -> bool {
    // Every field named, so that a new one fails to compile until the loop decides it (the
    // sowing's own fields are decided by `Table::of`).
    game.gens
        .get(gen as usize)
        .is_some_and(|GenDef { gen, then, remove }| {
            then.is_empty() && remove.is_none() && sowing(gen).is_some()
        })
}

/// Whether the loop reads every test of a compiled condition; `sown` allows `sown-into` (a
/// filter's, read right after the move it tries).
pub(super) fn readable(c: &Choice, sown: bool) -> bool {
    c.steps.iter().all(|step| match &step.test {
        Test::Within(e, ..) => counted(e),
        Test::Compare(_, a, b) => counted(a) && counted(b),
        Test::Leaf(l) => match l {
            Leaf::IsIn(e, _) => counted(e),
            Leaf::Empty(_)
            | Leaf::Filled(_)
            | Leaf::NoMoves(_)
            | Leaf::Repeated
            | Leaf::LandedIn(_)
            | Leaf::MovedFrom(_)
            | Leaf::Passed => true,
            Leaf::SownInto(_) => sown,
            _ => false,
        },
    })
}

/// Whether the loop reads an integer: counts, scores, hands and the clock.
fn counted(e: &IntExpr) -> bool {
    match e {
        IntExpr::Lit(_)
        | IntExpr::Pips
        | IntExpr::CountIn(_)
        | IntExpr::InHand(_)
        | IntExpr::Score(_)
        | IntExpr::MovesPlayed
        | IntExpr::EdgesPlayed
        | IntExpr::MovesMade(_) => true,
        IntExpr::Arith(_, a, b) => counted(a) && counted(b),
        _ => false,
    }
}
