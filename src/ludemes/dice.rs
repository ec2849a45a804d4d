//! Dice used one at a time: the moves of each die of a throw not yet used, the rule that a
//! throw is used as fully as it can be, and the count of dice left.

use crate::check::registry::{opt, req, Kind::*, Ludeme, Shape::One as O};
use crate::compile::ir::{IntExpr, MoveExpr};
use crate::compile::{Compiler, Needs};
use crate::ludemes::lines::flag;
use crate::ludemes::Lower;
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[
    ludeme! {
        /// The moves of each die of the throw not yet used (dice thrown together, `(die 6
        /// count:2)`), `(pips)` read as that die; the move uses it up. Equal dice give their
        /// moves once. A pass uses up the dice left.
        name: "each-die",
        kind: Moves,
        positional: [
            /// the moves, read for one die at a time
            req("moves", O(Moves)),
        ],
        named: [
            /// whether only the moves that begin a sequence using the most dice of the throw are
            /// legal, and of those only the ones whose sequences use the largest total (one die
            /// of two played: the larger if it can be); looked ahead over the rest of the throw.
            /// The move after which no die left can be used uses them all up
            opt("most", O(Switch)),
        ],
        example: "(each-die (advance \"Loop\" (pips)) most:true)",
        lower: Lower::Moves(each_die),
        refs: [],
    },
    ludeme! {
        /// The dice of the current throw not yet used (by `each-die`): read in a decision's
        /// `next:`, it counts the move just made as using its die.
        name: "dice-left",
        kind: Int,
        positional: [],
        named: [],
        example: "(dice-left)",
        lower: Lower::Int(dice_left),
        refs: [],
    },
];

fn each_die(c: &mut Compiler<'_>, node: &Node) -> MoveExpr {
    c.needs.insert(Needs::DICE);
    let inner = node
        .pos(0)
        .map(|n| c.moves(n))
        .unwrap_or(MoveExpr::Or(Vec::new()));
    // A game with dice used one at a time has no chains of jumps (`compile`), whose bits a
    // move's die takes.
    if holds_each_die(&inner) {
        c.error(
            node,
            "`each-die` inside `each-die` reads the same dice twice",
            "write one `each-die` around the moves",
        );
    }
    MoveExpr::EachDie(Box::new(inner), flag(c, node, "most"))
}

/// Whether a move expression holds an `each-die`.
fn holds_each_die(e: &MoveExpr) -> bool {
    match e {
        MoveExpr::EachDie(..) => true,
        MoveExpr::Or(l) | MoveExpr::Priority(l) => l.iter().any(holds_each_die),
        MoveExpr::If(_, a, b) => holds_each_die(a) || b.as_deref().is_some_and(holds_each_die),
        MoveExpr::Filter(_, m) | MoveExpr::Most(_, m) => holds_each_die(m),
        MoveExpr::Gen(_) | MoveExpr::Remove(_) => false,
    }
}

fn dice_left(c: &mut Compiler<'_>, _: &Node) -> IntExpr {
    c.needs.insert(Needs::DICE);
    IntExpr::DiceLeft
}

/// The dice to use of an outcome written with its dice largest first (65: a 6 and a 5), four
/// bits a die, the largest in the low bits; equal dice twice over with `doubles`.
pub(crate) fn dice_to_use(value: i32, doubles: bool) -> u16 {
    let mut digits = Vec::new();
    let mut v = value;
    while v > 0 {
        digits.push((v % 10) as u16);
        v /= 10;
    }
    // Digits came smallest first (the number's last digit): the largest is last.
    digits.reverse();
    if doubles && digits.len() > 1 && digits.iter().all(|&d| d == digits[0]) {
        digits.extend(digits.clone());
    }
    digits
        .iter()
        .take(4)
        .enumerate()
        .fold(0, |set, (i, &d)| set | d << (4 * i))
}

/// How many dice a set of dice to use holds.
#[inline]
pub(crate) fn dice_count(set: u16) -> u16 {
    (0..4).filter(|i| set >> (4 * i) & 0xF != 0).count() as u16
}

/// The set without one die of value `die` (the set as it was if it holds none).
#[inline]
pub(crate) fn without_die(set: u16, die: u16) -> u16 {
    let mut kept = 0;
    let mut n = 0;
    let mut taken = false;
    for i in 0..4 {
        let d = set >> (4 * i) & 0xF;
        if d == 0 || (d == die && !taken) {
            taken |= d == die;
            continue;
        }
        kept |= d << (4 * n);
        n += 1;
    }
    kept
}

/// The distinct values of a set of dice, largest first.
#[inline]
pub(crate) fn distinct_dice(set: u16) -> impl Iterator<Item = u16> {
    let mut values = [0u16; 4];
    for (i, v) in values.iter_mut().enumerate() {
        *v = set >> (4 * i) & 0xF;
    }
    values.sort_unstable_by(|a, b| b.cmp(a));
    (0..4).filter_map(move |i| {
        let v = values[i];
        (v != 0 && (i == 0 || values[i - 1] != v)).then_some(v)
    })
}

/// The sum of a set of dice.
#[inline]
pub(crate) fn dice_total(set: u16) -> u16 {
    (0..4).map(|i| set >> (4 * i) & 0xF).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_of_two_dice_is_its_dice_and_doubles_repeat() {
        assert_eq!(dice_to_use(65, true), 0x56);
        assert_eq!(dice_to_use(66, true), 0x6666);
        assert_eq!(dice_to_use(66, false), 0x66);
        assert_eq!(dice_count(0x6666), 4);
        assert_eq!(without_die(0x56, 6), 0x5);
        assert_eq!(without_die(0x6666, 6), 0x666);
        assert_eq!(distinct_dice(0x3535).collect::<Vec<_>>(), [5, 3]);
        assert_eq!(dice_total(0x56), 11);
    }
}
