//! Scenes outside the checkout (issue 17): the bundled modules are found
//! from any folder, a file beside the scene wins over them, a missing module
//! names every place looked, and `physbox new DIR` makes a folder whose
//! starter scene runs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("physbox-newcomer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn physbox(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(dir)
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn bundled_modules_are_found_from_any_folder_and_a_local_file_wins() {
    let dir = temp_dir("require");
    std::fs::write(
        dir.join("mypuzzle.lua"),
        "local P = require('puzzle')\nlocal m = require('measure')\n\
         local ball = circle { y = 1, r = 0.5 }\n\
         box { y = -0.5, w = 10, h = 1, static = true }\n\
         P.win_when(P.below(ball, 5), 'waited')\n\
         print(type(P.inside), type(m.report))\n",
    )
    .unwrap();
    let o = physbox(
        &dir,
        &["run", "mypuzzle.lua", "--headless", "--steps", "60"],
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("function\tfunction"), "{}", text(&o));
    assert!(text(&o).contains("WIN: waited"), "{}", text(&o));
    // A measure.lua beside the scene wins over the built-in one.
    std::fs::write(dir.join("measure.lua"), "return { mine = true }\n").unwrap();
    std::fs::write(dir.join("own.lua"), "print(require('measure').mine)\n").unwrap();
    let o = physbox(&dir, &["run", "own.lua", "--headless", "--steps", "1"]);
    assert!(text(&o).contains("true"), "{}", text(&o));
    // A missing module lists every place looked.
    std::fs::write(dir.join("bad.lua"), "\nrequire('nothing_here')\n").unwrap();
    let o = physbox(&dir, &["check", "bad.lua"]);
    assert_eq!(o.status.code(), Some(1));
    let t = text(&o);
    assert!(
        t.contains("bad.lua:2: require: module 'nothing_here' not found"),
        "{t}"
    );
    assert!(
        t.contains("nothing_here.lua") && t.contains("built into physbox: puzzle, measure"),
        "{t}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn physbox_new_writes_a_folder_whose_scene_runs_and_never_overwrites() {
    let dir = temp_dir("new");
    let o = physbox(&dir, &["new", "mine"]);
    assert!(o.status.success(), "{}", text(&o));
    let mine = dir.join("mine");
    for f in ["scene.lua", ".luarc.json", "types/physbox.lua", "README.md"] {
        assert!(mine.join(f).is_file(), "{f} missing: {}", text(&o));
    }
    let luarc = std::fs::read_to_string(mine.join(".luarc.json")).unwrap();
    assert!(
        luarc.contains("\"workspace.library\": [\"types\"]"),
        "{luarc}"
    );
    let types = std::fs::read_to_string(mine.join("types/physbox.lua")).unwrap();
    assert!(types.starts_with("---@meta") && types.contains("function Camera:follow"));
    let o = physbox(
        &mine,
        &[
            "run",
            "scene.lua",
            "--headless",
            "--steps",
            "120",
            "--screenshot",
            "s.png",
        ],
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(mine.join("s.png").is_file());
    // Again: refused, nothing overwritten.
    std::fs::write(mine.join("scene.lua"), "-- mine now\n").unwrap();
    let o = physbox(&dir, &["new", "mine"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("exists already"), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(mine.join("scene.lua")).unwrap(),
        "-- mine now\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
