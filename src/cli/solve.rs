//! `yonmoku solve`: arrives with the engine.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct SolveArgs {}

pub fn run(_args: SolveArgs) -> ExitCode {
    eprintln!("yonmoku solve: not available yet");
    ExitCode::from(2)
}
