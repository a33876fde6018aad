//! `physbox run SCENE --headless --watch` against the ways editors save:
//! in place, temp file + rename, truncate then chunks, bursts; required
//! files; errors of every kind with the old world running on; a deleted
//! scene coming back. Every test waits for the "watching" line before it
//! writes, and allows generous timeouts (CI machines are slow and noisy).

mod common;
use common::temp_dir;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(10);
/// How long to listen for a reload that must not come.
const QUIET: Duration = Duration::from_millis(700);

struct Watch {
    child: Child,
    lines: Receiver<String>,
    dir: PathBuf,
    seen: Vec<String>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Watch {
    /// Write `scene.lua` (and `files`) into a fresh folder and start
    /// watching it; returns once the "watching" line is out.
    fn start(name: &str, src: &str, files: &[(&str, &str)], extra: &[&str]) -> Watch {
        let dir = temp_dir(name);
        std::fs::write(dir.join("scene.lua"), src).unwrap();
        for (f, text) in files {
            std::fs::write(dir.join(f), text).unwrap();
        }
        Watch::spawn(dir, "scene.lua", extra, "watching scene.lua")
    }

    /// Start `physbox run FILE --headless --watch` in `dir` (its files
    /// written); returns once a line starting with `watching` is out.
    fn spawn(dir: PathBuf, file: &str, extra: &[&str], watching: &str) -> Watch {
        let mut child = Command::new(env!("CARGO_BIN_EXE_physbox"))
            .current_dir(&dir)
            .args(["run", file, "--headless", "--watch", "--size", "320x180"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut w = Watch {
            child,
            lines,
            dir,
            seen: Vec::new(),
        };
        w.expect(watching);
        w
    }

    fn path(&self, f: &str) -> PathBuf {
        self.dir.join(f)
    }

    /// The next line starting with `prefix` (other lines are skipped).
    fn expect(&mut self, prefix: &str) -> String {
        let end = Instant::now() + WAIT;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    self.seen.push(l.clone());
                    if l.starts_with(prefix) {
                        return l;
                    }
                }
                Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => {
                    panic!("no line starting with {prefix:?}; saw {:#?}", self.seen)
                }
            }
        }
    }

    /// No reload-related line for `QUIET`.
    fn expect_silence(&mut self) {
        let end = Instant::now() + QUIET;
        while let Ok(l) = self
            .lines
            .recv_timeout(end.saturating_duration_since(Instant::now()))
        {
            self.seen.push(l.clone());
            assert!(
                !(l.starts_with("reload") || l.contains("deleted") || l.contains("is back")),
                "unexpected line {l:?}; saw {:#?}",
                self.seen
            );
        }
    }
}

/// A floor, a named box and `n` circles.
fn scene(n: usize) -> String {
    let mut s = String::from(
        "segment { x1 = -10, y1 = 0, x2 = 10, y2 = 0 }\nbox { name = \"crate\", x = 0, y = 1, w = 1, h = 1 }\n",
    );
    for i in 0..n {
        s += &format!("circle {{ x = {}, y = 3, r = 0.4 }}\n", i as f64 - 2.0);
    }
    s
}

/// Prints a tick every 10 steps, so a test can see the world running.
const TICKING: &str =
    "function update() if world.steps % 10 == 0 then print('tick ' .. world.steps) end end\n";

#[test]
fn in_place_write_reloads_once_keeping_what_did_not_change() {
    let mut w = Watch::start("inplace", &scene(1), &[], &[]);
    std::fs::write(w.path("scene.lua"), scene(2)).unwrap();
    let l = w.expect("reload");
    assert!(
        l.starts_with("reloaded in ") && l.contains("kept 3, moved 0, new 1, removed 0"),
        "{l}"
    );
    assert!(l.contains("save→frame"), "{l}");
    w.expect_silence();
}

#[test]
fn temp_file_then_rename_reloads_once() {
    let mut w = Watch::start("rename", &scene(1), &[], &[]);
    // vim / VS Code / JetBrains: write a sibling, rename it over the file.
    let tmp = w.path("scene.lua.tmp~");
    std::fs::write(&tmp, scene(3)).unwrap();
    std::fs::rename(&tmp, w.path("scene.lua")).unwrap();
    let l = w.expect("reload");
    assert!(l.contains("new 2, removed 0"), "{l}");
    w.expect_silence();
    // The watch survived the inode change: a second save still reloads.
    std::fs::write(w.path("scene.lua"), scene(1)).unwrap();
    let l = w.expect("reload");
    assert!(l.contains("removed 2"), "{l}");
}

#[test]
fn vim_style_backup_rename_then_new_file_reloads_once() {
    let mut w = Watch::start("vim", &scene(1), &[], &[]);
    // vim's writebackup: move the original away, write a new file, delete
    // the backup.
    std::fs::rename(w.path("scene.lua"), w.path("scene.lua~")).unwrap();
    std::fs::write(w.path("scene.lua"), scene(2)).unwrap();
    std::fs::remove_file(w.path("scene.lua~")).unwrap();
    let l = w.expect("reload");
    assert!(l.contains("kept 3, moved 0, new 1"), "{l}");
    w.expect_silence();
}

#[test]
fn truncate_then_chunked_writes_reload_once_on_the_final_content() {
    let mut w = Watch::start("chunks", &scene(0), &[], &[]);
    let text = scene(4);
    let mut f = std::fs::File::create(w.path("scene.lua")).unwrap(); // truncates
    for chunk in text.as_bytes().chunks(text.len() / 4 + 1) {
        f.write_all(chunk).unwrap();
        f.flush().unwrap();
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(f);
    let l = w.expect("reload");
    assert!(l.contains("kept 2, moved 0, new 4, removed 0"), "{l}");
    w.expect_silence();
}

#[test]
fn a_burst_of_five_saves_is_one_reload_of_the_last() {
    let mut w = Watch::start("burst", &scene(0), &[], &[]);
    // Saves 2 ms apart, well inside the 25 ms that ends a burst after a
    // closed write. (They were 10 ms apart, and one full test run saw a
    // second reload after the expected one: one pause oversleeping past
    // 25 ms on a busy machine would split the burst that way.)
    for n in 1..=5 {
        std::fs::write(w.path("scene.lua"), scene(n)).unwrap();
        std::thread::sleep(Duration::from_millis(2));
    }
    let l = w.expect("reload");
    assert!(l.contains("new 5"), "{l}");
    w.expect_silence();
}

#[test]
fn required_modules_are_watched_and_a_new_require_becomes_watched() {
    let helper = "return { r = 0.5 }\n";
    let main = "local h = require('helper')\ncircle { x = 0, y = 2, r = h.r }\n";
    let mut w = Watch::start("require", main, &[("helper.lua", helper)], &[]);
    assert!(w.seen[0].contains("(+1 required file)"), "{:?}", w.seen);
    std::fs::write(w.path("helper.lua"), "return { r = 0.7 }\n").unwrap();
    let l = w.expect("reload");
    assert!(l.starts_with("reloaded"), "{l}");
    // The scene starts requiring a second module: it gets watched.
    std::fs::write(w.path("other.lua"), "return 1\n").unwrap();
    w.expect_silence(); // not watched yet
    std::fs::write(
        w.path("scene.lua"),
        format!("{main}local o = require('other')\n"),
    )
    .unwrap();
    w.expect("reloaded");
    std::fs::write(w.path("other.lua"), "return 2\n").unwrap();
    w.expect("reloaded");
}

#[test]
fn a_syntax_error_keeps_the_old_world_running_and_a_fix_reloads() {
    let src = format!("{}{TICKING}", scene(1));
    let mut w = Watch::start("syntax", &src, &[], &[]);
    w.expect("tick");
    std::fs::write(w.path("scene.lua"), "box { x = 1,\n\nend\n").unwrap();
    let l = w.expect("reload");
    assert!(l.starts_with("reload failed: scene.lua:3:"), "{l}");
    // The old world still steps (its update still prints).
    w.expect("tick");
    w.expect("tick");
    std::fs::write(w.path("scene.lua"), &src).unwrap();
    let l = w.expect("reload");
    assert!(l.contains("kept 3, moved 0, new 0, removed 0"), "{l}");
}

#[test]
fn runtime_memory_and_endless_loop_errors_keep_the_old_world() {
    let src = format!("{}{TICKING}", scene(1));
    let mut w = Watch::start(
        "errors",
        &src,
        &[],
        &["--time-limit", "0.3", "--memory-limit", "32"],
    );
    std::fs::write(w.path("scene.lua"), "circle { r = 1 }\nerror('boom')\n").unwrap();
    let l = w.expect("reload");
    assert!(l.starts_with("reload failed: scene.lua:2: boom"), "{l}");
    std::fs::write(w.path("scene.lua"), "circle { r = 1 }\nwhile true do end\n").unwrap();
    let l = w.expect("reload");
    assert!(
        l.starts_with("reload failed: scene.lua:2:") && l.contains("endless loop"),
        "{l}"
    );
    std::fs::write(
        w.path("scene.lua"),
        "local t = {}\nfor i = 1, 1e9 do t[i] = {i} end\n",
    )
    .unwrap();
    let l = w.expect("reload");
    // The line is known when the watchdog sampled it (every 50 ms); a
    // faster bomb names the file.
    assert!(
        l.starts_with("reload failed: scene.lua:") && l.contains("out of memory"),
        "{l}"
    );
    w.expect("tick"); // still the first version, running
    std::fs::write(w.path("scene.lua"), &src).unwrap();
    let l = w.expect("reload");
    assert!(l.contains("kept 3"), "{l}");
}

#[test]
fn a_broken_required_module_is_watched_until_fixed() {
    let mut w = Watch::start("broken-require", &scene(0), &[], &[]);
    std::fs::write(w.path("parts.lua"), "return {\n  r = \n}\n").unwrap();
    std::fs::write(
        w.path("scene.lua"),
        format!(
            "{}local p = require('parts')\ncircle {{ r = p.r }}\n",
            scene(0)
        ),
    )
    .unwrap();
    let l = w.expect("reload");
    assert!(l.starts_with("reload failed: parts.lua:3:"), "{l}");
    std::fs::write(w.path("parts.lua"), "return { r = 0.3 }\n").unwrap();
    let l = w.expect("reload");
    assert!(l.contains("kept 2, moved 0, new 1"), "{l}");
}

#[test]
fn creating_a_missing_module_reloads() {
    let mut w = Watch::start("missing-module", &scene(0), &[], &[]);
    std::fs::write(
        w.path("scene.lua"),
        format!(
            "{}local p = require('later')\ncircle {{ r = p.r }}\n",
            scene(0)
        ),
    )
    .unwrap();
    let l = w.expect("reload");
    assert!(
        l.starts_with("reload failed: scene.lua:3:") && l.contains("'later' not found"),
        "{l}"
    );
    std::fs::write(w.path("later.lua"), "return { r = 0.3 }\n").unwrap();
    let l = w.expect("reload");
    assert!(l.contains("new 1"), "{l}");
}

#[test]
fn a_deleted_scene_keeps_running_and_is_picked_up_again() {
    let src = format!("{}{TICKING}", scene(1));
    let mut w = Watch::start("deleted", &src, &[], &["--restart"]);
    std::fs::remove_file(w.path("scene.lua")).unwrap();
    let l = w.expect("scene.lua was deleted");
    assert!(l.contains("still running the last version"), "{l}");
    w.expect("tick");
    std::fs::write(w.path("scene.lua"), scene(2)).unwrap();
    w.expect("scene.lua is back");
    let l = w.expect("reload");
    assert!(l.contains("restarted"), "{l}");
}

/// A folder deleted and made again is another folder: the watch on the old
/// one saw nothing after the deletion, and reloads stopped for good (a
/// module's folder, or the scene's own).
#[test]
fn a_folder_deleted_and_made_again_is_watched_again() {
    let dir = temp_dir("refolder");
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::write(lib.join("m.lua"), "return { r = 0.3 }\n").unwrap();
    let src = format!(
        "{}local m = require('lib.m')\ncircle {{ r = m.r }}\n",
        scene(0)
    );
    std::fs::write(dir.join("scene.lua"), &src).unwrap();
    let mut w = Watch::spawn(dir, "scene.lua", &[], "watching scene.lua");
    std::fs::remove_dir_all(&lib).unwrap();
    std::thread::sleep(Duration::from_millis(400));
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::write(lib.join("m.lua"), "return { r = 0.4 }\n").unwrap();
    let l = w.expect("reloaded");
    assert!(l.contains("moved 0"), "{l}");
    // And the next save in it is seen too.
    std::fs::write(lib.join("m.lua"), "return { r = 0.5 }\n").unwrap();
    w.expect("reloaded");

    // The scene's own folder: `sub/scene.lua`.
    let dir = temp_dir("refolder-scene");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("scene.lua"), format!("{}{TICKING}", scene(1))).unwrap();
    let mut w = Watch::spawn(
        dir,
        "sub/scene.lua",
        &["--restart"],
        "watching sub/scene.lua",
    );
    std::fs::remove_dir_all(&sub).unwrap();
    w.expect("sub/scene.lua was deleted");
    std::thread::sleep(Duration::from_millis(400));
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("scene.lua"), scene(2)).unwrap();
    w.expect("sub/scene.lua is back");
    w.expect("reload");
    std::fs::write(sub.join("scene.lua"), scene(3)).unwrap();
    let l = w.expect("reload");
    assert!(l.contains("restarted"), "{l}");
}

#[test]
fn exit_after_reloads_ends_the_run() {
    let mut w = Watch::start("exit", &scene(0), &[], &["--exit-after-reloads", "1"]);
    std::fs::write(w.path("scene.lua"), scene(1)).unwrap();
    w.expect("reloaded");
    let end = Instant::now() + WAIT;
    while Instant::now() < end {
        if let Some(status) = w.child.try_wait().unwrap() {
            assert!(status.success());
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("still running after --exit-after-reloads 1");
}

#[test]
fn a_snapshot_runs_on_from_its_state_and_its_scene_file_is_watched() {
    let dir = temp_dir("snapshot");
    let src = format!("{}{TICKING}", scene(1));
    std::fs::write(dir.join("scene.lua"), &src).unwrap();
    let made = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(&dir)
        .args(["run", "scene.lua", "--headless", "--steps", "200"])
        .args(["--snapshot", "out/s.json"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let mut w = Watch::spawn(dir, "out/s.json", &[], "watching scene.lua");
    assert!(
        w.seen[0].contains("the scene of the snapshot out/s.json"),
        "{:?}",
        w.seen
    );
    // It runs on from step 200, not from the file's start.
    let tick = w.expect("tick");
    let step: u64 = tick["tick ".len()..].parse().unwrap();
    assert!(step > 200, "{tick}");
    // A save of the scene reloads it, keeping the snapshot's bodies.
    std::fs::write(w.path("scene.lua"), format!("{}{TICKING}", scene(2))).unwrap();
    let l = w.expect("reload");
    assert!(l.contains("kept 3, moved 0, new 1, removed 0"), "{l}");
}

#[test]
fn a_damaged_snapshot_is_refused_not_watched() {
    let dir = temp_dir("bad-snapshot");
    std::fs::write(dir.join("s.json"), "{\"physbox_snapshot\": 1,\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(&dir)
        .args(["run", "s.json", "--headless", "--watch"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // (It used to watch forever with nothing loaded.)
    let end = Instant::now() + WAIT;
    while child.try_wait().unwrap().is_none() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "{stdout} {stderr}");
    assert!(!stdout.contains("watching"), "{stdout}");
    assert!(
        stderr.contains("s.json: not a physbox snapshot") && !stderr.contains("unexpected symbol"),
        "{stderr}"
    );
}
