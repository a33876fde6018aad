//! The whole window picture of one frame, in layers: the world with the
//! scene's overlay (`Sandbox::draw_world`), a puzzle's parts bin, then the
//! HUD and everything else in screen space (`hud.rs`), the timeline strip
//! along the bottom (`timeline_strip.rs`).

use super::hud;
use super::sandbox::Sandbox;
use crate::app::puzzle::bin_panel;
use crate::render::Pixmap;

/// Draw the whole window picture into `pm`.
pub fn draw(sb: &mut Sandbox, pm: &mut Pixmap) {
    sb.draw_world(pm);
    draw_parts_bin(sb, pm);
    hud::draw(sb, pm);
    if sb.panels().hud() != super::panels::HudMode::Off {
        super::time_keys::draw_strip(sb, pm);
    }
}

fn draw_parts_bin(sb: &mut Sandbox, pm: &mut Pixmap) {
    let Some(build) = sb.build_mode() else {
        return;
    };
    let kinds = build.puzzle().kinds();
    let rows = bin_panel::rows(build, sb.scene());
    let height = super::puzzle_input::bin_floor(sb);
    bin_panel::draw(pm, sb.text_mut(), height, &kinds, &rows);
}
