//! `yonmoku book`: builds the top level's opening book (what ships in `assets/book.txt`),
//! or extends one from lost games (`--learn` by a longer search, `--prove` by the solver),
//! from where the top level's own games part ways (`--settle`), or from its own games'
//! losing moves, found by the solver before they lose (`--audit`).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::solve::parse_seconds;
use crate::engine::{self, AuditOptions, Book, BuildOptions, LearnOptions, ProveOptions};
use crate::rules::{Colour, Peg, Record};

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
    /// Search time per position, in seconds (with --prove or --audit, the most a position is solved for).
    #[arg(long, value_name = "S", value_parser = parse_seconds, default_value = "15")]
    pub time: Duration,
    /// Positions searched side by side (one thread each).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// An earlier book whose entries are kept for the positions they cover (to extend a
    /// book to more plies without searching its positions again).
    #[arg(long, value_name = "FILE")]
    pub reuse: Option<PathBuf>,
    /// Instead of building a book, learn from lost games: one game per line, as a record's
    /// moves (`1. b2 d4 … 1-0`) or as `arena --verbose` prints them. The loser's positions
    /// are searched again for --time each, from the first past the book's line (see
    /// --recheck-book), up to the first where the search chooses another move; prints the
    /// earlier book (--reuse, else the shipped one), less the entries that changed, followed
    /// by the new entries.
    #[arg(long, value_name = "FILE")]
    pub learn: Option<PathBuf>,
    /// Instead of building a book, settle where the top level's own games part ways: one
    /// game per line, as for --learn, each played by the top level as --side. Every
    /// position where that side played different moves in different games, and the book
    /// has none, is searched for --time; prints the earlier book (--reuse, else the shipped
    /// one) followed by the new entries.
    #[arg(long, value_name = "FILE", conflicts_with = "learn")]
    pub settle: Option<PathBuf>,
    /// Instead of building a book, prove where lost games were lost: one game per line, as
    /// for --learn. Each game's loser's positions are solved from the end back, up to --time
    /// each; the latest one not lost gets the solver's move. Where that one is not solved in
    /// time but the next was lost, the move played there lost: it gets the best other move
    /// by a search of --time (the moves all the games lost with there left out, and those the
    /// earlier book's entry there was proved to lose with). Prints the
    /// earlier book (--reuse, else the shipped one), less the entries that changed, followed
    /// by the new entries.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["learn", "settle"])]
    pub prove: Option<PathBuf>,
    /// Instead of building a book, audit the top level's own games with the solver: one game
    /// per line, as for --learn, each played by the top level as --side. In every position
    /// from --from-ply to --to-ply spheres that --min-games games reached, the book does not
    /// answer and that side was to move, the position after each move played is solved (up
    /// to --time); where one hands the opponent a win and the position is not lost, the
    /// solver's move becomes the entry. Prints the earlier book followed by the new entries.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["learn", "settle", "prove"])]
    pub audit: Option<PathBuf>,
    /// With --audit: positions with fewer spheres are left alone.
    #[arg(long, default_value_t = 24, value_name = "N")]
    pub from_ply: usize,
    /// With --audit: positions with more spheres are left alone.
    #[arg(long, default_value_t = 34, value_name = "N")]
    pub to_ply: usize,
    /// With --audit: positions fewer games reached are left alone.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub min_games: usize,
    /// With --settle or --audit: the colour the top level played in the games.
    #[arg(long, value_name = "COLOUR", value_parser = parse_colour, default_value = "black")]
    pub side: Colour,
    /// With --learn or --settle: positions with more spheres than this are left to the search.
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub learn_plies: usize,
    /// With --learn, --settle or --prove: the first N moves of every game were imposed (the
    /// arena's --opening-plies), not chosen by the top level, and are not learned from.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub opening_plies: usize,
    /// With --learn: search the positions the book answers with the lost game's move again
    /// too, so that a book move can be replaced; by default learning starts past the book's
    /// line.
    #[arg(long, requires = "learn")]
    pub recheck_book: bool,
}

fn parse_colour(text: &str) -> Result<Colour, String> {
    match text.to_ascii_lowercase().as_str() {
        "black" => Ok(Colour::Black),
        "white" => Ok(Colour::White),
        _ => Err(format!("{text:?} is not a colour (black or white)")),
    }
}

/// The games of a `--learn`, `--settle`, `--prove` or `--audit` file: record move text, with or without the
/// arena's `game N:`.
fn read_games(text: &str) -> Result<Vec<Vec<Peg>>, String> {
    let mut games = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves = match line.split_once(':') {
            Some((label, rest)) if label.starts_with("game") => rest,
            _ => line,
        };
        let record = Record::parse(moves).map_err(|e| format!("line {}: {e}", number + 1))?;
        games.push(record.moves().to_vec());
    }
    Ok(games)
}

/// How a book is extended from games.
enum FromGames {
    /// `--learn`: the earlier book's text, less the entries the lost games changed, then what
    /// they taught.
    Learn,
    /// `--settle`: the earlier book's text, then an entry for each position where the games
    /// part ways.
    Settle(Colour),
    /// `--prove`: the earlier book's text, less the entries the proofs changed, then the
    /// proved entries.
    Prove,
    /// `--audit`: the earlier book's text, then an entry for each position where a move
    /// `side`'s games played loses what the position held.
    Audit(Colour),
}

fn from_games(
    args: &BookArgs,
    games_file: &std::path::Path,
    earlier_text: &str,
    how: FromGames,
) -> ExitCode {
    let fail = |e: String| {
        eprintln!("yonmoku book: {}: {e}", games_file.display());
        ExitCode::FAILURE
    };
    let games = match std::fs::read_to_string(games_file) {
        Ok(text) => match read_games(&text) {
            Ok(games) => games,
            Err(e) => return fail(e),
        },
        Err(e) => return fail(e.to_string()),
    };
    // Read here too, so that an error names the book's file rather than the games'.
    if let Err(e) = Book::parse(earlier_text) {
        eprintln!("yonmoku book: {}: {e}", earlier_name(args));
        return ExitCode::FAILURE;
    }
    let options = LearnOptions {
        plies: args.learn_plies,
        opening_plies: args.opening_plies,
        time: args.time,
        jobs: args.jobs.max(1),
        recheck_book: args.recheck_book,
    };
    let started = Instant::now();
    let progress = |line: &str| {
        eprintln!("[{:>6.0} s] {line}", started.elapsed().as_secs_f64());
    };
    let text = match how {
        FromGames::Learn => {
            engine::learn_from_lost_games(&games, earlier_text, &options, &progress)
        }
        FromGames::Settle(side) => {
            engine::settle_from_own_games(&games, side, earlier_text, &options, &progress)
        }
        FromGames::Prove => {
            let options = ProveOptions {
                opening_plies: options.opening_plies,
                time: options.time,
                jobs: options.jobs,
            };
            engine::prove_from_lost_games(&games, earlier_text, &options, &progress)
        }
        FromGames::Audit(side) => {
            let options = AuditOptions {
                side,
                from_plies: args.from_ply,
                to_plies: args.to_ply,
                min_games: args.min_games.max(1),
                time: options.time,
                jobs: options.jobs,
            };
            engine::audit_own_games(&games, earlier_text, &options, &progress)
        }
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => return fail(e),
    };
    write_out(&text)
}

/// The earlier book, as an error names it.
fn earlier_name(args: &BookArgs) -> String {
    args.reuse.as_ref().map_or("the shipped book".into(), |path| path.display().to_string())
}

fn write_out(text: &str) -> ExitCode {
    match io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yonmoku book: {e}");
            ExitCode::FAILURE
        }
    }
}

pub fn run(args: BookArgs) -> ExitCode {
    let earlier_text = match &args.reuse {
        None => None,
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(e) => {
                eprintln!("yonmoku book: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
    };
    let text = earlier_text.as_deref().unwrap_or(engine::SHIPPED_BOOK);
    if let Some(games_file) = &args.learn {
        return from_games(&args, games_file, text, FromGames::Learn);
    }
    if let Some(games_file) = &args.settle {
        return from_games(&args, games_file, text, FromGames::Settle(args.side));
    }
    if let Some(games_file) = &args.prove {
        return from_games(&args, games_file, text, FromGames::Prove);
    }
    if let Some(games_file) = &args.audit {
        return from_games(&args, games_file, text, FromGames::Audit(args.side));
    }
    if args.every > args.plies {
        eprintln!(
            "yonmoku book: --every ({}) must not exceed --plies ({})",
            args.every, args.plies
        );
        return ExitCode::FAILURE;
    }
    let earlier = match earlier_text.as_deref().map(Book::parse).transpose() {
        Ok(book) => book.unwrap_or_default(),
        Err(e) => {
            eprintln!("yonmoku book: {}: {e}", earlier_name(&args));
            return ExitCode::FAILURE;
        }
    };
    let options = BuildOptions {
        every_position_plies: args.every,
        plies: args.plies,
        replies: args.replies.max(1),
        time: args.time,
        jobs: args.jobs.max(1),
    };
    let started = Instant::now();
    let progress = |done: usize, total: usize, line: &str| {
        eprintln!("[{:>6.0} s] {done}/{total}  {line}", started.elapsed().as_secs_f64());
    };
    let body = engine::build_book(&options, &earlier, &progress);
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
    write_out(&(header + &body))
}
