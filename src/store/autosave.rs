//! The game in progress: written after every change, read back on start.

use std::fs;
use std::io;
use std::path::PathBuf;

use super::DataDir;
use super::atomic::{move_aside, write_atomic};
use super::tags::record_of;
use crate::player::Player;
use crate::rules::{Game, Record};

/// The tag that says how many of the recorded moves are on the board, when the player has
/// stepped back (undo, replay): the rest can still be redone after a restart.
pub const SHOWN_PLY_TAG: &str = "Ply";

/// What was found in `current.s4r` at start.
#[derive(Debug)]
pub enum Resume {
    /// An unfinished game to continue.
    Game(Record),
    /// Nothing to resume: no file, or the game there had ended.
    Nothing,
    /// The file could not be read; it was renamed so nothing is lost.
    MovedAside { to: PathBuf, reason: String },
    /// The file could not be read and could not be moved either; it was left alone.
    Unreadable { reason: String },
}

/// The record `current.s4r` holds for a game: the whole recorded line (moves that redo
/// would replay included), its players and, if the board shows fewer moves, how many.
pub fn current_record(
    game: &Game,
    black: Player,
    white: Player,
    now: chrono::DateTime<chrono::Local>,
) -> Record {
    let recorded = game.full_line().len();
    if recorded == game.ply() {
        return record_of(game, black, white, now);
    }
    let mut whole = game.clone();
    whole.go_to(recorded);
    record_of(&whole, black, white, now).with_tag(SHOWN_PLY_TAG, game.ply().to_string())
}

/// The game a record describes, showing as many moves as its `Ply` tag says (all if none).
pub fn shown_game(record: &Record) -> Game {
    let mut game = record.game();
    let shown = record.tag(SHOWN_PLY_TAG).and_then(|p| p.trim().parse::<usize>().ok());
    if let Some(ply) = shown {
        game.go_to(ply);
    }
    game
}

pub fn save_current(dir: &DataDir, record: &Record) -> io::Result<()> {
    write_atomic(&dir.current_game(), record.to_string().as_bytes())
}

/// Reads `current.s4r`. A file that is not a valid record is moved aside.
pub fn load_current(dir: &DataDir) -> Resume {
    let path = dir.current_game();
    let bytes = match fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Resume::Nothing,
        Err(e) => {
            return Resume::Unreadable { reason: e.to_string() };
        }
    };
    let parsed = String::from_utf8(bytes)
        .map_err(|_| "not a text file".to_string())
        .and_then(|text| Record::parse(&text).map_err(|e| e.to_string()));
    match parsed {
        Ok(record) if shown_game(&record).position().is_over() => Resume::Nothing,
        Ok(record) => Resume::Game(record),
        Err(reason) => match move_aside(&path) {
            Ok(to) => Resume::MovedAside { to, reason },
            Err(e) => {
                Resume::Unreadable { reason: format!("{reason}; could not move it aside: {e}") }
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;
    use crate::store::atomic::tests::temp_dir;

    #[test]
    fn an_unfinished_game_is_resumed() {
        let dir = DataDir::new(temp_dir("resume"));
        assert!(matches!(load_current(&dir), Resume::Nothing));
        let record = Record::new(&parse_moves("b2 c3 a1").unwrap()).unwrap();
        save_current(&dir, &record).unwrap();
        match load_current(&dir) {
            Resume::Game(r) => assert_eq!(r.moves(), record.moves()),
            other => panic!("expected a game, got {other:?}"),
        }
        fs::remove_dir_all(dir.root()).ok();
    }

    #[test]
    fn a_game_stepped_back_resumes_at_the_same_move_with_redo() {
        let dir = DataDir::new(temp_dir("resume-ply"));
        let mut game = Game::from_moves(&parse_moves("a1 b1 a1 b1 a1 b1 a1").unwrap()).unwrap();
        game.go_to(3);
        let record =
            current_record(&game, Player::Human, Player::Computer(2), chrono::Local::now());
        assert_eq!(record.tag(SHOWN_PLY_TAG), Some("3"));
        save_current(&dir, &record).unwrap();
        match load_current(&dir) {
            Resume::Game(r) => {
                let resumed = shown_game(&r);
                assert_eq!(resumed, game);
                assert_eq!(resumed.full_line().len(), 7);
                assert_eq!(
                    crate::store::tags::players_of(&r),
                    (Player::Human, Player::Computer(2))
                );
            }
            other => panic!("expected a game, got {other:?}"),
        }
        fs::remove_dir_all(dir.root()).ok();
    }

    #[test]
    fn a_finished_game_is_not_resumed() {
        let dir = DataDir::new(temp_dir("finished"));
        let record = Record::new(&parse_moves("a1 b1 a1 b1 a1 b1 a1").unwrap()).unwrap();
        save_current(&dir, &record).unwrap();
        assert!(matches!(load_current(&dir), Resume::Nothing));
        fs::remove_dir_all(dir.root()).ok();
    }

    #[test]
    fn a_corrupt_file_is_moved_aside_not_deleted() {
        let dir = DataDir::new(temp_dir("corrupt"));
        fs::write(dir.current_game(), "1. b2 b2 b2 b2 b2").unwrap();
        match load_current(&dir) {
            Resume::MovedAside { to, reason } => {
                assert!(reason.contains("peg b2 is full"), "{reason}");
                assert_eq!(fs::read_to_string(to).unwrap(), "1. b2 b2 b2 b2 b2");
            }
            other => panic!("expected the file moved aside, got {other:?}"),
        }
        assert!(!dir.current_game().exists());
        fs::remove_dir_all(dir.root()).ok();
    }
}
