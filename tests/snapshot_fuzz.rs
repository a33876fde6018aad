//! Snapshot files are untrusted input (issue 19 §3): every field of a real
//! snapshot — bodies, shapes, broad-phase tree nodes, contacts, islands,
//! joints, the scene's records — is mutated (to 0, -1, huge, u32::MAX, a
//! string, null, deleted, an emptied list …) and the file reopened. Each
//! case must end in `Ok` (then ten steps run and every body stays finite)
//! or in one error line naming the file; never a panic, an abort or a hang.
//!
//! By default every kind of field (the path with its indices ignored) is
//! mutated once: a few hundred cases. `PHYSBOX_FUZZ=1` mutates every field
//! with every mutation (thousands).

mod common;
use common::temp_dir;

use physbox::app::commands::snapshot;
use physbox::script::{Scene, SceneOptions};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// Everything a snapshot can hold: static and dynamic shapes of every kind
/// (two segments end to end, so a segment carries seam marks),
/// joints of every kind, a rope, a sensor, a per-body force, sleeping bodies
/// (the pile settles) and contacts.
const SCENE: &str = r#"
box { x = 0, y = -0.5, w = 40, h = 1, static = true }
segment { x1 = -20, y1 = 0, x2 = -20, y2 = 10 }
segment { x1 = -20, y1 = 10, x2 = -20, y2 = 12 }
for i = 0, 3 do box { x = -8 + i * 1.1, y = 0.5, w = 1, h = 1 } end
local c = circle { x = 3, y = 4, r = 0.4, restitution = 0.5 }
local p = polygon { x = 6, y = 2, points = {{0, 0}, {1, 0}, {1.2, 0.8}, {0, 1}} }
local post = box { x = 10, y = 6, w = 0.2, h = 0.2, static = true }
local a = box { x = 11, y = 5, w = 0.6, h = 0.3 }
local b = box { x = 12, y = 5, w = 0.6, h = 0.3 }
hinge { a = post, b = a, at = {10, 6}, limits = {-1, 1}, motor = {1, 5} }
weld { a = a, b = b, at = {11.5, 5} }
distance { a = c, anchor_b = {3, 7}, max = 4 }
spring { a = p, anchor_b = {6, 6}, k = 40, damping = 0.5 }
slider { a = post, b = box { x = 14, y = 6, w = 0.4, h = 0.4 }, axis = {1, 0}, limits = {-1, 1} }
mouse_joint { a = circle { x = -3, y = 3, r = 0.3 }, at = {-3, 3}, target = {-2, 4}, max_force = 50 }
rope { from = {-12, 8}, to = {-9, 8}, segments = 4, mass = 0.5, a = box { x = -12, y = 8, w = 0.2, h = 0.2, static = true } }
box { x = 0, y = 3, w = 2, h = 0.2, static = true, sensor = true }
local f = circle { x = -5, y = 6, r = 0.3 }
f.force = function(body) return -body.x, 0 end
"#;

/// A mutation of one value in the file.
#[derive(Clone, Copy, Debug)]
enum Mutation {
    Zero,
    MinusOne,
    Huge,
    U32Max,
    Fraction,
    Text,
    Null,
    Flip,
    Delete,
    Empty,
}

const ALL: [Mutation; 10] = [
    Mutation::Zero,
    Mutation::MinusOne,
    Mutation::Huge,
    Mutation::U32Max,
    Mutation::Fraction,
    Mutation::Text,
    Mutation::Null,
    Mutation::Flip,
    Mutation::Delete,
    Mutation::Empty,
];

/// Every value's JSON pointer, with its "kind" (the pointer without indices).
fn paths(v: &Value, pointer: String, kind: String, out: &mut Vec<(String, String)>) {
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                paths(item, format!("{pointer}/{i}"), format!("{kind}/*"), out);
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                let k2 = k.replace('~', "~0").replace('/', "~1");
                paths(item, format!("{pointer}/{k2}"), format!("{kind}/{k}"), out);
            }
        }
        _ => {}
    }
    if !pointer.is_empty() {
        out.push((pointer, kind));
    }
}

fn mutate(root: &mut Value, pointer: &str, m: Mutation) {
    if let Mutation::Delete = m {
        let (parent, last) = pointer.rsplit_once('/').unwrap();
        match root.pointer_mut(parent) {
            Some(Value::Object(map)) => {
                map.shift_remove(last);
            }
            Some(Value::Array(items)) => {
                let i: usize = last.parse().unwrap();
                items.remove(i);
            }
            _ => {}
        }
        return;
    }
    let target = root.pointer_mut(pointer).unwrap();
    *target = match (m, &*target) {
        (Mutation::Zero, _) => Value::from(0),
        (Mutation::MinusOne, _) => Value::from(-1),
        (Mutation::Huge, _) => Value::from(1e300),
        (Mutation::U32Max, _) => Value::from(u32::MAX),
        (Mutation::Fraction, _) => Value::from(0.37),
        (Mutation::Text, _) => Value::from("x"),
        (Mutation::Null, _) => Value::Null,
        (Mutation::Flip, Value::Bool(b)) => Value::Bool(!b),
        (Mutation::Flip, Value::Number(n)) => Value::from(-n.as_f64().unwrap_or(0.0) * 7.0),
        (Mutation::Flip, _) => Value::from(true),
        (Mutation::Empty, Value::Array(_)) => Value::Array(Vec::new()),
        (Mutation::Empty, Value::Object(_)) => Value::Object(Default::default()),
        (Mutation::Empty, _) => Value::from(""),
        (Mutation::Delete, _) => unreachable!(),
    };
}

/// Open `file`; Ok cases run ten steps and must stay finite.
fn try_open(file: &Path) -> Result<(), String> {
    let opened = catch_unwind(AssertUnwindSafe(|| {
        let mut scene = match snapshot::open(file, &SceneOptions::default()) {
            Ok(s) => s,
            Err(e) => return Err(e.to_string()),
        };
        let stepped = scene.step(10).map_err(|e| e.to_string());
        for (id, b) in scene.world().bodies() {
            let v = [b.xf.p.x, b.xf.p.y, b.linear_velocity.x, b.linear_velocity.y];
            assert!(
                v.iter().all(|x| x.is_finite()) && b.angular_velocity.is_finite(),
                "body {id:?} not finite after reopening: {v:?}"
            );
        }
        stepped.map(|_| ())
    }));
    match opened {
        Ok(r) => r,
        Err(_) => panic!("{} made physbox panic", file.display()),
    }
}

#[test]
fn every_field_of_a_snapshot_mutated_opens_or_is_one_error_line() {
    let dir = temp_dir("fuzz");
    let scene_path = dir.join("scene.lua");
    std::fs::write(&scene_path, SCENE).unwrap();
    let mut scene = Scene::load(&scene_path, &SceneOptions::default()).unwrap();
    scene.step(240).unwrap();
    let good = dir.join("good.json");
    snapshot::save(&scene, &good).unwrap();
    let original: Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    try_open(&good).expect("the unmutated snapshot opens");
    assert!(
        original["world"]["sleeping"]["islands"]
            .as_array()
            .is_some_and(|l| !l.is_empty()),
        "the pile should have fallen asleep (islands to mutate)"
    );
    let text = original.to_string();
    assert!(
        text.contains("ghost_a") && text.contains("ghost_b") && text.contains("owns"),
        "the segments end to end should carry seam marks (to mutate)"
    );

    let mut all = Vec::new();
    paths(&original, String::new(), String::new(), &mut all);
    let thorough = std::env::var_os("PHYSBOX_FUZZ").is_some();
    // A small deterministic generator picks instances and mutations.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut cases: Vec<(String, Mutation)> = Vec::new();
    if thorough {
        for (pointer, _) in &all {
            for m in ALL {
                cases.push((pointer.clone(), m));
            }
        }
    } else {
        let mut kinds: Vec<&String> = all.iter().map(|(_, k)| k).collect();
        kinds.sort();
        kinds.dedup();
        for kind in kinds {
            let of_kind: Vec<&String> = all
                .iter()
                .filter(|(_, k)| k == kind)
                .map(|(p, _)| p)
                .collect();
            let pointer = of_kind[next(of_kind.len())].clone();
            cases.push((pointer, ALL[next(ALL.len())]));
        }
    }
    let file = dir.join("mutated.json");
    let (mut opened, mut refused) = (0, 0);
    for (pointer, m) in &cases {
        let mut v = original.clone();
        mutate(&mut v, pointer, *m);
        std::fs::write(&file, serde_json::to_string(&v).unwrap()).unwrap();
        match try_open(&file) {
            Ok(()) => opened += 1,
            Err(e) => {
                refused += 1;
                assert!(
                    e.starts_with(&file.display().to_string()) && e.lines().count() == 1,
                    "{pointer} {m:?}: not one line naming the file: {e}"
                );
            }
        }
    }
    eprintln!(
        "{} cases over {} values: {opened} opened, {refused} refused",
        cases.len(),
        all.len()
    );
    assert!(cases.len() >= 200, "only {} cases", cases.len());
    assert!(refused > cases.len() / 4, "too few refusals: {refused}");
}

#[test]
fn a_bad_snapshot_exits_with_status_one_naming_the_field() {
    // Two folders down: the folder above the snapshot's is not the
    // temp folder, where the scene outside is made.
    let top = temp_dir("cli");
    let dir = top.join("a").join("b");
    std::fs::create_dir_all(&dir).unwrap();
    let scene_path = dir.join("scene.lua");
    std::fs::write(&scene_path, "circle { r = 0.5, y = 2 }\n").unwrap();
    let mut scene = Scene::load(&scene_path, &SceneOptions::default()).unwrap();
    scene.step(5).unwrap();
    let file = dir.join("snap.json");
    snapshot::save(&scene, &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    // A real scene outside the snapshot's folder (and the current one).
    let outside = top.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    let evil = outside.join("evil.lua");
    std::fs::write(&evil, "circle { r = 1 }\n").unwrap();
    let cases: [(&str, Value, &str); 8] = [
        (
            "/bodies/0/index",
            Value::from(u32::MAX),
            "bodies[0].index: 4294967295 out of range",
        ),
        (
            "/world/settings/substeps",
            Value::from(u32::MAX),
            "world.settings.substeps",
        ),
        ("/dt", Value::from(0), "dt: 0e0 is out of range"),
        ("/dt", Value::from(-0.1), "dt:"),
        ("/dt", Value::from(1e308), "dt:"),
        (
            "/scene",
            Value::from("../../etc/x.lua"),
            "scene: '../../etc/x.lua' is not a .lua scene file",
        ),
        (
            "/scene_abs",
            Value::from("/etc/passwd"),
            "scene_abs: '/etc/passwd' is not a .lua scene file",
        ),
        (
            "/scene_abs",
            Value::from(evil.to_str().unwrap()),
            "is not a scene file inside the snapshot's folder (or the one above it)",
        ),
    ];
    for (pointer, value, expect) in cases {
        let saved = v.pointer(pointer).unwrap().clone();
        *v.pointer_mut(pointer).unwrap() = value;
        if pointer == "/scene_abs" {
            v["scene"] = Value::from("evil.lua");
        }
        std::fs::write(&file, serde_json::to_string(&v).unwrap()).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_physbox"))
            .args(["run", file.to_str().unwrap(), "--headless", "--steps", "3"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{pointer}: {err}");
        assert!(err.contains(expect), "{pointer}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{pointer}: {err}");
        *v.pointer_mut(pointer).unwrap() = saved;
        v["scene"] = serde_json::from_str::<Value>(&text).unwrap()["scene"].clone();
    }
}
