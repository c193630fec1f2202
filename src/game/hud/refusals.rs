//! Refused requests (a full peg, a click while the computer thinks, …) as short messages
//! above the toolbar, each for a few seconds.

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Align2, Color32, CornerRadius, Frame, Margin, RichText};

use super::HudState;
use crate::game::requests::RequestRefused;

/// Seconds a refused-move message stays on screen.
const MESSAGE_SECONDS: f32 = 3.5;

pub(super) fn collect_refusals(
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

pub(super) fn messages(ctx: &egui::Context, hud: &HudState) {
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
