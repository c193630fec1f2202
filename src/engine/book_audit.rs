//! Auditing the top level's own games with the solver, before a loss. A lower level plays
//! the same lines again and again, so a move of the top level's that loses a position it
//! could have held can win many games (the opponent errs later) before the one game where
//! the opponent finds the refutation. In the arena, one such move 24 plies in had won 11
//! games before it lost 4 in a row.
//!
//! The audit takes the positions the games reach often enough, with the top level to move,
//! late enough for the solver, and solves the position after each move the games played
//! there. Where one of those moves hands the opponent a win, it solves the position itself:
//! if that is not lost, the solver's move (one that keeps the win or the draw) becomes the
//! book's answer.

use std::collections::HashMap;
use std::time::Duration;

use super::board::Board;
use super::book::{Book, Key, in_parallel, key_of, plain_moves};
use super::book_learning::{replace_entries, replay_all};
use super::solver::{Value, solve_value};
use crate::rules::{Colour, Peg, Position};

/// What to audit.
#[derive(Clone, Copy, Debug)]
pub struct AuditOptions {
    /// The colour the top level played in the games.
    pub side: Colour,
    /// Positions with fewer spheres than this are left alone (too large to solve).
    pub from_plies: usize,
    /// Positions with more spheres than this are left alone.
    pub to_plies: usize,
    /// Positions fewer games reached than this are left alone.
    pub min_games: usize,
    /// The most time one position is solved for.
    pub time: Duration,
    /// Positions audited side by side (one thread each).
    pub jobs: usize,
}

/// A position the games reached: the first game's moves to it and the position they make
/// (games that reached a mirror image count too), how many games reached it, and each move
/// played there, as played in that first game's orientation, with how often.
struct Reached<'a> {
    before: &'a [Peg],
    position: Position,
    games: usize,
    played: Vec<(Peg, usize)>,
}

/// The move in `position` that leads to the position with `key` (up to symmetry), if any.
fn move_to(position: &Position, key: Key) -> Option<Peg> {
    position.legal_moves().into_iter().find(|&peg| {
        let mut child = *position;
        child.play(peg).is_ok() && key_of(&Board::from_position(&child)) == key
    })
}

/// The positions `side`'s games reached at least `min_games` times, within the plies, that
/// the book does not answer, most often reached first.
fn reached<'a>(games: &'a [Vec<Peg>], book: &Book, options: &AuditOptions) -> Vec<Reached<'a>> {
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut found: Vec<Reached> = Vec::new();
    for game in games {
        let Ok(mut position) = Position::after(&game[..options.from_plies.min(game.len())]) else {
            continue;
        };
        for ply in options.from_plies..game.len().min(options.to_plies + 1) {
            let peg = game[ply];
            if position.to_move() == options.side {
                let key = key_of(&Board::from_position(&position));
                let i = *index.entry(key).or_insert_with(|| {
                    let before = &game[..ply];
                    found.push(Reached { before, position, games: 0, played: Vec::new() });
                    found.len() - 1
                });
                let mut child = position;
                if child.play(peg).is_err() {
                    break;
                }
                let reached = &mut found[i];
                reached.games += 1;
                // A mirror image's move, turned to the first game's orientation.
                let child_key = key_of(&Board::from_position(&child));
                let Some(peg) = move_to(&reached.position, child_key) else { break };
                match reached.played.iter_mut().find(|(played, _)| *played == peg) {
                    Some((_, times)) => *times += 1,
                    None => reached.played.push((peg, 1)),
                }
            }
            if position.play(peg).is_err() {
                break;
            }
        }
    }
    found.retain(|r| {
        r.games >= options.min_games
            && !r.position.is_over()
            && book.lookup(&Board::from_position(&r.position)).is_none()
    });
    found.sort_by_key(|r| std::cmp::Reverse(r.games));
    found
}

/// Audits one position: the entry that replaces a losing move the games played there, if
/// the position is not lost.
fn audit(
    reached: &Reached,
    options: &AuditOptions,
    progress: &(dyn Fn(&str) + Sync),
) -> Option<(Key, String)> {
    let moves = plain_moves(reached.before);
    let say = |what: String| progress(format!("{moves} : {what}").trim_start());
    let mut losing = Vec::new();
    for &(peg, times) in &reached.played {
        let mut child = reached.position;
        child.play(peg).ok()?;
        if child.is_over() {
            continue; // it won at once
        }
        match solve_value(&child, Some(options.time), None).value {
            Some(Value::Win) => losing.push(format!("{peg} {times}×")),
            Some(_) => {}
            None => {
                say(format!("{} games; after {peg}, not solved in the time", reached.games));
                return None;
            }
        }
    }
    if losing.is_empty() {
        say(format!("{} games; every move played holds", reached.games));
        return None;
    }
    let losing = losing.join(", ");
    let position = reached.position;
    let solution = solve_value(&position, Some(options.time), None);
    let outcome = match (solution.value, solution.best) {
        (Some(Value::Win), Some(best)) => (best, format!("{} wins", position.to_move())),
        (Some(Value::Draw), Some(best)) => (best, "a draw".to_string()),
        (Some(Value::Loss), _) => {
            say(format!("{} games; lost whatever is played ({losing})", reached.games));
            return None;
        }
        _ => {
            say(format!("{} games; {losing} lose, the position not solved", reached.games));
            return None;
        }
    };
    let (best, outcome) = outcome;
    let line =
        format!("{moves} : {best}  # audited: {outcome}; the games played {losing}, which lose",);
    let line = line.trim_start().to_string();
    progress(&line);
    Some((key_of(&Board::from_position(&position)), line))
}

/// Audits `games`, each played by the top level as `options.side` ([`AuditOptions`]), and
/// returns the new book: `earlier` (a book's text), then an entry for each position where a
/// move the games played loses what the position held. Games that do not replay, or an
/// earlier book that does not read, are refused before any solve.
pub fn audit_own_games(
    games: &[Vec<Peg>],
    earlier: &str,
    options: &AuditOptions,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<String, String> {
    let book = Book::parse(earlier)?;
    replay_all(games)?;
    let positions = reached(games, &book, options);
    progress(&format!("{} position(s) to audit", positions.len()));
    let entries = in_parallel(&positions, options.jobs, |r| audit(r, options, progress));
    let source = format!("Audited {} games of {}'s", games.len(), options.side);
    Ok(replace_entries(
        earlier,
        &book,
        entries.into_iter().flatten().flatten(),
        &source,
        options.time,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Random;
    use crate::engine::book_proving::tests::quiet_game;
    use crate::rules::parse_moves;

    fn peg(name: &str) -> Peg {
        parse_moves(name).unwrap()[0]
    }

    fn options(side: Colour, from_plies: usize, min_games: usize) -> AuditOptions {
        let time = Duration::from_secs(10);
        AuditOptions { side, from_plies, to_plies: 64, min_games, time, jobs: 1 }
    }

    #[test]
    fn positions_are_counted_up_to_symmetry_with_each_move_played() {
        // Black reaches the position after a1 a2 three times, once as its mirror image
        // d1 d2, and plays b1 twice and, in the mirror image, b1 once: c1 as the first
        // game has it.
        let games: Vec<Vec<Peg>> = ["a1 a2 b1 b2", "a1 a2 b1 c2", "d1 d2 b1 c2"]
            .iter()
            .map(|g| parse_moves(g).unwrap())
            .collect();
        let book = Book::default();
        let found = reached(&games, &book, &options(Colour::Black, 2, 3));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].games, 3);
        assert_eq!(found[0].played, [(peg("b1"), 2), (peg("c1"), 1)]);
        // Not when fewer games reached it, not for the other colour, not before the plies,
        // not where the book answers.
        assert!(reached(&games, &book, &options(Colour::Black, 2, 4)).is_empty());
        let white = reached(&games, &book, &options(Colour::White, 2, 2));
        assert_eq!(white.len(), 1, "after a1 a2 b1");
        assert!(reached(&games, &book, &options(Colour::Black, 3, 1)).is_empty());
        let book = Book::parse("a1 a2 : b1\n").unwrap();
        assert!(reached(&games, &book, &options(Colour::Black, 2, 3)).is_empty());
    }

    #[test]
    fn a_losing_move_in_a_position_that_holds_is_replaced_by_the_solvers() {
        let mut audited = 0;
        for seed in 1..=12 {
            let Some(prefix) = quiet_game(&mut Random::seeded(seed), 48) else { continue };
            let position = Position::after(&prefix).unwrap();
            let side = position.to_move();
            // The games played, twice each, every move there: one that loses among them
            // if the position holds and any does.
            let games: Vec<Vec<Peg>> = position
                .legal_moves()
                .into_iter()
                .flat_map(|peg| [[&prefix[..], &[peg]].concat(), [&prefix[..], &[peg]].concat()])
                .collect();
            let value = solve_value(&position, None, None).value.unwrap();
            let loses = |peg: Peg| {
                let child = Position::after(&[&prefix[..], &[peg]].concat()).unwrap();
                !child.is_over() && solve_value(&child, None, None).value == Some(Value::Win)
            };
            let any_loses = position.legal_moves().into_iter().any(loses);
            let text = audit_own_games(&games, "", &options(side, 48, 2), &|_| {}).unwrap();
            let entries: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
            if value == Value::Loss || !any_loses {
                assert!(entries.is_empty(), "{value:?}: {text}");
                continue;
            }
            audited += 1;
            assert_eq!(entries.len(), 1, "{text}");
            let (moves, rest) = entries[0].split_once(" : ").unwrap();
            assert_eq!(parse_moves(moves).unwrap(), prefix);
            let best = parse_moves(&rest[..2]).unwrap()[0];
            assert!(!loses(best), "{}", entries[0]);
            assert!(entries[0].contains("which lose"), "{}", entries[0]);
        }
        assert!(audited >= 3, "only {audited} positions had a losing move to replace");
    }
}
