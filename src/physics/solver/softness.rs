//! Soft constraints (Catto, "Soft Constraints", GDC 2011; Box2D v3 soft step).
//!
//! A constraint C = 0 with spring frequency ω = 2πf and damping ratio ζ,
//! solved over a substep h, becomes the impulse rule
//!   λ = -m_eff · massScale · (Ċ + biasRate · C) − impulseScale · λ_acc
//! with  biasRate = ω / (2ζ + hω),  massScale = hω(2ζ + hω) / (1 + hω(2ζ + hω)),
//!       impulseScale = 1 / (1 + hω(2ζ + hω)).
//! It is implicit in the spring, so it is stable for any stiffness and step.

use crate::physics::math::Real;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Softness {
    pub bias_rate: Real,
    pub mass_scale: Real,
    pub impulse_scale: Real,
}

impl Default for Softness {
    fn default() -> Self {
        Softness::RIGID
    }
}

impl Softness {
    /// A rigid constraint (no bias, full mass).
    pub const RIGID: Softness = Softness {
        bias_rate: 0.0,
        mass_scale: 1.0,
        impulse_scale: 0.0,
    };

    pub fn new(hertz: Real, damping_ratio: Real, h: Real) -> Softness {
        if hertz <= 0.0 {
            return Softness::RIGID;
        }
        let omega = 2.0 * std::f64::consts::PI * hertz;
        let a1 = 2.0 * damping_ratio + h * omega;
        let a2 = h * omega * a1;
        let a3 = 1.0 / (1.0 + a2);
        Softness {
            bias_rate: omega / a1,
            mass_scale: a2 * a3,
            impulse_scale: a3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_sum_to_one() {
        let s = Softness::new(30.0, 10.0, 1.0 / 240.0);
        assert!((s.mass_scale + s.impulse_scale - 1.0).abs() < 1e-15);
        assert!(s.bias_rate > 0.0);
        assert_eq!(Softness::new(0.0, 1.0, 0.01), Softness::RIGID);
    }
}
