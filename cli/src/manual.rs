//! `rfc1738 completions SHELL` and `rfc1738 man [COMMAND]`: made by clap's
//! own crates (clap_complete, clap_mangen) from the command line's
//! definition, so that they say what `--help` says.

use std::process::ExitCode;

use crate::output::{self, Output};

/// Writes the completion script of `shell` for `command`.
pub fn completions(shell: clap_complete::Shell, mut command: clap::Command) -> ExitCode {
    // Made in memory: clap_complete panics when its writer fails, and
    // standard output may (a full disk, a closed pipe).
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "rfc1738", &mut script);
    write(&script)
}

/// Writes the manual page of `command`, or of its subcommand `name`.
pub fn man(command: clap::Command, name: Option<&str>) -> ExitCode {
    // `help` is `--help` again, and has no page: it is not listed among the
    // pages to see. Built, subcommands are named as their pages are:
    // `rfc1738-check`.
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let page = match name {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(subcommand) => subcommand.clone(),
            None => {
                // clap checks the name against the list: only a command
                // added without a page gets here.
                output::message(format_args!("no manual page for `{name}`"));
                return ExitCode::from(2);
            }
        },
    };
    let mut roff = Vec::new();
    // Writing to a Vec does not fail.
    // Every page comes from this version of the tool (a subcommand has no
    // version of its own).
    let source = format!("rfc1738 {}", env!("CARGO_PKG_VERSION"));
    let _ = clap_mangen::Man::new(page).source(source).render(&mut roff);
    write(&roff)
}

/// Writes `bytes` to standard output.
fn write(bytes: &[u8]) -> ExitCode {
    let mut out = Output::new();
    output::failed(out.write(bytes).and_then(|()| out.flush())).unwrap_or(ExitCode::SUCCESS)
}
