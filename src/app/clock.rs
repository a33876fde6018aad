//! The fixed-step accumulator (DESIGN.md §2): real time goes in, whole
//! steps of `dt` come out, and the remainder says how far between the last
//! two steps to draw. A long frame (a stall, a breakpoint, a dragged
//! window) is clamped so the simulation never tries to catch up for seconds.

/// The most real time one frame may feed in, seconds.
pub const MAX_FRAME: f64 = 0.25;

#[derive(Clone, Debug, Default)]
pub struct FixedStep {
    acc: f64,
}

impl FixedStep {
    /// Feed `frame` seconds of real time at `speed` (time scale), step size
    /// `dt`: returns how many steps to take now.
    pub fn advance(&mut self, frame: f64, speed: f64, dt: f64) -> u64 {
        if dt.is_nan() || dt <= 0.0 || !frame.is_finite() || frame < 0.0 {
            return 0;
        }
        self.acc += frame.min(MAX_FRAME) * speed;
        let n = (self.acc / dt).floor();
        self.acc -= n * dt;
        n as u64
    }

    /// Where between the previous step and the current one the picture
    /// should be (0..1).
    pub fn alpha(&self, dt: f64) -> f64 {
        if dt > 0.0 {
            (self.acc / dt).clamp(0.0, 1.0)
        } else {
            1.0
        }
    }

    /// Drop leftover time (pause, restart).
    pub fn reset(&mut self) {
        self.acc = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_steps_and_a_remainder() {
        let mut c = FixedStep::default();
        let dt = 0.01;
        assert_eq!(c.advance(0.025, 1.0, dt), 2);
        assert!((c.alpha(dt) - 0.5).abs() < 1e-9);
        assert_eq!(c.advance(0.005, 1.0, dt), 1);
        assert!(c.alpha(dt) < 1e-9);
    }

    #[test]
    fn a_long_frame_is_clamped() {
        let mut c = FixedStep::default();
        assert_eq!(c.advance(5.0, 1.0, 1.0 / 60.0), 15);
    }

    #[test]
    fn time_scale_slows_and_speeds() {
        let mut c = FixedStep::default();
        let steps: u64 = (0..60)
            .map(|_| c.advance(1.0 / 60.0, 0.25, 1.0 / 60.0))
            .sum();
        assert!((14..=16).contains(&steps), "{steps}");
        let mut c = FixedStep::default();
        let steps: u64 = (0..60)
            .map(|_| c.advance(1.0 / 60.0, 4.0, 1.0 / 60.0))
            .sum();
        assert!((239..=241).contains(&steps), "{steps}");
    }
}
