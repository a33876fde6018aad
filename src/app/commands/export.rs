//! `--dump` (final world as JSON, LUA_API.md's format) and `--csv` (plot
//! series).

use crate::script::Scene;
use serde_json::{json, Value};

/// The world as LUA_API.md shows it (plus mass and colour).
pub fn dump_json(scene: &Scene) -> Value {
    let sim = scene.sim();
    // `source` names the scene file as it was given (`./x.lua` stays so);
    // modules it required as their chunks are named.
    let shown = crate::script::scene::shown_path(scene.path());
    let given = scene.path().display().to_string();
    let source = |o: &crate::script::Origin| {
        if *o.file == *shown {
            format!("{given}:{}", o.line)
        } else {
            o.at()
        }
    };
    let bodies: Vec<Value> = sim
        .bodies_in_order()
        .into_iter()
        .filter_map(|id| {
            let b = sim.world().body(id).ok()?;
            Some(json!({
                "id": sim.stable_id(id),
                "name": b.name,
                "type": b.body_type.name(),
                "x": b.xf.p.x,
                "y": b.xf.p.y,
                "angle": b.xf.q.angle(),
                "vx": b.linear_velocity.x,
                "vy": b.linear_velocity.y,
                "omega": b.angular_velocity,
                "awake": b.awake,
                "mass": b.mass,
                "color": sim.color(id),
                "source": sim.origin(id).map(source),
            }))
        })
        .collect();
    json!({
        "time": sim.world().time(),
        "steps": sim.world().step_count(),
        "bodies": bodies,
    })
}

/// Every plot sample, one per row: `series,time,step,value`.
pub fn plots_csv(scene: &Scene) -> String {
    let mut out = String::from("series,time,step,value\n");
    for (name, samples) in scene.plots() {
        let name = if name.contains([',', '"', '\n']) {
            format!("\"{}\"", name.replace('"', "\"\""))
        } else {
            name
        };
        for s in samples {
            out.push_str(&format!("{name},{},{},{}\n", s.time, s.step, s.value));
        }
    }
    out
}
