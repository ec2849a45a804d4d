//! Chance phases folded for each throw: `(pips)` read as the value thrown, constant parts of the
//! branches' conditions folded, so that most throws test nothing.

use super::compare;
use super::ir::*;

/// A chance phase's branches for one throw: `(pips)` read as `v` and folded, the branches that
/// cannot hold dropped, and none kept after one that always holds.
pub(crate) fn branches_with_pips(branches: &[(Cond, Action)], v: i64) -> Vec<(Cond, Action)> {
    let mut out = Vec::new();
    for (c, a) in branches {
        match cond_with_pips(c, v) {
            Cond::Const(false) => {}
            Cond::Const(true) => {
                out.push((Cond::Const(true), a.clone()));
                break;
            }
            c => out.push((c, a.clone())),
        }
    }
    out
}

/// A condition with `(pips)` read as `v`, its constant parts folded.
fn cond_with_pips(c: &Cond, v: i64) -> Cond {
    let all = |cs: &[Cond], unit: bool| {
        let mut kept = Vec::new();
        for c in cs {
            match cond_with_pips(c, v) {
                Cond::Const(b) if b == unit => {}
                Cond::Const(b) => return Cond::Const(b),
                c => kept.push(c),
            }
        }
        match kept.len() {
            0 => Cond::Const(unit),
            1 => kept.swap_remove(0),
            _ if unit => Cond::And(kept),
            _ => Cond::Or(kept),
        }
    };
    match c {
        Cond::Compare(op, a, b) => match (int_with_pips(a, v), int_with_pips(b, v)) {
            (IntExpr::Lit(x), IntExpr::Lit(y)) => Cond::Const(op.holds(x, y)),
            (a, b) => compare(*op, a, b),
        },
        Cond::Leaf(Leaf::IsIn(e, list)) => match int_with_pips(e, v) {
            IntExpr::Lit(x) => Cond::Const(list.contains(&x)),
            e => Cond::Leaf(Leaf::IsIn(e, list.clone())),
        },
        Cond::And(cs) => all(cs, true),
        Cond::Or(cs) => all(cs, false),
        Cond::Not(c) => match cond_with_pips(c, v) {
            Cond::Const(b) => Cond::Const(!b),
            c => Cond::Not(Box::new(c)),
        },
        other => other.clone(),
    }
}

/// An integer with `(pips)` read as `v`, folded where both sides are known.
fn int_with_pips(e: &IntExpr, v: i64) -> IntExpr {
    match e {
        IntExpr::Pips => IntExpr::Lit(v),
        IntExpr::Arith(op, a, b) => match (int_with_pips(a, v), int_with_pips(b, v)) {
            (IntExpr::Lit(x), IntExpr::Lit(y)) => IntExpr::Lit(op.apply(x, y)),
            (a, b) => IntExpr::Arith(*op, Box::new(a), Box::new(b)),
        },
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DICE_GAME: &str = r#"
(game "Folding"
  (players 2)
  (equipment {
    (board (rectangle 2 3))
    (region "Home" P1 (row 0))
    (region "Home" P2 (row 1))
    (dice "D" (die 3))
    (var "Opened" 0)
    (track "S" {(row 0 E) (row 1 W)} loop:true)
  })
  (rules (start (fill (all-sites) 1))
    (play (phases {
      (chance "Throw" "D" {
        (when (is-in (pips) {1}) (goto "Move"))
        (when (and (= (var Mover "Opened") 0) (= (+ (pips) 1) 3)) (end-turn))
        (when (> (count-in (region "Home" Next)) 0) (goto "Move"))
        (else (end-turn))
      })
      (decision "Move" (sow "S" from:(region "Home" Mover)) pass:true)
    }))
    (end (if (= (count-in (region "Home" Mover)) 0) (result Mover Win)))))
"#;

    fn game() -> crate::Game {
        match crate::load::load_source("folding.game", DICE_GAME, &[]) {
            Ok(g) => g,
            Err(e) => panic!("the test game loads: {e:?}"),
        }
    }

    #[test]
    fn chance_branches_are_folded_for_each_throw() {
        let game = game();
        let Some(Phase::Chance { by_outcome, .. }) = game.phases.first() else {
            panic!("the first phase throws");
        };
        let conds = |i: usize| {
            by_outcome[i]
                .list
                .iter()
                .map(|b| b.0.clone())
                .collect::<Vec<_>>()
        };
        // A throw of 1 takes the first branch, which always holds: nothing is left to test.
        assert_eq!(conds(0), [Cond::Const(true)]);
        // 2 + 1 = 3: only the variable is left of the second branch; the third reads occupancy.
        let Cond::Leaf(Leaf::Filled(home)) = conds(1)[1] else {
            panic!("expected an occupancy test, got {:?}", conds(1)[1]);
        };
        assert_eq!(
            conds(1),
            [
                Cond::Compare(Cmp::Eq, IntExpr::Var(Who::Mover, 0), IntExpr::Lit(0)),
                Cond::Leaf(Leaf::Filled(home)),
                Cond::Const(true),
            ]
        );
        // A throw of 3 rules out the first two branches.
        assert_eq!(conds(2).len(), 2);
        // The end rule's `(= (count-in ..) 0)` became an occupancy test too.
        assert!(matches!(game.end[0].0, Cond::Leaf(Leaf::Empty(_))));
    }
}
