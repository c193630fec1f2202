//! The per-user data directory and the files in it.

use std::path::{Path, PathBuf};

/// Overrides the data directory (tests use a temporary one).
pub const ENV_VAR: &str = "YONMOKU_DATA_DIR";

/// The data directory: `current.s4r`, `games/`, `settings.toml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    root: PathBuf,
}

impl DataDir {
    pub fn new(root: impl Into<PathBuf>) -> DataDir {
        DataDir { root: root.into() }
    }

    /// `--data-dir` if given, else `$YONMOKU_DATA_DIR`, else the platform's per-user data
    /// directory (`~/.local/share/yonmoku` on Linux), else `./yonmoku-data`.
    pub fn resolve(flag: Option<PathBuf>) -> DataDir {
        let from_env = std::env::var_os(ENV_VAR).filter(|v| !v.is_empty()).map(PathBuf::from);
        let platform = || {
            directories::ProjectDirs::from("", "", "yonmoku").map(|d| d.data_dir().to_path_buf())
        };
        let root = flag.or(from_env).or_else(platform).unwrap_or_else(|| "yonmoku-data".into());
        DataDir { root }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The game in progress, rewritten after every change.
    pub fn current_game(&self) -> PathBuf {
        self.root.join("current.s4r")
    }

    /// Finished games, one record each.
    pub fn games(&self) -> PathBuf {
        self.root.join("games")
    }

    pub fn settings(&self) -> PathBuf {
        self.root.join("settings.toml")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_and_files_live_inside() {
        let dir = DataDir::resolve(Some("/tmp/y".into()));
        assert_eq!(dir.current_game(), PathBuf::from("/tmp/y/current.s4r"));
        assert_eq!(dir.games(), PathBuf::from("/tmp/y/games"));
        assert_eq!(dir.settings(), PathBuf::from("/tmp/y/settings.toml"));
    }
}
