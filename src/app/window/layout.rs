//! Where the window's panels go, so that none covers another: the HUD top
//! left, the inspector top right (below the HUD when the window is too
//! narrow for both), the parts bin bottom left with the plots beside it,
//! the scene's printed lines bottom right (the plots end before them), the
//! notice beside the plots and printed lines (above them when there is no
//! room, and always above the parts bin), and the WIN / LOSE
//! banner below whatever is at the top. In a window too small for all of
//! them the less important ones are left out. Pure geometry: sizes in,
//! places out, tested for overlaps.

/// A rectangle in window pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    /// Do the two share some of their horizontal extent?
    fn over(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right()
    }
}

/// Gap between panels and from the window's edges.
pub const GAP: f32 = 6.0;
/// The plots' preferred size, and the least they shrink to.
const PLOT_W: f32 = 380.0;
const PLOT_H: f32 = 150.0;
const MIN_PLOT: (f32, f32) = (120.0, 60.0);

/// What is to be shown, as sizes (w, h); the bin comes placed (its rows
/// are clickable, `bin_panel.rs` places it).
#[derive(Clone, Copy, Debug, Default)]
pub struct Wanted {
    pub hud: Option<(f32, f32)>,
    pub inspector: Option<(f32, f32)>,
    pub bin: Option<Rect>,
    pub plots: bool,
    pub console: Option<(f32, f32)>,
    pub notice: Option<(f32, f32)>,
    pub banner: Option<(f32, f32)>,
    /// The scene's margins [top, right, bottom, left]: the plots fit in
    /// the bottom one when it is set.
    pub margin: [f32; 4],
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Placed {
    pub hud: Option<Rect>,
    pub inspector: Option<Rect>,
    pub bin: Option<Rect>,
    pub plots: Option<Rect>,
    pub console: Option<Rect>,
    pub notice: Option<Rect>,
    pub banner: Option<Rect>,
}

impl Placed {
    /// Every placed panel.
    pub fn all(&self) -> Vec<Rect> {
        [
            self.hud,
            self.inspector,
            self.bin,
            self.plots,
            self.console,
            self.notice,
            self.banner,
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// Place the panels in a `width` × `height` window.
pub fn place(width: f32, height: f32, want: &Wanted) -> Placed {
    let mut p = Placed {
        bin: want.bin,
        ..Placed::default()
    };
    p.hud = want.hud.map(|(w, h)| Rect {
        x: GAP,
        y: GAP,
        w,
        h,
    });
    p.inspector = want.inspector.map(|(w, h)| {
        let mut r = Rect {
            x: (width - w - GAP).max(GAP),
            y: GAP,
            w,
            h,
        };
        if let Some(hud) = p.hud.filter(|hud| hud.overlaps(&r)) {
            r.y = hud.bottom() + GAP;
        }
        r
    });
    p.console = want.console.map(|(w, h)| Rect {
        x: (width - w - GAP).max(GAP),
        y: (height - h - GAP).max(GAP),
        w,
        h,
    });
    if want.plots {
        p.plots = plots(width, height, want, &p);
    }
    let bottom: Vec<Rect> = [p.bin, p.plots, p.console].into_iter().flatten().collect();
    let top: Vec<Rect> = [p.hud, p.inspector].into_iter().flatten().collect();
    p.notice = want.notice.map(|(w, h)| {
        let mut r = Rect {
            x: ((width - w) * 0.5).max(0.0),
            y: height - h - 2.0 * GAP,
            w,
            h,
        };
        let over_bin = p.bin.is_some_and(|b| b.over(&r));
        if let Some(x) = beside(width, w, &bottom).filter(|_| !over_bin) {
            // Beside the plots and the console, as close to the middle as
            // it fits (above a puzzle's Start / Reset, where the player
            // looks).
            r.x = x;
            return r;
        }
        let probe = r;
        for b in bottom.iter().filter(|b| b.over(&probe)) {
            r.y = r.y.min(b.y - h - GAP);
        }
        r.y = r.y.max(0.0);
        r
    });
    p.banner = want.banner.map(|(w, h)| {
        let mut r = Rect {
            x: ((width - w) * 0.5).max(0.0),
            y: height * 0.15,
            w,
            h,
        };
        let probe = r;
        for t in top.iter().filter(|t| t.over(&probe)) {
            r.y = r.y.max(t.bottom() + GAP);
        }
        r
    });
    drop_overlaps(&mut p);
    p
}

/// Where a bottom line `w` wide goes across a `width` window so that it
/// is beside the `bottom` panels, not over them: the x nearest the
/// centred one, or None when no gap between them is wide enough.
fn beside(width: f32, w: f32, bottom: &[Rect]) -> Option<f32> {
    let centred = ((width - w) * 0.5).max(0.0);
    let mut edges: Vec<(f32, f32)> = bottom.iter().map(|b| (b.x, b.right())).collect();
    edges.sort_by(|a, b| a.0.total_cmp(&b.0));
    // The free stretches between the panels (and the window's edges).
    let mut gaps = Vec::new();
    let mut from = 0.0f32;
    for (l, r) in edges {
        gaps.push((from, l - GAP));
        from = from.max(r + GAP);
    }
    gaps.push((from, width));
    gaps.into_iter()
        .filter(|(a, b)| b - a >= w)
        .map(|(a, b)| centred.clamp(a, b - w))
        .min_by(|x, y| (x - centred).abs().total_cmp(&(y - centred).abs()))
}

/// A window too small for everything: a panel that would cover a more
/// important one is not shown (the bin's buttons, the HUD, the banner and
/// the notice come first).
fn drop_overlaps(p: &mut Placed) {
    let mut kept: Vec<Rect> = Vec::new();
    for slot in [
        &mut p.bin,
        &mut p.hud,
        &mut p.banner,
        &mut p.notice,
        &mut p.inspector,
        &mut p.console,
        &mut p.plots,
    ] {
        if let Some(r) = *slot {
            if kept.iter().any(|k| k.overlaps(&r)) {
                *slot = None;
            } else {
                kept.push(r);
            }
        }
    }
}

/// The plots: bottom left, right of the bin, ending before the console;
/// inside the scene's bottom margin when it has one.
fn plots(width: f32, height: f32, want: &Wanted, p: &Placed) -> Option<Rect> {
    let x = p.bin.map_or(GAP, |b| b.right() + GAP);
    let end = p.console.map_or(width - GAP, |c| c.x - GAP);
    let w = PLOT_W.min(width * 0.45).min(end - x);
    let bottom_margin = want.margin[2];
    let h = if bottom_margin > 0.0 {
        PLOT_H.min(bottom_margin - 2.0 * GAP).max(MIN_PLOT.1)
    } else {
        PLOT_H
    };
    if w < MIN_PLOT.0 {
        // No room beside the bin and the console: above the bin instead.
        let above = p.bin.map_or(height, |b| b.y) - GAP;
        let w = PLOT_W.min(width * 0.45).min(width - 2.0 * GAP);
        let r = Rect {
            x: GAP,
            y: above - h,
            w,
            h,
        };
        let clear = [p.hud, p.inspector, p.console]
            .into_iter()
            .flatten()
            .all(|o| !o.overlaps(&r));
        return (r.y >= 0.0 && w >= MIN_PLOT.0 && clear).then_some(r);
    }
    Some(Rect {
        x,
        y: height - h - GAP,
        w,
        h,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_overlaps(p: &Placed) {
        let all = p.all();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert!(!a.overlaps(b), "{a:?} overlaps {b:?} in {p:?}");
            }
        }
    }

    #[test]
    fn panels_never_overlap_in_any_window() {
        for (w, h) in [
            (1280.0, 720.0),
            (800.0, 600.0),
            (640.0, 400.0),
            (400.0, 300.0),
        ] {
            for bin in [false, true] {
                for full_hud in [false, true] {
                    let want = Wanted {
                        hud: Some((
                            if full_hud { 515.0 } else { 480.0 },
                            if full_hud { 140.0 } else { 22.0 },
                        )),
                        inspector: Some((230.0, 170.0)),
                        bin: bin.then_some(Rect {
                            x: GAP,
                            y: h - 120.0 - GAP,
                            w: 280.0,
                            h: 120.0,
                        }),
                        plots: true,
                        console: Some((300.0, 70.0)),
                        notice: Some((420.0, 22.0)),
                        banner: Some((300.0, 60.0)),
                        margin: [0.0; 4],
                    };
                    let p = place(w, h, &want);
                    no_overlaps(&p);
                    if w >= 1280.0 {
                        assert_eq!(p.all().len(), 6 + usize::from(bin), "{p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_notice_sits_above_the_start_button_and_the_banner_below_the_hud() {
        let bin = Rect {
            x: GAP,
            y: 600.0,
            w: 600.0,
            h: 114.0,
        };
        let want = Wanted {
            hud: Some((515.0, 140.0)),
            bin: Some(bin),
            notice: Some((500.0, 22.0)),
            banner: Some((300.0, 60.0)),
            ..Wanted::default()
        };
        let p = place(1280.0, 720.0, &want);
        assert!(p.notice.unwrap().bottom() <= bin.y);
        assert!(p.banner.unwrap().y >= 140.0 + GAP);
    }

    #[test]
    fn a_wide_notice_goes_beside_the_plots_not_above_them() {
        let want = Wanted {
            plots: true,
            notice: Some((585.0, 22.0)),
            ..Wanted::default()
        };
        let p = place(1280.0, 700.0, &want);
        let (n, plots) = (p.notice.unwrap(), p.plots.unwrap());
        assert!(n.bottom() > plots.y, "on the bottom row: {n:?} {plots:?}");
        assert!(n.x >= plots.right(), "{n:?} {plots:?}");
        no_overlaps(&p);
        // No room beside them: above, as before.
        let want = Wanted {
            notice: Some((1000.0, 22.0)),
            ..want
        };
        let p = place(1280.0, 700.0, &want);
        assert!(p.notice.unwrap().bottom() <= p.plots.unwrap().y);
    }

    #[test]
    fn plots_fit_in_the_bottom_margin() {
        let want = Wanted {
            plots: true,
            margin: [0.0, 0.0, 100.0, 0.0],
            ..Wanted::default()
        };
        let r = place(1280.0, 720.0, &want).plots.unwrap();
        assert!(r.y >= 720.0 - 100.0, "{r:?}");
    }
}
