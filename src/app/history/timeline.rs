//! The window's history of a run: keyframes (whole-scene checkpoints, Lua
//! variables included) plus the input log, so any recorded step can be
//! shown again: restore the nearest keyframe at or before it and re-run the
//! logged inputs up to it. Seeking re-runs at most `FINE` steps where the
//! fine keyframes are still there, and puts fine keyframes back where they
//! had been dropped (as it passes), so scrubbing back and forth near one
//! place is fast after the first look.
//!
//! Memory: keyframes are counted against a budget (`--history-mib`,
//! default 256 MiB). Over it, the oldest fine keyframes go first; coarse
//! ones (every `COARSE` steps) only when nothing else is left, and then the
//! oldest history is forgotten (the timeline starts later).
//!
//! Determinism check: a re-run that passes a keyframe compares the state
//! hash with the one recorded there. A scene that gives another answer the
//! second time (it reads `os.clock()`, iterates `pairs` over tables keyed by
//! tables, keeps coroutines) is reported, not silently shown.

use super::driver::{apply_due, step_once, Driver};
use super::input_log::Entry;
use crate::script::checkpoint::Checkpoint;
use crate::script::{Scene, SceneError};

/// Steps between fine keyframes (re-running this many costs a few ms).
pub const FINE: u64 = 30;
/// Steps between coarse keyframes, dropped for memory only when nothing
/// else is left: re-running this many is the slowest a seek gets (a 200-body
/// scene with a Lua force field: ~0.35 ms a step, so ~30 ms). A keyframe of
/// such a scene is ~400 KB, so 10 minutes of coarse ones take ~160 MiB.
pub const COARSE: u64 = 90;
/// Default memory budget.
pub const DEFAULT_BUDGET_MIB: usize = 256;

struct Keyframe {
    cp: Checkpoint,
    /// The mouse tools' state then (a held body and its joint).
    driver: Driver,
    /// The first log entry not applied at this step.
    next: usize,
}

/// The run so far.
pub struct Timeline {
    keyframes: Vec<Keyframe>,
    log: Vec<Entry>,
    /// Steps where a reload took over.
    reloads: Vec<u64>,
    /// The latest step recorded.
    end: u64,
    budget: usize,
    bytes: usize,
    /// Keyframes were dropped for memory (the HUD says so once).
    pub thinned: bool,
    /// Set when a re-run disagreed with a keyframe.
    pub diverged: Option<String>,
}

/// What going to a step did.
pub struct Seek {
    /// Steps re-run from the keyframe.
    pub resimulated: u64,
}

impl Timeline {
    pub fn new(budget_mib: usize) -> Timeline {
        Timeline {
            keyframes: Vec::new(),
            log: Vec::new(),
            reloads: Vec::new(),
            end: 0,
            budget: budget_mib.max(1) * 1024 * 1024,
            bytes: 0,
            thinned: false,
            diverged: None,
        }
    }

    /// A fresh history of `scene` from where it is now (a new scene, or a
    /// reload that keeps state: earlier steps belonged to another Lua
    /// state). Reload marks before now are kept.
    pub fn restart_at(&mut self, scene: &Scene, driver: &Driver) {
        self.keyframes.clear();
        self.log.clear();
        self.bytes = 0;
        self.end = scene.world().step_count();
        self.reloads.retain(|&r| r <= self.end);
        self.diverged = None;
        self.keep(scene, driver, 0);
    }

    /// A new memory budget (keyframes go at once if over it).
    pub fn set_budget_mib(&mut self, mib: usize) {
        self.budget = mib.max(1) * 1024 * 1024;
        let newest = self.keyframes.last().map_or(0, |k| k.cp.step);
        self.fit_budget(newest);
    }

    /// The memory budget in MiB.
    pub fn budget_mib(&self) -> usize {
        self.budget / (1024 * 1024)
    }

    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    pub fn reloads(&self) -> &[u64] {
        &self.reloads
    }

    pub fn mark_reload(&mut self, step: u64) {
        self.reloads.push(step);
    }

    /// First and last recorded step.
    pub fn span(&self) -> (u64, u64) {
        (
            self.keyframes.first().map_or(self.end, |k| k.cp.step),
            self.end,
        )
    }

    /// Steps with a keyframe, and whether each is coarse.
    pub fn keyframe_steps(&self) -> impl Iterator<Item = (u64, bool)> + '_ {
        self.keyframes
            .iter()
            .map(|k| (k.cp.step, k.cp.step % COARSE == 0))
    }

    /// Memory the keyframes hold, in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// An action happened at the scene's current step (already applied).
    pub fn push(&mut self, entry: Entry) {
        self.log.push(entry);
    }

    /// The scene just took a step (live): keep a keyframe on schedule.
    pub fn stepped(&mut self, scene: &Scene, driver: &Driver) {
        // Every logged input so far has been applied.
        let next = self.log.len();
        self.record_replay(scene, driver, next);
    }

    fn keyframe_at(&self, step: u64) -> Option<usize> {
        self.keyframes
            .binary_search_by_key(&step, |k| k.cp.step)
            .ok()
    }

    fn keep(&mut self, scene: &Scene, driver: &Driver, next: usize) {
        let Ok(cp) = scene.checkpoint() else {
            return;
        };
        let step = cp.step;
        self.bytes += cp.bytes;
        let kf = Keyframe {
            cp,
            driver: driver.clone(),
            next,
        };
        match self.keyframes.binary_search_by_key(&step, |k| k.cp.step) {
            Ok(i) => {
                self.bytes -= self.keyframes[i].cp.bytes;
                self.keyframes[i] = kf;
            }
            Err(i) => self.keyframes.insert(i, kf),
        }
        self.fit_budget(step);
    }

    /// Drop keyframes until the budget holds: the oldest fine ones, then
    /// the oldest coarse ones (never the newest keyframe, never the one at
    /// `keep`).
    fn fit_budget(&mut self, keep: u64) {
        while self.bytes > self.budget && self.keyframes.len() > 1 {
            let last = self.keyframes.len() - 1;
            let fine = (0..last).find(|&i| {
                let s = self.keyframes[i].cp.step;
                s % COARSE != 0 && s != keep && i > 0
            });
            let i = fine.unwrap_or(0);
            self.bytes -= self.keyframes[i].cp.bytes;
            self.keyframes.remove(i);
            self.thinned = true;
        }
    }

    /// Show step `target` (clamped to the recorded span): the nearest
    /// keyframe at or before it, then the logged inputs re-run up to it.
    pub fn seek(
        &mut self,
        scene: &mut Scene,
        driver: &mut Driver,
        target: u64,
    ) -> Result<Seek, SceneError> {
        let (first, last) = self.span();
        let target = target.clamp(first, last);
        let Some(i) = self.keyframes.iter().rposition(|k| k.cp.step <= target) else {
            return Ok(Seek { resimulated: 0 });
        };
        // Stepping on from where the scene is now (every input up to now
        // has been applied to it, as a seek leaves it) when that is cheap:
        // between the keyframe and the target, or a short way before the
        // target — scrubbing forward, `.` — which also re-checks the
        // keyframes it passes.
        let now = scene.world().step_count();
        let k = &self.keyframes[i];
        let mut next = k.next;
        if now <= target && (now >= k.cp.step || target - now <= 2 * FINE) {
            next = self.log.partition_point(|e| e.step <= now);
        } else {
            scene.restore_checkpoint(&k.cp)?;
            *driver = k.driver.clone();
        }
        let from = scene.world().step_count();
        while scene.world().step_count() < target {
            step_once(scene, driver, &self.log, &mut next)?;
            let step = scene.world().step_count();
            self.check_or_keep(scene, driver, step, next, target);
        }
        apply_due(scene, driver, &self.log, &mut next)?;
        Ok(Seek {
            resimulated: target - from,
        })
    }

    /// During a re-run toward `target`: compare with the keyframe recorded
    /// at `step`, or put back the dropped fine keyframe nearest the target
    /// (where the user is looking: the next seek nearby starts there).
    fn check_or_keep(
        &mut self,
        scene: &Scene,
        driver: &Driver,
        step: u64,
        next: usize,
        target: u64,
    ) {
        if step % FINE != 0 {
            return;
        }
        match self.keyframe_at(step) {
            Some(i) => {
                let want = self.keyframes[i].cp.hash;
                let got = scene.world().state_hash();
                if want != got && self.diverged.is_none() {
                    self.diverged = Some(format!(
                        "the scene is not deterministic: re-running it gave another state at step {step} (t = {:.2} s) than the first time{}",
                        scene.world().time(),
                        if self.keyframes[i].cp.has_threads() {
                            " (it keeps coroutines, whose state the timeline cannot restore)"
                        } else {
                            " — does it read os.clock() / os.time(), or iterate pairs() over a table whose order changes?"
                        }
                    ));
                }
            }
            None if target - step < FINE => self.keep(scene, driver, next),
            None => {}
        }
    }

    /// Resuming from a past step: the recorded future beyond it goes.
    /// Returns how many steps were dropped.
    pub fn branch(&mut self, at: u64) -> u64 {
        if at >= self.end {
            return 0;
        }
        let dropped = self.end - at;
        while self.keyframes.last().is_some_and(|k| k.cp.step > at) {
            let k = self.keyframes.pop().expect("non-empty");
            self.bytes -= k.cp.bytes;
        }
        self.log.retain(|e| e.step <= at);
        self.reloads.retain(|&r| r <= at);
        self.end = at;
        dropped
    }

    /// A replay of a new version took over: its keyframes (recorded while
    /// it ran) replace the old version's; the log and marks stay. Returns
    /// the old version's history (its keyframes, the same log, no marks),
    /// for the ghost that runs it on.
    pub fn replace_keyframes(&mut self, other: Timeline) -> Timeline {
        let old = Timeline {
            keyframes: std::mem::replace(&mut self.keyframes, other.keyframes),
            log: self.log.clone(),
            reloads: Vec::new(),
            end: self.end,
            budget: self.budget,
            bytes: self.bytes,
            thinned: self.thinned,
            diverged: None,
        };
        self.bytes = other.bytes;
        self.end = self.end.max(other.end);
        self.diverged = None;
        old
    }

    /// After a step (live, or of a replay whose first unapplied log entry
    /// is `next`): a keyframe on schedule.
    pub fn record_replay(&mut self, scene: &Scene, driver: &Driver, next: usize) {
        let step = scene.world().step_count();
        self.end = self.end.max(step);
        let due = step % FINE == 0 || self.keyframes.is_empty();
        if due && self.keyframe_at(step).is_none() {
            self.keep(scene, driver, next);
        }
    }
}
