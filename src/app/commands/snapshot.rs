//! Snapshots of a running scene (key F6 in the window): the scene's path and
//! the whole world state as JSON. Opening one re-runs the scene file (so its
//! callbacks and Lua state exist), then replaces the freshly built world
//! with the saved one; physics continues bit-identically.

use crate::physics::World;
use crate::script::sim::Extra;
use crate::script::{Scene, SceneError, SceneOptions};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Bumped when the format changes incompatibly.
const FORMAT: u32 = 1;

/// The scene-side data of one body (the world keeps no colours or ids).
#[derive(Serialize, Deserialize)]
struct SavedBody {
    index: u32,
    generation: u32,
    id: u64,
    color: Option<String>,
}

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
}

/// Is `path` a snapshot (by its extension)?
pub fn is_snapshot(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// Save `scene` as it is now.
pub fn save(scene: &Scene, path: &Path) -> Result<(), String> {
    let sim = scene.sim();
    let bodies = sim
        .world
        .body_ids()
        .into_iter()
        .filter_map(|id| {
            let e = sim.extra(id)?;
            Some(SavedBody {
                index: id.index,
                generation: id.generation,
                id: e.id,
                color: e.color.clone(),
            })
        })
        .collect();
    let snap = Snapshot {
        physbox_snapshot: FORMAT,
        scene: scene.path().to_path_buf(),
        scene_abs: scene.path().canonicalize().ok(),
        dt: sim.dt,
        next_id: sim.next_id,
        bodies,
        world: sim.world.clone(),
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
    let snap: Snapshot = serde_json::from_str(&text)
        .map_err(|e| SceneError::new(format!("{}: not a physbox snapshot: {e}", path.display())))?;
    if snap.physbox_snapshot != FORMAT {
        return Err(SceneError::new(format!(
            "{}: snapshot format {} (this physbox reads {FORMAT})",
            path.display(),
            snap.physbox_snapshot
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

/// Re-run the snapshot's scene, then restore the saved world into it.
pub fn open(path: &Path, options: &SceneOptions) -> Result<Scene, SceneError> {
    let snap = read(path)?;
    let mut scene = Scene::load(&locate(&snap), options)?;
    restore(&mut scene, snap);
    Ok(scene)
}

fn restore(scene: &mut Scene, snap: Snapshot) {
    let mut sim = scene.sim_mut();
    let mut extras: Vec<Option<Extra>> = Vec::new();
    for b in snap.bodies {
        let i = b.index as usize;
        if extras.len() <= i {
            extras.resize_with(i + 1, || None);
        }
        // The re-run scene made this very body (same slot and generation):
        // keep its Lua-side data (a `b.force` callback).
        let kept = sim
            .extras
            .get_mut(i)
            .and_then(|e| e.take())
            .filter(|e| e.generation == b.generation);
        extras[i] = Some(Extra {
            generation: b.generation,
            id: b.id,
            color: b.color,
            force: kept.and_then(|e| e.force),
        });
    }
    sim.forced_bodies = extras
        .iter()
        .flatten()
        .filter(|e| e.force.is_some())
        .count();
    sim.extras = extras;
    sim.next_id = snap.next_id;
    sim.dt = snap.dt;
    sim.world = snap.world;
    sim.version += 1;
}
