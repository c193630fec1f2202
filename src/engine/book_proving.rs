//! Book entries the solver proves from lost games. Walking a lost game back from its end,
//! the loser's positions are solved in turn (win, draw or loss, up to a time limit each):
//! the latest one the loser was not losing is where its move lost the game, and the
//! solver's move there, one that keeps the win or the draw, becomes the book's answer.
//!
//! Learning by a longer search ([`super::book_learning`]) judges, and its evaluation can
//! misjudge a line; a proof cannot. It costs time instead, more the further back the losing
//! move lies, so a game whose losing move is further back than the time limit reaches is
//! left unproved, and says so. One thing is proved even then: where the loser's next
//! position was lost whatever it played, the move that led there lost (the winner's reply
//! refuted it). Any other move is at least as good, so the entry becomes the best of the
//! others by a search as long as the solve (none, where no other move is left). Whether a
//! solve near the limit finishes depends on timing, so what an earlier pass proved there is
//! read back from its entry's note and kept.
//!
//! Games of one opening reach the same positions, or mirror images of them, and a position
//! not solved in time costs the whole limit: each is solved once for all the games.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use super::analyse_among;
use super::board::Board;
use super::book::{Book, Key, entry_line, in_parallel, key_of, plain_moves};
use super::book_learning::{distinct_lost_games, losers_choices, replace_entries};
use super::solver::{Value, solve_value};
use crate::rules::{Peg, Position, parse_moves};

/// How to prove.
#[derive(Clone, Copy, Debug)]
pub struct ProveOptions {
    /// The first moves of every game were imposed (an arena's opening): positions before
    /// them are not solved.
    pub opening_plies: usize,
    /// The most time one position is solved for.
    pub time: Duration,
    /// Games proved side by side (one thread each).
    pub jobs: usize,
}

/// What walking one lost game back found.
enum Finding<'g> {
    /// The entry that answers the position where the loser's move lost with the solver's
    /// move instead.
    Proved(Key, String),
    /// A position not solved in time where the loser's move lost all the same: the loser's
    /// next position was lost whatever it played. With the keys of the position and of the
    /// one the move led to.
    Refuted { key: Key, before: &'g [Peg], after: Key, seconds: f64 },
    /// Nothing: the losing move lies further back than a solve in time reaches, or another
    /// game proved it.
    Unproved,
}

/// What solving a position found, kept for every game that reaches it (by key).
#[derive(Clone, Copy)]
struct Solved {
    value: Option<Value>,
    seconds: f64,
}

/// The solves of all the games walked back, by key; a game that reaches a position another
/// is solving waits for that solve.
type Solves = Mutex<HashMap<Key, Arc<OnceLock<Solved>>>>;

/// A solve as one game's walk sees it.
struct Seen {
    solved: Solved,
    /// Whether this walk did the solve; if not, it reuses another game's.
    here: bool,
    /// A move that achieves the value, from a solve done here only: another game's may have
    /// been of a mirror image.
    best: Option<Peg>,
}

/// `position` (whose key is `key`) solved, once for all the games.
fn solve_once(solves: &Solves, key: Key, position: &Position, time: Duration) -> Seen {
    let cell = {
        let mut solves = solves.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(solves.entry(key).or_default())
    };
    let mut done_here = None;
    let solved = *cell.get_or_init(|| {
        let solution = solve_value(position, Some(time), None);
        done_here = Some(solution.best);
        Solved { value: solution.value, seconds: solution.elapsed.as_secs_f64() }
    });
    Seen { solved, here: done_here.is_some(), best: done_here.flatten() }
}

/// Walks `game` back from its end, solving the loser's positions in turn, until one is not
/// lost or not solved in time.
fn walk_back<'g>(
    game: &'g [Peg],
    options: &ProveOptions,
    solves: &Solves,
    progress: &(dyn Fn(&str) + Sync),
) -> Finding<'g> {
    // Whether the loser's next position (two plies on) was proved lost.
    let mut next_lost = false;
    for (before, played) in losers_choices(game, game.len()).into_iter().rev() {
        if before.len() < options.opening_plies {
            break;
        }
        let Ok(position) = Position::after(before) else { break };
        let key = key_of(&Board::from_position(&position));
        let seen = solve_once(solves, key, &position, options.time);
        let seconds = seen.solved.seconds;
        let again = if seen.here { "" } else { " for another game" };
        let moves = plain_moves(before);
        match (seen.solved.value, seen.here, seen.best) {
            (Some(Value::Loss), _, _) => {
                let said = format!("{moves} : lost whatever is played ({seconds:.1} s{again})");
                progress(said.trim_start());
                next_lost = true;
            }
            (Some(_), false, _) => {
                progress(format!("{moves} : proved for another game").trim_start());
                return Finding::Unproved;
            }
            (Some(value), true, Some(best)) => {
                let outcome = match value {
                    Value::Win => format!("{} wins", position.to_move()),
                    _ => "a draw".to_string(),
                };
                let line = format!(
                    "{moves} : {best}  # proved: {outcome} ({seconds:.1} s), the lost game played {played}"
                );
                let line = line.trim_start().to_string();
                progress(&line);
                return Finding::Proved(key, line);
            }
            _ if next_lost => {
                let Some(after) = key_after(&position, played) else { break };
                let said = format!(
                    "{moves} : not proved in {seconds:.1} s{again}, but {played} lost: another move will be searched"
                );
                progress(said.trim_start());
                return Finding::Refuted { key, before, after, seconds };
            }
            _ => {
                let said = format!(
                    "{moves} : not proved in {seconds:.1} s{again}: the losing move lies further back"
                );
                progress(said.trim_start());
                return Finding::Unproved;
            }
        }
    }
    Finding::Unproved
}

/// A position not solved in time, with the moves the lost games refuted there.
struct Refuted<'g> {
    key: Key,
    before: &'g [Peg],
    /// The positions those moves led to (keys, so that a move played in a mirror image of
    /// the position, or a mirror image of a move, counts too).
    after: HashSet<Key>,
    seconds: f64,
}

/// How a refuted-move entry's note names the moves proved to lose: "proved: X and Y lose"
/// then this.
const REFUTED_BY_GAMES: &str = ", as lost games showed";

/// The positions the moves an entry of `book` for `key` names as proved to lose lead to (see
/// [`REFUTED_BY_GAMES`]; `None` where the entry is not such an entry).
fn refuted_before(book: &Book, key: &Key) -> Option<HashSet<Key>> {
    let (moves, note) = book.line(key)?.split_once(" : ")?;
    let (_, named) = note.split_once("proved: ")?;
    let (named, _) = named.split_once(REFUTED_BY_GAMES)?;
    let named = named.strip_suffix(" loses").or_else(|| named.strip_suffix(" lose"))?;
    let position = Position::after(&parse_moves(moves).ok()?).ok()?;
    let pegs = parse_moves(&named.replace(" and ", " ")).ok()?;
    Some(pegs.into_iter().filter_map(|peg| key_after(&position, peg)).collect())
}

/// The key of the position after `peg` is played in `position`.
fn key_after(position: &Position, peg: Peg) -> Option<Key> {
    let mut next = *position;
    next.play(peg).ok()?;
    Some(key_of(&Board::from_position(&next)))
}

/// The entry for a position not solved in time whose games' moves are refuted: the best of
/// the other moves by a search of `options.time` (any of them is at least as good), unless
/// none is left.
fn leave_refuted(refuted: &Refuted, options: &ProveOptions) -> Option<(Key, String)> {
    let position = Position::after(refuted.before).ok()?;
    let (lost, others): (Vec<Peg>, Vec<Peg>) =
        position.legal_moves().into_iter().partition(|&peg| {
            key_after(&position, peg).is_some_and(|key| refuted.after.contains(&key))
        });
    if others.is_empty() {
        return None;
    }
    let analysis = analyse_among(&position, None, Some(options.time), &others)?;
    if !others.contains(&analysis.best) {
        // Every other move loses at once: the search fell back on a refuted one.
        return None;
    }
    let lost: Vec<String> = lost.iter().map(Peg::to_string).collect();
    let verb = if lost.len() == 1 { "loses" } else { "lose" };
    let note = format!(
        "proved: {} {verb}{REFUTED_BY_GAMES} (the next position was lost whatever was played); this one was not solved in {:.1} s",
        lost.join(" and "),
        refuted.seconds
    );
    Some((refuted.key, entry_line(refuted.before, &analysis, &note)))
}

/// Proves where each of `games` (finished games one side lost) was lost, `options.jobs` games
/// at a time, and returns the new book: `earlier` (a book's text) without the entries the
/// proofs change, then the proved entries. A position where the losing move lies further
/// back than a solve in time reaches, but where the games' moves are refuted, gets the best
/// of the others (all the games that reach it count). A game that is not a lost game, or an
/// earlier book that does not read, is refused before any solve.
pub fn prove(
    games: &[Vec<Peg>],
    earlier: &str,
    options: &ProveOptions,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<String, String> {
    let book = Book::parse(earlier)?;
    let distinct = distinct_lost_games(games)?;
    let solves = Solves::default();
    let findings =
        in_parallel(&distinct, options.jobs, |game| walk_back(game, options, &solves, progress));
    let mut proved = Vec::new();
    let mut refuted: Vec<Refuted> = Vec::new();
    for finding in findings.into_iter().flatten() {
        match finding {
            Finding::Proved(key, line) => proved.push((key, line)),
            Finding::Refuted { key, before, after, seconds } => {
                match refuted.iter_mut().find(|r| r.key == key) {
                    Some(same) => {
                        same.after.insert(after);
                    }
                    None => refuted.push(Refuted {
                        key,
                        before,
                        after: HashSet::from([after]),
                        seconds,
                    }),
                }
            }
            Finding::Unproved => {}
        }
    }
    // A position one game proved needs no search.
    refuted.retain(|r| !proved.iter().any(|(key, _)| *key == r.key));
    for refuted in &mut refuted {
        refuted.after.extend(refuted_before(&book, &refuted.key).unwrap_or_default());
    }
    let left = in_parallel(&refuted, options.jobs, |refuted| {
        let entry = leave_refuted(refuted, options);
        if let Some((_, line)) = &entry {
            progress(line);
        }
        entry
    });
    proved.extend(left.into_iter().flatten().flatten());
    let source = format!("Proved from {} lost game(s)", distinct.len());
    Ok(replace_entries(earlier, &book, proved, &source, options.time))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::Random;
    use crate::rules::{SYMMETRIES, Status};

    fn options(time_ms: u64, opening_plies: usize) -> ProveOptions {
        ProveOptions { opening_plies, time: Duration::from_millis(time_ms), jobs: 1 }
    }

    /// `plies` random moves from the empty board, none that ends the game (`None` if that
    /// cannot be done).
    pub(in crate::engine) fn quiet_game(random: &mut Random, plies: usize) -> Option<Vec<Peg>> {
        let mut position = Position::new();
        let mut game = Vec::new();
        while game.len() < plies {
            let quiet: Vec<Peg> = position
                .legal_moves()
                .into_iter()
                .filter(|&peg| {
                    let mut next = position;
                    next.play(peg).is_ok() && next.status() == Status::Ongoing
                })
                .collect();
            let peg = *quiet.get(random.below(quiet.len().max(1)))?;
            position.play(peg).ok()?;
            game.push(peg);
        }
        Some(game)
    }

    /// A game lost late: [`quiet_game`] to 48 spheres, then the side to move plays at random
    /// and the other the solver's moves. `None` if the random side did not lose.
    fn lost_late(seed: u64) -> Option<Vec<Peg>> {
        let mut random = Random::seeded(seed);
        let mut game = quiet_game(&mut random, 48)?;
        let mut position = Position::after(&game).ok()?;
        let random_side = position.to_move();
        while position.status() == Status::Ongoing {
            let peg = if position.to_move() == random_side {
                let legal = position.legal_moves();
                legal[random.below(legal.len())]
            } else {
                solve_value(&position, None, None).best?
            };
            position.play(peg).ok()?;
            game.push(peg);
        }
        let won = matches!(position.status(), Status::Won { winner, .. } if winner != random_side);
        won.then_some(game)
    }

    /// The value for the side to move after `moves`.
    fn value_after(moves: &[Peg]) -> Option<Value> {
        solve_value(&Position::after(moves).ok()?, None, None).value
    }

    #[test]
    fn the_proved_move_keeps_what_the_lost_games_move_threw_away() {
        let mut proved = 0;
        for seed in 1..=40 {
            let Some(game) = lost_late(seed) else { continue };
            let lines = std::sync::Mutex::new(Vec::new());
            let progress = |line: &str| lines.lock().unwrap().push(line.to_string());
            let text = prove(std::slice::from_ref(&game), "", &options(10_000, 48), &progress)
                .expect("a lost game");
            let book = Book::parse(&text).expect("the new book reads");
            let Some(entry) = text.lines().find(|l| !l.starts_with('#')) else {
                // Every position the random side had from 48 spheres on was lost already.
                assert!(book.is_empty(), "{text}");
                continue;
            };
            proved += 1;
            let (moves, rest) = entry.split_once(" : ").expect("an entry");
            let before = parse_moves(moves).unwrap();
            let best = parse_moves(&rest[..2]).unwrap()[0];
            let played = game[before.len()];
            assert!(game.starts_with(&before) && best != played, "{entry}");
            assert!(entry.contains(&format!("the lost game played {played}")), "{entry}");
            // The proved move leaves the opponent no win; the game's move gave it one.
            let with = |peg| [&before[..], &[peg]].concat();
            assert_ne!(value_after(&with(best)), Some(Value::Win), "{entry}");
            assert_eq!(value_after(&with(played)), Some(Value::Win), "{entry}");
            // Every later position of the loser was lost whatever it played.
            let later = lines.into_inner().unwrap();
            assert!(later[..later.len() - 1].iter().all(|l| l.contains("lost whatever")));
        }
        assert!(proved >= 3, "only {proved} of the games had a move to prove");
    }

    #[test]
    fn a_position_two_games_reach_is_proved_once() {
        // A lost game and its mirror image reach the same positions by key: the
        // second walk reuses the first one's solves and leaves its entry to it.
        for seed in 1..=40 {
            let Some(game) = lost_late(seed) else { continue };
            let alone = prove(std::slice::from_ref(&game), "", &options(10_000, 48), &|_| {})
                .expect("a lost game");
            if !alone.lines().any(|l| !l.starts_with('#')) {
                continue;
            }
            let mirror = SYMMETRIES[1];
            let mirrored: Vec<Peg> =
                game.iter().filter_map(|peg| Peg::new(mirror.peg(peg.index()))).collect();
            let said = std::sync::Mutex::new(Vec::new());
            let progress = |line: &str| said.lock().unwrap().push(line.to_string());
            let both = prove(&[game, mirrored], "", &options(10_000, 48), &progress).unwrap();
            let entries = |text: &str| -> Vec<String> {
                text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect()
            };
            assert_eq!(entries(&both), entries(&alone), "{both}");
            let said = said.into_inner().unwrap();
            let fresh = said.iter().filter(|l| !l.contains("for another game")).count();
            assert_eq!(fresh * 2, said.len(), "{said:?}");
            assert!(said.last().unwrap().ends_with(" : proved for another game"), "{said:?}");
            return;
        }
        panic!("no game had a move to prove");
    }

    #[test]
    fn a_position_not_solved_in_time_leaves_the_game_unproved() {
        // White lost by not blocking d1 after a1 a2 b1 b2 c1: the position before the
        // blunder cannot be solved in no time, so nothing is proved, and the book is kept.
        let game = parse_moves("a1 a2 b1 b2 c1 c2 d1").unwrap();
        let earlier = "b2 : c3\n";
        let said = std::sync::Mutex::new(Vec::new());
        let progress = |line: &str| said.lock().unwrap().push(line.to_string());
        let text = prove(&[game.clone(), game], earlier, &options(0, 0), &progress).unwrap();
        assert_eq!(text, "b2 : c3\n# Proved from 1 lost game(s), 0 s a position: 0 position(s)\n");
        let said = said.into_inner().unwrap();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with("a1 a2 b1 b2 c1 : not proved in "), "{said:?}");
        // A game nobody lost is refused.
        let error = prove(&[parse_moves("a1 a2").unwrap()], "", &options(0, 0), &|_| {});
        assert_eq!(error.unwrap_err(), "game 1: the game is not over");
    }

    #[test]
    fn a_move_that_led_to_a_lost_position_is_left_even_unproved() {
        // After b1 b3 c1 c3 a2 b4 a3, Black's a1 would make two threats (d1 and a4). White
        // played c4 and lost; the position after a1 is lost whatever White plays, so c4
        // lost, though the position before it is too large to solve in 50 ms. The entry
        // answers it with another move, found by a search: one of the three that take a
        // cell of the two threats (a1, d1 or a4), where every other move loses.
        let game = parse_moves("b1 b3 c1 c3 a2 b4 a3 c4 a1 d1 a4").unwrap();
        let said = std::sync::Mutex::new(Vec::new());
        let progress = |line: &str| said.lock().unwrap().push(line.to_string());
        let text = prove(&[game], "", &options(50, 0), &progress).unwrap();
        let entries: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(entries.len(), 1, "{text}");
        let (moves, rest) = entries[0].split_once(" : ").expect("an entry");
        assert_eq!(moves, "b1 b3 c1 c3 a2 b4 a3");
        assert!(["a1", "d1", "a4"].contains(&&rest[..2]), "{text}");
        assert!(entries[0].contains("proved: c4 loses, as lost games showed"), "{text}");
        let said = said.into_inner().unwrap();
        assert!(said[0].starts_with("b1 b3 c1 c3 a2 b4 a3 c4 a1 : lost whatever"), "{said:?}");
        assert!(said[1].starts_with("b1 b3 c1 c3 a2 b4 a3 : not proved in "), "{said:?}");
        assert!(said[1].ends_with(", but c4 lost: another move will be searched"), "{said:?}");
        assert_eq!(said.len(), 3, "{said:?}");
    }

    #[test]
    fn the_moves_every_lost_game_refuted_at_a_position_are_left_together() {
        // Three games reach the position before White's blunder: the first game, its mirror
        // image (a↔d, b↔c), whose b4 is the first game's c4, and one where White played d2.
        // One entry answers them all, naming the two moves refuted there (in its own
        // orientation: the mirror image's b4 is c4).
        let games: Vec<Vec<Peg>> = [
            "b1 b3 c1 c3 a2 b4 a3 c4 a1 d1 a4",
            "c1 c3 b1 b3 d2 c4 d3 b4 d1 a1 d4",
            "b1 b3 c1 c3 a2 b4 a3 d2 a1 d1 a4",
        ]
        .into_iter()
        .map(|game| parse_moves(game).unwrap())
        .collect();
        let said = std::sync::Mutex::new(Vec::new());
        let progress = |line: &str| said.lock().unwrap().push(line.to_string());
        let text = prove(&games, "", &options(50, 0), &progress).unwrap();
        let entries: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(entries.len(), 1, "{text}");
        let (moves, rest) = entries[0].split_once(" : ").expect("an entry");
        assert_eq!(moves, "b1 b3 c1 c3 a2 b4 a3");
        assert!(["a1", "d1", "a4"].contains(&&rest[..2]), "{text}");
        assert!(rest.contains("proved: d2 and c4 lose, as lost games showed"), "{text}");
        // What that pass proved is kept by the next one, which has the first game only.
        let next = prove(&games[..1], &text, &options(50, 0), &|_| {}).unwrap();
        let entries: Vec<&str> = next.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(entries.len(), 1, "{next}");
        assert!(entries[0].contains("proved: d2 and c4 lose, as lost games showed"), "{next}");
        // The position all three reach, and the one after a1 that the first two reach (as
        // mirror images), were solved once.
        let said = said.into_inner().unwrap();
        let shared = said.iter().filter(|l| l.contains("for another game")).count();
        assert_eq!(shared, 3, "{said:?}");
        let solved = said.iter().filter(|l| l.contains(" s, but ") || l.contains(" s)")).count();
        assert_eq!(solved, 3, "{said:?}");
    }
}
