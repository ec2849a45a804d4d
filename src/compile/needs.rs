//! The state features a game uses, found as it is lowered, so that a game pays only for the
//! features its rules read.

/// A set of state features.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Needs(u16);

impl Needs {
    /// No feature.
    pub const NONE: Needs = Needs(0);
    /// Hands beside the board (`(hand ...)` in the equipment).
    pub const HANDS: Needs = Needs(1);
    /// Pieces entering the board (`place`); without it the board never grows.
    pub const PLACING: Needs = Needs(1 << 1);
    /// The sites a sowing passed, read by `sown-into` in a filter.
    pub const SOWN: Needs = Needs(1 << 2);
    /// The positions seen before, read by `repeated`.
    pub const REPETITION: Needs = Needs(1 << 3);
    /// The last move read by a condition (`landed-in`, `moved-from`): a filter's trial of a move
    /// must then make it the last.
    pub const LAST: Needs = Needs(1 << 4);
    /// The count of moves without progress, read by `moves-without-progress`.
    pub const PROGRESS: Needs = Needs(1 << 5);
    /// The count of moves in the current turn, read by `moves-this-turn`.
    pub const TURN: Needs = Needs(1 << 6);
    /// The groups of each player's pieces, kept as pieces are placed, read by `connected`
    /// through the last piece.
    pub const GROUPS: Needs = Needs(1 << 7);
    /// The sites of the pieces that never moved, read by `castle`.
    pub const UNMOVED: Needs = Needs(1 << 8);
    /// Hands that keep the kinds of the pieces they hold (`captured:Captor`).
    pub const KINDS_HELD: Needs = Needs(1 << 9);
    /// The pieces the last move captured, read by `captured`: kept in the clock after a move.
    pub const CAPTURED: Needs = Needs(1 << 10);
    /// The chains of each player's pieces with their liberties, kept after every move, read
    /// by `surround`.
    pub const CHAINS: Needs = Needs(1 << 11);
    /// Dice thrown together and used one at a time (`each-die`): the dice left in the clock.
    pub const DICE: Needs = Needs(1 << 12);
    /// Stacks of mixed owners: the owners beneath each site's top piece, kept in the board.
    pub const LAYERS: Needs = Needs(1 << 13);
    /// The sites of each piece kind, kept in the board: the draw counts the steps of one
    /// kind's pieces (`step ... kind:`) from them. Found from the draw plans, not the lowering.
    pub const KIND_SETS: Needs = Needs(1 << 14);

    /// Whether every feature of `other` is in the set.
    pub const fn contains(self, other: Needs) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether some feature of `other` is in the set.
    pub const fn intersects(self, other: Needs) -> bool {
        self.0 & other.0 != 0
    }

    /// Adds the features of `other`.
    pub fn insert(&mut self, other: Needs) {
        self.0 |= other.0;
    }

    /// The set with the features of `other` too.
    pub const fn with(self, other: Needs) -> Needs {
        Needs(self.0 | other.0)
    }
}
