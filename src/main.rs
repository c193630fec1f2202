use std::process::ExitCode;

fn main() -> ExitCode {
    yonmoku::cli::run()
}
