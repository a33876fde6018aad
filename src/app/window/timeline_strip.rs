//! The timeline strip along the bottom of the window: the recorded span,
//! keyframe ticks (tall: coarse ones, kept for good), orange marks where a
//! reload took over, and the current step. Dragging on it scrubs (the world
//! shows that exact step); while a replay on save runs, the strip is its
//! progress bar. Pure geometry here (`place`, `step_at`) plus drawing.

use super::layout::{Rect, GAP};
use crate::app::history::timeline::Timeline;
use crate::render::raster::Target;
use crate::render::text::TextPainter;
use crate::render::widgets::{rect, DIM_TEXT, PANEL_BG, TEXT};
use crate::render::{Pixmap, Rgba};

/// Height of the strip in pixels (the panels keep above it).
pub const HEIGHT: f32 = 12.0;

const SPAN: Rgba = Rgba::rgb(0x4a, 0x6f, 0xa5);
const KEYFRAME: Rgba = Rgba::rgb(0x9a, 0xa0, 0xb0);
const RELOAD: Rgba = Rgba::rgb(0xff, 0x9f, 0x43);
const NOW: Rgba = Rgba::rgb(0xff, 0xff, 0xff);
const PROGRESS: Rgba = Rgba::rgb(0x7f, 0xdb, 0x7f);

/// Where the strip is in a `width` × `height` window.
pub fn place(width: f32, height: f32) -> Rect {
    Rect {
        x: GAP,
        y: height - HEIGHT - 2.0,
        w: (width - 2.0 * GAP).max(1.0),
        h: HEIGHT,
    }
}

/// The step under window x on a strip showing `first..=last`.
pub fn step_at(r: &Rect, x: f32, (first, last): (u64, u64)) -> u64 {
    let f = ((x - r.x) / r.w).clamp(0.0, 1.0) as f64;
    first + ((last - first) as f64 * f).round() as u64
}

fn x_of(r: &Rect, step: u64, (first, last): (u64, u64)) -> f32 {
    let span = (last - first).max(1) as f32;
    r.x + r.w * (step.saturating_sub(first) as f32 / span).min(1.0)
}

/// What the strip shows while a replay on save runs.
pub struct ReplayProgress {
    pub fraction: f64,
    pub target: u64,
}

/// What the strip shows.
pub struct Strip<'a> {
    pub timeline: &'a Timeline,
    pub progress: Option<ReplayProgress>,
    /// The step shown and the step size.
    pub now: u64,
    pub dt: f64,
}

/// Room the label above the strip takes (the panels keep above it).
pub const LABEL_HEIGHT: f32 = 17.0;

/// The lowest a panel that stays put may reach in a window `height`
/// pixels high: above the strip and the room for its label, whether the
/// label shows or not (the parts bin and its Start / Reset buttons).
pub fn clear_above(height: f32) -> f32 {
    height - HEIGHT - 2.0 - 2.0 - LABEL_HEIGHT
}

impl Strip<'_> {
    /// Is anything drawn (a run with no history yet has no strip)?
    fn shown(&self) -> bool {
        let span = self.timeline.span();
        span.1 != span.0 || self.progress.is_some()
    }

    /// The line above the strip, if any: the replay's progress, or where
    /// a past step is and what running on from it does.
    fn label(&self) -> Option<(String, Rgba)> {
        if !self.shown() {
            return None;
        }
        if let Some(p) = &self.progress {
            return Some((
                format!(
                    "replaying the new version to step {} … {:.0} %",
                    p.target,
                    p.fraction * 100.0
                ),
                TEXT,
            ));
        }
        let span = self.timeline.span();
        (self.now < span.1).then(|| {
            (
                format!(
                    "t = {:.2} s of {:.2} s: running on from here branches (, . step  Home End)",
                    self.now as f64 * self.dt,
                    span.1 as f64 * self.dt
                ),
                DIM_TEXT,
            )
        })
    }

    /// The top of what the strip draws (its label included) in a window
    /// `height` pixels high: the panels keep above it.
    pub fn top(&self, height: f32) -> f32 {
        let strip = height - HEIGHT - 2.0 - 2.0;
        if self.label().is_some() {
            strip - LABEL_HEIGHT
        } else {
            strip
        }
    }
}

/// Draw the strip (nothing for a run with no history yet).
pub fn draw(s: Strip, text: &mut TextPainter, pm: &mut Pixmap) {
    if !s.shown() {
        return;
    }
    let r = place(pm.width() as f32, pm.height() as f32);
    let label = s.label();
    let (tl, progress, now) = (s.timeline, s.progress, s.now);
    let span = tl.span();
    let marks: Vec<(u64, bool)> = tl.keyframe_steps().collect();
    let reloads = tl.reloads().to_vec();
    let mut t = Target::new(pm);
    rect(&mut t, r.x, r.y, r.w, r.h, PANEL_BG);
    if let Some((label, color)) = label {
        // On a panel, as every other line: the grey text alone vanished
        // over a light body (a grey floor along the bottom of the view).
        let w = text.width(&label, 13.0) + 8.0;
        rect(
            &mut t,
            r.x,
            r.y - LABEL_HEIGHT - 1.0,
            w,
            LABEL_HEIGHT,
            PANEL_BG,
        );
        text.draw(&mut t, r.x + 4.0, r.y - LABEL_HEIGHT, &label, 13.0, color);
    }
    if let Some(p) = progress {
        rect(&mut t, r.x, r.y, r.w * p.fraction as f32, r.h, PROGRESS);
        return;
    }
    rect(&mut t, r.x, r.y + r.h * 0.35, r.w, r.h * 0.3, SPAN);
    for (step, coarse) in marks {
        let x = x_of(&r, step, span);
        let (top, color) = if coarse {
            (r.y, TEXT)
        } else {
            (r.y + r.h * 0.5, KEYFRAME)
        };
        rect(&mut t, x, top, 1.0, r.bottom() - top, color);
    }
    for step in reloads
        .into_iter()
        .filter(|s| (span.0..=span.1).contains(s))
    {
        let x = x_of(&r, step, span);
        rect(&mut t, x - 1.0, r.y, 3.0, r.h, RELOAD);
    }
    let x = x_of(&r, now, span);
    rect(&mut t, x - 1.5, r.y - 2.0, 3.0, r.h + 4.0, NOW);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strip_maps_x_to_steps_and_back() {
        let r = place(800.0, 600.0);
        assert!(r.bottom() <= 600.0 && r.y > 580.0);
        let span = (0, 3600);
        assert_eq!(step_at(&r, r.x, span), 0);
        assert_eq!(step_at(&r, r.right(), span), 3600);
        assert_eq!(step_at(&r, r.x - 50.0, span), 0);
        let mid = step_at(&r, r.x + r.w / 2.0, span);
        assert_eq!(mid, 1800);
        assert!((x_of(&r, mid, span) - (r.x + r.w / 2.0)).abs() < 0.5);
    }
}
