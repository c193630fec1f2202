//! Finished games in `games/`: named by date, time and players, listed newest first.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::atomic::write_atomic;
use crate::rules::Record;

/// A file name from the record's date, time and players:
/// `2026-11-21_14-05-33_Player-1_vs_CPU-level-4.s4r`.
pub fn file_name(record: &Record) -> String {
    let date = record.tag("Date").unwrap_or("undated").replace('.', "-");
    let time = record.tag("Time").unwrap_or("").replace(':', "-");
    let clean = |name: &str| -> String {
        let kept: String =
            name.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
        kept.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-")
    };
    let black = clean(record.tag("Black").unwrap_or("Black"));
    let white = clean(record.tag("White").unwrap_or("White"));
    let stamp = if time.is_empty() { date } else { format!("{date}_{time}") };
    format!("{stamp}_{black}_vs_{white}.s4r")
}

/// Writes a finished game into `games`, never over another file; returns its path.
pub fn save_game(games: &Path, record: &Record) -> io::Result<PathBuf> {
    let name = file_name(record);
    let stem = name.trim_end_matches(".s4r");
    let mut path = games.join(&name);
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = games.join(format!("{stem}_{n}.s4r"));
    }
    write_atomic(&path, record.to_string().as_bytes())?;
    Ok(path)
}

/// One entry of the Open list.
#[derive(Clone, Debug)]
pub struct Entry {
    pub path: PathBuf,
    pub modified: SystemTime,
    /// The record, or why it could not be read.
    pub record: Result<Record, String>,
}

impl Entry {
    /// "Player 1 – CPU (level 4), 1-0, 23 moves", or the reason it is unreadable.
    pub fn summary(&self) -> String {
        match &self.record {
            Ok(r) => format!(
                "{} – {}, {}, {} moves",
                r.tag("Black").unwrap_or("Black"),
                r.tag("White").unwrap_or("White"),
                r.result(),
                r.moves().len()
            ),
            Err(e) => format!("unreadable: {e}"),
        }
    }
}

/// The `.s4r` files in `games`, newest first. A missing folder is an empty list.
pub fn list(games: &Path) -> Vec<Entry> {
    let Ok(dir) = fs::read_dir(games) else {
        return Vec::new();
    };
    let mut entries: Vec<Entry> = dir
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "s4r"))
        .map(|path| Entry {
            modified: fs::metadata(&path)
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH),
            record: read_record(&path),
            path,
        })
        .collect();
    entries.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| b.path.cmp(&a.path)));
    entries
}

/// Reads a record file; the error names the file and says what and where.
pub fn read_record(path: &Path) -> Result<Record, String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let bytes = fs::read(path).map_err(|e| format!("{name}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not a text file"))?;
    Record::parse(&text).map_err(|e| format!("{name}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;
    use crate::store::atomic::tests::temp_dir;

    fn finished() -> Record {
        Record::new(&parse_moves("a1 b1 a1 b1 a1 b1 a1").unwrap())
            .unwrap()
            .with_tag("Date", "2026.11.21")
            .with_tag("Time", "14:05:33")
            .with_tag("Black", "Player 1")
            .with_tag("White", "CPU (level 4)")
    }

    #[test]
    fn names_carry_date_time_and_players() {
        assert_eq!(file_name(&finished()), "2026-11-21_14-05-33_Player-1_vs_CPU-level-4.s4r");
    }

    #[test]
    fn saved_games_are_listed_newest_first_and_never_overwritten() {
        let games = temp_dir("library").join("games");
        let first = save_game(&games, &finished()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let second = save_game(&games, &finished()).unwrap();
        assert_ne!(first, second);
        fs::write(games.join("broken.s4r"), "1. zz").unwrap();
        let list = list(&games);
        assert_eq!(list.len(), 3);
        assert_eq!(list[0].path, games.join("broken.s4r"));
        assert!(list[0].summary().starts_with("unreadable: broken.s4r"), "{}", list[0].summary());
        assert_eq!(list[1].path, second);
        assert_eq!(list[1].summary(), "Player 1 – CPU (level 4), 1-0, 7 moves");
        fs::remove_dir_all(games.parent().unwrap()).ok();
    }
}
