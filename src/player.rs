//! Who plays a colour: a person at this machine or the computer at some level.

use std::fmt;
use std::str::FromStr;

/// The computer's levels run from 1 (beginner) to this.
pub const MAX_LEVEL: u8 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Player {
    #[default]
    Human,
    /// The computer at a level, 1…[`MAX_LEVEL`].
    Computer(u8),
}

impl Player {
    pub fn is_computer(self) -> bool {
        matches!(self, Player::Computer(_))
    }
}

impl fmt::Display for Player {
    /// `human` or `cpu:4`, the form the command line reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Human => f.write_str("human"),
            Player::Computer(level) => write!(f, "cpu:{level}"),
        }
    }
}

impl FromStr for Player {
    type Err = String;

    /// Reads `human`, `cpu` (level 4) or `cpu:N`.
    fn from_str(text: &str) -> Result<Player, String> {
        let lower = text.trim().to_ascii_lowercase();
        let bad_level = || format!("level must be 1–{MAX_LEVEL}, in {text:?}");
        match lower.split_once(':') {
            None if lower == "human" => Ok(Player::Human),
            None if lower == "cpu" => Ok(Player::Computer(4)),
            Some(("cpu", level)) => match level.parse::<u8>() {
                Ok(n @ 1..=MAX_LEVEL) => Ok(Player::Computer(n)),
                _ => Err(bad_level()),
            },
            _ => Err(format!("expected human, cpu or cpu:LEVEL, found {text:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_read_and_write_the_same_way() {
        for p in [Player::Human, Player::Computer(1), Player::Computer(6)] {
            assert_eq!(p.to_string().parse::<Player>(), Ok(p));
        }
        assert_eq!("CPU".parse::<Player>(), Ok(Player::Computer(4)));
        assert!("cpu:7".parse::<Player>().is_err());
        assert!("cpu:0".parse::<Player>().is_err());
        assert!("robot".parse::<Player>().is_err());
    }
}
