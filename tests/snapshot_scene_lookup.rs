//! Which scene a snapshot reopens: its relative `scene` from the snapshot's
//! folder, the one above it or the current folder, before the absolute
//! `scene_abs` it was saved with, so a copied project opens its own scene
//! and a moved one is still found.

mod common;
use common::temp_dir;

use std::path::Path;
use std::process::Command;

fn physbox(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The same world in both projects; each scene says which it is.
fn project(dir: &Path, name: &str) {
    std::fs::create_dir_all(dir.join("scenes")).unwrap();
    std::fs::write(
        dir.join("scenes/s.lua"),
        format!("circle {{ r = 0.5, y = 2 }}\nprint('scene of {name}')\n"),
    )
    .unwrap();
}

#[test]
fn a_copied_or_moved_project_opens_its_own_scene() {
    let top = temp_dir("snapshot_lookup");
    let a = top.join("projA");
    project(&a, "A");
    let args = ["run", "scenes/s.lua", "--headless", "--steps", "5"];
    let (code, _, err) = physbox(
        &a,
        &[&args[..], &["--snapshot", "screenshots/s.json"]].concat(),
    );
    assert_eq!(code, Some(0), "{err}");
    // A copy of the project with the snapshot: its own scene runs, not
    // the original's that scene_abs names.
    let b = top.join("projB");
    project(&b, "B");
    std::fs::create_dir_all(b.join("screenshots")).unwrap();
    std::fs::copy(a.join("screenshots/s.json"), b.join("screenshots/s.json")).unwrap();
    let run = [
        "run",
        "projB/screenshots/s.json",
        "--headless",
        "--steps",
        "1",
    ];
    let (code, out, err) = physbox(&top, &run);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "scene of B", "{err}");
    assert!(err.starts_with("projB/scenes/s.lua: 6 steps"), "{err}");
    // The original project moved: found from the folder above the
    // snapshot's (scene_abs names a folder that is gone).
    std::fs::rename(&a, top.join("projC")).unwrap();
    let (code, out, err) = physbox(&top, &["check", "projC/screenshots/s.json"]);
    assert_eq!(code, Some(0), "{out} {err}");
    assert!(
        out.contains("projC/screenshots/s.json: ok (a snapshot of projC/scenes/s.lua at step 5"),
        "{out}"
    );
    // Still only inside those folders: with the scene gone, it is an error.
    std::fs::remove_file(top.join("projC/scenes/s.lua")).unwrap();
    let (code, _, err) = physbox(&top, &["check", "projC/screenshots/s.json"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("scene: 'scenes/s.lua' is not a scene file inside"),
        "{err}"
    );
}
