//! A placement's `if:` read for every empty site at once: where the condition is built only of
//! neighbours' occupancy (`beside`, `and`, `or`, `not`) on a board whose steps are shifts of
//! site sets, the sites that meet it are site-set arithmetic, so the draw counts them and picks
//! one without testing site by site. A required `flank:` is read the same way.

use super::{Beside, Occupant};
use crate::board::topology::Topology;
use crate::compile::ir::{Cond, Leaf, Sites, MAX_PLAYERS};

/// The sites meeting a condition of neighbours' occupancy, as one player reads its directions.
#[derive(Debug, Clone, PartialEq)]
pub enum BesideSets {
    /// `(beside ...)`: the neighbour one step along some ray holds `what`.
    Beside {
        /// Each direction as a shift: its site offset and the sites with a neighbour that way.
        rays: Vec<(i32, Sites)>,
        /// What the neighbour holds.
        what: Occupant,
    },
    /// Every part holds.
    All(Vec<BesideSets>),
    /// Some part holds.
    Any(Vec<BesideSets>),
    /// The part does not hold.
    Not(Box<BesideSets>),
    /// Always or never.
    Const(bool),
    /// A piece placed there flanks a run of opposing pieces (`place`'s required `flank:`).
    Flanks {
        /// Each direction as a shift, as [`BesideSets::Beside`] has them.
        rays: Vec<(i32, Sites)>,
        /// The fewest and the most opposing pieces in a run.
        bounds: (u16, u16),
    },
}

impl BesideSets {
    /// The condition as site-set arithmetic for each player, if it is built only of `beside`
    /// tests, `and`, `or` and `not`, and the board shifts every direction it names.
    pub(crate) fn each_player(
        cond: &Cond,
        topology: &Topology,
    ) -> Option<[BesideSets; MAX_PLAYERS]> {
        crate::ludemes::for_each_player(|p| Self::of(cond, topology, p))
    }

    fn of(cond: &Cond, topology: &Topology, player: u8) -> Option<BesideSets> {
        let all = |list: &[Cond]| -> Option<Vec<BesideSets>> {
            list.iter().map(|c| Self::of(c, topology, player)).collect()
        };
        Some(match cond {
            Cond::Const(b) => BesideSets::Const(*b),
            Cond::And(list) => BesideSets::All(all(list)?),
            Cond::Or(list) => BesideSets::Any(all(list)?),
            Cond::Not(c) => BesideSets::Not(Box::new(Self::of(c, topology, player)?)),
            Cond::Leaf(Leaf::Beside(b)) => {
                let Beside { dirs, what } = &**b;
                BesideSets::Beside {
                    rays: dirs
                        .of(player)
                        .iter()
                        .map(|&d| topology.ray(d))
                        .collect::<Option<_>>()?,
                    what: *what,
                }
            }
            _ => return None,
        })
    }

    /// The sites of `within` that meet the condition, given the occupied sites and the mover's.
    // Out of line: inlined into the draw, it costs the draws without a condition (+8%).
    #[inline(never)]
    pub(crate) fn sites<const W: usize>(
        &self,
        within: &Sites<W>,
        filled: &Sites<W>,
        mine: &Sites<W>,
    ) -> Sites<W> {
        match self {
            BesideSets::Beside { rays, what } => {
                let mut out = Sites::default();
                for (delta, from) in rays {
                    let from = from.narrow::<W>();
                    // The neighbours' occupancy, brought back to the sites they neighbour.
                    let near = |set: &Sites<W>| from.and(&set.shifted(-delta));
                    let hit = match what {
                        Occupant::Off => within.and_not(&from),
                        Occupant::Empty => from.and_not(&filled.shifted(-delta)),
                        Occupant::Filled => near(filled),
                        Occupant::Friend => near(mine),
                        Occupant::Enemy => near(&filled.and_not(mine)),
                    };
                    out = out.or(&hit);
                }
                out.and(within)
            }
            BesideSets::All(list) => list
                .iter()
                .fold(*within, |acc, c| c.sites(&acc, filled, mine)),
            BesideSets::Any(list) => list.iter().fold(Sites::default(), |acc, c| {
                acc.or(&c.sites(within, filled, mine))
            }),
            BesideSets::Not(c) => within.and_not(&c.sites(within, filled, mine)),
            BesideSets::Flanks { rays, bounds } => {
                crate::ludemes::flank::flanking_sites(rays, *bounds, mine, &filled.and_not(mine))
                    .and(within)
            }
            BesideSets::Const(true) => *within,
            BesideSets::Const(false) => Sites::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{each_random_position, Ctx, Move};
    use crate::ludemes::Gen;

    // Every occupant, several directions, `and`, `or`, `not`, on a board with a hand place.
    const GAME: &str = r#"
(game "Beside"
  (players 2)
  (equipment {(board (rectangle 5 6)) (hand Each)})
  (rules (start (hand Each 30))
    (play (place 1 if:(or {
      (and (beside Orthogonal Friend) (not (beside N Enemy)))
      (beside {S SW} Off)
      (and (beside E Empty) (beside NW Filled))
      (and (beside Diagonal Enemy) (not (beside W Off)))})))
    (end (if (no-moves Next) (result All Draw)))))
"#;

    #[test]
    fn the_site_sets_give_the_sites_the_site_by_site_test_gives() {
        let game = match crate::load::load_source("beside.game", GAME, &[]) {
            Ok(g) => g,
            Err(e) => panic!("the test game loads: {e:?}"),
        };
        let Some(Gen::Place(place)) = game.gens.first().map(|d| &d.gen) else {
            panic!("one placement");
        };
        assert!(
            place.site_sets.is_some(),
            "the condition is read as site sets"
        );
        let by_site = super::super::Place {
            site_sets: None,
            ..place.clone()
        };
        let (mut listed, mut tested) = (Vec::<Move>::new(), Vec::<Move>::new());
        let positions = each_random_position(&game, 40, |s| {
            let ctx = Ctx::of(&game, s);
            listed.clear();
            tested.clear();
            crate::ludemes::MoveFamily::generate(place, &ctx, 0, &mut listed);
            crate::ludemes::MoveFamily::generate(&by_site, &ctx, 0, &mut tested);
            assert_eq!(listed, tested);
        });
        assert!(positions > 400);
    }
}
