//! HUD text: fontdue rasterises glyphs of the embedded DejaVu Sans Mono
//! (Bitstream Vera licence, `assets/fonts/LICENSE-DejaVu.txt`) once per
//! size; drawing a line is then a blend of cached coverage masks.

use super::color::Rgba;
use super::raster::Target;
use std::cell::OnceCell;
use std::collections::HashMap;

static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");

struct Glyph {
    xmin: i32,
    ymin: i32,
    width: usize,
    height: usize,
    advance: f32,
    coverage: Vec<u8>,
}

pub struct TextPainter {
    /// Parsed on the first glyph drawn: parsing is ~70 % of the work of a
    /// one-body headless run, which builds a painter but draws no text.
    font: OnceCell<fontdue::Font>,
    cache: HashMap<(char, u32), Glyph>,
}

impl Default for TextPainter {
    fn default() -> Self {
        TextPainter::new()
    }
}

impl TextPainter {
    pub fn new() -> TextPainter {
        TextPainter {
            font: OnceCell::new(),
            cache: HashMap::new(),
        }
    }

    fn font(cell: &OnceCell<fontdue::Font>) -> &fontdue::Font {
        cell.get_or_init(|| {
            fontdue::Font::from_bytes(FONT_BYTES, fontdue::FontSettings::default())
                .expect("the embedded font parses")
        })
    }

    fn glyph(&mut self, ch: char, px: f32) -> &Glyph {
        let key = (ch, (px * 4.0) as u32);
        let font = Self::font(&self.font);
        self.cache.entry(key).or_insert_with(|| {
            let (m, coverage) = font.rasterize(ch, px);
            Glyph {
                xmin: m.xmin,
                ymin: m.ymin,
                width: m.width,
                height: m.height,
                advance: m.advance_width,
                coverage,
            }
        })
    }

    /// Width of `text` in pixels (monospace, but measured, not assumed).
    pub fn width(&mut self, text: &str, px: f32) -> f32 {
        text.chars().map(|c| self.glyph(c, px).advance).sum()
    }

    /// Height of one line in pixels.
    pub fn line_height(&self, px: f32) -> f32 {
        Self::font(&self.font)
            .horizontal_line_metrics(px)
            .map_or(px * 1.2, |m| m.new_line_size)
    }

    /// Draw `text` with its top-left corner at (x, y); returns the width drawn.
    pub fn draw(
        &mut self,
        t: &mut Target,
        x: f32,
        y: f32,
        text: &str,
        px: f32,
        color: Rgba,
    ) -> f32 {
        let ascent = Self::font(&self.font)
            .horizontal_line_metrics(px)
            .map_or(px, |m| m.ascent);
        let baseline = (y + ascent).round() as i32;
        let mut pen = x;
        let alpha = color.a as u32 + 1;
        for ch in text.chars() {
            let (w, h) = (t.width as i32, t.height as i32);
            let g = self.glyph(ch, px);
            let gx = pen.round() as i32 + g.xmin;
            let gy = baseline - g.height as i32 - g.ymin;
            for row in 0..g.height as i32 {
                let py = gy + row;
                if py < 0 || py >= h {
                    continue;
                }
                for col in 0..g.width as i32 {
                    let pxx = gx + col;
                    if pxx < 0 || pxx >= w {
                        continue;
                    }
                    let cov = g.coverage[(row as usize) * g.width + col as usize] as u32;
                    if cov > 0 {
                        let k = ((cov + 1) * alpha) >> 8;
                        t.blend(((py * w + pxx) * 4) as usize, color, k);
                    }
                }
            }
            pen += g.advance;
        }
        pen - x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_visible_text_inside_its_box() {
        let mut data = vec![0u8; 100 * 30 * 4];
        let mut t = Target {
            data: &mut data,
            width: 100,
            height: 30,
        };
        let mut p = TextPainter::new();
        let w = p.draw(&mut t, 2.0, 2.0, "Hi 42", 14.0, Rgba::rgb(255, 255, 255));
        assert!(w > 20.0 && w < 60.0, "{w}");
        let lit = data.chunks_exact(4).filter(|px| px[0] > 128).count();
        assert!(lit > 20, "{lit} bright pixels");
    }
}
