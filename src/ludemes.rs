//! The ludemes, one module per family. Each family holds its registry rows (name, arguments,
//! doc, example), each row tied to the function that lowers it, and the names its arguments
//! refer to; a move family also holds its generator's struct and its engine hooks.
//!
//! `for_each_family!` is the one list of families, in the manner of starlark-rust's list of
//! bytecode instructions: it builds the registry
//! ([`crate::check::registry::LUDEMES`]), the closed enum of move generators ([`Gen`], each
//! variant its family's struct) and the `match`es over it that call the engine hooks each family
//! implements (`MoveFamily`: generate, apply, notation, draw), so play stays statically
//! dispatched.

use crate::check::registry::{Kind, Ludeme};
use crate::compile::ir::Rules;
use crate::compile::ir::{Cond, IntExpr, MoveExpr, MAX_PLAYERS};
use crate::compile::Compiler;
use crate::engine::draw::Family;
use crate::engine::Game;
use crate::engine::{Clock, Ctx, Effects, Move};
use crate::syntax::Node;

// The families as the stages read them. Besides the registry and the dispatch below, a stage
// reads only these names, each re-exported here for the stage that reads it, and never names a
// family's module (tests/it/architecture.rs): this list is every way into the families.
//
// The checker: regions evaluated while names are checked, and the looks of the pieces.
pub use graphics::{Graphics, Mark, Paint, PlayerLook, Rgb};
pub use regions::{site_list, sites as region_sites, Board, MoverSites, Scope};
// The compiler: the family parts the executable form holds, and the lowerings it calls itself.
pub(crate) use attack::guarded;
pub use attack::{Attacked, Attacks};
pub use connection::{Connected, GroupPlan, OneGroup};
pub(crate) use effects::lower as lower_effects;
pub use lines::{Line, WordLine};
pub(crate) use logic::compare;
pub(crate) use phases::play as lower_play;
pub use place::Beside;
pub(crate) use removal::lower as lower_removal;
pub use removal::Removal;
pub use sow::{Capture, GrandSlam};
pub(crate) use surround::lower_territory;
pub use surround::ChainPlan;
pub use surround::Territory;
// The engine: the conditions and effects it evaluates, and the generators that its loops for
// shapes of game read field by field.
pub(crate) use advance::track_target;
pub use advance::Advance;
pub(crate) use attack::{replaces_only, Guard};
pub(crate) use connection::{holds as connected, one_group, Groups};
pub(crate) use dice::{dice_count, dice_to_use, dice_total, distinct_dice, without_die};
pub(crate) use effects::run as run_effects;
pub use flank::Flank;
pub(crate) use hop::landing as hop_landing;
pub use hop::Hop;
pub(crate) use lines::holds as in_line;
pub use place::beside::{BesideSets, BesideWord};
pub use place::Place;
pub(crate) use sow::capture as sow_capture;
pub(crate) use sow::Holes;
pub use sow::Sow;
pub use step::Step;
pub(crate) use surround::Chains;
pub use transfer::Transfer;

/// How a ludeme is lowered into the executable form.
#[derive(Debug, Clone, Copy)]
pub enum Lower {
    /// A part of its parent ludeme (a declaration, a block, a phase), read by the parent.
    Part,
    /// A move generator or a combination of moves.
    Moves(fn(&mut Compiler<'_>, &Node) -> MoveExpr),
    /// A condition.
    Cond(fn(&mut Compiler<'_>, &Node) -> Cond),
    /// A whole number.
    Int(fn(&mut Compiler<'_>, &Node) -> IntExpr),
    /// A set of sites, for each mover: one evaluator for the checker and the compiler.
    Region(fn(&mut dyn Board, &Node, Scope) -> Option<MoverSites>),
}

impl Lower {
    /// The kind of ludeme this lowering produces, for the lowerings that produce one.
    pub fn kind(self) -> Option<Kind> {
        match self {
            Lower::Part => None,
            Lower::Moves(_) => Some(Kind::Moves),
            Lower::Cond(_) => Some(Kind::Cond),
            Lower::Int(_) => Some(Kind::Int),
            Lower::Region(_) => Some(Kind::Region),
        }
    }
}

/// Where an argument stands in a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// The positional argument at this index.
    Pos(usize),
    /// The named argument with this key.
    Key(&'static str),
}

impl Arg {
    /// The argument in a call, if given.
    pub fn of(self, node: &Node) -> Option<&Node> {
        match self {
            Arg::Pos(i) => node.pos(i),
            Arg::Key(k) => node.named(k),
        }
    }
}

/// An argument that names a declaration (or a use of equipment), checked by the resolver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ref {
    /// A track the mover's pieces run on: shared, or declared for each player.
    Track(Arg),
    /// A track pieces start on: a shared track, or the owner's.
    StartTrack(Arg),
    /// Declared dice.
    Dice(Arg),
    /// A phase of the turn.
    Phase(Arg),
    /// A player variable.
    Var(Arg),
    /// A piece state.
    State(Arg),
    /// A piece kind.
    Kind(Arg),
    /// A region declared for each player.
    PlayerRegion(Arg),
    /// A player who owns pieces from the start: P1 or P2.
    Owner(Arg),
    /// The ludeme uses the players' hands.
    Hand,
}

impl Ref {
    /// The argument it checks, if it checks one.
    pub fn arg(self) -> Option<Arg> {
        match self {
            Ref::Track(a)
            | Ref::StartTrack(a)
            | Ref::Dice(a)
            | Ref::Phase(a)
            | Ref::Var(a)
            | Ref::State(a)
            | Ref::Kind(a)
            | Ref::PlayerRegion(a)
            | Ref::Owner(a) => Some(a),
            Ref::Hand => None,
        }
    }
}

/// The lowering of the ludeme `node` calls where `kind` is expected.
pub fn lowering(node: &Node, kind: Kind) -> Option<Lower> {
    let head = node.head()?;
    crate::check::registry::lookup(head)
        .find(|l| l.kind == kind)
        .map(|l| l.lower)
}

/// One registry row, laid out as source: the ludeme's doc as `///` lines above its fields, each
/// argument on a line of its own below its own `///` doc.
///
/// ```text
/// ludeme! {
///     /// The player has no piece on the board and none in hand.
///     name: "no-pieces",
///     kind: Cond,
///     positional: [
///         /// Mover, Next, Prev, or P1 to P4
///         req("player", O(Role)),
///     ],
///     named: [],
///     example: "(no-pieces Next)",
///     lower: Lower::Cond(no_pieces),
///     refs: [],
/// }
/// ```
///
/// The `///` lines of a doc join with one blank between them: a line break stands for the blank
/// between two words, so the doc stays one line of text in docs/LANGUAGE.md and in hovers. An
/// argument is `req(name, shape)` or `opt(name, shape)` below its doc, or a shared [`Param`]
/// constant such as `THEN` (written with `param!`). A long example breaks at a blank with a `\`
/// line continuation; docs wrap at 100 columns. rustfmt keeps the inside of the braces as written
/// (a table of one row it writes `&[ludeme! { ... }]`). It expands to a [`Ludeme`] constant,
/// joined at compile time: the rows cost nothing at run time. The family modules, declared after
/// it in this file, see it without a `use`.
///
/// [`Param`]: crate::check::registry::Param
macro_rules! ludeme {
    (
        $(#[doc = $doc:literal])+
        name: $name:literal,
        kind: $kind:expr,
        positional: [$($(#[doc = $pdoc:literal])* $pos:ident $(($($parg:tt)*))?),* $(,)?],
        named: [$($(#[doc = $ndoc:literal])* $named:ident $(($($narg:tt)*))?),* $(,)?],
        example: $example:literal,
        lower: $lower:expr,
        refs: [$($refs:expr),* $(,)?] $(,)?
    ) => {
        $crate::check::registry::Ludeme {
            name: $name,
            kind: $kind,
            positional: &[$(param! { $(#[doc = $pdoc])* $pos $(($($parg)*))? }),*],
            named: &[$(param! { $(#[doc = $ndoc])* $named $(($($narg)*))? }),*],
            doc: joined_doc!($($doc)+),
            example: $example,
            lower: $lower,
            refs: &[$($refs),*],
        }
    };
}

/// One argument of a registry row: `req(name, shape)` or `opt(name, shape)` below its `///` doc
/// lines, joined as in `ludeme!`; or a shared [`Param`] constant, written bare.
///
/// [`Param`]: crate::check::registry::Param
macro_rules! param {
    ($(#[doc = $doc:literal])+ $how:ident($name:literal, $shape:expr $(,)?)) => {
        $how($name, $shape, joined_doc!($($doc)+))
    };
    ($shared:ident) => {
        $shared
    };
}

/// The text of `///` lines, joined at compile time with one blank between lines: each line's
/// text starts with the blank after `///`, the first line's blank dropped. A line written without
/// that blank, with two, or with one at its end, fails the build.
macro_rules! joined_doc {
    ($($line:literal)+) => {
        const { $crate::ludemes::joined(&[$($line),+], concat!($($line),+)) }
    };
}

/// `text`, the `concat!` of `lines`, without its first blank; panics (at compile time, the
/// only place `joined_doc!` calls it) if a line does not read `/// text`.
pub(crate) const fn joined(lines: &[&str], text: &'static str) -> &'static str {
    let mut i = 0;
    while i < lines.len() {
        match lines[i].as_bytes() {
            [b' ', b' ', ..] | [.., b' '] => {
                panic!("a doc line has two blanks after `///`, or one at its end")
            }
            [b' ', _, ..] => {}
            _ => panic!("a doc line is written `/// text`, one blank after the slashes"),
        }
        i += 1;
    }
    match text.as_bytes() {
        [_, text @ ..] => match std::str::from_utf8(text) {
            Ok(text) => text,
            Err(_) => panic!("a doc is text"),
        },
        [] => panic!("a doc has a line"),
    }
}

/// The one list of ludeme families, in registry order, with the generators of each move family
/// (its structs, each a `Gen` variant). Adding a family is a module, its `pub mod` line below and a line here.
macro_rules! for_each_family {
    ($then:ident) => {
        $then! {
            equipment {}
            tracks {}
            regions {}
            start {}
            phases {}
            place { Place Pass }
            step { Step }
            hop { Hop }
            slide { Slide }
            leap { Leap }
            castle { Castle }
            sow { Sow SowStores }
            transfer { Transfer }
            advance { Advance AdvanceAll Enter }
            dice {}
            lines {}
            connection {}
            attack {}
            swap { Swap }
            flank {}
            surround {}
            conversion {}
            distance { Ring }
            jump { Jump }
            capture_step { CaptureStep }
            progress {}
            relocate { Relocate }
            lift { Lift }
            carry { Carry }
            removal {}
            choose {}
            effects {}
            logic {}
            counts {}
            last {}
            arithmetic {}
            end {}
            graphics {}
        }
    };
}

/// Declares the families' modules, the registry and the generators from the list, with the
/// `match`es that send each engine hook to its family.
macro_rules! declare_families {
    ($($family:ident { $($variant:ident)* })*) => {
        /// Each family's registry rows, in the order of the list.
        const FAMILIES: &[(&str, &[Ludeme])] = &[$((stringify!($family), $family::ROWS)),*];

        /// One move generator: the closed set of move families, each its family's own struct.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Gen {
            $($(
                #[doc = concat!("A generator of the `", stringify!($family), "` family.")]
                $variant($family::$variant),
            )*)*
        }

        impl Gen {
            /// The family (module) the generator belongs to.
            pub fn family(&self) -> &'static str {
                match self {
                    $($(Gen::$variant(_) => stringify!($family),)*)*
                }
            }

            /// Its moves, tagged `g`, into `out`.
            #[inline(always)]
            pub(crate) fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
                match self {
                    $($(Gen::$variant(x) => x.generate(ctx, g, out),)*)*
                }
            }

            /// Plays one of its moves on `board`.
            #[inline(always)]
            pub(crate) fn apply(&self, on: MoverTurn<'_>, board: &mut crate::engine::Board, m: Move) -> Effects {
                match self {
                    $($(Gen::$variant(x) => x.apply(on, board, m),)*)*
                }
            }

            /// How one of its moves, `m`, is written.
            pub(crate) fn notation(&self, game: &Game, board: &crate::engine::Board, m: Move, from: &str, to: &str, enemy: bool) -> String {
                match self {
                    $($(Gen::$variant(x) => x.notation_of(game, board, m, from, to, enemy),)*)*
                }
            }

            /// How the sampler draws its moves for `mover`: counted by a family of the draw
            /// plan, or `None` to list them.
            pub(crate) fn draw(&self, game: &Rules, mover: usize) -> Option<Family> {
                match self {
                    $($(Gen::$variant(x) => x.draw(game, mover),)*)*
                }
            }
        }
    };
}

/// `read` for each player, when it gives something for every one of them: a compiled form kept
/// for all seats or for none.
pub(crate) fn for_each_player<T>(
    mut read: impl FnMut(u8) -> Option<T>,
) -> Option<[T; MAX_PLAYERS]> {
    let each: Option<Vec<T>> = (0..MAX_PLAYERS as u8).map(&mut read).collect();
    each?.try_into().ok()
}

/// The mover's turn, as a move is applied in it: the game, the clock before the move and the
/// player making it (every move family's `apply` takes one).
#[derive(Clone, Copy)]
pub(crate) struct MoverTurn<'a> {
    /// The game.
    pub game: &'a Game,
    /// The clock before the move.
    pub clock: &'a Clock,
    /// The player making the move.
    pub mover: u8,
}

/// The engine hooks of a move family, implemented by its generator's struct and called from the
/// `match`es over [`Gen`]: static dispatch, inlined where the hot path wants it.
pub(crate) trait MoveFamily {
    /// Its moves in the context's position, tagged `g`, into `out`.
    fn generate(&self, ctx: &Ctx, g: u16, out: &mut Vec<Move>);
    /// Plays one of its moves (with sites on the board) on `board`: what it captured and sowed.
    fn apply(&self, on: MoverTurn<'_>, board: &mut crate::engine::Board, m: Move) -> Effects;
    /// How one of its moves is written, from the names of its sites and whether it lands on an
    /// enemy.
    fn notation(&self, from: &str, to: &str, enemy: bool) -> String;
    /// How move `m` is written in `game`: by default [`MoveFamily::notation`] of its sites'
    /// names; a family whose moves hold more (a chain's landings) writes them here.
    fn notation_of(
        &self,
        _game: &Game,
        _board: &crate::engine::Board,
        _m: Move,
        from: &str,
        to: &str,
        enemy: bool,
    ) -> String {
        self.notation(from, to, enemy)
    }
    /// Its draw-plan step for `mover`: a family the sampler counts, or `None` to list the moves.
    fn draw(&self, _game: &Rules, _mover: usize) -> Option<Family> {
        None
    }
}

// The family modules, one for each entry of `for_each_family!`, in its order; declared here,
// after the row macros they use and outside any macro, so that rustfmt formats them.
pub mod advance;
pub mod arithmetic;
pub mod attack;
pub mod capture_step;
pub mod carry;
pub mod castle;
pub mod choose;
pub mod connection;
pub mod conversion;
pub mod counts;
pub mod dice;
pub mod distance;
pub mod effects;
pub mod end;
pub mod equipment;
pub mod flank;
pub mod graphics;
pub mod hop;
pub mod jump;
pub mod last;
pub mod leap;
pub mod lift;
pub mod lines;
pub mod logic;
pub mod phases;
pub mod place;
pub mod progress;
pub mod regions;
pub mod relocate;
pub mod removal;
pub mod slide;
pub mod sow;
pub mod start;
pub mod step;
pub mod surround;
pub mod swap;
pub mod tracks;
pub mod transfer;

for_each_family!(declare_families);

/// How many ludemes the families hold in all.
const COUNT: usize = {
    let (mut n, mut i) = (0, 0);
    while i < FAMILIES.len() {
        n += FAMILIES[i].1.len();
        i += 1;
    }
    n
};

/// Every family's rows, one after another, in the order of the list.
pub static ALL: [Ludeme; COUNT] = {
    let mut out = [FAMILIES[0].1[0]; COUNT];
    let (mut i, mut k) = (0, 0);
    while i < FAMILIES.len() {
        let mut j = 0;
        while j < FAMILIES[i].1.len() {
            out[k] = FAMILIES[i].1[j];
            j += 1;
            k += 1;
        }
        i += 1;
    }
    out
};

/// The family a registry row belongs to.
pub fn family_of(ludeme: &Ludeme) -> &'static str {
    FAMILIES
        .iter()
        .find(|(_, rows)| {
            rows.iter()
                .any(|l| l.name == ludeme.name && l.kind == ludeme.kind)
        })
        .map_or("", |f| f.0)
}
