//! The status card: whose turn it is, or the result and its line, and whether the computer
//! is thinking.

use bevy_egui::egui;
use egui::{Align2, RichText, Sense, Vec2 as EVec2};

use super::look::{MUTED, card, heading, paint_sphere};
use crate::game::cpu::Thinking;
use crate::game::rules_state::Rules;
use crate::player::Player;
use crate::rules::{Colour, Status};

fn player_name(player: Player) -> String {
    match player {
        Player::Human => "Human".to_owned(),
        Player::Computer(level) => format!("Computer, level {level}"),
    }
}

/// The chess-style move number of the sphere played at `ply` (0-based).
fn move_number(ply: usize) -> usize {
    ply / 2 + 1
}

pub(super) fn status_card(ctx: &egui::Context, rules: &Rules, thinking: &Thinking) {
    let game = rules.game();
    egui::Area::new("status".into()).anchor(Align2::LEFT_TOP, [14.0, 14.0]).show(ctx, |ui| {
        card().show(ui, |ui| {
            ui.set_min_width(250.0);
            ui.label(heading("YONMOKU"));
            ui.add_space(4.0);
            let (colour, headline, detail) = match game.status() {
                Status::Ongoing => {
                    let colour = game.to_move();
                    (
                        Some(colour),
                        format!("{} to play", colour_name(colour)),
                        format!(
                            "{} · move {}",
                            player_name(rules.player(colour)),
                            move_number(game.ply())
                        ),
                    )
                }
                Status::Won { winner, line } => (
                    Some(winner),
                    format!("{} wins!", colour_name(winner)),
                    format!("Line {line} · move {}", move_number(game.ply() - 1)),
                ),
                Status::Draw => (None, "Draw".to_owned(), "The board is full".to_owned()),
            };
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(EVec2::splat(34.0), Sense::hover());
                match colour {
                    Some(colour) => paint_sphere(ui.painter(), rect.center(), 14.0, colour),
                    None => {
                        paint_sphere(
                            ui.painter(),
                            rect.center() - EVec2::new(6.0, 0.0),
                            10.0,
                            Colour::Black,
                        );
                        paint_sphere(
                            ui.painter(),
                            rect.center() + EVec2::new(6.0, 0.0),
                            10.0,
                            Colour::White,
                        );
                    }
                }
                ui.vertical(|ui| {
                    ui.label(RichText::new(headline).size(19.0).strong());
                    ui.label(RichText::new(detail).color(MUTED));
                });
            });
            if thinking.is_thinking() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(RichText::new("The computer is thinking…").color(MUTED));
                });
            }
        });
    });
}

pub(super) fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}
