//! The timeline from the keyboard and the mouse, and its strip on screen:
//! `,` `.` step one step back and forward along the recorded run (at its
//! end `.` takes a new step), Home and End jump to its start and end, G
//! shows or hides the ghost, dragging on the strip scrubs. Everything goes
//! through `Sandbox::seek` (which pauses and reports a divergence).

use super::sandbox::Sandbox;
use super::timeline_strip::{self, Strip};
use crate::render::Pixmap;

pub fn step_back(sb: &mut Sandbox) {
    let now = sb.scene().world().step_count();
    sb.seek(now.saturating_sub(1));
}

pub fn step_forward(sb: &mut Sandbox) {
    let now = sb.scene().world().step_count();
    if now < sb.timeline().span().1 {
        sb.seek(now + 1);
    } else {
        sb.single_step();
    }
}

pub fn to_start(sb: &mut Sandbox) {
    let first = sb.timeline().span().0;
    sb.seek(first);
}

pub fn to_end(sb: &mut Sandbox) {
    let last = sb.timeline().span().1;
    sb.seek(last);
}

pub fn toggle_ghost(sb: &mut Sandbox) {
    let now = sb.scene().world().step_count();
    let text = sb.travel_mut().toggle_ghost(now);
    sb.say(text.into());
}

/// The left button on the timeline strip (window point `at`): true when it
/// scrubbed this frame (the mouse tools then do not see the button).
pub fn scrub_frame(sb: &mut Sandbox, left: bool, went_down: bool, at: (f32, f32)) -> bool {
    let size = (sb.camera().width as f32, sb.camera().height as f32);
    let Some(step) = sb.travel_mut().scrub(size, left, went_down, at) else {
        return false;
    };
    if step != sb.scene().world().step_count() {
        sb.seek(step);
    }
    true
}

fn strip(sb: &mut Sandbox) -> (Strip<'_>, &mut crate::render::text::TextPainter) {
    let now = sb.scene().world().step_count();
    let dt = sb.scene().dt();
    let (travel, text) = sb.travel_and_text();
    let strip = Strip {
        timeline: travel.timeline(),
        progress: travel.replay_progress(),
        now,
        dt,
    };
    (strip, text)
}

/// The strip along the bottom of the window.
pub fn draw_strip(sb: &mut Sandbox, pm: &mut Pixmap) {
    let (strip, text) = strip(sb);
    timeline_strip::draw(strip, text, pm);
}

/// The top of the strip and its label in a window `height` pixels high
/// (`shown`: the strip is drawn, it goes with the HUD): the panels keep
/// above it (and above where the strip would be when it is not).
pub fn strip_top(sb: &mut Sandbox, height: f32, shown: bool) -> f32 {
    let (strip, _) = strip(sb);
    if shown {
        strip.top(height)
    } else {
        height - timeline_strip::HEIGHT - 4.0
    }
}
