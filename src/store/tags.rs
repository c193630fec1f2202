//! The tags Yonmoku writes on its records: players, levels, date.

use crate::player::Player;
use crate::rules::{Colour, Game, Record};

/// The name a record shows for a player: "Player 1" / "Player 2" or "CPU (level N)".
pub fn player_name(player: Player, colour: Colour) -> String {
    match (player, colour) {
        (Player::Human, Colour::Black) => "Player 1".to_string(),
        (Player::Human, Colour::White) => "Player 2".to_string(),
        (Player::Computer(level), _) => format!("CPU (level {level})"),
    }
}

/// A record of the game on the board, tagged with its players and the time.
pub fn record_of(
    game: &Game,
    black: Player,
    white: Player,
    now: chrono::DateTime<chrono::Local>,
) -> Record {
    Record::of_game(game)
        .with_tag("Date", now.format("%Y.%m.%d").to_string())
        .with_tag("Time", now.format("%H:%M:%S").to_string())
        .with_tag("Black", player_name(black, Colour::Black))
        .with_tag("White", player_name(white, Colour::White))
        .with_tag("BlackPlayer", black.to_string())
        .with_tag("WhitePlayer", white.to_string())
}

/// Who played each colour, from the `BlackPlayer`/`WhitePlayer` tags, else from names
/// like "CPU (level 4)"; anyone else is a human.
pub fn players_of(record: &Record) -> (Player, Player) {
    let read = |kind: &str, name: &str| {
        record
            .tag(kind)
            .and_then(|v| v.parse().ok())
            .or_else(|| {
                let name = record.tag(name)?;
                let level = name.strip_prefix("CPU (level ")?.strip_suffix(')')?;
                format!("cpu:{level}").parse().ok()
            })
            .unwrap_or(Player::Human)
    };
    (read("BlackPlayer", "Black"), read("WhitePlayer", "White"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_survive_a_record() {
        let game = Game::from_moves(&crate::rules::parse_moves("b2 c3").unwrap()).unwrap();
        let record = record_of(&game, Player::Human, Player::Computer(5), chrono::Local::now());
        assert_eq!(record.tag("White"), Some("CPU (level 5)"));
        let again = Record::parse(&record.to_string()).unwrap();
        assert_eq!(players_of(&again), (Player::Human, Player::Computer(5)));
        let by_name = Record::parse("[White \"CPU (level 2)\"]\n1. b2 *").unwrap();
        assert_eq!(players_of(&by_name), (Player::Human, Player::Computer(2)));
    }
}
