//! `yonmoku bench`: the engine on the shipped position sets (early, middle and late game),
//! single-threaded: mean time, mean nodes and nodes per second for each set.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::analyze::replay;
use crate::engine;

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// One JSON object per set, one per line.
    #[arg(long)]
    pub json: bool,
    /// The search's build to run (AVX-512, AVX2, POPCNT or portable), one this CPU runs,
    /// to compare them; the best by default.
    #[arg(long, value_name = "NAME")]
    pub build: Option<String>,
}

/// The shipped sets. Each file starts with `# task: depth N` (search every position N
/// plies) or `# task: solve` (prove win, draw or loss); then one move list per line.
const SETS: [(&str, &str); 3] = [
    ("early", include_str!("../../assets/bench/early.txt")),
    ("middle", include_str!("../../assets/bench/middle.txt")),
    ("late", include_str!("../../assets/bench/late.txt")),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    Depth(i32),
    Solve,
}

impl Task {
    fn describe(self) -> String {
        match self {
            Task::Depth(d) => format!("search {d} plies"),
            Task::Solve => "solve (win/draw/loss)".to_string(),
        }
    }
}

/// A set's figures, as `--json` prints them.
#[derive(Serialize, Debug)]
pub struct SetReport {
    pub set: String,
    pub task: String,
    pub positions: usize,
    pub mean_ms: f64,
    pub max_ms: f64,
    pub mean_nodes: u64,
    pub nps: u64,
    /// The search's build that ran ([`engine::search_build`]).
    pub build: &'static str,
}

fn parse_set(text: &str) -> Result<(Task, Vec<String>), String> {
    let mut task = None;
    let mut positions = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(spec) = comment.trim().strip_prefix("task:") {
                task = Some(match spec.trim() {
                    "solve" => Task::Solve,
                    other => match other.strip_prefix("depth ").map(|d| d.trim().parse()) {
                        Some(Ok(d)) => Task::Depth(d),
                        _ => return Err(format!("unknown task {other:?}")),
                    },
                });
            }
            continue;
        }
        positions.push(line.to_string());
    }
    Ok((task.ok_or("no `# task:` line")?, positions))
}

fn run_set(name: &str, text: &str) -> Result<SetReport, String> {
    let (task, lines) = parse_set(text).map_err(|e| format!("set {name}: {e}"))?;
    let mut total = Duration::ZERO;
    let mut longest = Duration::ZERO;
    let mut nodes = 0u64;
    for line in &lines {
        let game = replay(line).map_err(|e| format!("set {name}: {line}: {e}"))?;
        let position = game.position();
        let start = Instant::now();
        let searched = match task {
            Task::Depth(d) => engine::analyse(position, Some(d), None).map_or(0, |a| a.nodes),
            Task::Solve => engine::solve_value(position, None, None).nodes,
        };
        let took = start.elapsed();
        total += took;
        longest = longest.max(took);
        nodes += searched;
    }
    let n = lines.len().max(1);
    let seconds = total.as_secs_f64();
    Ok(SetReport {
        set: name.to_string(),
        task: task.describe(),
        positions: lines.len(),
        mean_ms: seconds * 1000.0 / n as f64,
        max_ms: longest.as_secs_f64() * 1000.0,
        mean_nodes: nodes / n as u64,
        nps: if seconds > 0.0 { (nodes as f64 / seconds) as u64 } else { 0 },
        build: engine::search_build(),
    })
}

pub fn run(args: BenchArgs) -> ExitCode {
    if let Some(name) = &args.build
        && let Err(e) = engine::choose_search_build(name)
    {
        eprintln!("yonmoku bench: {e}");
        return ExitCode::from(2);
    }
    let mut out = io::stdout().lock();
    if !args.json {
        let _ = writeln!(out, "one thread, the search's {} build", engine::search_build());
        let _ = writeln!(
            out,
            "{:<7} {:<22} {:>9} {:>10} {:>10} {:>12} {:>12}",
            "set", "task", "positions", "mean ms", "max ms", "mean nodes", "nodes/s"
        );
    }
    for (name, text) in SETS {
        let report = match run_set(name, text) {
            Ok(report) => report,
            Err(e) => {
                eprintln!("yonmoku bench: {e}");
                return ExitCode::FAILURE;
            }
        };
        let written = if args.json {
            serde_json::to_string(&report)
                .map_err(io::Error::other)
                .and_then(|j| writeln!(out, "{j}"))
        } else {
            writeln!(
                out,
                "{:<7} {:<22} {:>9} {:>10.1} {:>10.1} {:>12} {:>12}",
                report.set,
                report.task,
                report.positions,
                report.mean_ms,
                report.max_ms,
                report.mean_nodes,
                report.nps
            )
        };
        if written.and_then(|_| out.flush()).is_err() {
            return ExitCode::SUCCESS; // the reader went away
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_sets_parse_and_replay() {
        for (name, text) in SETS {
            let (_, positions) = parse_set(text).unwrap();
            assert!(positions.len() >= 20, "set {name}");
            for line in positions {
                let game = replay(&line).unwrap();
                assert!(!game.position().is_over(), "{name}: {line}");
            }
        }
    }

    #[test]
    fn tasks_are_read_from_the_header() {
        assert_eq!(parse_set("# task: depth 7\nb2\n").unwrap().0, Task::Depth(7));
        assert_eq!(parse_set("# task: solve\nb2\n").unwrap().0, Task::Solve);
        assert!(parse_set("b2\n").is_err());
        assert!(parse_set("# task: dance\n").is_err());
    }
}
