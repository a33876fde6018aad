//! The inspector panel (top right): what the selected or hovered body is,
//! where the scene made it, and in edit mode the numbers the wheel edits
//! (mass, friction, restitution, colour). One list of lines and one
//! layout (`hud::lay_out`) serve drawing (`hud.rs`) and the wheel's hit
//! test (`inspector_rows.rs`), so the row under the cursor is the row
//! drawn there.

use super::sandbox::Sandbox;
use crate::physics::{BodyId, BodyType, World};
use crate::render::widgets::{DIM_TEXT, TEXT};
use crate::render::Rgba;

pub type Lines = Vec<(String, Rgba)>;

const WARN: Rgba = Rgba::rgb(0xff, 0xd5, 0x4f);
/// Rows the wheel edits in edit mode.
const EDITABLE: Rgba = Rgba::rgb(0x9c, 0xe0, 0xff);

fn line(s: impl Into<String>) -> (String, Rgba) {
    (s.into(), TEXT)
}

/// The inspector: name, type, mass, position, velocity, ω, energy.
pub fn inspector_lines(world: &World, id: BodyId) -> Lines {
    let Ok(b) = world.body(id) else {
        return Vec::new();
    };
    let g = world.settings.gravity;
    let ke = b.kinetic_energy();
    let pe = if b.body_type == BodyType::Dynamic {
        -b.mass * b.gravity_scale * g.dot(b.center)
    } else {
        0.0
    };
    let name = b
        .name
        .clone()
        .unwrap_or_else(|| format!("body #{}", id.index));
    let state = if b.body_type == BodyType::Static {
        ""
    } else if b.awake {
        ", awake"
    } else {
        ", asleep"
    };
    vec![
        (name, WARN),
        line(format!("{}{state}", b.body_type.name())),
        line(format!("mass  {:.4} kg", b.mass)),
        line(format!("pos   ({:.3}, {:.3}) m", b.xf.p.x, b.xf.p.y)),
        line(format!("angle {:.3} rad", b.xf.q.angle())),
        line(format!(
            "vel   ({:.3}, {:.3}) m/s",
            b.linear_velocity.x, b.linear_velocity.y
        )),
        line(format!("omega {:.3} rad/s", b.angular_velocity)),
        line(format!("KE    {:.4} J", ke)),
        line(format!("PE    {:.4} J (y = 0)", pe)),
    ]
}

/// The body the inspector shows.
pub fn shown_body(sb: &Sandbox) -> Option<BodyId> {
    sb.tools().selected().or(sb.tools().hovered())
}

/// The panel's lines and, for each, the option the wheel edits on it.
pub fn panel_lines(sb: &Sandbox) -> (Lines, Vec<Option<&'static str>>) {
    let Some(id) = shown_body(sb) else {
        return (Vec::new(), Vec::new());
    };
    let scene = sb.scene();
    let mut lines = inspector_lines(&scene.world(), id);
    let mut keys = vec![None; lines.len()];
    let sim = scene.sim();
    // Where the scene made it (O opens the editor there).
    if let Some(o) = sim.origin(id) {
        lines.push((format!("made at {}", o.describe()), DIM_TEXT));
        keys.push(None);
    }
    if sb.in_edit_mode() && sim.origin(id).is_some() {
        let world = sim.world();
        let shape = world
            .shapes_of(id)
            .ok()
            .and_then(|mut s| s.next().map(|(_, s)| s.clone()));
        if let Some(s) = shape {
            keys[2] = Some("mass");
            lines[2].1 = EDITABLE;
            for (key, text) in [
                ("friction", format!("friction    {:.2}", s.friction)),
                ("restitution", format!("restitution {:.2}", s.restitution)),
                (
                    "color",
                    format!("color       {}", sim.color(id).unwrap_or("(default)")),
                ),
            ] {
                lines.push((text, EDITABLE));
                keys.push(Some(key));
            }
            lines.push(("wheel on a blue row: change it".into(), DIM_TEXT));
            keys.push(None);
        }
    }
    (lines, keys)
}
