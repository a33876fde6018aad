//! Mouse-button edges and the right button, shared by the sandbox's tools
//! and build mode: a right drag pans the view, a right click that did not
//! move (less than 4 pixels in all) is a click.

use crate::platform::Input;

/// The button is down now and was not in the last frame.
pub fn went_down(now: bool, before: bool) -> bool {
    now && !before
}

/// How far a right press may travel and still be a click, pixels.
const CLICK_SLOP: f32 = 4.0;

/// What the right button did this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RightButton {
    /// Dragged by (dx, dy) window pixels: pan the view.
    Pan(f32, f32),
    /// Released without moving.
    Click,
    Nothing,
}

/// Where the right button went down and how far it has moved since.
#[derive(Clone, Debug, Default)]
pub struct RightDrag {
    from: Option<(f32, f32)>,
    moved: f32,
}

impl RightDrag {
    /// One frame with the cursor at `(mx, my)`; `last` is the previous
    /// frame's input.
    pub fn frame(&mut self, input: &Input, last: &Input, (mx, my): (f32, f32)) -> RightButton {
        if went_down(input.right, last.right) {
            self.from = Some((mx, my));
            self.moved = 0.0;
        } else if input.right {
            if let Some((x0, y0)) = self.from {
                self.moved += (mx - x0).abs() + (my - y0).abs();
                self.from = Some((mx, my));
                return RightButton::Pan(mx - x0, my - y0);
            }
        } else if last.right && self.from.take().is_some() && self.moved < CLICK_SLOP {
            return RightButton::Click;
        }
        RightButton::Nothing
    }

    /// The cursor left the window: a released button ends the drag.
    pub fn released(&mut self, input: &Input) {
        if !input.right {
            self.from = None;
        }
    }
}
