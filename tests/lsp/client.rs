//! A client of `ludus lsp` over real pipes, as an editor is: framed JSON-RPC on its stdin, the
//! server's messages read on a thread, with a time limit on every wait.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How long a reply may take before the test fails, far above the real cost.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A client of the server: its stdin, and the messages it sent, read on a thread.
pub struct Client {
    pub child: Child,
    stdin: Option<ChildStdin>,
    pub inbox: Receiver<Value>,
    next_id: u64,
}

impl Client {
    pub fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let (tx, inbox) = channel();
        std::thread::spawn(move || loop {
            let mut length = 0;
            loop {
                let mut line = String::new();
                if out.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(n) = line.strip_prefix("Content-Length: ") {
                    length = n.parse().unwrap();
                }
            }
            let mut body = vec![0; length];
            if out.read_exact(&mut body).is_err() {
                return;
            }
            // A reply that is no JSON reaches the test as a string, which no assertion accepts.
            let message = serde_json::from_slice(&body)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()));
            if tx.send(message).is_err() {
                return;
            }
        });
        Client {
            child,
            stdin,
            inbox,
            next_id: 1,
        }
    }

    /// A server past `initialize` and `initialized`.
    pub fn initialized() -> Client {
        let mut c = Client::start();
        c.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        c.notify("initialized", json!({}));
        c
    }

    /// Writes bytes as they are, framed or not.
    pub fn write_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    pub fn send(&mut self, message: Value) {
        let body = message.to_string();
        self.write_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its whole response.
    pub fn exchange(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.response(id)
    }

    /// Waits for the response to request `id`.
    pub fn response(&mut self, id: u64) -> Value {
        loop {
            let m = self.next().expect("a response");
            if m["id"] == id {
                return m;
            }
        }
    }

    /// Sends a request and waits for its response's result.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let m = self.exchange(method, params);
        assert!(m.get("error").is_none(), "{m}");
        m["result"].clone()
    }

    /// The next message from the server, or `None` if none comes in time.
    pub fn next(&mut self) -> Option<Value> {
        self.inbox.recv_timeout(PATIENCE).ok()
    }

    /// Waits for the next diagnostics published for `uri`.
    pub fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let m = self.next().expect("diagnostics");
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    /// Waits for an error reply with no id (to a message that could not be read), and returns
    /// its code.
    pub fn error_without_id(&mut self) -> i64 {
        loop {
            let m = self.next().expect("an error reply");
            if m.get("id") == Some(&Value::Null) {
                assert_eq!(m["jsonrpc"], "2.0", "{m}");
                return m["error"]["code"].as_i64().unwrap_or_else(|| panic!("{m}"));
            }
        }
    }

    /// Closes the server's input.
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// Waits for the server to end; kills it and fails if it does not in time.
    pub fn wait(&mut self) -> ExitStatus {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if started.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("the server did not end");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Shuts the server down as an editor does, and checks that it ends with success.
    pub fn shutdown(&mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let status = self.wait();
        assert_eq!(status.code(), Some(0), "{status:?}");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server's peak resident memory in KiB (Linux), or 0 where it cannot be read.
pub fn peak_memory_kib(c: &Client) -> u64 {
    std::fs::read_to_string(format!("/proc/{}/status", c.child.id()))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
