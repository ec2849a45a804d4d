//! The chains of a `capture-step` generator, numbered: a trie of the chains the empty board
//! allows, by whole levels (every chain of one step, then of two, ...) while they fit in
//! [`MAX_NODES`]; a chain longer than the trie's levels is numbered by a hash of its steps into a
//! block of [`LONG_CHAINS`] numbers after the trie's. Two legal chains of the trie's depth or less
//! always have two numbers; two longer ones share one with odds of one in [`LONG_CHAINS`].

use ludus::board::topology::Topology;
use ludus::compile::ir::{Site, NO_SITE};
use ludus::ludemes::capture_step::{steps, Capture, CaptureStep, MAX_STEPS};
use ludus::Move;

/// No node that way.
const NONE: u32 = u32::MAX;

/// The most chains the trie numbers.
pub const MAX_NODES: usize = 14_000;

/// The numbers of the chains longer than the trie's levels.
pub const LONG_CHAINS: u64 = 4096;

/// A step's code: its direction and whether it withdrew, 16 in all.
fn code(d: u8, how: Capture) -> usize {
    d as usize * 2 + (how == Capture::Withdrawal) as usize
}

/// A chain being grown: its trie node, where the piece stands, the way of its last step, the
/// points it landed on (its origin first) and the points it captured first in each step.
struct Tip {
    node: u32,
    at: Site,
    last: Option<u8>,
    landed: Vec<Site>,
    gone: Vec<Site>,
}

/// The chains of one generator, numbered.
#[derive(Debug, Clone)]
pub struct StepChains {
    /// Each node's child for each step code; the first `sites` nodes are the origins.
    nodes: Vec<[u32; 16]>,
    sites: usize,
    /// Whether a chain can be longer than the trie's levels (its long block is then used).
    longer: bool,
}

impl StepChains {
    /// The chains of `rule` for every player's directions (`dirs[p]`).
    pub fn of(topology: &Topology, rule: &CaptureStep, dirs: &[&[u8]]) -> StepChains {
        let sites = topology.sites();
        let mut chains = StepChains {
            nodes: vec![[NONE; 16]; sites],
            sites,
            longer: false,
        };
        let mut level: Vec<Tip> = (0..sites)
            .map(|s| Tip {
                node: s as u32,
                at: s as Site,
                last: None,
                landed: vec![s as Site],
                gone: Vec::new(),
            })
            .collect();
        let most = if rule.chain.goes_on { MAX_STEPS } else { 1 };
        for depth in 0..most {
            let kept = chains.nodes.len();
            let mut next = Vec::new();
            for tip in &level {
                for &player_dirs in dirs {
                    for &d in player_dirs.iter().filter(|&&d| d < 8) {
                        chains.grow(topology, rule, tip, d, depth, &mut next);
                    }
                }
                if chains.nodes.len() - sites > MAX_NODES {
                    break;
                }
            }
            if next.is_empty() {
                return chains;
            }
            if chains.nodes.len() - sites > MAX_NODES {
                // The level does not fit whole: its chains go to the long block.
                chains.nodes.truncate(kept);
                for node in &mut chains.nodes {
                    for child in node.iter_mut() {
                        if *child as usize >= kept {
                            *child = NONE;
                        }
                    }
                }
                chains.longer = true;
                return chains;
            }
            level = next;
        }
        chains
    }

    /// Adds the steps from `tip` in direction `d` that could capture on some position.
    fn grow(
        &mut self,
        topology: &Topology,
        rule: &CaptureStep,
        tip: &Tip,
        d: u8,
        depth: usize,
        next: &mut Vec<Tip>,
    ) {
        let to = topology.neighbour(tip.at, d);
        if to == NO_SITE
            || (depth > 0 && rule.chain.new_direction && tip.last == Some(d))
            || (rule.chain.new_site && tip.landed.contains(&to))
        {
            return;
        }
        for how in [Capture::Approach, Capture::Withdrawal] {
            let first = match how {
                Capture::Approach if rule.approach => topology.neighbour(to, d),
                Capture::Withdrawal if rule.withdrawal => topology.neighbour(tip.at, (d + 4) & 7),
                _ => continue,
            };
            // The first piece taken is an opposing one: not where the piece stood, nor taken.
            if first == NO_SITE || tip.landed.contains(&first) || tip.gone.contains(&first) {
                continue;
            }
            let c = code(d, how);
            let child = match self.nodes[tip.node as usize][c] {
                NONE => {
                    let new = self.nodes.len() as u32;
                    self.nodes.push([NONE; 16]);
                    self.nodes[tip.node as usize][c] = new;
                    new
                }
                known => known,
            };
            let (mut landed, mut gone) = (tip.landed.clone(), tip.gone.clone());
            landed.push(to);
            gone.push(first);
            next.push(Tip {
                node: child,
                at: to,
                last: Some(d),
                landed,
                gone,
            });
        }
    }

    /// Whether some chain is numbered by a hash (so two may share a number).
    pub fn hashes(&self) -> bool {
        self.longer
    }

    /// The number of chains: the trie's, and the long block if a chain can be longer.
    pub fn len(&self) -> u64 {
        (self.nodes.len() - self.sites) as u64 + if self.longer { LONG_CHAINS } else { 0 }
    }

    /// The number of a chain of `capture-step`.
    pub fn number(&self, m: Move) -> Option<u64> {
        let from = m.from()?;
        let mut node = from as usize;
        if node >= self.sites {
            return None;
        }
        let mut key = from as u64;
        let mut within = true;
        for (d, how) in steps(m) {
            key = key.wrapping_mul(31).wrapping_add(code(d, how) as u64 + 1);
            if within {
                match self.nodes[node][code(d, how)] {
                    NONE => within = false,
                    next => node = next as usize,
                }
            }
        }
        let trie = (self.nodes.len() - self.sites) as u64;
        if within && node >= self.sites {
            Some((node - self.sites) as u64)
        } else if self.longer {
            Some(trie + splitmix(key) % LONG_CHAINS)
        } else {
            None
        }
    }
}

/// A well-mixed 64-bit function of `x` (splitmix64's finaliser).
fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
