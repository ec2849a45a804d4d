//! The syntax tree: ludeme calls, lists and atoms, each with its span in the source.

pub use crate::diagnostic::Span;

/// One node of the tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// Where it is written.
    pub span: Span,
    /// Where the define that produced it was used, if it came out of a define.
    pub via: Option<Span>,
}

/// The forms of the language.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// `(head args...)`; a quoted head calls a define.
    Call {
        /// The ludeme or define name.
        head: String,
        /// True when the head was written in quotes (a define call).
        quoted: bool,
        /// Where the head is written.
        head_span: Span,
        /// The arguments in order.
        args: Vec<Arg>,
    },
    /// `{ items... }`.
    List(Vec<Node>),
    /// A whole number.
    Int(i64),
    /// A number with a fractional part, as written (`7.5`): read by [`thousandths`].
    Decimal(String),
    /// A string.
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// A name: a role, a direction, a keyword.
    Name(String),
    /// A define parameter `#n`.
    Param(u32),
}

/// One argument of a call.
#[derive(Debug, Clone, PartialEq)]
pub struct Arg {
    /// The key of a named argument, with its span.
    pub key: Option<(String, Span)>,
    /// The value.
    pub value: Node,
}

impl Node {
    /// A node without define origin.
    pub fn new(kind: NodeKind, span: Span) -> Node {
        Node {
            kind,
            span,
            via: None,
        }
    }

    /// The call head, if this is a ludeme call.
    pub fn head(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Call {
                head,
                quoted: false,
                ..
            } => Some(head),
            _ => None,
        }
    }

    /// The call arguments, or none.
    pub fn args(&self) -> &[Arg] {
        match &self.kind {
            NodeKind::Call { args, .. } => args,
            _ => &[],
        }
    }

    /// Positional arguments in order.
    pub fn positional(&self) -> impl Iterator<Item = &Node> {
        self.args()
            .iter()
            .filter(|a| a.key.is_none())
            .map(|a| &a.value)
    }

    /// The i-th positional argument.
    pub fn pos(&self, i: usize) -> Option<&Node> {
        self.positional().nth(i)
    }

    /// A named argument's value.
    pub fn named(&self, key: &str) -> Option<&Node> {
        self.args()
            .iter()
            .find(|a| a.key.as_ref().is_some_and(|(k, _)| k == key))
            .map(|a| &a.value)
    }

    /// The string value of a string literal.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The value of an integer literal.
    pub fn as_int(&self) -> Option<i64> {
        match self.kind {
            NodeKind::Int(i) => Some(i),
            _ => None,
        }
    }

    /// The value of a number literal, whole or decimal, in thousandths; `None` for anything
    /// else, or a decimal of more than three places.
    pub fn as_thousandths(&self) -> Option<i64> {
        match &self.kind {
            NodeKind::Int(i) => i.checked_mul(1000),
            NodeKind::Decimal(d) => thousandths(d),
            _ => None,
        }
    }

    /// The text of a name.
    pub fn as_name(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Name(s) => Some(s),
            _ => None,
        }
    }

    /// The items of a list.
    pub fn as_list(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::List(items) => Some(items),
            _ => None,
        }
    }

    /// A short description for messages: "`sow`", "a list", "the integer 3".
    pub fn describe(&self) -> String {
        match &self.kind {
            NodeKind::Call {
                head,
                quoted: false,
                ..
            } => format!("`({head} ...)`"),
            NodeKind::Call {
                head, quoted: true, ..
            } => format!("a use of define \"{head}\""),
            NodeKind::List(_) => "a list".into(),
            NodeKind::Int(i) => format!("the integer {i}"),
            NodeKind::Decimal(d) => format!("the number {d}"),
            NodeKind::Str(s) => format!("the string \"{s}\""),
            NodeKind::Bool(b) => format!("`{b}`"),
            NodeKind::Name(n) => format!("`{n}`"),
            NodeKind::Param(n) => format!("parameter #{n}"),
        }
    }
}

/// A decimal's value in thousandths (`"7.5"` is 7500); `None` past three places or out of range.
pub fn thousandths(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let valid = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || fraction.len() > 3 || !valid(whole) || !valid(fraction) {
        return None;
    }
    let mut value = whole.parse::<i64>().ok()?.checked_mul(1000)?;
    let scale = [100, 10, 1];
    for (d, unit) in fraction.bytes().zip(scale) {
        value = value.checked_add(i64::from(d - b'0') * unit)?;
    }
    Some(if negative { -value } else { value })
}

/// A value in thousandths written as a decimal, with no trailing zeros past the first place
/// (7500 is `7.5`, 7000 is `7.0`).
pub fn decimal_text(thousandths: i64) -> String {
    let sign = if thousandths < 0 { "-" } else { "" };
    let v = thousandths.unsigned_abs();
    let fraction = format!("{:03}", v % 1000);
    let fraction = fraction.trim_end_matches('0');
    let fraction = if fraction.is_empty() { "0" } else { fraction };
    format!("{sign}{}.{fraction}", v / 1000)
}
