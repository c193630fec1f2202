//! A position: both colours' spheres, whose turn, and whether the game has ended.

use super::bitboard::{FULL_BOARD, cells_of, column_mask, drop_cells};
use super::coords::{Cell, Colour, Peg};
use super::error::MoveError;
use super::lines::{LINES, LINES_THROUGH, Line};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Ongoing,
    Won { winner: Colour, line: Line },
    Draw,
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

/// The board after some moves. Small and `Copy`: undo keeps a stack of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    stones: [u64; 2],
    /// The line completed by the last move, if any; the game is over once it is set.
    winning_line: Option<Line>,
}

impl Position {
    pub fn new() -> Position {
        Position::default()
    }

    /// Builds a position from the two colours' bitboards, checking that it could arise in a
    /// game: no overlap, no floating spheres, Black has as many spheres as White or one more,
    /// and at most one line is complete (and it belongs to the player who moved last).
    pub fn from_bitboards(black: u64, white: u64) -> Result<Position, MoveError> {
        let occupied = black | white;
        let floating = occupied & !((occupied << 16) | 0xFFFF);
        let (nb, nw) = (black.count_ones(), white.count_ones());
        if black & white != 0 || floating != 0 || !(nb == nw || nb == nw + 1) {
            return Err(MoveError::Unreachable);
        }
        let complete: Vec<Line> = Line::all()
            .filter(|l| black & l.mask() == l.mask() || white & l.mask() == l.mask())
            .collect();
        let last_mover = if nb > nw { Colour::Black } else { Colour::White };
        let own = if last_mover == Colour::Black { black } else { white };
        let winning_line = match complete.as_slice() {
            [] => None,
            [line] if own & line.mask() == line.mask() => Some(*line),
            _ => return Err(MoveError::Unreachable),
        };
        Ok(Position { stones: [black, white], winning_line })
    }

    /// The spheres of one colour.
    #[inline]
    pub fn stones(&self, colour: Colour) -> u64 {
        self.stones[colour.index()]
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// Spheres on the board, which is also the number of moves played.
    #[inline]
    pub fn ply(&self) -> usize {
        self.occupied().count_ones() as usize
    }

    /// The colour whose turn it is (after the game ends: whose turn it would be).
    #[inline]
    pub fn to_move(&self) -> Colour {
        Colour::to_move_at(self.ply())
    }

    pub fn status(&self) -> Status {
        match self.winning_line {
            Some(line) => Status::Won { winner: self.to_move().opponent(), line },
            None if self.occupied() == FULL_BOARD => Status::Draw,
            None => Status::Ongoing,
        }
    }

    pub fn is_over(&self) -> bool {
        self.winning_line.is_some() || self.occupied() == FULL_BOARD
    }

    /// The cell a sphere dropped on `peg` lands in, or `None` if the peg is full.
    pub fn landing_cell(&self, peg: Peg) -> Option<Cell> {
        let cell = drop_cells(self.occupied()) & column_mask(peg.index());
        (cell != 0).then(|| Cell::new(cell.trailing_zeros() as u8).expect("on the board"))
    }

    /// Spheres on `peg` (0…4).
    pub fn height(&self, peg: Peg) -> u8 {
        (self.occupied() & column_mask(peg.index())).count_ones() as u8
    }

    /// Who holds `cell`, if anyone.
    pub fn at(&self, cell: Cell) -> Option<Colour> {
        if self.stones[0] & cell.bit() != 0 {
            Some(Colour::Black)
        } else if self.stones[1] & cell.bit() != 0 {
            Some(Colour::White)
        } else {
            None
        }
    }

    /// The landing cells of all legal moves as one mask (empty once the game is over).
    #[inline]
    pub fn legal_cells(&self) -> u64 {
        if self.winning_line.is_some() { 0 } else { drop_cells(self.occupied()) }
    }

    /// The pegs that can be played, in peg-index order a1, b1, c1, d1, a2, ….
    pub fn legal_moves(&self) -> Vec<Peg> {
        let mut pegs: Vec<Peg> = cells_of(self.legal_cells())
            .map(|bit| Peg::new(bit % 16).expect("valid peg"))
            .collect();
        pegs.sort();
        pegs
    }

    /// Empty cells where `colour` would complete a line: three of the line's cells are
    /// hers and the fourth is empty. Playable now if also in [`Position::legal_cells`].
    pub fn threats(&self, colour: Colour) -> u64 {
        let own = self.stones(colour);
        let empty = !self.occupied();
        LINES.iter().fold(0, |acc, &line| {
            let open = line & empty;
            if open.count_ones() == 1 && (own & line).count_ones() == 3 { acc | open } else { acc }
        })
    }

    /// Drops a sphere of the side to move on `peg`; returns the cell it lands in.
    pub fn play(&mut self, peg: Peg) -> Result<Cell, MoveError> {
        if self.winning_line.is_some() || self.occupied() == FULL_BOARD {
            return Err(MoveError::GameOver);
        }
        let cell = self.landing_cell(peg).ok_or(MoveError::PegFull(peg))?;
        let mover = self.to_move().index();
        self.stones[mover] |= cell.bit();
        let own = self.stones[mover];
        self.winning_line = LINES_THROUGH[cell.index() as usize]
            .as_slice()
            .iter()
            .find(|&&l| own & LINES[l as usize] == LINES[l as usize])
            .and_then(|&l| Line::new(l));
        Ok(cell)
    }

    /// The position after `pegs`, or the first move that cannot be played (index, error).
    pub fn after(pegs: &[Peg]) -> Result<Position, (usize, MoveError)> {
        let mut position = Position::new();
        for (i, &peg) in pegs.iter().enumerate() {
            position.play(peg).map_err(|e| (i, e))?;
        }
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pegs(names: &str) -> Vec<Peg> {
        crate::rules::parse_moves(names).unwrap()
    }

    #[test]
    fn spheres_fall_to_the_lowest_free_level() {
        let mut p = Position::new();
        let b2 = Peg::from_xy(1, 1).unwrap();
        for level in 0..4 {
            assert_eq!(p.play(b2).unwrap(), b2.cell_at(level));
        }
        assert_eq!(p.play(b2), Err(MoveError::PegFull(b2)));
        assert_eq!(p.ply(), 4);
    }

    #[test]
    fn vertical_four_wins_for_the_mover() {
        let p = Position::after(&pegs("a1 b1 a1 b1 a1 b1 a1")).unwrap();
        match p.status() {
            Status::Won { winner, line } => {
                assert_eq!(winner, Colour::Black);
                assert_eq!(line.to_string(), "a1:1-a1:4");
            }
            other => panic!("expected a win, got {other:?}"),
        }
        assert!(p.legal_moves().is_empty());
        let mut after = p;
        assert_eq!(after.play(Peg::new(5).unwrap()), Err(MoveError::GameOver));
    }

    #[test]
    fn legal_moves_are_in_peg_index_order() {
        let p = Position::after(&pegs("d4 a1 a1 a1 a1")).unwrap();
        let names: Vec<String> = p.legal_moves().iter().map(|p| p.to_string()).collect();
        assert_eq!(names.len(), 15);
        assert_eq!(names[0], "b1");
        assert_eq!(names.last().unwrap(), "d4");
    }

    #[test]
    fn threats_are_the_empty_fourth_cells_of_three_in_a_line() {
        // Black a1 b1 c1 on level 1: d1:1 completes; White's b2 b2 make nothing.
        let p = Position::after(&pegs("a1 b2 b1 b2 c1")).unwrap();
        assert_eq!(p.threats(Colour::Black), Peg::from_xy(3, 0).unwrap().cell_at(0).bit());
        assert_eq!(p.threats(Colour::White), 0);
    }

    #[test]
    fn bitboards_round_trip_and_reject_impossible_boards() {
        let p = Position::after(&pegs("b2 c3 b2 a1")).unwrap();
        let q = Position::from_bitboards(p.stones(Colour::Black), p.stones(Colour::White));
        assert_eq!(q, Ok(p));
        assert!(Position::from_bitboards(1 << 16, 0).is_err(), "floating sphere");
        assert!(Position::from_bitboards(0, 1).is_err(), "White cannot lead");
    }
}
