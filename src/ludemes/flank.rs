//! Flanking: runs of opposing pieces closed by one of the mover's pieces, flipped or removed.

use crate::board::sites::neighbour_rotation;
use crate::check::registry::{opt, req, Kind::*, Ludeme, Shape::One as O, Shape::OneOrList as OL};
use crate::compile::ir::{by_width, Dirs, Site, Sites, MAX_PLAYERS, NO_SITE, SITE_WORDS};
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
        let Some(rays) = self.rays.as_ref().and_then(|r| r.get(mover as usize)) else {
            return self.apply_walked(game, board, mover, site);
        };
        let words = game.topology.words;
        let mine = &board.owned[mover as usize & (MAX_PLAYERS - 1)];
        let runs = by_width!(words, |W| {
            let mine = mine.narrow::<W>();
            let theirs = board.filled.narrow::<W>().and_not(&mine);
            self.runs_from::<W>(rays, site, &mine, &theirs)
                .narrow::<SITE_WORDS>()
        });
        let mut taken = 0;
        for at in runs.iter_in(words) {
            taken += self.take(board, mover, at as usize);
        }
        taken
    }

    /// The sites of `free` where a piece of `mover` would flank a run, on a board of one word
    /// with shifts: [`Flank::flanking`] in one word.
    #[inline(always)]
    pub(crate) fn flanking_word(&self, mover: u8, free: u64, mine: u64, theirs: u64) -> u64 {
        let Some(rays) = self.rays.as_ref().and_then(|r| r.get(mover as usize)) else {
            return free;
        };
        let bounds = (self.min, self.max);
        free & flanking_sites::<1>(rays, bounds, &Sites([mine]), &Sites([theirs])).0[0]
    }

    /// The opposing pieces of the runs a piece of `mover` on `site` flanks, on a board of one
    /// word with shifts: what [`Flank::apply`] flips or removes.
    #[inline(always)]
    pub(crate) fn runs_word(&self, mover: u8, site: Site, mine: u64, theirs: u64) -> u64 {
        let Some(rays) = self.rays.as_ref().and_then(|r| r.get(mover as usize)) else {
            return 0;
        };
        self.runs_from::<1>(rays, site, &Sites([mine]), &Sites([theirs]))
            .0[0]
    }

    /// The pieces of `theirs` in the runs a piece on `site` flanks against `mine`, found along
    /// each ray by shifts of one site.
    #[inline]
    fn runs_from<const W: usize>(
        &self,
        rays: &[(i32, Sites)],
        site: Site,
        mine: &Sites<W>,
        theirs: &Sites<W>,
    ) -> Sites<W> {
        let mut from = Sites::<W>::default();
        from.insert(site);
        let mut out = Sites::<W>::default();
        for &(delta, ref has) in rays {
            let (has, rot) = (has.narrow::<W>(), neighbour_rotation(-delta));
            // The neighbour along the ray, where there is one: on one word, a rotation.
            let on = |x: &Sites<W>| {
                let x = x.and(&has);
                if W == 1 {
                    Sites(x.0.map(|w| w.rotate_left(rot)))
                } else {
                    x.shifted(delta)
                }
            };
            let (mut at, mut run, mut len) = (on(&from), Sites::<W>::default(), 0u16);
            while at.intersects(theirs) {
                run = run.or(&at);
                len += 1;
                at = on(&at);
            }
            if at.intersects(mine) && (self.min..=self.max).contains(&len) {
                out = out.or(&run);
            }
        }
        out
    }

    /// Flips to `mover`, or removes, the piece on `at` of a flanked run; returns the pieces taken.
    #[inline]
    fn take(&self, board: &mut Board, mover: u8, at: usize) -> u32 {
        let cell = board.cells[at];
        if self.remove {
            board.clear(at);
            return u32::from(cell.count);
        }
        board.put(
            at,
            Cell {
                owner: mover + 1,
                ..cell
            },
        );
        0
    }

    /// [`Flank::apply`] by walking each direction site by site, where the board has no shifts.
    fn apply_walked(&self, game: &Game, board: &mut Board, mover: u8, site: Site) -> u32 {
        let mut taken = 0;
        for &d in self.dirs.of(mover) {
            let end = self.closer(game, board, mover, site, d);
            if end == NO_SITE {
                continue;
            }
            let mut at = game.topology.neighbour(site, d);
            while at != end {
                taken += self.take(board, mover, at as usize);
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
    // A run of any length: found by doubling, in as many steps as the longest run's bits.
    if bounds.0 <= 1 && usize::from(bounds.1) >= 64 * W {
        for &(delta, ref has) in rays {
            // On one word, a rotation: every site `back` keeps has its k-th neighbour on the
            // board, so the bit it reads is that neighbour's, not one wrapped round.
            let rot = neighbour_rotation(delta);
            let back = |x: &Sites<W>, k: u32| {
                if W == 1 {
                    Sites(x.0.map(|w| w.rotate_left(rot.wrapping_mul(k) & 63)))
                } else {
                    x.shifted(-delta * k as i32)
                }
            };
            out = out.or(&flanked_any(mine, theirs, &has.narrow::<W>(), back));
        }
        return out;
    }
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

/// Along one ray, runs of any length: the opposing pieces whose walk along the ray through
/// opposing pieces ends at one of the mover's, found with walks of 1, 2, 4, ... steps at once,
/// stepped back once more. `back(x, k)` is `x` moved `k` steps back along the ray, unmasked: the
/// sites it keeps are ones whose k-th neighbour is known to exist.
#[inline(always)]
fn flanked_any<const W: usize>(
    mine: &Sites<W>,
    theirs: &Sites<W>,
    has: &Sites<W>,
    back: impl Fn(&Sites<W>, u32) -> Sites<W>,
) -> Sites<W> {
    // `reach`: opposing pieces whose walk of at most k steps ends at a piece of the mover's;
    // `through`: the first of k opposing pieces in a row along the ray, each with a neighbour.
    let mut through = theirs.and(has);
    let mut reach = through.and(&back(mine, 1));
    let mut k = 1;
    while !through.is_empty() {
        reach = reach.or(&through.and(&back(&reach, k)));
        through = through.and(&back(&through, k));
        k *= 2;
    }
    has.and(&back(&reach, 1))
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
            "(flank All max:2 remove:true required:true)",
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
                // Each placement's runs, found by shifts and walked, flip or take the same.
                let (by_shifts, by_walk) = (place.flank.as_ref(), walked.flank.as_ref());
                for m in &shifted {
                    let (mut a, mut b) = (s.board.clone(), s.board.clone());
                    let took = by_shifts.map(|f| f.apply(&game, &mut a, s.mover, m.to));
                    assert_eq!(took, by_walk.map(|f| f.apply(&game, &mut b, s.mover, m.to)));
                    assert_eq!(a, b, "{flank}");
                }
            });
            assert!(flanking > 100, "{flank}: {flanking}");
        }
    }
}
