//! Settings kept in `settings.toml`: sound, coordinates, animation, panels, players.

use std::fs;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::atomic::{move_aside, write_atomic};
use crate::player::Player;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub sound: bool,
    /// 0 (silent) … 1 (full).
    pub volume: f32,
    pub show_coordinates: bool,
    /// 1 is natural speed; larger is faster.
    pub animation_speed: f32,
    pub show_move_list: bool,
    /// Mark the cells where a line of four could be completed.
    pub show_threats: bool,
    /// The players last chosen for a new game, as `human` or `cpu:N`.
    pub black: String,
    pub white: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            sound: true,
            volume: 0.7,
            show_coordinates: true,
            animation_speed: 1.0,
            show_move_list: true,
            show_threats: false,
            black: Player::Human.to_string(),
            white: Player::Human.to_string(),
        }
    }
}

impl Settings {
    pub fn black_player(&self) -> Player {
        self.black.parse().unwrap_or(Player::Human)
    }

    pub fn white_player(&self) -> Player {
        self.white.parse().unwrap_or(Player::Human)
    }

    /// Brings out-of-range values back into range.
    fn clamped(mut self) -> Settings {
        self.volume = if self.volume.is_finite() { self.volume.clamp(0.0, 1.0) } else { 0.7 };
        self.animation_speed = if self.animation_speed.is_finite() {
            self.animation_speed.clamp(0.25, 4.0)
        } else {
            1.0
        };
        self
    }

    /// Reads settings. A missing file gives the defaults; a bad one gives the defaults and
    /// a message, and is moved aside so that nothing is lost.
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        let text = match fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| "not a text file".to_string()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return (Settings::default(), None),
            Err(e) => Err(e.to_string()),
        };
        match text.and_then(|t| toml::from_str::<Settings>(&t).map_err(|e| e.message().to_string()))
        {
            Ok(settings) => (settings.clamped(), None),
            Err(reason) => {
                let kept = match move_aside(path) {
                    Ok(to) => format!("kept as {}", to.display()),
                    Err(_) => "left as it was".to_string(),
                };
                (
                    Settings::default(),
                    Some(format!(
                        "settings.toml is invalid ({reason}); using defaults, the file is {kept}"
                    )),
                )
            }
        }
    }

    pub fn save(&self, path: &Path) -> io::Result<()> {
        let text = toml::to_string_pretty(self).map_err(io::Error::other)?;
        write_atomic(path, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::atomic::tests::temp_dir;

    #[test]
    fn settings_round_trip() {
        let dir = temp_dir("settings");
        let path = dir.join("settings.toml");
        assert_eq!(Settings::load(&path), (Settings::default(), None));
        let changed =
            Settings { sound: false, volume: 0.25, white: "cpu:6".into(), ..Settings::default() };
        changed.save(&path).unwrap();
        assert_eq!(Settings::load(&path), (changed.clone(), None));
        assert_eq!(changed.white_player(), Player::Computer(6));
        fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_bad_file_gives_defaults_with_a_message_and_is_kept() {
        let dir = temp_dir("bad-settings");
        let path = dir.join("settings.toml");
        fs::write(&path, "volume = \"loud\"\n[[[").unwrap();
        let (settings, message) = Settings::load(&path);
        assert_eq!(settings, Settings::default());
        assert!(message.unwrap().contains("settings.toml is invalid"));
        assert!(!path.exists());
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "the bad file was moved, not deleted");
        fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn missing_keys_take_defaults_and_values_are_clamped() {
        let dir = temp_dir("partial-settings");
        let path = dir.join("settings.toml");
        fs::write(&path, "volume = 7.5\nsound = false\n").unwrap();
        let (settings, message) = Settings::load(&path);
        assert_eq!(message, None);
        assert!(!settings.sound);
        assert_eq!(settings.volume, 1.0);
        assert!(settings.show_coordinates);
        fs::remove_dir_all(dir).ok();
    }
}
