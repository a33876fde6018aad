//! `physbox edit SCENE --body NAME --set KEY=VALUE`: the window's
//! write-back edit from the command line, on hand-written scenes. Only the
//! changed literal's bytes change (comments, odd spacing, trailing commas,
//! long strings and both call styles kept); refusals exit 1 with
//! `FILE:LINE: ...` and leave the file byte for byte as it was.

mod common;
use common::temp_dir;

use std::path::Path;
use std::process::{Command, Output};

fn physbox(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn out(o: &Output) -> (i32, String, String) {
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A scene written as a user would: comments everywhere, odd spacing,
/// trailing commas, both call styles, a long string holding a fake call.
const SCENE: &str = r#"-- a hand-written scene
local ground = box { x = 0, y = -0.5, w = 20, h = 1, static = true } -- floor

--[[ a block comment
box { name = "crate", x = 99 }
]]
local note = [==[
box { name = "crate", x = 42 }
]==]

local crate = box{name="crate",x=-3.25,   y = 2 --[[ up ]] ,w=1,h=1,}  -- the crate
local ball = circle({
    name = 'ball',
    x    = 1,      -- aligned
    y    = 4,
    r    = 0.5,
})
for i = 1, 3 do
  box { name = "step" .. i, x = i * 2, y = 1, w = 1, h = 0.2 }
end
box { name = "twin", x = 1, w = 1, h = 1 }
box { name = "twin", x = 2, w = 1, h = 1 }
"#;

fn scene(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    scene_file(name, "scene.lua", SCENE)
}

/// A fresh folder `name` holding `file` with `src`: (folder, file's path).
fn scene_file(name: &str, file: &str, src: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = temp_dir(name);
    let path = dir.join(file);
    std::fs::write(&path, src).unwrap();
    (dir, path)
}

#[test]
fn a_literal_is_rewritten_in_place_and_nothing_else_changes() {
    let (dir, path) = scene("in_place");
    let (code, stdout, stderr) = out(&physbox(
        &dir,
        &[
            "edit",
            "scene.lua",
            "--body",
            "crate",
            "--set",
            "x=1.5",
            "--set",
            "y=0.75",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "scene.lua:11: x = -3.25 → 1.5\nscene.lua:11: y = 2 → 0.75\n"
    );
    let after = std::fs::read_to_string(&path).unwrap();
    let expect = SCENE.replace(
        "box{name=\"crate\",x=-3.25,   y = 2 --[[ up ]] ,w=1,h=1,}",
        "box{name=\"crate\",x=1.5,   y = 0.75 --[[ up ]] ,w=1,h=1,}",
    );
    assert_ne!(expect, SCENE);
    assert_eq!(after, expect);
}

#[test]
fn the_parenthesised_style_strings_and_new_fields() {
    let (dir, path) = scene("paren");
    let (code, stdout, stderr) = out(&physbox(
        &dir,
        &[
            "edit",
            "scene.lua",
            "--body",
            "ball",
            "--set",
            "x=-2",
            "--set",
            "color=red",
            "--set",
            "restitution=0.8",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("scene.lua:14: x = 1 → -2\n"), "{stdout}");
    assert!(stdout.contains("color = \"red\" (new field)"), "{stdout}");
    let after = std::fs::read_to_string(&path).unwrap();
    let expect = SCENE.replace(
        "    x    = 1,      -- aligned\n    y    = 4,\n    r    = 0.5,\n})",
        "    x    = -2,      -- aligned\n    y    = 4,\n    r    = 0.5,\n    color = \"red\",\n    restitution = 0.8,\n})",
    );
    assert_eq!(after, expect);
    // The rewritten scene loads and has the new values.
    let scene = physbox::script::Scene::load(&path, &Default::default()).unwrap();
    let sim = scene.sim();
    let ball = sim
        .bodies_in_order()
        .into_iter()
        .find(|b| sim.world().body(*b).unwrap().name.as_deref() == Some("ball"))
        .unwrap();
    assert_eq!(sim.world().body(ball).unwrap().xf.p.x, -2.0);
    assert!(sim.color(ball).is_some(), "the colour is applied");
}

/// A shape chained on the constructor's result and a bracketed key are
/// the same call and the same field to the rewrite (they were refused,
/// and a second `x` was added).
#[test]
fn a_chained_constructor_and_a_bracketed_key() {
    let src = "local cart = box { x = -4, y = 2, w = 2, h = 0.5, name = \"cart\" }:add_circle { x = 0.8, y = -0.3, r = 0.2 }\nbox { [\"x\"] = 7, y = 2, w = 1, h = 1, name = \"crate\" }\n";
    let (dir, path) = scene_file("chained", "scene.lua", src);
    let edit = |body: &str, set: &str| {
        out(&physbox(
            &dir,
            &["edit", "scene.lua", "--body", body, "--set", set],
        ))
    };
    let (code, stdout, stderr) = edit("cart", "x=1.5");
    assert_eq!(
        (code, stdout.as_str()),
        (0, "scene.lua:1: x = -4 → 1.5\n"),
        "{stderr}"
    );
    let (code, stdout, stderr) = edit("crate", "x=3");
    assert_eq!(
        (code, stdout.as_str()),
        (0, "scene.lua:2: x = 7 → 3\n"),
        "{stderr}"
    );
    let after = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        after,
        src.replace("x = -4,", "x = 1.5,")
            .replace("] = 7,", "] = 3,")
    );
    let scene = physbox::script::Scene::load(&path, &Default::default()).unwrap();
    let sim = scene.sim();
    let xs: Vec<f64> = sim
        .bodies_in_order()
        .into_iter()
        .map(|b| sim.world().body(b).unwrap().xf.p.x)
        .collect();
    assert_eq!(xs, [1.5, 3.0]);
}

/// Refusals exit 1 with `FILE:LINE: ...` and do not touch the file.
fn refused(dir: &Path, path: &Path, args: &[&str], expect: &str) {
    let before = std::fs::read(path).unwrap();
    let (code, stdout, stderr) = out(&physbox(dir, args));
    assert_eq!(code, 1, "{args:?}: {stdout} {stderr}");
    assert!(stderr.contains(expect), "{args:?}: {stderr}");
    assert_eq!(
        std::fs::read(path).unwrap(),
        before,
        "{args:?} wrote the file"
    );
}

#[test]
fn refusals_name_the_line_and_leave_the_file_untouched() {
    let (dir, path) = scene("refusals");
    let edit = |body: &str, set: &str| -> Vec<String> {
        ["edit", "scene.lua", "--body", body, "--set", set]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let run = |body: &str, set: &str, expect: &str| {
        let args = edit(body, set);
        let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        refused(&dir, &path, &args, expect);
    };
    run("step2", "x=5", "scene.lua:19: x is computed");
    run("step2", "y=5", "scene.lua:19: this box call makes 3 bodies");
    run("nobody", "x=5", "scene.lua: no body is named 'nobody'");
    run("twin", "x=5", "scene.lua:21: 2 bodies are named 'twin'");
    run(
        "crate",
        "wheels=4",
        "scene.lua:11: box has no option 'wheels'",
    );
    // A value that makes the scene fail to load is not written either.
    run("crate", "w=-1", "would not load");
    // Usage errors exit 2.
    let (code, _, stderr) = out(&physbox(
        &dir,
        &edit("crate", "x=abc")
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>(),
    ));
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), SCENE);
}

#[test]
fn a_file_that_does_not_parse_or_is_read_only_is_never_written() {
    let broken = "box { name = 'a', x = 1, w = 1, h = 1 }\nbox { x = \n";
    let (dir, path) = scene_file("bad_files", "broken.lua", broken);
    refused(
        &dir,
        &path,
        &["edit", "broken.lua", "--body", "a", "--set", "x=2"],
        "broken.lua:",
    );

    let path = dir.join("locked.lua");
    std::fs::write(&path, "box { name = 'a', x = 1, w = 1, h = 1 }\n").unwrap();
    let mut perm = std::fs::metadata(&path).unwrap().permissions();
    perm.set_readonly(true);
    std::fs::set_permissions(&path, perm).unwrap();
    refused(
        &dir,
        &path,
        &["edit", "locked.lua", "--body", "a", "--set", "x=2"],
        "read-only",
    );
    // No temporary file is left beside the scene.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.contains("physbox-edit")),
        "{names:?}"
    );
}

#[test]
fn a_scene_opened_through_a_symlink_is_edited_where_the_link_points() {
    let dir = temp_dir("symlink");
    std::fs::create_dir_all(dir.join("real")).unwrap();
    let target = dir.join("real/a.lua");
    std::fs::write(&target, "box { name = 's', x = 1, y = 0, w = 1, h = 1 }\n").unwrap();
    let link = dir.join("link.lua");
    std::os::unix::fs::symlink("real/a.lua", &link).unwrap();
    let (code, stdout, stderr) = out(&physbox(
        &dir,
        &["edit", "link.lua", "--body", "s", "--set", "x=2"],
    ));
    assert_eq!(code, 0, "{stdout} {stderr}");
    assert!(stdout.contains("link.lua:1: x = 1 → 2"), "{stdout}");
    // The link is still a link, and its target has the edit.
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink(), "the link was replaced");
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "box { name = 's', x = 2, y = 0, w = 1, h = 1 }\n"
    );
    // No temporary file is left beside the link or the target.
    for d in [dir.clone(), dir.join("real")] {
        for e in std::fs::read_dir(&d).unwrap() {
            let n = e.unwrap().file_name().to_string_lossy().into_owned();
            assert!(!n.contains("physbox-edit"), "{n} left in {}", d.display());
        }
    }
}

/// A file `run` loads can be edited: one starting with a UTF-8 byte order
/// mark (kept, byte for byte) or a `#!` line ("does not parse: 1:
/// unexpected character" before).
#[test]
fn a_byte_order_mark_or_a_hash_line_is_kept_and_the_rest_edited() {
    let src = "\u{feff}-- saved by a Windows editor\r\nbox { name = 's', x = 1, y = 0, w = 1, h = 1 }\r\n";
    let (dir, path) = scene_file("bom", "bom.lua", src);
    let (code, stdout, stderr) = out(&physbox(
        &dir,
        &[
            "edit",
            "bom.lua",
            "--body",
            "s",
            "--set",
            "x=2",
            "--set",
            "angle=0.5",
        ],
    ));
    assert_eq!(code, 0, "{stdout} {stderr}");
    assert!(stdout.contains("bom.lua:2: x = 1 → 2"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "\u{feff}-- saved by a Windows editor\r\nbox { name = 's', x = 2, y = 0, w = 1, h = 1, angle = 0.5 }\r\n"
    );

    let src = "#!/usr/bin/env physbox\nbox { name = 's', x = 1,\n  w = 1, h = 1 }\n";
    let (dir, path) = scene_file("hash", "hash.lua", src);
    let (code, stdout, stderr) = out(&physbox(
        &dir,
        &["edit", "hash.lua", "--body", "s", "--set", "x=3"],
    ));
    assert_eq!(code, 0, "{stdout} {stderr}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        src.replace("x = 1", "x = 3")
    );
}

/// An edit the scene would not load with is refused with the load error's
/// `FILE:LINE: ...` first, like every other refusal (it began "the edit
/// was not written: ...").
#[test]
fn an_edit_that_breaks_the_scene_is_refused_with_file_and_line_first() {
    let src = "local a = 1\n\nbox { name = 's', x = 1, y = 0, w = 1, h = 1 }\n";
    let (dir, path) = scene_file("breaks", "a.lua", src);
    let (code, stdout, stderr) = out(&physbox(
        &dir,
        &["edit", "a.lua", "--body", "s", "--set", "w=-1"],
    ));
    assert_eq!(code, 1, "{stdout} {stderr}");
    assert!(
        stderr.starts_with("error: a.lua:3: box: 'w' must be a positive number, got -1"),
        "{stderr}"
    );
    assert!(stderr.contains("not written"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), src);
}

/// A misspelt option gets the constructors' suggestion (`box: unknown
/// option 'widht' — did you mean 'w'?`), also when its value is a word.
#[test]
fn a_misspelt_option_gets_the_constructors_suggestion() {
    let (dir, path) = scene("suggest");
    refused(
        &dir,
        &path,
        &["edit", "scene.lua", "--body", "crate", "--set", "widht=2"],
        "scene.lua:11: box has no option 'widht' — did you mean 'w'?",
    );
    refused(
        &dir,
        &path,
        &["edit", "scene.lua", "--body", "ball", "--set", "raduis=2"],
        "scene.lua:12: circle has no option 'raduis' — did you mean 'r'?",
    );
    // A word for an unknown option: the key is named, not the value.
    let before = std::fs::read(&path).unwrap();
    let (code, _, stderr) = out(&physbox(
        &dir,
        &[
            "edit",
            "scene.lua",
            "--body",
            "crate",
            "--set",
            "colour=red",
        ],
    ));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("no body constructor has an option 'colour' — did you mean 'color'?"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// A directory given as the scene is named in the error, also when it is
/// the current folder (the name was empty: `error: : cannot read ...`).
/// A Lua hex numeral is a number (`--set x=0x10`, written as given), and
/// a new field follows a compact table's style.
#[test]
fn a_folder_is_named_hex_numbers_are_numbers_and_compact_tables_stay_compact() {
    let (dir, path) = scene_file(
        "hex",
        "scene.lua",
        "circle{x=3.125,y=2,r=0.5,name=\"bouncy\"}\nbox { x=1;y=9.5;w=1;h=1;name='ro' }\n",
    );
    let folder = dir.to_str().unwrap();
    let (code, _, stderr) = out(&physbox(
        &dir,
        &["edit", folder, "--body", "ro", "--set", "x=9"],
    ));
    assert_eq!(code, 1);
    assert!(
        stderr.starts_with(&format!("error: {folder}: cannot read the scene")),
        "{stderr}"
    );
    let (code, stdout, stderr) = out(&physbox(
        &dir,
        &[
            "edit",
            "scene.lua",
            "--body",
            "ro",
            "--set",
            "x=0x10",
            "--set",
            "restitution=0.5",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("scene.lua:2: x = 1 → 0x10\n"),
        "{stdout}"
    );
    let (code, _, stderr) = out(&physbox(
        &dir,
        &[
            "edit",
            "scene.lua",
            "--body",
            "bouncy",
            "--set",
            "friction=0.1",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "circle{x=3.125,y=2,r=0.5,name=\"bouncy\",friction=0.1}\nbox { x=0x10;y=9.5;w=1;h=1;name='ro';restitution=0.5 }\n"
    );
    let scene = physbox::script::Scene::load(&path, &Default::default()).unwrap();
    let w = scene.world();
    let ro = w
        .bodies()
        .find(|(_, b)| b.name.as_deref() == Some("ro"))
        .unwrap()
        .1;
    assert_eq!(ro.xf.p.x, 16.0);
}

#[test]
fn an_edit_of_a_required_file_that_breaks_the_scene_is_refused_too() {
    // Before: the load check covered only the scene file; a body made in
    // a required module was set to `w = 0`, written, and reported done,
    // and the scene no longer loaded.
    let module = "local M = {}\nM.post = box { x = 4, y = -2, w = 0.4, h = 2, static = true, name = \"post\" }\nreturn M\n";
    let (dir, scene_path) = scene_file(
        "module-breaks",
        "scene.lua",
        "local parts = require(\"parts\")\nbox { x = 0, y = -4, w = 10, h = 1, static = true }\n",
    );
    let module_path = dir.join("parts.lua");
    std::fs::write(&module_path, module).unwrap();
    refused(
        &dir,
        &module_path,
        &["edit", "scene.lua", "--body", "post", "--set", "w=0"],
        "parts.lua:2: box: 'w' must be a positive number, got 0 — with this edit the scene would not load",
    );
    // A good edit of the module is still written.
    let (code, stdout, stderr) = out(&physbox(
        &dir,
        &["edit", "scene.lua", "--body", "post", "--set", "x=3"],
    ));
    assert_eq!(code, 0, "{stdout} {stderr}");
    assert!(std::fs::read_to_string(&module_path)
        .unwrap()
        .contains("box { x = 3, y = -2,"));
    assert!(std::fs::read_to_string(&scene_path)
        .unwrap()
        .starts_with("local parts"));
}
