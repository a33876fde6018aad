//! Scene-level declarations and output: `scene` (title, about, camera,
//! background, keys, margin), `tools`, `next_scene`,
//! `message`, `win`, `lose`, `plot`, and the input polls `key_down`/`mouse`.

use super::color::parse_color;
use super::error::scene_err;
use super::options::{show, string_arg, type_name, Opts};
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

/// The keys with a word for a name (`platform::keys` names the window's
/// keys so), beside "a".."z", "0".."9" and "f1".."f12".
pub const NAMED_KEYS: [&str; 29] = [
    "left",
    "right",
    "up",
    "down",
    "space",
    "enter",
    "shift",
    "ctrl",
    "alt",
    "tab",
    "escape",
    "backspace",
    "delete",
    "insert",
    "home",
    "end",
    "pageup",
    "pagedown",
    "minus",
    "equal",
    "leftbracket",
    "rightbracket",
    "backslash",
    "semicolon",
    "apostrophe",
    "comma",
    "period",
    "slash",
    "backquote",
];

/// Key names `on_key`, `key_down` and `scene { keys }` use: the
/// contract's ("a".."z", "0".."9", "left", "space", "enter", ...) and the
/// window's other keys ("period", "f5", ...).
pub fn is_key_name(k: &str) -> bool {
    let single = k.len() == 1
        && k.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    let function = k
        .strip_prefix('f')
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|n| (1..=12).contains(&n));
    single || function || NAMED_KEYS.contains(&k)
}

/// Every key name, for a message: `"a".."z", "0".."9", "f1".."f12", left, ...`.
pub fn key_names_text() -> String {
    let mut s = String::from("\"a\"..\"z\", \"0\"..\"9\", \"f1\"..\"f12\"");
    for k in NAMED_KEYS {
        s.push_str(", ");
        s.push_str(k);
    }
    s
}

/// `scene { keys = {...} }`: key names, each checked.
fn key_list(o: &Opts) -> mlua::Result<Option<Vec<String>>> {
    let Some(t) = o.table("keys")? else {
        return Ok(None);
    };
    let mut keys = Vec::new();
    for (i, v) in t.sequence_values::<Value>().enumerate() {
        let k = match v? {
            Value::String(s) => s.to_str()?.to_string(),
            other => {
                return Err(o.err(format!(
                    "'keys'[{}] must be a key name, got {}",
                    i + 1,
                    type_name(&other)
                )))
            }
        };
        if !is_key_name(&k) {
            return Err(o.err(format!(
                "'keys'[{}]: unknown key name '{k}' (\"a\"..\"z\", \"0\"..\"9\", \"space\", \"left\", \"enter\", \"period\", \"f5\", ...)",
                i + 1
            )));
        }
        keys.push(k);
    }
    Ok(Some(keys))
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
                    // The first verdict decides: a level whose win and
                    // time-out come in the same step was won (`verify`
                    // reported the later `lose`), and a won puzzle stays won.
                    if sim.outcome.is_none() {
                        sim.outcome = Some(if won {
                            Outcome::Won(t)
                        } else {
                            Outcome::Lost(t)
                        });
                    }
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
            // NaN or infinity would reach the plot panel and the CSV file.
            if !v.is_finite() {
                return Err(scene_err(
                    lua,
                    format!("plot: value of '{name}' must be a finite number, got {v}"),
                ));
            }
            with_ctx(lua, |c| c.sim.borrow_mut().plot(&name, v));
            Ok(())
        })?,
    )?;
    g.raw_set("scene", lua.create_function(scene)?)?;
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
            // Like `require`: the next level stays inside this scene's folder
            // tree (a shared level must not open /etc/passwd as Lua).
            let inside = std::path::Path::new(&s).components().all(|c| {
                matches!(
                    c,
                    std::path::Component::Normal(_) | std::path::Component::CurDir
                )
            });
            if !inside || s.contains('\\') || !s.ends_with(".lua") {
                return Err(scene_err(
                    lua,
                    format!(
                        "next_scene: '{s}' must be a .lua file in this scene's folder or below \
                         (no '..', no absolute path)"
                    ),
                ));
            }
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
            Ok(with_ctx(lua, |c| {
                // A key the scene polls is the scene's from now on (the
                // window's rule for keys a scene wants).
                let mut polled = c.keys_polled.borrow_mut();
                if !polled.contains(&k) {
                    polled.push(k.clone());
                }
                c.keys_down.borrow().contains(&k)
            }))
        })?,
    )?;
    g.raw_set(
        "mouse",
        lua.create_function(|lua, ()| Ok(with_ctx(lua, |c| c.mouse.get())))?,
    )?;
    Ok(())
}

/// `scene { title, about, camera, background, keys, margin }`: each call
/// changes what it names (so `scene { camera = ... }` from a callback moves
/// the view, as `camera.x = ...` does).
fn scene(lua: &Lua, v: Value) -> mlua::Result<()> {
    let o = Opts::new(
        lua,
        "scene",
        v,
        &["title", "about", "camera", "background", "keys", "margin"],
    )?;
    let title = o.string("title")?;
    let about = o.string("about")?;
    let camera = match o.table("camera")? {
        None => None,
        Some(t) => Some(camera_triple(&o, &t)?),
    };
    let background = match o.string("background")? {
        None => None,
        Some(c) => Some(parse_color(&c).map_err(|m| o.err(format!("'background': {m}")))?),
    };
    let keys = key_list(&o)?;
    let margin = margin(&o)?;
    with_ctx(lua, |c| {
        let mut sim = c.sim.borrow_mut();
        if let Some((x, y, zoom)) = camera {
            sim.camera_mut().set(Some(x), Some(y), Some(zoom));
        }
        let s = &mut sim.settings;
        s.title = title.or(s.title.take());
        s.about = about.or(s.about.take());
        s.background = background.or(s.background.take());
        if let Some(k) = keys {
            s.keys = k;
        }
        if let Some(m) = margin {
            s.margin = m;
        }
    });
    Ok(())
}

/// `camera = {x, y, zoom}`: three finite numbers, zoom positive.
fn camera_triple(o: &Opts, t: &mlua::Table) -> mlua::Result<(f64, f64, f64)> {
    let mut c = [0.0; 3];
    for (i, slot) in c.iter_mut().enumerate() {
        match t.raw_get::<Value>(i + 1)? {
            Value::Nil if i == 2 => {
                return Err(o.err(
                    "'camera' needs {x, y, zoom}: the zoom (metres visible from the bottom of the view to the top) is missing",
                ))
            }
            Value::Integer(n) => *slot = n as f64,
            Value::Number(n) if n.is_finite() => *slot = n,
            other => {
                return Err(o.err(format!(
                    "'camera' must be {{x, y, zoom}} of finite numbers, got {} at position {}",
                    show(&other),
                    i + 1
                )))
            }
        }
    }
    if c[2] <= 0.0 {
        return Err(o.err(format!("'camera' zoom must be positive, got {}", c[2])));
    }
    Ok((c[0], c[1], c[2]))
}

/// `margin = 40` (every edge) or `margin = {top = 40, bottom = 120}`
/// (pixels, missing edges 0): [top, right, bottom, left].
fn margin(o: &Opts) -> mlua::Result<Option<[f64; 4]>> {
    let check = |what: &str, n: f64| {
        if n.is_finite() && (0.0..=4000.0).contains(&n) {
            Ok(n)
        } else {
            Err(o.err(format!(
                "'margin'{what} must be a number of pixels from 0 to 4000, got {n}"
            )))
        }
    };
    match o.raw("margin")? {
        Value::Nil => Ok(None),
        Value::Integer(n) => Ok(Some([check("", n as f64)?; 4])),
        Value::Number(n) => Ok(Some([check("", n)?; 4])),
        Value::Table(t) => {
            let edges = Opts::new(o.lua(), "scene: 'margin'", Value::Table(t), &["top", "right", "bottom", "left"])?;
            let mut m = [0.0; 4];
            for (slot, name) in m.iter_mut().zip(["top", "right", "bottom", "left"]) {
                *slot = check(&format!(" {name}"), edges.num_or(name, 0.0)?)?;
            }
            Ok(Some(m))
        }
        other => Err(o.err(format!(
            "'margin' must be a number of pixels or {{top = ..., right = ..., bottom = ..., left = ...}}, got {}",
            type_name(&other)
        ))),
    }
}
