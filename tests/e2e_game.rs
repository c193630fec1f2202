//! End-to-end tests of the game window: the real binary on a virtual display (Xvfb) drawn by
//! Mesa's software Vulkan. One renders a position and looks at the screenshot; the other
//! drags and clicks with xdotool and reads what the game did from its state dump.
#![cfg(feature = "gui")]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

/// The machine has few cores: one rendered game at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const GAME: &str = env!("CARGO_BIN_EXE_yonmoku");
/// Software rendering is slow, and the first frames compile shaders.
const PATIENCE: Duration = Duration::from_secs(150);

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yonmoku-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A virtual display of its own; killed when dropped.
struct Display {
    server: Child,
    name: String,
}

impl Display {
    fn start() -> Display {
        let mut server = Command::new("Xvfb")
            .args(["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb (install xvfb, or run `make test`)");
        let mut line = String::new();
        BufReader::new(server.stdout.take().expect("Xvfb's stdout"))
            .read_line(&mut line)
            .expect("Xvfb tells its display number");
        Display { server, name: format!(":{}", line.trim()) }
    }

    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("DISPLAY", &self.name).env_remove("WAYLAND_DISPLAY");
        command
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let output = self.command("xdotool").args(args).output().expect("xdotool");
        assert!(
            output.status.success(),
            "xdotool {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// The game, killed if a test fails while it runs.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn wait_for_exit(game: &mut Running, what: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = game.0.try_wait().expect("the game's status") {
            return status;
        }
        assert!(start.elapsed() < PATIENCE, "{what}: the game did not exit in {PATIENCE:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Reads the state dump until `done` accepts it.
fn wait_for_state(path: &Path, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        if let Some(state) =
            std::fs::read_to_string(path).ok().and_then(|t| serde_json::from_str(&t).ok())
        {
            if done(&state) {
                return state;
            }
        }
        assert!(
            start.elapsed() < PATIENCE,
            "waited {PATIENCE:?} for {what}; last state: {:?}",
            std::fs::read_to_string(path)
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

impl Picture {
    fn open(path: &Path) -> Picture {
        let file = BufReader::new(std::fs::File::open(path).expect("the screenshot"));
        let mut reader = png::Decoder::new(file).read_info().expect("a PNG");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut buffer).expect("PNG data");
        let channels = info.color_type.samples();
        let rgb =
            buffer[..info.buffer_size()].chunks(channels).map(|p| [p[0], p[1], p[2]]).collect();
        Picture { width: info.width, height: info.height, rgb }
    }

    fn share(&self, test: impl Fn([u8; 3]) -> bool) -> f64 {
        self.rgb.iter().filter(|p| test(**p)).count() as f64 / self.rgb.len() as f64
    }

    /// The median brightness of the 7×7 pixels around a point.
    fn brightness_at(&self, x: f64, y: f64) -> u8 {
        let mut values: Vec<u8> = (-3..=3)
            .flat_map(|dy| (-3..=3).map(move |dx| (dx, dy)))
            .filter_map(|(dx, dy)| {
                let (px, py) = (x as i64 + dx, y as i64 + dy);
                (px >= 0 && py >= 0 && px < i64::from(self.width) && py < i64::from(self.height))
                    .then(|| self.rgb[(py as u32 * self.width + px as u32) as usize])
            })
            .map(|[r, g, b]| ((u32::from(r) + u32::from(g) + u32::from(b)) / 3) as u8)
            .collect();
        values.sort_unstable();
        values[values.len() / 2]
    }
}

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
    let window = display.xdotool(&["search", "--sync", "--name", "^Yonmoku$"]);
    let window = window.lines().next().expect("the game's window").to_owned();
    display.xdotool(&["windowfocus", "--sync", &window]);

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
