//! The bitboard rules checked against a naive reference that loops over cells.

mod common;

use common::{NaiveBoard, NaiveStatus, Rng};
use yonmoku::rules::{Colour, Game, Line, MoveError, Peg, Position, Status};

fn peg(x: usize, y: usize) -> Peg {
    Peg::from_xy(x as u8, y as u8).unwrap()
}

/// Panics unless the bitboard status agrees with the naive one: same outcome, same
/// winner, and the reported line is one of the complete lines.
fn assert_agrees(position: &Position, naive: &NaiveStatus, context: &str) {
    match (position.status(), naive) {
        (Status::Ongoing, NaiveStatus::Ongoing) | (Status::Draw, NaiveStatus::Draw) => {}
        (Status::Won { winner, line }, NaiveStatus::Won(colour, lines)) => {
            assert_eq!(*colour, if winner == Colour::Black { 1 } else { 2 }, "{context}");
            let cells = line.cells().map(|c| (c.x() as usize, c.y() as usize, c.z() as usize));
            assert!(lines.contains(&cells.to_vec()), "{line} not complete: {context}");
        }
        (ours, theirs) => panic!("rules say {ours:?}, reference says {theirs:?}: {context}"),
    }
}

#[test]
fn bitboard_verdicts_match_the_naive_reference_over_random_games() {
    let mut rng = Rng::new(2026);
    let mut decided = [0usize; 3];
    for _ in 0..10_000 {
        let mut naive = NaiveBoard::default();
        let mut game = Game::new();
        loop {
            let open = naive.open_pegs();
            let legal: Vec<Peg> = open.iter().map(|&(x, y)| peg(x, y)).collect();
            let naive_status = naive.status();
            assert_agrees(game.position(), &naive_status, &format!("after {:?}", game.moves()));
            if naive_status != NaiveStatus::Ongoing {
                assert!(game.position().legal_moves().is_empty());
                let any = peg(rng.below(4), rng.below(4));
                assert_eq!(game.play(any), Err(MoveError::GameOver));
                decided[match naive_status {
                    NaiveStatus::Won(1, _) => 0,
                    NaiveStatus::Won(..) => 1,
                    _ => 2,
                }] += 1;
                break;
            }
            assert_eq!(game.position().legal_moves(), legal);
            assert_eq!(game.ply(), naive.moves);
            assert_eq!(game.to_move(), Colour::to_move_at(naive.moves));
            // Now and then try a full peg: refused, nothing changes.
            if let Some(full) = Peg::all().find(|p| !legal.contains(p))
                && rng.below(4) == 0
            {
                let before = game.clone();
                assert_eq!(game.play(full), Err(MoveError::PegFull(full)));
                assert_eq!(game, before);
            }
            let (x, y) = open[rng.below(open.len())];
            let z = naive.drop(x, y).unwrap();
            let cell = game.play(peg(x, y)).unwrap();
            assert_eq!((cell.x() as usize, cell.y() as usize, cell.z() as usize), (x, y, z));
        }
    }
    assert!(decided[0] > 0 && decided[1] > 0, "both colours won some games: {decided:?}");
}

/// Plays a game in which Black completes `target` and nothing else ends it first.
fn game_won_along(target: Line, rng: &mut Rng) -> Option<Game> {
    let target_mask = target.mask();
    let mut game = Game::new();
    while !game.position().is_over() {
        let position = *game.position();
        let black = position.to_move() == Colour::Black;
        let landing: Vec<(Peg, u64)> = position
            .legal_moves()
            .into_iter()
            .map(|p| (p, position.landing_cell(p).unwrap().bit()))
            .collect();
        let on_target: Vec<Peg> =
            landing.iter().filter(|(_, b)| b & target_mask != 0).map(|(p, _)| *p).collect();
        let off_target: Vec<Peg> =
            landing.iter().filter(|(_, b)| b & target_mask == 0).map(|(p, _)| *p).collect();
        let choice = if black && !on_target.is_empty() {
            on_target[rng.below(on_target.len())]
        } else if !off_target.is_empty() {
            off_target[rng.below(off_target.len())]
        } else {
            return None;
        };
        game.play(choice).unwrap();
    }
    Some(game)
}

#[test]
fn every_one_of_the_76_lines_can_be_won() {
    let mut rng = Rng::new(76);
    for line in Line::all() {
        let won = (0..2_000).find_map(|_| {
            let game = game_won_along(line, &mut rng)?;
            match game.status() {
                Status::Won { winner: Colour::Black, line: l } if l == line => Some(game),
                _ => None,
            }
        });
        let game = won.unwrap_or_else(|| panic!("no game won along {line}"));
        // The reference agrees on the winning cells.
        let mut naive = NaiveBoard::default();
        for p in game.moves() {
            naive.drop(p.x() as usize, p.y() as usize).unwrap();
        }
        assert_agrees(game.position(), &naive.status(), &format!("line {line}"));
    }
}

#[test]
fn undoing_every_move_returns_to_the_empty_board_and_redo_replays_it() {
    let mut rng = Rng::new(99);
    for _ in 0..500 {
        let mut game = Game::new();
        let mut positions = vec![*game.position()];
        while !game.position().is_over() {
            let legal = game.position().legal_moves();
            game.play(legal[rng.below(legal.len())]).unwrap();
            positions.push(*game.position());
        }
        let finished = game.clone();
        for expected in positions.iter().rev().skip(1) {
            assert!(game.undo().is_some());
            assert_eq!(game.position(), expected);
        }
        assert!(game.undo().is_none());
        assert_eq!(game.position(), &Position::new());
        for expected in positions.iter().skip(1) {
            assert!(game.redo().is_some());
            assert_eq!(game.position(), expected);
        }
        assert!(game.redo().is_none());
        assert_eq!(game, finished);
    }
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    // Search random games until one fills the board without a line.
    let mut rng = Rng::new(64);
    let draw = (0..200_000).find_map(|_| {
        let mut game = Game::new();
        while !game.position().is_over() {
            let legal = game.position().legal_moves();
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
        (game.status() == Status::Draw).then_some(game)
    });
    let game = draw.expect("random play reaches a draw now and then");
    assert_eq!(game.ply(), 64);
    let mut naive = NaiveBoard::default();
    for p in game.moves() {
        naive.drop(p.x() as usize, p.y() as usize).unwrap();
    }
    assert_eq!(naive.status(), NaiveStatus::Draw);
}
