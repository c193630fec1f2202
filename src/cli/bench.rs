//! `yonmoku bench`: arrives with the engine.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct BenchArgs {}

pub fn run(_args: BenchArgs) -> ExitCode {
    eprintln!("yonmoku bench: not available yet");
    ExitCode::from(2)
}
