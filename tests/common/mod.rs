//! What the tests that read the library's own sources share
//! (`tests/layers.rs`, `tests/shape.rs`).

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`, in no particular order.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries =
            fs::read_dir(&dir).unwrap_or_else(|e| panic!("{} does not read: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found
}
