//! The game as the engine plays it: the compiled rules, prepared once at load time with the plans
//! of the loops that play them (each decision phase's draw plan, and the loop for the game's
//! shape), and the edge limit of this run. The rules stay what the compiler made; the plans are
//! the engine's, so a caller cannot make one stale by editing the other.

use super::draw::{place_only, DrawOp, DrawPlan};
use super::sample::Compulsory;
use super::shifting::ending::Ending;
use super::state::{NodeType, State};
use super::{RacePlan, ShiftPlan, SowingKernel, WordPlacing};
use crate::compile::ir::{Cond, Outcome, Phase, Rules, DEFAULT_MAX_EDGES};
use crate::compile::Needs;
use std::ops::Deref;

/// A game ready to play: its rules (read through `Deref`), its plans and its edge limit.
/// Immutable while played, shared by every state.
#[derive(Debug, Clone)]
pub struct Game {
    /// What the rules say, compiled.
    rules: Rules,
    /// The edge limit: a game still going after this many edges (moves, passes and throws)
    /// stops, [`crate::Status::Stopped`], so that every playout, match and search ends.
    pub max_edges: u64,
    /// The plans of the loops, made from the rules.
    pub(crate) plans: Plans,
}

/// The engine's plans for one game, made at load time from its rules.
#[derive(Debug, Clone, Default)]
pub(crate) struct Plans {
    /// Each phase's moves flattened for the playout draw (empty for a chance phase).
    pub(crate) draws: Vec<DrawPlan>,
    /// Whether every edge is one placement drawn from a site set and the turn then passes on,
    /// with no repetition to track: playouts then run the placement loop
    /// (`engine/placing.rs`), which skips the turn control's general cases.
    pub(crate) place_only: bool,
    /// The placement loop's plan on a board of one word (`engine/placing/word.rs`), for a
    /// placement game whose conditions and end rules that loop reads in place.
    pub(crate) word_placing: Option<Box<WordPlacing>>,
    /// The draw plan of a game whose every move is a placement, step or hop counted from site
    /// sets on a board of one word: playouts then run the loop of `engine/shifting.rs`.
    pub(crate) shift_plan: Option<Box<ShiftPlan>>,
    /// The plan of the dice kernel (`engine/race.rs`), for games with throws and without
    /// filters or repetition; `None` for others, which the general loop plays.
    pub(crate) race: Option<RacePlan>,
    /// The sowing loop's plan, when every edge is a sowing drawn from counts
    /// (`engine/sowing.rs`): playouts then run that loop.
    pub(crate) sowing: Option<Box<SowingKernel>>,
    /// The draw of a plan of moves that must be taken first, listed, then steps counted
    /// (`engine/sample/compulsory.rs`): the general loop's draw for it, made shorter.
    pub(crate) compulsory: Option<Box<Compulsory>>,
    /// The end rules read in place, as the loops on a board of one word read them
    /// (`engine/shifting/ending.rs`), for a game on such a board with no repetition to track:
    /// the general turn control reads them so, not through a context.
    pub(in crate::engine) ending: Option<Box<Ending>>,
}

impl Deref for Game {
    type Target = Rules;

    #[inline(always)]
    fn deref(&self) -> &Rules {
        &self.rules
    }
}

impl Game {
    /// Prepares compiled rules for play: the draw plans of their decision phases, then the loop
    /// for their shape, chosen in this order (each later one reads the earlier).
    pub fn prepare(mut rules: Rules) -> Game {
        let draws: Vec<DrawPlan> = rules
            .phases
            .iter()
            .map(|p| match p {
                Phase::Decision { moves, .. } => DrawPlan::of(&rules, moves),
                Phase::Chance { .. } => DrawPlan::default(),
            })
            .collect();
        if draws.iter().any(DrawPlan::counts_kinds) {
            rules.needs.insert(crate::compile::Needs::KIND_SETS);
        }
        let mut game = Game {
            rules,
            max_edges: DEFAULT_MAX_EDGES,
            plans: Plans {
                draws,
                ..Plans::default()
            },
        };
        game.choose_loop();
        game
    }

    /// Chooses the loop for the game's shape from its rules and draw plans.
    fn choose_loop(&mut self) {
        self.plans.place_only = place_only(self);
        self.plans.word_placing = WordPlacing::of(self);
        self.plans.shift_plan = match self.plans.place_only {
            true => None,
            false => ShiftPlan::of(self),
        };
        self.plans.race = RacePlan::of(self);
        self.plans.sowing = SowingKernel::of(self).map(Box::new);
        self.plans.compulsory = Compulsory::of(self);
        self.plans.ending = read_in_place(self);
    }

    /// The rules, compiled.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The draw plan of phase `phase` (empty for a chance phase or a phase past the last).
    #[inline(always)]
    pub(crate) fn draw_plan(&self, phase: usize) -> &DrawPlan {
        static EMPTY: DrawPlan = DrawPlan::EMPTY;
        self.plans.draws.get(phase).unwrap_or(&EMPTY)
    }

    /// Replaces the end rules (and their compiled form), and chooses the loop again: a loop
    /// may read the end rules, or no longer fit them.
    pub fn set_end_rules(&mut self, rules: Vec<(Cond, Outcome)>) {
        self.rules.replace_end_rules(rules);
        // The shift loop reads the end rules in place: it reads the new ones.
        ShiftPlan::reread_end_rules(self);
        self.plans.word_placing = WordPlacing::of(self);
        self.plans.race = RacePlan::of(self);
        self.plans.sowing = SowingKernel::of(self).map(Box::new);
        self.plans.ending = read_in_place(self);
    }

    /// At the end of a game scored by area, each site's owner as territory (0-based): the
    /// empty sites that only one player's pieces border. `None` before the end, or for a game
    /// not scored by area.
    pub fn territory(&self, state: &State) -> Option<Vec<Option<u8>>> {
        if state.node != NodeType::Terminal {
            return None;
        }
        self.rules
            .end
            .iter()
            .find_map(|(_, outcome)| match outcome {
                Outcome::ByArea { territory, .. } => Some(territory.owners(self, &state.board)),
                _ => None,
            })
    }

    /// Whether playouts run the placement loop (`engine/placing.rs`).
    pub fn place_only(&self) -> bool {
        self.plans.place_only
    }

    /// The placement loop's plan on a board of one word (`engine/placing/word.rs`), if the
    /// game has its shape.
    pub fn word_placing(&self) -> Option<&WordPlacing> {
        self.plans.word_placing.as_deref()
    }

    /// The shift loop's plan (`engine/shifting.rs`), if the game has its shape.
    pub fn shift_plan(&self) -> Option<&ShiftPlan> {
        self.plans.shift_plan.as_deref()
    }

    /// The dice kernel's plan (`engine/race.rs`), if the game has its shape.
    pub fn race_plan(&self) -> Option<&RacePlan> {
        self.plans.race.as_ref()
    }

    /// The sowing loop's plan (`engine/sowing.rs`), if the game has its shape.
    pub fn sowing_kernel(&self) -> Option<&SowingKernel> {
        self.plans.sowing.as_deref()
    }

    /// Whether playouts draw the moves that must be taken first, listed, then counted steps by the
    /// short draw of `engine/sample/compulsory.rs` (draughts' shape).
    pub fn draws_compulsory_first(&self) -> bool {
        self.plans.compulsory.is_some()
    }

    /// Whether the general turn control reads the end rules in place, as the loops on a board
    /// of one word do, not through a context (a board of one word, no repetition).
    pub fn reads_end_rules_in_place(&self) -> bool {
        self.plans.ending.is_some()
    }

    /// Whether the playout draw ([`Game::random_move`]) lists no moves in any phase: every
    /// family counted from its site set, none listed, no moves that must be taken first. There,
    /// drawing or counting a position's moves costs less than listing them; elsewhere the draw
    /// and the count list them too.
    pub fn draws_from_sets(&self) -> bool {
        let mut ops = self.plans.draws.iter().flat_map(|p| p.ops.iter().flatten());
        self.plans.compulsory.is_none()
            && ops.all(|op| !matches!(op, DrawOp::List { .. } | DrawOp::ListExpr { .. }))
    }

    /// Switches off every loop for a shape of game (placements, shifts, dice, sowing, the draw of
    /// moves that must be taken first) and the end rules read in place, so that playouts and
    /// perft run the general loop and its context. Each of those plays exactly what the general
    /// loop plays: this is how to see that they agree when debugging one (`--loop general`).
    pub fn use_general_loop(&mut self) {
        let draws = std::mem::take(&mut self.plans.draws);
        self.plans = Plans {
            draws,
            ..Plans::default()
        };
    }
}

/// The end rules read in place for the general turn control: on a board of one word (the
/// probes' regions are one word each) and with no repetition (the probes read none).
fn read_in_place(game: &Game) -> Option<Box<Ending>> {
    if game.topology.words != 1 || game.sites() > 64 || game.needs.contains(Needs::REPETITION) {
        return None;
    }
    Ending::of(game).map(Box::new)
}
