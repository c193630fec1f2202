//! What the game keeps on disk, without Bevy: the data directory, atomic writes, the game
//! in progress, finished games and settings. The game's persistence plugin calls these.

pub mod atomic;
pub mod autosave;
pub mod data_dir;
pub mod library;
pub mod settings;
pub mod tags;
pub mod writer;

pub use data_dir::DataDir;
pub use settings::Settings;
