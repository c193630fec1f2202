//! The rules of Score Four: pure Rust, no I/O.
//!
//! A cell's bit is `x + 4·y + 16·z`; one `u64` holds one colour's spheres.

mod bitboard;
mod coords;
mod error;
mod game;
mod lines;
mod notation;
mod position;
mod record;
mod symmetry;

pub use bitboard::{BOTTOM_LEVEL, FULL_BOARD, cells_of, column_mask, drop_cells};
pub use coords::{Cell, Colour, Peg};
pub use error::{MoveError, ParseError, RecordError};
pub use game::Game;
pub use lines::{LINES, LINES_THROUGH, Line};
pub use notation::{format_moves, parse_cell, parse_line, parse_moves, parse_peg};
pub use position::{Position, Status};
pub use record::{GameResult, Record};
pub use symmetry::{SYMMETRIES, Symmetry};
