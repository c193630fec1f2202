//! The shared loop of the commands that answer positions (`analyze`, `solve`): the moves
//! given on the command line, or else one position per line of stdin, each answered on its
//! own line (written out before the program waits for more input), a bad one reported and
//! the next still read.

use std::io::{self, BufRead, BufReader, BufWriter, StdoutLock, Write};
use std::process::ExitCode;

/// Answers `moves`, or each line of stdin when there are none, with `answer` (which writes
/// its answer and says whether the input was good). The exit status is 1 if any input was
/// bad; a closed pipe (`| head`) ends the loop without an error.
pub fn answer_each(
    command: &str,
    moves: Option<&str>,
    mut answer: impl FnMut(&str, &mut BufWriter<StdoutLock<'static>>) -> io::Result<bool>,
) -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    let result = (|| -> io::Result<()> {
        match moves {
            Some(moves) => all_ok &= answer(moves, &mut out)?,
            None => {
                // Our own reader, as stdin's does not show what it holds unread.
                let mut input = BufReader::new(io::stdin().lock());
                let mut line = String::new();
                loop {
                    // Answers go out before a wait for more input: a program that sends
                    // positions one at a time reads each answer before it sends the next.
                    if !input.buffer().contains(&b'\n') {
                        out.flush()?;
                    }
                    line.clear();
                    match input.read_line(&mut line) {
                        Ok(0) => break,
                        Ok(_) => all_ok &= answer(without_line_end(&line), &mut out)?,
                        Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                            let error = serde_json::json!({"error": "input is not UTF-8"});
                            writeln!(out, "{error}")?;
                            all_ok = false;
                        }
                        Err(e) => return Err(e),
                    }
                }
            }
        }
        out.flush()
    })();
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yonmoku {command}: {e}");
            ExitCode::FAILURE
        }
        Ok(()) if all_ok => ExitCode::SUCCESS,
        Ok(()) => ExitCode::FAILURE,
    }
}

/// A line as `BufRead::lines` gives it: without its "\n" or "\r\n".
fn without_line_end(line: &str) -> &str {
    match line.strip_suffix('\n') {
        Some(line) => line.strip_suffix('\r').unwrap_or(line),
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::without_line_end;

    #[test]
    fn a_line_loses_its_line_end_as_lines_would_take_it() {
        assert_eq!(without_line_end("b2 c3\n"), "b2 c3");
        assert_eq!(without_line_end("b2 c3\r\n"), "b2 c3");
        assert_eq!(without_line_end("b2 c3"), "b2 c3");
        assert_eq!(without_line_end("b2 c3\r"), "b2 c3\r");
        assert_eq!(without_line_end("\n"), "");
    }
}
