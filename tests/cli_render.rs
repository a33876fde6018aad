//! The command line's pictures: `--screenshot`, `--frames DIR --every K`,
//! and what `physbox` does with no display (says so, runs ten simulated
//! seconds headless, writes a screenshot and says where); every output
//! option makes its missing folders, and a bad path (or one naming a file
//! the command reads) fails before the run.

mod common;
use common::temp_dir;

use std::path::Path;
use std::process::Command;

const SCENE: &str =
    "box { x = 0, y = -0.5, w = 10, h = 1, static = true }\ncircle { x = 0, y = 3, r = 0.5 }\n";

fn physbox(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .args(args)
        .output()
        .unwrap()
}

fn png_size(path: &Path) -> (u32, u32) {
    let pm = physbox::render::image::load_png(path).unwrap();
    (pm.width(), pm.height())
}

#[test]
fn screenshot_of_the_last_frame() {
    let dir = temp_dir("shot");
    std::fs::write(dir.join("s.lua"), SCENE).unwrap();
    let out = physbox(
        &dir,
        &[
            "run",
            "s.lua",
            "--headless",
            "--steps",
            "30",
            "--screenshot",
            "out/s.png",
            "--size",
            "160x90",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(png_size(&dir.join("out/s.png")), (160, 90));
}

#[test]
fn frames_every_k_steps() {
    let dir = temp_dir("frames");
    std::fs::write(dir.join("s.lua"), SCENE).unwrap();
    let out = physbox(
        &dir,
        &[
            "run",
            "s.lua",
            "--headless",
            "--steps",
            "50",
            "--frames",
            "fr",
            "--every",
            "20",
            "--size",
            "64x36",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.join("fr"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // Steps 0, 20 and 40.
    assert_eq!(
        names,
        ["frame_000000.png", "frame_000001.png", "frame_000002.png"]
    );
    // The ball fell between the first and the last frame.
    let a = physbox::render::image::load_png(&dir.join("fr/frame_000000.png")).unwrap();
    let b = physbox::render::image::load_png(&dir.join("fr/frame_000002.png")).unwrap();
    assert_ne!(a.data(), b.data());
}

#[test]
fn picture_options_need_headless_and_every_needs_frames() {
    let dir = temp_dir("usage");
    std::fs::write(dir.join("s.lua"), SCENE).unwrap();
    assert_eq!(
        physbox(&dir, &["run", "s.lua", "--screenshot", "x.png"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        physbox(&dir, &["run", "s.lua", "--headless", "--every", "3"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        physbox(&dir, &["run", "s.lua", "--headless", "--size", "0x10"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn without_a_display_it_says_so_and_runs_ten_seconds_headless() {
    let dir = temp_dir("nodisplay");
    std::fs::write(dir.join("s.lua"), SCENE).unwrap();
    let out = physbox(&dir, &["s.lua"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first = stdout.lines().next().unwrap_or("");
    assert!(first.contains("no display"), "{stdout}");
    assert!(stdout.contains("600 steps (10.00 s simulated)"), "{stdout}");
    assert!(stdout.contains("screenshots/s-headless.png"), "{stdout}");
    assert_eq!(
        png_size(&dir.join("screenshots/s-headless.png")),
        (1280, 720)
    );
}

#[test]
fn a_run_piped_into_head_stops_quietly() {
    // `physbox run … | head -1`: the reader goes after one line. The run
    // used to panic inside the scene's `print` ("failed printing to
    // stdout: Broken pipe") with a backtrace on stderr.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = temp_dir("pipe");
    let scene = dir.join("chatty.lua");
    std::fs::write(
        &scene,
        "circle { r = 1 }\nfunction update() print('tick', world.steps) end\n",
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .args([
            "run",
            scene.to_str().unwrap(),
            "--headless",
            "--steps",
            "100000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "tick\t1\n");
    // The pipe's reader is gone now (dropped above).
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

/// `--dump` and `--csv` make missing folders as `--screenshot` and
/// `--snapshot` do (they failed after the whole run), and a path that cannot
/// be written is an error before the scene even loads.
#[test]
fn every_output_makes_its_folders_and_a_bad_path_fails_before_the_run() {
    let dir = temp_dir("outputs");
    let scene = format!("{SCENE}print('loaded')\nfunction update() plot('y', 1) end\n");
    std::fs::write(dir.join("s.lua"), scene).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "run",
            "s.lua",
            "--headless",
            "--steps",
            "5",
            "--size",
            "64x36",
        ];
        args.extend_from_slice(extra);
        let o = physbox(&dir, &args);
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (code, _, err) = run(&[
        "--dump",
        "nd/a.json",
        "--csv",
        "nd2/deep/a.csv",
        "--snapshot",
        "nd3/a.json",
        "--screenshot",
        "sub/dir/x.png",
        "--frames",
        "fr/ames",
    ]);
    assert_eq!(code, Some(0), "{err}");
    for f in [
        "nd/a.json",
        "nd2/deep/a.csv",
        "nd3/a.json",
        "sub/dir/x.png",
        "fr/ames/frame_000000.png",
    ] {
        assert!(dir.join(f).is_file(), "{f} was not written");
    }
    // A folder that cannot be made (a file is in the way): refused before
    // the scene runs (it would print 'loaded'), naming the option.
    std::fs::write(dir.join("afile"), "x").unwrap();
    for (flag, path) in [
        ("--dump", "afile/a.json"),
        ("--csv", "afile/a.csv"),
        ("--snapshot", "afile/a.json"),
        ("--screenshot", "afile/a.png"),
    ] {
        let (code, out, err) = run(&[flag, path]);
        assert_eq!(code, Some(1), "{flag}: {out} {err}");
        assert!(
            !out.contains("loaded"),
            "{flag}: the scene ran first: {out}"
        );
        assert!(
            err.contains(&format!("for {path} ({flag})")),
            "{flag}: {err}"
        );
    }
    let (code, out, err) = run(&["--frames", "afile/frames"]);
    assert_eq!(code, Some(1), "{out} {err}");
    assert!(
        !out.contains("loaded") && err.contains("(--frames)"),
        "{err}"
    );
    // A folder where a file should go, and one file named twice.
    let (code, _, err) = run(&["--dump", "nd"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("cannot write nd (--dump): it is a folder"),
        "{err}"
    );
    let (code, _, err) = run(&["--dump", "o.json", "--snapshot", "./o.json"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--dump and --snapshot both name"), "{err}");
    assert!(!dir.join("o.json").exists());
    // verify's pictures too: before the replay, naming the option.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let level = root.join("scenes/puzzles/01_bridge.lua");
    let solution = root.join("scenes/puzzles/solutions/01_bridge.json");
    let o = physbox(
        &dir,
        &[
            "verify",
            level.to_str().unwrap(),
            solution.to_str().unwrap(),
            "--screenshot",
            "afile/end.png",
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("for afile/end.png (--screenshot)"), "{err}");
    assert!(String::from_utf8_lossy(&o.stdout).is_empty());
}

/// No output may be a file the command reads: `--screenshot tiny.lua` (and
/// `--dump`, `--csv`, `--snapshot`, `--frames`) replaced the scene and
/// exited 0, `verify --screenshot lvl.lua` the level. Each is refused with
/// exit 1 before the run, naming the option and the file, which is kept.
#[test]
fn an_output_naming_a_file_the_command_reads_is_refused() {
    let dir = temp_dir("outputs_inputs");
    let scene = format!("local h = require('helpers')\n{SCENE}print('loaded')\n");
    std::fs::write(dir.join("s.lua"), &scene).unwrap();
    std::fs::write(dir.join("helpers.lua"), "return {}\n").unwrap();
    std::fs::write(dir.join("log.json"), r#"{"inputs": []}"#).unwrap();
    let out = physbox(
        &dir,
        &[
            "run",
            "s.lua",
            "--headless",
            "--steps",
            "5",
            "--snapshot",
            "snap.json",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let snap = std::fs::read(dir.join("snap.json")).unwrap();
    let refused = |args: &[&str], named: &str| {
        let mut all = vec!["run", "--headless", "--steps", "5", "--size", "64x36"];
        all.extend_from_slice(args);
        let o = physbox(&dir, &all);
        let (out, err) = (
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr),
        );
        assert_eq!(o.status.code(), Some(1), "{args:?}: {out} {err}");
        assert!(err.contains(named), "{args:?}: {err}");
        err.into_owned()
    };
    for flag in ["--dump", "--csv", "--snapshot", "--screenshot", "--frames"] {
        for spelling in ["s.lua", "./s.lua"] {
            let err = refused(&["s.lua", flag, spelling], "is the scene s.lua");
            assert!(err.contains(&format!("{flag} {spelling}")), "{err}");
        }
        refused(
            &["snap.json", flag, "snap.json"],
            "is the snapshot snap.json",
        );
        refused(&["snap.json", flag, "s.lua"], "is the snapshot's scene");
        refused(
            &["s.lua", "--inputs", "log.json", flag, "log.json"],
            "is the input log",
        );
        if flag != "--frames" {
            // (A file cannot become the frames' folder anyway: that fails
            // before the scene loads and its modules are known.)
            refused(&["s.lua", flag, "helpers.lua"], "is a file the scene runs");
        }
    }
    assert_eq!(std::fs::read_to_string(dir.join("s.lua")).unwrap(), scene);
    assert_eq!(std::fs::read(dir.join("snap.json")).unwrap(), snap);
    assert_eq!(
        std::fs::read_to_string(dir.join("helpers.lua")).unwrap(),
        "return {}\n"
    );
    // verify: the level and the solution (copies: the level keeps its name
    // and text, so the solution is still its own).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let level = std::fs::read(root.join("scenes/puzzles/01_bridge.lua")).unwrap();
    let solution = std::fs::read(root.join("scenes/puzzles/solutions/01_bridge.json")).unwrap();
    std::fs::write(dir.join("01_bridge.lua"), &level).unwrap();
    std::fs::write(dir.join("sol.json"), &solution).unwrap();
    for (flag, path, named) in [
        (
            "--screenshot",
            "01_bridge.lua",
            "is the level 01_bridge.lua",
        ),
        ("--screenshot", "sol.json", "is the solution sol.json"),
        ("--frames", "01_bridge.lua", "is the level 01_bridge.lua"),
    ] {
        let o = physbox(&dir, &["verify", "01_bridge.lua", "sol.json", flag, path]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{flag} {path}: {err}");
        assert!(err.contains(named), "{err}");
        assert!(String::from_utf8_lossy(&o.stdout).is_empty());
    }
    assert_eq!(std::fs::read(dir.join("01_bridge.lua")).unwrap(), level);
    assert_eq!(std::fs::read(dir.join("sol.json")).unwrap(), solution);
}

/// `--screenshot same.png --frames same.png`: the frames' folder was made
/// first, the whole run drew into it, and then the picture failed ("cannot
/// write same.png: Is a directory") with no verdict from `verify`. Both
/// commands now refuse it before running, and leave no folder behind.
#[test]
fn a_picture_and_the_frames_folder_on_one_path_fail_before_the_run() {
    let dir = temp_dir("outputs_frames");
    std::fs::write(dir.join("s.lua"), format!("{SCENE}print('loaded')\n")).unwrap();
    let shot_and_frames = ["--screenshot", "same.png", "--frames", "same.png"];
    let mut args = vec!["run", "s.lua", "--headless", "--steps", "5"];
    args.extend_from_slice(&shot_and_frames);
    let o = physbox(&dir, &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("--screenshot and --frames both name same.png"),
        "{err}"
    );
    assert!(!String::from_utf8_lossy(&o.stdout).contains("loaded"));
    assert!(!dir.join("same.png").exists());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let level = root.join("scenes/puzzles/01_bridge.lua");
    let solution = root.join("scenes/puzzles/solutions/01_bridge.json");
    let mut args = vec![
        "verify",
        level.to_str().unwrap(),
        solution.to_str().unwrap(),
    ];
    args.extend_from_slice(&shot_and_frames);
    args.extend_from_slice(&["--every", "100"]);
    let o = physbox(&dir, &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("--screenshot and --frames both name same.png"),
        "{err}"
    );
    assert!(!dir.join("same.png").exists());
}
