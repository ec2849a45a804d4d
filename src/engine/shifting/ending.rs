//! The end rules as the loops on a board of one word read them (the shift loop, and the placement
//! loop's `placing::word`): the compiled program of `Game::end_choice`, each test resolved at
//! load time for the player who moved (who `Mover`, `Next` and a region are) and read in place,
//! with no context built.

use crate::board::topology::Topology;
use crate::compile::choice::{within_range, Choice, Test, NONE, RESULT};
use crate::compile::ir::{IntExpr, Leaf, Who, MAX_PLAYERS, NO_SITE};
use crate::engine::state::State;
use crate::engine::Game;
use crate::ludemes::WordLine;

/// A number the end rules compare with a range.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Count {
    MovesPlayed,
    EdgesPlayed,
    MovesMade(u8),
    SinceProgress,
    TurnMoves,
    Pips,
    InHand(u8),
    Store(u8),
}

/// One test, its players and regions resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Probe {
    Within(Count, i64, i64),
    /// The player has no piece in hand or on the board.
    NoPieces(u8),
    /// The player to move has no move, and is this player.
    NoMoves(u8),
    /// The last move landed on (or left, with `from`) a site of the mask.
    Last {
        mask: u64,
        from: bool,
    },
    /// Some site of the mask is filled (or, with `empty`, none is).
    Occupied {
        mask: u64,
        empty: bool,
    },
    /// A constant: the position never repeats in this loop.
    Never,
    /// The last move was a pass (`(passed)`).
    Passed,
    /// A line of the player's (as a cell stores it: 1 for the first) through the last move's
    /// site, as the ending's line `at` reads it.
    Line {
        owner: u8,
        at: u16,
    },
}

/// A test and where to go on after it (as [`crate::compile::choice::Step`]).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Step {
    probe: Probe,
    yes: u32,
    no: u32,
}

/// A program of tests for one player who moved.
#[derive(Debug, Clone, PartialEq, Default)]
struct Program {
    start: u32,
    steps: Vec<Step>,
    /// Whether the program is a list, as most end rules are (each `if` one test): each test,
    /// failing, goes on to the next or to no rule and, holding, gives a rule. Read then from
    /// `listed`, with no jump to follow (T'oki and Breakthrough 4% of their instructions; a
    /// `match` on an enum of the two forms gave back half of it).
    is_list: bool,
    /// The list's tests and the rules they give, in order (empty if not a list).
    listed: Vec<(Probe, u32)>,
}

impl Program {
    /// The program of `steps` from `start`, and its list if it is one.
    fn of(start: u32, steps: Vec<Step>) -> Program {
        let rule = |at: u32| at.checked_sub(RESULT).filter(|_| at != NONE);
        let mut listed = Vec::new();
        let mut at = start;
        while let Some(step) = steps.get(at as usize) {
            let Some(rule) = rule(step.yes) else {
                break;
            };
            listed.push((step.probe, rule));
            at = step.no;
        }
        let is_list = at == NONE;
        if !is_list {
            listed.clear();
        }
        Program {
            start,
            steps,
            is_list,
            listed,
        }
    }
}

/// The end rules' program and its early form, for each player who moved.
#[derive(Debug, Clone, PartialEq, Default)]
pub(in crate::engine) struct Ending {
    full: [Program; MAX_PLAYERS],
    early: [Program; MAX_PLAYERS],
    /// While the moves and the edges played are below this, the early form answers.
    until: u64,
    /// The line tests the programs read, in the order of their steps.
    lines: Vec<WordLine>,
    /// The programs as a line then a player stuck, where each is that.
    short: Option<LineFirst>,
}

/// The end rules as a loop reads them after a move: the ending's program, or a short form of
/// it the loop holds.
pub(in crate::engine) trait EndRules {
    /// The index of the first end rule of `ending` that holds after `actor`'s move, `stuck`
    /// being the player to move when they have no move: what `Ctx::choose` gives on
    /// `Game::end_choice`.
    fn first(
        &self,
        ending: &Ending,
        topology: &Topology,
        s: &State,
        actor: u8,
        stuck: Option<u8>,
    ) -> Option<usize>;
}

/// The end rules read as the ending's program, which the loop's plan holds.
pub(in crate::engine) struct ByProgram;

/// End rules of the commonest shape on a board of one word, for each player who moved: a line
/// through the last site gives one rule, else the player to move stuck perhaps another. Read
/// with no program to walk: the two tests inline, in the program's order.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::engine) struct LineFirst([LineThenStuck; MAX_PLAYERS]);

/// [`LineFirst`] for one player who moved.
#[derive(Debug, Clone, PartialEq)]
struct LineThenStuck {
    line: WordLine,
    /// The line's owner, as a cell stores it.
    owner: u8,
    /// The rule a line gives.
    lined: u32,
    /// The player whose being stuck gives `blocked` (none past `MAX_PLAYERS`).
    stuck: u8,
    /// The rule a player stuck gives.
    blocked: u32,
}

/// A player no `NoMoves` test names: past the players.
const NOBODY: u8 = u8::MAX;

impl LineThenStuck {
    /// The program's short form, its line among `lines`; `None` for a program of any other
    /// shape.
    fn of(program: &Program, lines: &[WordLine]) -> Option<LineThenStuck> {
        let [(Probe::Line { owner, at }, lined), rest @ ..] = program.listed.as_slice() else {
            return None;
        };
        let (stuck, blocked) = match rest {
            [] => (NOBODY, 0),
            [(Probe::NoMoves(p), blocked)] => (*p, *blocked),
            _ => return None,
        };
        let (owner, at, lined) = (*owner, *at, *lined);
        Some(LineThenStuck {
            line: lines.get(at as usize)?.clone(),
            owner,
            lined,
            stuck,
            blocked,
        })
    }
}

impl EndRules for &LineFirst {
    #[inline(always)]
    fn first(
        &self,
        _: &Ending,
        topology: &Topology,
        s: &State,
        actor: u8,
        stuck: Option<u8>,
    ) -> Option<usize> {
        let p = &self.0[actor as usize & (MAX_PLAYERS - 1)];
        if p.line.holds((topology, &s.board), p.owner, s.clock.last.to) {
            Some(p.lined as usize)
        } else {
            (stuck == Some(p.stuck)).then_some(p.blocked as usize)
        }
    }
}

impl EndRules for ByProgram {
    #[inline(always)]
    fn first(
        &self,
        ending: &Ending,
        topology: &Topology,
        s: &State,
        actor: u8,
        stuck: Option<u8>,
    ) -> Option<usize> {
        ending.first(topology, s, actor, stuck)
    }
}

impl Ending {
    /// The game's end rules read in place; `None` when a test is not one of those read here.
    pub(in crate::engine) fn of(game: &Game) -> Option<Ending> {
        let mut ending = Ending {
            until: game.end_choice.until,
            ..Ending::default()
        };
        for actor in 0..game.players.min(MAX_PLAYERS as u8) {
            let a = actor as usize;
            ending.full[a] = program(game, &game.end_choice.full, actor, &mut ending.lines)?;
            ending.early[a] = program(game, &game.end_choice.early, actor, &mut ending.lines)?;
        }
        // The early form is never read when `until` is 0: the short form stands for the full.
        let players = game.players.clamp(1, MAX_PLAYERS as u8) as usize;
        let short = ending.full[..players]
            .iter()
            .map(|p| LineThenStuck::of(p, &ending.lines))
            .collect::<Option<Vec<_>>>()
            .filter(|_| ending.until == 0);
        // Past the players, a copy of the first: never read.
        ending.short = short.map(|l| LineFirst(std::array::from_fn(|a| l[a % l.len()].clone())));
        Some(ending)
    }

    /// The end rules as a line then perhaps a player stuck, where they are that.
    pub(in crate::engine) fn line_first(&self) -> Option<&LineFirst> {
        self.short.as_ref()
    }

    /// The index of the first end rule that holds after `actor`'s move, `stuck` being the
    /// player to move when they have no move: what `Ctx::choose` gives on `Game::end_choice`.
    #[inline(always)]
    pub(in crate::engine) fn first(
        &self,
        topology: &Topology,
        s: &State,
        actor: u8,
        stuck: Option<u8>,
    ) -> Option<usize> {
        let played = s.clock.edges_played.max(s.clock.moves_played);
        let a = actor as usize & (MAX_PLAYERS - 1);
        let program = if played < self.until {
            &self.early[a]
        } else {
            &self.full[a]
        };
        if program.is_list {
            for (probe, rule) in &program.listed {
                if holds(*probe, s, stuck, (topology, &self.lines)) {
                    return Some(*rule as usize);
                }
            }
            return None;
        }
        let mut at = program.start;
        while let Some(step) = program.steps.get(at as usize) {
            at = if holds(step.probe, s, stuck, (topology, &self.lines)) {
                step.yes
            } else {
                step.no
            };
        }
        (at != NONE).then_some((at - RESULT) as usize)
    }
}

/// Whether a test holds after a move; a line test reads its line among `lines`.
#[inline(always)]
fn holds(probe: Probe, s: &State, stuck: Option<u8>, lines: (&Topology, &[WordLine])) -> bool {
    let (board, clock) = (&s.board, &s.clock);
    match probe {
        Probe::Within(count, lo, hi) => {
            let v = match count {
                Count::MovesPlayed => clock.moves_played as i64,
                Count::EdgesPlayed => clock.edges_played as i64,
                Count::MovesMade(p) => clock.moves_made[p as usize & (MAX_PLAYERS - 1)] as i64,
                Count::SinceProgress => clock.since_progress as i64,
                Count::TurnMoves => clock.turn_moves as i64,
                Count::Pips => clock.pips,
                Count::InHand(p) => board.hand[p as usize & (MAX_PLAYERS - 1)] as i64,
                Count::Store(p) => board.store[p as usize & (MAX_PLAYERS - 1)] as i64,
            };
            within_range(v, lo, hi)
        }
        Probe::NoPieces(p) => {
            let p = p as usize & (MAX_PLAYERS - 1);
            board.hand[p] == 0 && board.owned[p].0[0] == 0
        }
        Probe::NoMoves(p) => stuck == Some(p),
        Probe::Last { mask, from } => {
            let site = if from { clock.last.from } else { clock.last.to };
            // Sites past the one word (none, or no site at all) are in no region.
            site < 64 && (mask >> (site & 63)) & 1 != 0
        }
        Probe::Occupied { mask, empty } => (mask & board.filled.0[0] != 0) != empty,
        Probe::Never => false,
        Probe::Line { owner, at } => lines
            .1
            .get(at as usize)
            .is_some_and(|l| l.holds((lines.0, board), owner, clock.last.to)),
        Probe::Passed => clock.moves_played > 0 && clock.last.from == NO_SITE,
    }
}

/// A compiled program read for `actor`, its line tests added to `lines`; `None` if a test is not
/// one of the probes.
fn program(game: &Game, choice: &Choice, actor: u8, lines: &mut Vec<WordLine>) -> Option<Program> {
    let who = |w: Who| {
        let p = match w {
            Who::Player(p) => p,
            Who::Mover => actor,
            Who::Next => game.next[actor as usize & (MAX_PLAYERS - 1)],
            Who::Prev => game.prev[actor as usize & (MAX_PLAYERS - 1)],
        };
        p & (MAX_PLAYERS as u8 - 1)
    };
    // A region's sites for the player who moved, in the board's one word.
    let mask = |r: &crate::compile::ir::RegionRef| {
        game.regions
            .get(r.0 as usize)
            .map(|r| r.mask[actor as usize & (MAX_PLAYERS - 1)].0[0])
    };
    let steps = choice
        .steps
        .iter()
        .map(|step| {
            let probe = match &step.test {
                Test::Within(e, lo, hi) => {
                    let count = match e {
                        IntExpr::MovesPlayed => Count::MovesPlayed,
                        IntExpr::EdgesPlayed => Count::EdgesPlayed,
                        IntExpr::MovesMade(w) => Count::MovesMade(who(*w)),
                        IntExpr::MovesWithoutProgress => Count::SinceProgress,
                        IntExpr::MovesThisTurn => Count::TurnMoves,
                        IntExpr::Pips => Count::Pips,
                        IntExpr::InHand(w) => Count::InHand(who(*w)),
                        IntExpr::Score(w) => Count::Store(who(*w)),
                        _ => return None,
                    };
                    Probe::Within(count, *lo, *hi)
                }
                Test::Leaf(Leaf::NoPieces(w)) => Probe::NoPieces(who(*w)),
                Test::Leaf(Leaf::NoMoves(w)) => Probe::NoMoves(who(*w)),
                Test::Leaf(Leaf::LandedIn(r)) => Probe::Last {
                    mask: mask(r)?,
                    from: false,
                },
                Test::Leaf(Leaf::MovedFrom(r)) => Probe::Last {
                    mask: mask(r)?,
                    from: true,
                },
                Test::Leaf(Leaf::Filled(r)) => Probe::Occupied {
                    mask: mask(r)?,
                    empty: false,
                },
                Test::Leaf(Leaf::Empty(r)) => Probe::Occupied {
                    mask: mask(r)?,
                    empty: true,
                },
                Test::Leaf(Leaf::Repeated) => Probe::Never,
                Test::Leaf(Leaf::Passed) => Probe::Passed,
                // Only through the last move's site: a line anywhere is a walk of the board.
                Test::Leaf(Leaf::Line(l)) if l.through_last => {
                    lines.push(WordLine::of(l, &game.topology)?);
                    Probe::Line {
                        owner: who(l.who) + 1,
                        at: u16::try_from(lines.len() - 1).ok()?,
                    }
                }
                _ => return None,
            };
            Some(Step {
                probe,
                yes: step.yes,
                no: step.no,
            })
        })
        .collect::<Option<Vec<Step>>>()?;
    Some(Program::of(choice.start, steps))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(probe: Probe, yes: u32, no: u32) -> Step {
        Step { probe, yes, no }
    }

    #[test]
    fn a_program_of_one_test_a_rule_is_read_as_a_list_in_its_order() {
        // (if (no-pieces P2) rule 0) (if (no-moves P2) rule 1), the steps stored last first.
        let steps = vec![
            step(Probe::NoMoves(1), RESULT + 1, NONE),
            step(Probe::NoPieces(1), RESULT, 0),
        ];
        let program = Program::of(1, steps);
        assert!(program.is_list);
        assert_eq!(
            program.listed,
            vec![(Probe::NoPieces(1), 0), (Probe::NoMoves(1), 1)]
        );
    }

    #[test]
    fn a_program_with_an_and_or_a_not_is_no_list() {
        // (if (and (no-pieces P2) (no-moves P2)) rule 0): the first test's yes is a test.
        let and = vec![
            step(Probe::NoPieces(1), 1, NONE),
            step(Probe::NoMoves(1), RESULT, NONE),
        ];
        // (if (not (no-pieces P2)) rule 0): the test's no is a rule.
        let not = vec![step(Probe::NoPieces(1), NONE, RESULT)];
        for steps in [and, not] {
            let program = Program::of(0, steps);
            assert!(!program.is_list);
            assert!(program.listed.is_empty());
        }
    }
}
