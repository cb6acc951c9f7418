//! What the command-line tests share: running the binary, and reading what
//! it writes.

#![allow(dead_code)] // Not every test file uses every helper.

pub mod browser;

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `rfc1738 ARGS` on `stdin`, without colour, its three streams piped.
pub fn rfc1738(args: &[impl AsRef<OsStr>], stdin: &[u8]) -> Output {
    run_with(args, stdin, Stdio::piped(), Stdio::piped())
}

/// `rfc1738 ARGS` on `stdin`, without colour, with the given standard output
/// and error; standard input is fed from a thread while the output is read.
pub fn run_with(args: &[impl AsRef<OsStr>], stdin: &[u8], stdout: Stdio, stderr: Stdio) -> Output {
    run_in(args, stdin, &[("NO_COLOR", Some("1"))], (stdout, stderr))
}

/// `rfc1738 ARGS` on `stdin` with the environment changed as `env` says
/// (`None` removes a variable; the colour variables are removed unless
/// given), its three streams piped.
pub fn rfc1738_env(
    args: &[impl AsRef<OsStr>],
    stdin: &[u8],
    env: &[(&str, Option<&str>)],
) -> Output {
    run_in(args, stdin, env, (Stdio::piped(), Stdio::piped()))
}

fn run_in(
    args: &[impl AsRef<OsStr>],
    stdin: &[u8],
    env: &[(&str, Option<&str>)],
    (stdout, stderr): (Stdio, Stdio),
) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rfc1738"));
    command.args(args);
    for variable in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"] {
        command.env_remove(variable);
    }
    for (variable, value) in env {
        match value {
            Some(value) => command.env(variable, value),
            None => command.env_remove(variable),
        };
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("piped");
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        // The program may stop reading early (a usage error): that is fine.
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("it ends");
    feeder.join().expect("the feeder ends");
    output
}

/// Standard output, which is UTF-8.
#[track_caller]
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("standard output is UTF-8")
}

/// Standard error, read as UTF-8 where it is.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The records of JSON output, one a line, each parsed strictly (serde_json
/// reads exactly one value and nothing after it but whitespace).
#[track_caller]
pub fn records(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: not JSON: {line:?}"))
        })
        .collect()
}

/// Text with its runs of whitespace made single spaces: help is wrapped to
/// the terminal's width.
pub fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
