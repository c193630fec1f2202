//! Where things are on the board: the one place that turns pegs and cells into world space.
//!
//! World axes: files a–d run along +X, ranks 1–4 run away from the front camera along −Z,
//! levels stack along +Y. The top of the base is at `y = 0`.

use bevy::prelude::*;

use crate::rules::{Cell, Peg};

/// Distance between neighbouring pegs.
pub(crate) const SPACING: f32 = 1.0;
/// Four spheres stack on a peg, touching.
pub(crate) const SPHERE_RADIUS: f32 = 0.3;
pub(crate) const PEG_RADIUS: f32 = 0.06;
/// From the base's top to the tip of a peg: four spheres and a little more.
pub(crate) const PEG_HEIGHT: f32 = 8.0 * SPHERE_RADIUS + 0.22;
/// Half the width of the square base.
pub(crate) const BASE_HALF: f32 = 2.45;
pub(crate) const BASE_THICKNESS: f32 = 0.34;
pub(crate) const BASE_BEVEL: f32 = 0.07;
/// Where a played sphere appears before it falls.
pub(crate) const DROP_HEIGHT: f32 = PEG_HEIGHT + 1.1;

/// The centre of a peg on the base's top.
pub(crate) fn peg_position(peg: Peg) -> Vec3 {
    Vec3::new((f32::from(peg.x()) - 1.5) * SPACING, 0.0, (1.5 - f32::from(peg.y())) * SPACING)
}

/// The centre of a sphere resting in `cell`.
pub(crate) fn cell_position(cell: Cell) -> Vec3 {
    peg_position(cell.peg()) + Vec3::Y * level_height(cell.z())
}

/// The height of a sphere's centre at level index `z` (0 = level 1).
pub(crate) fn level_height(z: u8) -> f32 {
    SPHERE_RADIUS * (1.0 + 2.0 * f32::from(z))
}

/// The peg whose square of the grid contains the point (a hit on the base's top).
pub(crate) fn peg_near(point: Vec3) -> Option<Peg> {
    let fx = (point.x / SPACING + 1.5).round();
    let fy = (1.5 - point.z / SPACING).round();
    if !(0.0..=3.0).contains(&fx) || !(0.0..=3.0).contains(&fy) {
        return None;
    }
    Peg::from_xy(fx as u8, fy as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pegs_lie_on_a_centred_grid_with_a1_front_left() {
        let a1 = peg_position(Peg::from_xy(0, 0).unwrap());
        let d4 = peg_position(Peg::from_xy(3, 3).unwrap());
        assert_eq!(a1, Vec3::new(-1.5, 0.0, 1.5));
        assert_eq!(d4, Vec3::new(1.5, 0.0, -1.5));
    }

    #[test]
    fn a_point_maps_back_to_its_peg() {
        for peg in Peg::all() {
            let p = peg_position(peg) + Vec3::new(0.3, 0.0, -0.2);
            assert_eq!(peg_near(p), Some(peg));
        }
        assert_eq!(peg_near(Vec3::new(2.3, 0.0, 0.0)), None);
    }

    #[test]
    fn four_spheres_fit_under_the_tip_of_a_peg() {
        assert!(level_height(3) + SPHERE_RADIUS < PEG_HEIGHT);
    }
}
