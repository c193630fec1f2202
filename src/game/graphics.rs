//! How much the renderer is asked to draw: everything where there is a GPU; less on a
//! software renderer (Mesa's llvmpipe on a machine without a GPU, or in a virtual machine),
//! which shades every pixel on the CPU. There multisampling alone nearly doubled the time
//! a frame takes (1280×720 on two cores: 1.41 s a frame with 4 samples and a 2048² shadow
//! map, 0.84 s with 1 sample and 1024², 0.76 s with no shadows at all), for edges that
//! look hardly different at that rate.

use bevy::light::DirectionalLightShadowMap;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use wgpu_types::DeviceType;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, choose_quality.run_if(not(resource_exists::<Quality>)));
}

/// The environment variable that overrides the choice: `full` or `light`.
const OVERRIDE: &str = "YONMOKU_GRAPHICS";

/// What the scene is drawn with, chosen once the renderer is known.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Quality {
    /// Samples a pixel (1: no multisampling).
    pub samples: u32,
    /// The key light's shadow map, texels a side.
    pub shadow_map: u32,
    /// The renderer draws on the CPU (false in the presets below: `choose` sets it from the
    /// renderer, whichever preset is drawn).
    pub software: bool,
}

impl Quality {
    /// Everything: for a GPU.
    const FULL: Quality = Quality { samples: 4, shadow_map: 2048, software: false };

    /// For a renderer on the CPU: no multisampling, a smaller shadow map (its shadows are
    /// soft and small on screen; without any the board looked flat).
    const LIGHT: Quality = Quality { samples: 1, shadow_map: 1024, software: false };

    /// The quality for a renderer of `device`, unless `requested` (the override's value)
    /// names one; an unknown request is an error, and the choice is then the renderer's.
    fn choose(device: DeviceType, requested: Option<&str>) -> (Quality, Option<String>) {
        let software = device == DeviceType::Cpu;
        let own = if software { Quality::LIGHT } else { Quality::FULL };
        let (quality, error) = match requested.map(str::trim) {
            None | Some("") => (own, None),
            Some(name) if name.eq_ignore_ascii_case("full") => (Quality::FULL, None),
            Some(name) if name.eq_ignore_ascii_case("light") => (Quality::LIGHT, None),
            Some(name) => {
                (own, Some(format!("{OVERRIDE}={name:?} is neither \"full\" nor \"light\"")))
            }
        };
        (Quality { software, ..quality }, error)
    }

    fn msaa(self) -> Msaa {
        match self.samples {
            1 => Msaa::Off,
            _ => Msaa::Sample4,
        }
    }

    /// For the state dump.
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "software": self.software,
            "samples": self.samples,
            "shadow_map": self.shadow_map,
        })
    }
}

/// Once the renderer and the camera exist: sets the camera's samples and the shadow map.
fn choose_quality(
    mut commands: Commands,
    adapter: Option<Res<RenderAdapterInfo>>,
    cameras: Query<Entity, With<Camera3d>>,
) {
    let Some(adapter) = adapter else { return };
    if cameras.is_empty() {
        return;
    }
    let requested = std::env::var(OVERRIDE).ok();
    let (quality, error) = Quality::choose(adapter.device_type, requested.as_deref());
    if let Some(error) = error {
        warn!("{error}: the renderer's own choice stays");
    }
    for camera in &cameras {
        commands.entity(camera).insert(quality.msaa());
    }
    commands.insert_resource(DirectionalLightShadowMap { size: quality.shadow_map as usize });
    info!("renderer {} ({:?}): {quality:?}", adapter.name, adapter.device_type);
    commands.insert_resource(quality);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_software_renderer_draws_light_and_a_gpu_draws_everything() {
        let (cpu, error) = Quality::choose(DeviceType::Cpu, None);
        assert_eq!((cpu.samples, cpu.shadow_map, cpu.software, error), (1, 1024, true, None));
        for gpu in [DeviceType::DiscreteGpu, DeviceType::IntegratedGpu, DeviceType::Other] {
            let (quality, error) = Quality::choose(gpu, Some(""));
            assert_eq!((quality, error), (Quality::FULL, None), "{gpu:?}");
        }
    }

    #[test]
    fn the_override_picks_either_and_a_wrong_one_is_reported() {
        let (forced, _) = Quality::choose(DeviceType::Cpu, Some(" Full"));
        assert_eq!((forced.samples, forced.software), (4, true));
        let (forced, _) = Quality::choose(DeviceType::DiscreteGpu, Some("light"));
        assert_eq!((forced.samples, forced.shadow_map), (1, 1024));
        let (kept, error) = Quality::choose(DeviceType::Cpu, Some("ultra"));
        assert_eq!(kept.samples, 1);
        assert!(error.is_some_and(|e| e.contains("ultra")));
    }
}
