//! The start and the end of a game lowered: start instructions, and end rules with each
//! condition's source text.

use super::ir::*;
use super::{Compiler, Needs, MAX_COUNTERS};
use crate::diagnostic::Diagnostic;
use crate::syntax::{Node, NodeKind};

/// The most pieces a start instruction stacks on a site.
const MAX_STACK: i64 = 255;

impl Compiler<'_> {
    /// The start instructions.
    pub(super) fn setup(&mut self, node: &Node) -> Vec<Setup> {
        let items: Vec<&Node> = match node.pos(0) {
            Some(n) if n.as_list().is_some() => n.as_list().unwrap_or(&[]).iter().collect(),
            Some(n) => vec![n],
            None => Vec::new(),
        };
        let mut out = Vec::new();
        // The instruction that set up each site so far: a site holds what one instruction puts.
        let mut set_up: Vec<Option<&Node>> = Vec::new();
        for item in items {
            let count = |c: &mut Self, n: Option<&Node>| {
                let v = n.and_then(|n| n.as_int()).unwrap_or(0);
                if !(0..=MAX_COUNTERS).contains(&v) {
                    if let Some(n) = n {
                        c.errors.push(
                            Diagnostic::new(
                                "check::out-of-range",
                                n.span,
                                format!("{v} counters is out of range"),
                            )
                            .label("count")
                            .help(format!("counts run from 0 to {MAX_COUNTERS}"))
                            .via(n.via),
                        );
                    }
                }
                v.clamp(0, MAX_COUNTERS) as u16
            };
            match item.head() {
                Some("fill") => {
                    let sites = item
                        .pos(0)
                        .map(|r| self.region_sites(r)[0].clone())
                        .unwrap_or_default();
                    let n = count(self, item.pos(1));
                    self.claim(&mut set_up, item, &sites);
                    out.push(Setup::Fill(sites, n));
                }
                Some("hand") => {
                    let players = match item.pos(0).and_then(|n| n.as_name()) {
                        Some("Each" | "All" | "Shared") => (0..self.sym.players).collect(),
                        Some(p) if seat_of(p).is_some() => seat_of(p).into_iter().collect(),
                        other => {
                            // Nobody is the mover before the game starts.
                            self.error(
                                item,
                                format!("`{}` names no hand at the start", other.unwrap_or("?")),
                                "fill P1's, P2's or Each player's hand",
                            );
                            Vec::new()
                        }
                    };
                    let n = count(self, item.pos(1));
                    let kind = item.named("kind").map(|k| {
                        // Hands that are given pieces by kind keep kinds.
                        self.needs.insert(Needs::KINDS_HELD.with(Needs::HANDS));
                        if n > u8::MAX as u16 {
                            self.error(
                                item.pos(1).unwrap_or(item),
                                format!("a hand holds at most {} pieces of a kind", u8::MAX),
                                "give fewer pieces of this kind",
                            );
                        }
                        self.kind(Some(k)).unwrap_or(0)
                    });
                    out.push(Setup::Hand(players, n, kind));
                }
                Some("pieces") => {
                    let player = item
                        .pos(0)
                        .and_then(|n| n.as_name())
                        .and_then(seat_of)
                        .unwrap_or(0);
                    let sites = item
                        .pos(1)
                        .map(|r| self.region_sites(r)[0].clone())
                        .unwrap_or_default();
                    let track = item.named("track").map(|t| self.track(Some(t)));
                    let state = self.state(item.named("state")).unwrap_or(0);
                    let kind = self.kind(item.named("kind")).unwrap_or(0);
                    let moved = matches!(
                        item.named("moved").map(|n| &n.kind),
                        Some(NodeKind::Bool(true))
                    );
                    let stacked = match item.named("count") {
                        Some(n) if !matches!(n.as_int(), Some(1..=MAX_STACK)) => {
                            self.error(
                                n,
                                "a stack at the start holds 1 to 255 pieces".to_string(),
                                "write `count:5` for five pieces on each site",
                            );
                            1
                        }
                        Some(n) => n.as_int().unwrap_or(1) as u16,
                        None => 1,
                    };
                    self.claim(&mut set_up, item, &sites);
                    out.push(Setup::Pieces {
                        player,
                        sites,
                        count: stacked,
                        track,
                        state,
                        kind,
                        moved,
                    });
                }
                _ => {}
            }
        }
        out
    }

    /// Notes the sites a start instruction sets up; a site an earlier one set up is an error, once
    /// an instruction (the later one would silently replace what the first put there).
    fn claim<'a>(&mut self, set_up: &mut Vec<Option<&'a Node>>, item: &'a Node, sites: &[Site]) {
        let mut clash = None;
        for &site in sites {
            let i = site as usize;
            if set_up.len() <= i {
                set_up.resize(i + 1, None);
            }
            match set_up[i] {
                Some(first) => clash = clash.or(Some((site, first))),
                None => set_up[i] = Some(item),
            }
        }
        if let Some((site, first)) = clash {
            self.errors.push(
                Diagnostic::new(
                    "check::set-up-twice",
                    item.span,
                    format!("site {site} is set up twice"),
                )
                .label("sets it up again")
                .related(first.span, "first set up here")
                .help("a site holds what one start instruction puts there; leave it out of one of the two regions")
                .via(item.via),
            );
        }
    }

    /// An end rule's condition; each branch of an `or` is kept with its source text, so that
    /// reports name the rule that ended a game as it is written.
    fn end_condition(&mut self, node: &Node) -> Cond {
        if node.head() == Some("or") {
            return Cond::Or(
                Self::list_or_many(node)
                    .into_iter()
                    .map(|n| self.end_condition(n))
                    .collect(),
            );
        }
        let cond = self.cond(node);
        let text = self
            .source
            .get(node.span.start as usize..node.span.end as usize)
            .map_or_else(
                || node.describe(),
                |t| t.split_whitespace().collect::<Vec<_>>().join(" "),
            );
        self.end_branches.push((cond.clone(), text));
        cond
    }

    /// The end rules, in order, with their outcomes.
    pub(super) fn end(&mut self, node: &Node) -> Vec<(Cond, Outcome)> {
        let items: Vec<&Node> = match node.pos(0) {
            Some(n) if n.as_list().is_some() => n.as_list().unwrap_or(&[]).iter().collect(),
            Some(n) => vec![n],
            None => Vec::new(),
        };
        items
            .into_iter()
            .map(|rule| {
                let cond = rule
                    .pos(0)
                    .map(|n| self.end_condition(n))
                    .unwrap_or(Cond::Const(false));
                let outcome = match rule.pos(1) {
                    Some(r) if r.head() == Some("by-score") => {
                        let collect = r.named("collect").and_then(|c| c.as_str()).map(|name| {
                            let call = Node::new(
                                NodeKind::Call {
                                    head: "region".into(),
                                    quoted: false,
                                    head_span: r.span,
                                    args: vec![
                                        crate::syntax::Arg {
                                            key: None,
                                            value: Node::new(
                                                NodeKind::Str(name.to_string()),
                                                r.span,
                                            ),
                                        },
                                        crate::syntax::Arg {
                                            key: None,
                                            value: Node::new(
                                                NodeKind::Name("Mover".into()),
                                                r.span,
                                            ),
                                        },
                                    ],
                                },
                                r.span,
                            );
                            self.region(&call).0
                        });
                        let draw_within = r
                            .named("draw-within")
                            .map(|n| self.int(n))
                            .unwrap_or(IntExpr::Lit(0));
                        Outcome::ByScore {
                            collect,
                            draw_within,
                        }
                    }
                    Some(r) if r.head() == Some("by-pieces") => {
                        Outcome::ByPieces(self.kind(r.named("kind")))
                    }
                    Some(r) if r.head() == Some("by-area") => Outcome::ByArea {
                        territory: crate::ludemes::lower_territory(self, r.pos(0)),
                        // The checker let through only numbers of three places at most.
                        komi: r.named("komi").and_then(Node::as_thousandths).unwrap_or(0),
                    },
                    Some(r) => {
                        let who = match r.pos(0).and_then(|n| n.as_name()) {
                            Some("All") | Some("Each") | Some("Shared") => None,
                            _ => Some(self.who(r.pos(0))),
                        };
                        let kind = match r.pos(1).and_then(|n| n.as_name()) {
                            Some("Win") => ResultKind::Win,
                            Some("Loss") => ResultKind::Loss,
                            _ => ResultKind::Draw,
                        };
                        if who.is_none() && kind != ResultKind::Draw {
                            // A result for everyone is a draw: a win or loss there would be read as one.
                            self.error(
                                r,
                                "a result for every player can only be a draw",
                                "write `(result All Draw)`, or name the player who wins or loses",
                            );
                        }
                        Outcome::Fixed(who, kind)
                    }
                    None => Outcome::Fixed(None, ResultKind::Draw),
                };
                (cond, outcome)
            })
            .collect()
    }
}
