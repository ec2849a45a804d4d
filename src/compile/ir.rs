//! The executable form of a game's rules: flat tables and small enums, no names.

pub use super::choice::{Choice, Clocked, Test};
// The move generators and their parts live with their families.
pub use crate::expand::fold::Op;
use crate::expand::{Metadata, OptionDecl, OptionValue};
pub use crate::ludemes::{Capture, Gen, GrandSlam};

// The board's types, read with the rules that use them.
pub(crate) use crate::board::sites::by_width;
pub use crate::board::{seat_of, Site, MAX_PLAYERS, NO_SITE};
pub use crate::board::{DirGroup, Dirs, Sites, SitesIter, Topology, DIRECTIONS, SITE_WORDS};

/// Whose: a fixed player, or the player to move, or one after or before them in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// Player index, 0 to `players - 1`.
    Player(u8),
    /// The player to move (in end rules and filters: the player who just moved).
    Mover,
    /// The player who moves after the mover (`Rules::next`).
    Next,
    /// The player who moved before the mover (`Rules::prev`).
    Prev,
}

/// A region as the rules use it: its sites for each player as the mover.
/// `(region "Home" Next)` is a region too, each mover's list being the next player's.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// The sites, indexed by the mover (empty past the game's players).
    pub sites: [Vec<Site>; MAX_PLAYERS],
    /// The same as bitsets.
    pub mask: [Sites; MAX_PLAYERS],
}

/// A reference to a region: an index into `Game::regions`, read with the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegionRef(pub u16);

/// A track: one site list per player (the same for a shared track).
#[derive(Debug, Clone)]
pub struct Track {
    /// The sites in order, per player.
    pub sites: [Vec<Site>; MAX_PLAYERS],
    /// A site's first place on the track, per player; `NO_SITE` if it is not on it.
    pub first_index: [Vec<Site>; MAX_PLAYERS],
    /// The sites on the track, per player.
    pub on: [Sites; MAX_PLAYERS],
    /// Whether the track returns to its start.
    pub looped: bool,
    /// Per player, where a piece that lands on each place ends after the track's chain of
    /// jumps (the place itself where none starts); empty for a track without jumps.
    pub jumps: [Vec<u8>; MAX_PLAYERS],
    /// The jumps as declared (the shared or P1's declaration), (from, to) places: what the
    /// diagram draws.
    pub links: Vec<(u8, u8)>,
}

/// An integer expression.
#[derive(Debug, Clone, PartialEq)]
pub enum IntExpr {
    /// A constant.
    Lit(i64),
    /// The current throw.
    Pips,
    /// Counters or pieces in a region.
    CountIn(RegionRef),
    /// A player's pieces on the board.
    PiecesOnBoard(Who),
    /// A player's hand.
    InHand(Who),
    /// A player's store.
    Score(Who),
    /// A player variable.
    Var(Who, u8),
    /// Moves played in the game.
    MovesPlayed,
    /// Edges (moves and throws) played.
    EdgesPlayed,
    /// Moves a player has made.
    MovesMade(Who),
    /// An arithmetic operation on two numbers (the operators live in the arithmetic family).
    Arith(Op, Box<IntExpr>, Box<IntExpr>),
    /// A player's pieces in a region.
    CountOf(Who, RegionRef),
    /// The pieces of a kind in a region, a player's or everyone's.
    CountKind(Option<Who>, RegionRef, u8),
    /// Moves played since the last that made progress.
    MovesWithoutProgress,
    /// Moves (passes included) the player to move has made in this turn.
    MovesThisTurn,
    /// The pieces the last move captured.
    Captured,
    /// The dice of the throw not yet used.
    DiceLeft,
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// =
    Eq,
    /// !=
    Ne,
    /// <
    Lt,
    /// <=
    Le,
    /// >
    Gt,
    /// >=
    Ge,
}

impl Cmp {
    /// Whether `a op b`.
    #[inline]
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }
}

/// A condition.
#[derive(Debug, Clone, PartialEq)]
pub enum Cond {
    /// A constant.
    Const(bool),
    /// A comparison of two integers.
    Compare(Cmp, IntExpr, IntExpr),
    /// All hold.
    And(Vec<Cond>),
    /// One holds.
    Or(Vec<Cond>),
    /// Does not hold.
    Not(Box<Cond>),
    /// A test that reads the position directly.
    Leaf(Leaf),
}

/// A condition that is not built of others or of integers compared: the leaves that compiled
/// conditions ([`Test`]) share with conditions.
#[derive(Debug, Clone, PartialEq)]
pub enum Leaf {
    /// The value is in the list.
    IsIn(IntExpr, Vec<i64>),
    /// No site of the region holds anything (`(= (count-in R) 0)`, read from occupancy).
    Empty(RegionRef),
    /// Some site of the region holds something (`(> (count-in R) 0)`, read from occupancy).
    Filled(RegionRef),
    /// Every site of the region holds something (`(full R)`).
    Full(RegionRef),
    /// The player is to move and has no legal move.
    NoMoves(Who),
    /// The player has no piece on the board or in hand.
    NoPieces(Who),
    /// The position occurred before.
    Repeated,
    /// The move being filtered sowed into the region.
    SownInto(RegionRef),
    /// The last move ended in the region.
    LandedIn(RegionRef),
    /// The last move started in the region.
    MovedFrom(RegionRef),
    /// A player's pieces in a row (`(line ...)`).
    Line(crate::ludemes::Line),
    /// One group of a player's pieces touches every region (`(connected ...)`).
    Connected(Box<crate::ludemes::Connected>),
    /// All of a player's pieces form one group (`(one-group ...)`).
    OneGroup(Box<crate::ludemes::OneGroup>),
    /// The last move was a pass.
    Passed,
    /// A neighbour of the last move's site holds an occupant.
    Beside(Box<crate::ludemes::Beside>),
    /// A piece of a kind of a player could be captured (`(attacked ...)`).
    Attacked(crate::ludemes::Attacked),
}

/// Where captured pieces go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CaptureTo {
    /// Into the capturer's store, where they score.
    #[default]
    Store,
    /// Back into their owner's hand (neutral counters: the capturer's), to enter play again.
    Hand,
    /// Out of the game.
    Removed,
    /// Into the capturer's hand as the capturer's own, keeping its kind (a demoted kind's base,
    /// as `piece-kinds`' `demote:` says); hands then keep kinds, and `place` drops a kind held.
    Captor,
}

/// A side effect after a move.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Sets a player variable.
    SetVar(Who, u8, IntExpr),
    /// Adds to a player's store (a negative amount takes away, down to zero).
    AddScore(Who, IntExpr),
    /// The piece where the move landed becomes this kind.
    Promote(u8),
    /// The first effects if the condition holds, else the second.
    If(Choice, Vec<Effect>, Vec<Effect>),
    /// `If` whose condition is that the move landed in the region (read for the mover): the
    /// commonest test of an effect (a piece crowned on the far row), read without a program.
    IfLanded(RegionRef, Vec<Effect>, Vec<Effect>),
    /// The move makes progress: the count of moves without progress starts again.
    Progress,
    /// The opposing pieces beside the landing site, in the directions, become the mover's.
    Convert(Dirs),
}

/// A generator with its effects.
#[derive(Debug, Clone, PartialEq)]
pub struct GenDef {
    /// The generator.
    pub gen: Gen,
    /// Effects after each of its moves.
    pub then: Vec<Effect>,
    /// A piece each of its moves may also take (`remove:`).
    pub remove: Option<crate::ludemes::Removal>,
}

/// The move expression of a decision phase.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveExpr {
    /// One generator, by index.
    Gen(u16),
    /// All alternatives.
    Or(Vec<MoveExpr>),
    /// By a condition before the move (compiled).
    If(Choice, Box<MoveExpr>, Option<Box<MoveExpr>>),
    /// Moves after which the condition (`Game::filters[id]`) holds.
    Filter(u16, Box<MoveExpr>),
    /// The moves of the first set that has any.
    Priority(Vec<MoveExpr>),
    /// The moves after which the integer is largest.
    Most(IntExpr, Box<MoveExpr>),
    /// One generator, by index, whose moves also take a chosen piece (its `remove:`).
    Remove(u16),
    /// The moves for each die of the throw not yet used, `(pips)` read as that die; with the
    /// flag, only those that begin a sequence using the most dice, then the largest total.
    EachDie(Box<MoveExpr>, bool),
}

/// Where a turn goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Another phase of the turn, possibly setting the pips.
    Goto(u8, Option<IntExpr>),
    /// The next player's turn.
    EndTurn,
    /// The same player's turn again, from the first phase.
    Again,
}

/// Where a turn goes, chosen by conditions: the first branch whose condition holds. The list
/// ends with a branch that always holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Branches {
    /// The branches in order.
    pub list: Vec<(Cond, Action)>,
    /// Their conditions, compiled.
    pub choice: Choice,
    /// Whether the first branch always holds, so nothing is tested.
    pub fixed: bool,
}

impl Branches {
    /// Branches from a list, its conditions compiled.
    pub fn new(list: Vec<(Cond, Action)>) -> Branches {
        let choice = Choice::first(list.iter().map(|(c, _)| c));
        let fixed = matches!(list.first(), Some((Cond::Const(true), _)));
        Branches {
            list,
            choice,
            fixed,
        }
    }

    /// The one action when no condition is to be tested.
    #[inline(always)]
    pub fn fixed(&self) -> Option<&Action> {
        if self.fixed {
            self.list.first().map(|(_, a)| a)
        } else {
            None
        }
    }
}

/// One phase of a turn.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// The player chooses a move.
    Decision {
        /// The moves.
        moves: MoveExpr,
        /// Pass when there is no move.
        pass: bool,
        /// Where the turn goes after the move, read with the move just made as the last.
        next: Branches,
    },
    /// Dice are thrown.
    Chance {
        /// Dice index.
        dice: u16,
        /// Where the turn goes for each outcome of the dice, in their order, with `(pips)` read
        /// as the value thrown: the branches that cannot hold are gone, so most throws test
        /// nothing.
        by_outcome: Vec<Branches>,
    },
}

/// Dice: outcome values with probabilities.
#[derive(Debug, Clone)]
pub struct Dice {
    /// (value, probability), values ascending.
    pub outcomes: Vec<(i32, f64)>,
    /// Cumulative weights for sampling.
    pub cumulative: Vec<u64>,
    /// The outcome index of each draw in `0..total weight`, when the total is small; else empty.
    pub by_draw: Vec<u8>,
    /// For dice thrown together and used one at a time (`count:`), per outcome the dice to use,
    /// four bits each, largest first in the low bits (doubles repeated where they are used
    /// twice over); empty for dice read as one value.
    pub sets: Vec<u16>,
}

impl Dice {
    /// The largest weight total that gets a draw table.
    pub const MAX_TABLE: u64 = 4096;
}

/// A fixed result or a result by score.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A player wins or loses; `None` for all (a draw).
    Fixed(Option<Who>, ResultKind),
    /// The higher store wins.
    ByScore {
        /// A per-player region collected into each store first.
        collect: Option<u16>,
        /// Scores this close are a draw.
        draw_within: IntExpr,
    },
    /// The most pieces on the board wins: only those of a kind, if one is given, and in stacks
    /// of mixed owners only the top of each.
    ByPieces(Option<u8>),
    /// The larger area (pieces and territory) wins.
    ByArea {
        /// How empty sites join into regions.
        territory: crate::ludemes::Territory,
        /// Thousandths of a point added to the second player's area.
        komi: i64,
    },
}

/// Win, loss or draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultKind {
    /// The player wins.
    Win,
    /// The player loses.
    Loss,
    /// Nobody wins.
    Draw,
}

/// A start instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum Setup {
    /// Neutral counters on sites.
    Fill(Vec<Site>, u16),
    /// Pieces in hand, of a kind where hands keep kinds (the first if none is given).
    Hand(Vec<u8>, u16, Option<u8>),
    /// One piece of a player on each site, with its track position and state.
    Pieces {
        /// The player.
        player: u8,
        /// The sites.
        sites: Vec<Site>,
        /// The track for positions.
        track: Option<u16>,
        /// Pieces on each site (a stack of one owner).
        count: u16,
        /// The state.
        state: u8,
        /// The kind.
        kind: u8,
        /// Whether the pieces count as having moved already.
        moved: bool,
    },
}

/// A compiled game: what its rules say, in the executable form. The engine prepares it for play
/// ([`crate::engine::Game`]), adding the plans of its loops.
#[derive(Debug, Clone)]
pub struct Rules {
    /// The game's name.
    pub name: String,
    /// The metadata.
    pub metadata: Metadata,
    /// How the board looks in a picture.
    pub graphics: crate::ludemes::Graphics,
    /// Declared options.
    pub options: Vec<OptionDecl>,
    /// Option values of this load.
    pub option_values: Vec<(String, OptionValue)>,
    /// A hash of the source text, to recognise trials of another version.
    pub source_hash: u64,
    /// The board: its sites, their neighbours by direction, coordinates and direction groups.
    pub topology: Topology,
    /// The number of players, 2 to [`MAX_PLAYERS`].
    pub players: u8,
    /// The player after each one in turn order (seat order, wrapping round).
    pub(crate) next: [u8; MAX_PLAYERS],
    /// The player before each one in turn order.
    pub(crate) prev: [u8; MAX_PLAYERS],
    /// Regions (declared and anonymous).
    pub regions: Vec<Region>,
    /// Tracks.
    pub tracks: Vec<Track>,
    /// Dice.
    pub dice: Vec<Dice>,
    /// Piece state names.
    pub states: Vec<String>,
    /// Piece kind names; pieces are of the first unless said otherwise.
    pub kinds: Vec<String>,
    /// For each kind, the kind a piece of it becomes when captured into a hand (`piece-kinds`'
    /// `demote:`); itself for most.
    pub demote: Vec<u8>,
    /// Player variable names and initial values.
    pub vars: Vec<(String, i64)>,
    /// Move generators.
    pub gens: Vec<GenDef>,
    /// The conditions of `filter`s, by id, compiled.
    pub(crate) filters: Vec<Choice>,
    /// For each filter that is exactly `(not (attacked K of:Mover))`, the kind K: what the
    /// engine's guard reads to pass most moves without a trial.
    pub(crate) guards: Vec<Option<u8>>,
    /// Phases of a turn; turns start in phase 0.
    pub phases: Vec<Phase>,
    /// Phase names.
    pub phase_names: Vec<String>,
    /// The start.
    pub setup: Vec<Setup>,
    /// End rules in order.
    pub(crate) end: Vec<(Cond, Outcome)>,
    /// The end rules' conditions, compiled: which rule ends the game (with the early form that
    /// leaves out the move-count tests that cannot hold yet).
    pub(crate) end_choice: Clocked,
    /// Every end condition in the order they are tested, each branch of an `or` on its own,
    /// with its source text: what reports name as the reason a game ended.
    pub(crate) end_conditions: Vec<(Cond, String)>,
    /// The state features the game uses, found at load time: hands, placing (without it the
    /// board never grows), sown sites, repetition.
    pub(crate) needs: super::Needs,
    /// What the board's groups of pieces follow (kept when `needs` has [`super::Needs::GROUPS`]).
    pub(crate) groups: crate::ludemes::GroupPlan,
    /// What the board's chains follow (kept when `needs` has [`super::Needs::CHAINS`]).
    pub(crate) chains: crate::ludemes::ChainPlan,
    /// How many times a position occurs for `repeated` to hold (2: it occurred before).
    pub(crate) repetitions: u16,
    /// The ways the moves capture by replacement, read backwards by `attacked` and `castle`.
    pub(crate) attacks: crate::ludemes::Attacks,
    /// What the checker warns about: the game loads, but may not say what was meant.
    pub warnings: Vec<crate::diagnostic::Diagnostic>,
}

/// The default edge limit: far beyond every shipped game's own limits at their largest setting
/// (10,000,000 edges; their end rules are tested first), so that only a game that cannot end
/// meets it.
pub const DEFAULT_MAX_EDGES: u64 = 10_000_000;

impl Rules {
    /// Replaces the end rules (and their compiled form).
    pub(crate) fn replace_end_rules(&mut self, rules: Vec<(Cond, Outcome)>) {
        self.end_choice = Clocked::first(rules.iter().map(|(c, _)| c));
        self.end = rules;
    }

    /// The end rules in order.
    pub fn end_rules(&self) -> &[(Cond, Outcome)] {
        &self.end
    }

    /// The state features the game uses.
    pub fn needs(&self) -> super::Needs {
        self.needs
    }

    /// The turn-order tables of `players` players: the next and the previous of each seat.
    pub fn turn_order(players: u8) -> ([u8; MAX_PLAYERS], [u8; MAX_PLAYERS]) {
        let n = players.clamp(1, MAX_PLAYERS as u8);
        (
            std::array::from_fn(|p| (p as u8 + 1) % n),
            std::array::from_fn(|p| (p as u8 + n - 1) % n),
        )
    }

    /// Number of sites.
    pub fn sites(&self) -> usize {
        self.topology.sites()
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_leaf_stays_small() {
        let size = std::mem::size_of::<super::Leaf>();
        assert!(size <= 48, "{size}");
    }
}
