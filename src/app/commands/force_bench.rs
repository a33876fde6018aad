//! `physbox bench`: what a Lua force field costs per step (DESIGN.md §6:
//! ≤ 2 ms for 10,000 bodies). Measured as the difference between the same
//! scene stepped with and without the field, so physics time cancels out.

use crate::script::{Scene, SceneError, SceneOptions};
use std::path::Path;
use std::time::Instant;

/// The field every run measures (also printed with the result).
const FIELD: &str = "force(function(b, t) return -0.1 * b.x, -0.1 * b.y end)";

/// A grid of `n` small circles 3 m apart around the origin, without
/// gravity, optionally with the field or the same force per body.
///
/// Each body starts on the circular orbit the field allows (speed ω·r
/// across the radius, ω = √(0.1 / mass)), so the whole grid turns as one
/// rigid wheel and no two bodies ever come closer than they started: the
/// field is linear and the same in every direction, so every body's motion
/// is the same rotation of its start. Started at rest instead, every body
/// fell to the origin in the same quarter period (~5 s, step ~298) and the
/// default run of 305 steps stacked 10,000 circles on one point (over
/// 500,000 contacts, refused after 13 s). Without contacts the physics
/// stays a constant cost beside the field being measured.
pub fn scene_source(n: usize, mode: &str) -> String {
    let side = (n as f64).sqrt().ceil() as usize;
    let force = match mode {
        "field" => FIELD.to_string(),
        "per_body" => "for _, b in ipairs(world:bodies()) do b.force = function(b, t) return -0.1 * b.x, -0.1 * b.y end end".to_string(),
        _ => String::new(),
    };
    format!(
        "world.gravity = {{0, 0}}\nworld.sleep = false\nlocal n, side = {n}, {side}\nlocal mid = (side - 1) / 2\nfor i = 0, n - 1 do\n  local b = circle {{ x = (i % side - mid) * 3, y = (i // side - mid) * 3, r = 0.5 }}\n  local w = math.sqrt(0.1 / b.mass)\n  b.vx, b.vy = -w * b.y, w * b.x\nend\n{force}\n"
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
        "{n} bodies orbiting in {FIELD}, best of 3 × {steps} steps:\n  force field       {field:7.3} ms/step  (target ≤ 2 ms)\n  per-body b.force  {per_body:7.3} ms/step\n(measured in {:.1} s)",
        t.elapsed().as_secs_f64()
    ))
}
