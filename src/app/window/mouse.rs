//! The mouse for one frame in the free sandbox: left drag pulls a body
//! (paused: moves it), a click selects or goes to the scene's `on_click`,
//! Shift / Ctrl + click spawn, middle click toggles static ↔ dynamic, right
//! drag pans, the wheel zooms. Puzzles have their own (`puzzle_input.rs`).

use super::edit_input;
use super::pointer::went_down;
use super::puzzle_input;
use super::sandbox::Sandbox;
use super::tools::Spawn;
use crate::platform::Input;

/// Mouse handling for one frame.
pub fn mouse(sb: &mut Sandbox, input: &Input) {
    if sb.build_mode().is_some() {
        // Puzzles have their own mouse: parts only, no dragging of the
        // authored bodies.
        return puzzle_input::mouse(sb, input);
    }
    if sb.in_edit_mode() {
        // Edit mode's gestures write the scene file.
        return edit_input::mouse(sb, input);
    }
    let Some((last, (mx, my), p)) = sb.pointer_frame(input) else {
        return;
    };
    // The timeline strip along the bottom: drag on it to scrub.
    let down = went_down(input.left, last.left);
    if super::time_keys::scrub_frame(sb, input.left, down, (mx, my)) {
        return;
    }
    // Left: spawn with shift / ctrl, else grab or select, else on_click.
    if went_down(input.left, last.left) {
        if input.is_down("shift") {
            sb.spawn(p, Spawn::Circle);
        } else if input.is_down("ctrl") {
            sb.spawn(p, Spawn::Box);
        } else if let Some(id) = sb.tools().hovered() {
            sb.grab(id, p);
        } else {
            sb.select(None);
            sb.click(p, "left");
        }
    }
    if input.left {
        sb.drag_to(p);
    } else {
        sb.end_drag();
    }
    // Middle: static ↔ dynamic.
    if went_down(input.middle, last.middle) {
        if let Some(id) = sb.tools().hovered() {
            sb.toggle_static(id);
        }
    }
    // Right: pan by dragging; a click that did not move goes to on_click.
    if sb.right_button(input, &last, (mx, my)) {
        sb.click(p, "right");
    }
}
