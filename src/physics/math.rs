//! Scalar and vector types of the engine, and the small rotation/transform
//! algebra every other file uses. Double precision throughout: the seeds'
//! accuracy experiments (free fall to 1e-9, exact collision velocities) need it.

use serde::{Deserialize, Serialize};

/// The engine's scalar. One alias so precision is a single decision.
pub type Real = f64;
/// The engine's 2D vector.
pub type Vec2 = glam::DVec2;

/// 2D cross product of two vectors (the z component of the 3D cross).
#[inline(always)]
pub fn cross(a: Vec2, b: Vec2) -> Real {
    a.x * b.y - a.y * b.x
}

/// Cross of a scalar z-axis value with a vector: `s × v` (angular velocity times radius).
#[inline(always)]
pub fn cross_sv(s: Real, v: Vec2) -> Vec2 {
    Vec2::new(-s * v.y, s * v.x)
}

/// The vector rotated by +90° (counter-clockwise).
#[inline(always)]
pub fn left_perp(v: Vec2) -> Vec2 {
    Vec2::new(-v.y, v.x)
}

/// The vector rotated by -90° (clockwise).
#[inline(always)]
pub fn right_perp(v: Vec2) -> Vec2 {
    Vec2::new(v.y, -v.x)
}

/// True when every component is finite.
#[inline]
pub fn is_finite_vec(v: Vec2) -> bool {
    v.x.is_finite() && v.y.is_finite()
}

/// A rotation stored as cosine and sine (no angle wrapping, cheap to apply).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[repr(C)]
pub struct Rot {
    pub c: Real,
    pub s: Real,
}

impl Default for Rot {
    fn default() -> Self {
        Rot::IDENTITY
    }
}

impl Rot {
    pub const IDENTITY: Rot = Rot { c: 1.0, s: 0.0 };

    #[inline]
    pub fn from_angle(angle: Real) -> Rot {
        let (s, c) = angle.sin_cos();
        Rot { c, s }
    }

    /// The angle in (-π, π].
    #[inline]
    pub fn angle(self) -> Real {
        atan2(self.s, self.c)
    }

    /// `angle()` for the small turns a joint makes within one step, without
    /// the divisions of `atan2`: for a unit rotation turned less than about
    /// 0.125 rad, angle = asin(s), whose odd series to s¹⁷ leaves an error
    /// below 1e-19 rad there. Larger turns take `atan2`.
    #[inline]
    pub fn small_angle(self) -> Real {
        const ASIN: [Real; 9] = [
            1.0,
            1.0 / 6.0,
            3.0 / 40.0,
            5.0 / 112.0,
            35.0 / 1152.0,
            63.0 / 2816.0,
            231.0 / 13312.0,
            143.0 / 10240.0,
            6435.0 / 557056.0,
        ];
        if self.in_series_range() {
            let z = self.s * self.s;
            let mut sum = ASIN[8];
            for k in (0..8).rev() {
                sum = sum * z + ASIN[k];
            }
            self.s * sum
        } else {
            self.angle()
        }
    }

    /// Where `small_angle` takes its series (a turn of less than about
    /// 0.125 rad).
    #[inline(always)]
    fn in_series_range(self) -> bool {
        self.c > 0.0 && self.s.abs() <= 0.125
    }

    /// `small_angle` without its series: `(s, e)` with the angle within
    /// `e` of `s` (asin(s) − s ≤ 0.17·|s|³ in the series' range, plus a
    /// margin over every rounding of the series' sum, below 1e-15), or
    /// `None` where `small_angle` would take `atan2`. Cheap bounds for a
    /// caller that only needs to know the angle is far from a limit.
    #[inline]
    pub fn small_angle_bounds(self) -> Option<(Real, Real)> {
        self.in_series_range()
            .then(|| (self.s, 0.17 * self.s.abs() * self.s * self.s + 1e-12))
    }

    #[inline(always)]
    pub fn rotate(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x - self.s * v.y, self.s * v.x + self.c * v.y)
    }

    #[inline(always)]
    pub fn inv_rotate(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x + self.s * v.y, -self.s * v.x + self.c * v.y)
    }

    /// `self * other`: rotate by `other`, then by `self`.
    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn mul(self, other: Rot) -> Rot {
        Rot {
            c: self.c * other.c - self.s * other.s,
            s: self.s * other.c + self.c * other.s,
        }
    }

    /// `inverse(self) * other`: the rotation from `self` to `other`.
    #[inline(always)]
    pub fn inv_mul(self, other: Rot) -> Rot {
        Rot {
            c: self.c * other.c + self.s * other.s,
            s: self.c * other.s - self.s * other.c,
        }
    }

    /// Rescale to unit length (guards against drift from repeated integration).
    #[inline]
    pub fn normalize(self) -> Rot {
        let mag = (self.c * self.c + self.s * self.s).sqrt();
        if mag > 0.0 {
            Rot {
                c: self.c / mag,
                s: self.s / mag,
            }
        } else {
            Rot::IDENTITY
        }
    }

    /// Advance by the angle `da`. Turns below a quarter radian (a body
    /// spinning under 60 rad/s at 240 Hz substeps) take the Taylor series of
    /// sin and cos (to the 5th power below 0.01 rad, to the 11th/10th above)
    /// instead of the libm call, whose
    /// ~200 instructions were 7 % of a 10,000-body hinge grid's step: the
    /// series' truncation error there is below 1.2e-16, f64 round-off, so a
    /// spinning body keeps its exact angular rate either way.
    ///
    /// The product of two unit rotations is unit to round-off, so one
    /// Newton step towards length 1 (error ~ (|q|²−1)², nothing) replaces
    /// the square root and two divisions of `normalize`; a rotation
    /// further than 1e-6 from unit length still takes `normalize`.
    #[inline]
    pub fn integrate(self, da: Real) -> Rot {
        let inc = if da.abs() < 0.01 {
            // The usual substep turn.
            Rot::small_turn(da)
        } else if da.abs() < 0.25 {
            let d2 = da * da;
            Rot {
                c: 1.0
                    - d2 * (1.0 / 2.0
                        - d2 * (1.0 / 24.0
                            - d2 * (1.0 / 720.0 - d2 * (1.0 / 40320.0 - d2 * (1.0 / 3628800.0))))),
                s: da
                    * (1.0
                        - d2 * (1.0 / 6.0
                            - d2 * (1.0 / 120.0
                                - d2 * (1.0 / 5040.0
                                    - d2 * (1.0 / 362880.0 - d2 * (1.0 / 39916800.0)))))),
            }
        } else {
            Rot::from_angle(da)
        };
        let q = inc.mul(self);
        let m2 = q.c * q.c + q.s * q.s;
        if (m2 - 1.0).abs() < 1e-6 {
            let scale = 1.5 - 0.5 * m2;
            Rot {
                c: q.c * scale,
                s: q.s * scale,
            }
        } else {
            q.normalize()
        }
    }

    /// `integrate` without the step back to unit length, for the tiny
    /// turns of the joints' position projection (below 0.01 rad; larger
    /// ones take `integrate`): a few of them a substep leave the rotation
    /// off unit length by a few units of round-off, and the next drift
    /// (`integrate`) brings it back. The Newton step was a third of each
    /// turn's dependent chain of operations, and a joint chain's
    /// projection waits on that chain from one joint to the next.
    #[inline]
    pub fn turn_slightly(self, da: Real) -> Rot {
        if da.abs() < 0.01 {
            Rot::small_turn(da).mul(self)
        } else {
            self.integrate(da)
        }
    }

    /// The rotation by `da` below 0.01 rad, from the series to the 5th
    /// power, which already stops below 1e-16 there. The last terms
    /// multiply by the reciprocals instead of dividing: a division's
    /// latency sat on the chain of dependent updates of a joint chain's
    /// projection (ragdolls' substeps −10 %), and they change the sums by
    /// far less than a rounding step.
    #[inline(always)]
    fn small_turn(da: Real) -> Rot {
        let d2 = da * da;
        Rot {
            c: 1.0 - d2 * (0.5 - d2 * (1.0 / 24.0)),
            s: da * (1.0 - d2 * (1.0 / 6.0 - d2 * (1.0 / 120.0))),
        }
    }

    /// Unit x axis of the rotated frame.
    #[inline(always)]
    pub fn x_axis(self) -> Vec2 {
        Vec2::new(self.c, self.s)
    }
}

/// A rigid transform: rotate, then translate.
#[derive(Clone, Copy, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct Transform {
    pub p: Vec2,
    pub q: Rot,
}

impl Transform {
    pub const IDENTITY: Transform = Transform {
        p: Vec2::ZERO,
        q: Rot::IDENTITY,
    };

    #[inline]
    pub fn new(p: Vec2, angle: Real) -> Transform {
        Transform {
            p,
            q: Rot::from_angle(angle),
        }
    }

    /// Local point → world point.
    #[inline(always)]
    pub fn apply(self, v: Vec2) -> Vec2 {
        self.q.rotate(v) + self.p
    }

    /// World point → local point.
    #[inline(always)]
    pub fn inv_apply(self, v: Vec2) -> Vec2 {
        self.q.inv_rotate(v - self.p)
    }

    /// `self * other`: the frame `other` expressed through `self`.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn mul(self, other: Transform) -> Transform {
        Transform {
            p: self.q.rotate(other.p) + self.p,
            q: self.q.mul(other.q),
        }
    }

    /// `inverse(self) * other`: `other` expressed in `self`'s frame.
    #[inline]
    pub fn inv_mul(self, other: Transform) -> Transform {
        Transform {
            p: self.q.inv_rotate(other.p - self.p),
            q: self.q.inv_mul(other.q),
        }
    }
}

/// Axis-aligned bounding box.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Aabb {
    pub min: Vec2,
    pub max: Vec2,
}

impl Aabb {
    #[inline]
    pub fn new(min: Vec2, max: Vec2) -> Aabb {
        Aabb { min, max }
    }

    #[inline(always)]
    pub fn overlaps(&self, other: &Aabb) -> bool {
        !(other.min.x > self.max.x
            || other.min.y > self.max.y
            || self.min.x > other.max.x
            || self.min.y > other.max.y)
    }

    #[inline(always)]
    pub fn contains(&self, other: &Aabb) -> bool {
        self.min.x <= other.min.x
            && self.min.y <= other.min.y
            && other.max.x <= self.max.x
            && other.max.y <= self.max.y
    }

    #[inline(always)]
    pub fn contains_point(&self, p: Vec2) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }

    #[inline(always)]
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    #[inline(always)]
    pub fn perimeter(&self) -> Real {
        2.0 * ((self.max.x - self.min.x) + (self.max.y - self.min.y))
    }

    #[inline]
    pub fn center(&self) -> Vec2 {
        0.5 * (self.min + self.max)
    }

    #[inline]
    pub fn extents(&self) -> Vec2 {
        0.5 * (self.max - self.min)
    }

    #[inline]
    pub fn expanded(&self, margin: Real) -> Aabb {
        let m = Vec2::splat(margin);
        Aabb {
            min: self.min - m,
            max: self.max + m,
        }
    }

    pub fn is_valid(&self) -> bool {
        is_finite_vec(self.min)
            && is_finite_vec(self.max)
            && self.min.x <= self.max.x
            && self.min.y <= self.max.y
    }
}

/// atan2 to within 2 ulp of libm's, in about a third of its time and the
/// same on every platform (libm's may differ in the last bit, which would
/// break cross-machine determinism). A hinge with limits reads its angle in
/// every pass of every substep, and libm's atan2 was a quarter of a ragdoll
/// pile's step. Rational approximation of atan on [0, 0.66] with the
/// coefficients of Cephes' `atan` (Moshier), argument reduction by
/// atan t = π/4 + atan((t − 1)/(t + 1)) above.
pub fn atan2(y: Real, x: Real) -> Real {
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};
    const P: [Real; 5] = [
        -8.750_608_600_031_904e-1,
        -1.615_753_718_733_365e1,
        -7.500_855_792_314_705e1,
        -1.228_866_684_490_136_2e2,
        -6.485_021_904_942_025e1,
    ];
    const Q: [Real; 5] = [
        2.485_846_490_142_306_3e1,
        1.650_270_098_316_988_5e2,
        4.328_810_604_912_903e2,
        4.853_903_996_359_137e2,
        1.945_506_571_482_614e2,
    ];
    // The low bits of π/4 that the double constant misses.
    const MOREBITS: Real = 6.123_233_995_736_766e-17;
    let atan_small = |t: Real| {
        let z = t * t;
        let p = (((P[0] * z + P[1]) * z + P[2]) * z + P[3]) * z + P[4];
        let q = ((((z + Q[0]) * z + Q[1]) * z + Q[2]) * z + Q[3]) * z + Q[4];
        t + t * (z * p / q)
    };
    // atan of t in [0, 1].
    let atan_unit = |t: Real| {
        if t <= 0.66 {
            atan_small(t)
        } else {
            FRAC_PI_4 + (atan_small((t - 1.0) / (t + 1.0)) + 0.5 * MOREBITS)
        }
    };
    let (ax, ay) = (x.abs(), y.abs());
    let base = if ay <= ax {
        if ax == 0.0 {
            0.0
        } else {
            atan_unit(ay / ax)
        }
    } else {
        FRAC_PI_2 - atan_unit(ax / ay) + MOREBITS
    };
    let base = if x.is_sign_negative() {
        PI - base + 2.0 * MOREBITS
    } else {
        base
    };
    if y.is_sign_negative() {
        -base
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn small_angle_matches_atan2_to_round_off() {
        for i in -2000..=2000 {
            let a = i as super::Real * 1e-4;
            let q = super::Rot::from_angle(a);
            let (fast, exact) = (q.small_angle(), q.angle());
            assert!(
                (fast - exact).abs() <= 4e-17 + 4e-16 * exact.abs(),
                "{a}: {fast} vs {exact}"
            );
        }
        let q = super::Rot::from_angle(2.5);
        assert_eq!(q.small_angle(), q.angle());
    }

    #[test]
    fn a_slight_turn_is_the_turn_and_the_next_drift_puts_it_back_on_the_circle() {
        for start in [0.0, 0.7, -2.9, 3.1] {
            let q0 = super::Rot::from_angle(start);
            // Eight projection turns of a substep, then one drift.
            let mut q = q0;
            let mut angle = start;
            for k in 0..8 {
                let da = (k as super::Real + 1.0) * 1e-3;
                q = q.turn_slightly(da);
                angle += da;
            }
            let exact = super::Rot::from_angle(angle);
            let err = (q.c - exact.c).abs().max((q.s - exact.s).abs());
            assert!(err <= 4e-15, "{start}: off by {err}");
            let off = |q: super::Rot| (q.c * q.c + q.s * q.s - 1.0).abs();
            assert!(off(q) <= 4e-15, "{start}: |q|² − 1 = {}", off(q));
            let drifted = q.integrate(1e-3);
            assert!(
                off(drifted) <= 4e-16,
                "{start}: |q|² − 1 = {}",
                off(drifted)
            );
        }
        // Past 0.01 rad it is `integrate`.
        let q = super::Rot::from_angle(0.3);
        assert_eq!(q.turn_slightly(0.05), q.integrate(0.05));
    }

    #[test]
    fn integrate_matches_sin_cos_to_round_off() {
        // Across the series' range and past it, from a few start angles.
        for start in [0.0, 0.7, -2.9, 3.1] {
            let q0 = super::Rot::from_angle(start);
            for i in -3000..=3000 {
                let da = i as super::Real * 1e-4;
                let q = q0.integrate(da);
                let exact = super::Rot::from_angle(start + da);
                let err = (q.c - exact.c).abs().max((q.s - exact.s).abs());
                assert!(err <= 1e-15, "{start} + {da}: off by {err}");
                assert!((q.c * q.c + q.s * q.s - 1.0).abs() <= 4e-16);
            }
        }
        // Ten thousand small turns stay on the unit circle and on the angle.
        let mut q = super::Rot::IDENTITY;
        for _ in 0..10_000 {
            q = q.integrate(0.01);
        }
        assert!((q.c * q.c + q.s * q.s - 1.0).abs() <= 1e-15);
        let exact = super::Rot::from_angle(100.0);
        assert!((q.c - exact.c).abs() < 1e-12 && (q.s - exact.s).abs() < 1e-12);
    }

    use super::*;

    #[test]
    fn rot_roundtrip() {
        let q = Rot::from_angle(0.7);
        let v = Vec2::new(1.5, -2.0);
        let w = q.inv_rotate(q.rotate(v));
        assert!((w - v).length() < 1e-14);
        assert!((q.angle() - 0.7).abs() < 1e-14);
        let r = Rot::from_angle(0.2);
        assert!((q.mul(r).angle() - 0.9).abs() < 1e-14);
        assert!((q.inv_mul(r).angle() + 0.5).abs() < 1e-14);
    }

    #[test]
    fn atan2_matches_libm_to_two_ulp_in_every_quadrant() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed as Real / u64::MAX as Real) * 2.0 - 1.0
        };
        for i in 0..200_000 {
            // Whole plane, and the small relative angles hinges read.
            let (y, x) = if i % 2 == 0 {
                (next(), next())
            } else {
                (next() * 1e-4, 1.0 + next() * 1e-4)
            };
            assert!((atan2(y, x) - y.atan2(x)).abs() < 5e-16, "{y} {x}");
        }
        for (y, x) in [
            (0.0, 0.0),
            (0.0, -1.0),
            (-0.0, -1.0),
            (1.0, 0.0),
            (-1.0, 0.0),
        ] {
            assert!((atan2(y, x) - Real::atan2(y, x)).abs() < 5e-16, "{y} {x}");
        }
    }

    #[test]
    fn transform_roundtrip() {
        let xf = Transform::new(Vec2::new(3.0, 4.0), 1.1);
        let p = Vec2::new(-0.5, 2.0);
        assert!((xf.inv_apply(xf.apply(p)) - p).length() < 1e-14);
        let other = Transform::new(Vec2::new(1.0, 0.0), -0.3);
        let composed = xf.inv_mul(xf.mul(other));
        assert!((composed.p - other.p).length() < 1e-13);
    }
}
