//! The HUD's look: its palette, egui's style, the card every panel sits on, and the small
//! painted spheres that stand for the pieces.

use bevy_egui::egui;
use egui::{Color32, CornerRadius, Frame, Margin, Pos2, Stroke, Vec2 as EVec2};

use crate::rules::Colour;

pub(super) const INK: Color32 = Color32::from_rgb(0xF3, 0xE6, 0xD3);
pub(super) const MUTED: Color32 = Color32::from_rgb(0xB8, 0xA4, 0x8C);
pub(super) const ACCENT: Color32 = Color32::from_rgb(0xE8, 0xA8, 0x4A);
pub(super) const CARD: Color32 = Color32::from_rgba_premultiplied(0x1C, 0x15, 0x11, 0xE6);

pub(super) fn style(ctx: &egui::Context) {
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
            // Rounded, but a checkbox's small box stays a box, not a dot.
            w.corner_radius = CornerRadius::same(5);
            w.fg_stroke = Stroke::new(1.0, INK);
        }
        // An edge a shade lighter than the fill, so that checkboxes and slider rails show
        // on the dark cards.
        widgets.inactive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(0x5E, 0x4A, 0x3A));
        widgets.hovered.bg_stroke = Stroke::new(1.0, ACCENT);
        widgets.noninteractive.fg_stroke = Stroke::new(1.0, INK);
    });
}

pub(super) fn card() -> Frame {
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
pub(super) fn paint_sphere(painter: &egui::Painter, centre: Pos2, radius: f32, colour: Colour) {
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

/// A panel's small capitalised title ("LAYERS", "MOVES").
pub(super) fn heading(text: &str) -> egui::RichText {
    egui::RichText::new(text).size(13.0).color(ACCENT).strong().extra_letter_spacing(3.0)
}
