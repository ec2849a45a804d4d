//! End & outcomes: when the game ends and who wins.

use crate::check::registry::{Kind::*, Ludeme, opt, req, Shape::{One as O, OneOrList as OL}};
use crate::ludemes::{Lower, Ref, Arg};

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "end", kind: End, positional: &[req("rules", OL(EndRule), "checked in order after every move and throw; the first that holds ends the game")], named: &[], doc: "When the game ends and who wins.", example: "(end {(if (no-pieces Next) (result Mover Win))})", lower: Lower::Part, refs: &[] },
    Ludeme { name: "if", kind: EndRule, positional: &[req("condition", O(Cond), "checked after each move or throw; Mover is who made it"), req("result", O(Outcome), "the result")], named: &[], doc: "Ends the game with a result when the condition holds.", example: "(if (no-moves Next) (result Next Loss))", lower: Lower::Part, refs: &[] },
    Ludeme { name: "result", kind: Outcome, positional: &[req("player", O(Role), "Mover, Next, Prev, P1 to P4, or All for a draw"), req("result", O(ResultKind), "Win, Loss or Draw")], named: &[], doc: "A fixed result. With three or four players, a win puts the others after the winner, tied; a loss puts the player last and the others first, tied.", example: "(result Mover Win)", lower: Lower::Part, refs: &[] },
    Ludeme { name: "by-score", kind: Outcome, positional: &[], named: &[opt("collect", O(Str), "a per-player region whose counters each player adds to their store first"), opt("draw-within", O(Int), "scores this close are a draw (0: only equal scores)")], doc: "The higher store wins. With three or four players, the players are ranked by their stores, each sharing the place of the one just ahead when within `draw-within` of them.", example: "(by-score collect:\"Home\")", lower: Lower::Part, refs: &[Ref::PlayerRegion(Arg::Key("collect"))] },
    Ludeme { name: "by-pieces", kind: Outcome, positional: &[], named: &[], doc: "The player with the most pieces on the board wins; equal counts are a draw. With three or four players, the players are ranked by their pieces, equal counts sharing a place.", example: "(by-pieces)", lower: Lower::Part, refs: &[] },
];
