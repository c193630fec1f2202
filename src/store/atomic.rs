//! Atomic file writes and moving broken files aside: a crash never leaves half a file,
//! and nothing the player had is deleted.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk, then renames it
/// over `path`. Readers see the old file or the new one, never a mix.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().ok_or_else(|| io::Error::other("no file name"))?;
    let temporary = dir.join(format!(
        ".{}.tmp-{}-{}",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)?;
        // Make the rename itself durable; not every platform can open a directory.
        if let Ok(dir) = fs::File::open(dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// Renames `path` to `<path>.bad-<timestamp>` and returns the new name.
pub fn move_aside(path: &Path) -> io::Result<PathBuf> {
    let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
    let mut target = PathBuf::from(format!("{}.bad-{stamp}", path.display()));
    let mut n = 1;
    while target.exists() {
        n += 1;
        target = PathBuf::from(format!("{}.bad-{stamp}-{n}", path.display()));
    }
    fs::rename(path, &target)?;
    Ok(target)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A fresh empty directory under the system's temporary directory.
    pub(crate) fn temp_dir(name: &str) -> PathBuf {
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "yonmoku-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = temp_dir("atomic");
        let path = dir.join("sub").join("file.txt");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let entries: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(entries.len(), 1);
        fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn moving_aside_keeps_the_contents() {
        let dir = temp_dir("aside");
        let path = dir.join("current.s4r");
        fs::write(&path, b"broken").unwrap();
        let moved = move_aside(&path).unwrap();
        assert!(!path.exists());
        assert!(moved.to_string_lossy().contains("current.s4r.bad-"));
        assert_eq!(fs::read(&moved).unwrap(), b"broken");
        fs::write(&path, b"broken again").unwrap();
        assert_ne!(move_aside(&path).unwrap(), moved);
        fs::remove_dir_all(dir).ok();
    }
}
