//! `math.random` is the scene's own, seeded generator (issue 19 §4): a scene
//! runs the same every time, `world.seed` and `math.randomseed` choose the
//! sequence, and a snapshot continues with the numbers the uninterrupted run
//! would have drawn.

use physbox::app::commands::snapshot;
use physbox::script::{Scene, SceneOptions};
use std::path::{Path, PathBuf};

fn write(dir: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("physbox_random_{dir}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn load(path: &Path) -> Scene {
    Scene::load(path, &SceneOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn xs(scene: &Scene) -> Vec<f64> {
    let sim = scene.sim();
    let world = sim.world();
    world
        .body_ids()
        .into_iter()
        .map(|id| world.body(id).unwrap().xf.p.x)
        .collect()
}

/// Bodies at random places, and one more at a random place every 10 steps.
const SCATTER: &str = r#"
world.gravity = {0, 0}
for i = 1, 5 do circle { x = math.random() * 10, y = i, r = 0.1 } end
function update(dt)
  if world.steps % 10 == 0 then
    circle { x = math.random(-100, 100) / 10, y = 0, r = 0.1, vx = math.random() }
  end
end
"#;

#[test]
fn two_runs_of_a_random_scene_are_identical_and_another_seed_differs() {
    let path = write("same", "scatter.lua", SCATTER);
    let (mut a, mut b) = (load(&path), load(&path));
    a.step(60).unwrap();
    b.step(60).unwrap();
    assert_eq!(xs(&a), xs(&b));
    assert_eq!(a.world().state_hash(), b.world().state_hash());

    let seeded = write(
        "seeded",
        "scatter.lua",
        &format!("world.seed = 12\n{SCATTER}"),
    );
    let c = load(&seeded);
    assert_ne!(xs(&load(&path))[..5], xs(&c)[..5]);
}

#[test]
fn seed_reads_back_and_randomseed_restarts_the_sequence() {
    let path = write(
        "reseed",
        "reseed.lua",
        r#"
        assert(world.seed == 0, "default seed " .. tostring(world.seed))
        world.seed = 42
        assert(world.seed == 42)
        local first = { math.random(), math.random(1, 6), math.random(10) }
        math.randomseed(42)
        local again = { math.random(), math.random(1, 6), math.random(10) }
        for i = 1, 3 do assert(first[i] == again[i], "draw " .. i) end
        math.randomseed()  -- no argument: the scene's seed again, not the clock
        assert(math.random() == first[1])
        for _ = 1, 1000 do
          local d = math.random(1, 6)
          assert(d >= 1 and d <= 6 and math.type(d) == "integer")
          local f = math.random()
          assert(f >= 0 and f < 1)
        end
        assert(math.type(math.random(0)) == "integer")
        assert(math.random(-3, -3) == -3)
        assert(math.random(math.mininteger, math.maxinteger))
        "#,
    );
    load(&path);
}

#[test]
fn bad_arguments_name_the_line() {
    for (code, message) in [
        ("local x = math.random(3, 1)", "interval is empty"),
        (
            "local x = math.random(1.5)",
            "number has no integer representation",
        ),
        ("local x = math.random({})", "number expected, got table"),
        ("world.seed = 0.5", "world.seed must be a whole number"),
    ] {
        let path = write("bad", "bad.lua", &format!("\n{code}\n"));
        let e = Scene::load(&path, &SceneOptions::default())
            .err()
            .unwrap_or_else(|| panic!("{code} loaded"));
        assert!(e.message.contains("bad.lua:2:"), "{code}: {e}");
        assert!(e.message.contains(message), "{code}: {e}");
    }
}

#[test]
fn a_snapshot_continues_with_the_same_random_numbers() {
    let path = write("snap", "scatter.lua", SCATTER);
    let mut run = load(&path);
    run.step(35).unwrap();
    let file = path.with_file_name("scatter_snapshot.json");
    snapshot::save(&run, &file).unwrap();
    run.step(40).unwrap();
    let mut again = snapshot::open(&file, &SceneOptions::default()).unwrap();
    again.step(40).unwrap();
    assert_eq!(xs(&again), xs(&run));
    assert_eq!(again.world().state_hash(), run.world().state_hash());

    // A generator state of zeros is refused with the field named.
    let text = std::fs::read_to_string(&file).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["random"]["state"] = serde_json::json!([0, 0, 0, 0]);
    std::fs::write(&file, json.to_string()).unwrap();
    let e = snapshot::open(&file, &SceneOptions::default())
        .err()
        .unwrap();
    assert!(e.message.contains("random.state"), "{e}");
}

#[test]
fn a_snapshot_of_a_scene_with_per_body_forces_continues_bit_for_bit() {
    let path = write(
        "force",
        "spring_force.lua",
        r#"
        world.gravity = {0, 0}
        local b = circle { x = 1, y = 0, r = 0.2, vy = 0.3 }
        b.force = function(body) return -body.x, -body.y end
        force(function(body) return 0.1 * body.vy, -0.1 * body.vx end)
        "#,
    );
    let mut run = load(&path);
    run.step(37).unwrap();
    let file = path.with_file_name("force_snapshot.json");
    snapshot::save(&run, &file).unwrap();
    run.step(60).unwrap();
    let mut again = snapshot::open(&file, &SceneOptions::default()).unwrap();
    again.step(60).unwrap();
    assert_eq!(xs(&again), xs(&run));
    assert_eq!(again.world().state_hash(), run.world().state_hash());
}

/// Files from before the forces' sources were told apart kept each body
/// slot's total (empty slots too): a body under one force continues bit
/// for bit from such a file.
#[test]
fn a_snapshot_with_forces_per_body_from_before_sources_continues() {
    let path = write(
        "force_old",
        "field.lua",
        r#"
        world.gravity = {0, 0}
        circle { x = 1, y = 0, r = 0.2, vy = 0.3 }
        force(function(body) return -body.x, -body.y, 0.1 * body.x end)
        "#,
    );
    let mut run = load(&path);
    run.step(37).unwrap();
    let file = path.with_file_name("force_snapshot.json");
    snapshot::save(&run, &file).unwrap();
    run.step(60).unwrap();
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let forces = json["lua_forces"].as_array_mut().unwrap();
    assert_eq!(forces.len(), 1, "{forces:?}");
    forces[0].as_object_mut().unwrap().remove("source");
    let empty_slot = serde_json::json!({"body": null, "force": [0.0, 0.0], "torque": 0.0,
        "carried": [0.0, 0.0], "carried_torque": 0.0});
    forces.insert(0, empty_slot);
    std::fs::write(&file, json.to_string()).unwrap();
    let mut again = snapshot::open(&file, &SceneOptions::default()).unwrap();
    again.step(60).unwrap();
    assert_eq!(xs(&again), xs(&run));
    assert_eq!(again.world().state_hash(), run.world().state_hash());

    // An entry for a body slot the world does not have is refused, named.
    json["lua_forces"][1]["body"]["index"] = serde_json::json!(4_000_000);
    std::fs::write(&file, json.to_string()).unwrap();
    let e = snapshot::open(&file, &SceneOptions::default())
        .err()
        .unwrap();
    assert!(
        e.message
            .contains("lua_forces[1]: body 4000000 out of range"),
        "{e}"
    );
}

#[test]
fn a_snapshot_naming_a_file_that_is_not_a_scene_is_refused() {
    let path = write("notscene", "scatter.lua", SCATTER);
    let run = load(&path);
    let file = path.with_file_name("evil.json");
    snapshot::save(&run, &file).unwrap();
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    json["scene"] = serde_json::json!("/etc/passwd");
    json["scene_abs"] = serde_json::json!("/etc/passwd");
    std::fs::write(&file, json.to_string()).unwrap();
    let e = snapshot::open(&file, &SceneOptions::default())
        .err()
        .unwrap();
    assert!(
        e.message
            .contains("evil.json: scene: '/etc/passwd' is not a .lua scene file"),
        "{e}"
    );
    assert!(!e.message.contains("root"), "{e}");
}
