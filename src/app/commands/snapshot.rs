//! Snapshots of a running scene (key F5 in the window): the scene's path and
//! the whole world state as JSON. Opening one re-runs the scene file (so its
//! callbacks and Lua state exist), then replaces the freshly built world
//! with the saved one; physics continues bit-identically.

use crate::physics::World;
use crate::script::forces::LuaForce;
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
    /// The same, absolute (tried first when reopening).
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

fn read(path: &Path) -> Result<Snapshot, SceneError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| SceneError::new(format!("{}: cannot read: {e}", path.display())))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let snap: Snapshot = serde_json::from_str(text)
        .map_err(|e| SceneError::new(format!("{}: not a physbox snapshot: {e}", path.display())))?;
    if snap.physbox_snapshot != FORMAT {
        return Err(SceneError::new(format!(
            "{}: snapshot format {} (this physbox reads {FORMAT})",
            path.display(),
            snap.physbox_snapshot
        )));
    }
    // The scene it names is run as Lua: only a scene file (a shared
    // snapshot naming /etc/passwd ran it and echoed a token of it).
    for (field, p) in [
        ("scene", Some(&snap.scene)),
        ("scene_abs", snap.scene_abs.as_ref()),
    ] {
        if let Some(p) = p.filter(|p| p.extension().is_none_or(|e| e != "lua")) {
            return Err(SceneError::new(format!(
                "{}: {field}: '{}' is not a .lua scene file",
                path.display(),
                p.display()
            )));
        }
    }
    if snap.random.is_some_and(|r| !r.is_valid()) {
        return Err(SceneError::new(format!(
            "{}: random.state: all four words are zero (a generator cannot start from that)",
            path.display()
        )));
    }
    Ok(snap)
}

/// The scene file behind `path` (itself unless it is a snapshot).
pub fn scene_of(path: &Path) -> Result<PathBuf, SceneError> {
    if !is_snapshot(path) {
        return Ok(path.to_path_buf());
    }
    let snap = read(path)?;
    Ok(locate(&snap))
}

fn locate(snap: &Snapshot) -> PathBuf {
    match &snap.scene_abs {
        Some(abs) if abs.is_file() => abs.clone(),
        _ => snap.scene.clone(),
    }
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
    let snap = read(path)?;
    let mut scene = Scene::load(&locate(&snap), options)?;
    scene.sim_mut().restore(SavedState {
        dt: snap.dt,
        next_id: snap.next_id,
        bodies: snap.bodies,
        world: snap.world,
        random: snap.random,
        lua_forces: snap.lua_forces,
    });
    Ok(scene)
}
