//! The static evaluation for positions the search cannot finish, from the side to move's
//! point of view: lines still open to each side, threats weighed by their level, and who
//! controls the zugzwang once the board fills up.
//!
//! The weights were set by self-play matches (`yonmoku arena --black-weights …`), not by
//! taste; see [`Weights::DEFAULT`].

use super::board::{Board, EVEN_LEVELS, LEVEL_3, ODD_LEVELS};

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
    /// Control of the endgame's zugzwang: Black holds a threat on level 3 with no White
    /// threat below it, or else White holds one on level 2 or 4 with no Black threat
    /// below it. When the board fills up, the side in control wins.
    pub zugzwang: i32,
    /// The same control, when Black's level-3 threats do not outnumber White's: then the
    /// endgame is closer to a coin toss (see [`zugzwang_control`]).
    pub contested_zugzwang: i32,
}

impl Weights {
    /// Tuned by self-play from a first guess of [1, 6, 0], 60, 30, 200, 4: one weight at a
    /// time, 200 games per candidate at level 3 (`yonmoku arena --black-weights …`), then
    /// confirmed at level 4, where these weights scored 70% (28 wins, 12 losses in 40 games)
    /// against the first guess. Lines of two and threats on either level were undervalued.
    ///
    /// Zugzwang control was added later and tuned at level 5 (depth 9), 60 games a colour
    /// per candidate: 300 scored 39–21 against 0 (and 230–163 at level 4 over 400 games);
    /// against 300, 150 scored 20–40, 600 scored 64–56 over 120 games and 1000 30–30.
    /// With it, good-level threats count for less: 50 scored 140–96 (4 draws) against 100
    /// over 240 games; 25 and 0 were level with 50. The other threats stay at 60: 20 lost
    /// 45–75, 100 lost 45–74 (with good-level threats at 50) and 40 was level.
    ///
    /// Contested control came from 1,327 positions 24 to 30 cells from the end of games
    /// between the top levels, each solved exactly: Black's control held in 96% of them
    /// when Black's level-3 threats outnumbered White's, and in 62% when they did not. At
    /// level 5 from the two-move openings, 300 for contested control scored 660–534 (6
    /// draws) against 600 over 1,200 games, 150 scored 329–266 and 450 320–280, 0 was
    /// level (298–297); at level 6 at a twentieth of its time, 300 scored 132–107 (1 draw).
    ///
    /// Tried and not kept: parity lines (lines two short whose empty cells both lie on the
    /// owner's levels). They improved the prediction of solved values (63% → 79%
    /// cross-validated) but not play: 48–2–46 in self-play over 96 games, 49–7 against
    /// level 5 where the weights without them went 51–5, at 11–13% fewer nodes a second
    /// (README, Strength).
    pub const DEFAULT: Weights = Weights {
        good_threat: 50,
        zugzwang: 600,
        contested_zugzwang: 300,
        ..Weights::WITHOUT_ZUGZWANG
    };

    /// What levels 1 to 5 know: the weights as tuned before zugzwang control was added.
    pub const WITHOUT_ZUGZWANG: Weights = Weights {
        open_line: [4, 24, 0],
        good_threat: 100,
        bad_threat: 60,
        stacked_threats: 200,
        tempo: 20,
        zugzwang: 0,
        contested_zugzwang: 0,
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

/// Who controls the endgame's zugzwang.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Control {
    Black,
    /// Black, but White has at least as many level-3 threats of its own (each one a cell
    /// Black must not play under either).
    BlackContested,
    White,
    Neither,
}

/// Whose game it is once the board fills up.
///
/// A model of the endgame, as in Connect Four: when only threats are left, nobody plays
/// directly below an opponent's threat, and every other cell is taken in turn. Pegs hold
/// an even number of cells, so the player who must move under a threat first is the one
/// who runs out of other cells: that is Black when White has a threat on an even level,
/// and White when Black has one on an odd level. When both have one, Black's decides: White
/// runs out first, and giving up its own threat does not change whose turn it is to run
/// out. A threat with an opponent's threat below it on its peg is moot.
#[inline(always)]
fn zugzwang_control(black_threats: u64, white_threats: u64) -> Control {
    let below = |t: u64| (t << 16) | (t << 32) | (t << 48);
    let black_odd = black_threats & LEVEL_3 & !below(white_threats);
    if black_odd != 0 {
        let white_odd = white_threats & LEVEL_3 & !below(black_threats);
        if black_odd.count_ones() > white_odd.count_ones() {
            Control::Black
        } else {
            Control::BlackContested
        }
    } else if white_threats & EVEN_LEVELS & !below(black_threats) != 0 {
        Control::White
    } else {
        Control::Neither
    }
}

/// Control's worth to Black.
#[inline(always)]
fn control_worth(control: Control, w: &Weights) -> i32 {
    match control {
        Control::Black => w.zugzwang,
        Control::BlackContested => w.contested_zugzwang,
        Control::White => -w.zugzwang,
        Control::Neither => 0,
    }
}

/// The evaluation of `board` for the side to move.
#[inline(always)]
pub fn evaluate(board: &Board, w: &Weights) -> i32 {
    let black = board.black_to_move();
    let (own_levels, other_levels) =
        if black { (ODD_LEVELS, EVEN_LEVELS) } else { (EVEN_LEVELS, ODD_LEVELS) };
    let control = if black {
        control_worth(zugzwang_control(board.own_threats, board.other_threats), w)
    } else {
        -control_worth(zugzwang_control(board.other_threats, board.own_threats), w)
    };
    let score = open_lines(board, w) + control + threat_worth(board.own_threats, own_levels, w)
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
    fn zugzwang_goes_to_a_black_odd_threat_else_a_white_even_one() {
        let (level_2, level_3, level_4) = (1u64 << 16, 1u64 << 32, 1u64 << 48);
        use Control::*;
        assert_eq!(zugzwang_control(level_3, 0), Black);
        assert_eq!(zugzwang_control(level_3, level_4 << 5), Black, "Black's odd threat first");
        assert_eq!(zugzwang_control(0, level_2), White);
        assert_eq!(zugzwang_control(0, level_4 << 7), White);
        // White's threat below Black's on the same peg makes Black's moot.
        assert_eq!(zugzwang_control(level_3, level_2), White);
        // Threats on the wrong levels control nothing.
        assert_eq!(zugzwang_control(level_2 | level_4, level_3), Neither);
        // Black's threat below White's on the same peg makes White's moot.
        assert_eq!(zugzwang_control(level_2 << 3, level_4 << 3), Neither);
        // As many White level-3 threats elsewhere contest Black's; fewer do not.
        assert_eq!(zugzwang_control(level_3, level_3 << 2), BlackContested);
        assert_eq!(zugzwang_control(level_3 | level_3 << 1, level_3 << 2), Black);
        // A White level-3 threat under a Black threat on its peg does not count.
        assert_eq!(zugzwang_control(level_3 | level_2 << 2, level_3 << 2), Black);
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
