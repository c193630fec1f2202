//! Whole-board masks and the gravity rule expressed on bitboards.

/// All 64 cells.
pub const FULL_BOARD: u64 = u64::MAX;
/// The 16 cells of level 1, where an empty peg's first sphere lands.
pub const BOTTOM_LEVEL: u64 = 0xFFFF;

/// The four cells of peg `peg` (0…15), bottom to top.
pub const fn column_mask(peg: u8) -> u64 {
    0x0001_0001_0001_0001 << peg
}

/// The cells where a sphere would land now, one per peg that is not full:
/// empty cells that sit on the base or on an occupied cell.
#[inline]
pub const fn drop_cells(occupied: u64) -> u64 {
    !occupied & ((occupied << 16) | BOTTOM_LEVEL)
}

/// Iterates the set bits of a mask as cell indices, lowest first.
pub fn cells_of(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let bit = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(bit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_drops_on_the_bottom_level() {
        assert_eq!(drop_cells(0), BOTTOM_LEVEL);
    }

    #[test]
    fn full_column_has_no_drop_cell() {
        let occupied = column_mask(5);
        assert_eq!(drop_cells(occupied) & column_mask(5), 0);
        assert_eq!(drop_cells(occupied).count_ones(), 15);
    }

    #[test]
    fn drop_cell_sits_on_top_of_the_stack() {
        let occupied = (1 << 3) | (1 << 19); // peg d1, levels 1 and 2
        assert_eq!(drop_cells(occupied) & column_mask(3), 1 << 35);
    }

    #[test]
    fn cells_of_lists_bits_in_order() {
        assert_eq!(cells_of(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(cells_of(0).count(), 0);
        assert_eq!(cells_of(u64::MAX).count(), 64);
    }
}
