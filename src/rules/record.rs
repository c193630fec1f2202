//! Game records (`.s4r`): PGN-like tag pairs, numbered moves and the result.
//!
//! ```text
//! [Game "Score Four"]
//! [Black "Player 1"]
//! [Result "1-0"]
//!
//! 1. b2 c3 2. a1 b3 ... 1-0
//! ```
//! Reading never panics and checks every move; the result must agree with the moves.

use std::fmt;

use super::coords::{Colour, Peg};
use super::error::RecordError;
use super::game::Game;
use super::notation::parse_peg;
use super::position::{Position, Status};

/// The result token of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    BlackWon,
    WhiteWon,
    Draw,
    Unfinished,
}

impl GameResult {
    pub fn of(status: Status) -> GameResult {
        match status {
            Status::Ongoing => GameResult::Unfinished,
            Status::Draw => GameResult::Draw,
            Status::Won { winner: Colour::Black, .. } => GameResult::BlackWon,
            Status::Won { winner: Colour::White, .. } => GameResult::WhiteWon,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::BlackWon => "1-0",
            GameResult::WhiteWon => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    pub fn parse(text: &str) -> Option<GameResult> {
        [GameResult::BlackWon, GameResult::WhiteWon, GameResult::Draw, GameResult::Unfinished]
            .into_iter()
            .find(|r| r.as_str() == text)
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game as written in a file: its tags, in file order, and its moves.
/// The result and winning line are derived from the moves; their tags are kept in step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    tags: Vec<(String, String)>,
    moves: Vec<Peg>,
    position: Position,
}

impl Record {
    /// A record of `moves` with no tags yet. Fails on the first move that cannot be played.
    pub fn new(moves: &[Peg]) -> Result<Record, RecordError> {
        let mut game = Game::new();
        for (i, &peg) in moves.iter().enumerate() {
            game.play(peg).map_err(|error| RecordError::IllegalMove {
                line: 0,
                number: i + 1,
                peg,
                error,
            })?;
        }
        Ok(Record::of_game(&game))
    }

    /// A record of the moves on the board in `game`, tagged as a game of Score Four.
    pub fn of_game(game: &Game) -> Record {
        let mut record = Record {
            tags: vec![("Game".to_string(), "Score Four".to_string())],
            moves: game.moves().to_vec(),
            position: *game.position(),
        };
        record.sync_derived_tags();
        record
    }

    pub fn moves(&self) -> &[Peg] {
        &self.moves
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn result(&self) -> GameResult {
        GameResult::of(self.position.status())
    }

    /// The game replayed from the moves, with every move on the board.
    pub fn game(&self) -> Game {
        Game::from_moves(&self.moves).expect("a record's moves were checked when it was made")
    }

    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, keeping its place if it exists. `Result` and `Line` follow the moves:
    /// setting them changes nothing.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        if !matches!(name, "Result" | "Line") {
            self.put_tag(name, Some(value.into()));
        }
    }

    fn put_tag(&mut self, name: &str, value: Option<String>) {
        let at = self.tags.iter().position(|(n, _)| n == name);
        match (at, value) {
            (Some(i), Some(v)) => self.tags[i].1 = v,
            (None, Some(v)) => self.tags.push((name.to_string(), v)),
            (Some(i), None) => {
                self.tags.remove(i);
            }
            (None, None) => {}
        }
    }

    /// Whether a `Line` tag names a line the winner completed (a last move can complete
    /// two), or is empty for a game without one.
    fn line_tag_agrees(&self, stated: &str) -> bool {
        match self.position.status() {
            Status::Won { winner, .. } => super::notation::parse_line(stated)
                .is_ok_and(|line| self.position.stones(winner) & line.mask() == line.mask()),
            _ => stated.trim().is_empty(),
        }
    }

    /// Writes the `Result` tag, and the `Line` tag of a won game, from the moves.
    fn sync_derived_tags(&mut self) {
        self.put_tag("Result", Some(self.result().to_string()));
        let line = match self.position.status() {
            Status::Won { line, .. } => Some(line.to_string()),
            _ => None,
        };
        self.put_tag("Line", line);
    }

    pub fn with_tag(mut self, name: &str, value: impl Into<String>) -> Record {
        self.set_tag(name, value);
        self
    }

    /// Reads a record. Errors say what and where; nothing is half-read.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        Parser::new(text).run()
    }
}

impl fmt::Display for Record {
    /// Writes the record; reading it back gives the same moves, tags and result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', " ");
            writeln!(f, "[{name} \"{escaped}\"]")?;
        }
        writeln!(f)?;
        let mut tokens: Vec<String> = Vec::new();
        for (i, peg) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                tokens.push(format!("{}.", i / 2 + 1));
            }
            tokens.push(peg.to_string());
        }
        tokens.push(self.result().to_string());
        let mut width = 0;
        for (i, token) in tokens.iter().enumerate() {
            if i > 0 && width + 1 + token.len() > 79 {
                writeln!(f)?;
                width = 0;
            } else if i > 0 {
                f.write_str(" ")?;
                width += 1;
            }
            f.write_str(token)?;
            width += token.len();
        }
        writeln!(f)
    }
}

struct Parser<'a> {
    chars: Vec<char>,
    at: usize,
    line: usize,
    tags: Vec<(String, String)>,
    game: Game,
    stated_result: Option<(GameResult, usize)>,
    text: std::marker::PhantomData<&'a str>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            chars: text.chars().collect(),
            at: 0,
            line: 1,
            tags: Vec::new(),
            game: Game::new(),
            stated_result: None,
            text: std::marker::PhantomData,
        }
    }

    fn error(&self, message: impl Into<String>) -> RecordError {
        RecordError::Syntax { line: self.line, message: message.into() }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "[]{};".contains(c) {
                break;
            }
            word.push(c);
            self.bump();
        }
        word
    }

    fn run(mut self) -> Result<Record, RecordError> {
        while let Some(c) = self.peek() {
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                ';' => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                '{' => self.skip_comment()?,
                '[' => self.tag()?,
                _ => self.movetext_token()?,
            }
        }
        self.finish()
    }

    fn skip_comment(&mut self) -> Result<(), RecordError> {
        let start = self.line;
        self.bump();
        loop {
            match self.bump() {
                Some('}') => return Ok(()),
                Some(_) => {}
                None => {
                    return Err(RecordError::Syntax {
                        line: start,
                        message: "comment '{' is never closed".into(),
                    });
                }
            }
        }
    }

    fn tag(&mut self) -> Result<(), RecordError> {
        if self.game.ply() > 0 || self.stated_result.is_some() {
            return Err(self.error("tag pair after the moves"));
        }
        self.bump();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(self.error("tag pair without a name"));
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some('"') {
            return Err(self.error(format!("tag {name}: expected a quoted value")));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return Err(self.error(format!("tag {name}: bad escape"))),
                },
                Some('\n') | None => {
                    return Err(self.error(format!("tag {name}: value is not closed")));
                }
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some(']') {
            return Err(self.error(format!("tag {name}: expected ']'")));
        }
        if self.tags.iter().any(|(n, _)| *n == name) {
            return Err(self.error(format!("tag {name} appears twice")));
        }
        self.tags.push((name, value));
        Ok(())
    }

    fn movetext_token(&mut self) -> Result<(), RecordError> {
        let line = self.line;
        if let Some((_, result_line)) = self.stated_result {
            let word = self.word();
            return Err(RecordError::Syntax {
                line,
                message: format!("{word:?} after the result (line {result_line})"),
            });
        }
        let c = self.peek().unwrap_or(' ');
        if c.is_ascii_digit() {
            let mut digits = String::new();
            while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                digits.push(d);
                self.bump();
            }
            if self.peek() == Some('.') {
                while self.peek() == Some('.') {
                    self.bump();
                }
                return Ok(());
            }
            let token = digits + &self.word();
            return self.result_token(&token, line);
        }
        if c == '*' {
            let token = self.word();
            return self.result_token(&token, line);
        }
        let first = self.bump().unwrap_or(' ');
        let second = self.peek();
        let peg = second.and_then(|s| parse_peg(&format!("{first}{s}")).ok());
        let Some(peg) = peg else {
            let word = first.to_string() + &self.word();
            let number = self.game.ply() + 1;
            return Err(self.error(format!("move {number}: {word:?} is not a peg (a1–d4)")));
        };
        self.bump();
        let number = self.game.ply() + 1;
        self.game.play(peg).map_err(|error| RecordError::IllegalMove {
            line,
            number,
            peg,
            error,
        })?;
        Ok(())
    }

    fn result_token(&mut self, token: &str, line: usize) -> Result<(), RecordError> {
        match GameResult::parse(token) {
            Some(result) => {
                self.stated_result = Some((result, line));
                Ok(())
            }
            None => Err(RecordError::Syntax {
                line,
                message: format!("{token:?} is neither a move number, a peg nor a result"),
            }),
        }
    }

    fn finish(self) -> Result<Record, RecordError> {
        let mut record = Record {
            tags: self.tags,
            moves: self.game.moves().to_vec(),
            position: *self.game.position(),
        };
        let actual = record.result();
        let mismatch = |stated: &str| RecordError::ResultMismatch {
            stated: stated.to_string(),
            actual: actual.to_string(),
        };
        if let Some((stated, _)) = self.stated_result
            && stated != actual
        {
            return Err(mismatch(stated.as_str()));
        }
        if let Some(stated) = record.tag("Result")
            && stated != actual.as_str()
        {
            return Err(mismatch(stated));
        }
        if let Some(stated) = record.tag("Line")
            && !record.line_tag_agrees(stated)
        {
            let actual = match record.position.status() {
                Status::Won { line, .. } => format!("line {line}"),
                _ => "no line".to_string(),
            };
            return Err(RecordError::ResultMismatch { stated: format!("line {stated}"), actual });
        }
        record.sync_derived_tags();
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    const SAMPLE: &str = r#"[Game "Score Four"]
[Date "2026.11.21"]
[Black "Player 1"]
[White "CPU (level 4)"]
[Result "1-0"]
[Line "a1:1-a1:4"]
[Venue "kitchen \"table\""]

1. a1 b1 2. a1 b1 {a comment} 3. a1 b1 ; to the end of the line
4. a1 1-0
"#;

    #[test]
    fn reads_tags_moves_and_result() {
        let record = Record::parse(SAMPLE).unwrap();
        assert_eq!(record.moves().len(), 7);
        assert_eq!(record.result(), GameResult::BlackWon);
        assert_eq!(record.tag("White"), Some("CPU (level 4)"));
        assert_eq!(record.tag("Venue"), Some("kitchen \"table\""));
    }

    #[test]
    fn write_then_read_keeps_everything() {
        let record = Record::parse(SAMPLE).unwrap();
        let again = Record::parse(&record.to_string()).unwrap();
        assert_eq!(again, record);
        assert_eq!(again.to_string(), record.to_string());
    }

    #[test]
    fn a_full_peg_is_named_with_line_and_move() {
        let text = "[Game \"Score Four\"]\n\n1. b2 b2 2. b2 b2\n3. b2 *\n";
        let error = Record::parse(text).unwrap_err();
        assert_eq!(error.to_string(), "line 4, move 5 (b2): peg b2 is full");
    }

    #[test]
    fn playing_on_after_a_win_is_an_error() {
        let error = Record::parse("1. a1 b1 2. a1 b1 3. a1 b1 4. a1 b1").unwrap_err();
        assert!(matches!(error, RecordError::IllegalMove { number: 8, .. }), "{error}");
    }

    #[test]
    fn a_result_that_contradicts_the_moves_is_an_error() {
        assert!(Record::parse("1. a1 b1 2. a1 b1 3. a1 b1 4. a1 0-1").is_err());
        assert!(Record::parse("[Result \"1-0\"]\n1. a1 b1 *").is_err());
        assert!(Record::parse("1. a1 b1 1-0").is_err());
        assert!(Record::parse("[Line \"a1:1-d4:4\"]\n1. a1 b1 2. a1 b1 3. a1 b1 4. a1").is_err());
        assert!(Record::parse("1. a1 b1 *").is_ok());
    }

    #[test]
    fn malformed_text_is_an_error_not_a_panic() {
        for text in ["[Black", "[Black \"x", "{open", "1. b2 x9", "1. b2 * c3", "12", "[\"x\"]"] {
            assert!(Record::parse(text).is_err(), "{text:?} should be refused");
        }
    }

    #[test]
    fn new_records_write_result_and_line_tags() {
        let moves = parse_moves("a1 b1 a1 b1 a1 b1 a1").unwrap();
        let text = Record::new(&moves).unwrap().with_tag("Black", "Ann").to_string();
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        assert!(text.contains("[Line \"a1:1-a1:4\"]"), "{text}");
        assert!(text.trim_end().ends_with("1-0"), "{text}");
    }
}
