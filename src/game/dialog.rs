//! Dialogs that want an answer before play goes on (a new game, the settings, saving or
//! opening a record, playing on from a replayed move, an error): centred over the dimmed
//! board, which takes no clicks while one is open, and only the one in front takes input (an
//! error over the Open dialog, say). Escape, the dialog's own Cancel or a click outside it
//! closes the one in front.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Shows the dialog `title`, `width` points wide (so that its title rule and its rows know
/// their width from the first frame), with `content`. Returns what `content` returned, and
/// whether the player asked to close the dialog (Escape, or a click outside it).
pub(crate) fn dialog<T>(
    ctx: &egui::Context,
    title: &str,
    width: f32,
    content: impl FnOnce(&mut egui::Ui) -> T,
) -> (T, bool) {
    let shown = egui::Modal::new(egui::Id::new(("dialog", title)))
        .frame(
            egui::Frame::window(&ctx.global_style()).inner_margin(egui::Margin::symmetric(18, 14)),
        )
        .backdrop_color(egui::Color32::from_black_alpha(110))
        .show(ctx, |ui| {
            ui.set_width(width);
            ui.vertical_centered(|ui| ui.heading(title));
            ui.separator();
            ui.add_space(4.0);
            content(ui)
        });
    let close = shown.should_close();
    (shown.inner, close)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DialogOpen>().add_systems(PreUpdate, note_open_dialog);
}

/// Whether a dialog was open when the last frame was drawn: the game's keys wait for it to
/// close (see [`GameKeys`](super::keys::GameKeys)).
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub(crate) struct DialogOpen(pub bool);

fn note_open_dialog(mut contexts: EguiContexts, mut open: ResMut<DialogOpen>) {
    let Ok(ctx) = contexts.ctx_mut() else { return };
    // egui keeps the last frame's top modal layer; everything else lies below it then.
    let now = ctx.memory(|m| !m.is_above_modal_layer(egui::LayerId::background()));
    open.set_if_neq(DialogOpen(now));
}
