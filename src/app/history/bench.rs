//! `physbox bench --replay`: what time travel costs on the scene size users
//! write — 200 balls piling up under a Lua force field.
//!
//! - replay on save: load the file and replay 600 steps (10 s) with one
//!   rendered frame, as the window does between a save and its first frame;
//! - scrubbing: a 10-minute session (36,000 steps) recorded into a timeline
//!   at the default memory budget, then 40 seeks to steps spread over it.

use super::driver::Driver;
use super::replay::Replay;
use super::timeline::{Timeline, DEFAULT_BUDGET_MIB};
use crate::app::view;
use crate::render::Renderer;
use crate::script::{Scene, SceneOptions};
use std::time::Instant;

const SCENE: &str = r#"
world.sleep = false
box { x = 0, y = -0.5, w = 30, h = 1, static = true }
box { x = -15, y = 15, w = 1, h = 30, static = true }
box { x = 15, y = 15, w = 1, h = 30, static = true }
for i = 0, 199 do
  circle { x = -9 + (i % 20) * 0.95, y = 1 + math.floor(i / 20) * 0.95, r = 0.4 }
end
force(function(b) return 2 * math.sin(world.time + b.y), 0 end)
"#;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

pub fn run() -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("physbox-replay-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join("pile.lua");
    std::fs::write(&path, SCENE).map_err(|e| e.to_string())?;
    let opts = SceneOptions::default();
    let err = |e: crate::script::SceneError| e.to_string();
    let mut out = Vec::new();

    // Replay on save: load + 600 steps + first frame.
    let mut renderer = Renderer::new();
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let scene = Scene::load(&path, &opts).map_err(err)?;
        // As the window does it: keyframes of the new version on the way.
        let mut replay = Replay::new(scene, Vec::new(), 600).recording(DEFAULT_BUDGET_MIB);
        replay.run_for(None).map_err(err)?;
        let mut r = replay.finish();
        view::still(&mut renderer, &mut r.scene, 1280, 720)?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    out.push(format!(
        "replay on save, 200 balls + Lua force field: load + 600 steps (10 s, keyframes kept) + first frame: {:.1} ms (median of 5; target <= 100 ms)",
        median(&mut times)
    ));

    // Scrubbing a 10-minute session.
    let mut scene = Scene::load(&path, &opts).map_err(err)?;
    let mut driver = Driver::default();
    let mut tl = Timeline::new(DEFAULT_BUDGET_MIB);
    tl.restart_at(&scene, &driver);
    let t = Instant::now();
    let steps = 36_000;
    for _ in 0..steps {
        driver.before_step(&mut scene);
        scene.step(1).map_err(err)?;
        tl.stepped(&scene, &driver);
    }
    let record_s = t.elapsed().as_secs_f64();
    let kept = tl.keyframe_steps().count();
    out.push(format!(
        "recorded 10 min ({steps} steps) in {record_s:.1} s: {kept} keyframes, {:.0} MiB of {DEFAULT_BUDGET_MIB} MiB{}",
        tl.bytes() as f64 / (1024.0 * 1024.0),
        if tl.thinned { " (fine keyframes thinned)" } else { "" }
    ));
    let mut seeks = Vec::new();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..40 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let target = x % steps;
        let t = Instant::now();
        tl.seek(&mut scene, &mut driver, target).map_err(err)?;
        seeks.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let worst = seeks.iter().cloned().fold(0.0, f64::max);
    out.push(format!(
        "scrub to 40 steps spread over the session: median {:.1} ms, worst {worst:.1} ms (target <= 50 ms){}",
        median(&mut seeks),
        match &tl.diverged {
            Some(d) => format!("; DIVERGED: {d}"),
            None => String::new(),
        }
    ));
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out.join("\n"))
}
