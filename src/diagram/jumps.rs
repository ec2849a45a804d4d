//! A track's jumps on the diagram: its squares numbered along it, and each jump as an arrow
//! from its first square to its second, up the track (a ladder) in one colour and down it (a
//! snake) in another. Tracks without jumps draw nothing here.

use super::{Geometry, CELL};
use crate::engine::Game;
use std::fmt::Write;

/// The colour of a jump forward along the track (a ladder), and of one back (a snake).
const FORWARD: &str = "#3a8d3f";
const BACK: &str = "#c8372d";

impl Geometry {
    /// Each track with jumps (P1's copy): its square numbers in the cells' corners, then its
    /// jumps as arrows, under the pieces.
    pub(super) fn draw_jumps(&self, game: &Game, out: &mut String) {
        let tracks = || game.tracks.iter().filter(|t| !t.links.is_empty());
        if tracks().next().is_none() {
            return;
        }
        for (id, colour) in [("ahead", FORWARD), ("back", BACK)] {
            let _ = writeln!(
                out,
                r##"<defs><marker id="{id}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker></defs>"##
            );
        }
        for track in tracks() {
            let sites = &track.sites[0];
            for (i, &s) in sites.iter().enumerate() {
                let (x, y) = self.centre(s as usize);
                let _ = writeln!(
                    out,
                    r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#8a7f6a">{}</text>"##,
                    x - CELL / 2.0 + 2.0,
                    y - CELL / 2.0 + 10.0,
                    i + 1
                );
            }
            for &(from, to) in &track.links {
                let (id, colour) = if to > from {
                    ("ahead", FORWARD)
                } else {
                    ("back", BACK)
                };
                let (Some(&a), Some(&b)) = (sites.get(from as usize), sites.get(to as usize))
                else {
                    continue;
                };
                let ((x1, y1), (x2, y2)) = (self.centre(a as usize), self.centre(b as usize));
                let _ = writeln!(
                    out,
                    r##"<line class="jump" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{colour}" stroke-width="3" stroke-opacity="0.7" marker-end="url(#{id})"/>"##
                );
            }
        }
    }
}
