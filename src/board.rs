//! The board and the limits, below every stage: site numbers, site sets, the topology (sites,
//! neighbours by direction, coordinates, direction groups) and the bounds a game must keep. The
//! checker, the compiler and the engine all read the board from here; it reads nothing of theirs.

pub(crate) mod select;
pub mod sites;
pub mod topology;

pub use sites::{Sites, SitesIter, SITE_WORDS};
pub use topology::{DirGroup, Dirs, Topology, DIRECTIONS};

/// A site: an index into the board's cells (grid sites first, then places off the grid).
pub type Site = u16;

/// No site (off the board, not on a track).
pub const NO_SITE: Site = Site::MAX;

/// The most sites a board may have (a 21 x 21 board fits): a full site set's words but the last,
/// so that the bit [`NO_SITE`] wraps to is on no board.
pub const MAX_SITES: usize = 64 * (SITE_WORDS - 1);

/// The most players a game may have; per-player arrays are sized for it and stored inline.
pub const MAX_PLAYERS: usize = 4;

/// The most counters or pieces a game may hold in all; counts are 16-bit.
pub const MAX_COUNTERS: i64 = 60_000;

/// The most player variables.
pub const MAX_VARS: usize = 8;

/// The most piece kinds a hand that keeps kinds tells apart (`captured:Captor`).
pub const MAX_HELD_KINDS: usize = 16;

/// The most move generators, regions or filters a game may have: the executable form numbers
/// them in 16 bits, with room for its markers (a pass, a throw, no filter).
pub const MAX_PARTS: usize = 4096;

/// The bits a layer of a stack of mixed owners takes: one owner, 0-based.
pub const fn layer_width(players: u8) -> u32 {
    if players > 2 {
        2
    } else {
        1
    }
}

/// The most pieces a stack of mixed owners holds in a game of `players` players: its top and
/// the owners of 128 bits of layers beneath it.
pub const fn stack_capacity(players: u8) -> u32 {
    128 / layer_width(players) + 1
}

/// The player a role name such as `P3` fixes (0-based), if it names one.
pub fn seat_of(name: &str) -> Option<u8> {
    match name {
        "P1" => Some(0),
        "P2" => Some(1),
        "P3" => Some(2),
        "P4" => Some(3),
        _ => None,
    }
}
