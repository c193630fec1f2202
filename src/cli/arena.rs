//! `yonmoku arena`: games between computer levels from varied openings, and the results.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::analyze::replay;
use crate::engine::{self, Random, Settings, TERMS, Weights};
use crate::player::Player;
use crate::rules::{Colour, Game, Peg, SYMMETRIES, Status, format_moves};

#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// Who plays Black: cpu:LEVEL.
    #[arg(long)]
    pub black: Player,
    /// Who plays White: cpu:LEVEL.
    #[arg(long)]
    pub white: Player,
    /// How many games.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Openings to start from, one move list per line (default: every opening of
    /// --opening-plies moves that differs up to symmetry), used in turn.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// The length of the default openings: 1 (the first move: corner, edge or centre), 2
    /// (every reply as well, putting either side in positions it would not choose), or 0
    /// (the empty board; games then differ only by the levels' own varied first moves).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=2))]
    pub opening_plies: u8,
    /// Multiply every level's time per move by this (e.g. 0.1 for quick tables).
    #[arg(long, default_value_t = 1.0, value_name = "F")]
    pub time_scale: f64,
    /// Evaluation weights for Black instead of its level's own, to tune them by self-play:
    /// open lines with 1, 2, 3 spheres, good-level threat, other threat, stacked threats,
    /// tempo, zugzwang control, and optionally contested zugzwang control (level 6's were
    /// "4,24,0,50,60,200,20,600,300"); or those nine and eleven more: White's control,
    /// neither side's, Black's live threats on levels 1 to 4, White's, and a dead threat;
    /// or those twenty and a Black and a White parity line (see `Weights` in
    /// src/engine/eval.rs).
    #[arg(long, value_name = "W", value_parser = parse_weights)]
    pub black_weights: Option<Weights>,
    /// Evaluation weights for White (as --black-weights).
    #[arg(long, value_name = "W", value_parser = parse_weights)]
    pub white_weights: Option<Weights>,
    /// Black searches its opening moves too, instead of playing its level's book moves
    /// (to measure the book).
    #[arg(long)]
    pub black_no_book: bool,
    /// White searches its opening moves too (as --black-no-book).
    #[arg(long)]
    pub white_no_book: bool,
    /// Threads for the levels that search with several (level 6; default: one per core,
    /// up to four). Use 1 when running several arenas side by side.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: Option<u16>,
    /// Seed for the levels' random choices and the order of openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print every game's moves and result.
    #[arg(long)]
    pub verbose: bool,
    /// Print the results as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The results, from Black's side.
#[derive(Serialize, Debug, Default, PartialEq)]
pub struct Results {
    pub black: String,
    pub white: String,
    pub games: u32,
    pub black_won: u32,
    pub draws: u32,
    pub white_won: u32,
    pub mean_plies: f64,
    pub black_ms_per_move: f64,
    pub white_ms_per_move: f64,
}

fn parse_weights(text: &str) -> Result<Weights, String> {
    let numbers: Vec<i32> = text
        .split(',')
        .map(|n| n.trim().parse().map_err(|_| format!("not a whole number: {n:?}")))
        .collect::<Result<_, _>>()?;
    let weights = |n: &[i32], contested_zugzwang| Weights {
        open_line: [n[0], n[1], n[2]],
        good_threat: n[3],
        bad_threat: n[4],
        stacked_threats: n[5],
        tempo: n[6],
        zugzwang: n[7],
        contested_zugzwang,
        ..Weights::WITHOUT_ZUGZWANG
    };
    match numbers.len() {
        // Without the ninth, contested control counts as much as any other.
        8 => Ok(weights(&numbers, numbers[7])),
        9 => Ok(weights(&numbers, numbers[8])),
        // Without the parity lines (the last two), they count for nothing.
        20 | 22 => {
            let mut all = [0; TERMS];
            all[..numbers.len()].copy_from_slice(&numbers);
            Ok(Weights::from_array(all))
        }
        n => Err(format!("expected 8, 9, 20 or 22 numbers, found {n}")),
    }
}

/// Every opening of `plies` moves (0 to 2), one per class of symmetric openings, in a
/// seeded order.
fn default_openings(plies: u8, seed: u64) -> Vec<Vec<Peg>> {
    let mut openings: Vec<Vec<Peg>> = vec![Vec::new()];
    for _ in 0..plies {
        let mut seen = Vec::new();
        let mut longer = Vec::new();
        for opening in &openings {
            for peg in Peg::all() {
                let mut moves = opening.clone();
                moves.push(peg);
                let class = SYMMETRIES
                    .iter()
                    .map(|s| moves.iter().map(|p| s.peg(p.index())).collect::<Vec<_>>())
                    .min()
                    .expect("eight symmetries");
                if !seen.contains(&class) {
                    seen.push(class);
                    longer.push(moves);
                }
            }
        }
        openings = longer;
    }
    let mut random = Random::seeded(seed);
    for i in (1..openings.len()).rev() {
        openings.swap(i, random.below(i + 1));
    }
    openings
}

fn read_openings(path: &PathBuf) -> Result<Vec<Vec<Peg>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let game = replay(line).map_err(|e| format!("{}:{}: {e}", path.display(), number + 1))?;
        if game.status().is_over() {
            return Err(format!("{}:{}: the game is already over", path.display(), number + 1));
        }
        openings.push(game.moves().to_vec());
    }
    if openings.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    Ok(openings)
}

fn level_of(player: Player, colour: &str) -> Result<u8, String> {
    match player {
        Player::Computer(level) => Ok(level),
        Player::Human => Err(format!("the arena plays computers only: use --{colour} cpu:LEVEL")),
    }
}

/// Plays one game from `opening`; returns the finished game and each side's thinking time
/// and move count.
fn play_game(
    opening: &[Peg],
    players: [Settings; 2],
    random: &mut Random,
) -> (Game, [(Duration, u32); 2]) {
    let mut game = Game::from_moves(opening).expect("openings are legal");
    let mut spent = [(Duration::ZERO, 0); 2];
    while !game.status().is_over() {
        let side = game.to_move().index();
        let start = Instant::now();
        let peg = engine::choose_move_with(game.position(), &players[side], None, random)
            .expect("a game in progress has a move");
        spent[side].0 += start.elapsed();
        spent[side].1 += 1;
        game.play(peg).expect("the engine plays legal moves");
    }
    (game, spent)
}

pub fn play(args: &ArenaArgs, openings: &[Vec<Peg>]) -> Results {
    let time_scale = args.time_scale;
    let threads = args.threads.map(usize::from);
    let settings = |level| Settings { time_scale, threads, ..Settings::level(level) };
    let levels = [args.black, args.white].map(|p| match p {
        Player::Computer(level) => level,
        Player::Human => 1,
    });
    let mut players = levels.map(settings);
    players[0].weights = args.black_weights;
    players[1].weights = args.white_weights;
    players[0].book = !args.black_no_book;
    players[1].book = !args.white_no_book;
    let mut results = Results {
        black: args.black.to_string(),
        white: args.white.to_string(),
        ..Results::default()
    };
    let mut plies = 0usize;
    let mut spent = [(Duration::ZERO, 0u32); 2];
    for index in 0..args.games {
        let opening = &openings[index as usize % openings.len()];
        let mut random =
            Random::seeded(args.seed.wrapping_mul(1_000_003).wrapping_add(index as u64));
        let (game, used) = play_game(opening, players, &mut random);
        for side in 0..2 {
            spent[side].0 += used[side].0;
            spent[side].1 += used[side].1;
        }
        let result = match game.status() {
            Status::Won { winner: Colour::Black, .. } => {
                results.black_won += 1;
                "1-0"
            }
            Status::Won { .. } => {
                results.white_won += 1;
                "0-1"
            }
            _ => {
                results.draws += 1;
                "1/2-1/2"
            }
        };
        results.games += 1;
        plies += game.ply();
        if args.verbose {
            eprintln!("game {}: {} {result}", index + 1, format_moves(game.moves()));
        }
    }
    let per_move = |(time, moves): (Duration, u32)| {
        if moves == 0 { 0.0 } else { time.as_secs_f64() * 1000.0 / moves as f64 }
    };
    results.mean_plies = plies as f64 / results.games.max(1) as f64;
    results.black_ms_per_move = per_move(spent[0]);
    results.white_ms_per_move = per_move(spent[1]);
    results
}

pub fn run(args: ArenaArgs) -> ExitCode {
    let checked = level_of(args.black, "black").and_then(|_| level_of(args.white, "white"));
    let openings = checked.and_then(|_| match &args.openings {
        Some(path) => read_openings(path),
        None => Ok(default_openings(args.opening_plies, args.seed)),
    });
    let openings = match openings {
        Ok(openings) => openings,
        Err(e) => {
            eprintln!("yonmoku arena: {e}");
            return ExitCode::from(2);
        }
    };
    if !(args.time_scale.is_finite() && args.time_scale > 0.0) {
        eprintln!("yonmoku arena: --time-scale must be a positive number");
        return ExitCode::from(2);
    }
    let results = play(&args, &openings);
    if args.json {
        println!("{}", serde_json::to_string(&results).expect("plain numbers and strings"));
    } else {
        println!(
            "{:<7} {:<7} {:>5} {:>9} {:>5} {:>9} {:>11} {:>9} {:>9}",
            "black",
            "white",
            "games",
            "black won",
            "draws",
            "white won",
            "mean plies",
            "B ms/mv",
            "W ms/mv"
        );
        println!(
            "{:<7} {:<7} {:>5} {:>9} {:>5} {:>9} {:>11.1} {:>9.0} {:>9.0}",
            results.black,
            results.white,
            results.games,
            results.black_won,
            results.draws,
            results.white_won,
            results.mean_plies,
            results.black_ms_per_move,
            results.white_ms_per_move
        );
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_openings_differ_up_to_symmetry() {
        assert_eq!(default_openings(0, 1), vec![Vec::<Peg>::new()]);
        let first_moves = default_openings(1, 1);
        assert_eq!(first_moves.len(), 3, "corner, edge and centre");
        let openings = default_openings(2, 1);
        assert!(openings.len() > 20 && openings.len() < 60, "{}", openings.len());
        for opening in &openings {
            assert_eq!(opening.len(), 2);
        }
        assert_ne!(default_openings(2, 1), default_openings(2, 2), "the seed shuffles them");
    }

    #[test]
    fn low_levels_finish_games_and_results_add_up() {
        let args = ArenaArgs {
            black: Player::Computer(2),
            white: Player::Computer(1),
            games: 2,
            openings: None,
            opening_plies: 2,
            time_scale: 1.0,
            threads: None,
            seed: 3,
            black_weights: None,
            white_weights: Some(parse_weights("1,6,0,60,30,200,4,0").unwrap()),
            black_no_book: false,
            white_no_book: false,
            verbose: false,
            json: true,
        };
        let results = play(&args, &default_openings(2, 3));
        assert_eq!(results.games, 2);
        assert_eq!(results.black_won + results.draws + results.white_won, 2);
        assert!(results.mean_plies >= 7.0);
    }

    #[test]
    fn weights_are_eight_nine_twenty_or_twenty_two_numbers() {
        assert_eq!(parse_weights("4,24,0,50,60,200,20,600,300"), Ok(Weights::PREVIOUS));
        let fitted =
            "10,53,16,0,0,216,133,401,-155,692,-705,60,177,260,238,-186,252,338,155,-218,365,0";
        assert_eq!(parse_weights(fitted), Ok(Weights::DEFAULT));
        // The order `analyze --terms` and Weights::to_array use is this one.
        for weights in [Weights::DEFAULT, Weights::PREVIOUS] {
            let numbers: Vec<String> = weights.to_array().iter().map(i32::to_string).collect();
            let parsed = parse_weights(&numbers.join(",")).unwrap();
            assert_eq!(parsed.to_array(), weights.to_array());
        }
        let second = "17,102,6,0,0,214,126,487,-53,401,-430,13,90,338,237,-289,231,247,92,-267";
        assert_eq!(parse_weights(second).unwrap().parity_line, [0, 0]);
        assert_eq!(parse_weights(second).unwrap().dead_threat, -267);
        assert_eq!(parse_weights("4,24,0,50,60,200,20,600").unwrap().contested_zugzwang, 600);
        assert_eq!(parse_weights("4,24,0,50,60,200,20,600,0").unwrap().contested_zugzwang, 0);
        assert!(parse_weights("1,2,3").is_err());
        assert!(parse_weights("1,6,0,60,30,200,4,x").is_err());
    }

    #[test]
    fn humans_are_turned_away() {
        assert!(level_of(Player::Human, "black").is_err());
        assert_eq!(level_of(Player::Computer(5), "white"), Ok(5));
    }
}
