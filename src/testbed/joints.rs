//! Joined bodies for the Rust-only joint tests (snapshots, debug draw, sleep,
//! stiff springs), built through the public `World` API. The seeds' joint,
//! spring and rope experiments (DESIGN.md §5) are measured from their scenes
//! (`scenes/springs.lua`, `hinge_pendulum.lua`, `hung_boxes.lua`,
//! `rope_stretch.lua`, ...) by `tests/lua_scenes.rs`, not from these.

use super::{dynamic_box, dynamic_circle, ground_box, Material};
use crate::physics::{
    BodyDef, BodyId, BodyType, HingeParams, JointDef, JointId, JointKind, Rope, RopeDef,
    SpringParams, Vec2, World,
};

/// A dynamic circle of radius `r` with exactly `mass` kg at `p`.
pub fn ball(world: &mut World, p: Vec2, r: f64, mass: f64) -> BodyId {
    let id = dynamic_circle(world, p, r, Material::default());
    world.set_mass(id, mass).expect("positive mass");
    id
}

/// Seed 000 experiment 4: a mass hanging from the world on a spring of `k`
/// N/m and `damping` N·s/m, released `offset` metres below its equilibrium.
/// Returns the body and its equilibrium height.
pub fn hanging_spring(
    world: &mut World,
    x: f64,
    mass: f64,
    k: f64,
    damping: f64,
    offset: f64,
) -> (BodyId, f64) {
    let top = Vec2::new(x, 10.0);
    let rest = 2.0;
    let g = -world.settings.gravity.y;
    let eq = top.y - rest - mass * g / k;
    let body = ball(world, Vec2::new(x, eq - offset), 0.2, mass);
    let mut def = JointDef::new(
        JointKind::Spring(SpringParams {
            length: Some(rest),
            k,
            damping,
        }),
        body,
        None,
        Vec2::new(x, eq - offset),
    );
    def.anchor_b = top;
    world.create_joint(&def).expect("valid spring");
    (body, eq)
}

/// Seed 003 test 2: a 1 kg bob (0.2 m box) on a hinge at the origin,
/// released with its centre `length` m away horizontally.
pub fn hinge_pendulum(world: &mut World, length: f64) -> BodyId {
    let bob = dynamic_box(
        world,
        Vec2::new(length, 0.0),
        0.0,
        0.2,
        0.2,
        Material::default(),
    );
    world.set_mass(bob, 1.0).expect("positive mass");
    let def = JointDef::new(
        JointKind::Hinge(HingeParams::default()),
        bob,
        None,
        Vec2::ZERO,
    );
    world.create_joint(&def).expect("valid hinge");
    bob
}

/// Seed 003 tests 6–7: a light box hinged to a ceiling, a heavy box hinged
/// under it, and a box fired at the heavy one at `speed` m/s. Returns the
/// two joints and the projectile.
pub fn hung_boxes(
    world: &mut World,
    light_kg: f64,
    heavy_kg: f64,
    speed: f64,
) -> (Vec<JointId>, BodyId) {
    let ceiling = ground_box(world, Vec2::new(0.0, 10.25), 4.0, 0.5, Material::default());
    let light = dynamic_box(
        world,
        Vec2::new(0.0, 9.5),
        0.0,
        0.5,
        0.5,
        Material::default(),
    );
    world.set_mass(light, light_kg).expect("mass");
    let heavy = dynamic_box(
        world,
        Vec2::new(0.0, 8.5),
        0.0,
        1.0,
        1.0,
        Material::default(),
    );
    world.set_mass(heavy, heavy_kg).expect("mass");
    let j1 = world
        .create_joint(&JointDef::new(
            JointKind::Hinge(HingeParams::default()),
            ceiling,
            Some(light),
            Vec2::new(0.0, 10.0),
        ))
        .expect("hinge");
    let j2 = world
        .create_joint(&JointDef::new(
            JointKind::Hinge(HingeParams::default()),
            light,
            Some(heavy),
            Vec2::new(0.0, 9.1),
        ))
        .expect("hinge");
    let shot = dynamic_box(
        world,
        Vec2::new(-4.0, 8.5),
        0.0,
        0.5,
        0.5,
        Material::default(),
    );
    world
        .set_mass(shot, light_kg.max(1.0) * 10.0)
        .expect("mass");
    world
        .set_linear_velocity(shot, Vec2::new(speed, 0.0))
        .expect("velocity");
    world.set_gravity_scale(shot, 0.0).expect("scale");
    (vec![j1, j2], shot)
}

/// Seed 004: a rope of `masses` point masses of `each` kg hanging straight
/// down from a static pin at `top`, links `link` m long (Hooke links of
/// `k` N/m when given).
pub fn hanging_rope(
    world: &mut World,
    top: Vec2,
    masses: u32,
    each: f64,
    link: f64,
    k: Option<f64>,
    damping: f64,
) -> Rope {
    let anchor = world
        .create_body(&BodyDef {
            body_type: BodyType::Static,
            position: top,
            ..BodyDef::default()
        })
        .expect("anchor");
    let segments = masses - 1;
    world
        .create_rope(&RopeDef {
            from: top,
            to: top - Vec2::new(0.0, link * segments as f64),
            segments,
            mass: each * masses as f64,
            radius: 0.25 * link,
            k,
            damping,
            collide: false,
            a: Some(anchor),
            ..RopeDef::default()
        })
        .expect("valid rope")
}
