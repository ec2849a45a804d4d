//! The default evaluation, general to every game: stores, the counters each player will collect
//! at the end (read from the game's by-score end rule), and pieces on the board and in hand.

use crate::compile::ir::Outcome;
use crate::{Game, State};

/// Counters a player will collect count for less than counters already in store: sowing moves them.
const COLLECT_WEIGHT: f64 = 0.5;
/// How fast the value saturates with the material lead, relative to the material in play.
const SHARPNESS: f64 = 4.0;

/// A game-independent evaluation of positions.
#[derive(Debug, Clone)]
pub struct Heuristic {
    /// Sites whose neutral counters go to each player's store when the game ends by score.
    collect: [Vec<crate::compile::ir::Site>; 2],
    /// The material in play at the start (at least 1).
    scale: f64,
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
        Heuristic {
            collect,
            scale: total.max(1) as f64,
        }
    }

    /// P1's lead in material: stores, hands and pieces on the board, plus half of the counters
    /// each player would collect at the end.
    pub fn material(&self, state: &State) -> f64 {
        let stores = state.scores();
        let hands = state.hands();
        let mut m = [
            stores[0] as f64 + hands[0] as f64,
            stores[1] as f64 + hands[1] as f64,
        ];
        for c in state.cells() {
            match c.owner {
                1 => m[0] += c.count as f64,
                2 => m[1] += c.count as f64,
                _ => {}
            }
        }
        for (p, sites) in self.collect.iter().enumerate() {
            for &s in sites {
                if let Some(c) = state.cells().get(s as usize) {
                    if c.owner == 0 {
                        m[p] += COLLECT_WEIGHT * c.count as f64;
                    }
                }
            }
        }
        m[0] - m[1]
    }

    /// P1's prospects in (-1, 1): the material lead, squashed.
    pub fn value(&self, state: &State) -> f64 {
        (SHARPNESS * self.material(state) / self.scale).tanh()
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
        p.board.store = [5, 1];
        p.board.cells[0].count = 6; // P1's row now holds 10, P2's 6
        let s = g.state_at(p);
        assert_eq!(h.material(&s), 4.0 + 0.5 * 4.0);
        assert!(h.value(&s) > 0.0 && h.value(&s) < 1.0);
    }
}
