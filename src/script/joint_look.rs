//! How a scene wants a joint drawn: `color`, `hidden`, `style` on every
//! joint constructor and on the `Joint` handle (issue 17: a dense spring
//! net drawn all in coils is a solid block). Kept here beside the world, in
//! `Sim`, never in the engine's joints: physics knows nothing of drawing.

use super::error::scene_err;
use super::joints::JointHandle;
use super::options::{type_name, Opts};
use super::sim::SceneContext;
use mlua::{Lua, UserDataFields, Value};

/// A joint's look; the default is the built-in one (kind colour, shown, a
/// spring coils when it has room on screen and is a line when it is short).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JointLook {
    /// `#rrggbb`, normalised.
    pub color: Option<String>,
    pub hidden: bool,
    /// None: springs pick by their length on screen, other joints are lines.
    pub style: Option<JointStyle>,
}

/// `style = "coil" | "line"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JointStyle {
    Coil,
    Line,
}

impl JointStyle {
    pub fn name(self) -> &'static str {
        match self {
            JointStyle::Coil => "coil",
            JointStyle::Line => "line",
        }
    }

    fn parse(v: &Value) -> Result<Option<JointStyle>, String> {
        let wanted = "must be \"coil\" or \"line\" (or nil: springs coil when they have room)";
        match v {
            Value::Nil => Ok(None),
            Value::String(s) => match &*s.to_string_lossy() {
                "coil" => Ok(Some(JointStyle::Coil)),
                "line" => Ok(Some(JointStyle::Line)),
                other => Err(format!("{wanted}, got \"{other}\"")),
            },
            other => Err(format!("{wanted}, got {}", type_name(other))),
        }
    }
}

fn color_of(v: &Value) -> Result<Option<String>, String> {
    match v {
        Value::Nil => Ok(None),
        Value::String(s) => super::color::parse_color(&s.to_string_lossy()).map(Some),
        other => Err(format!(
            "must be a colour string (\"#rrggbb\" or a name like \"red\"), got {}",
            type_name(other)
        )),
    }
}

impl Opts<'_> {
    /// A constructor's `color`, `hidden` and `style`.
    pub(super) fn joint_look(&self) -> mlua::Result<JointLook> {
        let color = color_of(&self.raw("color")?).map_err(|m| self.err(format!("'color' {m}")))?;
        let style =
            JointStyle::parse(&self.raw("style")?).map_err(|m| self.err(format!("'style' {m}")))?;
        Ok(JointLook {
            color,
            hidden: self.boolean_or("hidden", false)?,
            style,
        })
    }
}

fn look_of(lua: &Lua, h: &JointHandle) -> JointLook {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let sim = ctx.sim.borrow();
    sim.joint_look(h.0).cloned().unwrap_or_default()
}

fn edit_look(lua: &Lua, h: &JointHandle, f: impl FnOnce(&mut JointLook)) {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    let mut look = sim.joint_look(h.0).cloned().unwrap_or_default();
    f(&mut look);
    sim.set_joint_look(h.0, look);
}

/// `joint.color`, `joint.hidden`, `joint.style`: read and write. They are
/// the scene's, not the world's, so they stay readable after a break.
pub(super) fn add_fields<F: UserDataFields<JointHandle>>(f: &mut F) {
    f.add_field_method_get("color", |lua, this| Ok(look_of(lua, this).color));
    f.add_field_method_set("color", |lua, this, v: Value| {
        let color = color_of(&v).map_err(|m| scene_err(lua, format!("Joint.color {m}")))?;
        edit_look(lua, this, |l| l.color = color);
        Ok(())
    });
    f.add_field_method_get("hidden", |lua, this| Ok(look_of(lua, this).hidden));
    f.add_field_method_set("hidden", |lua, this, v: Value| {
        let hidden = match v {
            Value::Boolean(b) => b,
            other => {
                return Err(scene_err(
                    lua,
                    format!(
                        "Joint.hidden must be true or false, got {}",
                        type_name(&other)
                    ),
                ))
            }
        };
        edit_look(lua, this, |l| l.hidden = hidden);
        Ok(())
    });
    f.add_field_method_get("style", |lua, this| {
        Ok(look_of(lua, this).style.map(JointStyle::name))
    });
    f.add_field_method_set("style", |lua, this, v: Value| {
        let style =
            JointStyle::parse(&v).map_err(|m| scene_err(lua, format!("Joint.style {m}")))?;
        edit_look(lua, this, |l| l.style = style);
        Ok(())
    });
}
