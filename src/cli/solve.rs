//! `yonmoku solve`: the exact game value of positions given as move lists.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use serde::Serialize;

use super::analyze::{plies, replay};
use super::each_line::answer_each;
use crate::engine::{self, Solution};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Moves from the start, e.g. "b2 c3 a1" (read one position per line from stdin if absent).
    pub moves: Option<String>,
    /// One JSON object per position, one per line.
    #[arg(long)]
    pub json: bool,
    /// Give up on a position after this many seconds (its value is then "unknown").
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Only win, draw or loss, without the plies to the end (much faster).
    #[arg(long)]
    pub value_only: bool,
}

pub(super) fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s < 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("expected a positive number of seconds, found {text:?}")),
    }
}

/// One position's answer, as `--json` prints it.
#[derive(Serialize, Debug, PartialEq)]
pub struct Answer {
    /// "win", "loss" or "draw" for the side to move, or "unknown" when time ran out.
    pub value: &'static str,
    /// Plies to the end of the game with best play from both sides, when known.
    pub plies: Option<u32>,
    pub best: Option<String>,
    pub nodes: u64,
    pub nps: u64,
}

pub fn answer_of(solution: &Solution) -> Answer {
    let seconds = solution.elapsed.as_secs_f64();
    Answer {
        value: solution.value.map_or("unknown", |v| v.as_str()),
        plies: solution.plies,
        best: solution.best.map(|p| p.to_string()),
        nodes: solution.nodes,
        nps: if seconds > 0.0 { (solution.nodes as f64 / seconds) as u64 } else { 0 },
    }
}

fn human(answer: &Answer, seconds: f64) -> String {
    let value = match (answer.value, answer.plies) {
        ("unknown", _) => "unknown (time limit reached)".to_string(),
        (value, Some(n)) => format!("{value} in {}", plies(n)),
        (value, None) => format!("{value} (plies to the end not computed)"),
    };
    let best = answer.best.as_deref().unwrap_or("none");
    format!(
        "value: {value}\nbest: {best}\nnodes: {} in {seconds:.3} s ({:.1} M nodes/s)",
        answer.nodes,
        answer.nps as f64 / 1e6
    )
}

fn solve_line(input: &str, args: &SolveArgs, out: &mut impl Write) -> io::Result<bool> {
    let game = match replay(input) {
        Ok(game) => game,
        Err(message) if args.json => {
            writeln!(out, "{}", serde_json::json!({ "error": message }))?;
            return Ok(false);
        }
        Err(message) => {
            writeln!(out, "error: {message}")?;
            return Ok(false);
        }
    };
    let solution = if args.value_only {
        engine::solve_value(game.position(), args.time_limit, None)
    } else {
        engine::solve(game.position(), args.time_limit, None)
    };
    let answer = answer_of(&solution);
    if args.json {
        serde_json::to_writer(&mut *out, &answer).map_err(io::Error::other)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{}", human(&answer, solution.elapsed.as_secs_f64()))?;
    }
    Ok(true)
}

pub fn run(args: SolveArgs) -> ExitCode {
    answer_each("solve", args.moves.as_deref(), |line, out| solve_line(line, &args, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(input: &str) -> (bool, String) {
        let args = SolveArgs { moves: None, json: true, time_limit: None, value_only: false };
        let mut out = Vec::new();
        let ok = solve_line(input, &args, &mut out).unwrap();
        (ok, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_win_in_one_is_reported_with_its_move() {
        let (ok, text) = json("a1 d4 b1 a4 c1 d3");
        assert!(ok);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["value"], "win");
        assert_eq!(v["plies"], 1);
        assert_eq!(v["best"], "d1");
        assert!(v["nodes"].is_u64() && v["nps"].is_u64());
    }

    #[test]
    fn a_finished_game_is_a_loss_for_the_side_to_move() {
        let (_, text) = json("a1 b1 a1 b1 a1 b1 a1");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!((v["value"].as_str(), v["plies"].as_u64()), (Some("loss"), Some(0)));
        assert!(v["best"].is_null());
    }

    #[test]
    fn a_bad_line_gives_an_error_object() {
        let (ok, text) = json("b2 b2 b2 b2 b2");
        assert!(!ok);
        assert_eq!(text.trim(), r#"{"error":"move 5 (b2): peg b2 is full"}"#);
    }

    #[test]
    fn time_limits_must_be_positive() {
        assert!(parse_seconds("0.5").is_ok());
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
    }
}
