//! The position as ASCII, for `ludus moves`, `ludus play` and golden tests.

use super::notation::column_name;
use super::state::{NodeType, State, Status};
use crate::compile::ir::{Cond, IntExpr, Leaf, Setup, MAX_PLAYERS};
use crate::engine::Game;

/// The position as text: a line of who is to play, the grid with its rows' and columns' names,
/// then the hands, stores and variables where the game has them.
pub(super) fn board(game: &Game, state: &State) -> String {
    let on_tracks = game
        .setup
        .iter()
        .any(|s| matches!(s, Setup::Pieces { track: Some(_), .. }));
    let counters = game.setup.iter().any(|s| matches!(s, Setup::Fill(..)));
    let cell_text = |site: usize| cell_text(game, state, site, on_tracks, counters);
    let width = (0..game.sites())
        .map(|s| cell_text(s).len())
        .max()
        .unwrap_or(1)
        .max(2);
    let mut out = String::new();
    heading(game, state, &mut out);
    grid(game, state, width, &cell_text, &mut out);
    counts(game, state, &mut out);
    out
}

/// What a site shows: `.` when empty (its count in a game of counters), else its owner's mark
/// and count (or place on its track, with the count of a stack), its state's initial and, with two kinds or more, its
/// kind's initial in capitals.
fn cell_text(game: &Game, state: &State, site: usize, on_tracks: bool, counters: bool) -> String {
    let c = state.board.cells[site];
    match c.owner {
        0 if c.count == 0 && !counters => ".".into(),
        0 => c.count.to_string(),
        o => {
            // P1 x, P2 o, P3 y, P4 z.
            let mark = ['x', 'o', 'y', 'z'][(o as usize - 1) & 3];
            let mut t = format!("{mark}{}", c.count);
            // On a track, its place; a stack there shows its count too (`x5@12`).
            if on_tracks {
                t = match c.count {
                    1 => format!("{mark}@{}", c.pos),
                    n => format!("{mark}{n}@{}", c.pos),
                };
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
}

/// The line of who is to play (or how the game ended), the phase, the pips and the moves played.
fn heading(game: &Game, state: &State, out: &mut String) {
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
    let played = state.clock.moves_played;
    out.push_str(&format!(
        "{}: {status}{phase}{pips}, {played} {} played\n",
        game.name,
        if played == 1 { "move" } else { "moves" }
    ));
}

/// The grid, top row first, each row with its number and the columns' names below, in cells
/// `width` wide (a hexagonal board's rows skewed).
fn grid(
    game: &Game,
    state: &State,
    width: usize,
    cell_text: &dyn Fn(usize) -> String,
    out: &mut String,
) {
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
    let shown = game
        .race_sites(state)
        .unwrap_or_else(|| vec![true; game.topology.coords.len()]);
    for (s, c) in game.topology.coords.iter().enumerate() {
        if let (Some(c), true) = (c, shown[s]) {
            grid[c.y as usize * columns + c.x as usize] = Some(s);
        }
    }
    for row in (0..rows).rev() {
        let mut line = format!("{:>3} {}", row + 1, " ".repeat(row * skew));
        for col in 0..columns {
            let text = grid[row * columns + col].map_or(String::new(), cell_text);
            line.push_str(&format!(" {text:>width$}"));
        }
        // Cells left out at the end of a row (a cross's arms) leave no trailing blanks.
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("    ");
    for col in 0..columns {
        out.push_str(&format!(" {:>width$}", column_name(col)));
    }
    out.push('\n');
}

/// The lines of the hands, the stores and each player variable, where the game has them.
fn counts(game: &Game, state: &State, out: &mut String) {
    if game.shows_hands() {
        let hands: Vec<String> = (0..(state.players as usize).min(MAX_PLAYERS))
            .map(|p| format!("P{} {}", p + 1, game.hand_text(state, p)))
            .collect();
        out.push_str(&format!("hands: {}\n", hands.join(", ")));
    }
    if game.keeps_score(state) {
        out.push_str(&format!(
            "stores: {}\n",
            per_player(state, |p| state.board.store[p] as i64)
        ));
    }
    for (i, (name, _)) in game.vars.iter().enumerate() {
        out.push_str(&format!(
            "{name}: {}\n",
            per_player(state, |p| state.board.vars[p][i])
        ));
    }
}

impl Game {
    /// A player's hand as the board's pictures write it: the count, then the kinds held where
    /// hands keep them (`2 (Chick, Giraffe)`, a kind held twice written `2 Chick`).
    pub fn hand_text(&self, state: &State, p: usize) -> String {
        let total = state.board.hand.get(p).copied().unwrap_or(0);
        if !state.board.kinded || total == 0 {
            return total.to_string();
        }
        let kinds: Vec<String> = (self.kinds.iter().enumerate())
            .filter_map(|(k, name)| match state.board.held(p as u8, k as u8) {
                0 => None,
                1 => Some(name.clone()),
                n => Some(format!("{n} {name}")),
            })
            .collect();
        format!("{total} ({})", kinds.join(", "))
    }

    /// The sites a board of a race shows, when the game is one (its pieces run on tracks, and no
    /// counters fill its sites): those its tracks pass and any holding something, the cross of
    /// the race and not the grid around it. `None` for any other game, which shows every site.
    pub fn race_sites(&self, state: &State) -> Option<Vec<bool>> {
        let n = self.topology.coords.len();
        let racing =
            !self.tracks.is_empty() && !self.setup.iter().any(|s| matches!(s, Setup::Fill(..)));
        if !racing {
            return None;
        }
        let mut shown = vec![false; n];
        for track in &self.tracks {
            for sites in track.sites.iter().take(state.players as usize) {
                for &s in sites {
                    if let Some(x) = shown.get_mut(s as usize) {
                        *x = true;
                    }
                }
            }
        }
        for (s, cell) in state.board.cells.iter().enumerate().take(n) {
            shown[s] |= cell.count > 0;
        }
        Some(shown)
    }

    /// Whether the hands are worth a line: the game has hands, and some player starts with fewer
    /// pieces in hand than the board has sites, so that a hand can run out while the board still
    /// has room. A hand that can cover the whole board (a stock of stones to place) never limits a
    /// player and is left out.
    pub fn shows_hands(&self) -> bool {
        if !self.needs.contains(crate::compile::Needs::HANDS) {
            return false;
        }
        let sites = self.topology.coords.iter().filter(|c| c.is_some()).count();
        let mut start = [0usize; MAX_PLAYERS];
        for s in &self.setup {
            if let Setup::Hand(players, n, _) = s {
                for &p in players {
                    if let Some(h) = start.get_mut(p as usize) {
                        *h += *n as usize;
                    }
                }
            }
        }
        start
            .iter()
            .take((self.players as usize).min(MAX_PLAYERS))
            .any(|&h| h < sites)
    }

    /// Whether the game keeps a score that is worth showing in this position: the board has
    /// stores (places off the grid, on a track), an end rule reads the stores (`score`, or a
    /// result `by-score`), or a store holds something now (pieces borne off, captured or
    /// scored). A game that never reads nor fills a store has no score to print.
    pub fn keeps_score(&self, state: &State) -> bool {
        let places = self.topology.coords.iter().any(Option::is_none);
        let read = self.end.iter().any(|(cond, outcome)| {
            cond_reads_score(cond) || matches!(outcome, crate::compile::ir::Outcome::ByScore { .. })
        });
        let held = state.board.store[..(state.players as usize).min(MAX_PLAYERS)]
            .iter()
            .any(|&s| s > 0);
        places || read || held
    }
}

/// Whether a condition reads a player's store.
fn cond_reads_score(cond: &Cond) -> bool {
    match cond {
        Cond::Const(_) => false,
        Cond::Compare(_, a, b) => int_reads_score(a) || int_reads_score(b),
        Cond::And(all) | Cond::Or(all) => all.iter().any(cond_reads_score),
        Cond::Not(c) => cond_reads_score(c),
        Cond::Leaf(Leaf::IsIn(x, _)) => int_reads_score(x),
        Cond::Leaf(_) => false,
    }
}

/// Whether a number reads a player's store.
fn int_reads_score(x: &IntExpr) -> bool {
    match x {
        IntExpr::Score(_) => true,
        IntExpr::Arith(_, a, b) => int_reads_score(a) || int_reads_score(b),
        _ => false,
    }
}

/// `P1 a, P2 b, ...`: a value for each player.
fn per_player(state: &State, value: impl Fn(usize) -> i64) -> String {
    (0..(state.players as usize).min(MAX_PLAYERS))
        .map(|p| format!("P{} {}", p + 1, value(p)))
        .collect::<Vec<_>>()
        .join(", ")
}
