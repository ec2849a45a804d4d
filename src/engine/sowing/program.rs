//! The conditions as the sowing loop reads them: compiled programs whose commonest tests have
//! their regions' masks resolved, read on the loop's counts.

use super::pits::{Count, Pits};
use crate::compile::choice::{within_range, Test, NONE, RESULT};
use crate::compile::ir::*;
use crate::compile::Needs;
use crate::engine::ctx::Effects;
use crate::engine::moves::Move;
use crate::engine::state::Clock;
use crate::ludemes::sow::Holes;

/// What the loop's conditions read: the counts, the clock, and who is `Mover`.
pub(super) struct Env<'a, C = u16> {
    pub(super) game: &'a Game,
    pub(super) pits: &'a Pits<C>,
    pub(super) clock: &'a Clock,
    pub(super) mover: u8,
    pub(super) stuck: Option<u8>,
    pub(super) repeated: bool,
}

impl<C: Count> Env<'_, C> {
    #[inline(always)]
    fn who(&self, w: Who) -> usize {
        let p = match w {
            Who::Player(p) => p,
            Who::Mover => self.mover,
            Who::Next => self.game.next[self.mover as usize & (MAX_PLAYERS - 1)],
            Who::Prev => self.game.prev[self.mover as usize & (MAX_PLAYERS - 1)],
        };
        p as usize & (MAX_PLAYERS - 1)
    }

    /// The sites of region `r` read with the mover, as a word.
    #[inline(always)]
    fn mask(&self, r: RegionRef) -> u64 {
        self.game.regions[r.0 as usize].mask[self.mover as usize & (MAX_PLAYERS - 1)].0[0]
    }

    fn int(&self, e: &IntExpr) -> i64 {
        match e {
            IntExpr::Lit(v) => *v,
            IntExpr::Pips => self.clock.pips,
            IntExpr::CountIn(r) => self.game.regions[r.0 as usize].sites
                [self.mover as usize & (MAX_PLAYERS - 1)]
                .iter()
                .map(|&s| i64::from(self.pits.count(s as usize)))
                .sum(),
            IntExpr::InHand(w) => i64::from(self.pits.hand[self.who(*w)]),
            IntExpr::Score(w) => i64::from(self.pits.store[self.who(*w)]),
            IntExpr::MovesPlayed => self.clock.moves_played as i64,
            IntExpr::EdgesPlayed => self.clock.edges_played as i64,
            IntExpr::MovesMade(w) => self.clock.moves_made[self.who(*w)] as i64,
            IntExpr::Arith(op, a, b) => op.apply(self.int(a), self.int(b)),
            // Not read by the loop (`counted`).
            _ => 0,
        }
    }

    /// A test the loop reads only through the general form.
    #[inline(always)]
    fn test(&self, t: &Test) -> bool {
        match t {
            Test::Within(e, lo, hi) => within_range(self.int(e), *lo, *hi),
            Test::Compare(op, a, b) => op.holds(self.int(a), self.int(b)),
            Test::Leaf(l) => match l {
                Leaf::Empty(r) => self.mask(*r) & self.pits.filled == 0,
                Leaf::Filled(r) => self.mask(*r) & self.pits.filled != 0,
                Leaf::SownInto(r) => self.mask(*r) & self.pits.sown != 0,
                Leaf::NoMoves(w) => self.stuck.map(usize::from) == Some(self.who(*w)),
                Leaf::Repeated => self.repeated,
                Leaf::LandedIn(r) => self.holds_site(*r, self.clock.last.to),
                Leaf::MovedFrom(r) => self.holds_site(*r, self.clock.last.from),
                Leaf::Passed => self.clock.moves_played > 0 && self.clock.last.from == NO_SITE,
                Leaf::IsIn(e, list) => list.contains(&self.int(e)),
                // Not read by the loop (`readable`).
                _ => false,
            },
        }
    }

    /// Whether region `r` holds `site` ([`NO_SITE`] is in none).
    #[inline(always)]
    fn holds_site(&self, r: RegionRef, site: Site) -> bool {
        site != NO_SITE
            && self.game.regions[r.0 as usize].mask[self.mover as usize & (MAX_PLAYERS - 1)]
                .contains(site)
    }

    /// The first condition of a program that holds.
    #[inline(always)]
    pub(super) fn run(&self, c: &Program) -> Option<usize> {
        let mut at = c.start;
        while let Some(step) = c.steps.get(at as usize) {
            let holds = match &step.test {
                Quick::Meets { masks, sown, empty } => {
                    let word = if *sown {
                        self.pits.sown
                    } else {
                        self.pits.filled
                    };
                    (masks[self.mover as usize & (MAX_PLAYERS - 1)] & word != 0) != *empty
                }
                Quick::Stuck(w) => self.stuck.map(usize::from) == Some(self.who(*w)),
                Quick::Repeated => self.repeated,
                Quick::Other(t) => other(
                    t,
                    self.game,
                    self.pits,
                    self.clock,
                    self.mover,
                    self.stuck,
                    self.repeated,
                ),
            };
            at = if holds { step.yes } else { step.no };
        }
        (at != NONE).then_some((at - RESULT) as usize)
    }
}

/// A test of the general form, out of line, its context passed in registers: the loop's
/// context then never leaves them for the compact tests.
#[inline(never)]
fn other<C: Count>(
    t: &Test,
    game: &Game,
    pits: &Pits<C>,
    clock: &Clock,
    mover: u8,
    stuck: Option<u8>,
    repeated: bool,
) -> bool {
    Env {
        game,
        pits,
        clock,
        mover,
        stuck,
        repeated,
    }
    .test(t)
}

/// The context of a condition read before or after a move by `mover`, with no one stuck.
#[inline(always)]
pub(super) fn env_of<'a, C: Count>(
    game: &'a Game,
    pits: &'a Pits<C>,
    clock: &'a Clock,
    mover: u8,
) -> Env<'a, C> {
    Env {
        game,
        pits,
        clock,
        mover,
        stuck: None,
        repeated: false,
    }
}

/// A compiled condition as the loop reads it: the commonest tests with their regions' masks
/// resolved for every mover, the others in their general form.
#[derive(Debug, Clone)]
pub(super) struct Program {
    start: u32,
    steps: Vec<QuickStep>,
}

/// A test of a [`Program`] and where to go on after it.
#[derive(Debug, Clone)]
struct QuickStep {
    test: Quick,
    yes: u32,
    no: u32,
}

/// A test as the loop reads it.
#[derive(Debug, Clone)]
enum Quick {
    /// Whether the mover's mask meets the filled sites (the sown ones with `sown`); negated
    /// with `empty`.
    Meets {
        masks: [u64; MAX_PLAYERS],
        sown: bool,
        empty: bool,
    },
    /// Whether the player is stuck.
    Stuck(Who),
    /// Whether the position repeats.
    Repeated,
    /// Any other test the loop reads.
    Other(Test),
}

impl Program {
    /// Whether `mover`'s move `m` (its effects `fx`, the counts after it `work`) passes this
    /// filter: read after the move, the last move being this one when the game reads it.
    #[inline(always)]
    pub(super) fn passes<C: Count>(
        &self,
        game: &Game,
        work: &Pits<C>,
        clock: &Clock,
        mover: u8,
        m: Move,
        fx: Effects,
    ) -> bool {
        if game.needs.contains(Needs::LAST) {
            let after = Clock {
                last: fx.last(m),
                ..*clock
            };
            env_of(game, work, &after, mover).run(self).is_some()
        } else {
            env_of(game, work, clock, mover).run(self).is_some()
        }
    }

    /// The program as it answers when no one is stuck and the position does not repeat: those
    /// tests taken as failing, so that the loop's every-edge reading of the end rules skips them.
    pub(super) fn settled(&self) -> Program {
        let quiet = |mut at: u32| {
            while let Some(QuickStep {
                test: Quick::Stuck(_) | Quick::Repeated,
                no,
                ..
            }) = self.steps.get(at as usize)
            {
                at = *no;
            }
            at
        };
        Program {
            start: quiet(self.start),
            steps: (self.steps.iter())
                .map(|step| QuickStep {
                    test: step.test.clone(),
                    yes: quiet(step.yes),
                    no: quiet(step.no),
                })
                .collect(),
        }
    }

    /// Whether the program yields nothing whatever it reads (it starts at its end).
    #[inline(always)]
    pub(super) fn never(&self) -> bool {
        self.start == NONE
    }

    /// For a filter whose one test asks whether a region holds counters: the region's mask per
    /// mover, and whether the filter passes when the region holds some.
    pub(super) fn asks_filled(&self) -> Option<([u64; MAX_PLAYERS], bool)> {
        let [QuickStep {
            test:
                Quick::Meets {
                    masks,
                    sown: false,
                    empty,
                },
            yes,
            no,
        }] = self.steps.as_slice()
        else {
            return None;
        };
        let at = if *empty { *no } else { *yes };
        (self.start == 0).then_some((*masks, at != NONE))
    }

    /// The loop's form of a compiled condition.
    pub(super) fn of(game: &Game, c: &Choice) -> Program {
        let masks = |r: &RegionRef| {
            let region = &game.regions[r.0 as usize];
            std::array::from_fn(|m| region.mask[m].0[0])
        };
        let quick = |t: &Test| match t {
            Test::Leaf(Leaf::Filled(r)) => Quick::Meets {
                masks: masks(r),
                sown: false,
                empty: false,
            },
            Test::Leaf(Leaf::Empty(r)) => Quick::Meets {
                masks: masks(r),
                sown: false,
                empty: true,
            },
            Test::Leaf(Leaf::SownInto(r)) => Quick::Meets {
                masks: masks(r),
                sown: true,
                empty: false,
            },
            Test::Leaf(Leaf::NoMoves(w)) => Quick::Stuck(*w),
            Test::Leaf(Leaf::Repeated) => Quick::Repeated,
            other => Quick::Other(other.clone()),
        };
        Program {
            start: c.start,
            steps: (c.steps.iter())
                .map(|step| QuickStep {
                    test: quick(&step.test),
                    yes: step.yes,
                    no: step.no,
                })
                .collect(),
        }
    }
}
