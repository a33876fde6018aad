//! The seeds' experiments and stress tests (DESIGN.md §5) as scene builders.
//! Sizes and masses follow the seeds where they give them.

use super::{body_with, dynamic_box, dynamic_circle, ground_box, Material};
use crate::physics::{BodyId, BodyType, Circle, ShapeGeom, Vec2, World, WorldSettings};
use std::f64::consts::PI;

/// Seed 000, experiment 1: two discs (1 kg, r = 2 m), A at rest, B moving at
/// (−1, 0) m/s spinning at 2 rad/s; e = 1, μ = 0.5, no gravity. Expected after
/// the collision: v′A = (−1, −0.5), v′B = (0, 0.5).
pub fn spinning_discs(world: &mut World) -> (BodyId, BodyId) {
    world.settings.gravity = Vec2::ZERO;
    let r = 2.0;
    let m = Material {
        density: 1.0 / (PI * r * r),
        friction: 0.5,
        restitution: 1.0,
    };
    let a = dynamic_circle(world, Vec2::new(0.0, 0.0), r, m);
    let b = dynamic_circle(world, Vec2::new(4.5, 0.0), r, m);
    world.set_linear_velocity(b, Vec2::new(-1.0, 0.0)).unwrap();
    world.set_angular_velocity(b, 2.0).unwrap();
    (a, b)
}

/// Seed 000, experiment 2: a unit box dropped tilted on a frictionless floor,
/// e = 1, so it keeps bouncing and trades linear for angular motion.
pub fn bouncing_box(world: &mut World, drop_height: f64, tilt: f64) -> BodyId {
    let elastic = Material {
        density: 1.0,
        friction: 0.0,
        restitution: 1.0,
    };
    ground_box(world, Vec2::new(0.0, -0.5), 20.0, 1.0, elastic);
    dynamic_box(world, Vec2::new(0.0, drop_height), tilt, 1.0, 1.0, elastic)
}

/// Seed 000, experiment 3: boxes resting on an incline of `angle` (rad), one
/// per friction value, released at rest. Returns the boxes.
pub fn incline(world: &mut World, angle: f64, frictions: &[f64]) -> Vec<BodyId> {
    let len = 60.0;
    let thick = 1.0;
    body_with(
        world,
        BodyType::Static,
        Vec2::ZERO,
        -angle,
        ShapeGeom::Polygon(crate::physics::Polygon::make_box(0.5 * len, 0.5 * thick)),
        Material {
            friction: 1.0,
            ..Material::default()
        },
    );
    // Down-slope direction and surface normal.
    let down = Vec2::new(angle.cos(), -angle.sin());
    let normal = Vec2::new(angle.sin(), angle.cos());
    let mut boxes = Vec::new();
    for (i, &mu) in frictions.iter().enumerate() {
        // Lowest friction furthest down the slope, so faster boxes never
        // catch slower ones (mu is mixed with the incline's 1.0 by sqrt, so
        // each box gets mu² to make the pair's coefficient mu).
        let along = -5.0 - 3.0 * i as f64;
        let c = down * along + normal * (0.5 * thick + 0.25);
        boxes.push(dynamic_box(
            world,
            c,
            -angle,
            0.5,
            0.5,
            Material {
                density: 1.0,
                friction: mu * mu,
                restitution: 0.0,
            },
        ));
    }
    boxes
}

/// Seed 003, test 1: balls with restitution 0, 1/(n−1), …, 1 dropped from
/// height `h` (bottom of the ball) onto a floor with e = 0.
pub fn restitution_balls(world: &mut World, n: usize, h: f64) -> Vec<(BodyId, f64)> {
    ground_box(
        world,
        Vec2::new(0.0, -0.5),
        4.0 * n as f64 + 10.0,
        1.0,
        Material::default(),
    );
    let r = 0.25;
    (0..n)
        .map(|i| {
            let e = i as f64 / (n - 1).max(1) as f64;
            let id = dynamic_circle(
                world,
                Vec2::new(-(n as f64) + 2.0 * i as f64, h + r),
                r,
                Material {
                    density: 1.0,
                    friction: 0.0,
                    restitution: e,
                },
            );
            (id, e)
        })
        .collect()
}

/// Seed 003, test 9: a perfectly elastic ball under `g_scale` × Earth gravity,
/// dropped from `h` (bottom of the ball above the floor).
pub fn perfect_bounce(world: &mut World, g_scale: f64, h: f64) -> BodyId {
    world.settings.gravity = Vec2::new(0.0, -9.81 * g_scale);
    ground_box(world, Vec2::new(0.0, -0.5), 10.0, 1.0, Material::default());
    dynamic_circle(
        world,
        Vec2::new(0.0, h + 0.5),
        0.5,
        Material {
            density: 1.0,
            friction: 0.0,
            restitution: 1.0,
        },
    )
}

/// Seed 003, test 4: a heavy box resting on a light one on the ground.
/// Returns (light, heavy).
pub fn heavy_on_light(world: &mut World, light_kg: f64, heavy_kg: f64) -> (BodyId, BodyId) {
    ground_box(world, Vec2::new(0.0, -0.5), 20.0, 1.0, Material::default());
    let light = dynamic_box(
        world,
        Vec2::new(0.0, 0.25),
        0.0,
        1.0,
        0.5,
        Material::default(),
    );
    world.set_mass(light, light_kg).unwrap();
    let heavy = dynamic_box(
        world,
        Vec2::new(0.0, 1.0),
        0.0,
        1.0,
        1.0,
        Material::default(),
    );
    world.set_mass(heavy, heavy_kg).unwrap();
    (light, heavy)
}

/// Seed 003, test 5: a column of thin plates (w × t) stacked on the ground.
pub fn plate_column(world: &mut World, n: usize, w: f64, t: f64) -> Vec<BodyId> {
    ground_box(world, Vec2::new(0.0, -0.5), 40.0, 1.0, Material::default());
    (0..n)
        .map(|i| {
            dynamic_box(
                world,
                Vec2::new(0.0, t * (i as f64 + 0.5)),
                0.0,
                w,
                t,
                Material::default(),
            )
        })
        .collect()
}

/// Seed 003, test 10: a 0.4 m box flying at `speed` m/s at a 0.05 m thick
/// static wall 2 m away (no gravity). Returns the box; the wall's near face
/// is at x = 0.
pub fn thin_wall(world: &mut World, speed: f64) -> BodyId {
    world.settings.gravity = Vec2::ZERO;
    ground_box(world, Vec2::new(0.025, 0.0), 0.05, 4.0, Material::default());
    let b = dynamic_box(
        world,
        Vec2::new(-2.0, 0.0),
        0.0,
        0.4,
        0.4,
        Material::default(),
    );
    world.set_linear_velocity(b, Vec2::new(speed, 0.0)).unwrap();
    b
}

/// A pyramid of unit boxes, `rows` on the base, on a static ground.
pub fn pyramid(world: &mut World, rows: usize) -> Vec<BodyId> {
    ground_box(
        world,
        Vec2::new(0.0, -0.5),
        2.0 * rows as f64 + 20.0,
        1.0,
        Material::default(),
    );
    let mut ids = Vec::new();
    for row in 0..rows {
        let count = rows - row;
        let y = 0.5 + row as f64;
        for k in 0..count {
            let x = (k as f64 - 0.5 * (count as f64 - 1.0)) * 1.0;
            ids.push(dynamic_box(
                world,
                Vec2::new(x, y),
                0.0,
                1.0,
                1.0,
                Material::default(),
            ));
        }
    }
    ids
}

/// Seed 003, test 3 (straightened): `n` dominoes 0.2 × 1 m, 0.6 m apart; the
/// first is tipped. Returns them in order.
pub fn dominoes(world: &mut World, n: usize) -> Vec<BodyId> {
    ground_box(
        world,
        Vec2::new(0.0, -0.5),
        0.6 * n as f64 + 20.0,
        1.0,
        Material::default(),
    );
    let ids: Vec<BodyId> = (0..n)
        .map(|i| {
            dynamic_box(
                world,
                Vec2::new(0.6 * i as f64, 0.5),
                0.0,
                0.2,
                1.0,
                Material::default(),
            )
        })
        .collect();
    // Flick the first one at its top edge.
    world
        .apply_impulse(ids[0], Vec2::new(0.08, 0.0), Some(Vec2::new(0.0, 0.95)))
        .unwrap();
    ids
}

/// Default settings for the experiments (gravity −9.81, 4 substeps, 60 Hz).
pub fn settings() -> WorldSettings {
    WorldSettings::default()
}

/// A circle shape helper for callers that add shapes by hand.
pub fn circle(r: f64) -> ShapeGeom {
    ShapeGeom::Circle(Circle {
        center: Vec2::ZERO,
        radius: r,
    })
}
