//! Dice declarations: a die, throwing sticks, or several dice thrown together, and their
//! outcomes with their weights.

use super::Resolver;
use crate::diagnostic::Diagnostic;
use crate::syntax::Node;

impl Resolver {
    /// Declares a `(dice "Name" spec)` item: its outcomes and weights.
    pub(super) fn dice_decl(&mut self, item: &Node) {
        let name = item
            .pos(0)
            .and_then(|n| n.as_str())
            .unwrap_or_default()
            .to_string();
        if self.dice.contains(&name) {
            self.error(
                Diagnostic::new(
                    "check::duplicate-name",
                    item.span,
                    format!("dice \"{name}\" are declared twice"),
                )
                .label("second declaration")
                .help("give each set of dice a name of its own")
                .via(item.via),
            );
            return;
        }
        let Some(spec) = item.pos(1) else { return };
        let n = spec.pos(0).and_then(|n| n.as_int()).unwrap_or(0);
        let outcomes: Vec<(i32, u64)> = match spec.head() {
            Some("sticks") if (1..=60).contains(&n) => (0..=n)
                .map(|k| (k as i32, binomial(n as u64, k as u64)))
                .collect(),
            Some("die") if spec.named("count").is_some() => {
                return self.dice_together(name, spec, n);
            }
            Some("die") if (1..=1000).contains(&n) => (1..=n).map(|v| (v as i32, 1)).collect(),
            _ => {
                self.error(
                    Diagnostic::new(
                        "check::out-of-range",
                        spec.span,
                        format!("{} with {n} is out of range", spec.describe()),
                    )
                    .label("dice size")
                    .help("sticks take 1 to 60, a die 1 to 1000 faces")
                    .via(spec.via),
                );
                return;
            }
        };
        self.dice.insert(name.clone());
        self.symbols.dice.push((name, outcomes));
        self.symbols.dice_sets.push((1, false));
    }

    /// Dice thrown together (`(die 6 count:2)`): their outcomes, each set of values once.
    fn dice_together(&mut self, name: String, spec: &Node, n: i64) {
        let count = spec.named("count").and_then(|c| c.as_int()).unwrap_or(0);
        if !(2..=4).contains(&count) || !(2..=9).contains(&n) {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    spec.span,
                    format!("{count} dice of {n} faces thrown together is out of range"),
                )
                .label("dice thrown together")
                .help("several dice are 2 to 4 dice of 2 to 9 faces")
                .via(spec.via),
            );
            return;
        }
        let doubles = matches!(
            spec.named("doubles").map(|d| &d.kind),
            Some(crate::syntax::NodeKind::Bool(true))
        );
        if doubles && count > 2 {
            let at = spec.named("doubles").unwrap_or(spec);
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    at.span,
                    "doubles used twice over are for two dice".to_string(),
                )
                .label("more than four moves a throw")
                .help("with `doubles:true` throw `count:2` dice")
                .via(at.via),
            );
            return;
        }
        self.dice.insert(name.clone());
        self.symbols
            .dice
            .push((name, several_dice(count as u32, n as u32)));
        self.symbols.dice_sets.push((count as u8, doubles));
    }
}

/// The outcomes of `count` dice of `faces` faces thrown together: each set of values once,
/// written as a number with its digits largest first (6 and 5: 65), weighted by the orders it
/// can come in (65 twice, 66 once), in ascending order of that number.
fn several_dice(count: u32, faces: u32) -> Vec<(i32, u64)> {
    let mut out = std::collections::BTreeMap::new();
    for i in 0..faces.pow(count) {
        let mut digits: Vec<u32> = (0..count).map(|k| i / faces.pow(k) % faces + 1).collect();
        digits.sort_unstable_by(|a, b| b.cmp(a));
        let v = digits.iter().fold(0i32, |v, &d| v * 10 + d as i32);
        *out.entry(v).or_insert(0u64) += 1;
    }
    out.into_iter().collect()
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}
