//! `physbox bench --reload`: hot reload latency for a 1,000-body scene
//! (DESIGN.md §6: save → first frame ≤ 100 ms, goal 50 ms). A benchmark,
//! never a timed test.
//!
//! The whole path the window takes, minus the window: `scenes/reload_1000.lua`
//! is written into a temporary folder and opened in a `Sandbox` at 1280×720;
//! after a second of simulation, the file is saved (in place) again and
//! again with a small edit, and each save is followed through the real
//! watcher (inotify, debounce), the reload (fresh Lua state and world),
//! keep-state reconcile, and the first frame drawn (HUD included) and
//! converted to the window's pixel format. Not included: the window's own
//! wait for its next frame (up to one 60 Hz frame, 8 ms on average) and
//! presenting the buffer (2–2.6 ms under Xvfb, DESIGN.md §8).

use super::apply::apply;
use super::mode::ReloadMode;
use super::reloader::Reloader;
use crate::app::window::picture;
use crate::app::window::sandbox::Sandbox;
use crate::render::{image, pixmap};
use crate::script::SceneOptions;
use std::time::{Duration, Instant};

const SCENE: &str = include_str!("../../../scenes/reload_1000.lua");
const SAVES: usize = 10;

/// Milliseconds of each stage of one save.
#[derive(Clone, Copy, Default)]
struct Sample {
    /// Write → the watcher's first event.
    notice: f64,
    /// First event → burst over (the debounce).
    debounce: f64,
    load: f64,
    reconcile: f64,
    /// Swap in, draw the first frame, convert it for the window.
    frame: f64,
    /// Write → first frame ready.
    total: f64,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn median_max(v: &[f64]) -> (f64, f64) {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2], v[v.len() - 1])
}

pub fn run() -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("physbox-reload-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join("reload_1000.lua");
    std::fs::write(&path, SCENE).map_err(|e| e.to_string())?;
    let result = measure(&path);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn measure(path: &std::path::Path) -> Result<String, String> {
    let (w, h) = (1280, 720);
    let mut sb = Sandbox::open(path, &SceneOptions::default(), w, h).map_err(|e| e.to_string())?;
    let bodies = sb.scene().world().body_count();
    let mut reloader = Reloader::new(sb.scene());
    if let Some(why) = reloader.problem() {
        return Err(why.to_string());
    }
    let mut pm = pixmap(w, h);
    let mut buffer = Vec::new();
    let mut out = format!(
        "hot reload, {bodies} bodies at {w}x{h} (scenes/reload_1000.lua), ms per save, median / max of {SAVES}:\n"
    );
    for mode in [ReloadMode::KeepState, ReloadMode::Restart] {
        sb.set_reload_mode(mode);
        let mut samples = Vec::new();
        for i in 0..SAVES {
            // A second of simulation so keep state has live state to keep.
            for _ in 0..30 {
                sb.advance(1.0 / 30.0);
            }
            // Change the ball's colour: every body is matched, none moved.
            let colour = format!("#f0{:02x}60", (i * 20) % 256);
            let src = SCENE.replace("#f05060", &colour);
            let save = Instant::now();
            std::fs::write(path, src).map_err(|e| e.to_string())?;
            let change = reloader
                .wait(Duration::from_secs(5))
                .ok_or("the save was not seen within 5 s")?;
            let (_, attempt) = reloader.handle(&change, sb.scene(), sb.options());
            let attempt = attempt.ok_or("the scene file vanished")?;
            let t = Instant::now();
            let timing = apply(&mut sb, attempt)
                .ok_or_else(|| sb.error().unwrap_or("the reload failed").to_string())?;
            picture::draw(&mut sb, &mut pm);
            image::to_0rgb(&pm, &mut buffer);
            let done = Instant::now();
            samples.push(Sample {
                notice: ms(change.first_event.saturating_duration_since(save)),
                debounce: ms(timing.debounce),
                load: ms(timing.load),
                reconcile: ms(timing.reconcile),
                frame: ms(done - t) - ms(timing.reconcile),
                total: ms(done - save),
            });
        }
        let col = |f: fn(&Sample) -> f64| {
            let v: Vec<f64> = samples.iter().map(f).collect();
            let (m, x) = median_max(&v);
            format!("{m:5.1} / {x:5.1}")
        };
        out += &format!(
            "  {:<10}  save→frame {}   = notice {}  + debounce {}  + load {}  + reconcile {}  + first frame {}\n",
            mode.label(),
            col(|s| s.total),
            col(|s| s.notice),
            col(|s| s.debounce),
            col(|s| s.load),
            col(|s| s.reconcile),
            col(|s| s.frame),
        );
    }
    out += "  (the window adds its wait for the next 60 Hz frame, 8 ms on average, and ~2.5 ms to present)";
    Ok(out)
}
