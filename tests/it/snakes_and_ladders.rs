//! Snakes and ladders: the game against an independent reference model written below straight
//! from the rules (docs/RULES.md, "Snakes and ladders"), by chance-aware perft from the start and
//! by lock-step random games, for 2 to 4 players and both settings of `exact`; then set-up
//! positions reached by throws: a ladder taken on entering, a snake at the top of a ladder (the
//! variant `tests/variants/snakes-and-ladders-chained.game`), a throw past 100 with `exact` on and
//! off, and two players' tokens on one square.

use crate::setup::{ended, load, names, play};
use crate::tree::Tree;
use ludus::{Game, NodeType, State, Status};
use rand::{Rng, SeedableRng};

/// Milton Bradley's ladders, then its snakes (chutes): (from, to) squares.
const JUMPS: [(u8, u8); 19] = [
    (1, 38),
    (4, 14),
    (9, 31),
    (21, 42),
    (28, 84),
    (36, 44),
    (51, 67),
    (71, 91),
    (80, 100),
    (16, 6),
    (47, 26),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];

/// The variant's extra snake, at the top of the ladder from 28: 28 goes to 84, then to 58.
const CHAINED: (u8, u8) = (84, 58);

/// Perft depth from the start.
const PERFT_DEPTH: usize = 14;
/// Random positions per option set to run perft from, and the depth.
const MID_GAMES: usize = 10;
const MID_DEPTH: usize = 8;
/// Lock-step random games per option set.
const GAMES: u32 = 50;

/// The model: each player's token by square (0: in hand), the tokens on each square from the
/// bottom up, the throw waiting to be used.
#[derive(Clone, Debug)]
struct Snl {
    players: usize,
    exact: bool,
    jumps: Vec<(u8, u8)>,
    at: [u8; 4],
    stacks: Vec<Vec<usize>>,
    mover: usize,
    throw: Option<u8>,
    winner: Option<usize>,
}

/// One edge: a throw, the token entering, the token moving, or no move.
#[derive(Clone, Copy, Debug, PartialEq)]
enum SnlMove {
    Throw(u8),
    Enter,
    Move,
    Pass,
}

impl Snl {
    fn new(players: usize, exact: bool) -> Snl {
        Snl {
            players,
            exact,
            jumps: JUMPS.to_vec(),
            at: [0; 4],
            stacks: vec![Vec::new(); 101],
            mover: 0,
            throw: None,
            winner: None,
        }
    }

    /// The square a token landing on `sq` ends on, down the chain of jumps.
    fn jumped(&self, mut sq: u8) -> u8 {
        while let Some(&(_, to)) = self.jumps.iter().find(|j| j.0 == sq) {
            sq = to;
        }
        sq
    }

    /// Where the mover's token ends with the throw, if it moves.
    fn target(&self) -> Option<u8> {
        let (at, k) = (self.at[self.mover], self.throw?);
        match at {
            0 => Some(self.jumped(k)),
            _ if at + k <= 100 => Some(self.jumped(at + k)),
            _ if !self.exact => Some(self.jumped(100)),
            _ => None,
        }
    }

    /// The square's site name: rows of ten from the bottom, left to right, then back.
    fn name(sq: u8) -> String {
        let (row, i) = ((sq - 1) / 10, (sq - 1) % 10);
        let col = if row % 2 == 0 { i } else { 9 - i };
        format!("{}{}", (b'a' + col) as char, row + 1)
    }

    fn notation(&self, m: SnlMove) -> String {
        match m {
            SnlMove::Throw(v) => format!("throw {v}"),
            SnlMove::Pass => "pass".into(),
            SnlMove::Enter => format!("enter {}", Snl::name(self.target().unwrap())),
            SnlMove::Move => format!(
                "{}-{}",
                Snl::name(self.at[self.mover]),
                Snl::name(self.target().unwrap())
            ),
        }
    }

    /// The tokens on the square of a site, from the bottom up.
    fn on_site(&self, site: usize) -> &[usize] {
        let (row, c) = (site / 10, site % 10);
        let i = if row % 2 == 0 { c } else { 9 - c };
        &self.stacks[row * 10 + i + 1]
    }
}

impl Tree for Snl {
    type Move = SnlMove;

    fn moves(&self) -> Vec<SnlMove> {
        if self.winner.is_some() {
            return Vec::new();
        }
        match (self.throw, self.target()) {
            (None, _) => (1..=6).map(SnlMove::Throw).collect(),
            (Some(_), None) => vec![SnlMove::Pass],
            (Some(_), Some(_)) if self.at[self.mover] == 0 => vec![SnlMove::Enter],
            (Some(_), Some(_)) => vec![SnlMove::Move],
        }
    }

    fn play(&mut self, m: SnlMove) {
        if let SnlMove::Throw(v) = m {
            self.throw = Some(v);
            return;
        }
        let p = self.mover;
        if let Some(to) = self.target() {
            let from = self.at[p] as usize;
            if let Some(i) = self.stacks[from].iter().rposition(|&q| q == p) {
                self.stacks[from].remove(i);
            }
            self.stacks[to as usize].push(p);
            self.at[p] = to;
        }
        self.throw = None;
        if self.at[p] == 100 {
            self.winner = Some(p);
        } else {
            self.mover = (p + 1) % self.players;
        }
    }
}

fn game(players: usize, exact: bool) -> Game {
    load_file("games/snakes-and-ladders.game", players, exact)
}

fn load_file(file: &str, players: usize, exact: bool) -> Game {
    let players = players.to_string();
    let exact = if exact { "on" } else { "off" };
    load(file, &[("players", players.as_str()), ("exact", exact)])
}

/// The option sets: players, exact.
const OPTIONS: [(usize, bool); 6] = [
    (2, true),
    (3, true),
    (4, true),
    (2, false),
    (3, false),
    (4, false),
];

/// Checks one node of ludus against the model: the node type, the mover, the moves (and a
/// throw's odds), every site's height and top token, the hands.
fn same(game: &Game, s: &State, m: &Snl) {
    let shown = || format!("{m:?}\n{}", game.render(s));
    let node = match (m.winner, m.throw) {
        (Some(_), _) => NodeType::Terminal,
        (None, None) => NodeType::Chance,
        (None, Some(_)) => NodeType::Decision,
    };
    assert_eq!(s.node(), node, "{}", shown());
    let theirs: Vec<String> = m.moves().iter().map(|&x| m.notation(x)).collect();
    assert_eq!(names(game, s), theirs, "{}", shown());
    if node == NodeType::Chance {
        let odds: Vec<f64> = game.chance_outcomes(s).iter().map(|o| o.1).collect();
        assert_eq!(odds, [1.0 / 6.0; 6], "{}", shown());
    }
    if m.winner.is_none() {
        assert_eq!(s.mover() as usize, m.mover, "{}", shown());
    }
    for (site, cell) in s.cells().iter().enumerate() {
        let on = m.on_site(site);
        let top = on.last().map_or(0, |&p| p as u8 + 1);
        assert_eq!(
            (cell.count as usize, cell.owner),
            (on.len(), top),
            "{site} {}",
            shown()
        );
    }
    for p in 0..m.players {
        assert_eq!(s.hands()[p], (m.at[p] == 0) as u16, "{}", shown());
    }
}

/// Plays a move on both.
fn both(game: &Game, s: &mut State, m: &mut Snl, x: SnlMove) {
    play(game, s, &m.notation(x));
    m.play(x);
}

/// Plays throws on both from the start, each with the one move it gives.
fn throws(game: &Game, m: &Snl, list: &[u8]) -> (State, Snl) {
    let (mut s, mut m) = (game.new_initial_state(), m.clone());
    for &k in list {
        both(game, &mut s, &mut m, SnlMove::Throw(k));
        same(game, &s, &m);
        let x = m.moves()[0];
        both(game, &mut s, &mut m, x);
        same(game, &s, &m);
    }
    (s, m)
}

#[test]
fn the_models_board_is_the_common_one() {
    let names: Vec<String> = [1, 10, 11, 38, 58, 84, 97, 100].map(Snl::name).to_vec();
    assert_eq!(names, ["a1", "j1", "j2", "c4", "c6", "d9", "d10", "a10"]);
    let m = Snl::new(2, true);
    assert_eq!((m.jumped(1), m.jumped(87), m.jumped(50)), (38, 24, 50));
    // The first plies: six throws, each with one move, to depth 4.
    assert_eq!(m.perft(4), [1, 6, 6, 36, 36]);
}

/// Perft from the start agrees with the model, chance edges counted.
#[test]
fn perft_from_the_start_matches_the_model() {
    for (players, exact) in OPTIONS {
        let game = game(players, exact);
        let ours = ludus::engine::perft(&game, &game.new_initial_state(), PERFT_DEPTH);
        let theirs = Snl::new(players, exact).perft(PERFT_DEPTH);
        assert_eq!(ours, theirs, "{players} {exact}");
    }
}

/// Perft from positions of seeded random games agrees with the model: trees where tokens reach
/// 100 (or pass short of it) and the game ends.
#[test]
fn perft_from_random_positions_matches_the_model() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    let mut ended = 0;
    for (players, exact) in OPTIONS {
        let game = game(players, exact);
        for _ in 0..MID_GAMES {
            let (mut s, mut m) = (game.new_initial_state(), Snl::new(players, exact));
            // Throw by throw until a token stands at 90 or beyond, or the game is over.
            while m.winner.is_none() && m.at.iter().all(|&a| a < 90) {
                let moves = m.moves();
                both(
                    &game,
                    &mut s,
                    &mut m,
                    moves[rng.random_range(0..moves.len())],
                );
            }
            same(&game, &s, &m);
            let theirs = m.perft(MID_DEPTH);
            assert_eq!(ludus::engine::perft(&game, &s, MID_DEPTH), theirs, "{m:?}");
            ended += (theirs.last() < Some(&6u64.pow(MID_DEPTH as u32 / 2))) as u32;
        }
    }
    assert!(ended >= 5, "{ended}");
}

/// Lock-step random games from `start`: at every node the same moves, throws, mover and board;
/// at the end the same winner. Returns the passes, the shared landings and the wins.
fn lockstep(game: &Game, start: &Snl, rng: &mut impl Rng) -> (u32, u32, Vec<u32>) {
    let (mut passes, mut shared, mut wins) = (0, 0, vec![0; start.players]);
    for _ in 0..GAMES {
        let (mut s, mut m) = (game.new_initial_state(), start.clone());
        loop {
            same(game, &s, &m);
            let moves = m.moves();
            if moves.is_empty() {
                break;
            }
            let (x, p) = (moves[rng.random_range(0..moves.len())], m.mover);
            passes += (x == SnlMove::Pass) as u32;
            both(game, &mut s, &mut m, x);
            let landed = matches!(x, SnlMove::Enter | SnlMove::Move);
            shared += (landed && m.stacks[m.at[p] as usize].len() > 1) as u32;
        }
        let w = m.winner.expect("a winner");
        assert!(ended(&s, Status::Won(w as u8)), "{:?}", s.status());
        wins[w] += 1;
    }
    (passes, shared, wins)
}

/// Lock-step random games agree with the model; passes past 100 happen only with `exact` on.
#[test]
fn random_games_agree_with_the_model_move_by_move() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(40);
    for (players, exact) in OPTIONS {
        let game = game(players, exact);
        let (passes, shared, wins) = lockstep(&game, &Snl::new(players, exact), &mut rng);
        assert_eq!(passes > 0, exact, "{players} {exact}");
        assert!(shared > 0, "{players} {exact}");
        assert!(wins.iter().all(|&w| w > 0), "{players} {exact} {wins:?}");
    }
}

#[test]
fn a_ladder_is_taken_on_entering() {
    let game = game(2, true);
    let (s, _) = throws(&game, &Snl::new(2, true), &[]);
    let s = crate::setup::after(&game, &s, "throw 1");
    assert_eq!(names(&game, &s), ["enter c4"]);
    let s = crate::setup::after(&game, &s, "enter c4");
    assert_eq!((s.cells()[32].count, s.cells()[32].owner), (1, 1));
}

/// The variant adds a snake from 84, the top of the ladder from 28: a token reaching 28 climbs
/// to 84 and slides on to 58 in one move; in the common game it stays on 84.
#[test]
fn a_snake_at_the_top_of_a_ladder_is_followed() {
    let file = "tests/variants/snakes-and-ladders-chained.game";
    let mut chained = Snl::new(2, true);
    chained.jumps.push(CHAINED);
    // P1: 4 (up to 14), 20, 26; P2: 3, 5, 11. Then P1 throws 2, to 28.
    let line = [4, 3, 6, 2, 6, 6];
    for (file, m, to) in [
        (file, chained, "c6"),
        ("games/snakes-and-ladders.game", Snl::new(2, true), "d9"),
    ] {
        let game = load_file(file, 2, true);
        let (s, m) = throws(&game, &m, &line);
        assert_eq!(m.at[..2], [26, 11]);
        let (mut s, mut m) = (s, m);
        both(&game, &mut s, &mut m, SnlMove::Throw(2));
        assert_eq!(names(&game, &s), [format!("f3-{to}")]);
        both(&game, &mut s, &mut m, SnlMove::Move);
        same(&game, &s, &m);
    }
    // Perft of the variant agrees with the model too.
    let game = load_file(file, 2, true);
    let mut m = Snl::new(2, true);
    m.jumps.push(CHAINED);
    let ours = ludus::engine::perft(&game, &game.new_initial_state(), 12);
    assert_eq!(ours, m.perft(12));
}

/// P1 reaches 91 by ladders (1 to 38, 51 to 67, 71 to 91) while P2 walks on from 38 to 42.
const TO_91: [u8; 10] = [1, 1, 6, 1, 6, 1, 1, 1, 4, 1];

#[test]
fn a_throw_past_100_passes_with_exact_on_and_ends_on_100_with_it_off() {
    for exact in [true, false] {
        let game = game(2, exact);
        let mut line = TO_91.to_vec();
        // P1 to 97, P2 to 43.
        line.extend([6, 1]);
        let (s, m) = throws(&game, &Snl::new(2, exact), &line);
        assert_eq!(m.at[..2], [97, 43]);
        let s = crate::setup::after(&game, &s, "throw 4");
        if exact {
            assert_eq!(names(&game, &s), ["pass"]);
            let s = crate::setup::after(&game, &s, "pass");
            assert_eq!((s.node(), s.mover()), (NodeType::Chance, 1));
            // The exact throw wins.
            let s = crate::setup::after(&game, &s, "throw 1 c5-d5 throw 3 d10-a10");
            assert!(ended(&s, Status::Won(0)), "{:?}", s.status());
        } else {
            assert_eq!(names(&game, &s), ["d10-a10"]);
            let s = crate::setup::after(&game, &s, "d10-a10");
            assert!(ended(&s, Status::Won(0)), "{:?}", s.status());
        }
    }
}

#[test]
fn two_players_tokens_share_a_square() {
    let game = game(3, true);
    let (s, m) = throws(&game, &Snl::new(3, true), &[3, 3, 5, 2]);
    // P1 and P2 enter on 3 (c1), P2's on top; P3 enters on 5; P1's token moves from beneath
    // P2's on to 5, on top of P3's.
    assert_eq!(m.at[..3], [5, 3, 5]);
    assert_eq!((s.cells()[2].count, s.cells()[2].owner), (1, 2));
    assert_eq!((s.cells()[4].count, s.cells()[4].owner), (2, 1));
    // P2's token moves on; P3's moves from beneath P1's.
    let (s, m) = throws(&game, &Snl::new(3, true), &[3, 3, 5, 2, 3, 2]);
    assert_eq!(m.at[..3], [5, 6, 7]);
    assert_eq!((s.cells()[4].count, s.cells()[4].owner), (1, 1));
}
