//! The server's wire: JSON-RPC messages framed by `Content-Length` headers. Every frame is
//! bounded by [`MAX_MESSAGE_BYTES`]; a frame that cannot be read becomes an error to answer and
//! the reading goes on, so no byte the client sends can end the server.

use serde::Serialize;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{self, Read, Write};

/// The largest message read. A document may hold 16 MiB (`ludus::MAX_FILE_BYTES`); its JSON
/// escapes may make the message longer.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024 * 1024;

/// How many bytes are read from the input at once.
const CHUNK: usize = 64 * 1024;

/// How much of a header line is kept: its end, where a `Content-Length` after junk is found.
const HEADER_TAIL: usize = 256;

/// The error codes of JSON-RPC and LSP that the server answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    /// Bytes that are not JSON, or headers that are not headers.
    ParseError = -32700,
    /// JSON that is not a message, a message too large, or a request out of turn.
    InvalidRequest = -32600,
    /// A method the server does not answer.
    MethodNotFound = -32601,
    /// The server failed on a request.
    InternalError = -32603,
    /// A request before `initialize`.
    ServerNotInitialized = -32002,
}

/// A request: it gets one response with its id.
#[derive(Debug)]
pub struct Request {
    /// A number or a string.
    pub id: Value,
    /// The method.
    pub method: String,
    /// The parameters (`null` if absent).
    pub params: Value,
}

/// A notification: no response.
#[derive(Debug)]
pub struct Notification {
    /// The method.
    pub method: String,
    /// The parameters (`null` if absent).
    pub params: Value,
}

/// One thing the client sent, as the server reads it.
#[derive(Debug)]
pub enum Incoming {
    /// A request.
    Request(Request),
    /// A notification.
    Notification(Notification),
    /// A response to a request of the server's; it sends none, so it is dropped.
    Response,
    /// A frame that could not be read: the error to answer it with, and the id to answer (`null`
    /// when none could be read).
    Unreadable {
        /// The request's id, or `null`.
        id: Value,
        /// The code.
        code: ErrorCode,
        /// What was wrong.
        message: String,
    },
}

impl Incoming {
    fn unreadable(code: ErrorCode, message: impl Into<String>) -> Incoming {
        Incoming::Unreadable {
            id: Value::Null,
            code,
            message: message.into(),
        }
    }
}

/// Reads messages from a byte stream, frame by frame.
pub struct Reader<R> {
    input: R,
    /// Bytes read and not yet used: `buffer[at..]`.
    buffer: Vec<u8>,
    at: usize,
    /// Bytes of an oversize frame still to skip.
    skip: u64,
    /// Messages read and not yet handed out (a frame may give two: junk before it, and itself).
    ready: VecDeque<Incoming>,
}

impl<R: Read> Reader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            buffer: Vec::new(),
            at: 0,
            skip: 0,
            ready: VecDeque::new(),
        }
    }

    /// The next message, or `None` at the end of the input (or when it cannot be read).
    pub fn next_message(&mut self) -> Option<Incoming> {
        loop {
            if let Some(m) = self.ready.pop_front() {
                return Some(m);
            }
            // An oversize frame's body is skipped only after its error went out: the client may
            // be waiting for that error and never send the body.
            if self.skip > 0 && !self.discard().unwrap_or(false) {
                return None;
            }
            if !self.frame().unwrap_or(false) {
                return None;
            }
        }
    }

    /// Reads one frame into `ready`; `false` at the end of the input.
    fn frame(&mut self) -> io::Result<bool> {
        let mut length: Option<Result<u64, String>> = None;
        let mut junk = false;
        let mut lines = 0;
        loop {
            let Some(mut line) = self.line()? else {
                return Ok(false);
            };
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if line.is_empty() {
                // Blank lines between frames are harmless.
                if lines == 0 {
                    continue;
                }
                break;
            }
            lines += 1;
            match header(&line) {
                Header::Length { value, after_junk } => {
                    length = Some(value);
                    junk |= after_junk;
                }
                Header::Type => {}
                Header::Junk => junk = true,
            }
        }
        let n = match length {
            Some(Ok(n)) => n,
            Some(Err(value)) => {
                self.ready.push_back(Incoming::unreadable(
                    ErrorCode::ParseError,
                    format!("a Content-Length that is no length: {value:?}"),
                ));
                return Ok(true);
            }
            None => {
                self.ready.push_back(Incoming::unreadable(
                    ErrorCode::ParseError,
                    "a frame without a Content-Length header",
                ));
                return Ok(true);
            }
        };
        if junk {
            self.ready.push_back(Incoming::unreadable(
                ErrorCode::ParseError,
                "bytes that are not headers before a Content-Length header",
            ));
        }
        if n > MAX_MESSAGE_BYTES as u64 {
            self.ready.push_back(Incoming::unreadable(
                ErrorCode::InvalidRequest,
                format!(
                    "a message of {n} bytes, over the limit of {} MiB: skipped",
                    MAX_MESSAGE_BYTES >> 20
                ),
            ));
            self.skip = n;
            return Ok(true);
        }
        let Some(body) = self.body(n as usize)? else {
            return Ok(false);
        };
        self.decode(body);
        Ok(true)
    }

    /// Turns a frame's body into a message, or into the error to answer it with.
    fn decode(&mut self, mut body: Vec<u8>) {
        mend_surrogates(&mut body);
        let text = match String::from_utf8(body) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        match serde_json::from_str::<Value>(&text) {
            Ok(value) => self.ready.push_back(classify(value)),
            Err(e) => {
                // A Content-Length too long takes in the start of the next frame: after one JSON
                // value, what follows is read again as headers.
                let mut values = serde_json::Deserializer::from_str(&text).into_iter::<Value>();
                if let Some(Ok(_)) = values.next() {
                    let rest = text[values.byte_offset()..].trim_start();
                    if !rest.is_empty() {
                        self.unread(rest.as_bytes());
                    }
                }
                self.ready.push_back(Incoming::unreadable(
                    ErrorCode::ParseError,
                    format!("a message that is not JSON: {e}"),
                ));
            }
        }
    }

    /// Refills the buffer once it is used up; `false` at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        self.buffer.clear();
        self.buffer.resize(CHUNK, 0);
        self.at = 0;
        let n = loop {
            match self.input.read(&mut self.buffer) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        self.buffer.truncate(n);
        Ok(n > 0)
    }

    /// Puts bytes back in front of the input.
    fn unread(&mut self, bytes: &[u8]) {
        let mut buffer = bytes.to_vec();
        buffer.extend_from_slice(&self.buffer[self.at..]);
        self.buffer = buffer;
        self.at = 0;
    }

    /// One line without its `\n`, of which only the last [`HEADER_TAIL`] bytes are kept; `None`
    /// at the end of the input.
    fn line(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut line = Vec::new();
        loop {
            if self.at == self.buffer.len() && !self.fill()? {
                return Ok(None);
            }
            let rest = &self.buffer[self.at..];
            let newline = rest.iter().position(|&b| b == b'\n');
            let end = newline.unwrap_or(rest.len());
            line.extend_from_slice(&rest[..end]);
            self.at += newline.map_or(end, |i| i + 1);
            if line.len() > HEADER_TAIL {
                line.drain(..line.len() - HEADER_TAIL);
            }
            if newline.is_some() {
                return Ok(Some(line));
            }
        }
    }

    /// The next `n` bytes; `None` if the input ends first.
    fn body(&mut self, n: usize) -> io::Result<Option<Vec<u8>>> {
        let mut body = Vec::with_capacity(n);
        while body.len() < n {
            if self.at == self.buffer.len() && !self.fill()? {
                return Ok(None);
            }
            let take = (n - body.len()).min(self.buffer.len() - self.at);
            body.extend_from_slice(&self.buffer[self.at..self.at + take]);
            self.at += take;
        }
        Ok(Some(body))
    }

    /// Skips the rest of an oversize frame; `false` if the input ends first.
    fn discard(&mut self) -> io::Result<bool> {
        while self.skip > 0 {
            if self.at == self.buffer.len() && !self.fill()? {
                return Ok(false);
            }
            let take = self.skip.min((self.buffer.len() - self.at) as u64);
            self.at += take as usize;
            self.skip -= take;
        }
        Ok(true)
    }
}

/// What a header line says.
enum Header {
    /// `Content-Length: n` (or a value that is no length), perhaps after junk on the same line
    /// (what is left of a frame whose Content-Length was too short).
    Length {
        value: Result<u64, String>,
        after_junk: bool,
    },
    /// `Content-Type: ...`.
    Type,
    /// Anything else.
    Junk,
}

fn header(line: &[u8]) -> Header {
    const LENGTH: &[u8] = b"content-length:";
    let lower = line.to_ascii_lowercase();
    if let Some(at) = lower.windows(LENGTH.len()).rposition(|w| w == LENGTH) {
        let value = String::from_utf8_lossy(&line[at + LENGTH.len()..])
            .trim()
            .to_string();
        return Header::Length {
            value: value.parse::<u64>().map_err(|_| value),
            after_junk: line[..at].iter().any(|b| !b.is_ascii_whitespace()),
        };
    }
    if lower.starts_with(b"content-type:") {
        Header::Type
    } else {
        Header::Junk
    }
}

/// Replaces each lone UTF-16 surrogate escape (`\ud83d` without its pair, as an editor sends
/// half an emoji) by `\uFFFD`, in place: JSON parsers refuse them, and the text reads on with a
/// replacement character.
fn mend_surrogates(body: &mut [u8]) {
    let unit = |body: &[u8], at: usize| -> Option<u32> {
        let digits = body.get(at..at + 6)?;
        if digits[0] != b'\\' || digits[1] != b'u' {
            return None;
        }
        u32::from_str_radix(std::str::from_utf8(&digits[2..]).ok()?, 16).ok()
    };
    let mut i = 0;
    while i + 1 < body.len() {
        if body[i] != b'\\' {
            i += 1;
            continue;
        }
        match unit(body, i) {
            Some(0xD800..=0xDBFF) if matches!(unit(body, i + 6), Some(0xDC00..=0xDFFF)) => i += 12,
            Some(0xD800..=0xDFFF) => {
                body[i + 2..i + 6].copy_from_slice(b"FFFD");
                i += 6;
            }
            Some(_) => i += 6,
            // Any other escape: the byte after the backslash is never the start of one.
            None => i += 2,
        }
    }
}

/// A JSON value as a message: a request, a notification or a response.
fn classify(value: Value) -> Incoming {
    let Value::Object(mut map) = value else {
        return Incoming::unreadable(ErrorCode::InvalidRequest, "a message that is not an object");
    };
    let id = map.remove("id");
    match (map.remove("method"), id) {
        (Some(Value::String(method)), None) => Incoming::Notification(Notification {
            method,
            params: map.remove("params").unwrap_or(Value::Null),
        }),
        (Some(Value::String(method)), Some(id @ (Value::Number(_) | Value::String(_)))) => {
            Incoming::Request(Request {
                id,
                method,
                params: map.remove("params").unwrap_or(Value::Null),
            })
        }
        (Some(Value::String(_)), Some(_)) => Incoming::unreadable(
            ErrorCode::InvalidRequest,
            "a request whose id is neither a number nor a string",
        ),
        (Some(_), id) => Incoming::Unreadable {
            id: match id {
                Some(id @ (Value::Number(_) | Value::String(_))) => id,
                _ => Value::Null,
            },
            code: ErrorCode::InvalidRequest,
            message: "a message whose method is not a string".into(),
        },
        (None, Some(_)) if map.contains_key("result") || map.contains_key("error") => {
            Incoming::Response
        }
        (None, _) => Incoming::unreadable(
            ErrorCode::InvalidRequest,
            "a message with neither a method nor a result",
        ),
    }
}

/// Writes framed messages.
pub struct Writer<W> {
    output: W,
}

impl<W: Write> Writer<W> {
    /// A writer to `output`.
    pub fn new(output: W) -> Writer<W> {
        Writer { output }
    }

    /// Sends one message; an error means the client is gone.
    pub fn send(&mut self, message: &Value) -> io::Result<()> {
        self.send_body(&serde_json::to_vec(message)?)
    }

    /// Sends a response with a result, written straight from its typed form: its length is
    /// counted by a first pass, so a large result (an outline) is never held as text.
    pub fn send_result(&mut self, id: &Value, result: &impl Serialize) -> io::Result<()> {
        let head = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":");
        let mut counter = Counter(0);
        serde_json::to_writer(&mut counter, result)?;
        write!(
            self.output,
            "Content-Length: {}\r\n\r\n{head}",
            head.len() + counter.0 + 1
        )?;
        serde_json::to_writer(&mut self.output, result)?;
        self.output.write_all(b"}")?;
        self.output.flush()
    }

    fn send_body(&mut self, body: &[u8]) -> io::Result<()> {
        write!(self.output, "Content-Length: {}\r\n\r\n", body.len())?;
        self.output.write_all(body)?;
        self.output.flush()
    }
}

/// A writer that only counts bytes.
struct Counter(usize);

impl Write for Counter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A response with an error.
pub fn error(id: Value, code: ErrorCode, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code as i32, "message": message}})
}

/// A notification of the server's.
pub fn notification(method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": method, "params": params})
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything read from `bytes`, as (kind, method or code) pairs.
    fn read(bytes: &[u8]) -> Vec<String> {
        let mut reader = Reader::new(bytes);
        std::iter::from_fn(|| reader.next_message())
            .map(|m| match m {
                Incoming::Request(r) => format!("request {} {}", r.id, r.method),
                Incoming::Notification(n) => format!("note {}", n.method),
                Incoming::Response => "response".into(),
                Incoming::Unreadable { code, .. } => format!("error {}", code as i32),
            })
            .collect()
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn frames_read_in_turn_and_junk_is_reported_once() {
        let a = frame(r#"{"jsonrpc":"2.0","id":1,"method":"a"}"#);
        let b = frame(r#"{"jsonrpc":"2.0","method":"b"}"#);
        assert_eq!(
            read(format!("{a}\r\n{b}").as_bytes()),
            ["request 1 a", "note b"]
        );
        assert_eq!(
            read(format!("xyz{b}").as_bytes()),
            ["error -32700", "note b"]
        );
        let tail = "x".repeat(100_000);
        assert_eq!(
            read(format!("{tail}{b}").as_bytes()),
            ["error -32700", "note b"]
        );
        assert_eq!(
            read(b"content-length: 2\r\ncontent-type: x\r\n\r\n{}"),
            ["error -32600"]
        );
        assert_eq!(
            read(format!("Content-Length: 99999999999999999999\r\n\r\n{b}").as_bytes()),
            ["error -32700", "note b"]
        );
        assert_eq!(
            read(format!("Content-Length: {}\r\n\r\n{b}", 1u64 << 63).as_bytes()),
            ["error -32600"]
        );
        assert_eq!(read(b"Content-Length: 10\r\n\r\n{}"), Vec::<String>::new());
        assert_eq!(
            read(frame(r#"{"jsonrpc":"2.0","id":1,"result":0}"#).as_bytes()),
            ["response"]
        );
    }

    #[test]
    fn surrogates_alone_become_replacement_characters() {
        let mut body = br#""a\ud83d b\ude00 \ud83d\ude00 \\ud83d \ud83d\u0041 \ud8""#.to_vec();
        mend_surrogates(&mut body);
        let text: String = serde_json::from_slice(&body).unwrap_or_default();
        assert_eq!(text, "", "the last escape is cut, so the JSON is no string");
        let mut body = br#""a\ud83d b\ude00 \ud83d\ude00 \\ud83d \ud83d\u0041""#.to_vec();
        mend_surrogates(&mut body);
        let text: String = serde_json::from_slice(&body).unwrap();
        assert_eq!(text, "a\u{fffd} b\u{fffd} 😀 \\ud83d \u{fffd}A");
    }
}
