//! The `Reloader`: watching a scene's files and loading a new version,
//! shared by the window and `run --headless --watch`.
//!
//! The watcher (platform) reports a settled save burst; between frames the
//! `Reloader` runs the scene file again into a fresh Lua state and a fresh
//! world, once. On success the caller lets the new version take over — after
//! it carried over what it keeps from the running one (`carry.rs`) — and on
//! any error (syntax, runtime, endless loop, memory) the old scene is left
//! untouched and running, and the error (file:line) is reported; the next
//! good save clears it. A deleted scene file keeps the last version running
//! until the file reappears (the folder is watched, so that is seen).
//!
//! What is watched: the scene file and every file it `require`d, re-armed
//! whenever that set changes (after a reload, `R`, the picker). After a
//! failed reload the files that attempt read are watched too, so fixing a
//! newly required module that was broken reloads.

use super::timing::Timing;
use crate::platform::watch::{Change, FileWatcher, DEFAULT_QUIET};
use crate::script::scene::shown_path;
use crate::script::{Scene, SceneError, SceneOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What one settled change led to: a reload attempt.
pub enum ReloadAttempt {
    /// The new version, run from its start; nothing carried over yet.
    Loaded {
        scene: Box<Scene>,
        /// Debounce and load (the carrying over is timed by the caller).
        timing: Timing,
    },
    Failed(SceneError),
    /// The scene file is gone; the last version keeps running.
    Deleted,
}

/// The `--watch` line / toast for a failed reload.
pub fn failed_text(e: &SceneError) -> String {
    format!("reload failed: {e}")
}

/// "scenes/x.lua was deleted — still running the last version".
pub fn deleted_text(p: &Path) -> String {
    format!(
        "{} was deleted — still running the last version",
        shown_path(p)
    )
}

pub struct Reloader {
    watcher: Option<FileWatcher>,
    /// The running scene's files, as last armed.
    base: Vec<PathBuf>,
    /// Files of the last failed attempt, watched as well.
    tried: Vec<PathBuf>,
    /// The scene file was seen deleted.
    missing: bool,
    /// Why watching does not work at all (no watcher could start).
    problem: Option<String>,
    /// A change that arrived while the window slept (see `sleep`).
    pending: Option<Change>,
    /// When the watched folders were last checked (`FileWatcher::heal`).
    healed: Instant,
}

/// How often the watched folders are checked for having been deleted or
/// made again (a `stat` each).
const HEAL_EVERY: Duration = Duration::from_millis(250);

impl Reloader {
    /// Watch `scene`'s files with the usual debounce.
    pub fn new(scene: &Scene) -> Reloader {
        Reloader::with_quiet(scene, DEFAULT_QUIET)
    }

    pub fn with_quiet(scene: &Scene, quiet: Duration) -> Reloader {
        let (watcher, problem) = match FileWatcher::new(quiet) {
            Ok(w) => (Some(w), None),
            Err(e) => (None, Some(e)),
        };
        let mut r = Reloader {
            watcher,
            base: Vec::new(),
            tried: Vec::new(),
            missing: false,
            problem,
            pending: None,
            healed: Instant::now(),
        };
        r.follow(scene);
        r
    }

    /// Why watching does not work at all (no watcher could start).
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// "watching scenes/x.lua (+2 required files)".
    pub fn describe(&self) -> String {
        let Some(scene) = self.base.first() else {
            return "watching nothing".into();
        };
        let more = self.base.len() - 1;
        let s = if more == 1 { "" } else { "s" };
        format!("watching {} (+{more} required file{s})", shown_path(scene))
    }

    /// Re-arm if the running scene's file set changed (a reload, `R`, the
    /// picker, a `require` at run time). Cheap when nothing changed.
    pub fn follow(&mut self, scene: &Scene) {
        let now = scene.sources();
        if now != self.base {
            self.base = now;
            self.tried.clear();
            self.missing = false;
            self.arm();
        }
    }

    fn arm(&mut self) {
        let mut all = self.base.clone();
        for t in &self.tried {
            if !all.contains(t) {
                all.push(t.clone());
            }
        }
        if let Some(w) = &mut self.watcher {
            // Not fatal: the other files are still watched.
            if let Err(e) = w.watch(&all) {
                eprintln!("physbox: hot reload: {e}");
            }
        }
    }

    /// A settled change, if one is waiting.
    pub fn poll(&mut self) -> Option<Change> {
        self.pending
            .take()
            .or_else(|| self.heal())
            .or_else(|| self.watcher.as_ref()?.poll())
    }

    /// A folder of the scene's files deleted and made again (or missing
    /// and now there) is watched again, a few times a second: its old
    /// watch saw nothing after the deletion, and reloads stopped for good.
    fn heal(&mut self) -> Option<Change> {
        if self.healed.elapsed() < HEAL_EVERY {
            return None;
        }
        self.healed = Instant::now();
        self.watcher.as_mut()?.heal()
    }

    /// The window's sleep until its next frame, cut short by a settled
    /// change (kept for `poll`): a save then shows on the next frame
    /// without waiting out the rest of this one.
    pub fn sleep(&mut self, rest: Duration) {
        if self.pending.is_some() {
            return;
        }
        match &self.watcher {
            Some(w) => self.pending = w.wait(rest),
            None => std::thread::sleep(rest),
        }
    }

    /// Wait up to `timeout` for a settled change.
    pub fn wait(&mut self, timeout: Duration) -> Option<Change> {
        if let Some(change) = self.heal() {
            return Some(change);
        }
        match &self.watcher {
            Some(w) => w.wait(timeout),
            None => {
                std::thread::sleep(timeout);
                None
            }
        }
    }

    /// Act on a change: load `current`'s scene file again. Returns whether
    /// the scene file came back after a deletion, and the attempt (`None`:
    /// the file is still gone, which was already said).
    pub fn handle(
        &mut self,
        change: &Change,
        current: &Scene,
        options: &SceneOptions,
    ) -> (bool, Option<ReloadAttempt>) {
        let path = current.path().to_path_buf();
        if !path.is_file() {
            if self.missing {
                return (false, None);
            }
            self.missing = true;
            return (false, Some(ReloadAttempt::Deleted));
        }
        let back = std::mem::take(&mut self.missing);
        if let Some(empty) = emptied(change, &path, &self.base) {
            return (back, Some(ReloadAttempt::Failed(empty)));
        }
        let t = Instant::now();
        let mut tried = Vec::new();
        let loaded = Scene::load_tracked(&path, options, &mut tried);
        let timing = Timing {
            first_event: change.first_event,
            debounce: change.settled.duration_since(change.first_event),
            load: t.elapsed(),
            reconcile: Duration::ZERO,
        };
        let attempt = match loaded {
            Ok(scene) => {
                self.tried.clear();
                self.base = scene.sources();
                self.arm();
                ReloadAttempt::Loaded {
                    scene: Box::new(scene),
                    timing,
                }
            }
            Err(e) => {
                self.tried = tried;
                self.arm();
                ReloadAttempt::Failed(e)
            }
        };
        (back, Some(attempt))
    }
}

/// A scene file or module that this change left empty: a save still being
/// written (truncated, the rest to come after a pause longer than the
/// debounce). Loaded, the empty file is a valid scene of nothing, and a
/// keep-state reload would remove every body, then bring them back from
/// the file with the rest of the save, live state lost. Refused like a
/// broken save: the old version runs on until the file has content.
fn emptied(change: &Change, scene: &Path, sources: &[PathBuf]) -> Option<SceneError> {
    let ours = |p: &PathBuf| p.as_path() == scene || sources.contains(p);
    let empty = change
        .paths
        .iter()
        .filter(|p| ours(p))
        .find(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() == 0))?;
    Some(SceneError::new(format!(
        "{}:1: the file is empty (a save still being written?) — the last version runs on; save it with anything in it, even a comment, to load it",
        shown_path(empty)
    )))
}

/// "scenes/x.lua is back".
pub fn back_text(p: &Path) -> String {
    format!("{} is back", shown_path(p))
}
