//! Painting a path with tiny-skia: one anti-aliased solid paint, stroked
//! (every layer that draws lines: debug layers, links, overlays, plots, the
//! selection highlight) or filled (dots: contact points, joint ends,
//! islands).

use super::color::Rgba;
use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

fn solid(color: Rgba) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color.to_skia());
    paint.anti_alias = true;
    paint
}

/// Fill what `pb` holds (nothing if it is empty) in `color`.
pub fn fill(pm: &mut Pixmap, pb: PathBuilder, color: Rgba) {
    if let Some(path) = pb.finish() {
        pm.fill_path(
            &path,
            &solid(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

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
    let style = Stroke {
        width,
        line_cap,
        line_join,
        ..Stroke::default()
    };
    pm.stroke_path(&path, &solid(color), &style, Transform::identity(), None);
}
