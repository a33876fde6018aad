//! Snapshot files are input people edit and share: a damaged one is one
//! error line naming the file, and a byte order mark is not damage.

mod common;
use common::temp_dir;

use physbox::app::commands::snapshot;
use physbox::script::{Scene, SceneOptions};

fn saved_snapshot(name: &str) -> (std::path::PathBuf, String) {
    let dir = temp_dir(name);
    let scene_path = dir.join("scene.lua");
    std::fs::write(&scene_path, "circle { r = 0.5, y = 2 }\n").unwrap();
    let mut scene = Scene::load(&scene_path, &SceneOptions::default()).unwrap();
    scene.step(10).unwrap();
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
