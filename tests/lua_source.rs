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
