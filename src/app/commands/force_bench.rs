//! `physbox bench`: what a Lua force field costs per step (DESIGN.md §6:
//! ≤ 2 ms for 10,000 bodies). Measured as the difference between the same
//! scene stepped with and without the field, so physics time cancels out.

use crate::script::{Scene, SceneError, SceneOptions};
use std::path::Path;
use std::time::Instant;

/// A grid of `n` small circles without gravity (no contacts), optionally
/// with a field or per-body forces.
fn scene_source(n: usize, mode: &str) -> String {
    let side = (n as f64).sqrt().ceil() as usize;
    let force = match mode {
        "field" => "force(function(b, t) return -0.1 * b.x, -0.1 * b.y end)",
        "per_body" => "for _, b in ipairs(world:bodies()) do b.force = function(b, t) return -0.1 * b.x, -0.1 * b.y end end",
        _ => "",
    };
    format!(
        "world.gravity = {{0, 0}}\nworld.sleep = false\nlocal n, side = {n}, {side}\nfor i = 0, n - 1 do\n  circle {{ x = (i % side) * 3, y = (i // side) * 3, r = 0.5 }}\nend\n{force}\n"
    )
}

/// Milliseconds per step spent in force callbacks (evaluating them in Lua
/// and applying the forces), best of three runs.
fn force_ms(n: usize, mode: &str, steps: u64) -> Result<f64, SceneError> {
    let opts = SceneOptions {
        time_limit: std::time::Duration::from_secs(30),
        ..SceneOptions::default()
    };
    let mut scene = Scene::from_source(Path::new("bench.lua"), &scene_source(n, mode), &opts)?;
    scene.step(5)?; // handle tables and allocations warm up
    let mut best = f64::MAX;
    for _ in 0..3 {
        let before = scene.sim().force_time();
        scene.step(steps)?;
        let spent = scene.sim().force_time() - before;
        best = best.min(spent.as_secs_f64() / steps as f64);
    }
    Ok(best * 1000.0)
}

/// Milliseconds per step of force evaluation: (field, per-body forces).
pub fn force_field(n: usize, steps: u64) -> Result<(f64, f64), SceneError> {
    Ok((
        force_ms(n, "field", steps)?,
        force_ms(n, "per_body", steps)?,
    ))
}

pub fn run(n: usize, steps: u64) -> Result<String, SceneError> {
    let t = Instant::now();
    let (field, per_body) = force_field(n, steps)?;
    Ok(format!(
        "{n} bodies, force(function(b, t) return -0.1 * b.x, -0.1 * b.y end), best of 3 × {steps} steps:\n  force field       {field:7.3} ms/step  (target ≤ 2 ms)\n  per-body b.force  {per_body:7.3} ms/step\n(measured in {:.1} s)",
        t.elapsed().as_secs_f64()
    ))
}
