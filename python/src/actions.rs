//! The action encoding: every move of a compiled game as an integer in `0..size`, the same
//! integer for the same move in every position, so that a policy's outputs mean the same thing
//! everywhere (pyspiel's `num_distinct_actions`).
//!
//! Layout: the pass, then one action per throw value (the lowest to the highest of the game's
//! dice), then a block per generator. A generator whose moves stand on one site (place, sow,
//! swap, enter) has one action per site; any other has one per (origin, target) pair. A generator
//! with `remove:` multiplies its block by the sites plus one (no removal), and a jump generator by
//! the eight directions of the chain's first jump, which tell apart two chains between the same
//! sites.

use ludus::ludemes::Gen;
use ludus::{Game, Move, State};

/// How one generator's moves map into its block of actions.
#[derive(Debug, Clone, Copy)]
struct Block {
    /// The first action of the block.
    start: u64,
    /// Whether a move is named by its target alone.
    one_site: bool,
    /// Whether the block has a removal factor (sites + 1).
    removal: bool,
    /// Whether the block has a first-jump factor (8).
    jump: bool,
}

/// The action encoding of one game.
#[derive(Debug, Clone)]
pub struct Actions {
    sites: u64,
    /// The lowest throw value, and how many throw values there are.
    throws: (i32, u64),
    blocks: Vec<Block>,
    size: u64,
}

impl Actions {
    /// The encoding of a compiled game.
    pub fn of(game: &Game) -> Actions {
        let sites = game.topology.sites() as u64;
        let values = game
            .dice
            .iter()
            .flat_map(|d| d.outcomes.iter().map(|o| o.0));
        let (lo, hi) = values.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let throws = if lo > hi {
            (0, 0)
        } else {
            (lo, (hi as i64 - lo as i64 + 1) as u64)
        };
        let mut next = 1 + throws.1;
        let blocks = game
            .gens
            .iter()
            .map(|def| {
                let one_site = matches!(
                    def.gen,
                    Gen::Place(_) | Gen::Sow(_) | Gen::SowStores(_) | Gen::Swap(_) | Gen::Enter(_)
                );
                let block = Block {
                    start: next,
                    one_site,
                    removal: def.remove.is_some(),
                    jump: matches!(def.gen, Gen::Jump(_)),
                };
                let size = match def.gen {
                    Gen::Pass(_) => 0,
                    _ => block.width(sites),
                };
                next += size;
                block
            })
            .collect();
        Actions {
            sites,
            throws,
            blocks,
            size: next,
        }
    }

    /// The number of distinct actions.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The action of a move, or `None` for a move outside the encoding (a site past the board).
    pub fn encode(&self, m: Move) -> Option<u64> {
        if m.is_pass() {
            return Some(0);
        }
        if let Some(v) = m.throw_value() {
            let k = v as i64 - self.throws.0 as i64;
            return (0..self.throws.1 as i64)
                .contains(&k)
                .then_some(1 + k as u64);
        }
        let block = self.blocks.get(m.generator()? as usize)?;
        let (from, to) = (m.from()? as u64, m.to()? as u64);
        if from >= self.sites || to >= self.sites || (block.one_site && from != to) {
            return None;
        }
        let mut index = if block.one_site {
            to
        } else {
            from * self.sites + to
        };
        if block.jump {
            index = index * 8 + m.jumps().next().map_or(0, u64::from).min(7);
        }
        if block.removal {
            index = index * (self.sites + 1)
                + m.removal().map_or(self.sites, u64::from).min(self.sites);
        }
        Some(block.start + index)
    }

    /// The legal move (or chance outcome) of a state with this action, if any.
    pub fn decode(&self, game: &Game, state: &State, action: u64) -> Option<Move> {
        if action >= self.size {
            return None;
        }
        let candidates = match state.node() {
            ludus::NodeType::Chance => game
                .chance_outcomes(state)
                .into_iter()
                .map(|o| o.0)
                .collect(),
            _ => game.moves(state),
        };
        candidates
            .into_iter()
            .find(|&m| self.encode(m) == Some(action))
    }
}

impl Block {
    /// The number of actions of the block.
    fn width(&self, sites: u64) -> u64 {
        let mut w = if self.one_site { sites } else { sites * sites };
        if self.jump {
            w *= 8;
        }
        if self.removal {
            w *= sites + 1;
        }
        w
    }
}
