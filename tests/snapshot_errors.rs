//! Snapshot files are input people edit and share: a damaged one is one
//! error line naming the file, and a byte order mark is not damage.

mod common;
use common::temp_dir;

use physbox::app::commands::snapshot;
use physbox::script::{Scene, SceneOptions};

fn saved_snapshot(name: &str) -> (std::path::PathBuf, String) {
    saved_snapshot_of(name, "circle { r = 0.5, y = 2 }\n", 10)
}

/// Write `v` over the snapshot at `snap` and open it: the scene, or the
/// error as the user reads it.
fn open_edited(
    snap: &std::path::Path,
    v: &serde_json::Value,
) -> Result<physbox::script::Scene, String> {
    std::fs::write(snap, serde_json::to_string(v).unwrap()).unwrap();
    snapshot::open(snap, &SceneOptions::default()).map_err(|e| e.to_string())
}

/// Scene `src` run `steps` steps and saved: the snapshot's path and text.
fn saved_snapshot_of(name: &str, src: &str, steps: u64) -> (std::path::PathBuf, String) {
    let dir = temp_dir(name);
    let scene_path = dir.join("scene.lua");
    std::fs::write(&scene_path, src).unwrap();
    let mut scene = Scene::load(&scene_path, &SceneOptions::default()).unwrap();
    scene.step(steps).unwrap();
    let snap = dir.join("snap.json");
    snapshot::save(&scene, &snap).unwrap();
    let text = std::fs::read_to_string(&snap).unwrap();
    (snap, text)
}

#[test]
fn trailing_data_is_an_error_naming_the_file() {
    let (snap, text) = saved_snapshot("trailing");
    std::fs::write(&snap, format!("{text} }}")).unwrap();
    let err = match snapshot::open(&snap, &SceneOptions::default()) {
        Ok(_) => panic!("a snapshot with trailing data opened"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("snap.json: "), "{err}");
    assert!(
        err.contains("trailing characters at line 1 column"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let err = snapshot::scene_of(&snap).err().unwrap().to_string();
    assert!(err.contains("snap.json: "), "{err}");
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let (snap, text) = saved_snapshot("bom");
    std::fs::write(&snap, format!("\u{feff}{text}")).unwrap();
    let scene = snapshot::open(&snap, &SceneOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scene.world().step_count(), 10);
}

/// A snapshot written when the broad phase kept its boxes in double
/// precision (every box then held the exact `f64` values, which the trees
/// now round outward to `f32`): it opens, and its shapes take the trees'
/// boxes. (Simulated: a fresh snapshot's boxes moved inwards by less than
/// a single-precision step, as an `f64` box inside its rounding is.)
#[test]
fn a_snapshot_with_double_precision_tree_boxes_opens() {
    let (snap, text) = saved_snapshot("f64_boxes");
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let inward = |b: &mut serde_json::Value| {
        for (corner, sign) in [("min", 1.0), ("max", -1.0)] {
            for c in b[corner].as_array_mut().unwrap() {
                let x = c.as_f64().unwrap();
                *c = serde_json::json!(x + sign * x.abs() * 1e-9);
            }
        }
    };
    let mut moved = 0;
    let world = &mut v["world"];
    for slot in world["shapes"]["slots"].as_array_mut().unwrap() {
        if !slot["value"].is_null() {
            inward(&mut slot["value"]["fat_aabb"]);
            moved += 1;
        }
    }
    for tree in world["broad_phase"]["trees"].as_array_mut().unwrap() {
        for node in tree["nodes"].as_array_mut().unwrap() {
            inward(&mut node["aabb"]);
        }
    }
    assert!(moved > 0);
    let changed = serde_json::to_string(&v).unwrap();
    assert_ne!(changed, text);
    std::fs::write(&snap, changed).unwrap();
    let mut scene = match snapshot::open(&snap, &SceneOptions::default()) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    scene.step(10).unwrap();
}

/// `physbox check` opens a snapshot as `run` does: a good one is ok, a
/// damaged one is the snapshot's error, never Lua's parse error on JSON.
#[test]
fn check_opens_a_snapshot_as_run_does() {
    let (snap, text) = saved_snapshot("check");
    let dir = snap.parent().unwrap();
    let check = || {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_physbox"))
            .current_dir(dir)
            .args(["check", "snap.json"])
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (code, stdout, stderr) = check();
    assert_eq!(code, Some(0), "{stdout} {stderr}");
    assert!(
        stdout.contains("snap.json: ok (a snapshot of scene.lua at step 10, 1 body)"),
        "{stdout}"
    );
    std::fs::write(&snap, text.replace("\"dt\":", "\"dt\":-")).unwrap();
    let (code, stdout, stderr) = check();
    assert_eq!(code, Some(1), "{stdout} {stderr}");
    assert!(stderr.contains("snap.json: dt"), "{stderr}");
    assert!(!stderr.contains("unexpected symbol"), "{stderr}");
}

/// The scene's body records are checked like the world: a lowered
/// `next_id` (new bodies took live ids), no records at all (every body
/// dumped as id 0 with no source), a repeated or zero id.
#[test]
fn body_ids_and_records_are_checked() {
    let (snap, text) = saved_snapshot_of(
        "ids",
        "for i = 1, 3 do circle { r = 0.5, x = i * 2, y = 2 } end\n",
        10,
    );
    let good: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(good["next_id"], 4);
    let refused = |edit: &dyn Fn(&mut serde_json::Value), expect: &str| {
        let mut v = good.clone();
        edit(&mut v);
        let err = match open_edited(&snap, &v) {
            Ok(_) => panic!("opened with {expect:?} expected"),
            Err(e) => e,
        };
        assert!(err.contains(&format!("snap.json: {expect}")), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    };
    refused(
        &|v| v["next_id"] = 1.into(),
        "next_id: 1 is not above the largest body id 3",
    );
    refused(
        &|v| v["next_id"] = 3.into(),
        "next_id: 3 is not above the largest body id 3",
    );
    refused(
        &|v| v["next_id"] = serde_json::json!(u64::MAX),
        "next_id: 18446744073709551615 is out of range",
    );
    refused(
        &|v| v["bodies"] = serde_json::json!([]),
        "bodies: body 0#1 of the world has no record",
    );
    refused(
        &|v| {
            v["bodies"].as_array_mut().unwrap().remove(1);
        },
        "bodies: body 1#1 of the world has no record",
    );
    refused(
        &|v| v["bodies"][2]["id"] = 1.into(),
        "bodies[2].id: 1 is already the id of bodies[0]",
    );
    refused(
        &|v| v["bodies"][0]["id"] = 0.into(),
        "bodies[0].id: 0 is not a body id",
    );
    refused(
        &|v| v["bodies"][1]["source"]["kind"] = "hinge".into(),
        "bodies[1].source.kind: 'hinge' is not a body constructor",
    );
    refused(
        &|v| v["bodies"][1]["source"]["line"] = 0.into(),
        "bodies[1].source.line: 0 is not a line",
    );
    // The file as saved still opens, and continues with new ids.
    std::fs::write(&snap, &text).unwrap();
    let scene = snapshot::open(&snap, &SceneOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scene.world().step_count(), 10);
}

/// A contact point's load (what the next warm start may trust) is an
/// impulse it carried: a negative or huge one in an edited snapshot is
/// refused by name, and a snapshot from before loads were kept opens.
#[test]
fn a_contact_points_load_is_checked_and_may_be_missing() {
    let (snap, text) = saved_snapshot_of(
        "load",
        "box { w = 10, h = 1, static = true }\ncircle { r = 0.5, y = 1 }\n",
        30,
    );
    let good: serde_json::Value = serde_json::from_str(&text).unwrap();
    let resting = &good["world"]["contacts"][0]["manifold"]["points"][0];
    assert!(resting["load"].as_f64().unwrap() > 0.0, "{resting}");
    let open = |v: &serde_json::Value| open_edited(&snap, v);
    for bad in [-1.0, 1e31] {
        let mut v = good.clone();
        v["world"]["contacts"][0]["manifold"]["points"][0]["load"] = bad.into();
        let err = open(&v).err().expect("a bad load opened");
        assert!(err.contains("snap.json: "), "{err}");
        assert!(err.contains("manifold.points[0].load"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let mut old = good.clone();
    for p in old["world"]["contacts"][0]["manifold"]["points"]
        .as_array_mut()
        .unwrap()
    {
        p.as_object_mut().unwrap().remove("load");
    }
    assert!(open(&old).is_ok(), "a snapshot without loads");
}
