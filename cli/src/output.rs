//! Standard output that ends the program quietly when the reader goes away.

use std::io::{self, BufWriter, ErrorKind, StdoutLock, Write};

/// Buffered standard output.
pub struct Output {
    out: BufWriter<StdoutLock<'static>>,
}

/// Why writing stopped.
#[derive(Debug)]
pub enum Stop {
    /// The reader closed the pipe (`| head`): not an error.
    Closed,
    /// Any other write error.
    Failed(io::Error),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Self {
        if error.kind() == ErrorKind::BrokenPipe {
            Stop::Closed
        } else {
            Stop::Failed(error)
        }
    }
}

impl Output {
    /// Locks standard output.
    pub fn new() -> Self {
        Output {
            out: BufWriter::new(io::stdout().lock()),
        }
    }

    /// Writes `bytes` as they are.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        self.out.write_all(bytes)?;
        Ok(())
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), Stop> {
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(b"\n")?;
        Ok(())
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> Result<(), Stop> {
        self.out.flush()?;
        Ok(())
    }
}
