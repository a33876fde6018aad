//! Time of impact of two moving convex proxies by conservative advancement.
//!
//! At the current time GJK gives the closest distance `d` and direction `n`.
//! Along a fixed `n`, no point of the shapes can close the gap faster than
//! `mu = -(v_b - v_a)·n + |ω_a| r_a + |ω_b| r_b` (linear part projected on
//! `n`, rotation bounded by angular speed times the farthest point's lever
//! arm). Advancing time by `(d - target) / mu` therefore can never step past
//! the target separation: the method is conservative, so a thin wall cannot be
//! tunnelled, however fast the body. For pure translation against a face it
//! lands on the target in one step; otherwise it converges from above.

use crate::physics::collision::distance::{distance, ShapeProxy};
use crate::physics::collision::narrow_phase::LINEAR_SLOP;
use crate::physics::math::{Real, Rot, Transform, Vec2};

/// Motion of a body over one step: the centre of mass moves linearly from
/// `c1` to `c2`, the rotation turns from `q1` to `q2` at a constant angular
/// rate (angle interpolation over the shortest arc, so a body must not turn
/// by more than half a revolution per step for the sweep to be faithful).
#[derive(Clone, Copy, Debug)]
pub struct Sweep {
    /// Centre of mass in the body's local frame.
    pub local_center: Vec2,
    pub c1: Vec2,
    pub c2: Vec2,
    pub q1: Rot,
    pub q2: Rot,
    /// Whole turns (a multiple of 2π, signed) the body makes on top of the
    /// short way from `q1` to `q2`: a body turning more than half a turn in
    /// a step (a 6 m plank at 250 rad/s) went round the short way in the
    /// sweep, the wrong way, and passed through a post every step.
    pub turns: Real,
}

impl Sweep {
    /// A body that does not move.
    pub fn fixed(xf: Transform, local_center: Vec2) -> Sweep {
        let c = xf.apply(local_center);
        Sweep {
            local_center,
            c1: c,
            c2: c,
            q1: xf.q,
            q2: xf.q,
            turns: 0.0,
        }
    }

    /// The sweep of a body from `(c1, q1)` to `(c2, q2)` that turned by
    /// about `turned` radians (its spin times the step): the short way from
    /// `q1` to `q2`, plus the whole turns that bring it closest to that.
    pub fn turning(
        local_center: Vec2,
        (c1, q1): (Vec2, Rot),
        (c2, q2): (Vec2, Rot),
        turned: Real,
    ) -> Sweep {
        let short = q1.inv_mul(q2).angle();
        let tau = std::f64::consts::TAU as Real;
        let extra = ((turned - short) / tau).round();
        Sweep {
            local_center,
            c1,
            c2,
            q1,
            q2,
            turns: if extra.is_finite() { extra * tau } else { 0.0 },
        }
    }

    /// Signed rotation angle from `q1` to `q2`: in (-π, π], plus `turns`.
    pub fn delta_angle(&self) -> Real {
        self.q1.inv_mul(self.q2).angle() + self.turns
    }

    /// Body-origin transform at fraction `t` of the step (0 → start, 1 → end).
    pub fn transform_at(&self, t: Real) -> Transform {
        // (1-t)·c1 + t·c2 is exact at both ends, unlike c1 + t·(c2 - c1).
        let c = (1.0 - t) * self.c1 + t * self.c2;
        let q = if t == 1.0 {
            self.q2
        } else {
            self.q1.mul(Rot::from_angle(t * self.delta_angle()))
        };
        Transform {
            p: c - q.rotate(self.local_center),
            q,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToiState {
    /// The shapes reach the target separation at `fraction`.
    Hit,
    /// They stay farther apart than the target up to `t_max`.
    Separated,
    /// Already closer than the target (minus tolerance) at the start.
    Overlapped,
    /// No convergence within the iteration budget (or bad input); `fraction`
    /// is still a safe time, reached without passing the target.
    Failed,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToiOutput {
    pub state: ToiState,
    pub fraction: Real,
}

/// Advancement steps before giving up. Translation converges in a few; fast
/// spin against a surface met at a grazing angle is the slow case.
const MAX_ITERATIONS: usize = 100;

/// Earliest fraction in `[0, t_max]` at which the shapes' (rounded) surfaces
/// come within `target` of each other, to within `tolerance`. Use a target of
/// about the linear slop so bodies end up just touching. The core-hull target
/// is kept at least `tolerance` so GJK always sees separated cores and has a
/// valid normal.
pub fn time_of_impact(
    a: &ShapeProxy,
    sweep_a: &Sweep,
    b: &ShapeProxy,
    sweep_b: &Sweep,
    t_max: Real,
    target: Real,
    tolerance: Real,
) -> ToiOutput {
    let failed = ToiOutput {
        state: ToiState::Failed,
        fraction: 0.0,
    };
    if !(t_max.is_finite() && target.is_finite()) {
        return failed;
    }
    let t_max = t_max.clamp(0.0, 1.0);
    let tol = if tolerance.is_finite() && tolerance > 0.0 {
        tolerance
    } else {
        0.25 * LINEAR_SLOP
    };
    let core_target = (target + a.radius + b.radius).max(tol);

    // Closing-speed bound terms (per unit fraction).
    let v_rel = (sweep_b.c2 - sweep_b.c1) - (sweep_a.c2 - sweep_a.c1);
    let spin = sweep_a.delta_angle().abs() * lever_arm(a, sweep_a.local_center)
        + sweep_b.delta_angle().abs() * lever_arm(b, sweep_b.local_center);
    if !(v_rel.is_finite() && spin.is_finite()) {
        return failed;
    }

    let mut t = 0.0;
    for iter in 0..MAX_ITERATIONS {
        let out = distance(
            a,
            sweep_a.transform_at(t),
            b,
            sweep_b.transform_at(t),
            false,
        );
        let d = out.distance;
        if !d.is_finite() {
            return ToiOutput {
                state: ToiState::Failed,
                fraction: t,
            };
        }
        if iter == 0 && (d <= 0.0 || d < core_target - tol) {
            return ToiOutput {
                state: ToiState::Overlapped,
                fraction: 0.0,
            };
        }
        if d < core_target + tol {
            return ToiOutput {
                state: ToiState::Hit,
                fraction: t,
            };
        }

        // Fastest possible closing speed along the current normal.
        let mu = -v_rel.dot(out.normal) + spin;
        if mu <= 0.0 {
            // Moving apart along a separating direction for the whole step.
            return separated(t_max);
        }
        let next = t + (d - core_target) / mu;
        if next >= t_max {
            // Even at the bound speed the target is not reached in time.
            return separated(t_max);
        }
        t = next;
    }
    ToiOutput {
        state: ToiState::Failed,
        fraction: t,
    }
}

fn separated(t_max: Real) -> ToiOutput {
    ToiOutput {
        state: ToiState::Separated,
        fraction: t_max,
    }
}

/// Farthest proxy point from the centre of mass: bounds how fast rotation can
/// move any core point. The radius is excluded because the distance is taken
/// between cores and a rounding disc turns with its core point.
fn lever_arm(p: &ShapeProxy, center: Vec2) -> Real {
    let n = p.count.clamp(1, p.points.len());
    p.points[..n]
        .iter()
        .map(|v| (*v - center).length())
        .fold(0.0, Real::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::collision::distance::make_proxy;
    use crate::physics::geometry::shape::{Circle, Polygon, Segment, ShapeGeom};

    const TARGET: Real = LINEAR_SLOP;
    const TOL: Real = 0.25 * LINEAR_SLOP;

    fn moving(c1: Vec2, c2: Vec2, a1: Real, a2: Real) -> Sweep {
        Sweep {
            local_center: Vec2::ZERO,
            c1,
            c2,
            q1: Rot::from_angle(a1),
            q2: Rot::from_angle(a2),
            turns: 0.0,
        }
    }

    fn gap_at(a: &ShapeProxy, sa: &Sweep, b: &ShapeProxy, sb: &Sweep, t: Real) -> Real {
        distance(a, sa.transform_at(t), b, sb.transform_at(t), true).distance
    }

    #[test]
    fn sweep_endpoints_and_center() {
        let s = Sweep {
            local_center: Vec2::new(0.5, 0.0),
            c1: Vec2::new(1.0, 2.0),
            c2: Vec2::new(3.0, 2.0),
            q1: Rot::from_angle(0.0),
            q2: Rot::from_angle(1.0),
            turns: 0.0,
        };
        let x0 = s.transform_at(0.0);
        assert!((x0.apply(s.local_center) - s.c1).length() < 1e-15);
        let x1 = s.transform_at(1.0);
        assert!((x1.apply(s.local_center) - s.c2).length() < 1e-15);
        assert!((s.transform_at(0.5).q.angle() - 0.5).abs() < 1e-14);
    }

    #[test]
    fn bullet_box_hits_thin_wall() {
        let bullet = make_proxy(&ShapeGeom::Polygon(Polygon::make_box(0.2, 0.2)));
        let wall = make_proxy(&ShapeGeom::Polygon(Polygon::make_box(0.025, 5.0)));
        let step = 10_000.0 / 60.0;
        let sa = moving(Vec2::new(-1.0, 0.3), Vec2::new(-1.0 + step, 0.3), 0.0, 0.0);
        let sb = Sweep::fixed(Transform::new(Vec2::ZERO, 0.0), Vec2::ZERO);
        let out = time_of_impact(&bullet, &sa, &wall, &sb, 1.0, TARGET, TOL);
        assert_eq!(out.state, ToiState::Hit);
        let face = sa.transform_at(out.fraction).p.x + 0.2;
        assert!(face < -0.025, "in front of the wall: {face}");
        assert!((face - (-0.025 - TARGET)).abs() <= TOL);
    }

    #[test]
    fn rotating_box_never_passes_target() {
        let bx = make_proxy(&ShapeGeom::Polygon(Polygon::make_box(0.5, 0.1)));
        let wall = make_proxy(&ShapeGeom::Polygon(Polygon::make_box(0.05, 5.0)));
        let sa = moving(Vec2::new(-3.0, 0.0), Vec2::new(1.0, 0.5), 0.0, 3.0);
        let sb = Sweep::fixed(Transform::IDENTITY, Vec2::ZERO);
        let out = time_of_impact(&bx, &sa, &wall, &sb, 1.0, TARGET, TOL);
        assert_eq!(out.state, ToiState::Hit);
        let g = gap_at(&bx, &sa, &wall, &sb, out.fraction);
        assert!((g - TARGET).abs() <= TOL, "gap {g}");
        // Dense sampling before the hit: never closer than the target.
        for k in 0..2000 {
            let t = out.fraction * k as Real / 2000.0;
            assert!(gap_at(&bx, &sa, &wall, &sb, t) > TARGET - TOL);
        }
    }

    #[test]
    fn fast_circle_hits_segment() {
        let c = make_proxy(&ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.1,
        }));
        let seg = make_proxy(&ShapeGeom::Segment(Segment::new(
            Vec2::new(-10.0, 0.0),
            Vec2::new(10.0, 0.0),
        )));
        let step = 1e4 / 60.0;
        let sa = moving(Vec2::new(0.3, 1.0), Vec2::new(2.0, 1.0 - step), 0.0, 0.0);
        let sb = Sweep::fixed(Transform::IDENTITY, Vec2::ZERO);
        let out = time_of_impact(&c, &sa, &seg, &sb, 1.0, TARGET, TOL);
        assert_eq!(out.state, ToiState::Hit);
        let y = sa.transform_at(out.fraction).p.y;
        assert!((y - (0.1 + TARGET)).abs() <= TOL, "{y}");
    }

    #[test]
    fn overlapping_start_is_overlapped() {
        let bx = make_proxy(&ShapeGeom::Polygon(Polygon::make_box(0.5, 0.5)));
        let sa = moving(Vec2::ZERO, Vec2::new(1.0, 0.0), 0.0, 0.0);
        let sb = Sweep::fixed(Transform::new(Vec2::new(0.8, 0.0), 0.0), Vec2::ZERO);
        let out = time_of_impact(&bx, &sa, &bx, &sb, 1.0, TARGET, TOL);
        assert_eq!(out.state, ToiState::Overlapped);
        assert_eq!(out.fraction, 0.0);
    }

    #[test]
    fn missing_is_separated() {
        let bx = make_proxy(&ShapeGeom::Polygon(Polygon::make_box(0.5, 0.5)));
        // Passes above the other box.
        let sa = moving(Vec2::new(-5.0, 2.0), Vec2::new(5.0, 2.0), 0.0, 0.5);
        let sb = Sweep::fixed(Transform::IDENTITY, Vec2::ZERO);
        let out = time_of_impact(&bx, &sa, &bx, &sb, 1.0, TARGET, TOL);
        assert_eq!(out.state, ToiState::Separated);
        assert_eq!(out.fraction, 1.0);
        // Moving away.
        let sa = moving(Vec2::new(2.0, 0.0), Vec2::new(50.0, 0.0), 0.0, 0.0);
        let out = time_of_impact(&bx, &sa, &bx, &sb, 1.0, TARGET, TOL);
        assert_eq!(out.state, ToiState::Separated);
        // Would hit, but after t_max.
        let sa = moving(Vec2::new(-3.0, 0.0), Vec2::new(0.0, 0.0), 0.0, 0.0);
        let out = time_of_impact(&bx, &sa, &bx, &sb, 0.5, TARGET, TOL);
        assert_eq!(out.state, ToiState::Separated);
        assert_eq!(out.fraction, 0.5);
    }

    #[test]
    fn bad_input_does_not_panic() {
        let bx = make_proxy(&ShapeGeom::Polygon(Polygon::make_box(0.5, 0.5)));
        let sa = moving(Vec2::new(Real::NAN, 0.0), Vec2::new(1.0, 0.0), 0.0, 0.0);
        let sb = Sweep::fixed(Transform::IDENTITY, Vec2::ZERO);
        let out = time_of_impact(&bx, &sa, &bx, &sb, 1.0, TARGET, TOL);
        assert_eq!(out.state, ToiState::Failed);
        let sa = moving(Vec2::new(-3.0, 0.0), Vec2::new(0.0, 0.0), 0.0, 0.0);
        let _ = time_of_impact(&bx, &sa, &bx, &sb, Real::NAN, TARGET, -1.0);
    }
}
