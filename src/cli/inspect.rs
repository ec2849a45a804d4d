//! `ludus info`, `ludus moves` and `ludus perft`.

use super::{Format, GameArgs};
use clap::Args;
use ludus::expand::OptionKind;
use ludus::{Game, NodeType, State};
use std::time::Instant;

/// Arguments of `ludus info`.
#[derive(Args)]
pub struct InfoArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Prints players, board, options and rules.
pub fn info(args: InfoArgs) -> Result<(), String> {
    let game = args.game.load()?;
    if args.format == Format::Json {
        let options: Vec<serde_json::Value> = game
            .options
            .iter()
            .zip(&game.option_values)
            .map(|(decl, (_, value))| {
                let values = match &decl.kind {
                    OptionKind::Int { min, max, step, .. } => {
                        serde_json::json!({"min": min, "max": max, "step": step})
                    }
                    OptionKind::Decimal { min, max, .. } => {
                        serde_json::json!({"min": *min as f64 / 1000.0, "max": *max as f64 / 1000.0})
                    }
                    OptionKind::Choice { values, .. } => serde_json::json!(values),
                };
                serde_json::json!({
                    "name": decl.name,
                    "value": value.to_string(),
                    "default": decl.default_value().to_string(),
                    "values": values,
                    "doc": decl.doc,
                })
            })
            .collect();
        let m = &game.metadata;
        outln!(
            "{}",
            serde_json::json!({
                "game": game.name,
                "players": game.players,
                "board": {
                    "tiling": format!("{:?}", game.topology.tiling).to_lowercase(),
                    "rows": game.topology.rows,
                    "columns": game.topology.columns,
                    "sites": game.sites(),
                },
                "options": options,
                "description": m.description,
                "source": m.source,
                "rules": m.rules,
            })
        );
        return Ok(());
    }
    outln!("{}", game.name);
    outln!(
        "players: {} (P1 moves first, sits at the bottom)",
        game.players
    );
    if game.topology.tiling == ludus::board::topology::Tiling::Graph {
        outln!(
            "board: {} points joined by lines, on a grid of {} rows x {} columns ({} = site 0, numbered row by row from the bottom left)",
            game.sites(),
            game.topology.rows,
            game.topology.columns,
            game.site_name(0)
        );
    } else {
        outln!(
            "board: {} rows x {} columns, {} sites (a1 = site 0, bottom left)",
            game.topology.rows,
            game.topology.columns,
            game.sites()
        );
    }
    if game.options.is_empty() {
        outln!("options: none");
    } else {
        outln!("options:");
        for (decl, (_, value)) in game.options.iter().zip(&game.option_values) {
            let default = decl.default_value();
            let values = match &decl.kind {
                OptionKind::Int { .. } | OptionKind::Decimal { .. } => decl.describe_values(),
                OptionKind::Choice { values, .. } => values.join(" | "),
            };
            outln!(
                "  {} = {value} (default {default}; {values}){}",
                decl.name,
                if decl.doc.is_empty() {
                    String::new()
                } else {
                    format!(": {}", decl.doc)
                }
            );
        }
    }
    let m = &game.metadata;
    for (label, text) in [
        ("description", &m.description),
        ("source", &m.source),
        ("rules", &m.rules),
    ] {
        if !text.is_empty() {
            outln!("{label}: {text}");
        }
    }
    Ok(())
}

/// Arguments of `ludus moves`.
#[derive(Args)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves and throws to play from the start, in notation, separated by spaces.
    #[arg(long, default_value = "")]
    moves: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Plays moves from the start; an illegal one is an error naming it.
pub fn replay_line(game: &Game, line: &str) -> Result<State, String> {
    let mut state = game.new_initial_state();
    for (i, text) in Game::split_moves(line).iter().enumerate() {
        let m = game.parse_move(&state, text).map_err(|e| {
            format!(
                "error: move {} `{}` is not legal\n{}\nlegal here: {}",
                i + 1,
                text,
                game.render(&state),
                e.legal
            )
        })?;
        game.apply(&mut state, m)
            .map_err(|e| format!("error: move {} `{text}`: {e}", i + 1))?;
    }
    Ok(state)
}

/// Shows the position after the moves and what can be played there.
pub fn moves(args: MovesArgs) -> Result<(), String> {
    let game = args.game.load()?;
    let state = replay_line(&game, &args.moves)?;
    if args.format == Format::Json {
        let node = match state.node() {
            NodeType::Terminal => "terminal",
            NodeType::Chance => "chance",
            NodeType::Decision => "decision",
        };
        let throws: Vec<serde_json::Value> = game
            .chance_outcomes(&state)
            .into_iter()
            .map(|(m, p)| serde_json::json!({"throw": game.notation(&state, m), "probability": p}))
            .collect();
        let moves: Vec<String> = game
            .moves(&state)
            .into_iter()
            .map(|m| game.notation(&state, m))
            .collect();
        outln!(
            "{}",
            serde_json::json!({
                "game": game.name,
                "node": node,
                "mover": state.mover() + 1,
                "result": format!("{:?}", state.status()),
                "moves": moves,
                "throws": throws,
                "position": game.render(&state),
            })
        );
        return Ok(());
    }
    out!("{}", game.render(&state));
    match state.node() {
        NodeType::Terminal => outln!("no moves: the game is over"),
        NodeType::Chance => {
            outln!("throws:");
            for (m, p) in game.chance_outcomes(&state) {
                outln!("  {:<10} {:.6}", game.notation(&state, m), p);
            }
        }
        NodeType::Decision => {
            let moves = game.moves(&state);
            outln!("moves ({}):", moves.len());
            for m in moves {
                outln!("  {}", game.notation(&state, m));
            }
        }
    }
    Ok(())
}

/// Arguments of `ludus perft`.
#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The depth.
    #[arg(long, short)]
    depth: usize,
    /// Moves to play first, in notation.
    #[arg(long, default_value = "")]
    moves: String,
    /// Print the count below each first edge instead.
    #[arg(long)]
    divide: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// The loop: the one the game's shape selects, or the general one (the same counts, more
    /// slowly; for checking a fast loop).
    #[arg(long = "loop", value_enum, default_value_t)]
    playout_loop: super::Loop,
}

/// The deepest perft asked for: the tree grows exponentially, so depths past about 10 take hours
/// on the shipped games; Ctrl-C stops a count cleanly.
pub const MAX_PERFT_DEPTH: usize = 64;

/// Prints `d count` for d = 1..=depth (`0 1` for depth 0: the empty path). Ctrl-C stops the count,
/// prints how far it got on stderr and exits 130, the shell's code for an interrupt.
pub fn perft(args: PerftArgs) -> Result<(), String> {
    if args.depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "error: --depth {} is out of range (0 to {MAX_PERFT_DEPTH}); perft grows exponentially, so depths past about 10 take hours",
            args.depth
        ));
    }
    if args.divide && args.depth == 0 {
        return Err(
            "error: --divide counts below each first edge: it needs --depth 1 or more".into(),
        );
    }
    let mut game = args.game.load()?;
    args.playout_loop.apply(&mut game);
    let state = replay_line(&game, &args.moves)?;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let raise = stop.clone();
    // Without a handler Ctrl-C still ends the process, only less tidily: not worth an error.
    let _ = ctrlc::set_handler(move || raise.store(true, std::sync::atomic::Ordering::Relaxed));
    let start = Instant::now();
    let interrupted = |nodes: Option<u64>| {
        super::output::flush();
        let counted = nodes.map_or(String::new(), |n| format!(" {n} nodes counted,"));
        errln!(
            "interrupted after {:.3} s:{counted} no count is complete",
            start.elapsed().as_secs_f64()
        );
        std::process::exit(130)
    };
    if args.divide {
        let Some(rows) = ludus::engine::perft_divide(&game, &state, args.depth, &stop) else {
            interrupted(None)
        };
        if args.format == Format::Json {
            let rows: Vec<serde_json::Value> = rows
                .iter()
                .map(|(m, n)| serde_json::json!({"move": m, "count": n}))
                .collect();
            outln!(
                "{}",
                serde_json::json!({"game": game.name, "depth": args.depth, "divide": rows})
            );
            return Ok(());
        }
        for (m, n) in rows {
            outln!("{m}: {n}");
        }
        return Ok(());
    }
    let counts = match ludus::engine::perft_until(&game, &state, args.depth, &stop) {
        Ok(counts) => counts,
        Err(partial) => interrupted(Some(partial.iter().sum())),
    };
    // Depth 0 shows the empty path alone; deeper counts start at one edge.
    let first = args.depth.min(1);
    if args.format == Format::Json {
        let secs = start.elapsed().as_secs_f64();
        outln!(
            "{}",
            serde_json::json!({
                "game": game.name,
                "depth": args.depth,
                "counts": counts[first..],
                "nodes": counts[first..].iter().sum::<u64>(),
                "seconds": secs,
            })
        );
        return Ok(());
    }
    for (d, n) in counts.iter().enumerate().skip(first) {
        outln!("{d} {n}");
    }
    let total: u64 = counts[first..].iter().sum();
    let secs = start.elapsed().as_secs_f64();
    errln!(
        "{total} nodes in {secs:.3} s ({:.0} nodes/s)",
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}
