//! Limits on the physics (issue 19 §2), checked after every step: a step
//! the world refused (more contacts than `WorldLimits::max_contacts`) or one
//! that took longer than `SceneOptions::step_time_limit` stops the scene
//! with an error saying where the bodies involved were made — 3,000 circles
//! made at one point took 14.6 s and 4.4 GB for a single step, and an
//! `on_contact` that makes a circle on every contact grew forever. (The
//! body limit is the world's: `create_body` refuses past it, at the
//! constructor's line.)

use super::sim::Sim;
use crate::physics::BodyId;
use std::collections::HashMap;
use std::time::Duration;

/// `Err(message)` when the step just taken broke a limit.
pub fn check_step(sim: &Sim, took: Duration) -> Result<(), String> {
    let world = &sim.world;
    if let Some(refused) = world.step_refusal() {
        let bodies = refused.bodies.iter().copied();
        return Err(format!("{}; {}", refused.message, where_made(sim, bodies)));
    }
    if took > sim.step_time_limit {
        let bodies = world.bodies().map(|(id, _)| id.index);
        return Err(format!(
            "one physics step took {:.3} s, over the limit of {:.3} s ({} bodies, {} contacts); {}",
            took.as_secs_f64(),
            sim.step_time_limit.as_secs_f64(),
            world.body_count(),
            world.contact_count(),
            where_made(sim, bodies)
        ));
    }
    Ok(())
}

/// "most of them (2999 of 3000 bodies) were made at scene.lua:7": the
/// constructor line behind the most of `bodies` (slot indices).
fn where_made(sim: &Sim, bodies: impl Iterator<Item = u32>) -> String {
    let mut seen = vec![false; sim.world.body_slots()];
    let mut by_line: HashMap<String, usize> = HashMap::new();
    let mut total = 0usize;
    for index in bodies {
        if seen.get(index as usize).is_none() || std::mem::replace(&mut seen[index as usize], true)
        {
            continue;
        }
        total += 1;
        let Some(id) = sim.world.body_id_at(index) else {
            continue;
        };
        if let Some(o) = origin(sim, id) {
            *by_line.entry(o).or_default() += 1;
        }
    }
    // Most bodies first; ties by name, so the message is deterministic.
    match by_line
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
    {
        Some((line, n)) => format!("{n} of the {total} bodies involved were made at {line}"),
        None => format!("{total} bodies involved, none made by the scene's code"),
    }
}

fn origin(sim: &Sim, id: BodyId) -> Option<String> {
    sim.scene_body(id)?.origin.as_ref().map(|o| o.describe())
}
