//! Pegs, cells and colours, and how they are written (`b3`, `b3:2`).

use std::fmt;

/// One of the two players. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// 0 for Black, 1 for White: the index of this colour's bitboard.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The colour that moves at `ply` (0-based count of spheres already played).
    pub const fn to_move_at(ply: usize) -> Colour {
        if ply.is_multiple_of(2) { Colour::Black } else { Colour::White }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "Black",
            Colour::White => "White",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A peg of the 4×4 grid, index `x + 4·y`: file a–d is x, rank 1–4 is y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Peg(u8);

impl Peg {
    pub const COUNT: usize = 16;

    /// The peg with index `index`, if it is 0…15.
    pub const fn new(index: u8) -> Option<Peg> {
        if index < 16 { Some(Peg(index)) } else { None }
    }

    /// The peg at file `x` and rank `y` (both 0…3).
    pub const fn from_xy(x: u8, y: u8) -> Option<Peg> {
        if x < 4 && y < 4 { Some(Peg(x + 4 * y)) } else { None }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    /// File, 0 (a) … 3 (d).
    pub const fn x(self) -> u8 {
        self.0 % 4
    }

    /// Rank, 0 (1) … 3 (4).
    pub const fn y(self) -> u8 {
        self.0 / 4
    }

    pub fn all() -> impl Iterator<Item = Peg> {
        (0..16).map(Peg)
    }

    /// The cell of this peg at level index `z` (0 = level 1).
    pub const fn cell_at(self, z: u8) -> Cell {
        Cell(self.0 + 16 * (z % 4))
    }
}

impl fmt::Display for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

/// One of the 64 cells, bit index `x + 4·y + 16·z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    pub const COUNT: usize = 64;

    pub const fn new(index: u8) -> Option<Cell> {
        if index < 64 { Some(Cell(index)) } else { None }
    }

    pub const fn from_xyz(x: u8, y: u8, z: u8) -> Option<Cell> {
        if x < 4 && y < 4 && z < 4 { Some(Cell(x + 4 * y + 16 * z)) } else { None }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    pub const fn x(self) -> u8 {
        self.0 % 4
    }

    pub const fn y(self) -> u8 {
        (self.0 / 4) % 4
    }

    /// Level index, 0 (level 1, on the base) … 3 (level 4).
    pub const fn z(self) -> u8 {
        self.0 / 16
    }

    pub const fn peg(self) -> Peg {
        Peg(self.0 % 16)
    }

    pub fn all() -> impl Iterator<Item = Cell> {
        (0..64).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.peg(), self.z() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pegs_are_named_like_a_chess_board() {
        let names: Vec<String> = Peg::all().map(|p| p.to_string()).collect();
        assert_eq!(names[0], "a1");
        assert_eq!(names[3], "d1");
        assert_eq!(names[4], "a2");
        assert_eq!(names[15], "d4");
    }

    #[test]
    fn cells_name_peg_and_level() {
        assert_eq!(Cell::from_xyz(1, 2, 1).unwrap().to_string(), "b3:2");
        assert_eq!(Cell::new(63).unwrap().to_string(), "d4:4");
        assert_eq!(Cell::new(64), None);
        assert_eq!(Peg::new(16), None);
    }

    #[test]
    fn black_moves_first_and_turns_alternate() {
        assert_eq!(Colour::to_move_at(0), Colour::Black);
        assert_eq!(Colour::to_move_at(1), Colour::White);
        assert_eq!(Colour::Black.opponent(), Colour::White);
    }
}
