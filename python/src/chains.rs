//! The chains of jumps a `jump` generator can make on an empty board, numbered: a trie whose
//! nodes are chains (a node's children are the chain one jump longer), so that a chain's number
//! is found by walking its directions, and two different chains always have two numbers.

use ludus::board::topology::Topology;
use ludus::compile::ir::{Site, NO_SITE};
use ludus::Move;

/// No node that way.
const NONE: u32 = u32::MAX;

/// The most chains a generator numbers, so that an action space stays small. Past it (10x10 in
/// four directions, a large board whose chains branch in six or eight) its moves are numbered by
/// their ends instead (see `actions.rs`).
pub const MAX_CHAINS: usize = 1 << 14;

/// Every chain of jumps from every site, numbered from 0.
#[derive(Debug, Clone)]
pub struct Chains {
    /// Each node's child in each of the eight directions; the first `sites` nodes are the
    /// origins (no chain), the others the chains, numbered by their place after the origins.
    nodes: Vec<[u32; 8]>,
    /// The number of sites (of origin nodes).
    sites: usize,
}

/// The chain being walked: the sites jumped over and those landed on (the origin first).
struct Walk<'a> {
    topology: &'a Topology,
    over: Vec<Site>,
    landed: Vec<Site>,
}

impl Chains {
    /// The chains of jumps in the directions each player reads (`dirs[p]`), or `None` past
    /// [`MAX_CHAINS`]. A chain here is any that the position could allow: each jump over a site
    /// not jumped before and not landed on (a jumped piece is an opponent's, a landing empty),
    /// onto a site not jumped over, at most [`Move::MAX_JUMPS`] jumps; where `straight`, every
    /// jump the way of the first (`jump ... straight:true`), so a chain only of those.
    pub fn of(topology: &Topology, dirs: &[&[u8]], straight: bool) -> Option<Chains> {
        let sites = topology.sites();
        let mut chains = Chains {
            nodes: vec![[NONE; 8]; sites],
            sites,
        };
        for origin in 0..sites {
            for &player_dirs in dirs {
                let mut walk = Walk {
                    topology,
                    over: Vec::new(),
                    landed: vec![origin as Site],
                };
                chains.grow(
                    origin as u32,
                    origin as Site,
                    player_dirs,
                    straight,
                    &mut walk,
                )?;
            }
        }
        Some(chains)
    }

    /// Adds every chain that goes on from node `node` (at site `at`) by jumps in `dirs`.
    fn grow(
        &mut self,
        node: u32,
        at: Site,
        dirs: &[u8],
        straight: bool,
        walk: &mut Walk<'_>,
    ) -> Option<()> {
        if walk.over.len() >= Move::MAX_JUMPS {
            return Some(());
        }
        for &d in dirs.iter().filter(|&&d| d < 8) {
            let over = walk.topology.neighbour(at, d);
            if over == NO_SITE || walk.over.contains(&over) || walk.landed.contains(&over) {
                continue;
            }
            let land = walk.topology.neighbour(over, d);
            if land == NO_SITE || walk.over.contains(&land) {
                continue;
            }
            let child = match self.nodes[node as usize][d as usize] {
                NONE => {
                    if self.nodes.len() - self.sites >= MAX_CHAINS {
                        return None;
                    }
                    let new = self.nodes.len() as u32;
                    self.nodes.push([NONE; 8]);
                    self.nodes[node as usize][d as usize] = new;
                    new
                }
                known => known,
            };
            walk.over.push(over);
            walk.landed.push(land);
            let next = if straight {
                std::slice::from_ref(&d)
            } else {
                dirs
            };
            self.grow(child, land, next, straight, walk)?;
            walk.over.pop();
            walk.landed.pop();
        }
        Some(())
    }

    /// The number of chains.
    pub fn len(&self) -> u64 {
        (self.nodes.len() - self.sites) as u64
    }

    /// The number of a chain of jumps from `from` in the directions `jumps`, if it is one.
    pub fn number(&self, from: Site, jumps: impl Iterator<Item = u8>) -> Option<u64> {
        let mut node = from as usize;
        if node >= self.sites {
            return None;
        }
        for d in jumps {
            match self.nodes[node].get(d as usize).copied() {
                Some(next) if next != NONE => node = next as usize,
                _ => return None,
            }
        }
        (node >= self.sites).then(|| (node - self.sites) as u64)
    }
}
