//! One fixed step of a scene, in the order of DESIGN.md §2: force callbacks
//! → physics step (no Lua inside) → the step's events to Lua callbacks →
//! `update(dt)` → bodies outside `world.bounds` destroyed.

use super::handles::handle_for;
use super::sim::SceneContext;
use crate::physics::{BodyId, StepEvents};
use mlua::{Function, IntoLuaMulti, Lua, Value};

/// Marks callback time (no `world:step` inside) and restores the flag.
struct InCallback<'a>(&'a SceneContext, bool);

impl Drop for InCallback<'_> {
    fn drop(&mut self) {
        self.0.in_callback.set(self.1);
    }
}

/// Advance the scene `n` steps.
pub fn advance(lua: &Lua, n: u64) -> mlua::Result<()> {
    // Stepping is physbox's work, not the scene's: the enclosing scene
    // code's clock stops (a long `world:step(n)` is no endless loop); every
    // callback inside gets its own allowance.
    let clock = lua
        .app_data_ref::<SceneContext>()
        .expect("scene context")
        .clock
        .clone();
    let _paused = clock.pause();
    for _ in 0..n {
        step_once(lua)?;
    }
    Ok(())
}

/// The global callback `name`, if the scene defined one.
pub fn callback(lua: &Lua, name: &str) -> mlua::Result<Option<Function>> {
    match lua.globals().raw_get::<Value>(name)? {
        Value::Nil => Ok(None),
        Value::Function(f) => Ok(Some(f)),
        other => Err(mlua::Error::RuntimeError(format!(
            "{name} must be a function, got {}",
            super::options::type_name(&other)
        ))),
    }
}

/// Call a scene callback with a fresh time allowance, in callback mode.
pub fn call_callback<A: IntoLuaMulti>(
    lua: &Lua,
    name: &str,
    args: impl FnOnce() -> mlua::Result<A>,
) -> mlua::Result<()> {
    let Some(f) = callback(lua, name)? else {
        return Ok(());
    };
    call_function(lua, &f, args()?)
}

/// Call a scene function the way callbacks are called.
pub fn call_function<A: IntoLuaMulti>(lua: &Lua, f: &Function, args: A) -> mlua::Result<()> {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let _flag = InCallback(&ctx, ctx.in_callback.replace(true));
    let _budget = ctx.clock.enter();
    f.call::<()>(args)
}

fn step_once(lua: &Lua) -> mlua::Result<()> {
    // 1. Forces.
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let cache = ctx.forces.borrow_mut().take();
    let was = ctx.in_callback.replace(true);
    drop(ctx);
    let mut cache = match cache {
        Some(c) => c,
        None => super::forces::ForceCache::new(lua)?,
    };
    let started = std::time::Instant::now();
    let r = super::forces::apply_forces(lua, &mut cache);
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    ctx.sim.borrow_mut().force_time += started.elapsed();
    ctx.in_callback.set(was);
    *ctx.forces.borrow_mut() = Some(cache);
    drop(ctx);
    r?;
    // 2. Physics (the clock of any enclosing scene code is paused).
    let (events, dt) = {
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
        let _paused = ctx.clock.pause();
        let mut sim = ctx.sim.borrow_mut();
        let dt = sim.dt;
        sim.camera.begin_step();
        let started = std::time::Instant::now();
        sim.world.step(dt);
        super::world_limits::check_step(&sim, started.elapsed())
            .map_err(mlua::Error::RuntimeError)?;
        (sim.world.events().clone(), dt)
    };
    // 3. Events, then update.
    dispatch(lua, &events)?;
    call_callback(lua, "update", || Ok(dt))?;
    super::step_hooks::run(lua, dt)?;
    // 4. Bounds, then the camera follows its body.
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    let sim = &mut *sim;
    if let Some([x1, y1, x2, y2]) = sim.bounds {
        let out: Vec<BodyId> = sim
            .world
            .bodies()
            .filter(|(_, b)| {
                let p = b.xf.p;
                p.x < x1 || p.x > x2 || p.y < y1 || p.y > y2
            })
            .map(|(id, _)| id)
            .collect();
        for id in out {
            if sim.destroy(id).is_ok() {
                // Remembered for the handles' message (the latest few
                // thousand: a rain of bodies must not grow memory forever).
                if sim.left_bounds.len() >= 4096 {
                    sim.left_bounds.drain(..2048);
                }
                sim.left_bounds.push(id);
            }
        }
    }
    sim.camera.after_step(&sim.world, dt);
    Ok(())
}

fn dispatch(lua: &Lua, events: &StepEvents) -> mlua::Result<()> {
    if !events.contact_begin.is_empty() && super::stepper::callback(lua, "on_contact")?.is_some() {
        for e in &events.contact_begin {
            call_callback(lua, "on_contact", || {
                let c = lua.create_table()?;
                c.raw_set("x", e.point.x)?;
                c.raw_set("y", e.point.y)?;
                c.raw_set("nx", e.normal.x)?;
                c.raw_set("ny", e.normal.y)?;
                c.raw_set("speed", e.approach_speed)?;
                Ok((handle_for(lua, e.body_a)?, handle_for(lua, e.body_b)?, c))
            })?;
        }
    }
    if !events.contact_end.is_empty() && callback(lua, "on_separate")?.is_some() {
        for e in &events.contact_end {
            call_callback(lua, "on_separate", || {
                Ok((handle_for(lua, e.body_a)?, handle_for(lua, e.body_b)?))
            })?;
        }
    }
    // A joint that broke is already destroyed: the handle is the same one
    // the scene holds (`==` and table keys still match); its kind and
    // bodies stay readable.
    if !events.joint_break.is_empty() && callback(lua, "on_break")?.is_some() {
        for e in &events.joint_break {
            call_callback(lua, "on_break", || {
                super::joints::broken_joint_handle(lua, e)
            })?;
        }
    }
    if !events.sensor.is_empty() && callback(lua, "on_sensor")?.is_some() {
        for e in &events.sensor {
            call_callback(lua, "on_sensor", || {
                Ok((
                    handle_for(lua, e.sensor_body)?,
                    handle_for(lua, e.visitor_body)?,
                    e.entered,
                ))
            })?;
        }
    }
    Ok(())
}

/// Each callback global must be a function (or absent): checked at load.
pub fn check_callbacks(lua: &Lua) -> Result<(), (&'static str, mlua::Error)> {
    for name in [
        "update",
        "on_contact",
        "on_separate",
        "on_sensor",
        "on_key",
        "on_click",
        "on_break",
        "draw",
    ] {
        callback(lua, name).map_err(|e| (name, e))?;
    }
    Ok(())
}
