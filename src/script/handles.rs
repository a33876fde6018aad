//! `Body` handles: a userdata holding a generational `BodyId`. Every access
//! goes through the world, so a destroyed body's handle gives a clear Lua
//! error instead of touching a reused slot.
//!
//! Reading `body.x` in a force callback is the hottest path of a scene
//! (10,000 bodies × several fields per step). Through mlua's userdata
//! machinery one read cost ~350 ns, and even a bare full userdata costs a
//! cache miss per body (its header holds the metatable). So a handle is a
//! *light* userdata: the id itself, packed into the pointer bits. It needs no
//! allocation, equal ids are equal handles (table keys work), and all light
//! userdata share one metatable (nothing else in the sandbox is one) whose
//! `__index` is a raw C function answering the position/velocity fields
//! directly, handing every other key (methods, other fields, destroyed
//! bodies, errors) to an ordinary mlua function.

use super::color::parse_color;
use super::constructors::{add_shape, parse_body_type};
use super::error::scene_err;
use super::options::type_name;
use super::sim::{Ctx, Sim};
use crate::physics::{BodyId, Vec2};
use mlua::{ffi, Function, Lua, Table, Value};
use std::cell::RefCell;
use std::ffi::{c_int, c_void};

/// Tag bit marking a packed body id (so a null pointer is never a handle).
const TAG: u64 = 1 << 63;

fn pack(id: BodyId) -> *mut c_void {
    (TAG | (u64::from(id.generation & 0x7fff_ffff) << 32) | u64::from(id.index)) as usize
        as *mut c_void
}

fn unpack(p: *const c_void) -> Option<(u32, u32)> {
    let v = p as usize as u64;
    (v & TAG != 0).then_some((v as u32, ((v >> 32) as u32) & 0x7fff_ffff))
}

/// The handle of `id`.
pub fn handle_for(_lua: &Lua, id: BodyId) -> mlua::Result<Value> {
    Ok(Value::LightUserData(mlua::LightUserData(pack(id))))
}

/// The body of a handle value, or `None` for any other value.
pub fn body_of(lua: &Lua, v: &Value) -> Option<BodyId> {
    let Value::LightUserData(p) = v else {
        return None;
    };
    let (index, generation) = unpack(p.0)?;
    // A handle stores the generation in 31 bits: compare it that way.
    let ctx = lua.app_data_ref::<Ctx>()?;
    let sim = ctx.sim.borrow();
    let full = sim.world.body_id_at(index).map_or(generation, |live| {
        if live.generation & 0x7fff_ffff == generation {
            live.generation
        } else {
            generation
        }
    });
    Some(BodyId {
        index,
        generation: full,
    })
}

fn self_body(lua: &Lua, ud: &Value) -> mlua::Result<BodyId> {
    body_of(lua, ud)
        .ok_or_else(|| scene_err(lua, "expected a body (call methods as body:method(...))"))
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
    // A method may move, push or destroy the body: the force snapshot
    // would no longer be true.
    sim.snapshot_live = false;
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
        sim.snapshot_live = false;
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

/// Raw `__index`: position and velocity fields straight from the world;
/// anything else goes to the mlua fallback (upvalue 2).
unsafe extern "C-unwind" fn fast_index(l: *mut ffi::lua_State) -> c_int {
    let Some((index, generation)) = unpack(ffi::lua_touserdata(l, 1)) else {
        return fallback(l);
    };
    let mut len = 0usize;
    let key = ffi::lua_tolstring(l, 2, &mut len);
    if !key.is_null() && len <= 5 {
        let key = std::slice::from_raw_parts(key as *const u8, len);
        let sim = ffi::lua_touserdata(l, ffi::lua_upvalueindex(1)) as *const RefCell<Sim>;
        let live = (*sim)
            .try_borrow()
            .ok()
            .and_then(|s| s.world.body_id_at(index));
        let id = match live {
            Some(live) if live.generation & 0x7fff_ffff == generation => live,
            _ => BodyId { index, generation },
        };
        let value = match (*sim).try_borrow() {
            // While force callbacks run: the compact start-of-step copy.
            Ok(sim) if sim.snapshot_live => match sim.snapshot.get(index as usize) {
                Some(s) if s.generation == id.generation => match key {
                    b"x" => Some(s.x),
                    b"y" => Some(s.y),
                    b"vx" => Some(s.vx),
                    b"vy" => Some(s.vy),
                    b"omega" => Some(s.omega),
                    b"angle" => Some(s.rot.1.atan2(s.rot.0)),
                    b"mass" => Some(s.mass),
                    _ => None,
                },
                _ => None,
            },
            Ok(sim) => match sim.world.body(id) {
                Ok(b) => match key {
                    b"x" => Some(b.xf.p.x),
                    b"y" => Some(b.xf.p.y),
                    b"vx" => Some(b.linear_velocity.x),
                    b"vy" => Some(b.linear_velocity.y),
                    b"omega" => Some(b.angular_velocity),
                    b"angle" => Some(b.xf.q.angle()),
                    b"mass" => Some(b.mass),
                    _ => None,
                },
                Err(_) => None,
            },
            Err(_) => None,
        };
        if let Some(v) = value {
            ffi::lua_pushnumber(l, v);
            return 1;
        }
    }
    fallback(l)
}

/// Call the mlua `__index` (upvalue 2). It raises errors itself: no Rust
/// value is alive in the calling frames when it does.
unsafe fn fallback(l: *mut ffi::lua_State) -> c_int {
    ffi::lua_pushvalue(l, ffi::lua_upvalueindex(2));
    ffi::lua_pushvalue(l, 1);
    ffi::lua_pushvalue(l, 2);
    ffi::lua_call(l, 2, 1);
    1
}

fn methods(lua: &Lua) -> mlua::Result<Table> {
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
                        number(lua, &format!("{name}: x"), &fx)?,
                        number(lua, &format!("{name}: y"), &fy)?,
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
            let t = number(lua, "apply_torque: torque", &t)?;
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

/// Build the handles' metatable. `sim` must outlive the Lua state.
pub fn install(lua: &Lua, sim: &RefCell<Sim>) -> mlua::Result<()> {
    let methods = methods(lua)?;
    let slow_index = lua.create_function(move |lua, (ud, key): (Value, Value)| {
        let id = self_body(lua, &ud)?;
        let key = match key {
            Value::String(s) => s.to_str()?.to_string(),
            other => {
                return Err(scene_err(
                    lua,
                    format!("Body has no field {}", other.to_string()?),
                ))
            }
        };
        if let Some(f) = methods.raw_get::<Option<Function>>(key.as_str())? {
            return Ok(Value::Function(f));
        }
        get_field(lua, id, &key)
    })?;
    let newindex = lua.create_function(|lua, (ud, key, v): (Value, Value, Value)| {
        let id = self_body(lua, &ud)?;
        let key = match key {
            Value::String(s) => s.to_str()?.to_string(),
            other => {
                return Err(scene_err(
                    lua,
                    format!("Body has no field {}", other.to_string()?),
                ))
            }
        };
        set_field(lua, id, &key, v)
    })?;
    let tostring = lua.create_function(|lua, ud: Value| {
        let id = self_body(lua, &ud)?;
        let ctx = lua.app_data_ref::<Ctx>().expect("scene context");
        let sim = ctx.sim.borrow();
        Ok(match sim.world.body(id) {
            Ok(b) => format!(
                "Body({}{})",
                sim.stable_id(id),
                b.name
                    .as_ref()
                    .map(|n| format!(" '{n}'"))
                    .unwrap_or_default()
            ),
            Err(_) => "Body(destroyed)".to_string(),
        })
    })?;
    let sim_ptr = sim as *const RefCell<Sim> as *mut c_void;
    // SAFETY: builds one table from the three functions passed as arguments
    // and stores it in the registry; leaves the stack empty.
    unsafe {
        lua.exec_raw::<()>((slow_index, newindex, tostring), |l| {
            ffi::lua_createtable(l, 0, 5);
            ffi::lua_pushlightuserdata(l, sim_ptr);
            ffi::lua_pushvalue(l, 1);
            ffi::lua_pushcclosure(l, fast_index, 2);
            ffi::lua_setfield(l, -2, c"__index".as_ptr());
            ffi::lua_pushvalue(l, 2);
            ffi::lua_setfield(l, -2, c"__newindex".as_ptr());
            ffi::lua_pushvalue(l, 3);
            ffi::lua_setfield(l, -2, c"__tostring".as_ptr());
            ffi::lua_pushstring(l, c"Body".as_ptr());
            ffi::lua_setfield(l, -2, c"__name".as_ptr());
            // getmetatable(body) gives this string, not the table.
            ffi::lua_pushstring(l, c"Body".as_ptr());
            ffi::lua_setfield(l, -2, c"__metatable".as_ptr());
            // The metatable of every light userdata.
            ffi::lua_pushlightuserdata(l, std::ptr::null_mut());
            ffi::lua_insert(l, -2);
            ffi::lua_setmetatable(l, -2);
            ffi::lua_settop(l, 0);
        })?;
    }
    Ok(())
}
