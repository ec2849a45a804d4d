//! The position as ASCII, for `ludus moves`, `ludus play` and golden tests.

use super::notation::column_name;
use super::state::{NodeType, State, Status};
use crate::compile::ir::{Game, Setup, MAX_PLAYERS};

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
                // P1 x, P2 o, P3 y, P4 z.
                let mark = ['x', 'o', 'y', 'z'][(o as usize - 1) & 3];
                let mut t = format!("{mark}{}", c.count);
                if on_tracks {
                    t = format!("{mark}@{}", c.pos);
                }
                if let Some(name) = game.states.get(c.state as usize) {
                    t.push(name.chars().next().unwrap_or('?').to_ascii_lowercase());
                }
                // With two kinds or more, each piece shows its kind's initial, in capitals.
                if game.kinds.len() > 1 {
                    let name = game.kinds.get(c.kind as usize).map_or("?", String::as_str);
                    t.push(name.chars().next().unwrap_or('?').to_ascii_uppercase());
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
        (NodeType::Terminal, Status::Ranked(places)) => format!(
            "game over: ranked {}",
            per_player(state, |p| places[p] as i64)
        ),
        (NodeType::Terminal, Status::Stopped) => "game over: stopped at the edge limit".to_string(),
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
    // Hexagons: each row half a cell right of the one below, so that a cell's six neighbours
    // sit around it (NE and NW above, SE and SW below).
    let skew = if game.topology.tiling.is_hex() {
        width.div_ceil(2)
    } else {
        0
    };
    // The site of each cell of the grid, by its coordinates (a hexagon leaves corners empty).
    let mut grid = vec![None; rows * columns];
    for (s, c) in game.topology.coords.iter().enumerate() {
        if let Some(c) = c {
            grid[c.y as usize * columns + c.x as usize] = Some(s);
        }
    }
    for row in (0..rows).rev() {
        out.push_str(&format!("{:>3} {}", row + 1, " ".repeat(row * skew)));
        for col in 0..columns {
            let text = grid[row * columns + col].map_or(String::new(), &cell_text);
            out.push_str(&format!(" {text:>width$}"));
        }
        out.push('\n');
    }
    out.push_str("    ");
    for col in 0..columns {
        out.push_str(&format!(" {:>width$}", column_name(col)));
    }
    out.push('\n');
    if game.needs.contains(crate::compile::Needs::HANDS) {
        out.push_str(&format!(
            "hands: {}\n",
            per_player(state, |p| state.board.hand[p] as i64)
        ));
    }
    out.push_str(&format!(
        "stores: {}\n",
        per_player(state, |p| state.board.store[p] as i64)
    ));
    for (i, (name, _)) in game.vars.iter().enumerate() {
        out.push_str(&format!(
            "{name}: {}\n",
            per_player(state, |p| state.board.vars[p][i])
        ));
    }
    out
}

/// `P1 a, P2 b, ...`: a value for each player.
fn per_player(state: &State, value: impl Fn(usize) -> i64) -> String {
    (0..(state.players as usize).min(MAX_PLAYERS))
        .map(|p| format!("P{} {}", p + 1, value(p)))
        .collect::<Vec<_>>()
        .join(", ")
}
