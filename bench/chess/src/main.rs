//! The chess reference of `bench/chess.sh`: perft and legal moves of a FEN with shakmaty, one
//! thread.
//!
//!   chess-reference perft FEN DEPTH     # `bulk NODES SECONDS RUNS` and `full NODES SECONDS RUNS`
//!   chess-reference perft FEN DEPTH bulk   # one of the two
//!   chess-reference moves FEN           # the legal moves in ludus's notation, sorted
//!
//! `bulk` counts the legal moves at the last level without playing them; `full` plays every leaf.
//! NODES is perft(DEPTH), the leaves; SECONDS the wall time of one count, the mean of RUNS counts
//! repeated until at least half a second has passed.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square};
use std::process::ExitCode;
use std::time::Instant;

/// The least time a perft is repeated for, so that a short count is timed well.
const MIN_SECONDS: f64 = 0.5;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chess-reference: {e}");
            eprintln!(
                "usage: chess-reference perft FEN DEPTH [bulk|full] | chess-reference moves FEN"
            );
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    match args {
        [mode, fen, depth, rest @ ..] if mode == "perft" && rest.len() <= 1 => {
            let pos = position(fen)?;
            let depth: u32 = depth
                .parse()
                .map_err(|_| format!("depth `{depth}` is not a number"))?;
            let kinds: &[&str] = match rest.first().map(String::as_str) {
                None => &["bulk", "full"],
                Some("bulk") => &["bulk"],
                Some("full") => &["full"],
                Some(other) => return Err(format!("`{other}`: bulk or full")),
            };
            for &kind in kinds {
                // A count shorter than the clock can time well is repeated: the mean of the runs
                // made in at least MIN_SECONDS.
                let start = Instant::now();
                let mut runs = 0u32;
                let nodes = loop {
                    let nodes = perft(&pos, depth, kind == "bulk");
                    runs += 1;
                    if start.elapsed().as_secs_f64() >= MIN_SECONDS {
                        break nodes;
                    }
                };
                let secs = start.elapsed().as_secs_f64() / f64::from(runs);
                println!("{kind} {nodes} {secs:.6} {runs}");
            }
            Ok(())
        }
        [mode, fen] if mode == "moves" => {
            let pos = position(fen)?;
            let mut names: Vec<String> = pos.legal_moves().iter().map(notation).collect();
            names.sort();
            for n in &names {
                println!("{n}");
            }
            eprintln!("{} moves", names.len());
            Ok(())
        }
        _ => Err("unknown arguments".into()),
    }
}

fn position(fen: &str) -> Result<Chess, String> {
    let fen: Fen = fen.parse().map_err(|e| format!("FEN `{fen}`: {e}"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| format!("position: {e}"))
}

/// perft(depth): the leaves of the tree. `bulk` counts the last level's moves without playing them.
fn perft(pos: &Chess, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 && bulk {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            perft(&child, depth - 1, bulk)
        })
        .sum()
}

/// A move as ludus writes it: `e2-e4`, captures `e4xd5`, en passant as a capture `e5xd6`,
/// promotions `e7-e8=Queen`, castling as the king's two-square move `e1-g1`.
fn notation(m: &Move) -> String {
    let sq = |s: Square| s.to_string();
    match m {
        Move::Castle { king, rook } => {
            // shakmaty's castling moves the king onto the rook; ludus writes its landing square.
            let to = if rook.file() > king.file() {
                Square::from_coords(shakmaty::File::G, king.rank())
            } else {
                Square::from_coords(shakmaty::File::C, king.rank())
            };
            format!("{}-{}", sq(*king), sq(to))
        }
        // ludus writes it as a capture of the square it lands on: `e5xd6`.
        Move::EnPassant { from, to } => format!("{}x{}", sq(*from), sq(*to)),
        Move::Normal {
            from,
            to,
            capture,
            promotion,
            ..
        } => {
            let sep = if capture.is_some() { 'x' } else { '-' };
            let promo = promotion.map_or(String::new(), |r| format!("={}", kind(r)));
            format!("{}{sep}{}{promo}", sq(*from), sq(*to))
        }
        Move::Put { role, to } => format!("{} {}", kind(*role), sq(*to)),
    }
}

fn kind(r: Role) -> &'static str {
    match r {
        Role::Pawn => "Pawn",
        Role::Knight => "Knight",
        Role::Bishop => "Bishop",
        Role::Rook => "Rook",
        Role::Queen => "Queen",
        Role::King => "King",
    }
}
