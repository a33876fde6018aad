//! Joints in the soft step (Box2D v3's stages): prepared once per step,
//! warm started after the contacts, solved before the contacts in the solve
//! phase and in the relax phase, positions projected after each drift;
//! impulses stored after the substeps with the reaction forces (which the
//! world then checks against the breaking forces). Every pass visits the
//! joints in the order of their records, which `prepare_joints` builds in
//! `visit_order`'s order: the slot order's results, with neighbouring
//! joints the processor can overlap.
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

use super::constraint::{
    JointConstraint, JointStart, JointStep, Prepared, ProjectionImpulse, Substep, IMPULSES,
};
use super::visit_order::{self, JointSlot};
use super::{distance, hinge, mouse, slider, spring, weld, wheel, Joint, JointKind, JointStore};
use crate::physics::math::{Real, Rot, Vec2};
use crate::physics::prefetch::{worth_asking, AHEAD};
use crate::physics::solver::island_needs::STIFF_SPRING;
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::Phase;
use crate::physics::world::body::Body;
use crate::physics::world::id::Arena;

/// Joint rows solved per phase over the whole step (passes = budget / joints).
const JOINT_BUDGET: usize = 4096;
/// Most passes over the joints per phase.
const MAX_JOINT_PASSES: usize = 8;
/// A settling pass that moves no body further than this (metres, or the
/// change of its rotation's cosine and sine) ends the settling. A chain or
/// ragdoll pile solved with one pass per phase starts each step with
/// joint errors of 0.3–1.5 mm that Gauss–Seidel removes only slowly (each
/// pass moved 0.3 mm again, measured): those go on to the substeps'
/// projection, which keeps the widest hinge gap at 0.5–1.6 mm (Box2D:
/// 7–15 mm). Errors of centimetres (a teleport, a joint made off its pose)
/// get the full budget of passes.
const SETTLED: Real = 1e-2;

/// The front of a body that preparing a joint reads: pose, centres.
const JOINT_BODY_BYTES: usize = std::mem::offset_of!(Body, center0);

/// Working copies of the joints for this step, and the body pairs they
/// join into islands (before the contacts' islands are built).
pub(crate) fn prepare_joints(
    store: &JointStore,
    bodies: &Arena<Body>,
    warm_starting: bool,
    sc: &mut SolverScratch,
    h: Real,
) {
    // The working copies are overwritten in place and the rest dropped at
    // the end (`truncate`), not cleared first: clearing walks every record
    // for its drop glue (a wheel's box), a sweep over a joint grid's 4.4 MB
    // of them before the loop writes them again.
    let mut used = 0;
    sc.joint_starts.clear();
    let substep = Substep::new(h);
    sc.joint_substep = substep;
    sc.joint_pairs.clear();
    sc.joint_anchored.clear();
    sc.joint_stiff.clear();
    sc.joint_order.clear();
    if store.arena.is_empty() {
        sc.joints.clear();
        return;
    }
    // The joints of this step (a simulated body at either end) in slot
    // order, then in the order the passes visit them (`visit_order`),
    // which their records follow.
    // (From the store's table of ends: the records themselves, a few lines
    // apart each, were a fifth of preparing a joint grid's joints here.)
    for (index, ends) in store.ends().iter().enumerate() {
        if ends.is_free() {
            continue;
        }
        let a = sc.body_to_solver[ends.a as usize];
        let b = ends.body_b().map_or(0, |b| sc.body_to_solver[b as usize]);
        if a == 0 && b == 0 {
            continue;
        }
        sc.joint_order.push(JointSlot {
            index: index as u32,
            a,
            b,
        });
    }
    let bodies_in_step = sc.solver_bodies.len();
    visit_order::arrange(
        &mut sc.joint_order,
        bodies_in_step,
        &mut sc.joint_order_scratch,
    );
    // The visiting order jumps between a block's rows, which the hardware
    // does not run ahead of: the joints and bodies a few ahead are asked
    // for.
    let ask_ahead = worth_asking::<Joint>(sc.joint_order.len());
    for k in 0..sc.joint_order.len() {
        if let Some(ahead) = sc.joint_order.get(k + AHEAD).filter(|_| ask_ahead) {
            let joint_bytes = std::mem::size_of::<Joint>();
            store.arena.prefetch_front(ahead.index, joint_bytes);
            for x in [ahead.a, ahead.b].into_iter().filter(|&x| x != 0) {
                bodies.prefetch_front(sc.solver_info[x as usize].body, JOINT_BODY_BYTES);
            }
        }
        let JointSlot { index, a, b } = sc.joint_order[k];
        let j = store.arena.at(index);
        let ba = bodies.at(j.body_a.index);
        let (cb, qb, rb0) = match j.body_b {
            Some(id) => {
                let bb = bodies.at(id.index);
                let rb0 = bb.xf.q.rotate(j.local_b - bb.local_center);
                (bb.center, bb.xf.q, rb0)
            }
            None => (j.local_b, Rot::IDENTITY, Vec2::ZERO),
        };
        let (ia_, ib_) = (&sc.solver_info[a as usize], &sc.solver_info[b as usize]);
        // What the joint gives the islands (in visiting order: what the
        // islands make of these lists does not depend on their order).
        let (a_moves, b_moves) = (a != 0 && ia_.inv_mass > 0.0, b != 0 && ib_.inv_mass > 0.0);
        match (a_moves, b_moves) {
            (true, true) => sc.joint_pairs.push((a, b)),
            (true, false) => sc.joint_anchored.push(a),
            (false, true) => sc.joint_anchored.push(b),
            (false, false) => {}
        }
        if let JointKind::Spring(p) = &j.kind {
            // k·h²/m_eff along the spring: above the limit one pass per
            // phase leaves a chain of such springs ringing.
            if p.k * h * h * (ia_.inv_mass + ib_.inv_mass) > STIFF_SPRING {
                sc.joint_stiff
                    .extend([a, b].into_iter().filter(|&x| x != 0));
            }
        }
        let ra0 = ba.xf.q.rotate(j.local_a - ba.local_center);
        // The relative angle, for the kinds that read it (`angle`): an
        // atan2 a free hinge (a chain's, a grid's) does not need.
        let reference = match &j.kind {
            JointKind::Hinge(p) if p.limits.is_some() => Some(p.reference_angle),
            JointKind::Weld(p) => Some(p.reference_angle),
            JointKind::Slider(p) => Some(p.reference_angle),
            _ => None,
        };
        let angle0 = reference.map_or(0.0, |r| {
            same_turn_as(wrap_angle(ba.xf.q.inv_mul(qb).angle() - r), j.angle)
        });
        // Given its slot first and finished there (the kind below). Built
        // whole and finished before it was pushed, the 224-byte record was
        // copied by a `memcpy` call (2 % of a joint grid's or a ragdoll
        // pile's step); assigned to its slot as it is here, the profile
        // shows no such call.
        let record = JointConstraint {
            joint: index,
            a,
            b,
            ma: ia_.inv_mass,
            ia: ia_.inv_i,
            mb: ib_.inv_mass,
            ib: ib_.inv_i,
            angle0,
            imp: if warm_starting {
                std::array::from_fn(|k| j.impulses[k])
            } else {
                [0.0; IMPULSES]
            },
            point_mass: Default::default(),
            ra_s: Vec2::ZERO,
            rb_s: Vec2::ZERO,
            settling: false,
            kind: Prepared::Weld,
        };
        sc.joint_starts.push(JointStart {
            ra0,
            rb0,
            dc0: cb - ba.center,
        });
        if used < sc.joints.len() {
            sc.joints[used] = record;
        } else {
            sc.joints.push(record);
        }
        let c = &mut sc.joints[used];
        used += 1;
        let step = substep.at(sc.joint_starts.last().expect("just pushed"));
        c.kind = match &j.kind {
            JointKind::Hinge(p) => Prepared::Hinge(hinge::prepare(p, c, j.body_b.is_none())),
            JointKind::Distance(p) => Prepared::Distance(distance::prepare(p)),
            JointKind::Weld(_) => Prepared::Weld,
            JointKind::Slider(p) => {
                Prepared::Slider(slider::prepare(p, ba.xf.q, j.body_b.is_none()))
            }
            JointKind::Mouse(p) => Prepared::Mouse(mouse::prepare(p, &step)),
            JointKind::Spring(p) => {
                Prepared::Spring(spring::prepare(p, c, &step, &sc.solver_bodies))
            }
            JointKind::Wheel(p) => Prepared::Wheel(Box::new(wheel::prepare(
                p,
                c,
                &step,
                ba.xf.q,
                j.body_b.is_none(),
            ))),
        };
        // Ready for the settling pass: nothing has moved the solver bodies
        // yet, so these are the anchors it would take (done here, while the
        // record is in cache, instead of in one more sweep over all of them).
        c.begin_phase(&step, &sc.solver_bodies);
        c.settling = true;
    }
    sc.joints.truncate(used);
    settle_joints(
        &sc.joints,
        &sc.joint_starts,
        substep,
        &mut sc.solver_bodies,
        &mut sc.settle_before,
    );
}

/// Impulses back into the joints (next step's warm start) with the reaction
/// force and torque each applied on B.
/// The joints pulled harder than their breaking force go to
/// `sc.broken_joints` (in slot order; the world breaks them next), noted
/// here while each joint is at hand rather than in one more sweep over all.
pub(crate) fn store_joint_impulses(sc: &mut SolverScratch, store: &mut JointStore) {
    sc.broken_joints.clear();
    sc.unsettled.clear();
    // The joints' slots are visited in slot order but a few lines apart,
    // which the hardware does not run ahead of: a joint grid's store waited
    // on every slot (a fortieth of its step).
    let ask_ahead = worth_asking::<Joint>(sc.joints.len());
    for (i, (c, s)) in sc.joints.iter().zip(&sc.joint_starts).enumerate() {
        if let Some(ahead) = sc.joints.get(i + AHEAD).filter(|_| ask_ahead) {
            store
                .arena
                .prefetch_front(ahead.joint, std::mem::size_of::<Joint>());
        }
        // (None when no substep ran a projection: `integrate_positions`
        // projects whenever there are joints.)
        let projected = sc.joint_projection.get(i).copied().unwrap_or_default();
        let (force, torque) = reaction(c, &sc.joint_substep.at(s), &sc.solver_bodies, projected);
        let j = store.arena.at_mut(c.joint);
        if !settled(j.reaction_force, force) {
            sc.unsettled
                .extend([c.a, c.b].into_iter().filter(|&b| b != 0));
        }
        j.impulses[..IMPULSES].copy_from_slice(&c.imp);
        if let Prepared::Hinge(hinge) = &c.kind {
            if hinge.limits.is_some() {
                // Where the next step's `same_turn_as` counts from.
                j.angle = c.angle(&sc.solver_bodies);
            }
        }
        j.reaction_force = force;
        j.reaction_torque = torque;
        if j.breaking_force.is_some_and(|limit| force.length() > limit) {
            sc.broken_joints.push(c.joint);
        }
    }
    // In slot order, as the world breaks them (which slots are freed first
    // decides which a new joint takes): the records are in visiting order.
    sc.broken_joints.sort_unstable();
}

/// Warm start every joint: half of last substep's impulses now (after the
/// contacts' warm start has been remembered, so the second kick does not
/// repeat it); the other half before the relax phase, by `solve_joints`.
/// Only a step's first substep takes the phase anchors here (the settling
/// projection has moved the bodies since they were prepared); every later
/// one finds the bodies where the last relax phase took them (the first
/// half kick and the contacts' warm start move no positions).
pub(crate) fn warm_start_joints(
    joints: &mut [JointConstraint],
    starts: &[JointStart],
    substep: Substep,
    warm: &mut Vec<[Real; IMPULSES]>,
    bodies: &mut [SolverBody],
    first_substep: bool,
) {
    warm.resize(joints.len(), [0.0; IMPULSES]);
    // (Zipped: a start missing would skip its joint silently.)
    assert_eq!(starts.len(), joints.len(), "a start per joint");
    for ((c, start), warm) in joints.iter_mut().zip(starts).zip(warm.iter_mut()) {
        let s = &substep.at(start);
        if first_substep {
            c.begin_phase(s, bodies);
        }
        c.settling = false;
        *warm = c.imp;
        for x in c.imp.iter_mut() {
            *x *= 0.5;
        }
        match c.kind {
            Prepared::Spring(_) => spring::begin_substep(c, s, bodies),
            Prepared::Wheel(_) => wheel::begin_substep(c, s, bodies),
            _ => {}
        }
        let half = c.imp;
        apply_impulses(c, s, bodies, &half);
    }
}

/// Apply impulses (per kind) at the joint's current anchors and axes.
#[inline(always)]
fn apply_impulses(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
    imp: &[Real; IMPULSES],
) {
    let mut v = c.vel(bodies);
    match c.kind {
        Prepared::Hinge(_) => hinge::apply(c, bodies, imp, &mut v),
        Prepared::Distance(_) => distance::apply(c, s, bodies, imp, &mut v),
        Prepared::Weld => weld::apply(c, bodies, imp, &mut v),
        Prepared::Slider(_) => slider::apply(c, s, bodies, imp, &mut v),
        Prepared::Mouse(_) => mouse::apply(c, bodies, imp, &mut v),
        Prepared::Spring(_) => spring::apply(c, s, bodies, imp, &mut v),
        Prepared::Wheel(_) => wheel::apply(c, s, bodies, imp, &mut v),
    }
    c.store(bodies, v);
}

/// One phase over the joints: the solve phase (only springs treat the
/// phases differently, rigid rows are the same in both) or the relax
/// phase, which first applies the warm start's second half — per joint, at
/// the anchors as they are after the drift. (Re-adding it per body, as the
/// contacts do, would apply a pendulum's pivot impulse in the direction the
/// rod had before the drift: a torque about the pivot that fed +0.3 % of
/// the swing's energy per minute, measured.) `(iterating, passes)`: the
/// joints of iterating islands and how many passes they get in all.
pub(crate) fn solve_joints(
    joints: &mut [JointConstraint],
    starts: &[JointStart],
    substep: Substep,
    warm: &[[Real; IMPULSES]],
    (iterating, passes): (&[u32], usize),
    bodies: &mut [SolverBody],
    phase: Phase,
) {
    if phase == Phase::Relax {
        // (Zipped, so a warm start that did not run would skip joints.)
        assert_eq!(warm.len(), joints.len(), "relax phase before warm start");
        for ((c, start), &warm) in joints.iter_mut().zip(starts).zip(warm) {
            let s = &substep.at(start);
            // The drift and the projection have turned the anchors. These
            // positions are also where the next substep's warm start finds
            // the bodies (see `warm_start_joints`).
            c.begin_phase(s, bodies);
            let mut half = warm;
            for x in half.iter_mut() {
                *x *= 0.5;
            }
            for (x, h) in c.imp.iter_mut().zip(half) {
                *x += h;
            }
            apply_impulses(c, s, bodies, &half);
        }
    }
    assert_eq!(starts.len(), joints.len(), "a start per joint");
    for (c, start) in joints.iter_mut().zip(starts) {
        solve_joint(c, &substep.at(start), bodies, phase);
    }
    for _ in 1..passes {
        for &i in iterating {
            let i = i as usize;
            solve_joint(&mut joints[i], &substep.at(&starts[i]), bodies, phase);
        }
    }
}

#[inline(always)]
fn solve_joint(c: &mut JointConstraint, s: &JointStep, bodies: &mut [SolverBody], phase: Phase) {
    let mut v = c.vel(bodies);
    match c.kind {
        Prepared::Hinge(_) => hinge::solve(c, s, bodies, &mut v, phase),
        Prepared::Distance(_) => distance::solve(c, s, bodies, &mut v, phase),
        Prepared::Weld => weld::solve(c, s, bodies, &mut v, phase),
        Prepared::Slider(_) => slider::solve(c, s, bodies, &mut v, phase),
        Prepared::Mouse(_) => mouse::solve(c, s, bodies, &mut v, phase),
        Prepared::Spring(_) => spring::solve(c, s, bodies, &mut v, phase),
        Prepared::Wheel(_) => wheel::solve(c, s, bodies, &mut v, phase),
    }
    c.store(bodies, v);
}

/// After the drift: move positions back onto the joints (Gauss–Seidel),
/// along the constraints' directions at the start of the substep and with
/// the velocities changed by the same motion over the substep — SHAKE and
/// RATTLE's first half. Along the directions after the drift instead, the
/// correction of a swinging pendulum is removed again by the relax phase
/// instead of turning it, and the swing loses 20 % of its energy in 10 s.
///
/// Each joint's impulse from it this substep goes to `projected` (same
/// index; for `reaction`).
pub(crate) fn project_joints(
    joints: &[JointConstraint],
    starts: &[JointStart],
    substep: Substep,
    (iterating, passes): (&[u32], usize),
    bodies: &mut [SolverBody],
    projected: &mut Vec<ProjectionImpulse>,
) {
    assert_eq!(starts.len(), joints.len(), "a start per joint");
    projected.clear();
    projected.extend(
        joints
            .iter()
            .zip(starts)
            .map(|(c, start)| project_joint(c, &substep.at(start), bodies)),
    );
    for _ in 1..passes {
        for &i in iterating {
            let i = i as usize;
            projected[i] += project_joint(&joints[i], &substep.at(&starts[i]), bodies);
        }
    }
}

#[inline(always)]
pub(crate) fn project_joint(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
) -> ProjectionImpulse {
    match c.kind {
        Prepared::Hinge(_) => hinge::project(c, s, bodies),
        Prepared::Distance(_) => distance::project(c, s, bodies),
        Prepared::Weld => weld::project(c, s, bodies),
        Prepared::Slider(_) => slider::project(c, s, bodies),
        Prepared::Wheel(_) => wheel::project(c, s, bodies),
        Prepared::Mouse(_) | Prepared::Spring(_) => ProjectionImpulse::ZERO,
    }
}

/// Before the substeps: errors the joints start the step with — left by
/// continuous collision pulling a body back, by a teleport, by a joint
/// created off its pose — are projected away without any velocity change.
/// Through the drift projection they would turn into velocity: a pinned
/// rope swinging onto the ground (its small masses go through continuous
/// collision) gained 4× its energy in 3 s.
fn settle_joints(
    joints: &[JointConstraint],
    starts: &[JointStart],
    substep: Substep,
    bodies: &mut [SolverBody],
    before: &mut Vec<(Vec2, Rot)>,
) {
    // (Each joint's anchors at the step start and its `settling` flag were
    // set when it was prepared; the first warm start clears the flag.)
    // Passes over every joint (once a step, before the islands are known)
    // until a pass moves no body by more than `SETTLED`, at most as many as
    // the budget allows. A scene whose joints held at the end of the last
    // step (nearly always) pays one pass, not the budget's eight: those
    // were a quarter of a ragdoll pile's step.
    let passes = settle_passes(joints);
    if passes == 1 {
        // One pass is all the budget allows (thousands of joints): nothing
        // to decide, so no before-and-after of every jointed body.
        for (c, start) in joints.iter().zip(starts) {
            project_joint(c, &substep.at(start), bodies);
        }
        return;
    }
    for _ in 0..passes {
        // Only the joints' bodies can move: compare those, not every body
        // of the step (a few joints in a 10,000-ball pile).
        let jointed = || joints.iter().flat_map(|c| [c.a as usize, c.b as usize]);
        before.clear();
        before.extend(jointed().map(|i| (bodies[i].dp, bodies[i].dq)));
        for (c, start) in joints.iter().zip(starts) {
            project_joint(c, &substep.at(start), bodies);
        }
        let moved = jointed()
            .zip(before.iter())
            .map(|(i, (dp, dq))| {
                let b = &bodies[i];
                (b.dp - *dp).length() + (b.dq.s - dq.s).abs() + (b.dq.c - dq.c).abs()
            })
            .fold(0.0, Real::max);
        if moved <= SETTLED {
            break;
        }
    }
}

/// Whether continuous collision may put a (non-bullet) body back along its
/// sweep: not while it hangs on joints. The pull-back ignores the joints, and
/// a rope's small masses sliding on the ground were pulled back every step
/// (a pinned rope swinging onto the ground gained 4× its energy in 3 s);
/// joined bodies rely on speculative contacts, bullets still sweep.
pub(crate) fn may_sweep(store: &JointStore, body: u32) -> bool {
    store.of_body(body).is_empty()
}

/// Gauss–Seidel passes per phase for the joints of iterating islands
/// (`solver/island_needs.rs`: mass ratios, stiff springs, deep piles): one
/// pass leaves a long chain far from its solution (an 80-mass rope of
/// 10⁴ N/m links at 50 g explodes with one, hangs within 1 % of Hooke with
/// four; a heavy load stretches an inextensible chain). Every other joint
/// gets one pass, as in Box2D.
pub(crate) fn iterating_passes(iterating: usize) -> usize {
    (JOINT_BUDGET / iterating.max(1)).clamp(1, MAX_JOINT_PASSES)
}

/// Passes of the settling projection at the start of the step.
fn settle_passes(joints: &[JointConstraint]) -> usize {
    (JOINT_BUDGET / joints.len().max(1)).clamp(1, MAX_JOINT_PASSES)
}

/// Whether a joint's pull has settled: it changed this step by less than
/// `UNSETTLED`. A structure still ringing after a load was put on it
/// (a 50 kg load welded to the tip of a 1 kg beam, its weld's pull swinging
/// 5 % a step at 4 Hz) has bodies slow enough to fall asleep, and sleep
/// froze it mid-swing: 0.5 mm of sag, the weld reporting 472 N of the
/// load's 490.5 N for ever. Its bodies' rest timers wait for this instead
/// (`World::sleep`).
fn settled(last: Vec2, now: Vec2) -> bool {
    (now - last).length() <= UNSETTLED.0 * now.length() + UNSETTLED.1
}

/// (Relative, absolute in N) change of a joint's pull in one step under
/// which it counts as settled (`settled`).
const UNSETTLED: (Real, Real) = (2e-3, 1e-3);

/// Force and torque on B over the last substep (impulse / h): the rows'
/// impulses and the position projection's (`ProjectionImpulse`).
fn reaction(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    projected: ProjectionImpulse,
) -> (Vec2, Real) {
    let (p, l) = match c.kind {
        Prepared::Hinge(_) => hinge::impulse(c),
        Prepared::Distance(_) => distance::impulse(c, s, bodies),
        Prepared::Weld => weld::impulse(c),
        Prepared::Slider(_) => slider::impulse(c, s, bodies),
        Prepared::Mouse(_) => mouse::impulse(c),
        Prepared::Spring(_) => spring::impulse(c, s, bodies),
        Prepared::Wheel(_) => wheel::impulse(c, s, bodies),
    };
    (
        (p + projected.linear) * s.inv_h,
        (l + projected.angular) * s.inv_h,
    )
}

/// The angle `a` (in (−π, π]) moved by whole turns to within π of `last`
/// (the joint's angle a step ago): a limited hinge's angle counts turns,
/// so limits past ±π hold (wrapped, a motor turning an arm past π found
/// it at −π, below a limit of −1, and the limit flung it back round the
/// other way). `a` itself, bit for bit, when it is already that near.
#[inline]
pub(crate) fn same_turn_as(a: Real, last: Real) -> Real {
    let d = a - last;
    if d.abs() <= std::f64::consts::PI {
        return a;
    }
    let two_pi = 2.0 * std::f64::consts::PI;
    a - two_pi * (d / two_pi).round()
}

/// An angle in (−π, π].
pub(crate) fn wrap_angle(a: Real) -> Real {
    if a > -std::f64::consts::PI && a <= std::f64::consts::PI {
        // Already there (nearly always): `%` is a libm call.
        return a;
    }
    let two_pi = 2.0 * std::f64::consts::PI;
    let mut x = a % two_pi;
    if x > std::f64::consts::PI {
        x -= two_pi;
    } else if x <= -std::f64::consts::PI {
        x += two_pi;
    }
    x
}
