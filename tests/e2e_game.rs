//! End-to-end tests of the game window: the real binary on a virtual display (Xvfb) drawn by
//! Mesa's software Vulkan. One renders a position and looks at the screenshot; the other
//! drags and clicks with xdotool and reads what the game did from its state dump.
#![cfg(feature = "gui")]

mod common_gui;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use common_gui::{Display, GAME, Picture, Running, scratch_dir, wait_for_exit, wait_for_state};
use serde_json::Value;

/// The machine has few cores: one rendered game at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn is_wood([r, g, b]: [u8; 3]) -> bool {
    r > 90 && r > g && g > b && i32::from(r) - i32::from(b) > 45
}

#[test]
fn screenshot_shows_the_wooden_board_and_both_colours() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch_dir("shot");
    let png = dir.join("shot.png");
    let display = Display::start();
    let started = Instant::now();
    let mut game = Running(
        display
            .command(GAME)
            .args(["--data-dir", dir.to_str().unwrap(), "play", "--moves", "b2 c3 b2 c2 a1 d4 b2"])
            .arg("--screenshot")
            .arg(&png)
            .env("YONMOKU_DATA_DIR", &dir)
            .spawn()
            .expect("the game"),
    );
    let status = wait_for_exit(&mut game, "screenshot");
    assert!(status.success(), "exit status {status}");
    eprintln!("screenshot taken in {:?}", started.elapsed());

    let picture = Picture::open(&png);
    assert_eq!((picture.width, picture.height), (1280, 720));
    let wood = picture.share(is_wood);
    let bright = picture.share(|p| p.iter().all(|&c| c > 200));
    let dark = picture.share(|p| p.iter().all(|&c| c < 40));
    eprintln!("wood {wood:.3}, bright {bright:.4}, dark {dark:.3}");
    assert!(wood > 0.08, "the wooden board fills part of the picture: {wood}");
    assert!(bright > 0.001, "white spheres and highlights are bright: {bright}");
    assert!(dark < 0.9, "not a blank picture: {dark}");

    // The state dump written with the screenshot says where each sphere is on screen.
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(png.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(state["moves"], "1. b2 c3 2. b2 c2 3. a1 d4 4. b2");
    // Drawn light on a software renderer (as here without a GPU), in full on a GPU.
    let graphics = &state["graphics"];
    let wanted = if graphics["software"] == true { (1, 1024) } else { (4, 2048) };
    let drawn = (graphics["samples"].as_u64(), graphics["shadow_map"].as_u64());
    assert_eq!(drawn, (Some(wanted.0), Some(wanted.1)), "graphics: {graphics}");
    let cells = state["cells"].as_object().expect("sphere positions");
    assert_eq!(cells.len(), 7);
    let brightness = |cell: &str| {
        let at = &cells[cell]["screen"];
        picture.brightness_at(at[0].as_f64().unwrap(), at[1].as_f64().unwrap())
    };
    // The spheres in front, seen whole from the starting view.
    let (black, white) = (brightness("a1:1"), brightness("c2:1"));
    eprintln!("black sphere {black}, white sphere {white}");
    assert!(black < 70, "a black sphere is dark: {black}");
    assert!(white > 140, "a white sphere is bright: {white}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mouse_and_keyboard_play_through_the_real_window() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch_dir("click");
    let state_file = dir.join("state.json");
    let display = Display::start();
    let started = Instant::now();
    let mut game = Running(
        display
            .command(GAME)
            .args(["--data-dir", dir.to_str().unwrap(), "play"])
            .env("YONMOKU_DATA_DIR", &dir)
            .env("YONMOKU_STATE_FILE", &state_file)
            .spawn()
            .expect("the game"),
    );
    let ready = wait_for_state(&state_file, "the first calm frame", |s| s["ready"] == true);
    eprintln!(
        "ready after {:?} ({} ms to the first frame)",
        started.elapsed(),
        ready["first_frame_ms"]
    );
    let window = display.game_window();

    let point = |state: &Value, peg: &str| {
        let at = &state["pegs"][peg];
        (at[0].as_f64().unwrap().to_string(), at[1].as_f64().unwrap().to_string())
    };

    // A drag that starts on a peg turns the camera and plays nothing.
    let (x, y) = point(&ready, "c3");
    let x_after = (x.parse::<f64>().unwrap() + 120.0).to_string();
    display.xdotool(&["mousemove", "--window", &window, &x, &y, "mousedown", "1"]);
    for step in 1..=6 {
        let xs = (x.parse::<f64>().unwrap() + 20.0 * f64::from(step)).to_string();
        display.xdotool(&["mousemove", "--window", &window, &xs, &y]);
        std::thread::sleep(Duration::from_millis(150));
    }
    display.xdotool(&["mousemove", "--window", &window, &x_after, &y, "mouseup", "1"]);
    let turned = wait_for_state(&state_file, "the camera to turn and settle", |s| {
        s["pegs"]["c3"] != ready["pegs"]["c3"] && s["calm"] == true
    });
    // Give the release a moment to reach the game, then check nothing was played.
    std::thread::sleep(Duration::from_millis(500));
    let after_drag = wait_for_state(&state_file, "a stable state", |_| true);
    assert_eq!(after_drag["ply"], 0, "a drag must not play a move");

    // A click on peg b2 plays there.
    let (x, y) = point(&turned, "b2");
    display.xdotool(&["mousemove", "--window", &window, &x, &y]);
    std::thread::sleep(Duration::from_millis(300));
    display.xdotool(&["click", "1"]);
    let clicked = wait_for_state(&state_file, "the clicked move", |s| s["ply"] == 1);
    assert_eq!(clicked["moves"], "1. b2");
    assert_eq!(clicked["to_move"], "white");

    // The keyboard: the cursor starts where the mouse was (b2); Return drops there.
    display.xdotool(&["key", "Right"]);
    display.xdotool(&["key", "Return"]);
    let keyed = wait_for_state(&state_file, "the keyboard move", |s| s["ply"] == 2);
    assert_eq!(keyed["moves"], "1. b2 b2");
    display.xdotool(&["key", "ctrl+z"]);
    wait_for_state(&state_file, "undo", |s| s["ply"] == 1);

    // Ctrl+Q quits; the last state is written on the way out.
    display.xdotool(&["key", "ctrl+q"]);
    let status = wait_for_exit(&mut game, "quit");
    assert!(status.success(), "exit status {status}");
    let last = wait_for_state(&state_file, "the exit state", |s| s["exited"] == true);
    assert_eq!(last["moves"], "1. b2");
    eprintln!("click test took {:?}", started.elapsed());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `play --offscreen` (for frame times on a GPU with no display): the whole game drawn into
/// an image with no X server at all, every frame counted by the frame pacing.
#[test]
fn offscreen_the_game_draws_without_a_display() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch_dir("offscreen");
    let png = dir.join("shot.png");
    let offscreen = |extra: &[&str]| {
        let mut command = std::process::Command::new(GAME);
        command
            .args(["--data-dir", dir.to_str().unwrap(), "play", "--offscreen"])
            .args(["--moves", "b2 c3 b2 c2 a1 d4 b2"])
            .args(extra)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY");
        command
    };
    let mut game =
        Running(offscreen(&["--screenshot", png.to_str().unwrap()]).spawn().expect("the game"));
    let status = wait_for_exit(&mut game, "the offscreen screenshot");
    assert!(status.success(), "exit status {status}");
    let picture = Picture::open(&png);
    assert_eq!((picture.width, picture.height), (1280, 720));
    let wood = picture.share(is_wood);
    assert!(wood > 0.08, "the camera draws the board into the image: {wood}");

    // With no window there is no waiting for input: frames follow one another, and the frame
    // pacing counts them although nothing moves.
    let state_file = dir.join("state.json");
    let game =
        Running(offscreen(&[]).env("YONMOKU_STATE_FILE", &state_file).spawn().expect("the game"));
    let state = wait_for_state(&state_file, "frames of a still scene", |s| {
        s["calm"] == true && s["frame_intervals"]["idle"]["frames"].as_u64() >= Some(5)
    });
    assert_eq!(state["frame_intervals"]["searching"]["frames"], 0, "nothing searches: {state}");
    game.kill();
    let _ = std::fs::remove_dir_all(&dir);
}
