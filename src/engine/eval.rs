//! The static evaluation for positions the search cannot finish, from the side to move's
//! point of view: lines still open to each side, threats weighed by their level, and who
//! controls the zugzwang once the board fills up.
//!
//! The weights were set by self-play matches (`yonmoku arena --black-weights …`), not by
//! taste; see [`Weights::DEFAULT`].

use super::board::{Board, EVEN_LEVELS, LEVEL_3, ODD_LEVELS};
use crate::rules::BOTTOM_LEVEL;

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
    /// What White's control is worth to White, when it differs from Black's (`None`: as
    /// much as [`Weights::zugzwang`]).
    pub white_zugzwang: Option<i32>,
    /// What it is worth to Black that neither side controls the zugzwang.
    pub no_control: i32,
    /// A live threat (no opponent's threat below it on its peg) by its level, 1 to 4, to
    /// its owner: Black's, then White's. On top of [`Weights::good_threat`] and
    /// [`Weights::bad_threat`], which count every threat.
    pub live_threat: [[i32; 4]; 2],
    /// A dead threat (an opponent's threat below it on its peg), to its owner.
    pub dead_threat: i32,
    /// A parity line, to its owner: Black's, then White's (see [`OpenLines::own_parity`]).
    ///
    /// [`OpenLines::own_parity`]: super::board::OpenLines::own_parity
    pub parity_line: [i32; 2],
}

impl Weights {
    /// Level 6's weights. Those before them were tuned by self-play from a first guess of
    /// [1, 6, 0], 60, 30, 200, 4: one weight at a
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
    /// Parity lines were tried with those weights and not kept: they improved the
    /// prediction of solved values (63% → 79% cross-validated) but not play (48–2–46 in
    /// self-play over 96 games, 49–7 against level 5 where the weights without them went
    /// 51–5), at 11–13% fewer nodes a second. They came back with the third fit, below.
    ///
    /// Those fits used positions from games between levels 5 and 6, where who plays which
    /// colour shows in the position and predicts the winner. The first fit used
    /// instead 4,085 positions 24 to 34 cells from the end of 400 games of level 6
    /// against itself (a twentieth of its time, the two-move openings), each solved exactly:
    /// a logistic fit of Black's result on these terms (one logit = 400). It called 72% of
    /// them right (70% of games left out of the fit), the weights before 64%. The fit found
    /// Black's uncontested control worth much, but contested control, White's control and
    /// no control all White's games (Black won 46%, 41% and 33% of them); threats on level
    /// 3 worth most to either side; and the move worth 100. Level 6 with them against level
    /// 6 with the weights before ([`Weights::PREVIOUS`]), from the two-move openings:
    /// 54–2–44 over 100 games at a tenth of the time, 122–1–77 over 200 at a twentieth
    /// (47–52 as Black, 75–25 as White; against themselves the weights before won 43–46% as
    /// Black). Without the two terms of unexpected sign (an open line of three, a live White
    /// threat on level 1) they scored 94–106 against the first fit.
    ///
    /// A second round added 3,794 positions from 400 games of level 6 with those weights
    /// against itself (solved the same way; Black won 167, White 231, 2 draws) and fitted all
    /// 7,879 together: 73% called right, 71.5% of games left out. Against
    /// the first fit ("13,92,-112,0,0,46,100,437,-136,367,-330,66,247,445,218,-187,134,427,
    /// 95,-73" for `arena --black-weights`), from the two-move openings: 159–1–140 over 300
    /// games at a twentieth of the time and 115–0–85 over 200 at a tenth (79–1–70 and 48–52
    /// as Black, 80–70 and 67–33 as White), 274–1–225 in all. A fit to the new games alone
    /// (77% on them) scored 131–169 against the first fit: too few games to trust alone.
    /// These were level 6's weights until the third fit.
    ///
    /// A third round added 3,883 positions from 400 games of level 6 with the second fit
    /// against itself (Black won 199, White 200, 1 draw) and fitted all 11,762 with parity
    /// lines as a term: 75% of games left out called right, against 70% without them. On
    /// the new positions alone, a fit with parity lines on the first two rounds' data
    /// called 75% right and the second fit 67%. The fit values a Black parity line at 365
    /// and a White one at 0; it also values White's control and no control more (both
    /// about −700 to Black). Against the second fit ("17,102,6,0,0,214,126,487,-53,401,
    /// -430,13,90,338,237,-289,231,247,92,-267"), in the same binary, so that both pay for
    /// counting parity lines, from the two-move openings: 149–0–51 over 200 games at a
    /// twentieth of the time (67–33 as Black, 82–18 as White) and 136–0–64 over 200 at a
    /// tenth (59–41 and 77–23), 285–0–115 in all (71%).
    ///
    /// A fourth fit (README, How the evaluation grew: 11,110 positions from self-play and
    /// from games against another program, pulled towards these weights) scored 383–4–313
    /// against them in self-play but lost 15 of 216 games to level 5 where these lost 7, so
    /// these stay. Its weights, for `arena --black-weights`: "19,42,-71,0,0,153,108,374,
    /// -44,721,-579,52,255,362,163,-163,306,403,135,-35,388,-25". Against another program
    /// at odds (README) it went 122–4–18 where these went 126–0–18; a fit to that program's
    /// games alone, the best predictor of their positions, went 36–0–36.
    pub const DEFAULT: Weights = Weights {
        open_line: [10, 53, 16],
        good_threat: 0,
        bad_threat: 0,
        stacked_threats: 216,
        tempo: 133,
        zugzwang: 401,
        contested_zugzwang: -155,
        white_zugzwang: Some(692),
        no_control: -705,
        live_threat: [[60, 177, 260, 238], [-186, 252, 338, 155]],
        dead_threat: -218,
        parity_line: [365, 0],
    };

    /// Level 6's weights before they were fitted to solved positions (see [`Weights::DEFAULT`]).
    pub const PREVIOUS: Weights = Weights {
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
        white_zugzwang: None,
        no_control: 0,
        live_threat: [[0; 4]; 2],
        dead_threat: 0,
        parity_line: [0, 0],
    };
}

/// How many numbers a full set of weights has: `arena --black-weights`' 22, and the terms
/// [`terms`] counts.
pub const TERMS: usize = 22;

impl Weights {
    /// The weights in the order of `arena --black-weights`: open lines of 1, 2 and 3, good-
    /// and bad-level threats, stacked threats, tempo, Black's control, contested control,
    /// White's control, no control, Black's live threats on levels 1 to 4, White's, a dead
    /// threat, a Black and a White parity line.
    pub fn to_array(&self) -> [i32; TERMS] {
        let [b, w] = self.live_threat;
        [
            self.open_line[0],
            self.open_line[1],
            self.open_line[2],
            self.good_threat,
            self.bad_threat,
            self.stacked_threats,
            self.tempo,
            self.zugzwang,
            self.contested_zugzwang,
            self.white_zugzwang.unwrap_or(self.zugzwang),
            self.no_control,
            b[0],
            b[1],
            b[2],
            b[3],
            w[0],
            w[1],
            w[2],
            w[3],
            self.dead_threat,
            self.parity_line[0],
            self.parity_line[1],
        ]
    }

    /// The weights from numbers in the order of [`Weights::to_array`].
    pub fn from_array(n: [i32; TERMS]) -> Weights {
        Weights {
            open_line: [n[0], n[1], n[2]],
            good_threat: n[3],
            bad_threat: n[4],
            stacked_threats: n[5],
            tempo: n[6],
            zugzwang: n[7],
            contested_zugzwang: n[8],
            white_zugzwang: Some(n[9]),
            no_control: n[10],
            live_threat: [[n[11], n[12], n[13], n[14]], [n[15], n[16], n[17], n[18]]],
            dead_threat: n[19],
            parity_line: [n[20], n[21]],
        }
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// Open lines' worth for the side to move less the opponent's.
#[inline(always)]
fn open_lines(board: &Board, black_to_move: bool, w: &Weights) -> i32 {
    let lines = board.open_lines;
    let (own_parity, other_parity) = if black_to_move {
        (w.parity_line[0], w.parity_line[1])
    } else {
        (w.parity_line[1], w.parity_line[0])
    };
    // Written out: as an iterator over 1..=3, the search's larger builds called it.
    let by_spheres = |n: usize| w.open_line[n - 1] * (lines.own(n) - lines.other(n));
    by_spheres(1) + by_spheres(2) + by_spheres(3) + own_parity * lines.own_parity()
        - other_parity * lines.other_parity()
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
    let black_odd = black_threats & LEVEL_3 & !above(white_threats);
    if black_odd != 0 {
        let white_odd = white_threats & LEVEL_3 & !above(black_threats);
        if black_odd.count_ones() > white_odd.count_ones() {
            Control::Black
        } else {
            Control::BlackContested
        }
    } else if white_threats & EVEN_LEVELS & !above(black_threats) != 0 {
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
        Control::White => -w.white_zugzwang.unwrap_or(w.zugzwang),
        Control::Neither => w.no_control,
    }
}

/// Cells above a threat on its peg: where the other side's threats are dead.
#[inline(always)]
fn above(threats: u64) -> u64 {
    (threats << 16) | (threats << 32) | (threats << 48)
}

/// Live threats by level, worth to their owner.
#[inline(always)]
fn live_worth(live: u64, by_level: &[i32; 4]) -> i32 {
    (0..4)
        .map(|level| by_level[level] * (live & (BOTTOM_LEVEL << (16 * level))).count_ones() as i32)
        .sum()
}

/// Live and dead threats' worth to Black.
#[inline(always)]
fn threat_levels_worth(black_threats: u64, white_threats: u64, w: &Weights) -> i32 {
    let black_live = black_threats & !above(white_threats);
    let white_live = white_threats & !above(black_threats);
    let dead = (black_threats & !black_live).count_ones() as i32
        - (white_threats & !white_live).count_ones() as i32;
    live_worth(black_live, &w.live_threat[0]) - live_worth(white_live, &w.live_threat[1])
        + w.dead_threat * dead
}

/// The side to move's good levels, the opponent's, and Black's and White's threats.
#[inline(always)]
fn sides(board: &Board, black_to_move: bool) -> (u64, u64, u64, u64) {
    if black_to_move {
        (ODD_LEVELS, EVEN_LEVELS, board.own_threats, board.other_threats)
    } else {
        (EVEN_LEVELS, ODD_LEVELS, board.other_threats, board.own_threats)
    }
}

/// The evaluation of `board` for the side to move.
#[inline(always)]
pub fn evaluate(board: &Board, w: &Weights) -> i32 {
    let black = board.black_to_move();
    let (own_levels, other_levels, black_threats, white_threats) = sides(board, black);
    let for_black = control_worth(zugzwang_control(black_threats, white_threats), w)
        + threat_levels_worth(black_threats, white_threats, w);
    let control = if black { for_black } else { -for_black };
    let score =
        open_lines(board, black, w) + control + threat_worth(board.own_threats, own_levels, w)
            - threat_worth(board.other_threats, other_levels, w)
            + w.tempo;
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// What [`evaluate`] counts, for the side to move, one number per weight in the order of
/// [`Weights::to_array`]: the evaluation is their dot product with the weights (clamped to
/// [`EVAL_LIMIT`]). To fit the weights to solved positions (`analyze --terms`).
pub fn terms(board: &Board) -> [i32; TERMS] {
    let black = board.black_to_move();
    // Terms counted for Black count against the side to move when White is to move.
    let for_black = if black { 1 } else { -1 };
    let (own_levels, other_levels, black_threats, white_threats) = sides(board, black);
    let lines = board.open_lines;
    let count = |threats: u64, levels: u64| (threats & levels).count_ones() as i32;
    let stacked = |threats: u64| (threats & (threats << 16)).count_ones() as i32;
    let (own, other) = (board.own_threats, board.other_threats);
    let mut terms = [0; TERMS];
    for n in 1..=3 {
        terms[n - 1] = lines.own(n) - lines.other(n);
    }
    terms[3] = count(own, own_levels) - count(other, other_levels);
    terms[4] = count(own, !own_levels) - count(other, !other_levels);
    terms[5] = stacked(own) - stacked(other);
    terms[6] = 1;
    let control = match zugzwang_control(black_threats, white_threats) {
        Control::Black => (7, for_black),
        Control::BlackContested => (8, for_black),
        Control::White => (9, -for_black),
        Control::Neither => (10, for_black),
    };
    terms[control.0] = control.1;
    let black_live = black_threats & !above(white_threats);
    let white_live = white_threats & !above(black_threats);
    for level in 0..4 {
        let on_level = |live: u64| (live & (BOTTOM_LEVEL << (16 * level))).count_ones() as i32;
        terms[11 + level] = for_black * on_level(black_live);
        terms[15 + level] = -for_black * on_level(white_live);
    }
    let dead = |threats: u64, live: u64| (threats & !live).count_ones() as i32;
    terms[19] = for_black * (dead(black_threats, black_live) - dead(white_threats, white_live));
    let (black_parity, white_parity) = if black {
        (lines.own_parity(), -lines.other_parity())
    } else {
        (-lines.other_parity(), lines.own_parity())
    };
    terms[20] = black_parity;
    terms[21] = white_parity;
    terms
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
    fn the_evaluation_is_its_terms_times_the_weights() {
        let mut random = crate::engine::Random::seeded(7);
        let weights = [
            Weights::DEFAULT,
            Weights::PREVIOUS,
            Weights::WITHOUT_ZUGZWANG,
            Weights {
                live_threat: [[1, 2, 3, 4], [5, 6, 7, 8]],
                parity_line: [9, 10],
                ..Weights::DEFAULT
            },
        ];
        let mut positions = 0;
        while positions < 2_000 {
            let mut position = Position::new();
            let length = random.below(50);
            for _ in 0..length {
                let legal = position.legal_moves();
                if position.is_over() || legal.is_empty() {
                    break;
                }
                position.play(legal[random.below(legal.len())]).unwrap();
            }
            if position.is_over() {
                continue;
            }
            positions += 1;
            let board = Board::from_position(&position);
            let terms = terms(&board);
            for w in &weights {
                let dot: i32 = w.to_array().iter().zip(terms).map(|(w, t)| w * t).sum();
                assert_eq!(dot.clamp(-EVAL_LIMIT, EVAL_LIMIT), evaluate(&board, w), "{position:?}");
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
    fn live_threats_count_by_level_and_colour_and_dead_ones_apart() {
        let (level_2, level_3) = (1u64 << 16, 1u64 << 32);
        let w = Weights {
            live_threat: [[1, 10, 100, 1000], [2, 20, 200, 2000]],
            dead_threat: 7,
            ..Weights::WITHOUT_ZUGZWANG
        };
        assert_eq!(threat_levels_worth(level_3, 0, &w), 100);
        assert_eq!(threat_levels_worth(0, level_2 << 5, &w), -20);
        // White's level-2 threat under Black's level-3 one on peg 0 kills Black's.
        assert_eq!(threat_levels_worth(level_3, level_2, &w), 7 - 20);
        // On different pegs both live.
        assert_eq!(threat_levels_worth(level_3, level_2 << 1, &w), 100 - 20);
    }

    #[test]
    fn neither_and_white_control_have_their_own_worth() {
        let w = Weights { no_control: -40, white_zugzwang: Some(90), ..Weights::DEFAULT };
        assert_eq!(control_worth(Control::Neither, &w), -40);
        assert_eq!(control_worth(Control::White, &w), -90);
        assert_eq!(control_worth(Control::Black, &w), w.zugzwang);
        let old = Weights { white_zugzwang: None, ..w };
        assert_eq!(control_worth(Control::White, &old), -w.zugzwang);
    }

    #[test]
    fn parity_lines_count_by_colour() {
        // Black holds a1:3 b1:3 (c1:3 and d1:3 free, both odd) and a1:1 d4:1 (b2:1 and c3:1
        // free); White holds a1:2 b1:2 (c1:2 and d1:2 free, both even).
        let with = Weights { parity_line: [11, 7], ..Weights::DEFAULT };
        let without = Weights { parity_line: [0, 0], ..Weights::DEFAULT };
        for (moves, black_to_move) in
            [("a1 a1 a1 b1 d4 b1 b1", false), ("a1 a1 a1 b1 d4 b1 b1 c4", true)]
        {
            let position = Position::after(&parse_moves(moves).unwrap()).unwrap();
            let board = Board::from_position(&position);
            assert_eq!(board.black_to_move(), black_to_move);
            let gain = evaluate(&board, &with) - evaluate(&board, &without);
            let for_black = 2 * 11 - 7;
            assert_eq!(gain, if black_to_move { for_black } else { -for_black }, "{moves}");
        }
    }

    #[test]
    fn more_open_lines_score_higher() {
        // Black's corner a1:1 (7 lines) against White's a2:1 (4 lines), and the other way
        // round, Black to move in both.
        let board =
            |moves| Board::from_position(&Position::after(&parse_moves(moves).unwrap()).unwrap());
        for w in [Weights::DEFAULT, Weights::PREVIOUS] {
            assert!(evaluate(&board("a1 a2"), &w) > evaluate(&board("a2 a1"), &w));
        }
    }

    #[test]
    fn a_threat_is_worth_its_level() {
        // Black (to move) threatens d1:2, on level 2: White's good level, Black's bad one.
        let position = Position::after(&parse_moves("a1 d1 a1 b1 b1 c1 c1 d4").unwrap()).unwrap();
        let board = Board::from_position(&position);
        assert_eq!(board.own_threats, 1 << 19);
        let without = Board { own_threats: 0, ..board };
        for w in [Weights::DEFAULT, Weights::PREVIOUS] {
            let gain = evaluate(&board, &w) - evaluate(&without, &w);
            assert_eq!(gain, w.bad_threat + w.live_threat[0][1]);
            assert!(gain > 0);
            // The same threat on level 3, Black's good level, gives Black the zugzwang:
            // worth more than the one on level 2, and than an open line of two.
            let on_level_3 = Board { own_threats: 1 << 35, ..board };
            assert!(evaluate(&on_level_3, &w) > evaluate(&board, &w));
            assert!(evaluate(&on_level_3, &w) - evaluate(&without, &w) > w.open_line[1]);
        }
    }
}
