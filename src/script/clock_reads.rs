//! `os.clock`, `os.time` and `os.date` as scene code sees them: the same
//! functions, but the first call from a callback (while the scene runs, not
//! while it builds) is remembered with its `file:line`. The clock makes a
//! run impossible to repeat, so when the timeline finds that re-running a
//! scene gave another state, it can say why (`Scene::clock_read`).

use super::sim::SceneContext;
use mlua::{Lua, MultiValue, Table, Value};

pub fn install(lua: &Lua) -> mlua::Result<()> {
    let os: Table = lua.globals().get("os")?;
    for name in ["clock", "time", "date"] {
        let Value::Function(f) = os.raw_get::<Value>(name)? else {
            continue;
        };
        let wrapped = lua.create_function(move |lua, args: MultiValue| {
            note(lua, name);
            f.call::<MultiValue>(args)
        })?;
        os.raw_set(name, wrapped)?;
    }
    Ok(())
}

fn note(lua: &Lua, name: &str) {
    let Some(ctx) = lua.app_data_ref::<SceneContext>() else {
        return;
    };
    if !ctx.in_callback.get() || ctx.clock_read.borrow().is_some() {
        return;
    }
    let at = super::origin::capture(lua, "os", &ctx.scene_file)
        .map_or_else(|| "scene code".to_string(), |o| o.at());
    *ctx.clock_read.borrow_mut() = Some(format!("os.{name}() at {at}"));
}
