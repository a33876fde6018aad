//! Edit mode's tool palette: a row of buttons at the bottom of the window
//! (box, circle, segment, polygon; spring, distance, hinge, rope). A click
//! picks the tool a left drag (or, for the polygon, clicks) draws with. One
//! layout serves drawing (`hud.rs`) and the click's hit test
//! (`edit_input.rs`).

use super::sandbox::Sandbox;
use crate::app::edit::join::JointTool;
use crate::app::edit::session::{DrawTool, Tool};
use crate::render::widgets::{panel, panel_size, DIM_TEXT, HUD_PX, TEXT};
use crate::render::{Pixmap, Rgba, Target};

const PICKED: Rgba = Rgba::rgb(0xff, 0xd5, 0x4f);
/// Distance of the row from the window's bottom edge (above the notices).
const FROM_BOTTOM: f32 = 80.0;
const GAP: f32 = 6.0;

pub const TOOLS: &[Tool] = &[
    Tool::Shape(DrawTool::Box),
    Tool::Shape(DrawTool::Circle),
    Tool::Shape(DrawTool::Segment),
    Tool::Shape(DrawTool::Polygon),
    Tool::Joint(JointTool::Spring),
    Tool::Joint(JointTool::Distance),
    Tool::Joint(JointTool::Hinge),
    Tool::Joint(JointTool::Rope),
];

/// Each button's rectangle (x, y, w, h) in a `width` × `height` window.
pub fn layout(sb: &mut Sandbox, width: f32, height: f32) -> Vec<(f32, f32, f32, f32)> {
    let sizes: Vec<(f32, f32)> = TOOLS
        .iter()
        .map(|t| panel_size(sb.text_mut(), &[(t.name().to_string(), TEXT)], HUD_PX))
        .collect();
    let total: f32 = sizes.iter().map(|s| s.0).sum::<f32>() + GAP * (sizes.len() - 1) as f32;
    let mut x = (width - total) / 2.0;
    let y = height - FROM_BOTTOM;
    sizes
        .into_iter()
        .map(|(w, h)| {
            let r = (x, y, w, h);
            x += w + GAP;
            r
        })
        .collect()
}

/// The tool whose button is at window point (x, y).
pub fn tool_at(sb: &mut Sandbox, width: f32, height: f32, (x, y): (f32, f32)) -> Option<Tool> {
    layout(sb, width, height)
        .into_iter()
        .zip(TOOLS)
        .find(|((x0, y0, w, h), _)| x >= *x0 && x <= x0 + w && y >= *y0 && y <= y0 + h)
        .map(|(_, t)| *t)
}

/// Draw the row, the picked tool highlighted.
pub fn draw(sb: &mut Sandbox, pm: &mut Pixmap) {
    let Some(picked) = sb.edit_parts().map(|(s, _)| s.tool) else {
        return;
    };
    let (width, height) = (pm.width() as f32, pm.height() as f32);
    let rects = layout(sb, width, height);
    for ((x, y, _, _), tool) in rects.into_iter().zip(TOOLS) {
        let color = if *tool == picked { PICKED } else { DIM_TEXT };
        panel(
            &mut Target::new(pm),
            sb.text_mut(),
            x,
            y,
            &[(tool.name().to_string(), color)],
            HUD_PX,
        );
    }
}
