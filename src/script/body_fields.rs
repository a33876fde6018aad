//! Reading and writing `Body` fields by name (the slow path of a handle's
//! `__index`/`__newindex`: everything but the hot position/velocity reads),
//! with the checks and messages a scene author sees.

use super::color::parse_color;
use super::constructors::parse_body_type;
use super::error::scene_err;
use super::options::{string_arg, type_name};
use super::sim::{SceneContext, Sim};
use crate::physics::{BodyId, Vec2};
use mlua::{Lua, Value};

/// A stale handle's error, naming the body and where it was made when
/// that is known: `body 'crate' (scenes/x.lua:12) was destroyed ...`.
pub(super) fn destroyed(lua: &Lua, id: BodyId) -> mlua::Error {
    stale(lua, id, "was destroyed")
}

/// `body 'crate' (scenes/x.lua:12) <what> (its handle is no longer valid)`.
fn stale(lua: &Lua, id: BodyId, what: &str) -> mlua::Error {
    let who = {
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
        let sim = ctx.sim.borrow();
        sim.grave(id).and_then(|g| {
            let at = g.origin.as_ref()?.at();
            Some(match &g.name {
                Some(n) => format!("body '{n}' ({at})"),
                None => format!("a body made at {at}"),
            })
        })
    };
    let who = who.unwrap_or_else(|| "this body".to_string());
    scene_err(lua, format!("{who} {what} (its handle is no longer valid)"))
}

/// Every name a Body handle answers to (fields and methods), for the
/// did-you-mean of a misspelt one.
const BODY_NAMES: &[&str] = &[
    "x",
    "y",
    "angle",
    "vx",
    "vy",
    "omega",
    "type",
    "friction",
    "restitution",
    "gravity_scale",
    "bullet",
    "awake",
    "alive",
    "mass",
    "inertia",
    "name",
    "id",
    "color",
    "force",
    "position",
    "velocity",
    "center",
    "apply_force",
    "apply_impulse",
    "apply_torque",
    "kinetic_energy",
    "local_point",
    "world_point",
    "destroy",
    "add_circle",
    "add_box",
    "add_polygon",
    "source",
    "called_from",
];

/// `Body has no field 'apply_forc' — did you mean 'apply_force'?`
fn no_field(lua: &Lua, name: &str) -> mlua::Error {
    super::options::no_field(lua, "Body", name, BODY_NAMES)
}

/// The error for a handle whose body is gone: one that `world.bounds`
/// removed says so.
pub(super) fn gone(lua: &Lua, id: BodyId) -> mlua::Error {
    let left = {
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
        let sim = ctx.sim.borrow();
        sim.left_bounds.contains(&id)
    };
    if left {
        stale(
            lua,
            id,
            "left the world bounds (world.bounds) and was removed",
        )
    } else {
        destroyed(lua, id)
    }
}

/// Run `f` on the live body's sim, or fail with the destroyed-handle error.
pub(super) fn with_sim<R>(
    lua: &Lua,
    id: BodyId,
    f: impl FnOnce(&mut Sim) -> mlua::Result<R>,
) -> mlua::Result<R> {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    if sim.world.body(id).is_err() {
        drop(sim);
        drop(ctx);
        return Err(gone(lua, id));
    }
    // A method may move, push or destroy the body: the force callbacks'
    // copy of the step's start would no longer be true.
    sim.force_inputs.expire();
    f(&mut sim)
}

pub(super) fn number(lua: &Lua, what: &str, v: &Value) -> mlua::Result<f64> {
    let n = match v {
        Value::Integer(i) => *i as f64,
        Value::Number(n) => *n,
        other => {
            return Err(scene_err(
                lua,
                format!("{what} must be a number, got {}", type_name(other)),
            ))
        }
    };
    if n.is_finite() {
        Ok(n)
    } else {
        Err(scene_err(
            lua,
            format!("{what} must be a finite number, got {n}"),
        ))
    }
}

pub(super) fn boolean(lua: &Lua, what: &str, v: &Value) -> mlua::Result<bool> {
    match v {
        Value::Boolean(b) => Ok(*b),
        other => Err(scene_err(
            lua,
            format!("{what} must be true or false, got {}", type_name(other)),
        )),
    }
}

pub(super) fn get_field(lua: &Lua, id: BodyId, key: &str) -> mlua::Result<Value> {
    if let Some(v) = fact_of_the_dead(lua, id, key)? {
        return Ok(v);
    }
    with_sim(lua, id, |sim| {
        let b = sim.world.body(id).expect("checked");
        let first_shape = b
            .shapes
            .first()
            .map(|s| sim.world.shape(*s).expect("live shape"));
        Ok(match key {
            "x" => Value::Number(b.xf.p.x),
            "y" => Value::Number(b.xf.p.y),
            "angle" => Value::Number(b.xf.q.angle()),
            "vx" => Value::Number(b.linear_velocity.x),
            "vy" => Value::Number(b.linear_velocity.y),
            "omega" => Value::Number(b.angular_velocity),
            "mass" => Value::Number(b.mass),
            "inertia" => Value::Number(b.inertia),
            "awake" => Value::Boolean(b.awake),
            "alive" => Value::Boolean(true),
            "bullet" => Value::Boolean(b.bullet),
            "gravity_scale" => Value::Number(b.gravity_scale),
            "friction" => Value::Number(first_shape.map_or(0.0, |s| s.friction)),
            "restitution" => Value::Number(first_shape.map_or(0.0, |s| s.restitution)),
            "type" => Value::String(lua.create_string(b.body_type.name())?),
            "name" => match &b.name {
                Some(n) => Value::String(lua.create_string(n)?),
                None => Value::Nil,
            },
            "id" => Value::Integer(sim.stable_id(id) as i64),
            "source" => match sim.origin(id) {
                Some(o) => Value::String(lua.create_string(o.at())?),
                None => Value::Nil,
            },
            "called_from" => match sim.origin(id).and_then(|o| o.call_site.clone()) {
                Some((f, l)) => Value::String(lua.create_string(format!("{f}:{l}"))?),
                None => Value::Nil,
            },
            "color" => match sim.scene_body(id).and_then(|e| e.color.clone()) {
                Some(c) => Value::String(lua.create_string(c)?),
                None => Value::Nil,
            },
            "force" => match sim.scene_body(id).and_then(|e| e.force.clone()) {
                Some(f) => Value::Function(f),
                None => Value::Nil,
            },
            other => return Err(no_field(lua, other)),
        })
    })
}

/// What a handle whose body is gone still answers: `alive` (false), and
/// its `name` and `source` while they are remembered (the slot's latest
/// destroyed body). `on_separate` and a sensor's exit name a body the
/// scene destroyed since the step before (Box2D does the same: a counter
/// of touching bodies stays right), and an ordinary callback reading
/// `b.name` stopped the scene with "was destroyed". `None`: the body is
/// alive, or this is not such a field.
fn fact_of_the_dead(lua: &Lua, id: BodyId, key: &str) -> mlua::Result<Option<Value>> {
    if !matches!(key, "alive" | "name" | "source") {
        return Ok(None);
    }
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let sim = ctx.sim.borrow();
    if sim.world.body(id).is_ok() {
        return Ok(None);
    }
    let grave = sim.grave(id);
    let text = |t: Option<String>| match t {
        Some(t) => lua.create_string(t).map(Value::String),
        None => Ok(Value::Nil),
    };
    match key {
        "alive" => Ok(Some(Value::Boolean(false))),
        "name" => grave.map(|g| text(g.name.clone())).transpose(),
        _ => grave
            .map(|g| text(g.origin.as_ref().map(|o| o.at())))
            .transpose(),
    }
}

pub(super) fn set_field(lua: &Lua, id: BodyId, key: &str, v: Value) -> mlua::Result<()> {
    let what = format!("body.{key}");
    // Validate outside the borrow (messages need the Lua stack, not the sim).
    enum Set {
        Num(f64),
        Bool(bool),
        Str(Option<String>),
        Func(Option<mlua::Function>),
    }
    let value = match key {
        "x" | "y" | "angle" | "vx" | "vy" | "omega" | "gravity_scale" | "friction"
        | "restitution" => {
            let n = number(lua, &what, &v)?;
            if let Some(m) = super::ranges::out_of_range(&what, key, n) {
                return Err(scene_err(lua, m));
            }
            Set::Num(n)
        }
        "awake" | "bullet" => Set::Bool(boolean(lua, &what, &v)?),
        "name" | "color" if v.is_nil() => Set::Str(None),
        "type" | "name" | "color" => Set::Str(Some(string_arg(lua, &what, v)?)),
        "force" => match v {
            Value::Nil => Set::Func(None),
            Value::Function(f) => Set::Func(Some(f)),
            other => {
                return Err(scene_err(
                    lua,
                    format!(
                        "{what} must be a function or nil, got {}",
                        type_name(&other)
                    ),
                ))
            }
        },
        "mass" | "inertia" | "id" | "source" | "called_from" | "alive" => {
            return Err(scene_err(lua, format!("{what} is read only")))
        }
        other => return Err(no_field(lua, other)),
    };
    let result: Result<(), String> = with_sim(lua, id, |sim| {
        sim.force_inputs.expire();
        let w = &mut sim.world;
        let b = w.body(id).expect("checked");
        let (p, a, v) = (b.xf.p, b.xf.q.angle(), b.linear_velocity);
        let r = match (key, value) {
            ("x", Set::Num(n)) => w.set_transform(id, Vec2::new(n, p.y), a),
            ("y", Set::Num(n)) => w.set_transform(id, Vec2::new(p.x, n), a),
            ("angle", Set::Num(n)) => w.set_transform(id, p, n),
            ("vx", Set::Num(n)) => w.set_linear_velocity(id, Vec2::new(n, v.y)),
            ("vy", Set::Num(n)) => w.set_linear_velocity(id, Vec2::new(v.x, n)),
            ("omega", Set::Num(n)) => w.set_angular_velocity(id, n),
            ("gravity_scale", Set::Num(n)) => w.set_gravity_scale(id, n),
            ("friction", Set::Num(n)) => w.set_friction(id, n),
            ("restitution", Set::Num(n)) => w.set_restitution(id, n),
            ("awake", Set::Bool(b)) => w.set_awake(id, b),
            ("bullet", Set::Bool(b)) => w.set_bullet(id, b),
            ("name", Set::Str(s)) => w.set_name(id, s),
            ("type", Set::Str(Some(t))) => match parse_body_type(&t) {
                Some(t) => sim.set_body_type(id, t),
                None => {
                    return Ok(Err(format!(
                        "{what} must be \"dynamic\", \"static\" or \"kinematic\", got \"{t}\""
                    )))
                }
            },
            ("color", Set::Str(c)) => {
                let c = match c {
                    None => None,
                    Some(c) => match parse_color(&c) {
                        Ok(c) => Some(c),
                        Err(m) => return Ok(Err(format!("{what}: {m}"))),
                    },
                };
                sim.scene_body_mut(id).expect("live").color = c;
                Ok(())
            }
            ("force", Set::Func(f)) => {
                sim.set_body_force(id, f);
                Ok(())
            }
            _ => unreachable!("validated above"),
        };
        Ok(r.map_err(|e| format!("{what}: {e}")))
    })?;
    result.map_err(|m| scene_err(lua, m))
}

/// Optional point arguments `[px, py]`: both or neither.
pub(super) fn opt_point(
    lua: &Lua,
    what: &str,
    px: Option<Value>,
    py: Option<Value>,
) -> mlua::Result<Option<Vec2>> {
    match (px, py) {
        (None | Some(Value::Nil), None | Some(Value::Nil)) => Ok(None),
        (Some(x), Some(y)) => Ok(Some(Vec2::new(
            number(lua, what, &x)?,
            number(lua, what, &y)?,
        ))),
        _ => Err(scene_err(
            lua,
            format!("{what}: give both px and py, or neither"),
        )),
    }
}
