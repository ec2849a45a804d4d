//! The position as ASCII, for `ludus moves`, `ludus play` and golden tests.

use super::notation::column_name;
use super::state::{NodeType, State, Status};
use crate::compile::ir::{Game, Setup};

pub(super) fn board(game: &Game, state: &State) -> String {
    let on_tracks = game
        .setup
        .iter()
        .any(|s| matches!(s, Setup::Pieces { track: Some(_), .. }));
    let counters = game.setup.iter().any(|s| matches!(s, Setup::Fill(..)));
    let cell_text = |site: usize| -> String {
        let c = state.board.cells[site];
        match c.owner {
            0 if c.count == 0 && !counters => ".".into(),
            0 => c.count.to_string(),
            o => {
                let mark = if o == 1 { 'x' } else { 'o' };
                let mut t = format!("{mark}{}", c.count);
                if on_tracks {
                    t = format!("{mark}@{}", c.pos);
                }
                if let Some(name) = game.states.get(c.state as usize) {
                    t.push(name.chars().next().unwrap_or('?').to_ascii_lowercase());
                }
                t
            }
        }
    };
    let width = (0..game.sites())
        .map(|s| cell_text(s).len())
        .max()
        .unwrap_or(1)
        .max(2);
    let mut out = String::new();
    let status = match (state.node, state.status) {
        (NodeType::Terminal, Status::Won(p)) => format!("game over: P{} wins", p + 1),
        (NodeType::Terminal, _) => "game over: draw".to_string(),
        (NodeType::Chance, _) => format!("P{} to throw", state.mover + 1),
        (NodeType::Decision, _) => format!("P{} to move", state.mover + 1),
    };
    let phase = if game.phases.len() > 1 {
        format!(
            ", phase {}",
            game.phase_names
                .get(state.phase as usize)
                .map_or("?", String::as_str)
        )
    } else {
        String::new()
    };
    let pips = if !game.dice.is_empty() && state.node == NodeType::Decision {
        format!(", pips {}", state.clock.pips)
    } else {
        String::new()
    };
    out.push_str(&format!(
        "{}: {status}{phase}{pips}, {} moves played\n",
        game.name, state.clock.moves_played
    ));
    let (rows, columns) = (game.topology.rows, game.topology.columns);
    for row in (0..rows).rev() {
        out.push_str(&format!("{:>3} ", row + 1));
        for col in 0..columns {
            out.push_str(&format!(" {:>width$}", cell_text(row * columns + col)));
        }
        out.push('\n');
    }
    out.push_str("    ");
    for col in 0..columns {
        out.push_str(&format!(" {:>width$}", column_name(col)));
    }
    out.push('\n');
    if game.hands {
        out.push_str(&format!(
            "hands: P1 {}, P2 {}\n",
            state.board.hand[0], state.board.hand[1]
        ));
    }
    out.push_str(&format!(
        "stores: P1 {}, P2 {}\n",
        state.board.store[0], state.board.store[1]
    ));
    for (i, (name, _)) in game.vars.iter().enumerate() {
        out.push_str(&format!(
            "{name}: P1 {}, P2 {}\n",
            state.board.vars[0][i], state.board.vars[1][i]
        ));
    }
    out
}
