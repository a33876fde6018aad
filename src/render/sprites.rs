//! Cached disc coverage (DESIGN.md §8: sprites with a hand-written blit).
//! A disc with an outline is the same picture wherever it is, up to its
//! sub-pixel offset; so its two coverage masks (whole disc, inside of the
//! outline) are computed once per radius and quarter-pixel offset, and
//! drawing is a blend of stored weights with no geometry at all.

use super::color::Rgba;
use super::raster::{coverage_rows, Disc, Target};
use std::collections::HashMap;

/// Sub-pixel positions per pixel (each axis) and radius steps per pixel.
const PHASES: f32 = 4.0;
/// Discs larger than this (radius, pixels) are rasterised directly: few
/// of them fit on screen, and their masks would be large.
pub const MAX_CACHED_RADIUS: f32 = 24.0;
/// Masks kept before the cache starts over (a zoom changes every radius).
const MAX_ENTRIES: usize = 2048;

struct Mask {
    width: usize,
    height: usize,
    /// Top-left pixel relative to the disc centre's pixel.
    dx: i32,
    dy: i32,
    /// (outline weight, inside weight) per pixel, out of 256.
    weights: Vec<(u16, u16)>,
}

#[derive(Default)]
pub struct DiscCache {
    masks: HashMap<(u32, u32, u8, u8), Mask>,
}

fn quantise(v: f32) -> u32 {
    (v * PHASES).round().max(0.0) as u32
}

impl DiscCache {
    /// Draw a disc of radius `r` at (cx, cy) with an outline down to radius
    /// `r_in`, like `Target::fill2` with two discs.
    pub fn draw(
        &mut self,
        t: &mut Target,
        (cx, cy): (f32, f32),
        (r, r_in): (f32, f32),
        edge: Rgba,
        fill: Rgba,
    ) {
        let (px, py) = (cx.floor(), cy.floor());
        let fx = ((cx - px) * PHASES).round().min(PHASES - 1.0) as u8;
        let fy = ((cy - py) * PHASES).round().min(PHASES - 1.0) as u8;
        let key = (quantise(r), quantise(r_in), fx, fy);
        if self.masks.len() >= MAX_ENTRIES && !self.masks.contains_key(&key) {
            self.masks.clear();
        }
        let mask = self.masks.entry(key).or_insert_with(|| {
            let (r, r_in) = (key.0 as f32 / PHASES, key.1 as f32 / PHASES);
            build(r, r_in, fx as f32 / PHASES, fy as f32 / PHASES)
        });
        blit(t, mask, px as i32, py as i32, edge, fill);
    }
}

/// Masks for a disc centred at (ox, oy) within its pixel.
fn build(r: f32, r_in: f32, ox: f32, oy: f32) -> Mask {
    let reach = r.ceil() as i32 + 1;
    let size = (2 * reach + 1) as usize;
    // The disc in mask coordinates: the centre pixel is at (reach, reach).
    let c = (reach as f32 + ox, reach as f32 + oy);
    let outer = Disc {
        cx: c.0,
        cy: c.1,
        r,
    };
    let inner = Disc {
        cx: c.0,
        cy: c.1,
        r: r_in,
    };
    let mut weights = vec![(0u16, 0u16); size * size];
    coverage_rows(&outer, Some(&inner), size, size, |x, y, co, ci| {
        let wf = (ci * 256.0) as u16;
        let we = ((co - ci).max(0.0) * 256.0) as u16;
        weights[y * size + x] = (we, wf);
    });
    Mask {
        width: size,
        height: size,
        dx: -reach,
        dy: -reach,
        weights,
    }
}

fn blit(t: &mut Target, m: &Mask, px: i32, py: i32, edge: Rgba, fill: Rgba) {
    let (ae, af) = (edge.a as u32 + 1, fill.a as u32 + 1);
    let x0 = px + m.dx;
    let y0 = py + m.dy;
    let (w, h) = (t.width as i32, t.height as i32);
    let solid = u32::from_ne_bytes([fill.r, fill.g, fill.b, 255]);
    for my in 0..m.height as i32 {
        let y = y0 + my;
        if y < 0 || y >= h {
            continue;
        }
        let mx0 = (-x0).max(0);
        let mx1 = (w - x0).min(m.width as i32);
        let row = &m.weights[my as usize * m.width..(my as usize + 1) * m.width];
        for mx in mx0..mx1 {
            let (we, wf) = row[mx as usize];
            if we == 0 && wf == 0 {
                continue;
            }
            let i = ((y * w + x0 + mx) * 4) as usize;
            if wf == 256 && af == 256 {
                t.store(i, solid);
            } else {
                t.blend2(i, edge, (we as u32 * ae) >> 8, fill, (wf as u32 * af) >> 8);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cached disc matches the directly rasterised one.
    #[test]
    fn cached_disc_matches_direct_fill() {
        let (edge, fill) = (Rgba::rgb(255, 200, 0), Rgba::rgb(0, 80, 255));
        let mut a = vec![0u8; 40 * 40 * 4];
        let mut b = a.clone();
        let (cx, cy, r) = (17.25, 20.5, 7.75);
        Target {
            data: &mut a,
            width: 40,
            height: 40,
        }
        .fill2(
            &Disc { cx, cy, r },
            Some(&Disc { cx, cy, r: r - 1.5 }),
            edge,
            fill,
        );
        let mut cache = DiscCache::default();
        cache.draw(
            &mut Target {
                data: &mut b,
                width: 40,
                height: 40,
            },
            (cx, cy),
            (r, r - 1.5),
            edge,
            fill,
        );
        let worst = a.iter().zip(&b).map(|(p, q)| p.abs_diff(*q)).max().unwrap();
        assert!(worst <= 4, "largest channel difference {worst}");
    }

    #[test]
    fn clipped_at_every_border() {
        let mut data = vec![0u8; 10 * 10 * 4];
        let mut cache = DiscCache::default();
        for (x, y) in [(0.0, 0.0), (9.9, 9.9), (-3.0, 5.0), (5.0, 12.0)] {
            cache.draw(
                &mut Target {
                    data: &mut data,
                    width: 10,
                    height: 10,
                },
                (x, y),
                (4.0, 2.5),
                Rgba::rgb(255, 0, 0),
                Rgba::rgb(0, 255, 0),
            );
        }
        assert!(data.chunks_exact(4).any(|p| p[0] > 0));
    }
}
