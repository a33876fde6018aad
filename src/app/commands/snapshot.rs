//! Snapshots of a running scene (key F5 in the window): the scene's path and
//! the whole world state as JSON. Opening one re-runs the scene file (so its
//! callbacks and Lua state exist), then replaces the freshly built world
//! with the saved one; physics continues bit-identically.

use crate::physics::World;
use crate::script::force_verlet::LuaForce;
use crate::script::random::Random;
use crate::script::{SavedBody, SavedState, Scene, SceneError, SceneOptions};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Bumped when the format changes incompatibly.
const FORMAT: u32 = 1;

/// The file: the scene to re-run, then the scene's saved state (its field
/// names and order are the file format).
#[derive(Serialize, Deserialize)]
struct Snapshot {
    physbox_snapshot: u32,
    /// The scene as given on the command line (relative to where physbox ran).
    scene: PathBuf,
    /// The same, absolute (tried last when reopening: a copied or moved
    /// project's own scene comes first).
    scene_abs: Option<PathBuf>,
    dt: f64,
    next_id: u64,
    bodies: Vec<SavedBody>,
    world: World,
    /// `math.random`'s generator (files from before it was saved have none).
    #[serde(default)]
    random: Option<Random>,
    /// The last step's Lua forces per body slot (the next step's Verlet
    /// correction reads them).
    #[serde(default)]
    lua_forces: Vec<LuaForce>,
}

/// Is `path` a snapshot (by its extension)?
pub fn is_snapshot(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// Save `scene` as it is now.
pub fn save(scene: &Scene, path: &Path) -> Result<(), String> {
    let state = scene.sim().saved_state();
    let snap = Snapshot {
        physbox_snapshot: FORMAT,
        scene: scene.path().to_path_buf(),
        scene_abs: scene.path().canonicalize().ok(),
        dt: state.dt,
        next_id: state.next_id,
        bodies: state.bodies,
        world: state.world,
        random: state.random,
        lua_forces: state.lua_forces,
    };
    let text = serde_json::to_string(&snap).map_err(|e| e.to_string())?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Stored numbers beyond this are refused (a field read from a file may be
/// anything JSON holds, 1e308 included); the few that may legitimately be
/// larger are recomputed on load or named in `may_be_huge`.
const MAX_STORED: f64 = 1e30;

fn may_be_huge(path: &str) -> bool {
    // Mass data is recomputed from the shapes; an open distance joint's
    // upper bound is f64::MAX; breaking forces are any positive number.
    [
        ".mass",
        ".inv_mass",
        ".inertia",
        ".inv_inertia",
        ".breaking_force",
    ]
    .iter()
    .any(|end| path.ends_with(end))
        || path.ends_with("Distance.max")
}

/// The first number out of range in a parsed file, as `path: message`.
fn huge_number(v: &serde_json::Value, path: &mut String) -> Option<String> {
    use serde_json::Value;
    match v {
        Value::Number(n) if n.is_f64() => {
            let x = n.as_f64().unwrap_or(f64::INFINITY);
            (x.abs() > MAX_STORED && !may_be_huge(path))
                .then(|| format!("{path}: {x:e} is out of range (at most {MAX_STORED:e} in size)"))
        }
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            let len = path.len();
            path.push_str(&format!("[{i}]"));
            let found = huge_number(item, path);
            path.truncate(len);
            found
        }),
        Value::Object(map) => map.iter().find_map(|(k, item)| {
            let len = path.len();
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(k);
            let found = huge_number(item, path);
            path.truncate(len);
            found
        }),
        _ => None,
    }
}

fn read(path: &Path) -> Result<Snapshot, SceneError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| SceneError::new(format!("{}: cannot read: {e}", path.display())))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let fail = |m: String| SceneError::new(format!("{}: {m}", path.display()));
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| fail(format!("not a physbox snapshot: {e}")))?;
    if let Some(m) = huge_number(&value, &mut String::new()) {
        return Err(fail(m));
    }
    let snap: Snapshot = serde_path_to_error::deserialize(value).map_err(|e| {
        let field = e.path().to_string();
        fail(format!("{field}: {}", e.into_inner()))
    })?;
    if snap.physbox_snapshot != FORMAT {
        return Err(fail(format!(
            "snapshot format {} (this physbox reads {FORMAT})",
            snap.physbox_snapshot
        )));
    }
    if snap.random.is_some_and(|r| !r.is_valid()) {
        return Err(fail(
            "random.state: all four words are zero (a generator cannot start from that)".into(),
        ));
    }
    Ok(snap)
}

/// The scene file behind `path` (itself unless it is a snapshot).
pub fn scene_of(path: &Path) -> Result<PathBuf, SceneError> {
    if !is_snapshot(path) {
        return Ok(path.to_path_buf());
    }
    let snap = read(path)?;
    locate(&snap, path)
}

/// The snapshot's scene, which is run as Lua, so only a `.lua` file inside
/// the snapshot's folder tree (from the folder above it: F5 saves into
/// `screenshots/` beside the scene) or the current folder's (a shared snapshot
/// naming /etc/passwd ran it and echoed a token of it). As for `require`:
/// no `..`, and the real path (symlinks followed) must lie inside.
///
/// A relative `scene` is looked up from the snapshot's folder, the one
/// above it, then the current folder, and `scene_abs` only after those:
/// tried first, it made a copy of a project open the original's scene
/// (projB/screenshots/s.json ran projA/scenes/s.lua), and a moved project
/// was never found from the folder above (`mv proj proj2` and `physbox
/// check proj2/screenshots/s.json` said scenes/s.lua was not there).
fn locate(snap: &Snapshot, file: &Path) -> Result<PathBuf, SceneError> {
    let fail = |m: String| SceneError::new(format!("{}: {m}", file.display()));
    for (field, p) in [
        ("scene", Some(&snap.scene)),
        ("scene_abs", snap.scene_abs.as_ref()),
    ] {
        let Some(p) = p else { continue };
        let plain = p
            .components()
            .all(|c| !matches!(c, std::path::Component::ParentDir));
        let text = p.to_string_lossy();
        if !plain || text.contains('\\') || p.extension().is_none_or(|e| e != "lua") {
            return Err(fail(format!(
                "{field}: '{}' is not a .lua scene file (without '..')",
                p.display()
            )));
        }
    }
    let folder = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .canonicalize()
        .ok();
    // The snapshot's folder, the one above it (F5 writes into a folder
    // beside the scene: `screenshots/`, `out/`), the current folder: where
    // the scene may be, and where it is looked for, in this order.
    let roots: Vec<PathBuf> = [
        folder.clone(),
        folder
            .as_deref()
            .and_then(Path::parent)
            .map(Path::to_path_buf),
        std::env::current_dir().ok(),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut candidates: Vec<PathBuf> = if snap.scene.is_relative() {
        roots.iter().map(|r| r.join(&snap.scene)).collect()
    } else {
        vec![snap.scene.clone()]
    };
    candidates.extend(snap.scene_abs.iter().cloned());
    for c in candidates {
        let Ok(real) = c.canonicalize() else { continue };
        if real.is_file() && roots.iter().any(|r| real.starts_with(r)) {
            // The scene as it was given when the snapshot was saved, when
            // that still names this file from here: origins (`--dump`'s
            // `source`) then read as in the uninterrupted run, not absolute.
            if snap.scene.canonicalize().is_ok_and(|g| g == real) {
                return Ok(snap.scene.clone());
            }
            return Ok(c);
        }
    }
    Err(fail(format!(
        "scene: '{}' is not a scene file inside the snapshot's folder (or the one above it) or the current folder",
        snap.scene.display()
    )))
}

/// Load a scene file, or reopen a snapshot.
pub fn load_any(path: &Path, options: &SceneOptions) -> Result<Scene, SceneError> {
    if is_snapshot(path) {
        open(path, options)
    } else {
        Scene::load(path, options)
    }
}

/// Re-run the snapshot's scene, then restore the saved state into it.
pub fn open(path: &Path, options: &SceneOptions) -> Result<Scene, SceneError> {
    let (scene_file, saved) = checked(path)?;
    let mut scene = Scene::load(&scene_file, options)?;
    scene.sim_mut().restore(saved);
    Ok(scene)
}

/// A snapshot read and checked completely, before its scene runs (a bad
/// file costs no scene load): its scene file and the state to restore.
/// Errors are the snapshot's (`snap.json: field: ...`); the scene's own
/// come from loading it.
pub fn checked(path: &Path) -> Result<(PathBuf, SavedState), SceneError> {
    let snap = read(path)?;
    let scene_file = locate(&snap, path)?;
    let mut saved = SavedState {
        dt: snap.dt,
        next_id: snap.next_id,
        bodies: snap.bodies,
        world: snap.world,
        random: snap.random,
        lua_forces: snap.lua_forces,
    };
    saved
        .check()
        .map_err(|m| SceneError::new(format!("{}: {m}", path.display())))?;
    Ok((scene_file, saved))
}
