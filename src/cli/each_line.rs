//! The shared loop of the commands that answer positions (`analyze`, `solve`): the moves
//! given on the command line, or else one position per line of stdin, each answered on its
//! own line (written out before the next line is read), a bad one reported and the next
//! still read.

use std::io::{self, BufRead, BufWriter, StdoutLock, Write};
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
                for line in io::stdin().lock().lines() {
                    let line = match line {
                        Ok(line) => line,
                        Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                            let error = serde_json::json!({"error": "input is not UTF-8"});
                            writeln!(out, "{error}")?;
                            all_ok = false;
                            continue;
                        }
                        Err(e) => return Err(e),
                    };
                    all_ok &= answer(&line, &mut out)?;
                    // Each answer goes out at once: a program feeding positions one by
                    // one (an engine search each) reads its answer before sending the next.
                    out.flush()?;
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
