//! What the command-line tests share: running the binary.

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `rfc1738 ARGS` on `stdin`, without colour, its three streams piped.
#[allow(dead_code)] // Not every test file uses both helpers.
pub fn rfc1738(args: &[impl AsRef<OsStr>], stdin: &[u8]) -> Output {
    run_with(args, stdin, Stdio::piped(), Stdio::piped())
}

/// `rfc1738 ARGS` on `stdin`, without colour, with the given standard output
/// and error; standard input is fed from a thread while the output is read.
pub fn run_with(args: &[impl AsRef<OsStr>], stdin: &[u8], stdout: Stdio, stderr: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .env("NO_COLOR", "1")
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
