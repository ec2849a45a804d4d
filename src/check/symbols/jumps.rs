//! A track's jumps (`jumps:{{1 38} {16 6}}`): pairs of its squares read into places on it, each
//! square on the track, one jump at most from a square, and no chain of jumps that comes back
//! to where it began (a piece would jump forever).

use super::Resolver;
use crate::diagnostic::Diagnostic;
use crate::syntax::Node;

impl Resolver {
    /// The jumps of a track of `len` squares as (from, to) places, 0 for its first square; none
    /// once a fault is reported.
    pub(super) fn jumps(&mut self, item: &Node, name: &str, len: usize) -> Vec<(u8, u8)> {
        let Some(list) = item.named("jumps").and_then(|n| n.as_list()) else {
            return Vec::new();
        };
        let (mut out, mut at): (Vec<(u8, u8)>, Vec<&Node>) = (Vec::new(), Vec::new());
        let mut fine = true;
        for pair in list {
            // Anything but two numbers is the checker's to report.
            let Some([a, b]) = pair.as_list() else {
                continue;
            };
            let (Some(from), Some(to)) = (self.square(a, name, len), self.square(b, name, len))
            else {
                fine = false;
                continue;
            };
            fine &= self.one_jump(pair, from, to, &out, &at);
            out.push((from, to));
            at.push(pair);
        }
        if fine && self.no_cycle(&out, &at) {
            out
        } else {
            Vec::new()
        }
    }

    /// The place of a square number of the track; `None` once reported.
    fn square(&mut self, n: &Node, name: &str, len: usize) -> Option<u8> {
        match n.as_int() {
            Some(v) if (1..=len as i64).contains(&v) => Some(v as u8 - 1),
            Some(v) => {
                self.error(
                    Diagnostic::new(
                        "check::out-of-range",
                        n.span,
                        format!("square {v} is not on track \"{name}\", which has {len}"),
                    )
                    .label("no such square")
                    .help(format!(
                        "a jump joins two of the track's squares, numbered 1 to {len} along it"
                    ))
                    .via(n.via),
                );
                None
            }
            None => None,
        }
    }

    /// Whether a jump from `from` to `to` may join those before it: not to its own square, and
    /// not from a square that has one already; reports it if not.
    fn one_jump(&mut self, pair: &Node, from: u8, to: u8, out: &[(u8, u8)], at: &[&Node]) -> bool {
        let square = from as usize + 1;
        if from == to {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    pair.span,
                    format!("a jump from square {square} to itself"),
                )
                .label("goes nowhere")
                .help("a jump joins two different squares: remove it, or name where it leads")
                .via(pair.via),
            );
            return false;
        }
        let Some(i) = out.iter().position(|j| j.0 == from) else {
            return true;
        };
        self.error(
            Diagnostic::new(
                "check::duplicate-name",
                pair.span,
                format!("square {square} has two jumps"),
            )
            .label("a second jump from it")
            .related(at[i].span, "its first jump")
            .help("a piece lands on one square: keep one jump from each square")
            .via(pair.via),
        );
        false
    }

    /// Whether no chain of jumps comes back to where it began; reports the first one that does,
    /// at its first jump, with the others of the cycle.
    fn no_cycle(&mut self, jumps: &[(u8, u8)], at: &[&Node]) -> bool {
        let next = |p: u8| jumps.iter().position(|j| j.0 == p);
        for (i, &(from, _)) in jumps.iter().enumerate() {
            let mut chain = vec![i];
            while let Some(k) = next(jumps[*chain.last().unwrap_or(&i)].1) {
                if k == i {
                    return self.cycle(jumps, at, from, &chain);
                }
                if chain.contains(&k) {
                    // A cycle further on, reported from its own first jump.
                    break;
                }
                chain.push(k);
            }
        }
        true
    }

    /// Reports a cycle of jumps: `chain` lists the jumps from `from` back to it.
    fn cycle(&mut self, jumps: &[(u8, u8)], at: &[&Node], from: u8, chain: &[usize]) -> bool {
        let mut path = (from as usize + 1).to_string();
        for &k in chain {
            path.push_str(&format!(" -> {}", jumps[k].1 as usize + 1));
        }
        let first = at[chain[0]];
        let mut d = Diagnostic::new(
            "check::jump-cycle",
            first.span,
            format!(
                "the jumps from square {} come back to it: {path}",
                from as usize + 1
            ),
        )
        .label("a piece here would jump forever");
        for &k in &chain[1..] {
            d = d.related(at[k].span, "and on");
        }
        self.error(
            d.help("a chain of jumps must end on a square with none: remove or change one of them")
                .via(first.via),
        );
        false
    }
}
