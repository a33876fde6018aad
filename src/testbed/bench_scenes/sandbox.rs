//! Sandbox-sized scenes: what people actually write in a sandbox (tens to a
//! few thousand bodies, one or a few islands), as opposed to Box2D's big
//! piles. All run with sleeping off, 600 steps (10 s), so every step costs
//! the full price, as in a scene that never settles.

use super::{BodyRef, DynBody, Geom, Hinge, SceneDesc};

/// Inner width of the ball pit's and box pile's container (m).
pub const PIT_WIDTH: f64 = 30.0;
/// Columns of the drop grid (one metre apart).
pub const PIT_COLUMNS: usize = 20;

fn static_box(hx: f64, hy: f64, cx: f64, cy: f64) -> Geom {
    Geom::Box { hx, hy, cx, cy }
}

/// Where the container's static body sits: the floor's centre (so a scene
/// file building it as `box { ... }` plus `add_box` is the same body,
/// `scenes/ball_pit.lua`).
const PIT_ORIGIN: [f64; 2] = [0.0, -0.5];

/// A floor and two walls: an open box `PIT_WIDTH` wide inside, its floor's
/// top at y = 0, walls `height` tall (offsets from `PIT_ORIGIN`).
fn container(height: f64) -> Vec<Geom> {
    let half = 0.5 * PIT_WIDTH;
    let up = -PIT_ORIGIN[1];
    vec![
        static_box(half + 1.0, 0.5, 0.0, 0.0),
        static_box(0.5, 0.5 * height, -half - 0.5, 0.5 * height + up),
        static_box(0.5, 0.5 * height, half + 0.5, 0.5 * height + up),
    ]
}

/// `n` bodies of `geom` in a grid `PIT_COLUMNS` wide (fewer for small `n`),
/// one metre apart, the lowest row 1 m above the floor; odd rows are shifted
/// by a quarter metre so the columns do not stand balanced on each other.
fn drop_grid(n: usize, geom: Geom) -> Vec<DynBody> {
    let columns = PIT_COLUMNS
        .min(n.max(1))
        .min(if n < 200 { 10 } else { PIT_COLUMNS });
    (0..n)
        .map(|i| {
            let (row, col) = (i / columns, i % columns);
            let shift = if row % 2 == 1 { 0.25 } else { 0.0 };
            let x = col as f64 - 0.5 * (columns - 1) as f64 + shift;
            DynBody::new(x, 1.0 + row as f64, geom)
        })
        .collect()
}

/// Walls tall enough to hold the grid as dropped.
fn pit_for(bodies: &[DynBody]) -> Vec<Geom> {
    let top = bodies.iter().map(|b| b.y).fold(0.0, f64::max);
    container(top + 5.0)
}

/// `ball_pit`: `n` balls of radius 0.4 dropped in a grid into a 30 m box,
/// piling up (the scene of issue 14 with n = 200: a 20 x 10 grid).
pub fn ball_pit(n: usize) -> SceneDesc {
    let bodies = drop_grid(n, Geom::Circle { r: 0.4 });
    SceneDesc::new(PIT_ORIGIN, pit_for(&bodies), bodies)
}

/// `box_pile`: 200 boxes 0.5 m square dropped the same way into the same box.
pub fn box_pile() -> SceneDesc {
    let half = 0.25;
    let geom = Geom::Box {
        hx: half,
        hy: half,
        cx: 0.0,
        cy: 0.0,
    };
    let bodies = drop_grid(200, geom);
    SceneDesc::new(PIT_ORIGIN, pit_for(&bodies), bodies)
}

/// Appends one ragdoll standing at (x, y) (its feet) to `desc`: 11 bodies
/// (pelvis, chest, head, upper and lower arms, thighs, shins) of boxes and a
/// circle, joined by 10 hinges with limits like a person's. Its parts share
/// `group`, so they do not collide with each other (as Box2D's `human.c`).
pub fn add_ragdoll(desc: &mut SceneDesc, x: f64, y: f64, group: u32) {
    let bx = |hx: f64, hy: f64| Geom::Box {
        hx,
        hy,
        cx: 0.0,
        cy: 0.0,
    };
    let first = desc.bodies.len();
    let mut part = |dx: f64, dy: f64, geom: Geom| {
        desc.bodies
            .push(DynBody::new(x + dx, y + dy, geom).group(group));
        BodyRef::Body(desc.bodies.len() - 1)
    };
    let pelvis = part(0.0, 1.0, bx(0.15, 0.1));
    let chest = part(0.0, 1.3, bx(0.17, 0.2));
    let head = part(0.0, 1.62, Geom::Circle { r: 0.12 });
    let mut limbs = Vec::new();
    for side in [-1.0, 1.0] {
        let upper_arm = part(0.24 * side, 1.33, bx(0.05, 0.15));
        let lower_arm = part(0.24 * side, 1.04, bx(0.045, 0.14));
        let thigh = part(0.09 * side, 0.7, bx(0.07, 0.2));
        let shin = part(0.09 * side, 0.3, bx(0.06, 0.2));
        limbs.push((side, upper_arm, lower_arm, thigh, shin));
    }
    debug_assert_eq!(desc.bodies.len() - first, 11);
    let at = |dx: f64, dy: f64| [x + dx, y + dy];
    let h = &mut desc.hinges;
    h.push(Hinge::new(pelvis, chest, at(0.0, 1.1)).limits(-0.4, 0.6));
    h.push(Hinge::new(chest, head, at(0.0, 1.5)).limits(-0.5, 0.5));
    for (side, upper_arm, lower_arm, thigh, shin) in limbs {
        // Limits mirror with the side: a left elbow bends the other way.
        let mirror = |lo: f64, hi: f64| if side < 0.0 { (-hi, -lo) } else { (lo, hi) };
        let (lo, hi) = mirror(-0.5, 2.5);
        h.push(Hinge::new(chest, upper_arm, at(0.24 * side, 1.48)).limits(lo, hi));
        let (lo, hi) = mirror(0.0, 2.4);
        h.push(Hinge::new(upper_arm, lower_arm, at(0.24 * side, 1.18)).limits(lo, hi));
        h.push(Hinge::new(pelvis, thigh, at(0.09 * side, 0.9)).limits(-1.5, 0.5));
        h.push(Hinge::new(thigh, shin, at(0.09 * side, 0.5)).limits(-2.4, 0.0));
    }
}

/// `ragdolls`: 20 ragdolls (220 bodies, 200 limited hinges) dropped on a
/// flight of ten stairs (each 2 m deep, 1 m high) that ends on a 30 m floor,
/// with a wall at each end.
pub fn ragdolls() -> SceneDesc {
    let mut statics = Vec::new();
    for k in 0..10 {
        let top = 10.0 - k as f64;
        statics.push(static_box(
            1.0,
            0.5 * top,
            -19.0 + 2.0 * k as f64,
            0.5 * top,
        ));
    }
    statics.push(static_box(15.0, 0.5, 15.0, -0.5));
    statics.push(static_box(0.5, 15.0, -20.5, 15.0));
    statics.push(static_box(0.5, 15.0, 30.5, 15.0));
    let mut desc = SceneDesc::new([0.0, 0.0], statics, Vec::new());
    for i in 0..20 {
        let x = -19.5 + 1.0 * i as f64;
        let y = 12.0 + 2.5 * (i % 3) as f64;
        add_ragdoll(&mut desc, x, y, i as u32 + 1);
    }
    desc
}

/// A horizontal chain of `links` boxes 0.5 x 0.12 from `at`, the first
/// hinged to the ground at `at`, each hinged to the next end to end.
fn add_chain(desc: &mut SceneDesc, at: [f64; 2], links: usize) {
    let len = 0.5;
    let mut prev = BodyRef::Ground;
    for i in 0..links {
        let x0 = at[0] + len * i as f64;
        let geom = Geom::Box {
            hx: 0.5 * len,
            hy: 0.06,
            cx: 0.0,
            cy: 0.0,
        };
        desc.bodies.push(DynBody::new(x0 + 0.5 * len, at[1], geom));
        let link = BodyRef::Body(desc.bodies.len() - 1);
        desc.hinges.push(Hinge::new(prev, link, [x0, at[1]]));
        prev = link;
    }
}

/// `chain`: a 40-link hinged chain (20 m) released horizontally from a pin,
/// swinging down past a floor it does not reach.
pub fn chain() -> SceneDesc {
    let mut desc = SceneDesc::new(
        [0.0, 0.0],
        vec![static_box(30.0, 0.5, 0.0, -0.5)],
        Vec::new(),
    );
    add_chain(&mut desc, [0.0, 22.0], 40);
    desc
}

/// Appends a Newton's cradle at `x`: five balls (r 0.2, e = 1, no friction)
/// 4 cm apart, each hinged to the ground 2 m above its centre (a rigid
/// pendulum); the first is pulled aside by 0.6 rad.
fn add_cradle(desc: &mut SceneDesc, x: f64) {
    let (r, length, pivot_y) = (0.2, 2.0, 4.0);
    for i in 0..5 {
        let px = x + (i as f64 - 2.0) * (2.0 * r + 0.04);
        let (bx, by) = if i == 0 {
            (px - length * 0.6f64.sin(), pivot_y - length * 0.6f64.cos())
        } else {
            (px, pivot_y - length)
        };
        desc.bodies
            .push(DynBody::new(bx, by, Geom::Circle { r }).material(0.0, 1.0));
        let ball = BodyRef::Body(desc.bodies.len() - 1);
        desc.hinges
            .push(Hinge::new(BodyRef::Ground, ball, [px, pivot_y]));
    }
}

/// `cradles`: ten Newton's cradles side by side (50 balls in ten small
/// islands of five).
pub fn cradles() -> SceneDesc {
    let mut desc = SceneDesc::new([0.0, 0.0], Vec::new(), Vec::new());
    for c in 0..10 {
        add_cradle(&mut desc, -27.0 + 6.0 * c as f64);
    }
    desc
}

/// `mixed`: scenes/showcase.lua's world (an 80 m floor, a 10-row pyramid of
/// unit boxes, 15 dominoes with the first tipped over, five balls with
/// restitution 0 to 1 dropped from 6 m) plus a ragdoll on the pyramid's
/// left, a 12-link chain swinging from a pin and a Newton's cradle: about
/// 130 bodies in a handful of islands.
pub fn mixed() -> SceneDesc {
    let mut desc = SceneDesc::new(
        [0.0, 0.0],
        vec![static_box(40.0, 0.5, 0.0, -0.5)],
        Vec::new(),
    );
    let unit = Geom::Box {
        hx: 0.5,
        hy: 0.5,
        cx: 0.0,
        cy: 0.0,
    };
    let rows = 10;
    for row in 0..rows {
        let n = rows - row;
        for i in 0..n {
            let x = -12.0 + (i as f64 - 0.5 * (n - 1) as f64) * 1.02;
            desc.bodies.push(DynBody::new(x, 0.5 + row as f64, unit));
        }
    }
    let domino = Geom::Box {
        hx: 0.1,
        hy: 1.0,
        cx: 0.0,
        cy: 0.0,
    };
    for i in 0..15 {
        let tip = if i == 0 { -0.25 } else { 0.0 };
        desc.bodies
            .push(DynBody::new(2.0 + 0.9 * i as f64, 1.0, domino).angle(tip));
    }
    for i in 0..5 {
        let e = i as f64 / 4.0;
        desc.bodies.push(
            DynBody::new(20.0 + 1.5 * i as f64, 6.0, Geom::Circle { r: 0.4 }).material(0.0, e),
        );
    }
    add_ragdoll(&mut desc, -22.0, 3.0, 1);
    add_chain(&mut desc, [-34.0, 12.0], 12);
    add_cradle(&mut desc, 32.0);
    desc
}
