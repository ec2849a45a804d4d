//! The game tree of a reference model, walked the same way for every model: perft counts.

/// A reference model's position: its legal moves and how one is played.
pub trait Tree: Clone {
    /// A move.
    type Move: Copy;
    /// The legal moves, in ludus's order; none when the game is over.
    fn moves(&self) -> Vec<Self::Move>;
    /// Plays a legal move.
    fn play(&mut self, m: Self::Move);

    /// Leaf counts at each depth up to `depth`: perft, counted straight from the rules.
    fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth + 1];
        walk(self, depth, 0, &mut counts);
        counts
    }
}

fn walk<T: Tree>(t: &T, depth: usize, at: usize, counts: &mut [u64]) {
    counts[at] += 1;
    if at == depth {
        return;
    }
    for m in t.moves() {
        let mut next = t.clone();
        next.play(m);
        walk(&next, depth, at + 1, counts);
    }
}
