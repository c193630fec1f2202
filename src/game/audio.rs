//! The wooden click of a landing sphere, synthesised at start-up; louder for harder landings.

use bevy::audio::Volume;
use bevy::prelude::*;

use super::GameSet;
use super::pieces::SphereLanded;
use super::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_click)
        .add_systems(Update, play_landing_clicks.in_set(GameSet::View));
}

#[derive(Resource)]
struct Click(Handle<AudioSource>);

const SAMPLE_RATE: u32 = 44_100;

fn make_click(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let bytes = wav_bytes(&click_samples());
    commands.insert_resource(Click(sources.add(AudioSource { bytes: bytes.into() })));
}

fn play_landing_clicks(
    mut commands: Commands,
    mut landed: MessageReader<SphereLanded>,
    settings: Res<Settings>,
    click: Option<Res<Click>>,
) {
    let Some(click) = click else { return };
    for landing in landed.read() {
        if !settings.sound || settings.volume <= 0.0 || landing.impact < 0.03 {
            continue;
        }
        let loudness = settings.volume * (0.08 + 0.92 * landing.impact.powf(1.3));
        // Soft bounces sound a little higher, like the real thing.
        let pitch = 1.0 + 0.12 * (1.0 - landing.impact);
        commands.spawn((
            AudioPlayer::new(click.0.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(loudness)).with_speed(pitch),
        ));
    }
}

/// A knock on hard wood: a few quickly damped resonances over a short noise burst.
fn click_samples() -> Vec<f32> {
    let length = (SAMPLE_RATE as f32 * 0.2) as usize;
    // (frequency in Hz, amplitude, decay per second)
    let modes: [(f32, f32, f32); 4] =
        [(620.0, 0.45, 28.0), (1180.0, 1.0, 36.0), (2470.0, 0.55, 55.0), (3930.0, 0.3, 85.0)];
    let mut noise_state = 0x1234_5678u32;
    let mut samples: Vec<f32> = (0..length)
        .map(|i| {
            let t = i as f32 / SAMPLE_RATE as f32;
            let tone: f32 = modes
                .iter()
                .map(|(f, a, d)| a * (-d * t).exp() * (std::f32::consts::TAU * f * t).sin())
                .sum();
            noise_state ^= noise_state << 13;
            noise_state ^= noise_state >> 17;
            noise_state ^= noise_state << 5;
            let noise = (noise_state as f32 / u32::MAX as f32) * 2.0 - 1.0;
            let attack = (t / 0.0006).min(1.0);
            attack * (tone + 0.6 * noise * (-t * 420.0).exp())
        })
        .collect();
    let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    samples.iter_mut().for_each(|s| *s *= 0.9 / peak);
    samples
}

/// 16-bit mono PCM in a RIFF/WAVE container.
fn wav_bytes(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32767.0) as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn click_is_a_short_valid_wav_that_fades_out() {
        let samples = click_samples();
        let bytes = wav_bytes(&samples);
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(bytes.len(), 44 + samples.len() * 2);
        let loud = samples[..2000].iter().fold(0.0f32, |m, s| m.max(s.abs()));
        let tail = samples[samples.len() - 500..].iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!(loud > 0.5 && tail < 0.02, "loud {loud}, tail {tail}");
    }
}
