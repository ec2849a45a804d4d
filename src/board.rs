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

/// What a batch of games does with each cache line of a state it is about to play: bring it
/// toward the core without waiting for it (a prefetch), so that memory is read while another
/// state plays.
pub trait Prefetch {
    /// The cache line that holds `at`.
    fn line<T>(&mut self, at: &T);

    /// Every cache line that one of `items` starts in: the first item of each. (A line holding
    /// only the end of an item that starts in the line before is not asked for: no item of it
    /// can name it.)
    fn lines<T: Copy>(&mut self, items: &[T]) {
        let size = std::mem::size_of::<T>().max(1);
        let (base, Some(first)) = (items.as_ptr() as usize, items.first()) else {
            return;
        };
        // Items that tile a line: one item a line, a line's length apart, and the last item
        // for the line the stride stepped past; no test a line.
        if 64 % size == 0 {
            for at in items.iter().step_by(64 / size) {
                self.line(at);
            }
            if let Some(last) = items.last() {
                self.line(last);
            }
            return;
        }
        self.line(first);
        let end = base + items.len() * size;
        let mut line = (base & !63) + 64;
        while line < end {
            let i = (line - base).div_ceil(size);
            if let Some(at) = items.get(i).filter(|_| base + i * size < line + 64) {
                self.line(at);
            }
            line += 64;
        }
    }
}

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

/// The cache lines asked for, by address: what the tests of a prefetch compare.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Asked(pub std::collections::BTreeSet<usize>);

#[cfg(test)]
impl Prefetch for Asked {
    fn line<T>(&mut self, at: &T) {
        self.0.insert(std::ptr::from_ref(at) as usize / 64);
    }
}

#[cfg(test)]
mod tests {
    use super::{Asked, Prefetch};
    use std::collections::BTreeSet;

    /// Every line an item of a slice starts in is asked for, and no other, wherever the slice
    /// starts and whatever its items' size.
    #[test]
    fn lines_asks_for_every_line_an_item_starts_in() {
        fn check<T: Copy>(item: T) {
            let items = [item; 200];
            let size = std::mem::size_of::<T>();
            for start in 0..24 {
                for len in 0..120 {
                    let slice = &items[start..start + len];
                    let mut asked = Asked::default();
                    asked.lines(slice);
                    let first = slice.as_ptr() as usize;
                    let starts: BTreeSet<usize> =
                        (0..len).map(|i| (first + i * size) / 64).collect();
                    assert_eq!(
                        asked.0, starts,
                        "{size}-byte items, {start}.., {len} of them"
                    );
                }
            }
        }
        check([0u8; 6]);
        check(0u64);
        check([0u32; 2]);
        check([0u64; 2]);
        check([0u64; 8]);
        check([0u8; 24]);
        check([0u8; 100]);
    }
}
