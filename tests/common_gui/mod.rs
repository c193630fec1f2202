//! Helpers for the rendered end-to-end tests: a virtual display, the game process, waiting
//! on files the game writes, and reading its screenshots. Include with `mod common_gui;`.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub const GAME: &str = env!("CARGO_BIN_EXE_yonmoku");
/// Software rendering is slow, and the first frames compile shaders.
pub const PATIENCE: Duration = Duration::from_secs(150);

pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yonmoku-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A virtual display of its own; killed when dropped.
pub struct Display {
    server: Child,
    pub name: String,
}

impl Display {
    pub fn start() -> Display {
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

    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("DISPLAY", &self.name).env_remove("WAYLAND_DISPLAY");
        command
    }

    pub fn xdotool(&self, args: &[&str]) -> String {
        let output = self.command("xdotool").args(args).output().expect("xdotool");
        assert!(
            output.status.success(),
            "xdotool {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// The game's window, focused.
    pub fn game_window(&self) -> String {
        let found = self.xdotool(&["search", "--sync", "--name", "^Yonmoku$"]);
        let window = found.lines().next().expect("the game's window").to_owned();
        self.xdotool(&["windowfocus", "--sync", &window]);
        window
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// The game, killed if a test fails while it runs.
pub struct Running(pub Child);

impl Running {
    /// Ends the game as a crash or a power cut would: SIGKILL, no chance to clean up.
    pub fn kill(mut self) {
        self.0.kill().expect("SIGKILL the game");
        let _ = self.0.wait();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn wait_for_exit(game: &mut Running, what: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = game.0.try_wait().expect("the game's status") {
            return status;
        }
        assert!(start.elapsed() < PATIENCE, "{what}: the game did not exit in {PATIENCE:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Reads a file until `done` accepts its contents.
pub fn wait_for_file<T>(path: &Path, what: &str, done: impl Fn(&str) -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(found) = std::fs::read_to_string(path).ok().and_then(|t| done(&t)) {
            return found;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "waited {PATIENCE:?} for {what}; last contents: {:?}",
            std::fs::read_to_string(path)
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Reads the game's state dump (`YONMOKU_STATE_FILE`) until `done` accepts it.
pub fn wait_for_state(path: &Path, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    wait_for_file(path, what, |text| {
        serde_json::from_str::<Value>(text).ok().filter(|state| done(state))
    })
}

pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<[u8; 3]>,
}

impl Picture {
    pub fn open(path: &Path) -> Picture {
        let file = BufReader::new(std::fs::File::open(path).expect("the screenshot"));
        let mut reader = png::Decoder::new(file).read_info().expect("a PNG");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut buffer).expect("PNG data");
        let channels = info.color_type.samples();
        let rgb =
            buffer[..info.buffer_size()].chunks(channels).map(|p| [p[0], p[1], p[2]]).collect();
        Picture { width: info.width, height: info.height, rgb }
    }

    /// The share of pixels that pass `test`.
    pub fn share(&self, test: impl Fn([u8; 3]) -> bool) -> f64 {
        self.rgb.iter().filter(|p| test(**p)).count() as f64 / self.rgb.len() as f64
    }

    /// The median brightness of the 7×7 pixels around a point.
    pub fn brightness_at(&self, x: f64, y: f64) -> u8 {
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
