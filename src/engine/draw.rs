//! A decision phase's moves flattened for the playout draw: a straight list of steps per mover,
//! with regions, directions and tracks resolved to site sets at load time, so the draw walks no
//! expression tree and looks nothing up.

use crate::compile::choice::Choice;
use crate::compile::ir::MAX_PLAYERS;
use crate::compile::ir::{Action, Gen, GenDef, MoveExpr, Phase, RegionRef, Rules, Sites};
use crate::compile::Needs;
use crate::engine::Game;
use crate::ludemes::{Flank, Place};

/// The filter tag of moves that need no filter.
pub const NO_FILTER: u16 = u16::MAX;

/// The most steps a plan may have: its jumps and group indices are 16-bit.
const MAX_STEPS: usize = u16::MAX as usize;

/// The moves of a decision phase as the playout draw walks them, per mover.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DrawPlan {
    /// The steps, indexed by the mover (empty past the game's players).
    pub ops: [Vec<DrawOp>; MAX_PLAYERS],
}

impl DrawPlan {
    /// The plan of no moves (a chance phase's).
    pub const EMPTY: DrawPlan = DrawPlan {
        ops: [const { Vec::new() }; MAX_PLAYERS],
    };

    /// Whether a mover's draw counts the steps of one kind's pieces: the board then keeps each
    /// kind's sites ([`crate::compile::Needs::KIND_SETS`]).
    pub fn counts_kinds(&self) -> bool {
        self.ops.iter().flatten().any(|op| {
            matches!(
                op,
                DrawOp::Count {
                    family: Family::Step { kind: Some(_), .. },
                    ..
                }
            )
        })
    }
}

/// One step of a draw plan.
#[derive(Debug, Clone, PartialEq)]
pub enum DrawOp {
    /// Moves of generator `gen` counted from a site set, one per origin; each must pass filter
    /// `tag` (or [`NO_FILTER`]) when drawn.
    Count {
        /// The generator.
        gen: u16,
        /// The filter the moves must pass.
        tag: u16,
        /// How the origins follow from the board.
        family: Family,
    },
    /// The generator's moves, listed; each must pass filter `tag` when drawn.
    List {
        /// The generator.
        gen: u16,
        /// The filter the moves must pass.
        tag: u16,
    },
    /// An expression's moves, listed: a filter inside a filter (the inner one applied at once),
    /// a priority whose sets are not exact, or a whole plan too long for its jumps (its filters
    /// tried when a move is drawn).
    ListExpr {
        /// The expression.
        expr: MoveExpr,
        /// The outer filter, or [`NO_FILTER`].
        tag: u16,
    },
    /// A set of a priority begins: remember how many moves the plan has so far.
    SetStart,
    /// A set of a priority ends: go on at a step (past the priority's last set) if the set gave
    /// a move. Only sets whose moves are exact reach here (no hop's candidates, no filter but the
    /// outer one), so a move counted is a legal move.
    IfAny(u16),
    /// Go on at step `else_at` unless the condition holds.
    Unless(Choice, u16),
    /// Go on at a step.
    Jump(u16),
}

/// A direction as site-set arithmetic reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ray {
    /// The direction.
    pub dir: u8,
    /// The site offset of a step that way.
    pub delta: i32,
    /// Sites with a neighbour that way.
    pub from: Sites,
}

/// A family of counted moves: which sites are their origins, as site-set arithmetic.
#[derive(Debug, Clone, PartialEq)]
pub enum Family {
    /// `count` pieces from hand onto each empty site of `to`; the move's target is its origin.
    Place {
        /// Pieces per placement.
        count: u16,
        /// Allowed sites.
        to: Sites,
    },
    /// As `Place`, on the sites that also meet a condition of neighbours' occupancy (`place`'s
    /// `if:` read as site-set arithmetic).
    PlaceWhere {
        /// Pieces per placement.
        count: u16,
        /// Allowed sites.
        to: Sites,
        /// The condition.
        test: Box<crate::ludemes::BesideSets>,
    },
    /// One step along a ray to an empty site of `to`, or, along the rays from `quiet` on, onto
    /// an opposing piece of `to`, capturing it.
    Step {
        /// The directions, each counted on its own: the quiet ones, then those that capture.
        rays: Vec<Ray>,
        /// How many rays step to empty sites; the rest capture.
        quiet: usize,
        /// Allowed targets.
        to: Sites,
        /// The kind of the pieces that step, if only one kind does.
        kind: Option<u8>,
    },
    /// A hop along a ray over a run of the opponent's sites within `run_in`.
    Hop {
        /// The directions, each counted on its own.
        rays: Vec<Ray>,
        /// Where the run's sites must lie.
        run_in: Sites,
        /// Whether a run reaching the edge lands on its last site.
        edge_last: bool,
        /// The run region, for the landing of the drawn move.
        region: Option<RegionRef>,
    },
    /// Sowing from each filled hole of `from` (already limited to the track's holes).
    Sow {
        /// The holes.
        from: Sites,
    },
}

impl DrawPlan {
    /// Flattens a move expression for each mover. A plan too long for its 16-bit jumps (only a
    /// machine-written file gets there) lists the whole expression instead: slower, not wrong.
    pub fn of(game: &Rules, e: &MoveExpr) -> DrawPlan {
        DrawPlan {
            ops: std::array::from_fn(|mover| {
                let mut ops = Vec::new();
                if mover >= game.players as usize {
                    return ops;
                }
                flatten(game, mover, e, NO_FILTER, &mut ops);
                if ops.len() > MAX_STEPS {
                    ops = vec![DrawOp::ListExpr {
                        expr: e.clone(),
                        tag: NO_FILTER,
                    }];
                }
                ops
            }),
        }
    }
}

/// Whether the game is one decision phase with no pass whose turn always passes on, each
/// player's draw a single family of placements with no filter, no effect after them (no flank,
/// removal or `then`), and no position to remember for repetition.
pub(super) fn place_only(game: &Game) -> bool {
    let draw = game.draw_plan(0);
    let placing = |ops: &Vec<DrawOp>| match ops.as_slice() {
        [DrawOp::Count {
            gen,
            tag: NO_FILTER,
            family: Family::Place { .. } | Family::PlaceWhere { .. },
        }] => matches!(placement_flank(game, *gen), Some(None)),
        _ => false,
    };
    one_move_turns(game) && draw.ops.iter().take(game.players as usize).all(placing)
}

/// The flank of generator `gen` (`Some(None)` for none), if it is a placement the placement loops
/// play: of the mover's own piece of the first kind, anywhere its family allows, with no effect
/// after it but perhaps a flank; `None` for any other generator.
pub(super) fn placement_flank(game: &Game, gen: u16) -> Option<Option<&Flank>> {
    // Every field named, so that a new one fails to compile until the loops decide it.
    let GenDef { gen, then, remove } = game.gens.get(gen as usize)?;
    let Gen::Place(Place {
        flank,
        // No captures of groups.
        surround: None,
        // Read through the family: the draw counts them.
        count: _,
        to: _,
        site_test: _,
        site_sets: _,
        // Pieces of the first kind.
        kind: None,
        placed_as: None,
        // The mover's own pieces.
        of: None,
        from_last: None,
    }) = gen
    else {
        return None;
    };
    (remove.is_none() && then.is_empty()).then_some(flank.as_ref())
}

/// Whether the game is one decision phase with no pass whose turn always passes on after one
/// move, with no position to remember for repetition and no count of what a move captured: the
/// turns the placement loops play.
pub(super) fn one_move_turns(game: &Game) -> bool {
    let [Phase::Decision { next, pass, .. }] = game.phases.as_slice() else {
        return false;
    };
    !*pass
        && !game.needs.contains(Needs::REPETITION)
        && !game.needs.contains(Needs::SOWN)
        // The loops keep no count of what a move captured for `captured` to read.
        && !game.needs.contains(Needs::CAPTURED)
        && matches!(next.fixed(), Some(Action::EndTurn))
}

/// The sites of region `r` for `mover`; the whole board when there is no region.
pub(crate) fn region_mask(game: &Rules, r: &Option<RegionRef>, mover: usize) -> Sites {
    r.and_then(|r| game.regions.get(r.0 as usize))
        .map_or(game.topology.board_sites, |r| r.mask[mover])
}

/// The directions as shifts of site sets; `None` where the board has no shift for one of them
/// (its moves are then listed from the neighbour table).
pub(crate) fn rays(game: &Rules, dirs: &[u8]) -> Option<Vec<Ray>> {
    dirs.iter()
        .map(|&dir| {
            let (delta, from) = game.topology.ray(dir)?;
            Some(Ray { dir, delta, from })
        })
        .collect()
}

fn flatten(game: &Rules, mover: usize, e: &MoveExpr, tag: u16, ops: &mut Vec<DrawOp>) {
    match e {
        MoveExpr::Gen(g) => {
            let gen = *g;
            // Each family says how its moves are drawn; listing them is the default.
            match game
                .gens
                .get(gen as usize)
                .and_then(|d| d.gen.draw(game, mover))
            {
                Some(family) => ops.push(DrawOp::Count { gen, tag, family }),
                None => ops.push(DrawOp::List { gen, tag }),
            }
        }
        MoveExpr::Or(list) => list.iter().for_each(|m| flatten(game, mover, m, tag, ops)),
        MoveExpr::If(c, a, b) => {
            let test = ops.len();
            ops.push(DrawOp::Jump(0));
            flatten(game, mover, a, tag, ops);
            let else_at = match b {
                Some(b) => {
                    let jump = ops.len();
                    ops.push(DrawOp::Jump(0));
                    let else_at = ops.len();
                    flatten(game, mover, b, tag, ops);
                    ops[jump] = DrawOp::Jump(ops.len() as u16);
                    else_at
                }
                None => ops.len(),
            };
            ops[test] = DrawOp::Unless(c.clone(), else_at as u16);
        }
        // The moves of a filter are tried when drawn.
        MoveExpr::Filter(id, inner) if tag == NO_FILTER => flatten(game, mover, inner, *id, ops),
        // A priority's later sets count only when the earlier ones have no legal move: each set
        // in turn, the rest skipped once one gives a move.
        MoveExpr::Priority(sets) if priority(game, mover, sets, tag, ops) => {}
        // A filter inside a filter is applied at once; the outer one is tried when drawn.
        // A priority whose sets are not exact is listed (exact, not counted), an outer filter
        // tried when one is drawn. So are the moves that leave the largest value, known once
        // every move is tried, and the moves of each die, looked ahead over the throw.
        MoveExpr::Priority(..) | MoveExpr::Most(..) | MoveExpr::EachDie(..) => {
            ops.push(DrawOp::ListExpr {
                expr: e.clone(),
                tag,
            })
        }
        // A move that takes a piece is known once the move is tried: listed.
        MoveExpr::Remove(..) => ops.push(DrawOp::ListExpr {
            expr: e.clone(),
            tag,
        }),
        MoveExpr::Filter(..) => ops.push(DrawOp::ListExpr {
            expr: e.clone(),
            tag,
        }),
    }
}

/// Flattens a priority's sets in turn, each ended by a jump past the last when it gave a move;
/// `false`, with `ops` as it was, if a set's moves are not exact: a hop's candidates (which may
/// not land), a filter of its own (a set counts only with moves that pass it), or a priority
/// inside (one mark of a set's start at a time).
fn priority(
    game: &Rules,
    mover: usize,
    sets: &[MoveExpr],
    tag: u16,
    ops: &mut Vec<DrawOp>,
) -> bool {
    let start = ops.len();
    let mut ends = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        let last = i + 1 == sets.len();
        if !last {
            ops.push(DrawOp::SetStart);
        }
        let from = ops.len();
        flatten(game, mover, set, tag, ops);
        let exact = ops[from..].iter().all(|op| match op {
            DrawOp::Count { tag: t, family, .. } => {
                *t == tag && !matches!(family, Family::Hop { .. })
            }
            DrawOp::List { tag: t, .. } | DrawOp::ListExpr { tag: t, .. } => *t == tag,
            DrawOp::Unless(..) | DrawOp::Jump(_) => true,
            DrawOp::SetStart | DrawOp::IfAny(_) => false,
        });
        if !exact {
            ops.truncate(start);
            return false;
        }
        if !last {
            ends.push(ops.len());
            ops.push(DrawOp::IfAny(0));
        }
    }
    let end = ops.len() as u16;
    for i in ends {
        ops[i] = DrawOp::IfAny(end);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"
(game "Plan"
  (players 2)
  (equipment {(board (square 4)) (hand Each) (region "Low" (row 0))})
  (rules (start (hand Each 3))
    (play
      (if (> (count-in (region "Low")) 0)
        (or {(step Orthogonal) (place 1 to:(region "Low"))})
        (filter (= (count-in (region "Low")) 0) (hop Diagonal))))
    (end (if (no-moves Next) (result Next Loss)))))
"#;

    #[test]
    fn a_plan_too_long_for_its_jumps_lists_the_whole_expression() {
        let game = match crate::load::load_source("plan.game", GAME, &[]) {
            Ok(g) => g,
            Err(e) => panic!("the test game loads: {e:?}"),
        };
        let one = MoveExpr::If(
            Choice::of(&crate::compile::ir::Cond::Const(true)),
            Box::new(MoveExpr::Gen(0)),
            None,
        );
        let short = MoveExpr::Or(vec![one.clone(); 100]);
        assert_eq!(DrawPlan::of(&game, &short).ops[0].len(), 200);
        let long = MoveExpr::Or(vec![one; 40_000]);
        let plan = DrawPlan::of(&game, &long);
        assert!(matches!(
            plan.ops[0].as_slice(),
            [DrawOp::ListExpr { tag: NO_FILTER, .. }]
        ));
    }

    /// A plan's steps in a word each: a family counted (`?` when filtered), listed, or a jump.
    fn shape(ops: &[DrawOp]) -> Vec<String> {
        ops.iter()
            .map(|op| match op {
                DrawOp::Count { tag, family, .. } => {
                    let kind = match family {
                        Family::Place { .. } | Family::PlaceWhere { .. } => "place",
                        Family::Step { .. } => "step",
                        Family::Hop { .. } => "hop",
                        Family::Sow { .. } => "sow",
                    };
                    format!("{kind}{}", if *tag == NO_FILTER { "" } else { "?" })
                }
                DrawOp::List { .. } => "list".into(),
                DrawOp::ListExpr { .. } => "list-expr".into(),
                DrawOp::SetStart => "set".into(),
                DrawOp::IfAny(at) => format!("if-any->{at}"),
                DrawOp::Unless(_, at) => format!("unless->{at}"),
                DrawOp::Jump(at) => format!("jump->{at}"),
            })
            .collect()
    }

    /// The plan of P1 in a game of two kinds whose moves are `play`.
    fn plan_of(play: &str) -> Vec<String> {
        let text = format!(
            r#"(game "Tiers" (players 2)
  (equipment {{(board (square 4)) (piece-kinds {{"Man" "King"}})}})
  (rules (start (pieces P1 (row 0))) (play {play})
    (end (if (no-moves Next) (result Next Loss)))))"#
        );
        match crate::load::load_source("tiers.game", &text, &[]) {
            Ok(game) => shape(&game.draw_plan(0).ops[0]),
            Err(e) => panic!("the test game loads: {e:?}"),
        }
    }

    #[test]
    fn a_priority_draws_its_sets_in_turn_when_each_is_exact() {
        // The jumps listed, then past the steps if they gave a move; the steps of each kind
        // counted, unless a kind steps along more than four rays.
        assert_eq!(
            plan_of(
                r#"(priority {(jump Diagonal) (or {(step Forward kind:"Man") (step Diagonal kind:"King")})})"#
            ),
            ["set", "list", "if-any->5", "step", "step"]
        );
        assert_eq!(
            plan_of(r#"(or {(step Forward kind:"Man") (step All kind:"King") (step All)})"#),
            ["step", "list", "step"]
        );
        // Three sets: each but the last ends with a jump past the last.
        assert_eq!(
            plan_of("(priority {(jump Diagonal) (step Forward) (step Backward)})"),
            [
                "set",
                "list",
                "if-any->7",
                "set",
                "step",
                "if-any->7",
                "step"
            ]
        );
        // A hop's candidates may not land, and a set's own filter decides which moves count:
        // such a priority is listed whole.
        assert_eq!(
            plan_of("(priority {(hop Diagonal) (step Forward)})"),
            ["list-expr"]
        );
        assert_eq!(
            plan_of(
                "(priority {(filter (> (count-in (row 3)) 0) (step Forward)) (step Backward)})"
            ),
            ["list-expr"]
        );
        // A priority inside a set: one mark of a set's start at a time.
        assert_eq!(
            plan_of("(priority {(priority {(jump Diagonal) (step Forward)}) (step Backward)})"),
            ["list-expr"]
        );
    }

    #[test]
    fn an_if_becomes_a_test_and_jumps_around_the_branches() {
        let game = match crate::load::load_source("plan.game", GAME, &[]) {
            Ok(g) => g,
            Err(e) => panic!("the test game loads: {e:?}"),
        };
        let Some(Phase::Decision { .. }) = game.phases.first() else {
            panic!("one decision phase");
        };
        let draw = game.draw_plan(0);
        let shape = shape(&draw.ops[0]);
        // The steps (four directions) and a placement, then the diagonal hops under the filter.
        assert_eq!(shape, ["unless->4", "step", "place", "jump->5", "hop?"]);
        let Some(DrawOp::Count {
            family: Family::Step { rays, .. },
            ..
        }) = draw.ops[0].get(1)
        else {
            panic!("the steps are the second step");
        };
        assert_eq!(rays.iter().map(|r| r.dir).collect::<Vec<_>>(), [0, 2, 4, 6]);
        let Some(DrawOp::Count {
            family: Family::Place { to, .. },
            ..
        }) = draw.ops[1].get(2)
        else {
            panic!("the placement is the third step");
        };
        assert_eq!(to.iter().collect::<Vec<_>>(), [0, 1, 2, 3]);
    }
}
