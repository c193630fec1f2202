//! The top level's opening book: for positions of the first few moves, the move a search
//! many times longer than a move's budget chose (`yonmoku book` builds it, into
//! `assets/book.txt`). The same opening positions come up game after game, so a deeper look
//! there can be paid for once, ahead of time, and level 6 answers them at once. (Against
//! level 6 without it: 51–1–44 over 96 games, no measurable gain; README, Strength.)
//!
//! Positions are stored up to symmetry, so each entry answers for all 8 images.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::board::Board;
use super::symmetry::{canonical, map_cell, unmap_cell};
use crate::rules::{Peg, Position, parse_moves, parse_peg};

/// A position's book key: the least image of (side to move's spheres, opponent's).
pub(super) type Key = (u64, u64);

/// The key of `board`'s position, the same for all its images.
pub(super) fn key_of(board: &Board) -> Key {
    key_and_symmetry(board).0
}

fn key_and_symmetry(board: &Board) -> (Key, usize) {
    let (own, other, s) = canonical(board.own, board.other);
    ((own, other), s)
}

/// One position's entry.
#[derive(Debug)]
struct Entry {
    /// The move's landing cell, in the key's orientation.
    cell: u8,
    /// The line as written, so that a new build can keep it.
    line: String,
    /// Its place in the book, so that a new build keeps the entries it does not reach
    /// (learned ones) in their order.
    number: usize,
}

/// Book moves by position.
#[derive(Debug, Default)]
pub struct Book {
    entries: HashMap<Key, Entry>,
}

impl Book {
    /// Reads a book: one entry per line, `MOVES : PEG` and optional notes after the peg;
    /// `#` starts a comment. Every entry must be a legal position and move, and no
    /// position may appear twice (up to symmetry).
    pub fn parse(text: &str) -> Result<Book, String> {
        let mut entries = HashMap::new();
        for (number, written) in text.lines().enumerate() {
            let line = written.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let at = |what: String| format!("book line {}: {what}", number + 1);
            let (position_text, answer) =
                line.split_once(':').ok_or_else(|| at("expected `MOVES : PEG`".into()))?;
            let pegs = parse_moves(position_text).map_err(|e| at(e.to_string()))?;
            let position = Position::after(&pegs)
                .map_err(|(i, e)| at(format!("move {} ({}): {e}", i + 1, pegs[i])))?;
            if position.is_over() {
                return Err(at("the game is over".into()));
            }
            let peg_text = answer.split_whitespace().next().unwrap_or("");
            let peg = parse_peg(peg_text).map_err(|e| at(e.to_string()))?;
            let cell = { position }.play(peg).map_err(|e| at(format!("{peg}: {e}")))?;
            let (key, s) = key_and_symmetry(&Board::from_position(&position));
            let entry =
                Entry { cell: map_cell(cell.index(), s), line: written.trim().to_string(), number };
            if entries.insert(key, entry).is_some() {
                return Err(at("the position (or a mirror image of it) is listed twice".into()));
            }
        }
        Ok(Book { entries })
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's landing cell (one bit) for `board`, if it has one.
    pub fn lookup(&self, board: &Board) -> Option<u64> {
        self.lookup_with_line(board).map(|(cell, _)| cell)
    }

    /// The line number (from 0) of the entry for the position with `key`, if any.
    pub(super) fn line_number(&self, key: &Key) -> Option<usize> {
        self.entries.get(key).map(|entry| entry.number)
    }

    /// The entry's line for `key` as written.
    pub(super) fn line(&self, key: &Key) -> Option<&str> {
        self.entries.get(key).map(|entry| entry.line.as_str())
    }

    /// The landing cell for `board` and the entry's line as written.
    fn lookup_with_line(&self, board: &Board) -> Option<(u64, &str)> {
        let (key, s) = key_and_symmetry(board);
        let entry = self.entries.get(&key)?;
        Some((1 << unmap_cell(entry.cell, s), entry.line.as_str()))
    }
}

/// The book the game ships.
pub const SHIPPED_TEXT: &str = include_str!("../../assets/book.txt");

/// The shipped book, read once. A book that does not read (a test makes sure it does) is
/// treated as empty: the engine then searches, as it would without one.
pub fn shipped() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| Book::parse(SHIPPED_TEXT).unwrap_or_default())
}

/// How to build a book.
#[derive(Clone, Copy, Debug)]
pub struct BuildOptions {
    /// Every position with at most this many spheres (and at least one) gets an entry,
    /// whoever reached it.
    pub every_position_plies: usize,
    /// Past that, positions up to this many spheres get one where the book's side chose
    /// the book's move and the other side answered with one of its likeliest replies.
    pub plies: usize,
    /// How many replies count as likely (best first, by a short search).
    pub replies: usize,
    /// The search time per entry.
    pub time: Duration,
    /// Searches run side by side.
    pub jobs: usize,
}

/// The depth of the short search that ranks the other side's replies.
const REPLY_DEPTH: i32 = 8;

/// One position to search: its moves from the start, and the position.
struct Pending {
    pegs: Vec<Peg>,
    position: Position,
}

/// Builds a book (its text, comments included), keeping the entries `earlier` has for the
/// positions it reaches instead of searching them again, and after them those it does not
/// reach (the ones learned from lost games); `progress` hears of each entry (its number,
/// the total at that ply, the line written).
pub fn build(
    options: &BuildOptions,
    earlier: &Book,
    progress: &(dyn Fn(usize, usize, &str) + Sync),
) -> String {
    let mut text = String::new();
    let mut seen: HashSet<Key> = HashSet::new();
    // The positions to search at the current ply.
    let mut level: Vec<Pending> = vec![Pending { pegs: Vec::new(), position: Position::new() }];
    // For each ply so far, the positions searched and their book moves.
    let mut searched: Vec<Vec<(Vec<Peg>, Peg)>> = Vec::new();
    for ply in 0..=options.plies {
        if ply > 0 {
            // (Every first move counts: the book's side may be White.)
            level = if ply <= options.every_position_plies.max(1) {
                // Every position: all children of the previous ply's positions.
                let parents = searched[ply - 1].iter().map(|(pegs, _)| pegs.clone());
                every_child(parents)
            } else {
                // The book move from two plies back, then each likely reply.
                searched[ply - 2]
                    .iter()
                    .flat_map(|(pegs, book)| likely_replies(pegs, *book, options.replies))
                    .collect()
            };
        }
        level.retain(|p| {
            let key = key_and_symmetry(&Board::from_position(&p.position)).0;
            !p.position.is_over() && seen.insert(key)
        });
        let results = search_all(&level, options, earlier, progress);
        let _ = writeln!(text, "# {} sphere(s): {} position(s)", ply, level.len());
        let mut row = Vec::new();
        for (pending, result) in level.iter().zip(results) {
            let Some((peg, line)) = result else { continue };
            text.push_str(&line);
            text.push('\n');
            row.push((pending.pegs.clone(), peg));
        }
        searched.push(row);
    }
    let mut kept: Vec<&Entry> =
        earlier.entries.iter().filter(|(key, _)| !seen.contains(*key)).map(|(_, e)| e).collect();
    if !kept.is_empty() {
        kept.sort_by_key(|entry| entry.number);
        let _ = writeln!(text, "# Kept from the earlier book: {} position(s)", kept.len());
        for entry in kept {
            text.push_str(&entry.line);
            text.push('\n');
        }
    }
    text
}

/// Every position one move on from each of `parents`.
fn every_child(parents: impl Iterator<Item = Vec<Peg>>) -> Vec<Pending> {
    let mut out = Vec::new();
    for pegs in parents {
        let Ok(position) = Position::after(&pegs) else { continue };
        for peg in position.legal_moves() {
            let mut child = position;
            if child.play(peg).is_ok() {
                let mut line = pegs.clone();
                line.push(peg);
                out.push(Pending { pegs: line, position: child });
            }
        }
    }
    out
}

/// The positions after `book` is played from `pegs` and the other side answers with one of
/// its `count` best replies by a short search.
fn likely_replies(pegs: &[Peg], book: Peg, count: usize) -> Vec<Pending> {
    let mut line = pegs.to_vec();
    line.push(book);
    let Ok(after_book) = Position::after(&line) else { return Vec::new() };
    if after_book.is_over() {
        return Vec::new();
    }
    let mut distinct = HashSet::new();
    super::rank_moves(&after_book, REPLY_DEPTH)
        .into_iter()
        .filter_map(|(reply, _)| {
            let mut position = after_book;
            position.play(reply).ok()?;
            let mut pegs = line.clone();
            pegs.push(reply);
            Some(Pending { pegs, position })
        })
        // Mirror images of one reply count once.
        .filter(|p| {
            let key = key_and_symmetry(&Board::from_position(&p.position)).0;
            distinct.insert(key)
        })
        .take(count)
        .collect()
}

/// `b2 c3 a1`: the moves without numbers, one position per line reading well.
pub(super) fn plain_moves(pegs: &[Peg]) -> String {
    pegs.iter().map(Peg::to_string).collect::<Vec<_>>().join(" ")
}

/// Searches each position for the book's time, `jobs` at a time: the book move and the
/// entry's line.
fn search_all(
    level: &[Pending],
    options: &BuildOptions,
    earlier: &Book,
    progress: &(dyn Fn(usize, usize, &str) + Sync),
) -> Vec<Option<(Peg, String)>> {
    let done = AtomicUsize::new(0);
    let report = |line: &str| progress(done.fetch_add(1, Ordering::Relaxed) + 1, level.len(), line);
    let results = in_parallel(level, options.jobs, |pending| {
        let board = Board::from_position(&pending.position);
        if let Some((cell, line)) = earlier.lookup_with_line(&board) {
            report(line);
            return Some((super::peg_of(cell), line.to_string()));
        }
        let analysis = super::analyse(&pending.position, None, Some(options.time))?;
        let line = entry_line(&pending.pegs, &analysis, "");
        report(&line);
        Some((analysis.best, line))
    });
    results.into_iter().map(Option::flatten).collect()
}

/// A book line for the position after `pegs`: the search's move, score and depth, then
/// `note`.
pub(super) fn entry_line(pegs: &[Peg], analysis: &super::Analysis, note: &str) -> String {
    let score = analysis.score.map_or("?".to_string(), |s| s.to_string());
    let line = format!(
        "{} : {}  # score {score}, depth {}",
        plain_moves(pegs),
        analysis.best,
        analysis.depth
    );
    let line = if note.is_empty() { line } else { format!("{line}, {note}") };
    line.trim_start().to_string()
}

/// `work` applied to every item, `jobs` items at a time (one thread each), in the items'
/// order; `None` where a worker failed.
pub(super) fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<Option<R>> {
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        mine.push((i, work(item)));
                    }
                    mine
                })
            })
            .collect();
        for worker in workers {
            for (i, result) in worker.join().unwrap_or_default() {
                results[i] = Some(result);
            }
        }
    });
    results
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::SYMMETRIES;

    fn board(moves: &str) -> Board {
        Board::from_position(&Position::after(&parse_moves(moves).unwrap()).unwrap())
    }

    #[test]
    fn the_shipped_book_reads_and_covers_the_first_moves() {
        let book = Book::parse(SHIPPED_TEXT).unwrap();
        assert!(!book.is_empty());
        // The empty board and every first move (up to symmetry) are in it.
        assert!(book.lookup(&board("")).is_some());
        for first in ["a1", "b1", "b2"] {
            assert!(book.lookup(&board(first)).is_some(), "{first}");
        }
    }

    #[test]
    fn every_shipped_move_is_legal() {
        let book = shipped();
        for line in SHIPPED_TEXT.lines().filter(|l| !l.trim_start().starts_with('#')) {
            let Some((moves, _)) = line.split_once(':') else { continue };
            let b = board(moves);
            let cell = book.lookup(&b).expect("listed");
            assert_eq!(cell & b.legal(), cell, "{moves}");
        }
    }

    #[test]
    fn mirror_images_get_the_mirrored_move() {
        let book = Book::parse("b1 a1 : c1\n").unwrap();
        let pegs = parse_moves("b1 a1").unwrap();
        for symmetry in SYMMETRIES {
            let turn = |p: Peg| Peg::new(symmetry.peg(p.index())).unwrap();
            let image: Vec<Peg> = pegs.iter().map(|&p| turn(p)).collect();
            let position = Position::after(&image).unwrap();
            let cell = book.lookup(&Board::from_position(&position)).expect("an image");
            let expected = turn(parse_peg("c1").unwrap());
            assert_eq!(cell.trailing_zeros() % 16, expected.index() as u32);
        }
        assert_eq!(book.lookup(&board("b1 a2")), None);
    }

    #[test]
    fn bad_books_are_refused_with_the_line() {
        for (text, says) in [
            ("b2 c3 b2\n", "line 1"),
            ("b2 : z9\n", "line 1"),
            ("# fine\nb2 c3 : b5\n", "line 2"),
            ("b2 b2 b2 b2 : b2\n", "line 1"),
            ("a1 : b2\nd4 : c3\n", "twice"),
        ] {
            let error = Book::parse(text).unwrap_err();
            assert!(error.contains(says), "{text:?}: {error}");
        }
    }
}
