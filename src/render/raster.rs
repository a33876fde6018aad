//! The fast path (DESIGN.md §8): anti-aliased fills of convex shapes written
//! straight into the pixmap's bytes. tiny-skia's general path filler costs
//! ≈ 20 µs per small shape, too slow for 5,000 bodies in 8 ms; a convex
//! shape needs none of its generality. Each pixel row is sampled at four
//! sub-scanlines; on each, the shape covers one x-span, and a pixel's
//! coverage is its overlap with those spans (exact horizontally, 4 levels
//! vertically). Pixels inside every span are filled solid without maths.

use super::color::Rgba;

/// Sub-scanlines per pixel row (vertical anti-aliasing levels).
const SUB: usize = 4;

/// A convex region, described by the x-span it covers on a horizontal line.
pub trait Convex {
    /// Top and bottom of the region, in pixels.
    fn y_range(&self) -> (f32, f32);
    /// Leftmost and rightmost x on the line at height `y`, if it crosses.
    fn span(&self, y: f32) -> Option<(f32, f32)>;
}

/// Most vertices a `Poly` keeps (the engine's polygons have at most 8).
pub const MAX_VERTS: usize = 8;

/// A convex polygon in screen coordinates (either winding), as its edges
/// with precomputed slopes: a span is then a few multiply-adds.
pub struct Poly {
    /// (y_top, y_bottom, x at y_top, dx/dy) of each non-horizontal edge.
    edges: [(f32, f32, f32, f32); MAX_VERTS],
    count: usize,
    top: f32,
    bottom: f32,
}

impl Poly {
    /// From up to `MAX_VERTS` vertices in order (more are ignored).
    pub fn new(verts: &[(f32, f32)]) -> Poly {
        let n = verts.len().min(MAX_VERTS);
        let mut p = Poly {
            edges: [(0.0, 0.0, 0.0, 0.0); MAX_VERTS],
            count: 0,
            top: f32::INFINITY,
            bottom: f32::NEG_INFINITY,
        };
        for i in 0..n {
            let (a, b) = (verts[i], verts[(i + 1) % n]);
            p.top = p.top.min(a.1);
            p.bottom = p.bottom.max(a.1);
            let (t, u) = if a.1 < b.1 { (a, b) } else { (b, a) };
            if u.1 - t.1 > 1e-6 {
                p.edges[p.count] = (t.1, u.1, t.0, (u.0 - t.0) / (u.1 - t.1));
                p.count += 1;
            }
        }
        p
    }
}

impl Convex for Poly {
    fn y_range(&self) -> (f32, f32) {
        (self.top, self.bottom)
    }

    #[inline]
    fn span(&self, y: f32) -> Option<(f32, f32)> {
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        for &(y0, y1, x0, k) in &self.edges[..self.count] {
            if y0 <= y && y < y1 {
                let x = x0 + (y - y0) * k;
                lo = lo.min(x);
                hi = hi.max(x);
            }
        }
        (lo <= hi).then_some((lo, hi))
    }
}

/// `x.ceil()` for x ≥ 0 without a libm call (the default target has no
/// SSE4.1 rounding instruction).
#[inline(always)]
fn ceil(x: f32) -> f32 {
    let t = x as u32 as f32;
    if t < x {
        t + 1.0
    } else {
        t
    }
}

/// A disc in screen coordinates.
pub struct Disc {
    pub cx: f32,
    pub cy: f32,
    pub r: f32,
}

impl Convex for Disc {
    fn y_range(&self) -> (f32, f32) {
        (self.cy - self.r, self.cy + self.r)
    }

    #[inline]
    fn span(&self, y: f32) -> Option<(f32, f32)> {
        let dy = y - self.cy;
        let h2 = self.r * self.r - dy * dy;
        if h2 <= 0.0 {
            return None;
        }
        let h = h2.sqrt();
        Some((self.cx - h, self.cx + h))
    }
}

/// A pixel buffer the fast path can write: tiny-skia's premultiplied RGBA
/// bytes, row after row.
pub struct Target<'a> {
    pub data: &'a mut [u8],
    pub width: usize,
    pub height: usize,
}

impl<'a> Target<'a> {
    pub fn new(pixmap: &'a mut tiny_skia::Pixmap) -> Target<'a> {
        let (width, height) = (pixmap.width() as usize, pixmap.height() as usize);
        Target {
            data: pixmap.data_mut(),
            width,
            height,
        }
    }

    /// Blend `c` over the pixel at byte offset `i` with weight `k` in 0..=256
    /// (coverage × alpha). Premultiplied "source over".
    #[inline(always)]
    pub fn blend(&mut self, i: usize, c: Rgba, k: u32) {
        self.blend2(i, c, k, c, 0);
    }

    #[inline(always)]
    fn load(&self, i: usize) -> u32 {
        u32::from_ne_bytes(self.data[i..i + 4].try_into().expect("4 bytes"))
    }

    #[inline(always)]
    pub(crate) fn store(&mut self, i: usize, px: u32) {
        self.data[i..i + 4].copy_from_slice(&px.to_ne_bytes());
    }

    /// Fill `shape` with `color` (its alpha is honoured), anti-aliased.
    pub fn fill(&mut self, shape: &impl Convex, color: Rgba) {
        self.fill2(shape, None::<&Disc>, color, color);
    }

    /// Fill `outer` with `edge` and the `inner` region inside it with
    /// `fill`, in one pass: an outlined shape without drawing its inside
    /// twice. `inner` must lie inside `outer`. Each pixel gets
    /// `edge × (c_outer − c_inner) + fill × c_inner` over what was there.
    pub fn fill2(
        &mut self,
        outer: &impl Convex,
        inner: Option<&impl Convex>,
        edge: Rgba,
        fill: Rgba,
    ) {
        let (top, bottom) = outer.y_range();
        // (NaN-safe: a NaN range draws nothing.)
        if top.is_nan()
            || bottom.is_nan()
            || top >= bottom
            || bottom <= 0.0
            || top >= self.height as f32
        {
            return;
        }
        let w = self.width as f32;
        let (ae, af) = (edge.a as u32 + 1, fill.a as u32 + 1); // 1..=256
        let solid = [fill.r, fill.g, fill.b, 255];
        let row0 = top.max(0.0).floor() as usize;
        let row1 = (bottom.ceil() as usize).min(self.height);
        for row in row0..row1 {
            let o = RowSpans::new(outer, row, w);
            if o.count == 0 {
                continue;
            }
            let i = match inner {
                Some(s) => RowSpans::new(s, row, w),
                None => o,
            };
            // Spans are clipped to x ≥ 0, so truncation is floor.
            let px0 = o.lo as usize;
            let px1 = (ceil(o.hi) as usize).min(self.width);
            // Pixels wholly inside every inner sub-span: plain fill colour.
            let (in0, in1) = i.solid(px0, px1);
            // Inside the outer shape on every sub-line: outer coverage 1.
            let (os0, os1) = o.solid(px0, px1);
            let base = row * self.width * 4;
            let mixed = |this: &mut Self, x: usize| {
                let co = if (os0..os1).contains(&x) {
                    1.0
                } else {
                    o.coverage(x)
                };
                let ci = if inner.is_none() {
                    co
                } else if i.count == 0 || (x + 1) as f32 <= i.lo || x as f32 >= i.hi {
                    0.0
                } else {
                    i.coverage(x).min(co)
                };
                // Weights out of 256, alpha included.
                let wf = ((ci * 256.0) as u32 * af) >> 8;
                let we = (((co - ci) * 256.0) as u32 * ae) >> 8;
                if wf + we > 0 {
                    this.blend2(base + x * 4, edge, we, fill, wf);
                }
            };
            for x in px0..in0 {
                mixed(self, x);
            }
            if af == 256 {
                for px in self.data[base + in0 * 4..base + in1 * 4].chunks_exact_mut(4) {
                    px.copy_from_slice(&solid);
                }
            } else {
                for x in in0..in1 {
                    self.blend(base + x * 4, fill, af);
                }
            }
            for x in in1.max(in0)..px1 {
                mixed(self, x);
            }
        }
    }

    /// Two colours over one pixel with weights `wa` + `wb` ≤ 256. The four
    /// channels are mixed two at a time in 16-bit lanes of a u32 (the sum
    /// of weights is 256, so a lane never exceeds 0xff00).
    #[inline(always)]
    pub(crate) fn blend2(&mut self, i: usize, a: Rgba, wa: u32, b: Rgba, wb: u32) {
        let inv = 256 - (wa + wb).min(256);
        let (pa, pb, d) = (opaque(a), opaque(b), self.load(i));
        const LO: u32 = 0x00ff_00ff;
        let even = ((pa & LO) * wa + (pb & LO) * wb + (d & LO) * inv) >> 8 & LO;
        let odd = ((pa >> 8 & LO) * wa + (pb >> 8 & LO) * wb + (d >> 8 & LO) * inv) & !LO;
        self.store(i, even | odd);
    }

    /// A one-pixel anti-aliased line (Wu's algorithm: along the major axis,
    /// each step shares its coverage between the two nearest pixels). Much
    /// cheaper than a quad for the short radius lines of small discs.
    pub fn hairline(&mut self, a: (f32, f32), b: (f32, f32), color: Rgba) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let steep = dy.abs() > dx.abs();
        // Walk along x of the (possibly transposed) line.
        let (mut p, mut q) = if steep {
            ((a.1, a.0), (b.1, b.0))
        } else {
            (a, b)
        };
        if p.0 > q.0 {
            std::mem::swap(&mut p, &mut q);
        }
        let run = q.0 - p.0;
        if run.is_nan() || run < 1e-6 {
            return;
        }
        let slope = (q.1 - p.1) / run;
        let alpha = color.a as u32 + 1;
        let (w, h) = (self.width as i32, self.height as i32);
        let x0 = p.0.round() as i32;
        let x1 = q.0.round() as i32;
        for x in x0..=x1 {
            let y = p.1 + slope * (x as f32 - p.0);
            let yi = y.floor();
            let frac = y - yi;
            for (yy, cov) in [(yi as i32, 1.0 - frac), (yi as i32 + 1, frac)] {
                let (px, py) = if steep { (yy, x) } else { (x, yy) };
                if px < 0 || py < 0 || px >= w || py >= h {
                    continue;
                }
                let k = ((cov * 256.0) as u32 * alpha) >> 8;
                if k > 0 {
                    self.blend(((py * w + px) * 4) as usize, color, k);
                }
            }
        }
    }

    /// A straight line `width` pixels wide (a thin quad).
    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, color: Rgba) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len.is_nan() || len <= 1e-6 {
            return;
        }
        let (nx, ny) = (-dy / len * width * 0.5, dx / len * width * 0.5);
        let quad = [
            (a.0 + nx, a.1 + ny),
            (b.0 + nx, b.1 + ny),
            (b.0 - nx, b.1 - ny),
            (a.0 - nx, a.1 - ny),
        ];
        self.fill(&Poly::new(&quad), color);
    }
}

/// The colour as a pixel word with full alpha (weights carry the alpha).
#[inline(always)]
fn opaque(c: Rgba) -> u32 {
    u32::from_ne_bytes([c.r, c.g, c.b, 255])
}

/// Call `f(x, y, outer, inner)` with the coverage (0..1) of every pixel
/// the `outer` shape touches in a `width` × `height` grid (`inner` ⊂ `outer`;
/// without it, inner = outer). For building cached masks.
pub fn coverage_rows(
    outer: &impl Convex,
    inner: Option<&impl Convex>,
    width: usize,
    height: usize,
    mut f: impl FnMut(usize, usize, f32, f32),
) {
    let (top, bottom) = outer.y_range();
    let row0 = top.max(0.0) as usize;
    let row1 = (ceil(bottom.max(0.0)) as usize).min(height);
    for row in row0..row1 {
        let o = RowSpans::new(outer, row, width as f32);
        if o.count == 0 {
            continue;
        }
        let i = inner.map(|s| RowSpans::new(s, row, width as f32));
        for x in o.lo as usize..(ceil(o.hi) as usize).min(width) {
            let co = o.coverage(x);
            let ci = i.as_ref().map_or(co, |i| i.coverage(x).min(co));
            f(x, row, co, ci);
        }
    }
}

/// One pixel row of a convex shape: its x-span on each sub-scanline
/// (clipped to the target; empty spans are (0, 0)).
#[derive(Clone, Copy)]
struct RowSpans {
    /// Left and right ends per sub-scanline, as two arrays so the
    /// coverage sum is one 4-lane vector operation.
    left: [f32; SUB],
    right: [f32; SUB],
    count: usize,
    lo: f32,
    hi: f32,
    /// Intersection of all spans (meaningful when `count == SUB`).
    inner_lo: f32,
    inner_hi: f32,
}

impl RowSpans {
    #[inline]
    fn new(shape: &impl Convex, row: usize, w: f32) -> RowSpans {
        let mut r = RowSpans {
            left: [0.0; SUB],
            right: [0.0; SUB],
            count: 0,
            lo: f32::INFINITY,
            hi: f32::NEG_INFINITY,
            inner_lo: f32::NEG_INFINITY,
            inner_hi: f32::INFINITY,
        };
        for s in 0..SUB {
            let y = row as f32 + (s as f32 + 0.5) / SUB as f32;
            if let Some((l, h)) = shape.span(y) {
                let (l, h) = (l.max(0.0), h.min(w));
                if l < h {
                    r.left[s] = l;
                    r.right[s] = h;
                    r.count += 1;
                    r.lo = r.lo.min(l);
                    r.hi = r.hi.max(h);
                    r.inner_lo = r.inner_lo.max(l);
                    r.inner_hi = r.inner_hi.min(h);
                }
            }
        }
        r
    }

    /// Pixels in [px0, px1) wholly covered on every sub-scanline.
    #[inline]
    fn solid(&self, px0: usize, px1: usize) -> (usize, usize) {
        if self.count < SUB {
            return (px0, px0);
        }
        let a = (ceil(self.inner_lo) as usize).clamp(px0, px1);
        let b = (self.inner_hi as usize).clamp(a, px1);
        (a, b)
    }

    /// Fraction of pixel column `x` covered, 0..1.
    #[inline(always)]
    fn coverage(&self, x: usize) -> f32 {
        let (x0, x1) = (x as f32, x as f32 + 1.0);
        let mut c = [0.0f32; SUB];
        for (c, (l, r)) in c.iter_mut().zip(self.left.iter().zip(&self.right)) {
            *c = (r.min(x1) - l.max(x0)).max(0.0);
        }
        ((c[0] + c[1] + c[2] + c[3]) * (1.0 / SUB as f32)).min(1.0)
    }
}

/// `poly` moved inward by `d` pixels (convex, either winding), or `None`
/// when it is too thin to keep an inside.
pub fn inset(poly: &[(f32, f32)], d: f32, out: &mut Vec<(f32, f32)>) -> bool {
    out.clear();
    let n = poly.len();
    let area2: f32 = (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    if area2.abs() < 1e-6 {
        return false;
    }
    let sign = area2.signum();
    // Inward unit normal of edge i (from vertex i to i + 1).
    let normal = |i: usize| {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        let len = (ex * ex + ey * ey).sqrt().max(1e-9);
        (-ey / len * sign, ex / len * sign)
    };
    for (i, v) in poly.iter().enumerate() {
        let (p, q) = (normal((i + n - 1) % n), normal(i));
        let dot = p.0 * q.0 + p.1 * q.1;
        if dot < -0.9 {
            return false;
        }
        let k = d / (1.0 + dot);
        out.push((v.0 + (p.0 + q.0) * k, v.1 + (p.1 + q.1) * k));
    }
    // Too thin: an edge flipped (the inset passed through itself).
    (0..n).all(|i| {
        let j = (i + 1) % n;
        let (e, f) = (
            (poly[j].0 - poly[i].0, poly[j].1 - poly[i].1),
            (out[j].0 - out[i].0, out[j].1 - out[i].1),
        );
        e.0 * f.0 + e.1 * f.1 > 0.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(w: usize, h: usize) -> Vec<u8> {
        let mut v = vec![0u8; w * h * 4];
        for px in v.chunks_exact_mut(4) {
            px[3] = 255;
        }
        v
    }

    fn covered(data: &[u8]) -> f32 {
        data.chunks_exact(4).map(|p| p[0] as f32 / 255.0).sum()
    }

    #[test]
    fn a_rectangle_covers_its_area() {
        let mut data = target(20, 20);
        let mut t = Target {
            data: &mut data,
            width: 20,
            height: 20,
        };
        let quad = [(2.5, 3.25), (12.75, 3.25), (12.75, 9.5), (2.5, 9.5)];
        t.fill(&Poly::new(&quad), Rgba::rgb(255, 0, 0));
        let area = 10.25 * 6.25;
        assert!((covered(&data) - area).abs() < 0.6, "{}", covered(&data));
        // Interior pixels are solid; outside untouched.
        assert_eq!(data[(5 * 20 + 5) * 4], 255);
        assert_eq!(data[(15 * 20 + 15) * 4], 0);
    }

    #[test]
    fn a_disc_covers_pi_r_squared_and_clips_at_the_border() {
        let mut data = target(40, 40);
        let mut t = Target {
            data: &mut data,
            width: 40,
            height: 40,
        };
        t.fill(
            &Disc {
                cx: 20.3,
                cy: 19.6,
                r: 8.0,
            },
            Rgba::rgb(255, 0, 0),
        );
        let area = std::f32::consts::PI * 64.0;
        assert!((covered(&data) - area).abs() < 1.5, "{}", covered(&data));
        // Half outside the left edge: no panic, half the area.
        let mut data = target(40, 40);
        let mut t = Target {
            data: &mut data,
            width: 40,
            height: 40,
        };
        t.fill(
            &Disc {
                cx: 0.0,
                cy: 20.0,
                r: 8.0,
            },
            Rgba::rgb(255, 0, 0),
        );
        assert!((covered(&data) - area / 2.0).abs() < 1.5);
    }

    #[test]
    fn inset_square_shrinks_by_d() {
        let sq = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        let mut out = Vec::new();
        assert!(inset(&sq, 2.0, &mut out));
        assert!((out[0].0 - 2.0).abs() < 1e-4 && (out[0].1 - 2.0).abs() < 1e-4);
        assert!(
            !inset(&sq, 6.0, &mut out),
            "a 10 px square has no 6 px inset"
        );
    }

    #[test]
    fn hairline_covers_about_one_pixel_per_step() {
        let mut data = target(20, 20);
        let line = |data: &mut Vec<u8>, a, b| {
            Target {
                data,
                width: 20,
                height: 20,
            }
            .hairline(a, b, Rgba::rgb(255, 0, 0))
        };
        line(&mut data, (2.0, 3.3), (15.0, 9.7));
        let c = covered(&data);
        assert!((c - 14.0).abs() < 1.5, "{c}");
        // Steep and reversed lines too, clipped at the border.
        line(&mut data, (5.0, 25.0), (4.0, -5.0));
        assert!(covered(&data) > c + 15.0);
    }

    #[test]
    fn translucent_fill_blends() {
        let mut data = target(4, 4);
        let mut t = Target {
            data: &mut data,
            width: 4,
            height: 4,
        };
        let quad = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)];
        t.fill(&Poly::new(&quad), Rgba::rgb(255, 255, 255).with_alpha(127));
        assert!((data[0] as i32 - 127).abs() <= 2, "{}", data[0]);
    }
}
