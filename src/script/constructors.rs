//! `circle`, `box`, `polygon`, `segment` and the `add_*` methods of bodies:
//! option tables → body and shape definitions → the world.

use super::color::parse_color;
use super::creation::{Creation, PoseArgs};
use super::error::scene_err;
use super::handles::handle_for;
use super::options::Opts;
use super::sim::SceneContext;
use crate::physics::geometry::make_convex_pieces;
use crate::physics::{
    BodyDef, BodyId, BodyType, Circle, Polygon, Segment, ShapeDef, ShapeGeom, Vec2,
};
use mlua::{Lua, Value};

/// Options every constructor takes.
const COMMON: &[&str] = &[
    "x",
    "y",
    "angle",
    "vx",
    "vy",
    "omega",
    "type",
    "static",
    "density",
    "mass",
    "friction",
    "restitution",
    "bullet",
    "sensor",
    "fixed_rotation",
    "linear_damping",
    "angular_damping",
    "gravity_scale",
    "name",
    "color",
    "group",
];
/// Options of the `add_*` methods (shape offsets and materials).
const SHAPE_COMMON: &[&str] = &["density", "friction", "restitution", "sensor", "group"];

fn allowed(specific: &[&'static str], common: &[&'static str]) -> Vec<&'static str> {
    specific.iter().chain(common).copied().collect()
}

pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    for kind in ["circle", "box", "polygon", "segment"] {
        g.raw_set(
            kind,
            lua.create_function(move |lua, opts: Value| construct(lua, kind, opts))?,
        )?;
    }
    Ok(())
}

/// Every option a body constructor (`circle`, `box`, `polygon`,
/// `segment`) takes, or `None` for another name (what the edit room may
/// write into a constructor call).
pub fn body_options(kind: &str) -> Option<Vec<&'static str>> {
    matches!(kind, "circle" | "box" | "polygon" | "segment")
        .then(|| allowed(specific_options(kind), COMMON))
}

fn specific_options(kind: &str) -> &'static [&'static str] {
    match kind {
        "circle" => &["r"],
        "box" => &["w", "h"],
        "polygon" => &["points", "radius"],
        _ => &["x1", "y1", "x2", "y2"],
    }
}

/// Geometry of one constructor, relative to the body origin.
fn geometry(o: &Opts, kind: &str, offset: bool) -> mlua::Result<Vec<ShapeGeom>> {
    let (ox, oy, oa) = if offset {
        (
            o.num_or("x", 0.0)?,
            o.num_or("y", 0.0)?,
            o.num_or("angle", 0.0)?,
        )
    } else {
        (0.0, 0.0, 0.0)
    };
    let at = Vec2::new(ox, oy);
    Ok(match kind {
        "circle" => vec![ShapeGeom::Circle(Circle {
            center: at,
            radius: o.positive("r")?,
        })],
        "box" => {
            let (w, h) = (o.positive("w")?, o.positive("h")?);
            vec![ShapeGeom::Polygon(Polygon::make_offset_box(
                0.5 * w,
                0.5 * h,
                at,
                oa,
            ))]
        }
        "polygon" => {
            let Some(points) = o.points("points")? else {
                return Err(o.err("'points' is required: {{x1, y1}, {x2, y2}, {x3, y3}, ...}"));
            };
            let radius = o.non_negative_or("radius", 0.0)?;
            // As for w, h and r: no size below the smallest (a polygon of
            // 1e-9 m had a mass that vanished next to its inertia's).
            if points.len() < 3 {
                return Err(o.err(format!(
                    "'points' has {} point(s); a polygon needs at least 3",
                    points.len()
                )));
            }
            let lo = points.iter().fold(Vec2::splat(f64::MAX), |m, p| m.min(*p));
            let hi = points.iter().fold(Vec2::splat(f64::MIN), |m, p| m.max(*p));
            let size = hi - lo + Vec2::splat(2.0 * radius);
            if size.min_element() < super::ranges::MIN_SIZE {
                return Err(o.err(format!(
                    "'points' span {:e} m by {:e} m (x by y); the smallest size is {:e} m",
                    size.x,
                    size.y,
                    super::ranges::MIN_SIZE
                )));
            }
            let rot = crate::physics::Rot::from_angle(oa);
            let pts: Vec<Vec2> = points.iter().map(|p| at + rot.rotate(*p)).collect();
            let pieces = make_convex_pieces(&pts, radius).map_err(|e| o.err(e))?;
            pieces.into_iter().map(ShapeGeom::Polygon).collect()
        }
        _ => {
            let a = Vec2::new(o.num_or("x1", 0.0)?, o.num_or("y1", 0.0)?);
            let b = Vec2::new(o.num_or("x2", 0.0)?, o.num_or("y2", 0.0)?);
            for k in ["x1", "y1", "x2", "y2"] {
                if !o.has(k)? {
                    return Err(o.err(format!("'{k}' is required (segment {{ x1, y1, x2, y2 }})")));
                }
            }
            if (b - a).length() <= 0.0 {
                return Err(o.err("the two ends are the same point (zero length)"));
            }
            if (b - a).length() < super::ranges::MIN_SIZE {
                return Err(o.err(format!(
                    "the two ends are {:e} m apart; the shortest segment is {:e} m",
                    (b - a).length(),
                    super::ranges::MIN_SIZE
                )));
            }
            vec![ShapeGeom::Segment(Segment::new(a, b))]
        }
    })
}

fn material(o: &Opts, geom: ShapeGeom) -> mlua::Result<ShapeDef> {
    let group = o.integer_or("group", 0)?;
    let group =
        i32::try_from(group).map_err(|_| o.err(format!("'group' is out of range: {group}")))?;
    Ok(ShapeDef {
        geom,
        density: o.positive_opt("density")?.unwrap_or(1.0),
        friction: o.non_negative_or("friction", 0.6)?,
        static_friction: None,
        restitution: o.non_negative_or("restitution", 0.0)?,
        sensor: o.boolean_or("sensor", false)?,
        group,
        user_data: 0,
    })
}

pub fn parse_body_type(s: &str) -> Option<BodyType> {
    match s {
        "dynamic" => Some(BodyType::Dynamic),
        "static" => Some(BodyType::Static),
        "kinematic" => Some(BodyType::Kinematic),
        _ => None,
    }
}

fn construct(lua: &Lua, kind: &'static str, opts: Value) -> mlua::Result<Value> {
    let allowed = allowed(specific_options(kind), COMMON);
    let o = Opts::new(lua, kind, opts, &allowed)?;
    let shapes = geometry(&o, kind, false)?;
    let origin = super::origin::here(lua, kind);
    let default_type = if kind == "segment" {
        "static"
    } else {
        "dynamic"
    };
    let mut body_type = match o.string("type")? {
        None => parse_body_type(default_type).unwrap(),
        Some(t) => parse_body_type(&t).ok_or_else(|| {
            o.err(format!(
                "'type' must be \"dynamic\", \"static\" or \"kinematic\", got \"{t}\""
            ))
        })?,
    };
    if o.boolean_or("static", false)? {
        if body_type != BodyType::Static && o.string("type")?.is_some() {
            return Err(o.err(format!(
                "'static = true' and type = \"{}\" disagree: give one of them",
                o.string("type")?.unwrap_or_default()
            )));
        }
        body_type = BodyType::Static;
    }
    let color = match o.string("color")? {
        None => None,
        Some(c) => Some(parse_color(&c).map_err(|m| o.err(format!("'color': {m}")))?),
    };
    let mass = o.positive_opt("mass")?;
    let args = PoseArgs {
        x: o.num_or("x", 0.0)?,
        y: o.num_or("y", 0.0)?,
        angle: o.num_or("angle", 0.0)?,
        vx: o.num_or("vx", 0.0)?,
        vy: o.num_or("vy", 0.0)?,
        omega: o.num_or("omega", 0.0)?,
    };
    let def = BodyDef {
        body_type,
        position: Vec2::new(o.num_or("x", 0.0)?, o.num_or("y", 0.0)?),
        angle: o.num_or("angle", 0.0)?,
        linear_velocity: Vec2::new(o.num_or("vx", 0.0)?, o.num_or("vy", 0.0)?),
        // A body that cannot rotate does not spin either.
        angular_velocity: if o.boolean_or("fixed_rotation", false)? {
            0.0
        } else {
            o.num_or("omega", 0.0)?
        },
        linear_damping: o.non_negative_or("linear_damping", 0.0)?,
        angular_damping: o.non_negative_or("angular_damping", 0.0)?,
        gravity_scale: o.num_or("gravity_scale", 1.0)?,
        fixed_rotation: o.boolean_or("fixed_rotation", false)?,
        bullet: o.boolean_or("bullet", false)?,
        name: o.string("name")?,
        ..BodyDef::default()
    };
    let defs: Vec<ShapeDef> = shapes
        .into_iter()
        .map(|g| material(&o, g))
        .collect::<mlua::Result<_>>()?;
    let id = {
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
        let mut sim = ctx.sim.borrow_mut();
        let id = sim.world.create_body(&def).map_err(|e| o.err(e))?;
        let mut result = Ok(());
        for d in &defs {
            if let Err(e) = sim.world.add_shape(id, d) {
                result = Err(e);
                break;
            }
        }
        if result.is_ok() {
            if let Some(m) = mass {
                result = sim.world.set_mass(id, m);
            }
        }
        if let Err(e) = result {
            let _ = sim.world.destroy_body(id);
            return Err(o.err(e));
        }
        sim.register(id, color, origin.clone());
        if !ctx.in_callback.get() {
            sim.creations.push(Creation {
                body: id,
                name: def.name.clone(),
                kind,
                args,
                origin,
            });
        }
        id
    };
    handle_for(lua, id)
}

/// `b:add_circle{...}`, `b:add_box{...}`, `b:add_polygon{...}`.
pub fn add_shape(lua: &Lua, body: BodyId, kind: &'static str, opts: Value) -> mlua::Result<()> {
    let what = match kind {
        "circle" => "add_circle",
        "box" => "add_box",
        _ => "add_polygon",
    };
    let mut specific: Vec<&'static str> = specific_options(kind).to_vec();
    specific.extend(["x", "y", "angle"]);
    let allowed = allowed(&specific, SHAPE_COMMON);
    let o = Opts::new(lua, what, opts, &allowed)?;
    let shapes = geometry(&o, kind, true)?;
    let defs: Vec<ShapeDef> = shapes
        .into_iter()
        .map(|g| material(&o, g))
        .collect::<mlua::Result<_>>()?;
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    if sim.world.body(body).is_err() {
        return Err(scene_err(lua, format!("{what}: this body was destroyed")));
    }
    for d in &defs {
        sim.world.add_shape(body, d).map_err(|e| o.err(e))?;
    }
    Ok(())
}
