//! The conditions as the sowing loop reads them: compiled programs whose commonest tests have
//! their regions' masks resolved, read on the loop's counts.

use super::pits::{Count, Pits, LANE};
use crate::compile::choice::{within_range, Test, NONE, RESULT};
use crate::compile::ir::*;
use crate::compile::Needs;
use crate::engine::ctx::Effects;
use crate::engine::moves::Move;
use crate::engine::state::{Clock, Last};
use crate::engine::Game;
use crate::ludemes::Holes;

/// What the loop's conditions read: the counts, the clock, and who is `Mover`.
pub(super) struct Env<'a, C = u16> {
    pub(super) game: &'a Game,
    pub(super) pits: &'a Pits<C>,
    pub(super) clock: &'a Clock,
    pub(super) mover: u8,
    pub(super) stuck: Option<u8>,
    pub(super) repeated: bool,
    /// The last move's sites as the masks of `landed-in` and `moved-from` tests read them
    /// ([`last_bits`]); none when no condition of the game reads the last move.
    pub(super) last: u64,
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
        self.first::<false>(c)
    }

    /// The first condition of a program that holds, where the answer picks what the loop reads
    /// next (a plan's sowing step): each step's choice a branch, not a select, so that the loop
    /// goes on where the branch is predicted instead of waiting on the test.
    #[inline(always)]
    pub(super) fn pick(&self, c: &Program) -> Option<usize> {
        self.first::<true>(c)
    }

    #[inline(always)]
    fn first<const BRANCH: bool>(&self, c: &Program) -> Option<usize> {
        let mut at = c.start[self.mover as usize & (MAX_PLAYERS - 1)];
        // The filled sites, and the last move's sites above them.
        let word = self.pits.filled | self.last;
        while let Some(step) = c.steps.get(at as usize) {
            // A test of a region's occupancy or of where the last move went is a mask on the
            // word, with no jump table.
            let holds = if step.mask != 0 {
                word & step.mask != 0
            } else {
                other(
                    c.tests.get(at as usize),
                    self.game,
                    self.pits,
                    self.clock,
                    self.mover,
                    self.stuck,
                    self.repeated,
                )
            };
            at = if holds {
                step.yes
            } else {
                if BRANCH {
                    // Opaque to the compiler: the choice stays a branch.
                    std::hint::black_box(());
                }
                step.no
            };
        }
        (at != NONE).then_some((at - RESULT) as usize)
    }
}

/// Where a [`ProgramStep`]'s mask has the sites of a `landed-in` and of a `moved-from` test: above
/// the filled sites' bits (every site of the loop's games is below [`LANE`]).
const LANDED: u32 = LANE as u32;
const MOVED: u32 = 2 * LANE as u32;

/// The bit of `site` in a word of the loop's sites; none for a site out of them ([`NO_SITE`]).
#[inline(always)]
fn site_bit(site: Site) -> u64 {
    u64::from((site as usize) < LANE) << (site as usize & (LANE - 1))
}

/// The last move's landing site and origin as the masks of `landed-in` and `moved-from` tests
/// read them, above the filled sites' bits.
#[inline(always)]
pub(super) fn last_bits(last: Last) -> u64 {
    site_bit(last.to) << LANDED | site_bit(last.from) << MOVED
}

/// [`last_bits`] of the last move on `clock`, or none when no condition of `game` reads the
/// last move.
#[inline(always)]
pub(super) fn last_word(game: &Game, clock: &Clock) -> u64 {
    if game.needs.contains(Needs::LAST) {
        last_bits(clock.last)
    } else {
        0
    }
}

/// A test of the general form, out of line, its context passed in registers: the loop's
/// context then never leaves them for the compact tests.
#[inline(never)]
fn other<C: Count>(
    t: Option<&Test>,
    game: &Game,
    pits: &Pits<C>,
    clock: &Clock,
    mover: u8,
    stuck: Option<u8>,
    repeated: bool,
) -> bool {
    t.is_some_and(|t| {
        Env {
            game,
            pits,
            clock,
            mover,
            stuck,
            repeated,
            last: 0,
        }
        .test(t)
    })
}

/// The context of a condition read before or after a move by `mover`, with no one stuck; `last`
/// the last move's sites as [`last_bits`] gives them (none when no condition reads them).
#[inline(always)]
pub(super) fn env_of<'a, C: Count>(
    game: &'a Game,
    pits: &'a Pits<C>,
    clock: &'a Clock,
    mover: u8,
    last: u64,
) -> Env<'a, C> {
    Env {
        game,
        pits,
        clock,
        mover,
        stuck: None,
        repeated: false,
        last,
    }
}

/// A compiled condition as the loop reads it: a copy of its steps per seat, each test of
/// whether a region holds counters (`Filled`, `Empty`) a mask of that seat's sites, the others
/// in their general form.
#[derive(Debug, Clone)]
pub(super) struct Program {
    /// Per seat, the first step of its copy (or the result).
    start: [u32; MAX_PLAYERS],
    /// The steps of each seat's copy, `len` a seat.
    steps: Vec<ProgramStep>,
    len: u32,
    /// Each step's test, read in its general form where the step has no mask.
    tests: Vec<Test>,
}

/// A step of a [`Program`]: with a mask, a test of whether the filled sites meet it (an `Empty`
/// test has its targets swapped), or the last move's landing site or origin (the mask shifted
/// by [`LANDED`] or [`MOVED`]); without, its test read in the general form.
#[derive(Debug, Clone)]
struct ProgramStep {
    mask: u64,
    yes: u32,
    no: u32,
}

impl Default for Program {
    /// The program that yields nothing.
    fn default() -> Program {
        Program {
            start: [NONE; MAX_PLAYERS],
            steps: Vec::new(),
            len: 0,
            tests: Vec::new(),
        }
    }
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
            env_of(game, work, &after, mover, last_bits(after.last))
                .run(self)
                .is_some()
        } else {
            env_of(game, work, clock, mover, 0).run(self).is_some()
        }
    }

    /// The program as it answers when no one is stuck and the position does not repeat: those
    /// tests taken as failing, so that the loop's every-edge reading of the end rules skips them.
    pub(super) fn settled(&self) -> Program {
        // Where a step leads past its quiet tests, found once per step: a long `or` of such
        // tests is a chain that would otherwise be walked again from each of its steps.
        let mut memo: Vec<Option<u32>> = vec![None; self.steps.len()];
        let mut path = Vec::new();
        let mut quiet = |at: u32| {
            let mut cur = at;
            let end = loop {
                match (self.steps.get(cur as usize), self.tests.get(cur as usize)) {
                    (Some(step), Some(Test::Leaf(Leaf::NoMoves(_) | Leaf::Repeated))) => {
                        if let Some(end) = memo[cur as usize] {
                            break end;
                        }
                        path.push(cur);
                        cur = step.no;
                    }
                    _ => break cur,
                }
            };
            for p in path.drain(..) {
                memo[p as usize] = Some(end);
            }
            end
        };
        let start = self.start.map(&mut quiet);
        let steps = (self.steps.iter())
            .map(|step| ProgramStep {
                yes: quiet(step.yes),
                no: quiet(step.no),
                ..step.clone()
            })
            .collect();
        Program {
            start,
            steps,
            len: self.len,
            tests: self.tests.clone(),
        }
    }

    /// Whether the program yields nothing whatever it reads (it starts at its end).
    #[inline(always)]
    pub(super) fn never(&self) -> bool {
        self.start[0] == NONE
    }

    /// For a filter whose one test asks whether a region holds counters: the region's mask per
    /// mover, and whether the filter passes when the region holds some.
    pub(super) fn asks_filled(&self) -> Option<([u64; MAX_PLAYERS], bool)> {
        let (Some(step), Some(Test::Leaf(Leaf::Filled(_) | Leaf::Empty(_)))) =
            (self.steps.first(), self.tests.first())
        else {
            return None;
        };
        // Where the region holding counters leads: the step's yes (an `Empty` test with a mask
        // has its targets swapped).
        let at = match self.tests[0] {
            Test::Leaf(Leaf::Empty(_)) if step.mask == 0 => step.no,
            _ => step.yes,
        };
        let masks = std::array::from_fn(|seat| self.steps[seat].mask);
        (self.len == 1 && self.start == std::array::from_fn(|seat| seat as u32))
            .then_some((masks, at != NONE))
    }

    /// The loop's form of a compiled condition.
    pub(super) fn of(game: &Game, c: &Choice) -> Program {
        let len = c.steps.len() as u32;
        let mut steps = Vec::with_capacity(c.steps.len() * MAX_PLAYERS);
        let mut tests = Vec::with_capacity(c.steps.len() * MAX_PLAYERS);
        // A step's target in seat `seat`'s copy.
        let at = |seat: usize, t: u32| if t < len { t + seat as u32 * len } else { t };
        for seat in 0..MAX_PLAYERS {
            for step in &c.steps {
                let region = |r: &RegionRef| game.regions[r.0 as usize].mask[seat].0[0];
                let (yes, no) = (at(seat, step.yes), at(seat, step.no));
                // A region of no site of this seat keeps the general test.
                steps.push(match &step.test {
                    Test::Leaf(Leaf::Filled(r)) => ProgramStep {
                        mask: region(r),
                        yes,
                        no,
                    },
                    Test::Leaf(Leaf::Empty(r)) if region(r) != 0 => ProgramStep {
                        mask: region(r),
                        yes: no,
                        no: yes,
                    },
                    Test::Leaf(Leaf::LandedIn(r)) => ProgramStep {
                        mask: region(r) << LANDED,
                        yes,
                        no,
                    },
                    Test::Leaf(Leaf::MovedFrom(r)) => ProgramStep {
                        mask: region(r) << MOVED,
                        yes,
                        no,
                    },
                    _ => ProgramStep { mask: 0, yes, no },
                });
                tests.push(step.test.clone());
            }
        }
        Program {
            start: std::array::from_fn(|seat| at(seat, c.start)),
            steps,
            len,
            tests,
        }
    }
}
