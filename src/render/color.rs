//! Colours as the renderer uses them: straight (not premultiplied) RGBA
//! bytes, parsed from the `#rrggbb` strings scenes use.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgba {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Rgba {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }

    /// `#rrggbb` (as normalised by the scene API); `None` for anything else.
    pub fn parse(s: &str) -> Option<Rgba> {
        let hex = s.strip_prefix('#')?;
        if hex.len() != 6 || !hex.is_ascii() {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Rgba::rgb(byte(0)?, byte(2)?, byte(4)?))
    }

    /// `t` of the way from `self` to `other` (alpha kept).
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgba {
            r: m(self.r, other.r),
            g: m(self.g, other.g),
            b: m(self.b, other.b),
            a: self.a,
        }
    }

    /// Perceived brightness 0..1 (Rec. 709 weights on the stored values):
    /// linear in `mix`, which `contrasting` relies on.
    pub fn luma(self) -> f32 {
        (0.2126 * self.r as f32 + 0.7152 * self.g as f32 + 0.0722 * self.b as f32) / 255.0
    }

    /// This colour, lightened or darkened just enough that its luma differs
    /// from `bg`'s by at least `min`: away from `bg` on the side it is on,
    /// or past `bg` to the other side when that side has no room (black on
    /// a near-black background turns dark grey).
    pub fn contrasting(self, bg: Rgba, min: f32) -> Rgba {
        let (l, lb) = (self.luma(), bg.luma());
        if (l - lb).abs() >= min {
            return self;
        }
        let lighter = if l >= lb {
            lb + min <= 1.0
        } else {
            lb - min < 0.0
        };
        let (toward, want) = if lighter {
            (Rgba::rgb(255, 255, 255), (lb + min).min(1.0))
        } else {
            (Rgba::rgb(0, 0, 0), (lb - min).max(0.0))
        };
        let span = toward.luma() - l;
        if span.abs() < 1e-6 {
            return self;
        }
        self.mix(toward, ((want - l) / span).clamp(0.0, 1.0))
    }

    pub fn to_skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.r, self.g, self.b, self.a)
    }
}

/// The colours bodies the scene gave none and plot series are drawn in.
const PALETTE: [Rgba; 8] = [
    Rgba::rgb(0x4f, 0xc3, 0xf7),
    Rgba::rgb(0xff, 0xb7, 0x4d),
    Rgba::rgb(0x81, 0xc7, 0x84),
    Rgba::rgb(0xe5, 0x73, 0x73),
    Rgba::rgb(0xba, 0x68, 0xc8),
    Rgba::rgb(0xff, 0xf1, 0x76),
    Rgba::rgb(0x4d, 0xb6, 0xac),
    Rgba::rgb(0xf0, 0x62, 0x92),
];

/// A stable, pleasant colour for bodies the scene gave none, by index.
pub fn default_body_color(index: u32) -> Rgba {
    PALETTE[(index as usize * 5 + 3) % PALETTE.len()]
}

/// Colours for plot series, in order: six of the palette (the pink before
/// the purple, so the first four series differ most).
pub fn series_color(i: usize) -> Rgba {
    const SERIES: [usize; 6] = [0, 1, 2, 7, 4, 5];
    PALETTE[SERIES[i % SERIES.len()]]
}

pub const STATIC_COLOR: Rgba = Rgba::rgb(0x90, 0x96, 0xa0);
pub const DEFAULT_BACKGROUND: Rgba = Rgba::rgb(0x1b, 0x1d, 0x24);

#[cfg(test)]
mod tests {
    use super::Rgba;

    #[test]
    fn parses_hex_and_rejects_the_rest() {
        assert_eq!(Rgba::parse("#ff8000"), Some(Rgba::rgb(255, 128, 0)));
        assert_eq!(Rgba::parse("ff8000"), None);
        assert_eq!(Rgba::parse("#ff80"), None);
        assert_eq!(Rgba::parse("#gg8000"), None);
    }

    #[test]
    fn plot_series_take_six_palette_colours() {
        let pink = Rgba::rgb(0xf0, 0x62, 0x92);
        assert_eq!(super::series_color(0), Rgba::rgb(0x4f, 0xc3, 0xf7));
        assert_eq!(super::series_color(3), pink);
        assert_eq!(super::series_color(9), pink);
    }

    #[test]
    fn contrasting_moves_only_colours_too_close_to_the_background() {
        let bg = Rgba::rgb(0x1b, 0x1d, 0x24);
        let red = Rgba::rgb(0xe0, 0x20, 0x20);
        assert_eq!(red.contrasting(bg, 0.15), red);
        for c in [Rgba::rgb(0x33, 0x33, 0x33), Rgba::rgb(0, 0, 0), bg] {
            let moved = c.contrasting(bg, 0.15);
            assert!(
                (moved.luma() - bg.luma()).abs() >= 0.145,
                "{c:?} -> {moved:?}"
            );
        }
        // On a white background a pale colour darkens.
        let white = Rgba::rgb(255, 255, 255);
        let pale = Rgba::rgb(0xff, 0xf1, 0x76).contrasting(white, 0.15);
        assert!(pale.luma() <= 0.855, "{pale:?}");
    }

    #[test]
    fn mixes_halfway() {
        let m = Rgba::rgb(0, 100, 200).mix(Rgba::rgb(100, 100, 0), 0.5);
        assert_eq!(m, Rgba::rgb(50, 100, 100));
    }
}
