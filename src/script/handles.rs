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
//! userdata share one metatable (nothing else in a scene's Lua state is one) whose
//! `__index` is a raw C function answering the position/velocity fields
//! directly, handing every other key (methods, other fields, destroyed
//! bodies, errors) to an ordinary mlua function.

use super::body_fields::{get_field, set_field};
use super::body_methods::methods;
use super::error::scene_err;
use super::sim::{SceneContext, Sim};
use crate::physics::BodyId;
use mlua::{ffi, Function, Lua, Value};
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
    let ctx = lua.app_data_ref::<SceneContext>()?;
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

pub(super) fn self_body(lua: &Lua, ud: &Value) -> mlua::Result<BodyId> {
    body_of(lua, ud)
        .ok_or_else(|| scene_err(lua, "expected a body (call methods as body:method(...))"))
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
            Ok(sim) if sim.force_inputs.is_live() => match sim.force_inputs.body(index) {
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

/// The key of `body.key`: fields have string names.
fn field_name(lua: &Lua, key: Value) -> mlua::Result<String> {
    match key {
        Value::String(s) => Ok(s.to_str()?.to_string()),
        other => Err(scene_err(
            lua,
            format!("Body has no field {}", other.to_string()?),
        )),
    }
}

/// Build the handles' metatable. `sim` must outlive the Lua state.
pub fn install(lua: &Lua, sim: &RefCell<Sim>) -> mlua::Result<()> {
    let methods = methods(lua)?;
    let slow_index = lua.create_function(move |lua, (ud, key): (Value, Value)| {
        let id = self_body(lua, &ud)?;
        let key = field_name(lua, key)?;
        if let Some(f) = methods.raw_get::<Option<Function>>(key.as_str())? {
            return Ok(Value::Function(f));
        }
        get_field(lua, id, &key)
    })?;
    let newindex = lua.create_function(|lua, (ud, key, v): (Value, Value, Value)| {
        let id = self_body(lua, &ud)?;
        let key = field_name(lua, key)?;
        set_field(lua, id, &key, v)
    })?;
    let tostring = lua.create_function(|lua, ud: Value| {
        let id = self_body(lua, &ud)?;
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
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
