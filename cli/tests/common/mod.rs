//! What the test files of hostile output share: running the binary.

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `rfc1738 ARGS` on `stdin`, without colour, its three streams piped;
/// standard input is fed from a thread while the output is read.
pub fn rfc1738(args: &[impl AsRef<OsStr>], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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
