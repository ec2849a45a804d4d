//! Moves: the edges of the game tree, sixteen bytes each.

use crate::compile::ir::{Site, NO_SITE};
use std::num::NonZeroU8;

/// One edge of the game tree: a move of a generator, a pass, or a throw. Sixteen bytes, `Copy`
/// and ordered by generator, origin and target first: besides the two sites it has room for a
/// chain of up to [`Move::MAX_JUMPS`] jumps, a removed piece's site, a promotion and a hop's
/// direction.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(8))]
pub struct Move {
    /// The generator index, or [`Move::PASS`] or [`Move::THROW`].
    pub(crate) gen: u16,
    /// Origin site (or low byte of a throw value).
    pub(crate) from: Site,
    /// Target site (or high byte of a throw value).
    pub(crate) to: Site,
    /// The directions of a chain of jumps, 3 bits a jump (48 bits, [`Move::MAX_JUMPS`] jumps):
    /// the first jump's direction, then for each later jump its turn from the way back, which
    /// is never taken (it would jump the same piece twice), so a zero ends the chain. A chain of
    /// `capture-step` lays its 48 bits out its own way (its module says how).
    pub(crate) chain: [u16; 3],
    /// A site whose piece the move removes, or `NO_SITE`.
    pub(crate) removal: Site,
    /// The direction of a hop, or [`Move::NO_DIR`].
    pub(crate) dir: u8,
    /// One more than the piece kind the moving piece becomes, or one more than [`Move::NO_KIND`]:
    /// never zero, so that an `Option<Move>` is sixteen bytes too (returned in registers).
    promotion: NonZeroU8,
}

impl Move {
    /// The move as two words, for comparing it whole or carrying it in registers.
    #[inline(always)]
    pub(crate) fn words(&self) -> [u64; 2] {
        let w = |x: u16, at: u32| (x as u64) << at;
        [
            w(self.gen, 0) | w(self.from, 16) | w(self.to, 32) | w(self.chain[0], 48),
            w(self.chain[1], 0)
                | w(self.chain[2], 16)
                | w(self.removal, 32)
                | (self.dir as u64) << 48
                | (self.promotion.get() as u64) << 56,
        ]
    }

    /// The move of these two words, as [`Move::words`] wrote them.
    #[inline(always)]
    pub(crate) fn from_words([a, b]: [u64; 2]) -> Move {
        Move {
            gen: a as u16,
            from: (a >> 16) as Site,
            to: (a >> 32) as Site,
            chain: [(a >> 48) as u16, b as u16, (b >> 16) as u16],
            removal: (b >> 32) as Site,
            dir: (b >> 48) as u8,
            promotion: NonZeroU8::new((b >> 56) as u8).unwrap_or(NonZeroU8::MAX),
        }
    }

    /// The fields in order of importance: generator, origin, target, then the rest.
    #[allow(clippy::type_complexity)]
    fn key(&self) -> (u16, Site, Site, u64, Site, u8, u8) {
        let (gen, from, to) = (self.gen, self.from, self.to);
        (
            gen,
            from,
            to,
            self.chain_bits(),
            self.removal,
            self.dir,
            self.promotion.get(),
        )
    }
}

impl PartialEq for Move {
    #[inline(always)]
    fn eq(&self, other: &Move) -> bool {
        self.words() == other.words()
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.words().hash(h);
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl Move {
    pub(crate) const PASS: u16 = u16::MAX;
    pub(crate) const THROW: u16 = u16::MAX - 1;
    /// The most jumps a chain records (3 bits each in 48): a longer chain is never made, since
    /// `jump` ends a chain at this many jumps (its doc says so).
    pub const MAX_JUMPS: usize = 16;
    /// The most jumps a flying chain records (6 bits each).
    pub const MAX_FLIGHTS: usize = 8;
    /// The most sites beyond its jumped piece a flying jump lands (3 bits).
    pub const MAX_BEYOND: u8 = 8;
    /// No direction recorded.
    pub const NO_DIR: u8 = u8::MAX;
    /// No promotion (piece kinds are numbered below it).
    pub const NO_KIND: u8 = u8::MAX - 1;

    /// The pass.
    pub fn pass() -> Move {
        Move::new(Move::PASS, 0, 0)
    }

    /// A throw of the given value.
    pub fn throw(value: i32) -> Move {
        let v = value.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16;
        Move::new(Move::THROW, v & 0xff, v >> 8)
    }

    /// A generator's move from one site to another, with nothing else recorded.
    #[inline(always)]
    pub(crate) fn new(gen: u16, from: Site, to: Site) -> Move {
        Move {
            gen,
            from,
            to,
            chain: [0; 3],
            removal: NO_SITE,
            dir: Move::NO_DIR,
            promotion: NonZeroU8::MAX,
        }
    }

    /// The same move, recording the direction of a hop.
    #[inline(always)]
    pub fn with_dir(self, dir: u8) -> Move {
        Move { dir, ..self }
    }

    /// The same move as a chain of jumps in these directions (each below 8, on a board where a
    /// direction's opposite is four apart, and no jump straight back the way the last came):
    /// `None` for no jump, more than [`Move::MAX_JUMPS`], or a direction that cannot be recorded.
    pub fn with_jumps(self, dirs: &[u8]) -> Option<Move> {
        let &first = dirs.first()?;
        if dirs.len() > Move::MAX_JUMPS || dirs.iter().any(|&d| d >= 8) {
            return None;
        }
        let mut bits = first as u64;
        for (k, pair) in dirs.windows(2).enumerate() {
            let turn = chain_turn(pair[0], pair[1]);
            if turn == 0 {
                return None;
            }
            bits |= (turn as u64) << (3 * (k + 1));
        }
        Some(self.with_chain_bits(bits))
    }

    /// The same move with the chain's bits as [`Move::chain_bits`] reads them.
    #[inline(always)]
    pub(crate) fn with_chain_bits(self, bits: u64) -> Move {
        Move {
            chain: [bits as u16, (bits >> 16) as u16, (bits >> 32) as u16],
            ..self
        }
    }

    /// The chain's 48 bits.
    #[inline(always)]
    pub(crate) fn chain_bits(&self) -> u64 {
        self.chain[0] as u64 | (self.chain[1] as u64) << 16 | (self.chain[2] as u64) << 32
    }

    /// The same move, using a die of value `die` (1 to 15) of the throw (`each-die`), and with
    /// `last` the last die of the throw that can be used: recorded in the top bits of the
    /// chain, which moves of one piece along a track or line leave empty.
    #[inline(always)]
    pub(crate) fn with_die(self, die: u16, last: bool) -> Move {
        let mut chain = self.chain;
        chain[2] = chain[2] & 0x07FF | (die & 0xF) << 12 | u16::from(last) << 11;
        Move { chain, ..self }
    }

    /// The die the move uses (`each-die`), if it uses one.
    #[inline(always)]
    pub fn die(&self) -> Option<u16> {
        Some(self.chain[2] >> 12).filter(|&d| d != 0)
    }

    /// Whether the move uses the last die of the throw that can be used.
    #[inline(always)]
    pub(crate) fn last_die(&self) -> bool {
        self.chain[2] & 1 << 11 != 0
    }

    /// The same move, removing the piece on `site` too.
    pub fn with_removal(self, site: Site) -> Move {
        Move {
            removal: site,
            ..self
        }
    }

    /// The same move, the moving piece becoming kind `kind` (below [`Move::NO_KIND`]).
    pub fn with_promotion(self, kind: u8) -> Move {
        Move {
            promotion: NonZeroU8::new(kind.min(Move::NO_KIND).wrapping_add(1))
                .unwrap_or(NonZeroU8::MAX),
            ..self
        }
    }

    /// Whether this is a pass.
    pub fn is_pass(&self) -> bool {
        self.gen == Move::PASS
    }

    /// The value if this is a throw.
    pub fn throw_value(&self) -> Option<i32> {
        (self.gen == Move::THROW).then_some((self.from | self.to << 8) as i16 as i32)
    }

    /// The origin site of a generator move.
    pub fn from(&self) -> Option<Site> {
        (self.gen < Move::THROW).then_some(self.from)
    }

    /// The target site of a generator move.
    pub fn to(&self) -> Option<Site> {
        (self.gen < Move::THROW).then_some(self.to)
    }

    /// The directions of a move of `jump`, in order (one at least; another move reads as a
    /// jump north).
    pub fn jumps(&self) -> impl Iterator<Item = u8> {
        let bits = self.chain_bits();
        let mut k = 0;
        let mut last = 0u8;
        std::iter::from_fn(move || {
            if k >= Move::MAX_JUMPS {
                return None;
            }
            let code = ((bits >> (3 * k)) & 7) as u8;
            let d = if k == 0 {
                code
            } else if code == 0 {
                return None;
            } else {
                (last + 4 + code) & 7
            };
            k += 1;
            last = d;
            Some(d)
        })
    }

    /// The jumps of a flying chain (`jump ... flying:true`), in order: each jump's direction
    /// and how many sites beyond the jumped piece it lands (1 at least). A flight takes 6 bits:
    /// its direction (the first) or its turn from the way back (never taken, so a zero ends
    /// the chain), then the sites beyond less one; [`Move::MAX_FLIGHTS`] of them.
    pub fn flights(&self) -> impl Iterator<Item = (u8, u8)> {
        let bits = self.chain_bits();
        let mut k = 0;
        let mut last = 0u8;
        std::iter::from_fn(move || {
            if k >= Move::MAX_FLIGHTS {
                return None;
            }
            let group = (bits >> (6 * k)) & 63;
            let code = (group & 7) as u8;
            let d = if k == 0 {
                code
            } else if code == 0 {
                return None;
            } else {
                (last + 4 + code) & 7
            };
            k += 1;
            last = d;
            Some((d, (group >> 3) as u8 + 1))
        })
    }

    /// The index of the generator (into `Game::gens`) of a generator move; `None` for a pass or a throw.
    pub fn generator(&self) -> Option<u16> {
        (self.gen < Move::THROW).then_some(self.gen)
    }

    /// The origin, the target and the removed piece's site as the move stores them, with no
    /// test of the move's kind: sites for a generator's move ([`NO_SITE`] for no removal); for
    /// a pass or a throw, not sites.
    #[inline(always)]
    pub fn stored_sites(&self) -> (Site, Site, Site) {
        (self.from, self.to, self.removal)
    }

    /// The site of a piece the move removes besides its captures on the way.
    pub fn removal(&self) -> Option<Site> {
        (self.removal != NO_SITE).then_some(self.removal)
    }

    /// The piece kind the moving piece becomes.
    pub fn promotion(&self) -> Option<u8> {
        let kind = self.promotion.get() - 1;
        (kind != Move::NO_KIND).then_some(kind)
    }

    /// The direction of a hop (an index into the board's directions).
    pub fn dir(&self) -> Option<u8> {
        (self.dir != Move::NO_DIR).then_some(self.dir)
    }
}

/// The 3-bit code of a jump in direction `next` after one in direction `last`: its turn from
/// the way back (`last` + 4), zero only for the way back.
#[inline(always)]
pub(crate) fn chain_turn(last: u8, next: u8) -> u8 {
    next.wrapping_sub(last.wrapping_add(4)) & 7
}

#[cfg(test)]
mod tests {
    use super::Move;
    use crate::board::NO_SITE;
    use crate::engine::NodeType;

    #[test]
    fn a_move_read_back_from_its_words_is_the_same_move() {
        let moves = [
            Move::new(3, 10, 399),
            Move::new(0, 0, 0),
            Move::pass(),
            Move::throw(-7),
            Move::new(2, 5, 9)
                .with_dir(6)
                .with_removal(400)
                .with_promotion(1),
            Move::new(1, 12, 30).with_jumps(&[1, 3, 2]).unwrap(),
        ];
        for m in moves {
            let back = Move::from_words(m.words());
            assert_eq!(back, m);
            assert_eq!(back.key(), m.key());
        }
    }

    #[test]
    fn a_move_carries_a_chain_a_removal_a_promotion_and_a_direction() {
        let plain = Move::new(3, 10, 399);
        assert_eq!((plain.from(), plain.to()), (Some(10), Some(399)));
        assert_eq!(
            (plain.removal(), plain.promotion(), plain.dir()),
            (None, None, None)
        );
        // Sixteen jumps, every direction and every turn but the way back, read back in order.
        let long = [1, 1, 3, 5, 7, 0, 2, 4, 6, 6, 7, 5, 3, 1, 0, 0];
        let chain = plain.with_jumps(&long).expect("sixteen jumps fit");
        assert_eq!(chain.jumps().collect::<Vec<_>>(), long);
        let short = plain.with_jumps(&[7, 1]).expect("two jumps fit");
        assert_eq!(short.jumps().collect::<Vec<_>>(), [7, 1]);
        assert_eq!(plain.with_jumps(&[2]).unwrap().jumps().count(), 1);
        // What cannot be recorded is refused, never cut.
        assert_eq!(plain.with_jumps(&[0; 17]), None);
        assert_eq!(plain.with_jumps(&[1, 5]), None, "straight back");
        assert_eq!(plain.with_jumps(&[8]), None);
        assert_eq!(plain.with_jumps(&[]), None);
        assert_ne!(chain, short);
        let taken = plain.with_removal(255);
        assert_eq!(taken.removal(), Some(255));
        let promoted = chain.with_promotion(2);
        assert_eq!(promoted.promotion(), Some(2));
        assert_eq!(promoted.jumps().collect::<Vec<_>>(), long);
        assert_eq!(plain.with_dir(5).dir(), Some(5));
        // Each extra makes another move, and today's moves order by generator, origin, target.
        assert_ne!(plain, taken);
        assert_ne!(chain, promoted);
        assert!(Move::new(3, 10, 398) < plain && plain < Move::new(3, 11, 0));
        assert_eq!(Move::throw(-300).throw_value(), Some(-300));
        assert_eq!(Move::throw(-300).from(), None);
        assert_ne!(NO_SITE, 255);
    }
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Where hands keep kinds, what a hand holds is part of the repetition key: by kind and by
    /// player, and a piece dropped again gives the key back.
    #[test]
    fn a_hand_by_kind_is_part_of_the_board_key() {
        let mut board = crate::engine::Board {
            cells: vec![crate::engine::Cell::default(); 12],
            keyed: true,
            kinded: true,
            ..Default::default()
        };
        board.refresh();
        let empty = board.key;
        let key_after = |player, kind| {
            let mut b = board.clone();
            b.hold(player, kind, 1);
            assert_eq!(b.hand[player as usize], 1);
            b.key
        };
        let keys = [key_after(0, 1), key_after(0, 2), key_after(1, 1), empty];
        for (i, a) in keys.iter().enumerate() {
            assert!(keys[i + 1..].iter().all(|b| b != a), "{keys:?}");
        }
        board.hold(0, 1, 1);
        let mut fresh = board.clone();
        fresh.refresh();
        assert_eq!(fresh.key, board.key);
        board.hold(0, 1, -1);
        assert_eq!((board.key, board.hand[0], board.held(0, 1)), (empty, 0, 0));
    }

    /// The incremental board key and site sets stay equal to those recomputed from the cells,
    /// through random games of every shipped game and variant.
    #[test]
    fn board_key_and_sets_follow_the_cells() {
        let mut files: Vec<_> = ["games", "tests/variants"]
            .iter()
            .flat_map(|d| std::fs::read_dir(d).into_iter().flatten().flatten())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "game"))
            .collect();
        files.sort();
        assert!(files.len() >= 8, "{files:?}");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for path in files {
            let game = crate::load_file(&path, &[]).expect("shipped file loads");
            for _ in 0..20 {
                let mut s = game.new_initial_state();
                while !s.is_terminal() && s.edges_played() < 3000 {
                    let m = match s.node() {
                        NodeType::Chance => game.sample_chance(&s, &mut rng),
                        _ => {
                            let moves = game.moves(&s);
                            moves.get(rng.random_range(0..moves.len().max(1))).copied()
                        }
                    };
                    let Some(m) = m else { break };
                    game.apply(&mut s, m).expect("legal move applies");
                    let mut fresh = s.board.clone();
                    fresh.refresh();
                    assert_eq!(fresh, s.board, "{}", path.display());
                }
            }
        }
    }
}
