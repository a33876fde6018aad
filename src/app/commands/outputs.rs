//! The files a headless run writes (`--dump`, `--csv`, `--screenshot`,
//! `--snapshot`, `--frames`; `verify --screenshot`, `--frames`), made ready
//! before the run starts: every missing folder is created, as pictures
//! always had (`--dump nd/a.json` used to fail where `--screenshot
//! nd/a.png` worked), and every file is checked writable, so a long run
//! never fails at its end over a path. Two outputs naming one file are
//! refused too (the second would silently replace the first), and so is
//! an output naming a file the command reads (`--screenshot tiny.lua`
//! replaced the scene with a PNG and exited 0).

use std::fs;
use std::path::{Path, PathBuf};

/// One output: the option that names it and its path.
pub struct Output<'a> {
    pub flag: &'static str,
    pub path: &'a Path,
}

/// A file the command reads: what it is to the user ("the scene", "the
/// solution") and its path. No output may name it.
pub struct Input<'a> {
    pub what: &'static str,
    pub path: &'a Path,
}

/// Make every output ready (see the module comment); `frames` is a folder.
/// Nothing is created before the outputs are known not to name an input.
pub fn prepare(files: &[Output], frames: Option<&Path>, inputs: &[Input]) -> Result<(), String> {
    refuse_inputs(files, frames, inputs)?;
    let mut seen: Vec<(PathBuf, &'static str)> = Vec::new();
    for out in files {
        let real = file(out)?;
        if let Some((_, first)) = seen.iter().find(|(p, _)| *p == real) {
            return Err(both_name(first, out.flag, out.path));
        }
        seen.push((real, out.flag));
    }
    if let Some(dir) = frames {
        // Checked before the folder is made: made first, it turned the
        // file option's path into a folder, and the run failed at its end
        // ("cannot write same.png: Is a directory") after drawing every
        // frame into it.
        let real = resolved(dir);
        if let Some((_, first)) = seen.iter().find(|(p, _)| Some(p) == real.as_ref()) {
            return Err(both_name(first, "--frames", dir));
        }
        folder("--frames", dir)?;
    }
    Ok(())
}

/// Refuse any output that is the same file as an input. `prepare` checks
/// the inputs known before the run; a scene's loaded modules (known once it
/// has loaded, before its first step) are checked with this again.
/// `refuse_inputs` for the files a scene required as it loaded (known
/// only then, before its first step), each called `what`.
pub fn refuse_modules(
    files: &[Output],
    frames: Option<&Path>,
    sources: &[PathBuf],
    what: &'static str,
) -> Result<(), String> {
    let modules: Vec<Input> = sources.iter().map(|path| Input { what, path }).collect();
    refuse_inputs(files, frames, &modules)
}

pub fn refuse_inputs(
    files: &[Output],
    frames: Option<&Path>,
    inputs: &[Input],
) -> Result<(), String> {
    let outs = files
        .iter()
        .map(|o| (o.flag, o.path))
        .chain(frames.map(|d| ("--frames", d)));
    for (flag, path) in outs {
        if let Some(input) = inputs.iter().find(|i| same_file(path, i.path)) {
            return Err(format!(
                "{flag} {} is {} {}: it would be overwritten (give {flag} another path)",
                path.display(),
                input.what,
                input.path.display()
            ));
        }
    }
    Ok(())
}

fn both_name(first: &str, second: &str, path: &Path) -> String {
    format!(
        "{first} and {second} both name {}: give them different files",
        path.display()
    )
}

/// Do both paths name one existing file (symlinks and `./` followed)?
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The real path `path` has or would have: its folder's real path and its
/// name when it does not exist yet (`None`: neither exists).
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(real) = fs::canonicalize(path) {
        return Some(real);
    }
    let dir = fs::canonicalize(parent(path).unwrap_or(Path::new("."))).ok()?;
    Some(dir.join(path.file_name()?))
}

/// Write `text` to `path`, making its folder if missing.
pub fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = parent(path) {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn parent(path: &Path) -> Option<&Path> {
    path.parent().filter(|d| !d.as_os_str().is_empty())
}

/// Make the file's folder, check the file can be written (without changing
/// one that exists, and leaving none behind that did not); its real path.
fn file(out: &Output) -> Result<PathBuf, String> {
    let (flag, path) = (out.flag, out.path);
    let cannot = |e: std::io::Error| format!("cannot write {} ({flag}): {e}", path.display());
    if let Some(dir) = parent(path) {
        fs::create_dir_all(dir).map_err(|e| {
            format!(
                "cannot create the folder {} for {} ({flag}): {e}",
                dir.display(),
                path.display()
            )
        })?;
    }
    if path.is_dir() {
        return Err(format!(
            "cannot write {} ({flag}): it is a folder",
            path.display()
        ));
    }
    let existed = path.exists();
    fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(cannot)?;
    let real = fs::canonicalize(path).map_err(cannot)?;
    if !existed {
        let _ = fs::remove_file(path);
    }
    Ok(real)
}

/// Make the folder and check a file can be made in it.
fn folder(flag: &str, dir: &Path) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot write into {} ({flag}): {e}", dir.display());
    fs::create_dir_all(dir).map_err(cannot)?;
    let probe = dir.join(format!(".physbox-probe-{}", std::process::id()));
    fs::File::create(&probe).map_err(cannot)?;
    let _ = fs::remove_file(&probe);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_made_files_checked_and_nothing_left_behind() {
        let dir = std::env::temp_dir().join(format!("physbox-outputs-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let a = dir.join("x/y/a.json");
        let b = dir.join("z/b.csv");
        let out = |flag, path| Output { flag, path };
        prepare(
            &[out("--dump", &a), out("--csv", &b)],
            Some(&dir.join("f")),
            &[],
        )
        .unwrap();
        assert!(a.parent().unwrap().is_dir() && b.parent().unwrap().is_dir());
        assert!(!a.exists() && !b.exists());
        assert_eq!(fs::read_dir(dir.join("f")).unwrap().count(), 0);
        // A file that exists is kept as it is.
        fs::write(&a, "old").unwrap();
        prepare(&[out("--dump", &a)], None, &[]).unwrap();
        assert_eq!(fs::read_to_string(&a).unwrap(), "old");
        let e = prepare(&[out("--dump", &a), out("--snapshot", &a)], None, &[]).unwrap_err();
        assert!(e.contains("--dump and --snapshot both name"), "{e}");
        let e = prepare(&[out("--csv", &dir)], None, &[]).unwrap_err();
        assert!(e.contains("it is a folder"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_output_naming_an_input_or_another_output_as_a_folder_is_refused() {
        let dir = std::env::temp_dir().join(format!("physbox-clash-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let scene = dir.join("tiny.lua");
        fs::write(&scene, "circle {}").unwrap();
        let input = [Input {
            what: "the scene",
            path: &scene,
        }];
        // Another spelling of the same file is the same file.
        let other = dir.join(".").join("tiny.lua");
        for flag in ["--dump", "--csv", "--snapshot", "--screenshot"] {
            let out = [Output { flag, path: &other }];
            let e = prepare(&out, None, &input).unwrap_err();
            assert!(e.contains(flag) && e.contains("is the scene"), "{e}");
        }
        let e = prepare(&[], Some(&scene), &input).unwrap_err();
        assert!(e.contains("--frames") && e.contains("is the scene"), "{e}");
        assert_eq!(fs::read_to_string(&scene).unwrap(), "circle {}");
        // A picture and the frames' folder on one path.
        let same = dir.join("same.png");
        let shot = [Output {
            flag: "--screenshot",
            path: &same,
        }];
        let e = prepare(&shot, Some(&same), &input).unwrap_err();
        assert!(e.contains("--screenshot and --frames both name"), "{e}");
        assert!(!same.exists());
        let _ = fs::remove_dir_all(&dir);
    }
}
