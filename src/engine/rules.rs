//! The interpreter of the compiled rules: move generation, applying moves, turn control and
//! end rules. Everything here runs on the hot path: no names, no maps, no allocation once warm.

use super::moves::Move;
use super::sample::Scratch;
use super::state::{Board, Cell, Clock, History, NodeType, State, Status};
use crate::compile::choice::within_range;
use crate::compile::ir::*;
use crate::compile::Needs;
use crate::ludemes::On;
use std::cell::RefCell;

thread_local! {
    /// The board that filters try moves on.
    static SCRATCH: RefCell<Board> = RefCell::new(Board::default());
    /// The move buffer of `apply` for callers that do not pass their own.
    static MOVES: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
}

/// Why a move could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A throw was given where a move is due, or the other way round.
    #[error("{0}")]
    WrongNode(&'static str),
    /// The move is not legal here.
    #[error("the move is not legal in this position")]
    Illegal,
}

/// What applying a generator's move did, for filters and history.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Effects {
    pub sown: Sites,
    pub captured: u32,
}

/// What conditions and integers are evaluated against.
pub(crate) struct Ctx<'a> {
    pub game: &'a Game,
    pub clock: &'a Clock,
    pub board: &'a Board,
    /// The player `Mover` stands for.
    pub mover: u8,
    /// Sites the filtered move sowed into.
    pub sown: Sites,
    /// The player to move, when they have no legal move.
    pub stuck: Option<u8>,
    /// Whether the position occurred before.
    pub repeated: bool,
}

impl<'a> Ctx<'a> {
    /// The context of a board with `mover` as `Mover` (in effects and end rules).
    #[inline]
    pub fn after(game: &'a Game, clock: &'a Clock, board: &'a Board, mover: u8) -> Ctx<'a> {
        Ctx {
            game,
            clock,
            board,
            mover,
            sown: Sites::default(),
            stuck: None,
            repeated: false,
        }
    }

    /// The context of a position before a move: `Mover` is the player to move.
    #[inline]
    pub fn of(game: &'a Game, state: &'a State) -> Ctx<'a> {
        Ctx::after(game, &state.clock, &state.board, state.mover)
    }

    #[inline]
    pub(crate) fn who(&self, w: Who) -> u8 {
        let p = match w {
            Who::Player(p) => p,
            Who::Mover => self.mover,
            Who::Next => self.game.next[self.mover as usize & (MAX_PLAYERS - 1)],
            Who::Prev => self.game.prev[self.mover as usize & (MAX_PLAYERS - 1)],
        };
        // Players are below MAX_PLAYERS (checked at load): the mask spares the bounds checks.
        p & (MAX_PLAYERS as u8 - 1)
    }

    /// The sites of region `r` read with the mover.
    #[inline]
    pub(crate) fn sites(&self, r: RegionRef) -> &[Site] {
        &self.game.regions[r.0 as usize].sites[self.mover as usize]
    }

    /// Whether the region (read with the mover) has a site in `set`.
    #[inline]
    fn meets(&self, r: RegionRef, set: &Sites) -> bool {
        self.game.regions[r.0 as usize].mask[self.mover as usize].intersects(set)
    }

    /// The value of an integer expression; leaves are read inline, sums and counts out of line.
    #[inline(always)]
    pub fn int(&self, e: &IntExpr) -> i64 {
        match e {
            IntExpr::Lit(v) => *v,
            IntExpr::Pips => self.clock.pips,
            IntExpr::InHand(w) => self.board.hand[self.who(*w) as usize] as i64,
            IntExpr::Score(w) => self.board.store[self.who(*w) as usize] as i64,
            IntExpr::Var(w, v) => self.board.vars[self.who(*w) as usize][*v as usize],
            // Counters reach i64::MAX only after centuries of play: the conversion cannot wrap.
            IntExpr::MovesPlayed => self.clock.moves_played as i64,
            IntExpr::EdgesPlayed => self.clock.edges_played as i64,
            IntExpr::MovesMade(w) => self.clock.moves_made[self.who(*w) as usize] as i64,
            IntExpr::CountIn(_) | IntExpr::PiecesOnBoard(_) | IntExpr::Arith(..) => {
                self.int_composite(e)
            }
        }
    }

    /// Sums and counts, kept out of line so the leaves stay small.
    #[inline(never)]
    fn int_composite(&self, e: &IntExpr) -> i64 {
        match e {
            IntExpr::CountIn(r) => self
                .sites(*r)
                .iter()
                .map(|&s| self.board.cells[s as usize].count as i64)
                .sum(),
            IntExpr::PiecesOnBoard(w) => self.board.owned[self.who(*w) as usize]
                .iter_in(self.game.topology.words)
                .map(|s| self.board.cells[s as usize].count as i64)
                .sum(),
            IntExpr::Arith(op, a, b) => op.apply(self.int(a), self.int(b)),
            // The leaves: `int` reads them and sends only the kinds above here.
            _ => self.int(e),
        }
    }

    /// One leaf test of a compiled condition.
    #[inline(always)]
    fn test(&self, t: &Test) -> bool {
        match t {
            Test::Within(e, lo, hi) => within_range(self.int(e), *lo, *hi),
            Test::Compare(op, a, b) => op.holds(self.int(a), self.int(b)),
            Test::Leaf(l) => self.leaf(l),
        }
    }

    /// A test that reads the position directly.
    #[inline(always)]
    fn leaf(&self, l: &Leaf) -> bool {
        match l {
            Leaf::IsIn(v, list) => list.contains(&self.int(v)),
            Leaf::NoMoves(w) => self.stuck == Some(self.who(*w)),
            Leaf::NoPieces(w) => {
                let p = self.who(*w) as usize & (MAX_PLAYERS - 1);
                self.board.hand[p] == 0 && self.board.owned[p].is_empty()
            }
            Leaf::Repeated => self.repeated,
            Leaf::Empty(r) => !self.meets(*r, &self.board.filled),
            Leaf::Filled(r) => self.meets(*r, &self.board.filled),
            Leaf::SownInto(r) => self.meets(*r, &self.sown),
        }
    }

    /// The index of the first condition of a compiled list that holds.
    #[inline]
    pub fn choose(&self, choice: &Choice) -> Option<usize> {
        choice.run(|t| self.test(t))
    }

    /// Whether a compiled condition holds.
    #[inline]
    pub fn holds(&self, choice: &Choice) -> bool {
        self.choose(choice).is_some()
    }
}

/// Whether `site` is in region `r` read for `mover` (anywhere when there is no region).
#[inline]
pub(crate) fn region_has(game: &Game, r: Option<RegionRef>, mover: u8, site: Site) -> bool {
    r.is_none_or(|r| game.regions[r.0 as usize].mask[mover as usize].contains(site))
}

/// The action of a chance phase whose branches all fail.
static END_TURN: Action = Action::EndTurn;

/// The generators' moves of the current decision phase, in a deterministic order.
pub(crate) fn generate(game: &Game, state: &State, out: &mut Vec<Move>) {
    out.clear();
    if let Some(Phase::Decision { moves, pass, .. }) = game.phases.get(state.phase as usize) {
        expr_moves(&Ctx::of(game, state), moves, out, &mut None, NO_FILTER);
        if out.is_empty() && *pass {
            out.push(Move::pass());
        }
    }
}

pub(super) fn expr_moves(
    ctx: &Ctx,
    e: &MoveExpr,
    out: &mut Vec<Move>,
    lazy: &mut Option<&mut Vec<u16>>,
    tag: u16,
) {
    match e {
        MoveExpr::Gen(g) => {
            gen_moves(ctx, *g, out);
            if let Some(needs) = lazy {
                needs.resize(out.len(), tag);
            }
        }
        MoveExpr::Or(list) => list.iter().for_each(|m| expr_moves(ctx, m, out, lazy, tag)),
        MoveExpr::If(c, a, b) => {
            if ctx.holds(c) {
                expr_moves(ctx, a, out, lazy, tag)
            } else if let Some(b) = b {
                expr_moves(ctx, b, out, lazy, tag)
            }
        }
        MoveExpr::Filter(id, inner) if lazy.is_some() && tag == NO_FILTER => {
            expr_moves(ctx, inner, out, lazy, *id)
        }
        MoveExpr::Filter(id, inner) => {
            let start = out.len();
            expr_moves(ctx, inner, out, lazy, tag);
            let mut keep = start;
            for i in start..out.len() {
                if passes(ctx, *id, out[i]) {
                    out[keep] = out[i];
                    if let Some(needs) = lazy {
                        needs[keep] = needs[i];
                    }
                    keep += 1;
                }
            }
            out.truncate(keep);
            if let Some(needs) = lazy {
                needs.truncate(keep);
            }
        }
    }
}

/// Whether a move passes a filter: it is tried on a scratch board.
fn passes(ctx: &Ctx, filter: u16, m: Move) -> bool {
    SCRATCH.with(|scratch| try_on(ctx, filter, m, &mut scratch.borrow_mut()).is_some())
}

/// Plays the mover's move on `board` (a copy of the context's) and checks a filter after it: the
/// move's effects if it passes.
pub(super) fn try_on(ctx: &Ctx, filter: u16, m: Move, board: &mut Board) -> Option<Effects> {
    board.clone_from(ctx.board);
    let effects = apply_gen(ctx.game, ctx.clock, board, ctx.mover, m);
    let after = Ctx {
        sown: effects.sown,
        ..Ctx::after(ctx.game, ctx.clock, board, ctx.mover)
    };
    after
        .holds(&ctx.game.filters[filter as usize])
        .then_some(effects)
}

/// The moves of generator `g` in the context's position, into `out`.
pub(super) fn gen_moves(ctx: &Ctx, g: u16, out: &mut Vec<Move>) {
    ctx.game.gens[g as usize].gen.generate(ctx, g, out);
}

/// Applies a generator's move to a board, with its `then` effects.
pub(crate) fn apply_gen(
    game: &Game,
    clock: &Clock,
    board: &mut Board,
    mover: u8,
    m: Move,
) -> Effects {
    let Some(def) = game.gens.get(m.gen as usize) else {
        return Effects::default();
    };
    if m.from as usize >= board.cells.len() || m.to as usize >= board.cells.len() {
        return Effects::default();
    }
    let on = On { game, clock, mover };
    let fx = def.gen.apply(on, board, m);
    for effect in &def.then {
        let Effect::SetVar(who, var, value) = effect;
        let ctx = Ctx {
            sown: fx.sown,
            ..Ctx::after(game, clock, board, mover)
        };
        let (p, v) = (ctx.who(*who), ctx.int(value));
        board.vars[p as usize][*var as usize] = v;
    }
    fx
}

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

fn settle_sampled(
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
    let chosen = super::sample::pick_in(game, s, scratch, rng);
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
fn advance(
    game: &Game,
    s: &mut State,
    m: Move,
    played: Option<(&mut Board, Effects)>,
) -> Result<(u8, bool), PlayError> {
    let actor = s.mover;
    let mut captured = 0;
    let action = match (s.node, game.phases.get(s.phase as usize)) {
        (NodeType::Terminal, _) => return Err(PlayError::GameOver),
        (
            NodeType::Chance,
            Some(Phase::Chance {
                dice,
                by_outcome,
                choices,
            }),
        ) => {
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
            s.clock.edges_played += 1;
            let ctx = Ctx::after(game, &s.clock, &s.board, actor);
            by_outcome
                .get(i)
                .zip(choices.get(i))
                .and_then(|(branches, choice)| branches.get(ctx.choose(choice)?))
                .map_or(&END_TURN, |(_, a)| a)
        }
        (NodeType::Decision, Some(Phase::Decision { next, .. })) => {
            if m.throw_value().is_some() {
                return Err(PlayError::WrongNode(
                    "a move is to be made here, not dice thrown",
                ));
            }
            if let Some((board, effects)) = played {
                s.board.take_from(board);
                captured = effects.captured;
            } else if !m.is_pass() {
                if m.gen as usize >= game.gens.len() {
                    return Err(PlayError::Illegal);
                }
                captured = apply_gen(game, &s.clock, &mut s.board, actor, m).captured;
            }
            s.clock.moves_played += 1;
            s.clock.moves_made[actor as usize] += 1;
            s.clock.edges_played += 1;
            next
        }
        _ => return Err(PlayError::Illegal),
    };
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
        }
    }
    let mut repeated = false;
    if game.needs.contains(Needs::REPETITION) {
        let key = s.repetition_key();
        if captured > 0 && !game.needs.contains(Needs::PLACING) {
            // The board lost counters it can never get back: no earlier position can recur.
            s.history.clear();
        } else {
            repeated = s.history.contains(key);
        }
        s.history.push(key);
    }
    Ok((actor, repeated))
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
fn conclude(game: &Game, s: &mut State, actor: u8, repeated: bool, stuck: Option<u8>) -> bool {
    let rule = {
        let ctx = Ctx {
            stuck,
            repeated,
            mover: actor,
            ..Ctx::of(game, s)
        };
        ctx.choose(&game.end_choice)
            .and_then(|i| game.end.get(i))
            .map(|(_, o)| o)
    };
    match rule {
        Some(outcome) => {
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
            if n == 2 {
                let diff = s.board.store[0] as i64 - s.board.store[1] as i64;
                if diff.abs() <= within {
                    Status::Drawn
                } else {
                    Status::Won(if diff > 0 { 0 } else { 1 })
                }
            } else {
                let store = s.board.store;
                ranking(n, |q| -(store[q] as i64), within)
            }
        }
    };
    s.node = NodeType::Terminal;
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
    for setup in &game.setup {
        match setup {
            Setup::Fill(sites, count) => sites
                .iter()
                .for_each(|&s| board.cells[s as usize].count = *count),
            Setup::Hand(players, count) => players
                .iter()
                .for_each(|&p| board.hand[p as usize] = *count),
            Setup::Pieces {
                player,
                sites,
                track,
                state,
            } => {
                for &s in sites {
                    let pos = track.map_or(0, |t| {
                        game.tracks[t as usize].first_index[*player as usize][s as usize]
                    });
                    board.cells[s as usize] = Cell {
                        count: 1,
                        owner: player + 1,
                        pos: if pos == NO_SITE { 0 } else { pos as u8 },
                        state: *state,
                    };
                }
            }
        }
    }
    board.keyed = game.needs.contains(Needs::REPETITION);
    board.varied = !game.vars.is_empty();
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

/// Runs `f` with the thread's spare move buffer.
pub(crate) fn with_buffer<R>(f: impl FnOnce(&mut Vec<Move>) -> R) -> R {
    MOVES.with(|b| match b.try_borrow_mut() {
        Ok(mut buf) => f(&mut buf),
        Err(_) => f(&mut Vec::new()),
    })
}
