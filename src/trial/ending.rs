//! Why a game ended, and what its last edge captured, found through the public game API: the last
//! edge is played again in copies of the game that keep one end condition each (reporting it as a
//! win for P1), or none at all (so that no end-of-game collection hides the edge's captures).

use crate::compile::ir::{Cmp, Cond, IntExpr, Outcome, ResultKind, Who};
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
        let conditions = game
            .end_conditions
            .iter()
            .map(|(c, text)| {
                let mut probe = game.clone();
                probe.set_end_rules(vec![(
                    c.clone(),
                    Outcome::Fixed(Some(Who::Player(0)), ResultKind::Win),
                )]);
                Condition {
                    label: text.clone(),
                    limit: is_limit(c),
                    probe,
                }
            })
            .collect();
        let mut open = game.clone();
        open.set_end_rules(Vec::new());
        Endings { conditions, open }
    }

    /// The conditions' labels, their source text such as `(>= (moves-played) (option "limit"))`, in order.
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

fn counts_turns(e: &IntExpr) -> bool {
    matches!(
        e,
        IntExpr::MovesPlayed
            | IntExpr::EdgesPlayed
            | IntExpr::MovesMade(_)
            | IntExpr::MovesWithoutProgress
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
            [
                "(no-moves Next)",
                "(repeated)",
                "(>= (moves-played) (option \"limit\"))"
            ]
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
