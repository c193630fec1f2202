//! `yonmoku book`: builds the top level's opening book (what ships in `assets/book.txt`).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::solve::parse_seconds;
use crate::engine::{self, Book, BuildOptions};

#[derive(clap::Args, Debug)]
pub struct BookArgs {
    /// Every position with at most this many spheres gets an entry (every first move at least).
    #[arg(long, default_value_t = 2)]
    pub every: usize,
    /// Past that, positions up to this many spheres get one where the book's side played
    /// the book's move and the other side one of its likeliest replies.
    #[arg(long, default_value_t = 4)]
    pub plies: usize,
    /// How many of the other side's replies count as likely (best first by a short search).
    #[arg(long, default_value_t = 4)]
    pub replies: usize,
    /// Search time per position, in seconds.
    #[arg(long, value_name = "S", value_parser = parse_seconds, default_value = "15")]
    pub time: Duration,
    /// Positions searched side by side (one thread each).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// An earlier book whose entries are kept for the positions they cover (to extend a
    /// book to more plies without searching its positions again).
    #[arg(long, value_name = "FILE")]
    pub reuse: Option<PathBuf>,
}

pub fn run(args: BookArgs) -> ExitCode {
    if args.every > args.plies {
        eprintln!(
            "yonmoku book: --every ({}) must not exceed --plies ({})",
            args.every, args.plies
        );
        return ExitCode::FAILURE;
    }
    let options = BuildOptions {
        every_position_plies: args.every,
        plies: args.plies,
        replies: args.replies.max(1),
        time: args.time,
        jobs: args.jobs.max(1),
    };
    let earlier = match &args.reuse {
        None => Book::default(),
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| Book::parse(&text))
        {
            Ok(book) => book,
            Err(e) => {
                eprintln!("yonmoku book: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
    };
    let started = Instant::now();
    let progress = |done: usize, total: usize, line: &str| {
        eprintln!("[{:>6.0} s] {done}/{total}  {line}", started.elapsed().as_secs_f64());
    };
    let body = engine::build_book(&options, &earlier, &progress);
    let mut out = io::stdout().lock();
    let header = format!(
        "# Yonmoku's opening book for level 6 (MOVES : BOOK MOVE, one position per line, up to\n\
         # symmetry). Built with `yonmoku book --every {} --plies {} --replies {} --time {}`:\n\
         # each move is level 6's search for {} s on one thread, as `yonmoku analyze --time` does.\n",
        args.every,
        args.plies,
        args.replies,
        args.time.as_secs_f64(),
        args.time.as_secs_f64()
    );
    match out.write_all(header.as_bytes()).and_then(|()| out.write_all(body.as_bytes())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yonmoku book: {e}");
            ExitCode::FAILURE
        }
    }
}
