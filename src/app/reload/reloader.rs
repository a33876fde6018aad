//! Hot reload policy, shared by the window and `run --headless --watch`.
//!
//! The watcher (platform) reports a settled save burst; between frames the
//! `Reloader` runs the scene file again into a fresh Lua state and a fresh
//! world. On success the new scene replaces the old one — in keep-state
//! mode after `reconcile::keep_state` carried the live state over — and on
//! any error (syntax, runtime, endless loop, memory) the old scene is left
//! untouched and running, and the error (file:line) is reported; the next
//! good save clears it. A deleted scene file keeps the last version running
//! until the file reappears (the folder is watched, so that is seen).
//!
//! What is watched: the scene file and every file it `require`d, re-armed
//! whenever that set changes (after a reload, `R`, the picker). After a
//! failed reload the files that attempt read are watched too, so fixing a
//! newly required module that was broken reloads.

use super::reconcile::{self, Remap, Tally};
use crate::app::window::sandbox::Sandbox;
use crate::app::window::tools::Tools;
use crate::platform::watch::{Change, FileWatcher, DEFAULT_QUIET};
use crate::script::scene::shown_path;
use crate::script::{Scene, SceneError, SceneOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How a reload treats the running world.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReloadMode {
    /// Match bodies and keep their live state unless the file moved them.
    #[default]
    KeepState,
    /// The new scene from its start (what `R` always does).
    Restart,
}

impl ReloadMode {
    pub fn label(self) -> &'static str {
        match self {
            ReloadMode::KeepState => "keep state",
            ReloadMode::Restart => "restart",
        }
    }

    pub fn toggled(self) -> ReloadMode {
        match self {
            ReloadMode::KeepState => ReloadMode::Restart,
            ReloadMode::Restart => ReloadMode::KeepState,
        }
    }
}

/// The sandbox's reload state (mode shown in the HUD, toggled with F10).
#[derive(Clone, Debug, Default)]
pub struct ReloadStatus {
    pub mode: ReloadMode,
    /// The error on screen came from a reload (the old scene still runs),
    /// not from the running scene's callbacks (which pause it).
    pub failed: bool,
    /// A runtime error had paused the scene before a reload failed: the
    /// next good reload runs it again.
    error_paused: bool,
    /// A reload was applied and its first frame not shown yet.
    pub pending_frame: Option<Timing>,
}

/// Where a reload's time went.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// The save burst's first file event.
    pub first_event: Instant,
    /// First event → burst declared over.
    pub debounce: Duration,
    /// Running the file into a fresh Lua state and world.
    pub load: Duration,
    /// Carrying the live state over (keep-state mode).
    pub reconcile: Duration,
}

impl Timing {
    /// Load plus reconcile: "reloaded in N ms".
    pub fn build(&self) -> Duration {
        self.load + self.reconcile
    }
}

fn ms(d: Duration) -> String {
    format!("{:.0}", d.as_secs_f64() * 1e3)
}

/// One line about a reload's latency, the first frame included.
pub fn latency_line(t: &Timing, first_frame: Duration) -> String {
    format!(
        "save→frame {} ms (debounce {} ms, load {} ms, reconcile {} ms, first frame {} ms)",
        ms(t.first_event.elapsed()),
        ms(t.debounce),
        ms(t.load),
        ms(t.reconcile),
        ms(first_frame)
    )
}

/// What one settled change led to.
pub enum Outcome {
    Reloaded {
        scene: Box<Scene>,
        tally: Option<Tally>,
        /// Old body → new body (keep state; empty for restart).
        remap: Remap,
        timing: Timing,
    },
    Failed(SceneError),
    /// The scene file is gone; the last version keeps running.
    Deleted,
}

impl Outcome {
    /// The `--watch` line / toast for it.
    pub fn message(&self, scene_path: &Path) -> String {
        match self {
            Outcome::Reloaded { tally, timing, .. } => match tally {
                Some(t) => format!("reloaded in {} ms — {t}", ms(timing.build())),
                None => format!("reloaded in {} ms — restarted", ms(timing.build())),
            },
            Outcome::Failed(e) => format!("reload failed: {e}"),
            Outcome::Deleted => deleted_text(scene_path),
        }
    }
}

fn deleted_text(p: &Path) -> String {
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
    pub problem: Option<String>,
    /// A change that arrived while the window slept (see `sleep`).
    pending: Option<Change>,
}

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
        };
        r.follow(scene);
        r
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
            .or_else(|| self.watcher.as_ref()?.poll())
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
    pub fn wait(&self, timeout: Duration) -> Option<Change> {
        match &self.watcher {
            Some(w) => w.wait(timeout),
            None => {
                std::thread::sleep(timeout);
                None
            }
        }
    }

    /// Act on a change: reload `current`'s scene file. Returns whether the
    /// scene file came back after a deletion, and the outcome (`None`: the
    /// file is still gone, which was already said).
    pub fn handle(
        &mut self,
        change: &Change,
        current: &Scene,
        options: &SceneOptions,
        mode: ReloadMode,
    ) -> (bool, Option<Outcome>) {
        let path = current.path().to_path_buf();
        if !path.is_file() {
            if self.missing {
                return (false, None);
            }
            self.missing = true;
            return (false, Some(Outcome::Deleted));
        }
        let back = std::mem::take(&mut self.missing);
        let debounce = change.settled.duration_since(change.first_event);
        let t = Instant::now();
        let mut tried = Vec::new();
        let loaded = Scene::load_tracked(&path, options, &mut tried);
        let load = t.elapsed();
        let outcome = match loaded {
            Ok(mut scene) => {
                let t = Instant::now();
                let (tally, remap) = match mode {
                    ReloadMode::KeepState => {
                        let (tally, remap) = reconcile::keep_state(current, &mut scene);
                        (Some(tally), remap)
                    }
                    ReloadMode::Restart => (None, Remap::new()),
                };
                let timing = Timing {
                    first_event: change.first_event,
                    debounce,
                    load,
                    reconcile: t.elapsed(),
                };
                self.tried.clear();
                self.base = scene.sources();
                self.arm();
                Outcome::Reloaded {
                    scene: Box::new(scene),
                    tally,
                    remap,
                    timing,
                }
            }
            Err(e) => {
                self.tried = tried;
                self.arm();
                Outcome::Failed(e)
            }
        };
        (back, Some(outcome))
    }
}

/// "scenes/x.lua is back".
pub fn back_text(p: &Path) -> String {
    format!("{} is back", shown_path(p))
}

/// Window: apply settled changes to the sandbox between frames.
pub fn poll_window(sb: &mut Sandbox, r: &mut Reloader) -> bool {
    r.follow(&sb.scene);
    let Some(change) = r.poll() else {
        return false;
    };
    let (back, outcome) = r.handle(&change, &sb.scene, &sb.options, sb.reload.mode);
    if back {
        println!("physbox: {}", back_text(sb.scene.path()));
    }
    if let Some(outcome) = outcome {
        apply(sb, outcome);
    }
    true
}

/// Put an outcome into the sandbox: swap the scene in, or show the error
/// while the old scene runs on.
pub fn apply(sb: &mut Sandbox, outcome: Outcome) {
    let text = outcome.message(sb.scene.path());
    match outcome {
        Outcome::Reloaded {
            scene,
            timing,
            remap,
            ..
        } => {
            // A drag holds a joint of the old world: it ends. The selection
            // follows its body (keep state); hand-placed counts stay with
            // the carried bodies.
            let placed = sb.tools.placed;
            let selected = sb.tools.selected.and_then(|b| remap.get(&b).copied());
            sb.tools = Tools::default();
            if sb.reload.mode == ReloadMode::KeepState {
                sb.tools.placed = placed;
                sb.tools.selected = selected;
            } else {
                sb.clock.reset();
            }
            // The camera stays where the user put it, unless there was
            // nothing to look at (the scene had failed to open): then the
            // first good version gets the camera it asks for.
            let was_empty = sb.scene.world().body_count() == 0;
            sb.scene = *scene;
            if was_empty {
                let (w, h) = (sb.camera.width, sb.camera.height);
                sb.camera = crate::app::view::initial_camera(&sb.scene, w, h);
            }
            reload_puzzle(sb);
            sb.poses.clear();
            sb.draw_failed = false;
            sb.overlay.clear();
            if sb.error.is_some() {
                // A runtime error had paused the old scene: the new one runs.
                if !sb.reload.failed || sb.reload.error_paused {
                    sb.paused = false;
                }
                sb.error = None;
            }
            sb.reload.failed = false;
            sb.reload.error_paused = false;
            sb.reload.pending_frame = Some(timing);
            sb.say(text);
        }
        Outcome::Failed(e) => {
            eprintln!("physbox: {text}");
            show_error(sb, e.to_string());
        }
        Outcome::Deleted => {
            eprintln!("physbox: {text}");
            show_error(sb, format!("{text}; it reloads when the file is back."));
        }
    }
}

/// A puzzle level that was reloaded: its parts are the player's, not the
/// file's, and a run has to start from the authored layout to replay the
/// same way `physbox verify` does. So keep state puts the new level back in
/// build mode with the player's parts re-placed (as Reset does: the file
/// again, then every part through the one placing path, springboards with
/// their joints), also when it was running; restart gives the new level
/// with no parts placed, as R does.
fn reload_puzzle(sb: &mut Sandbox) {
    let old = sb.puzzle.take();
    sb.puzzle = crate::app::puzzle::play::Puzzle::for_scene(&sb.scene);
    if let (Some(old), Some(_)) = (old, &sb.puzzle) {
        if sb.reload.mode == ReloadMode::KeepState {
            sb.puzzle = Some(old);
            crate::app::puzzle::build_mode::reset(sb);
        }
    }
}

/// A reload's error on screen, over the old scene that keeps running.
fn show_error(sb: &mut Sandbox, text: String) {
    if sb.error.is_some() && !sb.reload.failed && sb.paused {
        sb.reload.error_paused = true;
    }
    sb.error = Some(text);
    sb.reload.failed = true;
}
