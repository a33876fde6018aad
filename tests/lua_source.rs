//! Every body, joint and force field knows the file and line of the call
//! that made it: `body.source`, `joint.source`, `force.source`, the
//! `--dump` JSON, and the error a destroyed body's handle gives.

mod common;

use physbox::app::commands::export::dump_json;
use physbox::script::{Scene, SceneOptions};
use std::path::Path;

fn load(src: &str) -> Scene {
    Scene::from_source(Path::new("src_test.lua"), src, &SceneOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

fn printed(src: &str) -> Vec<String> {
    load(src).console()
}

#[test]
fn bodies_joints_and_forces_know_their_line() {
    let out = printed(
        "-- line 1
local a = box { w = 1, h = 1, name = 'a' }
local b =
  circle
  {
    r = 0.5, x = 2,
  }
local s = spring { a = a, b = b, length = 1 }
local f = force(function() end)
print(a.source, b.source, s.source, f.source)
print(a.called_from)
",
    );
    assert_eq!(
        out,
        vec![
            "src_test.lua:2\tsrc_test.lua:4\tsrc_test.lua:8\tsrc_test.lua:9",
            "nil"
        ]
    );
}

#[test]
fn a_body_made_in_a_helper_remembers_the_call_site_too() {
    let out = printed(
        "local function crate(x)
  return box { x = x, w = 1, h = 1 }
end
for i = 1, 2 do
  local c = crate(i)
  print(c.source, c.called_from)
end
",
    );
    assert_eq!(
        out,
        vec![
            "src_test.lua:2\tsrc_test.lua:5",
            "src_test.lua:2\tsrc_test.lua:5"
        ]
    );
    // A loop body is no function: the line of the call itself.
    let out = printed("for i = 1, 2 do\n  local c = circle { r = 1, x = i }\n  print(c.source, c.called_from)\nend\n");
    assert_eq!(out, vec!["src_test.lua:2\tnil", "src_test.lua:2\tnil"]);
}

#[test]
fn source_is_read_only_and_rope_links_share_the_rope_line() {
    let e = Scene::from_source(
        Path::new("src_test.lua"),
        "local b = box { w = 1, h = 1 }\nb.source = 'x'\n",
        &SceneOptions::default(),
    )
    .err()
    .expect("assigning source fails")
    .to_string();
    assert!(e.contains("read only"), "{e}");
    let out = printed(
        "\nlocal r = rope { from = {0, 0}, to = {3, 0}, segments = 3 }\nprint(r.bodies[1].source, r.joints[1].source)\n",
    );
    assert_eq!(out, vec!["src_test.lua:2\tsrc_test.lua:2"]);
}

#[test]
fn a_destroyed_body_is_named_with_its_line() {
    let e = Scene::from_source(
        Path::new("src_test.lua"),
        "local c = box { w = 1, h = 1, name = 'crate' }\n\nc:destroy()\nprint(c.x)\n",
        &SceneOptions::default(),
    )
    .err()
    .expect("a destroyed handle fails")
    .to_string();
    assert!(
        e.contains("body 'crate' (src_test.lua:1) was destroyed"),
        "{e}"
    );
}

#[test]
fn dump_json_has_the_source_of_every_body() {
    let dir = common::temp_dir("dump");
    let path = dir.join("scene.lua");
    std::fs::write(
        &path,
        "box { w = 1, h = 1, name = 'one' }\n\ncircle { r = 1, x = 3 }\n",
    )
    .unwrap();
    let scene = Scene::load(&path, &SceneOptions::default()).unwrap();
    let json = dump_json(&scene);
    let bodies = json["bodies"].as_array().unwrap();
    let given = path.display().to_string();
    let sources: Vec<&str> = bodies
        .iter()
        .map(|b| b["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources, vec![format!("{given}:1"), format!("{given}:3")]);
}

#[test]
fn bodies_from_a_required_module_name_the_module() {
    let dir = common::temp_dir("module");
    std::fs::write(
        dir.join("parts.lua"),
        "local M = {}\nfunction M.ball(x)\n  return circle { r = 1, x = x }\nend\nreturn M\n",
    )
    .unwrap();
    let path = dir.join("scene.lua");
    std::fs::write(
        &path,
        "local parts = require 'parts'\n\nlocal b = parts.ball(2)\nprint(b.source, b.called_from)\n",
    )
    .unwrap();
    let scene = Scene::load(&path, &SceneOptions::default()).unwrap();
    let out = scene.console();
    assert_eq!(out.len(), 1, "{out:?}");
    let (src, from) = out[0].split_once('\t').unwrap();
    assert!(src.ends_with("parts.lua:3"), "{src}");
    assert!(from.ends_with("scene.lua:3"), "{from}");
}

/// A reopened snapshot names the same `source` as the uninterrupted run:
/// bodies `update` made (the re-run of the file does not make them) and
/// bodies the file made (not the scene's absolute path). Snapshots from
/// before origins were saved still open.
#[test]
fn a_reopened_snapshot_keeps_every_body_source() {
    let dir = common::temp_dir("snapshot");
    std::fs::write(
        dir.join("parts.lua"),
        "local M = {}\nfunction M.ball(x)\n  return circle { r = 0.2, x = x, y = 3 }\nend\nreturn M\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("scene.lua"),
        "local parts = require 'parts'\nbox { w = 20, h = 1, static = true }\n\
         function update()\n  if world.steps % 10 == 0 then\n    circle { r = 0.2, y = 4 }\n\
         \x20   parts.ball(1)\n  end\nend\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_physbox"))
            .current_dir(&dir)
            .args(args)
            .output()
            .unwrap();
        assert!(o.status.success(), "{args:?}: {o:?}");
    };
    let sources = |file: &str| -> Vec<(u64, serde_json::Value)> {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["bodies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| (b["id"].as_u64().unwrap(), b["source"].clone()))
            .collect()
    };
    run(&[
        "run",
        "scene.lua",
        "--headless",
        "--steps",
        "41",
        "--dump",
        "straight.json",
    ]);
    run(&[
        "run",
        "scene.lua",
        "--headless",
        "--steps",
        "40",
        "--snapshot",
        "out/s.json",
    ]);
    run(&[
        "run",
        "out/s.json",
        "--headless",
        "--steps",
        "1",
        "--dump",
        "reopened.json",
    ]);
    let straight = sources("straight.json");
    assert_eq!(straight.len(), 1 + 2 * 4, "{straight:?}");
    assert_eq!(straight[0].1, "scene.lua:2");
    assert_eq!(straight[1].1, "scene.lua:5");
    assert!(
        straight[2].1.as_str().unwrap().ends_with("parts.lua:3"),
        "{straight:?}"
    );
    assert_eq!(sources("reopened.json"), straight);

    // A snapshot saved before bodies kept their origin: it opens; the
    // bodies the file makes have theirs from the re-run, the others none.
    let snap = dir.join("out/s.json");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&snap).unwrap()).unwrap();
    for b in v["bodies"].as_array_mut().unwrap() {
        assert!(b.as_object_mut().unwrap().remove("source").is_some());
    }
    std::fs::write(&snap, serde_json::to_string(&v).unwrap()).unwrap();
    run(&[
        "run",
        "out/s.json",
        "--headless",
        "--steps",
        "1",
        "--dump",
        "old.json",
    ]);
    let old = sources("old.json");
    assert_eq!(old[0].1, "scene.lua:2");
    assert!(old[1].1.is_null(), "{old:?}");
}
