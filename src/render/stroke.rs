//! Stroking a path with tiny-skia: one anti-aliased solid line style, used
//! by every layer that draws lines (debug layers, links, overlays, plots,
//! the selection highlight).

use super::color::Rgba;
use tiny_skia::{LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// Stroke what `pb` holds (nothing if it is empty) in `color`, `width`
/// pixels wide, with butt caps and mitred joins.
pub fn stroke(pm: &mut Pixmap, pb: PathBuilder, color: Rgba, width: f32) {
    stroke_with(pm, pb, color, width, LineCap::Butt, LineJoin::Miter);
}

/// `stroke` with round caps and joins (ropes, springs, joint lines).
pub fn stroke_round(pm: &mut Pixmap, pb: PathBuilder, color: Rgba, width: f32) {
    stroke_with(pm, pb, color, width, LineCap::Round, LineJoin::Round);
}

fn stroke_with(
    pm: &mut Pixmap,
    pb: PathBuilder,
    color: Rgba,
    width: f32,
    line_cap: LineCap,
    line_join: LineJoin,
) {
    let Some(path) = pb.finish() else {
        return;
    };
    let mut paint = Paint::default();
    paint.set_color(color.to_skia());
    paint.anti_alias = true;
    let style = Stroke {
        width,
        line_cap,
        line_join,
        ..Stroke::default()
    };
    pm.stroke_path(&path, &paint, &style, Transform::identity(), None);
}
