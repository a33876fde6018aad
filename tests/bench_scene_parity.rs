//! `scenes/ball_pit.lua` is the benchmark's `ball_pit` (issue 14: the HUD's
//! step time and `physbox run --headless` must be comparable with
//! `cargo bench --bench compare -- ball_pit`). The same world does the same
//! work, so the test checks the worlds are the same: after the benchmark's
//! 600 steps of piling, every ball of the Lua scene is where the
//! benchmark's builder puts the same ball, to round-off (they are bit for
//! bit identical today).

use physbox::physics::{BodyType, World};
use physbox::script::{Scene, SceneOptions};
use physbox::testbed::bench::{scene, settings};
use physbox::testbed::bench_scenes::ball_pit;
use std::path::Path;

fn dynamic_positions(world: &World) -> Vec<(f64, f64)> {
    world
        .bodies()
        .filter(|(_, b)| b.body_type == BodyType::Dynamic)
        .map(|(_, b)| (b.xf.p.x, b.xf.p.y))
        .collect()
}

#[test]
fn the_ball_pit_scene_is_the_benchmarks_ball_pit() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/ball_pit.lua");
    let mut lua = Scene::load(&path, &SceneOptions::default()).unwrap();
    let mut bench = World::new(settings(false));
    scene(&mut bench, &ball_pit(200));
    let steps = 600;
    lua.step(steps).unwrap();
    for _ in 0..steps {
        bench.step(1.0 / 60.0);
    }
    let (a, b) = (dynamic_positions(&lua.world()), dynamic_positions(&bench));
    assert_eq!(a.len(), 200);
    assert_eq!(a.len(), b.len());
    let worst = a
        .iter()
        .zip(&b)
        .map(|(p, q)| (p.0 - q.0).hypot(p.1 - q.1))
        .fold(0.0, f64::max);
    assert!(worst < 1e-9, "balls differ by up to {worst} m");
    let settings = &lua.world().settings;
    assert!(!settings.enable_sleep);
    assert_eq!(settings.substeps, bench.settings.substeps);
}
