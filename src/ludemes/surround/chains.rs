//! The chains a board keeps for `surround`: each player's groups of pieces joined along the
//! rule's directions, with their liberties, brought up to date after every move from the pieces
//! it added and removed. A listing then reads every group's liberties from the chains, with no
//! flood fill of the board.
//!
//! The chains describe the pieces in `joined` and the sites in `filled`: a reader uses them only
//! when those are the board's. A move that adds pieces joins them to their neighbours' chains; a
//! move that removes whole chains (a capture) frees their sites as liberties of the chains beside
//! them; anything else (part of a chain removed, neutral pieces come or go, a position set from
//! outside) builds the chains again from the board.

use super::{Liberties, Spread};
use crate::compile::ir::{by_width, Site, Sites, MAX_PLAYERS, NO_SITE};
use crate::engine::{Board, Game};
use crate::ludemes::flank::Shifts;

/// What the board's chains follow: the directions of the game's surround rule (the first one,
/// when several join along different directions), as neighbour tables and as shifts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChainPlan {
    /// The directions that join pieces; empty when no rule keeps chains.
    pub(crate) dirs: Vec<u8>,
    /// The directions as shifts of site sets, where the board has them.
    pub(crate) rays: Option<Shifts>,
}

/// One chain: a group of one player's pieces and its liberties.
#[derive(Debug, Clone, Copy)]
struct Chain {
    /// The owner (0-based).
    owner: u8,
    stones: Sites,
    libs: Sites,
}

/// The chains a board keeps: none until a game that reads them follows them.
#[derive(Default, Clone)]
pub(crate) struct Chains(Option<Box<Kept>>);

// Not every chain: a board's debug form shows the position.
impl std::fmt::Debug for Chains {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let chains = self.0.as_deref().map(|kept| kept.list.len());
        f.debug_struct("Chains").field("chains", &chains).finish()
    }
}

#[derive(Clone)]
struct Kept {
    /// The pieces of each player the chains hold.
    joined: [Sites; MAX_PLAYERS],
    /// The sites holding anything when the chains were brought up to date.
    filled: Sites,
    /// The chains, in no order.
    list: Vec<Chain>,
}

impl Chains {
    /// Brings the chains to the board's pieces, for a game that keeps them.
    #[inline(never)]
    pub(crate) fn follow(&mut self, game: &Game, board: &Board) {
        let kept = self.0.get_or_insert_with(|| {
            Box::new(Kept {
                joined: [Sites::default(); MAX_PLAYERS],
                filled: Sites::default(),
                list: Vec::new(),
            })
        });
        let plan = &game.chains;
        by_width!(game.topology.words, |W| {
            let spread = Spread::<W>::of(game, &plan.dirs, &plan.rays);
            kept.follow_in::<W>(&spread, board, game.players as usize)
        })
    }

    /// Takes the chains of `other`, reusing this board's buffer: where `other` keeps none, the
    /// chains of the empty board, which describe no other and from which a follow builds any.
    #[inline]
    pub(crate) fn copy_from(&mut self, other: &Chains) {
        match (&mut self.0, &other.0) {
            (Some(mine), Some(theirs)) => {
                mine.joined = theirs.joined;
                mine.filled = theirs.filled;
                mine.list.clone_from(&theirs.list);
            }
            (Some(mine), None) => {
                mine.joined = [Sites::default(); MAX_PLAYERS];
                mine.filled = Sites::default();
                mine.list.clear();
            }
            (mine, theirs) => mine.clone_from(theirs),
        }
    }

    /// The bytes the chains hold beside the board.
    pub(crate) fn footprint(&self) -> usize {
        self.0.as_deref().map_or(0, |kept| {
            std::mem::size_of::<Kept>() + kept.list.capacity() * std::mem::size_of::<Chain>()
        })
    }

    /// What the chains say of `mover`'s placements (see [`Liberties`]), when they describe the
    /// board (`players` players, in `W` words); else `None`.
    #[inline]
    pub(super) fn liberties<const W: usize>(
        &self,
        board: &Board,
        players: usize,
        mover: u8,
    ) -> Option<Liberties<W>> {
        let kept = self
            .0
            .as_deref()
            .filter(|k| k.describes::<W>(board, players))?;
        let (mut capturing, mut safe) = (Sites::<W>::default(), Sites::<W>::default());
        for c in &kept.list {
            let libs = c.libs.narrow::<W>();
            let n = libs.len();
            if c.owner == mover {
                if n >= 2 {
                    safe = safe.or(&c.stones.narrow());
                }
            } else if n == 1 {
                capturing = capturing.or(&libs);
            }
        }
        Some(Liberties { capturing, safe })
    }

    /// The pieces that a placement of `mover` on `site`, one of the liberties the chains read,
    /// captures: the opposing chains whose one liberty it is. Only for chains that describe the
    /// board the placement is made on.
    #[inline]
    pub(super) fn captured_by<const W: usize>(&self, mover: u8, site: Site) -> Sites<W> {
        self.0
            .as_deref()
            .map_or_else(Sites::default, |kept| kept.captured_by(mover, site))
    }

    /// What a piece of `mover` just placed on `site` of `board` captures ([`Self::captured_by`]),
    /// when the chains describe the board as it was before: without that piece.
    #[inline]
    pub(super) fn placed<const W: usize>(
        &self,
        board: &Board,
        players: usize,
        mover: u8,
        site: Site,
    ) -> Option<Sites<W>> {
        let kept = self.0.as_deref()?;
        let mut filled = kept.filled.narrow::<W>();
        filled.insert(site);
        let same = filled == board.filled.narrow::<W>()
            && kept.joined[..players]
                .iter()
                .zip(&board.owned)
                .enumerate()
                .all(|(p, (j, o))| {
                    let mut j = j.narrow::<W>();
                    if p == mover as usize {
                        j.insert(site);
                    }
                    j == o.narrow::<W>()
                });
        same.then(|| kept.captured_by(mover, site))
    }
}

impl Kept {
    /// The opposing chains whose one liberty is `site`.
    #[inline]
    fn captured_by<const W: usize>(&self, mover: u8, site: Site) -> Sites<W> {
        let mut out = Sites::default();
        let mut only = Sites::<W>::default();
        only.insert(site);
        for c in &self.list {
            if c.owner != mover && c.libs.narrow::<W>() == only {
                out = out.or(&c.stones.narrow());
            }
        }
        out
    }

    /// Whether the chains describe `board`: its pieces and its filled sites.
    #[inline]
    fn describes<const W: usize>(&self, board: &Board, players: usize) -> bool {
        self.filled.narrow::<W>() == board.filled.narrow::<W>()
            && self.joined[..players]
                .iter()
                .zip(&board.owned)
                .all(|(j, o)| j.narrow::<W>() == o.narrow::<W>())
    }

    /// [`Chains::follow`] in the board's first `W` words.
    fn follow_in<const W: usize>(&mut self, spread: &Spread<W>, board: &Board, players: usize) {
        let players = players.min(MAX_PLAYERS);
        let (mut lost, mut added) = (
            [Sites::<W>::default(); MAX_PLAYERS],
            [Sites::<W>::default(); MAX_PLAYERS],
        );
        let (mut old_pieces, mut new_pieces) = (Sites::<W>::default(), Sites::<W>::default());
        for p in 0..players {
            let (was, now) = (self.joined[p].narrow::<W>(), board.owned[p].narrow::<W>());
            lost[p] = was.and_not(&now);
            added[p] = now.and_not(&was);
            old_pieces = old_pieces.or(&was);
            new_pieces = new_pieces.or(&now);
        }
        let filled = board.filled.narrow::<W>();
        // Neutral pieces (filled, no one's) take liberties away: a change of them rebuilds.
        let neutral_same =
            self.filled.narrow::<W>().and_not(&old_pieces) == filled.and_not(&new_pieces);
        if !neutral_same || !self.remove::<W>(spread, &lost) {
            self.list.clear();
            self.joined = [Sites::default(); MAX_PLAYERS];
            for (p, added) in added.iter_mut().enumerate().take(players) {
                *added = board.owned[p].narrow();
            }
        }
        let open = spread
            .game
            .topology
            .board_sites
            .narrow::<W>()
            .and_not(&filled);
        for (p, added) in added.iter().enumerate().take(players) {
            for s in added.iter_in(spread.game.topology.words) {
                self.add::<W>(spread, p as u8, s, &open);
            }
        }
        self.joined = board.owned;
        self.filled = board.filled;
    }

    /// Removes the pieces `lost` of each player, when they are whole chains: their sites become
    /// liberties of the chains beside them. Returns false, changing nothing, when a piece lost
    /// leaves part of its chain on the board.
    fn remove<const W: usize>(
        &mut self,
        spread: &Spread<W>,
        lost: &[Sites<W>; MAX_PLAYERS],
    ) -> bool {
        let mut freed = Sites::<W>::default();
        for l in lost {
            freed = freed.or(l);
        }
        if freed.is_empty() {
            return true;
        }
        let whole = self.list.iter().all(|c| {
            let (stones, gone) = (
                c.stones.narrow::<W>(),
                &lost[c.owner as usize & (MAX_PLAYERS - 1)],
            );
            !stones.intersects(gone) || stones.and_not(gone).is_empty()
        });
        if !whole {
            return false;
        }
        self.list
            .retain(|c| !c.stones.narrow::<W>().intersects(&freed));
        let beside = spread.around(&freed);
        for c in &mut self.list {
            let stones = c.stones.narrow::<W>();
            if stones.intersects(&beside) {
                let libs = c.libs.narrow::<W>().or(&spread.around(&stones).and(&freed));
                c.libs = widen(&libs);
            }
        }
        true
    }

    /// Adds a piece of `owner` on `site`: a chain of its own with its liberties among `open`,
    /// joined to the owner's chains beside it; the site is no longer anyone's liberty.
    fn add<const W: usize>(&mut self, spread: &Spread<W>, owner: u8, site: Site, open: &Sites<W>) {
        let topology = &spread.game.topology;
        let mut near = Sites::<W>::default();
        for &d in spread.dirs {
            let n = topology.neighbour(site, d);
            if n != NO_SITE {
                near.insert(n);
            }
        }
        let mut stones = Sites::<W>::default();
        stones.insert(site);
        let mut libs = near.and(open);
        let mut i = 0;
        while i < self.list.len() {
            let c = &mut self.list[i];
            c.libs.remove(site);
            if c.owner == owner && c.stones.narrow::<W>().intersects(&near) {
                stones = stones.or(&c.stones.narrow());
                libs = libs.or(&c.libs.narrow());
                self.list.swap_remove(i);
            } else {
                i += 1;
            }
        }
        libs.remove(site);
        self.list.push(Chain {
            owner,
            stones: widen(&stones),
            libs: widen(&libs),
        });
    }
}

/// A set of `W` words as a full site set.
#[inline(always)]
fn widen<const W: usize>(x: &Sites<W>) -> Sites {
    x.narrow()
}

#[cfg(test)]
mod tests {
    use super::{Chains, Kept};
    use crate::board::SITE_WORDS;
    use crate::compile::ir::Sites;
    use crate::engine::{each_random_position, Game, State};
    use crate::ludemes::surround::Spread;

    /// Each chain as the board shows it: its owner, its pieces (a flood fill from one of them)
    /// and its liberties (the empty sites beside them), sorted.
    fn flooded(game: &Game, s: &State) -> Vec<(u8, Sites, Sites)> {
        let plan = &game.chains;
        let spread = Spread::<SITE_WORDS>::of(game, &plan.dirs, &plan.rays);
        let open = game.topology.board_sites.and_not(&s.board.filled);
        let mut out = Vec::new();
        for p in 0..game.players as usize {
            let own = s.board.owned[p];
            let mut left = own;
            while let Some(seed) = left.iter().next() {
                let stones = spread.group(seed, &own);
                left = left.and_not(&stones);
                out.push((p as u8, stones, spread.around(&stones).and(&open)));
            }
        }
        out.sort_by_key(|c| (c.0, c.1 .0));
        out
    }

    fn kept(chains: &Chains) -> Vec<(u8, Sites, Sites)> {
        let kept: &Kept = chains.0.as_deref().expect("chains kept");
        let mut out: Vec<_> = kept
            .list
            .iter()
            .map(|c| (c.owner, c.stones, c.libs))
            .collect();
        out.sort_by_key(|c| (c.0, c.1 .0));
        out
    }

    #[test]
    fn the_chains_kept_move_by_move_are_the_chains_of_the_board() {
        for (file, options) in [
            ("games/go.game", vec![("size", 5)]),
            ("games/go.game", vec![]),
            ("tests/variants/go-hexagonal.game", vec![]),
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
            let options: Vec<_> = options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let game = match crate::load::load_file(&path, &options) {
                Ok(g) => g,
                Err(e) => panic!("{file} loads: {e:?}"),
            };
            assert!(game.needs.contains(crate::compile::Needs::CHAINS), "{file}");
            // Positions with fewer pieces than the one before: captures, which free liberties.
            let (mut shrank, mut before) = (0, 0);
            let seen = each_random_position(&game, 20, |s| {
                let pieces = s.board.filled.len();
                if s.clock.moves_played > 0 {
                    let players = game.players as usize;
                    let describes = |k: &Kept| k.describes::<SITE_WORDS>(&s.board, players);
                    assert!(
                        s.board.chains.0 .0.as_deref().is_some_and(describes),
                        "{file}"
                    );
                    assert_eq!(kept(&s.board.chains.0), flooded(&game, s), "{file}");
                    // Built again from nothing, they are the same.
                    let mut fresh = Chains::default();
                    fresh.follow(&game, &s.board);
                    assert_eq!(kept(&fresh), flooded(&game, s), "{file}");
                    shrank += usize::from(pieces < before);
                }
                before = pieces;
            });
            assert!(
                seen > 200 && shrank > 0,
                "{file}: {seen} positions, {shrank} captures"
            );
        }
    }
}
