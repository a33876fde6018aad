//! Joints in the soft step (Box2D v3's stages): prepared once per step,
//! warm started before the contacts, solved before the contacts in the solve
//! phase and in the relax phase, positions projected after each drift;
//! impulses stored after the substeps (reaction force, breaking).
//!
//! The warm start is split like the contacts' (see `contact_solver`): half of
//! last substep's impulse before the solve phase and half before the relax
//! phase, matching the two half gravity kicks, so a hanging load is in exact
//! equilibrium at every phase.
//!
//! Position errors are not corrected with a soft velocity bias (as the
//! contacts are) but by projecting positions after each substep's drift
//! (`project_joints`): kick/solve/drift/project/kick/relax is RATTLE, which
//! is symplectic, so a pendulum keeps its energy. A velocity bias would
//! feed energy in: the bias impulse of the solve phase is re-projected by
//! the relax phase along the turned rod, and part of it ends up along the
//! motion (measured: +5 % of a pendulum's energy per second at 60 Hz).
//! Projection moves positions only, so it adds no kinetic energy, and it
//! leaves no steady stretch under load (a soft row sags by load/(m·ω²)).

use super::super::math::{cross, cross_sv, Real, Rot, Vec2};
use super::super::world::World;
use super::{distance, hinge, mouse, slider, spring, weld, JointBreak, JointKind};
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::world::id::JointId;
use crate::physics::world::step::StepScratch;

/// Largest position correction of one row per substep (m): a joint created
/// far from its pose closes the gap over several substeps, not in one jump.
const MAX_CORRECTION: Real = 0.2;
/// Largest angular correction of one row per substep (rad).
const MAX_ANGULAR_CORRECTION: Real = 0.5;
/// Joint rows solved per phase over the whole step (passes = budget / joints).
const JOINT_BUDGET: usize = 4096;
/// Most passes over the joints per phase.
const MAX_JOINT_PASSES: usize = 8;
/// Impulse slots per joint (meaning per kind).
pub const IMPULSES: usize = 6;

/// Per-kind data fixed for the step.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Prepared {
    Hinge(hinge::Prepared),
    Distance(distance::Prepared),
    Weld,
    Slider(slider::Prepared),
    Mouse(mouse::Prepared),
    Spring(spring::Prepared),
}

/// One joint's working copy for the step.
#[derive(Clone, Copy, Debug)]
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
    /// Anchors relative to the centres of mass, world frame, step start.
    pub ra0: Vec2,
    pub rb0: Vec2,
    /// Centre of B minus centre of A at the step start (the world point
    /// itself when B is the world).
    pub dc0: Vec2,
    /// Relative angle B − A minus the reference angle, at the step start.
    pub angle0: Real,
    /// Substep and its inverse.
    pub h: Real,
    pub inv_h: Real,
    /// Anchors and anchor-to-anchor vector at the start of the substep: the
    /// position projection moves along the constraint's directions there
    /// (see `project_joints`).
    pub ra_s: Vec2,
    pub rb_s: Vec2,
    pub d_s: Vec2,
    /// Velocity change per unit of position correction: 1/h after a drift
    /// (RATTLE), 0 when settling errors from outside the solver.
    pub fix_rate: Real,
    /// Accumulated impulses of this substep, and last substep's totals.
    pub imp: [Real; IMPULSES],
    pub warm: [Real; IMPULSES],
    pub kind: Prepared,
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
    pub fn anchors(&self, bodies: &[SolverBody]) -> (Vec2, Vec2) {
        (
            bodies[self.a as usize].dq.rotate(self.ra0),
            bodies[self.b as usize].dq.rotate(self.rb0),
        )
    }

    /// Current vector from A's anchor to B's anchor.
    #[inline]
    pub fn separation(&self, bodies: &[SolverBody], ra: Vec2, rb: Vec2) -> Vec2 {
        self.dc0 + (bodies[self.b as usize].dp - bodies[self.a as usize].dp) + (rb - ra)
    }

    /// Current relative angle (B − A − reference).
    #[inline]
    pub fn angle(&self, bodies: &[SolverBody]) -> Real {
        self.angle0 + bodies[self.b as usize].dq.angle() - bodies[self.a as usize].dq.angle()
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
    pub fn limit_terms(&self, c: Real) -> (Real, Real, Real) {
        if c > 0.0 {
            (c * self.inv_h, 1.0, 0.0)
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
    pub fn shift(&self, bodies: &mut [SolverBody], ra: Vec2, rb: Vec2, p: Vec2, l: Real) {
        self.move_bodies(bodies, ra, rb, p, l, self.fix_rate);
    }

    /// The same move without the velocity change (a slider's limits: a
    /// stop along the axis should not rebound).
    #[inline]
    pub fn nudge(&self, bodies: &mut [SolverBody], ra: Vec2, rb: Vec2, p: Vec2, l: Real) {
        self.move_bodies(bodies, ra, rb, p, l, 0.0);
    }

    #[inline]
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
                a.dq = a.dq.integrate(turn);
            }
        }
        if self.b != 0 {
            let b = &mut bodies[self.b as usize];
            b.dp += self.mb * p;
            let turn = self.ib * (cross(rb, p) + l);
            b.v += self.mb * p * rate;
            b.w += turn * rate;
            if turn != 0.0 {
                b.dq = b.dq.integrate(turn);
            }
        }
    }
}

/// Clamp a linear position error to the per-substep correction limit.
#[inline]
pub(crate) fn clamp_correction(c: Vec2) -> Vec2 {
    let len = c.length();
    if len > MAX_CORRECTION {
        c * (MAX_CORRECTION / len)
    } else {
        c
    }
}

/// Clamp an angular or scalar position error.
#[inline]
pub(crate) fn clamp_scalar(c: Real, max: Real) -> Real {
    c.clamp(-max, max)
}

/// Per-substep limits on one row's correction (linear m, angular rad).
pub(crate) const LIMITS: (Real, Real) = (MAX_CORRECTION, MAX_ANGULAR_CORRECTION);

/// Point-to-point row shared by hinge, weld and mouse: the 2×2 effective
/// mass K = (mA + mB)·I + iA·[rA]ᵀ[rA] + iB·[rB]ᵀ[rB] (with [r] the skew
/// row (−r.y, r.x)) applied to a right-hand side.
#[inline]
pub(crate) fn solve_point_mass(c: &JointConstraint, ra: Vec2, rb: Vec2, rhs: Vec2) -> Vec2 {
    let (ma, ia, mb, ib) = (c.ma, c.ia, c.mb, c.ib);
    let k11 = ma + mb + ra.y * ra.y * ia + rb.y * rb.y * ib;
    let k12 = -ra.y * ra.x * ia - rb.y * rb.x * ib;
    let k22 = ma + mb + ra.x * ra.x * ia + rb.x * rb.x * ib;
    let det = k11 * k22 - k12 * k12;
    if det.abs() <= Real::MIN_POSITIVE {
        return Vec2::ZERO;
    }
    let inv = 1.0 / det;
    Vec2::new(
        inv * (k22 * rhs.x - k12 * rhs.y),
        inv * (k11 * rhs.y - k12 * rhs.x),
    )
}

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
pub(crate) fn apply_point_and_angle(
    c: &JointConstraint,
    bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    axial: Real,
    v: &mut Vel,
) {
    let (ra, rb) = c.anchors(bodies);
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
pub(crate) fn solve_point(
    c: &mut JointConstraint,
    bodies: &[SolverBody],
    v: &mut Vel,
    i: usize,
    max: Option<Real>,
) {
    let (ra, rb) = c.anchors(bodies);
    let cdot = point_velocity(v, ra, rb);
    let (rate, ms, is) = match c.kind {
        Prepared::Mouse(m) => (m.soft.bias_rate, m.soft.mass_scale, m.soft.impulse_scale),
        _ => (0.0, 1.0, 0.0),
    };
    let bias = if rate != 0.0 {
        rate * c.separation(bodies, ra, rb)
    } else {
        Vec2::ZERO
    };
    let old = Vec2::new(c.imp[i], c.imp[i + 1]);
    let mut impulse = -ms * solve_point_mass(c, ra, rb, cdot + bias) - is * old;
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
pub(crate) fn project_point(c: &JointConstraint, bodies: &mut [SolverBody]) {
    let (ra, rb) = c.anchors(bodies);
    let err = clamp_correction(c.separation(bodies, ra, rb));
    let p = -solve_point_mass(c, c.ra_s, c.rb_s, err);
    c.shift(bodies, c.ra_s, c.rb_s, p, 0.0);
}

/// Position projection of an angle row: C = relative angle (minus target).
pub(crate) fn project_angle(c: &JointConstraint, bodies: &mut [SolverBody], err: Real) {
    let k = c.ia + c.ib;
    if k > 0.0 {
        let l = -clamp_scalar(err, LIMITS.1) / k;
        c.shift(bodies, Vec2::ZERO, Vec2::ZERO, Vec2::ZERO, l);
    }
}

impl World {
    /// Working copies of the joints for this step, and the body pairs they
    /// join into islands (before the contacts' islands are built).
    pub(crate) fn prepare_joints(&self, sc: &mut StepScratch, h: Real) {
        sc.joints.clear();
        sc.joint_pairs.clear();
        if self.joints.arena.is_empty() {
            return;
        }
        for (index, j) in self.joints.arena.iter() {
            let ba = self.bodies.at(j.body_a.index);
            let a = sc.body_to_solver[j.body_a.index as usize];
            let (b, cb, qb, rb0) = match j.body_b {
                Some(id) => {
                    let bb = self.bodies.at(id.index);
                    let rb0 = bb.xf.q.rotate(j.local_b - bb.local_center);
                    (
                        sc.body_to_solver[id.index as usize],
                        bb.center,
                        bb.xf.q,
                        rb0,
                    )
                }
                None => (0, j.local_b, Rot::IDENTITY, Vec2::ZERO),
            };
            if a == 0 && b == 0 {
                continue;
            }
            let (ia_, ib_) = (&sc.solver_info[a as usize], &sc.solver_info[b as usize]);
            if a != 0 && b != 0 && ia_.inv_mass > 0.0 && ib_.inv_mass > 0.0 {
                sc.joint_pairs.push((a, b));
            }
            let ra0 = ba.xf.q.rotate(j.local_a - ba.local_center);
            let reference = match &j.kind {
                JointKind::Hinge(p) => p.reference_angle,
                JointKind::Weld(p) => p.reference_angle,
                JointKind::Slider(p) => p.reference_angle,
                _ => 0.0,
            };
            let angle0 = wrap_angle(ba.xf.q.inv_mul(qb).angle() - reference);
            let mut c = JointConstraint {
                joint: index,
                a,
                b,
                ma: ia_.inv_mass,
                ia: ia_.inv_i,
                mb: ib_.inv_mass,
                ib: ib_.inv_i,
                ra0,
                rb0,
                dc0: cb - ba.center,
                angle0,
                h,
                inv_h: 1.0 / h,
                imp: if self.settings.enable_warm_starting {
                    j.impulses
                } else {
                    [0.0; IMPULSES]
                },
                warm: [0.0; IMPULSES],
                ra_s: Vec2::ZERO,
                rb_s: Vec2::ZERO,
                d_s: Vec2::ZERO,
                fix_rate: 1.0 / h,
                kind: Prepared::Weld,
            };
            c.kind = match &j.kind {
                JointKind::Hinge(p) => Prepared::Hinge(hinge::prepare(p, &c, j.body_b.is_none())),
                JointKind::Distance(p) => Prepared::Distance(distance::prepare(p)),
                JointKind::Weld(_) => Prepared::Weld,
                JointKind::Slider(p) => {
                    Prepared::Slider(slider::prepare(p, ba.xf.q, j.body_b.is_none()))
                }
                JointKind::Mouse(p) => Prepared::Mouse(mouse::prepare(p, &c)),
                JointKind::Spring(p) => Prepared::Spring(spring::prepare(p, &c, &sc.solver_bodies)),
            };
            sc.joints.push(c);
        }
        settle_joints(&mut sc.joints, &mut sc.solver_bodies);
    }

    /// Impulses back into the joints, reaction forces, and breaking.
    pub(crate) fn finish_joints(&mut self, sc: &StepScratch) {
        for c in &sc.joints {
            let (force, torque) = reaction(c, &sc.solver_bodies);
            let j = self.joints.arena.at_mut(c.joint);
            j.impulses = c.imp;
            j.reaction_force = force;
            j.reaction_torque = torque;
        }
        // Breaking: after every joint has its force, in slot order.
        let mut broken = Vec::new();
        for c in &sc.joints {
            let j = self.joints.arena.at(c.joint);
            if let Some(limit) = j.breaking_force {
                if j.reaction_force.length() > limit {
                    broken.push(c.joint);
                }
            }
        }
        for index in broken {
            let id = JointId {
                index,
                generation: self.joints.arena.generation_of(index),
            };
            let j = self.joints.arena.at(index);
            let event = JointBreak {
                joint: id,
                kind: j.joint_type(),
                body_a: j.body_a,
                body_b: j.body_b,
                force: j.reaction_force,
                user_data: j.user_data,
            };
            let _ = self.destroy_joint(id);
            self.events.joint_break.push(event);
        }
    }
}

/// Warm start every joint: half of last substep's impulses now (after the
/// contacts' warm start has been remembered, so the second kick does not
/// repeat it); the other half before the relax phase, by `solve_joints`.
pub(crate) fn warm_start_joints(joints: &mut [JointConstraint], bodies: &mut [SolverBody]) {
    for c in joints.iter_mut() {
        let (ra, rb) = c.anchors(bodies);
        c.ra_s = ra;
        c.rb_s = rb;
        c.d_s = c.separation(bodies, ra, rb);
        c.warm = c.imp;
        for x in c.imp.iter_mut() {
            *x *= 0.5;
        }
        if let Prepared::Spring(_) = c.kind {
            spring::begin_substep(c, bodies);
        }
        let half = c.imp;
        apply_impulses(c, bodies, &half);
    }
}

/// Apply impulses (per kind) at the joint's current anchors and axes.
fn apply_impulses(c: &JointConstraint, bodies: &mut [SolverBody], imp: &[Real; IMPULSES]) {
    let mut v = c.vel(bodies);
    match c.kind {
        Prepared::Hinge(_) => hinge::apply(c, bodies, imp, &mut v),
        Prepared::Distance(_) => distance::apply(c, bodies, imp, &mut v),
        Prepared::Weld => weld::apply(c, bodies, imp, &mut v),
        Prepared::Slider(_) => slider::apply(c, bodies, imp, &mut v),
        Prepared::Mouse(_) => mouse::apply(c, bodies, imp, &mut v),
        Prepared::Spring(_) => spring::apply(c, bodies, imp, &mut v),
    }
    c.store(bodies, v);
}

/// One phase over the joints: the solve phase (`use_bias`; only springs
/// treat the phases differently, rigid rows are the same in both) or the relax
/// phase, which first applies the warm start's second half — per joint, at
/// the anchors as they are after the drift. (Re-adding it per body, as the
/// contacts do, would apply a pendulum's pivot impulse in the direction the
/// rod had before the drift: a torque about the pivot that fed +0.3 % of
/// the swing's energy per minute, measured.)
pub(crate) fn solve_joints(
    joints: &mut [JointConstraint],
    bodies: &mut [SolverBody],
    use_bias: bool,
) {
    if !use_bias {
        for c in joints.iter_mut() {
            let mut half = c.warm;
            for x in half.iter_mut() {
                *x *= 0.5;
            }
            for (x, h) in c.imp.iter_mut().zip(half) {
                *x += h;
            }
            apply_impulses(c, bodies, &half);
        }
    }
    for _ in 0..passes(joints) {
        for c in joints.iter_mut() {
            let mut v = c.vel(bodies);
            match c.kind {
                Prepared::Hinge(_) => hinge::solve(c, bodies, &mut v, use_bias),
                Prepared::Distance(_) => distance::solve(c, bodies, &mut v, use_bias),
                Prepared::Weld => weld::solve(c, bodies, &mut v, use_bias),
                Prepared::Slider(_) => slider::solve(c, bodies, &mut v, use_bias),
                Prepared::Mouse(_) => mouse::solve(c, bodies, &mut v, use_bias),
                Prepared::Spring(_) => spring::solve(c, bodies, &mut v, use_bias),
            }
            c.store(bodies, v);
        }
    }
}

/// After the drift: move positions back onto the joints (Gauss–Seidel),
/// along the constraints' directions at the start of the substep and with
/// the velocities changed by the same motion over the substep — SHAKE and
/// RATTLE's first half. Along the directions after the drift instead, the
/// correction of a swinging pendulum is removed again by the relax phase
/// instead of turning it, and the swing loses 20 % of its energy in 10 s.
pub(crate) fn project_joints(joints: &[JointConstraint], bodies: &mut [SolverBody]) {
    for _ in 0..passes(joints) {
        for c in joints {
            match c.kind {
                Prepared::Hinge(_) => hinge::project(c, bodies),
                Prepared::Distance(_) => distance::project(c, bodies),
                Prepared::Weld => weld::project(c, bodies),
                Prepared::Slider(_) => slider::project(c, bodies),
                Prepared::Mouse(_) | Prepared::Spring(_) => {}
            }
        }
    }
}

/// Before the substeps: errors the joints start the step with — left by
/// continuous collision pulling a body back, by a teleport, by a joint
/// created off its pose — are projected away without any velocity change.
/// Through the drift projection they would turn into velocity: a pinned
/// rope swinging onto the ground (its small masses go through continuous
/// collision) gained 4× its energy in 3 s.
fn settle_joints(joints: &mut [JointConstraint], bodies: &mut [SolverBody]) {
    for c in joints.iter_mut() {
        let (ra, rb) = c.anchors(bodies);
        c.ra_s = ra;
        c.rb_s = rb;
        c.d_s = c.separation(bodies, ra, rb);
        c.fix_rate = 0.0;
    }
    project_joints(joints, bodies);
    for c in joints.iter_mut() {
        c.fix_rate = c.inv_h;
    }
}

/// Whether continuous collision may put a (non-bullet) body back along its
/// sweep: not while it hangs on joints. The pull-back ignores the joints, and
/// a rope's small masses sliding on the ground were pulled back every step
/// (a pinned rope swinging onto the ground gained 4× its energy in 3 s);
/// joined bodies rely on speculative contacts, bullets still sweep.
pub(crate) fn may_sweep(store: &super::JointStore, body: u32) -> bool {
    store.of_body(body).is_empty()
}

/// Gauss–Seidel passes per phase: several while the joints are few — one
/// pass leaves a long chain far from its solution (an 80-mass rope of
/// 10⁴ N/m links at 50 g explodes with one, hangs within 1 % of Hooke with
/// four; a heavy load stretches an inextensible chain).
fn passes(joints: &[JointConstraint]) -> usize {
    (JOINT_BUDGET / joints.len().max(1)).clamp(1, MAX_JOINT_PASSES)
}

/// Force and torque on B over the last substep (impulse / h).
fn reaction(c: &JointConstraint, bodies: &[SolverBody]) -> (Vec2, Real) {
    let (p, l) = match c.kind {
        Prepared::Hinge(_) => hinge::impulse(c),
        Prepared::Distance(_) => distance::impulse(c, bodies),
        Prepared::Weld => weld::impulse(c),
        Prepared::Slider(_) => slider::impulse(c, bodies),
        Prepared::Mouse(_) => mouse::impulse(c),
        Prepared::Spring(_) => spring::impulse(c, bodies),
    };
    (p * c.inv_h, l * c.inv_h)
}

/// An angle in (−π, π].
pub(crate) fn wrap_angle(a: Real) -> Real {
    let two_pi = 2.0 * std::f64::consts::PI;
    let mut x = a % two_pi;
    if x > std::f64::consts::PI {
        x -= two_pi;
    } else if x <= -std::f64::consts::PI {
        x += two_pi;
    }
    x
}
