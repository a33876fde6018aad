//! The window's puzzle keys (declared in `bindings.rs`: level flow after a
//! win, deleting and turning parts) and its mouse in a puzzle: in build
//! mode placing, moving, turning and removing parts and clicking the parts
//! bin. While a puzzle runs, clicks go to the scene. The rules live in
//! `puzzle/`.

use super::pointer::went_down;
use super::sandbox::Sandbox;
use crate::app::puzzle::bin_panel::{self, BinItem};
use crate::app::puzzle::parts::PartKind;
use crate::app::puzzle::play;
use crate::physics::Vec2;
use crate::platform::Input;
use crate::script::SceneError;

/// Q / E turn a part by this much (5°).
const TURN: f64 = std::f64::consts::PI / 36.0;

/// N / Enter after a win: open `next_scene` (a missing file is an error on
/// screen naming the line that set it).
pub fn next_level(sb: &mut Sandbox) {
    match play::next_level(sb.scene()) {
        Some(Ok(path)) => sb.switch_to(&path),
        Some(Err(e)) => sb.fail(SceneError::new(e)),
        None => {}
    }
}

/// Delete in a puzzle: the part under the cursor goes back to the bin
/// (build mode only: a running world keeps its parts).
pub fn delete(sb: &mut Sandbox) {
    if sb.world_frozen() {
        remove_hovered_part(sb);
    } else {
        sb.say("parts can be removed in build mode only (Backspace resets)".into());
    }
}

/// Q / E: turn the part under the cursor (or the next one) by 5°.
pub fn turn(sb: &mut Sandbox, left: bool) {
    turn_part(sb, if left { TURN } else { -TURN });
}

/// The bin's clickable places, for tests and tools: ("plank", (x, y, w,
/// h)), ..., ("start", ...), ("reset", ...) in window pixels; empty
/// without a puzzle.
pub fn bin_targets(sb: &Sandbox) -> Vec<(String, (f32, f32, f32, f32))> {
    match sb.build_mode() {
        Some(b) => bin_panel::targets(sb.text(), bin_floor(sb), b.puzzle()),
        None => Vec::new(),
    }
}

/// Where the parts bin stands: above the timeline strip and its label
/// (the label names past steps; it must not cover Start / Reset).
pub fn bin_floor(sb: &Sandbox) -> u32 {
    super::timeline_strip::clear_above(sb.camera().height as f32).max(0.0) as u32
}

/// The mouse in a puzzle (instead of the sandbox tools): the bin and its
/// buttons, placing, moving and removing parts in build mode; while
/// running only clicks for the scene, panning and zooming.
pub fn mouse(sb: &mut Sandbox, input: &Input) {
    let Some((last, (mx, my), at)) = sb.pointer_frame(input) else {
        return;
    };
    let Some(b) = sb.build_mode() else {
        return;
    };
    let building = b.is_building();
    let bin = bin_panel::hit(sb.text(), bin_floor(sb), b.puzzle(), mx, my);
    if went_down(input.left, last.left) {
        match bin {
            Some(BinItem::Part(k)) => {
                if let Some((b, _)) = sb.puzzle_and_scene() {
                    b.select(k);
                }
            }
            Some(BinItem::Start) => sb.start_puzzle(),
            Some(BinItem::Reset) => sb.reset_puzzle(),
            None if building => build_click(sb, at, input),
            None => sb.click(at, "left"),
        }
    }
    if let Some((b, scene)) = sb.puzzle_and_scene() {
        if !input.left {
            b.let_go();
        } else if b.drag_to(scene, at) {
            sb.forget_hover();
        }
    }
    // Right: drag pans; a click that did not move removes the part under
    // it (build mode) or goes to the scene's `on_click` (running). Start
    // may have been pressed this frame: the mode is read again.
    let Some(building) = sb.build_mode().map(|b| b.is_building()) else {
        return;
    };
    if sb.right_button(input, &last, (mx, my)) {
        if building {
            remove_hovered_part(sb);
        } else {
            sb.click(at, "right");
        }
    }
}

/// A left click in the world in build mode: hold the part under the
/// cursor, or place the chosen part (Shift: a circle, Ctrl: a box).
fn build_click(sb: &mut Sandbox, at: Vec2, input: &Input) {
    let hovered = sb.hovered_part();
    let Some((b, scene)) = sb.puzzle_and_scene() else {
        return;
    };
    if let Some(i) = hovered {
        b.grab(i, at);
        return;
    }
    let kind = if input.is_down("shift") {
        Some(PartKind::Circle)
    } else if input.is_down("ctrl") {
        Some(PartKind::Box)
    } else {
        b.puzzle().selected()
    };
    let placed = match kind {
        Some(kind) => b.place_at(scene, kind, at),
        None => Err("pick a part in the bin first".into()),
    };
    if let Err(e) = placed {
        sb.say(e);
    }
}

/// Take the part under the cursor back into the bin (build mode).
fn remove_hovered_part(sb: &mut Sandbox) {
    let hovered = sb.hovered_part();
    if let (Some(i), Some((b, scene))) = (hovered, sb.puzzle_and_scene()) {
        b.remove(scene, i);
        sb.forget_hover();
    }
}

/// Q / E: turn the part under the cursor, or the next part to place.
fn turn_part(sb: &mut Sandbox, by: f64) {
    let hovered = sb.hovered_part();
    let Some((b, scene)) = sb.puzzle_and_scene() else {
        return;
    };
    let Some(i) = hovered else {
        b.turn_next(by);
        return;
    };
    let turned = b.turn(scene, i, by);
    sb.forget_hover();
    if let Err(e) = turned {
        sb.say(format!("can't turn it: {e}"));
    }
}
