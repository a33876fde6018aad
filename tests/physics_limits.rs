//! Limits that hold for physics, not only for Lua (issue 19 §2, issue 18
//! §5): a world past its body limit, a step past its contact limit or its
//! time limit stops the scene with one error naming where the bodies were
//! made — instead of minutes and gigabytes for one step (3,000 circles at
//! one point: 14.6 s and 4.4 GB before), or growing forever.

mod common;
use common::temp_dir;

use physbox::physics::settings::WorldLimits;
use physbox::script::{Scene, SceneOptions};
use std::time::Duration;

fn run(name: &str, src: &str, opts: &SceneOptions, steps: u64) -> Result<Scene, String> {
    let dir = temp_dir(name);
    let path = dir.join("scene.lua");
    std::fs::write(&path, src).unwrap();
    let mut scene = Scene::load(&path, opts).map_err(|e| e.to_string())?;
    scene.step(steps).map_err(|e| e.to_string())?;
    Ok(scene)
}

fn error_of(name: &str, src: &str, opts: &SceneOptions, steps: u64) -> String {
    match run(name, src, opts, steps) {
        Ok(_) => panic!("{name}: ran without an error"),
        Err(e) => {
            assert_eq!(e.lines().count(), 1, "{e}");
            e
        }
    }
}

#[test]
fn three_thousand_circles_at_one_point_stop_at_the_contact_limit() {
    let src = "box { x = 0, y = -0.5, w = 60, h = 1, static = true }\n\
               for i = 1, 3000 do\n  circle { x = 0, y = 5, r = 0.5 }\nend\n";
    let e = error_of("pile", src, &SceneOptions::default(), 10);
    assert!(e.contains("too many contacts: more than 500000"), "{e}");
    assert!(
        e.contains("3000 of the 3000 bodies involved were made at"),
        "{e}"
    );
    assert!(e.contains("scene.lua:3"), "{e}");
}

#[test]
fn an_on_contact_that_makes_a_circle_per_contact_ends_with_an_error() {
    let src = "box { x = 0, y = -0.5, w = 60, h = 1, static = true }\n\
               circle { x = 0, y = 1, r = 1.5 }\n\
               function on_contact(a, b, c)\n  circle { x = 0, y = 0, r = 1.5 }\nend\n";
    let e = error_of("grow", src, &SceneOptions::default(), 600);
    assert!(e.contains("too many contacts"), "{e}");
    assert!(
        e.contains("were made at") && e.contains("scene.lua:4"),
        "{e}"
    );
}

#[test]
fn a_world_past_its_body_limit_is_an_error_at_the_constructor() {
    let opts = SceneOptions {
        world_limits: WorldLimits {
            max_bodies: 50,
            ..Default::default()
        },
        ..SceneOptions::default()
    };
    let src = "for i = 1, 40 do circle { x = i, y = 0, r = 0.2 } end\n\
               function update()\n  circle { x = 0, y = 9, r = 0.1 }\nend\n";
    let e = error_of("bodies", src, &opts, 100);
    assert!(e.contains("scene.lua:3"), "{e}");
    assert!(e.contains("too many bodies: the world holds 50"), "{e}");
    assert!(e.contains("--max-bodies"), "{e}");
    // Under the limit: fine.
    run(
        "under",
        "for i = 1, 50 do circle { x = i, y = 0, r = 0.2 } end\n",
        &opts,
        5,
    )
    .unwrap();
}

#[test]
fn a_step_over_the_time_limit_stops_the_scene() {
    let opts = SceneOptions {
        step_time_limit: Duration::from_nanos(1),
        ..SceneOptions::default()
    };
    let src = "for i = 1, 20 do circle { x = i, y = 0, r = 0.2 } end\n";
    let e = error_of("slow", src, &opts, 3);
    assert!(e.contains("one physics step took"), "{e}");
    assert!(
        e.contains("20 of the 20 bodies involved were made at"),
        "{e}"
    );
    assert!(e.ends_with("scene.lua:1"), "{e}");
}

#[test]
fn max_bodies_on_the_command_line() {
    let dir = temp_dir("cli");
    let path = dir.join("scene.lua");
    std::fs::write(&path, "for i = 1, 30 do circle { x = i, r = 0.2 } end\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_physbox"))
        .args([
            "run",
            path.to_str().unwrap(),
            "--headless",
            "--steps",
            "1",
            "--max-bodies",
            "10",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("scene.lua:1") && err.contains("too many bodies"),
        "{err}"
    );
}

/// A level of 10,000 boxes on one ground body: each `add_box` recomputed
/// the ground's mass integrals over all its shapes, 0.8 s in all, and the
/// scene stopped as an endless loop. A static body only widens its
/// extents now. The ball dropped on it lands on the first box's top.
#[test]
fn a_ground_of_ten_thousand_boxes_loads_and_carries_a_ball() {
    let src = "local ground = box { x = 0, y = 0, w = 1, h = 1, static = true }\n\
               for i = 1, 10000 do\n  \
                 ground:add_box { x = i, y = 0, w = 1, h = 1 }\n\
               end\n\
               circle { x = 3, y = 3, r = 0.5 }\n";
    let scene = run("ground", src, &SceneOptions::default(), 180).unwrap();
    let world = scene.world();
    let (_, ball) = world.bodies().find(|(_, b)| b.is_dynamic()).unwrap();
    let y = ball.xf.p.y;
    assert!((y - 1.0).abs() < 0.01, "ball at y = {y}");
}
