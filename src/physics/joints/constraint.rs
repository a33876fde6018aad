//! A joint's working copy for one step (`JointConstraint`): the bodies'
//! inverse masses, the relative angle at the step start, the phase's
//! anchors, the accumulated impulses, and the per-kind data, with the
//! anchors at the step start beside it (`JointStart`); with the rows
//! several kinds share (a point-to-point row, an angle row) and the
//! position clamps.

use crate::physics::joints::{distance, hinge, mouse, slider, spring, wheel};
use crate::physics::math::{cross, cross_sv, Real, Rot, Vec2};
use crate::physics::solver::solver_body::SolverBody;

/// Largest position correction of one row per substep (m): a joint created
/// far from its pose closes the gap over several substeps, not in one jump.
const MAX_CORRECTION: Real = 0.2;
/// Largest angular correction of one row per substep (rad).
const MAX_ANGULAR_CORRECTION: Real = 0.5;
/// Impulse slots of a joint in the solver (meaning per kind; no kind uses
/// more than five).
pub const IMPULSES: usize = 5;
/// Impulse slots a joint keeps between steps (`Joint::impulses`): one more
/// than the solver's, the snapshot format's from before the solver's joint
/// records were trimmed (the last slot stays 0).
pub const STORED_IMPULSES: usize = 6;

/// Per-kind data fixed for the step.
#[derive(Clone, Debug)]
pub(crate) enum Prepared {
    Hinge(hinge::Prepared),
    Distance(distance::Prepared),
    Weld,
    Slider(slider::Prepared),
    Mouse(mouse::Prepared),
    Spring(spring::Prepared),
    /// Boxed: the wheel's data is twice a hinge's, and the enum's size is
    /// every joint record's (joint records are streamed from memory five
    /// times per substep); vehicles have a few wheels, not thousands.
    Wheel(Box<wheel::Prepared>),
}

/// One joint's working copy for the step.
#[derive(Clone, Debug)]
pub(crate) struct JointConstraint {
    /// Joint slot index.
    pub joint: u32,
    /// Solver body indices (0 = static dummy / the world).
    pub a: u32,
    pub b: u32,
    pub ma: Real,
    pub ia: Real,
    pub mb: Real,
    pub ib: Real,
    /// Relative angle B − A minus the reference angle, at the step start
    /// (0 for the kinds that never read it: a hinge without limits,
    /// distance, mouse, spring, wheel).
    pub angle0: Real,
    /// Anchors at the start of the substep (the distance joint keeps its
    /// anchor-to-anchor vector there too): the
    /// position projection moves along the constraint's directions there
    /// (see `project_joints`).
    pub ra_s: Vec2,
    pub rb_s: Vec2,
    /// The point rows' 2×2 effective mass at `ra_s`, `rb_s`. Positions do
    /// not move within a phase, so the anchors and this mass are computed
    /// once per phase (`begin_phase`) instead of once per row solve: a
    /// hinge's solve is then a few multiplies (joint_grid's hinges were
    /// 40 % anchor rotations and mass rebuilds).
    pub point_mass: PointMass,
    /// Settling errors from outside the solver (`settle_joints`): the
    /// projection then moves positions only. Otherwise each unit of
    /// position correction changes the velocity by 1/h (RATTLE).
    pub settling: bool,
    /// Accumulated impulses of this substep (what the warm start began
    /// from is beside the records, `SolverScratch::joint_warm`).
    pub imp: [Real; IMPULSES],
    pub kind: Prepared,
}

/// The impulse on B (linear, angular) that a joint's position projection
/// gave along with the velocity change it implies (`JointConstraint::shift`;
/// RATTLE): part of what the joint pulls with. A body circling on a rod is
/// held on its circle half by the solve and half by the projection, which
/// `reaction_force` once left out (it read half of m·v²/r). Kept beside the
/// records (`SolverScratch::joint_projection`), whose every byte is
/// streamed in each pass.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct ProjectionImpulse {
    pub linear: Vec2,
    pub angular: Real,
}

impl ProjectionImpulse {
    pub const ZERO: ProjectionImpulse = ProjectionImpulse {
        linear: Vec2::ZERO,
        angular: 0.0,
    };
}

impl std::ops::Add for ProjectionImpulse {
    type Output = ProjectionImpulse;
    #[inline(always)]
    fn add(self, o: ProjectionImpulse) -> ProjectionImpulse {
        ProjectionImpulse {
            linear: self.linear + o.linear,
            angular: self.angular + o.angular,
        }
    }
}

impl std::ops::AddAssign for ProjectionImpulse {
    #[inline(always)]
    fn add_assign(&mut self, o: ProjectionImpulse) {
        *self = *self + o;
    }
}

/// Where a joint's anchors were at the step start, beside its record
/// (`SolverScratch::joint_starts`, same index): only the passes that turn
/// them to the bodies' rotations now read them (each phase's anchors, the
/// position projection, a slider's or wheel's axis frame, a spring's
/// geometry). The warm start and the rigid kinds' velocity rows work at
/// the phase's anchors (`ra_s`, `rb_s`), and streaming these 48 bytes with
/// every record through them was a sixth of what they read.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct JointStart {
    /// Anchors relative to the centres of mass, world frame, step start.
    pub ra0: Vec2,
    pub rb0: Vec2,
    /// Centre of B minus centre of A at the step start (the world point
    /// itself when B is the world).
    pub dc0: Vec2,
}

/// The substep's length and its inverse: the same for every joint of a
/// step, so passed to the rows (`JointStep`) rather than kept in each
/// record.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Substep {
    pub h: Real,
    pub inv_h: Real,
}

impl Substep {
    pub fn new(h: Real) -> Substep {
        Substep { h, inv_h: 1.0 / h }
    }

    /// What joint `start`'s rows read besides its record.
    #[inline(always)]
    pub fn at<'a>(self, start: &'a JointStart) -> JointStep<'a> {
        JointStep {
            start,
            h: self.h,
            inv_h: self.inv_h,
        }
    }
}

/// What a joint's rows read besides its record: its anchors at the step
/// start (beside the records) and the substep.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JointStep<'a> {
    pub start: &'a JointStart,
    pub h: Real,
    pub inv_h: Real,
}

/// The point-to-point rows' effective mass
/// K = (mA + mB)·I + iA·[rA]ᵀ[rA] + iB·[rB]ᵀ[rB]
/// (with [r] the skew row (−r.y, r.x)) and 1/det K, 0 when K is singular
/// (neither body can move), kept as its inverse: three numbers, not four
/// (joint_grid's 20,000 joint records are streamed from memory five times
/// per substep, so their size is time).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PointMass {
    /// K⁻¹ (symmetric).
    i11: Real,
    i12: Real,
    i22: Real,
}

impl PointMass {
    #[inline]
    pub fn new(c: &JointConstraint, ra: Vec2, rb: Vec2) -> PointMass {
        let (ma, ia, mb, ib) = (c.ma, c.ia, c.mb, c.ib);
        let k11 = ma + mb + ra.y * ra.y * ia + rb.y * rb.y * ib;
        let k12 = -ra.y * ra.x * ia - rb.y * rb.x * ib;
        let k22 = ma + mb + ra.x * ra.x * ia + rb.x * rb.x * ib;
        let det = k11 * k22 - k12 * k12;
        let inv = if det.abs() <= Real::MIN_POSITIVE {
            0.0
        } else {
            1.0 / det
        };
        PointMass {
            i11: inv * k22,
            i12: -inv * k12,
            i22: inv * k11,
        }
    }

    /// K⁻¹·rhs (zero when K is singular).
    #[inline]
    pub fn solve(&self, rhs: Vec2) -> Vec2 {
        Vec2::new(
            self.i11 * rhs.x + self.i12 * rhs.y,
            self.i12 * rhs.x + self.i22 * rhs.y,
        )
    }
}

/// Velocities of both bodies: (vA, ωA, vB, ωB).
pub(crate) type Vel = (Vec2, Real, Vec2, Real);

impl JointConstraint {
    #[inline]
    pub fn vel(&self, bodies: &[SolverBody]) -> Vel {
        let a = &bodies[self.a as usize];
        let b = &bodies[self.b as usize];
        (a.v, a.w, b.v, b.w)
    }

    #[inline]
    pub fn store(&self, bodies: &mut [SolverBody], v: Vel) {
        if self.a != 0 {
            bodies[self.a as usize].v = v.0;
            bodies[self.a as usize].w = v.1;
        }
        if self.b != 0 {
            bodies[self.b as usize].v = v.2;
            bodies[self.b as usize].w = v.3;
        }
    }

    /// Current anchors (rotated with the bodies during the step).
    #[inline]
    pub fn anchors(&self, s: &JointStep, bodies: &[SolverBody]) -> (Vec2, Vec2) {
        (
            bodies[self.a as usize].dq.rotate(s.start.ra0),
            bodies[self.b as usize].dq.rotate(s.start.rb0),
        )
    }

    /// Anchors for the phase about to run, from the bodies' rotations now,
    /// with what the kind derives from them: the point rows' mass (hinge,
    /// weld, mouse) or the distance joint's anchor-to-anchor vector (which
    /// its projection moves along). The solve and relax phases move no
    /// positions, so every row solve of the phase reads them from here.
    #[inline]
    pub fn begin_phase(&mut self, s: &JointStep, bodies: &[SolverBody]) {
        let (ra, rb) = self.anchors(s, bodies);
        self.ra_s = ra;
        self.rb_s = rb;
        match self.kind {
            Prepared::Hinge(_) | Prepared::Weld | Prepared::Mouse(_) => {
                self.point_mass = PointMass::new(self, ra, rb);
            }
            Prepared::Distance(_) => {
                let d = self.separation(s, bodies, ra, rb);
                if let Prepared::Distance(p) = &mut self.kind {
                    p.d_s = d;
                }
            }
            _ => {}
        }
    }

    /// Current vector from A's anchor to B's anchor.
    #[inline]
    pub fn separation(&self, s: &JointStep, bodies: &[SolverBody], ra: Vec2, rb: Vec2) -> Vec2 {
        s.start.dc0 + (bodies[self.b as usize].dp - bodies[self.a as usize].dp) + (rb - ra)
    }

    /// Current relative angle (B − A − reference).
    #[inline]
    pub fn angle(&self, bodies: &[SolverBody]) -> Real {
        self.angle0 + self.turn_since_start(bodies).small_angle()
    }

    /// B's change of rotation this step seen from A's.
    #[inline]
    fn turn_since_start(&self, bodies: &[SolverBody]) -> Rot {
        let (qa, qb) = (bodies[self.a as usize].dq, bodies[self.b as usize].dq);
        qa.inv_mul(qb)
    }

    /// Whether the relative angle is certainly strictly between `lo` and
    /// `hi`, told from `Rot::small_angle_bounds` without the series of
    /// `angle` (false: it may not be, ask `angle`). When this says yes
    /// `angle` would have said the same: the position projection of a
    /// limited hinge far from its stops skips the series, which sits on
    /// the projection's chain of dependent updates (a ragdoll's joints
    /// share bodies).
    #[inline]
    pub fn surely_within(&self, bodies: &[SolverBody], lo: Real, hi: Real) -> bool {
        self.angle_bounds(bodies)
            .is_some_and(|(least, most)| least > lo && most < hi)
    }

    /// `(least, most)` with `least ≤ angle() ≤ most`, from
    /// `Rot::small_angle_bounds` without the series (its error bound's
    /// margin covers the roundings of the sums here); `None` where `angle`
    /// would take `atan2`.
    #[inline]
    pub fn angle_bounds(&self, bodies: &[SolverBody]) -> Option<(Real, Real)> {
        self.turn_since_start(bodies)
            .small_angle_bounds()
            .map(|(s, error)| {
                let estimate = self.angle0 + s;
                (estimate - error, estimate + error)
            })
    }

    /// Rotation of A now (for axes fixed in A).
    #[inline]
    pub fn rot_a(&self, bodies: &[SolverBody]) -> Rot {
        bodies[self.a as usize].dq
    }

    /// Bias, mass scale and impulse scale of a one-sided limit row with
    /// position error `c` (≥ 0 is satisfied): speculative when apart (it may
    /// close exactly the gap this substep), a plain velocity row otherwise
    /// (the overlap itself is removed by the position projection).
    #[inline]
    pub fn limit_terms(c: Real, inv_h: Real) -> (Real, Real, Real) {
        if c > 0.0 {
            (c * inv_h, 1.0, 0.0)
        } else {
            (0.0, 1.0, 0.0)
        }
    }

    /// Move the bodies by a position impulse `p` at the anchors plus an
    /// angular one `l` (−on A, +on B), and change their velocities by the
    /// same motion over the substep (as if the drift had made it), so the
    /// relax phase sees where they really went: moving positions alone
    /// lifts a swinging pendulum each substep without taking the speed it
    /// would cost (+1.6 % energy per swing, measured).
    #[inline]
    pub fn shift(
        &self,
        inv_h: Real,
        bodies: &mut [SolverBody],
        (ra, rb): (Vec2, Vec2),
        p: Vec2,
        l: Real,
    ) -> ProjectionImpulse {
        let rate = if self.settling { 0.0 } else { inv_h };
        self.move_bodies(bodies, ra, rb, p, l, rate);
        ProjectionImpulse {
            linear: p * rate,
            angular: l * rate,
        }
    }

    /// The same move without the velocity change (a slider's limits: a
    /// stop along the axis should not rebound).
    #[inline]
    pub fn nudge(&self, bodies: &mut [SolverBody], ra: Vec2, rb: Vec2, p: Vec2, l: Real) {
        self.move_bodies(bodies, ra, rb, p, l, 0.0);
    }

    #[inline(always)]
    fn move_bodies(
        &self,
        bodies: &mut [SolverBody],
        ra: Vec2,
        rb: Vec2,
        p: Vec2,
        l: Real,
        rate: Real,
    ) {
        if self.a != 0 {
            let a = &mut bodies[self.a as usize];
            a.dp -= self.ma * p;
            let turn = -self.ia * (cross(ra, p) + l);
            a.v -= self.ma * p * rate;
            a.w += turn * rate;
            if turn != 0.0 {
                a.dq = a.dq.turn_slightly(turn);
            }
        }
        if self.b != 0 {
            let b = &mut bodies[self.b as usize];
            b.dp += self.mb * p;
            let turn = self.ib * (cross(rb, p) + l);
            b.v += self.mb * p * rate;
            b.w += turn * rate;
            if turn != 0.0 {
                b.dq = b.dq.turn_slightly(turn);
            }
        }
    }
}

/// Clamp a linear position error to the per-substep correction limit.
/// The clamp is rare (a joint created off its pose), and taken out of line:
/// inline, the compiler computed its square root and division for every
/// row and selected the result, so each projection of a joint chain waited
/// on both before the next joint could read the bodies (a fifth of
/// joint_grid's projection samples).
#[inline]
pub(crate) fn clamp_correction(c: Vec2) -> Vec2 {
    let len2 = c.length_squared();
    if len2 > MAX_CORRECTION * MAX_CORRECTION {
        shorten_correction(c, len2)
    } else {
        c
    }
}

#[cold]
#[inline(never)]
fn shorten_correction(c: Vec2, len2: Real) -> Vec2 {
    c * (MAX_CORRECTION / len2.sqrt())
}

/// Clamp an angular or scalar position error.
#[inline]
pub(crate) fn clamp_scalar(c: Real, max: Real) -> Real {
    c.clamp(-max, max)
}

/// Per-substep limits on one row's correction (linear m, angular rad).
pub(crate) const LIMITS: (Real, Real) = (MAX_CORRECTION, MAX_ANGULAR_CORRECTION);

/// Apply the linear impulse `p` at the anchors (−p on A, +p on B).
#[inline]
pub(crate) fn apply_point(c: &JointConstraint, ra: Vec2, rb: Vec2, p: Vec2, v: &mut Vel) {
    v.0 -= c.ma * p;
    v.1 -= c.ia * cross(ra, p);
    v.2 += c.mb * p;
    v.3 += c.ib * cross(rb, p);
}

/// Warm start of a joint whose impulse slots 0–1 are its anchor point and
/// whose angular impulse (limits, motor, weld angle) sums to `axial`.
/// At the phase's anchors (`begin_phase`).
#[inline(always)]
pub(crate) fn apply_point_and_angle(
    c: &JointConstraint,
    imp: &[Real; IMPULSES],
    axial: Real,
    v: &mut Vel,
) {
    let (ra, rb) = (c.ra_s, c.rb_s);
    apply_point(c, ra, rb, Vec2::new(imp[0], imp[1]), v);
    v.1 -= c.ia * axial;
    v.3 += c.ib * axial;
}

/// Velocity of B's anchor relative to A's.
#[inline]
pub(crate) fn point_velocity(v: &Vel, ra: Vec2, rb: Vec2) -> Vec2 {
    v.2 + cross_sv(v.3, rb) - v.0 - cross_sv(v.1, ra)
}

/// One point-to-point velocity solve on impulse slots (i, i+1): rigid, or
/// soft with the mouse joint's own stiffness; `max` caps the accumulated
/// impulse's length (mouse joint).
#[inline(always)]
pub(crate) fn solve_point(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    i: usize,
    max: Option<Real>,
) {
    let (ra, rb) = (c.ra_s, c.rb_s);
    let cdot = point_velocity(v, ra, rb);
    let (rate, ms, is) = match c.kind {
        Prepared::Mouse(m) => (m.soft.bias_rate, m.soft.mass_scale, m.soft.impulse_scale),
        _ => (0.0, 1.0, 0.0),
    };
    let bias = if rate != 0.0 {
        rate * c.separation(s, bodies, ra, rb)
    } else {
        Vec2::ZERO
    };
    let old = Vec2::new(c.imp[i], c.imp[i + 1]);
    let mut impulse = -ms * c.point_mass.solve(cdot + bias) - is * old;
    let mut total = old + impulse;
    if let Some(max) = max {
        let len = total.length();
        if len > max {
            total *= max / len;
        }
        impulse = total - old;
    }
    c.imp[i] = total.x;
    c.imp[i + 1] = total.y;
    apply_point(c, ra, rb, impulse, v);
}

/// Position projection of a point-to-point row: move the anchors together
/// (K⁻¹·C split by the inverse masses).
#[inline(always)]
pub(crate) fn project_point(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
) -> ProjectionImpulse {
    let (ra, rb) = c.anchors(s, bodies);
    let err = clamp_correction(c.separation(s, bodies, ra, rb));
    let p = -c.point_mass.solve(err);
    c.shift(s.inv_h, bodies, (c.ra_s, c.rb_s), p, 0.0)
}

/// Position projection of an angle row: C = relative angle (minus target).
pub(crate) fn project_angle(
    c: &JointConstraint,
    inv_h: Real,
    bodies: &mut [SolverBody],
    err: Real,
) -> ProjectionImpulse {
    let k = c.ia + c.ib;
    if k > 0.0 {
        let l = -clamp_scalar(err, LIMITS.1) / k;
        c.shift(inv_h, bodies, (Vec2::ZERO, Vec2::ZERO), Vec2::ZERO, l)
    } else {
        ProjectionImpulse::ZERO
    }
}

/// Optional limits (lower, upper) and optional motor (speed, max).
pub(crate) type LimitsAndMotor = (Option<(Real, Real)>, Option<(Real, Real)>);

/// A hinge's or slider's limits (lower, upper) and motor (speed, max force
/// or torque) as the solver sees them. The solver measures B's motion
/// relative to A; for a joint to the world (`to_world`: B is the world) the
/// user gave the body's own motion, which is the opposite, so the range is
/// mirrored and the speed negated.
pub(crate) fn solver_limits_and_motor(
    limits: Option<(Real, Real)>,
    motor: Option<(Real, Real)>,
    to_world: bool,
) -> LimitsAndMotor {
    if to_world {
        (
            limits.map(|(lo, hi)| (-hi, -lo)),
            motor.map(|(speed, max)| (-speed, max)),
        )
    } else {
        (limits, motor)
    }
}

#[cfg(test)]
mod tests {
    /// The joint records are streamed from memory five times per substep
    /// (warm start, solve, projection, relax's warm start and solve): on
    /// joint_grid's 20,000 hinges, 28 % more bytes per record cost 20 % more
    /// substep time (measured), and moving the warm-start impulses beside
    /// them (328 → 288 bytes) saved 4 %, the start anchors (`JointStart`,
    /// 288 → 240) 6 %, the substep's length (`Substep`, passed instead,
    /// 240 → 224) 2 %. A field added here should earn its bytes.
    #[test]
    fn a_joint_record_stays_small() {
        let size = std::mem::size_of::<super::JointConstraint>();
        assert!(size <= 224, "JointConstraint grew to {size} bytes");
    }

    #[test]
    fn a_hinge_surely_within_its_limits_is_within_them_by_its_exact_angle() {
        use super::{JointConstraint, PointMass, Prepared, IMPULSES};
        use crate::physics::math::{Rot, Vec2};
        use crate::physics::solver::solver_body::SolverBody;
        let mut c = JointConstraint {
            joint: 0,
            a: 1,
            b: 2,
            ma: 1.0,
            ia: 1.0,
            mb: 1.0,
            ib: 1.0,
            angle0: 0.0,
            ra_s: Vec2::ZERO,
            rb_s: Vec2::ZERO,
            point_mass: PointMass::default(),
            settling: false,
            imp: [0.0; IMPULSES],
            kind: Prepared::Weld,
        };
        let mut bodies = [SolverBody::STATIC; 3];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let (mut said_yes, mut near) = (0, 0);
        for _ in 0..200_000 {
            c.angle0 = (2.0 * next() - 1.0) * 3.0;
            bodies[1].dq = Rot::from_angle((2.0 * next() - 1.0) * 0.2);
            bodies[2].dq = Rot::from_angle((2.0 * next() - 1.0) * 0.2);
            // Limits around the angle, often within a hair of it.
            let angle = c.angle(&bodies);
            let gap = |u: f64| if u < 0.5 { 1e-13 * u } else { 0.1 * u };
            let (lo, hi) = (angle - gap(next()), angle + gap(next()));
            if c.surely_within(&bodies, lo, hi) {
                said_yes += 1;
                assert!(lo < angle && angle < hi, "{lo} < {angle} < {hi}");
            } else if hi - lo < 1e-12 {
                near += 1;
            }
        }
        assert!(said_yes > 20_000 && near > 10_000, "{said_yes} {near}");
    }
}
