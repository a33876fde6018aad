//! Force fields (`force(fn [, bodies])`) and per-body forces (`b.force`).
//!
//! The hot path of a scene (DESIGN.md §4, §6): a field over 10,000 bodies
//! must cost ≤ 2 ms per step. Calling Lua from Rust once per body costs
//! ~110 ns before the callback does anything, so the loop over bodies runs
//! in Lua (a small trusted driver calling the user's function), once per
//! field per step, writing fx, fy, torque into a reused array that Rust then
//! reads in one pass. The handle table the driver walks is rebuilt only when
//! bodies are created or destroyed (`Sim::version`).

use super::error::scene_err;
use super::force_verlet::{self, LuaForce, Source, OWN_FORCE};
use super::handles::handle_for;
use super::sim::{ForceField, SceneContext};
use super::world_api::body_arg;
use crate::physics::{BodyId, BodyType, Vec2};
use mlua::{ffi, Function, Lua, Table, UserData, UserDataMethods, Value};

const DRIVER: &str = r#"
local single = function(f, handles, n, t, out)
  local k = 0
  for i = 1, n do
    local fx, fy, tq = f(handles[i], t)
    out[k + 1] = fx or 0
    out[k + 2] = fy or 0
    out[k + 3] = tq or 0
    k = k + 3
  end
end
local each = function(fs, handles, n, t, out)
  local k = 0
  for i = 1, n do
    local fx, fy, tq = fs[i](handles[i], t)
    out[k + 1] = fx or 0
    out[k + 2] = fy or 0
    out[k + 3] = tq or 0
    k = k + 3
  end
end
return single, each
"#;

/// Lua-side state kept between steps.
pub struct ForceCache {
    single: Function,
    each: Function,
    /// Per field (by index): the version it was built for, its bodies and
    /// their handles.
    fields: Vec<Option<(u64, Vec<BodyId>, Table)>>,
    /// Per-body forces: version, bodies, handles, functions.
    per_body: Option<(u64, Vec<BodyId>, Table, Table)>,
    out: Table,
    /// Each source's force and torque on each body this step (the last
    /// step's are in `Sim::lua_forces`; see `force_verlet.rs`).
    now: Vec<LuaForce>,
}

impl ForceCache {
    pub fn new(lua: &Lua) -> mlua::Result<ForceCache> {
        let (single, each): (Function, Function) = lua
            .load(DRIVER)
            .set_name("=physbox force driver")
            .call(())?;
        Ok(ForceCache {
            single,
            each,
            fields: Vec::new(),
            per_body: None,
            out: lua.create_table()?,
            now: Vec::new(),
        })
    }
}

/// Handle returned by `force(...)`: the field's slot and where it was made.
pub struct ForceHandle(pub usize, pub Option<String>);

impl UserData for ForceHandle {
    fn add_fields<F: mlua::UserDataFields<Self>>(f: &mut F) {
        // `source` outlives the field (a destroyed field still tells where
        // it was made): it is kept in the handle.
        f.add_field_method_get("source", |_, this| Ok(this.1.clone()));
    }

    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        m.add_method("destroy", |lua, this, ()| {
            let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
            let mut sim = ctx.sim.borrow_mut();
            match sim.fields.get_mut(this.0) {
                Some(slot @ Some(_)) => {
                    *slot = None;
                    Ok(())
                }
                _ => Err(scene_err(lua, "this force field was already destroyed")),
            }
        });
    }
}

pub fn install(lua: &Lua) -> mlua::Result<()> {
    let f = lua.create_function(|lua, (func, bodies): (Value, Option<Value>)| {
        let func = match func {
            Value::Function(f) => f,
            other => {
                return Err(scene_err(
                    lua,
                    format!(
                        "force: expected a function(body, t) returning fx, fy [, torque], got {}",
                        super::options::type_name(&other)
                    ),
                ))
            }
        };
        let bodies = match bodies {
            None | Some(Value::Nil) => None,
            Some(Value::Table(t)) => {
                let mut v = Vec::new();
                for (i, b) in t.sequence_values::<Value>().enumerate() {
                    v.push(body_arg(lua, &format!("force: bodies[{}]", i + 1), &b?)?);
                }
                Some(v)
            }
            Some(other) => {
                return Err(scene_err(
                    lua,
                    format!(
                        "force: bodies must be an array of bodies, got {}",
                        super::options::type_name(&other)
                    ),
                ))
            }
        };
        let origin = super::origin::here(lua, "force");
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
        let mut sim = ctx.sim.borrow_mut();
        sim.fields.push(Some(ForceField {
            func,
            bodies,
            origin,
        }));
        let source = sim
            .fields
            .last()
            .and_then(|f| f.as_ref()?.origin.as_ref().map(|o| o.at()));
        Ok(ForceHandle(sim.fields.len() - 1, source))
    })?;
    lua.globals().raw_set("force", f)
}

fn ctx_sim(lua: &Lua) -> std::rc::Rc<std::cell::RefCell<super::sim::Sim>> {
    lua.app_data_ref::<SceneContext>()
        .expect("scene context")
        .sim
        .clone()
}

/// Where a function was defined, for error messages.
fn origin(f: &Function) -> String {
    let info = f.info();
    match (info.short_src, info.line_defined) {
        (Some(s), Some(l)) => format!("{s}:{l}"),
        (Some(s), None) => s.to_string(),
        _ => "force callback".to_string(),
    }
}

/// Evaluate every force callback once and apply the results (start of a step).
pub fn apply_forces(lua: &Lua, cache: &mut ForceCache) -> mlua::Result<()> {
    let (fields, version, t, all_dynamic, per_body) = {
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
        let sim = ctx.sim.borrow();
        let fields: Vec<Option<(Function, Option<Vec<BodyId>>)>> = sim
            .fields
            .iter()
            .map(|f| f.as_ref().map(|f| (f.func.clone(), f.bodies.clone())))
            .collect();
        // The list of all dynamic bodies is needed only to rebuild a stale
        // field cache.
        let any_stale = fields.iter().enumerate().any(|(i, f)| {
            f.as_ref().is_some_and(|f| f.1.is_none())
                && cache
                    .fields
                    .get(i)
                    .and_then(|c| c.as_ref())
                    .is_none_or(|c| c.0 != sim.version)
        });
        let all_dynamic: Vec<BodyId> = if any_stale {
            sim.bodies_in_order()
                .into_iter()
                .filter(|id| {
                    sim.world
                        .body(*id)
                        .is_ok_and(|b| b.body_type == BodyType::Dynamic)
                })
                .collect()
        } else {
            Vec::new()
        };
        let per_body = cache
            .per_body
            .as_ref()
            .is_none_or(|c| c.0 != sim.version)
            .then(|| {
                sim.bodies_in_order()
                    .into_iter()
                    .filter_map(|id| {
                        sim.scene_body(id)
                            .and_then(|e| e.force.clone())
                            .map(|f| (id, f))
                    })
                    .collect::<Vec<_>>()
            });
        (fields, sim.version, sim.world.time(), all_dynamic, per_body)
    };
    cache.fields.resize_with(fields.len(), || None);
    for (i, field) in fields.into_iter().enumerate() {
        let Some((func, listed)) = field else {
            cache.fields[i] = None;
            continue;
        };
        let fresh = cache.fields[i].as_ref().is_some_and(|c| c.0 == version);
        if !fresh {
            // Listed bodies that were destroyed since drop out of the field.
            let ids = match listed {
                Some(list) => {
                    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
                    let sim = ctx.sim.borrow();
                    list.into_iter()
                        .filter(|id| sim.world.body(*id).is_ok())
                        .collect()
                }
                None => all_dynamic.clone(),
            };
            let handles = lua.create_table_with_capacity(ids.len(), 0)?;
            for (k, id) in ids.iter().enumerate() {
                handles.raw_set(k + 1, handle_for(lua, *id)?)?;
            }
            cache.fields[i] = Some((version, ids, handles));
        }
        let (_, ids, handles) = cache.fields[i].as_ref().expect("built above");
        run(
            lua,
            &cache.single,
            Value::Function(func.clone()),
            handles,
            ids,
            t,
            &cache.out,
            &func,
            i as Source,
            &mut cache.now,
        )?;
    }
    if let Some(list) = per_body {
        let handles = lua.create_table_with_capacity(list.len(), 0)?;
        let funcs = lua.create_table_with_capacity(list.len(), 0)?;
        for (k, (id, f)) in list.iter().enumerate() {
            handles.raw_set(k + 1, handle_for(lua, *id)?)?;
            funcs.raw_set(k + 1, f.clone())?;
        }
        let ids = list.into_iter().map(|(id, _)| id).collect();
        cache.per_body = Some((version, ids, handles, funcs));
    }
    if let Some((_, ids, handles, funcs)) = &cache.per_body {
        if !ids.is_empty() {
            let first: Function = funcs.raw_get(1)?;
            run(
                lua,
                &cache.each,
                Value::Table(funcs.clone()),
                handles,
                ids,
                t,
                &cache.out,
                &first,
                OWN_FORCE,
                &mut cache.now,
            )?;
        }
    }
    verlet_correction(lua, cache);
    Ok(())
}

/// Each source's Verlet correction (`force_verlet.rs`).
fn verlet_correction(lua: &Lua, cache: &mut ForceCache) {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    let sim = &mut *sim;
    let now = std::mem::take(&mut cache.now);
    let last = std::mem::take(&mut sim.lua_forces);
    let max = crate::physics::settings::MAX_FORCE;
    sim.lua_forces = force_verlet::correct(&mut sim.world, sim.dt, now, last, max);
}

#[allow(clippy::too_many_arguments)]
fn run(
    lua: &Lua,
    driver: &Function,
    f: Value,
    handles: &Table,
    ids: &[BodyId],
    t: f64,
    out: &Table,
    named: &Function,
    source: Source,
    now: &mut Vec<LuaForce>,
) -> mlua::Result<()> {
    if ids.is_empty() {
        return Ok(());
    }
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let clock = ctx.clock.clone();
    drop(ctx);
    {
        let _budget = clock.enter();
        {
            let sim = ctx_sim(lua);
            let mut sim = sim.borrow_mut();
            let sim = &mut *sim;
            sim.force_inputs.capture(&sim.world);
        }
        let r = driver.call::<()>((f, handles, ids.len(), t, out));
        ctx_sim(lua).borrow_mut().force_inputs.expire();
        r?;
    }
    let values: Vec<f64> = match read_numbers(lua, out, 3 * ids.len())? {
        Some(v) => v,
        None => {
            return Err(mlua::Error::RuntimeError(format!(
                "{}: force callback must return numbers fx, fy [, torque]",
                origin(named)
            )))
        }
    };
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    for (k, id) in ids.iter().enumerate() {
        let (fx, fy, tq) = (values[3 * k], values[3 * k + 1], values[3 * k + 2]);
        let max = crate::physics::settings::MAX_FORCE;
        if !(fx.abs() <= max && fy.abs() <= max && tq.abs() <= max) {
            let name = sim.world.body(*id).ok().and_then(|b| b.name.clone());
            return Err(mlua::Error::RuntimeError(format!(
                "{}: force callback returned a {} force ({fx:e}, {fy:e}, torque {tq:e}; the limit is ±{max:e} N, N·m) for body {}{}",
                origin(named),
                if [fx, fy, tq].iter().all(|x| x.is_finite()) { "too large" } else { "non-finite" },
                sim.stable_id(*id),
                name.map(|n| format!(" '{n}'")).unwrap_or_default()
            )));
        }
        if fx == 0.0 && fy == 0.0 && tq == 0.0 {
            continue;
        }
        // Bodies destroyed by an earlier field this step are skipped.
        if sim.world.body(*id).is_err() {
            continue;
        }
        let _ = sim.world.apply_force(*id, Vec2::new(fx, fy), None);
        if tq != 0.0 {
            let _ = sim.world.apply_torque(*id, tq);
        }
        now.push(LuaForce::new(*id, source, Vec2::new(fx, fy), tq));
    }
    Ok(())
}

/// The first `n` entries of the driver's output array as numbers, read
/// with raw stack calls (through mlua's iterator this was a third of the
/// field's cost); `None` if one is not a number.
fn read_numbers(lua: &Lua, t: &Table, n: usize) -> mlua::Result<Option<Vec<f64>>> {
    let mut v = Vec::with_capacity(n);
    let mut ok = true;
    // SAFETY: the table is argument 1; every get is popped; no Lua error can
    // be raised by raw gets of numbers.
    unsafe {
        lua.exec_raw::<()>(t.clone(), |l| {
            for i in 1..=n as ffi::lua_Integer {
                let is_number = ffi::lua_rawgeti(l, 1, i) == ffi::LUA_TNUMBER;
                let x = ffi::lua_tonumberx(l, -1, std::ptr::null_mut());
                ffi::lua_settop(l, 1);
                if !is_number {
                    ok = false;
                    break;
                }
                v.push(x);
            }
            ffi::lua_settop(l, 0);
        })?;
    }
    Ok(ok.then_some(v))
}
