//! Every example scene (puzzle levels too), stepped through its Lua runtime
//! with the solver keeping last step's links when nothing changed
//! (`physics/solver/islands.rs`) and with the links collected every step:
//! the same state hash every 50 steps, for 600 steps. The physics test
//! (`physics/world/links_reuse_tests.rs`) goes through each kind of edit;
//! this one through what the scenes do (joints, ropes, sensors, springs,
//! forces, sleep, `world:step` while building).

use super::scene::{Scene, SceneOptions};
use crate::physics::{LINKS_REUSED_FOR_TESTS, REUSE_LINKS_FOR_TESTS};
use std::path::{Path, PathBuf};

fn scene_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "lua"))
        .collect();
    files.sort();
    files
}

/// The state hash every 50 steps, and how many steps kept their links.
fn hashes(path: &Path, keep_links: bool) -> (Vec<u64>, u64) {
    REUSE_LINKS_FOR_TESTS.with(|r| r.set(keep_links));
    LINKS_REUSED_FOR_TESTS.with(|n| n.set(0));
    let mut scene = Scene::load(path, &SceneOptions::default()).unwrap();
    let mut out = Vec::new();
    for _ in 0..12 {
        scene.step(50).unwrap();
        out.push(scene.sim.borrow().world.state_hash());
    }
    let kept = LINKS_REUSED_FOR_TESTS.with(|n| n.get());
    REUSE_LINKS_FOR_TESTS.with(|r| r.set(true));
    (out, kept)
}

#[test]
fn every_scene_moves_the_same_with_its_links_kept_or_collected_every_step() {
    let mut files = scene_files("scenes");
    files.extend(scene_files("scenes/puzzles"));
    assert!(files.len() > 40, "{} scenes", files.len());
    let mut kept_in_all = 0;
    for path in &files {
        let (kept, steps_kept) = hashes(path, true);
        let (collected, _) = hashes(path, false);
        assert_eq!(kept, collected, "{} moves differently", path.display());
        kept_in_all += steps_kept;
    }
    // The comparison means something only if links were kept.
    assert!(kept_in_all > 10_000, "links kept in {kept_in_all} steps");
}
