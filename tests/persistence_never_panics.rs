//! Whatever bytes lie in `current.s4r`, `settings.toml` or a record the player opens, reading
//! them gives a game, defaults or an error — never a panic — and nothing is deleted.

use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use yonmoku::store::autosave::{Resume, load_current, shown_game};
use yonmoku::store::library::{list, read_record};
use yonmoku::store::{DataDir, Settings};

fn temp_dir() -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "yonmoku-never-panics-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("games")).unwrap();
    dir
}

/// Bytes that are often almost a record or a settings file, so deeper paths are reached.
fn almost_valid() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        Just("[Black \"Player 1\"]\n".to_string()),
        Just("[BlackPlayer \"cpu:9\"]\n".to_string()),
        Just("[WhitePlayer \"cpu:3\"]\n".to_string()),
        Just("[Ply \"".to_string()),
        Just("\"]\n".to_string()),
        Just("[Result \"1-0\"]\n".to_string()),
        Just("1.".to_string()),
        Just(" ".to_string()),
        Just("*".to_string()),
        Just("volume = ".to_string()),
        Just("sound = true\n".to_string()),
        Just("white = \"cpu:7\"\n".to_string()),
        Just("animation_speed = nan\n".to_string()),
        "[a-d][1-4]",
        "[0-9]{1,20}",
        "\\PC{0,3}",
    ];
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..200),
        prop::collection::vec(token, 0..40).prop_map(|t| t.concat().into_bytes()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_current_game_file_resumes_or_is_moved_aside(bytes in almost_valid()) {
        let dir = temp_dir();
        let data = DataDir::new(&dir);
        fs::write(data.current_game(), &bytes).unwrap();
        match load_current(&data) {
            Resume::Game(record) => {
                let game = shown_game(&record);
                prop_assert!(!game.position().is_over());
                prop_assert!(data.current_game().exists());
            }
            Resume::Nothing => prop_assert!(data.current_game().exists()),
            Resume::MovedAside { to, .. } => {
                prop_assert!(!data.current_game().exists());
                prop_assert_eq!(fs::read(to).unwrap(), bytes);
            }
            Resume::Unreadable { reason } => prop_assert!(false, "unexpected: {}", reason),
        }
        fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn any_settings_file_gives_usable_settings(bytes in almost_valid()) {
        let dir = temp_dir();
        let path = dir.join("settings.toml");
        fs::write(&path, &bytes).unwrap();
        let (settings, message) = Settings::load(&path);
        prop_assert!((0.0..=1.0).contains(&settings.volume));
        prop_assert!(settings.animation_speed.is_finite() && settings.animation_speed > 0.0);
        let _ = (settings.black_player(), settings.white_player());
        // A bad file is kept beside, under another name: the folder still holds the bytes.
        let kept = fs::read_dir(&dir).unwrap().filter_map(Result::ok)
            .any(|e| e.path().is_file() && fs::read(e.path()).is_ok_and(|b| b == bytes));
        prop_assert!(kept, "message: {:?}", message);
        fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn any_opened_record_reads_or_says_why(bytes in almost_valid()) {
        let dir = temp_dir();
        let path = dir.join("games").join("x.s4r");
        fs::write(&path, &bytes).unwrap();
        match read_record(&path) {
            Ok(record) => { let _ = shown_game(&record); }
            Err(reason) => prop_assert!(reason.starts_with("x.s4r: "), "{}", reason),
        }
        prop_assert_eq!(list(&dir.join("games")).len(), 1);
        prop_assert_eq!(fs::read(&path).unwrap(), bytes);
        fs::remove_dir_all(dir).ok();
    }
}
