//! Options: their declarations, the values a load sets, and `(option ...)` and `(select ...)`
//! replaced by the chosen values as the game expands.

use super::{suggest, Diagnostic, Expander, Node, Span};
use crate::syntax::{decimal_text, thousandths, NodeKind};
use std::collections::HashSet;

/// A declared game option.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionDecl {
    /// The option's name, as used by `--option NAME=VALUE`.
    pub name: String,
    /// Its type, values and default.
    pub kind: OptionKind,
    /// One line saying what it changes.
    pub doc: String,
    /// Where it is declared.
    pub span: Span,
    /// Where its name is written.
    pub name_span: Span,
}

/// The values an option takes.
#[derive(Debug, Clone, PartialEq)]
pub enum OptionKind {
    /// A whole number in a range.
    Int {
        /// The default value.
        default: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
        /// The allowed values are `min`, `min + step`, ...: 2 for an even board from 4.
        step: i64,
    },
    /// A number with a fractional part, in thousandths, in a range: `7.5` is 7500.
    Decimal {
        /// The default value.
        default: i64,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// One of a list of named readings.
    Choice {
        /// The allowed values.
        values: Vec<String>,
        /// The default value.
        default: String,
    },
}

/// The value an option has in one load of a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// A number.
    Int(i64),
    /// A decimal number.
    Decimal(Thousandths),
    /// A named reading.
    Choice(String),
}

/// A decimal number in thousandths (`7.5` is 7500), written and read as a number with a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Thousandths(pub i64);

impl serde::Serialize for Thousandths {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.0 as f64 / 1000.0)
    }
}

impl<'de> serde::Deserialize<'de> for Thousandths {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        Ok(Thousandths((v * 1000.0).round() as i64))
    }
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Decimal(d) => f.write_str(&decimal_text(d.0)),
            OptionValue::Choice(s) => f.write_str(s),
        }
    }
}

impl OptionDecl {
    /// The default value.
    pub fn default_value(&self) -> OptionValue {
        match &self.kind {
            OptionKind::Int { default, .. } => OptionValue::Int(*default),
            OptionKind::Decimal { default, .. } => OptionValue::Decimal(Thousandths(*default)),
            OptionKind::Choice { default, .. } => OptionValue::Choice(default.clone()),
        }
    }

    /// The allowed values, for messages and `ludus info`.
    pub fn describe_values(&self) -> String {
        match &self.kind {
            OptionKind::Int { min, max, step, .. } if *step > 1 => {
                format!("an integer from {min} to {max} in steps of {step}")
            }
            OptionKind::Int { min, max, .. } => format!("an integer from {min} to {max}"),
            OptionKind::Decimal { min, max, .. } => format!(
                "a number from {} to {}, to three decimal places",
                decimal_text(*min),
                decimal_text(*max)
            ),
            OptionKind::Choice { values, .. } => values.join(", "),
        }
    }

    /// Parses a value given on the command line.
    pub fn parse_value(&self, text: &str) -> Option<OptionValue> {
        match &self.kind {
            OptionKind::Int { min, max, step, .. } => text
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|v| v >= min && v <= max && on_step(*v, *min, *step))
                .map(OptionValue::Int),
            OptionKind::Decimal { min, max, .. } => thousandths(text.trim())
                .filter(|v| v >= min && v <= max)
                .map(|v| OptionValue::Decimal(Thousandths(v))),
            OptionKind::Choice { values, .. } => values
                .iter()
                .find(|v| v.as_str() == text)
                .map(|v| OptionValue::Choice(v.clone())),
        }
    }
}

/// Whether `value` is `min` plus a whole number of steps.
fn on_step(value: i64, min: i64, step: i64) -> bool {
    (i128::from(value) - i128::from(min)) % i128::from(step) == 0
}

/// An `(option "name" default ...)` declaration: an integer option (its default, `min:`,
/// `max:`, `step:`) or a choice (its list of values, `default:`), with its `doc:`.
pub(super) fn option_decl(form: &Node) -> Result<OptionDecl, Diagnostic> {
    let name_node = form
        .pos(0)
        .filter(|n| n.as_str().is_some())
        .ok_or_else(|| malformed(form.span, "the option needs a name in quotes"))?;
    let name = name_node.as_str().unwrap_or_default();
    let doc = form
        .named("doc")
        .and_then(|n| n.as_str())
        .unwrap_or_default()
        .to_string();
    let value = form.pos(1).ok_or_else(|| {
        malformed(
            form.span,
            "the option needs a default value or a list of values",
        )
    })?;
    for arg in form.args() {
        if let Some((key, span)) = &arg.key {
            if !["doc", "default", "min", "max", "step"].contains(&key.as_str()) {
                return Err(Diagnostic::new(
                    "check::unknown-argument",
                    *span,
                    format!("`option` has no argument `{key}`"),
                )
                .label("unknown named argument")
                .help(
                    "options take `doc:`, and `default:` (choices) or `min:`, `max:` and `step:` (integers)",
                ));
            }
        }
    }
    let kind = match &value.kind {
        NodeKind::Int(default) => int_option(form, value, *default)?,
        NodeKind::Decimal(_) => decimal_option(form, value)?,
        NodeKind::List(items) => choice_option(form, value, items)?,
        _ => {
            return Err(malformed(
                value.span,
                "expected a default integer or a list of values",
            ))
        }
    };
    Ok(OptionDecl {
        name: name.to_string(),
        kind,
        doc,
        span: form.span,
        name_span: name_node.span,
    })
}

/// The error of an option declaration that is malformed in `what` way.
fn malformed(span: Span, what: &str) -> Diagnostic {
    Diagnostic::new("check::kind", span, format!("malformed option: {what}"))
        .label(what.to_string())
        .help("write `(option \"name\" 6 min:1 max:20 doc:\"...\")` or `(option \"name\" {\"a\" \"b\"} default:\"a\" doc:\"...\")`")
}

/// An integer option of `default` (written at `value`), within `min:` and `max:`, in steps of
/// `step:` from `min:`.
fn int_option(form: &Node, value: &Node, default: i64) -> Result<OptionKind, Diagnostic> {
    let min = form
        .named("min")
        .and_then(|n| n.as_int())
        .unwrap_or(i64::MIN);
    let max = form
        .named("max")
        .and_then(|n| n.as_int())
        .unwrap_or(i64::MAX);
    if !(min..=max).contains(&default) {
        return Err(malformed(value.span, "the default lies outside min..max"));
    }
    let step = match form.named("step") {
        None => 1,
        Some(n) => match n.as_int() {
            Some(step) if step >= 1 && form.named("min").is_some() => step,
            Some(step) if step >= 1 => {
                return Err(malformed(
                    n.span,
                    "`step:` counts from `min:`: give `min:` too",
                ))
            }
            _ => return Err(malformed(n.span, "the step must be a whole number from 1")),
        },
    };
    if !on_step(default, min, step) {
        return Err(malformed(
            value.span,
            "the default is not `min:` plus whole steps",
        ));
    }
    Ok(OptionKind::Int {
        default,
        min,
        max,
        step,
    })
}

/// A decimal option (written at `value`), within `min:` and `max:` (whole or decimal numbers).
fn decimal_option(form: &Node, value: &Node) -> Result<OptionKind, Diagnostic> {
    let default = value.as_thousandths().ok_or_else(|| {
        malformed(
            value.span,
            "a decimal option has at most three decimal places",
        )
    })?;
    let bound = |key: &str, absent: i64| match form.named(key) {
        None => Ok(absent),
        Some(n) => n
            .as_thousandths()
            .ok_or_else(|| malformed(n.span, "the bound must be a number")),
    };
    let (min, max) = (bound("min", i64::MIN)?, bound("max", i64::MAX)?);
    if form.named("step").is_some() {
        return Err(malformed(form.span, "`step:` is for integer options"));
    }
    if !(min..=max).contains(&default) {
        return Err(malformed(value.span, "the default lies outside min..max"));
    }
    Ok(OptionKind::Decimal { default, min, max })
}

/// A choice among the strings `items` (written at `value`), its `default:` one of them (the
/// first when not given).
fn choice_option(form: &Node, value: &Node, items: &[Node]) -> Result<OptionKind, Diagnostic> {
    let values: Vec<String> = items
        .iter()
        .filter_map(|i| i.as_str().map(String::from))
        .collect();
    if values.len() != items.len() || values.is_empty() {
        return Err(malformed(
            value.span,
            "the values must be strings in quotes",
        ));
    }
    let default = match form.named("default") {
        None => values[0].clone(),
        Some(d) => {
            let text = d
                .as_str()
                .ok_or_else(|| malformed(d.span, "the default must be a string"))?;
            if !values.iter().any(|v| v == text) {
                return Err(Diagnostic::new(
                    "option::undeclared-value",
                    d.span,
                    format!("\"{text}\" is not one of the option's values"),
                )
                .label("not a declared value")
                .help(format!("the values are: {}", values.join(", "))));
            }
            text.to_string()
        }
    };
    Ok(OptionKind::Choice { values, default })
}

pub(super) fn resolve_options(
    options: &[OptionDecl],
    refused: &HashSet<String>,
    settings: &[(String, String)],
    errors: &mut Vec<Diagnostic>,
) -> Vec<(String, OptionValue)> {
    let mut values: Vec<(String, OptionValue)> = options
        .iter()
        .map(|o| (o.name.clone(), o.default_value()))
        .collect();
    for (name, text) in settings {
        if refused.contains(name) {
            continue;
        }
        match options.iter().position(|o| &o.name == name) {
            Some(i) => match options[i].parse_value(text) {
                Some(v) => values[i].1 = v,
                None => {
                    let help = match &options[i].kind {
                        // The option's own words say what its numbers mean ("an even number").
                        OptionKind::Int { .. } | OptionKind::Decimal { .. }
                            if !options[i].doc.is_empty() =>
                        {
                            format!(
                                "\"{name}\" takes {}: {}",
                                options[i].describe_values(),
                                options[i].doc
                            )
                        }
                        OptionKind::Int { .. } | OptionKind::Decimal { .. } => {
                            format!("\"{name}\" takes {}", options[i].describe_values())
                        }
                        OptionKind::Choice { values, .. } => {
                            let listed = values
                                .iter()
                                .map(|v| format!("\"{v}\""))
                                .collect::<Vec<_>>()
                                .join(", ");
                            match suggest(text, values.iter().map(String::as_str)) {
                                Some(s) => format!("did you mean `--option {name}={s}`? \"{name}\" takes one of: {listed}"),
                                None => format!("\"{name}\" takes one of: {listed}"),
                            }
                        }
                    };
                    errors.push(
                        Diagnostic::new(
                            "option::undeclared-value",
                            options[i].name_span,
                            format!("`--option {name}={text}`: `{text}` is not a value of option \"{name}\""),
                        )
                        .label("the option is declared here")
                        .help(help),
                    )
                }
            },
            None => {
                let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
                let hint = match suggest(name, names.iter().copied()) {
                    Some(s) => format!("did you mean \"{s}\"? "),
                    None => String::new(),
                };
                let (span, label) = match options.first() {
                    Some(o) => (o.name_span, "the game's options are declared from here"),
                    None => (Span::new(0, 0), "this game declares no options"),
                };
                let listed = names
                    .iter()
                    .map(|n| format!("\"{n}\""))
                    .collect::<Vec<_>>()
                    .join(", ");
                errors.push(
                    Diagnostic::new(
                        "option::unknown",
                        span,
                        format!("`--option {name}={text}`: this game has no option \"{name}\""),
                    )
                    .label(label)
                    .help(format!(
                        "{hint}options of this game: {}",
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            listed
                        }
                    )),
                );
            }
        }
    }
    values
}

impl<'a> Expander<'a> {
    pub(super) fn option_decl(
        &mut self,
        name_node: Option<&Node>,
        at: &Node,
        via: Option<Span>,
    ) -> Option<(usize, &'a OptionDecl)> {
        let Some(name) = name_node.and_then(|n| n.as_str()) else {
            self.error(
                Diagnostic::new(
                    "check::kind",
                    at.span,
                    "expected the option's name in quotes",
                )
                .label("no option name")
                .help("write `(option \"limit\")` or `(select \"edge\" value:... other:...)`")
                .via(via),
            );
            return None;
        };
        match self.option_index.get(name) {
            Some(&i) => Some((i, &self.options[i])),
            None if self.refused.contains(name) => None,
            None => {
                let declared = self
                    .options
                    .iter()
                    .map(|o| format!("\"{}\"", o.name))
                    .collect::<Vec<_>>()
                    .join(", ");
                let hint = match suggest(name, self.options.iter().map(|o| o.name.as_str())) {
                    Some(s) => format!("did you mean \"{s}\"?"),
                    None if declared.is_empty() => "this game declares no options; declare one with `(option \"name\" default ...)` at the top of the file".to_string(),
                    None => format!("this game declares {declared}; declare others with `(option \"name\" default ...)` at the top of the file"),
                };
                self.error(
                    Diagnostic::new(
                        "option::unknown",
                        name_node.map_or(at.span, |n| n.span),
                        format!("no option is called \"{name}\""),
                    )
                    .label("undeclared option")
                    .help(hint)
                    .via(via),
                );
                None
            }
        }
    }

    pub(super) fn option_value(&mut self, node: &'a Node, via: Option<Span>) -> Node {
        let Some((i, _)) = self.option_decl(node.pos(0), node, via) else {
            return Self::placeholder(node, via);
        };
        let kind = match &self.values[i].1 {
            OptionValue::Int(v) => NodeKind::Int(*v),
            OptionValue::Decimal(d) => NodeKind::Decimal(decimal_text(d.0)),
            OptionValue::Choice(s) => NodeKind::Str(s.clone()),
        };
        Node {
            kind,
            span: node.span,
            via,
        }
    }

    pub(super) fn select(
        &mut self,
        node: &'a Node,
        params: Option<&[Node]>,
        via: Option<Span>,
        depth: usize,
    ) -> Node {
        let Some((i, decl)) = self.option_decl(node.pos(0), node, via) else {
            return Self::placeholder(node, via);
        };
        let OptionKind::Choice { values, .. } = &decl.kind else {
            return self.select_by_number(node, (i, decl), params, via, depth);
        };
        for arg in node.args().iter().skip(1) {
            match &arg.key {
                Some((k, span)) if !values.contains(k) => self.error(
                    Diagnostic::new(
                        "option::undeclared-value",
                        *span,
                        format!("\"{k}\" is not a value of option \"{}\"", decl.name),
                    )
                    .label("undeclared option value")
                    .related(decl.name_span, "the option is declared here")
                    .help({
                        let branches = values
                            .iter()
                            .map(|v| format!("`{v}:`"))
                            .collect::<Vec<_>>()
                            .join(", ");
                        match suggest(k, values.iter().map(String::as_str)) {
                            Some(s) => format!(
                                "did you mean `{s}:`? the branches of \"{}\" are {branches}",
                                decl.name
                            ),
                            None => format!("the branches of \"{}\" are {branches}", decl.name),
                        }
                    })
                    .via(via),
                ),
                None => self.error(
                    Diagnostic::new(
                        "check::kind",
                        arg.value.span,
                        "each branch of `select` is written `value:expression`",
                    )
                    .label("branch without a value")
                    .help(format!(
                        "the values of \"{}\" are: {}",
                        decl.name,
                        values.join(", ")
                    ))
                    .via(via),
                ),
                _ => {}
            }
        }
        let chosen = self.values[i].1.to_string();
        match node.named(&chosen) {
            Some(branch) => self.node(branch, params, via, depth + 1),
            None => {
                self.error(
                    Diagnostic::new(
                        "option::undeclared-value",
                        node.span,
                        format!(
                            "this `select` has no branch for \"{}\" = \"{chosen}\"",
                            decl.name
                        ),
                    )
                    .label("missing branch")
                    .help(format!("add `{chosen}:expression`"))
                    .via(via),
                );
                Self::placeholder(node, via)
            }
        }
    }

    /// `(select "name" {a b c})` over a number option: the list's value for the option's
    /// number, one value for each number it allows, from its smallest.
    fn select_by_number(
        &mut self,
        node: &'a Node,
        (i, decl): (usize, &'a OptionDecl),
        params: Option<&[Node]>,
        via: Option<Span>,
        depth: usize,
    ) -> Node {
        let (name, allowed) = match decl.kind {
            OptionKind::Int { min, max, step, .. } => (
                decl.name.clone(),
                Some((min, max, step, (max - min) / step.max(1) + 1)),
            ),
            _ => (decl.name.clone(), None),
        };
        let list = match node.pos(1).map(|n| &n.kind) {
            Some(NodeKind::List(items)) if node.args().len() == 2 => Some(items),
            _ => None,
        };
        let (Some((min, max, step, count)), Some(items)) = (allowed, list) else {
            self.error(
                Diagnostic::new(
                    "check::kind",
                    node.span,
                    format!("option \"{name}\" is a number; `select` over it takes one list"),
                )
                .label("select over a number")
                .help(format!(
                    "write `(select \"{name}\" {{...}})` with one value for each number the option allows, from the smallest; or `(option \"{name}\")` to insert the number"
                ))
                .via(via),
            );
            return Self::placeholder(node, via);
        };
        if items.len() as i64 != count {
            self.error(
                Diagnostic::new(
                    "check::out-of-range",
                    node.pos(1).map_or(node.span, |n| n.span),
                    format!(
                        "this list has {} values, and option \"{name}\" allows {count} numbers ({min} to {max})",
                        items.len()
                    ),
                )
                .label("one value for each number")
                .help(format!("give {count} values, the first for {min}"))
                .via(via),
            );
            return Self::placeholder(node, via);
        }
        let OptionValue::Int(v) = self.values[i].1 else {
            return Self::placeholder(node, via);
        };
        let at = ((v - min) / step.max(1)) as usize;
        match items.get(at) {
            Some(item) => self.node(item, params, via, depth + 1),
            None => Self::placeholder(node, via),
        }
    }
}
