//! The dice kernel's plan, made at load time: whether a game has the kernel's shape, and how the
//! kernel plays each of its phases (a throw's outcomes and branches, a plain advance, a list).

use super::*;
use crate::engine::draw::DrawPlan;

impl RacePlan {
    /// The plan of a game of the kernel's shape: a chance phase at least, no filters, no
    /// repetition and no sown sites; `None` for any other game.
    pub(crate) fn of(game: &Game) -> Option<RacePlan> {
        if !game.filters.is_empty()
            || game
                .needs
                // The loop keeps no count of what a move captured for `captured` to read.
                .intersects(
                    Needs::REPETITION
                        .with(Needs::SOWN)
                        .with(Needs::KINDS_HELD)
                        .with(Needs::CAPTURED)
                        // Dice used one at a time are looked ahead over by the general code.
                        .with(Needs::DICE)
                        // A plain advance writes its cells itself, keeping no kinds' sets.
                        .with(Needs::KIND_SETS),
                )
        {
            return None;
        }
        let stages: Vec<Stage> = (game.phases.iter().enumerate())
            .map(|(i, p)| stage(game, p, game.draw_plan(i)))
            .collect();
        if !stages.iter().any(|s| matches!(s, Stage::Throw(..))) {
            return None;
        }
        let end = &game.end_choice;
        let (end_full, end_early) = (
            SeatedChoice::of(&end.full, game, game.end.len()),
            SeatedChoice::of(&end.early, game, game.end.len()),
        );
        let mut clocks = Vec::new();
        for c in end_full.clocks().chain(end_early.clocks()) {
            if !clocks.contains(&c) {
                clocks.push(c);
            }
        }
        Some(RacePlan {
            mirrored: stages.iter().any(|s| matches!(s, Stage::Advance(..))),
            stages: Box::new(std::array::from_fn(|i| {
                stages.get(i).cloned().unwrap_or(Stage::Other)
            })),
            guarded: end_full.guarded() && end_early.guarded(),
            end_full,
            end_early,
            until: end.until,
            clocks,
        })
    }
}

/// How the kernel plays one phase.
fn stage(game: &Game, phase: &Phase, draw: &DrawPlan) -> Stage {
    let (pass, next) = match phase {
        Phase::Decision { pass, next, .. } => (pass, next),
        Phase::Chance { dice, by_outcome } => return throw(game, *dice, by_outcome),
    };
    let players = (game.players as usize).min(MAX_PLAYERS);
    let listed = |ops: &[DrawOp]| {
        ops.iter()
            .map(|op| match op {
                DrawOp::List { gen, .. } => Some(*gen),
                _ => None,
            })
            .collect::<Option<Vec<u16>>>()
    };
    let Some(gens) = listed(&draw.ops[0]) else {
        return Stage::Other;
    };
    if draw.ops[..players]
        .iter()
        .any(|ops| listed(ops) != Some(gens.clone()))
    {
        return Stage::Other;
    }
    // A plain advance's origins are drawn from one word's bits.
    let [gen] = gens[..] else {
        return Stage::Listed(Box::new((gens, *pass)));
    };
    // A site below 63 (the target `NOWHERE` reads as site 63 in the listing's mask test).
    if game.sites() > 63 || game.states.len() > STATES {
        return Stage::Listed(Box::new((gens, *pass)));
    }
    // Every field named, so that a new one fails to compile until the kernel decides it.
    match game.gens.get(gen as usize) {
        Some(GenDef {
            gen:
                Gen::Advance(
                    a @ Advance {
                        // A race's moves are the general code's.
                        race: false,
                        steps,
                        track,
                        // Played by the kernel's advance from its copy of the generator.
                        state: _,
                        set_state: _,
                        captured: _,
                        safe: _,
                        bear_off: _,
                        stack: _,
                        block: _,
                        // Bearing off, the stop on the last square and shared squares, read
                        // only by a race's moves.
                        home: _,
                        higher: _,
                        last: _,
                        share: _,
                    },
                ),
            then,
            remove: None,
        }) => Stage::Advance(Step {
            gen,
            advance: a.clone(),
            steps: match steps {
                IntExpr::Pips => Steps::Clock { mask: -1, add: 0 },
                IntExpr::Lit(k) => Steps::Clock { mask: 0, add: *k },
                _ => Steps::Expr,
            },
            then: then_of(game, then),
            pass: *pass,
            next: Turn::of(next, game),
            targets: Targets::of(&game.tracks[*track as usize]),
        }),
        _ => Stage::Listed(Box::new((gens, *pass))),
    }
}

/// The stage of a chance phase throwing `dice`, with the branches `by_outcome` (an outcome
/// without branches ends the turn, as in the general loop).
fn throw(game: &Game, dice: u16, by_outcome: &[Branches]) -> Stage {
    let d = &game.dice[dice as usize];
    let end_turn = Turn::ending();
    let outcomes: Vec<Outcome> = d
        .outcomes
        .iter()
        .enumerate()
        .map(|(i, &(v, _))| {
            let turn = by_outcome
                .get(i)
                .map_or(end_turn.clone(), |b| Turn::of(b, game));
            (v as i64, turn)
        })
        .collect();
    Stage::Throw(Throw {
        total: d.cumulative.last().copied().unwrap_or(0),
        // A table that names an outcome there is not is left for the cumulative weights.
        faces: (d.by_draw.iter())
            .map(|&i| outcomes.get(i as usize).cloned())
            .collect::<Option<_>>()
            .unwrap_or_default(),
        cumulative: d.cumulative.clone(),
        outcomes,
    })
}

/// The kernel's form of a plain advance's effects.
fn then_of(game: &Game, list: &[Effect]) -> Then {
    let set = |e: &Effect, actor: u8| match e {
        Effect::SetVar(w, v, IntExpr::Lit(x)) if (*v as usize) < MAX_VARS => {
            Some((who(game, actor, *w) as u8, *v, *x))
        }
        _ => None,
    };
    let sets = |actor: usize| {
        list.iter()
            .map(|e| set(e, actor as u8))
            .collect::<Option<Vec<_>>>()
    };
    let by_actor: [Option<Vec<_>>; MAX_PLAYERS] = std::array::from_fn(sets);
    if list.is_empty() {
        Then::Nothing
    } else if by_actor.iter().all(Option::is_some) {
        Then::SetVars(Box::new(by_actor.map(Option::unwrap_or_default)))
    } else {
        Then::General
    }
}
