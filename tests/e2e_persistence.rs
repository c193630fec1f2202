//! End-to-end: the real game on a virtual display is played by mouse clicks, killed with
//! SIGKILL, and started again; the game comes back with the same moves, in `current.s4r` and
//! in the screenshot.
#![cfg(feature = "gui")]

mod common_gui;

use std::path::Path;
use std::time::{Duration, Instant};

use common_gui::{
    Display, GAME, Picture, Running, scratch_dir, wait_for_exit, wait_for_file, wait_for_state,
};
use serde_json::Value;
use yonmoku::rules::{Peg, Record, parse_moves};

/// The moves in `current.s4r`, once it holds exactly `expected`.
fn saved_moves(path: &Path, expected: &[Peg]) -> Record {
    wait_for_file(path, "current.s4r to hold the moves", |text| {
        Record::parse(text).ok().filter(|r| r.moves() == expected)
    })
}

/// Clicks a peg where the state dump says it is, and waits until the move has landed.
/// A click that the game did not see (the pointer had not been noticed yet) is repeated.
fn click_peg(
    display: &Display,
    window: &str,
    state_file: &Path,
    state: &Value,
    peg: &str,
) -> Value {
    let ply = state["ply"].as_u64().unwrap();
    let at = &state["pegs"][peg];
    let (x, y) = (at[0].as_f64().unwrap().to_string(), at[1].as_f64().unwrap().to_string());
    for _ in 0..3 {
        display.xdotool(&["mousemove", "--window", window, &x, &y]);
        std::thread::sleep(Duration::from_millis(300));
        display.xdotool(&["click", "1"]);
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            let now = wait_for_state(state_file, "a state", |_| true);
            if now["ply"].as_u64() == Some(ply + 1) {
                return wait_for_state(state_file, "the sphere to land", |s| {
                    s["ply"].as_u64() == Some(ply + 1) && s["calm"] == true
                });
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    panic!("clicking {peg} played nothing");
}

#[test]
fn a_killed_game_comes_back_with_the_same_moves() {
    let dir = scratch_dir("kill");
    let state_file = dir.join("state.json");
    let current = dir.join("current.s4r");
    let display = Display::start();
    let started = Instant::now();
    let game = Running(
        display
            .command(GAME)
            .args(["--data-dir", dir.to_str().unwrap(), "play"])
            .env_remove("YONMOKU_DATA_DIR")
            .env("YONMOKU_STATE_FILE", &state_file)
            .spawn()
            .expect("the game"),
    );
    let mut state = wait_for_state(&state_file, "the first calm frame", |s| s["ready"] == true);
    eprintln!("ready after {:?}", started.elapsed());
    assert_eq!(state["ply"], 0, "a fresh data directory starts a new game");
    let window = display.game_window();

    let moves = parse_moves("b2 c2 a1").unwrap();
    for peg in &moves {
        state = click_peg(&display, &window, &state_file, &state, &peg.to_string());
    }
    assert_eq!(state["moves"], "1. b2 c2 2. a1");
    let landed = Instant::now();
    let record = saved_moves(&current, &moves);
    eprintln!("current.s4r had the third move {:?} after the state dump did", landed.elapsed());
    assert_eq!(record.tag("Black"), Some("Player 1"));

    game.kill();
    let after_kill = std::fs::read_to_string(&current).unwrap();
    assert_eq!(
        Record::parse(&after_kill).unwrap().moves(),
        &moves[..],
        "the file survives SIGKILL whole"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-"))
        .collect();
    assert!(leftovers.is_empty(), "no half-written files: {leftovers:?}");

    // Started again (taking a screenshot and exiting), the game is where it was.
    let png = dir.join("resumed.png");
    let mut again = Running(
        display
            .command(GAME)
            .args(["--data-dir", dir.to_str().unwrap(), "play", "--screenshot"])
            .arg(&png)
            .env_remove("YONMOKU_DATA_DIR")
            .spawn()
            .expect("the game again"),
    );
    let status = wait_for_exit(&mut again, "the resumed screenshot");
    assert!(status.success(), "exit status {status}");
    let shown: Value =
        serde_json::from_str(&std::fs::read_to_string(png.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(shown["moves"], "1. b2 c2 2. a1");
    assert_eq!(
        std::fs::read_to_string(&current).unwrap(),
        after_kill,
        "taking a screenshot changes no file"
    );

    // The picture shows the spheres where the resumed game has them.
    let picture = Picture::open(&png);
    let brightness = |cell: &str| {
        let at = &shown["cells"][cell]["screen"];
        picture.brightness_at(at[0].as_f64().unwrap(), at[1].as_f64().unwrap())
    };
    let (black, white) = (brightness("a1:1"), brightness("c2:1"));
    eprintln!("black sphere {black}, white sphere {white}; whole test {:?}", started.elapsed());
    assert!(black < 70, "a black sphere at a1: {black}");
    assert!(white > 140, "a white sphere at c2: {white}");
    let _ = std::fs::remove_dir_all(&dir);
}
