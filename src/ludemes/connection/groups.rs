//! The groups of each player's pieces, kept on the board as pieces are placed (a union-find),
//! so that a connection test through the last piece is one walk to its group's root.
//!
//! The groups describe the pieces in `joined`: they depend on that set alone, so they stay
//! exact for any board whose pieces include it, and are grown by the pieces added since. Where
//! a piece left (a capture, a move, the pie rule's swap, a position set from outside), the
//! player's groups are built again from the board. A reader uses them only when `joined` is the
//! player's pieces, else grows the group from the board.

use crate::board::topology::Topology;
use crate::compile::ir::{
    by_width, Region, RegionRef, Site, Sites, MAX_PLAYERS, NO_SITE, SITE_WORDS,
};

/// What the board's groups follow: the directions of the connection tests read through the
/// last piece, and for each site its neighbours along them and the regions of those tests it
/// lies in, as bits.
#[derive(Debug, Clone, Default)]
pub struct GroupPlan {
    /// The directions pieces connect along; empty when no test keeps groups.
    dirs: Vec<u8>,
    /// The region masks the tests read (each mover's mask of each region), bit `i` for the
    /// `i`-th.
    masks: Vec<Sites>,
    /// Per site: the bits of the masks that hold it.
    marks: Vec<u32>,
    /// Per site: its neighbours along the directions.
    adjacent: Vec<Sites>,
    /// The same neighbours as a list, `dirs.len()` sites a site ([`NO_SITE`] where there is
    /// none), for the prefetch of their nodes.
    near: Vec<Site>,
    /// The words of the board's site sets.
    words: usize,
}

impl GroupPlan {
    /// Takes a test through the last piece along `dirs` joining `regions`, for `players`
    /// movers: the bits its group must carry, per mover; `None` when groups cannot answer it
    /// (another test keeps groups along other directions, or the tests read more than 32
    /// masks).
    pub(crate) fn mark(
        &mut self,
        (dirs, regions): (&[u8], &[RegionRef]),
        all: &[Region],
        topology: &Topology,
        players: usize,
    ) -> Option<[u32; MAX_PLAYERS]> {
        let sites = topology.sites();
        if dirs.is_empty() || sites > u16::MAX as usize {
            return None;
        }
        if self.dirs.is_empty() {
            self.dirs = dirs.to_vec();
            self.marks = vec![0; sites];
            self.near = (0..sites as Site)
                .flat_map(|s| dirs.iter().map(move |&d| topology.neighbour(s, d)))
                .collect();
            self.adjacent = self
                .near
                .chunks(dirs.len())
                .map(|near| {
                    Sites::of(
                        &near
                            .iter()
                            .copied()
                            .filter(|&t| t != NO_SITE)
                            .collect::<Vec<_>>(),
                    )
                })
                .collect();
            self.words = topology.words;
        } else if self.dirs != dirs {
            return None;
        }
        let mut need = [0u32; MAX_PLAYERS];
        for r in regions {
            for (m, need) in need.iter_mut().enumerate().take(players) {
                let mask = &all[r.0 as usize].mask[m];
                let bit = match self.masks.iter().position(|x| x == mask) {
                    Some(i) => i,
                    None if self.masks.len() < 32 => {
                        self.masks.push(*mask);
                        let bit = self.masks.len() - 1;
                        for s in mask.iter().filter(|&s| (s as usize) < sites) {
                            self.marks[s as usize] |= 1 << bit;
                        }
                        bit
                    }
                    None => return None,
                };
                *need |= 1 << bit;
            }
        }
        Some(need)
    }

    /// Calls `f` with the node index of each neighbour of `t` along the groups' directions
    /// (none for a site off the board).
    #[inline(always)]
    fn each_neighbour(&self, t: Site, mut f: impl FnMut(usize)) {
        let d = self.dirs.len();
        let Some(near) = self.near.get(t as usize * d..(t as usize + 1) * d) else {
            return;
        };
        for &u in near.iter().filter(|&&u| u != NO_SITE) {
            f(at(u as usize));
        }
    }
}

/// One site in the groups: its parent (itself at a root), and at a root the group's size and
/// the bits of the masks its pieces lie in.
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    parent: u16,
    size: u16,
    marks: u32,
}

/// The groups a board keeps: none until a game that reads them follows them.
#[derive(Default, Clone)]
pub(crate) struct Groups(Option<Box<Kept>>);

// Not its 512 nodes: a board's debug form shows the position.
impl std::fmt::Debug for Groups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let joined = self.0.as_deref().map(|kept| kept.joined);
        f.debug_struct("Groups").field("joined", &joined).finish()
    }
}

#[derive(Clone)]
struct Kept {
    /// The pieces of each player the groups hold.
    joined: [Sites; MAX_PLAYERS],
    /// One node per site of any board: indices masked to [`NODES`] need no bounds check.
    nodes: [Node; NODES],
}

/// The nodes a board's groups hold: a power of two at least the bits of a site set.
const NODES: usize = (64 * SITE_WORDS).next_power_of_two();

/// A site's node index, masked into [`NODES`].
#[inline(always)]
fn at(s: usize) -> usize {
    s & (NODES - 1)
}

impl Groups {
    /// Brings the groups to the board's pieces, `owned`, for `players` players: the pieces
    /// added joined to their neighbours' groups, a player who lost a piece rebuilt.
    #[inline(never)]
    pub(crate) fn follow(
        &mut self,
        plan: &GroupPlan,
        owned: &[Sites; MAX_PLAYERS],
        players: usize,
    ) {
        let kept = self.0.get_or_insert_with(|| {
            Box::new(Kept {
                joined: [Sites::default(); MAX_PLAYERS],
                nodes: [Node::default(); NODES],
            })
        });
        let owned = &owned[..players.min(MAX_PLAYERS)];
        by_width!(plan.words, |W| kept.follow_in::<W>(plan, owned))
    }

    /// The bytes the groups hold beside the board.
    pub(crate) fn footprint(&self) -> usize {
        self.0.as_deref().map_or(0, |_| std::mem::size_of::<Kept>())
    }

    /// Gives `to` the cache lines of the groups that joining a piece at `t` reads (see
    /// [`crate::Game::prefetch_move`]): the `players` players' joined pieces, and the nodes of `t`
    /// and of its neighbours. Not the other nodes: at a batch of 1024 states, lines asked for and
    /// not read crowd out those read (Hex reads about 7 of its 16 lines of nodes a move).
    pub(crate) fn prefetch_join(
        &self,
        plan: &GroupPlan,
        (players, t): (usize, Site),
        to: &mut impl crate::board::Prefetch,
    ) {
        let Some(kept) = self.0.as_deref() else {
            return;
        };
        for j in &kept.joined[..players.min(MAX_PLAYERS)] {
            to.line(j);
        }
        to.line(&kept.nodes[at(t as usize)]);
        plan.each_neighbour(t, |u| to.line(&kept.nodes[u]));
    }

    /// The mask bits of the group of `s`, one of player `p`'s pieces, when the groups hold
    /// exactly the pieces `mine` of `p` (in the board's first `words` words); else `None`.
    #[inline]
    pub(crate) fn marks_of(&self, p: usize, s: Site, mine: &Sites, words: usize) -> Option<u32> {
        let kept = self.0.as_deref()?;
        let joined = &kept.joined[p & (MAX_PLAYERS - 1)];
        let same = by_width!(words, |W| joined.narrow::<W>() == mine.narrow::<W>());
        if !same {
            return None;
        }
        let nodes = &kept.nodes;
        let mut s = at(s as usize);
        loop {
            let parent = at(nodes[s].parent as usize);
            if parent == s {
                return Some(nodes[s].marks);
            }
            s = parent;
        }
    }
}

impl Kept {
    /// [`Groups::follow`] in the board's first `W` words: word by word, as most edges add
    /// one piece or none.
    #[inline(always)]
    fn follow_in<const W: usize>(&mut self, plan: &GroupPlan, owned: &[Sites]) {
        for (owned, joined) in owned.iter().zip(&mut self.joined) {
            let (mut changed, mut lost) = (0, 0);
            for (o, j) in owned.0[..W].iter().zip(&joined.0[..W]) {
                changed |= o ^ j;
                lost |= j & !o;
            }
            if changed == 0 {
                continue;
            }
            if lost != 0 {
                *joined = Sites::default();
            }
            for i in 0..W {
                let mut added = owned.0[i] & !joined.0[i];
                while added != 0 {
                    let s = (i * 64) as Site + added.trailing_zeros() as Site;
                    added &= added - 1;
                    join::<W>(&mut self.nodes, plan, joined, s);
                    joined.0[i] |= 1 << (s & 63);
                }
            }
        }
    }
}

/// Adds piece `s` as a group of its own, joined to the groups of its neighbours in `joined`
/// (in its first `W` words).
#[inline(always)]
fn join<const W: usize>(nodes: &mut [Node; NODES], plan: &GroupPlan, joined: &Sites, s: Site) {
    let (Some(near), Some(&marks)) = (plan.adjacent.get(s as usize), plan.marks.get(s as usize))
    else {
        return;
    };
    nodes[at(s as usize)] = Node {
        parent: s,
        size: 1,
        marks,
    };
    let mut root = s as usize;
    for i in 0..W {
        let mut near = near.0[i] & joined.0[i];
        while near != 0 {
            let t = i * 64 + near.trailing_zeros() as usize;
            near &= near - 1;
            let other = find(nodes, t);
            root = union(nodes, root, other);
        }
    }
}

/// The root of `s`'s group, halving the path on the way.
#[inline(always)]
fn find(nodes: &mut [Node; NODES], mut s: usize) -> usize {
    loop {
        let parent = at(nodes[at(s)].parent as usize);
        if parent == s {
            return s;
        }
        let grand = nodes[parent].parent;
        nodes[at(s)].parent = grand;
        s = at(grand as usize);
    }
}

/// Joins the groups of roots `a` and `b`, the smaller under the larger; returns the root.
#[inline(always)]
fn union(nodes: &mut [Node; NODES], a: usize, b: usize) -> usize {
    let (a, b) = (at(a), at(b));
    if a == b {
        return a;
    }
    let (big, small) = if nodes[a].size >= nodes[b].size {
        (a, b)
    } else {
        (b, a)
    };
    let moved = nodes[small];
    nodes[small].parent = big as u16;
    let root = &mut nodes[big];
    root.size = root.size.saturating_add(moved.size);
    root.marks |= moved.marks;
    big
}

#[cfg(test)]
mod tests {
    use super::Groups;
    use crate::compile::ir::{Cond, Leaf, NO_SITE};
    use crate::engine::Game;
    use crate::engine::{Ctx, State};
    use crate::ludemes::connection::{filled, holds, Connected};
    use rand::{Rng, SeedableRng};

    /// A square board whose end rule joins two sides along the four orthogonal directions.
    const SQUARE: &str = r#"(game "Joins" (players 2)
      (equipment {(board (square 6)) (hand Each)
        (region "Side" P1 (bottom)) (region "Other side" P1 (top))
        (region "Side" P2 (left)) (region "Other side" P2 (right))})
      (rules (start (hand Each 36))
        (play (or {(place 1) (if (= (moves-played) 1) (swap))}))
        (end (if (connected Mover {(region "Side" Mover) (region "Other side" Mover)}
          dirs:{N E S W} through-last:true) (result Mover Win)))))"#;

    /// The game's end test through the last piece.
    fn test_of(game: &Game) -> &Connected {
        match game.end.first() {
            Some((Cond::Leaf(Leaf::Connected(c)), _)) => c,
            other => panic!("an end rule of one connection test: {other:?}"),
        }
    }

    /// Random games, the swap taken half the times it is offered; `at` sees each position
    /// after a move.
    fn each_position(game: &Game, games: u64, mut at: impl FnMut(&State)) -> usize {
        let mut swaps = 0;
        for seed in 0..games {
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut s = game.new_initial_state();
            while !s.is_terminal() {
                let legal = game.moves(&s);
                let before = s.board.owned;
                let swap = s.clock.moves_played == 1 && rng.random_bool(0.5);
                let m = if swap {
                    legal[legal.len() - 1]
                } else {
                    legal[rng.random_range(0..legal.len())]
                };
                game.apply(&mut s, m).expect("a legal move");
                swaps += usize::from(s.board.owned[0].len() < before[0].len());
                at(&s);
            }
        }
        swaps
    }

    /// A move's prefetch asks for the players' joined pieces and, of the nodes, for the lines of
    /// its target's and its neighbours' (found here from the board, not the plan), and no others.
    #[test]
    fn a_moves_prefetch_asks_for_the_nodes_its_join_reads_first() {
        let hex = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/hex.game");
        let off = [("pie".to_string(), "off".to_string())];
        let game = crate::load::load_file(&hex, &off).expect("hex loads");
        let (dirs, sites) = (test_of(&game).dirs.clone(), game.topology.sites());
        let mut checked = 0;
        each_position(&game, 3, |s| {
            let Some(kept) = s.board.groups.0 .0.as_deref() else {
                return;
            };
            let line = |at: usize| std::ptr::from_ref(&kept.nodes[at]) as usize / 64;
            let nodes = line(0)..=line(sites - 1);
            for m in game.moves(s) {
                let Some(t) = m.to() else {
                    continue;
                };
                let mut asked = crate::board::Asked::default();
                game.prefetch_move(s, m, &mut asked);
                let near = dirs.iter().map(|&d| game.topology.neighbour(t, d));
                let mut want: std::collections::BTreeSet<usize> = near
                    .filter(|&u| u != NO_SITE)
                    .map(|u| line(u as usize))
                    .collect();
                want.insert(line(t as usize));
                let got = asked.0.iter().copied().filter(|l| nodes.contains(l));
                assert_eq!(got.collect::<std::collections::BTreeSet<_>>(), want);
                for joined in &kept.joined[..game.players as usize] {
                    assert!(asked
                        .0
                        .contains(&(std::ptr::from_ref(joined) as usize / 64)));
                }
                checked += 1;
            }
        });
        assert!(checked > 1000, "{checked} moves checked");
    }

    #[test]
    fn a_second_test_along_other_directions_grows_its_group() {
        let two = SQUARE.replace("(end (if", "(end {(if").replace(
            "(result Mover Win)))))",
            "(result Mover Win))\n          (if (connected Mover {(bottom) (top)} dirs:{NE SW} \
             through-last:true) (result Mover Loss))})))",
        );
        let game = crate::load::load_source("two.game", &two, &[]).expect("loads");
        let marks: Vec<bool> = game
            .end
            .iter()
            .map(|(c, _)| matches!(c, Cond::Leaf(Leaf::Connected(c)) if c.marks.is_some()))
            .collect();
        assert_eq!(marks, [true, false]);
    }

    #[test]
    fn the_groups_kept_are_the_groups_the_flood_fill_finds() {
        let rhombus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/hex.game");
        let off = [("pie".to_string(), "off".to_string())];
        let games = [
            ("rhombus, pie", crate::load::load_file(&rhombus, &[])),
            ("rhombus, no pie", crate::load::load_file(&rhombus, &off)),
            (
                "square",
                crate::load::load_source("joins.game", SQUARE, &[]),
            ),
        ];
        for (name, game) in games {
            let game = game.unwrap_or_else(|e| panic!("{name} loads: {e:?}"));
            let test = test_of(&game);
            assert!(test.marks.is_some(), "{name}: the groups answer the test");
            let (mut kept, mut wins) = (0, 0);
            let swaps = each_position(&game, 30, |s| {
                let last = s.clock.last.to;
                if last == NO_SITE {
                    return;
                }
                let owner = s.board.cells[last as usize].owner - 1;
                let ctx = Ctx {
                    mover: owner,
                    ..Ctx::of(&game, s)
                };
                // The answer through the groups is the answer of the group grown from the board.
                let mut bare = s.board.clone();
                bare.groups.0 = Groups::default();
                let grown = Ctx {
                    board: &bare,
                    ..ctx
                };
                let answer = holds(&ctx, test);
                assert_eq!(answer, holds(&grown, test), "{name}");
                wins += usize::from(answer);
                // Each piece's group is its flood fill.
                let kept_now = s.board.groups.0 .0.as_deref().expect("groups kept");
                for p in 0..game.players as usize {
                    let mine = &s.board.owned[p];
                    let Some(_) = s
                        .board
                        .groups
                        .0
                        .marks_of(p, last, mine, game.topology.words)
                    else {
                        continue;
                    };
                    kept += 1;
                    for a in mine.iter() {
                        let group = filled(&ctx, mine, a, &test.dirs);
                        let root = |x: usize| {
                            let mut x = x;
                            while kept_now.nodes[x].parent as usize != x {
                                x = kept_now.nodes[x].parent as usize;
                            }
                            x
                        };
                        for b in mine.iter() {
                            assert_eq!(
                                group.contains(b),
                                root(a as usize) == root(b as usize),
                                "{name}: {a} and {b}"
                            );
                        }
                    }
                }
            });
            assert!(
                kept > 500 && wins > 10,
                "{name}: {kept} positions, {wins} wins"
            );
            assert!(
                swaps > 5 || name.contains("no pie"),
                "{name}: {swaps} swaps"
            );
        }
    }
}
