//! Errors of moves, notation and records. Each says what went wrong and where.

use thiserror::Error;

use super::coords::Peg;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("peg {0} is full")]
    PegFull(Peg),
    #[error("the game is over")]
    GameOver,
    #[error("this position cannot arise in a game")]
    Unreachable,
}

/// Why a piece of notation could not be read. `column` counts characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("column {column}: expected a peg (a1–d4), found {found:?}")]
    BadPeg { column: usize, found: String },
    #[error("expected a cell like b3:2, found {0:?}")]
    BadCell(String),
    #[error("expected a line like a1:1-d4:4, found {0:?}")]
    BadLine(String),
}

/// Why a game record could not be read. Lines count from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
    #[error("line {line}, move {number} ({peg}): {error}")]
    IllegalMove { line: usize, number: usize, peg: Peg, error: MoveError },
    #[error("the result {stated} contradicts the moves, which give {actual}")]
    ResultMismatch { stated: String, actual: String },
}
