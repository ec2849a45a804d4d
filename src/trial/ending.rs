//! Why a game ended, and what its last edge captured, found through the public game API: the last
//! edge is played again in copies of the game that keep one end condition each (reporting it as a
//! win for P1), or none at all (so that no end-of-game collection hides the edge's captures).

use crate::compile::ir::{Cmp, Cond, IntExpr, Leaf, Outcome, ResultKind, Who};
use crate::{Game, Move, State, Status};

/// One end condition: a rule's condition, or one branch of a rule's `or`.
struct Condition {
    label: String,
    limit: bool,
    probe: Game,
}

/// The end conditions of a game, to tell which one ended a game.
pub struct Endings {
    conditions: Vec<Condition>,
    open: Game,
}

impl Endings {
    /// The end conditions of `game`, in the order the engine checks them.
    pub fn new(game: &Game) -> Endings {
        let mut leaves = Vec::new();
        for (cond, _) in &game.end {
            flatten(cond, &mut leaves);
        }
        let conditions = leaves
            .into_iter()
            .map(|c| {
                let mut probe = game.clone();
                probe.set_end_rules(vec![(
                    c.clone(),
                    Outcome::Fixed(Some(Who::Player(0)), ResultKind::Win),
                )]);
                Condition {
                    label: describe(&c),
                    limit: is_limit(&c),
                    probe,
                }
            })
            .collect();
        let mut open = game.clone();
        open.set_end_rules(Vec::new());
        Endings { conditions, open }
    }

    /// The conditions' labels, such as `(>= (moves-played) 1000)`, in order.
    pub fn labels(&self) -> Vec<String> {
        self.conditions.iter().map(|c| c.label.clone()).collect()
    }

    /// Whether a condition counts moves or edges: a turn limit.
    pub fn is_limit(&self, index: usize) -> bool {
        self.conditions.get(index).is_some_and(|c| c.limit)
    }

    /// The first condition that holds once `m` is played from `before`; `None` if none does
    /// (the game ended because the player to move had no move and no rule covered it).
    pub fn fired(&self, before: &State, m: Move) -> Option<usize> {
        let mut s = before.clone();
        self.conditions.iter().position(|c| {
            s.clone_from(before);
            c.probe.apply(&mut s, m).is_ok() && s.status() == Status::Won(0)
        })
    }

    /// The counters `m` moves into the stores from `before`, not counting what the end of the
    /// game collects.
    pub fn captured(&self, before: &State, m: Move) -> u64 {
        let mut s = before.clone();
        if self.open.apply(&mut s, m).is_err() {
            return 0;
        }
        let total = |st: &State| st.scores().iter().map(|&x| x as u64).sum::<u64>();
        total(&s).saturating_sub(total(before))
    }
}

fn flatten(c: &Cond, out: &mut Vec<Cond>) {
    match c {
        Cond::Or(cs) => cs.iter().for_each(|c| flatten(c, out)),
        c => out.push(c.clone()),
    }
}

fn counts_turns(e: &IntExpr) -> bool {
    matches!(
        e,
        IntExpr::MovesPlayed | IntExpr::EdgesPlayed | IntExpr::MovesMade(_)
    )
}

fn is_limit(c: &Cond) -> bool {
    match c {
        Cond::Compare(op, a, b) => {
            matches!(op, Cmp::Ge | Cmp::Gt | Cmp::Eq) && (counts_turns(a) || counts_turns(b))
        }
        Cond::And(cs) => cs.iter().any(is_limit),
        _ => false,
    }
}

fn who(w: &Who) -> String {
    match w {
        Who::Player(p) => format!("P{}", p + 1),
        Who::Mover => "Mover".into(),
        Who::Next => "Next".into(),
    }
}

fn describe_int(e: &IntExpr) -> String {
    match e {
        IntExpr::Lit(v) => v.to_string(),
        IntExpr::Pips => "(pips)".into(),
        IntExpr::CountIn(r) => format!("(count-in region#{})", r.0),
        IntExpr::PiecesOnBoard(w) => format!("(pieces-on-board {})", who(w)),
        IntExpr::InHand(w) => format!("(in-hand {})", who(w)),
        IntExpr::Score(w) => format!("(score {})", who(w)),
        IntExpr::Var(w, v) => format!("(var {} #{v})", who(w)),
        IntExpr::MovesPlayed => "(moves-played)".into(),
        IntExpr::EdgesPlayed => "(edges-played)".into(),
        IntExpr::MovesMade(w) => format!("(moves-made {})", who(w)),
        IntExpr::Add(a, b) => format!("(+ {} {})", describe_int(a), describe_int(b)),
        IntExpr::Sub(a, b) => format!("(- {} {})", describe_int(a), describe_int(b)),
        IntExpr::Mul(a, b) => format!("(* {} {})", describe_int(a), describe_int(b)),
    }
}

/// A condition in the game language's notation (regions by index: the compiled form has no names).
fn describe(c: &Cond) -> String {
    let list = |cs: &[Cond]| cs.iter().map(describe).collect::<Vec<_>>().join(" ");
    match c {
        Cond::Const(b) => b.to_string(),
        Cond::Compare(op, a, b) => {
            let op = match op {
                Cmp::Eq => "=",
                Cmp::Ne => "!=",
                Cmp::Lt => "<",
                Cmp::Le => "<=",
                Cmp::Gt => ">",
                Cmp::Ge => ">=",
            };
            format!("({op} {} {})", describe_int(a), describe_int(b))
        }
        Cond::And(cs) => format!("(and {{{}}})", list(cs)),
        Cond::Or(cs) => format!("(or {{{}}})", list(cs)),
        Cond::Not(c) => format!("(not {})", describe(c)),
        Cond::Leaf(Leaf::IsIn(v, vs)) => format!(
            "(is-in {} {{{}}})",
            describe_int(v),
            vs.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
        ),
        Cond::Leaf(Leaf::NoMoves(w)) => format!("(no-moves {})", who(w)),
        Cond::Leaf(Leaf::NoPieces(w)) => format!("(no-pieces {})", who(w)),
        Cond::Leaf(Leaf::Repeated) => "(repeated)".into(),
        Cond::Leaf(Leaf::Empty(r)) => format!("(= (count-in region#{}) 0)", r.0),
        Cond::Leaf(Leaf::Filled(r)) => format!("(> (count-in region#{}) 0)", r.0),
        Cond::Leaf(Leaf::SownInto(r)) => format!("(sown-into region#{})", r.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn woli_conditions_and_the_limit() {
        let game = crate::load_file(
            Path::new("games/woli.game"),
            &[("limit".into(), "3".into())],
        )
        .unwrap();
        let endings = Endings::new(&game);
        assert_eq!(
            endings.labels(),
            ["(no-moves Next)", "(repeated)", "(>= (moves-played) 3)"]
        );
        assert!(!endings.is_limit(0) && !endings.is_limit(1) && endings.is_limit(2));
        let mut s = game.new_initial_state();
        for _ in 0..2 {
            let m = game.moves(&s)[0];
            assert_eq!(endings.fired(&s, m), None);
            game.apply(&mut s, m).unwrap();
        }
        let m = game.moves(&s)[0];
        assert_eq!(endings.fired(&s, m), Some(2));
        // The third move ends the game and collects the rows: the stores then hold all 72
        // counters, but the move itself captured only what the plain rules say.
        let captured = endings.captured(&s, m);
        let mut end = s.clone();
        game.apply(&mut end, m).unwrap();
        assert!(end.is_terminal());
        assert_eq!(end.scores()[0] + end.scores()[1], 72);
        assert!(captured < 72, "{captured}");
    }
}
