//! A game: the moves played, undo and redo. Stepping back and forth through a finished
//! game is undo and redo; playing a new move from an earlier point drops the redo list.

use super::coords::{Cell, Colour, Peg};
use super::error::MoveError;
use super::position::{Position, Status};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `history[i]` is the position after `i` moves; never empty.
    history: Vec<Position>,
    moves: Vec<Peg>,
    /// Undone moves, the next to redo last.
    redo: Vec<Peg>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    pub fn new() -> Game {
        Game { history: vec![Position::new()], moves: Vec::new(), redo: Vec::new() }
    }

    /// The game after `pegs`, or the index of the first move that cannot be played.
    pub fn from_moves(pegs: &[Peg]) -> Result<Game, (usize, MoveError)> {
        let mut game = Game::new();
        for (i, &peg) in pegs.iter().enumerate() {
            game.play(peg).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    pub fn position(&self) -> &Position {
        self.history.last().expect("history is never empty")
    }

    /// The position after the first `ply` moves of the shown line (`ply` ≤ [`Game::ply`]).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.history.get(ply)
    }

    pub fn moves(&self) -> &[Peg] {
        &self.moves
    }

    /// The moves played and the undone ones that redo would replay: the whole game as
    /// recorded, of which the first [`Game::ply`] are on the board.
    pub fn full_line(&self) -> Vec<Peg> {
        self.moves.iter().chain(self.redo.iter().rev()).copied().collect()
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    pub fn status(&self) -> Status {
        self.position().status()
    }

    pub fn to_move(&self) -> Colour {
        self.position().to_move()
    }

    /// The cell filled by the last move, if any.
    pub fn last_move(&self) -> Option<Cell> {
        let n = self.history.len();
        (n >= 2).then(|| {
            let added = self.history[n - 1].occupied() & !self.history[n - 2].occupied();
            Cell::new(added.trailing_zeros() as u8).expect("one cell was added")
        })
    }

    /// Plays `peg` for the side to move. A new move forgets what could be redone.
    pub fn play(&mut self, peg: Peg) -> Result<Cell, MoveError> {
        let mut next = *self.position();
        let cell = next.play(peg)?;
        self.history.push(next);
        self.moves.push(peg);
        if self.redo.last() == Some(&peg) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(cell)
    }

    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last move; returns its peg.
    pub fn undo(&mut self) -> Option<Peg> {
        let peg = self.moves.pop()?;
        self.history.pop();
        self.redo.push(peg);
        Some(peg)
    }

    /// Replays the last undone move; returns the cell it lands in.
    pub fn redo(&mut self) -> Option<Cell> {
        let peg = *self.redo.last()?;
        let mut next = *self.position();
        let cell = next.play(peg).ok()?;
        self.redo.pop();
        self.history.push(next);
        self.moves.push(peg);
        Some(cell)
    }

    /// The game as recorded, with every move on the board (the undone ones replayed).
    pub fn whole(&self) -> Game {
        let mut whole = self.clone();
        whole.go_to(usize::MAX);
        whole
    }

    /// Undoes or redoes until `ply` moves are on the board (clamped to the recorded game).
    pub fn go_to(&mut self, ply: usize) {
        while self.ply() > ply && self.undo().is_some() {}
        while self.ply() < ply && self.redo().is_some() {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    #[test]
    fn the_whole_game_replays_the_undone_moves() {
        let pegs = parse_moves("b2 c3 a1 b2").unwrap();
        let mut game = Game::from_moves(&pegs).unwrap();
        game.go_to(1);
        let whole = game.whole();
        assert_eq!(whole.moves(), &pegs[..]);
        assert_eq!(game.ply(), 1, "the game itself stays where it was");
    }

    #[test]
    fn undo_and_redo_walk_the_game() {
        let pegs = parse_moves("b2 c3 a1 b2").unwrap();
        let mut game = Game::from_moves(&pegs).unwrap();
        let end = game.clone();
        while game.undo().is_some() {}
        assert_eq!(game.position(), &Position::new());
        assert_eq!(game.full_line(), pegs);
        while game.redo().is_some() {}
        assert_eq!(game, end);
    }

    #[test]
    fn a_new_move_drops_the_redo_list_unless_it_is_the_same_move() {
        let pegs = parse_moves("b2 c3 a1").unwrap();
        let mut game = Game::from_moves(&pegs).unwrap();
        game.undo();
        game.undo();
        game.play(pegs[1]).unwrap();
        assert!(game.can_redo(), "replaying the recorded move keeps the rest");
        game.undo();
        game.play(pegs[2]).unwrap();
        assert!(!game.can_redo());
        assert_eq!(game.moves(), &[pegs[0], pegs[2]]);
    }

    #[test]
    fn last_move_is_the_cell_just_filled() {
        let mut game = Game::new();
        assert_eq!(game.last_move(), None);
        let b2 = Peg::from_xy(1, 1).unwrap();
        game.play(b2).unwrap();
        game.play(b2).unwrap();
        assert_eq!(game.last_move(), Some(b2.cell_at(1)));
    }

    #[test]
    fn go_to_clamps_to_the_recorded_game() {
        let pegs = parse_moves("b2 c3 a1 b2").unwrap();
        let mut game = Game::from_moves(&pegs).unwrap();
        game.go_to(1);
        assert_eq!(game.ply(), 1);
        game.go_to(99);
        assert_eq!(game.ply(), 4);
    }
}
