//! Phases & actions: the play block, the phases of a turn and where a turn goes next.

use crate::check::registry::{
    opt, req,
    Kind::*,
    Ludeme,
    Shape::{List as L, One as O},
};
use crate::compile::chance::branches_with_pips;
use crate::compile::ir::{Action, Branches, Cond, IntExpr, MoveExpr, Phase};
use crate::compile::{Compiler, Needs};
use crate::ludemes::{Arg, Lower, Ref};
use crate::syntax::{Node, NodeKind};

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// What a player does on a turn: one decision among the moves, or a sequence of phases.
        name: "play",
        kind: Play,
        positional: [
            /// the moves of a turn, or `(phases ...)`
            req("moves", O(Moves)),
        ],
        named: [],
        example: "(play (sow \"Sow\" from:(region \"Home\" Mover)))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A turn made of phases: throws and decisions that lead to one another.
        name: "phases",
        kind: Moves,
        positional: [
            /// the phases; every turn starts in the first
            req("phases", L(Phase)),
        ],
        named: [],
        example: "(phases {(chance \"Throw\" \"Sticks\" {(when (= (pips) 0) (end-turn)) (else \
                  (goto \"Move\"))}) (decision \"Move\" (advance \"Loop\" (pips)))})",
        lower: Lower::Moves(phases),
        refs: [],
    },
    ludeme! {
        /// A phase that throws dice; `(pips)` is then the value thrown.
        name: "chance",
        kind: Phase,
        positional: [
            /// the phase's name
            req("name", O(Str)),
            /// the dice thrown
            req("dice", O(Str)),
            /// where the throw leads; the first that holds is taken
            req("branches", L(Clause)),
        ],
        named: [],
        example: "(chance \"Throw\" \"Sticks\" {(when (= (pips) 0) (end-turn)) (else (goto \
                  \"Move\"))})",
        lower: Lower::Part,
        refs: [Ref::Dice(Arg::Pos(1))],
    },
    ludeme! {
        /// A phase where the player to move chooses one move.
        name: "decision",
        kind: Phase,
        positional: [
            /// the phase's name
            req("name", O(Str)),
            /// the moves to choose from
            req("moves", O(Moves)),
        ],
        named: [
            /// whether a player with no legal move passes (true) instead of being stuck
            opt("pass", O(Switch)),
            /// where the turn goes after the move; the turn ends if absent
            opt("next", O(Action)),
        ],
        example: "(decision \"Move\" (advance \"Loop\" (pips)) pass:true)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// A branch after a throw.
        name: "when",
        kind: Clause,
        positional: [
            /// when the branch is taken
            req("condition", O(Cond)),
            /// where the turn goes
            req("action", O(Action)),
        ],
        named: [],
        example: "(when (= (pips) 0) (end-turn))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The branch taken when no other holds.
        name: "else",
        kind: Clause,
        positional: [
            /// where the turn goes
            req("action", O(Action)),
        ],
        named: [],
        example: "(else (goto \"Move\"))",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// Goes on to another phase of the same turn.
        name: "goto",
        kind: Action,
        positional: [
            /// the next phase
            req("phase", O(Str)),
        ],
        named: [
            /// sets the value that `(pips)` reads, as for a special throw
            opt("pips", O(Int)),
        ],
        example: "(goto \"Special\" pips:7)",
        lower: Lower::Part,
        refs: [Ref::Phase(Arg::Pos(0))],
    },
    ludeme! {
        /// Ends the turn; the next player's turn begins.
        name: "end-turn",
        kind: Action,
        positional: [],
        named: [],
        example: "(end-turn)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The same player moves again: their turn starts over from its first phase.
        name: "again",
        kind: Action,
        positional: [],
        named: [],
        example: "(again)",
        lower: Lower::Part,
        refs: [],
    },
    ludeme! {
        /// The moves (passes included) made so far in the current turn: 0 before its first
        /// decision, 1 after one move and an `(again)`; read in `next:`, it counts the move just
        /// made.
        name: "moves-this-turn",
        kind: Int,
        positional: [],
        named: [],
        example: "(moves-this-turn)",
        lower: Lower::Int(moves_this_turn),
        refs: [],
    },
    ludeme! {
        /// Where the turn goes, by a condition.
        name: "if",
        kind: Action,
        positional: [
            /// when the first action is taken; after a move it reads that move as the last
            /// (`landed-in`)
            req("condition", O(Cond)),
            /// where the turn goes if it holds
            req("then", O(Action)),
            /// where it goes if not; the turn ends if absent
            opt("else", O(Action)),
        ],
        named: [],
        example: "(if (landed-in (region \"Home\" Mover)) (again))",
        lower: Lower::Part,
        refs: [],
    },
];

fn moves_this_turn(c: &mut Compiler<'_>, _: &Node) -> IntExpr {
    // Only a game that reads the count keeps it.
    c.needs.insert(Needs::TURN);
    IntExpr::MovesThisTurn
}

fn phases(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    c.error(
        node,
        "`phases` must be the whole of `play`",
        "write `(play (phases {...}))`",
    );
    MoveExpr::Or(Vec::new())
}

/// The phases of `play`: one decision, or the phases listed in `(phases ...)`.
pub(crate) fn play(c: &mut Compiler<'_>, node: &Node) -> Vec<Phase> {
    if node.head() != Some("phases") {
        c.phase_names = vec!["Play".to_string()];
        let moves = c.moves(node);
        return vec![Phase::Decision {
            moves,
            pass: false,
            next: Branches::new(vec![(Cond::Const(true), Action::EndTurn)]),
        }];
    }
    c.phase_names = c.sym.phases.clone();
    let list = node.pos(0).and_then(|l| l.as_list()).unwrap_or(&[]);
    list.iter()
        .map(|p| match p.head() {
            Some("chance") => chance(c, p),
            _ => {
                let moves = p
                    .pos(1)
                    .map(|m| c.moves(m))
                    .unwrap_or(MoveExpr::Or(Vec::new()));
                let pass = matches!(p.named("pass").map(|n| &n.kind), Some(NodeKind::Bool(true)));
                let mut next = Vec::new();
                branches(c, p.named("next"), Cond::Const(true), &mut next);
                Phase::Decision {
                    moves,
                    pass,
                    next: Branches::new(next),
                }
            }
        })
        .collect()
}

/// A chance phase, its branches folded for each outcome of its dice.
fn chance(c: &mut Compiler<'_>, p: &Node) -> Phase {
    let name = p.pos(1).and_then(|n| n.as_str()).unwrap_or_default();
    let dice = c.sym.dice.iter().position(|d| d.0 == name).unwrap_or(0) as u16;
    let mut list = Vec::new();
    for clause in p.pos(2).and_then(|l| l.as_list()).unwrap_or(&[]) {
        match clause.head() {
            Some("when") => {
                let guard = clause
                    .pos(0)
                    .map(|n| c.cond(n))
                    .unwrap_or(Cond::Const(false));
                branches(c, clause.pos(1), guard, &mut list);
            }
            _ => branches(c, clause.pos(0), Cond::Const(true), &mut list),
        }
    }
    // Dice used one at a time read as the total of the dice to use.
    let (several, doubles) = c
        .sym
        .dice_sets
        .get(dice as usize)
        .copied()
        .unwrap_or((1, false));
    let pips = |v: i32| match several {
        1 => v as i64,
        _ => crate::ludemes::dice_total(crate::ludemes::dice_to_use(v, doubles)) as i64,
    };
    let by_outcome = c.sym.dice.get(dice as usize).map_or(Vec::new(), |d| {
        d.1.iter()
            .map(|&(v, _)| Branches::new(branches_with_pips(&list, pips(v))))
            .collect()
    });
    Phase::Chance { dice, by_outcome }
}

/// Appends the first-match branches of an action under `guard`: an `if` splits into its two
/// sides (the `then` side guarded by its condition too), any other action is one branch.
fn branches(c: &mut Compiler<'_>, node: Option<&Node>, guard: Cond, out: &mut Vec<(Cond, Action)>) {
    let action = match node {
        Some(n) if n.head() == Some("if") => {
            let test = n.pos(0).map(|t| c.cond(t)).unwrap_or(Cond::Const(false));
            let both = match guard.clone() {
                Cond::Const(true) => test,
                g => Cond::And(vec![g, test]),
            };
            branches(c, n.pos(1), both, out);
            return branches(c, n.pos(2), guard, out);
        }
        Some(n) if n.head() == Some("goto") => {
            let name = n.pos(0).and_then(|p| p.as_str()).unwrap_or_default();
            let phase = c.sym.phases.iter().position(|p| p == name).unwrap_or(0) as u8;
            Action::Goto(phase, n.named("pips").map(|p| c.int(p)))
        }
        Some(n) if n.head() == Some("again") => Action::Again,
        _ => Action::EndTurn,
    };
    out.push((guard, action));
}
