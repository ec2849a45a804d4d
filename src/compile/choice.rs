//! Conditions compiled to a flat program for the hot path: leaf tests joined by jumps, so `and`,
//! `or` and `not` cost no call, and a comparison with a constant is one range test. A list of
//! conditions (end rules, a throw's branches) becomes one program that yields the index of the
//! first condition that holds.

use super::ir::{Cmp, Cond, IntExpr, Leaf};

/// A jump target at or above this is a result: the index of the condition that holds.
pub(crate) const RESULT: u32 = 1 << 31;
/// The result when no condition holds.
pub(crate) const NONE: u32 = u32::MAX;

/// One leaf test of a condition.
#[derive(Debug, Clone, PartialEq)]
pub enum Test {
    /// The value lies in `lo..=hi` (a comparison with a constant).
    Within(IntExpr, i64, i64),
    /// A comparison of two computed integers.
    Compare(Cmp, IntExpr, IntExpr),
    /// A test that reads the position directly.
    Leaf(Leaf),
}

/// A test and where to go on after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The test.
    pub test: Test,
    /// The next step or result if the test holds.
    pub yes: u32,
    /// The next step or result if it does not.
    pub no: u32,
}

/// Conditions in order, compiled to find the first that holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The first step (or the result, when no test is needed).
    pub start: u32,
    /// The steps.
    pub steps: Vec<Step>,
}

impl Default for Choice {
    fn default() -> Self {
        Choice {
            start: NONE,
            steps: Vec::new(),
        }
    }
}

impl Choice {
    /// The program finding the first of `conds` that holds.
    pub fn first<'c>(conds: impl DoubleEndedIterator<Item = &'c Cond>) -> Choice {
        let mut steps = Vec::new();
        let conds: Vec<&Cond> = conds.collect();
        let start = conds.iter().enumerate().rev().fold(NONE, |next, (i, c)| {
            emit(c, RESULT + i as u32, next, &mut steps)
        });
        Choice { start, steps }
    }

    /// The program of one condition: result 0 if it holds.
    pub fn of(cond: &Cond) -> Choice {
        Choice::first(std::iter::once(cond))
    }

    /// The index of the first condition that holds, with each leaf tested by `test`.
    #[inline(always)]
    pub fn run(&self, mut test: impl FnMut(&Test) -> bool) -> Option<usize> {
        let mut at = self.start;
        while let Some(step) = self.steps.get(at as usize) {
            at = if test(&step.test) { step.yes } else { step.no };
        }
        (at != NONE).then_some((at - RESULT) as usize)
    }
}

/// A compiled list of conditions and its early form: the same program with every range test on
/// the moves or the edges played whose range starts above zero taken as failing. While both
/// counts are below `until` the early form gives the same answer, a test fewer per call (end
/// rules such as `(>= (moves-played) 1000)`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Clocked {
    /// The program.
    pub full: Choice,
    /// The program that holds while the moves and the edges played are below `until`.
    pub early: Choice,
    /// The smallest lower bound of the tests left out of `early` (0 when none is).
    pub until: u64,
}

impl Clocked {
    /// The program finding the first of `conds` that holds, and its early form.
    pub fn first<'c>(conds: impl DoubleEndedIterator<Item = &'c Cond>) -> Clocked {
        let full = Choice::first(conds);
        let early_lo = |step: &Step| match &step.test {
            Test::Within(IntExpr::MovesPlayed | IntExpr::EdgesPlayed, lo, hi)
                if *lo >= 1 && lo <= hi =>
            {
                Some(*lo as u64)
            }
            _ => None,
        };
        let until = full.steps.iter().filter_map(early_lo).min().unwrap_or(0);
        // A jump to a test left out goes where the test fails, as far as that leads.
        let skip = |mut at: u32| {
            while let Some(step) = full.steps.get(at as usize) {
                if early_lo(step).is_none() {
                    break;
                }
                at = step.no;
            }
            at
        };
        let early = Choice {
            start: skip(full.start),
            steps: full
                .steps
                .iter()
                .map(|step| Step {
                    test: step.test.clone(),
                    yes: skip(step.yes),
                    no: skip(step.no),
                })
                .collect(),
        };
        Clocked { full, early, until }
    }

    /// The program to run when `played` is the larger of the moves and the edges played (a
    /// position set up from outside may hold more moves than edges).
    #[inline(always)]
    pub fn at(&self, played: u64) -> &Choice {
        if played < self.until {
            &self.early
        } else {
            &self.full
        }
    }
}

/// Emits the steps of `c` going on to `yes` or `no`; returns its entry.
fn emit(c: &Cond, yes: u32, no: u32, steps: &mut Vec<Step>) -> u32 {
    let mut leaf = |test: Test, yes: u32, no: u32| {
        steps.push(Step { test, yes, no });
        (steps.len() - 1) as u32
    };
    match c {
        Cond::Const(b) => {
            if *b {
                yes
            } else {
                no
            }
        }
        Cond::Not(c) => emit(c, no, yes, steps),
        Cond::And(cs) => cs
            .iter()
            .rev()
            .fold(yes, |next, c| emit(c, next, no, steps)),
        Cond::Or(cs) => cs
            .iter()
            .rev()
            .fold(no, |next, c| emit(c, yes, next, steps)),
        Cond::Compare(op, a, b) => match (a, b) {
            (e, IntExpr::Lit(k)) => within(*op, e, *k, yes, no, steps),
            (IntExpr::Lit(k), e) => within(mirror(*op), e, *k, yes, no, steps),
            _ => leaf(Test::Compare(*op, a.clone(), b.clone()), yes, no),
        },
        Cond::Leaf(l) => leaf(Test::Leaf(l.clone()), yes, no),
    }
}

/// `e op k` as a range test (`!=` as the range `k..=k` with the targets swapped).
fn within(op: Cmp, e: &IntExpr, k: i64, yes: u32, no: u32, steps: &mut Vec<Step>) -> u32 {
    let (lo, hi, yes, no) = match op {
        Cmp::Eq => (k, k, yes, no),
        Cmp::Ne => (k, k, no, yes),
        Cmp::Ge => (k, i64::MAX, yes, no),
        Cmp::Le => (i64::MIN, k, yes, no),
        Cmp::Gt => match k.checked_add(1) {
            Some(lo) => (lo, i64::MAX, yes, no),
            None => return no,
        },
        Cmp::Lt => match k.checked_sub(1) {
            Some(hi) => (i64::MIN, hi, yes, no),
            None => return no,
        },
    };
    steps.push(Step {
        test: Test::Within(e.clone(), lo, hi),
        yes,
        no,
    });
    (steps.len() - 1) as u32
}

/// The comparison with its sides swapped: `k op e` is `e (mirror op) k`.
fn mirror(op: Cmp) -> Cmp {
    match op {
        Cmp::Eq => Cmp::Eq,
        Cmp::Ne => Cmp::Ne,
        Cmp::Lt => Cmp::Gt,
        Cmp::Le => Cmp::Ge,
        Cmp::Gt => Cmp::Lt,
        Cmp::Ge => Cmp::Le,
    }
}

/// Whether `lo <= v <= hi`, in one comparison.
#[inline(always)]
pub fn within_range(v: i64, lo: i64, hi: i64) -> bool {
    (v.wrapping_sub(lo) as u64) <= (hi.wrapping_sub(lo) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(n: i64) -> Cond {
        Cond::Compare(Cmp::Eq, IntExpr::Pips, IntExpr::Lit(n))
    }

    /// Runs a program with pips = `v`, as a tree-walking evaluator would read it.
    fn run(choice: &Choice, v: i64) -> Option<usize> {
        choice.run(|t| match t {
            Test::Within(IntExpr::Pips, lo, hi) => within_range(v, *lo, *hi),
            other => panic!("unexpected test {other:?}"),
        })
    }

    fn holds(c: &Cond, v: i64) -> bool {
        match c {
            Cond::Const(b) => *b,
            Cond::Compare(op, IntExpr::Pips, IntExpr::Lit(k)) => op.holds(v, *k),
            Cond::Compare(op, IntExpr::Lit(k), IntExpr::Pips) => op.holds(*k, v),
            Cond::And(cs) => cs.iter().all(|c| holds(c, v)),
            Cond::Or(cs) => cs.iter().any(|c| holds(c, v)),
            Cond::Not(c) => !holds(c, v),
            other => panic!("unexpected condition {other:?}"),
        }
    }

    #[test]
    fn programs_agree_with_the_conditions_they_compile() {
        let ops = [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge];
        let mut conds = vec![
            Cond::Const(true),
            Cond::Const(false),
            Cond::And(vec![]),
            Cond::Or(vec![]),
            Cond::Or(vec![leaf(1), leaf(5)]),
            Cond::And(vec![
                Cond::Not(Box::new(leaf(2))),
                Cond::Or(vec![leaf(2), leaf(3)]),
            ]),
            Cond::Not(Box::new(Cond::And(vec![
                Cond::Or(vec![leaf(0), leaf(4)]),
                Cond::Compare(Cmp::Lt, IntExpr::Lit(1), IntExpr::Pips),
            ]))),
        ];
        for op in ops {
            for k in [i64::MIN, -1, 3, i64::MAX] {
                conds.push(Cond::Compare(op, IntExpr::Pips, IntExpr::Lit(k)));
                conds.push(Cond::Compare(op, IntExpr::Lit(k), IntExpr::Pips));
            }
        }
        let values = [i64::MIN, -2, -1, 0, 1, 2, 3, 4, 5, 6, i64::MAX];
        for c in &conds {
            let one = Choice::of(c);
            for v in values {
                assert_eq!(run(&one, v) == Some(0), holds(c, v), "{c:?} at {v}");
            }
        }
        // A list yields the first condition that holds.
        let list = Choice::first(conds[4..].iter());
        for v in values {
            let expected = conds[4..].iter().position(|c| holds(c, v));
            assert_eq!(run(&list, v), expected, "at {v}");
        }
    }

    #[test]
    fn the_early_form_agrees_until_a_count_test_can_hold() {
        let count = |op, e, k| Cond::Compare(op, e, IntExpr::Lit(k));
        let conds = [
            Cond::Or(vec![count(Cmp::Ge, IntExpr::EdgesPlayed, 5), leaf(1)]),
            Cond::And(vec![leaf(2), count(Cmp::Gt, IntExpr::MovesPlayed, 2)]),
            Cond::Not(Box::new(count(Cmp::Lt, IntExpr::MovesPlayed, 4))),
            // Ranges that start at zero or below hold from the start: never left out.
            count(Cmp::Le, IntExpr::MovesPlayed, 1),
            leaf(3),
        ];
        let clocked = Clocked::first(conds.iter());
        assert_eq!(clocked.until, 3);
        // Every value of the throw and of the two counts below `until`: the forms agree.
        for edges in 0..clocked.until as i64 {
            for moves in 0..clocked.until as i64 {
                for pips in 0..5 {
                    let run = |choice: &Choice| {
                        choice.run(|t| match t {
                            Test::Within(e, lo, hi) => {
                                let v = match e {
                                    IntExpr::Pips => pips,
                                    IntExpr::MovesPlayed => moves,
                                    IntExpr::EdgesPlayed => edges,
                                    other => panic!("unexpected {other:?}"),
                                };
                                within_range(v, *lo, *hi)
                            }
                            other => panic!("unexpected test {other:?}"),
                        })
                    };
                    let (full, early) = (run(&clocked.full), run(&clocked.early));
                    assert_eq!(full, early, "{moves} moves, {edges} edges, pips {pips}");
                    let played = edges.max(moves) as u64;
                    assert!(std::ptr::eq(clocked.at(played), &clocked.early));
                }
            }
        }
        assert!(std::ptr::eq(clocked.at(3), &clocked.full));
    }
}
