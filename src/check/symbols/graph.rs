//! A board declared as a graph: its lines read, each point named, and every fault reported at
//! the point where it shows.

use super::{Resolver, MAX_SITES};
use crate::board::topology::{GraphBoard, Tiling};
use crate::diagnostic::Diagnostic;
use crate::syntax::{Node, Span};

impl Resolver {
    /// Reads `(graph {"a1 d1 g1" ...})`: each string one line, the names of its points in order.
    pub(super) fn graph_board(&mut self, shape: &Node) {
        let lines = shape.pos(0).and_then(|l| l.as_list()).unwrap_or(&[]);
        // Each point's name and span (inside its string when the string is as written).
        let mut words: Vec<Vec<(&str, Span)>> = Vec::new();
        for line in lines {
            words.push(super::words(line));
        }
        if lines.is_empty() {
            self.error(
                Diagnostic::new("check::missing", shape.span, "a graph needs lines")
                    .label("no lines")
                    .help("list its lines, each the points it joins in order: {\"a1 d1 g1\" \"a1 a4 a7\"}")
                    .via(shape.via),
            );
            return;
        }
        let names: Vec<Vec<&str>> = words
            .iter()
            .map(|l| l.iter().map(|w| w.0).collect())
            .collect();
        match GraphBoard::from_lines(&names) {
            Ok(g) if g.points.len() > MAX_SITES => self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    shape.span,
                    format!("a graph of {} points is out of range", g.points.len()),
                )
                .label("board size")
                .help(format!("a board has at most {MAX_SITES} sites"))
                .via(shape.via),
            ),
            Ok(g) => {
                let (rows, columns) = g.extent();
                self.symbols.rows = rows;
                self.symbols.columns = columns;
                self.symbols.tiling = Tiling::Graph;
                self.symbols.graph = Some(g);
            }
            Err(errors) => {
                for e in errors {
                    let span = words
                        .get(e.line)
                        .and_then(|l| l.get(e.point))
                        .map_or(lines[e.line.min(lines.len() - 1)].span, |w| w.1);
                    self.error(
                        Diagnostic::new("check::out-of-range", span, e.message)
                            .label("this point")
                            .help(e.help)
                            .via(shape.via),
                    );
                }
            }
        }
    }
}
