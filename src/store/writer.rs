//! A background writer: the game hands it what to write and goes on drawing frames.
//!
//! One thread does every write, so two writes of the same file never interleave. Files
//! that are rewritten whole (`current.s4r`, `settings.toml`) keep only their latest
//! contents while waiting: ten quick moves cost one or two writes, never a queue.
//! Finished games are appended to `games/` in order, each exactly once.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use super::atomic::write_atomic;
use super::library::save_game;
use crate::rules::Record;

/// What the writer did, for the game to show or log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// A file was replaced with new contents.
    Replaced(PathBuf),
    /// A finished game was added to the library under this name.
    Archived(PathBuf),
    /// A write failed; the message says which file and why.
    Failed(String),
}

#[derive(Default)]
struct Queue {
    /// The latest contents of each file to replace, in the order first asked.
    replace: Vec<(PathBuf, Vec<u8>)>,
    /// Finished games to add to a `games/` folder.
    archive: VecDeque<(PathBuf, Record)>,
    /// A write is under way (taken from the queue, not yet on disk).
    busy: bool,
    closing: bool,
    done: Vec<Written>,
}

impl Queue {
    fn idle(&self) -> bool {
        !self.busy && self.replace.is_empty() && self.archive.is_empty()
    }
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    /// Signalled when work arrives and when the writer becomes idle.
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A panic while holding the lock cannot leave the queue half-updated.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The handle the game keeps. Dropping it finishes the pending writes first.
pub struct Writer {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Default for Writer {
    fn default() -> Self {
        Writer::new()
    }
}

impl Writer {
    pub fn new() -> Writer {
        let shared = Arc::new(Shared::default());
        let worker = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("yonmoku-writer".into())
            .spawn(move || write_until_closed(&worker))
            .expect("the writer thread starts");
        Writer { shared, thread: Some(thread) }
    }

    /// Replaces `path` with `bytes` (atomically), superseding a write still waiting.
    pub fn replace(&self, path: &Path, bytes: Vec<u8>) {
        let mut queue = self.shared.lock();
        match queue.replace.iter_mut().find(|(p, _)| p == path) {
            Some(waiting) => waiting.1 = bytes,
            None => queue.replace.push((path.to_path_buf(), bytes)),
        }
        self.shared.changed.notify_all();
    }

    /// Adds a finished game to the folder `games`, under a name of its own.
    pub fn archive(&self, games: &Path, record: Record) {
        self.shared.lock().archive.push_back((games.to_path_buf(), record));
        self.shared.changed.notify_all();
    }

    /// What was written since the last call.
    pub fn take_done(&self) -> Vec<Written> {
        std::mem::take(&mut self.shared.lock().done)
    }

    /// Waits until everything asked so far is on disk.
    pub fn flush(&self) {
        let mut queue = self.shared.lock();
        while !queue.idle() {
            queue = self.shared.changed.wait(queue).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.shared.lock().closing = true;
        self.shared.changed.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

enum Job {
    Replace(PathBuf, Vec<u8>),
    Archive(PathBuf, Record),
}

fn write_until_closed(shared: &Shared) {
    loop {
        let job = {
            let mut queue = shared.lock();
            queue.busy = true;
            loop {
                if !queue.replace.is_empty() {
                    let (path, bytes) = queue.replace.remove(0);
                    break Job::Replace(path, bytes);
                }
                if let Some((games, record)) = queue.archive.pop_front() {
                    break Job::Archive(games, record);
                }
                if queue.closing {
                    return;
                }
                queue.busy = false;
                shared.changed.notify_all();
                queue = shared.changed.wait(queue).unwrap_or_else(PoisonError::into_inner);
                queue.busy = true;
            }
        };
        let outcome = match job {
            Job::Replace(path, bytes) => match write_atomic(&path, &bytes) {
                Ok(()) => Written::Replaced(path),
                Err(e) => Written::Failed(format!("could not save {}: {e}", path.display())),
            },
            Job::Archive(games, record) => match save_game(&games, &record) {
                Ok(path) => Written::Archived(path),
                Err(e) => Written::Failed(format!(
                    "could not add the finished game to {}: {e}",
                    games.display()
                )),
            },
        };
        shared.lock().done.push(outcome);
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::rules::parse_moves;
    use crate::store::atomic::tests::temp_dir;

    #[test]
    fn the_latest_contents_win_and_flush_waits_for_them() {
        let dir = temp_dir("writer");
        let path = dir.join("current.s4r");
        let writer = Writer::new();
        for n in 0..200 {
            writer.replace(&path, format!("version {n}").into_bytes());
        }
        writer.flush();
        assert_eq!(fs::read_to_string(&path).unwrap(), "version 199");
        let done = writer.take_done();
        assert!(!done.is_empty() && done.len() <= 200, "{}", done.len());
        assert!(done.iter().all(|w| *w == Written::Replaced(path.clone())));
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left");
        fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn every_finished_game_is_archived_once() {
        let dir = temp_dir("writer-archive");
        let games = dir.join("games");
        let record = Record::new(&parse_moves("a1 b1 a1 b1 a1 b1 a1").unwrap()).unwrap();
        {
            let writer = Writer::new();
            writer.archive(&games, record.clone());
            writer.archive(&games, record);
            // Dropping the writer finishes its work.
        }
        assert_eq!(fs::read_dir(&games).unwrap().count(), 2);
        fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_failed_write_is_reported() {
        let dir = temp_dir("writer-fail");
        fs::write(dir.join("file"), "a file, not a folder").unwrap();
        let writer = Writer::new();
        writer.replace(&dir.join("file").join("current.s4r"), b"x".to_vec());
        writer.flush();
        let done = writer.take_done();
        assert!(matches!(&done[..], [Written::Failed(m)] if m.contains("could not save")));
        fs::remove_dir_all(dir).ok();
    }
}
