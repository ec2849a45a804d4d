//! Track declarations: each segment read into sites in order, and a track that each player has,
//! turned to their seat.

use super::{Resolver, TrackDecl};
use crate::board::topology::{parse_point, seat_facing, turned, Tiling, DIRECTIONS};
use crate::board::{Site, SITE_WORDS};
use crate::diagnostic::Diagnostic;
use crate::ludemes::site_list;
use crate::syntax::{Node, NodeKind};

impl Resolver {
    /// Reads `(track "Name" [P1|Each] {segments...} loop:)` into one declaration per owner.
    pub(super) fn track_decl(&mut self, item: &Node) {
        let name = item
            .pos(0)
            .and_then(|n| n.as_str())
            .unwrap_or_default()
            .to_string();
        // `Each`: P1's track as written, and every other player's the same turned to their seat.
        let (owner, each, segments) = match (item.pos(1), item.pos(2)) {
            (Some(o), Some(s)) if o.as_name() == Some("Each") => (None, Some(o), s),
            (Some(o), Some(s)) => match self.player(o, false) {
                Some(owner) => (owner, None, s),
                None => return,
            },
            (Some(s), None) => (None, None, s),
            _ => return,
        };
        let first = (self.symbols.tracks_named(&name))
            .find(|t| super::clashes(t.owner, owner))
            .map(|t| t.span);
        if self.declared_twice("track", item, &name, first) {
            return;
        }
        let mut sites = Vec::new();
        for seg in segments.as_list().unwrap_or(&[]) {
            match self.segment(seg) {
                Some(s) => sites.extend(s),
                None => return,
            }
        }
        if sites.is_empty() || sites.len() > 255 {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    item.span,
                    format!(
                        "track \"{name}\" has {} places; a track has 1 to 255",
                        sites.len()
                    ),
                )
                .label("track length")
                .help("list the track's rows, columns or sites")
                .via(item.via),
            );
            return;
        }
        let looped = matches!(
            item.named("loop").map(|n| &n.kind),
            Some(NodeKind::Bool(true))
        );
        let jumps = self.jumps(item, &name, sites.len());
        match each {
            Some(at) => {
                // All seats or none: a refused declaration is reported once, for every use.
                let seats: Option<Vec<Vec<Site>>> = (0..self.symbols.players)
                    .map(|p| self.turn(at, &sites, p))
                    .collect();
                for (p, sites) in seats.into_iter().flatten().enumerate() {
                    self.symbols.declare_track(TrackDecl {
                        name: name.clone(),
                        owner: Some(p as u8),
                        sites,
                        looped,
                        jumps: jumps.clone(),
                        span: item.span,
                    });
                }
            }
            None => self.symbols.declare_track(TrackDecl {
                name,
                owner,
                sites,
                looped,
                jumps,
                span: item.span,
            }),
        }
    }

    /// The sites of one segment in order; `None` once a fault is reported.
    fn segment(&mut self, seg: &Node) -> Option<Vec<Site>> {
        let (rows, cols) = (self.symbols.rows, self.symbols.columns);
        let mut out = Vec::new();
        let dir = seg.pos(1).and_then(|d| d.as_name()).unwrap_or("");
        match seg.head() {
            Some(axis @ ("row" | "column")) => {
                // A row runs along the columns, E or W; a column along the rows, N or S.
                let (lines, along, forward, backward) = match axis {
                    "row" => (rows, cols, "E", "W"),
                    _ => (cols, rows, "N", "S"),
                };
                let k = seg
                    .pos(0)
                    .and_then(|n| n.as_int())
                    .and_then(|v| self.in_range(seg.pos(0)?, v, lines, axis))?;
                let order: Vec<usize> = if dir == forward {
                    (0..along).collect()
                } else if dir == backward {
                    (0..along).rev().collect()
                } else {
                    return self.refuse(
                        Diagnostic::new(
                            "check::kind",
                            seg.span,
                            format!("a {axis} runs {forward} or {backward}, not {dir}"),
                        )
                        .label("direction")
                        .help(format!(
                            "write `({axis} 0 {forward})` or `({axis} 0 {backward})`"
                        ))
                        .via(seg.via),
                    );
                };
                out.extend(order.into_iter().filter_map(|i| match axis {
                    "row" => self.symbols.site_at(k, i),
                    _ => self.symbols.site_at(i, k),
                }));
            }
            Some("sites") => match site_list(self, seg.pos(0)) {
                Some(s) => out.extend(s),
                None => return None,
            },
            Some("store") => match seg.pos(0).map(|o| self.player(o, false)) {
                Some(Some(Some(_)))
                    if self.symbols.store_site(self.symbols.players) as usize > SITE_WORDS * 64 =>
                {
                    return self.refuse(
                        Diagnostic::new(
                            "check::out-of-range",
                            seg.span,
                            "the board leaves no room for the players' stores",
                        )
                        .label("a store off the grid")
                        .help(format!(
                            "a board with stores has at most {} sites",
                            SITE_WORDS * 64 - self.symbols.players as usize
                        ))
                        .via(seg.via),
                    );
                }
                Some(Some(Some(p))) => {
                    out.push(self.symbols.store_site(p));
                    self.symbols.stores = true;
                }
                _ => return None,
            },
            Some("walk") => out.extend(self.walk(seg)?),
            _ => {}
        }
        Some(out)
    }

    /// Reports a fault of a segment; the segment is then refused.
    fn refuse<T>(&mut self, d: Diagnostic) -> Option<T> {
        self.error(d);
        None
    }

    /// A walk over the board, `"g2 N4 NW W5"`: the point it starts on by name, then steps, each a
    /// direction with an optional count (`N4` is four steps north).
    fn walk(&mut self, seg: &Node) -> Option<Vec<Site>> {
        let at = seg.pos(0).unwrap_or(seg);
        if !matches!(self.symbols.tiling, Tiling::Square | Tiling::Graph) {
            return self.refuse(
                Diagnostic::new(
                    "check::kind",
                    seg.span,
                    "a walk needs a board of squares or a graph",
                )
                .label("on a board of hexagons")
                .help("list the track's sites with `(sites {...})`")
                .via(seg.via),
            );
        }
        let words = super::words(at);
        let Some(&(start, span)) = words.first() else {
            return self.refuse(
                Diagnostic::new(
                    "check::missing",
                    at.span,
                    "a walk needs a point to start from",
                )
                .label("empty walk")
                .help("write the start point, then the steps: \"g2 N4 NW W5\"")
                .via(at.via),
            );
        };
        let point =
            parse_point(start).and_then(|p| self.symbols.site_at(p.y as usize, p.x as usize));
        let Some(mut site) = point else {
            return self.refuse(
                Diagnostic::new(
                    "check::out-of-range",
                    span,
                    format!("a walk starts on `{start}`, which is no point of the board"),
                )
                .label("start point")
                .help(
                    "name a point by its column letter and row number, as `a1` for the bottom left",
                )
                .via(at.via),
            );
        };
        let mut out = vec![site];
        for &(word, span) in &words[1..] {
            let split = word
                .find(|c: char| c.is_ascii_digit())
                .unwrap_or(word.len());
            let (name, count) = word.split_at(split);
            let dir = DIRECTIONS.iter().position(|d| *d == name);
            let count: Option<usize> = match count {
                "" => Some(1),
                n => n.parse().ok().filter(|n| (1..=255).contains(n)),
            };
            let (Some(dir), Some(count)) = (dir, count) else {
                return self.refuse(
                    Diagnostic::new("check::kind", span, format!("`{word}` is no step of a walk"))
                        .label("a step")
                        .help("a step is a direction, N NE E SE S SW W NW, with an optional count of 1 to 255: `N4`")
                        .via(at.via),
                );
            };
            for _ in 0..count {
                if out.len() > 255 {
                    // Too long for a track already: the declaration reports it.
                    return Some(out);
                }
                let Some(next) = self.symbols.neighbour(site, dir) else {
                    return self.refuse(
                        Diagnostic::new("check::out-of-range", span, format!("the walk leaves the board at `{word}`"))
                            .label(format!("no point {} of the last", DIRECTIONS[dir]))
                            .help("each step goes to the neighbouring point that way; count the squares to the edge")
                            .via(at.via),
                    );
                };
                site = next;
                out.push(site);
            }
        }
        Some(out)
    }

    /// Player `p`'s copy of a track P1 has as `sites`: the board turned from P1's seat to theirs.
    fn turn(&mut self, at: &Node, sites: &[Site], p: u8) -> Option<Vec<Site>> {
        let facing = seat_facing(self.symbols.players)[p as usize];
        let (rows, cols, grid) = (
            self.symbols.rows,
            self.symbols.columns,
            self.symbols.sites(),
        );
        let fits =
            self.symbols.tiling == Tiling::Square && (facing.is_multiple_of(4) || rows == cols);
        if !fits {
            return self.refuse(
                Diagnostic::new("check::kind", at.span, "a track for each player is turned to their seat, which this board cannot be")
                    .label("one track for each player")
                    .help(format!("seats face each side of the board: {} players need a square board of squares; or declare a track for each player (P1 to P{})", self.symbols.players, self.symbols.players))
                    .via(at.via),
            );
        }
        let players = self.symbols.players as usize;
        Some(
            sites
                .iter()
                .map(|&s| {
                    let s = s as usize;
                    if s >= grid {
                        // A store turns with the seats: P1's becomes this player's.
                        let owner = (s - grid + p as usize) % players;
                        return self.symbols.store_site(owner as u8);
                    }
                    turned(rows, cols, s / cols, s % cols, facing)
                        .map_or(s as Site, |(r, c)| (r * cols + c) as Site)
                })
                .collect(),
        )
    }
}
