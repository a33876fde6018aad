//! The F1 help overlay: every key of the key table (`bindings.rs`), the
//! mouse and edit mode, in a key column as wide as the widest key and a
//! text column that wraps. It fits the free space between the HUD and the
//! timeline strip: in one, two or three columns, at 14 px or smaller, the
//! first way that fits. Pure geometry (`place`) plus drawing.

use super::bindings::{self, MOUSE_HELP};
use super::edit_help::EDIT_HELP;
use super::layout::Rect;
use crate::render::text::TextPainter;
use crate::render::widgets::{rect, wrap, DIM_TEXT, HUD_PX, PANEL_BG, TEXT};
use crate::render::{Rgba, Target};

const HEAD: Rgba = Rgba::rgb(0xff, 0xd5, 0x4f);
const PAD: f32 = 6.0;
/// Space between two columns.
const COLUMN_GAP: f32 = 24.0;

/// One entry of the help.
pub enum Row {
    /// A heading ("mouse").
    Head(String),
    /// Keys and what they do.
    Key(String, String),
    /// A note across the column.
    Note(String),
}

/// Every row of the help; `taken`: the keys the scene took.
pub fn rows(taken: &dyn Fn(&str) -> bool) -> Vec<Row> {
    let mut rows = vec![Row::Head("physbox — keys".into())];
    rows.extend(
        bindings::help_lines(taken)
            .into_iter()
            .map(|(k, t)| Row::Key(k, t)),
    );
    rows.push(Row::Head("mouse".into()));
    rows.extend(
        MOUSE_HELP
            .iter()
            .map(|(k, t)| Row::Key(k.to_string(), t.to_string())),
    );
    rows.push(Row::Head("edit mode".into()));
    rows.extend(
        EDIT_HELP
            .iter()
            .map(|(k, t)| Row::Key(k.to_string(), t.to_string())),
    );
    rows.push(Row::Note(
        "Every other key goes to the scene (on_key, key_down). A scene takes a bound key \
         with scene { keys = {...} } or key_down(...): Space -> P, others -> Ctrl+key."
            .into(),
    ));
    rows
}

/// One piece of text of the placed help: where it is (its drawn width,
/// one line high), what it says, its colour.
#[derive(Clone, Debug)]
pub struct Piece {
    pub at: Rect,
    /// A key (the key column), not text.
    pub key: bool,
    pub text: String,
    pub color: Rgba,
}

/// The help placed: its panel, its text size and every piece of text.
#[derive(Clone, Debug)]
pub struct Placed {
    pub panel: Rect,
    pub px: f32,
    pub pieces: Vec<Piece>,
    /// Rows that did not fit even at the smallest size (0 when all show).
    pub left_out: usize,
}

/// A row wrapped into lines: (key or "", text, colour) each.
type Block = Vec<(String, String, Rgba)>;

fn blocks(text: &mut TextPainter, rows: &[Row], px: f32, key_w: f32, col_w: f32) -> Vec<Block> {
    let cw = text.width("M", px).max(1.0);
    let cols = |w: f32| ((w / cw).floor() as usize).max(8);
    rows.iter()
        .map(|row| match row {
            Row::Head(s) => vec![(String::new(), s.clone(), HEAD)],
            Row::Note(s) => wrap(s, cols(col_w))
                .into_iter()
                .map(|l| (String::new(), l, DIM_TEXT))
                .collect(),
            Row::Key(k, s) => wrap(s, cols(col_w - key_w))
                .into_iter()
                .enumerate()
                .map(|(i, l)| (if i == 0 { k.clone() } else { String::new() }, l, TEXT))
                .collect(),
        })
        .collect()
}

/// The blocks in columns of at most `per_col` lines (a heading stays with
/// the row after it); None when they need more than `n` columns.
fn columns(blocks: &[Block], rows: &[Row], per_col: usize, n: usize) -> Option<Vec<Block>> {
    let mut cols: Vec<Block> = vec![Vec::new()];
    for (i, b) in blocks.iter().enumerate() {
        let need = b.len()
            + match rows[i] {
                Row::Head(_) => blocks.get(i + 1).map_or(0, Vec::len),
                _ => 0,
            };
        let used = cols.last().map_or(0, Vec::len);
        if used > 0 && used + need > per_col {
            cols.push(Vec::new());
        }
        if b.len() > per_col || cols.len() > n {
            return None;
        }
        cols.last_mut()?.extend(b.iter().cloned());
    }
    Some(cols)
}

/// Place the help inside `area` (the window less the HUD and the strip).
pub fn place(text: &mut TextPainter, rows: &[Row], area: Rect) -> Placed {
    let key_width = |text: &mut TextPainter, px: f32| {
        rows.iter()
            .filter_map(|r| match r {
                Row::Key(k, _) => Some(text.width(k, px)),
                _ => None,
            })
            .fold(0.0f32, f32::max)
            + text.width("  ", px)
    };
    let sizes = [HUD_PX, 13.0, 12.0, 11.0, 10.0];
    let mut chosen = None;
    'search: for px in sizes {
        for n in 1..=3 {
            let col_w = (area.w - 2.0 * PAD - (n - 1) as f32 * COLUMN_GAP) / n as f32;
            let key_w = key_width(text, px);
            if key_w > col_w * 0.45 {
                continue;
            }
            let per_col = ((area.h - 2.0 * PAD) / text.line_height(px)).floor() as usize;
            let b = blocks(text, rows, px, key_w, col_w);
            if let Some(cols) = columns(&b, rows, per_col, n) {
                chosen = Some((px, key_w, cols, 0));
                break 'search;
            }
        }
    }
    let (px, key_w, cols, left_out) = chosen.unwrap_or_else(|| {
        // Too small a window for everything: the smallest size, three
        // columns, and what does not fit is left out (never drawn outside).
        let px = sizes[sizes.len() - 1];
        let col_w = (area.w - 2.0 * PAD - 2.0 * COLUMN_GAP) / 3.0;
        let key_w = key_width(text, px).min(col_w * 0.45);
        let per_col = (((area.h - 2.0 * PAD) / text.line_height(px)).floor() as usize).max(1);
        let lines: Block = blocks(text, rows, px, key_w, col_w)
            .concat()
            .into_iter()
            .filter(|(k, _, _)| text.width(k, px) <= key_w)
            .collect();
        let total = lines.len();
        let cols: Vec<Block> = lines.chunks(per_col).take(3).map(|c| c.to_vec()).collect();
        let shown: usize = cols.iter().map(Vec::len).sum();
        (px, key_w, cols, total - shown)
    });
    let lh = text.line_height(px);
    let mut pieces = Vec::new();
    let mut x = 0.0;
    for col in &cols {
        let mut col_w = 0.0f32;
        for (i, (k, s, c)) in col.iter().enumerate() {
            let y = i as f32 * lh;
            let (s_x, s_w) = if k.is_empty() && *c != TEXT {
                (x, text.width(s, px))
            } else {
                (x + key_w, text.width(s, px))
            };
            if !k.is_empty() {
                let w = text.width(k, px);
                pieces.push(Piece {
                    key: true,
                    ..piece(x, y, w, lh, k, TEXT)
                });
            }
            pieces.push(piece(s_x, y, s_w, lh, s, *c));
            col_w = col_w.max(s_x + s_w - x);
        }
        x += col_w + COLUMN_GAP;
    }
    let w = (x - COLUMN_GAP).max(0.0) + 2.0 * PAD;
    let rows_shown = cols.iter().map(Vec::len).max().unwrap_or(0);
    let h = rows_shown as f32 * lh + 2.0 * PAD;
    let panel = Rect {
        x: area.x + ((area.w - w) * 0.5).max(0.0),
        y: area.y + ((area.h - h) * 0.5).max(0.0),
        w,
        h,
    };
    for p in &mut pieces {
        p.at.x += panel.x + PAD;
        p.at.y += panel.y + PAD;
    }
    Placed {
        panel,
        px,
        pieces,
        left_out,
    }
}

fn piece(x: f32, y: f32, w: f32, h: f32, s: &str, color: Rgba) -> Piece {
    Piece {
        at: Rect { x, y, w, h },
        key: false,
        text: s.to_string(),
        color,
    }
}

/// Draw the placed help.
pub fn draw(t: &mut Target, text: &mut TextPainter, p: &Placed) {
    let r = p.panel;
    rect(t, r.x, r.y, r.w, r.h, PANEL_BG.with_alpha(235));
    for piece in &p.pieces {
        text.draw(t, piece.at.x, piece.at.y, &piece.text, p.px, piece.color);
    }
}
