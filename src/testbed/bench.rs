//! Box2D v3's benchmark scenes (large_pyramid, many_pyramids, rain,
//! tumbler, joint_grid) built
//! through the public `World` API from the engine-neutral descriptions in
//! `bench_scenes`, shared by `benches/compare.rs` (which builds the same
//! descriptions in Box2D v3 and rapier2d) and the tests. Each builder returns
//! the ids of the dynamic bodies it created, in creation order.

use super::bench_scenes::{self as scenes, BodyRef, DynBody, Geom, SceneDesc, DENSITY, FRICTION};
use crate::physics::{
    BodyId, BodyType, Circle, HingeParams, JointDef, JointKind, Polygon, Segment, ShapeDef,
    ShapeGeom, Vec2, World, WorldSettings,
};

/// Shape group of bodies that must not collide with each other.
const NON_COLLIDING: i32 = -1;

pub use super::bench_scenes::DT;

/// World settings the Box2D benchmark driver uses: gravity (0, -10), 4
/// substeps. `enable_sleep` is false for the pyramids, true for rain.
pub fn settings(enable_sleep: bool) -> WorldSettings {
    WorldSettings {
        gravity: Vec2::new(0.0, scenes::GRAVITY_Y),
        substeps: scenes::SUBSTEPS,
        enable_sleep,
        ..WorldSettings::default()
    }
}

fn geom(g: Geom) -> ShapeGeom {
    match g {
        Geom::Box { hx, hy, cx, cy } => {
            ShapeGeom::Polygon(Polygon::make_offset_box(hx, hy, Vec2::new(cx, cy), 0.0))
        }
        Geom::Segment { a, b } => ShapeGeom::Segment(Segment::new(Vec2::from(a), Vec2::from(b))),
        Geom::Circle { r } => ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: r,
        }),
    }
}

/// How a body's shapes are made.
#[derive(Clone, Copy)]
struct Material {
    density: f64,
    friction: f64,
    restitution: f64,
    group: i32,
}

const DEFAULT: Material = Material {
    density: DENSITY,
    friction: FRICTION,
    restitution: 0.0,
    group: 0,
};

fn body(
    world: &mut World,
    body_type: BodyType,
    position: Vec2,
    angle: f64,
    shapes: &[Geom],
    material: Material,
) -> BodyId {
    let defs = shapes.iter().map(|&g| ShapeDef {
        geom: geom(g),
        density: material.density,
        friction: material.friction,
        restitution: material.restitution,
        group: material.group,
        ..ShapeDef::default()
    });
    super::body_with_shapes(world, body_type, position, angle, defs)
}

/// `bodies`, each with its own material; `group` for every body that has
/// none of its own (joint_grid's non-colliding circles).
fn spawn(world: &mut World, bodies: &[DynBody], group: i32) -> Vec<BodyId> {
    bodies
        .iter()
        .map(|b| {
            let kind = if b.fixed {
                BodyType::Static
            } else {
                BodyType::Dynamic
            };
            let material = Material {
                friction: b.friction,
                restitution: b.restitution,
                group: if b.group != 0 { b.group as i32 } else { group },
                ..DEFAULT
            };
            body(
                world,
                kind,
                Vec2::new(b.x, b.y),
                b.angle,
                &[b.geom],
                material,
            )
        })
        .collect()
}

/// The static body with all of a scene's static shapes, the compounds, the
/// bodies, then the hinges; returns the ids of `desc.bodies`.
fn build(world: &mut World, desc: &SceneDesc) -> Vec<BodyId> {
    let ground = body(
        world,
        BodyType::Static,
        Vec2::from(desc.static_origin),
        0.0,
        &desc.statics,
        DEFAULT,
    );
    let compounds: Vec<BodyId> = desc
        .compounds
        .iter()
        .map(|c| {
            let material = Material {
                density: c.density,
                ..DEFAULT
            };
            body(
                world,
                BodyType::Dynamic,
                Vec2::new(c.x, c.y),
                0.0,
                &c.shapes,
                material,
            )
        })
        .collect();
    let group = if desc.bodies_collide {
        0
    } else {
        NON_COLLIDING
    };
    let bodies = spawn(world, &desc.bodies, group);
    let id = |r: BodyRef| match r {
        BodyRef::Ground => ground,
        BodyRef::Body(i) => bodies[i],
        BodyRef::Compound(i) => compounds[i],
    };
    for h in &desc.hinges {
        let kind = JointKind::Hinge(HingeParams {
            motor: h.motor,
            limits: h.limits,
            ..HingeParams::default()
        });
        let def = JointDef::new(kind, id(h.a), Some(id(h.b)), Vec2::from(h.anchor));
        world.create_joint(&def).unwrap();
    }
    bodies
}

/// Box2D `CreateLargePyramid` (5050 boxes); use with `settings(false)`.
pub fn large_pyramid(world: &mut World) -> Vec<BodyId> {
    build(world, &scenes::large_pyramid())
}

/// Box2D `CreateManyPyramids` (20 x 20 pyramids of base 10); use with
/// `settings(false)`.
pub fn many_pyramids(world: &mut World) -> Vec<BodyId> {
    build(world, &scenes::many_pyramids())
}

/// Box2D `CreateRain` ground (five shelves, walled in); use with
/// `settings(true)`, then call `rain_step` before every `world.step`.
pub fn rain_setup(world: &mut World) {
    build(world, &scenes::rain());
}

/// Box2D `StepRain` with circles: the bodies that appear before step
/// `step_index` (see `bench_scenes::rain_spawn`).
pub fn rain_step(world: &mut World, step_index: usize) -> Vec<BodyId> {
    spawn(world, &scenes::rain_spawn(step_index), 0)
}

/// Box2D `CreateTumbler` (a motor-driven frame with 2,025 small boxes); use
/// with `settings(true)`.
pub fn tumbler(world: &mut World) -> Vec<BodyId> {
    build(world, &scenes::tumbler())
}

/// Box2D `CreateJointGrid` (100 x 100 circles, 19,800 hinges); use with
/// `settings(false)`.
pub fn joint_grid(world: &mut World) -> Vec<BodyId> {
    build(world, &scenes::joint_grid())
}

/// Any scene description (the sandbox-sized ones among them): builds it and
/// returns the ids of `desc.bodies`.
pub fn scene(world: &mut World, desc: &SceneDesc) -> Vec<BodyId> {
    build(world, desc)
}
