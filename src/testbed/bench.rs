//! Box2D v3's benchmark scenes (large_pyramid, many_pyramids, rain) built
//! through the public `World` API, shared by `benches/compare.rs` (which runs
//! them side by side with Box2D v3 and rapier2d) and the tests.
//! Parameters: Box2D v3 `shared/benchmarks.c` (see benches/compare/README.md).

use crate::physics::{
    BodyDef, BodyId, BodyType, Circle, Polygon, Segment, ShapeDef, ShapeGeom, Vec2, World,
    WorldSettings,
};

// ---------------------------------------------------------------------------
// Scene builders (future `physbox::testbed`). Each returns the ids of the
// dynamic bodies it created, in creation order.
// ---------------------------------------------------------------------------

pub const DT: f64 = 1.0 / 60.0;
/// `b2DefaultShapeDef` friction.
pub const FRICTION: f64 = 0.6;

/// World settings the Box2D benchmark driver uses: gravity (0, -10), 4
/// substeps. `enable_sleep` is false for the pyramids, true for rain.
pub fn settings(enable_sleep: bool) -> WorldSettings {
    WorldSettings {
        gravity: Vec2::new(0.0, -10.0),
        substeps: 4,
        enable_sleep,
        ..WorldSettings::default()
    }
}

fn static_body(world: &mut World, position: Vec2) -> BodyId {
    world
        .create_body(&BodyDef {
            body_type: BodyType::Static,
            position,
            angle: 0.0,
            ..BodyDef::default()
        })
        .unwrap()
}

fn dynamic_body(world: &mut World, position: Vec2, geom: ShapeGeom) -> BodyId {
    let body = world
        .create_body(&BodyDef {
            body_type: BodyType::Dynamic,
            position,
            angle: 0.0,
            ..BodyDef::default()
        })
        .unwrap();
    add(world, body, geom);
    body
}

fn add(world: &mut World, body: BodyId, geom: ShapeGeom) {
    world
        .add_shape(
            body,
            &ShapeDef {
                geom,
                density: 1.0,
                friction: FRICTION,
                ..ShapeDef::default()
            },
        )
        .unwrap();
}

/// Box2D `CreateLargePyramid`: ground box half-extents (100, 1) on a static
/// body at (0, -1) (top face at y = 0); a pyramid of 1 x 1 boxes, base 100,
/// rows touching, 5050 boxes. Use with `settings(false)`.
pub fn large_pyramid(world: &mut World) -> Vec<BodyId> {
    let ground = static_body(world, Vec2::new(0.0, -1.0));
    add(
        world,
        ground,
        ShapeGeom::Polygon(Polygon::make_box(100.0, 1.0)),
    );

    let base = 100;
    let a = 0.5;
    let mut ids = Vec::with_capacity(base * (base + 1) / 2);
    for i in 0..base {
        let y = (2.0 * i as f64 + 1.0) * a;
        for j in i..base {
            let x = (i as f64 + 1.0) * a + 2.0 * (j - i) as f64 * a - a * base as f64;
            let geom = ShapeGeom::Polygon(Polygon::make_box(a, a));
            ids.push(dynamic_body(world, Vec2::new(x, y), geom));
        }
    }
    ids
}

/// Box2D `CreateManyPyramids`: 20 x 20 pyramids of base 10 (22,000 boxes of
/// 1 x 1); 20 two-sided ground segments 220 long, 11 apart, on one static
/// body at the origin. Use with `settings(false)`.
pub fn many_pyramids(world: &mut World) -> Vec<BodyId> {
    let base = 10;
    let extent = 0.5;
    let rows = 20;
    let cols = 20;
    let ground_dy = 2.0 * extent * (base as f64 + 1.0);
    let ground_w = 2.0 * extent * cols as f64 * (base as f64 + 1.0);

    let ground = static_body(world, Vec2::ZERO);
    for i in 0..rows {
        let y = i as f64 * ground_dy;
        let seg = Segment {
            a: Vec2::new(-0.5 * ground_w, y),
            b: Vec2::new(0.5 * ground_w, y),
        };
        add(world, ground, ShapeGeom::Segment(seg));
    }

    let base_w = 2.0 * extent * base as f64;
    let mut ids = Vec::with_capacity(rows * cols * base * (base + 1) / 2);
    for r in 0..rows {
        let base_y = r as f64 * ground_dy;
        for c in 0..cols {
            let center_x = -0.5 * ground_w + c as f64 * (base_w + 2.0 * extent) + 2.0 * extent;
            for i in 0..base {
                let y = (2.0 * i as f64 + 1.0) * extent + base_y;
                for j in i..base {
                    let x =
                        (i as f64 + 1.0) * extent + 2.0 * (j - i) as f64 * extent + center_x - 0.5;
                    let geom = ShapeGeom::Polygon(Polygon::make_box(extent, extent));
                    ids.push(dynamic_body(world, Vec2::new(x, y), geom));
                }
            }
        }
    }
    ids
}

pub const RAIN_ROWS: usize = 5;
pub const RAIN_COLUMNS: usize = 40;
pub const RAIN_GROUP_SIZE: usize = 5;
pub const RAIN_CIRCLES_PER_COLUMN: usize = 10;
pub const RAIN_RADIUS: f64 = 0.25;
const RAIN_GRID_SIZE: f64 = 0.5;
const RAIN_GRID_COUNT: usize = 500;
const RAIN_ROW_SPACING: f64 = 45.0;
const RAIN_WALL_HEIGHT: f64 = 10.0;

/// Box2D `CreateRain` ground: five shelves 45 apart, each 501 boxes of
/// 0.5 x 0.5 at 0.5 spacing (x from -125 to 125) on one static body, plus (not
/// in Box2D) a 10 m wall just outside each shelf end so the circles stay in.
/// Use with `settings(true)` (Box2D's rain keeps sleeping enabled), then call
/// `rain_step` before every `world.step`.
pub fn rain_setup(world: &mut World) {
    let ground = static_body(world, Vec2::ZERO);
    let half = 0.5 * RAIN_GRID_SIZE;
    let x0 = -0.5 * RAIN_GRID_COUNT as f64 * RAIN_GRID_SIZE;
    for r in 0..RAIN_ROWS {
        let y = r as f64 * RAIN_ROW_SPACING;
        for j in 0..=RAIN_GRID_COUNT {
            let center = Vec2::new(x0 + j as f64 * RAIN_GRID_SIZE, y);
            let geom = ShapeGeom::Polygon(Polygon::make_offset_box(half, half, center, 0.0));
            add(world, ground, geom);
        }
        let outer = -x0 + half;
        let wall_hy = 0.5 * (RAIN_WALL_HEIGHT + 2.0 * half);
        for side in [-1.0, 1.0] {
            let center = Vec2::new(side * (outer + half), y - half + wall_hy);
            let geom = ShapeGeom::Polygon(Polygon::make_offset_box(half, wall_hy, center, 0.0));
            add(world, ground, geom);
        }
    }
}

/// Box2D `StepRain`, circles instead of ragdolls: on every 8th step (step 0,
/// 8, ..., 312) one more column of groups appears on all five shelves; a group
/// is 5 columns (0.5 apart) of 10 touching circles of radius 0.25. Spawning
/// stops after 40 columns: 10,000 circles. Returns the bodies created.
pub fn rain_step(world: &mut World, step_index: usize) -> Vec<BodyId> {
    let mut ids = Vec::new();
    if step_index & 7 != 0 {
        return ids;
    }
    let column = step_index / 8;
    if column >= RAIN_COLUMNS {
        return ids;
    }
    let span = RAIN_GRID_COUNT as f64 * RAIN_GRID_SIZE;
    let group_dist = span / RAIN_COLUMNS as f64;
    for row in 0..RAIN_ROWS {
        let gx = -0.5 * span + group_dist * (column as f64 + 0.5);
        let gy = 40.0 + RAIN_ROW_SPACING * row as f64;
        for h in 0..RAIN_GROUP_SIZE {
            let x = gx + 0.5 * h as f64;
            for k in 0..RAIN_CIRCLES_PER_COLUMN {
                let y = gy
                    + 2.0 * RAIN_RADIUS * (k as f64 - 0.5 * (RAIN_CIRCLES_PER_COLUMN - 1) as f64);
                let geom = ShapeGeom::Circle(Circle {
                    center: Vec2::ZERO,
                    radius: RAIN_RADIUS,
                });
                ids.push(dynamic_body(world, Vec2::new(x, y), geom));
            }
        }
    }
    ids
}
