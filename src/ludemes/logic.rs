//! Comparisons & logic: conditions built from numbers and other conditions.

use crate::check::registry::{
    req,
    Kind::*,
    Ludeme,
    Shape::{List as L, Many as M, One as O},
};
use crate::compile::ir::{Cmp, Cond, IntExpr, Leaf};
use crate::compile::Compiler;
use crate::ludemes::Lower;
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// Equal: `a` = `b`.
        name: "=",
        kind: Cond,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(= (pips) 6)",
        lower: Lower::Cond(eq),
        refs: [],
    },
    ludeme! {
        /// Not equal: `a` != `b`.
        name: "!=",
        kind: Cond,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(!= (pips) 0)",
        lower: Lower::Cond(ne),
        refs: [],
    },
    ludeme! {
        /// Less than: `a` < `b`.
        name: "<",
        kind: Cond,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(< (moves-made Mover) 2)",
        lower: Lower::Cond(lt),
        refs: [],
    },
    ludeme! {
        /// Less than or equal: `a` <= `b`.
        name: "<=",
        kind: Cond,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(<= (pips) 4)",
        lower: Lower::Cond(le),
        refs: [],
    },
    ludeme! {
        /// Greater than: `a` > `b`.
        name: ">",
        kind: Cond,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(> (score Mover) 24)",
        lower: Lower::Cond(gt),
        refs: [],
    },
    ludeme! {
        /// Greater than or equal: `a` >= `b`.
        name: ">=",
        kind: Cond,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(>= (moves-played) 500)",
        lower: Lower::Cond(ge),
        refs: [],
    },
    ludeme! {
        /// All hold.
        name: "and",
        kind: Cond,
        positional: [
            /// the conditions
            req("conditions", M(Cond)),
        ],
        named: [],
        example: "(and (= (pips) 6) (= (var Mover \"Opened\") 0))",
        lower: Lower::Cond(and),
        refs: [],
    },
    ludeme! {
        /// At least one holds.
        name: "or",
        kind: Cond,
        positional: [
            /// the conditions
            req("conditions", M(Cond)),
        ],
        named: [],
        example: "(or {(no-moves Next) (repeated)})",
        lower: Lower::Cond(or),
        refs: [],
    },
    ludeme! {
        /// The condition does not hold.
        name: "not",
        kind: Cond,
        positional: [
            /// the condition
            req("condition", O(Cond)),
        ],
        named: [],
        example: "(not (repeated))",
        lower: Lower::Cond(not),
        refs: [],
    },
    ludeme! {
        /// The value is one of the list.
        name: "is-in",
        kind: Cond,
        positional: [
            /// the value tested
            req("value", O(Int)),
            /// the values it may equal
            req("values", L(Int)),
        ],
        named: [],
        example: "(is-in (pips) {1 5})",
        lower: Lower::Cond(is_in),
        refs: [],
    },
];

fn cmp(c: &mut Compiler<'_>, node: &Node, op: Cmp) -> Cond {
    let a = node.pos(0).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
    let b = node.pos(1).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
    compare(op, a, b)
}

fn eq(c: &mut Compiler<'_>, node: &Node) -> Cond {
    cmp(c, node, Cmp::Eq)
}

fn ne(c: &mut Compiler<'_>, node: &Node) -> Cond {
    cmp(c, node, Cmp::Ne)
}

fn lt(c: &mut Compiler<'_>, node: &Node) -> Cond {
    cmp(c, node, Cmp::Lt)
}

fn le(c: &mut Compiler<'_>, node: &Node) -> Cond {
    cmp(c, node, Cmp::Le)
}

fn gt(c: &mut Compiler<'_>, node: &Node) -> Cond {
    cmp(c, node, Cmp::Gt)
}

fn ge(c: &mut Compiler<'_>, node: &Node) -> Cond {
    cmp(c, node, Cmp::Ge)
}

/// The conditions given as arguments or as one list, lowered.
fn parts(c: &mut Compiler<'_>, node: &Node) -> Vec<Cond> {
    Compiler::list_or_many(node)
        .into_iter()
        .map(|n| c.cond(n))
        .collect()
}

fn and(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::And(parts(c, node))
}

fn or(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Or(parts(c, node))
}

fn not(c: &mut Compiler<'_>, node: &Node) -> Cond {
    Cond::Not(Box::new(
        node.pos(0).map(|n| c.cond(n)).unwrap_or(Cond::Const(false)),
    ))
}

fn is_in(c: &mut Compiler<'_>, node: &Node) -> Cond {
    let v = node.pos(0).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
    let items = node.pos(1).and_then(|l| l.as_list()).unwrap_or(&[]);
    // Items known before play (folded) make one list test; each computed item is
    // compared on its own.
    let mut known = Vec::new();
    let mut computed = Vec::new();
    for item in items {
        match c.int(item) {
            IntExpr::Lit(k) => known.push(k),
            e => computed.push(Cond::Compare(Cmp::Eq, v.clone(), e)),
        }
    }
    if computed.is_empty() {
        return Cond::Leaf(Leaf::IsIn(v, known));
    }
    if !known.is_empty() {
        computed.insert(0, Cond::Leaf(Leaf::IsIn(v, known)));
    }
    Cond::Or(computed)
}

/// A comparison, with the tests of a region's emptiness read from occupancy instead of summed.
pub(crate) fn compare(op: Cmp, a: IntExpr, b: IntExpr) -> Cond {
    let flip = |op| match op {
        Cmp::Lt => Cmp::Gt,
        Cmp::Le => Cmp::Ge,
        Cmp::Gt => Cmp::Lt,
        Cmp::Ge => Cmp::Le,
        same => same,
    };
    let (op, region, limit) = match (&a, &b) {
        (IntExpr::CountIn(r), IntExpr::Lit(v)) => (op, *r, *v),
        (IntExpr::Lit(v), IntExpr::CountIn(r)) => (flip(op), *r, *v),
        _ => return Cond::Compare(op, a, b),
    };
    match (op, limit) {
        (Cmp::Eq, 0) | (Cmp::Le, 0) | (Cmp::Lt, 1) => Cond::Leaf(Leaf::Empty(region)),
        (Cmp::Ne, 0) | (Cmp::Gt, 0) | (Cmp::Ge, 1) => Cond::Leaf(Leaf::Filled(region)),
        _ => Cond::Compare(op, a, b),
    }
}
