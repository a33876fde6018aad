//! The parts bin on screen (bottom left of the window): one row per part the
//! level allows with how many are left, the Start and Reset buttons, and a
//! mode line (BUILD / RUNNING / try again). Where its rows and buttons are,
//! what a click hits, and how it is drawn.

use super::build_mode::BuildMode;
use super::parts::PartKind;
use super::play::Puzzle;
use crate::render::text::TextPainter;
use crate::render::widgets::{rect, DIM_TEXT, HUD_PX, PANEL_BG, TEXT};
use crate::render::{Pixmap, Rgba, Target};
use crate::script::{Outcome, Scene};

const PAD: f32 = 6.0;
const BIN_WIDTH: f32 = 280.0;
const BUTTON_WIDTH: f32 = 128.0;
const HIGHLIGHT: Rgba = Rgba::rgb(0xff, 0xd5, 0x4f);
const BUTTON_BG: Rgba = Rgba::rgb(0x2e, 0x33, 0x45);

/// What a click in the parts bin hits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BinItem {
    Part(PartKind),
    Start,
    Reset,
}

impl BinItem {
    fn name(self) -> &'static str {
        match self {
            BinItem::Part(k) => k.name(),
            BinItem::Start => "start",
            BinItem::Reset => "reset",
        }
    }
}

/// The bin's rows and buttons in window pixels: (x, y, w, h, item).
struct Layout {
    x: f32,
    y: f32,
    h: f32,
    line: f32,
    items: Vec<(f32, f32, f32, f32, BinItem)>,
}

/// The bin listing `kinds` in a window `height` pixels high.
fn layout(text: &TextPainter, height: u32, kinds: &[PartKind]) -> Layout {
    let line = text.line_height(HUD_PX);
    let button_h = line + 4.0;
    let h = 2.0 * PAD + line * (1 + kinds.len()) as f32 + PAD + button_h;
    let x = 6.0;
    let y = (height as f32 - h - 6.0).max(0.0);
    let mut items = Vec::new();
    for (i, k) in kinds.iter().enumerate() {
        let row_y = y + PAD + line * (i + 1) as f32;
        items.push((x, row_y, BIN_WIDTH, line, BinItem::Part(*k)));
    }
    let by = y + PAD + line * (1 + kinds.len()) as f32 + PAD;
    items.push((x + PAD, by, BUTTON_WIDTH, button_h, BinItem::Start));
    items.push((
        x + 2.0 * PAD + BUTTON_WIDTH,
        by,
        BUTTON_WIDTH,
        button_h,
        BinItem::Reset,
    ));
    Layout {
        x,
        y,
        h,
        line,
        items,
    }
}

/// Where the bin is: (x, y, w, h) in window pixels.
pub fn place(text: &TextPainter, height: u32, p: &Puzzle) -> (f32, f32, f32, f32) {
    let l = layout(text, height, &p.kinds());
    (l.x, l.y, BIN_WIDTH, l.h)
}

/// The bin's clickable places: ("plank", (x, y, w, h)), ..., ("start",
/// ...), ("reset", ...) in window pixels.
pub fn targets(text: &TextPainter, height: u32, p: &Puzzle) -> Vec<(String, (f32, f32, f32, f32))> {
    layout(text, height, &p.kinds())
        .items
        .iter()
        .map(|(x, y, w, h, item)| (item.name().to_string(), (*x, *y, *w, *h)))
        .collect()
}

/// What the window point (mx, my) hits in the bin, if anything.
pub fn hit(text: &TextPainter, height: u32, p: &Puzzle, mx: f32, my: f32) -> Option<BinItem> {
    layout(text, height, &p.kinds())
        .items
        .iter()
        .find(|(x, y, w, h, _)| mx >= *x && mx < x + w && my >= *y && my < y + h)
        .map(|i| i.4)
}

/// What the bin shows: the mode line, then a row per part the level
/// allows (the chosen one marked, used-up ones dimmed).
pub fn rows(b: &BuildMode, scene: &Scene) -> Vec<(String, Rgba)> {
    let p = b.puzzle();
    let lost = matches!(scene.outcome(), Some(Outcome::Lost(_)));
    let turn = super::parts::turned_text(p.angle());
    let mode = if b.is_building() && !turn.is_empty() {
        // Q / E over empty space: the next part placed is turned.
        (format!("BUILD — next part{turn}"), HIGHLIGHT)
    } else if b.is_building() {
        ("BUILD — place parts, Enter runs".to_string(), HIGHLIGHT)
    } else if lost {
        ("Bksp: try again, same parts".to_string(), HIGHLIGHT)
    } else {
        (
            format!(
                "RUNNING  {:.1} s — Bksp: reset",
                p.steps(scene) as f64 * scene.dt()
            ),
            TEXT,
        )
    };
    let mut rows = vec![mode];
    for k in p.kinds() {
        let chosen = p.selected() == Some(k);
        let mark = if chosen { ">" } else { " " };
        let left = p.remaining(k);
        let color = if left == 0 {
            DIM_TEXT
        } else if chosen {
            HIGHLIGHT
        } else {
            TEXT
        };
        rows.push((format!("{mark} {:<14} x {left}", k.describe()), color));
    }
    rows
}

/// The parts bin listing `kinds`, with the `rows` from `rows`.
pub fn draw(
    pm: &mut Pixmap,
    text: &mut TextPainter,
    height: u32,
    kinds: &[PartKind],
    rows: &[(String, Rgba)],
) {
    let l = layout(text, height, kinds);
    let mut t = Target::new(pm);
    rect(&mut t, l.x, l.y, BIN_WIDTH, l.h, PANEL_BG);
    for (i, (s, c)) in rows.iter().enumerate() {
        text.draw(
            &mut t,
            l.x + PAD,
            l.y + PAD + i as f32 * l.line,
            s,
            HUD_PX,
            *c,
        );
    }
    for (x, y, w, h, item) in &l.items {
        let label = match item {
            BinItem::Start => "Start (Enter)",
            BinItem::Reset => "Reset (Bksp)",
            BinItem::Part(_) => continue,
        };
        rect(&mut t, *x, *y, *w, *h, BUTTON_BG);
        text.draw(&mut t, x + PAD, y + 2.0, label, HUD_PX, TEXT);
    }
}

#[cfg(test)]
mod tests {
    use super::{BIN_WIDTH, PAD};
    use crate::render::text::TextPainter;
    use crate::render::widgets::HUD_PX;

    /// Every mode line the bin shows fits inside it (the running line ran
    /// past its right edge: "RUNNING  2.5 s — Backspace: reset").
    #[test]
    fn the_bins_mode_lines_fit_inside_it() {
        let mut text = TextPainter::new();
        for line in [
            "BUILD — place parts, Enter runs",
            "BUILD — next part turned -1800°",
            "Bksp: try again, same parts",
            "RUNNING  1234.5 s — Bksp: reset",
        ] {
            let w = text.width(line, HUD_PX);
            assert!(w <= BIN_WIDTH - 2.0 * PAD, "{line}: {w} px");
        }
    }
}
