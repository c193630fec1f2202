//! The side panel: the four levels as the terminal draws them (a click plays there), and
//! the move list (a click shows the game up to that move).

use bevy_egui::egui;
use egui::{Align2, Color32, CornerRadius, Pos2, RichText, Sense, Stroke, Vec2 as EVec2};

use super::Requests;
use super::look::{ACCENT, MUTED, card, heading, paint_sphere};
use crate::game::requests::{GoToRequested, MoveRequested};
use crate::game::rules_state::Rules;
use crate::rules::{Cell, Peg, Status};

/// The move list's height in a tall window, and the least it shrinks to (three rows).
const MAX_LIST: f32 = 260.0;
const MIN_LIST: f32 = 72.0;

/// Where the move list must end: above the toolbar (as egui placed it last frame, or where
/// it will be, before it has been drawn), less the gap and the card's own margin.
fn list_bottom(ctx: &egui::Context) -> f32 {
    let toolbar_top = ctx
        .memory(|m| m.area_rect(egui::Id::new("toolbar")))
        .map_or(ctx.content_rect().bottom() - 60.0, |r| r.top());
    toolbar_top - 10.0 - 13.0
}

pub(super) fn side_panel(ctx: &egui::Context, rules: &Rules, requests: &mut Requests) {
    let game = rules.game();
    egui::Area::new("moves".into()).anchor(Align2::RIGHT_TOP, [-14.0, 14.0]).show(ctx, |ui| {
        card().show(ui, |ui| {
            ui.set_width(236.0);
            ui.label(heading("LAYERS"));
            layer_view(ui, rules, requests);
            ui.add_space(6.0);
            ui.label(heading("MOVES"));
            let line = game.full_line();
            if line.is_empty() {
                ui.label(RichText::new("No moves yet. Click a peg to drop a sphere.").color(MUTED));
            }
            // The list's height is its own, not what the card had room for last frame: an
            // area keeps its last size, and a list squeezed into it once stayed squeezed,
            // its first row scrolled half out of sight. It ends above the toolbar, so that
            // in a short window the card does not run over it.
            let height = (list_bottom(ctx) - ui.cursor().top()).clamp(MIN_LIST, MAX_LIST);
            let list = egui::ScrollArea::vertical().max_height(height).min_scrolled_height(height);
            list.stick_to_bottom(true).show(ui, |ui| {
                egui::Grid::new("move list").num_columns(3).spacing([10.0, 2.0]).show(ui, |ui| {
                    for (pair, pegs) in line.chunks(2).enumerate() {
                        ui.label(RichText::new(format!("{}.", pair + 1)).color(MUTED).monospace());
                        for (i, peg) in pegs.iter().enumerate() {
                            let ply = pair * 2 + i + 1;
                            let on_board = ply <= game.ply();
                            let current = ply == game.ply();
                            let mut text = RichText::new(peg.to_string()).monospace();
                            if !on_board {
                                text = text.color(Color32::from_rgb(0x7A, 0x6A, 0x5A));
                            }
                            if current {
                                text = text.strong().color(ACCENT);
                            }
                            if ui
                                .selectable_label(current, text)
                                .on_hover_text("Show the game up to here")
                                .clicked()
                            {
                                requests.go_to.write(GoToRequested { ply });
                            }
                        }
                        ui.end_row();
                    }
                });
            });
        });
    });
}

/// Four 4×4 grids, levels 1–4, as the terminal shows them; a click plays on that peg.
fn layer_view(ui: &mut egui::Ui, rules: &Rules, requests: &mut Requests) {
    let game = rules.game();
    let position = game.position();
    let last = game.last_move();
    let line_mask = match game.status() {
        Status::Won { line, .. } => line.mask(),
        _ => 0,
    };
    let cell_size = 22.0;
    let grid = cell_size * 4.0;
    egui::Grid::new("layers").num_columns(2).spacing([18.0, 8.0]).show(ui, |ui| {
        for z in 0..4u8 {
            if z == 2 {
                ui.end_row();
            }
            ui.vertical(|ui| {
                ui.label(RichText::new(format!("Level {}", z + 1)).small().color(MUTED));
                let (rect, response) = ui.allocate_exact_size(EVec2::splat(grid), Sense::click());
                let painter = ui.painter_at(rect.expand(2.0));
                painter.rect_filled(
                    rect,
                    CornerRadius::same(5),
                    Color32::from_rgb(0x6E, 0x4A, 0x2C),
                );
                let hovered_peg = response.hover_pos().and_then(|p| peg_at(rect.min, cell_size, p));
                for y in 0..4u8 {
                    for x in 0..4u8 {
                        let cell = Cell::from_xyz(x, y, z).expect("on the board");
                        let centre = rect.min
                            + EVec2::new(
                                (f32::from(x) + 0.5) * cell_size,
                                (3.5 - f32::from(y)) * cell_size,
                            );
                        let landing = position.landing_cell(cell.peg()) == Some(cell);
                        if hovered_peg == Some(cell.peg())
                            && landing
                            && game.status() == Status::Ongoing
                        {
                            painter.circle_filled(
                                centre,
                                cell_size * 0.36,
                                Color32::from_white_alpha(60),
                            );
                        }
                        match position.at(cell) {
                            Some(colour) => {
                                paint_sphere(&painter, centre, cell_size * 0.36, colour)
                            }
                            None => {
                                painter.circle_filled(
                                    centre,
                                    2.0,
                                    Color32::from_rgb(0x3A, 0x26, 0x17),
                                );
                            }
                        }
                        if line_mask & cell.bit() != 0 {
                            painter.circle_stroke(
                                centre,
                                cell_size * 0.45,
                                Stroke::new(2.0, ACCENT),
                            );
                        } else if last == Some(cell) {
                            painter.circle_stroke(
                                centre,
                                cell_size * 0.45,
                                Stroke::new(1.5, Color32::from_rgb(0xFF, 0xD0, 0x70)),
                            );
                        }
                    }
                }
                if response.clicked()
                    && let Some(peg) =
                        response.interact_pointer_pos().and_then(|p| peg_at(rect.min, cell_size, p))
                {
                    requests.moves.write(MoveRequested::human(peg));
                }
            });
        }
    });
}

fn peg_at(origin: Pos2, cell_size: f32, point: Pos2) -> Option<Peg> {
    let local = (point - origin) / cell_size;
    let (x, y) = (local.x.floor(), 3.0 - local.y.floor());
    if !(0.0..4.0).contains(&x) || !(0.0..4.0).contains(&y) {
        return None;
    }
    Peg::from_xy(x as u8, y as u8)
}
