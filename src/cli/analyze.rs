//! `yonmoku analyze`: the rules' verdict on positions given as move lists.

use std::io::{self, Write};
use std::process::ExitCode;

use serde::Serialize;

use super::board_text;
use super::each_line::answer_each;
use crate::engine::{TERMS, evaluation_terms};
use crate::rules::{Game, MoveError, Peg, Status, parse_moves};

#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    /// Moves from the start, e.g. "b2 c3 a1" (read one position per line from stdin if absent).
    pub moves: Option<String>,
    /// One JSON object per position, one per line.
    #[arg(long)]
    pub json: bool,
    /// Also search with the engine this many plies (adds eval, best, depth, nodes).
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=64))]
    pub depth: Option<i32>,
    /// Also search with the engine for this many seconds (adds eval, best, depth, nodes).
    #[arg(long, value_name = "S", value_parser = super::solve::parse_seconds)]
    pub time: Option<std::time::Duration>,
    /// With --json, also print the static evaluation's terms for the side to move (`terms`:
    /// 22 numbers in the order of `arena --black-weights`; the evaluation is their dot
    /// product with the weights), to fit the weights to solved positions.
    #[arg(long, requires = "json")]
    pub terms: bool,
}

/// What the engine adds when asked with `--depth` or `--time`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineRequest {
    pub depth: Option<i32>,
    pub time: Option<std::time::Duration>,
}

/// The engine's view, as `--json` prints it beside the verdict.
#[derive(Serialize, Debug, Default, PartialEq)]
pub struct EngineView {
    /// The score for the side to move (positive is good; beyond ±5000 the game is decided).
    pub eval: Option<i32>,
    pub best: Option<String>,
    /// When the score says who wins: the plies to the end of the game (at most that many
    /// unless `exact`).
    pub decided_in: Option<u32>,
    /// Whether `eval` is the game's exact value: a proven draw at 0, or a win or loss in
    /// exactly `decided_in` plies. A proof's null-window search bounds the plies only.
    pub exact: bool,
    pub depth: i32,
    pub nodes: u64,
}

/// One position's line of `--json`: the verdict's fields, then what else was asked for.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    #[serde(flatten)]
    verdict: &'a Verdict,
    #[serde(flatten)]
    engine: Option<EngineView>,
    /// With `--terms`: the evaluation's terms, `null` once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    terms: Option<Option<[i32; TERMS]>>,
}

/// What a position is answered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Asked {
    json: bool,
    engine: Option<EngineRequest>,
    terms: bool,
}

fn engine_view(game: &Game, request: EngineRequest) -> EngineView {
    match crate::engine::analyse(game.position(), request.depth, request.time) {
        Some(a) => EngineView {
            eval: a.score,
            best: Some(a.best.to_string()),
            decided_in: a.decided_in,
            exact: a.exact,
            depth: a.depth,
            nodes: a.nodes,
        },
        None => EngineView::default(),
    }
}

/// The engine's verdict in words: who wins and how soon, a proven draw, or the evaluation.
fn engine_verdict(eval: i32, decided_in: Option<u32>, exact: bool) -> String {
    let how_soon =
        |n| if exact { format!("in {}", plies(n)) } else { format!("within {}", plies(n)) };
    match decided_in {
        Some(n) if eval > 0 => format!("wins {}", how_soon(n)),
        Some(n) => format!("loses {}", how_soon(n)),
        None if exact && eval == 0 => "a draw with best play".to_owned(),
        None => format!("eval {eval:+}"),
    }
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
/// "1 ply", "7 plies".
pub fn plies(count: u32) -> String {
    if count == 1 { "1 ply".to_owned() } else { format!("{count} plies") }
}

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

fn answer(input: &str, asked: Asked, out: &mut impl Write) -> io::Result<bool> {
    match replay(input) {
        Ok(game) if asked.json => {
            let position = game.position();
            let answer = JsonAnswer {
                verdict: &verdict(&game),
                engine: asked.engine.map(|request| engine_view(&game, request)),
                terms: asked
                    .terms
                    .then(|| (!position.is_over()).then(|| evaluation_terms(position))),
            };
            serde_json::to_writer(&mut *out, &answer).map_err(io::Error::other)?;
            writeln!(out)?;
            Ok(true)
        }
        Ok(game) => {
            writeln!(out, "{}", human(&game))?;
            if let Some(request) = asked.engine {
                let view = engine_view(&game, request);
                if let (Some(best), Some(eval)) = (view.best, view.eval) {
                    let verdict = engine_verdict(eval, view.decided_in, view.exact);
                    writeln!(
                        out,
                        "engine: best {best}, {verdict} (depth {}, {} nodes)\n",
                        view.depth, view.nodes
                    )?;
                }
            }
            Ok(true)
        }
        Err(message) if asked.json => {
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
    let engine = (args.depth.is_some() || args.time.is_some())
        .then_some(EngineRequest { depth: args.depth, time: args.time });
    let asked = Asked { json: args.json, engine, terms: args.terms };
    answer_each("analyze", args.moves.as_deref(), |line, out| answer(line, asked, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_ply_is_singular() {
        assert_eq!(plies(1), "1 ply");
        assert_eq!(plies(7), "7 plies");
        assert_eq!(plies(0), "0 plies");
    }

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
        let asked = Asked { json: true, engine: None, terms: false };
        assert!(!answer("zz", asked, &mut out).unwrap());
        assert!(answer("b2", asked, &mut out).unwrap());
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("{\"error\":"));
        assert!(lines[1].contains("\"ply\":1"));
        assert!(!lines[1].contains("eval"), "engine fields only when asked for");
        assert!(!lines[1].contains("terms"), "terms only when asked for");
    }

    #[test]
    fn the_engine_view_is_added_when_asked_for() {
        let mut out = Vec::new();
        let request = EngineRequest { depth: Some(3), time: None };
        let asked = Asked { json: true, engine: Some(request), terms: false };
        assert!(answer("a1 d4 b1 a4 c1 d3", asked, &mut out).unwrap());
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!((v["ply"].as_u64(), v["status"].as_str()), (Some(6), Some("ongoing")));
        assert_eq!(v["best"], "d1");
        assert_eq!(v["decided_in"], 1);
        assert_eq!(v["exact"], true);
        assert!(v["eval"].as_i64().unwrap() > 5000);
    }

    #[test]
    fn a_bound_from_a_proof_is_told_apart_from_an_exact_distance() {
        assert_eq!(engine_verdict(9_936, Some(35), true), "wins in 35 plies");
        assert_eq!(engine_verdict(9_936, Some(35), false), "wins within 35 plies");
        assert_eq!(engine_verdict(-9_999, Some(1), true), "loses in 1 ply");
        assert_eq!(engine_verdict(-9_990, Some(6), false), "loses within 6 plies");
        assert_eq!(engine_verdict(0, None, true), "a draw with best play");
        assert_eq!(engine_verdict(0, None, false), "eval +0");
        assert_eq!(engine_verdict(-135, None, false), "eval -135");
    }

    #[test]
    fn terms_are_the_side_to_moves_and_null_once_the_game_is_over() {
        let asked = Asked { json: true, engine: None, terms: true };
        let terms_after = |moves: &str| {
            let mut out = Vec::new();
            assert!(answer(moves, asked, &mut out).unwrap());
            let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
            v["terms"].clone()
        };
        // Black's corner a1 lies on 7 lines, White's edge b1 on 4; the side to move's lines
        // count for it, the opponent's against it.
        let black_to_move = terms_after("a1 b1");
        assert_eq!(black_to_move.as_array().unwrap().len(), TERMS);
        assert_eq!(black_to_move[0], 7 - 4, "open lines of one, Black to move");
        assert_eq!(black_to_move[6], 1, "the tempo term");
        let white_to_move = terms_after("a1");
        assert_eq!(white_to_move[0], -7, "open lines of one, White to move");
        assert_eq!(terms_after("a1 b1 a1 b1 a1 b1 a1"), serde_json::Value::Null);
    }
}
