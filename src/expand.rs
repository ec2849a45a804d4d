//! Stage 2: defines and options expanded; the game becomes one tree with no `#n`, `("Name")`,
//! `(option ...)` or `(select ...)` left in it.

use crate::diagnostic::Diagnostic;
use crate::syntax::{Arg, Node, NodeKind, Span};
use std::collections::{HashMap, HashSet};

pub mod fold;
mod options;
use options::{option_decl, resolve_options};
pub use options::{OptionDecl, OptionKind, OptionValue};

/// How many nodes expansion may produce before it is called runaway.
const MAX_NODES: usize = 2_000_000;
/// How deeply defines may call defines.
const MAX_DEFINE_DEPTH: usize = 32;
/// How deep the expanded tree may be, so that later recursive stages stay within the stack.
const MAX_TREE_DEPTH: usize = 256;

/// The metadata block: what a person reads about the game.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Metadata {
    /// What the game is.
    pub description: String,
    /// Where the rules come from.
    pub source: String,
    /// The rules in English.
    pub rules: String,
}

/// A game with its defines and options expanded.
#[derive(Debug, Clone)]
pub struct Expanded {
    /// The game's name.
    pub name: String,
    /// The `(game ...)` form, expanded.
    pub game: Node,
    /// The metadata.
    pub metadata: Metadata,
    /// The `(graphics ...)` form, expanded, if the file has one.
    pub graphics: Option<Node>,
    /// The declared options.
    pub options: Vec<OptionDecl>,
    /// The value of every option in this load, in declaration order.
    pub values: Vec<(String, OptionValue)>,
}

struct Define {
    body: Node,
    params: u32,
    span: Span,
}

/// Expands a parsed file with the given `NAME=VALUE` option settings.
pub fn expand(forms: &[Node], settings: &[(String, String)]) -> Result<Expanded, Vec<Diagnostic>> {
    let TopForms {
        defines,
        options,
        option_index,
        refused,
        refused_defines,
        game,
        metadata,
        graphics,
        mut errors,
    } = TopForms::read(forms);
    let Some(game) = game else {
        errors.push(
            Diagnostic::new(
                "check::missing",
                Span::new(0, 0),
                "this file has no `(game ...)` form",
            )
            .label("the game should be here")
            .help("a file holds one `(game \"Name\" (players 2) (equipment {...}) (rules ...))`"),
        );
        return Err(errors);
    };
    let values = resolve_options(&options, &refused, settings, &mut errors);
    let mut expander = Expander {
        defines: &defines,
        options: &options,
        option_index: &option_index,
        refused: &refused,
        refused_defines: &refused_defines,
        values: &values,
        stack: Vec::new(),
        nodes: 0,
        errors: Vec::new(),
        aborted: false,
    };
    let expanded = expander.node(game, None, None, 0);
    let graphics = graphics.map(|g| expander.node(g, None, None, 0));
    errors.append(&mut expander.errors);
    let name = expanded
        .pos(0)
        .and_then(|n| n.as_str())
        .unwrap_or_default()
        .to_string();
    if errors.is_empty() {
        Ok(Expanded {
            name,
            game: expanded,
            metadata,
            graphics,
            options,
            values,
        })
    } else {
        Err(errors)
    }
}

/// The top-level forms of a file, read in order: its defines, options, game, metadata and
/// graphics, with the errors of their declarations.
#[derive(Default)]
struct TopForms<'a> {
    defines: HashMap<String, Define>,
    options: Vec<OptionDecl>,
    option_index: HashMap<String, usize>,
    // Options and defines whose declaration was refused: its error stands for every use of them.
    // Sets and maps, not lists: a file of many thousands of forms is checked in linear time.
    refused: HashSet<String>,
    refused_defines: HashSet<String>,
    game: Option<&'a Node>,
    metadata: Metadata,
    graphics: Option<&'a Node>,
    errors: Vec<Diagnostic>,
}

impl<'a> TopForms<'a> {
    /// Reads `forms`, each in its place.
    fn read(forms: &'a [Node]) -> TopForms<'a> {
        let mut top = TopForms::default();
        for form in forms {
            match form.head() {
                Some("define") => top.define(form),
                Some("option") => top.option(form),
                Some("game") => {
                    let help = "put each game in a file of its own";
                    top.game = one_of(top.game, form, "game", help, &mut top.errors);
                }
                Some("graphics") => {
                    let help = "put every graphics item in one `(graphics ...)`";
                    top.graphics = one_of(top.graphics, form, "graphics section", help, &mut top.errors);
                }
                Some("metadata") => match read_metadata(form) {
                    Ok(m) => top.metadata = m,
                    Err(mut d) => top.errors.append(&mut d),
                },
                _ => top.errors.push(
                    Diagnostic::new("check::unknown-ludeme", form.span, format!("{} cannot stand at the top of a file", form.describe()))
                        .label("not a top-level form")
                        .help("a file holds `(game ...)`, `(metadata ...)`, `(graphics ...)`, `(option ...)` and `(define ...)` forms"),
                ),
            }
        }
        top
    }

    /// A `(define "Name" body)`: kept unless malformed or a second of its name.
    fn define(&mut self, form: &Node) {
        match (form.pos(0), form.pos(1), form.positional().count()) {
            (
                Some(Node {
                    kind: NodeKind::Str(name),
                    span,
                    ..
                }),
                Some(body),
                2,
            ) => {
                if let Some(first) = self.defines.get(name) {
                    self.errors.push(
                        Diagnostic::new(
                            "expand::duplicate-define",
                            *span,
                            format!("define \"{name}\" is defined twice"),
                        )
                        .label("second definition")
                        .related(first.span, "first definition")
                        .help("rename one of them, or delete the copy"),
                    );
                } else {
                    self.defines.insert(
                        name.clone(),
                        Define {
                            params: max_param(body),
                            body: body.clone(),
                            span: *span,
                        },
                    );
                }
            }
            _ => self.errors.push({
                self.refused_defines
                    .extend(form.pos(0).and_then(|n| n.as_str()).map(String::from));
                Diagnostic::new(
                    "check::arity",
                    form.span,
                    "a define takes a name in quotes and one body",
                )
                .label("malformed define")
                .help("write `(define \"Name\" body)`, with parameters #1, #2 ... in the body")
            }),
        }
    }

    /// An `(option ...)`: kept unless refused or a second of its name.
    fn option(&mut self, form: &Node) {
        match option_decl(form) {
            Ok(decl) => {
                if let Some(first) = self.option_index.get(&decl.name).map(|&i| &self.options[i]) {
                    self.errors.push(
                        Diagnostic::new(
                            "check::duplicate-name",
                            decl.name_span,
                            format!("option \"{}\" is declared twice", decl.name),
                        )
                        .label("second declaration")
                        .related(first.name_span, "first declaration")
                        .help("each option needs a name of its own"),
                    );
                } else {
                    self.option_index
                        .insert(decl.name.clone(), self.options.len());
                    self.options.push(decl);
                }
            }
            Err(d) => {
                self.refused
                    .extend(form.pos(0).and_then(|n| n.as_str()).map(String::from));
                self.errors.push(d);
            }
        }
    }
}

/// The one form of a kind a file may hold (`what`: its game, its graphics section): `form`
/// when it is the first, else the `first` with an error on the second.
fn one_of<'a>(
    first: Option<&'a Node>,
    form: &'a Node,
    what: &str,
    help: &str,
    errors: &mut Vec<Diagnostic>,
) -> Option<&'a Node> {
    if let Some(first) = first {
        errors.push(
            Diagnostic::new(
                "check::duplicate-name",
                form.span,
                format!("a file holds one {what}, and this is a second"),
            )
            .label(format!("second {what}"))
            .related(first.span, format!("first {what}"))
            .help(help.to_string()),
        );
        return Some(first);
    }
    Some(form)
}

fn max_param(node: &Node) -> u32 {
    match &node.kind {
        NodeKind::Param(n) => *n,
        NodeKind::Call { args, .. } => args.iter().map(|a| max_param(&a.value)).max().unwrap_or(0),
        NodeKind::List(items) => items.iter().map(max_param).max().unwrap_or(0),
        _ => 0,
    }
}

fn read_metadata(form: &Node) -> Result<Metadata, Vec<Diagnostic>> {
    let mut m = Metadata::default();
    let mut errors = Vec::new();
    for item in form.positional() {
        let text = item.pos(0).and_then(|n| n.as_str()).map(String::from);
        match (item.head(), text) {
            (Some("description"), Some(t)) => m.description = t,
            (Some("source"), Some(t)) => m.source = t,
            (Some("rules"), Some(t)) => m.rules = t,
            _ => errors.push(
                Diagnostic::new("check::unknown-ludeme", item.span, format!("{} does not belong in metadata", item.describe()))
                    .label("unexpected metadata item")
                    .help("metadata holds `(description \"...\")`, `(source \"...\")` and `(rules \"...\")`"),
            ),
        }
    }
    if errors.is_empty() {
        Ok(m)
    } else {
        Err(errors)
    }
}

/// The closest name to `wanted` among `names`, if one is close enough to be a likely typo.
pub fn suggest<'a>(wanted: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    names
        .map(|n| (strsim::damerau_levenshtein(wanted, n), n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

struct Expander<'a> {
    defines: &'a HashMap<String, Define>,
    options: &'a [OptionDecl],
    /// Where each option is in `options`, by name.
    option_index: &'a HashMap<String, usize>,
    /// Options whose declaration was refused; their uses are not reported again.
    refused: &'a HashSet<String>,
    /// Defines whose declaration was refused; their uses are not reported again.
    refused_defines: &'a HashSet<String>,
    values: &'a [(String, OptionValue)],
    stack: Vec<&'a str>,
    nodes: usize,
    errors: Vec<Diagnostic>,
    aborted: bool,
}

impl<'a> Expander<'a> {
    fn error(&mut self, d: Diagnostic) {
        if self.errors.len() < 100 {
            self.errors.push(d);
        }
    }

    fn placeholder(node: &Node, via: Option<Span>) -> Node {
        Node {
            kind: NodeKind::Bool(false),
            span: node.span,
            via,
        }
    }

    /// Stops expansion that grows too deep or too large.
    fn runaway(&mut self, node: &Node, via: Option<Span>, deep: bool) -> Node {
        self.aborted = true;
        let (what, help) = if deep {
            (
                format!("the expanded game nests more than {MAX_TREE_DEPTH} levels deep"),
                "defines that wrap one another many times make very deep trees; flatten them",
            )
        } else {
            (format!("expanding the defines produces more than {MAX_NODES} nodes"), "a define that uses its parameter several times, called inside itself level after level, grows exponentially")
        };
        self.error(
            Diagnostic::new("expand::too-large", via.unwrap_or(node.span), what)
                .label("expansion runs away here")
                .help(help)
                .via(via),
        );
        Self::placeholder(node, via)
    }

    fn node(
        &mut self,
        node: &'a Node,
        params: Option<&[Node]>,
        via: Option<Span>,
        depth: usize,
    ) -> Node {
        self.nodes += 1;
        if self.aborted {
            return Self::placeholder(node, via);
        }
        if self.nodes > MAX_NODES || depth > MAX_TREE_DEPTH {
            return self.runaway(node, via, depth > MAX_TREE_DEPTH);
        }
        match &node.kind {
            NodeKind::Param(n) => self.parameter(node, *n, params, via, depth),
            NodeKind::List(items) => Node {
                kind: NodeKind::List(
                    items
                        .iter()
                        .map(|i| self.node(i, params, via, depth + 1))
                        .collect(),
                ),
                span: node.span,
                via,
            },
            NodeKind::Call {
                head,
                quoted: true,
                head_span,
                args,
            } => self.define_call(node, head, *head_span, args, params, via, depth),
            NodeKind::Call { head, .. } if head == "option" && node.args().len() == 1 => {
                self.option_value(node, via)
            }
            NodeKind::Call { head, .. } if head == "select" => {
                self.select(node, params, via, depth)
            }
            NodeKind::Call { .. } => self.ludeme_call(node, params, via, depth),
            _ => Node {
                kind: node.kind.clone(),
                span: node.span,
                via,
            },
        }
    }

    /// A define's parameter `#n` in its body: the value the define's use gave, marked as coming
    /// through `via`; an error outside a define.
    fn parameter(
        &mut self,
        node: &'a Node,
        n: u32,
        params: Option<&[Node]>,
        via: Option<Span>,
        depth: usize,
    ) -> Node {
        match params {
            Some(ps) if (n as usize) >= 1 && (n as usize) <= ps.len() => {
                let mut p = ps[n as usize - 1].clone();
                // The value was expanded where the define was used, but it lands here: its own
                // height counts from this depth, or wrapping defines could build any depth.
                let (count, height) = size(&p);
                self.nodes += count;
                if depth + height > MAX_TREE_DEPTH {
                    return self.runaway(node, via, true);
                }
                if p.via.is_none() {
                    p.via = via;
                }
                p
            }
            _ => {
                self.error(
                    Diagnostic::new(
                        "expand::parameter",
                        node.span,
                        format!("parameter #{n} is used outside a define"),
                    )
                    .label("no define supplies this parameter")
                    .help("parameters #1, #2 ... only stand in the body of a `(define ...)`")
                    .via(via),
                );
                Self::placeholder(node, via)
            }
        }
    }

    /// A ludeme's call with its arguments expanded; arithmetic on numbers written out folded
    /// to its number.
    fn ludeme_call(
        &mut self,
        node: &'a Node,
        params: Option<&[Node]>,
        via: Option<Span>,
        depth: usize,
    ) -> Node {
        let NodeKind::Call {
            head,
            quoted,
            head_span,
            args,
        } = &node.kind
        else {
            return Self::placeholder(node, via);
        };
        let call = Node {
            kind: NodeKind::Call {
                head: head.clone(),
                quoted: *quoted,
                head_span: *head_span,
                args: args
                    .iter()
                    .map(|a| Arg {
                        key: a.key.clone(),
                        value: self.node(&a.value, params, via, depth + 1),
                    })
                    .collect(),
            },
            span: node.span,
            via,
        };
        // Arithmetic on numbers written out (option values included) is a number, so that
        // sizes, sites and counts may be computed from options.
        match fold::folded(&call) {
            Some(v) => Node {
                kind: NodeKind::Int(v),
                span: node.span,
                via,
            },
            None => call,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn define_call(
        &mut self,
        node: &'a Node,
        name: &str,
        head_span: Span,
        args: &'a [Arg],
        params: Option<&[Node]>,
        via: Option<Span>,
        depth: usize,
    ) -> Node {
        let Some((def_name, def)) = self.defines.get_key_value(name) else {
            if self.refused_defines.contains(name) {
                return Self::placeholder(node, via);
            }
            self.undefined_define(name, head_span, via);
            return Self::placeholder(node, via);
        };
        if self.stack.contains(&def_name.as_str()) {
            self.aborted = true;
            let chain = self.stack.join("\" → \"");
            self.error(
                Diagnostic::new("expand::recursive-define", head_span, format!("define \"{name}\" uses itself (\"{chain}\" → \"{name}\")"))
                    .label("recursive use")
                    .related(def.span, "defined here")
                    .help("defines are expanded like macros, so a define may not call itself, even through others")
                    .via(via),
            );
            return Self::placeholder(node, via);
        }
        if self.stack.len() >= MAX_DEFINE_DEPTH {
            self.aborted = true;
            self.error(
                Diagnostic::new(
                    "expand::too-large",
                    head_span,
                    format!("defines call one another more than {MAX_DEFINE_DEPTH} levels deep"),
                )
                .label("too deep")
                .help("flatten the chain of defines")
                .via(via),
            );
            return Self::placeholder(node, via);
        }
        if !self.arguments_fit(node, name, def, args, via) {
            return Self::placeholder(node, via);
        }
        let values: Vec<Node> = args
            .iter()
            .map(|a| self.node(&a.value, params, via, depth + 1))
            .collect();
        let use_site = via.or(Some(node.span));
        self.stack.push(def_name.as_str());
        let body = self.node(&def.body, Some(&values), use_site, depth + 1);
        self.stack.pop();
        body
    }

    /// Reports a call of a define no one declared, with the nearest name as a hint.
    fn undefined_define(&mut self, name: &str, head_span: Span, via: Option<Span>) {
        let hint = suggest(name, self.defines.keys().map(String::as_str))
            .map(|s| format!("did you mean \"{s}\"?"))
            .unwrap_or_else(|| {
                "declare it with `(define \"Name\" body)` at the top of the file".to_string()
            });
        self.error(
            Diagnostic::new(
                "expand::undefined-define",
                head_span,
                format!("no define is called \"{name}\""),
            )
            .label("undefined define")
            .help(hint)
            .via(via),
        );
    }

    /// Whether the arguments `args` of a call of define `name` fit its parameters: positional,
    /// as many as its body uses; each misfit reported.
    fn arguments_fit(
        &mut self,
        node: &Node,
        name: &str,
        def: &Define,
        args: &[Arg],
        via: Option<Span>,
    ) -> bool {
        if let Some(arg) = args.iter().find(|a| a.key.is_some()) {
            let span = arg.key.as_ref().map_or(node.span, |k| k.1);
            self.error(
                Diagnostic::new(
                    "expand::define-arity",
                    span,
                    format!("define \"{name}\" takes positional parameters only"),
                )
                .label("named argument to a define")
                .related(def.span, "defined here")
                .help("pass the value without a key; the body refers to it as #1, #2 ...")
                .via(via),
            );
        }
        if args.len() != def.params as usize {
            let s = |n: u32| if n == 1 { "" } else { "s" };
            self.error(
                Diagnostic::new(
                    "expand::define-arity",
                    node.span,
                    format!(
                        "define \"{name}\" takes {} parameter{}, but {} {} given",
                        def.params,
                        s(def.params),
                        args.len(),
                        if args.len() == 1 { "is" } else { "are" }
                    ),
                )
                .label(format!(
                    "given {} argument{}",
                    args.len(),
                    s(args.len() as u32)
                ))
                .related(
                    def.span,
                    format!(
                        "\"{name}\" is defined here with {} parameter{}",
                        def.params,
                        s(def.params)
                    ),
                )
                .help(match def.params {
                    0 => format!("the body of \"{name}\" uses no parameter: write `(\"{name}\")`"),
                    1 => format!("the body of \"{name}\" uses #1: pass exactly one argument"),
                    n => format!("the body of \"{name}\" uses #1 to #{n}: pass {n} arguments"),
                })
                .via(via),
            );
            return false;
        }
        true
    }
}

/// The number of nodes of an expanded tree and its height (1 for a leaf).
/// Expanded trees are at most `MAX_TREE_DEPTH` deep, so the recursion is bounded.
fn size(node: &Node) -> (usize, usize) {
    let children: &mut dyn Iterator<Item = &Node> = match &node.kind {
        NodeKind::Call { args, .. } => &mut args.iter().map(|a| &a.value),
        NodeKind::List(items) => &mut items.iter(),
        _ => &mut std::iter::empty(),
    };
    children.fold((1, 1), |(n, h), c| {
        let (cn, ch) = size(c);
        (n + cn, h.max(ch + 1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    fn run(src: &str, settings: &[(&str, &str)]) -> Result<Expanded, Vec<Diagnostic>> {
        let settings: Vec<(String, String)> = settings
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        expand(&parse(src).into_result().unwrap(), &settings)
    }

    #[test]
    fn defines_and_options_are_substituted() {
        let src = r#"(option "n" 6 min:1 max:9) (option "e" {"a" "b"} default:"b")
            (define "Twice" (+ #1 #1))
            (game "G" (x ("Twice" (option "n"))) (y (select "e" a:1 b:2)))"#;
        let e = run(src, &[("n", "4")]).unwrap();
        // (+ 4 4): arithmetic on numbers written out is folded into one.
        let x = e.game.pos(1).unwrap().pos(0).unwrap();
        assert_eq!(x.as_int(), Some(8));
        assert!(x.via.is_some());
        assert_eq!(e.game.pos(2).unwrap().pos(0).unwrap().as_int(), Some(2));
        let src = r#"(option "n" 6 min:1 max:9) (define "Plus" (+ #1 (pips)))
            (game "G" (x ("Plus" (option "n"))) (y (div 7 0)) (z (mod 7 2)))"#;
        let e = run(src, &[("n", "4")]).unwrap();
        let x = e.game.pos(1).unwrap().pos(0).unwrap();
        assert_eq!(x.head(), Some("+"));
        assert_eq!(x.pos(0).unwrap().as_int(), Some(4));
        // A division by 0 is left for the compiler to refuse.
        assert_eq!(e.game.pos(2).unwrap().pos(0).unwrap().head(), Some("div"));
        assert_eq!(e.game.pos(3).unwrap().pos(0).unwrap().as_int(), Some(1));
    }

    #[test]
    fn recursion_and_blowup_are_diagnostics() {
        let rec = run(
            r#"(define "A" ("B")) (define "B" ("A")) (game "G" ("A"))"#,
            &[],
        )
        .unwrap_err();
        assert_eq!(rec[0].code, "expand::recursive-define");
        let mut src = String::from(r#"(define "D0" (x #1 #1))"#);
        for i in 1..40 {
            src.push_str(&format!(r#"(define "D{i}" ("D{}" (x #1 #1)))"#, i - 1));
        }
        src.push_str(r#"(game "G" ("D39" 1))"#);
        assert_eq!(run(&src, &[]).unwrap_err()[0].code, "expand::too-large");
    }

    #[test]
    fn wrapping_defines_cannot_build_deep_trees() {
        // Each define adds 20 levels around its argument; 32 of them would nest 640 deep.
        let wrap = (0..20).fold("#1".to_string(), |acc, _| format!("(not {acc})"));
        let mut src = format!(r#"(define "D0" {wrap})"#);
        for i in 1..32 {
            src.push_str(&format!(r#"(define "D{i}" ("D{}" {wrap}))"#, i - 1));
        }
        src.push_str(r#"(game "G" ("D31" true))"#);
        assert_eq!(run(&src, &[]).unwrap_err()[0].code, "expand::too-large");
    }

    #[test]
    fn bad_settings_are_reported() {
        let src = r#"(option "e" {"a" "b"}) (game "G")"#;
        assert_eq!(
            run(src, &[("e", "c")]).unwrap_err()[0].code,
            "option::undeclared-value"
        );
        assert_eq!(
            run(src, &[("f", "a")]).unwrap_err()[0].code,
            "option::unknown"
        );
    }
}
