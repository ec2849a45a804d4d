//! Effects: what a move does after it is made.

use crate::check::registry::{Kind::*, Ludeme, req, Shape::{One as O}};
use crate::ludemes::{Lower, Ref, Arg};
use crate::compile::ir::{Effect, IntExpr};
use crate::compile::Compiler;
use crate::syntax::Node;

/// The family's ludemes.
// One ludeme a line reads as a table; rustfmt would spread each over a dozen lines.
#[rustfmt::skip]
pub(crate) const ROWS: &[Ludeme] = &[
    Ludeme { name: "set-var", kind: Effect, positional: &[req("owner", O(Role), "whose variable"), req("name", O(Str), "the variable"), req("value", O(Int), "its new value")], named: &[], doc: "Sets a player variable.", example: "(set-var Mover \"Opened\" 1)", lower: Lower::Part, refs: &[Ref::Var(Arg::Pos(1))] },
];

/// The effects of a generator's `then:`, one or a list.
pub(crate) fn lower(c: &mut Compiler<'_>, node: Option<&Node>) -> Vec<Effect> {
    let Some(node) = node else { return Vec::new() };
    let items: Vec<&Node> = match node.as_list() {
        Some(l) => l.iter().collect(),
        None => vec![node],
    };
    items
        .into_iter()
        .map(|e| {
            let who = c.who(e.pos(0));
            let var = c.var(e.pos(1));
            let value = e.pos(2).map(|v| c.int(v)).unwrap_or(IntExpr::Lit(0));
            Effect::SetVar(who, var, value)
        })
        .collect()
}
