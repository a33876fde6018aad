//! `physbox verify`: every stored solution of the shipped levels wins, no
//! level wins without parts, the levels chain, replays are deterministic,
//! and bad input (a solution for another level, parts the level does not
//! allow, malformed JSON, a missing next_scene) gives a clear error.

mod common;
use common::temp_dir;

use physbox::app::puzzle::solution::{level_hash, Solution};
use physbox::app::puzzle::verify::{verify, Verdict};
use physbox::script::{Scene, SceneOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

const LEVELS: &str = "scenes/puzzles";

fn levels() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(LEVELS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "lua"))
        .collect();
    v.sort();
    v
}

fn solution_of(level: &Path) -> PathBuf {
    let stem = level.file_stem().unwrap().to_string_lossy().into_owned();
    Path::new(LEVELS)
        .join("solutions")
        .join(format!("{stem}.json"))
}

fn opts() -> SceneOptions {
    SceneOptions::default()
}

#[test]
fn five_levels_each_with_a_stored_solution_that_wins() {
    let all = levels();
    assert_eq!(all.len(), 5, "{all:?}");
    for level in &all {
        let sol = Solution::load(&solution_of(level)).unwrap();
        let report = verify(level, &sol, None, &opts()).unwrap();
        assert!(
            matches!(report.verdict, Verdict::Won { .. }),
            "{}: {}",
            level.display(),
            report.verdict
        );
        assert!(
            report.notes.is_empty(),
            "{}: the stored solution is stale: {:?}",
            level.display(),
            report.notes
        );
    }
}

#[test]
fn no_level_is_won_without_parts() {
    for level in levels() {
        let mut empty = Solution::load(&solution_of(&level)).unwrap();
        empty.parts.clear();
        empty.keys.clear();
        let report = verify(&level, &empty, None, &opts()).unwrap();
        assert!(
            !matches!(report.verdict, Verdict::Won { .. }),
            "{} is won with no parts: {}",
            level.display(),
            report.verdict
        );
    }
}

#[test]
fn the_levels_chain_with_next_scene() {
    let all = levels();
    for pair in all.windows(2) {
        let scene = Scene::load(&pair[0], &opts()).unwrap();
        let next = scene.settings().next_scene.unwrap();
        assert_eq!(
            Path::new(LEVELS).join(next),
            pair[1],
            "{} does not lead to {}",
            pair[0].display(),
            pair[1].display()
        );
    }
    let last = Scene::load(all.last().unwrap(), &opts()).unwrap();
    assert_eq!(
        last.settings().next_scene,
        None,
        "the last level ends the chain"
    );
}

#[test]
fn replays_are_deterministic() {
    let level = Path::new("scenes/puzzles/04_timing.lua");
    let sol = Solution::load(&solution_of(level)).unwrap();
    let a = verify(level, &sol, None, &opts()).unwrap().verdict;
    let b = verify(level, &sol, None, &opts()).unwrap().verdict;
    assert_eq!(a, b);
}

#[test]
fn the_key_press_and_its_step_matter() {
    // Level 4 is won by cutting the rope at step 46; far too early loses.
    let level = Path::new("scenes/puzzles/04_timing.lua");
    let mut sol = Solution::load(&solution_of(level)).unwrap();
    for k in &mut sol.keys {
        k.step -= 30;
    }
    let v = verify(level, &sol, None, &opts()).unwrap().verdict;
    assert!(!matches!(v, Verdict::Won { .. }), "{v}");
}

#[test]
fn a_solution_for_another_level_is_refused() {
    let sol = Solution::load(Path::new("scenes/puzzles/solutions/01_bridge.json")).unwrap();
    let err = verify(
        Path::new("scenes/puzzles/02_button.lua"),
        &sol,
        None,
        &opts(),
    )
    .err()
    .unwrap();
    assert!(err.contains("this solution is for another level"), "{err}");
    assert!(
        err.contains("01_bridge.lua") && err.contains("02_button.lua"),
        "{err}"
    );
}

#[test]
fn a_renamed_or_edited_level_is_replayed_with_a_note() {
    let dir = temp_dir("renamed");
    let src = std::fs::read_to_string("scenes/puzzles/01_bridge.lua").unwrap();
    let renamed = dir.join("my_copy.lua");
    std::fs::write(&renamed, &src).unwrap();
    std::fs::write(dir.join("02_button.lua"), "").unwrap();
    // Out of the tree the helpers are not found upwards: say where.
    let with_scripts = SceneOptions {
        scripts_dir: Some(std::fs::canonicalize("scripts").unwrap()),
        ..opts()
    };
    let sol = Solution::load(&solution_of(Path::new("scenes/puzzles/01_bridge.lua"))).unwrap();
    let report = verify(&renamed, &sol, None, &with_scripts).unwrap();
    assert!(matches!(report.verdict, Verdict::Won { .. }));
    assert!(
        report.notes[0].contains("same source"),
        "{:?}",
        report.notes
    );

    let mut edited = sol.clone();
    edited.level_hash = level_hash(b"an older version");
    let report = verify(
        Path::new("scenes/puzzles/01_bridge.lua"),
        &edited,
        None,
        &opts(),
    )
    .unwrap();
    assert!(
        report.notes[0].contains("has changed"),
        "{:?}",
        report.notes
    );
}

#[test]
fn parts_the_level_does_not_allow_are_refused() {
    let level = Path::new("scenes/puzzles/01_bridge.lua");
    let base = Solution::load(&solution_of(level)).unwrap();
    // A kind it does not list.
    let mut s = base.clone();
    s.parts[0].kind = physbox::app::puzzle::parts::PartKind::Spring;
    let err = verify(level, &s, None, &opts()).err().unwrap();
    assert!(
        err.contains("solution part 1 (spring): this level does not allow a spring (tools{} allows: plank 1)"),
        "{err}"
    );
    // More than it allows.
    let mut s = base.clone();
    let mut second = s.parts[0];
    second.y += 3.0;
    s.parts.push(second);
    let err = verify(level, &s, None, &opts()).err().unwrap();
    assert!(
        err.contains("solution part 2 (plank): no plank left: this level allows 1"),
        "{err}"
    );
    // Inside the scenery.
    let mut s = base;
    s.parts[0].y = -0.5;
    let err = verify(level, &s, None, &opts()).err().unwrap();
    assert!(err.contains("would overlap"), "{err}");
}

#[test]
fn malformed_solutions_name_the_file_line_and_column() {
    let dir = temp_dir("malformed");
    let cases = [
        ("trailing", "{\n  \"level\": \"x.lua\",\n  \"level_hash\": \"h\",\n}\n", ":4:1: not a valid solution: trailing comma"),
        ("kind", "{ \"level\": \"x.lua\", \"level_hash\": \"h\",\n \"parts\": [ { \"kind\": \"rocket\", \"x\": 0, \"y\": 0 } ] }", ":2:30: not a valid solution: unknown variant `rocket`"),
        ("field", "{ \"level\": \"x.lua\", \"level_hash\": \"h\", \"partz\": [] }", "unknown field `partz`"),
        ("missing", "{ \"parts\": [] }", "missing field `level`"),
        ("key", "{ \"level\": \"x.lua\", \"level_hash\": \"h\", \"keys\": [ { \"step\": 1, \"key\": \"Space Bar\", \"pressed\": true } ] }", "key 1 ('Space Bar' at step 1) is not a key name"),
        ("order", "{ \"level\": \"x.lua\", \"level_hash\": \"h\", \"keys\": [ { \"step\": 5, \"key\": \"a\", \"pressed\": true }, { \"step\": 2, \"key\": \"a\", \"pressed\": false } ] }", "entries must be in step order"),
    ];
    for (name, text, want) in cases {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, text).unwrap();
        let err = Solution::load(&path).err().unwrap();
        assert!(err.contains(want), "{name}: {err}");
        assert!(err.contains(&format!("{name}.json")), "{name}: {err}");
    }
    let err = Solution::load(&dir.join("absent.json")).err().unwrap();
    assert!(
        err.contains("absent.json: cannot read the solution"),
        "{err}"
    );
}

/// Parts go where the scene API could put a body (docs/lua-api.md,
/// "Ranges"): x = 1e308 and angle = 1e300 were placed and replayed.
#[test]
fn parts_outside_the_documented_ranges_are_refused_naming_part_field_and_range() {
    let dir = temp_dir("ranges");
    let part = |x: &str, y: &str, angle: &str| {
        format!(
            "{{ \"level\": \"01_bridge.lua\", \"parts\": [ {{ \"kind\": \"plank\", \"x\": 1, \"y\": 1 }},\n  {{ \"kind\": \"box\", \"x\": {x}, \"y\": {y}, \"angle\": {angle} }} ] }}"
        )
    };
    let cases = [
        (
            "x",
            part("1e308", "0", "0"),
            "parts[1] (box): x must be from -1e9 to 1e9, got 1e308",
        ),
        (
            "y",
            part("0", "-2e9", "0"),
            "parts[1] (box): y must be from -1e9 to 1e9, got -2e9",
        ),
        (
            "angle",
            part("0", "0", "1e300"),
            "parts[1] (box): angle must be from -1e6 to 1e6, got 1e300",
        ),
    ];
    for (name, text, want) in cases {
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, text).unwrap();
        let err = Solution::load(&path).err().unwrap();
        assert!(
            err.contains(&format!("{name}.json: {want}")),
            "{name}: {err}"
        );
    }
    // At the edges of the ranges they are read.
    let path = dir.join("edge.json");
    std::fs::write(&path, part("-1e9", "1e9", "1e6")).unwrap();
    Solution::load(&path).unwrap_or_else(|e| panic!("{e}"));
    // The command says so with exit status 1.
    std::fs::write(&path, part("1e308", "0", "1e300")).unwrap();
    let (code, _, err) = physbox(&[
        "verify",
        "scenes/puzzles/01_bridge.lua",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("parts[1] (box): x must be from -1e9 to 1e9"),
        "{err}"
    );
}

#[test]
fn a_solution_saved_with_a_byte_order_mark_is_read() {
    let dir = temp_dir("bom");
    let stored =
        std::fs::read_to_string(solution_of(Path::new("scenes/puzzles/01_bridge.lua"))).unwrap();
    let path = dir.join("bom.json");
    std::fs::write(&path, format!("\u{feff}{stored}")).unwrap();
    let with_bom = Solution::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let plain = Solution::load(&solution_of(Path::new("scenes/puzzles/01_bridge.lua"))).unwrap();
    assert_eq!(with_bom.level_hash, plain.level_hash);
    assert_eq!(with_bom.parts.len(), plain.parts.len());
    // Anything else before the JSON is still an error naming the file.
    std::fs::write(&path, format!("x{stored}")).unwrap();
    let err = Solution::load(&path).err().unwrap();
    assert!(err.contains("bom.json:1:1: not a valid solution"), "{err}");
}

#[test]
fn a_won_level_whose_next_scene_is_missing_fails_verification() {
    let dir = temp_dir("next");
    let level = dir.join("lvl.lua");
    std::fs::write(
        &level,
        "tools { box = 1 }\n\nnext_scene('nowhere.lua')\nfunction update() if world.steps == 5 then win('ok') end end\n",
    )
    .unwrap();
    let sol = Solution::for_level(&level, vec![], vec![], 100).unwrap();
    let err = verify(&level, &sol, None, &opts()).err().unwrap();
    assert!(err.contains("next_scene: "), "{err}");
    assert!(err.contains("nowhere.lua not found (set in "), "{err}");
    assert!(err.contains("lvl.lua:3)"), "{err}");
}

fn physbox(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_command_prints_the_verdict_and_exits_by_it() {
    let (code, out, _) = physbox(&[
        "verify",
        "scenes/puzzles/03_springboard.lua",
        "scenes/puzzles/solutions/03_springboard.json",
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("WIN at step "), "{out}");
    assert!(out.contains(" s): over the wall!"), "{out}");

    let (code, out, _) = physbox(&[
        "verify",
        "scenes/puzzles/03_springboard.lua",
        "scenes/puzzles/solutions/03_springboard.json",
        "--max-steps",
        "10",
    ]);
    assert_eq!(code, Some(4), "{out}");
    assert_eq!(out.trim(), "NO RESULT after 10 steps");

    let dir = temp_dir("cli");
    let empty = dir.join("empty.json");
    let sol = Solution::for_level(
        Path::new("scenes/puzzles/01_bridge.lua"),
        vec![],
        vec![],
        3600,
    )
    .unwrap();
    sol.save(&empty).unwrap();
    let (code, out, _) = physbox(&[
        "verify",
        "scenes/puzzles/01_bridge.lua",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(3), "{out}");
    assert!(out.starts_with("LOSE at step "), "{out}");

    let (code, out, err) = physbox(&[
        "verify",
        "scenes/puzzles/02_button.lua",
        "scenes/puzzles/solutions/01_bridge.json",
    ]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        err.starts_with("error: this solution is for another level"),
        "{err}"
    );
}

#[test]
fn every_kind_of_part_can_be_placed_and_behaves_as_described() {
    // tools{} accepts six part names; each must give a part in the world:
    // the ledge (segment) stays where it is nailed, the wedge (polygon)
    // falls onto it and stays on it.
    use physbox::app::puzzle::parts::{Part, PartKind};
    use physbox::app::puzzle::play::Puzzle;
    let dir = temp_dir("kinds");
    let level = dir.join("kinds.lua");
    std::fs::write(
        &level,
        "tools { box = 1, circle = 1, plank = 1, spring = 1, polygon = 1, segment = 1 }\n\
         box { x = 0, y = -0.5, w = 40, h = 1, static = true }\n",
    )
    .unwrap();
    let mut scene = Scene::load(&level, &opts()).unwrap();
    let mut puzzle = Puzzle::for_scene(&scene).expect("a puzzle");
    let part = |kind, x, y| Part {
        kind,
        x,
        y,
        angle: 0.0,
    };
    let spots = [
        (PartKind::Box, -8.0, 0.25),
        (PartKind::Circle, -6.0, 0.25),
        (PartKind::Plank, -3.0, 0.1),
        (PartKind::Spring, 0.0, 0.1),
        (PartKind::Segment, 5.0, 2.0),
        (PartKind::Polygon, 5.0, 3.0),
    ];
    for (kind, x, y) in spots {
        puzzle
            .place(&mut scene, part(kind, x, y))
            .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
    }
    assert_eq!(puzzle.parts().len(), 6);
    scene.step(120).unwrap();
    let world = scene.world();
    let find = |name: &str| {
        world
            .bodies()
            .find(|(_, b)| b.name.as_deref() == Some(name))
            .map(|(_, b)| b.xf.p)
            .unwrap_or_else(|| panic!("no {name}"))
    };
    let ledge = find("part_segment");
    let wedge = find("part_polygon");
    assert_eq!(
        ledge,
        physbox::physics::Vec2::new(5.0, 2.0),
        "the ledge is nailed"
    );
    assert!(
        (2.0..2.3).contains(&wedge.y) && (wedge.x - 5.0).abs() < 0.5,
        "the wedge rests on the ledge, at {wedge:?}"
    );
}

#[test]
fn a_hand_written_solution_needs_no_level_hash() {
    let dir = std::env::temp_dir().join(format!("physbox-nohash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("by_hand.json");
    std::fs::write(
        &path,
        "{ \"level\": \"01_bridge.lua\", \"parts\": [ { \"kind\": \"plank\", \"x\": 0.3, \"y\": 0.1, \"angle\": 0 } ] }",
    )
    .unwrap();
    let sol = Solution::load(&path).unwrap();
    let level = Path::new("scenes/puzzles/01_bridge.lua");
    let report = verify(level, &sol, None, &opts()).unwrap();
    assert!(
        matches!(report.verdict, Verdict::Won { .. }),
        "{}",
        report.verdict
    );
    assert!(
        report.notes.iter().any(|n| n.contains("no level_hash")),
        "{:?}",
        report.notes
    );
    // Without a hash, another level's name is still refused.
    let other = Path::new("scenes/puzzles/02_button.lua");
    let err = verify(other, &sol, None, &opts()).err().unwrap();
    assert!(err.contains("another level"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verify_draws_the_replay_to_show_why_a_solution_fails() {
    let dir = std::env::temp_dir().join(format!("physbox-verify-pics-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Level 4 with the plank but the cut 30 steps early: a LOSE.
    let level = Path::new("scenes/puzzles/04_timing.lua");
    let mut sol = Solution::load(&solution_of(level)).unwrap();
    for k in &mut sol.keys {
        k.step -= 30;
    }
    let sol_path = dir.join("early.json");
    sol.save(&sol_path).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_physbox"))
        .args(["verify", "scenes/puzzles/04_timing.lua"])
        .arg(&sol_path)
        .args(["--size", "320x180", "--every", "100", "--screenshot"])
        .arg(dir.join("end.png"))
        .arg("--frames")
        .arg(dir.join("frames"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    let step: u64 = stdout
        .split_whitespace()
        .nth(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{stdout}"));
    let end = physbox::render::image::load_png(&dir.join("end.png")).unwrap();
    assert_eq!((end.width(), end.height()), (320, 180));
    let frames = std::fs::read_dir(dir.join("frames")).unwrap().count() as u64;
    assert_eq!(frames, step / 100 + 1, "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The verdict the README and the API reference quote for level 4's stored
/// solution is the one `physbox verify` prints (they quoted step 336 after
/// the level's motion had moved it to 347).
#[test]
fn the_docs_quote_level_4s_verdict_as_verify_prints_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .args([
            "verify",
            "scenes/puzzles/04_timing.lua",
            "scenes/puzzles/solutions/04_timing.json",
        ])
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(printed.starts_with("WIN at step "), "{printed}");
    let readme = std::fs::read_to_string("README.md").unwrap();
    assert!(
        readme.contains(&format!("`{printed}` (level 4's stored solution)")),
        "README.md does not quote `{printed}`"
    );
    let api = std::fs::read_to_string("docs/lua-api.md").unwrap();
    assert!(
        api.lines().any(|l| l.trim() == printed),
        "docs/lua-api.md does not quote `{printed}`"
    );
}

/// A solution's key entry that matches no action says what it lacks (it
/// said "data did not match any variant of untagged enum Action").
#[test]
fn a_malformed_key_entry_names_what_it_lacks() {
    let dir = temp_dir("key_entry");
    let path = dir.join("sol.json");
    std::fs::write(
        &path,
        "{ \"level\": \"01_bridge.lua\", \"parts\": [],\n \"keys\": [ {\"step\": 4, \"key\": \"space\"} ] }",
    )
    .unwrap();
    let err = Solution::load(&path).err().unwrap();
    assert!(
        err.contains(
            "sol.json:2:38: not a valid solution: keys: entry 1 (step 4): a \"key\" entry needs \"pressed\": true or false"
        ),
        "{err}"
    );
}
