//! Replay: a scene run from its start with an input log up to a step, as if
//! the user had done the same things at the same steps. Replay on save runs
//! the new version of the file this way ("as if the file had always said
//! this"); the timeline runs the same loop from a keyframe. In steps, so
//! the window can spread a long replay over frames behind a progress bar.

use super::driver::{apply_due, step_once, Driver};
use super::input_log::Entry;
use super::timeline::Timeline;
use crate::script::{Scene, SceneError};
use std::time::{Duration, Instant};

/// A replay under way.
pub struct Replay {
    scene: Scene,
    driver: Driver,
    log: Vec<Entry>,
    next: usize,
    target: u64,
    start: u64,
    dropped: usize,
    printed_before: usize,
    /// Whether the scene echoed `print` before the replay silenced it.
    echo: bool,
    elapsed: Duration,
    /// Keyframes recorded on the way (the window's timeline of the new
    /// version).
    timeline: Option<Timeline>,
}

/// A finished replay.
pub struct Replayed {
    pub scene: Scene,
    pub driver: Driver,
    /// Inputs whose body the new version does not build.
    pub dropped: usize,
    /// Lines the scene printed while replaying (not echoed).
    pub printed: usize,
    pub elapsed: Duration,
    /// The first log entry not applied yet.
    pub next: usize,
    pub timeline: Option<Timeline>,
}

impl Replay {
    /// Replay `scene` (just loaded, at its start) with `log` up to step
    /// `target`. Its `print` output is kept in the console, not echoed.
    pub fn new(scene: Scene, log: Vec<Entry>, target: u64) -> Replay {
        let start = scene.world().step_count();
        let printed_before = scene.sim().console_lines().len();
        let echo = scene.echo();
        scene.set_echo(false);
        Replay {
            scene,
            driver: Driver::default(),
            log,
            next: 0,
            target,
            start,
            dropped: 0,
            printed_before,
            echo,
            elapsed: Duration::ZERO,
            timeline: None,
        }
    }

    /// Record keyframes on the way, for the window's timeline.
    pub fn recording(mut self, budget_mib: usize) -> Replay {
        let mut t = Timeline::new(budget_mib);
        t.restart_at(&self.scene, &self.driver);
        self.timeline = Some(t);
        self
    }

    pub fn target(&self) -> u64 {
        self.target
    }

    /// How far along, 0..1.
    pub fn progress(&self) -> f64 {
        let now = self.scene.world().step_count();
        let span = self.target.saturating_sub(self.start).max(1);
        (now.saturating_sub(self.start) as f64 / span as f64).min(1.0)
    }

    /// Step until the target, or until `budget` of wall time is used.
    /// True when the target is reached. An error says at what time of the
    /// replay it happened.
    pub fn run_for(&mut self, budget: Option<Duration>) -> Result<bool, SceneError> {
        let t = Instant::now();
        let result = self.run_inner(budget, t);
        self.elapsed += t.elapsed();
        result.map_err(|e| {
            let at = self.scene.world().time();
            SceneError::new(format!("{e} (at t = {at:.2} s during replay)"))
        })
    }

    fn run_inner(&mut self, budget: Option<Duration>, t: Instant) -> Result<bool, SceneError> {
        while self.scene.world().step_count() < self.target {
            self.dropped +=
                step_once(&mut self.scene, &mut self.driver, &self.log, &mut self.next)?;
            if let Some(t) = &mut self.timeline {
                t.record_replay(&self.scene, &self.driver, self.next);
            }
            if budget.is_some_and(|b| t.elapsed() > b) {
                return Ok(self.scene.world().step_count() >= self.target);
            }
        }
        // Inputs at the target step itself (given while paused there).
        self.dropped += apply_due(&mut self.scene, &mut self.driver, &self.log, &mut self.next)?;
        Ok(true)
    }

    /// The replayed scene (call once `run_for` said done).
    pub fn finish(self) -> Replayed {
        let printed = self
            .scene
            .sim()
            .console_lines()
            .len()
            .saturating_sub(self.printed_before);
        let scene = self.scene;
        scene.set_echo(self.echo);
        Replayed {
            scene,
            driver: self.driver,
            dropped: self.dropped,
            printed,
            elapsed: self.elapsed,
            next: self.next,
            timeline: self.timeline,
        }
    }

    /// Replay all at once.
    pub fn run(scene: Scene, log: Vec<Entry>, target: u64) -> Result<Replayed, SceneError> {
        let mut r = Replay::new(scene, log, target);
        r.run_for(None)?;
        Ok(r.finish())
    }
}

/// The 16 hex digits every headless line shows for a world's state hash.
pub fn hash_text(scene: &Scene) -> String {
    format!("{:016x}", scene.world().state_hash())
}
