//! The world's clock: simulated time counted as steps × dt, not summed.
//!
//! Adding `dt` every step rounds every step: after 600 steps of 1/60 s the
//! time read 10.000000000000076 and `world.time` drifted from `steps · dt`,
//! which scenes compare against (`if world.time >= 10 then ...`). So the
//! time is the time the clock last counted from plus the steps since then
//! times `dt`; a new `dt` (the scene changed `world.dt`) starts counting
//! again from the time reached.

use crate::physics::math::Real;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct StepClock {
    /// The time and step count it counts from, and the `dt` since (0: not
    /// counting yet, as in a snapshot written before it existed).
    from_time: Real,
    from_steps: u64,
    dt: Real,
}

impl StepClock {
    /// The time after step number `steps` (just taken, of length `dt`),
    /// the time before it being `time`.
    pub fn advance(&mut self, time: Real, steps: u64, dt: Real) -> Real {
        if dt != self.dt || steps <= self.from_steps {
            *self = StepClock {
                from_time: time,
                from_steps: steps - 1,
                dt,
            };
        }
        self.from_time + (steps - self.from_steps) as Real * dt
    }

    /// Whether a clock read from a snapshot is one `advance` could have
    /// left at `steps` (else the caller starts a new one).
    pub fn plausible(&self, steps: u64) -> bool {
        self.from_time.is_finite()
            && self.from_time >= 0.0
            && self.dt.is_finite()
            && self.dt >= 0.0
            && self.from_steps <= steps
    }
}

#[cfg(test)]
mod tests {
    use super::StepClock;

    #[test]
    fn six_hundred_steps_of_a_sixtieth_are_ten_seconds() {
        let mut clock = StepClock::default();
        let (mut time, dt) = (0.0, 1.0 / 60.0);
        for steps in 1..=600 {
            time = clock.advance(time, steps, dt);
        }
        assert_eq!(time, 10.0);
        // A new dt counts on from the time reached.
        for steps in 601..=700 {
            time = clock.advance(time, steps, 0.01);
        }
        assert_eq!(time, 11.0);
    }
}
