//! Helpers shared by the integration tests that drive the sandbox or write
//! scene files (each test crate uses what it needs).
#![allow(dead_code)]

use physbox::app::reload::apply::apply;
use physbox::app::reload::reloader::Reloader;
use physbox::app::window::{keys, mouse, sandbox::Sandbox};
use physbox::platform::{Change, Input};
use physbox::render::pixmap;
use physbox::script::SceneOptions;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A pit of 60 balls whose `update` burns time in Lua every step (20,000
/// sines: far more than the balls' physics), for the tests of where a
/// step's time goes (`--profile`, the HUD).
pub const BUSY_LUA_PIT: &str = r#"
box { x = 0, y = -0.5, w = 12, h = 1, static = true }
for i = 0, 59 do
  circle { x = (i % 10) - 4.5, y = 1 + (i // 10), r = 0.4 }
end
function update(dt)
  local s = 0
  for k = 1, 20000 do s = s + math.sin(k) end
end
"#;

/// A fresh, empty folder for this test crate's test `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "physbox-{}-{name}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `src` written as `scene.lua` in a fresh folder and opened in a 400 × 300
/// sandbox whose screenshots and snapshots go to `out/` there.
pub fn open(name: &str, src: &str) -> (Sandbox, PathBuf) {
    let dir = temp_dir(name);
    let path = dir.join("scene.lua");
    std::fs::write(&path, src).unwrap();
    let mut sb = Sandbox::open(&path, &SceneOptions::default(), 400, 300).unwrap();
    sb.set_out_dir(dir.join("out"));
    (sb, dir)
}

/// One frame, as the window loop runs it: keys, mouse, then `seconds` of
/// real time.
pub fn frame(sb: &mut Sandbox, input: &Input, seconds: f64) {
    let pm = pixmap(400, 300);
    keys::keys(sb, input, &pm);
    mouse::mouse(sb, input);
    sb.advance(seconds);
}

/// `key` pressed in this frame (and held).
pub fn press(key: &'static str) -> Input {
    Input {
        pressed: vec![key],
        down: vec![key],
        ..Input::default()
    }
}

/// A frame per (screen point, left button down) pair: a click, a drag.
pub fn left_path(sb: &mut Sandbox, path: &[((f32, f32), bool)]) {
    for &(m, left) in path {
        frame(
            sb,
            &Input {
                mouse: Some(m),
                left,
                ..Input::default()
            },
            0.0,
        );
    }
}

/// `src` written as `scene.lua` in a fresh folder and opened in a `w` × `h`
/// sandbox, with a reloader following it (hot reload without a watcher).
pub fn open_reloading(name: &str, src: &str, w: u32, h: u32) -> (Sandbox, Reloader, PathBuf) {
    let dir = temp_dir(name);
    let path = dir.join("scene.lua");
    std::fs::write(&path, src).unwrap();
    let sb = Sandbox::open(&path, &SceneOptions::default(), w, h).unwrap();
    let r = Reloader::new(sb.scene());
    (sb, r, path)
}

/// Reload now, as the window does when the watcher reports a save.
pub fn reload_now(sb: &mut Sandbox, r: &mut Reloader, path: &Path) {
    let change = Change {
        paths: vec![path.to_path_buf()],
        first_event: Instant::now(),
        settled: Instant::now(),
    };
    let (_, attempt) = r.handle(&change, sb.scene(), sb.options());
    apply(sb, attempt.expect("a reload attempt"));
}

/// Restore `w` from its own snapshot, step both `steps` steps of 1/60 s and
/// check they stay bit for bit alike; returns the restored world.
pub fn restored_steps_alike(
    w: &mut physbox::physics::World,
    steps: usize,
) -> physbox::physics::World {
    let mut back = physbox::physics::World::from_snapshot(&w.to_snapshot()).unwrap();
    for _ in 0..steps {
        w.step(1.0 / 60.0);
        back.step(1.0 / 60.0);
    }
    assert_eq!(w.state_hash(), back.state_hash());
    back
}

/// A stand-in editor in `dir`, set as `PHYSBOX_EDITOR` ("{file} {line}"):
/// it writes the arguments it was started with into the returned file.
pub fn fake_editor(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join("fake_editor.sh");
    let record = dir.join("opened.txt");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho \"$@\" > {}.tmp && mv {0}.tmp {0}\n",
            record.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::env::set_var(
        "PHYSBOX_EDITOR",
        format!("{} {{file}} {{line}}", script.display()),
    );
    record
}

/// What the fake editor was started with (waits up to 5 s for it).
pub fn editor_opened(record: &Path) -> String {
    for _ in 0..100 {
        if let Ok(t) = std::fs::read_to_string(record) {
            return t;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    String::new()
}
