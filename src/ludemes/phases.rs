//! Phases & actions: the play block, the phases of a turn and where a turn goes next.

use crate::check::registry::{Kind::*, Ludeme, opt, req, Shape::{List as L, One as O}};
use crate::ludemes::{Lower, Ref, Arg};
use crate::compile::ir::MoveExpr;
use crate::compile::Compiler;
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "play", kind: Play, positional: &[req("moves", O(Moves), "the moves of a turn, or `(phases ...)`")], named: &[], doc: "What a player does on a turn: one decision among the moves, or a sequence of phases.", example: "(play (sow \"Sow\" from:(region \"Home\" Mover)))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "phases", kind: Moves, positional: &[req("phases", L(Phase), "the phases; every turn starts in the first")], named: &[], doc: "A turn made of phases: throws and decisions that lead to one another.", example: "(phases {(chance \"Throw\" \"Sticks\" {(when (= (pips) 0) (end-turn)) (else (goto \"Move\"))}) (decision \"Move\" (advance \"Loop\" (pips)))})", lower: Lower::Moves(phases), refs: &[] },
    Ludeme { name: "chance", kind: Phase, positional: &[req("name", O(Str), "the phase's name"), req("dice", O(Str), "the dice thrown"), req("branches", L(Clause), "where the throw leads; the first that holds is taken")], named: &[], doc: "A phase that throws dice; `(pips)` is then the value thrown.", example: "(chance \"Throw\" \"Sticks\" {(when (= (pips) 0) (end-turn)) (else (goto \"Move\"))})", lower: Lower::Part, refs: &[Ref::Dice(Arg::Pos(1))] },
    Ludeme { name: "decision", kind: Phase, positional: &[req("name", O(Str), "the phase's name"), req("moves", O(Moves), "the moves to choose from")], named: &[opt("pass", O(Cond), "whether a player with no legal move passes (true) instead of being stuck"), opt("next", O(Action), "where the turn goes after the move; the turn ends if absent")], doc: "A phase where the player to move chooses one move.", example: "(decision \"Move\" (advance \"Loop\" (pips)) pass:true)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "when", kind: Clause, positional: &[req("condition", O(Cond), "when the branch is taken"), req("action", O(Action), "where the turn goes")], named: &[], doc: "A branch after a throw.", example: "(when (= (pips) 0) (end-turn))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "else", kind: Clause, positional: &[req("action", O(Action), "where the turn goes")], named: &[], doc: "The branch taken when no other holds.", example: "(else (goto \"Move\"))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "goto", kind: Action, positional: &[req("phase", O(Str), "the next phase")], named: &[opt("pips", O(Int), "sets the value that `(pips)` reads, as for a special throw")], doc: "Goes on to another phase of the same turn.", example: "(goto \"Special\" pips:7)", lower: Lower::Part, refs: &[Ref::Phase(Arg::Pos(0))] },
    Ludeme { name: "end-turn", kind: Action, positional: &[], named: &[], doc: "Ends the turn; the other player's turn begins.", example: "(end-turn)", lower: Lower::Part, refs: &[] },
];

fn phases(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    c.error(
        node,
        "`phases` must be the whole of `play`",
        "write `(play (phases {...}))`",
    );
    MoveExpr::Or(Vec::new())
}
