//! Box2D v3's own benchmark scenes (`shared/benchmarks.c`, revision
//! 56edae79, the one `boxdd` 0.6 vendors): large_pyramid, many_pyramids,
//! rain, tumbler, joint_grid.

use super::{BodyRef, Compound, DynBody, Geom, Hinge, SceneDesc};

pub(super) fn square(extent: f64) -> Geom {
    Geom::Box {
        hx: extent,
        hy: extent,
        cx: 0.0,
        cy: 0.0,
    }
}

/// `CreateLargePyramid`: ground box half-extents (100, 1) on a static body at
/// (0, -1); a pyramid of unit boxes (half-extent 0.5), base 100, so
/// 100 + 99 + ... + 1 = 5050 boxes, touching with no gaps. Sleep disabled.
pub fn large_pyramid() -> SceneDesc {
    let base = 100;
    let a = 0.5;
    let shift = a;
    let mut bodies = Vec::with_capacity(base * (base + 1) / 2);
    for i in 0..base {
        let y = (2.0 * i as f64 + 1.0) * shift;
        for j in i..base {
            let x = (i as f64 + 1.0) * shift + 2.0 * (j - i) as f64 * shift - a * base as f64;
            bodies.push(DynBody::new(x, y, square(a)));
        }
    }
    let ground = Geom::Box {
        hx: 100.0,
        hy: 1.0,
        cx: 0.0,
        cy: 0.0,
    };
    SceneDesc::new([0.0, -1.0], vec![ground], bodies)
}

/// `CreateManyPyramids`: 20 x 20 pyramids of base 10 (55 boxes each, 22,000
/// boxes of half-extent 0.5); 20 ground segments, 220 long, 11 apart in y, all
/// on one static body. Sleep disabled.
pub fn many_pyramids() -> SceneDesc {
    let base = 10;
    let extent = 0.5;
    let rows = 20;
    let cols = 20;
    let ground_dy = 2.0 * extent * (base as f64 + 1.0);
    let ground_w = 2.0 * extent * cols as f64 * (base as f64 + 1.0);
    let statics = (0..rows)
        .map(|i| {
            let y = i as f64 * ground_dy;
            Geom::Segment {
                a: [-0.5 * ground_w, y],
                b: [0.5 * ground_w, y],
            }
        })
        .collect();
    let base_w = 2.0 * extent * base as f64;
    let mut bodies = Vec::with_capacity(rows * cols * base * (base + 1) / 2);
    for r in 0..rows {
        let base_y = r as f64 * ground_dy;
        for c in 0..cols {
            let center_x = -0.5 * ground_w + c as f64 * (base_w + 2.0 * extent) + 2.0 * extent;
            for i in 0..base {
                let y = (2.0 * i as f64 + 1.0) * extent + base_y;
                for j in i..base {
                    let x =
                        (i as f64 + 1.0) * extent + 2.0 * (j - i) as f64 * extent + center_x - 0.5;
                    bodies.push(DynBody::new(x, y, square(extent)));
                }
            }
        }
    }
    SceneDesc::new([0.0, 0.0], statics, bodies)
}

// Rain. Box2D's `CreateRain`/`StepRain` ground and spawn schedule, with each
// ragdoll ("human") replaced by a column of circles (see `rain_spawn`).
pub const RAIN_ROWS: usize = 5;
pub const RAIN_COLUMNS: usize = 40;
pub const RAIN_GROUP_SIZE: usize = 5;
pub const RAIN_GRID_SIZE: f64 = 0.5;
pub const RAIN_GRID_COUNT: usize = 500;
pub const RAIN_ROW_SPACING: f64 = 45.0;
/// Circles per "human": a vertical column of this many.
pub const RAIN_CIRCLES_PER_COLUMN: usize = 10;
pub const RAIN_RADIUS: f64 = 0.25;
/// Spawn every 8th step (`StepRain`: `(stepCount & 7) == 0`).
pub const RAIN_DELAY_MASK: usize = 0x7;
/// Height of the container walls above each shelf (not in Box2D; see `rain`).
pub const RAIN_WALL_HEIGHT: f64 = 10.0;

/// `CreateRain`: five shelves 45 apart, each a row of 501 boxes 0.5 x 0.5 at
/// 0.5 spacing (x from -125 to 125), all on one static body; sleeping left
/// enabled (Box2D's rain does not disable it). Addition: two walls per shelf
/// (0.5 thick, `RAIN_WALL_HEIGHT` tall) just outside the shelf ends, making
/// each shelf a container so the circles stay in the scene.
pub fn rain() -> SceneDesc {
    let mut statics = Vec::new();
    let half = 0.5 * RAIN_GRID_SIZE;
    let x0 = -0.5 * RAIN_GRID_COUNT as f64 * RAIN_GRID_SIZE;
    for r in 0..RAIN_ROWS {
        let y = r as f64 * RAIN_ROW_SPACING;
        for j in 0..=RAIN_GRID_COUNT {
            statics.push(Geom::Box {
                hx: half,
                hy: half,
                cx: x0 + j as f64 * RAIN_GRID_SIZE,
                cy: y,
            });
        }
        let inner = -x0 + half; // outer face of the end boxes
        let wall_hy = 0.5 * (RAIN_WALL_HEIGHT + 2.0 * half);
        for side in [-1.0, 1.0] {
            statics.push(Geom::Box {
                hx: half,
                hy: wall_hy,
                cx: side * (inner + half),
                cy: y - half + wall_hy,
            });
        }
    }
    SceneDesc {
        enable_sleep: true,
        ..SceneDesc::new([0.0, 0.0], statics, Vec::new())
    }
}

/// `StepRain` / `CreateGroup`: every 8th step one more column of groups
/// appears, one group on each of the five shelves, at
/// x = -span/2 + (span/40)(column + 0.5), y = 40 + 45 * row. A group is five
/// "humans" 0.5 apart in x; here each human is a vertical column of 10
/// circles of radius 0.25, touching, centred on the human's position. After 40
/// columns (step 312) spawning stops with 5 x 40 x 5 x 10 = 10,000 circles.
/// Box2D instead keeps destroying and recreating the oldest column; the shared
/// API has no destroy, so all engines stop spawning instead.
pub fn rain_spawn(step_index: usize) -> Vec<DynBody> {
    if step_index & RAIN_DELAY_MASK != 0 {
        return Vec::new();
    }
    let column = step_index / (RAIN_DELAY_MASK + 1);
    if column >= RAIN_COLUMNS {
        return Vec::new();
    }
    let span = RAIN_GRID_COUNT as f64 * RAIN_GRID_SIZE;
    let group_dist = span / RAIN_COLUMNS as f64;
    let mut out = Vec::with_capacity(RAIN_ROWS * RAIN_GROUP_SIZE * RAIN_CIRCLES_PER_COLUMN);
    for row in 0..RAIN_ROWS {
        let gx = -0.5 * span + group_dist * (column as f64 + 0.5);
        let gy = 40.0 + RAIN_ROW_SPACING * row as f64;
        for h in 0..RAIN_GROUP_SIZE {
            let x = gx + 0.5 * h as f64;
            for k in 0..RAIN_CIRCLES_PER_COLUMN {
                let y = gy
                    + 2.0 * RAIN_RADIUS * (k as f64 - 0.5 * (RAIN_CIRCLES_PER_COLUMN - 1) as f64);
                out.push(DynBody::new(x, y, Geom::Circle { r: RAIN_RADIUS }));
            }
        }
    }
    out
}

/// `CreateTumbler`: a hollow square frame (four boxes 1 x 20 and 20 x 1
/// around (0, 10), density 50) turned by a motor hinge to the static body at
/// (0, 10) at 25 deg/s with up to 1e8 N m; inside it a 45 x 45 grid of boxes
/// 0.25 x 0.25, 0.4 apart, centred on (0, 10). Sleep stays enabled (Box2D's
/// default), but the tumbling keeps everything awake.
pub fn tumbler() -> SceneDesc {
    let wall = |hx: f64, hy: f64, cx: f64, cy: f64| Geom::Box { hx, hy, cx, cy };
    let frame = Compound {
        x: 0.0,
        y: 10.0,
        density: 50.0,
        shapes: vec![
            wall(0.5, 10.0, 10.0, 0.0),
            wall(0.5, 10.0, -10.0, 0.0),
            wall(10.0, 0.5, 0.0, 10.0),
            wall(10.0, 0.5, 0.0, -10.0),
        ],
    };
    let grid = 45;
    let mut bodies = Vec::with_capacity(grid * grid);
    let mut y = -0.2 * grid as f64 + 10.0;
    for _ in 0..grid {
        let mut x = -0.2 * grid as f64;
        for _ in 0..grid {
            bodies.push(DynBody::new(x, y, square(0.125)));
            x += 0.4;
        }
        y += 0.4;
    }
    SceneDesc {
        enable_sleep: true,
        compounds: vec![frame],
        hinges: vec![Hinge {
            a: BodyRef::Ground,
            b: BodyRef::Compound(0),
            anchor: [0.0, 10.0],
            motor: Some((25.0f64.to_radians(), 1e8)),
            limits: None,
        }],
        ..SceneDesc::new([0.0, 0.0], Vec::new(), bodies)
    }
}

/// `CreateJointGrid`: 100 x 100 circles of radius 0.4, one metre apart
/// (column k at x = k, row i at y = -i), each hinged to the one above and
/// the one to its left at the midpoint between them (19,794 hinges: Box2D's
/// six between static anchors are left out); the seven top-row circles in
/// the middle (k = 47..=53) are static. The circles
/// do not collide with each other. Sleep disabled.
pub fn joint_grid() -> SceneDesc {
    let n = 100;
    let mut bodies = Vec::with_capacity(n * n);
    let mut hinges = Vec::with_capacity(2 * n * (n - 1));
    for k in 0..n {
        for i in 0..n {
            let index = bodies.len();
            let (x, y) = (k as f64, -(i as f64));
            let fixed = i == 0 && (n / 2 - 3..=n / 2 + 3).contains(&k);
            bodies.push(DynBody::new(x, y, Geom::Circle { r: 0.4 }).fixed_if(fixed));
            if i > 0 {
                hinges.push(Hinge {
                    a: BodyRef::Body(index - 1),
                    b: BodyRef::Body(index),
                    anchor: [x, y + 0.5],
                    motor: None,
                    limits: None,
                });
            }
            // Box2D also links the static anchors to each other; those
            // joints never act, and physbox refuses a joint between two
            // static bodies, so they are left out for every engine.
            let anchored = |b: &DynBody| b.fixed;
            if k > 0 && !(anchored(&bodies[index]) && anchored(&bodies[index - n])) {
                hinges.push(Hinge {
                    a: BodyRef::Body(index - n),
                    b: BodyRef::Body(index),
                    anchor: [x - 0.5, y],
                    motor: None,
                    limits: None,
                });
            }
        }
    }
    SceneDesc {
        hinges,
        bodies_collide: false,
        ..SceneDesc::new([0.0, 0.0], Vec::new(), bodies)
    }
}
