//! Where the inspector's rows are on screen, for the wheel in edit mode:
//! the rows `hud::draw` draws, placed by the same layout (`hud::lay_out`).

use super::sandbox::Sandbox;
use crate::render::widgets::{panel_row_at, panel_row_middle, HUD_PX};

/// The option on the inspector row at window point (x, y) in a `width` ×
/// `height` window: the rows are where `hud::draw` puts them (the same
/// layout, `hud::lay_out`).
pub fn key_at(
    sb: &mut Sandbox,
    (width, height): (f32, f32),
    (x, y): (f32, f32),
) -> Option<&'static str> {
    let screen = super::hud::lay_out(sb, width, height);
    let r = screen.placed.inspector?;
    if x < r.x || x > r.right() || y < r.y || y > r.bottom() {
        return None;
    }
    let row = panel_row_at(sb.text(), r.y, screen.inspector.len(), HUD_PX, y)?;
    screen.inspector_keys.get(row).copied().flatten()
}

/// The window point at the middle of the inspector row that edits `key`,
/// where `hud::draw` draws it (None when the row is not shown).
pub fn row_of(sb: &mut Sandbox, (width, height): (f32, f32), key: &str) -> Option<(f32, f32)> {
    let screen = super::hud::lay_out(sb, width, height);
    let r = screen.placed.inspector?;
    let i = screen.inspector_keys.iter().position(|k| *k == Some(key))?;
    Some((r.x + r.w / 2.0, panel_row_middle(sb.text(), r.y, HUD_PX, i)))
}
