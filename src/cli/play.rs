//! `ludus play`: a game at the terminal. Moves are typed in notation; the board is redrawn after
//! each move with the last move's sites marked `*`. At a terminal lines are edited with history
//! (`prompt.rs`); from a pipe it reads plain lines, so it works with moves piped in (each line is
//! echoed after the prompt) and ends cleanly at the end of input.

use super::GameArgs;
use clap::Args;
use ludus::agents::{derive_seed, rng_stream, Agent, AgentSpec};
use ludus::trial::Trial;
use ludus::{Game, Move, NodeType, State};
use std::io::BufRead;
use std::path::Path;

/// Arguments of `ludus play`.
#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Who plays P1: `human` or an agent spec.
    #[arg(long, value_name = "human|SPEC", default_value = "human", value_parser = parse_seat)]
    p1: SeatSpec,
    /// Who plays P2: `human` or an agent spec.
    #[arg(long, value_name = "human|SPEC", default_value = "mcts:iterations=1000", value_parser = parse_seat)]
    p2: SeatSpec,
    /// Who plays P3, in a game of three or four players (as P2 if not given).
    #[arg(long, value_name = "human|SPEC", value_parser = parse_seat)]
    p3: Option<SeatSpec>,
    /// Who plays P4, in a game of four players (as P2 if not given).
    #[arg(long, value_name = "human|SPEC", value_parser = parse_seat)]
    p4: Option<SeatSpec>,
    /// The seed of the throws and of the agents' choices.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
}

/// A person or an agent.
#[derive(Clone, Debug)]
pub enum SeatSpec {
    /// Moves typed at the terminal.
    Human,
    /// An agent.
    Agent(AgentSpec),
}

fn parse_seat(s: &str) -> Result<SeatSpec, String> {
    if s.trim().eq_ignore_ascii_case("human") {
        Ok(SeatSpec::Human)
    } else {
        super::parse_agent(s)
            .map(SeatSpec::Agent)
            .map_err(|e| format!("{e}; a seat may also be `human`"))
    }
}

impl SeatSpec {
    fn label(&self) -> String {
        match self {
            SeatSpec::Human => "human".into(),
            SeatSpec::Agent(a) => a.to_string(),
        }
    }
}

const HELP: &str =
    "type a move in notation (as listed), or: undo, hint, save FILE, moves, help, quit";

/// The engine's board with the given sites marked `*` (left of the cell).
pub fn marked_board(game: &Game, state: &State, marks: &[ludus::compile::ir::Site]) -> String {
    let text = game.render(state);
    let lines: Vec<&str> = text.lines().collect();
    let columns = game.topology.columns.max(1);
    // Each mark's row and column (a graph's points are not numbered as a full grid's cells).
    let place = |m: ludus::compile::ir::Site| {
        let c = game.topology.coords.get(m as usize).copied().flatten();
        c.map_or((usize::MAX, 0), |c| (c.y as usize, c.x as usize))
    };
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        // Grid lines come after the header, top row first: "NNN " then one slot per column.
        let rows = game.topology.rows;
        let row = (i >= 1 && i <= rows).then(|| rows - i);
        let body = line.len().saturating_sub(4);
        match row {
            // Hex rows are skewed: no slot per column to mark.
            Some(r)
                if !game.topology.tiling.is_hex()
                    && line.is_ascii()
                    && body > 0
                    && body % columns == 0
                    && marks.iter().any(|&m| place(m).0 == r) =>
            {
                let width = body / columns;
                let mut bytes = line.as_bytes().to_vec();
                for &m in marks.iter().filter(|&&m| place(m).0 == r) {
                    let slot = 4 + place(m).1 * width;
                    let start = (slot..slot + width)
                        .find(|&j| bytes[j] != b' ')
                        .unwrap_or(slot + width - 1);
                    bytes[start.saturating_sub(1).max(slot)] = b'*';
                }
                out.push_str(&String::from_utf8_lossy(&bytes));
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// The longest input line read; a move or command is a few words.
pub(super) const MAX_LINE: usize = 4096;
/// How much of one overlong line is skipped before the input is judged not to be lines at all
/// (`/dev/zero` on stdin).
const MAX_SKIP: usize = 1 << 20;

/// A line of input.
pub(super) enum Line {
    /// A line (without its end), lossily decoded.
    Text(String),
    /// A line longer than [`MAX_LINE`], skipped.
    TooLong,
    /// The end of input.
    End,
}

/// Reads one line of at most [`MAX_LINE`] bytes, never holding more: a longer line is skipped to
/// its end, and one with no end within [`MAX_SKIP`] bytes is an error.
pub(super) fn read_line(input: &mut impl BufRead) -> std::io::Result<Line> {
    let mut line = Vec::new();
    let mut seen = 0usize;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(match seen {
                0 => Line::End,
                n if n > MAX_LINE => Line::TooLong,
                _ => Line::Text(String::from_utf8_lossy(&line).into_owned()),
            });
        }
        let (part, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        seen += part.len();
        if seen <= MAX_LINE {
            line.extend_from_slice(part);
        }
        let used = ended.unwrap_or(chunk.len());
        input.consume(used);
        if ended.is_some() {
            return Ok(if seen > MAX_LINE {
                Line::TooLong
            } else {
                Line::Text(String::from_utf8_lossy(&line).into_owned())
            });
        }
        if seen > MAX_SKIP {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "a line of more than {MAX_SKIP} bytes: this is not moves typed or piped in"
                ),
            ));
        }
    }
}

/// A position to go back to: the state, the actions recorded, the last move, and the chance
/// generator, so that the throws after an undo are the ones the seed gives (replay checks them).
type Snapshot = (
    State,
    usize,
    Option<(u8, Move)>,
    rand_xoshiro::Xoshiro256PlusPlus,
);

/// A game in progress at the terminal.
struct Session<'g> {
    game: &'g Game,
    file: String,
    seats: Vec<SeatSpec>,
    agents: Vec<Option<Box<dyn Agent>>>,
    state: State,
    trial: Trial,
    /// Positions before each human move, to undo.
    undo: Vec<Snapshot>,
    last: Option<(u8, Move)>,
    seed: u64,
    hints: u64,
}

impl Session<'_> {
    fn show(&self) {
        let mut marks: Vec<ludus::compile::ir::Site> = self
            .last
            .map(|(_, m)| [m.from(), m.to()].into_iter().flatten().collect())
            .unwrap_or_default();
        marks.dedup();
        out!("{}", marked_board(self.game, &self.state, &marks));
    }

    fn legal(&self) -> Vec<String> {
        self.game
            .moves(&self.state)
            .into_iter()
            .map(|m| self.game.notation(&self.state, m))
            .collect()
    }

    fn play(&mut self, m: Move) -> Result<(), String> {
        self.trial.push(self.game, &self.state, m);
        self.game
            .apply(&mut self.state, m)
            .map_err(|e| format!("error: {e}"))
    }

    fn hint(&mut self) -> String {
        let mover = self.state.mover() as usize;
        // The next seat's agent suggests the move.
        let spec = match &self.seats[(mover + 1) % self.seats.len()] {
            SeatSpec::Agent(a) => a.clone(),
            SeatSpec::Human => AgentSpec::parse("mcts:iterations=1000").expect("a valid spec"),
        };
        self.hints += 1;
        let mut agent = spec.build(derive_seed(self.seed, 1000 + self.hints));
        let m = agent.choose(self.game, &self.state);
        format!("hint ({spec}): {}", self.game.notation(&self.state, m))
    }

    fn save(&self, path: &str) -> String {
        let mut t = self.trial.clone();
        t.conclude(&self.state);
        match t.write(Path::new(path)) {
            Ok(()) => format!("saved {} to {path}", self.played()),
            Err(e) => format!("error: {e}"),
        }
    }
}

impl Session<'_> {
    /// What has been played, counted one way everywhere: the moves, and the actions recorded
    /// when throws (or passes a rule plays) make them more, e.g. `5 moves (11 actions: moves
    /// and throws)`.
    fn played(&self) -> String {
        played(self.state.moves_played(), self.trial.actions.len() as u64)
    }
}

/// `1 move`, `5 moves`, or `5 moves (11 actions: moves and throws)` when the trial records more
/// actions than moves.
fn played(moves: u64, actions: u64) -> String {
    let plural = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if actions > moves {
        format!(
            "{} ({}: moves and throws)",
            plural(moves, "move"),
            plural(actions, "action")
        )
    } else {
        plural(moves, "move")
    }
}

/// Reads a typed move: its notation; or a bare site, which stands for the one legal move that
/// goes to it (a placement's site, a step's landing). Words naming no site of the board are
/// said so, rather than called illegal moves.
fn read_move(game: &Game, state: &State, text: &str) -> Result<Move, String> {
    let err = match game.parse_move(state, text) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    let names: Vec<String> = (0..game.topology.coords.len())
        .map(|s| game.site_name(s as ludus::compile::ir::Site))
        .collect();
    let site_of = |word: &str| names.iter().position(|n| n.eq_ignore_ascii_case(word));
    // A word written like a site (letters then digits) that is none: `z9` on an 8 by 8 board.
    // In a chain of landings (`c3xe5`) the `x` that joins them is not part of the site.
    let unknown = site_words(text).into_iter().find(|w| {
        site_of(w).is_none()
            && !(w.len() > 1 && w.starts_with(['x', 'X']) && site_of(&w[1..]).is_some())
    });
    if let Some(word) = unknown {
        return Err(format!(
            "`{text}`: no such site `{word}` on this board; moves: {}",
            err.legal
        ));
    }
    if let Some(site) = site_of(text.trim()).filter(|_| state.node() == NodeType::Decision) {
        let onto: Vec<Move> = game
            .moves(state)
            .into_iter()
            .filter(|m| m.to() == Some(site as ludus::compile::ir::Site))
            .collect();
        match onto.as_slice() {
            [m] => return Ok(*m),
            [] => {}
            several => {
                let written: Vec<String> =
                    several.iter().map(|&m| game.notation(state, m)).collect();
                return Err(format!(
                    "`{text}` could be any of: {}; type one of them",
                    written.join(", ")
                ));
            }
        }
    }
    Err(format!(
        "`{text}` is not a legal {} here; moves: {}",
        err.what, err.legal
    ))
}

/// The words of a typed move written like sites: a run of letters then a run of digits.
fn site_words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let letters = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i > letters {
            out.push(&text[start..i]);
        }
    }
    out
}

/// Who sits at each seat of the game: P3 and P4 only in a game that has them (as P2 when not
/// given), each agent able to play it.
fn seats(game: &Game, args: &PlayArgs) -> Result<Vec<SeatSpec>, String> {
    let n = game.players as usize;
    let given = [
        Some(&args.p1),
        Some(&args.p2),
        args.p3.as_ref(),
        args.p4.as_ref(),
    ];
    let mut seats = Vec::new();
    for (k, seat) in given.into_iter().enumerate() {
        match seat {
            Some(_) if k >= n => {
                return Err(format!(
                    "error: --p{} is given, but {} has only {n} players",
                    k + 1,
                    game.name
                ))
            }
            _ if k >= n => {}
            seat => {
                let seat = seat.unwrap_or(&args.p2).clone();
                if let SeatSpec::Agent(a) = &seat {
                    a.fits(game.players)
                        .map_err(|e| format!("error: --p{}: {e}", k + 1))?;
                }
                seats.push(seat);
            }
        }
    }
    Ok(seats)
}

/// Plays at the terminal until the game ends, `quit`, or the end of input.
pub fn run(args: PlayArgs) -> Result<(), String> {
    let game = args.game.load()?;
    let game_seed = derive_seed(args.seed, 0);
    let mut chance = rng_stream(game_seed, 0);
    let mut s = Session::seat(&game, &args, game_seed)?;
    let mut prompt = super::prompt::Prompt::open();
    let echo = prompt.echoes();
    s.greet();
    s.show();
    let mut shown = true;
    loop {
        let mover = s.state.mover();
        match s.state.node() {
            NodeType::Terminal => {
                if !shown {
                    s.show();
                }
                s.announce_result();
                return Ok(());
            }
            NodeType::Chance => {
                let Some(m) = game.sample_chance(&s.state, &mut chance) else {
                    return Err("error: the dice have no outcome".into());
                };
                outln!("P{} throws {}", mover + 1, m.throw_value().unwrap_or(0));
                s.play(m)?;
                shown = false;
            }
            NodeType::Decision => {
                if s.agent_moves(mover)? {
                    shown = true;
                    continue;
                }
                if !shown {
                    s.show();
                }
                match s.human_turn(&mut prompt, echo, &mut chance)? {
                    Turn::Played => shown = true,
                    Turn::Left => return Ok(()),
                }
            }
        }
    }
}

/// How a person's turn at the terminal ended.
enum Turn {
    /// A move was played, or one undone: the board is shown.
    Played,
    /// The person quit, or the input ended: the game is left unfinished.
    Left,
}

impl<'g> Session<'g> {
    /// The session of `game` with the seats of `args`, its agents seeded from `game_seed`.
    fn seat(game: &'g Game, args: &PlayArgs, game_seed: u64) -> Result<Session<'g>, String> {
        let file = args.game.file.display().to_string();
        let build = |seat: &SeatSpec, k: u64| match seat {
            SeatSpec::Human => None,
            SeatSpec::Agent(a) => Some(a.build(derive_seed(game_seed, 1 + k))),
        };
        let seats = seats(game, args)?;
        let agents = seats
            .iter()
            .enumerate()
            .map(|(k, seat)| build(seat, k as u64))
            .collect();
        let labels: Vec<String> = seats.iter().map(SeatSpec::label).collect();
        let trial = Trial::new(game, &file, args.seed, 0, &labels);
        Ok(Session {
            game,
            file,
            seats,
            agents,
            state: game.new_initial_state(),
            trial,
            undo: Vec::new(),
            last: None,
            seed: args.seed,
            hints: 0,
        })
    }

    /// Prints the line that names the game and its sides, and the help when a person plays.
    fn greet(&self) {
        let sides: Vec<String> = self
            .seats
            .iter()
            .map(SeatSpec::label)
            .enumerate()
            .map(|(k, l)| format!("P{} {l}", k + 1))
            .collect();
        outln!(
            "{} ({}): {}, seed {}",
            self.game.name,
            self.file,
            sides.join(" vs "),
            self.seed
        );
        if self.seats.iter().any(|p| matches!(p, SeatSpec::Human)) {
            outln!("{HELP}");
        }
    }

    /// Prints the result of the finished game, with the scores when it keeps them.
    fn announce_result(&self) {
        let score = if self.game.keeps_score(&self.state) {
            let sc: Vec<String> = self.state.scores().iter().map(u32::to_string).collect();
            format!(" ({})", sc.join("-"))
        } else {
            String::new()
        };
        outln!(
            "game over: {}{score} after {}",
            ludus::trial::Outcome::of(&self.state),
            self.played()
        );
    }

    /// Lets `mover`'s agent, if an agent sits there, choose and play its move: whether it did.
    fn agent_moves(&mut self, mover: u8) -> Result<bool, String> {
        let game = self.game;
        let Some(agent) = self.agents.get_mut(mover as usize).and_then(Option::as_mut) else {
            return Ok(false);
        };
        let m = agent.choose(game, &self.state);
        outln!(
            "P{} ({}) plays {}",
            mover + 1,
            agent.spec(),
            game.notation(&self.state, m)
        );
        self.play(m)?;
        self.last = Some((mover, m));
        self.show();
        Ok(true)
    }

    /// A person's turn: the legal moves listed, then lines read and obeyed (commands, or a move
    /// in notation) until a move is played or undone, or the person leaves. `chance` is the
    /// throws' generator, kept with each position to undo.
    fn human_turn(
        &mut self,
        prompt: &mut super::prompt::Prompt,
        echo: bool,
        chance: &mut rand_xoshiro::Xoshiro256PlusPlus,
    ) -> Result<Turn, String> {
        let mover = self.state.mover();
        let legal = self.legal();
        outln!("moves: {}", legal.join(", "));
        // One legal move (a forced pass, say): Enter plays it.
        let forced = (legal.len() == 1).then(|| legal[0].clone());
        loop {
            let asked = match &forced {
                Some(only) => format!("P{} (Enter plays {only})> ", mover + 1),
                None => format!("P{}> ", mover + 1),
            };
            let Some(line) = self.ask(prompt, echo, &asked)? else {
                return Ok(Turn::Left);
            };
            let text = line.trim();
            if echo {
                outln!("{text}");
            }
            let (word, rest) = text
                .split_once(char::is_whitespace)
                .map_or((text, ""), |(w, r)| (w, r.trim()));
            let typed = match (word, &forced) {
                ("", Some(only)) => only.as_str(),
                _ => text,
            };
            match word.to_ascii_lowercase().as_str() {
                "" if forced.is_none() => continue,
                "quit" | "exit" => {
                    outln!("game left unfinished after {}", self.played());
                    return Ok(Turn::Left);
                }
                "help" | "?" => outln!("{HELP}"),
                "moves" => outln!("moves: {}", self.legal().join(", ")),
                "hint" => outln!("{}", self.hint()),
                "save" if rest.is_empty() => outln!("save needs a file name: save FILE"),
                "save" => outln!("{}", self.save(rest)),
                "undo" => match self.undo.pop() {
                    Some((state, len, last, rng)) => {
                        self.state = state;
                        *chance = rng;
                        self.trial.actions.truncate(len);
                        self.last = last;
                        outln!("undone: back to P{}'s last move", self.state.mover() + 1);
                        self.show();
                        // The position may be another person's turn (two people at one terminal).
                        return Ok(Turn::Played);
                    }
                    None => outln!("nothing to undo"),
                },
                _ => match read_move(self.game, &self.state, typed) {
                    Ok(m) => {
                        self.undo.push((
                            self.state.clone(),
                            self.trial.actions.len(),
                            self.last,
                            chance.clone(),
                        ));
                        self.play(m)?;
                        self.last = Some((mover, m));
                        self.show();
                        return Ok(Turn::Played);
                    }
                    Err(e) => outln!("{e}"),
                },
            }
        }
    }

    /// One line typed after `asked` (a line too long is refused and asked again); `None` at
    /// the end of input, which leaves the game unfinished.
    fn ask(
        &self,
        prompt: &mut super::prompt::Prompt,
        echo: bool,
        asked: &str,
    ) -> Result<Option<String>, String> {
        loop {
            match prompt.line(asked) {
                Ok(Line::Text(line)) => return Ok(Some(line)),
                Ok(Line::End) => {
                    if echo {
                        outln!();
                    }
                    outln!(
                        "end of input: the game is left unfinished after {}",
                        self.played()
                    );
                    return Ok(None);
                }
                Ok(Line::TooLong) => {
                    if echo {
                        outln!();
                    }
                    outln!("that line is longer than {MAX_LINE} bytes: it is ignored");
                }
                Err(e) => return Err(format!("error: cannot read the input: {e}")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_move_is_marked() {
        let game = ludus::load_file(Path::new("games/woli.game"), &[]).unwrap();
        let s = game.new_initial_state();
        let board = marked_board(&game, &s, &[2, 9]);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[1], "  2   6  6  6 *6  6  6");
        assert_eq!(lines[2], "  1   6  6 *6  6  6  6");
        assert_eq!(marked_board(&game, &s, &[]), game.render(&s));
    }
}
