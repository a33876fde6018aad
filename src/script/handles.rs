//! `Body` handles: a userdata holding a generational `BodyId`. Every access
//! goes through the world, so a destroyed body's handle gives a clear Lua
//! error instead of touching a reused slot. Each body has one handle object
//! (cached in `Sim`), so handles compare equal and work as table keys.

use super::color::parse_color;
use super::constructors::{add_shape, parse_body_type};
use super::error::scene_err;
use super::options::type_name;
use super::sim::{Ctx, Sim};
use crate::physics::{BodyId, Vec2};
use mlua::{AnyUserData, Lua, MetaMethod, UserData, UserDataMethods, Value};

pub struct BodyHandle(pub BodyId);

/// The handle of `id` (the cached one for a live body).
pub fn handle_for(lua: &Lua, id: BodyId) -> mlua::Result<AnyUserData> {
    let ctx = lua.app_data_ref::<Ctx>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    if let Some(extra) = sim.extra_mut(id) {
        if let Some(h) = &extra.handle {
            return Ok(h.clone());
        }
        let h = lua.create_userdata(BodyHandle(id))?;
        extra.handle = Some(h.clone());
        return Ok(h);
    }
    lua.create_userdata(BodyHandle(id))
}

fn destroyed(lua: &Lua) -> mlua::Error {
    scene_err(
        lua,
        "this body was destroyed (its handle is no longer valid)",
    )
}

/// Run `f` on the live body's sim, or fail with the destroyed-handle error.
fn with_sim<R>(
    lua: &Lua,
    id: BodyId,
    f: impl FnOnce(&mut Sim) -> mlua::Result<R>,
) -> mlua::Result<R> {
    let ctx = lua.app_data_ref::<Ctx>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    if sim.world.body(id).is_err() {
        return Err(destroyed(lua));
    }
    f(&mut sim)
}

fn number(lua: &Lua, what: &str, v: &Value) -> mlua::Result<f64> {
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

fn boolean(lua: &Lua, what: &str, v: &Value) -> mlua::Result<bool> {
    match v {
        Value::Boolean(b) => Ok(*b),
        other => Err(scene_err(
            lua,
            format!("{what} must be true or false, got {}", type_name(other)),
        )),
    }
}

fn get_field(lua: &Lua, id: BodyId, key: &str) -> mlua::Result<Value> {
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
            "color" => match sim.extra(id).and_then(|e| e.color.clone()) {
                Some(c) => Value::String(lua.create_string(c)?),
                None => Value::Nil,
            },
            "force" => match sim.extra(id).and_then(|e| e.force.clone()) {
                Some(f) => Value::Function(f),
                None => Value::Nil,
            },
            other => return Err(scene_err(lua, format!("Body has no field '{other}'"))),
        })
    })
}

fn set_field(lua: &Lua, id: BodyId, key: &str, v: Value) -> mlua::Result<()> {
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
        | "restitution" => Set::Num(number(lua, &what, &v)?),
        "awake" | "bullet" => Set::Bool(boolean(lua, &what, &v)?),
        "type" | "name" | "color" => match &v {
            Value::Nil if key == "name" || key == "color" => Set::Str(None),
            Value::String(s) => Set::Str(Some(s.to_str()?.to_string())),
            other => {
                return Err(scene_err(
                    lua,
                    format!("{what} must be a string, got {}", type_name(other)),
                ))
            }
        },
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
        "mass" | "inertia" | "id" => return Err(scene_err(lua, format!("{what} is read only"))),
        other => return Err(scene_err(lua, format!("Body has no field '{other}'"))),
    };
    let result: Result<(), String> = with_sim(lua, id, |sim| {
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
                Some(t) => {
                    sim.version += 1;
                    sim.world.set_body_type(id, t)
                }
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
                sim.extra_mut(id).expect("live").color = c;
                Ok(())
            }
            ("force", Set::Func(f)) => {
                sim.extra_mut(id).expect("live").force = f;
                sim.version += 1;
                Ok(())
            }
            _ => unreachable!("validated above"),
        };
        Ok(r.map_err(|e| format!("{what}: {e}")))
    })?;
    result.map_err(|m| scene_err(lua, m))
}

/// Optional point arguments `[px, py]`: both or neither.
fn opt_point(
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

/// Readable fields (mlua dispatches these before methods and `__index`).
const FIELDS: &[&str] = &[
    "x",
    "y",
    "angle",
    "vx",
    "vy",
    "omega",
    "mass",
    "inertia",
    "awake",
    "bullet",
    "gravity_scale",
    "friction",
    "restitution",
    "type",
    "name",
    "id",
    "color",
    "force",
];
const WRITABLE: &[&str] = &[
    "x",
    "y",
    "angle",
    "vx",
    "vy",
    "omega",
    "awake",
    "bullet",
    "gravity_scale",
    "friction",
    "restitution",
    "type",
    "name",
    "color",
    "force",
];

/// The hot fields of force callbacks, read without the generic path.
fn hot(lua: &Lua, id: BodyId, f: impl Fn(&crate::physics::Body) -> f64) -> mlua::Result<f64> {
    let ctx = lua.app_data_ref::<Ctx>().expect("scene context");
    let sim = ctx.sim.borrow();
    match sim.world.body(id) {
        Ok(b) => Ok(f(b)),
        Err(_) => Err(destroyed(lua)),
    }
}

impl UserData for BodyHandle {
    fn add_fields<F: mlua::UserDataFields<Self>>(f: &mut F) {
        f.add_field_method_get("x", |lua, this| hot(lua, this.0, |b| b.xf.p.x));
        f.add_field_method_get("y", |lua, this| hot(lua, this.0, |b| b.xf.p.y));
        f.add_field_method_get("vx", |lua, this| hot(lua, this.0, |b| b.linear_velocity.x));
        f.add_field_method_get("vy", |lua, this| hot(lua, this.0, |b| b.linear_velocity.y));
        f.add_field_method_get("omega", |lua, this| {
            hot(lua, this.0, |b| b.angular_velocity)
        });
        f.add_field_method_get("angle", |lua, this| hot(lua, this.0, |b| b.xf.q.angle()));
        f.add_field_method_get("mass", |lua, this| hot(lua, this.0, |b| b.mass));
        for name in FIELDS.iter().skip(7) {
            f.add_field_method_get(*name, move |lua, this| get_field(lua, this.0, name));
        }
        for name in WRITABLE {
            f.add_field_method_set(*name, move |lua, this, v: Value| {
                set_field(lua, this.0, name, v)
            });
        }
    }

    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        m.add_meta_method(MetaMethod::Index, |lua, this, key: mlua::LuaString| {
            get_field(lua, this.0, &key.to_str()?)
        });
        m.add_meta_method(
            MetaMethod::NewIndex,
            |lua, this, (key, v): (mlua::LuaString, Value)| {
                set_field(lua, this.0, &key.to_str()?, v)
            },
        );
        m.add_meta_method(MetaMethod::ToString, |lua, this, ()| {
            let ctx = lua.app_data_ref::<Ctx>().expect("scene context");
            let sim = ctx.sim.borrow();
            Ok(match sim.world.body(this.0) {
                Ok(b) => format!(
                    "Body({}{})",
                    sim.stable_id(this.0),
                    b.name
                        .as_ref()
                        .map(|n| format!(" '{n}'"))
                        .unwrap_or_default()
                ),
                Err(_) => "Body(destroyed)".to_string(),
            })
        });
        m.add_method("position", |lua, this, ()| {
            with_sim(lua, this.0, |s| {
                let p = s.world.body(this.0).expect("live").xf.p;
                Ok((p.x, p.y))
            })
        });
        m.add_method("velocity", |lua, this, ()| {
            with_sim(lua, this.0, |s| {
                let v = s.world.body(this.0).expect("live").linear_velocity;
                Ok((v.x, v.y))
            })
        });
        m.add_method("center", |lua, this, ()| {
            with_sim(lua, this.0, |s| {
                let c = s.world.body(this.0).expect("live").center;
                Ok((c.x, c.y))
            })
        });
        m.add_method("kinetic_energy", |lua, this, ()| {
            with_sim(lua, this.0, |s| {
                Ok(s.world.body(this.0).expect("live").kinetic_energy())
            })
        });
        m.add_method("world_point", |lua, this, (x, y): (Value, Value)| {
            let p = Vec2::new(
                number(lua, "world_point: lx", &x)?,
                number(lua, "world_point: ly", &y)?,
            );
            with_sim(lua, this.0, |s| {
                let w = s.world.body(this.0).expect("live").xf.apply(p);
                Ok((w.x, w.y))
            })
        });
        m.add_method("local_point", |lua, this, (x, y): (Value, Value)| {
            let p = Vec2::new(
                number(lua, "local_point: x", &x)?,
                number(lua, "local_point: y", &y)?,
            );
            with_sim(lua, this.0, |s| {
                let l = s.world.body(this.0).expect("live").xf.inv_apply(p);
                Ok((l.x, l.y))
            })
        });
        for (name, impulse) in [("apply_force", false), ("apply_impulse", true)] {
            m.add_method(
                name,
                move |lua, this, (fx, fy, px, py): (Value, Value, Option<Value>, Option<Value>)| {
                    let f = Vec2::new(
                        number(lua, &format!("{name}: x"), &fx)?,
                        number(lua, &format!("{name}: y"), &fy)?,
                    );
                    let p = opt_point(lua, name, px, py)?;
                    let r = with_sim(lua, this.0, |s| {
                        Ok(if impulse {
                            s.world.apply_impulse(this.0, f, p)
                        } else {
                            s.world.apply_force(this.0, f, p)
                        })
                    })?;
                    r.map_err(|e| scene_err(lua, format!("{name}: {e}")))
                },
            );
        }
        m.add_method("apply_torque", |lua, this, t: Value| {
            let t = number(lua, "apply_torque: torque", &t)?;
            let r = with_sim(lua, this.0, |s| Ok(s.world.apply_torque(this.0, t)))?;
            r.map_err(|e| scene_err(lua, format!("apply_torque: {e}")))
        });
        m.add_method("destroy", |lua, this, ()| {
            let r = with_sim(lua, this.0, |s| Ok(s.destroy(this.0)))?;
            r.map_err(|e| scene_err(lua, format!("destroy: {e}")))
        });
        for kind in ["circle", "box", "polygon"] {
            m.add_method(format!("add_{kind}"), move |lua, this, opts: Value| {
                add_shape(lua, this.0, kind, opts)
            });
        }
    }
}
