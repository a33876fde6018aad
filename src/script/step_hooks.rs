//! `every_step(fn)`: functions called after every step, after `update(dt)`,
//! with `dt`. For helper modules (`scripts/puzzle.lua`'s timers and goals)
//! that must run every step whatever the scene does with its own `update`:
//! a scene defining `update` after requiring them cannot switch them off.

use super::error::scene_err;
use super::options::type_name;
use mlua::{Function, Lua, Table, Value};

pub(super) const HOOKS: &str = "physbox.every_step";

fn hooks(lua: &Lua) -> mlua::Result<Table> {
    match lua.named_registry_value::<Value>(HOOKS)? {
        Value::Table(t) => Ok(t),
        _ => {
            let t = lua.create_table()?;
            lua.set_named_registry_value(HOOKS, t.clone())?;
            Ok(t)
        }
    }
}

pub fn install(lua: &Lua) -> mlua::Result<()> {
    lua.globals().raw_set(
        "every_step",
        lua.create_function(|lua, v: Value| {
            let Value::Function(f) = v else {
                return Err(scene_err(
                    lua,
                    format!("every_step: expected a function, got {}", type_name(&v)),
                ));
            };
            let t = hooks(lua)?;
            t.raw_set(t.raw_len() + 1, f)?;
            Ok(())
        })?,
    )
}

/// Call every hook, in the order they were added (like a callback: with a
/// fresh time allowance each).
pub fn run(lua: &Lua, dt: f64) -> mlua::Result<()> {
    let list = hooks(lua)?;
    if list.raw_len() == 0 {
        return Ok(());
    }
    let fs: Vec<Function> = list
        .sequence_values::<Function>()
        .collect::<mlua::Result<_>>()?;
    for f in fs {
        super::stepper::call_function(lua, &f, dt)?;
    }
    Ok(())
}
