//! The pieces of a diagram: each player's pieces by owner, with the height of a stack and the
//! kind's initial, counters by number, and stacks of mixed owners drawn layer by layer.

use super::{escape, Geometry, CELL, PLAYER_COLOURS, PLAYER_TEXT, STATE_DASHES};
use crate::compile::ir::MAX_PLAYERS;
use crate::engine::{Game, State};
use std::fmt::Write;

/// The most layers of a stack drawn beside its top piece; a taller stack shows its top ones.
const LAYERS_DRAWN: usize = 10;

impl Geometry {
    /// The pieces beneath a stack's top, as a column of bars at the cell's left in their
    /// owners' colours, the bottom one lowest: the top ones where the stack is taller than
    /// [`LAYERS_DRAWN`], with the number left out written under them.
    fn draw_layers(&self, game: &Game, state: &State, s: usize, out: &mut String) {
        let (x, y) = self.centre(s);
        let owners = state.board.stack(s);
        let beneath = &owners[..owners.len().saturating_sub(1)];
        let shown = &beneath[beneath.len().saturating_sub(LAYERS_DRAWN)..];
        let (bar, left, bottom) = (CELL * 0.075, x - CELL * 0.49, y + CELL * 0.42);
        for (i, &p) in shown.iter().enumerate() {
            let (fill, stroke, _) = piece_colours(game, p as usize);
            let _ = writeln!(
                out,
                r##"<rect x="{left:.1}" y="{:.1}" width="{:.1}" height="{bar:.1}" fill="{fill}" stroke="{stroke}" stroke-width="0.8"/>"##,
                bottom - (i + 1) as f64 * bar,
                CELL * 0.12
            );
        }
        let hidden = beneath.len() - shown.len();
        if hidden > 0 {
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="8" text-anchor="middle" fill="#5a4a2a">+{hidden}</text>"##,
                left + CELL * 0.06,
                bottom + CELL * 0.05 + 6.0
            );
        }
    }

    pub(super) fn draw_pieces(&self, game: &Game, state: &State, out: &mut String) {
        for (s, cell) in state.board.cells.iter().enumerate() {
            if cell.count == 0 {
                continue;
            }
            let (x, y) = self.centre(s);
            if cell.owner == 0 {
                let _ = writeln!(
                    out,
                    r##"<text x="{x:.1}" y="{:.1}" font-size="15" font-weight="bold" text-anchor="middle" fill="#5a4a2a">{}</text>"##,
                    y + 5.0,
                    cell.count
                );
                continue;
            }
            let p = (cell.owner as usize - 1) & (MAX_PLAYERS - 1);
            if cell.count > 1 && state.board.mixes_owners() {
                self.draw_layers(game, state, s, out);
            }
            let (fill, stroke, text) = piece_colours(game, p);
            let dash = match STATE_DASHES[cell.state as usize % STATE_DASHES.len()] {
                "" => String::new(),
                d if game.states.len() > 1 => format!(r#" stroke-dasharray="{d}""#),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="{stroke}" stroke-width="2.5"{dash}/>"##,
                CELL * 0.36
            );
            let mut label = String::new();
            if cell.count > 1 {
                label.push_str(&cell.count.to_string());
            }
            if game.kinds.len() > 1 {
                label.push_str(&kind_label(game, cell.kind));
            }
            if !label.is_empty() {
                let _ = writeln!(
                    out,
                    r##"<text x="{x:.1}" y="{:.1}" font-size="13" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"##,
                    y + 4.5,
                    text,
                    escape(&label)
                );
            }
        }
    }
}

/// The label a piece of a kind is drawn with: the graphics' own, else the shortest start of the
/// kind's name (capitalised) that starts no other kind's name, up to the whole name.
pub(super) fn kind_label(game: &Game, kind: u8) -> String {
    if let Some((_, l)) = game.graphics.labels.iter().find(|(k, _)| *k == kind) {
        return l.clone();
    }
    let Some(name) = game.kinds.get(kind as usize) else {
        return "?".into();
    };
    let lower = |s: &str| s.to_lowercase();
    let chars: Vec<char> = name.chars().collect();
    for n in 1..=chars.len() {
        let start: String = chars[..n].iter().collect();
        let shared = game
            .kinds
            .iter()
            .enumerate()
            .any(|(k, other)| k != kind as usize && lower(other).starts_with(&lower(&start)));
        if !shared {
            let mut it = start.chars();
            return it
                .next()
                .map_or(String::new(), |c| c.to_uppercase().collect())
                + it.as_str();
        }
    }
    name.clone()
}

/// A player's pieces: fill, outline and the colour of text on them. A colour the graphics give
/// is outlined in a darker shade of itself, much darker for a light one (white on a light board).
pub(super) fn piece_colours(game: &Game, p: usize) -> (String, String, String) {
    let p = p & (MAX_PLAYERS - 1);
    match game.graphics.players[p].colour {
        Some(c) => (
            c.to_string(),
            c.darker(if c.is_dark() { 0.5 } else { 0.78 }).to_string(),
            if c.is_dark() { "#f4f4f4" } else { "#222222" }.to_string(),
        ),
        None => (
            PLAYER_COLOURS[p].0.to_string(),
            PLAYER_COLOURS[p].1.to_string(),
            PLAYER_TEXT[p].to_string(),
        ),
    }
}
