//! What a batch of games asks for ahead: the cache lines that drawing or playing a move in a
//! state will read, named so that a batch brings one game's lines toward the core while it plays
//! another (see [`Prefetch`]). Only the lines read: at a batch of 1024 states, a line asked for
//! and not read crowds out one that is.

use super::moves::Move;
use super::state::State;
use super::Game;
use crate::board::Prefetch;
use crate::compile::ir::MAX_PLAYERS;
use crate::compile::Needs;

impl State {
    /// Gives `to` the lines of the state itself that the other prefetches read to find the rest:
    /// where its cells, groups, kinds' sets and history lie, and the number of players. Asked for
    /// further ahead than they, so that they do not wait on a line of the state to learn which
    /// lines to ask for.
    pub fn prefetch_handles(&self, to: &mut impl Prefetch) {
        let b = &self.board;
        to.line(&b.cells);
        to.line(&b.groups);
        to.line(&b.kinds);
        to.line(&self.history);
        to.line(&self.players);
    }

    /// Gives `to` the cache lines of the state that [`Game::random_move`] reads first: who is to
    /// move and the fixed part's sets and hands (a draw that lists moves reads cells too, as
    /// listing finds them).
    pub fn prefetch_draw(&self, to: &mut impl Prefetch) {
        let b = &self.board;
        let players = (self.players as usize).min(MAX_PLAYERS);
        to.line(&self.node);
        to.line(&b.hand);
        to.line(&b.filled);
        for o in &b.owned[..players] {
            to.line(o);
        }
        b.kinds.prefetch(to);
    }
}

impl Game {
    /// Gives `to` each cache line of `s` that playing `m` there reads: the draw's
    /// ([`State::prefetch_draw`]), the cells of the move's origin, target and removal, the clock,
    /// the repetition keys, the board key and the unmoved pieces where the game keeps them, and
    /// the groups' lines that joining the piece reads first: its own node and its neighbours', not
    /// their roots (asking for those means reading the neighbours' nodes, which cost a batch that
    /// fits the cache more than it saved one that does not).
    pub fn prefetch_move(&self, s: &State, m: Move, to: &mut impl Prefetch) {
        s.prefetch_draw(to);
        let b = &s.board;
        for at in [m.from(), m.to(), m.removal()].into_iter().flatten() {
            if let Some(cell) = b.cells.get(at as usize) {
                to.line(cell);
            }
        }
        to.line(&s.clock);
        to.lines(s.history.keys());
        if b.keyed {
            to.line(&b.key);
        }
        if self.needs.contains(Needs::UNMOVED) {
            to.line(&b.unmoved);
        }
        if let Some(t) = m.to() {
            let players = (s.players as usize).min(MAX_PLAYERS);
            b.groups.0.prefetch_join(&self.groups, (players, t), to);
        }
    }
}
