//! The parts a puzzle's player may place (`tools { box = 3, plank = 1, ... }`)
//! and `place_part`, the ONE function that puts a part into a world. The
//! window's build mode and `physbox verify` both call it, so a solution that
//! works in one works in the other.
//!
//! Parts (all player parts are orange, dynamic unless said otherwise):
//! - `box`: a 0.5 m crate.
//! - `circle`: a ball of radius 0.25 m.
//! - `plank`: a 2.0 × 0.2 m board (a ramp, a lever, a bridge).
//! - `spring`: a springboard — a static 1.0 × 0.2 m base with a 1.0 × 0.1 m
//!   plate 0.5 m above it on a slider and a stiff spring. Whatever falls on
//!   the plate is thrown back; tilt it to throw sideways. One click places
//!   the whole thing; its angle is the base's.
//! - `polygon`: a wedge, a right triangle 1.0 m long and 0.5 m high (a
//!   ramp, a doorstop).
//! - `segment`: a 2 m line nailed in place (static): a ledge or a rail.

use crate::physics::{
    BodyDef, BodyId, BodyType, Circle, JointDef, JointKind, Polygon, Segment, ShapeDef, ShapeGeom,
    SliderParams, SpringParams, Transform, Vec2,
};
use crate::script::Sim;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PartKind {
    Box,
    Circle,
    Plank,
    Spring,
    Polygon,
    Segment,
}

impl PartKind {
    /// In the order the parts bin lists them.
    pub const ALL: [PartKind; 6] = [
        PartKind::Plank,
        PartKind::Box,
        PartKind::Circle,
        PartKind::Spring,
        PartKind::Polygon,
        PartKind::Segment,
    ];

    /// The name `tools{}` and solution files use.
    pub fn name(self) -> &'static str {
        match self {
            PartKind::Box => "box",
            PartKind::Circle => "circle",
            PartKind::Plank => "plank",
            PartKind::Spring => "spring",
            PartKind::Polygon => "polygon",
            PartKind::Segment => "segment",
        }
    }

    pub fn from_name(s: &str) -> Option<PartKind> {
        PartKind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// What the parts bin says about it.
    pub fn describe(self) -> &'static str {
        match self {
            PartKind::Box => "box 0.5 m",
            PartKind::Circle => "ball r 0.25 m",
            PartKind::Plank => "plank 2 m",
            PartKind::Spring => "springboard",
            PartKind::Polygon => "wedge 1 m",
            PartKind::Segment => "ledge 2 m",
        }
    }
}

/// One placed part: what and where (the body origin; for a spring, the
/// base's centre) and its angle in radians.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub kind: PartKind,
    pub x: f64,
    pub y: f64,
    #[serde(default)]
    pub angle: f64,
}

impl Part {
    /// Is the part where the scene API could put a body: coordinates and
    /// angle within their documented ranges (docs/lua-api.md, "Ranges")?
    /// A solution file may say anything (x = 1e308 was placed).
    pub fn check(&self) -> Result<(), String> {
        for (field, v) in [("x", self.x), ("y", self.y), ("angle", self.angle)] {
            if let Some(m) = crate::script::ranges::out_of_range(field, field, v) {
                return Err(m);
            }
        }
        Ok(())
    }
}

const PART_COLOR: &str = "#ffa726";
const BOX_HALF: f64 = 0.25;
const BALL_RADIUS: f64 = 0.25;
const PLANK_HALF: (f64, f64) = (1.0, 0.1);
/// The wedge's legs: along its base and up its back.
const WEDGE: (f64, f64) = (1.0, 0.5);
const LEDGE_HALF_LENGTH: f64 = 1.0;
const SPRING_BASE_HALF: (f64, f64) = (0.5, 0.1);
const SPRING_PLATE_HALF: (f64, f64) = (0.5, 0.05);
/// Plate centre above the base centre, at rest.
const SPRING_GAP: f64 = 0.5;
/// Stiff enough that a 1 kg ball dropped 2 m compresses it by about 0.2 m,
/// barely damped so it gives back most of what it took.
const SPRING_K: f64 = 800.0;
const SPRING_DAMPING: f64 = 0.5;
/// Overlap beyond this (metres) with what is already there refuses a part
/// (touching is fine: planks may rest on the floor).
const OVERLAP_TOLERANCE: f64 = 0.01;

/// A body of a part, before it exists.
struct Piece {
    body_type: BodyType,
    /// Offset from the part's origin in the part's frame.
    offset: Vec2,
    geom: ShapeGeom,
}

fn pieces(kind: PartKind) -> Vec<Piece> {
    let boxed = |(hx, hy): (f64, f64)| ShapeGeom::Polygon(Polygon::make_box(hx, hy));
    let dynamic = |geom| Piece {
        body_type: BodyType::Dynamic,
        offset: Vec2::ZERO,
        geom,
    };
    match kind {
        PartKind::Box => vec![dynamic(boxed((BOX_HALF, BOX_HALF)))],
        PartKind::Circle => vec![dynamic(ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: BALL_RADIUS,
        }))],
        PartKind::Plank => vec![dynamic(boxed(PLANK_HALF))],
        PartKind::Polygon => {
            // Centred on its centroid, so a click puts the wedge's middle
            // there and Q / E turn it about its middle.
            let (w, h) = WEDGE;
            let c = Vec2::new(2.0 * w / 3.0, h / 3.0);
            let points = [Vec2::ZERO, Vec2::new(w, 0.0), Vec2::new(w, h)].map(|p| p - c);
            let wedge = Polygon::from_ccw(&points, 0.0);
            vec![dynamic(ShapeGeom::Polygon(wedge))]
        }
        PartKind::Segment => vec![Piece {
            body_type: BodyType::Static,
            offset: Vec2::ZERO,
            geom: ShapeGeom::Segment(Segment::new(
                Vec2::new(-LEDGE_HALF_LENGTH, 0.0),
                Vec2::new(LEDGE_HALF_LENGTH, 0.0),
            )),
        }],
        PartKind::Spring => vec![
            Piece {
                body_type: BodyType::Static,
                offset: Vec2::ZERO,
                geom: boxed(SPRING_BASE_HALF),
            },
            Piece {
                body_type: BodyType::Dynamic,
                offset: Vec2::new(0.0, SPRING_GAP),
                geom: boxed(SPRING_PLATE_HALF),
            },
        ],
    }
}

/// " turned -10°" for a part at an angle (radians), "" for one at 0.
pub fn turned_text(angle: f64) -> String {
    let deg = angle.to_degrees();
    if deg.abs() < 0.05 {
        String::new()
    } else {
        format!(" turned {}°", format!("{deg:+.1}").trim_end_matches(".0"))
    }
}

/// Put `part` into the scene's world: its bodies (registered with the scene
/// like Lua-made ones, so handles and `world:bodies()` see them) and, for
/// a spring, its joints. Refused with a reason when it would overlap
/// something already there or its numbers are not finite. Returns the
/// part's bodies.
pub fn place_part(sim: &mut Sim, part: &Part) -> Result<Vec<BodyId>, String> {
    if !(part.x.is_finite() && part.y.is_finite() && part.angle.is_finite()) {
        return Err(format!(
            "{} position and angle must be finite numbers, got ({}, {}, {})",
            part.kind.name(),
            part.x,
            part.y,
            part.angle
        ));
    }
    let frame = Transform::new(Vec2::new(part.x, part.y), part.angle);
    let pieces = pieces(part.kind);
    for piece in &pieces {
        let xf = Transform::new(frame.apply(piece.offset), part.angle);
        if let Some(what) = overlap(sim, &piece.geom, xf) {
            return Err(format!(
                "a {}{} at ({:.2}, {:.2}) would overlap {what}",
                part.kind.name(),
                turned_text(part.angle),
                part.x,
                part.y
            ));
        }
    }
    let mut bodies = Vec::new();
    for piece in &pieces {
        let def = BodyDef {
            body_type: piece.body_type,
            position: frame.apply(piece.offset),
            angle: part.angle,
            name: Some(format!("part_{}", part.kind.name())),
            ..BodyDef::default()
        };
        let shape = ShapeDef {
            geom: piece.geom,
            ..ShapeDef::default()
        };
        match sim.add_body(&def, &[shape], Some(PART_COLOR.to_string())) {
            Ok(id) => bodies.push(id),
            Err(e) => {
                remove_bodies(sim, &bodies);
                return Err(format!("{}: {e}", part.kind.name()));
            }
        }
    }
    if part.kind == PartKind::Spring {
        if let Err(e) = join_springboard(sim, frame, bodies[0], bodies[1]) {
            remove_bodies(sim, &bodies);
            return Err(format!("spring: {e}"));
        }
    }
    Ok(bodies)
}

/// The plate slides along the part's up axis (it cannot tip off) and a
/// spring holds it at rest height.
fn join_springboard(
    sim: &mut Sim,
    frame: Transform,
    base: BodyId,
    plate: BodyId,
) -> crate::physics::PhysicsResult<()> {
    let up = frame.q.rotate(Vec2::Y);
    let base_at = frame.p;
    let plate_at = frame.apply(Vec2::new(0.0, SPRING_GAP));
    let slider = JointKind::Slider(SliderParams {
        axis: up,
        reference_angle: 0.0,
        limits: Some((-0.35, 0.1)),
        motor: None,
    });
    let world = sim.world_mut();
    world.create_joint(&JointDef::new(slider, base, Some(plate), plate_at))?;
    let spring = JointKind::Spring(SpringParams {
        length: Some(SPRING_GAP),
        k: SPRING_K,
        damping: SPRING_DAMPING,
    });
    world.create_joint(&JointDef {
        anchor_b: plate_at,
        ..JointDef::new(spring, base, Some(plate), base_at)
    })?;
    Ok(())
}

/// Take a part's bodies out of the world again (its joints go with them).
pub fn remove_bodies(sim: &mut Sim, bodies: &[BodyId]) {
    for &b in bodies {
        let _ = sim.destroy(b);
    }
}

/// What a shape at `xf` would overlap (sensors do not count: parts may be
/// placed inside goal zones), described for the player.
fn overlap(sim: &Sim, geom: &ShapeGeom, xf: Transform) -> Option<String> {
    let aabb = geom.aabb(xf);
    let world = sim.world();
    for sid in world.query_aabb(aabb) {
        let Ok(other) = world.shape(sid) else {
            continue;
        };
        if other.sensor {
            continue;
        }
        let Ok(body) = world.body(other.body) else {
            continue;
        };
        let m = crate::physics::collision::collide(geom, xf, &other.geom, body.xf, 0.0);
        if m.points().iter().any(|p| p.separation < -OVERLAP_TOLERANCE) {
            return Some(match &body.name {
                Some(n) => format!("'{n}'"),
                None => format!("the body at ({:.2}, {:.2})", body.xf.p.x, body.xf.p.y),
            });
        }
    }
    None
}
