//! Flanking: runs of opposing pieces closed by one of the mover's pieces, flipped or removed.

use crate::check::registry::{opt, req, Kind::*, Ludeme, Shape::One as O, Shape::OneOrList as OL};
use crate::compile::ir::{by_width, Dirs, Site, Sites, MAX_PLAYERS, NO_SITE};
use crate::compile::Compiler;
use crate::engine::Game;
use crate::engine::{Board, Cell};
use crate::ludemes::Lower;
use crate::syntax::Node;

/// The family's ludemes.
pub(crate) const ROWS: &[Ludeme] = &[ludeme! {
    /// In each direction from the placed piece, an unbroken run of opposing pieces closed by
    /// one of the mover's pieces is flanked: every flanked run is flipped to the mover or
    /// removed.
    name: "flank",
    kind: Flank,
    positional: [
        /// the directions runs are looked for in from the placed piece: a direction, a group
        /// such as All, or a list of them
        req("directions", OL(Dir)),
    ],
    named: [
        /// the fewest opposing pieces a run holds (1 if absent)
        opt("min", O(Int)),
        /// the most opposing pieces a run holds (no bound if absent)
        opt("max", O(Int)),
        /// whether flanked runs are removed (true) instead of flipped to the mover (false, the
        /// default)
        opt("remove", O(Switch)),
        /// whether a placement must flank at least one run (true) or may flank none (false, the
        /// default)
        opt("required", O(Switch)),
    ],
    example: "(flank All required:true)",
    lower: Lower::Part,
    refs: [],
}];

/// Directions as shifts of site sets: each one's site offset and the sites with a neighbour
/// that way.
pub type Shifts = Vec<(i32, Sites)>;

/// The most pieces a run may hold: a board has fewer sites in a line.
const NO_BOUND: u16 = u16::MAX;

/// A flanking rule of a placement: which runs are flanked and what happens to them.
#[derive(Debug, Clone, PartialEq)]
pub struct Flank {
    /// The directions, as each player reads them.
    pub dirs: Dirs,
    /// The fewest opposing pieces in a run.
    pub min: u16,
    /// The most opposing pieces in a run.
    pub max: u16,
    /// Whether flanked runs are removed rather than flipped.
    pub remove: bool,
    /// Whether a placement must flank a run.
    pub required: bool,
    /// Each player's directions as shifts of site sets (offset, sites with a neighbour that
    /// way), where the board has them: the flanking sites are then found all at once.
    pub rays: Option<Box<[Shifts; MAX_PLAYERS]>>,
}

/// Lowers `(flank ...)`.
pub(crate) fn lower(c: &mut Compiler<'_>, node: &Node) -> Flank {
    let dirs = c.dirs(node.pos(0));
    let mut bound = |key: &str, default: u16| match node.named(key) {
        None => default,
        Some(n) => match n.as_int() {
            Some(v) if (1..=i64::from(u16::MAX - 1)).contains(&v) => v as u16,
            _ => {
                c.error(
                    n,
                    format!("a run's {key} length must be a whole number from 1"),
                    "write a number of pieces such as 1",
                );
                default
            }
        },
    };
    let (min, max) = (bound("min", 1), bound("max", NO_BOUND));
    if min > max {
        c.error(
            node,
            format!("a run of at least {min} and at most {max} pieces cannot be"),
            "make `min` at most `max`",
        );
    }
    let flag = crate::ludemes::lines::flag;
    let (remove, required) = (flag(c, node, "remove"), flag(c, node, "required"));
    let rays = crate::ludemes::for_each_player(|p| {
        dirs.of(p)
            .iter()
            .map(|&d| c.topology.ray(d))
            .collect::<Option<Shifts>>()
    })
    .map(Box::new);
    Flank {
        dirs,
        min,
        max,
        remove,
        required,
        rays,
    }
}

impl Flank {
    /// The end of the run flanked from `site` in direction `dir` by `mover`: the site of the
    /// closing piece, or `NO_SITE` when no run in bounds is flanked that way.
    #[inline]
    fn closer(&self, game: &Game, board: &Board, mover: u8, site: Site, dir: u8) -> Site {
        let topo = &game.topology;
        let mine = &board.owned[mover as usize];
        let (mut at, mut run) = (topo.neighbour(site, dir), 0u16);
        while at != NO_SITE && board.filled.contains(at) && !mine.contains(at) {
            run += 1;
            at = topo.neighbour(at, dir);
        }
        if at != NO_SITE && mine.contains(at) && (self.min..=self.max).contains(&run) {
            at
        } else {
            NO_SITE
        }
    }

    /// Whether a piece of `mover` placed on `site` would flank a run.
    #[inline]
    pub(crate) fn flanks(&self, game: &Game, board: &Board, mover: u8, site: Site) -> bool {
        self.dirs
            .of(mover)
            .iter()
            .any(|&d| self.closer(game, board, mover, site, d) != NO_SITE)
    }

    /// The sites of `free` where a piece of `mover` would flank a run, found by shifts of site
    /// sets narrowed to the board's words; `None` where the board has no shifts.
    #[inline(never)]
    pub(crate) fn flanking(
        &self,
        game: &Game,
        board: &Board,
        mover: u8,
        free: &Sites,
    ) -> Option<Sites> {
        let rays = self.rays.as_ref()?.get(mover as usize)?;
        Some(by_width!(game.topology.words, |W| {
            self.flanking_in::<W>(rays, board, mover, free)
        }))
    }

    /// The flanking sites in `W` words (see [`flanking_sites`]).
    #[inline]
    fn flanking_in<const W: usize>(
        &self,
        rays: &[(i32, Sites)],
        board: &Board,
        mover: u8,
        free: &Sites,
    ) -> Sites {
        let mine = board.owned[mover as usize & (MAX_PLAYERS - 1)];
        let theirs = board.filled.and_not(&mine).narrow::<W>();
        flanking_sites(rays, (self.min, self.max), &mine.narrow::<W>(), &theirs)
            .and(&free.narrow())
            .narrow()
    }

    /// Flips or removes every run flanked by the piece of `mover` just placed on `site`; returns
    /// the pieces taken.
    pub(crate) fn apply(&self, game: &Game, board: &mut Board, mover: u8, site: Site) -> u32 {
        let mut taken = 0;
        for &d in self.dirs.of(mover) {
            let end = self.closer(game, board, mover, site, d);
            if end == NO_SITE {
                continue;
            }
            let mut at = game.topology.neighbour(site, d);
            while at != end {
                let cell = board.cells[at as usize];
                if self.remove {
                    taken += u32::from(cell.count);
                    board.clear(at as usize);
                } else {
                    board.put(
                        at as usize,
                        Cell {
                            owner: mover + 1,
                            ..cell
                        },
                    );
                }
                at = game.topology.neighbour(at, d);
            }
        }
        taken
    }
}

/// The sites from which a piece of the mover's would flank a run of `min..=max` of `theirs`
/// ending at one of `mine`, in `W` words: along each ray, the opposing pieces from which a run of
/// `k` of them ends at one of the mover's, for each `k` in bounds, stepped back once more.
#[inline]
pub(crate) fn flanking_sites<const W: usize>(
    rays: &[(i32, Sites)],
    bounds: (u16, u16),
    mine: &Sites<W>,
    theirs: &Sites<W>,
) -> Sites<W> {
    let mut out = Sites::<W>::default();
    for (delta, has) in rays {
        let has = has.narrow::<W>();
        // The sites whose neighbour along the ray is in `x`. The shift's kind is chosen once
        // per ray, out of the run's loop: the compiler did not hoist it (+7% instructions).
        out = out.or(&match -delta {
            d @ 1..=63 => flanked(bounds, mine, theirs, |x| has.and(&x.shifted(d))),
            d @ -63..=-1 => flanked(bounds, mine, theirs, |x| has.and(&x.shifted(d))),
            d => flanked(bounds, mine, theirs, |x| has.and(&x.shifted(d))),
        });
    }
    out
}

/// Along one ray, whose step back is `back`: the sites next to a flankable run.
#[inline(always)]
fn flanked<const W: usize>(
    (min, max): (u16, u16),
    mine: &Sites<W>,
    theirs: &Sites<W>,
    back: impl Fn(&Sites<W>) -> Sites<W>,
) -> Sites<W> {
    let (mut run, mut ends, mut k) = (back(mine).and(theirs), Sites::<W>::default(), 1);
    while run.0 != [0; W] && k <= max {
        if k >= min {
            ends = ends.or(&run);
        }
        run = back(&run).and(theirs);
        k += 1;
    }
    back(&ends)
}

#[cfg(test)]
mod tests {
    use crate::engine::{each_random_position, Ctx, Move};
    use crate::ludemes::{Gen, MoveFamily};

    fn game(flank: &str) -> crate::engine::Game {
        let source = format!(
            r#"(game "Flank" (players 2) (equipment {{(board (rectangle 5 7)) (hand Each)}})
  (rules (start {{(hand Each 40) (pieces P1 (sites {{16 18}})) (pieces P2 (sites {{17 10}}))}})
    (play (priority {{(place 1 flank:{flank}) (place 1)}}))
    (end (if (no-moves Next) (by-pieces)))))"#
        );
        match crate::load::load_source("flank.game", &source, &[]) {
            Ok(g) => g,
            Err(e) => panic!("the test game loads: {e:?}"),
        }
    }

    #[test]
    fn the_shifts_find_the_sites_the_walk_finds() {
        for flank in [
            "(flank All required:true)",
            "(flank Orthogonal min:2 required:true)",
            "(flank Diagonal min:1 max:2 required:true)",
        ] {
            let game = game(flank);
            let Some(Gen::Place(place)) = game.gens.first().map(|d| &d.gen) else {
                panic!("the flanking placement comes first");
            };
            let mut walked = place.clone();
            if let Some(f) = walked.flank.as_mut() {
                f.rays = None;
            }
            assert!(place.flank.as_ref().is_some_and(|f| f.rays.is_some()));
            let (mut shifted, mut listed) = (Vec::<Move>::new(), Vec::<Move>::new());
            let mut flanking = 0;
            each_random_position(&game, 30, |s| {
                let ctx = Ctx::of(&game, s);
                shifted.clear();
                listed.clear();
                place.generate(&ctx, 0, &mut shifted);
                walked.generate(&ctx, 0, &mut listed);
                assert_eq!(shifted, listed, "{flank}");
                flanking += shifted.len();
            });
            assert!(flanking > 100, "{flank}: {flanking}");
        }
    }
}
