//! Textures made in code: the wood grain of the board and the burnt-in coordinate glyphs.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// The wood's two tones: early wood (light) and late wood (dark), in sRGB.
pub(crate) struct WoodTone {
    pub light: [f32; 3],
    pub dark: [f32; 3],
    /// Rings across the texture's height.
    pub rings: f32,
    pub seed: u32,
}

pub(crate) const BOARD_WOOD: WoodTone =
    WoodTone { light: [0.82, 0.58, 0.35], dark: [0.55, 0.33, 0.17], rings: 14.0, seed: 7 };

pub(crate) const PEG_WOOD: WoodTone =
    WoodTone { light: [0.74, 0.50, 0.28], dark: [0.46, 0.26, 0.12], rings: 5.0, seed: 21 };

/// A square wood texture with the grain running along u, with a full mip chain so the grain
/// stays calm at a distance.
pub(crate) fn wood_image(size: u32, tone: &WoodTone) -> Image {
    let mut pixels = Vec::with_capacity((size * size * 4) as usize);
    let n = size as f32;
    for row in 0..size {
        for col in 0..size {
            let (u, v) = (col as f32 / n, row as f32 / n);
            let [r, g, b] = wood_colour(u, v, tone);
            pixels.extend_from_slice(&[to_byte(r), to_byte(g), to_byte(b), 255]);
        }
    }
    with_mips(size, pixels, ImageAddressMode::MirrorRepeat)
}

fn wood_colour(u: f32, v: f32, tone: &WoodTone) -> [f32; 3] {
    let seed = tone.seed;
    // Distance from the log's axis: the board was cut off-centre, so rings arc gently.
    let warp = fbm(u * 3.0, v * 6.0, seed, 4) * 0.9 + fbm(u * 0.7, v * 1.5, seed + 1, 2) * 1.2;
    let axis = v * tone.rings + 0.35 * (u * 2.3 + 0.4).sin() + warp;
    let ring = axis.fract();
    // Sharp late-wood band, soft early wood.
    let late = smoothstep(0.62, 0.86, ring) * (1.0 - smoothstep(0.9, 1.0, ring));
    let pores = fbm(u * 6.0, v * 160.0, seed + 2, 3);
    let streaks = fbm(u * 1.5, v * 40.0, seed + 3, 3);
    let t = (late * 0.7 + streaks * 0.3 + pores * 0.12).clamp(0.0, 1.0);
    let shade = 0.9 + 0.14 * fbm(u * 2.0, v * 3.0, seed + 4, 3) - 0.08 * pores;
    std::array::from_fn(|i| (tone.light[i] + (tone.dark[i] - tone.light[i]) * t) * shade)
}

/// Glyphs burnt into the board: a–d and 1–4. White where the stroke is, alpha is coverage.
pub(crate) fn glyph_image(glyph: char) -> Image {
    const SIZE: u32 = 128;
    let strokes = glyph_strokes(glyph);
    let half_width = 0.05;
    let feather = 1.2 / (SIZE as f32 * 0.8);
    let mut pixels = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    for row in 0..SIZE {
        for col in 0..SIZE {
            // Glyph space: 0…1 both ways, y up, with a margin around it.
            let x = ((col as f32 + 0.5) / SIZE as f32 - 0.1) / 0.8;
            let y = (1.0 - (row as f32 + 0.5) / SIZE as f32 - 0.1) / 0.8;
            let d = strokes
                .iter()
                .flat_map(|line| line.windows(2))
                .map(|seg| segment_distance(Vec2::new(x, y), seg[0], seg[1]))
                .fold(f32::INFINITY, f32::min);
            let alpha = 1.0 - smoothstep(half_width - feather, half_width + feather, d);
            pixels.extend_from_slice(&[255, 255, 255, to_byte(alpha)]);
        }
    }
    with_mips(SIZE, pixels, ImageAddressMode::ClampToEdge)
}

fn glyph_strokes(glyph: char) -> Vec<Vec<Vec2>> {
    let p = Vec2::new;
    match glyph {
        'a' => vec![arc(p(0.45, 0.29), 0.24, 0.0, 360.0), vec![p(0.69, 0.04), p(0.69, 0.53)]],
        'b' => vec![vec![p(0.29, 0.04), p(0.29, 0.95)], arc(p(0.53, 0.29), 0.24, 0.0, 360.0)],
        'c' => vec![arc(p(0.53, 0.29), 0.25, 40.0, 320.0)],
        'd' => vec![vec![p(0.71, 0.04), p(0.71, 0.95)], arc(p(0.47, 0.29), 0.24, 0.0, 360.0)],
        '1' => vec![
            vec![p(0.32, 0.78), p(0.52, 0.95), p(0.52, 0.04)],
            vec![p(0.32, 0.04), p(0.72, 0.04)],
        ],
        '2' => {
            let mut s = arc(p(0.5, 0.71), 0.22, 160.0, -40.0);
            s.extend([p(0.27, 0.04), p(0.76, 0.04)]);
            vec![s]
        }
        '3' => vec![arc(p(0.49, 0.73), 0.2, 150.0, -90.0), arc(p(0.49, 0.29), 0.25, 90.0, -150.0)],
        '4' => vec![vec![p(0.62, 0.04), p(0.62, 0.95), p(0.2, 0.33), p(0.8, 0.33)]],
        _ => Vec::new(),
    }
}

fn arc(centre: Vec2, radius: f32, from_deg: f32, to_deg: f32) -> Vec<Vec2> {
    let steps = 40;
    (0..=steps)
        .map(|i| {
            let a = (from_deg + (to_deg - from_deg) * i as f32 / steps as f32).to_radians();
            centre + radius * Vec2::new(a.cos(), a.sin())
        })
        .collect()
}

fn segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
    p.distance(a + ab * t)
}

/// An sRGB RGBA image with its mip chain (box filtered), sampled with trilinear filtering.
fn with_mips(size: u32, level0: Vec<u8>, address: ImageAddressMode) -> Image {
    let mut image = Image::new(
        Extent3d { width: size, height: size, depth_or_array_layers: 1 },
        TextureDimension::D2,
        level0.clone(),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    let mut data = level0.clone();
    let mut level = level0;
    let mut side = size;
    let mut levels = 1;
    while side > 1 {
        let half = side / 2;
        let mut next = vec![0u8; (half * half * 4) as usize];
        for y in 0..half {
            for x in 0..half {
                for c in 0..4 {
                    let at = |dx: u32, dy: u32| {
                        u32::from(level[(((2 * y + dy) * side + 2 * x + dx) * 4 + c) as usize])
                    };
                    let sum = at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1);
                    next[((y * half + x) * 4 + c) as usize] = ((sum + 2) / 4) as u8;
                }
            }
        }
        data.extend_from_slice(&next);
        level = next;
        side = half;
        levels += 1;
    }
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: address,
        address_mode_v: address,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        anisotropy_clamp: 8,
        ..default()
    });
    image
}

fn to_byte(x: f32) -> u8 {
    (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Value noise summed over octaves, in 0…1.
fn fbm(x: f32, y: f32, seed: u32, octaves: u32) -> f32 {
    let (mut sum, mut amplitude, mut total, mut frequency) = (0.0, 0.5, 0.0, 1.0);
    for octave in 0..octaves {
        sum +=
            amplitude * value_noise(x * frequency, y * frequency, seed.wrapping_add(octave * 131));
        total += amplitude;
        amplitude *= 0.5;
        frequency *= 2.0;
    }
    sum / total
}

fn value_noise(x: f32, y: f32, seed: u32) -> f32 {
    let (xi, yi) = (x.floor(), y.floor());
    let (fx, fy) = (x - xi, y - yi);
    let (xi, yi) = (xi as i32, yi as i32);
    let corner = |dx: i32, dy: i32| hash(xi.wrapping_add(dx), yi.wrapping_add(dy), seed);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let top = corner(0, 0) + (corner(1, 0) - corner(0, 0)) * sx;
    let bottom = corner(0, 1) + (corner(1, 1) - corner(0, 1)) * sx;
    top + (bottom - top) * sy
}

fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0xffff) as f32 / 65535.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wood_has_visible_grain_in_warm_tones() {
        let image = wood_image(64, &BOARD_WOOD);
        let data = image.data.as_ref().unwrap();
        let level0 = &data[..64 * 64 * 4];
        let reds: Vec<u8> = level0.chunks(4).map(|p| p[0]).collect();
        let (min, max) = (reds.iter().min().unwrap(), reds.iter().max().unwrap());
        assert!(max - min > 40, "grain too flat: {min}…{max}");
        assert!(level0.chunks(4).all(|p| p[0] >= p[1] && p[1] >= p[2]), "wood is warm: r ≥ g ≥ b");
        assert_eq!(image.texture_descriptor.mip_level_count, 7);
    }

    #[test]
    fn every_coordinate_has_a_glyph() {
        for glyph in "abcd1234".chars() {
            let image = glyph_image(glyph);
            let inked = image.data.as_ref().unwrap()[..128 * 128 * 4]
                .chunks(4)
                .filter(|p| p[3] > 128)
                .count();
            assert!((300..6000).contains(&inked), "{glyph}: {inked} pixels");
        }
    }
}
