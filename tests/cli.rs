//! The terminal commands, run as a user would run them.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// `yonmoku ARGS` started with its stdin, stdout and stderr piped.
fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_yonmoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

fn yonmoku(args: &[&str], stdin: &str) -> Output {
    let mut child = spawn(args);
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect()
}

#[test]
fn analyze_json_reports_a_win_with_its_line() {
    let out = yonmoku(&["analyze", "a1 b2 b1 c2 c1 d2 d1", "--json"], "");
    assert!(out.status.success());
    let v = &json_lines(&out)[0];
    assert_eq!(v["ply"], 7);
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["status"], "black_won");
    assert_eq!(v["line"], serde_json::json!(["a1:1", "b1:1", "c1:1", "d1:1"]));
    assert_eq!(v["legal"], serde_json::json!([]));
}

#[test]
fn analyze_reads_stdin_answers_every_line_and_fails_if_any_line_failed() {
    let input = "\nb2 c3\nb2 b2 b2 b2 b2\nB2C3\nnonsense\n";
    let out = yonmoku(&["analyze", "--json"], input);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["ply"], 0);
    assert_eq!(lines[0]["to_move"], "black");
    assert_eq!(lines[0]["legal"].as_array().unwrap().len(), 16);
    assert_eq!(lines[0]["line"], serde_json::Value::Null);
    assert_eq!(lines[1]["ply"], 2);
    assert_eq!(lines[1]["status"], "ongoing");
    assert_eq!(lines[2]["error"], "move 5 (b2): peg b2 is full");
    assert_eq!(lines[3], lines[1]);
    assert!(lines[4]["error"].is_string());
}

#[test]
fn analyze_and_solve_answer_each_line_of_stdin_before_the_next_arrives() {
    // A program feeding positions one at a time waits for each answer before it sends the
    // next: the answer must come while stdin is still open.
    for args in [&["analyze", "--json", "--depth", "4"][..], &["solve", "--json"]] {
        let first = first_answer_while_stdin_is_open(args);
        let v: serde_json::Value = serde_json::from_str(&first).expect("one JSON object");
        assert_eq!(v["best"], "a4", "{args:?}: {first}");
    }
}

/// The first line `yonmoku ARGS` writes once one position (Black wins at a4) is sent with
/// stdin left open; panics if none comes.
fn first_answer_while_stdin_is_open(args: &[&str]) -> String {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut first);
        let _ = sender.send(first);
    });
    stdin.write_all(b"a1 b1 a2 b2 a3 b3\n").unwrap();
    stdin.flush().unwrap();
    // Generous: the answer takes milliseconds; held back in a buffer, it never comes.
    let first = receiver.recv_timeout(std::time::Duration::from_secs(60));
    drop(stdin);
    child.wait().unwrap();
    first.unwrap_or_else(|_| panic!("{args:?}: no answer while stdin was open"))
}

#[test]
fn analyze_lists_legal_pegs_in_peg_index_order() {
    let out = yonmoku(&["analyze", "--json", "d4 d4 d4 d4"], "");
    let legal: Vec<String> = json_lines(&out)[0]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let expected: Vec<String> =
        ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3"]
            .iter()
            .chain(["a4", "b4", "c4"].iter())
            .map(|s| s.to_string())
            .collect();
    assert_eq!(legal, expected);
}

#[test]
fn show_prints_layers_result_and_line() {
    let dir = std::env::temp_dir().join(format!("yonmoku-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.s4r");
    std::fs::write(&good, "[Black \"Ann\"]\n1. a1 b1 2. a1 b1 3. a1 b1 4. a1 1-0\n").unwrap();
    let out = yonmoku(&["show", good.to_str().unwrap()], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("level 4"), "{text}");
    assert!(text.contains("Black (●) wins along a1:1-a1:4 on move 7"), "{text}");
    assert!(text.contains("Result: 1-0"), "{text}");

    let bad = dir.join("bad.s4r");
    std::fs::write(&bad, "1. b2 b2 2. b2 b2 3. b2\n").unwrap();
    let out = yonmoku(&["show", bad.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1, move 5 (b2): peg b2 is full"), "{err}");
    std::fs::write(&bad, [0xff, 0xfe, 0x00]).unwrap();
    let out = yonmoku(&["show", bad.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn text_plays_a_whole_game_and_names_winner_line_and_move() {
    // Black builds a1:1-d1:1; White answers on rank 2, once with row,col input; bad input
    // and a full peg get a message and a new prompt.
    let input = "a1\nb2\nzz\nb1\n2,3\nc1\nd2\nd1\n";
    let out = yonmoku(&["text"], input);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("\"zz\" is not a peg"), "{text}");
    assert!(text.contains("Black (●) wins along a1:1-d1:1 on move 7"), "{text}");
}

#[test]
fn text_quits_on_request() {
    let out = yonmoku(&["text"], "b2\nquit\nc3\n");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("White (○) >"), "{text}");
    assert!(!text.contains("Move 3"), "{text}");
}

#[test]
fn book_builds_a_book_that_reads_back_and_reuses_an_earlier_one() {
    let dir = std::env::temp_dir().join(format!("yonmoku-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = ["book", "--every", "1", "--plies", "2", "--replies", "2", "--time", "0.05"];
    let out = yonmoku(&args, "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let entries: Vec<&str> =
        text.lines().filter(|l| !l.trim_start().starts_with('#') && !l.is_empty()).collect();
    // The empty board, the three first moves up to symmetry, then the book move after
    // each first move answered by up to two distinct replies.
    assert!(entries.len() >= 5 && entries.len() <= 10, "{text}");
    let book = yonmoku::engine::Book::parse(&text).expect("the book reads back");
    assert_eq!(book.len(), entries.len());

    // Built again from it, every entry is kept as it was, and so is one the build does not
    // reach (as one learned from a lost game).
    let earlier = dir.join("book.txt");
    let learned = "a1 a2 b1 b2 c1 : d1  # learned";
    std::fs::write(&earlier, format!("{text}{learned}\n")).unwrap();
    let mut again = args.to_vec();
    again.extend(["--reuse", earlier.to_str().unwrap()]);
    let out = yonmoku(&again, "");
    assert!(out.status.success());
    let rebuilt = String::from_utf8(out.stdout).unwrap();
    for entry in entries.iter().chain([&learned]) {
        assert!(rebuilt.lines().any(|l| l == *entry), "{entry} kept");
    }

    // A corrupt earlier book is refused with its line, and nothing is printed.
    std::fs::write(&earlier, "b2 : b9\n").unwrap();
    let out = yonmoku(&again, "");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn book_learns_from_a_lost_game_as_the_arena_prints_it() {
    let dir = std::env::temp_dir().join(format!("yonmoku-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // White lost by not blocking d1 after a1 a2 b1 b2 c1; the book answers White's first two
    // choices with the game's moves, so learning starts past them, at the blunder.
    let earlier = dir.join("book.txt");
    let earlier_text = "# a small book\na1 : a2\na1 a2 b1 : b2\n";
    std::fs::write(&earlier, earlier_text).unwrap();
    let games = dir.join("lost.txt");
    std::fs::write(&games, "game 3: 1. a1 a2 2. b1 b2 3. c1 c2 4. d1 1-0\n").unwrap();
    let args = ["book", "--learn", games.to_str().unwrap(), "--reuse", earlier.to_str().unwrap()];
    let out = yonmoku(&[&args[..], &["--time", "0.2"]].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("] a1 : "), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(earlier_text), "{text}");
    let learned: Vec<&str> = text.lines().skip(3).filter(|l| !l.starts_with('#')).collect();
    assert_eq!(learned.len(), 1, "{text}");
    assert!(learned[0].starts_with("a1 a2 b1 b2 c1 : d1 "), "{text}");
    yonmoku::engine::Book::parse(&text).expect("the new book reads");
    // Asked to recheck the book, it searches from White's first choice.
    let out = yonmoku(&[&args[..], &["--time", "0.2", "--recheck-book"]].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("] a1 : "), "{out:?}");

    // A game nobody lost is refused before any search, and nothing is printed.
    std::fs::write(&games, "1. a1 a2 2. b1 b2 1-0\n").unwrap();
    let out = yonmoku(&args, "");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"), "{out:?}");
    std::fs::write(&games, "1. a1 a2 2. b1 b2 *\n").unwrap();
    let out = yonmoku(&args, "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("game 1: the game is not over"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn book_proves_where_a_lost_game_was_lost_or_says_it_could_not() {
    let dir = std::env::temp_dir().join(format!("yonmoku-prove-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let earlier = dir.join("book.txt");
    std::fs::write(&earlier, "# a small book\nb2 : c3\n").unwrap();
    // White's blunder (c2, not d1) lies 59 empty cells deep: no proof in a millisecond.
    let games = dir.join("lost.txt");
    std::fs::write(&games, "game 3: 1. a1 a2 2. b1 b2 3. c1 c2 4. d1 1-0\n").unwrap();
    let args = ["book", "--prove", games.to_str().unwrap(), "--reuse", earlier.to_str().unwrap()];
    let out = yonmoku(&[&args[..], &["--time", "0.001"]].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# a small book\nb2 : c3\n# Proved from 1 lost game(s)"), "{text}");
    assert!(text.ends_with(": 0 position(s)\n"), "{text}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("a1 a2 b1 b2 c1 : not proved in "), "{said}");
    // Not with --learn.
    let out = yonmoku(&[&args[..], &["--learn", games.to_str().unwrap()]].concat(), "");
    assert!(!out.status.success() && out.stdout.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn book_audits_the_positions_the_games_reach_often_enough() {
    let dir = std::env::temp_dir().join(format!("yonmoku-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let earlier = dir.join("book.txt");
    std::fs::write(&earlier, "# a small book\nb2 : c3\n").unwrap();
    // Two games reach the position after a1 a2 b1 b2 c1 c2 (6 plies) with Black to move,
    // which wins at once in both: nothing needs a solve.
    let games = dir.join("games.txt");
    let lines = "game 1: 1. a1 a2 2. b1 b2 3. c1 c2 4. d1 1-0\n\
                 game 2: 1. a1 a2 2. b1 b2 3. c1 c2 4. d1 1-0\n";
    std::fs::write(&games, lines).unwrap();
    let args = ["book", "--audit", games.to_str().unwrap(), "--reuse", earlier.to_str().unwrap()];
    let at = ["--from-ply", "6", "--min-games", "2", "--time", "1"];
    let out = yonmoku(&[&args[..], &at[..]].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# a small book\nb2 : c3\n# Audited 2 games of Black's"), "{text}");
    assert!(text.ends_with(": 0 position(s)\n"), "{text}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("1 position(s) to audit"), "{said}");
    assert!(said.contains("2 games; every move played holds"), "{said}");
    // Reached by two games, not three.
    let at = ["--from-ply", "6", "--min-games", "3", "--time", "1"];
    let out = yonmoku(&[&args[..], &at[..]].concat(), "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 position(s) to audit"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn book_settles_where_the_top_levels_games_part_ways() {
    let dir = std::env::temp_dir().join(format!("yonmoku-settle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let earlier = dir.join("book.txt");
    let earlier_text = "# a small book\nb2 : c3\n";
    std::fs::write(&earlier, earlier_text).unwrap();
    // Black answered a1 a2 with b1 in one game and c1 in the other.
    let games = dir.join("games.txt");
    let lines = "game 1: 1. a1 a2 2. b1 b2 3. c1 c2 4. d1 1-0\n\
                 game 2: 1. a1 a2 2. c1 b2 3. b1 c2 4. d1 1-0\n";
    std::fs::write(&games, lines).unwrap();
    let args = ["book", "--settle", games.to_str().unwrap(), "--reuse", earlier.to_str().unwrap()];
    let out = yonmoku(&[&args[..], &["--time", "0.2", "--side", "black"]].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(earlier_text), "{text}");
    let settled: Vec<&str> = text.lines().skip(2).filter(|l| !l.starts_with('#')).collect();
    assert_eq!(settled.len(), 1, "{text}");
    assert!(settled[0].starts_with("a1 a2 : "), "{text}");
    yonmoku::engine::Book::parse(&text).expect("the new book reads");

    // White played a2 both times: nothing to settle. A colour that is none is refused.
    let out = yonmoku(&[&args[..], &["--time", "0.2", "--side", "white"]].concat(), "");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("0 position(s)\n"), "{text}");
    let out = yonmoku(&[&args[..], &["--side", "purple"]].concat(), "");
    assert!(!out.status.success() && out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a colour"), "{out:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bench_refuses_a_search_build_this_cpu_does_not_run_and_names_those_it_does() {
    let out = yonmoku(&["bench", "--build", "sse9"], "");
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("no search build \"sse9\""), "{message}");
    assert!(message.contains("portable"), "every CPU runs the portable build: {message}");
    assert!(out.stdout.is_empty(), "nothing was measured");
}
