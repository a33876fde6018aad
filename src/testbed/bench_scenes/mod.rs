//! Engine-neutral descriptions of the benchmark scenes: plain geometry that
//! the physbox builders in `bench.rs` and the peer engines in
//! `benches/compare` (Box2D v3 through `boxdd`, rapier2d) all build from, so
//! every engine gets exactly the same scene.
//!
//! Two sets: Box2D v3's own benchmarks (`box2d.rs`: large_pyramid,
//! many_pyramids, rain, tumbler, joint_grid) and the sandbox-sized scenes
//! people write (`sandbox.rs`: ball pits, a box pile, ragdolls on stairs, a
//! chain, Newton's cradles, a mixed showcase).
//!
//! Everything follows Box2D v3's benchmark driver (`benchmark/main.c`):
//! dt = 1/60, 4 substeps, gravity (0, -10), `b2DefaultShapeDef` (density 1,
//! friction 0.6, restitution 0) unless a body says otherwise. Details:
//! benches/compare/README.md.

mod box2d;
mod sandbox;

pub use box2d::*;
pub use sandbox::*;

/// Box2D's default friction (`b2DefaultShapeDef`).
pub const FRICTION: f64 = 0.6;
/// Box2D's default density.
pub const DENSITY: f64 = 1.0;
pub const DT: f64 = 1.0 / 60.0;
pub const SUBSTEPS: u32 = 4;
pub const GRAVITY_Y: f64 = -10.0;

/// Geometry of one shape, in the local frame of its body.
#[derive(Clone, Copy, Debug)]
pub enum Geom {
    /// Axis-aligned box: half extents and local centre.
    Box { hx: f64, hy: f64, cx: f64, cy: f64 },
    /// Two-sided segment.
    Segment { a: [f64; 2], b: [f64; 2] },
    /// Circle centred on the body origin.
    Circle { r: f64 },
}

/// One body with a single shape: dynamic, or static when `fixed`
/// (joint_grid's anchors). Defaults: angle 0, Box2D's default material, no
/// group.
#[derive(Clone, Copy, Debug)]
pub struct DynBody {
    pub x: f64,
    pub y: f64,
    pub geom: Geom,
    pub fixed: bool,
    /// Initial angle (radians).
    pub angle: f64,
    pub friction: f64,
    pub restitution: f64,
    /// Bodies sharing a non-zero group never collide with each other (a
    /// ragdoll's parts; Box2D's negative `groupIndex`).
    pub group: u32,
}

impl DynBody {
    pub fn new(x: f64, y: f64, geom: Geom) -> DynBody {
        DynBody {
            x,
            y,
            geom,
            fixed: false,
            angle: 0.0,
            friction: FRICTION,
            restitution: 0.0,
            group: 0,
        }
    }

    pub fn fixed_if(self, fixed: bool) -> DynBody {
        DynBody { fixed, ..self }
    }

    pub fn angle(self, angle: f64) -> DynBody {
        DynBody { angle, ..self }
    }

    pub fn material(self, friction: f64, restitution: f64) -> DynBody {
        DynBody {
            friction,
            restitution,
            ..self
        }
    }

    pub fn group(self, group: u32) -> DynBody {
        DynBody { group, ..self }
    }
}

/// A dynamic body made of several shapes with its own density (the
/// tumbler's frame).
#[derive(Clone, Debug)]
pub struct Compound {
    pub x: f64,
    pub y: f64,
    pub density: f64,
    pub shapes: Vec<Geom>,
}

/// Which body a hinge holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyRef {
    /// The static body with the scene's static shapes.
    Ground,
    /// `SceneDesc::bodies[i]`.
    Body(usize),
    /// `SceneDesc::compounds[i]`.
    Compound(usize),
}

/// A revolute joint: both anchors at the same world point (the bodies are
/// created where the joint holds them), optionally with a motor and angle
/// limits. The two bodies never collide with each other (Box2D's and
/// physbox's default; rapier is told so).
#[derive(Clone, Copy, Debug)]
pub struct Hinge {
    pub a: BodyRef,
    pub b: BodyRef,
    pub anchor: [f64; 2],
    /// Target speed (rad/s) and maximum torque (N m).
    pub motor: Option<(f64, f64)>,
    /// Lower and upper relative angle of b to a (radians, from the creation
    /// pose).
    pub limits: Option<(f64, f64)>,
}

impl Hinge {
    pub fn new(a: BodyRef, b: BodyRef, anchor: [f64; 2]) -> Hinge {
        Hinge {
            a,
            b,
            anchor,
            motor: None,
            limits: None,
        }
    }

    pub fn limits(self, lower: f64, upper: f64) -> Hinge {
        Hinge {
            limits: Some((lower, upper)),
            ..self
        }
    }
}

/// A whole scene: static shapes all on one static body at the origin (or, for
/// large_pyramid, at (0, -1): `static_origin`), the initial dynamic bodies,
/// and whether sleeping is enabled.
pub struct SceneDesc {
    pub static_origin: [f64; 2],
    pub statics: Vec<Geom>,
    pub bodies: Vec<DynBody>,
    pub enable_sleep: bool,
    /// Created after the static body and before `bodies`.
    pub compounds: Vec<Compound>,
    /// Created after every body, in this order.
    pub hinges: Vec<Hinge>,
    /// Do the shapes of `bodies` collide with each other? (joint_grid's
    /// circles do not: Box2D gives them a category their mask excludes.)
    pub bodies_collide: bool,
}

impl SceneDesc {
    fn new(static_origin: [f64; 2], statics: Vec<Geom>, bodies: Vec<DynBody>) -> SceneDesc {
        SceneDesc {
            static_origin,
            statics,
            bodies,
            enable_sleep: false,
            compounds: Vec::new(),
            hinges: Vec::new(),
            bodies_collide: true,
        }
    }
}

/// The widest-open hinge between two of `desc.bodies`, given where each of
/// them is now (`poses[i]` = x, y, angle of `desc.bodies[i]`): how far apart
/// the two bodies' copies of the anchor are (m). Every body starts unrotated
/// at its `DynBody` position, so its local anchor is the world anchor minus
/// that position. `None` when the scene has no such hinge.
pub fn worst_hinge_gap(desc: &SceneDesc, poses: &[[f64; 3]]) -> Option<f64> {
    let anchor_now = |i: usize, anchor: [f64; 2]| {
        let start = &desc.bodies[i];
        let (lx, ly) = (anchor[0] - start.x, anchor[1] - start.y);
        let [x, y, angle] = poses[i];
        let (s, c) = angle.sin_cos();
        [x + c * lx - s * ly, y + s * lx + c * ly]
    };
    desc.hinges
        .iter()
        .filter_map(|h| match (h.a, h.b) {
            (BodyRef::Body(i), BodyRef::Body(j)) => {
                let (a, b) = (anchor_now(i, h.anchor), anchor_now(j, h.anchor));
                Some((a[0] - b[0]).hypot(a[1] - b[1]))
            }
            _ => None,
        })
        .reduce(f64::max)
}
