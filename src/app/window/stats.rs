//! Rolling timing numbers for the HUD: milliseconds per step and per frame
//! and where a step's physics time went (smoothed), and steps taken in the
//! last whole second.

use crate::physics::StepProfile;
use std::time::Instant;

#[derive(Default)]
pub struct Stats {
    step_ms: f64,
    /// The physics stages of a step (`World::profile`), smoothed.
    physics: StepProfile,
    frame_ms: f64,
    steps_per_sec: u64,
    steps_this_second: u64,
    second_start: Option<Instant>,
}

fn smooth(old: f64, new: f64) -> f64 {
    if old == 0.0 {
        new
    } else {
        old * 0.9 + new * 0.1
    }
}

impl Stats {
    /// Milliseconds per physics step (with its Lua callbacks), smoothed.
    pub fn step_ms(&self) -> f64 {
        self.step_ms
    }

    /// Where a step's physics time went (milliseconds, smoothed).
    pub fn physics(&self) -> &StepProfile {
        &self.physics
    }

    /// Milliseconds to draw and show the last frame, smoothed.
    pub fn frame_ms(&self) -> f64 {
        self.frame_ms
    }

    /// Steps taken in the last whole second.
    pub fn steps_per_sec(&self) -> u64 {
        self.steps_per_sec
    }

    /// A frame was drawn and shown in `ms`.
    pub fn frame(&mut self, ms: f64) {
        self.frame_ms = smooth(self.frame_ms, ms);
    }

    /// `n` steps were taken, `ms_each` apiece; `physics`: the sum of their
    /// stage times.
    pub fn steps(&mut self, n: u64, ms_each: f64, physics: &StepProfile) {
        self.step_ms = smooth(self.step_ms, ms_each);
        self.steps_this_second += n;
        let mean = physics.scaled(1.0 / n.max(1) as f64);
        self.physics.combine_times(&mean, smooth);
    }

    /// The clock at a frame: rolls the steps-per-second count over.
    pub fn tick(&mut self, now: Instant) {
        let start = *self.second_start.get_or_insert(now);
        if now.duration_since(start).as_secs_f64() >= 1.0 {
            self.steps_per_sec = self.steps_this_second;
            self.steps_this_second = 0;
            self.second_start = Some(now);
        }
    }
}
