//! Scene-level declarations and output: `scene`, `tools`, `next_scene`,
//! `message`, `win`, `lose`, `plot`, and the input polls `key_down`/`mouse`.

use super::color::parse_color;
use super::error::scene_err;
use super::options::{string_arg, type_name, Opts};
use super::sim::{Outcome, SceneContext};
use mlua::{Lua, Value};

/// Anything as text, the way `tostring` shows it (nil is empty).
fn text(lua: &Lua, _what: &str, v: Value) -> mlua::Result<String> {
    match v {
        Value::String(s) => Ok(s.to_str()?.to_string()),
        Value::Nil => Ok(String::new()),
        other => {
            let tostring: mlua::Function = lua.globals().get("tostring")?;
            tostring.call(other)
        }
    }
}

fn with_ctx<R>(lua: &Lua, f: impl FnOnce(&SceneContext) -> R) -> R {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    f(&ctx)
}

/// Key names `on_key` and `key_down` use.
pub fn is_key_name(k: &str) -> bool {
    let single = k.len() == 1
        && k.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    single
        || matches!(
            k,
            "left"
                | "right"
                | "up"
                | "down"
                | "space"
                | "enter"
                | "shift"
                | "ctrl"
                | "alt"
                | "tab"
                | "escape"
                | "backspace"
        )
}

pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    g.raw_set(
        "message",
        lua.create_function(|lua, v: Value| {
            let t = text(lua, "message", v)?;
            with_ctx(lua, |c| c.sim.borrow_mut().console.write(t));
            Ok(())
        })?,
    )?;
    for (name, won) in [("win", true), ("lose", false)] {
        g.raw_set(
            name,
            lua.create_function(move |lua, v: Value| {
                let t = text(lua, name, v)?;
                with_ctx(lua, |c| {
                    let mut sim = c.sim.borrow_mut();
                    let line = if won {
                        format!("WIN: {t}")
                    } else {
                        format!("LOSE: {t}")
                    };
                    sim.console.write(line);
                    sim.outcome = Some(if won {
                        Outcome::Won(t)
                    } else {
                        Outcome::Lost(t)
                    });
                });
                Ok(())
            })?,
        )?;
    }
    g.raw_set(
        "plot",
        lua.create_function(|lua, (name, value): (Value, Value)| {
            let name = string_arg(lua, "plot: name", name)?;
            let v = match value {
                Value::Integer(i) => i as f64,
                Value::Number(n) => n,
                other => {
                    return Err(scene_err(
                        lua,
                        format!("plot: value must be a number, got {}", type_name(&other)),
                    ))
                }
            };
            with_ctx(lua, |c| c.sim.borrow_mut().plot(&name, v));
            Ok(())
        })?,
    )?;
    g.raw_set(
        "scene",
        lua.create_function(|lua, v: Value| {
            let o = Opts::new(lua, "scene", v, &["title", "camera", "background"])?;
            let title = o.string("title")?;
            let camera = match o.table("camera")? {
                None => None,
                Some(t) => {
                    let mut c = [0.0, 0.0, 1.0];
                    for (i, slot) in c.iter_mut().enumerate() {
                        match t.raw_get::<Value>(i + 1)? {
                            Value::Nil if i == 2 => {}
                            Value::Integer(n) => *slot = n as f64,
                            Value::Number(n) if n.is_finite() => *slot = n,
                            other => {
                                return Err(o.err(format!(
                                "'camera' must be {{x, y, zoom}} of numbers, got {} at position {}",
                                type_name(&other),
                                i + 1
                            )))
                            }
                        }
                    }
                    if c[2] <= 0.0 {
                        return Err(o.err(format!("'camera' zoom must be positive, got {}", c[2])));
                    }
                    Some((c[0], c[1], c[2]))
                }
            };
            let background = match o.string("background")? {
                None => None,
                Some(c) => Some(parse_color(&c).map_err(|m| o.err(format!("'background': {m}")))?),
            };
            with_ctx(lua, |c| {
                let s = &mut c.sim.borrow_mut().settings;
                s.title = title.or(s.title.take());
                s.camera = camera.or(s.camera);
                s.background = background.or(s.background.take());
            });
            Ok(())
        })?,
    )?;
    g.raw_set(
        "tools",
        lua.create_function(|lua, v: Value| {
            // The parts a player can place (app/puzzle/parts.rs): circle, box,
            // polygon (a wedge) and segment (a ledge) from the contract,
            // plank and spring added.
            let allowed = ["circle", "box", "polygon", "segment", "plank", "spring"];
            let o = Opts::new(lua, "tools", v, &allowed)?;
            let mut tools = std::collections::BTreeMap::new();
            for k in allowed {
                let n = o.integer_or(k, -1)?;
                if n == -1 && !o.has(k)? {
                    continue;
                }
                if !(0..=1_000_000).contains(&n) {
                    return Err(o.err(format!("'{k}' must be a count from 0 up, got {n}")));
                }
                tools.insert(k.to_string(), n as u32);
            }
            with_ctx(lua, |c| c.sim.borrow_mut().settings.tools = tools);
            Ok(())
        })?,
    )?;
    g.raw_set(
        "next_scene",
        lua.create_function(|lua, v: Value| {
            let s = match v {
                Value::String(s) => s.to_str()?.to_string(),
                other => {
                    return Err(scene_err(
                        lua,
                        format!(
                            "next_scene: expected a file name, got {}",
                            type_name(&other)
                        ),
                    ))
                }
            };
            // Where it was set, so a missing file can be blamed on a line.
            let at = super::error::lua_position(lua);
            with_ctx(lua, |c| {
                let mut sim = c.sim.borrow_mut();
                sim.settings.next_scene = Some(s);
                sim.settings.next_scene_at = at;
            });
            Ok(())
        })?,
    )?;
    g.raw_set(
        "key_down",
        lua.create_function(|lua, v: Value| {
            let k = match v {
                Value::String(s) => s.to_str()?.to_string(),
                other => return Err(scene_err(lua, format!("key_down: expected a key name, got {}", type_name(&other)))),
            };
            if !is_key_name(&k) {
                return Err(scene_err(lua, format!("key_down: unknown key name '{k}' (\"a\"..\"z\", \"0\"..\"9\", \"left\", \"space\", ...)")));
            }
            Ok(with_ctx(lua, |c| c.keys_down.borrow().contains(&k)))
        })?,
    )?;
    g.raw_set(
        "mouse",
        lua.create_function(|lua, ()| Ok(with_ctx(lua, |c| c.mouse.get())))?,
    )?;
    Ok(())
}
