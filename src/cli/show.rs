//! `yonmoku show RECORD`: a record's final position, result and winning line.

use std::path::PathBuf;
use std::process::ExitCode;

use super::board_text;
use crate::rules::Record;

#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// The game record (.s4r) to show.
    pub record: PathBuf,
}

pub fn run(args: ShowArgs) -> ExitCode {
    match render(&args.record) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("yonmoku show: {message}");
            ExitCode::FAILURE
        }
    }
}

fn render(path: &PathBuf) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{}: not a text file (invalid UTF-8)", path.display()))?;
    let record = Record::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = record.game();
    let mut out = String::new();
    for (name, value) in record.tags() {
        if !matches!(name.as_str(), "Result" | "Line") {
            out.push_str(&format!("{name}: {value}\n"));
        }
    }
    out.push_str(&board_text::layers(game.position(), game.last_move()));
    out.push_str(&board_text::status_line(game.position()));
    out.push_str(&format!("\nResult: {}\n", record.result()));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_records_are_errors_with_the_file_name() {
        let missing = PathBuf::from("/nonexistent/game.s4r");
        assert!(render(&missing).unwrap_err().contains("game.s4r"));
    }
}
