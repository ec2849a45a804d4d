//! Turn control: an edge played (a move or a throw), the next node settled, the end rules
//! checked and the result ranked; and the start position.

use super::ctx::{Ctx, Effects};
use super::moves::Move;
use super::rules::{apply_gen, generate, PlayError};
use super::sample::Scratch;
use super::state::{Board, Cell, Clock, History, Last, NodeType, State, Status};
use crate::board::MAX_HELD_KINDS;
use crate::compile::choice::{within_range, Test};
use crate::compile::ir::*;
use crate::compile::Needs;
use crate::engine::Game;
use crate::ludemes::{MoveFamily, MoverTurn};

/// The action of a chance phase whose branches all fail.
static END_TURN: Action = Action::EndTurn;

/// Applies an edge and settles the next node; `moves` receives the next decision's legal moves.
pub(crate) fn apply_edge(
    game: &Game,
    s: &mut State,
    m: Move,
    moves: &mut Vec<Move>,
) -> Result<(), PlayError> {
    let (actor, repeated) = advance(game, s, m, None)?;
    settle(game, s, actor, repeated, moves);
    Ok(())
}

/// Applies an edge and counts the edges out of the node it leads to, as perft's last level needs
/// them: a decision's moves counted as the draw counts them, a chance node's throws, none after
/// the end.
pub(crate) fn apply_and_count(
    game: &Game,
    s: &mut State,
    m: Move,
    scratch: &mut Scratch,
) -> Result<usize, PlayError> {
    let count = apply_counted(game, s, m, scratch)?;
    Ok(match s.node {
        NodeType::Chance => throws(game, s).len(),
        _ => count,
    })
}

/// Applies an edge and settles the node it leads to as [`apply_edge`] does, the next decision's
/// moves counted as the draw counts them instead of listed (the count is the list's length);
/// gives the count, 0 at a chance node or the end.
pub(crate) fn apply_counted(
    game: &Game,
    s: &mut State,
    m: Move,
    scratch: &mut Scratch,
) -> Result<usize, PlayError> {
    let (actor, repeated) = advance(game, s, m, None)?;
    let chance = matches!(
        game.phases.get(s.phase as usize),
        Some(Phase::Chance { .. })
    );
    s.node = if chance {
        NodeType::Chance
    } else {
        NodeType::Decision
    };
    let count = if chance {
        0
    } else {
        super::sample::count_legal(game, s, scratch)
    };
    let stuck = (!chance && count == 0).then_some(s.mover);
    Ok(match conclude(game, s, actor, repeated, stuck) {
        true => 0,
        false => count,
    })
}

/// Applies an edge and settles the next node as a playout does: returns the random legal move
/// picked for the next decision, if there is one.
#[inline(always)]
pub(crate) fn apply_sampled(
    game: &Game,
    s: &mut State,
    m: Move,
    scratch: &mut Scratch,
    rng: &mut impl rand::Rng,
) -> Result<Option<Move>, PlayError> {
    let played = scratch.tried_board(m);
    let (actor, repeated) = advance(game, s, m, played)?;
    Ok(settle_sampled(game, s, actor, repeated, scratch, rng))
}

// Inline: the playout loop keeps the turn's state in registers across the draw.
#[inline(always)]
pub(super) fn settle_sampled(
    game: &Game,
    s: &mut State,
    actor: u8,
    repeated: bool,
    scratch: &mut Scratch,
    rng: &mut impl rand::Rng,
) -> Option<Move> {
    s.node = match game.phases.get(s.phase as usize) {
        Some(Phase::Chance { .. }) => NodeType::Chance,
        _ => NodeType::Decision,
    };
    // A chance node has no move to draw: no call.
    let chosen = if s.node == NodeType::Decision {
        super::sample::pick_in(game, s, scratch, rng)
    } else {
        None
    };
    let stuck = (s.node == NodeType::Decision && chosen.is_none()).then_some(s.mover);
    if conclude(game, s, actor, repeated, stuck) {
        None
    } else {
        chosen
    }
}

/// Plays an edge: the move or throw, the turn control and the repetition history. Returns the
/// player who made it and whether the position repeats an earlier one. `played` is the board after
/// the move with its effects, when a filter's trial already played it.
#[inline(always)]
pub(super) fn advance(
    game: &Game,
    s: &mut State,
    m: Move,
    played: Option<(&mut Board, Effects)>,
) -> Result<(u8, bool), PlayError> {
    let actor = s.mover;
    let mut captured = 0;
    let action = match (s.node, game.phases.get(s.phase as usize)) {
        (NodeType::Terminal, _) => return Err(PlayError::GameOver),
        (NodeType::Chance, Some(Phase::Chance { dice, by_outcome })) => {
            let Some(v) = m.throw_value() else {
                return Err(PlayError::WrongNode(
                    "dice are to be thrown here, not a move made",
                ));
            };
            let outcomes = &game.dice[*dice as usize].outcomes;
            let Some(i) = outcomes.iter().position(|o| o.0 == v) else {
                return Err(PlayError::Illegal);
            };
            s.clock.pips = v as i64;
            if game.needs.contains(Needs::DICE) {
                super::dice::thrown(&game.dice[*dice as usize], i, &mut s.clock);
            }
            s.clock.edges_played += 1;
            by_outcome
                .get(i)
                .map_or(&END_TURN, |b| pick(game, s, actor, b))
        }
        (NodeType::Decision, Some(Phase::Decision { next, .. })) => {
            if m.throw_value().is_some() {
                return Err(PlayError::WrongNode(
                    "a move is to be made here, not dice thrown",
                ));
            }
            // Only the capture count and the landing are kept: the sown sites stay behind.
            let (last, progress);
            (captured, last, progress) = if let Some((board, effects)) = played {
                s.board.take_from(board);
                (effects.captured, effects.last(m), effects.progress)
            } else if !m.is_pass() {
                if m.gen as usize >= game.gens.len() {
                    return Err(PlayError::Illegal);
                }
                let fx = apply_move(game, s, actor, m);
                (
                    fx.captured,
                    fx.last(m),
                    fx.progress | u8::from(fx.captured > 0),
                )
            } else {
                (0, Last::default(), 0)
            };
            if game.needs.contains(Needs::DICE) {
                super::dice::spend(&mut s.clock, m);
            }
            s.clock.last = last;
            // One test for the features most games keep none of.
            if game
                .needs
                .intersects(KEPT_AFTER_A_MOVE.with(Needs::CAPTURED))
            {
                if game.needs.contains(Needs::CAPTURED) {
                    s.clock.captured = captured;
                }
                keep_after_move(game, s, progress);
            }
            s.clock.moves_played += 1;
            s.clock.moves_made[actor as usize] += 1;
            s.clock.edges_played += 1;
            pick(game, s, actor, next)
        }
        _ => return Err(PlayError::Illegal),
    };
    Ok((actor, follow(game, s, actor, action, captured)))
}

/// Plays a generator's move on the board: [`apply_gen`], with an advance that has no effects
/// after it played inline (no call, no dispatch on the family: race games' commonest move).
#[inline(always)]
fn apply_move(game: &Game, s: &mut State, actor: u8, m: Move) -> Effects {
    if game.needs.contains(Needs::DICE) {
        if let Some(die) = m.die() {
            return super::dice::apply_with_die(game, s, actor, m, die);
        }
    }
    let on_board = (m.from as usize) < s.board.cells.len() && (m.to as usize) < s.board.cells.len();
    match game.gens.get(m.gen as usize) {
        Some(GenDef {
            gen: Gen::Advance(a),
            then,
            remove: None,
        }) if then.is_empty() && on_board && !game.needs.contains(Needs::SOWN) => {
            let on = MoverTurn {
                game,
                clock: &s.clock,
                mover: actor,
            };
            a.apply(on, &mut s.board, m)
        }
        _ => apply_gen(game, &s.clock, &mut s.board, actor, m),
    }
}

/// Counts a move by `actor` that ends the turn (a turn of one move leaves no moves of the turn
/// counted) and passes it to the next player, at the first phase: what the loops of games whose
/// every turn is one move do after it.
#[inline(always)]
pub(super) fn end_turn_after_move(game: &Game, state: &mut State, actor: u8) {
    let clock = &mut state.clock;
    clock.moves_played += 1;
    clock.moves_made[actor as usize & (MAX_PLAYERS - 1)] += 1;
    clock.edges_played += 1;
    clock.turn_moves = 0;
    state.mover = game.next[actor as usize & (MAX_PLAYERS - 1)];
    state.phase = 0;
}

/// Throws the dice of the chance node `s` is at and settles the next node as a playout does:
/// [`apply_sampled`] with the throw drawn here, its outcome's index carried instead of searched.
/// `None` at a node that is not a chance node.
#[inline(always)]
pub(crate) fn throw_sampled(
    game: &Game,
    s: &mut State,
    scratch: &mut Scratch,
    rng: &mut impl rand::Rng,
) -> Option<Option<Move>> {
    let Some(Phase::Chance { dice, by_outcome }) = game.phases.get(s.phase as usize) else {
        return None;
    };
    let d = &game.dice[*dice as usize];
    let i = super::outcome_drawn(d, rng)?;
    let actor = s.mover;
    s.clock.pips = d.outcomes[i].0 as i64;
    if game.needs.contains(Needs::DICE) {
        super::dice::thrown(d, i, &mut s.clock);
    }
    s.clock.edges_played += 1;
    let action = by_outcome
        .get(i)
        .map_or(&END_TURN, |b| pick_thrown(game, s, actor, b));
    let repeated = follow(game, s, actor, action, 0);
    Some(settle_sampled(game, s, actor, repeated, scratch, rng))
}

/// The turn control after an edge by `actor` (its action) and the repetition history; returns
/// whether the position repeats an earlier one. `captured`: counters the edge took.
#[inline(always)]
pub(super) fn follow(
    game: &Game,
    s: &mut State,
    actor: u8,
    action: &Action,
    captured: u32,
) -> bool {
    match action {
        Action::Goto(phase, pips) => {
            if let Some(p) = pips {
                let ctx = Ctx::after(game, &s.clock, &s.board, actor);
                s.clock.pips = ctx.int(p);
            }
            s.phase = *phase;
        }
        Action::EndTurn => {
            s.mover = game.next[s.mover as usize & (MAX_PLAYERS - 1)];
            s.phase = 0;
            // Zero already unless the game counts the moves of a turn.
            s.clock.turn_moves = 0;
        }
        Action::Again => s.phase = 0,
    }
    let mut repeated = false;
    if game.needs.contains(Needs::REPETITION) {
        let key = s.repetition_key();
        if captured > 0 && !game.needs.contains(Needs::PLACING) {
            // The board lost counters it can never get back: no earlier position can recur.
            s.history.clear();
        } else {
            repeated = s.history.seen(key, game.repetitions);
        }
        s.history.push(key);
    }
    repeated
}

/// The features a move updates besides the board: the groups of pieces, the moves without
/// progress and the moves of the turn.
pub(super) const KEPT_AFTER_A_MOVE: Needs = Needs::GROUPS
    .with(Needs::CHAINS)
    .with(Needs::PROGRESS)
    .with(Needs::TURN);

/// Updates what the game keeps of [`KEPT_AFTER_A_MOVE`] after a move that made `progress`.
#[inline(always)]
pub(super) fn keep_after_move(game: &Game, s: &mut State, progress: u8) {
    if game.needs.contains(Needs::GROUPS) {
        let b = &mut s.board;
        b.groups
            .0
            .follow(&game.groups, &b.owned, game.players as usize);
    }
    if game.needs.contains(Needs::CHAINS) {
        // Taken out while it reads the board it follows (a move of a pointer).
        let mut chains = std::mem::take(&mut s.board.chains.0);
        chains.follow(game, &s.board);
        s.board.chains.0 = chains;
    }
    if game.needs.contains(Needs::PROGRESS) {
        s.clock.since_progress = if progress != 0 {
            0
        } else {
            s.clock.since_progress.saturating_add(1)
        };
    }
    if game.needs.contains(Needs::TURN) {
        s.clock.turn_moves = s.clock.turn_moves.saturating_add(1);
    }
}

/// Where the turn goes after an edge by `actor`: the first branch that holds (the turn ends when
/// none does).
#[inline(always)]
fn pick<'g>(game: &Game, s: &State, actor: u8, branches: &'g Branches) -> &'g Action {
    if let Some(a) = branches.fixed() {
        return a;
    }
    let ctx = Ctx::after(game, &s.clock, &s.board, actor);
    ctx.choose(&branches.choice)
        .and_then(|i| branches.list.get(i))
        .map_or(&END_TURN, |(_, a)| a)
}

/// Where the turn goes after a throw: [`pick`], with the tests of a player's variable (the
/// commonest on a throw's branches, such as whether a player has opened) read in place, the
/// others out of line.
#[inline(always)]
fn pick_thrown<'g>(game: &Game, s: &State, actor: u8, branches: &'g Branches) -> &'g Action {
    match branches.fixed() {
        Some(a) => a,
        None => choose_thrown(game, s, actor, branches),
    }
}

/// The branch a throw takes when there are tests to make. Out of line: inline, it grew the
/// playout loop of games without dice (a placement and capture game lost 1.3% of its playouts
/// per second).
#[inline(never)]
fn choose_thrown<'g>(game: &Game, s: &State, actor: u8, branches: &'g Branches) -> &'g Action {
    let ctx = Ctx::after(game, &s.clock, &s.board, actor);
    let vars = &s.board.vars;
    branches
        .choice
        .run(|t| match t {
            Test::Within(IntExpr::Var(w, v), lo, hi) => {
                let p = ctx.who(*w) as usize & (MAX_PLAYERS - 1);
                vars[p]
                    .get(*v as usize)
                    .is_some_and(|&x| within_range(x, *lo, *hi))
            }
            _ => ctx.test_apart(t),
        })
        .and_then(|i| branches.list.get(i))
        .map_or(&END_TURN, |(_, a)| a)
}

/// Sets the node type of a state whose phase is fresh, generates its moves, and checks the end rules
/// with `actor` as the player who made the last edge.
pub(crate) fn settle(game: &Game, s: &mut State, actor: u8, repeated: bool, moves: &mut Vec<Move>) {
    moves.clear();
    s.node = match game.phases.get(s.phase as usize) {
        Some(Phase::Chance { .. }) => NodeType::Chance,
        _ => {
            generate(game, s, moves);
            NodeType::Decision
        }
    };
    let stuck = (s.node == NodeType::Decision && moves.is_empty()).then_some(s.mover);
    if conclude(game, s, actor, repeated, stuck) {
        moves.clear();
    }
}

/// Checks the end rules after an edge; returns whether the game is over.
#[inline(always)]
pub(super) fn conclude(
    game: &Game,
    s: &mut State,
    actor: u8,
    repeated: bool,
    stuck: Option<u8>,
) -> bool {
    let rule = match &game.plans.ending {
        // Read in place: the program's tests through a context cost twice as much an edge.
        Some(ending) => ending.first(&game.topology, s, actor, stuck),
        None => {
            let ctx = Ctx {
                stuck,
                repeated,
                mover: actor,
                ..Ctx::of(game, s)
            };
            let played = s.clock.edges_played.max(s.clock.moves_played);
            ctx.choose(game.end_choice.at(played))
        }
    };
    settle_rule(game, s, actor, stuck, rule)
}

/// What the end rules' answer after an edge by `actor` does (`rule`, the first that holds): the
/// result it gives, a draw for a player stuck that no rule covers, or the stop at the edge limit;
/// returns whether the game is over. The loops of shapes of game read the rules in their own
/// form and end the game here, as the general loop does.
#[inline(always)]
pub(super) fn settle_rule(
    game: &Game,
    s: &mut State,
    actor: u8,
    stuck: Option<u8>,
    rule: Option<usize>,
) -> bool {
    match rule.and_then(|i| game.end.get(i)) {
        Some((_, outcome)) => {
            finish(game, s, actor, outcome);
            true
        }
        None if stuck.is_some() => {
            // A decision with no move that no end rule covers: the game cannot go on, and is drawn.
            s.status = Status::Drawn;
            s.node = NodeType::Terminal;
            true
        }
        None if s.clock.edges_played >= game.max_edges => {
            stop(s);
            true
        }
        None => false,
    }
}

/// Stops a game at the edge limit.
#[cold]
#[inline(never)]
fn stop(s: &mut State) {
    s.status = Status::Stopped;
    s.node = NodeType::Terminal;
}

#[cold]
#[inline(never)]
fn finish(game: &Game, s: &mut State, actor: u8, outcome: &Outcome) {
    let n = (game.players as usize).clamp(2, MAX_PLAYERS);
    s.status = match outcome {
        Outcome::Fixed(None, _) | Outcome::Fixed(_, ResultKind::Draw) => Status::Drawn,
        Outcome::Fixed(Some(w), kind) => {
            let p = Ctx::after(game, &s.clock, &s.board, actor).who(*w);
            match kind {
                ResultKind::Win => Status::Won(p),
                // A loss puts the player last and the others first together.
                _ => ranking(n, |q| if q == p as usize { 1 } else { 0 }, 0),
            }
        }
        Outcome::ByScore {
            collect,
            draw_within,
        } => {
            if let Some(r) = collect {
                for p in 0..n {
                    for &site in &game.regions[*r as usize].sites[p] {
                        s.board.store[p] += s.board.cells[site as usize].count as u32;
                        s.board.clear(site as usize);
                    }
                }
            }
            let within = {
                let ctx = Ctx::after(game, &s.clock, &s.board, actor);
                ctx.int(draw_within)
            };
            let store = s.board.store.map(i64::from);
            by_count(n, &store, within)
        }
        Outcome::ByPieces(kind) => {
            // In stacks of mixed owners only the top is the player's to count.
            let tops = game.needs.contains(Needs::LAYERS);
            let pieces: [i64; MAX_PLAYERS] = std::array::from_fn(|p| {
                s.board.owned[p]
                    .iter_in(game.topology.words)
                    .map(|site| s.board.cells[site as usize])
                    .filter(|c| kind.is_none_or(|k| c.kind == k))
                    .map(|c| if tops { 1 } else { i64::from(c.count) })
                    .sum()
            });
            by_count(n, &pieces, 0)
        }
        Outcome::ByArea { territory, komi } => {
            let area = territory.area(game, &s.board);
            // Each store shows the player's area, for the record of the game.
            for (store, &a) in s.board.store.iter_mut().zip(&area) {
                *store = a.clamp(0, i64::from(u32::MAX)) as u32;
            }
            // In thousandths, as the komi is.
            let mut points = area.map(|a| a.saturating_mul(1000));
            points[1] = points[1].saturating_add(*komi);
            by_count(n, &points, 0)
        }
    };
    s.node = NodeType::Terminal;
}

/// The result of `n` players by their counts, the higher first; counts within `within` tie.
fn by_count(n: usize, counts: &[i64; MAX_PLAYERS], within: i64) -> Status {
    if n == 2 {
        let diff = counts[0] - counts[1];
        if diff.abs() <= within {
            Status::Drawn
        } else {
            Status::Won(if diff > 0 { 0 } else { 1 })
        }
    } else {
        ranking(n, |q| -counts[q], within)
    }
}

/// The result of ranking `n` players by a key, lower first: each player takes the place after
/// those ahead, and shares the place of the one just ahead when their keys differ by at most
/// `within`. One player alone first over all the others tied is a win, all tied a draw.
fn ranking(n: usize, key: impl Fn(usize) -> i64, within: i64) -> Status {
    let mut order: [usize; MAX_PLAYERS] = std::array::from_fn(|p| p);
    order[..n].sort_by_key(|&p| key(p));
    let mut places = [0u8; MAX_PLAYERS];
    for i in 0..n {
        let p = order[i];
        places[p] = match i.checked_sub(1).map(|j| order[j]) {
            Some(q) if key(p).saturating_sub(key(q)) <= within => places[q],
            _ => i as u8 + 1,
        };
    }
    let firsts = places[..n].iter().filter(|&&x| x == 1).count();
    if firsts == n {
        Status::Drawn
    } else if firsts == 1 && places[..n].iter().filter(|&&x| x == 2).count() == n - 1 {
        Status::Won(order[0] as u8)
    } else {
        Status::Ranked(places)
    }
}

/// The start position.
pub(crate) fn initial(game: &Game, moves: &mut Vec<Move>) -> State {
    let n = game.sites();
    let mut board = Board {
        cells: vec![Cell::default(); n],
        ..Board::default()
    };
    for p in 0..game.players as usize {
        for (i, (_, v)) in game.vars.iter().enumerate() {
            board.vars[p][i] = *v;
        }
    }
    // Pieces given to hands by kind, per player.
    let mut by_kind = [[0u16; MAX_HELD_KINDS]; MAX_PLAYERS];
    for setup in &game.setup {
        match setup {
            Setup::Fill(sites, count) => sites
                .iter()
                .for_each(|&s| board.cells[s as usize].count = *count),
            Setup::Hand(players, count, kind) => {
                for &p in players {
                    let p = p as usize & (MAX_PLAYERS - 1);
                    match kind {
                        Some(k) => by_kind[p][(*k as usize).min(MAX_HELD_KINDS - 1)] = *count,
                        None => board.hand[p] = *count,
                    }
                }
            }
            Setup::Pieces {
                player,
                sites,
                count,
                track,
                state,
                kind,
                moved,
            } => {
                // Only the kinds that castle keep the mark: another piece's moving changes no
                // right, and must not make a position differ from itself (repetition).
                let castles = !moved
                    && game.needs.contains(Needs::UNMOVED)
                    && game.gens.iter().any(|d| match &d.gen {
                        Gen::Castle(c) => c.kind == *kind || c.with == *kind,
                        _ => false,
                    });
                for &s in sites {
                    if castles {
                        board.unmoved.insert(s);
                    }
                    let pos = track.map_or(0, |t| {
                        game.tracks[t as usize].first_index[*player as usize][s as usize]
                    });
                    board.cells[s as usize] = Cell {
                        count: *count,
                        owner: player + 1,
                        pos: if pos == NO_SITE { 0 } else { pos as u8 },
                        state: *state,
                        kind: *kind,
                    };
                }
            }
        }
    }
    board.keyed = game.needs.contains(Needs::REPETITION);
    board.varied = !game.vars.is_empty();
    board.layers = super::stacks::Layers::of(game);
    board.kinds = super::state::KindSets::of(game);
    if game.needs.contains(Needs::KINDS_HELD) {
        // Pieces given to a hand at the start without a kind are of the first kind.
        for p in 0..game.players {
            let first = board.hand[p as usize] + by_kind[p as usize][0];
            by_kind[p as usize][0] = first;
            for (k, &n) in by_kind[p as usize].iter().enumerate() {
                board.set_held(p, k as u8, n.min(u8::MAX as u16) as u8);
            }
        }
    }
    board.words = game.topology.words.min(u8::MAX as usize) as u8;
    board.refresh();
    let mut s = State {
        board,
        mover: 0,
        players: game.players,
        phase: 0,
        clock: Clock::default(),
        node: NodeType::Decision,
        status: Status::Ongoing,
        history: History::default(),
    };
    if game.needs.contains(Needs::REPETITION) {
        s.history.push(s.repetition_key());
    }
    // As if the last player had just moved.
    settle(game, &mut s, game.prev[0], false, moves);
    s
}

/// The throw values and probabilities of a chance node (empty elsewhere).
pub(crate) fn throws<'g>(game: &'g Game, state: &State) -> &'g [(i32, f64)] {
    match (state.node, game.phases.get(state.phase as usize)) {
        (NodeType::Chance, Some(Phase::Chance { dice, .. })) => &game.dice[*dice as usize].outcomes,
        _ => &[],
    }
}
