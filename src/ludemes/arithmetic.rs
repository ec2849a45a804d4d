//! Arithmetic: sums, differences, products and remainders of numbers.

use crate::check::registry::{req, Kind::*, Ludeme, Shape::One as O};
use crate::compile::ir::IntExpr;
use crate::compile::Compiler;
use crate::ludemes::Lower;
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// Sum: `a` + `b` (saturating at the limits of 64-bit integers).
        name: "+",
        kind: Int,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(+ (score P1) 1)",
        lower: Lower::Int(sum),
        refs: [],
    },
    ludeme! {
        /// Difference: `a` - `b` (saturating at the limits of 64-bit integers).
        name: "-",
        kind: Int,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(- (pips) 1)",
        lower: Lower::Int(difference),
        refs: [],
    },
    ludeme! {
        /// Product: `a` * `b` (saturating at the limits of 64-bit integers).
        name: "*",
        kind: Int,
        positional: [
            /// the left side
            req("a", O(Int)),
            /// the right side
            req("b", O(Int)),
        ],
        named: [],
        example: "(* 2 (pips))",
        lower: Lower::Int(product),
        refs: [],
    },
    ludeme! {
        /// Remainder: `a` modulo `b`, Euclidean, from 0 to |`b`| - 1 (-7 mod 3 is 2); 0 when a
        /// computed `b` is 0.
        name: "mod",
        kind: Int,
        positional: [
            /// the number divided
            req("a", O(Int)),
            /// the divisor; a divisor written as 0 is refused
            req("b", O(Int)),
        ],
        named: [],
        example: "(mod (moves-played) 2)",
        lower: Lower::Int(remainder),
        refs: [],
    },
    ludeme! {
        /// Quotient: `a` divided by `b`, Euclidean, so that `a` = `b` * (div a b) + (mod a b) (div
        /// 7 2 is 3, div -7 2 is -4); 0 when a computed `b` is 0.
        name: "div",
        kind: Int,
        positional: [
            /// the number divided
            req("a", O(Int)),
            /// the divisor; a divisor written as 0 is refused
            req("b", O(Int)),
        ],
        named: [],
        example: "(div (moves-played) 2)",
        lower: Lower::Int(quotient),
        refs: [],
    },
];

pub use crate::expand::fold::{folded, Op};

/// A binary operation; operations on numbers written out are folded, so the hot path reads them
/// as constants.
fn bin(c: &mut Compiler<'_>, node: &Node, op: Op) -> IntExpr {
    let (a, b) = sides(c, node);
    combine(op, a, b)
}

/// The two sides of an operation, lowered once each.
fn sides(c: &mut Compiler<'_>, node: &Node) -> (IntExpr, IntExpr) {
    let a = node.pos(0).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
    let b = node.pos(1).map(|n| c.int(n)).unwrap_or(IntExpr::Lit(0));
    (a, b)
}

/// The operation on two lowered sides, folded when both are numbers written out.
fn combine(op: Op, a: IntExpr, b: IntExpr) -> IntExpr {
    match (a, b) {
        (IntExpr::Lit(x), IntExpr::Lit(y)) => IntExpr::Lit(op.apply(x, y)),
        (a, b) => IntExpr::Arith(op, Box::new(a), Box::new(b)),
    }
}

fn sum(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    bin(c, node, Op::Add)
}

fn difference(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    bin(c, node, Op::Sub)
}

fn product(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    bin(c, node, Op::Mul)
}

fn remainder(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    division(c, node, Op::Mod, "`mod`", "a remainder")
}

fn quotient(c: &mut Compiler<'_>, node: &Node) -> IntExpr {
    division(c, node, Op::Div, "`div`", "a quotient")
}

/// A remainder or quotient: a divisor written as 0 is refused.
fn division(c: &mut Compiler<'_>, node: &Node, op: Op, name: &str, what: &str) -> IntExpr {
    let (a, b) = sides(c, node);
    if let (IntExpr::Lit(0), Some(divisor)) = (&b, node.pos(1)) {
        c.error(
            divisor,
            format!("the divisor of {name} is 0"),
            &format!("{what} needs a divisor other than 0"),
        );
    }
    combine(op, a, b)
}
