//! DESIGN.md §2: the physics core never reaches for Lua, pixels, windows,
//! file watching, the file system or the rest of the program.

use std::fs;
use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn physics_core_stays_pure() {
    let forbidden = [
        "mlua",
        "tiny_skia",
        "minifb",
        "notify",
        "std::fs",
        "crate::script",
        "crate::render",
        "crate::platform",
        "crate::app",
        "crate::testbed",
    ];
    let mut files = Vec::new();
    rust_files(Path::new("src/physics"), &mut files);
    assert!(files.len() > 20, "physics sources not found");
    for f in files {
        let text = fs::read_to_string(&f).unwrap();
        for word in forbidden {
            assert!(!text.contains(word), "{} mentions `{word}`", f.display());
        }
    }
}

#[test]
fn scripting_stays_in_its_lane() {
    // script/ may use physics only: no window, pixels, file watching or app.
    let forbidden = [
        "tiny_skia",
        "minifb",
        "notify",
        "crate::render",
        "crate::platform",
        "crate::app",
        "crate::testbed",
    ];
    let mut files = Vec::new();
    rust_files(Path::new("src/script"), &mut files);
    assert!(files.len() > 10, "script sources not found");
    for f in files {
        let text = fs::read_to_string(&f).unwrap();
        for word in forbidden {
            assert!(!text.contains(word), "{} mentions `{word}`", f.display());
        }
    }
    // ...and it is the only module that knows mlua.
    let mut others = Vec::new();
    rust_files(Path::new("src"), &mut others);
    for f in others.iter().filter(|f| !f.starts_with("src/script")) {
        let text = fs::read_to_string(f).unwrap();
        assert!(!text.contains("mlua"), "{} mentions mlua", f.display());
    }
}

fn check_module(dir: &str, min_files: usize, forbidden: &[&str]) {
    let mut files = Vec::new();
    rust_files(Path::new(dir), &mut files);
    assert!(files.len() >= min_files, "{dir} sources not found");
    for f in files {
        let text = fs::read_to_string(&f).unwrap();
        for word in forbidden {
            assert!(!text.contains(word), "{} mentions `{word}`", f.display());
        }
    }
}

#[test]
fn render_knows_pixels_not_lua_or_windows() {
    // render/ draws a world through a camera: physics and plain data only.
    check_module(
        "src/render",
        5,
        &[
            "mlua",
            "minifb",
            "notify",
            "crate::script",
            "crate::platform",
            "crate::app",
            "crate::testbed",
        ],
    );
}

#[test]
fn platform_uses_no_crate_module() {
    // platform/ wraps the window library and nothing of physbox.
    check_module(
        "src/platform",
        1,
        &["crate::", "tiny_skia", "mlua", "physbox::"],
    );
}
