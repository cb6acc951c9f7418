//! SIGINT (Ctrl-C): the run ends on a record boundary, with status 130.
//!
//! The default action of SIGINT ends the process wherever it is, in the
//! middle of a write of standard output as well: a reader on a pipe got a
//! record cut off. Here the first SIGINT only sets a flag. Every write of
//! standard output is of whole records and looks at the flag first
//! ([`crate::output::Output::write`]): once it is set, what is buffered goes
//! out and nothing more, so the output ends after a whole record. A run
//! waiting for input is woken by the reader of its input
//! ([`crate::batch::ReadAhead`]), whose waker the signal's thread calls:
//! the signal handler itself may do next to nothing, and reads are
//! restarted after it. The run then ends with status 130 (128 + SIGINT, as
//! shells report a process that SIGINT ended).
//!
//! A second SIGINT ends the process at once, with status 130: the way out
//! of a run that cannot finish its write (a reader of standard output that
//! stopped reading).

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// The exit status of a run that SIGINT ended.
pub const STATUS: u8 = 130;

/// Set by the first SIGINT.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// What wakes the run's reader, if it waits for input.
type Waker = Box<dyn Fn() + Send>;

/// The waker of the input being read now.
static WAKER: Mutex<Option<Waker>> = Mutex::new(None);

/// Takes SIGINT from its default action. Should that fail, SIGINT keeps its
/// default action, which ends the run at once: nothing is lost but the
/// record boundary.
#[cfg(unix)]
pub fn install() -> io::Result<()> {
    use signal_hook::consts::SIGINT;
    use signal_hook::flag;
    use signal_hook::iterator::Signals;
    // The order matters: the shutdown runs first, and on the first SIGINT
    // the flag is not set yet.
    flag::register_conditional_shutdown(SIGINT, i32::from(STATUS), &REQUESTED)?;
    flag::register(SIGINT, &REQUESTED)?;
    // A thread of its own wakes the reader: a signal handler may not take
    // a lock or send on a channel, a thread may.
    let mut signals = Signals::new([SIGINT])?;
    std::thread::spawn(move || {
        for _ in signals.forever() {
            let waker = WAKER.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(wake) = waker.as_ref() {
                wake();
            }
        }
    });
    Ok(())
}

/// Elsewhere than on Unix, Ctrl-C keeps its default action.
#[cfg(not(unix))]
pub fn install() -> io::Result<()> {
    Ok(())
}

/// Whether SIGINT asked the run to end.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Makes `wake` what SIGINT calls, in place of the waker before it: the
/// input read from now on. A reader looks at [`requested`] after setting
/// its waker and before each wait, so that a SIGINT that came before is
/// seen, and one that comes after wakes it.
pub fn set_waker(wake: impl Fn() + Send + 'static) {
    *WAKER.lock().unwrap_or_else(PoisonError::into_inner) = Some(Box::new(wake));
}

/// The error of a read that SIGINT ended.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("interrupted by SIGINT")
    }
}

impl std::error::Error for Interrupted {}

impl Interrupted {
    /// The error a read gives when SIGINT ended it. Not of the kind
    /// `Interrupted`, which readers retry.
    pub fn error() -> io::Error {
        io::Error::other(Interrupted)
    }

    /// Whether `error` is that of a read SIGINT ended.
    pub fn caused(error: &io::Error) -> bool {
        error
            .get_ref()
            .is_some_and(|inner| inner.is::<Interrupted>())
    }
}
