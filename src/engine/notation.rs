//! Move notation: written from a move in a position, read back by matching the legal moves.

use super::moves::Move;
use super::state::{NodeType, State};
use super::MoveError;
use crate::board::topology::Coord;
use crate::compile::ir::Site;
use crate::engine::Game;

/// Words that take the next word as part of the same move.
const PREFIXES: [&str; 6] = ["place", "sow", "throw", "all", "enter", "lift"];

pub(crate) fn site_name(game: &Game, site: Site) -> String {
    match game.topology.coords.get(site as usize).copied().flatten() {
        Some(Coord { x, y }) => format!("{}{}", column_name(x.max(0) as usize), y as i32 + 1),
        None => format!("s{site}"),
    }
}

/// A column's letters: `a` to `z`, then `aa`, `ab` … `az`, `ba` … (as spreadsheets name them),
/// so that every column of the widest board has a name that reads back.
pub(super) fn column_name(column: usize) -> String {
    let mut letters = Vec::new();
    let mut x = column;
    loop {
        letters.push(b'a' + (x % 26) as u8);
        if x < 26 {
            break;
        }
        x = x / 26 - 1;
    }
    letters.iter().rev().map(|&b| b as char).collect()
}

pub(super) fn write(game: &Game, state: &State, m: Move) -> String {
    if m.is_pass() {
        return "pass".into();
    }
    if let Some(v) = m.throw_value() {
        return format!("throw {v}");
    }
    let (from, to) = (site_name(game, m.from), site_name(game, m.to));
    let enemy = state
        .board
        .cells
        .get(m.to as usize)
        .is_some_and(|c| c.owner != 0 && c.owner != state.mover + 1);
    let text = match game.gens.get(m.gen as usize) {
        Some(def) => def.gen.notation(game, &state.board, m, &from, &to, enemy),
        None => format!("?{}", m.gen),
    };
    // A piece the move also takes: `place d1xg7`, `a4-a1xg7`.
    let text = match m.removal() {
        Some(s) => format!("{text}x{}", site_name(game, s)),
        None => text,
    };
    // The die a move uses, when each die is used alone: `a2-c2/2`, `l1-off/6`.
    match m.die() {
        Some(d) if game.needs.contains(crate::compile::Needs::DICE) => format!("{text}/{d}"),
        _ => text,
    }
}

pub(super) fn split(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        if PREFIXES.contains(&w.to_ascii_lowercase().as_str()) {
            match words.next() {
                Some(next) => out.push(format!("{w} {next}")),
                None => out.push(w.to_string()),
            }
        } else {
            out.push(w.to_string());
        }
    }
    out
}

pub(super) fn parse(game: &Game, state: &State, text: &str) -> Result<Move, MoveError> {
    let wanted = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    let (candidates, what): (Vec<Move>, _) = match state.node {
        NodeType::Chance => (
            game.chance_outcomes(state)
                .into_iter()
                .map(|o| o.0)
                .collect(),
            "throw",
        ),
        NodeType::Decision => (game.moves(state), "move"),
        NodeType::Terminal => (Vec::new(), "move (the game is over)"),
    };
    let written: Vec<String> = candidates.iter().map(|&m| write(game, state, m)).collect();
    match written
        .iter()
        .position(|w| w.to_ascii_lowercase() == wanted)
    {
        Some(i) => Ok(candidates[i]),
        None => Err(MoveError {
            text: text.to_string(),
            what,
            legal: if written.is_empty() {
                "none".into()
            } else {
                written.join(", ")
            },
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::column_name;

    #[test]
    fn columns_past_z_take_two_letters() {
        let names: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 447].map(column_name).to_vec();
        assert_eq!(names, ["a", "b", "z", "aa", "ab", "az", "ba", "qf"]);
    }
}
