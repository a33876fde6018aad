//! `on_sensor` from Lua sees a body that crosses a thin sensor within one
//! step: enter, then exit, in the same step.

use physbox::script::{Scene, SceneOptions};
use std::path::Path;

#[test]
fn on_sensor_gets_enter_and_exit_for_a_bullet_through_a_thin_gate() {
    let mut s = Scene::from_source(
        Path::new("gate.lua"),
        "world.gravity = {0, 0}
         box { x = 0, y = 0, w = 0.1, h = 4, static = true, sensor = true, name = 'gate' }
         circle { x = -0.7, y = 0.3, r = 0.05, vx = 400, name = 'bullet' }
         local step = 0
         function update() step = step + 1 end
         function on_sensor(s, b, entered)
           print(('%d %s %s %s'):format(step, s.name, b.name, tostring(entered)))
         end",
        &SceneOptions::default(),
    )
    .unwrap();
    s.step(30).unwrap();
    // `update` runs after the step's events, so both lines carry the step
    // count of the step before: the same number twice.
    assert_eq!(
        s.console(),
        vec!["0 gate bullet true", "0 gate bullet false"],
        "x = {}",
        s.world()
            .bodies()
            .map(|(_, b)| b.xf.p.x)
            .fold(f64::MIN, f64::max)
    );
}
