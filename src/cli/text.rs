//! `yonmoku text`: play in the terminal. Moves are pegs (`b2`) or `row,col` (1–4 each,
//! row = rank, col = file a–d), as in the original terminal game.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use super::board_text;
use crate::player::Player;
use crate::rules::{Game, Peg, Status, parse_peg};

#[derive(clap::Args, Debug)]
pub struct TextArgs {
    /// Who plays Black: human, cpu or cpu:LEVEL.
    #[arg(long, default_value = "human")]
    pub black: Player,
    /// Who plays White: human, cpu or cpu:LEVEL.
    #[arg(long, default_value = "human")]
    pub white: Player,
}

/// What a line typed at the prompt asks for.
#[derive(Debug, PartialEq, Eq)]
enum Input {
    Move(Peg),
    Undo,
    Help,
    Quit,
}

fn parse_input(line: &str) -> Result<Input, String> {
    let text = line.trim().to_ascii_lowercase();
    match text.as_str() {
        "quit" | "q" | "exit" => return Ok(Input::Quit),
        "undo" | "u" => return Ok(Input::Undo),
        "help" | "h" | "?" => return Ok(Input::Help),
        "" => return Err("type a peg such as b2, or row,col such as 2,3".into()),
        _ => {}
    }
    if let Some((row, col)) = text.split_once(',') {
        let number = |s: &str| s.trim().parse::<u8>().ok().filter(|n| (1..=4).contains(n));
        return match (number(row), number(col)) {
            (Some(r), Some(c)) => Ok(Input::Move(Peg::from_xy(c - 1, r - 1).expect("1–4"))),
            _ => Err(format!("{:?}: row and column must be 1–4", line.trim())),
        };
    }
    parse_peg(&text)
        .map(Input::Move)
        .map_err(|_| format!("{:?} is not a peg (a1–d4) or row,col", line.trim()))
}

const HELP: &str = "Moves: a peg a1–d4 (file a–d, rank 1–4) or row,col (rank,file as 1–4).\n\
                    Commands: undo, help, quit.";

pub fn run(args: TextArgs) -> ExitCode {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut game = Game::new();
    println!("Yonmoku — Score Four in the terminal. {HELP}\n");
    loop {
        let position = *game.position();
        println!("{}", board_text::layers(&position, game.last_move()));
        println!("{}", board_text::status_line(&position));
        if let Status::Won { .. } | Status::Draw = position.status() {
            return ExitCode::SUCCESS;
        }
        let mover = position.to_move();
        let player = match mover {
            crate::rules::Colour::Black => args.black,
            crate::rules::Colour::White => args.white,
        };
        if let Player::Computer(level) = player {
            let Some(peg) = crate::engine::choose_move(&position, level) else {
                eprintln!("the computer found no move");
                return ExitCode::FAILURE;
            };
            println!("{mover} (cpu:{level}) plays {peg}\n");
            game.play(peg).expect("the engine plays legal moves");
            continue;
        }
        loop {
            print!("{mover} ({}) > ", board_text::symbol(mover));
            let _ = io::stdout().flush();
            let Some(Ok(line)) = lines.next() else {
                println!();
                return ExitCode::SUCCESS;
            };
            match parse_input(&line) {
                Ok(Input::Quit) => return ExitCode::SUCCESS,
                Ok(Input::Help) => println!("{HELP}"),
                Ok(Input::Undo) => {
                    // Against the computer, take back its answer too.
                    let undo_twice = args.black.is_computer() != args.white.is_computer();
                    let steps = if undo_twice && game.ply() >= 2 { 2 } else { 1 };
                    if !game.can_undo() {
                        println!("nothing to undo");
                        continue;
                    }
                    for _ in 0..steps {
                        game.undo();
                    }
                    println!();
                    break;
                }
                Ok(Input::Move(peg)) => match game.play(peg) {
                    Ok(_) => {
                        println!();
                        break;
                    }
                    Err(e) => println!("{peg}: {e}; try another peg"),
                },
                Err(message) => println!("{message}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_is_a_peg_or_row_col() {
        assert_eq!(parse_input("B2"), Ok(Input::Move(parse_peg("b2").unwrap())));
        // row 3 = rank 3, col 2 = file b
        assert_eq!(parse_input(" 3,2 "), Ok(Input::Move(parse_peg("b3").unwrap())));
        assert_eq!(parse_input("quit"), Ok(Input::Quit));
        assert!(parse_input("5,1").is_err());
        assert!(parse_input("e2").is_err());
        assert!(parse_input("").is_err());
    }
}
