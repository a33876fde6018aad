//! The `g` object passed to `draw(g)`: it records overlay commands in world
//! coordinates for the renderer (which is not built yet; headless, `draw`
//! never runs, but `Scene::draw` lets tests and the future window call it).

use super::color::parse_color;
use super::error::scene_err;
use super::options::{not_a_string, type_name};
use mlua::{Lua, UserData, UserDataMethods, Value};

#[derive(Clone, Debug, PartialEq)]
pub enum DrawCmd {
    Line {
        x1: f64,
        y1: f64,
        x2: f64,
        y2: f64,
        color: String,
    },
    Circle {
        x: f64,
        y: f64,
        r: f64,
        color: String,
    },
    Rect {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        color: String,
    },
    Text {
        x: f64,
        y: f64,
        text: String,
        color: String,
    },
}

#[derive(Default)]
pub struct DrawList(pub Vec<DrawCmd>);

const DEFAULT_COLOR: &str = "#ffffff";

fn nums<const N: usize>(lua: &Lua, what: &str, vs: &[Value]) -> mlua::Result<[f64; N]> {
    let mut out = [0.0; N];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = match vs.get(i) {
            Some(Value::Integer(n)) => *n as f64,
            Some(Value::Number(n)) if n.is_finite() => *n,
            other => {
                return Err(scene_err(
                    lua,
                    format!(
                        "g:{what}: argument {} must be a finite number, got {}",
                        i + 1,
                        other.map_or("nothing", type_name)
                    ),
                ))
            }
        };
    }
    Ok(out)
}

fn color(lua: &Lua, what: &str, v: Option<&Value>) -> mlua::Result<String> {
    match v {
        None | Some(Value::Nil) => Ok(DEFAULT_COLOR.into()),
        Some(Value::String(s)) => {
            parse_color(&s.to_str()?).map_err(|m| scene_err(lua, format!("g:{what}: {m}")))
        }
        Some(other) => Err(not_a_string(lua, &format!("g:{what}: colour"), other)),
    }
}

impl UserData for DrawList {
    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        m.add_method_mut("line", |lua, this, args: mlua::Variadic<Value>| {
            let [x1, y1, x2, y2] = nums::<4>(lua, "line", &args)?;
            let color = color(lua, "line", args.get(4))?;
            this.0.push(DrawCmd::Line {
                x1,
                y1,
                x2,
                y2,
                color,
            });
            Ok(())
        });
        m.add_method_mut("circle", |lua, this, args: mlua::Variadic<Value>| {
            let [x, y, r] = nums::<3>(lua, "circle", &args)?;
            let color = color(lua, "circle", args.get(3))?;
            this.0.push(DrawCmd::Circle { x, y, r, color });
            Ok(())
        });
        m.add_method_mut("rect", |lua, this, args: mlua::Variadic<Value>| {
            let [x, y, w, h] = nums::<4>(lua, "rect", &args)?;
            let color = color(lua, "rect", args.get(4))?;
            this.0.push(DrawCmd::Rect { x, y, w, h, color });
            Ok(())
        });
        m.add_method_mut("text", |lua, this, args: mlua::Variadic<Value>| {
            let [x, y] = nums::<2>(lua, "text", &args)?;
            let text = match args.get(2) {
                Some(v @ (Value::String(_) | Value::Integer(_) | Value::Number(_))) => {
                    v.to_string()?
                }
                other => {
                    return Err(scene_err(
                        lua,
                        format!(
                            "g:text: argument 3 must be text, got {}",
                            other.map_or("nothing", type_name)
                        ),
                    ))
                }
            };
            let color = color(lua, "text", args.get(3))?;
            this.0.push(DrawCmd::Text { x, y, text, color });
            Ok(())
        });
    }
}
