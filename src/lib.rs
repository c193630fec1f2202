//! Yonmoku: Score Four (立体四目並べ), 3D four in a row with gravity.
//!
//! `rules` and `engine` are pure Rust; `game` (feature `gui`) is the Bevy window.

pub mod cli;
pub mod engine;
pub mod player;
pub mod rules;
pub mod store;

#[cfg(feature = "gui")]
pub mod game;
