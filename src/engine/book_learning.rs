//! Book learning from lost games. The lower levels vary only their first moves, so a line
//! the top level lost comes up again. For each lost game this searches the loser's
//! positions again, many times longer than a move's budget, from the first past the book's
//! line on, and stops at the first where the longer search chooses another move than the
//! game did: from there on the game will not repeat. Each position searched becomes a book
//! entry, so the loser keeps to the line up to that point and then leaves it.
//!
//! The longer search decides, not the game's result: the book learns where to look harder,
//! never a move that merely happened to win once. The book's own moves are not searched
//! again unless asked ([`LearnOptions::recheck_book`]): a minute's search from the opening
//! left lines the games had won 61 times in 62 at their first move, where the evaluation
//! misjudges them, for moves no game had played.
//!
//! The top level's own games, lost or not, show where to look too: a position where it
//! played different moves in different games is one where two moves score alike and the
//! time a move gets decides between them. [`settle`] lets the same longer search decide
//! between those moves, so the book answers such a position before a game's timing does.
//! It chooses only among the moves the games played: the lines they went on to are known
//! (against the arena's levels, that is most of what decides a game), and where the
//! evaluation rated such lines wrongly (it rated Black behind in lines it won 63 times of
//! 63), a move no game played would lead where nothing is known.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Duration;

use super::board::Board;
use super::book::{Book, Key, entry_line, in_parallel, key_of, plain_moves};
use crate::rules::{Colour, Peg, Position, Status};

/// How to learn.
#[derive(Clone, Copy, Debug)]
pub struct LearnOptions {
    /// Positions with more spheres than this are left to the search (and the solver).
    pub plies: usize,
    /// The first moves of every game were imposed (an arena's opening), not chosen by the
    /// loser, and are not learned from.
    pub opening_plies: usize,
    /// The search time per position.
    pub time: Duration,
    /// Games learned from side by side (one thread each).
    pub jobs: usize,
    /// Searches the positions the book answers with the game's move again too, so that a
    /// book move that lost can be replaced; otherwise learning starts past the book's line.
    pub recheck_book: bool,
}

/// The distinct games of `games` (the same game listed twice is learned once), or why one
/// cannot be learned from: every game must be a lost one.
pub(super) fn distinct_lost_games(games: &[Vec<Peg>]) -> Result<Vec<&Vec<Peg>>, String> {
    for (i, game) in games.iter().enumerate() {
        check(game).map_err(|e| format!("game {}: {e}", i + 1))?;
    }
    let mut listed = HashSet::new();
    Ok(games.iter().filter(|g| listed.insert(*g)).collect())
}

/// Why a game of `games` does not replay, if one does not.
pub(super) fn replay_all(games: &[Vec<Peg>]) -> Result<(), String> {
    for (i, game) in games.iter().enumerate() {
        Position::after(game)
            .map_err(|(m, e)| format!("game {}: move {} ({}): {e}", i + 1, m + 1, game[m]))?;
    }
    Ok(())
}

/// Why a game cannot be learned from.
fn check(game: &[Peg]) -> Result<(), String> {
    let position =
        Position::after(game).map_err(|(i, e)| format!("move {} ({}): {e}", i + 1, game[i]))?;
    match position.status() {
        Status::Won { .. } => Ok(()),
        Status::Draw => Err("the game is a draw: nobody lost".into()),
        Status::Ongoing => Err("the game is not over".into()),
    }
}

/// The positions of `game` where its loser was to move, from the first, up to `plies`
/// spheres: the moves before each and the move the loser played. Empty if nobody won.
pub(super) fn losers_choices(game: &[Peg], plies: usize) -> Vec<(&[Peg], Peg)> {
    let Ok(end) = Position::after(game) else { return Vec::new() };
    let Status::Won { winner, .. } = end.status() else { return Vec::new() };
    let mut position = Position::new();
    let mut choices = Vec::new();
    for (ply, &peg) in game.iter().enumerate().take(plies + 1) {
        if position.to_move() != winner {
            choices.push((&game[..ply], peg));
        }
        if position.play(peg).is_err() {
            break;
        }
    }
    choices
}

/// What one game taught: the entries' keys and lines, in the order of the game.
type Lesson = Vec<(Key, String)>;

/// Learns one game: searches the loser's positions in turn, past those the book answers with
/// the game's move (or, with `recheck_book`, those too), and stops after the first where the
/// search leaves the game's line, or at a book entry that already leaves it. A book position
/// is written again only where the search changes it.
fn learn_game(
    game: &[Peg],
    book: &Book,
    options: &LearnOptions,
    progress: &(dyn Fn(&str) + Sync),
) -> Lesson {
    let mut lesson = Vec::new();
    let chosen = losers_choices(game, options.plies).into_iter();
    for (before, played) in chosen.filter(|(before, _)| before.len() >= options.opening_plies) {
        let Ok(position) = Position::after(before) else { break };
        let board = Board::from_position(&position);
        let in_book = book.lookup(&board).map(super::peg_of);
        if let Some(answer) = in_book.filter(|&peg| peg != played) {
            // The book already answers this position otherwise: the game will not recur.
            let moves = plain_moves(before);
            let why = format!("the book plays {answer}, the lost game {played}: it will not recur");
            progress(format!("{moves} : {why}").trim_start());
            break;
        }
        if in_book.is_some() && !options.recheck_book {
            continue;
        }
        let Some(analysis) = super::analyse(&position, None, Some(options.time)) else { break };
        let leaves = analysis.best != played;
        let note = match (leaves, in_book.is_some()) {
            (true, true) => format!("learned: the book and the lost game played {played}"),
            (true, false) => format!("learned: the lost game played {played}"),
            (false, _) => format!("as the lost game: {played}"),
        };
        let line = entry_line(before, &analysis, &note);
        progress(&line);
        if leaves || in_book.is_none() {
            lesson.push((key_of(&board), line));
        }
        if leaves {
            break;
        }
    }
    lesson
}

/// Learns from `games`, each a finished game one side lost, `options.jobs` games at a time,
/// and returns the new book: `earlier` (a book's text) without the entries the lessons
/// change, then the lessons, one line per position. A game that is not a lost game, or an
/// earlier book that does not read, is refused before any search.
pub fn learn(
    games: &[Vec<Peg>],
    earlier: &str,
    options: &LearnOptions,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<String, String> {
    let book = Book::parse(earlier)?;
    let distinct = distinct_lost_games(games)?;
    let lessons =
        in_parallel(&distinct, options.jobs, |game| learn_game(game, &book, options, progress));
    // Games that share their first moves searched those positions each; the first game's
    // entry is kept (the longer search chose the same move, or the later game's line no
    // longer occurs past it).
    let learned = lessons.into_iter().flatten().flatten();
    let source = format!("Learned from {} lost game(s)", distinct.len());
    Ok(replace_entries(earlier, &book, learned, &source, options.time))
}

/// `earlier` (the text of `book`) without the entries for the positions `new` answers,
/// then `new` under a heading (for a position listed twice, the first entry is kept).
pub(super) fn replace_entries(
    earlier: &str,
    book: &Book,
    new: impl IntoIterator<Item = (Key, String)>,
    source: &str,
    time: Duration,
) -> String {
    let mut seen = HashSet::new();
    let new: Vec<(Key, String)> = new.into_iter().filter(|(key, _)| seen.insert(*key)).collect();
    let replaced: HashSet<usize> =
        new.iter().filter_map(|(key, _)| book.line_number(key)).collect();
    let mut text = String::new();
    for (number, line) in earlier.lines().enumerate() {
        if !replaced.contains(&number) {
            text.push_str(line);
            text.push('\n');
        }
    }
    let lines: Vec<String> = new.into_iter().map(|(_, line)| line).collect();
    append_entries(&mut text, source, time, &lines);
    text
}

/// The positions where `games` part ways: those with `side` to move, from
/// `options.opening_plies` up to `options.plies` spheres, where `side` played more than one
/// move and the book has no entry; each with the moves played there and how often, in the
/// order the games first reach them (one of a position's symmetric images only).
fn unsettled(
    games: &[Vec<Peg>],
    side: Colour,
    book: &Book,
    options: &LearnOptions,
) -> Vec<(Vec<Peg>, BTreeMap<Peg, usize>)> {
    let mut index: HashMap<&[Peg], usize> = HashMap::new();
    let mut reached: Vec<(&[Peg], BTreeMap<Peg, usize>)> = Vec::new();
    for game in games {
        let plies = options.opening_plies..game.len().min(options.plies + 1);
        for ply in plies.filter(|&ply| Colour::to_move_at(ply) == side) {
            let before = &game[..ply];
            let i = *index.entry(before).or_insert_with(|| {
                reached.push((before, BTreeMap::new()));
                reached.len() - 1
            });
            *reached[i].1.entry(game[ply]).or_default() += 1;
        }
    }
    let mut seen = HashSet::new();
    reached
        .into_iter()
        .filter(|(_, played)| played.len() > 1)
        .filter_map(|(before, played)| {
            let board = Board::from_position(&Position::after(before).ok()?);
            let new = book.lookup(&board).is_none() && seen.insert(key_of(&board));
            new.then(|| (before.to_vec(), played))
        })
        .collect()
}

/// Settles where `side`'s own games part ways ([`unsettled`]): searches each such position
/// for `options.time`, among the moves the games played there, `options.jobs` at a time,
/// and returns `earlier` (a book's text) followed by an entry for each. Games that do not
/// replay, or an earlier book that does not read, are refused before any search.
pub fn settle(
    games: &[Vec<Peg>],
    side: Colour,
    earlier: &str,
    options: &LearnOptions,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<String, String> {
    let book = Book::parse(earlier)?;
    replay_all(games)?;
    let positions = unsettled(games, side, &book, options);
    let entries = in_parallel(&positions, options.jobs, |(before, played)| {
        let position = Position::after(before).ok()?;
        let pegs: Vec<Peg> = played.keys().copied().collect();
        let analysis = super::analyse_among(&position, None, Some(options.time), &pegs)?;
        let played: Vec<String> = played.iter().map(|(peg, n)| format!("{peg} {n}×")).collect();
        let note = format!("settled: the games played {}", played.join(", "));
        let line = entry_line(before, &analysis, &note);
        progress(&line);
        Some(line)
    });
    let entries: Vec<String> = entries.into_iter().flatten().flatten().collect();
    let mut text = earlier.to_string();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    let source = format!("Settled from {} games of {side}'s", games.len());
    append_entries(&mut text, &source, options.time, &entries);
    Ok(text)
}

/// Appends new book entries to a book's text, under a heading that says where they came
/// from and how long each was searched.
fn append_entries(text: &mut String, source: &str, time: Duration, lines: &[String]) {
    let seconds = time.as_secs_f64();
    text.push_str(&format!("# {source}, {seconds} s a position: {} position(s)\n", lines.len()));
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    fn pegs(moves: &str) -> Vec<Peg> {
        parse_moves(moves).unwrap()
    }

    #[test]
    fn the_losers_choices_are_where_the_loser_was_to_move() {
        // Black wins on a1:1-d1:1 with the 7th move; White chose at plies 1, 3 and 5.
        let game = pegs("a1 a2 b1 b2 c1 c2 d1");
        let choices: Vec<(usize, Peg)> = losers_choices(&game, 64)
            .iter()
            .map(|(before, played)| (before.len(), *played))
            .collect();
        assert_eq!(choices, vec![(1, game[1]), (3, game[3]), (5, game[5])]);
        assert_eq!(losers_choices(&game, 3).len(), 2);
        // White wins with the 8th move: Black chose at plies 0, 2, 4 and 6.
        let game = pegs("a1 a2 b1 b2 c1 c2 a4 d2");
        let plies: Vec<usize> = losers_choices(&game, 64).iter().map(|(b, _)| b.len()).collect();
        assert_eq!(plies, vec![0, 2, 4, 6]);
    }

    /// The entries `learn` added or changed: the lines after its heading.
    fn learned(text: &str) -> Vec<&str> {
        text.lines().skip_while(|l| !l.starts_with("# Learned from")).skip(1).collect()
    }

    fn options(time_ms: u64, opening_plies: usize, jobs: usize) -> LearnOptions {
        let time = Duration::from_millis(time_ms);
        LearnOptions { plies: 64, opening_plies, time, jobs, recheck_book: false }
    }

    #[test]
    fn a_lost_game_teaches_the_move_that_would_have_held() {
        // White let Black complete a1:1-d1:1: after a1 a2 b1 b2 c1 it had to block on d1
        // and played c2. The first four moves count as an arena's opening, so only the
        // blunder is searched again.
        let game = pegs("a1 a2 b1 b2 c1 c2 d1");
        let earlier = "# a book\nb2 : c3\n";
        let text = learn(std::slice::from_ref(&game), earlier, &options(200, 4, 1), &|_| {})
            .expect("a lost game");
        assert!(text.starts_with(earlier), "{text}");
        let lines = learned(&text);
        assert_eq!(lines.len(), 1, "{text}");
        assert!(lines[0].starts_with("a1 a2 b1 b2 c1 : d1  # score "), "{text}");
        assert!(lines[0].ends_with("learned: the lost game played c2"), "{text}");
        assert_eq!(Book::parse(&text).expect("the new book reads").len(), 2);
        // Past the plies to learn, nothing is searched.
        let short = LearnOptions { plies: 4, ..options(200, 4, 1) };
        let text = learn(std::slice::from_ref(&game), earlier, &short, &|_| {}).unwrap();
        assert!(learned(&text).is_empty(), "{text}");
    }

    #[test]
    fn a_book_move_the_longer_search_changes_is_replaced() {
        // The blunder itself was the book's move: asked to, the lesson rechecks it and the
        // new book answers d1 there, in place of the old entry.
        let game = pegs("a1 a2 b1 b2 c1 c2 d1");
        let earlier = "a1 a2 b1 b2 c1 : c2  # a bad entry\nb2 : c3\n";
        let recheck = LearnOptions { recheck_book: true, ..options(200, 4, 1) };
        let text = learn(std::slice::from_ref(&game), earlier, &recheck, &|_| {}).unwrap();
        assert!(!text.contains("a bad entry"), "{text}");
        assert!(text.starts_with("b2 : c3\n"), "{text}");
        let lines = learned(&text);
        assert_eq!(lines.len(), 1, "{text}");
        assert!(lines[0].ends_with("learned: the book and the lost game played c2"), "{text}");
        let book = Book::parse(&text).expect("no position twice");
        let position = Position::after(&pegs("a1 a2 b1 b2 c1")).unwrap();
        let cell = book.lookup(&Board::from_position(&position)).unwrap();
        assert_eq!(super::super::peg_of(cell), pegs("d1")[0]);
        // Unless asked, the book's move is trusted and nothing is learned.
        let text = learn(&[game], earlier, &options(200, 4, 1), &|_| {}).unwrap();
        assert!(text.contains("a bad entry") && learned(&text).is_empty(), "{text}");
    }

    #[test]
    fn learning_starts_past_the_books_line_unless_asked_to_recheck_it() {
        // The book answers White's first two choices with the game's moves; only the third,
        // the blunder, is searched. Rechecking the book searches from White's first choice.
        let game = pegs("a1 a2 b1 b2 c1 c2 d1");
        let earlier = "a1 : a2\na1 a2 b1 : b2\n";
        let searched = |recheck_book| {
            let lines = std::sync::Mutex::new(Vec::new());
            let options = LearnOptions { recheck_book, ..options(50, 0, 1) };
            let progress = |line: &str| lines.lock().unwrap().push(line.to_string());
            let text = learn(std::slice::from_ref(&game), earlier, &options, &progress).unwrap();
            (lines.into_inner().unwrap(), text)
        };
        let (lines, text) = searched(false);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("a1 a2 b1 b2 c1 : d1 "), "{lines:?}");
        assert_eq!(learned(&text), [lines[0].as_str()], "{text}");
        assert!(text.starts_with(earlier), "{text}");
        let (lines, _) = searched(true);
        assert!(lines[0].starts_with("a1 : "), "{lines:?}");
    }

    #[test]
    fn each_lesson_follows_its_game_up_to_the_one_move_it_changes() {
        // Two lost games sharing White's first choice, learned side by side with no book:
        // each position gets one entry, every entry but a game's last keeps the game's
        // move, and the last changes it.
        let games = [pegs("a1 a2 b1 b2 c1 c2 d1"), pegs("a1 a2 b1 c2 c1 b2 d1")];
        let text = learn(&games, "", &options(100, 0, 2), &|_| {}).unwrap();
        // A position listed twice would not read.
        let book = Book::parse(&text).expect("the lessons read as a book");
        assert_eq!(book.len(), learned(&text).len());
        for game in &games {
            let mut changed = 0;
            for (before, played) in losers_choices(game, 64) {
                let position = Position::after(before).unwrap();
                let Some(cell) = book.lookup(&Board::from_position(&position)) else { break };
                if super::super::peg_of(cell) != played {
                    changed += 1;
                    break;
                }
            }
            assert_eq!(changed, 1, "{text}");
        }
    }

    #[test]
    fn learning_stops_where_the_book_already_leaves_the_line() {
        let game = pegs("a1 a2 b1 b2 c1 c2 d1");
        let earlier = "a1 : d4\n";
        let said = std::sync::Mutex::new(Vec::new());
        let progress = |line: &str| said.lock().unwrap().push(line.to_string());
        let text = learn(&[game.clone(), game], earlier, &options(50, 0, 1), &progress).unwrap();
        assert!(text.starts_with(earlier) && learned(&text).is_empty(), "{text}");
        let said = said.into_inner().unwrap();
        let why = "a1 : the book plays d4, the lost game a2: it will not recur";
        assert_eq!(said, [why], "{said:?}");
        assert!(text.contains("1 lost game(s)"), "{text}");
    }

    #[test]
    fn games_nobody_lost_and_bad_books_are_refused() {
        let won = pegs("a1 a2 b1 b2 c1 c2 d1");
        for (games, earlier, says) in [
            (vec![pegs("a1 a2")], "", "game 1: the game is not over"),
            (vec![won.clone(), pegs("b2")], "", "game 2: the game is not over"),
            (vec![won], "b2 : b9\n", "book line 1"),
        ] {
            let error = learn(&games, earlier, &options(50, 0, 1), &|_| {}).unwrap_err();
            assert!(error.starts_with(says), "{error}");
        }
    }

    #[test]
    fn positions_where_the_games_part_ways_are_found_once_for_their_side() {
        // Black wins on level 1 in all three. It chose b1 in one game and c1 in another
        // after a1 a2; White answered a1 with a2 twice and a3 once; every other position
        // comes up once.
        let games = [
            pegs("a1 a2 b1 b2 c1 c2 d1"),
            pegs("a1 a2 c1 b2 b1 c2 d1"),
            pegs("a1 a3 b1 b2 c1 c2 d1"),
        ];
        let found = |side, book: &str, opening_plies, plies| {
            let book = Book::parse(book).unwrap();
            let options = LearnOptions { plies, ..options(0, opening_plies, 1) };
            unsettled(&games, side, &book, &options)
        };
        let black = found(Colour::Black, "", 0, 64);
        assert_eq!(black.len(), 1, "{black:?}");
        assert_eq!(black[0].0, pegs("a1 a2"));
        let played: Vec<(Peg, usize)> = black[0].1.iter().map(|(p, n)| (*p, *n)).collect();
        assert_eq!(played, vec![(pegs("b1")[0], 1), (pegs("c1")[0], 1)]);
        let white = found(Colour::White, "", 0, 64);
        assert_eq!(white.len(), 1, "{white:?}");
        assert_eq!(white[0].0, pegs("a1"));
        assert_eq!(white[0].1.get(&pegs("a2")[0]), Some(&2));
        // Not where the book answers, before the opening's end or past the plies.
        assert!(found(Colour::Black, "a1 a2 : b1\n", 0, 64).is_empty());
        assert!(found(Colour::Black, "", 3, 64).is_empty());
        assert!(found(Colour::Black, "", 0, 1).is_empty());
        assert_eq!(found(Colour::Black, "", 2, 2).len(), 1);
    }

    #[test]
    fn settling_adds_one_searched_entry_for_each_position_where_games_part_ways() {
        let games = [pegs("a1 a2 b1 b2 c1 c2 d1"), pegs("a1 a2 c1 b2 b1 c2 d1")];
        let earlier = "b2 : c3";
        let text = settle(&games, Colour::Black, earlier, &options(100, 0, 1), &|_| {}).unwrap();
        assert!(text.starts_with("b2 : c3\n# Settled from 2 games of Black's"), "{text}");
        let lines: Vec<&str> = text.lines().skip(2).collect();
        assert_eq!(lines.len(), 1, "{text}");
        let settled = ["a1 a2 : b1 ", "a1 a2 : c1 "];
        assert!(settled.iter().any(|start| lines[0].starts_with(start)), "{text}");
        assert!(lines[0].ends_with("settled: the games played b1 1×, c1 1×"), "{text}");
        assert_eq!(Book::parse(&text).expect("the new book reads").len(), 2);
        // A game that does not replay is refused.
        let error = settle(
            &[pegs("a1 a2"), vec![pegs("a1")[0]; 5]],
            Colour::Black,
            "",
            &options(50, 0, 1),
            &|_| {},
        )
        .unwrap_err();
        assert!(error.starts_with("game 2: move 5 (a1)"), "{error}");
    }
}
