//! The egui overlay: whose turn, the result, refused moves, the move list, the layer view,
//! the toolbar, the settings and the new-game dialog. Everything here is read from the rules
//! resource; every button sends a request.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::{
    Align2, Color32, CornerRadius, Frame, Margin, Pos2, RichText, Sense, Stroke, Vec2 as EVec2,
};

use super::GameSet;
use super::camera::CameraView;
use super::cpu::{Hint, HintRequested, Thinking};
use super::keys::ctrl_held;
use super::requests::{
    GoToRequested, MoveRequested, NewGameRequested, RedoRequested, RequestRefused, UndoRequested,
};
use super::rules_state::Rules;
use super::settings::Settings;
use crate::player::{MAX_LEVEL, Player};
use crate::rules::{Cell, Colour, Peg, Status};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudState>()
        .add_systems(Update, (collect_refusals, hud_keys).in_set(GameSet::View))
        .add_systems(EguiPrimaryContextPass, draw_hud);
}

/// Seconds a refused-move message stays on screen.
const MESSAGE_SECONDS: f32 = 3.5;

const INK: Color32 = Color32::from_rgb(0xF3, 0xE6, 0xD3);
const MUTED: Color32 = Color32::from_rgb(0xB8, 0xA4, 0x8C);
const ACCENT: Color32 = Color32::from_rgb(0xE8, 0xA8, 0x4A);
const CARD: Color32 = Color32::from_rgba_premultiplied(0x1C, 0x15, 0x11, 0xE6);

#[derive(Resource, Debug)]
struct HudState {
    messages: Vec<(String, f32)>,
    settings_open: bool,
    new_game_open: bool,
    choice: [Player; 2],
    random_sides: bool,
    styled: bool,
}

impl Default for HudState {
    fn default() -> HudState {
        HudState {
            messages: Vec::new(),
            settings_open: false,
            new_game_open: false,
            choice: [Player::Human, Player::Computer(3)],
            random_sides: false,
            styled: false,
        }
    }
}

fn collect_refusals(
    time: Res<Time>,
    mut refused: MessageReader<RequestRefused>,
    mut hud: ResMut<HudState>,
) {
    let now = time.elapsed_secs();
    for message in refused.read() {
        let text = capitalised(&message.reason);
        hud.messages.retain(|(m, _)| *m != text);
        hud.messages.push((text, now + MESSAGE_SECONDS));
    }
    if hud.messages.iter().any(|(_, until)| *until <= now) {
        hud.messages.retain(|(_, until)| *until > now);
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// H hint, T threats, M move list, Escape closes dialogs.
fn hud_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut hud: ResMut<HudState>,
    mut settings: ResMut<Settings>,
    mut hints: MessageWriter<HintRequested>,
) {
    if egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let ctrl = ctrl_held(&keys);
    if ctrl {
        return;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hints.write(HintRequested);
    }
    if keys.just_pressed(KeyCode::KeyT) {
        settings.show_threats = !settings.show_threats;
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.show_moves = !settings.show_moves;
    }
    if keys.just_pressed(KeyCode::Escape) {
        hud.settings_open = false;
        hud.new_game_open = false;
    }
}

#[derive(SystemParam)]
struct Requests<'w> {
    moves: MessageWriter<'w, MoveRequested>,
    undo: MessageWriter<'w, UndoRequested>,
    redo: MessageWriter<'w, RedoRequested>,
    go_to: MessageWriter<'w, GoToRequested>,
    new_game: MessageWriter<'w, NewGameRequested>,
    views: MessageWriter<'w, CameraView>,
    hints: MessageWriter<'w, HintRequested>,
}

#[allow(clippy::too_many_arguments)]
fn draw_hud(
    mut contexts: EguiContexts,
    rules: Res<Rules>,
    thinking: Res<Thinking>,
    hint: Res<Hint>,
    mut settings: ResMut<Settings>,
    mut hud: ResMut<HudState>,
    mut requests: Requests,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !hud.styled {
        style(ctx);
        hud.styled = true;
    }
    status_card(ctx, &rules, &thinking);
    toolbar(ctx, &rules, &hint, &mut settings, &mut hud, &mut requests);
    if settings.show_moves {
        side_panel(ctx, &rules, &mut requests);
    }
    messages(ctx, &hud);
    settings_window(ctx, &mut settings, &mut hud);
    new_game_window(ctx, &rules, &mut hud, &mut requests);
    Ok(())
}

fn style(ctx: &egui::Context) {
    ctx.set_theme(egui::Theme::Dark);
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        style.text_styles = [
            (TextStyle::Heading, FontId::new(22.0, FontFamily::Proportional)),
            (TextStyle::Body, FontId::new(15.0, FontFamily::Proportional)),
            (TextStyle::Button, FontId::new(15.0, FontFamily::Proportional)),
            (TextStyle::Small, FontId::new(12.0, FontFamily::Proportional)),
            (TextStyle::Monospace, FontId::new(14.0, FontFamily::Monospace)),
        ]
        .into();
        style.spacing.item_spacing = EVec2::new(8.0, 6.0);
        style.spacing.button_padding = EVec2::new(10.0, 5.0);
        let v = &mut style.visuals;
        v.override_text_color = Some(INK);
        v.window_fill = CARD;
        v.panel_fill = CARD;
        v.window_stroke = Stroke::new(1.0, Color32::from_rgb(0x4A, 0x3A, 0x2E));
        v.window_corner_radius = CornerRadius::same(12);
        v.extreme_bg_color = Color32::from_rgb(0x14, 0x0F, 0x0C);
        v.selection.bg_fill = Color32::from_rgb(0x9A, 0x62, 0x22);
        v.selection.stroke = Stroke::new(1.0, INK);
        v.hyperlink_color = ACCENT;
        let widgets = &mut v.widgets;
        for (w, fill) in [
            (&mut widgets.inactive, Color32::from_rgb(0x3A, 0x2C, 0x22)),
            (&mut widgets.hovered, Color32::from_rgb(0x55, 0x3F, 0x2D)),
            (&mut widgets.active, Color32::from_rgb(0x70, 0x50, 0x33)),
        ] {
            w.bg_fill = fill;
            w.weak_bg_fill = fill;
            w.corner_radius = CornerRadius::same(7);
            w.fg_stroke = Stroke::new(1.0, INK);
        }
        widgets.hovered.bg_stroke = Stroke::new(1.0, ACCENT);
        widgets.noninteractive.fg_stroke = Stroke::new(1.0, INK);
    });
}

fn card() -> Frame {
    Frame::new()
        .fill(CARD)
        .corner_radius(CornerRadius::same(12))
        .inner_margin(Margin::symmetric(16, 12))
        .stroke(Stroke::new(1.0, Color32::from_rgb(0x4A, 0x3A, 0x2E)))
        .shadow(egui::Shadow {
            offset: [0, 4],
            blur: 16,
            spread: 0,
            color: Color32::from_black_alpha(90),
        })
}

/// A small shaded sphere, as the pieces look on the board.
fn paint_sphere(painter: &egui::Painter, centre: Pos2, radius: f32, colour: Colour) {
    let (body, rim, shine) = match colour {
        Colour::Black => {
            (Color32::from_rgb(0x18, 0x18, 0x1B), Color32::from_rgb(0x6A, 0x5E, 0x52), 70)
        }
        Colour::White => {
            (Color32::from_rgb(0xEE, 0xE9, 0xDF), Color32::from_rgb(0x8A, 0x7A, 0x66), 255)
        }
    };
    painter.circle_filled(
        centre + EVec2::new(0.0, radius * 0.12),
        radius,
        Color32::from_black_alpha(70),
    );
    painter.circle(centre, radius, body, Stroke::new(1.0, rim));
    painter.circle_filled(
        centre + EVec2::new(-radius * 0.35, -radius * 0.38),
        radius * 0.28,
        Color32::from_white_alpha(shine),
    );
}

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

fn status_card(ctx: &egui::Context, rules: &Rules, thinking: &Thinking) {
    let game = rules.game();
    egui::Area::new("status".into()).anchor(Align2::LEFT_TOP, [14.0, 14.0]).show(ctx, |ui| {
        card().show(ui, |ui| {
            ui.set_min_width(250.0);
            ui.label(
                RichText::new("YONMOKU")
                    .size(13.0)
                    .color(ACCENT)
                    .strong()
                    .extra_letter_spacing(3.0),
            );
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

fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}

fn toolbar(
    ctx: &egui::Context,
    rules: &Rules,
    hint: &Hint,
    settings: &mut Settings,
    hud: &mut HudState,
    requests: &mut Requests,
) {
    let game = rules.game();
    egui::Area::new("toolbar".into()).anchor(Align2::CENTER_BOTTOM, [0.0, -14.0]).show(ctx, |ui| {
        card().inner_margin(Margin::symmetric(12, 8)).show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button("New game…")
                    .on_hover_text("Choose players and start again (Ctrl+N: same players)")
                    .clicked()
                {
                    hud.choice = [rules.player(Colour::Black), rules.player(Colour::White)];
                    hud.new_game_open = true;
                }
                if ui
                    .add_enabled(game.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    requests.undo.write(UndoRequested);
                }
                if ui
                    .add_enabled(game.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text("Ctrl+Y")
                    .clicked()
                {
                    requests.redo.write(RedoRequested);
                }
                ui.separator();
                let hint_label = if hint.is_searching() { "Hint…" } else { "Hint" };
                if ui
                    .add_enabled(
                        !game.status().is_over() && !rules.computer_to_move(),
                        egui::Button::new(hint_label),
                    )
                    .on_hover_text("The computer's best move for the side to play (H)")
                    .clicked()
                {
                    requests.hints.write(HintRequested);
                }
                ui.toggle_value(&mut settings.show_threats, "Threats")
                    .on_hover_text("Mark every cell that would complete a line (T)");
                ui.separator();
                for (label, view, tip) in [
                    ("Front", CameraView::Front, "Key 1"),
                    ("Top", CameraView::Top, "Key 2"),
                    ("Corner", CameraView::Corner, "Key 3"),
                    ("Reset", CameraView::Reset, "Key 0"),
                ] {
                    if ui.button(label).on_hover_text(tip).clicked() {
                        requests.views.write(view);
                    }
                }
                ui.separator();
                ui.toggle_value(&mut settings.show_moves, "Moves")
                    .on_hover_text("Move list and layers (M)");
                ui.toggle_value(&mut hud.settings_open, "Settings");
            });
        });
    });
}

fn side_panel(ctx: &egui::Context, rules: &Rules, requests: &mut Requests) {
    let game = rules.game();
    egui::Area::new("moves".into()).anchor(Align2::RIGHT_TOP, [-14.0, 14.0]).show(ctx, |ui| {
        card().show(ui, |ui| {
            ui.set_width(236.0);
            ui.label(
                RichText::new("LAYERS").size(13.0).color(ACCENT).strong().extra_letter_spacing(3.0),
            );
            layer_view(ui, rules, requests);
            ui.add_space(6.0);
            ui.label(
                RichText::new("MOVES").size(13.0).color(ACCENT).strong().extra_letter_spacing(3.0),
            );
            let line = game.full_line();
            if line.is_empty() {
                ui.label(RichText::new("No moves yet. Click a peg to drop a sphere.").color(MUTED));
            }
            // The list's height is its own, not what the card had room for last frame: an
            // area keeps its last size, and a list squeezed into it once stayed squeezed,
            // its first row scrolled half out of sight.
            let list = egui::ScrollArea::vertical().max_height(260.0).min_scrolled_height(260.0);
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

fn messages(ctx: &egui::Context, hud: &HudState) {
    if hud.messages.is_empty() {
        return;
    }
    egui::Area::new("messages".into())
        .anchor(Align2::CENTER_BOTTOM, [0.0, -78.0])
        .interactable(false)
        .show(ctx, |ui| {
            for (text, _) in &hud.messages {
                Frame::new()
                    .fill(Color32::from_rgba_premultiplied(0x5A, 0x1E, 0x14, 0xEE))
                    .corner_radius(CornerRadius::same(8))
                    .inner_margin(Margin::symmetric(14, 8))
                    .show(ui, |ui| {
                        ui.label(RichText::new(text).color(Color32::WHITE).size(16.0));
                    });
            }
        });
}

fn settings_window(ctx: &egui::Context, settings: &mut Settings, hud: &mut HudState) {
    let mut open = hud.settings_open;
    egui::Window::new("Settings")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("settings grid").num_columns(2).spacing([16.0, 10.0]).show(ui, |ui| {
                ui.label("Sound");
                ui.checkbox(&mut settings.sound, "Wooden clicks");
                ui.end_row();
                ui.label("Volume");
                ui.add_enabled(
                    settings.sound,
                    egui::Slider::new(&mut settings.volume, 0.0..=1.0).show_value(false),
                );
                ui.end_row();
                ui.label("Board");
                ui.checkbox(&mut settings.show_coordinates, "Show coordinates");
                ui.end_row();
                ui.label("Animation");
                ui.add(
                    egui::Slider::new(&mut settings.animation_speed, 0.25..=4.0)
                        .logarithmic(true)
                        .suffix("×"),
                );
                ui.end_row();
            });
        });
    hud.settings_open = open;
}

fn new_game_window(
    ctx: &egui::Context,
    rules: &Rules,
    hud: &mut HudState,
    requests: &mut Requests,
) {
    if !hud.new_game_open {
        return;
    }
    let mut open = true;
    let mut start = false;
    egui::Window::new("New game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("players").num_columns(3).spacing([12.0, 10.0]).show(ui, |ui| {
                for colour in [Colour::Black, Colour::White] {
                    let choice = &mut hud.choice[colour.index()];
                    ui.horizontal(|ui| {
                        let (rect, _) = ui.allocate_exact_size(EVec2::splat(22.0), Sense::hover());
                        paint_sphere(ui.painter(), rect.center(), 9.0, colour);
                        ui.label(colour_name(colour));
                    });
                    player_picker(ui, choice);
                    ui.end_row();
                }
            });
            ui.checkbox(&mut hud.random_sides, "Pick sides at random (Black always moves first)");
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button(RichText::new("Start").strong()).clicked() {
                    start = true;
                }
                if ui.button("Cancel").clicked() {
                    hud.new_game_open = false;
                }
            });
        });
    if start {
        let [mut black, mut white] = hud.choice;
        if hud.random_sides && random_bit(rules.generation()) {
            std::mem::swap(&mut black, &mut white);
        }
        requests.new_game.write(NewGameRequested { black, white });
        hud.new_game_open = false;
    }
    if !open {
        hud.new_game_open = false;
    }
}

/// A coin toss: the clock's nanoseconds, mixed with something that changes every game.
fn random_bit(salt: u64) -> bool {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut x = u64::from(nanos) ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x >> 32) & 1 == 1
}

/// Human or Computer, and the computer's level: two cells of a grid row.
pub(crate) fn player_picker(ui: &mut egui::Ui, choice: &mut Player) {
    let mut computer = choice.is_computer();
    ui.horizontal(|ui| {
        ui.selectable_value(&mut computer, false, "Human");
        ui.selectable_value(&mut computer, true, "Computer");
    });
    let mut level = match *choice {
        Player::Computer(level) => level,
        Player::Human => 3,
    };
    ui.add_enabled(computer, egui::Slider::new(&mut level, 1..=MAX_LEVEL).text("level"));
    *choice = if computer { Player::Computer(level) } else { Player::Human };
}
