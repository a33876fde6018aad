//! Screen-space pieces of the interface: translucent panels with lines of
//! text (HUD, inspector, help, picker, error overlay) and live plots.

use super::color::Rgba;
use super::paint::stroke;
use super::raster::{Poly, Target};
use super::text::TextPainter;
use tiny_skia::{PathBuilder, Pixmap};

pub const PANEL_BG: Rgba = Rgba::rgb(0x0c, 0x0d, 0x12).with_alpha(200);
pub const TEXT: Rgba = Rgba::rgb(0xe8, 0xea, 0xf0);
pub const DIM_TEXT: Rgba = Rgba::rgb(0x9a, 0xa0, 0xb0);
pub const HUD_PX: f32 = 14.0;
const PAD: f32 = 6.0;

/// A filled rectangle (the fast path; alpha honoured).
pub fn rect(t: &mut Target, x: f32, y: f32, w: f32, h: f32, color: Rgba) {
    t.fill(
        &Poly::new(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]),
        color,
    );
}

/// Size a panel of `lines` needs.
pub fn panel_size(text: &mut TextPainter, lines: &[(String, Rgba)], px: f32) -> (f32, f32) {
    let w = lines
        .iter()
        .map(|(s, _)| text.width(s, px))
        .fold(0.0f32, f32::max);
    (
        w + 2.0 * PAD,
        lines.len() as f32 * text.line_height(px) + 2.0 * PAD,
    )
}

/// The row of a panel with its top at `y0` (drawn by `panel` with `n`
/// lines) at window height `y`, if any.
pub fn panel_row_at(text: &TextPainter, y0: f32, n: usize, px: f32, y: f32) -> Option<usize> {
    let row = ((y - y0 - PAD) / text.line_height(px)).floor();
    (row >= 0.0 && (row as usize) < n).then_some(row as usize)
}

/// The window height of the middle of row `i` of a panel with its top at
/// `y0` (as `panel` draws it).
pub fn panel_row_middle(text: &TextPainter, y0: f32, px: f32, i: usize) -> f32 {
    y0 + PAD + (i as f32 + 0.5) * text.line_height(px)
}

/// A panel with its top-left corner at (x, y); returns its size.
pub fn panel(
    t: &mut Target,
    text: &mut TextPainter,
    x: f32,
    y: f32,
    lines: &[(String, Rgba)],
    px: f32,
) -> (f32, f32) {
    if lines.is_empty() {
        return (0.0, 0.0);
    }
    let (w, h) = panel_size(text, lines, px);
    rect(t, x, y, w, h, PANEL_BG);
    let lh = text.line_height(px);
    for (i, (s, c)) in lines.iter().enumerate() {
        text.draw(t, x + PAD, y + PAD + i as f32 * lh, s, px, *c);
    }
    (w, h)
}

/// One series for `plot`: a name, a colour and (time, value) samples.
pub struct Series<'a> {
    pub name: &'a str,
    pub color: Rgba,
    pub samples: &'a [(f64, f64)],
}

/// Live plots in the rectangle (x, y, w, h): each series scaled to its own
/// range (the legend shows the latest value and the range), time on x.
pub fn plots(
    pm: &mut Pixmap,
    text: &mut TextPainter,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    series: &[Series],
) {
    if series.is_empty() {
        return;
    }
    rect(&mut Target::new(pm), x, y, w, h, PANEL_BG);
    let lh = text.line_height(12.0);
    let legend_h = lh * series.len() as f32 + 4.0;
    let (gx, gy, gw, gh) = (
        x + 4.0,
        y + legend_h,
        w - 8.0,
        (h - legend_h - 4.0).max(4.0),
    );
    let t0 = series
        .iter()
        .filter_map(|s| s.samples.first().map(|p| p.0))
        .fold(f64::INFINITY, f64::min);
    let t1 = series
        .iter()
        .filter_map(|s| s.samples.last().map(|p| p.0))
        .fold(f64::NEG_INFINITY, f64::max);
    let span_t = (t1 - t0).max(1e-9);
    for (i, s) in series.iter().enumerate() {
        let (lo, hi) = s
            .samples
            .iter()
            .filter(|p| p.1.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
                (a.min(p.1), b.max(p.1))
            });
        let last = s.samples.last().map_or(f64::NAN, |p| p.1);
        let label = format!("{} {:.4} [{:.3} .. {:.3}]", s.name, last, lo, hi);
        text.draw(
            &mut Target::new(pm),
            x + 6.0,
            y + 2.0 + i as f32 * lh,
            &label,
            12.0,
            s.color,
        );
        if lo.is_nan() || hi.is_nan() || lo > hi {
            continue;
        }
        let (lo, span_v) = shown_range(lo, hi);
        // At most one point per pixel column: long runs stay cheap.
        let step = (s.samples.len() / (gw as usize).max(1)).max(1);
        let mut pb = PathBuilder::new();
        let mut first = true;
        for p in s.samples.iter().step_by(step).chain(s.samples.last()) {
            if !p.1.is_finite() {
                continue;
            }
            let px = gx + ((p.0 - t0) / span_t) as f32 * gw;
            let py = gy + gh - ((p.1 - lo) / span_v) as f32 * gh;
            if first {
                pb.move_to(px, py);
                first = false;
            } else {
                pb.line_to(px, py);
            }
        }
        stroke(pm, pb, s.color, 1.5);
    }
}

/// The vertical range a series is drawn over: its own, but never less than
/// a tenth of its size (and 0.1 near zero), centred — so a flat or nearly
/// flat series ([9.500 .. 9.500], or noise in the fifth digit) is a level
/// line mid-panel, not noise stretched to full height. (low end, span)
pub fn shown_range(lo: f64, hi: f64) -> (f64, f64) {
    let min_span = (0.1 * lo.abs().max(hi.abs())).max(0.1);
    if hi - lo >= min_span {
        return (lo, hi - lo);
    }
    let mid = 0.5 * (lo + hi);
    (mid - 0.5 * min_span, min_span)
}

/// Split `s` into lines of at most `max` characters (at spaces when it can).
pub fn wrap(s: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    for para in s.lines() {
        let mut line = String::new();
        for word in para.split(' ') {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > max {
                out.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            while line.chars().count() > max {
                let head: String = line.chars().take(max).collect();
                line = line.chars().skip(max).collect();
                out.push(head);
            }
        }
        out.push(line);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn flat_series_get_a_minimum_span_and_sit_mid_panel() {
        use super::shown_range;
        // Flat at 9.5: a span of 0.95 centred on it.
        let (lo, span) = shown_range(9.5, 9.5);
        assert!((span - 0.95).abs() < 1e-12 && (lo + span / 2.0 - 9.5).abs() < 1e-12);
        // Noise in the fifth digit is not stretched.
        assert!((shown_range(9.50001, 9.50003).1 - 0.95).abs() < 1e-5);
        // Zero: 0.1.
        assert_eq!(shown_range(0.0, 0.0), (-0.05, 0.1));
        // A real range is drawn as it is.
        assert_eq!(shown_range(-3.0, 7.0), (-3.0, 10.0));
    }

    #[test]
    fn wrap_breaks_at_spaces_and_long_words() {
        assert_eq!(super::wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
        assert_eq!(super::wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(super::wrap("x\ny", 10), vec!["x", "y"]);
    }
}
