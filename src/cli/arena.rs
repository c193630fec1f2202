//! `yonmoku arena`: arrives with the engine.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ArenaArgs {}

pub fn run(_args: ArenaArgs) -> ExitCode {
    eprintln!("yonmoku arena: not available yet");
    ExitCode::from(2)
}
