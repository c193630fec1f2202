//! Reading and writing pegs (`b3`), cells (`b3:2`), lines (`a1:1-d4:4`) and move lists.

use super::coords::{Cell, Peg};
use super::error::ParseError;
use super::lines::Line;

/// Reads one peg, `a1`…`d4`, in either case, surrounding spaces ignored.
pub fn parse_peg(text: &str) -> Result<Peg, ParseError> {
    let trimmed = text.trim();
    let bad = || ParseError::BadPeg { column: 1, found: trimmed.to_string() };
    let mut chars = trimmed.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(file), Some(rank), None) => peg_from_chars(file, rank).ok_or_else(bad),
        _ => Err(bad()),
    }
}

fn peg_from_chars(file: char, rank: char) -> Option<Peg> {
    let x = match file.to_ascii_lowercase() {
        f @ 'a'..='d' => f as u8 - b'a',
        _ => return None,
    };
    let y = match rank {
        r @ '1'..='4' => r as u8 - b'1',
        _ => return None,
    };
    Peg::from_xy(x, y)
}

/// Reads a cell, `b3:2` (peg, colon, level 1–4).
pub fn parse_cell(text: &str) -> Result<Cell, ParseError> {
    let trimmed = text.trim();
    let bad = || ParseError::BadCell(trimmed.to_string());
    let (peg, level) = trimmed.split_once(':').ok_or_else(bad)?;
    let peg = parse_peg(peg).map_err(|_| bad())?;
    let z = match level.trim() {
        l @ ("1" | "2" | "3" | "4") => l.as_bytes()[0] - b'1',
        _ => return Err(bad()),
    };
    Ok(peg.cell_at(z))
}

/// Reads a line by its end cells, `a1:1-d4:4`, in either order.
pub fn parse_line(text: &str) -> Result<Line, ParseError> {
    let trimmed = text.trim();
    let bad = || ParseError::BadLine(trimmed.to_string());
    let (from, to) = trimmed.split_once('-').ok_or_else(bad)?;
    let (from, to) = (parse_cell(from).map_err(|_| bad())?, parse_cell(to).map_err(|_| bad())?);
    Line::all()
        .find(|line| {
            let cells = line.cells();
            (cells[0], cells[3]) == (from, to) || (cells[0], cells[3]) == (to, from)
        })
        .ok_or_else(bad)
}

/// Reads a move list: pegs separated by spaces or commas, or run together (`b2c3a1`),
/// in either case. Move numbers (`1.`, `12...`) are skipped.
pub fn parse_moves(text: &str) -> Result<Vec<Peg>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut pegs = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if i < chars.len() && chars[i] == '.' {
                while i < chars.len() && chars[i] == '.' {
                    i += 1;
                }
            } else {
                return Err(bad_token(&chars, start));
            }
        } else {
            let peg = chars.get(i + 1).and_then(|&rank| peg_from_chars(c, rank));
            match peg {
                Some(peg) => pegs.push(peg),
                None => return Err(bad_token(&chars, i)),
            }
            i += 2;
        }
    }
    Ok(pegs)
}

fn bad_token(chars: &[char], start: usize) -> ParseError {
    let found: String =
        chars[start..].iter().take_while(|c| !c.is_whitespace() && **c != ',').take(12).collect();
    ParseError::BadPeg { column: start + 1, found }
}

/// Writes moves with move numbers: `1. b2 c3 2. a1`.
pub fn format_moves(pegs: &[Peg]) -> String {
    let mut out = String::new();
    for (i, peg) in pegs.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if i % 2 == 0 {
            out.push_str(&format!("{}. ", i / 2 + 1));
        }
        out.push_str(&peg.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(pegs: &[Peg]) -> Vec<String> {
        pegs.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn move_lists_may_be_spaced_run_together_or_upper_case() {
        let expected = vec!["b2", "c3", "a1"];
        assert_eq!(names(&parse_moves("b2 c3 a1").unwrap()), expected);
        assert_eq!(names(&parse_moves("b2c3a1").unwrap()), expected);
        assert_eq!(names(&parse_moves("B2C3A1").unwrap()), expected);
        assert_eq!(names(&parse_moves(" 1. b2 c3 2. A1\n").unwrap()), expected);
        assert_eq!(names(&parse_moves("b2,c3,a1").unwrap()), expected);
        assert!(parse_moves("").unwrap().is_empty());
    }

    #[test]
    fn bad_moves_say_where() {
        assert_eq!(
            parse_moves("b2 e5 a1"),
            Err(ParseError::BadPeg { column: 4, found: "e5".into() })
        );
        assert_eq!(parse_moves("b2 c"), Err(ParseError::BadPeg { column: 4, found: "c".into() }));
        assert!(parse_moves("b2 12 c3").is_err());
        assert!(parse_moves("b0").is_err());
        assert!(parse_moves("ß2").is_err());
    }

    #[test]
    fn pegs_cells_and_lines_round_trip() {
        for peg in Peg::all() {
            assert_eq!(parse_peg(&peg.to_string()), Ok(peg));
        }
        for cell in Cell::all() {
            assert_eq!(parse_cell(&cell.to_string()), Ok(cell));
        }
        for line in Line::all() {
            assert_eq!(parse_line(&line.to_string()), Ok(line));
        }
        assert_eq!(parse_line("d4:4-a1:1").unwrap().to_string(), "a1:1-d4:4");
        assert!(parse_line("a1:1-b3:2").is_err());
        assert!(parse_cell("b3:5").is_err());
        assert!(parse_peg("b33").is_err());
    }

    #[test]
    fn moves_are_written_with_numbers() {
        let pegs = parse_moves("b2 c3 a1").unwrap();
        assert_eq!(format_moves(&pegs), "1. b2 c3 2. a1");
        assert_eq!(parse_moves(&format_moves(&pegs)).unwrap(), pegs);
    }
}
