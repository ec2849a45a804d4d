//! Arithmetic on numbers written out, folded as the expander substitutes options, so that board
//! sizes, sites and counts may be computed from options before anything is checked. The
//! operators are the `arithmetic` family's (`crate::ludemes::arithmetic`), which lowers the same
//! [`Op`] for the engine.

use crate::syntax::Node;

/// An arithmetic operator of the `arithmetic` family, evaluated here for the expander's folding,
/// the compiler's and the engine alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Sum, saturating.
    Add,
    /// Difference, saturating.
    Sub,
    /// Product, saturating.
    Mul,
    /// Euclidean remainder, in 0..|b|; 0 when `b` is 0 (a divisor written as 0 is refused).
    Mod,
    /// Euclidean quotient; 0 when `b` is 0 (a divisor written as 0 is refused).
    Div,
}

impl Op {
    /// The operator applied to two numbers.
    #[inline]
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            Op::Add => a.saturating_add(b),
            Op::Sub => a.saturating_sub(b),
            Op::Mul => a.saturating_mul(b),
            // `None` for a divisor of 0, and for i64::MIN mod -1, whose remainder is 0.
            Op::Mod => a.checked_rem_euclid(b).unwrap_or(0),
            // `None` for a divisor of 0, and for i64::MIN / -1, which saturates.
            Op::Div => match a.checked_div_euclid(b) {
                Some(q) => q,
                None if b == 0 => 0,
                None => i64::MAX,
            },
        }
    }

    /// The operator a ludeme's name stands for.
    pub fn named(head: &str) -> Option<Op> {
        Some(match head {
            "+" => Op::Add,
            "-" => Op::Sub,
            "*" => Op::Mul,
            "mod" => Op::Mod,
            "div" => Op::Div,
            _ => return None,
        })
    }
}

/// The value of an operation on two numbers written out, for places that need a number before
/// the game is compiled (board sizes, sites, counts): `None` for anything else, and for a
/// divisor of 0, which the compiler refuses with its own message.
pub fn folded(node: &Node) -> Option<i64> {
    let op = Op::named(node.head()?)?;
    match node.args() {
        [a, b] if a.key.is_none() && b.key.is_none() => {
            let (x, y) = (a.value.as_int()?, b.value.as_int()?);
            (y != 0 || !matches!(op, Op::Mod | Op::Div)).then(|| op.apply(x, y))
        }
        _ => None,
    }
}
