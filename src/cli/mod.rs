//! The command line. With no subcommand, `yonmoku` opens the game window.

mod analyze;
mod arena;
mod bench;
mod board_text;
mod book;
mod each_line;
mod show;
mod solve;
mod text;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::player::Player;

#[derive(Parser, Debug)]
#[command(
    name = "yonmoku",
    version,
    about = "Score Four (立体四目並べ): 3D four in a row with gravity"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Where the game keeps its saved game, finished games and settings
    /// (default: the per-user data directory; also YONMOKU_DATA_DIR).
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the game window, optionally on a record or a move list.
    Play(PlayArgs),
    /// Play in the terminal, the board drawn as four layers.
    Text(text::TextArgs),
    /// The rules' verdict on positions (and the engine's view).
    Analyze(analyze::AnalyzeArgs),
    /// The exact game value of positions.
    Solve(solve::SolveArgs),
    /// The engine benchmark on the shipped position set.
    Bench(bench::BenchArgs),
    /// Games between computer levels.
    Arena(arena::ArenaArgs),
    /// Build the top level's opening book (prints it; the game ships assets/book.txt).
    Book(book::BookArgs),
    /// Print a record's final position and result.
    Show(show::ShowArgs),
}

#[derive(clap::Args, Debug, Default)]
pub struct PlayArgs {
    /// A game record (.s4r) to open.
    pub record: Option<PathBuf>,
    /// Moves to play first, e.g. "b2 c3 a1".
    #[arg(long)]
    pub moves: Option<String>,
    /// Who plays Black: human, cpu or cpu:LEVEL.
    #[arg(long)]
    pub black: Option<Player>,
    /// Who plays White: human, cpu or cpu:LEVEL.
    #[arg(long)]
    pub white: Option<Player>,
    /// Render, wait for the scene to settle, save a PNG and exit.
    #[arg(long, value_name = "PNG")]
    pub screenshot: Option<PathBuf>,
    /// Draw into an image instead of a window, with no display (for measuring frame times).
    #[arg(long, hide = true)]
    pub offscreen: bool,
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => open_window(PlayArgs::default(), cli.data_dir),
        Some(Command::Play(args)) => open_window(args, cli.data_dir),
        Some(Command::Text(args)) => text::run(args),
        Some(Command::Analyze(args)) => analyze::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Arena(args)) => arena::run(args),
        Some(Command::Book(args)) => book::run(args),
        Some(Command::Show(args)) => show::run(args),
    }
}

#[cfg(feature = "gui")]
fn open_window(args: PlayArgs, data_dir: Option<PathBuf>) -> ExitCode {
    crate::game::run(args, data_dir)
}

#[cfg(not(feature = "gui"))]
fn open_window(_args: PlayArgs, _data_dir: Option<PathBuf>) -> ExitCode {
    eprintln!("yonmoku was built without the game window (Cargo feature `gui`)");
    ExitCode::from(2)
}
