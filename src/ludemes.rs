//! The ludemes, one module per family. Each family holds its registry rows (name, arguments,
//! doc, example), each row tied to the function that lowers it, and the names its arguments
//! refer to; a move family also holds its generator's fields in the one list below.
//!
//! [`for_each_family!`] is the one list of families, in the manner of starlark-rust's list of
//! bytecode instructions: it declares the modules, builds the registry
//! ([`crate::check::registry::LUDEMES`]) and the closed enum of move generators ([`Gen`]). The
//! engine's hooks (generate, apply, notation, draw) are to be generated from the same list, as
//! `match`es over [`Gen`], so play stays statically dispatched.

use crate::check::registry::{Kind, Ludeme};
use crate::compile::ir::{Cond, IntExpr, MoveExpr, RegionRef};
use crate::compile::Compiler;
use crate::syntax::Node;
pub use regions::{Board, MoverSites, Scope};
pub use sow::{Capture, GrandSlam};

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

/// The one list of ludeme families, in registry order, with the generator of each move family
/// (its `Gen` variant and fields). Adding a family is a module and a line here.
macro_rules! for_each_family {
    ($then:ident) => {
        $then! {
            equipment {}
            tracks {}
            regions {}
            start {}
            phases {}
            place {
                /// Pieces from hand onto an empty site.
                Place {
                    /// Pieces per placement.
                    count: u16,
                    /// Allowed sites.
                    to: Option<RegionRef>,
                }
            }
            step {
                /// One piece to an adjacent empty site.
                Step {
                    /// Direction indices.
                    dirs: Vec<u8>,
                    /// Allowed targets.
                    to: Option<RegionRef>,
                }
            }
            hop {
                /// One piece over a run of enemy sites.
                Hop {
                    /// Direction indices.
                    dirs: Vec<u8>,
                    /// Where the run's sites must lie.
                    run_in: Option<RegionRef>,
                    /// Whether a run reaching the edge lands on its last site.
                    edge_last: bool,
                }
            }
            sow {
                /// Sowing along a track.
                Sow {
                    /// Track index.
                    track: u16,
                    /// Holes to sow from.
                    from: Option<RegionRef>,
                    /// Laps skip the origin.
                    skip_origin: bool,
                    /// The capture rule.
                    capture: Option<Capture>,
                }
            }
            transfer {
                /// All counters of a hole into another.
                Transfer {
                    /// Holes to empty.
                    from: RegionRef,
                    /// Holes to fill.
                    to: RegionRef,
                    /// Required count in the origin.
                    count: Option<IntExpr>,
                }
            }
            advance {
                /// One piece along its track.
                Advance {
                    /// Track index.
                    track: u16,
                    /// Steps.
                    steps: IntExpr,
                    /// Required piece state.
                    state: Option<u8>,
                    /// State after the move.
                    set_state: Option<u8>,
                }
                /// Every selected piece one step, then a chosen one the rest.
                AdvanceAll {
                    /// Track index.
                    track: u16,
                    /// Steps in all.
                    steps: IntExpr,
                    /// Required piece state.
                    state: Option<u8>,
                    /// State after the move.
                    set_state: Option<u8>,
                }
            }
            choose {}
            effects {}
            logic {}
            counts {}
            arithmetic {}
            end {}
        }
    };
}

/// Declares the families' modules, the registry and the generators from the list.
macro_rules! declare_families {
    ($($family:ident {
        $($(#[$vdoc:meta])* $variant:ident {
            $($(#[$fdoc:meta])* $field:ident : $ty:ty,)*
        })*
    })*) => {
        $(pub mod $family;)*

        /// Each family's registry rows, in the order of the list.
        const FAMILIES: &[(&str, &[Ludeme])] = &[$((stringify!($family), $family::ROWS)),*];

        /// One move generator: the closed set of move families.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Gen {
            $($($(#[$vdoc])* $variant {
                $($(#[$fdoc])* $field: $ty,)*
            },)*)*
        }

        impl Gen {
            /// The family (module) the generator belongs to.
            pub fn family(&self) -> &'static str {
                match self {
                    $($(Gen::$variant { .. } => stringify!($family),)*)*
                }
            }
        }
    };
}

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
