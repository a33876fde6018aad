//! The `world` global: settings as read/write fields, queries, `world:step`.

use super::body_fields::number as num;
use super::error::scene_err;
use super::handles::{body_of, handle_for};
use super::options::{point_from, string_arg, type_name};
use super::sim::{SceneContext, Sim};
use crate::physics::settings::Integrator;
use crate::physics::{BodyId, Vec2};
use mlua::{Lua, MetaMethod, UserData, UserDataMethods, Value};

pub struct WorldHandle;

fn get(lua: &Lua, key: &str) -> mlua::Result<Value> {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let sim = ctx.sim.borrow();
    let s = &sim.world.settings;
    Ok(match key {
        "gravity" => Value::Table(lua.create_sequence_from([s.gravity.x, s.gravity.y])?),
        "dt" => Value::Number(sim.dt),
        "substeps" => Value::Integer(s.substeps as i64),
        "sleep" => Value::Boolean(s.enable_sleep),
        "keep_manifolds" => Value::Boolean(s.keep_manifolds),
        "smooth_seams" => Value::Boolean(s.smooth_seams),
        "integrator" => Value::String(lua.create_string(match s.integrator {
            Integrator::Euler => "euler",
            Integrator::Rk4 => "rk4",
        })?),
        "contact_hertz" => Value::Number(s.contact_hertz),
        "contact_damping" => Value::Number(s.contact_damping_ratio),
        "bounds" => match sim.bounds {
            Some(b) => Value::Table(lua.create_sequence_from(b)?),
            None => Value::Nil,
        },
        "time" => Value::Number(sim.world.time()),
        "steps" => Value::Integer(sim.world.step_count() as i64),
        "seed" => Value::Integer(sim.random.seed),
        other => return Err(no_field(lua, other)),
    })
}

/// Every name a scene can read on `world` (fields, then methods).
const WORLD_NAMES: &[&str] = &[
    "gravity",
    "dt",
    "substeps",
    "sleep",
    "keep_manifolds",
    "smooth_seams",
    "integrator",
    "contact_hertz",
    "contact_damping",
    "bounds",
    "time",
    "steps",
    "seed",
    "bodies",
    "find",
    "query_point",
    "raycast",
    "energy",
    "step",
];

/// `world has no field 'substep' — did you mean 'substeps'?`
fn no_field(lua: &Lua, name: &str) -> mlua::Error {
    super::options::no_field(lua, "world", name, WORLD_NAMES)
}

fn flag(lua: &Lua, what: &str, v: Value) -> mlua::Result<bool> {
    match v {
        Value::Boolean(b) => Ok(b),
        other => Err(scene_err(
            lua,
            format!("{what} must be true or false, got {}", type_name(&other)),
        )),
    }
}

fn set(lua: &Lua, key: &str, v: Value) -> mlua::Result<()> {
    let what = format!("world.{key}");
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    match key {
        "gravity" => {
            let g = point_from(&v).map_err(|m| scene_err(lua, format!("{what} {m}")))?;
            sim.world.settings.gravity = g;
            // Sleeping bodies must feel a new gravity.
            for id in sim.world.body_ids() {
                let _ = sim.world.set_awake(id, true);
            }
        }
        "dt" => {
            let dt = num(lua, &what, &v)?;
            if !(dt > 0.0 && dt <= 1.0) {
                return Err(scene_err(
                    lua,
                    format!("{what} must be in (0, 1] seconds, got {dt}"),
                ));
            }
            sim.dt = dt;
        }
        "substeps" => {
            let n = num(lua, &what, &v)?;
            if n.fract() != 0.0 || !(1.0..=64.0).contains(&n) {
                return Err(scene_err(
                    lua,
                    format!("{what} must be a whole number from 1 to 64, got {n}"),
                ));
            }
            sim.world.settings.substeps = n as u32;
        }
        "seed" => {
            let n = num(lua, &what, &v)?;
            if n.fract() != 0.0 || n.abs() > 9.0e15 {
                return Err(scene_err(
                    lua,
                    format!("{what} must be a whole number (|seed| ≤ 9e15), got {n}"),
                ));
            }
            sim.random = crate::script::random::Random::seeded(n as i64);
        }
        "sleep" => {
            let b = flag(lua, &what, v)?;
            sim.world.settings.enable_sleep = b;
            // Without sleep nobody may stay asleep.
            if !b {
                for id in sim.world.body_ids() {
                    let _ = sim.world.set_awake(id, true);
                }
            }
        }
        "keep_manifolds" => sim.world.settings.keep_manifolds = flag(lua, &what, v)?,
        "smooth_seams" => sim.world.settings.smooth_seams = flag(lua, &what, v)?,
        "integrator" => {
            let s = match &v {
                Value::String(s) => s.to_str()?.to_string(),
                other => {
                    return Err(scene_err(
                        lua,
                        format!(
                            "{what} must be \"euler\" or \"rk4\", got {}",
                            type_name(other)
                        ),
                    ))
                }
            };
            sim.world.settings.integrator = match s.as_str() {
                "euler" => Integrator::Euler,
                "rk4" => Integrator::Rk4,
                _ => {
                    return Err(scene_err(
                        lua,
                        format!("{what} must be \"euler\" or \"rk4\", got \"{s}\""),
                    ))
                }
            };
        }
        "contact_hertz" | "contact_damping" => {
            let n = num(lua, &what, &v)?;
            // A damping ratio of 0 is a contact spring without damping (it
            // rings); a frequency of 0 is no contact at all.
            if key == "contact_damping" && n < 0.0 {
                return Err(scene_err(lua, format!("{what} must be 0 or more, got {n}")));
            }
            if key == "contact_hertz" && n <= 0.0 {
                return Err(scene_err(
                    lua,
                    format!("{what} must be a positive number, got {n}"),
                ));
            }
            if key == "contact_hertz" {
                sim.world.settings.contact_hertz = n;
            } else {
                sim.world.settings.contact_damping_ratio = n;
            }
        }
        "bounds" => {
            sim.bounds = match &v {
                Value::Nil => None,
                Value::Table(t) => {
                    let mut b = [0.0; 4];
                    for (i, c) in b.iter_mut().enumerate() {
                        *c = num(
                            lua,
                            &format!("{what}[{}]", i + 1),
                            &t.raw_get::<Value>(i + 1)?,
                        )?;
                    }
                    if b[0] >= b[2] || b[1] >= b[3] {
                        return Err(scene_err(
                            lua,
                            format!("{what} must be {{x1, y1, x2, y2}} with x1 < x2 and y1 < y2"),
                        ));
                    }
                    Some(b)
                }
                other => {
                    return Err(scene_err(
                        lua,
                        format!(
                            "{what} must be {{x1, y1, x2, y2}} or nil, got {}",
                            type_name(other)
                        ),
                    ))
                }
            }
        }
        "time" | "steps" => return Err(scene_err(lua, format!("{what} is read only"))),
        other => return Err(no_field(lua, other)),
    }
    Ok(())
}

/// Read the scene's world and data (not held across Lua calls).
fn read_sim<R>(lua: &Lua, f: impl FnOnce(&Sim) -> R) -> R {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let sim = ctx.sim.borrow();
    f(&sim)
}

/// Bodies as a Lua array of their handles.
fn handle_list(lua: &Lua, ids: Vec<BodyId>) -> mlua::Result<mlua::Table> {
    let t = lua.create_table_with_capacity(ids.len(), 0)?;
    for (i, id) in ids.into_iter().enumerate() {
        t.raw_set(i + 1, handle_for(lua, id)?)?;
    }
    Ok(t)
}

impl UserData for WorldHandle {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        m.add_meta_method(MetaMethod::Index, |lua, _, key: mlua::LuaString| {
            get(lua, &key.to_str()?)
        });
        m.add_meta_method(
            MetaMethod::NewIndex,
            |lua, _, (key, v): (mlua::LuaString, Value)| set(lua, &key.to_str()?, v),
        );
        m.add_method("bodies", |lua, _, ()| {
            let ids = read_sim(lua, |sim| sim.bodies_in_order());
            handle_list(lua, ids)
        });
        m.add_method("find", |lua, _, name: Value| {
            let name = string_arg(lua, "world:find: name", name)?;
            let found = read_sim(lua, |sim| {
                sim.bodies_in_order().into_iter().find(|id| {
                    sim.world
                        .body(*id)
                        .is_ok_and(|b| b.name.as_deref() == Some(name.as_str()))
                })
            });
            found.map(|id| handle_for(lua, id)).transpose()
        });
        m.add_method("query_point", |lua, _, (x, y): (Value, Value)| {
            let p = Vec2::new(
                num(lua, "world:query_point: x", &x)?,
                num(lua, "world:query_point: y", &y)?,
            );
            let ids = read_sim(lua, |sim| sim.world.query_point(p));
            handle_list(lua, ids)
        });
        m.add_method(
            "raycast",
            |lua, _, (x1, y1, x2, y2): (Value, Value, Value, Value)| {
                let a = Vec2::new(
                    num(lua, "world:raycast: x1", &x1)?,
                    num(lua, "world:raycast: y1", &y1)?,
                );
                let b = Vec2::new(
                    num(lua, "world:raycast: x2", &x2)?,
                    num(lua, "world:raycast: y2", &y2)?,
                );
                let hit = read_sim(lua, |sim| sim.world.raycast(a, b));
                let mut out = mlua::MultiValue::new();
                if let Some(h) = hit {
                    out.push_back(handle_for(lua, h.body)?);
                    for n in [h.point.x, h.point.y, h.normal.x, h.normal.y, h.fraction] {
                        out.push_back(Value::Number(n));
                    }
                } else {
                    out.push_back(Value::Nil);
                }
                Ok(out)
            },
        );
        m.add_method("energy", |lua, _, ()| {
            Ok(read_sim(lua, |sim| sim.world.energy()))
        });
        m.add_method("step", |lua, _, n: Option<Value>| {
            let n = match n {
                None | Some(Value::Nil) => 1.0,
                Some(v) => num(lua, "world:step: n", &v)?,
            };
            if n < 0.0 || n.fract() != 0.0 || n > 1.0e7 {
                return Err(scene_err(
                    lua,
                    format!("world:step: n must be a whole number from 0 to 10000000, got {n}"),
                ));
            }
            if lua
                .app_data_ref::<SceneContext>()
                .expect("scene context")
                .in_callback
                .get()
            {
                return Err(scene_err(
                    lua,
                    "world:step can only be called while the scene builds, not from a callback",
                ));
            }
            step_while_building(lua, n as u64)
        });
    }
}

/// `world:step(n)` from the scene file: the steps, within the scene's
/// budget of physics time while it builds (checked every few steps, so a
/// slow step overshoots it by at most a few steps).
fn step_while_building(lua: &Lua, n: u64) -> mlua::Result<()> {
    let (spent, limit) = {
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
        (ctx.build_stepping.get(), ctx.build_step_limit)
    };
    let started = std::time::Instant::now();
    let mut done = 0;
    let result = loop {
        if done == n {
            break Ok(());
        }
        let chunk = (n - done).min(16);
        if let Err(e) = super::stepper::advance(lua, chunk) {
            break Err(e);
        }
        done += chunk;
        if spent + started.elapsed() > limit {
            break Err(scene_err(
                lua,
                format!(
                    "world:step: the scene has stepped for more than {} s while it builds \
                     (stopped after {done} of this call's {n} steps); step less here, the \
                     runner steps the rest",
                    limit.as_secs_f64()
                ),
            ));
        }
    };
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    ctx.build_stepping.set(spent + started.elapsed());
    result
}

/// A body argument of an API function.
pub fn body_arg(lua: &Lua, what: &str, v: &Value) -> mlua::Result<crate::physics::BodyId> {
    match v {
        Value::LightUserData(_) | Value::UserData(_) => match body_of(lua, v) {
            Some(id) => Ok(id),
            None => Err(scene_err(
                lua,
                format!("{what} must be a body, got userdata"),
            )),
        },
        other => Err(scene_err(
            lua,
            format!("{what} must be a body, got {}", type_name(other)),
        )),
    }
}
