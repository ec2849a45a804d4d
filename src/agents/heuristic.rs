//! The default evaluation, general to every game: stores, the counters each player will collect
//! at the end (read from the game's by-score end rule), and pieces on the board and in hand.

use crate::compile::ir::{Outcome, MAX_PLAYERS};
use crate::{Game, PerPlayer, State};

/// Counters a player will collect count for less than counters already in store: sowing moves them.
const COLLECT_WEIGHT: f64 = 0.5;
/// How fast the value saturates with the material lead, relative to the material in play.
const SHARPNESS: f64 = 4.0;

/// A game-independent evaluation of positions.
#[derive(Debug, Clone)]
pub struct Heuristic {
    /// Sites whose neutral counters go to each player's store when the game ends by score.
    collect: [Vec<crate::compile::ir::Site>; MAX_PLAYERS],
    /// The material in play at the start (at least 1).
    scale: f64,
    /// In a race (pieces borne off a track that does not loop), each player's track length plus
    /// one: a piece is worth how far it has come, so that progress shows before pieces finish.
    race: Option<[f64; MAX_PLAYERS]>,
}

impl Heuristic {
    /// The heuristic of a game.
    pub fn new(game: &Game) -> Heuristic {
        let collect = game
            .end
            .iter()
            .find_map(|(_, o)| match o {
                Outcome::ByScore {
                    collect: Some(r), ..
                } => game.regions.get(*r as usize),
                _ => None,
            })
            .map(|region| region.sites.clone())
            .unwrap_or_default();
        let start = game.new_initial_state();
        let on_board: u64 = start.cells().iter().map(|c| c.count as u64).sum();
        let total = on_board
            + start.hands().iter().map(|&h| h as u64).sum::<u64>()
            + start.scores().iter().map(|&s| s as u64).sum::<u64>();
        let race = game.gens.iter().find_map(|d| match &d.gen {
            crate::compile::ir::Gen::Advance(a) if a.bear_off => game.tracks.get(a.track as usize),
            _ => None,
        });
        Heuristic {
            collect,
            scale: total.max(1) as f64,
            race: race.map(|t| std::array::from_fn(|p| t.sites[p].len() as f64 + 1.0)),
        }
    }

    /// P1's lead in material over P2 (see [`Heuristic::materials`]).
    pub fn material(&self, state: &State) -> f64 {
        let m = self.materials(state);
        m[0] - m[1]
    }

    /// Each player's material: store, hand and pieces on the board, plus half of the counters
    /// they would collect at the end. In a race: the pieces borne off, and those on the track
    /// by how far they have come.
    pub fn materials(&self, state: &State) -> [f64; MAX_PLAYERS] {
        let n = state.players() as usize;
        if let Some(len) = &self.race {
            let mut m = [0.0; MAX_PLAYERS];
            let borne = state.scores();
            for (p, x) in m.iter_mut().enumerate().take(n) {
                *x = borne[p] as f64;
            }
            for c in state.cells() {
                let p = (c.owner as usize).wrapping_sub(1);
                if let Some(x) = m[..n].get_mut(p) {
                    *x += c.count as f64 * (c.pos as f64 + 1.0) / len[p];
                }
            }
            return m;
        }
        let stores = state.scores();
        let hands = state.hands();
        let mut m = [0.0; MAX_PLAYERS];
        for p in 0..n {
            m[p] = stores[p] as f64 + hands[p] as f64;
        }
        for c in state.cells() {
            if let Some(x) = m[..n].get_mut((c.owner as usize).wrapping_sub(1)) {
                *x += c.count as f64;
            }
        }
        for (p, sites) in self.collect.iter().enumerate().take(n) {
            for &s in sites {
                if let Some(c) = state.cells().get(s as usize) {
                    if c.owner == 0 {
                        m[p] += COLLECT_WEIGHT * c.count as f64;
                    }
                }
            }
        }
        m
    }

    /// P1's prospects in (-1, 1): the material lead, squashed.
    pub fn value(&self, state: &State) -> f64 {
        (SHARPNESS * self.material(state) / self.scale).tanh()
    }

    /// Each player's prospects in (-1, 1): their lead over the mean of the others, squashed
    /// (with two players, P1's value and its negation).
    pub fn values(&self, state: &State) -> PerPlayer<f64> {
        let n = state.players() as usize;
        let mut v = [0.0; MAX_PLAYERS];
        if n <= 2 {
            let p1 = self.value(state);
            v[0] = p1;
            v[1] = -p1;
            return PerPlayer::new(v, 2);
        }
        let m = self.materials(state);
        let total: f64 = m[..n].iter().sum();
        for p in 0..n {
            let lead = m[p] - (total - m[p]) / (n - 1) as f64;
            v[p] = (SHARPNESS * lead / self.scale).tanh();
        }
        PerPlayer::new(v, n as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(source: &str) -> Game {
        crate::load_source("test", source, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
    }

    const SOWING: &str = r#"(game "Two rows" (players 2)
      (equipment { (board (rectangle 2 3)) (region "Home" P1 (row 0)) (region "Home" P2 (row 1))
        (track "Sow" {(row 0 E) (row 1 W)} loop:true) })
      (rules (start (fill (all-sites) 2))
        (play (sow "Sow" from:(region "Home" Mover) capture:(capture in:(region "Home" Next) counts:{2 3})))
        (end (if (= (count-in (region "Home" Next)) 0) (by-score collect:"Home")))))"#;

    #[test]
    fn counts_stores_and_collectable_counters() {
        let g = game(SOWING);
        let h = Heuristic::new(&g);
        let s = g.new_initial_state();
        assert_eq!(h.material(&s), 0.0);
        assert_eq!(h.value(&s), 0.0);
        let mut p = g.position(&s);
        p.board.store[..2].copy_from_slice(&[5, 1]);
        p.board.cells[0].count = 6; // P1's row now holds 10, P2's 6
        let s = g.state_at(p);
        assert_eq!(h.material(&s), 4.0 + 0.5 * 4.0);
        assert!(h.value(&s) > 0.0 && h.value(&s) < 1.0);
    }
}
