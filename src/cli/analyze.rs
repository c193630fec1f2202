//! `yonmoku analyze`: the rules' verdict on positions given as move lists.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use serde::Serialize;

use super::board_text;
use crate::rules::{Game, MoveError, Peg, Status, parse_moves};

#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    /// Moves from the start, e.g. "b2 c3 a1" (read one position per line from stdin if absent).
    pub moves: Option<String>,
    /// One JSON object per position, one per line.
    #[arg(long)]
    pub json: bool,
}

/// The verdict on one position, as `--json` prints it.
#[derive(Serialize, Debug, PartialEq)]
pub struct Verdict {
    pub ply: usize,
    pub to_move: &'static str,
    pub status: &'static str,
    pub line: Option<[String; 4]>,
    pub legal: Vec<String>,
}

/// Replays a move list; an error names the move ("move 7 (b2): peg b2 is full").
pub fn replay(moves: &str) -> Result<Game, String> {
    let pegs = parse_moves(moves).map_err(|e| e.to_string())?;
    Game::from_moves(&pegs).map_err(|(i, e): (usize, MoveError)| move_error(i, pegs[i], e))
}

fn move_error(index: usize, peg: Peg, error: MoveError) -> String {
    format!("move {} ({peg}): {error}", index + 1)
}

pub fn verdict(game: &Game) -> Verdict {
    let position = game.position();
    let (status, line) = match position.status() {
        Status::Ongoing => ("ongoing", None),
        Status::Draw => ("draw", None),
        Status::Won { winner, line } => {
            let cells = line.cells().map(|c| c.to_string());
            let status = match winner {
                crate::rules::Colour::Black => "black_won",
                crate::rules::Colour::White => "white_won",
            };
            (status, Some(cells))
        }
    };
    Verdict {
        ply: position.ply(),
        to_move: match position.to_move() {
            crate::rules::Colour::Black => "black",
            crate::rules::Colour::White => "white",
        },
        status,
        line,
        legal: position.legal_moves().iter().map(|p| p.to_string()).collect(),
    }
}

fn human(game: &Game) -> String {
    let position = game.position();
    let legal: Vec<String> = position.legal_moves().iter().map(|p| p.to_string()).collect();
    format!(
        "{}{}\nlegal: {}\n",
        board_text::layers(position, game.last_move()),
        board_text::status_line(position),
        if legal.is_empty() { "none".to_string() } else { legal.join(" ") }
    )
}

fn answer(input: &str, json: bool, out: &mut impl Write) -> io::Result<bool> {
    match replay(input) {
        Ok(game) if json => {
            serde_json::to_writer(&mut *out, &verdict(&game)).map_err(io::Error::other)?;
            writeln!(out)?;
            Ok(true)
        }
        Ok(game) => {
            writeln!(out, "{}", human(&game))?;
            Ok(true)
        }
        Err(message) if json => {
            serde_json::to_writer(&mut *out, &serde_json::json!({ "error": message }))
                .map_err(io::Error::other)?;
            writeln!(out)?;
            Ok(false)
        }
        Err(message) => {
            writeln!(out, "error: {message}")?;
            Ok(false)
        }
    }
}

pub fn run(args: AnalyzeArgs) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_ok = true;
    let result = (|| -> io::Result<()> {
        match &args.moves {
            Some(moves) => all_ok &= answer(moves, args.json, &mut out)?,
            None => {
                for line in io::stdin().lock().lines() {
                    let line = match line {
                        Ok(line) => line,
                        Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                            writeln!(
                                out,
                                "{}",
                                serde_json::json!({"error": "input is not UTF-8"})
                            )?;
                            all_ok = false;
                            continue;
                        }
                        Err(e) => return Err(e),
                    };
                    all_ok &= answer(&line, args.json, &mut out)?;
                }
            }
        }
        out.flush()
    })();
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yonmoku analyze: {e}");
            ExitCode::FAILURE
        }
        Ok(()) if all_ok => ExitCode::SUCCESS,
        Ok(()) => ExitCode::FAILURE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_reports_the_winning_line_cells() {
        let game = replay("a1 b1 a1 b1 a1 b1 a1").unwrap();
        let v = verdict(&game);
        assert_eq!((v.ply, v.to_move, v.status), (7, "white", "black_won"));
        assert_eq!(v.line.unwrap(), ["a1:1", "a1:2", "a1:3", "a1:4"].map(String::from));
        assert!(v.legal.is_empty());
    }

    #[test]
    fn illegal_games_name_the_move() {
        assert_eq!(replay("b2 b2 b2 b2 b2").unwrap_err(), "move 5 (b2): peg b2 is full");
        assert_eq!(replay("a1 b1 a1 b1 a1 b1 a1 c1").unwrap_err(), "move 8 (c1): the game is over");
        assert!(replay("b2 x").unwrap_err().contains("column 4"));
    }

    #[test]
    fn a_bad_line_is_answered_and_the_next_still_read() {
        let mut out = Vec::new();
        assert!(!answer("zz", true, &mut out).unwrap());
        assert!(answer("b2", true, &mut out).unwrap());
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("{\"error\":"));
        assert!(lines[1].contains("\"ply\":1"));
    }
}
