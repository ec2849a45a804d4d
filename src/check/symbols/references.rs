//! Names in the rules: every reference to a declaration (tracks, dice, phases, variables, piece
//! states, per-player regions) and every role naming a seat, checked against the symbol tables.

use super::{seat_of, Resolver, Symbols};
use crate::check::registry::{self, Kind};
use crate::diagnostic::Diagnostic;
use crate::ludemes::{region_sites, Ref, Scope};
use crate::syntax::{Node, NodeKind};

impl Resolver {
    /// Reports every role that names a seat the game does not have (`P3` in a two-player game).
    pub(super) fn absent_players(&mut self, node: &Node) {
        match &node.kind {
            NodeKind::Name(name) => {
                if let Some(p) = seat_of(name).filter(|&p| p >= self.symbols.players) {
                    let n = self.symbols.players;
                    self.error(
                        Diagnostic::new(
                            "check::out-of-range",
                            node.span,
                            format!(
                                "`{name}` names player {}, but this game has {n} players",
                                p + 1
                            ),
                        )
                        .label(format!("no player {} here", p + 1))
                        .help(format!(
                            "name {}, Mover, Next or Prev, or declare `(players {})`",
                            if n == 2 {
                                "P1 or P2".into()
                            } else {
                                format!("P1 to P{n}")
                            },
                            p + 1
                        ))
                        .via(node.via),
                    );
                }
            }
            NodeKind::Call { args, .. } => args.iter().for_each(|a| self.absent_players(&a.value)),
            NodeKind::List(items) => items.iter().for_each(|i| self.absent_players(i)),
            _ => {}
        }
    }

    pub(super) fn phases(&mut self, rules: &Node) {
        let Some(play) = rules.pos(1).and_then(|p| p.pos(0)) else {
            return;
        };
        if play.head() != Some("phases") {
            return;
        }
        let list = play.pos(0).and_then(|l| l.as_list()).unwrap_or(&[]);
        self.duplicates(
            &list
                .iter()
                .filter_map(|p| p.pos(0).cloned())
                .collect::<Vec<_>>(),
            "phase",
        );
        self.symbols.phases = list
            .iter()
            .filter_map(|p| p.pos(0).and_then(|n| n.as_str()).map(String::from))
            .collect();
        if list.is_empty() {
            self.error(
                Diagnostic::new(
                    "check::missing",
                    play.span,
                    "a turn needs at least one phase",
                )
                .label("no phases")
                .help("add a `(decision ...)` or `(chance ...)` phase")
                .via(play.via),
            );
        }
    }

    /// Walks the rules with the kind expected at each place, evaluates every region, and checks
    /// the names its registry row says each ludeme's arguments hold.
    pub(super) fn references(&mut self, node: &Node, kind: Kind) {
        match &node.kind {
            NodeKind::List(items) => items.iter().for_each(|i| self.references(i, kind)),
            NodeKind::Call { head, args, .. } => {
                // Every call has its row: the registry check passed.
                let Some(row) = registry::lookup(head).find(|l| l.kind == kind) else {
                    return;
                };
                if kind == Kind::Region {
                    region_sites(self, node, Scope::Play);
                    return;
                }
                for r in row.refs {
                    self.reference(node, *r);
                }
                let mut positional = 0;
                for a in args {
                    let param = match &a.key {
                        Some((key, _)) => row.named.iter().find(|p| p.name == key),
                        None => {
                            positional += 1;
                            // A last argument of many kinds takes the rest.
                            row.positional.get(positional - 1).or(row.positional.last())
                        }
                    };
                    if let Some(p) = param {
                        self.references(&a.value, p.shape.kind());
                    }
                }
            }
            _ => {}
        }
    }

    /// Checks one argument that names a declaration.
    fn reference(&mut self, node: &Node, r: Ref) {
        let arg = r.arg().and_then(|a| a.of(node));
        match (r, arg) {
            (Ref::Hand, _) if !self.symbols.hands => self.error(
                Diagnostic::new(
                    "check::undefined-name",
                    node.span,
                    "this game gives the players no hands",
                )
                .label("uses a hand")
                .help("declare `(hand Each)` in the equipment")
                .via(node.via),
            ),
            (Ref::Hand, _) | (_, None) => {}
            (Ref::Track(_), t) => self.track_ref(t, true),
            (Ref::StartTrack(_), t) => self.track_ref(t, false),
            (Ref::Owner(_), Some(owner)) => {
                self.player(owner, false);
            }
            (Ref::Dice(_), Some(d)) => {
                self.declared(d, "dice", |s, n| s.dice.iter().any(|x| x.0 == n))
            }
            (Ref::Phase(_), Some(p)) => {
                self.declared(p, "phase", |s, n| s.phases.iter().any(|x| x == n))
            }
            (Ref::Var(_), Some(v)) => {
                self.declared(v, "variable", |s, n| s.vars.iter().any(|x| x.0 == n))
            }
            (Ref::State(_), Some(st)) => {
                self.declared(st, "piece state", |s, n| s.states.iter().any(|x| x == n))
            }
            (Ref::Kind(_), Some(k)) => match k.as_list() {
                // A list of kinds (a promotion's): each must be declared.
                Some(list) => {
                    for k in list {
                        self.declared(k, "piece kind", |s, n| s.kinds.iter().any(|x| x == n))
                    }
                }
                None => self.declared(k, "piece kind", |s, n| s.kinds.iter().any(|x| x == n)),
            },
            (Ref::PlayerRegion(_), Some(c)) => {
                let name = c.as_str().unwrap_or_default();
                if self
                    .symbols
                    .regions_named(name)
                    .filter(|r| r.owner.is_some())
                    .count()
                    < 2
                    && !self.is_refused("region", name)
                {
                    self.error(
                        Diagnostic::new(
                            "check::undefined-name",
                            c.span,
                            format!("no per-player region is called \"{name}\""),
                        )
                        .label("needs a region for P1 and one for P2")
                        .help(format!(
                            "declare `(region \"{name}\" P1 ...)` and `(region \"{name}\" P2 ...)`"
                        ))
                        .via(c.via),
                    );
                }
            }
        }
    }

    /// Reports the name at `at` unless the game declares it.
    fn declared(&mut self, at: &Node, what: &str, has: fn(&Symbols, &str) -> bool) {
        let name = at.as_str().unwrap_or_default();
        if !has(&self.symbols, name) {
            self.undefined(at, what, name);
        }
    }

    fn track_ref(&mut self, node: Option<&Node>, may_be_shared: bool) {
        let Some(t) = node else { return };
        let name = t.as_str().unwrap_or_default();
        let decls: Vec<Option<u8>> = self.symbols.tracks_named(name).map(|d| d.owner).collect();
        if decls.is_empty() {
            self.undefined(t, "track", name);
        } else if !may_be_shared && decls.contains(&None) {
            // A shared track serves every player; nothing more to check.
        } else if decls.iter().any(|o| o.is_some())
            && decls.len() < 2
            && !self.is_refused("track", name)
        {
            self.error(
                Diagnostic::new("check::undefined-name", t.span, format!("track \"{name}\" is declared for one player only"))
                    .label("the other player has no such track")
                    .help(format!("declare `(track \"{name}\" P1 ...)` and `(track \"{name}\" P2 ...)`, or one shared track"))
                    .via(t.via),
            );
        }
    }
}
