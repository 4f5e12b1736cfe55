//! Running the `chesscore` command in tests: arguments, standard input, and what came out.
// Each integration test compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of `chesscore` printed, and how it ended.
pub struct Run {
    /// Standard output.
    pub out: String,
    /// Standard error.
    pub err: String,
    /// The exit status (`None` when killed by a signal).
    pub code: Option<i32>,
}

/// Runs `chesscore` with `args`, feeding `input` on standard input, with colours left to the
/// command (no NO_COLOR in its environment).
pub fn chesscore(args: &[&str], input: &str) -> Run {
    chesscore_bytes(args, input.as_bytes())
}

/// Runs `chesscore` with `args`, feeding `input`, which need not be UTF-8, on standard input.
pub fn chesscore_bytes(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chesscore"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chesscore");
    // A run that fails on its arguments may exit without reading: a broken pipe here is fine,
    // the exit status and the output tell.
    let _ = child.stdin.take().expect("stdin is piped").write_all(input);
    let output = child.wait_with_output().expect("wait for chesscore");
    Run {
        out: String::from_utf8(output.stdout).expect("UTF-8 output"),
        err: String::from_utf8(output.stderr).expect("UTF-8 errors"),
        code: output.status.code(),
    }
}
