//! Notices from the files: alerts that wait for OK (a corrupt save moved aside), short
//! toasts ("Opened …", "Saved …"), and the hint shown while a file is dragged over the window.

use bevy_egui::egui;
use egui::Align2;

use crate::game::dialog::dialog;
use crate::game::persistence::Notices;

pub(super) fn notices_view(ctx: &egui::Context, notices: &mut Notices, dragging: bool, now: f32) {
    if let Some((title, text)) = notices.alerts.first().cloned() {
        let (ok, close) = dialog(ctx, &title, 460.0, |ui| {
            ui.label(text);
            ui.add_space(4.0);
            ui.button("OK").clicked()
        });
        if ok || close {
            notices.alerts.remove(0);
        }
    }
    let mut lines: Vec<&str> =
        notices.toasts.iter().filter(|(_, until)| *until > now).map(|(t, _)| t.as_str()).collect();
    if dragging {
        lines.push("Drop a .s4r record to open it");
    }
    if lines.is_empty() {
        return;
    }
    egui::Area::new("record notes".into())
        .anchor(Align2::CENTER_TOP, [0.0, 14.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                for line in lines {
                    ui.label(line);
                }
            });
        });
}
