//! The static evaluation for positions the search cannot finish, from the side to move's
//! point of view: lines still open to each side, and threats weighed by their level.
//!
//! The weights were set by self-play matches (`yonmoku arena --black-weights …`), not by
//! taste; see [`Weights::DEFAULT`].

use super::board::{Board, EVEN_LEVELS, ODD_LEVELS};

/// Scores stay well inside this, far from the win scores.
pub const EVAL_LIMIT: i32 = 5_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// An open line (no opposing sphere) holding 1, 2 or 3 of one side's spheres.
    pub open_line: [i32; 3],
    /// A threat cell on the owner's good levels (Black: 1 and 3; White: 2 and 4).
    pub good_threat: i32,
    /// A threat cell on the other levels.
    pub bad_threat: i32,
    /// Two of one side's threats stacked one on the other: one of them will come true.
    pub stacked_threats: i32,
    /// Having the move.
    pub tempo: i32,
}

impl Weights {
    /// Tuned by self-play from a first guess of [1, 6, 0], 60, 30, 200, 4: one weight at a
    /// time, 200 games per candidate at level 3 (`yonmoku arena --black-weights …`), then
    /// confirmed at level 4, where these weights scored 70% (28 wins, 12 losses in 40 games)
    /// against the first guess. Lines of two and threats on either level were undervalued.
    pub const DEFAULT: Weights = Weights {
        open_line: [4, 24, 0],
        good_threat: 100,
        bad_threat: 60,
        stacked_threats: 200,
        tempo: 20,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// Open lines' worth for the side to move less the opponent's.
#[inline(always)]
fn open_lines(board: &Board, w: &Weights) -> i32 {
    let lines = board.open_lines;
    (1..=3).map(|n| w.open_line[n - 1] * (lines.own(n) - lines.other(n))).sum()
}

#[inline(always)]
fn threat_worth(threats: u64, good_levels: u64, w: &Weights) -> i32 {
    let good = (threats & good_levels).count_ones() as i32;
    let bad = (threats & !good_levels).count_ones() as i32;
    let stacked = (threats & (threats << 16)).count_ones() as i32;
    good * w.good_threat + bad * w.bad_threat + stacked * w.stacked_threats
}

/// The evaluation of `board` for the side to move.
#[inline(always)]
pub fn evaluate(board: &Board, w: &Weights) -> i32 {
    let (own_levels, other_levels) =
        if board.black_to_move() { (ODD_LEVELS, EVEN_LEVELS) } else { (EVEN_LEVELS, ODD_LEVELS) };
    let score = open_lines(board, w) + threat_worth(board.own_threats, own_levels, w)
        - threat_worth(board.other_threats, other_levels, w)
        + w.tempo;
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::super::symmetry::image;
    use super::*;
    use crate::rules::{Position, parse_moves};

    #[test]
    fn evaluation_is_the_same_for_all_eight_images() {
        let games = ["b2 c3 b3 c2 a1 d4 b1 b4 c1", "a1 d4 d1 a4 b2 b2 c3 c3 c3 b3", "d3 d3 d3"];
        for moves in games {
            let position = Position::after(&parse_moves(moves).unwrap()).unwrap();
            let board = Board::from_position(&position);
            let value = evaluate(&board, &Weights::DEFAULT);
            for s in 0..8 {
                let (black, white) = (
                    position.stones(crate::rules::Colour::Black),
                    position.stones(crate::rules::Colour::White),
                );
                let image_position =
                    Position::from_bitboards(image(black, s), image(white, s)).unwrap();
                let image_board = Board::from_position(&image_position);
                assert_eq!(
                    evaluate(&image_board, &Weights::DEFAULT),
                    value,
                    "{moves}, symmetry {s}"
                );
            }
        }
    }

    #[test]
    fn more_open_lines_score_higher() {
        // Black's corner a1:1 (7 lines) against White's a2:1 (4 lines), Black to move.
        let position = Position::after(&parse_moves("a1 a2").unwrap()).unwrap();
        assert!(evaluate(&Board::from_position(&position), &Weights::DEFAULT) > 0);
    }

    #[test]
    fn a_threat_is_worth_more_than_open_lines() {
        // Black (to move) threatens d1:2, on level 2: White's good level, Black's bad one.
        let position = Position::after(&parse_moves("a1 d1 a1 b1 b1 c1 c1 d4").unwrap()).unwrap();
        let board = Board::from_position(&position);
        assert_eq!(board.own_threats, 1 << 19);
        let without = Board { own_threats: 0, ..board };
        let gain = evaluate(&board, &Weights::DEFAULT) - evaluate(&without, &Weights::DEFAULT);
        assert_eq!(gain, Weights::DEFAULT.bad_threat);
        assert!(gain > Weights::DEFAULT.open_line[1]);
        let on_level_3 = Board { own_threats: 1 << 35, ..board };
        assert!(evaluate(&on_level_3, &Weights::DEFAULT) > evaluate(&board, &Weights::DEFAULT));
    }
}
