//! `require` stays inside the scene's folder even when a concurrent process
//! flips a directory symlink between where it points inside and outside
//! (issue 19 §3: 54–331 of 4,000 requires loaded the outside file when the
//! name was checked before the open). The check is made on the file opened.

mod common;
use common::temp_dir;

use physbox::script::{Scene, SceneOptions};
use std::os::unix::fs::symlink;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn setup(name: &str) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let dir = temp_dir(name);
    let scene_dir = dir.join("scene");
    let inside = scene_dir.join("real");
    let outside = dir.join("outside");
    for d in [&inside, &outside] {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::write(inside.join("m.lua"), "return 'inside'\n").unwrap();
    std::fs::write(outside.join("m.lua"), "return 'outside'\n").unwrap();
    let scene = scene_dir.join("scene.lua");
    std::fs::write(&scene, "print(require('sub.m'))\n").unwrap();
    (scene, inside, outside)
}

fn load(scene: &std::path::Path) -> Result<String, String> {
    let s = Scene::load(scene, &SceneOptions::default()).map_err(|e| e.to_string())?;
    Ok(s.console().join("\n"))
}

#[test]
fn a_symlink_out_of_the_folder_is_refused() {
    let (scene, inside, outside) = setup("static");
    let sub = scene.with_file_name("sub");
    symlink(&outside, &sub).unwrap();
    let e = load(&scene).unwrap_err();
    assert!(e.contains("leads outside"), "{e}");
    assert!(e.contains("scene.lua:1"), "{e}");
    std::fs::remove_file(&sub).unwrap();
    symlink(&inside, &sub).unwrap();
    assert_eq!(load(&scene).unwrap(), "inside");
}

#[test]
fn a_symlink_flipped_while_requiring_never_lets_the_outside_file_in() {
    let (scene, inside, outside) = setup("race");
    let sub = scene.with_file_name("sub");
    symlink(&inside, &sub).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let flipper = {
        let (stop, sub) = (stop.clone(), sub.clone());
        std::thread::spawn(move || {
            let tmp = sub.with_file_name("sub.tmp");
            let mut flips = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let target = if flips % 2 == 0 { &outside } else { &inside };
                let _ = std::fs::remove_file(&tmp);
                symlink(target, &tmp).unwrap();
                std::fs::rename(&tmp, &sub).unwrap();
                flips += 1;
            }
            flips
        })
    };
    let (mut ins, mut refused) = (0, 0);
    for _ in 0..600 {
        match load(&scene) {
            Ok(out) => {
                assert_eq!(out, "inside", "the file outside the folder was loaded");
                ins += 1;
            }
            Err(e) => {
                assert!(
                    e.contains("leads outside") || e.contains("not found"),
                    "{e}"
                );
                refused += 1;
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    let flips = flipper.join().unwrap();
    eprintln!("{ins} loaded inside, {refused} refused, {flips} flips");
    assert!(flips > 100, "the symlink hardly flipped ({flips})");
}

#[test]
fn next_scene_through_a_symlink_out_of_the_folder_is_refused() {
    let (scene, inside, outside) = setup("next");
    std::fs::write(
        &scene,
        "next_scene('sub/m.lua')\nfunction update() win() end\n",
    )
    .unwrap();
    let sub = scene.with_file_name("sub");
    symlink(&outside, &sub).unwrap();
    let s = Scene::load(&scene, &SceneOptions::default()).unwrap();
    let e = physbox::app::puzzle::play::next_level(&s)
        .unwrap()
        .unwrap_err();
    assert!(
        e.contains("leads outside") && e.contains("scene.lua:1"),
        "{e}"
    );
    std::fs::remove_file(&sub).unwrap();
    symlink(&inside, &sub).unwrap();
    assert!(physbox::app::puzzle::play::next_level(&s).unwrap().is_ok());
}
