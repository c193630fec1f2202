//! The board as text: four 4×4 layers side by side, level 1 (段1) on the left.
//!
//! `●` Black, `○` White, `·` empty; the last move is in brackets `[●]`, the cells of a
//! winning line in angle brackets `<●>`.

use crate::rules::{Cell, Colour, Position, Status};

pub fn layers(position: &Position, last_move: Option<Cell>) -> String {
    let line_mask = match position.status() {
        Status::Won { line, .. } => line.mask(),
        _ => 0,
    };
    let mut out = String::new();
    for z in 0..4 {
        out.push_str(&format!("  level {} (段{})    ", z + 1, z + 1));
    }
    out.push('\n');
    for y in (0..4u8).rev() {
        for z in 0..4u8 {
            out.push_str(&format!("{} ", y + 1));
            for x in 0..4u8 {
                let cell = Cell::from_xyz(x, y, z).expect("on the board");
                let stone = match position.at(cell) {
                    Some(Colour::Black) => '●',
                    Some(Colour::White) => '○',
                    None => '·',
                };
                let (open, close) = if last_move == Some(cell) {
                    ('[', ']')
                } else if line_mask & cell.bit() != 0 {
                    ('<', '>')
                } else {
                    (' ', ' ')
                };
                out.push(open);
                out.push(stone);
                out.push(close);
            }
            out.push_str("   ");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    for _ in 0..4 {
        out.push_str("   a  b  c  d    ");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// One line on where the game stands: whose turn, or the result and the line.
pub fn status_line(position: &Position) -> String {
    match position.status() {
        Status::Ongoing => format!(
            "Move {}: {} ({}) to play",
            position.ply() + 1,
            position.to_move(),
            symbol(position.to_move())
        ),
        Status::Won { winner, line } => {
            format!("{winner} ({}) wins along {line} on move {}", symbol(winner), position.ply())
        }
        Status::Draw => "Draw: the board is full".to_string(),
    }
}

pub fn symbol(colour: Colour) -> char {
    match colour {
        Colour::Black => '●',
        Colour::White => '○',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, parse_moves};

    #[test]
    fn layers_show_spheres_on_their_levels_and_mark_the_last_move() {
        let game = Game::from_moves(&parse_moves("b2 b2").unwrap()).unwrap();
        let text = layers(game.position(), game.last_move());
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 6);
        // Rank 2 is the third row; level 1 shows ● on b, level 2 shows the marked ○.
        assert!(rows[3].starts_with("2  ·  ●  ·  · "), "{text}");
        assert!(rows[3].contains("[○]"), "{text}");
    }
}
