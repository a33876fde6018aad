//! The methods of a `Body` handle (`b:position()`, `b:apply_force(...)`,
//! `b:add_box{...}`, ...), as one table the handles' `__index` consults.

use super::body_fields::{number, opt_point, with_sim};
use super::constructors::add_shape;
use super::error::scene_err;
use super::handles::self_body;
use crate::physics::Vec2;
use mlua::{Function, Lua, Table, Value};

pub(super) fn methods(lua: &Lua) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    let m = |name: &str, f: Function| t.raw_set(name, f);
    m(
        "position",
        lua.create_function(|lua, ud: Value| {
            let id = self_body(lua, &ud)?;
            with_sim(lua, id, |s| {
                let p = s.world.body(id).expect("live").xf.p;
                Ok((p.x, p.y))
            })
        })?,
    )?;
    m(
        "velocity",
        lua.create_function(|lua, ud: Value| {
            let id = self_body(lua, &ud)?;
            with_sim(lua, id, |s| {
                let v = s.world.body(id).expect("live").linear_velocity;
                Ok((v.x, v.y))
            })
        })?,
    )?;
    m(
        "center",
        lua.create_function(|lua, ud: Value| {
            let id = self_body(lua, &ud)?;
            with_sim(lua, id, |s| {
                let c = s.world.body(id).expect("live").center;
                Ok((c.x, c.y))
            })
        })?,
    )?;
    m(
        "kinetic_energy",
        lua.create_function(|lua, ud: Value| {
            let id = self_body(lua, &ud)?;
            with_sim(lua, id, |s| {
                Ok(s.world.body(id).expect("live").kinetic_energy())
            })
        })?,
    )?;
    m(
        "world_point",
        lua.create_function(|lua, (ud, x, y): (Value, Value, Value)| {
            let id = self_body(lua, &ud)?;
            let p = Vec2::new(
                number(lua, "world_point: lx", &x)?,
                number(lua, "world_point: ly", &y)?,
            );
            with_sim(lua, id, |s| {
                let w = s.world.body(id).expect("live").xf.apply(p);
                Ok((w.x, w.y))
            })
        })?,
    )?;
    m(
        "local_point",
        lua.create_function(|lua, (ud, x, y): (Value, Value, Value)| {
            let id = self_body(lua, &ud)?;
            let p = Vec2::new(
                number(lua, "local_point: x", &x)?,
                number(lua, "local_point: y", &y)?,
            );
            with_sim(lua, id, |s| {
                let l = s.world.body(id).expect("live").xf.inv_apply(p);
                Ok((l.x, l.y))
            })
        })?,
    )?;
    for (name, impulse) in [("apply_force", false), ("apply_impulse", true)] {
        m(
            name,
            lua.create_function(
                move |lua, (ud, fx, fy, px, py): (Value, Value, Value, Option<Value>, Option<Value>)| {
                    let id = self_body(lua, &ud)?;
                    let f = Vec2::new(
                        force_number(lua, &format!("{name}: x"), &fx)?,
                        force_number(lua, &format!("{name}: y"), &fy)?,
                    );
                    let p = opt_point(lua, name, px, py)?;
                    let r = with_sim(lua, id, |s| {
                        Ok(if impulse {
                            s.world.apply_impulse(id, f, p)
                        } else {
                            s.world.apply_force(id, f, p)
                        })
                    })?;
                    r.map_err(|e| scene_err(lua, format!("{name}: {e}")))
                },
            )?,
        )?;
    }
    m(
        "apply_torque",
        lua.create_function(|lua, (ud, t): (Value, Value)| {
            let id = self_body(lua, &ud)?;
            let t = force_number(lua, "apply_torque: torque", &t)?;
            let r = with_sim(lua, id, |s| Ok(s.world.apply_torque(id, t)))?;
            r.map_err(|e| scene_err(lua, format!("apply_torque: {e}")))
        })?,
    )?;
    m(
        "destroy",
        lua.create_function(|lua, ud: Value| {
            let id = self_body(lua, &ud)?;
            let r = with_sim(lua, id, |s| Ok(s.destroy(id)))?;
            r.map_err(|e| scene_err(lua, format!("destroy: {e}")))
        })?,
    )?;
    for kind in ["circle", "box", "polygon"] {
        m(
            &format!("add_{kind}"),
            lua.create_function(move |lua, (ud, opts): (Value, Value)| {
                let id = self_body(lua, &ud)?;
                add_shape(lua, id, kind, opts)
            })?,
        )?;
    }
    Ok(t)
}

/// A force, impulse or torque argument: finite and within ±`MAX_FORCE`.
fn force_number(lua: &Lua, what: &str, v: &Value) -> mlua::Result<f64> {
    let n = number(lua, what, v)?;
    let max = crate::physics::settings::MAX_FORCE;
    if n.abs() <= max {
        Ok(n)
    } else {
        Err(scene_err(
            lua,
            format!("{what} must be from {:e} to {max:e}, got {n:e}", -max),
        ))
    }
}
