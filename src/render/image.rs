//! Getting pixels out: PNG files and the 0RGB `u32` buffer a window shows.

use std::path::Path;
use tiny_skia::Pixmap;

pub fn save_png(pm: &Pixmap, path: &Path) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    pm.save_png(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub fn load_png(path: &Path) -> Result<Pixmap, String> {
    Pixmap::load_png(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Copy into `out` as 0x00RRGGBB words (what the window shows). The frame is
/// opaque (the background is drawn first), so premultiplied = straight.
pub fn to_0rgb(pm: &Pixmap, out: &mut Vec<u32>) {
    out.clear();
    out.extend(
        pm.data()
            .chunks_exact(4)
            .map(|p| (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32),
    );
}

/// How different two images are: (mean absolute channel difference 0..255,
/// fraction of pixels with a channel differing by more than `big`).
pub fn difference(a: &Pixmap, b: &Pixmap, big: u8) -> Option<(f64, f64)> {
    if a.width() != b.width() || a.height() != b.height() {
        return None;
    }
    let (mut sum, mut many) = (0u64, 0u64);
    for (p, q) in a.data().chunks_exact(4).zip(b.data().chunks_exact(4)) {
        let d = (0..3).map(|i| p[i].abs_diff(q[i])).max().unwrap_or(0);
        sum += (0..3).map(|i| p[i].abs_diff(q[i]) as u64).sum::<u64>();
        if d > big {
            many += 1;
        }
    }
    let n = (a.width() * a.height()) as f64;
    Some((sum as f64 / (3.0 * n), many as f64 / n))
}
